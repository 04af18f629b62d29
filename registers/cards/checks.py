"""The audit's checks of the electronic gaming cards' issue and states (LU RGD 1979 art. 3-1 to 3-4)
(`registers_audit`), with the controls the services refuse with (registers/cards/controls.py); the money the ledger
moves is checked in ledger_checks.py. The cards are replayed from the `cartes` register alone: an issue creates a card
(its kind, client and cap), a status entry sets its state, and its balance is the `balance_after` of its last
movement, as PostgreSQL holds it for the ledger (migration 0005)."""

import dataclasses
from decimal import Decimal

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from ..chain.replay import HOUSE_RULE, Amount, Audited, Check, Problem, Replay, Said, escaped
from ..errors import ErrorCode
from ..models import CardKind, CardStatus, CardSystemCertificate
from . import controls
from .controls import CardState, ProposedChange, ProposedIssue, Rules

CARDS_KEY = "carte_de_jeu.systeme_conditions"  # art. 3-1: what the cards register requires of any entry


def card_check(replay: Replay, entry: Audited) -> Check:
    """A check of the cards register, citing art. 3-1 unless a rule it reads says otherwise."""
    check = Check(replay, entry, HOUSE_RULE)
    check.citation = cited(check)
    return check


def cited(check: Check, key: str = CARDS_KEY) -> str:
    """The article of a card rule value on the entry's day, as the rule data cites it (a draft as such)."""
    return check.replay.cited(key, check.entry.gaming_day)


def rules_of(check: Check) -> Rules:
    """The card rules the controls read for the entry, on its gaming day (a missing one is the entry's problem)."""
    return Rules(lambda key: card_rule(check, key), check.replay.casino)


INSUFFICIENT = _("Solde insuffisant sur la carte « {card} » : {amount} demandés, {balance} sur la carte.")
# the audit reads an entry out of the desk's context: where the service's words leave the card implied, it names it
AUDIT_WORDS = {ErrorCode.INSUFFICIENT_BALANCE: INSUFFICIENT}


def report(check: Check, problems: list) -> None:
    """The controls' problems (registers/cards/controls.py) as the audit writes them: in French and English, the
    article in its own brackets rather than in the sentence."""
    jurisdiction = check.replay.casino.jurisdiction
    for problem in problems:
        message, texts = AUDIT_WORDS.get(problem.code, problem.message), []
        for language in ("fr", "en"):
            with translation.override(language):
                template = str(message).replace(" ({citation})", "")
                texts.append(escaped(dataclasses.replace(problem, message=template).text(jurisdiction)))
        check.problems.append(Problem(texts[0], texts[1], problem.citation))


CARD_UNKNOWN = _("Aucune carte « {card} » n'est émise dans ce registre avant cette écriture.")
MOVEMENTS = _("Les mouvements inscrits ne sont pas ceux de l'opération : attendu {expected}, inscrit {written}.")
BALANCE_AFTER = _("Carte « {card} » : solde après mouvement inscrit {written} au lieu de {expected}.")
STATUS_FROM = _("La carte « {card} » est « {current} » avant cette écriture, pas « {written} ».")


def cards_of(replay: Replay) -> dict[str, CardState]:
    return replay.part("cards.cards", dict)


def card_named(replay: Replay, check: Check, key: str = "card", *, dated: bool = True) -> CardState | None:
    """The card the entry names, issued before it; an entry dated before its issue is a problem (`dated`)."""
    number = check.entry.payload.get(key)
    card = cards_of(replay).get(number) if isinstance(number, str) else None
    if card is None:
        check.fail(CARD_UNKNOWN, cited(check), card=number)
    elif dated:
        report(check, controls.day_problems(card, check.entry.gaming_day))
    return card


def card_rule(check: Check, key: str):
    return check.rule(f"carte_de_jeu.{key}")


