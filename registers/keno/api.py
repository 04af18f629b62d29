"""API of Keno (/api/v1/registers/<casino>/keno/, QC RJC art. 86), mirroring its page: the tickets with their draws,
their winnings, their deadline and their state, the closing hours recorded, for everyone of the casino's scope, its
regulator included; a ticket sold, a draw's result, a winning ticket paid (refused past its deadline, citing art. 86).
The services do every check, each refusal naming its field in French and English."""

import datetime
import re

from django.core.validators import RegexValidator
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from compliance import selectors as compliance_selectors
from compliance.api.inputs import Input, ListOf

from ..chain.api import FILED_ANSWERS, ScopedObjectApi, filed, writes
from ..chain.inputs import REQUIRED, SHAPE, Amount, Currency, Exact, RegisterText, day, flag, whole
from ..errors import TEXT_NOT_TEXT, ErrorCode
from . import controls, errors, selectors
from .services import (
    NUMBER_MAX,
    REFERENCE_MAX,
    keno_closing_record,
    keno_draw_record,
    keno_ticket_issue,
    keno_ticket_pay,
)

MOMENT_HELP = "ISO 8601, e.g. « 2026-11-28T23:15:00-05:00 » (the casino's time when no offset); now when left out"


class KenoTicketOutput(serializers.Serializer):
    number = serializers.CharField()
    seq = serializers.IntegerField(help_text="the ticket's entry n° in the keno register")
    draws = serializers.ListField(child=serializers.IntegerField())
    stake = serializers.DecimalField(max_digits=18, decimal_places=2, coerce_to_string=True)
    issued_at = serializers.DateTimeField()
    won = serializers.DecimalField(max_digits=18, decimal_places=2, coerce_to_string=True,
                                   help_text="the total its recorded draws won")
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="paid strictly before this moment (the delay the rule data cites); null before "
        "its draws are all recorded or without the closing hour")
    paid_seq = serializers.IntegerField(allow_null=True)
    paid_at = serializers.DateTimeField(allow_null=True)
    state = serializers.CharField(help_text="to_draw, not_winning, no_closing (the casino's closing hour not "
                                  "recorded), to_pay, expired (unpaid past its deadline), paid")


class KenoClosingOutput(serializers.Serializer):
    seq = serializers.IntegerField(help_text="its entry n° in the keno register")
    effective_from = serializers.DateField(source="effective")
    hour = serializers.SerializerMethodField(help_text="« HH:MM », the casino's time")
    next_day = serializers.BooleanField(help_text="the casino closes after midnight, the day after its journée")
    reference = serializers.CharField(help_text="where the casino sets its closing hour (not one of our texts)")

    def get_hour(self, closing) -> str:
        return closing.hour.strftime("%H:%M")


class KenoOutput(serializers.Serializer):
    citation = serializers.CharField()
    closing_control = serializers.CharField(help_text="the closing hour is the casino's own data, shown as such")
    closings = KenoClosingOutput(many=True, help_text="the closing hours recorded, the latest in force first")
    tickets = KenoTicketOutput(many=True)


HOUR = r"^(?:[01][0-9]|2[0-3]):[0-5][0-9]$"


class Hour(Exact):
    """« HH:MM », as the service reads it."""

    format = re.compile(HOUR)

    def __init__(self, **kwargs):
        super().__init__(max_length=5, validators=[RegexValidator(HOUR)], codes=SHAPE,
                         messages={**REQUIRED, "invalid": TEXT_NOT_TEXT}, **kwargs)

    def check(self, value: str) -> str:
        if not self.format.fullmatch(value):
            self.refuse(ErrorCode.INVALID, errors.HOUR_INVALID, value=value[:20])
        return value


class KenoClosingInput(Input):
    effective_from = day(help_text="the day from which this closing hour is in force")
    hour = Hour(help_text="« HH:MM », the casino's time")
    next_day = flag(required=False, default=False,
                    help_text="true: the casino closes after midnight, on the calendar day after its journée")
    reference = RegisterText(max_length=REFERENCE_MAX, help_text="where the casino sets its closing hour (its act or "
                             "decision): it is not in the texts Vigie holds")


