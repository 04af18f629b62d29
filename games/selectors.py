"""Reading the rules. `rule_value_at` is the only way code reads a regulated value."""

import datetime
from dataclasses import dataclass
from decimal import Decimal
from itertools import groupby

from django.contrib.postgres.search import SearchHeadline, SearchQuery, SearchRank
from django.db.models import F, Prefetch, Q, QuerySet
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from compliance import profiles
from compliance.errors import DomainError
from compliance.models import Jurisdiction
from games import errors
from games.errors import ErrorCode
from games.hands.ranking import Ranking, ranking_of_classes
from games.models import (
    Article,
    BetType,
    Game,
    HandRanking,
    InstrumentStatus,
    LegalInstrument,
    PayTable,
    PayTableLine,
    PayTableReadingEvidence,
    PayTableVersion,
    RuleValue,
    RuleValueVersion,
)
from games.rules.validate import DECIMAL_UNITS, INTEGER_UNITS


@dataclass(frozen=True)
class Citation:
    label: str  # e.g. "LU RGD 1979 art. 3-1 6°"
    instrument: str  # slug
    article_id: int
    status: str  # the instrument's status: a draft's text is cited as such

    @property
    def is_draft(self) -> bool:
        return self.status == InstrumentStatus.DRAFT

    def __str__(self):
        return f"{self.label} (projet)" if self.is_draft else self.label

    @classmethod
    def of(cls, cited) -> "Citation":
        article = cited.article
        return cls(cited.citation, article.instrument.slug, article.pk, article.instrument.status)


@dataclass(frozen=True)
class RuleValueAt:
    key: str
    value: object  # Decimal, int, bool, str, list, or {"min", "max"}
    unit: str
    effective_from: datetime.date
    citation: Citation
    version_id: int  # what a register entry keeps to explain a past decision


def _typed(value, unit: str):
    if value is None or unit in {"boolean", "text"}:
        return value
    if unit in INTEGER_UNITS and isinstance(value, int):
        return value
    if unit in DECIMAL_UNITS:
        return Decimal(value)
    if unit == "range":
        return {bound: Decimal(str(value[bound])) for bound in ("min", "max")}
    if unit == "list":
        return [Decimal(item) if isinstance(item, str) and item.replace(".", "", 1).isdigit() else item
                for item in value]
    return value


def _jurisdiction_code(jurisdiction) -> str | None:
    if jurisdiction is None:
        return None
    return getattr(jurisdiction, "code", jurisdiction)


def rule_value_at(*, jurisdiction, key: str, on: datetime.date, drafts: bool = False) -> RuleValueAt:
    """The value of `key` in force on `on`, with its citation.

    Values resting on a draft instrument are ignored unless `drafts` is set: a draft is not law,
    but a regulator comparing it with the text in force, or a casino applying a draft its
    authority announced, may ask for it explicitly.
    """
    return rule_values_on(jurisdiction=jurisdiction, key=key, days=[on], drafts=drafts)[on]


def rule_values_on(*, jurisdiction, key: str, days, drafts: bool = False) -> dict[datetime.date, RuleValueAt]:
    """`rule_value_at` on each of `days`, in one query: a list of a year's entries reads its rule once. `key` is a
    concept of the jurisdiction's profile (« carte_de_jeu.plafond_nominative », compliance.profiles), which names the
    rule key its texts give it, or a key read as such (a game's parameter, a private rulebook's value)."""
    days = sorted(set(days))
    if not days:
        return {}
    code = _jurisdiction_code(jurisdiction)
    key = profiles.concept_or_none(code, key) or key if code is not None else key
    if code is not None and not profiles.owns(code, key):
        raise DomainError(errors.RULE_VALUE_WRONG_JURISDICTION.format(key=key, jurisdiction=code),
                          code=ErrorCode.WRONG_JURISDICTION, field="key")
    versions = RuleValueVersion.objects.filter(rule__key=key, effective_from__lte=days[-1])
    if not drafts:
        versions = versions.exclude(article__instrument__status=InstrumentStatus.DRAFT)
    versions = list(versions.select_related("rule", "article__instrument").order_by("effective_from", "pk"))
    found, index, version = {}, 0, None
    for day in days:
        while index < len(versions) and versions[index].effective_from <= day:
            version, index = versions[index], index + 1
        if version is None or version.value is None:
            raise DomainError(errors.RULE_VALUE_NOT_FOUND.format(key=key, on=day.isoformat()),
                              code=ErrorCode.RULE_VALUE_NOT_FOUND, field="key", status=404)
        found[day] = _value_at(version)
    return found


