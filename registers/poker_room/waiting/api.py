"""API of the poker room's waiting list (docs/poker-waiting-list.md): `POST /api/v1/registers/<casino>/poker/waiting/`,
a player inscribed on a gaming day's list; `POST /api/v1/registers/<casino>/poker/waiting/calls/`, the list called at
a table's latest séance of the day, its free seats drawn at random from a seed Vigie draws and writes (LU RGD 1979
art. 49-1, 49-5). Thin callers of the services; casino staff file, a regulator reads the register."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers

from compliance.errors import DomainError
from registers.errors import ErrorCode

from ...chain.api import FILED_ANSWERS, WriteOnlyApi, filed, writes
from ...kinds import RegisterKind
from ...models import PokerSession
from ..controls import CHEF_DE_PARTIE, DIRECTION
from ..floor_errors import NO_SEANCE
from .services import PLAYER_MAX, waiting_list_add, waiting_list_call


class WaitingAddInput(serializers.Serializer):
    gaming_day = serializers.DateField()
    player = serializers.CharField(max_length=PLAYER_MAX, min_length=1,
                                   help_text="the player as the floor writes them: a name, a pseudonym or a number")


class WaitingCallInput(serializers.Serializer):
    gaming_day = serializers.DateField()
    table = serializers.CharField(max_length=60, help_text="the table whose latest séance of the day is called")
    free_seats = serializers.ListField(child=serializers.IntegerField(), help_text="the table's free seats, « [3, 8] »")
    absent = serializers.ListField(child=serializers.IntegerField(), required=False, default=list,
                                   help_text="the ranks called who did not answer")
    quality = serializers.ChoiceField(choices=[CHEF_DE_PARTIE, DIRECTION],
                                      help_text="who attributes the seats, as the game's article names them")
    chef_de_partie = serializers.CharField(max_length=120, required=False, allow_blank=True, default="",
                                           help_text="the chef de partie's name, when they call the list")


class WaitingAddApi(WriteOnlyApi):
    """Inscribes a player on the room's waiting list of a gaming day, once while they wait. The entry of the cagnotte
    register it writes."""

    kind = RegisterKind.CAGNOTTE

    @extend_schema(request=WaitingAddInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        values = self.values(WaitingAddInput, request)
        return filed(waiting_list_add(casino=self.casino, actor=request.user, **values))


class WaitingCallApi(WriteOnlyApi):
    """Calls the list in order of inscription for a table's free seats, each who answers seated at a seat drawn at
    random; the seed, the method and the seats written in the entry of the cagnotte register it returns."""

    kind = RegisterKind.CAGNOTTE

    @extend_schema(request=WaitingCallInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        values = self.values(WaitingCallInput, request)
        day, table = values.pop("gaming_day"), values.pop("table")
        session = PokerSession.objects.filter(casino=self.casino, gaming_day=day, table=table).order_by(
            "-number").first()
        if session is None:
            raise DomainError(str(NO_SEANCE).format(table=table, day=day.isoformat()), code=ErrorCode.NOT_OPEN,
                              field="table")
        return filed(waiting_list_call(session=session, actor=request.user, **values))
