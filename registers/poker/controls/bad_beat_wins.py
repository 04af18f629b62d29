"""A bad-beat win (LU RGD 1979 art. 49-12 to 49-15): in service, once, over the house rules' minimum pot, never
above the cagnotte, the cagnotte then restarting as the house rules say."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from ...controls import Problem, Rules
from ...errors import ErrorCode
from .. import errors
from .bad_beat import BadBeat
from .bad_beat_stages import bad_beat_from
from .shared import BAD_BEAT_CONDITIONS, BAD_BEAT_WIN, LOSER_SHARE, MINIMUM_POT, START, VOUCHERS, ZERO, House, books

RESTART_ZERO = "zero"  # the house rules' restart (registers/poker/house_rules.py RESTARTS): at 0, else its start value


@dataclass(frozen=True)
class BadBeatWin:
    day: datetime.date
    table: object
    won_at: object
    pot: Decimal | None
    players: tuple
    loser: object
    house: House | None  # the house rules in force that day
    written: tuple | None = None  # (n°, minimum pot) of the house rules the entry wrote; None: the service's own
    kept: bool = True  # False for the wins filed before the house rules' minimum was written with them
    amount: Decimal | None = None
    restart: Decimal | None = None  # what the entry writes the cagnotte restarts at
    credits: dict | None = None  # the days' credits to the cagnotte (`day_credit`); None: not read


def bad_beat_win_problems(bad_beat: BadBeat, proposed: BadBeatWin, rules: Rules) -> list[Problem]:
    """Art. 49-12 to 49-15: a win while the jackpot is in service (49-14), once (the same table, day and time are the
    same win), over the minimum pot « fixé par le règlement intérieur du casino » in force that day (49-12 al. 7),
    one voucher for each player seated, the loser among them (49-15 al. 2)."""
    problems = bad_beat_from(bad_beat, proposed.day, BAD_BEAT_WIN, rules)
    if problems:
        return problems
    if not bad_beat.constituted_on(proposed.day):  # art. 49-13 al. 1: no start value fixed, no jackpot to win
        return [Problem("gaming_day", errors.BAD_BEAT_NOT_OPENED, rules.cited(START), ErrorCode.BEFORE_OPENING,
                        {"day": proposed.day})]
    earlier = bad_beat.wins.get((proposed.table, proposed.day, proposed.won_at))
    if earlier is not None:
        problems.append(Problem("won_at", errors.BAD_BEAT_WON_TWICE, books(), ErrorCode.DUPLICATE,
                                {"table": proposed.table, "day": proposed.day, "time": proposed.won_at,
                                 "seq": earlier}))
    vouchers = rules.cited(VOUCHERS)
    players = list(proposed.players)
    if len(set(map(str, players))) != len(players):
        problems.append(Problem("players", errors.BAD_BEAT_PLAYERS_TWICE, vouchers, ErrorCode.INVALID))
    elif proposed.loser not in players:
        problems.append(Problem("loser", errors.BAD_BEAT_LOSER_NOT_SEATED, vouchers, ErrorCode.LOSER_NOT_SEATED,
                                {"loser": proposed.loser}))
    return (problems + (minimum_pot_problems(proposed, rules) if proposed.kept else [])
            + bad_beat_balance_problems(bad_beat, proposed, rules))


def bad_beat_balance_problems(bad_beat: BadBeat, proposed: BadBeatWin, rules: Rules) -> list[Problem]:
    """Art. 49-12 al. 4: « 50 % du montant de la cagnotte du bad beat jackpot sont payés au joueur […], les 50%
    restants sont répartis »: a win never above the cagnotte kept since its opening; art. 49-13 al. 10: « Après son
    gain, la cagnotte du bad beat jackpot redémarre à 0 € ou à la valeur de départ fixée par le casino », as the house
    rules in force say."""
    available = bad_beat.available(proposed.day, proposed.credits) if proposed.credits is not None else None
    if available is None:
        return []
    problems = []
    if proposed.amount is not None and proposed.amount > available:
        problems.append(Problem("amount", errors.BAD_BEAT_ABOVE_BALANCE, rules.cited(LOSER_SHARE),
                                ErrorCode.ABOVE_JACKPOT, {"amount": rules.amount(proposed.amount),
                                                          "available": rules.amount(available)}))
    house = proposed.house
    if proposed.restart is not None and house is not None and house.bad_beat_restart:
        expected = ZERO if house.bad_beat_restart == RESTART_ZERO else bad_beat.start
        if proposed.restart != expected:
            problems.append(Problem("restart_at", errors.BAD_BEAT_RESTART_AT, rules.cited(BAD_BEAT_CONDITIONS),
                                    ErrorCode.INVALID, {"expected": rules.amount(expected), "seq": house.seq,
                                                        "restart": rules.amount(proposed.restart)}))
    return problems


def minimum_pot_problems(proposed: BadBeatWin, rules: Rules) -> list[Problem]:
    """Art. 49-12 al. 7: « le pot minimum pour constituer un bad beat jackpot est fixé par le règlement intérieur du
    casino »: a version in force that day, the one the win writes with its minimum, and a pot not below it."""
    house, citation = proposed.house, rules.cited(MINIMUM_POT)
    if house is None:
        return [Problem("pot", errors.HOUSE_RULES_MISSING, citation, ErrorCode.REQUIRED, {"day": proposed.day})]
    if proposed.written is not None and tuple(proposed.written) != (house.seq, house.bad_beat_minimum_pot):
        seq, minimum = proposed.written
        return [Problem("pot_minimum", errors.POT_MINIMUM_NOT_THE_HOUSE_RULES, citation, ErrorCode.INVALID, {
            "written": rules.amount(minimum), "seq": seq, "minimum": rules.amount(house.bad_beat_minimum_pot),
            "house": house.seq, "day": proposed.day})]
    if proposed.pot is not None and proposed.pot < house.bad_beat_minimum_pot:
        return [Problem("pot", errors.BAD_BEAT_POT_TOO_SMALL, citation, ErrorCode.POT_TOO_SMALL, {
            "pot": rules.amount(proposed.pot), "minimum": rules.amount(house.bad_beat_minimum_pot),
            "seq": house.seq})]
    return []
