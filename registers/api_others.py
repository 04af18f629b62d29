"""API of the registers other than orphelins, mirroring their forms (registers/views_others.py): the same
services do every check, a refusal is `{code, message, field_errors}` (compliance/api/errors.py).
Regulators read (entries, fleet, jackpots' state); only casino staff file, sign and close.

Under /api/v1/registers/<casino>/<kind>/: GET lists the register's entries with their payload; POST
files what the register's main form files (jackpots, cagnotte, bad_beat); sub-paths carry the other
forms (slot machines' installation, notices and moves; the progressive jackpots' configuration,
statements, wins and stops), the signature of the head (checkpoints/), and /<casino>/sessions/
closes a gaming day."""

from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from compliance import selectors as compliance_selectors
from compliance.models import Casino

from . import queries
from .api import CheckpointOutput, EntryOutput, PendingOutput, ScopedObjectApi
from .appareils import EVENTS, appareil_install, appareil_move, appareil_notice
from .jackpots import cagnotte_file, jackpot_manual_payout_file
from .models import Entry, RegisterKind
from .poker_jackpots import (
    TOP_COMBINATIONS,
    bad_beat_win_file,
    jackpot_stop,
    progressive_configure,
    progressive_statement,
    progressive_win_file,
)
from .services import checkpoint_create, session_close
from .views_others import Page

# --- outputs ----------------------------------------------------------------------------------------


class MachineOutput(serializers.Serializer):
    machine = serializers.CharField(source="number")
    state = serializers.CharField()
    state_label = serializers.CharField()
    manufacturer = serializers.CharField(source="installed.payload.manufacturer", default=None)
    certificate = serializers.CharField(source="installed.payload.certificate", default=None)
    last_entry = serializers.IntegerField(source="last.entry.seq")
    last_kind = serializers.CharField(source="last.entry.kind")
    last_gaming_day = serializers.DateField(source="last.entry.gaming_day")


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


class SessionOutput(serializers.Serializer):
    casino = serializers.CharField(source="casino.code")
    gaming_day = serializers.DateField()
    closed_at = serializers.DateTimeField()
    closed_by = serializers.CharField(source="closed_by.username")


# --- inputs -----------------------------------------------------------------------------------------


def _text(**kwargs):
    return serializers.CharField(required=False, allow_blank=True, default="", **kwargs)


def _names():
    return serializers.ListField(child=serializers.CharField(), required=False, default=list)


class JackpotInput(serializers.Serializer):
    gaming_day = serializers.DateField()
    machine = _text()
    amount = _text()
    currency = _text()
    receipt_number = _text()
    receipt_in_cabinet = serializers.BooleanField(required=False, default=False)
    card_excess = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        help_text="n° of the `carte.gain_excedent` entry of the casino's `cartes` register this payout pays "
        "(LU RGD 1979 art. 3-4 7)): amount and machine must be the excess's, and an excess is paid once",
    )


class CagnotteInput(serializers.Serializer):
    gaming_day = serializers.DateField()
    table = _text()
    house = _text()
    bad_beat = _text()
    box_count = _text()
    currency = _text(help_text="the casino's currency when left out")


class BadBeatInput(serializers.Serializer):
    gaming_day = serializers.DateField()
    table = _text()
    loser = _text()
    loser_cards = _text()
    winner_cards = _text()
    board = _text()
    pot = _text()
    minimum_pot = _text()
    amount = _text()
    currency = _text(help_text="the casino's currency when left out")
    players = _names()
    restart_at = _text()


class InstallInput(serializers.Serializer):
    gaming_day = serializers.DateField(required=False, help_text="today when left out")
    machine = _text()
    manufacturer = _text()
    certificate = _text()
    server_based = serializers.BooleanField(required=False, default=False)
    games = _names()
    certified_games = _names()


class NoticeInput(serializers.Serializer):
    gaming_day = serializers.DateField(required=False, help_text="today when left out")
    machine = _text()
    event = _text()
    effective = serializers.DateField()
    reference = _text()
    sent_on = serializers.DateField()


class MoveInput(serializers.Serializer):
    gaming_day = serializers.DateField(help_text="the effective date of a recorded notice")
    machine = _text()
    event = serializers.CharField(help_text=", ".join([*EVENTS, "destruction (always refused: art. 18-1)"]))


