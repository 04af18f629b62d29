"""The audit's checks of the electronic gaming cards' issue and states (LU RGD 1979 art. 3-1 to 3-4)
(`registers_audit`), against the rules of registers/cards/services.py; the money the ledger moves is checked in
ledger_checks.py. The cards are replayed from the `cartes` register alone: an issue creates a card (its kind, client
and cap), a status entry sets its state, and its balance is the `balance_after` of its last movement, as
PostgreSQL holds it for the ledger (migration 0005)."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from ..chain.replay import HOUSE_RULE, Amount, Audited, Check, Problem, Replay, Said
from ..models import CardKind, CardStatus, CardSystemCertificate
from .ledger import CAP_KEYS
from .services import STATUS_CHANGES

CARDS_KEY = "lu.carte_de_jeu.systeme_conditions"  # art. 3-1: what the cards register requires of any entry


def card_check(replay: Replay, entry: Audited) -> Check:
    """A check of the cards register, citing art. 3-1 unless a rule it reads says otherwise."""
    check = Check(replay, entry, HOUSE_RULE)
    check.citation = cited(check)
    return check


def cited(check: Check, key: str = CARDS_KEY) -> str:
    """The article of a card rule value on the entry's day, as the rule data cites it (a draft as such)."""
    return check.replay.cited(key, check.entry.gaming_day)


CARD_UNKNOWN = _("Aucune carte « {card} » n'est émise dans ce registre avant cette écriture.")
CARD_EXISTS = _("La carte « {card} » est déjà émise (écriture n° {seq}).")
CARD_KIND = _("Type de carte inconnu : « {kind} ».")
CARD_CLIENT = _("Une carte nominative est émise au nom d'un client identifié, une carte journalière à personne.")
CARD_CAP = _("Plafond de {written} au lieu de {cap}, celui que la règle donne à ce type de carte.")
NO_CERTIFICATE = _("Aucun certificat de conformité du système de cartes n'était enregistré lors de cette émission.")
TWO_ACTIVE = _("Le client a déjà {max} cartes nominatives attribuées et non clôturées.")
NOT_ACTIVE = _("La carte « {card} » n'est pas active ({status}).")
MOVEMENTS = _("Les mouvements inscrits ne sont pas ceux de l'opération : attendu {expected}, inscrit {written}.")
BALANCE_AFTER = _("Carte « {card} » : solde après mouvement inscrit {written} au lieu de {expected}.")
STATUS_FROM = _("La carte « {card} » est « {current} » avant cette écriture, pas « {written} ».")
STATUS_CHANGE = _("La carte « {card} » ne peut passer de « {current} » à « {wanted} ».")
CLOSE_BALANCE = _("La carte « {card} » indique encore un solde de {balance} : il est payé avant sa clôture.")
EXPIRY = _("Seule une carte journalière active expire, et après sa journée d'émission ({issued}).")
FOUND_DATE = _("Carte trouvée le {found}, après le jour de cette écriture.")


@dataclass
class CardState:
    number: str
    kind: str
    client: int | None
    cap: Decimal
    issued: int  # n° of its issue
    issued_on: datetime.date
    status: str = CardStatus.ACTIVE
    balance: Decimal = Decimal("0.00")
    found_on: datetime.date | None = None

    @property
    def status_label(self) -> str:
        return CardStatus(self.status).label if self.status in CardStatus.values else self.status


def cards_of(replay: Replay) -> dict[str, CardState]:
    return replay.part("cards.cards", dict)


def card_named(replay: Replay, check: Check, key: str = "card") -> CardState | None:
    number = check.entry.payload.get(key)
    card = cards_of(replay).get(number) if isinstance(number, str) else None
    if card is None:
        check.fail(CARD_UNKNOWN, cited(check), card=number)
    return card


def require_active(check: Check, card: CardState | None) -> None:
    if card is not None and card.status != CardStatus.ACTIVE:
        check.fail(NOT_ACTIVE, cited(check), card=card.number, status=card.status_label)


