"""Reading the poker room registers: a progressive jackpot's state (LU RGD 1979 art. 49-9 to 49-11), replayed
from its configuration, statements, wins and stops; the wins of both jackpots as their pages show them."""

import datetime
import json
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Sum
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from compliance import formatting
from compliance.hooks import BAD_BEAT_STOP_NOTICE  # the approvals' (compliance/approvals)
from compliance.models import Casino
from games.hands.ranking import split_fine_class
from games.selectors import RuleValueAt, rule_value_at

from ..chain.selectors import PayloadRow, standing
from ..controls import Rules
from ..kinds import EntryKind, RegisterKind
from ..models import Entry, PokerHand, Register
from .controls.bad_beat import (
    AccountDay,
    BadBeat,
    account,
    bad_beat_halted,
    bad_beat_noted,
    bad_beat_noticed,
    bad_beat_opened,
    bad_beat_won,
    day_credit,
)
from .controls.bad_beat_notices import StopNotice
from .controls.bad_beat_stages import carnet_problems
from .controls.progressive import Jackpot, configured, stated, stopped, won
from .controls.shared import BAD_BEAT, PROGRESSIVE, Stage  # noqa: F401  (the concepts' prefixes, read from here by the family)

CENT = Decimal("0.01")
CONFIGURED, STATEMENT = EntryKind.JACKPOT_CONFIGURED, EntryKind.JACKPOT_STATEMENT
WON, STOPPED = EntryKind.JACKPOT_WON, EntryKind.JACKPOT_STOPPED
COMBINATIONS = {
    "royal_flush": _("Quinte flush royale"),
    "straight_flush": _("Quinte flush"),
    "four_of_a_kind": _("Carré"),
}
INCREMENT_KINDS = {"pourcentage": _("Pourcentage du pot après cagnotte"), "fixe": _("Montant fixe par pot")}
# The combinations of art. 49-2, as a hand's description names them (« carré de 7 »).
HAND_LABELS = {
    "royal_flush": _("quinte flush royale"),
    "straight_flush": _("quinte flush"),
    "four_of_a_kind": _("carré"),
    "full_house": _("full"),
    "flush": _("couleur"),
    "straight": _("quinte"),
    "three_of_a_kind": _("brelan"),
    "two_pair": _("deux paires"),
    "pair": _("paire"),
    "high_card": _("carte haute"),
}
HAND_OF = _("{combination} de {ranks}")
FIFTH_CARD = _("{hand}, cinquième carte {rank}")
ROUNDING_LABELS = {
    "inferieur": _("Au centime inférieur"),
    "plus_proche": _("Au centime le plus proche"),
    "bancaire": _("Au centime pair (arrondi bancaire)"),
}


def poker_rule(casino: Casino, key: str, on) -> RuleValueAt:
    """A value of the poker rules (Luxembourg's draft RGD, applied as such) with its citation."""
    return rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=on, drafts=True)


def rules_on(casino: Casino, day: datetime.date) -> Rules:
    """The family's rule values on `day` for its controls (a missing one refuses), amounts in the casino's money."""
    return Rules(lambda key: poker_rule(casino, key, day), casino)


BAD_BEAT_KEYS = ("main_qualifiante", "cartes_privatives_utiles", "part_perdant", "part_table", "main_la_plus_forte",
                 "bons_par_joueur", "deux_signatures")


def bad_beat_rules(casino: Casino, on) -> dict[str, RuleValueAt]:
    """The bad-beat jackpot's rules in force on `on` (art. 49-12, 49-15), by short key."""
    return {key: poker_rule(casino, f"{BAD_BEAT}.{key}", on) for key in BAD_BEAT_KEYS}


def _rank(rank: int) -> str:
    return "10" if rank == 10 else "..23456789TJQKA"[rank]


def hand_label(fine) -> str:
    """« four_of_a_kind:7 » → « carré de 7 »; a progressive win's four of a kind names its fifth card
    (« four_of_a_kind:Q-9 » → « carré de Q, cinquième carte 9 »). Anything else is shown as written."""
    if not isinstance(fine, str):
        return str(fine or "")
    try:
        category, ranks = split_fine_class(fine)
    except ValueError:
        return fine
    if category not in HAND_LABELS:
        return fine
    label = str(HAND_LABELS[category])
    if category == "four_of_a_kind" and len(ranks) == 2:
        shown = str(HAND_OF).format(combination=label, ranks=_rank(ranks[0]))
        return str(FIFTH_CARD).format(hand=shown, rank=_rank(ranks[1]))
    if not ranks:
        return label
    return str(HAND_OF).format(combination=label, ranks="-".join(_rank(rank) for rank in ranks))


def _events(register, name: str) -> list[Entry]:
    return [
        e
        for e in standing(Entry.objects.filter(register=register, kind__in=[CONFIGURED, STOPPED, STATEMENT, WON]))
        .order_by("seq")
        if json.loads(e.payload).get("jackpot") == name
    ]


