"""API of the playing-card stock (/api/v1/registers/<casino>/decks/), mirroring its page: the decks on hand by lot and
what is at each table, for everyone of the casino's scope, its regulator included; a receipt, an issue to a table and a
return (in perfect condition, or retired with its reason) filed by the casino's staff. The same services do every
check, each refusal naming its field in French and English. A destruction is filed from the page and countersigned
through the register's queue (`POST /api/v1/registers/pending/<id>/countersign/`)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from compliance.api.inputs import Input

from ..chain.api import EntryOutput, KindApi, WriteOnlyApi, created, writes
from ..chain.inputs import RegisterText, choice, day, flag, free_text, names, whole
from ..fields import NAME_MAX, TEXT_MAX
from ..kinds import RegisterKind
from . import selectors
from .controls import FAMILIES
from .services import SEAL_MAX, deck_issue, deck_receive, deck_return

COUNT = {"min_value": 1, "max_value": 10000}


class DeckLotOutput(serializers.Serializer):
    lot = serializers.CharField(help_text="the lot's number, given at its receipt (« L2026-001 »)")
    received_on = serializers.DateField()
    supplier = serializers.CharField()
    description = serializers.CharField()
    colour = serializers.CharField()
    seals = serializers.ListField(child=serializers.CharField())
    new = serializers.IntegerField(help_text="decks under seal, never issued")
    used = serializers.IntegerField(help_text="decks returned in perfect condition")
    out = serializers.IntegerField(help_text="decks at a table")
    retired = serializers.IntegerField(help_text="decks retired, to destroy")
    destroyed = serializers.IntegerField()


class DeckIssueOutput(serializers.Serializer):
    issue = serializers.IntegerField(source="seq", help_text="the issue's n° in the register: a return names it")
    lot = serializers.CharField()
    family = serializers.ChoiceField(choices=list(FAMILIES))
    table = serializers.CharField()
    day = serializers.DateField()
    decks = serializers.IntegerField()
    left = serializers.IntegerField(help_text="still at the table")
    new = serializers.BooleanField()


class DeckStockOutput(serializers.Serializer):
    lots = DeckLotOutput(many=True)
    out = DeckIssueOutput(many=True, help_text="the issues with decks still at a table")


class DeckReceiptInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    supplier = RegisterText(max_length=NAME_MAX)
    description = RegisterText(max_length=NAME_MAX, help_text="what was received, e.g. « 52 cartes, logo du casino »")
    colour = RegisterText(max_length=40, help_text="the backs' colour")
    packs = whole(**COUNT)
    per_pack = whole(**COUNT, help_text="decks to a pack: six where the texts group them in sixains (`invalid`)")
    seals = names(max_length=SEAL_MAX, required=True, help_text="one seal number a pack, never one already in the "
                  "register (`duplicate`)")
    plain_back = flag(help_text="a plain-coloured back, where the texts require one (`invalid`)")


class DeckIssueInput(Input):
    gaming_day = day(required=False, help_text="the day the decks are issued for: today when left out")
    lot = RegisterText(max_length=20)
    decks = whole(**COUNT)
    new = flag(help_text="from the lot's decks under seal; false: those returned in perfect condition")
    family = choice(list(FAMILIES), help_text="a table game's table (by its number) or a poker room's")
    table = RegisterText(max_length=60)
    counted = flag(help_text="counted and checked (`required`)")
    sealed = flag(required=False, default=False, help_text="new decks: their seal found intact (`required`)")
    perfect = flag(required=False, default=False, help_text="checked in perfect condition")


class DeckReturnInput(Input):
    gaming_day = day(required=False, help_text="today when left out")
    issue = whole(min_value=1, help_text="the issue's n° in the register (`out[].issue`, an entry's `seq`)")
    decks = whole(**COUNT)
    perfect = flag(help_text="in perfect condition, back to the stock; false: retired, to destroy")
    reason = free_text(max_length=TEXT_MAX, help_text="why a deck is retired (`required` then)")


def _stock_rows(casino) -> dict:
    stock = selectors.stock_of(casino)
    return {"lots": sorted(stock.lots.values(), key=lambda lot: lot.lot),
            "out": [issue for issue in stock.issues.values() if issue.left > 0]}


class DecksKindApi(KindApi):
    kind = RegisterKind.JEUX_DE_CARTES


class DecksApi(DecksKindApi):
    @extend_schema(responses=DeckStockOutput)
    def get(self, request, casino):
        """The decks on hand by lot, and those at a table."""
        return Response(DeckStockOutput(_stock_rows(self.casino)).data)


class DeckReceiptApi(WriteOnlyApi, DecksKindApi):
    @extend_schema(request=DeckReceiptInput, responses=writes({201: EntryOutput}))
    def post(self, request, casino):
        self.writable()
        return created(EntryOutput(deck_receive(casino=self.casino, actor=request.user,
                                                **self.values(DeckReceiptInput, request))))


class DeckIssueApi(WriteOnlyApi, DecksKindApi):
    @extend_schema(request=DeckIssueInput, responses=writes({201: EntryOutput}))
    def post(self, request, casino):
        self.writable()
        return created(EntryOutput(deck_issue(casino=self.casino, actor=request.user,
                                              **self.values(DeckIssueInput, request))))


class DeckReturnApi(WriteOnlyApi, DecksKindApi):
    @extend_schema(request=DeckReturnInput, responses=writes({201: EntryOutput}))
    def post(self, request, casino):
        self.writable()
        return created(EntryOutput(deck_return(casino=self.casino, actor=request.user,
                                               **self.values(DeckReturnInput, request))))
