"""API of the arrêté values (/api/v1/registers/<casino>/arretes/), mirroring their page: every version a casino's
management filed, for everyone of the casino's scope, its regulator included; a new dated version filed by the
management. The service does every check the form has, each refusal naming its field in French and English."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from compliance import selectors as compliance_selectors
from compliance.api.inputs import Input

from ..chain.api import ScopedObjectApi, created, writes
from ..chain.inputs import RegisterText, day
from . import rules, selectors
from .services import REFERENCE_MAX, arrete_value_file


class ArreteValueOutput(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    concept = serializers.CharField(help_text="the value the texts leave to the arrêté, e.g. « uth.maximum »")
    game = serializers.CharField()
    measure = serializers.CharField(help_text="avance, encaisse, minimum, maximum, retenue, cave, caisse …")
    percent = serializers.BooleanField(help_text="a rate in per cent, else an amount in the casino's currency")
    value = serializers.DecimalField(max_digits=16, decimal_places=4, coerce_to_string=True)
    effective_from = serializers.DateField()
    reference = serializers.CharField(help_text="the arrêté's reference as the management typed it: not one of "
                                      "Vigie's texts")
    citation = serializers.CharField(help_text="the article that delegates the value to the arrêté (rule data)")
    filed_by = serializers.CharField(source="filed_by.username")
    filed_at = serializers.DateTimeField()
    in_force = serializers.BooleanField(help_text="the version in force on the casino's today")


class ArreteValueInput(Input):
    concept = RegisterText(max_length=80, help_text="one of the values the casino's texts leave to an arrêté "
                           "(`invalid`); the page lists them")
    value = RegisterText(max_length=40, help_text="an amount, or a rate in per cent, positive, four decimals at "
                         "most, e.g. « 2,5 » or « 1 000,00 » (`invalid_amount`)")
    effective_from = day(help_text="its first day: on or after the day the delegating article is in force, one "
                         "version a day (`duplicate`)")
    reference = RegisterText(max_length=REFERENCE_MAX, help_text="the arrêté's number or date as it bears them")


class ArretesApi(ScopedObjectApi):
    def resolve(self, request, casino):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)

    def _rows(self, versions) -> list[dict]:
        today = self.casino.today()
        delegations = {found.concept: found for found in rules.delegations(self.casino.jurisdiction, today)}
        force = {(concept, filed.effective_from) for concept, filed in selectors.in_force(self.casino, today).items()}
        rows = []
        for version in versions:
            found = delegations.get(version.concept)
            rows.append({"pk": version.pk, "concept": version.concept, "game": version.game,
                         "measure": found.measure if found else "", "percent": bool(found and found.kind.percent),
                         "value": version.value, "effective_from": version.effective_from,
                         "reference": version.reference, "citation": version.citation, "filed_by": version.filed_by,
                         "filed_at": version.filed_at,
                         "in_force": (version.concept, version.effective_from) in force})
        return rows

    @extend_schema(responses=ArreteValueOutput(many=True))
    def get(self, request, casino):
        """Every version filed, by value, the latest first."""
        return Response(ArreteValueOutput(self._rows(selectors.versions_of(self.casino)), many=True).data)

    @extend_schema(request=ArreteValueInput, responses=writes({201: ArreteValueOutput}))
    def post(self, request, casino):
        data = ArreteValueInput(data=request.data)
        data.is_valid(raise_exception=True)
        filed = arrete_value_file(casino=self.casino, actor=request.user, **data.validated_data)
        return created(ArreteValueOutput(self._rows([filed])[0]))
