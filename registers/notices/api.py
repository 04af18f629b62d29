"""API of the notices (/api/v1/registers/<casino>/notices/), mirroring the page /affichages/<casino>/: on a day, the
notices the casino's texts require, those displayed with their text as posted, and the postings and withdrawals
recorded for that day; for everyone of the casino's scope, its regulator included. Its writes, for the casino's
management only (the services refuse anyone else): a notice posted, a posting withdrawn, each a new row with its day
(the same services do every check, each refusal naming its field)."""

import datetime

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from compliance import selectors as compliance_selectors
from compliance.api.inputs import Input

from ..chain.api import PostOnly, ScopedObjectApi, created, writes
from ..chain.inputs import RegisterText, choice, day, whole
from . import catalogue, selectors
from .controls import PLACE_MAX, REASON_MAX, TEXT_MAX
from .services import notice_post, notice_withdraw


class SectionOutput(serializers.Serializer):
    title = serializers.CharField()
    lines = serializers.ListField(child=serializers.CharField())
    citation = serializers.CharField(help_text="the article it rests on, or the mention of the casino's own text")
    own = serializers.BooleanField(help_text="the casino's own words, never cited as an article")


class OwedOutput(serializers.Serializer):
    kind = serializers.CharField()
    title = serializers.CharField()
    citation = serializers.CharField(help_text="the article requiring it, as the rule data cites it")
    displayed = serializers.BooleanField(help_text="false: owed that day and displayed nowhere")


class PostingOutput(serializers.Serializer):
    number = serializers.IntegerField(source="pk")
    kind = serializers.CharField()
    title = serializers.CharField(source="content.title")
    citation = serializers.CharField(source="content.citation")
    place = serializers.CharField()
    day = serializers.DateField(help_text="displayed from that day")
    size = serializers.CharField(help_text="A4 or A3")
    sha256 = serializers.CharField(source="digest", help_text="of the notice's text as posted")
    sections = SectionOutput(many=True, source="content.sections")


class EventOutput(serializers.Serializer):
    number = serializers.IntegerField(source="pk")
    action = serializers.CharField(help_text="pose: posted; retrait: withdrawn")
    kind = serializers.CharField()
    place = serializers.CharField()
    day = serializers.DateField()
    posting = serializers.IntegerField(source="posting_id", allow_null=True,
                                       help_text="the posting a withdrawal takes down")
    reason = serializers.CharField(help_text="a withdrawal's reason")
    actor = serializers.CharField(source="actor.username")
    recorded_at = serializers.DateTimeField()


class NoticesOutput(serializers.Serializer):
    day = serializers.DateField()
    owed = OwedOutput(many=True)
    displayed = PostingOutput(many=True)
    events = EventOutput(many=True, help_text="the postings and withdrawals of that day, in the order recorded")


class NoticeEventOutput(EventOutput):
    sha256 = serializers.CharField(source="digest", help_text="a posting's text's SHA-256; empty for a withdrawal")


class CasinoApi(ScopedObjectApi):
    """A casino the caller sees (another's is a 404 whatever the method)."""

    def resolve(self, request, casino):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)


class NoticesApi(CasinoApi):

    @extend_schema(responses=NoticesOutput, parameters=[OpenApiParameter(
        "day", str, description="AAAA-MM-JJ, never after the casino's today (default: its today)")])
    def get(self, request, casino):
        """The notices owed on `day`, those displayed with their text as posted, and that day's postings and
        withdrawals."""
        today = self.casino.today()
        try:
            on = min(datetime.date.fromisoformat(request.query_params.get("day") or ""), today)
        except ValueError:
            on = today
        events = selectors.events_of(self.casino)
        board = selectors.board_of(events)
        displayed = {posted.kind for posted in board.displayed_on(on)}
        owed = [{"kind": kind, "title": title, "citation": citation, "displayed": kind in displayed}
                for kind, (title, citation) in selectors.owed(self.casino, on).items()]
        return Response(NoticesOutput({
            "day": on, "owed": owed, "displayed": selectors.displayed(self.casino, on),
            "events": [event for event in events if event.day == on]}).data)


class PostingInput(Input):
    kind = choice(list(catalogue.KINDS), help_text="the notice (`owed[].kind`); one the casino does not owe that day "
                                                   "is refused (`not_offered`)")
    place = RegisterText(max_length=PLACE_MAX, help_text="where it is displayed (the room, the table)")
    day = day(required=False, default=None, help_text="displayed from that day (default: the casino's today)")
    size = choice(list(catalogue.SIZES), required=False, default="A4", help_text="the poster's paper")
    texts = serializers.DictField(child=RegisterText(max_length=TEXT_MAX, multiline=True, optional=True),
                                  required=False, default=dict,
                                  help_text="the casino's texts the notice needs, by name (the page's form lists them)")


class WithdrawalInput(Input):
    posting = whole(min_value=1, help_text="the posting's n° (`displayed[].number`)")
    reason = RegisterText(max_length=REASON_MAX, multiline=True)
    day = day(required=False, default=None, help_text="withdrawn that day (default: the casino's today)")


class NoticeWriteApi(PostOnly, CasinoApi):
    def body(self, serializer_class, request) -> dict:
        data = serializer_class(data=request.data)
        data.is_valid(raise_exception=True)
        return dict(data.validated_data)


class NoticePostingApi(NoticeWriteApi):
    @extend_schema(request=PostingInput, responses=writes({201: NoticeEventOutput}))
    def post(self, request, casino):
        """A notice the casino owes, displayed from `day` at `place`; its signed poster is asked of the worker."""
        return created(NoticeEventOutput(notice_post(casino=self.casino, actor=request.user,
                                                     **self.body(PostingInput, request))))


class NoticeWithdrawalApi(NoticeWriteApi):
    @extend_schema(request=WithdrawalInput, responses=writes({201: NoticeEventOutput}))
    def post(self, request, casino):
        """A posting taken down on `day`, with its reason: from that day it is no longer displayed."""
        return created(NoticeEventOutput(notice_withdraw(casino=self.casino, actor=request.user,
                                                         **self.body(WithdrawalInput, request))))
