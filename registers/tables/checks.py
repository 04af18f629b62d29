"""`registers_audit`'s checks of the table games' entries filed one by one (registers/chain/audit.py): each entry
checked again as registers/tables/services.py checked it when filing — its slip's amount as the sum of its
denominations, everyone who signed it, a fill's or credit's serial following the last one of the year, a float counted
at opening (LU RGD 1979 art. 21), a void's reason and second person, Pai Gow commissions recomputed (QC RJC art. 111,
116) — against the carnet d'avances replayed up to it."""

from django.utils.translation import gettext_lazy as _

from ..chain.replay import Audited, Check, Problem, Replay, refusal
from ..kinds import EntryKind
from ..models import SlipKind
from . import pai_gow
from .services import BOOKS
from .slips import amount_checked, denominations_clean, signatures_clean, total

ALREADY_OPEN = _("La table « {table} » est ouverte (séance {session}) : elle ne s'ouvre pas deux fois.")
NOT_OPEN = _("La table « {table} » n'est pas ouverte dans ce carnet.")
SERIAL_FOLLOWS = _("N° de série {serial} : le suivant de {year} dans ce carnet est le {expected}.")
FLOAT_COUNTED = _("L'inventaire d'ouverture, {counted}, n'est pas l'avance, {float}.")
VOID_TARGET = _("Une annulation se rapporte à un approvisionnement ou un crédit de ce carnet.")
COMMISSION_DIFFERS = _("Commissions écrites {written}, recalculées {computed}.")


def _state(replay: Replay) -> dict:
    return replay.part("tables", lambda: {"open": {}, "serials": {}})


def _check(replay: Replay, entry: Audited, register: str) -> Check:
    return Check(replay, entry, str(entry.payload.get("citation") or replay.cited(BOOKS[register], entry.gaming_day)))


def _slip(check: Check, kind: str, *, amount_key: str, allow_zero: bool):
    """The denominations, the amount as their sum and the signatures, refused as the services refuse them."""
    payload, currency = check.entry.payload, check.entry.casino.currency
    refused = refusal(lambda: signatures_clean(kind, payload.get("signatures")))
    if refused is not None:
        check.field("signatures", refused[:2])
    refused = refusal(lambda: denominations_clean(payload.get("coupures"), currency=currency))
    if refused is not None:
        check.field("coupures", refused[:2])
        return None
    counted = denominations_clean(payload.get("coupures"), currency=currency)
    refused = refusal(lambda: amount_checked(payload.get(amount_key), counted, allow_zero=allow_zero))
    if refused is not None:
        check.field(amount_key, refused[:2])
        return None
    return total(counted)


def table_opened(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry, "avances")
    opened = _state(replay)["open"]
    table = check.text("table", max_length=20)
    counted = _slip(check, SlipKind.OPENING, amount_key="inventaire", allow_zero=True)
    if entry.payload.get("tenue") == "avance" and counted is not None:
        float_amount = check.amount("avance", citation=entry.payload.get("tenue_citation"))
        if float_amount is not None and counted != float_amount:
            check.fail(FLOAT_COUNTED, entry.payload.get("tenue_citation"), counted=counted, float=float_amount)
    if table in opened:
        check.fail(ALREADY_OPEN, table=table, session=opened[table])
    if table is not None:
        opened[table] = entry.payload.get("seance")
    return check.problems


def table_closed(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry, "avances")
    table = check.text("table", max_length=20)
    _slip(check, SlipKind.CLOSING, amount_key="inventaire", allow_zero=True)
    if table is not None and _state(replay)["open"].pop(table, None) is None:
        check.fail(NOT_OPEN, table=table)
    return check.problems


def slip_filed(replay: Replay, entry: Audited) -> list[Problem]:
    kind = SlipKind.FILL if entry.kind == EntryKind.SLIP_FILL else SlipKind.CREDIT
    check = _check(replay, entry, "avances")
    table = check.text("table", max_length=20)
    _slip(check, kind, amount_key="montant", allow_zero=False)
    state = _state(replay)
    if table is not None and table not in state["open"]:
        check.fail(NOT_OPEN, table=table)
    serial, year = entry.payload.get("serie"), entry.payload.get("annee")
    last = state["serials"].get(year)
    if isinstance(serial, int) and last is not None and serial != last + 1:
        check.fail(SERIAL_FOLLOWS, serial=serial, year=year, expected=last + 1)
    if isinstance(serial, int):
        state["serials"][year] = max(serial, last or 0)
    return check.problems


def slip_voided(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry, "avances")
    check.countersigned(role=None)
    check.text("motif", max_length=1000, multiline=True)
    referred = replay.referred(entry)
    if referred is None or referred[1] not in (EntryKind.SLIP_FILL, EntryKind.SLIP_CREDIT):
        check.fail(VOID_TARGET)
    return check.problems


def drop_counted(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry, "carnets_speciaux")
    check.text("table", max_length=20)
    _slip(check, SlipKind.DROP, amount_key="montant", allow_zero=True)
    return check.problems


def commission_counted(replay: Replay, entry: Audited) -> list[Problem]:
    """QC RJC art. 111, 116: the rounds read again, their commissions recomputed from the rule data."""
    check = _check(replay, entry, "carnets_speciaux")
    written = check.amount("montant", zero=True)
    rounds = [{"banque": r.get("banque"), "joueurs": r.get("joueurs"),
               "gagnantes": {seat: bet.get("mise") for seat, bet in (r.get("gagnantes") or {}).items()}}
              for r in check.items("mains") if isinstance(r, dict)]
    refused = refusal(lambda: pai_gow.rounds_checked(entry.casino, entry.gaming_day, entry.payload.get("jeu"), rounds))
    if refused is not None:
        check.field("mains", refused[:2], entry.payload.get("rotation_citation"))
        return check.problems
    computed = pai_gow.rounds_checked(entry.casino, entry.gaming_day, entry.payload.get("jeu"), rounds).commission
    if written is not None and written != computed:
        check.fail(COMMISSION_DIFFERS, entry.payload.get("commission_citation"), written=written, computed=computed)
    return check.problems
