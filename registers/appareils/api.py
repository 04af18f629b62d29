"""API of the slot machine register (LU RGD 1979 art. 17, 18-1) and of the hand-paid jackpots (art. 18-10),
mirroring their forms: the same services do every check. GET lists a register's entries; POST on jackpots/ files
a payout; machines/ lists the fleet; install/, notices/ and moves/ carry the machines' forms."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from ..chain.api import EntryOutput, KindApi, PendingOutput, WriteOnlyApi, created, names_input, text_input
from ..kinds import RegisterKind
from .jackpots import jackpot_manual_payout_file
from .selectors import EVENTS, fleet
from .services import appareil_install, appareil_move, appareil_notice


class AppareilOutput(serializers.Serializer):
    machine = serializers.CharField(source="number")
    state = serializers.CharField()
    state_label = serializers.CharField()
    manufacturer = serializers.CharField(source="installed.payload.manufacturer", default=None)
    certificate = serializers.CharField(source="installed.payload.certificate", default=None)
    last_entry = serializers.IntegerField(source="last.entry.seq")
    last_kind = serializers.CharField(source="last.entry.kind")
    last_gaming_day = serializers.DateField(source="last.entry.gaming_day")


class JackpotInput(serializers.Serializer):
    gaming_day = serializers.DateField()
    machine = text_input()
    amount = text_input()
    currency = text_input()
    receipt_number = text_input()
    receipt_in_cabinet = serializers.BooleanField(required=False, default=False)
    card_excess = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        help_text="n° of the `carte.gain_excedent` entry of the casino's `cartes` register this payout pays "
        "(LU RGD 1979 art. 3-4 7)): amount and machine must be the excess's, and an excess is paid once",
    )


class InstallInput(serializers.Serializer):
    gaming_day = serializers.DateField(required=False, help_text="today when left out")
    machine = text_input()
    manufacturer = text_input()
    certificate = text_input()
    server_based = serializers.BooleanField(required=False, default=False)
    games = names_input()
    certified_games = names_input()


class NoticeInput(serializers.Serializer):
    gaming_day = serializers.DateField(required=False, help_text="today when left out")
    machine = text_input()
    event = text_input()
    effective = serializers.DateField()
    reference = text_input()
    sent_on = serializers.DateField()


class MoveInput(serializers.Serializer):
    gaming_day = serializers.DateField(help_text="the effective date of a recorded notice")
    machine = text_input()
    event = serializers.CharField(help_text=", ".join([*EVENTS, "destruction (always refused: art. 18-1)"]))


class JackpotsApi(KindApi):
    kind = RegisterKind.JACKPOTS

    @extend_schema(request=JackpotInput, responses={201: PendingOutput})
    def post(self, request, casino):
        self.writable()
        values = self.values(JackpotInput, request)
        values["settles"] = {"card_excess": values.pop("card_excess")}
        return created(PendingOutput(jackpot_manual_payout_file(casino=self.casino, actor=request.user, **values)))


class AppareilsApi(KindApi):
    kind = RegisterKind.APPAREILS


class AppareilListApi(AppareilsApi):
    @extend_schema(responses=AppareilOutput(many=True))
    def get(self, request, casino):
        return Response(AppareilOutput(fleet(self.register), many=True).data)


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


