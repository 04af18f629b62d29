"""API of the bad-beat jackpot as an account (LU RGD 1979 art. 49-12 to 49-15), mirroring its page: its balance, its
days and its session-end statements for everyone who sees the register (its regulator included); its opening at the
start value the casino fixes, the notice to the Minister, a stop, its putting back in service, a line of the
« carnet de compte » and a session-end statement, filed by the casino's staff. The same services do every check;
a win is `POST …/bad_beat/` (registers/poker/api.py)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from compliance.api.inputs import Input

from ..chain.api import FILED_ANSWERS, KindApi, PendingOutput, WriteOnlyApi, created, filed, writes
from ..chain.inputs import CASINO_CURRENCY, Amount, Currency, RegisterText, day, flag, free_text, late_reason_text
from ..fields import TEXT_MAX
from ..kinds import RegisterKind
from .selectors import bad_beat_statement
from .services import (
    TABLE_MAX,
    bad_beat_manual_file,
    bad_beat_notice,
    bad_beat_open,
    bad_beat_restart,
    bad_beat_statement_file,
    bad_beat_stop,
)

MONEY = {"max_digits": 18, "decimal_places": 2, "coerce_to_string": True}


class AccountDayOutput(serializers.Serializer):
    day = serializers.DateField()
    credit = serializers.DecimalField(**MONEY, help_text="the day's increments (none while stopped)")
    won = serializers.DecimalField(**MONEY)
    reset = serializers.DecimalField(**MONEY, help_text="what the wins' restarts add back")
    resumed = serializers.DecimalField(**MONEY, allow_null=True, help_text="the restart's amount, where it was put "
                                       "back in service that day")
    balance = serializers.DecimalField(**MONEY, help_text="at the day's end")
    stopped = serializers.BooleanField()


class StatementOutput(serializers.Serializer):
    seq = serializers.IntegerField()
    gaming_day = serializers.DateField()
    amount = serializers.DecimalField(**MONEY)
    history = serializers.CharField(help_text="the certified history of the tables' machines")


class CarnetOutput(serializers.Serializer):
    table = serializers.CharField()
    day = serializers.DateField()
    noted = serializers.DecimalField(**MONEY, help_text="noted by hand during the breakdown")
    deals = serializers.DecimalField(**MONEY, help_text="the retention of the deals imported for that table and day")
    differs = serializers.BooleanField()


class AccountOutput(serializers.Serializer):
    currency = serializers.CharField()
    stage = serializers.ChoiceField(choices=["aucun", "en_cours", "arrete"],
                                    help_text="« aucun » before any opening at a start value")
    opened = serializers.DateField(allow_null=True, help_text="the latest opening at a start value")
    start = serializers.DecimalField(**MONEY, allow_null=True)
    stopped_since = serializers.DateField(allow_null=True)
    breakdown = serializers.BooleanField(help_text="stopped by a breakdown")
    balance = serializers.DecimalField(**MONEY, allow_null=True, help_text="the cagnotte today; null before any "
                                       "opening")
    restart_at = serializers.DecimalField(**MONEY, allow_null=True, help_text="while stopped: what a restart today "
                                          "puts back in service, the cagnotte as the stop left it (`restart_at`)")
    days = AccountDayOutput(many=True)
    statements = StatementOutput(many=True)
    carnet = CarnetOutput(many=True)


class OpenInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    start = Amount(allow_zero=True, help_text="the start value the casino fixes")
    late_reason = late_reason_text()


class BadBeatNoticeInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    minister_notified_on = day(help_text="the day the Minister was told, already past")
    reference = RegisterText(max_length=200)
    late_reason = late_reason_text()


class BadBeatStopInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    voluntary = flag(required=False, default=False, help_text="false: a breakdown")
    reason = free_text(max_length=TEXT_MAX)
    minister_notified_on = day(required=False, allow_null=True, default=None,
                               help_text="a voluntary stop: the latest notice recorded when left out")
    late_reason = late_reason_text()


class RestartInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    restart_at = Amount(allow_zero=True, help_text="the cagnotte as the stop left it: the account's `restart_at`")
    late_reason = late_reason_text()


class CarnetInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    table = RegisterText(max_length=TABLE_MAX)
    amount = Amount(allow_zero=True)
    currency = Currency(required=False, help_text=CASINO_CURRENCY)
    late_reason = late_reason_text()


class BadBeatStatementInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    amount = Amount(allow_zero=True)
    currency = Currency(required=False, help_text=CASINO_CURRENCY)
    history_reference = RegisterText(max_length=200)
    late_reason = late_reason_text()


class BadBeatKindApi(KindApi):
    kind = RegisterKind.BAD_BEAT


class BadBeatAccountApi(BadBeatKindApi):
    @extend_schema(responses=AccountOutput)
    def get(self, request, casino):
        return Response(AccountOutput(bad_beat_statement(self.casino)).data)


class BadBeatOpenApi(WriteOnlyApi, BadBeatKindApi):
    @extend_schema(request=OpenInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        return filed(bad_beat_open(casino=self.casino, actor=request.user, **self.values(OpenInput, request)))


class BadBeatNoticeApi(WriteOnlyApi, BadBeatKindApi):
    @extend_schema(request=BadBeatNoticeInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        values = self.values(BadBeatNoticeInput, request)
        return filed(bad_beat_notice(casino=self.casino, actor=request.user, **values))


class BadBeatStopApi(WriteOnlyApi, BadBeatKindApi):
    @extend_schema(request=BadBeatStopInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        return filed(bad_beat_stop(casino=self.casino, actor=request.user, **self.values(BadBeatStopInput, request)))


class BadBeatRestartApi(WriteOnlyApi, BadBeatKindApi):
    @extend_schema(request=RestartInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        return filed(bad_beat_restart(casino=self.casino, actor=request.user, **self.values(RestartInput, request)))


class BadBeatCarnetApi(WriteOnlyApi, BadBeatKindApi):
    @extend_schema(request=CarnetInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        return filed(bad_beat_manual_file(casino=self.casino, actor=request.user,
                                          **self.values(CarnetInput, request)))


class BadBeatStatementApi(WriteOnlyApi, BadBeatKindApi):
    @extend_schema(request=BadBeatStatementInput, responses=writes({201: PendingOutput}))
    def post(self, request, casino):
        self.writable()
        return created(PendingOutput(bad_beat_statement_file(casino=self.casino, actor=request.user,
                                                             **self.values(BadBeatStatementInput, request))))