def movements(replay: Replay, check: Check, expected: list[tuple[CardState, Decimal]]) -> None:
    """The entry's movements are the operation's (card and delta, in order), each continuing its card's balance;
    the cards then hold the balances written (the ledger's, whatever the operation should have been)."""
    written = [m if isinstance(m, dict) else {} for m in check.items("movements")]
    rows = [(m.get("card"), check.number("movements.delta", value=m.get("delta")),
             check.number("movements.balance_after", value=m.get("balance_after"))) for m in written]
    if [(card, delta) for card, delta, _after in rows] != [(card.number, delta) for card, delta in expected]:
        check.fail(MOVEMENTS, expected=_listed(replay, [(c.number, d) for c, d in expected]),
                   written=_listed(replay, [(card, delta) for card, delta, _after in rows]))
    cards = cards_of(replay)
    for number, delta, after in rows:
        card = cards.get(number) if isinstance(number, str) else None
        if card is None or delta is None or after is None:
            continue
        if after != card.balance + delta:
            check.fail(BALANCE_AFTER, card=number, written=Amount(after), expected=Amount(card.balance + delta))
        card.balance = after


def _listed(replay: Replay, pairs: list) -> Said:
    """« C-1 +25,00 €, C-2 −25,00 € », in the language the message is read in."""
    def text() -> str:
        return ", ".join(f"{card} {'+' if delta >= 0 else '−'}{Amount(abs(delta)).text(replay.casino)}"
                         if isinstance(delta, Decimal) else f"{card} ?" for card, delta in pairs) or "—"
    return Said(text)


def _held_by(replay: Replay) -> dict[int, list[CardState]]:
    return replay.part("cards.by_client", dict)  # a client's nominative cards


def _nominative_attributed(replay: Replay, client) -> int:
    """A client's nominative cards not closed: blocked, lost or found, they still count (art. 3-1 7))."""
    return sum(1 for card in _held_by(replay).get(client, ()) if card.status != CardStatus.CLOSED)


def card_issued(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-1 to 3-3: a manager issues a new card as controls.issue_problems has it."""
    check, payload = card_check(replay, entry), entry.payload
    check.actor_role()
    number, kind, client = check.text("card"), payload.get("kind"), payload.get("client")
    existing = cards_of(replay).get(payload.get("card")) if number else None
    whole = isinstance(client, int) and not isinstance(client, bool)
    written = check.amount("cap")
    proposed = ProposedIssue(
        kind=kind, client=client if whole else None if kind == CardKind.NOMINATIVE or client is None else client,
        certified=CardSystemCertificate.objects.filter(casino=replay.casino,
                                                       recorded_at__lte=entry.entry.recorded_at).exists(),
        attributed=_nominative_attributed(replay, client) if whole else 0, cap=written, number=number or "",
        existing=existing.issued if existing is not None else None)
    rules = rules_of(check)
    report(check, controls.issue_problems(proposed, rules))
    if number and existing is None and kind in controls.CAP_KEYS:
        cap = rules.value(controls.CAP_KEYS[kind])
        cap_of_card = written if written is not None else Decimal(str(cap.value)) if cap else Decimal("0.00")
        card = CardState(payload["card"], kind, client, cap_of_card, entry.seq, entry.gaming_day)
        cards_of(replay)[card.number] = card
        if kind == CardKind.NOMINATIVE and whole:
            _held_by(replay).setdefault(client, []).append(card)
    return check.problems


def card_status(replay: Replay, entry: Audited) -> list[Problem]:
    """A change the card's state allows (controls.TRANSITIONS): blocked, reactivated and closed by a manager, closed
    only at zero balance (3-1 5)), reported lost, found (3-4 8)), a day card expired after its day."""
    check, payload = card_check(replay, entry), entry.payload
    card, wanted = card_named(replay, check, dated=False), payload.get("to")
    if card is None:
        return check.problems
    if payload.get("from") != card.status:
        check.fail(STATUS_FROM, card=card.number, current=card.status_label, written=payload.get("from"))
    transition = controls.LEADING_TO.get(wanted)
    found = None
    if transition is not None and transition.change == "found":
        check.text("reason", max_length=200)  # where it was found, as card_found bounds it
        found = check.day("found_on")
    else:
        check.text("reason", max_length=200, optional=True)  # as card_status_change bounds it
    if transition is not None and transition.manager_only:
        check.actor_role()
    proposed = ProposedChange(transition.change if transition is not None else str(wanted), entry.gaming_day,
                              found_on=found, today=entry.latest_day)
    report(check, controls.change_problems(card, proposed, rules_of(check)))
    if transition is not None:
        controls.changed(card, proposed)
    return check.problems
