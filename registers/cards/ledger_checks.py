"""The audit's checks of the card ledger (LU RGD 1979 art. 3-1 and 3-4) (`registers_audit`): each operation on a
balance against the rules of registers/cards/ledger.py, its movements against the balances replayed so far
(checks.py); and the payment by hand of a win past a card's cap (art. 3-4 7), 18-10), filed in the jackpots
register, against the excess it names (registers/cards/excess.py)."""

import datetime
import json
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from ..chain.replay import Amount, Audited, Check, Problem, Replay
from ..kinds import RegisterKind
from ..models import CardKind, CardStatus, Entry
from . import errors
from .checks import card_check, card_named, card_rule, cited, movements, require_active
from .excess import KEY
from .ledger import CAP_KEYS, WIN_EXCESS, excess_citation

BET_KEY = "lu.carte_de_jeu.enjeux_par_carte"  # art. 3-4 1), 2)

ABOVE_CAP = _("Le solde de la carte « {card} » passerait à {balance}, au-delà de son plafond de {cap}.")
INSUFFICIENT = _("Solde insuffisant sur la carte « {card} » : {amount} demandés, {balance} sur la carte.")
EXCESS_SPLIT = _("Gain de {win} : le crédit ({credited}) et l'excédent ({amount}) ne font pas le gain.")
EXCESS_NOT_FULL = _("La carte « {card} » pouvait encore prendre {room} : seule la part au-delà de son plafond se paie "
                    "à la main.")
EXCESS_INACTIVE = _("La carte « {card} » n'est pas active : elle ne prend rien, tout le gain se paie à la main.")
TRANSFER_CLIENTS = _("Seules les deux cartes nominatives d'un même client peuvent s'échanger un solde.")
BENEFIT_NOMINATIVE = _("Points et jeux gratuits sont réservés aux cartes nominatives.")
BENEFIT_COUNT = _("Points et jeux gratuits : des nombres entiers positifs ou nuls, l'un au moins non nul.")
ADJUST_BEFORE = _("Solde avant ajustement inscrit {written} au lieu de {expected}.")
ADJUST_SAME = _("Le nouveau solde est égal à l'ancien : il n'y a rien à ajuster.")
TO_ORPHELINS_FOUND = _("Seule une carte trouvée verse son solde aux orphelins ; la carte « {card} » est « {status} ».")
TO_ORPHELINS_AMOUNT = _("Le versement aux orphelins porte sur tout le solde, {balance}, pas sur {amount}.")
TO_ORPHELINS_SOURCE = _("Origine « {source} » au lieu de « {expected} » pour cette carte.")
STILL_HELD = _("La carte nominative trouvée le {found} est gardée à la disposition de son titulaire jusqu'au {until}.")
EXCESS_UNKNOWN = _("Aucun gain au-delà du plafond n° {seq} n'est enregistré au registre des cartes avant ce paiement.")
EXCESS_AMOUNT = _("Le gain au-delà du plafond n° {seq} est de {expected} : c'est ce montant qui se paie, pas {amount}.")
EXCESS_MACHINE = _("Le gain au-delà du plafond n° {seq} vient de l'appareil « {expected} », pas de « {machine} ».")
EXCESS_PAID = _("Le gain au-delà du plafond n° {seq} est déjà payé par l'écriture n° {paid}.")


def _within_cap(check: Check, card, balance: Decimal) -> None:
    if balance > card.cap:
        rule = card_rule(check, CAP_KEYS.get(card.kind, "plafond_nominative"))
        check.fail(ABOVE_CAP, str(rule.citation) if rule else cited(check), card=card.number,
                   balance=Amount(balance), cap=Amount(card.cap))


def _within_balance(check: Check, card, amount: Decimal, citation: str | None = None) -> None:
    if amount > card.balance:
        check.fail(INSUFFICIENT, citation or cited(check, BET_KEY), card=card.number,
                   amount=Amount(amount), balance=Amount(card.balance))


