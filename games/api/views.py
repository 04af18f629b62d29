"""Read-only API over the rules, for regulators' and casinos' own tools."""

import datetime

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors
from games.citations import article_cited
from games.models import Article, Game, LegalInstrument, PayTable


def _date_query(request, name: str) -> datetime.date:
    return selectors.day_from_text(request.query_params.get(name), field=name, default=timezone.localdate())


def _drafts(request, default: bool) -> bool:
    raw = request.query_params.get("drafts")
    return default if raw is None else raw.lower() in {"1", "true", "oui", "yes"}


DATE_PARAM = OpenApiParameter("on", str, description="AAAA-MM-JJ (défaut : aujourd'hui)")
DRAFTS_PARAM = OpenApiParameter("drafts", bool, description="inclure les valeurs issues d'un projet")


class InstrumentOutput(serializers.ModelSerializer):
    jurisdiction = serializers.CharField(source="jurisdiction.code", default=None, allow_null=True)

    class Meta:
        model = LegalInstrument
        fields = ["slug", "jurisdiction", "kind", "number", "title", "cite_as", "amended_cite_as", "amends",
                  "date_signed", "publication", "status", "effective_from", "effective_to", "effective_from_note",
                  "source_file"]


class ArticleOutput(serializers.ModelSerializer):
    instrument = serializers.CharField(source="instrument.slug")
    citation = serializers.SerializerMethodField()
    url = serializers.CharField(source="get_absolute_url")
    introduced_by = serializers.CharField(source="introduced_by.number", default=None, allow_null=True)

    class Meta:
        model = Article
        fields = ["instrument", "role", "number", "citation", "heading", "text", "action", "introduced_by",
                  "amends_note", "effective_from", "effective_to", "url"]

    def get_citation(self, article) -> str:
        return article_cited(article)


class InstrumentListApi(APIView):
    @extend_schema(responses=InstrumentOutput(many=True))
    def get(self, request):
        return Response(InstrumentOutput(selectors.instrument_list(user=request.user), many=True).data)


class InstrumentDetailApi(APIView):
    class InstrumentDetailOutput(InstrumentOutput):
        articles = serializers.SerializerMethodField()

        class Meta(InstrumentOutput.Meta):
            fields = [*InstrumentOutput.Meta.fields, "articles"]

        def get_articles(self, instrument) -> list[dict]:
            rows = selectors.article_list(user=self.context["request"].user, instrument=instrument)
            return ArticleOutput(rows, many=True).data

    @extend_schema(responses=InstrumentDetailOutput)
    def get(self, request, slug):
        instrument = selectors.instrument_get(user=request.user, slug=slug)
        if instrument is None:
            raise NotFound
        return Response(self.InstrumentDetailOutput(instrument, context={"request": request}).data)


class ArticleSearchApi(APIView):
    class HitOutput(serializers.Serializer):
        article = ArticleOutput()
        rank = serializers.FloatField()
        excerpt = serializers.CharField(help_text="HTML : texte échappé, termes trouvés entre <mark> et </mark>")

    @extend_schema(parameters=[OpenApiParameter("q", str, description="mots recherchés (français)")],
                   responses=HitOutput(many=True))
    def get(self, request):
        text = request.query_params.get("q", "")[:200]
        return Response(self.HitOutput(selectors.article_search(user=request.user, text=text), many=True).data)


class GameOutput(serializers.ModelSerializer):
    jurisdiction = serializers.CharField(source="jurisdiction.code", default=None, allow_null=True)
    citation = serializers.CharField()
    ranking = serializers.CharField(source="ranking.key", default=None, allow_null=True)

    class Meta:
        model = Game
        fields = ["key", "jurisdiction", "name", "name_en", "citation", "ranking"]


class GameListApi(APIView):
    @extend_schema(responses=GameOutput(many=True))
    def get(self, request):
        return Response(GameOutput(selectors.game_list(user=request.user).select_related("ranking"), many=True).data)


class GameDetailApi(APIView):
    class GameDetailOutput(GameOutput):
        bet_types = serializers.SerializerMethodField()
        articles = serializers.SerializerMethodField()
        parameters = serializers.SerializerMethodField()

        class Meta(GameOutput.Meta):
            fields = [*GameOutput.Meta.fields, "description", "articles", "bet_types", "parameters"]

        def get_articles(self, game) -> list[str]:
            return [article_cited(article) for article in game.articles.all()]

        def get_bet_types(self, game) -> list[dict]:
            return [{"key": b.key, "name": b.name, "name_en": b.name_en, "citation": article_cited(b.article, b.point),
                     "paytable": b.paytable.key if b.paytable else None} for b in game.bet_types.all()]

        def get_parameters(self, game) -> list[dict]:
            return [{"key": rule.key, "description": rule.description, "unit": rule.unit,
                     "versions": [{"effective_from": v.effective_from, "value": v.value,
                                   "citation": article_cited(v.article, v.point),
                                   "draft": v.article.instrument.is_draft} for v in rule.versions.all()]}
                    for rule in game.parameters.all()]

    @extend_schema(responses=GameDetailOutput)
    def get(self, request, key):
        game = selectors.game_get(user=request.user, key=key)
        if game is None:
            raise NotFound
        return Response(self.GameDetailOutput(game).data)


class PayTableListApi(APIView):
    class ListOutput(serializers.ModelSerializer):
        game = serializers.CharField(source="game.key")

        class Meta:
            model = PayTable
            fields = ["key", "game", "title", "title_en"]

    @extend_schema(responses=ListOutput(many=True))
    def get(self, request):
        return Response(self.ListOutput(selectors.paytable_list(user=request.user), many=True).data)


class PayTableDetailApi(APIView):
    @extend_schema(parameters=[DATE_PARAM, DRAFTS_PARAM], responses=dict)
    def get(self, request, key):
        return Response(selectors.paytable_data(user=request.user, key=key, on=_date_query(request, "on"),
                                                drafts=_drafts(request, default=True)))


class RuleValueApi(APIView):
    class ValueOutput(serializers.Serializer):
        key = serializers.CharField()
        value = serializers.JSONField()
        unit = serializers.CharField()
        effective_from = serializers.DateField()
        citation = serializers.CharField()  # str(Citation): a draft's says « (projet) »
        status = serializers.CharField(source="citation.status")
        version_id = serializers.IntegerField()

    @extend_schema(parameters=[DATE_PARAM, DRAFTS_PARAM], responses=ValueOutput)
    def get(self, request, key):
        if selectors.rule_value_get(user=request.user, key=key) is None:
            raise NotFound
        found = selectors.rule_value_at(jurisdiction=None, key=key, on=_date_query(request, "on"),
                                        drafts=_drafts(request, default=False))
        data = self.ValueOutput(found).data
        data["value"] = _json_value(found.value)
        return Response(data)


def _json_value(value):
    if isinstance(value, dict):
        return {key: str(item) for key, item in value.items()}
    if isinstance(value, list):
        return [str(item) if not isinstance(item, str | int | bool) else item for item in value]
    return value if isinstance(value, bool | int | str) or value is None else str(value)
