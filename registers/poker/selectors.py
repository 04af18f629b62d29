"""Reading the poker room registers: a progressive jackpot's state (LU RGD 1979 art. 49-9 to 49-11), replayed
from its configuration, statements, wins and stops."""

import json
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from compliance import formatting
from compliance.models import Casino

from ..chain.selectors import standing
from ..kinds import EntryKind
from ..models import Entry, Register

CONFIGURED, STATEMENT = EntryKind.JACKPOT_CONFIGURED, EntryKind.JACKPOT_STATEMENT
WON, STOPPED = EntryKind.JACKPOT_WON, EntryKind.JACKPOT_STOPPED
COMBINATIONS = {
    "royal_flush": _("Quinte flush royale"),
    "straight_flush": _("Quinte flush"),
    "four_of_a_kind": _("Carré"),
}
INCREMENT_KINDS = {"pourcentage": _("Pourcentage du pot après cagnotte"), "fixe": _("Montant fixe par pot")}
ROUNDING_LABELS = {
    "inferieur": _("Au centime inférieur"),
    "plus_proche": _("Au centime le plus proche"),
    "bancaire": _("Au centime pair (arrondi bancaire)"),
}


def _events(register, name: str) -> list[Entry]:
    return [
        e
        for e in standing(Entry.objects.filter(register=register, kind__in=[CONFIGURED, STOPPED, STATEMENT, WON]))
        .order_by("seq")
        if json.loads(e.payload).get("jackpot") == name
    ]


def jackpot_state(register, name: str) -> dict:
    """Active or not, its configuration, and each level's current amount (last statement, less wins)."""
    state = {"active": False, "config": None, "amounts": {}}
    for entry in _events(register, name):
        payload = json.loads(entry.payload)
        if entry.kind == CONFIGURED:
            state = {
                "active": True,
                "config": payload,
                "amounts": {str(lv["level"]): Decimal(lv["start"]) for lv in payload["levels"]},
            }
        elif entry.kind == STOPPED:
            state["active"] = False
        elif entry.kind == STATEMENT:
            state["amounts"].update({k: Decimal(v) for k, v in payload["displayed"].items()})
        elif entry.kind == WON:
            state["amounts"][str(payload["level"])] = Decimal(payload["restart_at"])
    return state


@dataclass(frozen=True)
class JackpotCard:
    name: str
    state: dict
    casino: Casino

    @property
    def active(self) -> bool:
        return self.state["active"]

    @property
    def config(self) -> dict:
        return self.state["config"] or {}

    @property
    def levels(self) -> list[tuple[int, str, Decimal, Decimal | None]]:
        """(level, combination, start value, current amount) of each configured level."""
        amounts = self.state["amounts"]
        return [
            (
                level["level"],
                str(COMBINATIONS.get(level["combination"], level["combination"])),
                Decimal(level["start"]),
                amounts.get(str(level["level"])),
            )
            for level in self.config.get("levels", [])
        ]

    @property
    def increment_label(self) -> str:
        """« Pourcentage du pot après cagnotte · 1,00 % · Au centime inférieur »."""
        increment = self.config.get("increment") or {}
        kind, value = increment.get("kind", ""), Decimal(increment.get("value") or "0")
        shown = (
            f"{number_format(value, 2)}\u00a0%"
            if kind == "pourcentage"
            else formatting.money(value, currency=self.casino.currency, jurisdiction=self.casino.jurisdiction)
        )
        rounding = ROUNDING_LABELS.get(increment.get("rounding"), increment.get("rounding", ""))
        return f"{INCREMENT_KINDS.get(kind, kind)} · {shown} · {rounding}"


def jackpot_cards(register: Register | None, casino: Casino) -> list[JackpotCard]:
    """Every progressive jackpot ever configured in the register, with its state."""
    if register is None:
        return []
    entries = Entry.objects.filter(register=register, kind=CONFIGURED).order_by("seq")
    names = dict.fromkeys(json.loads(entry.payload)["jackpot"] for entry in entries)
    return [JackpotCard(name, jackpot_state(register, name), casino) for name in names]
