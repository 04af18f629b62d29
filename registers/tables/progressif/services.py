"""The progressive bet's lot (QC RJC art. 21.2 as the rule data cites it), one transaction each, each an entry of the
casino's carnets spéciaux (hash-chained, append-only): a lot configured by the management with the start value and the
rate its own decision fixes (the text fixes neither), the board read at each séance's close with the séance's bets, a
winning bet paid (100 % of the lot, then the lot back at its start value, or a fixed prize of the pay table). The
conditions are controls.py's, asked again by the audit (checks.py)."""

import datetime
from decimal import Decimal

from django.db import transaction

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.problems import refuse_first

from ...chain.services import entry_append, register_for, verify_actor, verify_gaming_day
from ...controls import Money, written
from ...errors import ErrorCode
from ...fields import clean_text
from ...kinds import EntryKind, RegisterKind
from ...models import Entry, GamingTable, Register, TableSession
from ...money import parse_amount
from . import errors, selectors
from .controls import BOOKS, Seance, Setup, configure_problems, contribution, rate_of, reading_problems, win_problems

MANAGERS = (User.Role.MANAGER,)


def _locked(casino: Casino) -> Register:
    """The casino's carnets spéciaux, locked: two readings of one séance are never written at once."""
    register = register_for(casino=casino, kind=RegisterKind.CARNETS_SPECIAUX)
    return Register.objects.select_for_update().get(pk=register.pk)


def _amount(value) -> str:
    return format(value.quantize(Decimal("0.01")), "f")


@transaction.atomic
def lot_configure(*, casino: Casino, actor: User, name: str, tables: list, start, rate, reference: str,
                  gaming_day: datetime.date | None = None) -> Entry:
    """A progressive lot linking the tables whose board shows it, by the casino's management: its start value and the
    percentage of each bet it receives, with the reference of the casino's decision that fixes them."""
    verify_actor(actor, casino)
    if actor.role not in MANAGERS:
        raise DomainError(errors.MANAGER_ONLY.format(user=actor.username), code=ErrorCode.WRONG_ROLE, field="actor")
    day = gaming_day or casino.today()
    verify_gaming_day(casino, day)
    name = clean_text(name, field="name", max_length=60, optional=True)
    reference = clean_text(reference, field="reference", max_length=200, optional=True)
    wanted = tuple(dict.fromkeys(str(table).strip() for table in (tables or []) if str(table).strip()))
    value = parse_amount(start, field="start") if start not in (None, "") else None
    register = _locked(casino)
    lots = selectors.lots_of(casino)
    known = selectors.games_with_bet(casino)
    bet = next((found for table in wanted if known.get(table)
                for found in [_bet_of_table(casino, table, day)] if found), None)
    citation = bet.citation if bet else written(BOOKS)
    refuse_first(configure_problems(lots, Setup(name, day, wanted, value, rate, reference), known, citation),
                 casino.jurisdiction)
    if bet is None:  # tables whose game has the bet, but no amount of it in force that day
        raise DomainError(errors.NO_PROGRESSIVE, code=ErrorCode.NOT_OFFERED, field="tables")
    return entry_append(register=register, kind=EntryKind.PROGRESSIVE_LOT, gaming_day=day, actor=actor, payload={
        "lot": name, "tables": list(wanted), "valeur_depart": _amount(value), "taux": str(rate_of(rate)),
        "reference": reference, "mise": _amount(bet.stake), "devise": casino.currency, "citation": bet.citation})


def _bet_of_table(casino: Casino, table: str, day: datetime.date):
    game = GamingTable.objects.filter(casino=casino, number=table).values_list("game__key", flat=True).first()
    return selectors.bet_of(casino, game, day) if game else None


def _seance(session: TableSession, bet_key: str | None) -> Seance:
    offered, closed = selectors.seance_of(session, bet_key)
    return Seance(session.table.number, session.gaming_day, session.number, offered, closed)


def _session(session: TableSession) -> TableSession:
    return TableSession.objects.select_related("table__casino__jurisdiction", "table__game").get(pk=session.pk)


def _bet(session: TableSession):
    bet = selectors.bet_of(session.table.casino, session.table.game.key, session.gaming_day)
    if bet is None:
        raise DomainError(errors.TABLE_NO_BET.format(table=session.table.number), code=ErrorCode.NOT_OFFERED,
                          field="session")
    return bet


@transaction.atomic
def progressive_reading_file(*, session: TableSession, actor: User, lot: str, bets, displayed) -> Entry:
    """The amount the board displayed at the close of a séance that indicated the bet, with the number of progressive
    bets it took: the bets' revenue and their contribution to the lot (the casino's rate) are written with it."""
    session = _session(session)
    casino = session.table.casino
    verify_actor(actor, casino)
    bet = _bet(session)
    value = parse_amount(displayed, field="displayed") if displayed not in (None, "") else None
    count = int(bets) if isinstance(bets, str) and bets.strip().isdigit() else bets
    register = _locked(casino)
    lots = selectors.lots_of(casino)
    found = lots.get(lot)
    seance = _seance(session, bet.key)
    refuse_first(reading_problems(found, lot, seance, count, value, bet.citation), casino.jurisdiction)
    closed = selectors.closed_at(session)
    return entry_append(register=register, kind=EntryKind.PROGRESSIVE_READING, gaming_day=session.gaming_day,
                        actor=actor, payload={
                            "lot": lot, "table": session.table.number, "seance": session.number, "mises": count,
                            "mise": _amount(bet.stake), "recette": _amount(count * bet.stake),
                            "contribution": _amount(contribution(count, bet.stake, found.rate)),
                            "taux": str(found.rate), "affiche": _amount(value), "devise": casino.currency,
                            "ouverte_a": session.opened_at.isoformat(), "fermee_a": closed.isoformat(),
                            "citation": bet.citation})


@transaction.atomic
def progressive_win_file(*, session: TableSession, actor: User, lot: str, hand: str, amount=None) -> Entry:
    """A winning progressive bet at a séance that indicated it: a fixed prize at the pay table's amount (given or
    not), or « 100 % du lot progressif » at the amount the board displayed, the lot then back at its start value."""
    session = _session(session)
    casino = session.table.casino
    verify_actor(actor, casino)
    bet = _bet(session)
    prize = bet.prize(hand)
    value = parse_amount(amount, field="amount") if amount not in (None, "") else (
        prize.amount if prize is not None and prize.share is None else None)
    register = _locked(casino)
    found = selectors.lots_of(casino).get(lot)
    reset = found.start if found is not None and prize is not None and prize.share is not None else None
    refuse_first(win_problems(found, lot, _seance(session, bet.key), bet, hand, value, reset,
                              money=lambda value: Money(value, casino.currency, casino.jurisdiction)),
                 casino.jurisdiction)
    return entry_append(register=register, kind=EntryKind.PROGRESSIVE_WIN, gaming_day=session.gaming_day, actor=actor,
                        payload={"lot": lot, "table": session.table.number, "seance": session.number, "main": hand,
                                 "libelle": prize.label, "montant": _amount(value),
                                 "part": str(prize.share) if prize.share is not None else None,
                                 "remise_a": _amount(reset) if reset is not None else None,
                                 "devise": casino.currency, "citation": bet.citation})