class LevelInput(serializers.Serializer):
    combination = serializers.CharField(help_text=", ".join(TOP_COMBINATIONS))
    start = _text()


class ConfigureInput(serializers.Serializer):
    gaming_day = serializers.DateField(required=False, help_text="today when left out")
    name = serializers.CharField()
    tables = _names()
    small_blind = _text()
    levels = LevelInput(many=True)
    increment_kind = serializers.CharField(help_text="fixe, pourcentage")
    increment_value = _text()
    rounding = serializers.CharField(help_text="inferieur, plus_proche, bancaire")


class StatementInput(serializers.Serializer):
    gaming_day = serializers.DateField(required=False, help_text="today when left out")
    name = serializers.CharField()
    displayed = serializers.DictField(child=serializers.CharField(allow_blank=True), help_text='{"1": "742.10"}')


class WinInput(serializers.Serializer):
    gaming_day = serializers.DateField()
    name = serializers.CharField()
    level = serializers.IntegerField()
    game = _text()
    table = _text()
    combination = _text()
    won_at = _text()
    amount = _text()
    currency = _text(help_text="the casino's currency when left out")
    player = _text()


class StopInput(serializers.Serializer):
    gaming_day = serializers.DateField(required=False, help_text="today when left out")
    name = serializers.CharField()
    voluntary = serializers.BooleanField(required=False, default=False)
    reason = _text()
    minister_notified_on = serializers.DateField(required=False, allow_null=True, default=None)


class SessionInput(serializers.Serializer):
    gaming_day = serializers.DateField()


# --- views ------------------------------------------------------------------------------------------