def rule_values_of(*, keys, on: datetime.date, drafts: bool = False) -> dict[str, RuleValueAt]:
    """The value in force on `on` of each of `keys` (rule keys, as a profile gives them), in one query; a key with none
    that day is absent."""
    versions = RuleValueVersion.objects.filter(rule__key__in=list(keys), effective_from__lte=on)
    if not drafts:
        versions = versions.exclude(article__instrument__status=InstrumentStatus.DRAFT)
    latest = {}
    for version in versions.select_related("rule", "article__instrument").order_by("effective_from", "pk"):
        latest[version.rule.key] = version  # later versions overwrite earlier ones
    return {key: _value_at(version) for key, version in latest.items() if version.value is not None}


def concept_value(*, jurisdiction, concept: str, on: datetime.date, drafts: bool = False) -> RuleValueAt:
    """`rule_value_at` of the rule `concept` names in `jurisdiction`'s profile (compliance.profiles): the code asks
    for « carte_de_jeu.plafond_nominative », the profile says which key that is there. A concept the jurisdiction's
    texts do not have is refused as a value not found (404)."""
    key = profiles.concept_or_none(jurisdiction, concept)
    if key is None:
        raise DomainError(errors.RULE_VALUE_NOT_FOUND.format(key=concept, on=on.isoformat()),
                          code=ErrorCode.RULE_VALUE_NOT_FOUND, field="key", status=404)
    return rule_value_at(jurisdiction=jurisdiction, key=key, on=on, drafts=drafts)


def _value_at(version: RuleValueVersion) -> RuleValueAt:
    unit = version.rule.unit
    return RuleValueAt(version.rule.key, _typed(version.value, unit), unit, version.effective_from,
                       Citation.of(version), version.pk)


@dataclass(frozen=True)
class RankingAt:
    key: str
    ranking: Ranking  # what the evaluators (games.hands) compare hands with
    citation: Citation
    effective_from: datetime.date


def ranking_at(*, jurisdiction, key: str, on: datetime.date, drafts: bool = False) -> RankingAt:
    """The hand ranking `key` in force on `on`, read from the rule data as `rule_value_at` reads a value: the
    order of its classes as loaded, its article's dates, and the draft gate (a ranking resting on a draft, such as the
    Luxembourg RGD's, is refused unless `drafts` is set, and then cited « (projet) »)."""
    code = _jurisdiction_code(jurisdiction)
    if code is not None and not profiles.owns(code, key):
        raise DomainError(errors.RANKING_WRONG_JURISDICTION.format(key=key, jurisdiction=code),
                          code=ErrorCode.WRONG_JURISDICTION, field="key")
    found = (HandRanking.objects.select_related("article__instrument")
             .filter(key=key, article__effective_from__lte=on)
             .filter(Q(article__effective_to__isnull=True) | Q(article__effective_to__gt=on)).first())
    if found is None:
        raise DomainError(errors.RANKING_NOT_IN_FORCE.format(key=key, on=on.isoformat()),
                          code=ErrorCode.NOT_IN_FORCE, field="key", status=404)
    citation = Citation.of(found)
    if citation.is_draft and not drafts:
        raise DomainError(errors.RANKING_ON_DRAFT.format(key=key, citation=str(citation)),
                          code=ErrorCode.NOT_IN_FORCE, field="key", status=404)
    classes = list(found.classes.order_by("position").values_list("key", flat=True))  # 1 = the highest
    return RankingAt(key, ranking_of_classes(key, classes, str(citation)), citation, found.article.effective_from)


def day_from_text(raw: str | None, *, field: str, default: datetime.date) -> datetime.date:
    """A date typed by a person or a client (AAAA-MM-JJ); empty means `default`."""
    raw = (raw or "").strip()
    if not raw:
        return default
    try:
        return datetime.date.fromisoformat(raw)
    except ValueError as exc:
        raise DomainError(errors.BAD_DATE.format(value=raw), code=ErrorCode.BAD_DATE, field=field) from exc


