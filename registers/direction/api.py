"""API of the direction's register (/api/v1/registers/<casino>/direction/), mirroring its page: the management
committee on a day, the duty log of the week ending that day, the playing time no presence covers, the director's
designations and the acts done without one; for everyone of the casino's scope, its regulator included. Its writes,
for the casino's management only (the services refuse anyone else): a committee change, a presence of the duty log, a
designation, a designation's early end and a presence's correction, each a new entry of the register (the corrected
entry stays as written, the new one names it). The same services do every check, each refusal naming its field."""

import datetime
import re

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from compliance import selectors as compliance_selectors
from compliance.api.inputs import Coded, Input

from ..chain.api import EntryOutput, ScopedObjectApi, WriteOnlyApi, created, writes
from ..chain.inputs import SHAPE, RegisterText, choice, day, flag, whole
from ..errors import ErrorCode
from ..kinds import RegisterKind
from . import controls, errors, selectors, services


class MemberOutput(serializers.Serializer):
    name = serializers.CharField()
    director = serializers.BooleanField(help_text="the responsible director")
    since = serializers.DateField()
    reference = serializers.CharField(help_text="the act of the appointment, as the casino cites it")


class ShiftOutput(serializers.Serializer):
    seq = serializers.IntegerField(help_text="its entry's n° in the direction's register")
    name = serializers.CharField(help_text="the member present at the casino")
    start = serializers.DateTimeField()
    end = serializers.DateTimeField()


class GapOutput(serializers.Serializer):
    day = serializers.DateField(help_text="the gaming day")
    start = serializers.DateTimeField(allow_null=True, help_text="null: sessions without hours, no presence that day")
    end = serializers.DateTimeField(allow_null=True)
    tables = serializers.ListField(child=serializers.CharField())


class DesignationOutput(serializers.Serializer):
    seq = serializers.IntegerField()
    employee = serializers.CharField(help_text="the employee's username")
    employee_name = serializers.CharField()
    act = serializers.CharField(help_text="the kind of entry the employee is designated for")
    first = serializers.DateField()
    last = serializers.DateField(allow_null=True, help_text="null: until further notice")
    director = serializers.CharField()
    reference = serializers.CharField()


class ActOutput(serializers.Serializer):
    register = serializers.CharField()
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    day = serializers.DateField()
    actor = serializers.CharField()


class DirectionOutput(serializers.Serializer):
    day = serializers.DateField()
    first = serializers.DateField(help_text="the week's first day")
    members = MemberOutput(many=True)
    shifts = ShiftOutput(many=True)
    gaps = GapOutput(many=True)
    designations = DesignationOutput(many=True, source="book.designations")
    undesignated = ActOutput(many=True)


class DirectionApi(ScopedObjectApi):
    def resolve(self, request, casino):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)
        if not selectors.applies_to(self.casino):
            raise Http404

    @extend_schema(responses=DirectionOutput, parameters=[OpenApiParameter(
        "day", str, description="the week's last day, AAAA-MM-JJ (default: the casino's today)")])
    def get(self, request, casino):
        """The committee on `day`, the week's duty log, its playing time not covered and its acts not designated."""
        today = self.casino.today()
        try:
            day = min(datetime.date.fromisoformat(request.query_params.get("day") or ""), today)
        except ValueError:
            day = today
        return Response(DirectionOutput(selectors.page_of(self.casino, day)).data)


# --- writes ----------------------------------------------------------------------------------------------------------

RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$",
                     re.IGNORECASE)
MOMENT_FORMAT = "an RFC 3339 date-time with its offset, e.g. 2026-11-20T19:30:00+01:00"
SEQ_MAX = 2**31 - 1  # an entry's n°, well within what the database keeps (a larger one is no entry)
YEARS = (1900, 2999)  # a moment outside them is no presence at a casino (and would overflow a time zone's shift)


class Moment(Coded, serializers.DateTimeField):
    """An RFC 3339 date-time with its offset (never a naive one, whose zone would be guessed); a string of that shape
    that names no real moment of the years a casino keeps (a 61st second, a year 0) is `unknown_moment`."""

    def __init__(self, **kwargs):
        kwargs.setdefault("help_text", MOMENT_FORMAT)
        super().__init__(codes=SHAPE, **kwargs)

    def to_internal_value(self, value):
        if not isinstance(value, str) or not RFC3339.match(value):
            self.fail("invalid", format=MOMENT_FORMAT)
        try:
            moment = datetime.datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
        except ValueError:
            moment = None
        if moment is None or not YEARS[0] <= moment.year <= YEARS[1]:
            self.refuse(ErrorCode.UNKNOWN_MOMENT, errors.UNREADABLE, kind=value)
        return moment


