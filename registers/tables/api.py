"""API of the table games (LU RGD 1979 art. 9, 21, 37-9 to 37-18, 97-1; QC RJC art. 9, 111, 116), mirroring their
pages: the casino's tables (and a table created by the management), the sessions of a gaming day with their slips
and figures (win and hold once closed and counted), a session opened, a fill or credit, its void by two people, the
closing inventory, the drop counted by two people, the Pai Gow commissions. Thin views: the bodies are checked for
the shape the schema documents, the services do every other check. Regulators read; casino staff write."""

import re

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response

from compliance import selectors as compliance_selectors
from compliance.api.inputs import Coded, Input, ListOf
from games.selectors import day_from_text
from registers.errors import TEXT_NOT_TEXT, ErrorCode

from ..chain.api import ScopedObjectApi, created, writes
from ..chain.inputs import AMOUNT, AMOUNT_HELP, REQUIRED, SHAPE, Amount, Exact, RegisterText, choice, day, whole
from ..fields import TEXT_MAX
from ..models import SlipKind
from . import selectors
from .services import (
    commission_file,
    drop_count,
    limits_change,
    session_close,
    session_open,
    slip_file,
    slip_void,
    table_create,
)
from .slips import AMOUNT_MAX, COUNT_MAX

NUMBER_MAX, PIT_MAX = 20, 40  # a table's number and pit, as the model bounds them
SERIAL_MAX = 2_000_000_000
DENOMINATION_KEY_INVALID = _(
    "Coupure « {value} » invalide : une valeur en chiffres, au centime près (« 25 », « 2,50 »)."
)
SEAT_INVALID = _("Place « {value} » invalide : « croupier » ou un numéro de place.")
DENOMINATION = re.compile(r"(?:0|[1-9][0-9]{0,11})(?:[.,][0-9]{1,2})?")  # as registers.money reads it, no spaces
ZERO = re.compile(r"0(?:[.,]0{1,2})?")
SEAT = re.compile(r"croupier|[0-9]{1,2}")

# --- outputs ----------------------------------------------------------------------------------------------


def money_field(**kwargs) -> serializers.DecimalField:
    return serializers.DecimalField(max_digits=16, decimal_places=2, coerce_to_string=True, **kwargs)