# --- browsing --------------------------------------------------------------------------------

def instrument_list(*, user) -> QuerySet[LegalInstrument]:
    return LegalInstrument.objects.visible_to(user).select_related("jurisdiction")


def instrument_groups(*, user) -> list[tuple]:
    """(jurisdiction, instruments): the user's own jurisdiction first, then the others, then private
    rulebooks (no jurisdiction)."""
    home = user.home_jurisdiction
    ordered = sorted(instrument_list(user=user), key=lambda i: (
        i.jurisdiction is None, i.jurisdiction_id != (home.pk if home else None),
        i.jurisdiction.code if i.jurisdiction else "", i.effective_from))
    return [(key, list(items)) for key, items in groupby(ordered, key=lambda i: i.jurisdiction)]


def instrument_get(*, user, slug: str) -> LegalInstrument | None:
    return instrument_list(user=user).filter(slug=slug).first()


def article_list(*, user, instrument: LegalInstrument) -> QuerySet[Article]:
    return (Article.objects.visible_to(user).filter(instrument=instrument)
            .select_related("instrument", "introduced_by__instrument"))


def article_get(*, user, slug: str, role: str, number: str) -> Article | None:
    return (Article.objects.visible_to(user).select_related("instrument__jurisdiction", "introduced_by")
            .filter(instrument__slug=slug, role=role, number=number).first())


@dataclass
class ArticleUses:
    games: list
    bet_types: list
    paytable_versions: list
    values: list
    rankings: list
    other_versions: list  # the same article of the amended regulation in other instruments

    @property
    def empty(self) -> bool:
        return not (self.games or self.bet_types or self.paytable_versions or self.values or self.rankings)


def article_uses(*, user, article: Article) -> ArticleUses:
    """Everything that rests on this article: what a regulator checks before reading a change."""
    other = []
    if article.role == "texte_introduit" and article.instrument.amended_cite_as:
        other = list(Article.objects.visible_to(user).select_related("instrument")
                     .filter(role="texte_introduit", number=article.number,
                             instrument__amended_cite_as=article.instrument.amended_cite_as)
                     .exclude(pk=article.pk).order_by("effective_from"))
    return ArticleUses(
        games=list(Game.objects.visible_to(user).filter(Q(article=article) | Q(articles=article)).distinct()),
        bet_types=list(BetType.objects.visible_to(user).filter(article=article).select_related("game", "paytable")),
        paytable_versions=list(PayTableVersion.objects.visible_to(user).filter(article=article)
                               .select_related("paytable")),
        values=list(RuleValueVersion.objects.visible_to(user).filter(article=article).select_related("rule")),
        rankings=list(HandRanking.objects.visible_to(user).filter(article=article)),
        other_versions=other,
    )


@dataclass
class SearchHit:
    article: Article
    rank: float
    excerpt: SafeString


_MARK_START, _MARK_STOP = "\x02", "\x03"


def _highlighted(headline: str) -> SafeString:
    """The source text escaped, then only our own markers turned into <mark>."""
    html = escape(headline).replace(_MARK_START, "<mark>").replace(_MARK_STOP, "</mark>")
    return mark_safe(html)  # nosec B308 B703  # everything but our markers is escaped above


def article_search(*, user, text: str, limit: int = 50) -> list[SearchHit]:
    """French full-text search over every article (PostgreSQL `french` configuration), best first."""
    text = (text or "").strip()
    if not text:
        return []
    query = SearchQuery(text, config="french", search_type="websearch")
    rows = (Article.objects.visible_to(user).filter(search=query)
            .annotate(rank=SearchRank(F("search"), query),
                      excerpt=SearchHeadline("text", query, config="french", start_sel=_MARK_START,
                                             stop_sel=_MARK_STOP, max_fragments=2, max_words=30, min_words=12,
                                             fragment_delimiter=" … "))
            .select_related("instrument__jurisdiction").order_by("-rank", "instrument__slug", "position")[:limit])
    return [SearchHit(row, row.rank, _highlighted(row.excerpt)) for row in rows]