STEPS = {CONFIGURED: configured, STATEMENT: stated, WON: won, STOPPED: stopped}


def jackpot_of(register, name: str) -> tuple[Jackpot | None, dict | None]:
    """A progressive jackpot as its standing entries leave it (registers/poker/controls/), and its configuration's
    payload; (None, None) if it was never configured."""
    jackpots, config = {}, None
    for entry in _events(register, name):
        payload = json.loads(entry.payload)
        STEPS[entry.kind](jackpots, entry.seq, entry.gaming_day, payload)
        config = payload if entry.kind == CONFIGURED else config
    return jackpots.get(name), config


def jackpot_state(register, name: str) -> dict:
    """Active or not, its configuration, and each level's current amount (last statement, less wins)."""
    jackpot, config = jackpot_of(register, name)
    if jackpot is None:
        return {"active": False, "config": None, "amounts": {}, "jackpot": None}
    return {"active": jackpot.stage == Stage.RUNNING, "config": config, "amounts": dict(jackpot.amounts),
            "jackpot": jackpot}


NOTICE, CARNET = EntryKind.JACKPOT_NOTICE, EntryKind.JACKPOT_CARNET
# the bad beat's openings and puttings back in service, its stops (art. 49-14), its notices and carnet de compte
BAD_BEAT_EVENTS = (STOPPED, CONFIGURED, NOTICE, CARNET)
BAD_BEAT_STEPS = {STOPPED: bad_beat_halted, CONFIGURED: bad_beat_opened, WON: bad_beat_won,
                  NOTICE: bad_beat_noticed, CARNET: bad_beat_noted}


def stop_notice_named(casino: Casino, reference: str) -> StopNotice | None:
    """What a bad-beat notice's reference names among the requests to the Minister, as the approvals say (None: a
    letter's own reference, or no app keeps the requests)."""
    reference = (reference or "").strip()
    return BAD_BEAT_STOP_NOTICE(casino, reference) if reference and BAD_BEAT_STOP_NOTICE else None


def bad_beat_of(register, *, wins: bool = False) -> BadBeat:
    """The bad beat as its standing entries leave it: its openings, stops and restarts, notices and carnet lines, and
    its wins where asked."""
    state = BadBeat()
    kinds = (*BAD_BEAT_EVENTS, WON) if wins else BAD_BEAT_EVENTS
    for entry in standing(Entry.objects.filter(register=register, kind__in=kinds)).order_by("seq").only(
            "kind", "seq", "gaming_day", "payload"):
        BAD_BEAT_STEPS[entry.kind](state, entry.seq, entry.gaming_day, json.loads(entry.payload))
    return state


def bad_beat_credits(casino: Casino, first: datetime.date | None = None,
                     last: datetime.date | None = None) -> dict[datetime.date, Decimal]:
    """Each gaming day's credit to the cagnotte (`day_credit`): its imported deals' drops to the bad beat as
    the tables' machines declared them, else the statements of the sum dedicated to it; two grouped queries."""
    deals = PokerHand.objects.filter(casino=casino)
    statements = standing(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.BAD_BEAT,
                                               kind=STATEMENT))
    if first is not None:
        deals, statements = deals.filter(gaming_day__gte=first), statements.filter(gaming_day__gte=first)
    if last is not None:
        deals, statements = deals.filter(gaming_day__lte=last), statements.filter(gaming_day__lte=last)
    drops = dict(deals.values_list("gaming_day").order_by().annotate(total=Sum("bad_beat_declared")))
    stated: dict[datetime.date, Decimal] = {}
    for day, payload in statements.values_list("gaming_day", "payload"):
        stated[day] = stated.get(day, Decimal(0)) + Decimal(json.loads(payload).get("amount") or 0)
    return {day: day_credit(drops.get(day), stated.get(day)) for day in sorted({*drops, *stated})}


def bad_beat_account(casino: Casino, until: datetime.date | None = None) -> tuple[BadBeat,
                                                                                   list[AccountDay]]:
    """The bad beat as its register leaves it (wins included) and its account day by day from its latest opening
    (`account`); an empty account where it has no register or no opening."""
    register = bad_beat_register(casino)
    if register is None:
        return BadBeat(), []
    state = bad_beat_of(register, wins=True)
    return state, account(state, bad_beat_credits(casino, last=until), until)


def carnet_reconciled(casino: Casino, rows: list[AccountDay]) -> list[dict]:
    """The « carnet de compte » over the account's days, each line against the deals of its table and day (art. 49-14
    al. 3, `carnet_problems`): table, day, noted, deals, differs."""
    noted = carnet_lines(casino, rows[0].day, rows[-1].day) if rows else {}
    deals = carnet_deals(casino, {day for _table, day in noted}) if noted else {}
    differs = {(problem.params["table"], problem.params["day"]) for problem in carnet_problems(noted, deals,
                                                                                                      "")}
    return [{"table": table, "day": day, "noted": amount, "deals": deals.get((table, day), Decimal(0)),
             "differs": (table, day) in differs} for (table, day), amount in sorted(noted.items(),
                                                                                   key=lambda item: item[0][1])]