class GamingTableOutput(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    number = serializers.CharField()
    pit = serializers.CharField()
    game = serializers.CharField(source="game.key")
    game_name = serializers.CharField(source="game.name")
    open_session = serializers.SerializerMethodField(help_text="the session open now at this table, if any")

    def get_open_session(self, table) -> int | None:
        return self.context.get("open", {}).get(table.pk)


class TableSlipOutput(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    kind = serializers.ChoiceField(choices=SlipKind.values)
    serial = serializers.IntegerField(allow_null=True)
    year = serializers.IntegerField(allow_null=True)
    amount = money_field()
    denominations = serializers.DictField(child=serializers.IntegerField(), help_text='{"25.00": 40}')
    signatures = serializers.DictField(child=serializers.CharField(), help_text='{"croupier": "…"}: names by role')
    recorded_at = serializers.DateTimeField()
    register = serializers.CharField(source="entry.register.kind")
    entry = serializers.IntegerField(source="entry.seq")
    voided = serializers.SerializerMethodField()
    void_reason = serializers.SerializerMethodField()

    def get_voided(self, slip) -> bool:
        return not selectors.live(slip)

    def get_void_reason(self, slip) -> str | None:
        void = getattr(slip, "void", None)
        return void.reason if void is not None else None


class TableSessionOutput(serializers.Serializer):
    id = serializers.IntegerField(source="session.pk")
    table = serializers.CharField(source="figures.table")
    pit = serializers.CharField(source="figures.pit")
    game = serializers.CharField(source="figures.game")
    gaming_day = serializers.DateField(source="figures.gaming_day")
    number = serializers.IntegerField(source="figures.number")
    bank_mode = serializers.ChoiceField(choices=["avance", "inventaire"], source="figures.bank_mode")
    float_amount = money_field(source="figures.float_amount", allow_null=True)
    minimum = money_field(source="session.minimum")
    maximum = money_field(source="session.maximum")
    maximum_per = serializers.CharField(source="session.maximum_per", help_text="main, emplacement, case or mise")
    limits_citation = serializers.CharField(source="session.limits_citation")
    spots = serializers.DictField(source="session.spots", child=serializers.DictField(child=serializers.CharField()),
                                  help_text="each betting spot's limits as the opening set them: {bet: {minimum, "
                                  "maximum}}; a change during the séance is an entry « table.limites » of its own")
    options = serializers.DictField(source="session.options", child=serializers.JSONField(),
                                    help_text="what the table indicates: {option: true or the number chosen}")
    opened_at = serializers.DateTimeField(source="session.opened_at")
    closed = serializers.BooleanField(source="figures.closed")
    opening = money_field(source="figures.opening")
    closing = money_field(source="figures.closing", allow_null=True)
    fills = money_field(source="figures.fills", help_text="voided fills aside")
    credits = money_field(source="figures.credits", help_text="voided credits aside")
    commission = money_field(source="figures.commission")
    running = money_field(source="figures.running", help_text="credits − fills (+ the inventory's change once closed)")
    drop = money_field(source="figures.drop", allow_null=True)
    win = money_field(source="figures.win", allow_null=True,
                      help_text="drop − fills + credits + closing − opening, once closed and counted")
    hold = serializers.DecimalField(source="figures.hold", max_digits=12, decimal_places=4, coerce_to_string=True,
                                    allow_null=True, help_text="win ÷ drop, as a fraction (0.1850 is 18.50 %)")
    slips = TableSlipOutput(source="session.slips.all", many=True)


# --- inputs -----------------------------------------------------------------------------------------------


class DenominationKey(Exact):
    """A denomination as text: digits with at most two decimals, more than 0."""

    def __init__(self, **kwargs):
        super().__init__(codes=SHAPE, messages={**REQUIRED, "invalid": TEXT_NOT_TEXT}, **kwargs)

    def check(self, value: str) -> str:
        if not DENOMINATION.fullmatch(value) or ZERO.fullmatch(value) is not None:
            self.refuse(ErrorCode.INVALID, DENOMINATION_KEY_INVALID, value=value)
        return value


@extend_schema_field({
    "type": "object",
    "additionalProperties": {"type": "integer", "minimum": 0, "maximum": COUNT_MAX},
    "description": 'how many pieces of each denomination, e.g. {"100": 20, "25": 40, "2,50": 4}: each denomination '
    + AMOUNT_HELP + f", more than 0; the total at most {AMOUNT_MAX} (`invalid_amount`)",
})
class Denominations(Coded, serializers.DictField):
    """Pieces by denomination."""

    def __init__(self, **kwargs):
        super().__init__(child=whole(min_value=0, max_value=COUNT_MAX), codes=SHAPE, messages=REQUIRED, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            self.fail("not_a_dict", input_type=type(data).__name__)
        values = self.run_child_validation(data)
        key = DenominationKey()
        for name in values:
            try:
                key.run_validation(name)
            except serializers.ValidationError as exc:
                raise serializers.ValidationError({name: exc.detail}) from None
        return values


# The body's `signatures`: every signatory of the slip, by name (registers/tables/slips.py SIGNATORIES).
class TableSignatures(Input):
    croupier = RegisterText()
    superviseur = RegisterText()


class TableSlipSignatures(Input):
    demandeur = RegisterText()
    caissier = RegisterText()
    porteur = RegisterText()
    croupier = RegisterText()
    superviseur = RegisterText()


class DropCountSignatures(Input):
    compteur_1 = RegisterText()
    compteur_2 = RegisterText(help_text="another person than `compteur_1` (`invalid`)")


class Seat(Exact):
    """A seat at the Pai Gow table: « croupier » or the seat's number."""

    def __init__(self, **kwargs):
        super().__init__(max_length=8, validators=[RegexValidator(f"^(?:{SEAT.pattern})$")], codes=SHAPE,
                         messages={**REQUIRED, "invalid": TEXT_NOT_TEXT}, **kwargs)

    def check(self, value: str) -> str:
        if not SEAT.fullmatch(value):
            self.refuse(ErrorCode.INVALID, SEAT_INVALID, value=value)
        return value


@extend_schema_field({
    "type": "object",
    "additionalProperties": {"type": "string", "pattern": AMOUNT},
    "description": 'the winning bets by seat, e.g. {"1": "25", "3": "40"}: ' + AMOUNT_HELP,
})
class WinningBets(Coded, serializers.DictField):
    def __init__(self, **kwargs):
        super().__init__(child=Amount(), codes=SHAPE, messages=REQUIRED, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            self.fail("not_a_dict", input_type=type(data).__name__)
        return self.run_child_validation(data)


class PaiGowRoundInput(Input):
    banque = Seat(help_text="who banks the round: « croupier » or a seat (the rotation the rule data sets)")
    joueurs = ListOf(child=Seat(), required=False, default=list, codes=SHAPE, messages=REQUIRED,
                     help_text="the seats that played the round")
    gagnantes = WinningBets(required=False, default=dict)


class GamingTableInput(Input):
    game = RegisterText(help_text="a table game of the casino's jurisdiction, by its key (e.g. « qc.blackjack »)")
    number = RegisterText(max_length=NUMBER_MAX, help_text="unique in the casino (`duplicate`)")
    pit = RegisterText(max_length=PIT_MAX)


class SpotLimitsInput(Input):
    minimum = Amount()
    maximum = Amount(help_text=AMOUNT_HELP + "; at least the minimum")


class TableSessionInput(Input):
    table = RegisterText(max_length=NUMBER_MAX, help_text="the table's number (`unknown_table`)")
    gaming_day = day(required=False, help_text="the casino's today when left out")
    minimum = Amount()
    maximum = Amount(help_text=AMOUNT_HELP + "; at least the minimum, and where the game's rule sets it, one of its "
                     "multiples of the minimum")
    float_amount = Amount(required=False, allow_null=True, default=None,
                          help_text="the table's fixed float where the jurisdiction keeps one (its rule data): "
                          "required there, refused elsewhere; the opening count must be it")
    denominations = Denominations(help_text="the opening inventory")
    signatures = TableSignatures()
    spots = serializers.DictField(
        child=SpotLimitsInput(), required=False,
        help_text="each betting spot's or side bet's limits, by the bet's key of the game's rule data (e.g. « bonus », "
        "« trips », « paire_as »): checked against its rule, refused with the article the rule data cites")
    options = serializers.DictField(
        child=serializers.JSONField(), required=False,
        help_text="what the table indicates, by the option's key (e.g. « douze_seize », « triple »): true, or the "
        "number chosen (« mises_minimum »: within its rule's range); an option the game has not is refused")


class TableLimitsInput(Input):
    spot = serializers.CharField(required=False, allow_blank=True, default="", max_length=40,
                                 help_text="the betting spot whose limits change (its bet's key); blank: the table's")
    minimum = Amount()
    maximum = Amount(help_text=AMOUNT_HELP + "; for the table's own, one of the game's multiples of the minimum where "
                     "its rule sets them")
    decided_by = RegisterText(max_length=120, help_text="who decided the change (« le directeur responsable », « le "
                              "chef de salle »)")
    displayed = serializers.BooleanField(help_text="the new limits are indicated at the table: required, else "
                                         "`invalid` on « displayed », citing the game's article")
    changed_at = serializers.DateTimeField(required=False, default=None, allow_null=True,
                                           help_text="when the change took effect; the filing's time when left out")


class TableSlipInput(Input):
    kind = choice([SlipKind.FILL.value, SlipKind.CREDIT.value])
    serial = whole(min_value=1, max_value=SERIAL_MAX,
                   help_text="the casino's next serial of the year: a gap or a number used is refused (`duplicate`)")
    amount = Amount(help_text=AMOUNT_HELP + "; more than 0, the sum of the denominations")
    denominations = Denominations()
    signatures = TableSlipSignatures()


class TableVoidInput(Input):
    countersigner = RegisterText(help_text="the username of the second person, another of the casino's staff")
    countersigner_password = serializers.CharField(
        write_only=True, trim_whitespace=False, min_length=1, max_length=128,
        help_text="the second person's own password: they sign the void themselves")
    reason = RegisterText(max_length=TEXT_MAX, multiline=True)


class TableCloseInput(Input):
    denominations = Denominations(help_text="the closing inventory")
    signatures = TableSignatures()


class TableDropInput(Input):
    amount = Amount(allow_zero=True, help_text=AMOUNT_HELP + "; 0 allowed, the sum of the denominations")
    denominations = Denominations()
    signatures = DropCountSignatures()


class TableCommissionInput(Input):
    rounds = ListOf(child=PaiGowRoundInput(), min_length=1, codes=SHAPE, messages=REQUIRED,
                    help_text="every round of the session, in order (commission and rotation from the rule data)")
    amount = Amount(allow_zero=True, help_text=AMOUNT_HELP + "; the commissions computed from the rounds")
    signatures = TableSignatures()


def _plain(value):
    """A validated body's nested serializers' values as plain dicts and lists."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


# --- views ------------------------------------------------------------------------------------------------


class TablesApi(ScopedObjectApi):
    """A casino the caller sees (another is a 404)."""

    def resolve(self, request, casino, **kwargs):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)

    def body(self, serializer_class, request) -> dict:
        data = serializer_class(data=request.data)
        data.is_valid(raise_exception=True)
        return _plain(dict(data.validated_data))


class SessionApi(TablesApi):
    """A session of the casino's tables (another casino's is a 404); POST only."""

    http_method_names = ["post", "options"]

    def resolve(self, request, casino, pk):
        super().resolve(request, casino)
        self.session = selectors.session_get(self.casino, pk)


def created_data(data) -> Response:
    return Response(data, status=201)


def session_output(session) -> dict:
    return TableSessionOutput(selectors.session_line(session)).data


class TableListApi(TablesApi):
    @extend_schema(responses=GamingTableOutput(many=True))
    def get(self, request, casino):
        """The casino's tables by pit, each with its session open now, if any."""
        open_ = {session.table_id: session.pk for session in selectors.open_sessions(self.casino)}
        tables = sorted(selectors.tables_of(self.casino), key=lambda table: (table.pit, table.number))
        return Response(GamingTableOutput(tables, many=True, context={"open": open_}).data)

    @extend_schema(request=GamingTableInput, responses=writes({201: GamingTableOutput}))
    def post(self, request, casino):
        """A table created by the casino's management (`wrong_role` for a cashier)."""
        table = table_create(casino=self.casino, actor=request.user, **self.body(GamingTableInput, request))
        return created(GamingTableOutput(table, context={"open": {}}))


class SessionListApi(TablesApi):
    @extend_schema(parameters=[OpenApiParameter("day", str, description="AAAA-MM-JJ (défaut : aujourd'hui au casino)")],
                   responses=TableSessionOutput(many=True))
    def get(self, request, casino):
        """The sessions of a gaming day with their slips and figures."""
        chosen = day_from_text(request.query_params.get("day"), field="day", default=self.casino.today())
        return Response(TableSessionOutput(selectors.sessions_of_day(self.casino, chosen), many=True).data)

    @extend_schema(request=TableSessionInput, responses=writes({201: TableSessionOutput}))
    def post(self, request, casino):
        """A table opened: its limits, its opening inventory (its float where one is kept), its signatures."""
        values = self.body(TableSessionInput, request)
        values["table"] = selectors.table_find(self.casino, values["table"])
        values.setdefault("gaming_day", self.casino.today())
        return created_data(session_output(session_open(actor=request.user, **values)))


class SlipApi(SessionApi):
    @extend_schema(request=TableSlipInput, responses=writes({201: TableSlipOutput}))
    def post(self, request, casino, pk):
        """A fill or a credit of an open session, numbered after the casino's last of the year."""
        slip = slip_file(session=self.session, actor=request.user, **self.body(TableSlipInput, request))
        return created(TableSlipOutput(slip))


class VoidApi(TablesApi):
    http_method_names = ["post", "options"]

    def resolve(self, request, casino, pk):
        super().resolve(request, casino)
        self.slip = selectors.slip_get(self.casino, pk)

    @extend_schema(request=TableVoidInput, responses=writes({201: TableSlipOutput}))
    def post(self, request, casino, pk):
        """A fill or credit voided with its reason, by the caller and a second person of the casino."""
        values = self.body(TableVoidInput, request)
        countersigner = selectors.countersigner_find(self.casino, request.user, values["countersigner"],
                                                     values["countersigner_password"], request)
        void = slip_void(slip=self.slip, actor=request.user, countersigner=countersigner, reason=values["reason"])
        return created(TableSlipOutput(selectors.slip_get(self.casino, void.slip_id)))


class CloseApi(SessionApi):
    @extend_schema(request=TableCloseInput, responses=writes({201: TableSessionOutput}))
    def post(self, request, casino, pk):
        """The table closed with its closing inventory."""
        session_close(session=self.session, actor=request.user, **self.body(TableCloseInput, request))
        return created_data(session_output(self.session))


class LimitsApi(SessionApi):
    @extend_schema(request=TableLimitsInput, responses=writes({201: TableSessionOutput}))
    def post(self, request, casino, pk):
        """A change of the table's limits or of a betting spot's during the séance, an entry of its own: its time, who
        decided it, the new limits indicated at the table, cited to the game's article."""
        limits_change(session=self.session, actor=request.user, **self.body(TableLimitsInput, request))
        return created_data(session_output(self.session))


class DropApi(SessionApi):
    @extend_schema(request=TableDropInput, responses=writes({201: TableSessionOutput}))
    def post(self, request, casino, pk):
        """The drop box of a closed session counted by two people: the session's win and hold follow."""
        drop_count(session=self.session, actor=request.user, **self.body(TableDropInput, request))
        return created_data(session_output(self.session))


class CommissionApi(SessionApi):
    @extend_schema(request=TableCommissionInput, responses=writes({201: TableSlipOutput}))
    def post(self, request, casino, pk):
        """A Pai Gow session's commissions (QC RJC art. 111, 116)."""
        slip = commission_file(session=self.session, actor=request.user, **self.body(TableCommissionInput, request))
        return created(TableSlipOutput(slip))