@dataclass
class InForce:
    on: datetime.date
    instruments: list
    drafts: list  # drafts dated on or before `on`: shown apart, never counted as law
    values: list  # (RuleValue, RuleValueVersion) in force on `on`
    paytables: list  # (PayTable, PayTableVersion)


def in_force_on(*, user, on: datetime.date) -> InForce:
    """What was in force on a given date: instruments, each value and each pay table version."""
    instruments = instrument_list(user=user).filter(effective_from__lte=on).filter(
        Q(effective_to__isnull=True) | Q(effective_to__gt=on))
    latest = {}
    for version in (RuleValueVersion.objects.visible_to(user).filter(effective_from__lte=on)
                    .exclude(article__instrument__status=InstrumentStatus.DRAFT)
                    .select_related("rule__jurisdiction", "article__instrument").order_by("effective_from")):
        latest[version.rule.key] = version
    values = [(v.rule, _value_at(v)) for _, v in sorted(latest.items()) if v.value is not None]
    paytables = []
    for paytable in PayTable.objects.visible_to(user).prefetch_related(
            Prefetch("versions", queryset=PayTableVersion.objects.select_related("article__instrument"))):
        version = paytable_version_at(paytable=paytable, on=on)
        if version is not None:
            paytables.append((paytable, version))
    return InForce(on, list(instruments.exclude(status=InstrumentStatus.DRAFT)),
                   list(instruments.filter(status=InstrumentStatus.DRAFT)), values, paytables)


def paytable_version_at(*, paytable: PayTable, on: datetime.date, drafts: bool = False) -> PayTableVersion | None:
    candidates = [v for v in paytable.versions.all() if v.effective_from <= on
                  and (drafts or v.article.instrument.status != InstrumentStatus.DRAFT)]
    return max(candidates, key=lambda v: v.effective_from) if candidates else None


def game_list(*, user) -> QuerySet[Game]:
    return Game.objects.visible_to(user).select_related("jurisdiction", "article__instrument")


def game_get(*, user, key: str) -> Game | None:
    return (game_list(user=user).filter(key=key).prefetch_related(
        Prefetch("bet_types", queryset=BetType.objects.select_related("article__instrument", "paytable")),
        Prefetch("articles", queryset=Article.objects.select_related("instrument")),
        Prefetch("parameters", queryset=RuleValue.objects.prefetch_related(
            Prefetch("versions", queryset=RuleValueVersion.objects.select_related("article__instrument")))),
        "paytables").first())


def paytable_list(*, user) -> QuerySet[PayTable]:
    return PayTable.objects.visible_to(user).select_related("game__jurisdiction")


def paytable_get(*, user, key: str) -> PayTable | None:
    return _with_versions(paytable_list(user=user).filter(key=key)).first()


def _with_versions(paytables: QuerySet[PayTable]) -> QuerySet[PayTable]:
    return paytables.prefetch_related(
        Prefetch("versions", queryset=PayTableVersion.objects.select_related("article__instrument").prefetch_related(
            Prefetch("lines", queryset=PayTableLine.objects.order_by("position")),
            Prefetch("reading_evidence", queryset=PayTableReadingEvidence.objects.select_related(
                "article__instrument").order_by("position")))))


def ranking_get(*, user, key: str) -> HandRanking | None:
    return (HandRanking.objects.visible_to(user).select_related("article__instrument")
            .prefetch_related("classes").filter(key=key).first())




def rule_value_list(*, user) -> QuerySet[RuleValue]:
    return RuleValue.objects.visible_to(user).select_related("jurisdiction", "game").prefetch_related(
        Prefetch("versions", queryset=RuleValueVersion.objects.select_related("article__instrument")))


def rule_value_get(*, user, key: str) -> RuleValue | None:
    return rule_value_list(user=user).filter(key=key).first()


def _line_data(line: PayTableLine) -> dict:
    parsed = {"kind": line.payout_kind}
    if line.payout_kind == "odds":
        parsed |= {"numerator": f"{line.numerator.normalize():f}", "denominator": f"{line.denominator.normalize():f}",
                   "notation": line.notation}
    elif line.payout_kind == "fixed":
        parsed |= {"amount": str(line.amount), "currency": line.currency}
    else:
        parsed |= {"share": f"{line.share.normalize():f}"}
    return {"position": line.position, "label": line.label, "qualifier": line.qualifier or None,
            "odds": line.odds_printed, "parsed": parsed, "parsed_text": line.odds_parsed, "hand": line.hand or None}


