"""The audit's checks of the progressive bet's lot (QC RJC art. 21.2 as the rule data cites it) in the carnets
spéciaux (`registers_audit`): the register replayed into the lots (controls.py, as the selectors read them), each
entry asked the same controls as the services ask: a lot configured once by the management with its start value, rate
and reference; each reading once a séance, of a séance that indicated the bet and closed, its revenue and contribution
as the rate gives them; each win a hand of the pay table in force, a fixed prize at its amount, the lot back at its
start value."""

from compliance.models import User

from ...chain.replay import Amount, Audited, Check, Problem, Replay
from ...controls import written
from ...models import GamingTable, Slip, SlipKind, TableSession
from . import errors, selectors
from .controls import (
    BOOKS,
    Lot,
    Seance,
    Setup,
    configure_problems,
    contribution,
    decimal,
    reading_problems,
    win_problems,
)


def _lots(replay: Replay) -> dict[str, Lot]:
    return replay.part("progressif.lots", dict)


def _kept(check: Check, replay: Replay, entry: Audited) -> list[Problem]:
    """The entry into the lots once its checks pass (a faulty one is reported, not replayed); its problems."""
    if check.problems:
        return check.problems
    try:
        selectors.lots_apply(_lots(replay), entry.kind, entry.seq, entry.gaming_day, entry.payload)
    except (KeyError, TypeError, ValueError, ArithmeticError, AttributeError):
        check.fail(errors.UNREADABLE, kind=entry.kind)
    return check.problems


def _lot(replay: Replay, payload: dict) -> Lot | None:
    name = payload.get("lot")
    return _lots(replay).get(name) if isinstance(name, str) else None


def _seance(replay: Replay, entry: Audited, bet_key: str | None) -> Seance:
    """The séance the entry names, as the tables' books leave it (one query)."""
    payload = entry.payload
    session = (TableSession.objects.filter(table__casino=replay.casino, table__number=payload.get("table"),
                                           gaming_day=entry.gaming_day, number=payload.get("seance"))
               .values_list("pk", "options").first())
    if session is None:
        return Seance(str(payload.get("table")), entry.gaming_day, payload.get("seance"), False, False)
    closed = Slip.objects.filter(session_id=session[0], kind=SlipKind.CLOSING, void__isnull=True).exists()
    return Seance(str(payload.get("table")), entry.gaming_day, payload.get("seance"),
                  bool(bet_key and bet_key in (session[1] or {})), closed)


def _bet(replay: Replay, entry: Audited):
    game = GamingTable.objects.filter(casino=replay.casino, number=entry.payload.get("table")).values_list(
        "game__key", flat=True).first()
    return selectors.bet_of(replay.casino, game, entry.gaming_day) if game else None


def progressive_configured(replay: Replay, entry: Audited) -> list[Problem]:
    payload = entry.payload
    check = Check(replay, entry, str(payload.get("citation") or written(BOOKS)))
    check.actor_role(User.Role.MANAGER, written(BOOKS))
    start = check.amount("valeur_depart")
    tables = tuple(map(str, check.items("tables")))
    known = replay.part("progressif.tables", lambda: selectors.games_with_bet(replay.casino))
    proposed = Setup(str(payload.get("lot") or ""), entry.gaming_day, tables, start, payload.get("taux"),
                     str(payload.get("reference") or ""))
    check.report(configure_problems(_lots(replay), proposed, known, check.citation))
    return _kept(check, replay, entry)


def progressive_read(replay: Replay, entry: Audited) -> list[Problem]:
    payload, bet, lot = entry.payload, _bet(replay, entry), _lot(replay, entry.payload)
    check = Check(replay, entry, bet.citation if bet else written(BOOKS))
    displayed = check.amount("affiche")
    check.report(reading_problems(lot, str(payload.get("lot")), _seance(replay, entry, bet.key if bet else None),
                                  payload.get("mises"), displayed, check.citation))
    if check.problems or bet is None:
        return check.problems
    bets = payload["mises"]
    for key, value in (("recette", bets * bet.stake), ("contribution", contribution(bets, bet.stake, lot.rate))):
        if check.number(key) not in (None, value):
            check.field(key, (f"≠ {value:.2f}", f"≠ {value:.2f}"))
    return _kept(check, replay, entry)


def progressive_won(replay: Replay, entry: Audited) -> list[Problem]:
    payload, bet, lot = entry.payload, _bet(replay, entry), _lot(replay, entry.payload)
    check = Check(replay, entry, bet.citation if bet else written(BOOKS))
    if bet is None:
        check.fail(errors.TABLE_NO_BET, table=str(payload.get("table")))
        return check.problems
    amount = check.amount("montant")
    reset = payload.get("remise_a")
    check.report(win_problems(lot, str(payload.get("lot")), _seance(replay, entry, bet.key), bet, payload.get("main"),
                              amount, decimal(reset), money=Amount))
    return _kept(check, replay, entry)
