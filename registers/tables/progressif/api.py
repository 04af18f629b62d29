"""API of the progressive bet's lots (QC RJC art. 21.2 as the rule data cites it), mirroring their page: each lot of
the casino with the start value and rate its own decision fixes (with that decision's reference), and its account close
by close, the board's reading against the account. Read by the casino's staff and its regulator; another casino's is a
404, and so is a casino whose texts give no progressive bet. The writes are the page's: a lot configured by the
management, the amount the board displayed at a séance's close, a winning bet paid (100 % of the lot, the lot then back
at its start value, or a fixed prize); the services do every check."""

import re

from django.core.validators import RegexValidator
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from compliance.api.inputs import Input
from compliance.profiles import applies

from ...chain.api import FILED_ANSWERS, filed, writes
from ...chain.inputs import AMOUNT_HELP, REQUIRED, SHAPE, Amount, Exact, RegisterText, day, names, whole
from ...errors import TEXT_NOT_TEXT, ErrorCode
from ..api import TablesApi, money_field
from . import errors, selectors, services

NAME_MAX = 60
# a percentage above 0 and below 100, at most two places, as the service takes it (controls.rate_of)
RATE = r"^(?:[1-9][0-9]?(?:\.[0-9]{1,2})?|0\.(?:[1-9][0-9]?|0[1-9]))$"


class Rate(Exact):
    """A percentage as the pattern writes it: the service's `rate_invalid` is never reached from here."""

    format = re.compile(RATE)

    def __init__(self, **kwargs):
        super().__init__(max_length=5, validators=[RegexValidator(RATE)], codes=SHAPE,
                         messages={**REQUIRED, "invalid": TEXT_NOT_TEXT}, **kwargs)

    def check(self, value: str) -> str:
        if not self.format.fullmatch(value):
            self.refuse(ErrorCode.INVALID, errors.RATE_INVALID, rate=value[:20])
        return value


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


class ProgressiveLotInput(Input):
    name = RegisterText(max_length=NAME_MAX, help_text="the lot's name, configured once (`duplicate`)")
    tables = names(max_length=20, required=True, help_text="the tables whose board shows the lot, each of a game "
                   "with a progressive bet (`not_offered`) and in no other lot (`duplicate`)")
    start = Amount(help_text="the lot's start value: the casino's decision (the text does not fix it). " + AMOUNT_HELP)
    rate = Rate(help_text="the percentage of each bet the lot receives, e.g. « 20 » or « 12.5 »")
    reference = RegisterText(max_length=200, help_text="the casino's decision that fixes the start value and rate")
    gaming_day = day(required=False, help_text="the gaming day from which the lot runs; the casino's today when left "
                     "out")


class ProgressiveReadingInput(Input):
    session = whole(help_text="the séance closed (its id); another casino's is a 404")
    lot = RegisterText(max_length=NAME_MAX)
    bets = whole(min_value=0, help_text="the progressive bets the séance took")
    displayed = Amount(help_text="the amount the board displayed at the close. " + AMOUNT_HELP)


class ProgressiveWinInput(Input):
    session = whole(help_text="the séance (its id), open or closed; another casino's is a 404")
    lot = RegisterText(max_length=NAME_MAX)
    hand = RegisterText(max_length=80, help_text="the pay table's hand (`combination` for one it does not pay)")
    amount = Amount(required=False, default=None, allow_null=True,
                    help_text="100 % of the lot: the amount displayed at the win; a fixed prize: its amount, or "
                              "left out")


class ProgressiveWriteApi(TablesApi):
    http_method_names = ["post", "options"]

    def resolve(self, request, casino, **kwargs):
        super().resolve(request, casino)
        if not applies(self.casino.jurisdiction, selectors.FEATURE, self.casino.today()):
            raise Http404

    def session(self, values: dict):
        values["session"] = selectors.session_of(self.casino, values["session"])
        return values


class ProgressiveConfigureApi(ProgressiveWriteApi):
    @extend_schema(request=ProgressiveLotInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        """A lot configured by the casino's management (`wrong_role` for a cashier)."""
        return filed(services.lot_configure(casino=self.casino, actor=request.user,
                                            **self.body(ProgressiveLotInput, request)))


class ProgressiveReadingApi(ProgressiveWriteApi):
    @extend_schema(request=ProgressiveReadingInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        """The board read at a séance's close (`wrong_state` while it is open, `duplicate` a second time)."""
        values = self.session(self.body(ProgressiveReadingInput, request))
        return filed(services.progressive_reading_file(actor=request.user, **values))


class ProgressiveWinApi(ProgressiveWriteApi):
    @extend_schema(request=ProgressiveWinInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        """A winning progressive bet paid at a séance that indicated it (`not_offered` otherwise)."""
        values = self.session(self.body(ProgressiveWinInput, request))
        return filed(services.progressive_win_file(actor=request.user, **values))