def paytable_data(*, user, key: str, on: datetime.date, drafts: bool = True) -> dict:
    """A pay table as written and parsed, in the version applicable on `on`, with its citation.

    Drafts are included by default: most submitted tables are read before they are law, and the
    answer says plainly whether the version rests on a draft.
    """
    paytable = paytable_get(user=user, key=key)
    if paytable is None:
        raise DomainError(errors.PAYTABLE_NOT_FOUND.format(key=key), code=ErrorCode.NOT_FOUND, field="key", status=404)
    version = paytable_version_at(paytable=paytable, on=on, drafts=drafts)
    if version is None:
        raise DomainError(errors.PAYTABLE_NOT_IN_FORCE.format(key=key, on=on.isoformat()), code=ErrorCode.NOT_IN_FORCE,
                          field="on", status=404)
    return _paytable_dict(paytable, version)


def _paytable_dict(paytable: PayTable, version: PayTableVersion) -> dict:
    citation = Citation.of(version)
    lines = [_line_data(line) for line in version.lines.all()]
    return {
        "key": paytable.key, "game": paytable.game.key, "title": paytable.title, "title_en": paytable.title_en,
        "effective_from": version.effective_from.isoformat(),
        "citation": {"label": citation.label, "text": str(citation), "instrument": citation.instrument,
                     "status": citation.status,
                     "article_url": version.article.get_absolute_url(), "point": version.point or None},
        "note": version.note or None,
        "lines": lines,
        "reading": paytable_reading(version=version, lines=lines),
    }


def paytable_reading(*, version: PayTableVersion, lines: list[dict] | None = None) -> dict:
    """Which reading of the odds a version is paid under first, and why.

    `default` is the reading the text's own words support, with their quotes and citations (`evidence`), where
    the rule file gives them; otherwise the printed word's (« à »: net, « pour »: total) or net when the table
    prints no odds. `printed` is the word itself, kept as written; `alternative` is the other reading, always shown.
    """
    lines = lines if lines is not None else [_line_data(line) for line in version.lines.all()]
    words = {line["parsed"]["notation"] for line in lines if line["parsed"]["kind"] == "odds"}
    printed = words.pop() if len(words) == 1 else None
    default = version.reading or printed or "a"
    evidence = []
    for item in version.reading_evidence.all():
        cited = Citation.of(item)
        evidence.append({"quote": item.quote, "citation": str(cited), "status": cited.status,
                         "article_url": item.article.get_absolute_url()})
    return {"default": default, "alternative": "pour" if default == "a" else "a", "printed": printed,
            "supported_by_text": bool(evidence), "note": version.reading_note or None,
            "note_en": version.reading_note_en or None, "evidence": evidence}


def game_on_draft(*, key: str) -> bool:
    """Whether a game's own text is a draft (the Luxembourg draft RGD, the Québec 2007 draft): such a game has no
    rule in force, and what is computed for it applies the draft, cited as such."""
    return Game.objects.filter(key=key, article__instrument__status=InstrumentStatus.DRAFT).exists()


def paytable_at(*, key: str, on: datetime.date, drafts: bool = False) -> dict:
    """A pay table as `paytable_data` gives it, for code that applies it (no person asking): the version in force
    on `on`, a draft's only when `drafts` is set."""
    paytable = _with_versions(PayTable.objects.select_related("game").filter(key=key)).first()
    version = None if paytable is None else paytable_version_at(paytable=paytable, on=on, drafts=drafts)
    if version is None:
        raise DomainError(errors.PAYTABLE_NOT_IN_FORCE.format(key=key, on=on.isoformat()), code=ErrorCode.NOT_IN_FORCE,
                          field="on", status=404)
    return _paytable_dict(paytable, version)


# --- the regulated values' page: searched, filtered and grouped ----------------------------------------------------