def bad_beat_statement(casino: Casino) -> dict:
    """The account as the API gives it (registers/poker/api_bad_beat.py): its stage today, its latest opening, its
    balance and, while stopped, what a restart today puts back; its days, its session-end statements and its carnet."""
    today = casino.today()
    state, rows = bad_beat_account(casino)
    stopped = state.stopped_on(today)
    statements = standing(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.BAD_BEAT,
                                               kind=STATEMENT)).order_by("seq")
    return {
        "currency": casino.currency,
        "stage": Stage.NONE if state.opened is None else state.stage_on(today),
        "opened": state.opened[0] if state.opened else None, "start": state.start if state.opened else None,
        "stopped_since": stopped[0] if stopped else None, "breakdown": state.broken_down_on(today),
        "balance": rows[-1].balance if rows else None,
        "restart_at": state.resumes_at(today, bad_beat_credits(casino, last=today)) if stopped else None,
        "days": rows,
        "statements": [{"seq": seq, "gaming_day": day, "amount": json.loads(payload).get("amount"),
                        "history": json.loads(payload).get("history", "")}
                       for seq, day, payload in statements.values_list("seq", "gaming_day", "payload")],
        "carnet": carnet_reconciled(casino, rows),
    }


def bad_beat_resumes_at(casino: Casino, day: datetime.date) -> Decimal | None:
    """What a restart on `day` puts back in service (`BadBeat.resumes_at`): the form's and the demo's
    amount; None where the account is not kept."""
    register = bad_beat_register(casino)
    if register is None:
        return None
    return bad_beat_of(register, wins=True).resumes_at(day, bad_beat_credits(casino, last=day))


def carnet_lines(casino: Casino, first: datetime.date, last: datetime.date) -> dict[tuple, Decimal]:
    """The « carnet de compte » (art. 49-14 al. 3): (table, day) → the amount noted by hand, standing lines."""
    rows = standing(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.BAD_BEAT, kind=CARNET,
                                         gaming_day__range=(first, last)))
    noted: dict[tuple, Decimal] = {}
    for day, payload in rows.values_list("gaming_day", "payload"):
        payload = json.loads(payload)
        key = (payload.get("table"), day)
        noted[key] = noted.get(key, Decimal(0)) + Decimal(payload.get("amount") or 0)
    return noted


def carnet_deals(casino: Casino, days: set[datetime.date]) -> dict[tuple, Decimal]:
    """(table, day) → the retention the imported deals took on those days (the amounts the carnet notes)."""
    rows = (PokerHand.objects.filter(casino=casino, gaming_day__in=days).values_list("table", "gaming_day")
            .order_by().annotate(total=Sum("rake_declared")))
    return {(table, day): total.quantize(CENT) for table, day, total in rows}


def bad_beat_stopped(register, day: datetime.date) -> datetime.date | None:
    """The day the bad beat was stopped, if it stands stopped on `day` (art. 49-14); None while it runs."""
    stopped = bad_beat_of(register).stopped_on(day)
    return stopped[0] if stopped else None


def bad_beat_register(casino: Casino) -> Register | None:
    return Register.objects.filter(casino=casino, kind=RegisterKind.BAD_BEAT).first()


def bad_beat_stopped_on(casino: Casino, day: datetime.date) -> bool:
    register = bad_beat_register(casino)
    return register is not None and bad_beat_stopped(register, day) is not None


def cagnotte_counted(register, day: datetime.date) -> dict[tuple, int]:
    """The tables counted on `day` by a standing count: (table, day) → its n°."""
    entries = standing(Entry.objects.filter(register=register, kind=EntryKind.CAGNOTTE_COUNTED, gaming_day=day))
    return {(json.loads(entry.payload).get("table"), day): entry.seq for entry in entries.order_by("seq")}


class WinRow(PayloadRow):
    """A win of either jackpot as its page and its vouchers show it."""

    @property
    def hand_label(self) -> str:
        return hand_label(self.payload.get("hand") or self.payload.get("combination"))

    @property
    def winner_hand_label(self) -> str:
        return hand_label(self.payload.get("winner_hand")) if self.payload.get("winner_hand") else ""

    @property
    def combination_label(self) -> str:
        """A progressive win's combination: computed from the cards now, typed by the cashier before."""
        combination = self.payload.get("combination")
        return hand_label(combination) if "deal" in self.payload else str(combination or "")

    @property
    def rivals(self) -> list[dict]:
        return [{**rival, "hand_label": hand_label(rival.get("hand")) if rival.get("hand") else ""}
                for rival in self.payload.get("rivals") or []]


@dataclass(frozen=True)
class JackpotCard:
    name: str
    state: dict
    casino: Casino
    refused: str = ""  # why its statement, win and stop are not offered (a stopped jackpot), as its page says it

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
