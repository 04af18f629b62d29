"""The audit's checks of the playing-card stock (`registers_audit`): the register of decks replayed into the stock
(selectors.apply, as the pages read it), each entry asked the same controls as its service; and every table session's
or poker séance's opening asked the opening control (controls.session_decks_problems) against the stock as it stood
when the opening was written, so a session opened past the service, without its decks, is found."""

import contextlib
import datetime
import json

from compliance.models import User

from ..chain.replay import Audited, Check, Problem, Replay
from ..models import Entry
from . import controls, errors, rules, selectors
from .controls import POKER, TABLES, Issuing, Stock


def _stock(replay: Replay) -> Stock:
    return replay.part("decks.stock", Stock)


def _report(check: Check, problems: list) -> None:
    for problem in problems:
        check.fail(problem.message, problem.citation, **problem.params)


def _apply(check: Check, replay: Replay, entry: Audited) -> None:
    try:
        selectors.apply(_stock(replay), entry.kind, entry.payload, entry.gaming_day, entry.entry.pk, entry.seq,
                        entry.entry.refers_to_id)
    except (KeyError, TypeError, ValueError):
        check.fail(errors.UNREADABLE, kind=entry.kind)


def _checked(replay: Replay, entry: Audited, problems) -> list[Problem]:
    check = Check(replay, entry, controls.stock_control())
    try:
        _report(check, problems(_stock(replay), entry.payload))
    except (KeyError, TypeError, ValueError):
        check.fail(errors.UNREADABLE, kind=entry.kind)
        return check.problems
    _apply(check, replay, entry)
    return check.problems


def decks_received(replay: Replay, entry: Audited) -> list[Problem]:
    def problems(stock, payload):
        seals = tuple(payload["scelles"])
        return controls.receipt_problems(stock, rules.receipt(replay.casino, entry.gaming_day, int(payload["paquets"]),
                                                              int(payload["jeux_par_paquet"]), seals,
                                                              bool(payload["teinte_unie"])))
    return _checked(replay, entry, problems)


def decks_issued(replay: Replay, entry: Audited) -> list[Problem]:
    def problems(stock, payload):
        checks = payload.get("verifications") or {}
        found = controls.issue_problems(stock, Issuing(payload["lot"], int(payload["jeux"]), bool(payload["neufs"]),
                                                       bool(checks.get("comptees_verifiees")),
                                                       bool(checks.get("scelles_intacts")),
                                                       bool(checks.get(controls.PERFECT))))
        game = payload.get("jeu")
        if found or not isinstance(game, str):
            return found
        return controls.replacement_problems(
            stock, payload["famille"], payload["table"], datetime.date.fromisoformat(payload["journee"]),
            bool(payload["neufs"]), rules.replacement(lambda key: replay.rule(key, entry.gaming_day), game))
    return _checked(replay, entry, problems)


def decks_returned(replay: Replay, entry: Audited) -> list[Problem]:
    def problems(stock, payload):
        return controls.return_problems(stock.issues.get(entry.entry.refers_to_id), int(payload["jeux"]),
                                        bool(payload["parfait_etat"]), payload.get("motif") or "")
    return _checked(replay, entry, problems)


def decks_destroyed(replay: Replay, entry: Audited) -> list[Problem]:
    def problems(stock, payload):
        return controls.destroy_problems(stock, payload["lot"], int(payload["jeux"]))
    found = _checked(replay, entry, problems)
    check = Check(replay, entry, controls.stock_control())
    check.countersigned()
    return found + check.problems


def decks_control(replay: Replay, entry: Audited) -> list[Problem]:
    check = Check(replay, entry, controls.stock_control())
    check.actor_role(User.Role.MANAGER, controls.stock_control())
    _apply(check, replay, entry)
    return check.problems


# --- the openings, in the carnet d'avances and the cagnotte's register ------------------------------------------------


class Timeline:
    """The casino's register of decks in the order it was written, replayed up to a moment as the openings ask."""

    def __init__(self, casino):
        register = selectors.register_of(casino)
        self.entries = list(Entry.objects.filter(register=register).order_by("seq").only(
            "id", "seq", "kind", "payload", "gaming_day", "refers_to_id", "recorded_at")) if register else []
        self.stock, self.index = Stock(), 0

    def at(self, moment: datetime.datetime) -> Stock:
        while self.index < len(self.entries) and self.entries[self.index].recorded_at < moment:
            entry = self.entries[self.index]
            with contextlib.suppress(KeyError, TypeError, ValueError):  # the register of decks' own audit reports it
                selectors.apply(self.stock, entry.kind, json.loads(entry.payload), entry.gaming_day, entry.pk,
                                entry.seq, entry.refers_to_id)
            self.index += 1
        return self.stock


def _opened(replay: Replay, entry: Audited, family: str) -> list[Problem]:
    timeline = replay.part("decks.timeline", lambda: Timeline(replay.casino))
    table, game = entry.payload.get("table"), entry.payload.get("jeu")
    check = Check(replay, entry, controls.stock_control())
    if not timeline.entries or not isinstance(table, str) or not isinstance(game, str):
        return []
    stock = timeline.at(entry.entry.recorded_at)
    state = selectors.table_decks(replay.casino, family, table, entry.gaming_day, stock)
    _report(check, controls.session_decks_problems(state, rules.requirement(
        lambda key: replay.rule(key, entry.gaming_day), game)))
    return check.problems


def table_opened_with_decks(replay: Replay, entry: Audited) -> list[Problem]:
    return _opened(replay, entry, TABLES)


def seance_opened_with_decks(replay: Replay, entry: Audited) -> list[Problem]:
    return _opened(replay, entry, POKER)