# the themes whose values parameterise no game, by the second part of their keys (a game's theme is its name)
THEMES = {
    "appareils_a_sous": _("Appareils à sous"), "approbations": _("Approbations et avis à l'autorité"),
    "bad_beat_jackpot": _("Bad beat jackpot"), "caisse_speciale": _("Caisse spéciale"),
    "carte_de_jeu": _("Cartes de jeu électroniques"), "direction": _("Direction du casino"),
    "jackpot_progressif": _("Jackpots progressifs de poker"), "orphelins": _("Orphelins (sommes trouvées)"),
    "prelevements": _("Prélèvements"), "registres": _("Registres"), "semi_automatiques": _("Jeux semi-automatiques"),
    "tables": _("Tables de jeu"), "tournoi": _("Tournois"), "general": _("Dispositions générales"),
    "salon_poker": _("Salon de poker"),
}
NO_JURISDICTION = "-"  # the values of a private rulebook a house adopts (the ROPTA): no jurisdiction of their own


@dataclass
class ValueGroup:
    theme: str  # the keys' first two parts: the jurisdiction and the theme
    title: str
    jurisdiction: str  # its name, or the private rulebook's
    rules: list

    @property
    def anchor(self) -> str:
        return self.theme.replace(".", "-").replace("_", "-")


def theme_of(key: str) -> str:
    return ".".join(key.split(".")[:2])


def rule_value_groups(*, user, text: str = "", jurisdiction: str = "", instrument: str = "", theme: str = "",
                      key: str = "") -> list[ValueGroup]:
    """The regulated values by theme (a game, or what the values rule), each with its versions and their articles,
    narrowed by words of their key or description, their jurisdiction (NO_JURISDICTION: a private rulebook's), an
    instrument one of their versions cites, a theme or one key: two queries whatever their number."""
    rules = rule_value_list(user=user).order_by("key")
    if text:
        rules = rules.filter(Q(key__icontains=text) | Q(description__icontains=text)
                             | Q(description_en__icontains=text) | Q(game__name__icontains=text))
    if jurisdiction == NO_JURISDICTION:
        rules = rules.filter(jurisdiction__isnull=True)
    elif jurisdiction:
        rules = rules.filter(jurisdiction__code=jurisdiction)
    if instrument:
        rules = rules.filter(pk__in=RuleValueVersion.objects.filter(article__instrument__slug=instrument)
                             .values("rule_id"))
    if theme:
        rules = rules.filter(key__startswith=f"{theme}.")
    if key:
        rules = rules.filter(key=key)
    groups = []
    for name, members in groupby(rules, key=lambda rule: theme_of(rule.key)):
        members = list(members)
        game = next((rule.game for rule in members if rule.game is not None), None)
        part = name.partition(".")[2]
        title = game.name if game is not None else str(THEMES.get(part, part.replace("_", " ").capitalize()))
        where = members[0].jurisdiction
        groups.append(ValueGroup(name, title, where.name if where else str(_("Règlement privé adopté par une maison")),
                                 members))
    return groups


def jurisdiction_choices() -> list[tuple[str, str]]:
    """The jurisdictions values are kept for, as a filter's choices."""
    return [(j.code, j.name) for j in Jurisdiction.objects.order_by("code")]


def instrument_choices(*, user) -> list[tuple[str, str]]:
    return [(slug, cite_as) for slug, cite_as in
            LegalInstrument.objects.visible_to(user).order_by("jurisdiction__code", "effective_from", "slug")
            .values_list("slug", "cite_as")]


@dataclass(frozen=True)
class Named:
    name: str
    url: str


def names_of_keys(keys: set[str], *, english: bool) -> dict[str, Named]:
    """What a rule text cites by its key (a ranking, a game, a pay table, a regulated value), by its name in the
    reader's language and its page: one query per kind, only for the keys a text holds."""
    found: dict[str, Named] = {}
    kinds = ((HandRanking, "name", lambda row: row.get_absolute_url()),
             (Game, "name", lambda row: row.get_absolute_url()),
             (PayTable, "title", lambda row: row.get_absolute_url()),
             (RuleValue, "description", lambda row: f"{reverse('rules-value-list')}?cle={row.key}#{row.key}"))
    for model, field, url in kinds:
        wanted = keys - found.keys()
        if not wanted:
            break
        for row in model.objects.filter(key__in=wanted):
            name = (english and getattr(row, f"{field}_en", "")) or getattr(row, field)
            found[row.key] = Named(name, url(row))
    return found