class KenoTicketInput(Input):
    number = RegisterText(max_length=NUMBER_MAX)
    draws = ListOf(child=whole(), min_length=1, codes=SHAPE, messages=REQUIRED,
                   help_text="one draw n° for a single-draw ticket, several for a multi-draw ticket")
    stake = Amount()
    currency = Currency(help_text="ISO 4217: the casino's currency (another is refused: `wrong_currency`)")
    issued_at = RegisterText(max_length=40, required=False, default=None, allow_null=True, help_text=MOMENT_HELP)


class KenoDrawInput(Input):
    number = whole(help_text="the draw's n°, recorded once (`duplicate`)")
    drawn_at = RegisterText(max_length=40, required=False, default=None, allow_null=True, help_text=MOMENT_HELP)
    winners = serializers.DictField(child=Amount(), required=False, default=dict,
                                    help_text="each winning ticket valid for this draw → the amount it won")
    currency = Currency(help_text="ISO 4217: the casino's currency")


class KenoPaymentInput(Input):
    number = RegisterText(max_length=NUMBER_MAX, help_text="the ticket presented; refused past its deadline "
                          "(`deadline_passed`) or when it did not win (`nothing_to_pay`)")
    paid_at = RegisterText(max_length=40, required=False, default=None, allow_null=True, help_text=MOMENT_HELP)


class KenoApi(ScopedObjectApi):
    def resolve(self, request, casino):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)
        if not selectors.keno_applies(self.casino):
            raise Http404

    def written(self, request, body, service):
        """A write: its body checked for its shape, the service deciding the rest."""
        data = body(data=request.data)
        data.is_valid(raise_exception=True)
        return filed(service(casino=self.casino, actor=request.user, **data.validated_data))


class KenoStateApi(KenoApi):
    @extend_schema(responses=KenoOutput)
    def get(self, request, casino):
        """Every ticket, the latest first, with its deadline and its state."""
        keno = selectors.keno_of(selectors.register_of(self.casino))
        delays, zone = selectors.delays_on(self.casino, self.casino.today()), selectors.zone_of(self.casino)
        rows, now = [], datetime.datetime.now(zone)
        for ticket in sorted(keno.tickets.values(), key=lambda item: item.seq, reverse=True):
            deadline = controls.deadline_of(ticket, keno, delays, zone)
            rows.append({"number": ticket.number, "seq": ticket.seq, "draws": list(ticket.draws),
                         "stake": ticket.stake, "issued_at": ticket.issued_at, "won": ticket.total,
                         "deadline": deadline.moment if deadline else None, "paid_seq": ticket.paid_seq,
                         "paid_at": ticket.paid_at, "state": controls.ticket_state(ticket, keno, deadline, now)})
        closings = sorted(keno.closings, key=lambda item: (item.effective, item.seq), reverse=True)
        return Response(KenoOutput({"citation": delays.citation, "closing_control": str(controls.CLOSING),
                                    "closings": closings, "tickets": rows}).data)


class KenoClosingApi(KenoApi):
    @extend_schema(request=KenoClosingInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        """The casino's closing hour recorded by its management with its reference (`wrong_role` for a cashier)."""
        return self.written(request, KenoClosingInput, keno_closing_record)


class KenoTicketApi(KenoApi):
    @extend_schema(request=KenoTicketInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        return self.written(request, KenoTicketInput, keno_ticket_issue)


class KenoDrawApi(KenoApi):
    @extend_schema(request=KenoDrawInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        return self.written(request, KenoDrawInput, keno_draw_record)


class KenoPaymentApi(KenoApi):
    @extend_schema(request=KenoPaymentInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        return self.written(request, KenoPaymentInput, keno_ticket_pay)