class CommitteeInput(Input):
    change = choice(list(controls.CHANGES), help_text="nomination: appointed; depart: leaving")
    name = RegisterText(max_length=120, help_text="the member, as the act names them")
    director = flag(required=False, default=False, help_text="appointed as the responsible director (one at a time)")
    effective_from = day()
    reference = RegisterText(max_length=services.REFERENCE_MAX, help_text="the act, as the casino cites it")


class DutyInput(Input):
    member = RegisterText(max_length=120, help_text="the responsible director or the committee member replacing them")
    starts_at = Moment()
    ends_at = Moment(help_text=f"after `starts_at`, {controls.SHIFT_HOURS} hours at most; {MOMENT_FORMAT}")


class DesignationInput(Input):
    employee = RegisterText(max_length=150, help_text="the employee's username (`wrong_role`: not the casino's staff)")
    act = choice(list(controls.ACTS), help_text="the kind of entry the employee is designated for")
    first_day = day()
    last_day = day(required=False, default=None, help_text="left out: until further notice")
    reference = RegisterText(max_length=services.REFERENCE_MAX, help_text="the designation's reference")


class DesignationEndInput(Input):
    designation = whole(min_value=1, max_value=SEQ_MAX, help_text="the designation's n° (`designations[].seq`)")
    last_day = day(help_text="its new last day: not before its first, before the last it had (`no_change`)")
    reason = RegisterText(max_length=services.REASON_MAX, multiline=True)


class DutyCorrectionInput(Input):
    duty = whole(min_value=1, max_value=SEQ_MAX, help_text="the presence's n° in the log (`shifts[].seq`)")
    reason = RegisterText(max_length=services.REASON_MAX, multiline=True, help_text="why it was wrong")
    set_aside = flag(required=False, default=False, help_text="written in error: the presence leaves the log")
    member = RegisterText(max_length=120, optional=True, help_text="left out: the same member")
    starts_at = Moment(required=False, default=None)
    ends_at = Moment(required=False, default=None, help_text="with `starts_at`, unless `set_aside` (`required`)")


class DirectionWriteApi(WriteOnlyApi):
    kind = RegisterKind.DIRECTION
    service = None
    input = Input

    def post(self, request, casino):
        self.writable()
        return created(EntryOutput(type(self).service(casino=self.casino, actor=request.user,
                                                      **self.values(self.input, request))))


class CommitteeApi(DirectionWriteApi):
    service, input = services.committee_change_record, CommitteeInput

    @extend_schema(request=CommitteeInput, responses=writes({201: EntryOutput}))
    def post(self, request, casino):
        """A member of the management committee appointed or leaving, with the act's reference."""
        return super().post(request, casino)


class DutyApi(DirectionWriteApi):
    service, input = services.duty_record, DutyInput

    @extend_schema(request=DutyInput, responses=writes({201: EntryOutput}))
    def post(self, request, casino):
        """A presence at the casino of the responsible director or of the committee member replacing them."""
        return super().post(request, casino)


class DesignationApi(DirectionWriteApi):
    service, input = services.designation_record, DesignationInput

    @extend_schema(request=DesignationInput, responses=writes({201: EntryOutput}))
    def post(self, request, casino):
        """The director's designation of an employee for an act."""
        return super().post(request, casino)


class DesignationEndApi(DirectionWriteApi):
    service, input = services.designation_end, DesignationEndInput

    @extend_schema(request=DesignationEndInput, responses=writes({201: EntryOutput}))
    def post(self, request, casino):
        """A designation ended before its last day, with the reason."""
        return super().post(request, casino)


class DutyCorrectionApi(DirectionWriteApi):
    service, input = services.duty_correct, DutyCorrectionInput

    @extend_schema(request=DutyCorrectionInput, responses=writes({201: EntryOutput}))
    def post(self, request, casino):
        """A presence of the log corrected, or set aside as written in error, with the reason."""
        return super().post(request, casino)
