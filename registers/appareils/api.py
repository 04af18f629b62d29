"""API of the slot machine register (LU RGD 1979 art. 17, 18-1) and of the hand-paid jackpots (art. 18-10),
mirroring their forms: the same services do every check. GET lists a register's entries; POST on jackpots/ files
a payout; machines/ lists the fleet; install/, notices/ and moves/ carry the machines' forms."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from compliance.api.inputs import Input
from registers.errors import ErrorCode

from ..chain.api import FILED_ANSWERS, KindApi, PendingOutput, WriteOnlyApi, created, filed, writes
from ..chain.inputs import (
    CASINO_CURRENCY,
    Amount,
    Currency,
    RegisterText,
    choice,
    day,
    flag,
    late_reason_text,
    names,
    whole,
)
from ..kinds import RegisterKind
from .controls import CONDITIONS
from .jackpots import jackpot_manual_payout_file
from .selectors import EVENTS, fleet
from .services import MACHINE_MAX, appareil_condition_record, appareil_install, appareil_move, appareil_notice


class AppareilOutput(serializers.Serializer):
    machine = serializers.CharField(source="number")
    state = serializers.CharField()
    state_label = serializers.CharField()
    manufacturer = serializers.CharField(source="installed.payload.manufacturer", default=None)
    certificate = serializers.CharField(source="installed.payload.certificate", default=None)
    condition = serializers.CharField(source="machine.condition", default=None, allow_null=True,
                                      help_text="neuf or remis_a_neuf, said at its installation or recorded since by "
                                      "the management; null while the register does not say it")
    approval = serializers.CharField(source="installed.payload.approval", default=None, allow_null=True,
                                     help_text="a refurbished machine's approval reference")
    last_entry = serializers.IntegerField(source="last.entry.seq")
    last_kind = serializers.CharField(source="last.entry.kind")
    last_gaming_day = serializers.DateField(source="last.entry.gaming_day")


RECEIPT_MAX = 60  # as jackpot_manual_payout_file and appareil_notice bound them
REFERENCE_MAX = 200
ENTRY_SEQ_MAX = 2**63 - 1  # an entry's n° (PositiveBigIntegerField)


class JackpotInput(Input):
    gaming_day = day()
    machine = RegisterText(max_length=MACHINE_MAX)
    amount = Amount()
    currency = Currency(required=False, help_text=CASINO_CURRENCY)
    receipt_number = RegisterText(max_length=RECEIPT_MAX)
    receipt_in_cabinet = flag(help_text="the original receipt is in the two-key cabinet (`receipt_not_in_cabinet`): "
                              "a payout is refused without it")
    card_excess = whole(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=ENTRY_SEQ_MAX,
        help_text="n° of the `carte.gain_excedent` entry of the casino's `cartes` register this payout pays "
        "(the part of a win past the card's cap): amount and machine must be the excess's, and an excess is paid once",
    )
    late_reason = late_reason_text()


class InstallInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    machine = RegisterText(max_length=MACHINE_MAX)
    manufacturer = RegisterText()
    certificate = RegisterText()
    server_based = flag(required=False, default=False)
    condition = choice(list(CONDITIONS), help_text="the machine's condition, as the rule data words them: neuf, or "
                       "remis_a_neuf by a firm approved by the Minister")
    approval = RegisterText(max_length=REFERENCE_MAX, optional=True,
                            help_text="a refurbished machine's: the reference of the casino's approval of its "
                            "refurbishment (a request « appareil_remis_a_neuf »), in force on the gaming day")
    games = names()
    certified_games = names()
    late_reason = late_reason_text()


class ConditionInput(Input):
    machine = RegisterText(max_length=MACHINE_MAX, help_text="a machine of the fleet whose installation says no "
                           "condition (`unknown_machine`, `duplicate` once it is said)")
    condition = choice(list(CONDITIONS), help_text="neuf, or remis_a_neuf by a firm approved by the Minister")
    approval = RegisterText(max_length=REFERENCE_MAX, optional=True,
                            help_text="a refurbished machine's: the reference of the casino's approval of its "
                            "refurbishment, in force on its installation's day")


class NoticeInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    machine = RegisterText(max_length=MACHINE_MAX)
    event = choice(list(EVENTS), code=ErrorCode.UNKNOWN_EVENT)
    effective = day()
    reference = RegisterText(max_length=REFERENCE_MAX)
    sent_on = day()
    late_reason = late_reason_text()


class MoveInput(Input):
    gaming_day = day(help_text="the effective date of a recorded notice")
    machine = RegisterText(max_length=MACHINE_MAX)
    event = choice([*EVENTS, "destruction"], code=ErrorCode.UNKNOWN_EVENT,
                   help_text="destruction is always refused where the rule data forbids it (`destruction_forbidden`)")
    late_reason = late_reason_text()


class JackpotsApi(KindApi):
    kind = RegisterKind.JACKPOTS

    @extend_schema(request=JackpotInput, responses=writes({201: PendingOutput}))
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
    @extend_schema(request=InstallInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        values = self.values(InstallInput, request)
        return filed(appareil_install(casino=self.casino, actor=request.user, **values))


class AppareilConditionApi(WriteOnlyApi, AppareilsApi):
    @extend_schema(request=ConditionInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        """The condition (art. 17 al. 2 5°) of a machine installed before Vigie asked it, recorded by the casino's
        management (`wrong_role` for anyone else)."""
        self.writable()
        values = self.values(ConditionInput, request)
        return filed(appareil_condition_record(casino=self.casino, actor=request.user, **values))


class AppareilNoticeApi(WriteOnlyApi, AppareilsApi):
    @extend_schema(request=NoticeInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        values = self.values(NoticeInput, request)
        return filed(appareil_notice(casino=self.casino, actor=request.user, **values))


class AppareilMoveApi(WriteOnlyApi, AppareilsApi):
    @extend_schema(request=MoveInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        values = self.values(MoveInput, request)
        return filed(appareil_move(casino=self.casino, actor=request.user, **values))


