"""The playing-card stock as a state, and the conditions of each of its operations as pure functions over it
(`<operation>_problems(state, proposed)`): the services refuse with the first problem, the audit (checks.py) replays
the register into the same state and asks the same functions of every entry, the page says with them why a session
is not ready. No database here.

    reçus (neufs, sous scellé) ─remise→ à la table ─retour en parfait état→ rendus ─remise→ à la table
                                                   ─retour, retirés→ retirés ─destruction (deux signatures)→ détruits

What the texts say: the decks grouped in sixains, plain-backed (LU RGD 1979 art. 6 al. 1, draft); a game's deck new, or
in perfect condition, « après leur comptée et leur vérification » (LU art. 37-9, 37-12, 37-16, 49-1, 49-5; MC AM
2007-668 art. 1, which applies AM 88-384's art. 1 « relatives au dépôt, à la conservation et au contrôle des
cartes », a text not in ours). The seals, the supplier, the destruction signed by two people are the casino's own
control, cited so."""

import datetime
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from registers.errors import ErrorCode

from .. import controls
from ..controls import Problem
from . import errors

NEW, PERFECT = "neuf", "parfait_etat"  # a game's condition of its decks (rule data « <jeu>.etat_des_cartes »)
TABLES, POKER = "tables", "poker"  # whom decks are issued to: a table game's table, a poker room's table
FAMILIES = {TABLES: _("Table de jeu"), POKER: _("Salon de poker")}
STOCK = _("Contrôle interne du casino : stock des jeux de cartes, scellés et destruction signée par deux personnes")


def stock_control() -> str:
    return controls.written(STOCK)


@dataclass
class Lot:
    """A receipt of decks: what came in, and where its decks are now."""

    lot: str
    supplier: str
    description: str
    colour: str
    received_on: datetime.date
    seals: tuple[str, ...] = ()
    new: int = 0  # under seal, never issued
    used: int = 0  # returned in perfect condition
    out: int = 0  # at a table
    retired: int = 0  # to destroy
    destroyed: int = 0


@dataclass
class Issue:
    """Decks of a lot issued to a table for a gaming day, and how many are still there."""

    entry: int  # the issue's entry id (a return refers to it)
    seq: int  # its n° in the register, as people name it
    lot: str
    decks: int
    new: bool
    family: str
    table: str
    day: datetime.date
    checks: dict = field(default_factory=dict)
    left: int = 0
    colour: str = ""  # its lot's back colour, as received (the Bataille's « trois d'une couleur et trois de l'autre »)


@dataclass
class Stock:
    lots: dict[str, Lot] = field(default_factory=dict)
    issues: dict[int, Issue] = field(default_factory=dict)
    control: dict[str, datetime.date] = field(default_factory=dict)  # family → first day the opening control applies
    reference: str = ""
    retired_at: dict[tuple, int] = field(default_factory=dict)  # (family, table, day) → decks retired from it that day

    def seals(self) -> set[str]:
        return {seal for lot in self.lots.values() for seal in lot.seals}

    def issue_numbered(self, seq) -> "Issue | None":
        return next((issue for issue in self.issues.values() if issue.seq == seq), None)

    def at(self, family: str, table: str, day: datetime.date) -> list[Issue]:
        return [issue for issue in self.issues.values()
                if (issue.family, issue.table, issue.day) == (family, table, day) and issue.left > 0]

    def next_lot(self, year: int) -> str:
        return f"L{year}-{sum(1 for lot in self.lots.values() if lot.received_on.year == year) + 1:03d}"


# --- what each entry does to the stock (the selectors and the audit replay the register with these) ----------------


def received(stock: Stock, payload: dict, day: datetime.date) -> None:
    decks = int(payload["paquets"]) * int(payload["jeux_par_paquet"])
    stock.lots[payload["lot"]] = Lot(payload["lot"], payload.get("fournisseur", ""), payload.get("description", ""),
                                     payload.get("couleur", ""), day, tuple(payload.get("scelles") or ()), new=decks)


def issued(stock: Stock, payload: dict, day: datetime.date, entry: int, seq: int) -> None:
    lot, decks, new = stock.lots.get(payload["lot"]), int(payload["jeux"]), bool(payload["neufs"])
    if lot is not None:
        if new:
            lot.new -= decks
        else:
            lot.used -= decks
        lot.out += decks
    stock.issues[entry] = Issue(entry, seq, payload["lot"], decks, new, payload["famille"], payload["table"],
                                datetime.date.fromisoformat(payload["journee"]), dict(payload.get("verifications")
                                                                                       or {}), left=decks,
                                colour=lot.colour if lot is not None else "")


