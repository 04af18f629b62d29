"""API of the poker room registers, mirroring their forms: the cagnotte (LU RGD 1979 art. 97-1), the progressive
jackpots (art. 49-9 to 49-11: configuration, statements, wins, stops, state) and the bad-beat jackpot (art. 49-12
to 49-15). The same services do every check."""

import re

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.response import Response

from compliance.api.inputs import Coded, Input, ListOf
from games.poker.jackpots import HIGHEST_FIRST, ROUNDINGS
from registers.errors import TEXT_NOT_TEXT, ErrorCode

from ..chain.api import FILED_ANSWERS, KindApi, PendingOutput, WriteOnlyApi, created, filed, writes
from ..chain.inputs import (
    AMOUNT,
    AMOUNT_HELP,
    CASINO_CURRENCY,
    REQUIRED,
    SHAPE,
    Amount,
    Currency,
    Exact,
    RegisterText,
    choice,
    day,
    flag,
    free_text,
    late_reason_text,
    names,
    whole,
)
from ..kinds import RegisterKind
from . import errors
from .selectors import jackpot_cards
from .services import (
    DEAL_MAX,
    TIME,
    bad_beat_win_file,
    cagnotte_file,
    jackpot_stop,
    progressive_configure,
    progressive_statement,
    progressive_win_file,
)


class LevelOutput(serializers.Serializer):
    level = serializers.IntegerField()
    combination = serializers.CharField()
    start = serializers.DecimalField(max_digits=18, decimal_places=2, coerce_to_string=True)
    amount = serializers.DecimalField(max_digits=18, decimal_places=2, coerce_to_string=True, allow_null=True)


class JackpotStateOutput(serializers.Serializer):
    name = serializers.CharField()
    active = serializers.BooleanField()
    tables = serializers.ListField(child=serializers.CharField(), source="config.tables", default=list)
    small_blind = serializers.CharField(source="config.small_blind", default=None)
    increment = serializers.DictField(source="config.increment", default=None)
    levels = serializers.SerializerMethodField()

    def get_levels(self, card) -> list[dict]:
        amounts = card.state["amounts"]
        rows = [
            {
                "level": level["level"],
                "combination": level["combination"],
                "start": level["start"],
                "amount": amounts.get(str(level["level"])),
            }
            for level in card.config.get("levels", [])
        ]
        return LevelOutput(rows, many=True).data


LEVELS = ("1", "2", "3")  # a progressive jackpot has at most three levels (LU RGD 1979 art. 49-9)
TABLE_MAX = 60  # a table's name, as the services bound it
LEVEL_UNKNOWN = _("Niveau « {value} » inconnu : un jackpot progressif a au plus les niveaux 1, 2 et 3.")
CARDS_FORMAT = _(
    "{count} cartes attendues, séparées par des espaces, par exemple « {example} » (rangs 2 à 9, T ou 10, J, Q, K, "
    "A ; couleurs c, d, h, s)."
)
CARDS_EXAMPLES = {2: "7c 7d", 4: "Qd Qc 4h 5h", 5: "7h 7s Th Jh 2c"}


def cards_pattern(*counts: int) -> str:
    """`counts` cards (one of them) as games.hands.cards.parse reads them: separated by spaces or commas, or run
    together two characters each (then without 10)."""
    card = "(?:10|[2-9TJQKAtjqka])[cdhsCDHS]"
    one = [f"[ ,]*{card}(?:[ ,]+{card}){{{count - 1}}}[ ,]*|(?:[2-9TJQKAtjqka][cdhsCDHS]){{{count}}}"
           for count in counts]
    return f"^(?:{'|'.join(one)})$"


class Cards(Exact):
    """Cards of a hand as text, so many of them (2 in Texas hold'em, 4 in Omaha); which cards qualify is the
    service's check (`bad_cards`, `not_qualified`)."""

    def __init__(self, *counts: int, **kwargs):
        self.counts, self.format = counts, re.compile(cards_pattern(*counts))
        shown = " or ".join(f"{count} cards, e.g. « {CARDS_EXAMPLES[count]} »" for count in counts)
        kwargs.setdefault("help_text", shown)
        super().__init__(validators=[RegexValidator(self.format.pattern)], codes=SHAPE,
                         messages={**REQUIRED, "invalid": TEXT_NOT_TEXT}, **kwargs)

    def check(self, value: str) -> str:
        if not self.format.fullmatch(value):
            count = self.counts[0]
            self.refuse(ErrorCode.BAD_CARDS, CARDS_FORMAT, count=" / ".join(map(str, self.counts)),
                        example=CARDS_EXAMPLES[count])
        return value