def _operation(replay: Replay, entry: Audited, *, sign: int, text: str, active: bool = True) -> list[Problem]:
    """A load (+), a bet (−), a win (+) or a payout (−) of `amount` on an active card (a payout whatever its
    state), within its balance and its cap, with its movement."""
    check = card_check(replay, entry)
    card, amount = card_named(replay, check), check.amount("amount")
    check.text(text, max_length=60, optional=text == "desk")  # a desk or a machine, as the ledger bounds them
    if card is None or amount is None:
        return check.problems
    if active:
        require_active(check, card)
    if sign < 0:
        paid = card_rule(check, "solde_paye_sur_demande") if not active else None
        _within_balance(check, card, amount, str(paid.citation) if paid else None)
    else:
        _within_cap(check, card, card.balance + amount)
    movements(replay, check, [(card, sign * amount)])
    return check.problems


def card_loaded(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-1 6), 7): a load at a cash desk on an active card, never past its cap."""
    return _operation(replay, entry, sign=1, text="desk")


def card_bet(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-4 1), 2): a bet a slot machine debits from an active card, within its balance."""
    return _operation(replay, entry, sign=-1, text="machine")


def card_won(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-4 7): a win credited to an active card, up to its cap."""
    return _operation(replay, entry, sign=1, text="machine")


def card_paid_out(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-1 5): the cash desk pays a balance on request, whatever the card's state, within the balance."""
    return _operation(replay, entry, sign=-1, text="desk", active=False)


def card_win_excess(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-4 7): the part of a win the card cannot take (past its cap, or all of it if the card is not active),
    paid by hand under art. 18-10."""
    check = card_check(replay, entry)
    rule = card_rule(check, "gain_excedent_paye_manuellement")
    check.citation = str(rule.citation) if rule else cited(check)
    card = card_named(replay, check)
    win, credited, amount = check.amount("win"), check.amount("credited", zero=True), check.amount("amount")
    check.text("machine", max_length=60)
    if None in (win, credited, amount):
        return check.problems
    if credited + amount != win:
        check.fail(EXCESS_SPLIT, win=Amount(win), credited=Amount(credited), amount=Amount(amount))
    if card is not None and card.status == CardStatus.ACTIVE and card.balance != card.cap:
        check.fail(EXCESS_NOT_FULL, card=card.number, room=Amount(card.cap - card.balance))
    elif card is not None and card.status != CardStatus.ACTIVE and credited:
        check.fail(EXCESS_INACTIVE, card=card.number)
    return check.problems


def card_transferred(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-1 8): between the two active nominative cards of one client, within the source's balance and the
    target's cap."""
    check = card_check(replay, entry)
    source, target, amount = card_named(replay, check), card_named(replay, check, "to"), check.amount("amount")
    if None in (source, target, amount):
        return check.problems
    rule = card_rule(check, "transfert_entre_clients_interdit")
    if source is target:
        check.fail(errors.CARD_TRANSFER_SAME)
    elif source.client is None or source.client != target.client:
        check.fail(TRANSFER_CLIENTS, str(rule.citation) if rule else cited(check))
    require_active(check, source)
    require_active(check, target)
    _within_balance(check, source, amount)
    _within_cap(check, target, target.balance + amount)
    movements(replay, check, [(source, -amount), (target, amount)])
    return check.problems


