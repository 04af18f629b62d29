"""API of the poker room registers, mirroring their forms: the cagnotte (LU RGD 1979 art. 97-1), the progressive
jackpots (art. 49-9 to 49-11: configuration, statements, wins, stops, state) and the bad-beat jackpot (art. 49-12
to 49-15). The same services do every check."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from games.poker.jackpots import TOP_COMBINATIONS

from ..chain.api import EntryOutput, KindApi, PendingOutput, WriteOnlyApi, created, names_input, text_input
from ..kinds import RegisterKind
from .selectors import jackpot_cards
from .services import (
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


class CagnotteInput(serializers.Serializer):
    gaming_day = serializers.DateField()
    table = text_input()
    house = text_input()
    bad_beat = text_input()
    box_count = text_input()
    currency = text_input(help_text="the casino's currency when left out")


class BadBeatInput(serializers.Serializer):
    gaming_day = serializers.DateField()
    table = text_input()
    loser = text_input()
    loser_cards = text_input()
    winner_cards = text_input()
    board = text_input()
    pot = text_input()
    minimum_pot = text_input()
    amount = text_input()
    currency = text_input(help_text="the casino's currency when left out")
    players = names_input()
    restart_at = text_input()


class LevelInput(serializers.Serializer):
    combination = serializers.CharField(help_text=", ".join(TOP_COMBINATIONS))
    start = text_input()


class ConfigureInput(serializers.Serializer):
    gaming_day = serializers.DateField(required=False, help_text="today when left out")
    name = serializers.CharField()
    tables = names_input()
    small_blind = text_input()
    levels = LevelInput(many=True)
    increment_kind = serializers.CharField(help_text="fixe, pourcentage")
    increment_value = text_input()
    rounding = serializers.CharField(help_text="inferieur, plus_proche, bancaire")


class StatementInput(serializers.Serializer):
    gaming_day = serializers.DateField(required=False, help_text="today when left out")
    name = serializers.CharField()
    displayed = serializers.DictField(child=serializers.CharField(allow_blank=True), help_text='{"1": "742.10"}')


class WinInput(serializers.Serializer):
    gaming_day = serializers.DateField()
    name = serializers.CharField()
    level = serializers.IntegerField()
    game = text_input()
    table = text_input()
    combination = text_input()
    won_at = text_input()
    amount = text_input()
    currency = text_input(help_text="the casino's currency when left out")
    player = text_input()


class StopInput(serializers.Serializer):
    gaming_day = serializers.DateField(required=False, help_text="today when left out")
    name = serializers.CharField()
    voluntary = serializers.BooleanField(required=False, default=False)
    reason = text_input()
    minister_notified_on = serializers.DateField(required=False, allow_null=True, default=None)


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


class ProgressiveApi(KindApi):
    kind = RegisterKind.JACKPOT_PROGRESSIF


class JackpotStateApi(ProgressiveApi):
    @extend_schema(responses=JackpotStateOutput(many=True))
    def get(self, request, casino):
        return Response(JackpotStateOutput(jackpot_cards(self.register, self.casino), many=True).data)


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