class Time(Exact):
    """The time of a win, « HH:MM » (« 23h41 » is taken too, and written « 23:41 »)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("help_text", "« 23:41 »")
        super().__init__(max_length=8, validators=[RegexValidator(TIME.pattern)], codes=SHAPE,
                         messages={**REQUIRED, "invalid": TEXT_NOT_TEXT}, **kwargs)

    def check(self, value: str) -> str:
        if not TIME.fullmatch(value):
            self.refuse(ErrorCode.INVALID, errors.TIME_INVALID, value=value)
        return value


@extend_schema_field({
    "type": "object",
    "additionalProperties": {"type": "string", "pattern": AMOUNT},
    "description": 'the sums taken for the jackpot at each of its tables during the session, e.g. {"P1": "12.40"}: '
    + AMOUNT_HELP + "; 0 allowed. Every table the jackpot links, and no other (`required`, `unknown_table`)",
})
class TableAmounts(Coded, serializers.DictField):
    """The sums taken, by table."""

    def __init__(self, **kwargs):
        super().__init__(child=Amount(allow_zero=True), codes=SHAPE, messages=REQUIRED, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            self.fail("not_a_dict", input_type=type(data).__name__)
        return self.run_child_validation(data)


@extend_schema_field({
    "type": "object",
    "properties": {level: {"type": "string", "pattern": AMOUNT} for level in LEVELS},
    "additionalProperties": False,
    "description": 'the amount displayed for each level of the jackpot, e.g. {"1": "742.10"}: ' + AMOUNT_HELP
    + "; 0 allowed. Every level the jackpot has, and no other (`required`, `unknown_level`)",
})
class LevelAmounts(Coded, serializers.DictField):
    """The amounts displayed, by level ("1" to "3")."""

    def __init__(self, **kwargs):
        super().__init__(child=Amount(allow_zero=True), codes=SHAPE, messages=REQUIRED, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            self.fail("not_a_dict", input_type=type(data).__name__)
        errors = {key: [ErrorDetail(str(LEVEL_UNKNOWN).format(value=key), code=ErrorCode.UNKNOWN_LEVEL)]
                  for key in data if key not in LEVELS}
        try:
            values = self.run_child_validation(data)
        except ValidationError as exc:
            errors = {**exc.detail, **errors}
        if errors:
            raise ValidationError(errors)
        return values


class CagnotteInput(Input):
    gaming_day = day()
    table = RegisterText(max_length=TABLE_MAX)
    house = Amount(allow_zero=True)
    bad_beat = Amount(allow_zero=True)
    box_count = Amount(allow_zero=True)
    currency = Currency(required=False, help_text=CASINO_CURRENCY)
    late_reason = late_reason_text()


class RivalInput(Input):
    table = RegisterText(max_length=TABLE_MAX)
    loser_cards = Cards(2, 4)
    winner_cards = Cards(2, 4)
    board = Cards(5)


class BadBeatInput(Input):
    gaming_day = day()
    game = RegisterText(help_text="the nature of the game, e.g. « Texas hold'em »")
    table = RegisterText(max_length=TABLE_MAX)
    won_at = Time()
    loser = RegisterText(help_text="one of `players`")
    loser_cards = Cards(2, 4)
    winner_cards = Cards(2, 4)
    board = Cards(5)
    pot = Amount(help_text="at least the minimum pot of the house rules in force that day (`pot_too_small`)")
    amount = Amount()
    currency = Currency(required=False, help_text=CASINO_CURRENCY)
    players = names(required=True, min_length=1, help_text="everyone seated at the table, the loser included")
    restart_at = Amount(allow_zero=True)
    rivals = ListOf(child=RivalInput(), required=False, default=list, codes=SHAPE, messages=REQUIRED,
                    help_text="the other claims made at the same time (other tables, other losers of the hand): the "
                    "strongest losing hand wins (`not_qualified`)")
    late_reason = late_reason_text()


class BlindsInput(Input):
    table = RegisterText(help_text="one of `tables`")
    small_blind = Amount()
    big_blind = Amount()


class HandInput(Input):
    player = RegisterText()
    cards = Cards(2, 4)


class LevelInput(Input):
    combination = choice(HIGHEST_FIRST, code=ErrorCode.COMBINATION,
                         help_text="which combinations a level may bear on is the rule data's (`combination`)")
    start = Amount(allow_zero=True)


class ConfigureInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    name = RegisterText()
    tables = names()
    small_blind = Amount()
    blinds = ListOf(child=BlindsInput(), min_length=1, messages=REQUIRED, codes=SHAPE,
                    help_text="the compulsory blinds of each linked table, one line each: all the same, the small "
                    "blind the jackpot's (`invalid`, `unknown_table`)")
    levels = ListOf(child=LevelInput(), min_length=1, max_length=len(LEVELS), messages=REQUIRED,
                    codes={**SHAPE, "min_length": ErrorCode.TOO_MANY_LEVELS, "max_length": ErrorCode.TOO_MANY_LEVELS})
    increment_kind = choice(("fixe", "pourcentage"), code=ErrorCode.INCREMENT)
    increment_value = Amount(help_text=AMOUNT_HELP + "; more than 0 (a percentage below 100)")
    rounding = choice(list(ROUNDINGS), code=ErrorCode.INCREMENT)
    late_reason = late_reason_text()


class StatementInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    name = RegisterText()
    displayed = LevelAmounts()
    increments = TableAmounts()
    late_reason = late_reason_text()


class WinInput(Input):
    gaming_day = day()
    name = RegisterText()
    level = whole(min_value=1, max_value=len(LEVELS),
                  codes={"min_value": ErrorCode.UNKNOWN_LEVEL, "max_value": ErrorCode.UNKNOWN_LEVEL},
                  help_text="a level the jackpot has (`unknown_level`)")
    game = RegisterText()
    table = RegisterText(max_length=TABLE_MAX)
    deal = RegisterText(max_length=DEAL_MAX, help_text="the deal (« partie ») the level was won in: one win of each "
                        "level per table and deal (`duplicate`)")
    won_at = Time()
    board = Cards(5)
    hands = ListOf(child=HandInput(), min_length=1, messages=REQUIRED, codes=SHAPE,
                   help_text="every player still in play and their cards, from the button's left: the holders of "
                   "the level's combination win it, shared when equal or made by the board (`not_qualified`)")
    amount = Amount()
    currency = Currency(required=False, help_text=CASINO_CURRENCY)
    chef_de_salle = RegisterText(help_text="the chef de salle informed of the win, who controls its payment, as the "
                                 "progressive jackpot's rules in Luxembourg ask")
    late_reason = late_reason_text()


class StopInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    name = RegisterText()
    voluntary = flag(required=False, default=False)
    reason = free_text()
    minister_notified_on = day(required=False, allow_null=True, default=None)
    late_reason = late_reason_text()


class CagnotteApi(KindApi):
    kind = RegisterKind.CAGNOTTE

    @extend_schema(request=CagnotteInput, responses=writes({201: PendingOutput}))
    def post(self, request, casino):
        self.writable()
        values = self.values(CagnotteInput, request)
        return created(PendingOutput(cagnotte_file(casino=self.casino, actor=request.user, **values)))


class BadBeatApi(KindApi):
    kind = RegisterKind.BAD_BEAT

    @extend_schema(request=BadBeatInput, responses=writes({201: PendingOutput}))
    def post(self, request, casino):
        self.writable()
        values = self.values(BadBeatInput, request)
        values["rivals"] = [dict(rival) for rival in values["rivals"]]
        return created(PendingOutput(bad_beat_win_file(casino=self.casino, actor=request.user, **values)))


class ProgressiveApi(KindApi):
    kind = RegisterKind.JACKPOT_PROGRESSIF


class JackpotStateApi(ProgressiveApi):
    @extend_schema(responses=JackpotStateOutput(many=True))
    def get(self, request, casino):
        return Response(JackpotStateOutput(jackpot_cards(self.register, self.casino), many=True).data)


class ProgressiveConfigureApi(WriteOnlyApi, ProgressiveApi):
    @extend_schema(request=ConfigureInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        values = self.values(ConfigureInput, request)
        values["levels"] = [dict(level) for level in values["levels"]]
        values["blinds"] = [dict(row) for row in values["blinds"]]
        return filed(progressive_configure(casino=self.casino, actor=request.user, **values))


class ProgressiveStatementApi(WriteOnlyApi, ProgressiveApi):
    @extend_schema(request=StatementInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        values = self.values(StatementInput, request)
        return filed(progressive_statement(casino=self.casino, actor=request.user, **values))


class ProgressiveWinApi(WriteOnlyApi, ProgressiveApi):
    @extend_schema(request=WinInput, responses=writes({201: PendingOutput}))
    def post(self, request, casino):
        self.writable()
        values = self.values(WinInput, request)
        values["hands"] = [dict(hand) for hand in values["hands"]]
        return created(PendingOutput(progressive_win_file(casino=self.casino, actor=request.user, **values)))


class ProgressiveStopApi(WriteOnlyApi, ProgressiveApi):
    @extend_schema(request=StopInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        values = self.values(StopInput, request)
        return filed(jackpot_stop(casino=self.casino, actor=request.user, **values))