def returned(stock: Stock, payload: dict, refers_to: int | None) -> None:
    issue, decks = stock.issues.get(refers_to), int(payload["jeux"])
    if issue is None:
        return
    issue.left -= decks
    if not payload.get("parfait_etat"):
        where = (issue.family, issue.table, issue.day)
        stock.retired_at[where] = stock.retired_at.get(where, 0) + decks
    lot = stock.lots.get(issue.lot)
    if lot is not None:
        lot.out -= decks
        if payload.get("parfait_etat"):
            lot.used += decks
        else:
            lot.retired += decks


def destroyed(stock: Stock, payload: dict) -> None:
    lot = stock.lots.get(payload["lot"])
    if lot is not None:
        lot.retired -= int(payload["jeux"])
        lot.destroyed += int(payload["jeux"])


def control_set(stock: Stock, payload: dict) -> None:
    stock.control = {family: datetime.date.fromisoformat(day) for family, day in (payload.get("a_partir_du") or {})
                     .items() if day}
    stock.reference = payload.get("reference", "")


# --- the operations -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Receipt:
    packs: int
    per_pack: int
    seals: tuple[str, ...]
    plain_back: bool
    sixain: int | None = None  # the jurisdiction's decks to a pack (LU art. 6: a sixain), None where none is fixed
    sixain_citation: str = ""
    plain_back_required: bool = False
    plain_back_citation: str = ""


def receipt_problems(stock: Stock, proposed: Receipt) -> list[Problem]:
    """Packs of decks received: grouped in sixains and plain-backed where the texts say so (LU art. 6 al. 1); one seal
    a pack, never one already in the register (the casino's control)."""
    own = stock_control()
    if proposed.sixain is not None and proposed.per_pack != proposed.sixain:
        return [Problem("per_pack", errors.PACK_SIZE, proposed.sixain_citation, ErrorCode.INVALID,
                        {"expected": proposed.sixain, "given": proposed.per_pack})]
    if proposed.plain_back_required and not proposed.plain_back:
        return [Problem("plain_back", errors.PLAIN_BACK, proposed.plain_back_citation, ErrorCode.INVALID)]
    if len(proposed.seals) != proposed.packs:
        return [Problem("seals", errors.SEALS_COUNT, own, ErrorCode.INVALID,
                        {"packs": proposed.packs, "seals": len(proposed.seals)})]
    known = stock.seals()
    for seal in proposed.seals:
        if seal in known or proposed.seals.count(seal) > 1:
            return [Problem("seals", errors.SEAL_TWICE, own, ErrorCode.DUPLICATE, {"seal": seal})]
    return []


@dataclass(frozen=True)
class Issuing:
    lot: str
    decks: int
    new: bool
    counted: bool  # « après leur comptée et leur vérification »
    sealed: bool = False  # new decks: their seal found intact
    perfect: bool = False  # « en parfait état »


def issue_problems(stock: Stock, proposed: Issuing) -> list[Problem]:
    """Decks issued from a lot: from its new decks (under an intact seal) or those returned in perfect condition,
    never more than it holds; counted and checked (the casino's control: the texts have the croupier count and check
    them before the shuffle, « après leur comptée et leur vérification »)."""
    own = stock_control()
    lot = stock.lots.get(proposed.lot)
    if lot is None:
        return [Problem("lot", errors.LOT_UNKNOWN, own, ErrorCode.INVALID, {"lot": proposed.lot})]
    left = lot.new if proposed.new else lot.used
    if proposed.decks > left:
        message = errors.NOT_ENOUGH_NEW if proposed.new else errors.NOT_ENOUGH_USED
        return [Problem("decks", message, own, ErrorCode.WRONG_STATE,
                        {"lot": lot.lot, "left": left, "asked": proposed.decks})]
    if not proposed.counted:
        return [Problem("counted", errors.NOT_COUNTED, own, ErrorCode.REQUIRED)]
    if proposed.new and not proposed.sealed:
        return [Problem("sealed", errors.SEAL_BROKEN, own, ErrorCode.REQUIRED)]
    return []


def return_problems(issue: Issue | None, decks: int, perfect: bool, reason: str) -> list[Problem]:
    """Decks back from a table: of an issue, no more than are still there; a deck not in perfect condition is
    retired, for a reason (LU art. 37-12: « remplacé par un jeu neuf dès qu'il n'est plus en parfait état ou sur
    décision d'un chef de salle »; the register's reason is the casino's control)."""
    own = stock_control()
    if issue is None:
        return [Problem("issue", errors.ISSUE_UNKNOWN, own, ErrorCode.UNKNOWN_ISSUE)]
    if decks > issue.left:
        return [Problem("decks", errors.NOT_OUT, own, ErrorCode.WRONG_STATE, {"left": issue.left, "asked": decks})]
    if not perfect and not reason:
        return [Problem("reason", errors.REASON_REQUIRED, own, ErrorCode.REQUIRED)]
    return []