class KindApi(ScopedObjectApi):
    """A register of one kind in a casino the caller sees; writing needs the kind's rule data."""

    kind: str = ""

    def resolve(self, request, casino, kind=None):
        casino = compliance_selectors.casino_get(user=request.user, code=casino)
        self.page = Page(user=request.user, casino=casino, kind=kind or self.kind)
        if self.page.register is None and not self.page.applies:
            raise Http404

    @property
    def casino(self) -> Casino:
        return self.page.casino

    def values(self, serializer_class, request) -> dict:
        data = serializer_class(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        if "gaming_day" in serializer_class().fields and "gaming_day" not in values:
            values["gaming_day"] = timezone.localdate()
        if "currency" in values and not values["currency"]:
            values["currency"] = self.casino.currency
        return values

    def writable(self) -> None:
        if not self.page.applies:
            raise Http404

    @extend_schema(responses=EntryOutput(many=True))
    def get(self, request, casino):
        """The register's entries, oldest first, each with its payload (none before the first filing)."""
        register = self.page.register
        entries = (
            Entry.objects.filter(register=register)
            .select_related("register", "actor", "countersigner", "refers_to")
            .order_by("seq")
            if register is not None
            else []
        )
        return Response(EntryOutput(entries, many=True).data)


def created(output) -> Response:
    return Response(output.data, status=status.HTTP_201_CREATED)


class JackpotsApi(KindApi):
    kind = RegisterKind.JACKPOTS

    @extend_schema(request=JackpotInput, responses={201: PendingOutput})
    def post(self, request, casino):
        self.writable()
        values = self.values(JackpotInput, request)
        return created(PendingOutput(jackpot_manual_payout_file(casino=self.casino, actor=request.user, **values)))


class CagnotteApi(KindApi):
    kind = RegisterKind.CAGNOTTE

    @extend_schema(request=CagnotteInput, responses={201: PendingOutput})
    def post(self, request, casino):
        self.writable()
        values = self.values(CagnotteInput, request)
        return created(PendingOutput(cagnotte_file(casino=self.casino, actor=request.user, **values)))


class BadBeatApi(KindApi):
    kind = RegisterKind.BAD_BEAT

    @extend_schema(request=BadBeatInput, responses={201: PendingOutput})
    def post(self, request, casino):
        self.writable()
        values = self.values(BadBeatInput, request)
        return created(PendingOutput(bad_beat_win_file(casino=self.casino, actor=request.user, **values)))


class AppareilsApi(KindApi):
    kind = RegisterKind.APPAREILS


class ProgressiveApi(KindApi):
    kind = RegisterKind.JACKPOT_PROGRESSIF


class MachineListApi(AppareilsApi):
    @extend_schema(responses=MachineOutput(many=True))
    def get(self, request, casino):
        return Response(MachineOutput(self.page.fleet, many=True).data)


class PostOnly:
    """A form's endpoint: POST only (any other method is a 405, after the scoping's 404)."""

    http_method_names = ["post", "options"]


class WriteOnlyApi(PostOnly, KindApi):
    pass


class AppareilInstallApi(WriteOnlyApi, AppareilsApi):
    @extend_schema(request=InstallInput, responses={201: EntryOutput})
    def post(self, request, casino):
        self.writable()
        values = self.values(InstallInput, request)
        return created(EntryOutput(appareil_install(casino=self.casino, actor=request.user, **values)))


class AppareilNoticeApi(WriteOnlyApi, AppareilsApi):
    @extend_schema(request=NoticeInput, responses={201: EntryOutput})
    def post(self, request, casino):
        self.writable()
        values = self.values(NoticeInput, request)
        return created(EntryOutput(appareil_notice(casino=self.casino, actor=request.user, **values)))


class AppareilMoveApi(WriteOnlyApi, AppareilsApi):
    @extend_schema(request=MoveInput, responses={201: EntryOutput})
    def post(self, request, casino):
        self.writable()
        values = self.values(MoveInput, request)
        return created(EntryOutput(appareil_move(casino=self.casino, actor=request.user, **values)))


class JackpotStateApi(ProgressiveApi):
    @extend_schema(responses=JackpotStateOutput(many=True))
    def get(self, request, casino):
        return Response(JackpotStateOutput(self.page.jackpots, many=True).data)


class ProgressiveConfigureApi(WriteOnlyApi, ProgressiveApi):
    @extend_schema(request=ConfigureInput, responses={201: EntryOutput})
    def post(self, request, casino):
        self.writable()
        values = self.values(ConfigureInput, request)
        values["levels"] = [dict(level) for level in values["levels"]]
        return created(EntryOutput(progressive_configure(casino=self.casino, actor=request.user, **values)))


class ProgressiveStatementApi(WriteOnlyApi, ProgressiveApi):
    @extend_schema(request=StatementInput, responses={201: EntryOutput})
    def post(self, request, casino):
        self.writable()
        values = self.values(StatementInput, request)
        return created(EntryOutput(progressive_statement(casino=self.casino, actor=request.user, **values)))


class ProgressiveWinApi(WriteOnlyApi, ProgressiveApi):
    @extend_schema(request=WinInput, responses={201: PendingOutput})
    def post(self, request, casino):
        self.writable()
        values = self.values(WinInput, request)
        return created(PendingOutput(progressive_win_file(casino=self.casino, actor=request.user, **values)))


class ProgressiveStopApi(WriteOnlyApi, ProgressiveApi):
    @extend_schema(request=StopInput, responses={201: EntryOutput})
    def post(self, request, casino):
        self.writable()
        values = self.values(StopInput, request)
        return created(EntryOutput(jackpot_stop(casino=self.casino, actor=request.user, **values)))


class CheckpointApi(PostOnly, ScopedObjectApi):
    """Signs the head of any register of the casino (orphelins included) with the casino's key."""

    def resolve(self, request, casino, kind):
        self.register = queries.register_get(user=request.user, casino_code=casino, kind=kind)

    @extend_schema(request=None, responses={201: CheckpointOutput})
    def post(self, request, casino, kind):
        return created(CheckpointOutput(checkpoint_create(register=self.register, user=request.user)))


class SessionCloseApi(PostOnly, ScopedObjectApi):
    """Closes a gaming day of the casino: nothing more is filed on it, every register's head is signed."""

    def resolve(self, request, casino):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)

    @extend_schema(request=SessionInput, responses={201: SessionOutput})
    def post(self, request, casino):
        data = SessionInput(data=request.data)
        data.is_valid(raise_exception=True)
        session = session_close(casino=self.casino, user=request.user, **data.validated_data)
        return created(SessionOutput(session))