def card_rule(check: Check, key: str):
    return check.rule(f"lu.carte_de_jeu.{key}")


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
    """Art. 3-1 to 3-3: a manager issues a new card, after the system's certificate (3-2); a nominative one to an
    identified client attributed fewer than the rule's cards not closed (3-1 7)), a day card to no one; its cap the
    rule's."""
    check, payload = card_check(replay, entry), entry.payload
    check.actor_role()
    number, kind, client = check.text("card"), payload.get("kind"), payload.get("client")
    existing = cards_of(replay).get(payload.get("card")) if number else None
    if existing is not None:
        check.fail(CARD_EXISTS, card=number, seq=existing.issued)
    if kind not in CAP_KEYS:
        check.fail(CARD_KIND, kind=kind)
        return check.problems
    count = card_rule(check, "nominatives_par_client_max")
    if (kind == CardKind.NOMINATIVE) != (isinstance(client, int) and not isinstance(client, bool)) or (
            kind == CardKind.JOURNALIERE and client is not None):
        check.fail(CARD_CLIENT, str(count.citation) if count else cited(check))
    elif kind == CardKind.NOMINATIVE and count is not None and _nominative_attributed(replay, client) >= int(
            count.value):
        check.fail(TWO_ACTIVE, str(count.citation), max=count.value)
    cap, written = card_rule(check, CAP_KEYS[kind]), check.amount("cap")
    if cap is not None and written is not None and written != cap.value:
        check.fail(CARD_CAP, str(cap.citation), written=Amount(written), cap=Amount(cap.value))
    needed = card_rule(check, "certificat_avant_mise_en_service")
    if needed is not None and needed.value and not CardSystemCertificate.objects.filter(
            casino=replay.casino, recorded_at__lte=entry.entry.recorded_at).exists():
        check.fail(NO_CERTIFICATE, str(needed.citation))
    if number and existing is None:
        cap_of_card = written if written is not None else cap.value if cap is not None else Decimal("0.00")
        card = CardState(payload["card"], kind, client, cap_of_card, entry.seq, entry.gaming_day)
        cards_of(replay)[card.number] = card
        if kind == CardKind.NOMINATIVE and isinstance(client, int):
            _held_by(replay).setdefault(client, []).append(card)
    return check.problems


def card_status(replay: Replay, entry: Audited) -> list[Problem]:
    """A change a card's state allows (registers/cards/services.py): blocked, reactivated and closed by a manager, a
    card closed only at zero balance (3-1 5)), reported lost, found (3-4 8)), a day card expired after its day."""
    check, payload = card_check(replay, entry), entry.payload
    card, wanted = card_named(replay, check), payload.get("to")
    if card is None:
        return check.problems
    if payload.get("from") != card.status:
        check.fail(STATUS_FROM, card=card.number, current=card.status_label, written=payload.get("from"))
    found = None
    if wanted == CardStatus.FOUND:
        allowed = card.status not in (CardStatus.FOUND, CardStatus.CLOSED)
        check.text("reason", max_length=200)  # where it was found, as card_found bounds it
        found = check.day("found_on")
        if found is not None and found > entry.latest_day:
            check.fail(FOUND_DATE, found=found)
    elif wanted == CardStatus.EXPIRED:
        allowed = True
        if card.kind != CardKind.JOURNALIERE or card.status != CardStatus.ACTIVE or card.issued_on >= entry.gaming_day:
            check.fail(EXPIRY, cited(check, "lu.carte_de_jeu.plafond_journaliere_anonyme"), issued=card.issued_on)
    else:
        allowed = _changed(replay, check, card, wanted)
        check.text("reason", max_length=200, optional=True)  # as card_status_change bounds it
    if not allowed:
        check.fail(STATUS_CHANGE, card=card.number, current=card.status_label,
                   wanted=CardStatus(wanted).label if wanted in CardStatus.values else wanted)
    if wanted in CardStatus.values:
        card.status, card.found_on = wanted, found if wanted == CardStatus.FOUND else card.found_on
        if wanted == CardStatus.ACTIVE:
            card.found_on = None
    return check.problems


def _changed(replay: Replay, check: Check, card: CardState, wanted) -> bool:
    """A change of card_status_change (block, reactivate, lost, close): from a state it starts from, by a manager
    where it must be, a card closed at zero (a reactivated card kept its slot: it never exceeds its client's count)."""
    change = next(((starts, manager) for starts, to, manager in STATUS_CHANGES.values() if to == wanted), None)
    if change is None:
        return False
    starts, manager_only = change
    if manager_only:
        check.actor_role()
    if wanted == CardStatus.CLOSED and card.balance:
        rule = card_rule(check, "solde_paye_sur_demande")
        check.fail(CLOSE_BALANCE, str(rule.citation) if rule else cited(check), card=card.number,
                   balance=Amount(card.balance))
    return card.status in starts
