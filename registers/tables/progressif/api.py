"""API of the progressive bet's lots (QC RJC art. 21.2 as the rule data cites it), mirroring their page: each lot of
the casino with the start value and rate its own decision fixes (with that decision's reference), and its account close
by close, the board's reading against the account. Read by the casino's staff and its regulator; another casino's is a
404, and so is a casino whose texts give no progressive bet."""

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from compliance.profiles import applies

from ..api import TablesApi, money_field
from . import selectors


class ProgressiveLineOutput(serializers.Serializer):
    gaming_day = serializers.DateField(source="reading.day")
    table = serializers.CharField(source="reading.table")
    session = serializers.IntegerField(source="reading.session")
    entry = serializers.IntegerField(source="reading.seq", help_text="n° of the reading in the carnets spéciaux")
    bets = serializers.IntegerField(source="reading.bets", help_text="progressive bets taken in the séance")
    revenue = money_field(help_text="the bets times the bet's amount")
    contribution = money_field(help_text="what the bets add to the lot at the casino's rate, to the cent")
    won = money_field(help_text="the lot's wins (100 % of the lot) in the séance")
    reset = money_field(help_text="the lot put back at its start value after those wins")
    fixed = money_field(help_text="the fixed prizes of the pay table paid in the séance")
    previous = money_field(allow_null=True, help_text="the previous reading compared (the start value before any)")
    expected = money_field(allow_null=True, help_text="the lot the account gives; null: compared at a later close, "
                                                      "another séance of the lot being open at this one's")
    displayed = money_field(source="reading.displayed", help_text="the amount the board displayed at the close")
    difference = money_field(allow_null=True, help_text="displayed less expected: a finding of the reconciliation")


class ProgressiveLotOutput(serializers.Serializer):
    name = serializers.CharField(source="lot.name")
    tables = serializers.ListField(source="lot.tables", child=serializers.CharField())
    configured_on = serializers.DateField(source="lot.day")
    start = money_field(source="lot.start", help_text="the casino's start value (not fixed by the text)")
    rate = serializers.DecimalField(source="lot.rate", max_digits=5, decimal_places=2, coerce_to_string=True,
                                    help_text="the percentage of each bet the lot receives (the casino's)")
    reference = serializers.CharField(source="lot.reference", help_text="the casino's decision that fixes them")
    stake = money_field(source="bet.stake", allow_null=True, help_text="the bet's amount, from the rule data")
    citation = serializers.CharField(source="bet.citation", allow_null=True)
    lines = ProgressiveLineOutput(many=True)


class ProgressiveApi(TablesApi):
    http_method_names = ["get", "options"]

    @extend_schema(responses=ProgressiveLotOutput(many=True))
    def get(self, request, casino):
        """The casino's progressive lots, each with its account close by close."""
        if not applies(self.casino.jurisdiction, selectors.FEATURE, self.casino.today()):
            raise Http404
        lots = selectors.lots_of(self.casino)
        kept = selectors.accounts(self.casino, lots, self.casino.today())
        return Response(ProgressiveLotOutput(kept, many=True).data)