def card_benefit(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-1 11): points or free games, for an active nominative card only, with a reason; no money moves."""
    check, payload = card_check(replay, entry), entry.payload
    card = card_named(replay, check)
    rule = card_rule(check, "avantages_reserves_nominatives")
    if card is not None and card.kind != CardKind.NOMINATIVE:
        check.fail(BENEFIT_NOMINATIVE, str(rule.citation) if rule else cited(check))
    counts = [payload.get(key) for key in ("points", "free_games")]
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in counts) or not any(counts):
        check.fail(BENEFIT_COUNT)
    check.text("reason", max_length=200)  # as the ledger bounds it
    require_active(check, card)
    return check.problems


def card_adjusted(replay: Replay, entry: Audited) -> list[Problem]:
    """A supervisor (a manager) corrects a balance, with the reason and the balances before and after, within the
    cap."""
    check = card_check(replay, entry)
    check.actor_role()
    card = card_named(replay, check)
    before, after = check.number("before"), check.amount("after", zero=True)
    check.text("reason", max_length=200)  # as the ledger bounds it
    if card is None or after is None:
        return check.problems
    if before is not None and before != card.balance:
        check.fail(ADJUST_BEFORE, written=Amount(before), expected=Amount(card.balance))
    if after == card.balance:
        check.fail(ADJUST_SAME)
    _within_cap(check, card, after)
    movements(replay, check, [(card, after - card.balance)])
    return check.problems


def card_to_orphelins(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-4 8): a found card's whole balance goes to the orphelins: a day card's at once, a nominative card's once
    it has been held for its holder the rule's weeks."""
    check = card_check(replay, entry)
    check.citation = cited(check, "lu.carte_de_jeu.garde_nominative_trouvee")
    card, amount = card_named(replay, check), check.amount("amount")
    if card is None or amount is None:
        return check.problems
    if card.status != CardStatus.FOUND:
        check.fail(TO_ORPHELINS_FOUND, card=card.number, status=card.status_label)
    if amount != card.balance:
        check.fail(TO_ORPHELINS_AMOUNT, balance=Amount(card.balance), amount=Amount(amount))
    expected = "carte_nominative" if card.kind == CardKind.NOMINATIVE else "carte_anonyme"
    if entry.payload.get("source") != expected:
        check.fail(TO_ORPHELINS_SOURCE, source=entry.payload.get("source"), expected=expected)
    hold = card_rule(check, "garde_nominative_trouvee") if card.kind == CardKind.NOMINATIVE else None
    if hold is not None:
        until = (card.found_on or entry.gaming_day) + datetime.timedelta(weeks=int(hold.value))
        if card.found_on is None or until > entry.gaming_day:
            check.fail(STILL_HELD, str(hold.citation), found=card.found_on or "—", until=until)
    movements(replay, check, [(card, -amount)])
    return check.problems


def _excesses(replay: Replay) -> dict[int, tuple[dict, object]]:
    """The casino's wins past the cap (n° → payload, recorded at), read once per replay of the jackpots register."""
    def read():
        rows = Entry.objects.filter(register__casino=replay.casino, register__kind=RegisterKind.CARTES,
                                    kind=WIN_EXCESS).values_list("seq", "payload", "recorded_at")
        return {seq: (json.loads(payload), recorded) for seq, payload, recorded in rows}
    return replay.part("cards.excesses", read)


def excess_payment(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-4 7), 18-10: a hand-paid jackpot that settles a win past a card's cap names an excess recorded before
    it, pays its amount for its machine, and only once."""
    check, payload = Check(replay, entry, excess_citation(replay.casino, entry.gaming_day)), entry.payload
    if KEY not in payload:
        return check.problems
    seq, paid = payload[KEY], replay.part("cards.excesses_paid", dict)
    excess = _excesses(replay).get(seq) if isinstance(seq, int) and not isinstance(seq, bool) else None
    if excess is None or excess[1] > entry.entry.recorded_at:
        check.fail(EXCESS_UNKNOWN, seq=seq)
        return check.problems
    written, expected = payload.get("amount"), excess[0].get("amount")
    if written != expected:
        check.fail(EXCESS_AMOUNT, seq=seq, expected=Amount(expected), amount=Amount(written))
    if str(payload.get("machine", "")).strip() != str(excess[0].get("machine", "")).strip():
        check.fail(EXCESS_MACHINE, seq=seq, expected=excess[0].get("machine"), machine=payload.get("machine"))
    if seq in paid:
        check.fail(EXCESS_PAID, seq=seq, paid=paid[seq])
    else:
        paid[seq] = entry.seq
    return check.problems
