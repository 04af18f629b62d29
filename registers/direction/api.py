"""API of the direction's register (/api/v1/registers/<casino>/direction/), mirroring its page: the management
committee on a day, the duty log of the week ending that day, the playing time no presence covers, the director's
designations and the acts done without one; for everyone of the casino's scope, its regulator included."""

import datetime

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from compliance import selectors as compliance_selectors

from ..chain.api import ScopedObjectApi
from . import selectors


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