def destroy_problems(stock: Stock, lot: str, decks: int) -> list[Problem]:
    """Retired decks destroyed, no more than the lot holds retired (signed by two people: the countersignature)."""
    own = stock_control()
    found = stock.lots.get(lot)
    if found is None:
        return [Problem("lot", errors.LOT_UNKNOWN, own, ErrorCode.INVALID, {"lot": lot})]
    if decks > found.retired:
        return [Problem("decks", errors.NOT_RETIRED, own, ErrorCode.WRONG_STATE,
                        {"lot": lot, "left": found.retired, "asked": decks})]
    return []


# --- a session's opening ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Requirement:
    """What a game's texts require of the decks at the opening: how many, new or in perfect condition, the article."""

    decks: int
    condition: str
    citation: str
    per_colour: int | None = None  # decks of each back colour (« trois d'une couleur et trois de l'autre »), or None
    colour_citation: str = ""


@dataclass(frozen=True)
class TableDecks:
    """A table's decks for a gaming day as the stock has them, and since when the opening control applies to it."""

    family: str
    table: str
    day: datetime.date
    issues: tuple[Issue, ...]
    applies_from: datetime.date | None


def session_decks_problems(state: TableDecks, requirement: Requirement | None) -> list[Problem]:
    """A table (a table game's, or a poker room's) opens only with the decks its game's texts require issued to it
    for the day: their number (« un jeu de cinquante-deux cartes », « six jeux »), new where the texts want new cards
    (MC AM 2007-668 art. 1 « Au début de chaque séance, il doit être fait usage de cartes neuves »; LU art. 37-9 « Le
    jeu doit être neuf »), checked in perfect condition where they want that (LU art. 37-12, 37-16, 49-1, 49-5). From
    the day the casino's management applies the control (`applies_from`); before it, or for a game whose texts say
    nothing of its decks, nothing."""
    if requirement is None or state.applies_from is None or state.day < state.applies_from:
        return []
    params = {"table": state.table, "day": state.day}
    count = sum(issue.left for issue in state.issues)
    if count < requirement.decks:
        return [Problem("decks", errors.DECKS_MISSING, requirement.citation, ErrorCode.WRONG_STATE,
                        {**params, "count": count, "required": requirement.decks})]
    found = colours_problems(state, requirement)
    if found:
        return found
    if requirement.condition == NEW and not all(issue.new for issue in state.issues):
        return [Problem("decks", errors.DECKS_NOT_NEW, requirement.citation, ErrorCode.WRONG_STATE, params)]
    if requirement.condition == PERFECT and not all(issue.new or issue.checks.get(PERFECT) for issue in state.issues):
        return [Problem("decks", errors.DECKS_NOT_CHECKED, requirement.citation, ErrorCode.WRONG_STATE, params)]
    return []


def _colour(text: str) -> str:
    return " ".join(text.casefold().split())


def colours_problems(state: TableDecks, requirement: Requirement) -> list[Problem]:
    """The decks at the table, where the game's texts split them by colour (LU art. 37-16: « six jeux de
    cinquante-deux cartes, trois d'une couleur et trois de l'autre »): as many of each back colour as the text says,
    in as many colours as that makes (the colour is the lot's, as received; the reading is recorded in
    games/rules/ambiguities.yaml, lu.bataille.couleurs)."""
    per = requirement.per_colour
    if not per:
        return []
    counted: dict[str, int] = {}
    for issue in state.issues:
        counted[_colour(issue.colour)] = counted.get(_colour(issue.colour), 0) + issue.left
    if len(counted) != requirement.decks // per or any(count != per for count in counted.values()):
        said = ", ".join(f"{count} {colour or '?'}" for colour, count in sorted(counted.items()))
        return [Problem("decks", errors.DECKS_COLOURS, requirement.colour_citation, ErrorCode.WRONG_STATE,
                        {"table": state.table, "day": state.day, "per": per, "colours": requirement.decks // per,
                         "found": said})]
    return []


@dataclass(frozen=True)
class Replacement:
    """What a game's texts require of a deck replacing one during the day: new (« remplacé par un jeu neuf »)."""

    condition: str
    citation: str


def replacement_problems(stock: Stock, family: str, table: str, day: datetime.date, new: bool,
                         rule: Replacement | None) -> list[Problem]:
    """A deck issued to a table from which a deck was retired the same gaming day replaces it: where the game's texts
    say so, it is new (LU art. 37-12, MC AM 2007-668 art. 1: « il doit être remplacé par un jeu neuf dès qu'il n'est
    plus en parfait état ou sur décision d'un chef de salle » / « de la Direction des Jeux »). The retirement is the
    return not in perfect condition, for its reason (a chef de salle's decision included); the reading is recorded in
    games/rules/ambiguities.yaml (lu.uth.remplacement)."""
    if rule is None or rule.condition != NEW or new or not stock.retired_at.get((family, table, day)):
        return []
    return [Problem("new", errors.REPLACEMENT_NEW, rule.citation, ErrorCode.WRONG_STATE,
                    {"table": table, "day": day, "retired": stock.retired_at[(family, table, day)]})]
