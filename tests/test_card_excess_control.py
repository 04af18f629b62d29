"""Issue 37 point 1: the payment by hand of a win past a card's cap is one control (registers/cards/controls.py
`excess_payment_problems`), asked by the service that files the payment (registers/cards/excess.py) and again by
`registers_audit` of every payment in the jackpots register (registers/cards/ledger_checks.py).

The texts (LU RGD 1979, a draft applied as such, /work/shared/seeds): art. 3-4 7) « L'article 18-10 ne s'applique pas
si les gains y visés ont été comptabilisés sur une carte de jeu électronique et ceci dans les limites maximales visées
aux points 6) et 7) de l'article 3-1 », and art. 18-10 al. 3 « Les dispositions du présent article relatives au
paiement du gain ne s'appliquent pas aux appareils à sous munis d'un système de cartes de jeu électroniques pour les
montants qui ne dépassent pas le maximum prévu pour ces cartes »: the part past the cap is paid by hand, under
art. 18-10. Which excess, at what amount, for which machine and once is the register's own bookkeeping of it."""

import json
from decimal import Decimal

import pytest

from compliance.errors import DomainError
from registers.cards.controls import ExcessRecorded, ProposedExcessPayment, excess_payment_problems
from registers.cards.ledger import excess_citation, rules_of
from registers.chain.audit import registers_audit
from registers.chain.services import pending_countersign, register_for
from registers.management.audit import CHECKS
from registers.models import PendingEntry
from tests.conftest import make_user
from tests.test_card_excess import YESTERDAY, _excess, _pay, _plain
from tests.test_registers_audit import seed

pytestmark = pytest.mark.django_db

D = Decimal
EXCESS = Decimal("400.00")
CITED = "LU RGD 1979 art. 3-4 7) (projet) ; LU RGD 1979 art. 18-10 al. 3 (projet)"


def _problems(world, recorded, seq=7, machine="AS-02", amount=EXCESS):
    return excess_payment_problems(recorded, ProposedExcessPayment(seq, machine, amount), excess_citation(world.c),
                                   rules_of(world.c))


def _said(problems) -> list[tuple[str, str, str]]:
    return [(p.field, p.code, _plain(p.text(language="fr"))) for p in problems]


def test_the_control_asks_nothing_of_the_payment_of_a_recorded_excess_at_its_amount_for_its_machine(world, rules):
    assert _problems(world, ExcessRecorded("AS-02", D("400.00"))) == []
    assert _problems(world, ExcessRecorded("AS-02", D("400.00")), machine=" AS-02 ") == []  # as the service trims it


def test_3_4_7_an_excess_the_cartes_register_does_not_hold_before_the_payment_is_unknown(world, rules):
    """« L'article 18-10 ne s'applique pas si les gains y visés ont été comptabilisés sur une carte de jeu
    électronique »: only a win's part the card could not take is paid by hand, and it is one the register holds."""
    ((field, code, text),) = _said(_problems(world, None, seq=99))
    assert (field, code) == ("card_excess", "unknown_excess")
    assert text == ("Aucun gain au-delà du plafond n° 99 n'est enregistré au registre des cartes de ce casino avant ce "
                    f"paiement ({CITED}).")


def test_18_10_al_3_the_excess_is_paid_at_its_own_amount(world, rules):
    """« pour les montants qui ne dépassent pas le maximum prévu pour ces cartes »: what the card could not take,
    no more and no less."""
    ((field, code, text),) = _said(_problems(world, ExcessRecorded("AS-02", D("400.00")), amount=D("500.00")))
    assert (field, code) == ("amount", "excess_mismatch")
    assert "est de 400,00 € : c'est ce montant qui est payé manuellement, pas 500,00 €" in text and CITED in text


def test_3_4_7_the_excess_is_paid_for_the_machine_it_was_won_on(world, rules):
    """« si les gains y visés ont été comptabilisés sur une carte de jeu électronique »: the win of one machine."""
    ((field, code, text),) = _said(_problems(world, ExcessRecorded("AS-02", D("400.00")), machine="AS-03"))
    assert (field, code) == ("machine", "excess_mismatch")
    assert "vient de l'appareil « AS-02 », pas de « AS-03 »" in text


def test_18_10_an_excess_already_paid_or_whose_payment_awaits_its_countersignature_is_not_paid_again(world, rules):
    ((field, code, text),) = _said(_problems(world, ExcessRecorded("AS-02", D("400.00"), paid_by=12)))
    assert (field, code) == ("card_excess", "excess_already_paid") and "écriture n° 12 du registre des jackpots" in text
    ((field, code, text),) = _said(_problems(world, ExcessRecorded("AS-02", D("400.00"), pending=5)))
    assert (field, code) == ("card_excess", "excess_already_paid") and "(dépôt n° 5)" in text


def test_the_service_refuses_with_the_control_s_first_problem(world, rules):
    _manager, excess = _excess(world)
    with pytest.raises(DomainError) as refused:
        _pay(world, excess, amount="500.00", machine="M07")
    recorded = ExcessRecorded("AS-02", D("400.00"))
    (first, _machine) = _problems(world, recorded, seq=excess.seq, machine="M07", amount=D("500.00"))
    assert (refused.value.field, refused.value.code) == (first.field, first.code)
    assert str(refused.value.message) == first.text(world.c.jurisdiction)
    assert PendingEntry.objects.count() == 0


def test_registers_audit_finds_payments_written_past_the_control_invalid_with_its_messages(world, rules):
    manager, excess = _excess(world)
    paid = _pay(world, excess)
    first = pending_countersign(pending=paid, countersigner=manager)
    register = register_for(casino=world.c, kind="jackpots")
    amount = json.loads(excess.payload)["amount"]
    base = {"machine": "AS-02", "amount": amount, "currency": "EUR", "receipt_in_cabinet": True,
            "citation": "x", "quittance_citation": "y"}
    cashier, signer = world.accountant_c, make_user("direction.c2", "manager", casino=world.c)
    written = {
        "twice": seed(register, "jackpot.paiement_manuel", {**base, "receipt": "Q-9001", "card_excess": excess.seq},
                      actor=cashier, countersigner=signer, day=YESTERDAY),
        "unknown": seed(register, "jackpot.paiement_manuel", {**base, "receipt": "Q-9002", "card_excess": 9999},
                        actor=cashier, countersigner=signer, day=YESTERDAY),
        "amount": seed(register, "jackpot.paiement_manuel", {**base, "receipt": "Q-9003", "amount": "12.00",
                                                             "card_excess": excess.seq},
                       actor=cashier, countersigner=signer, day=YESTERDAY),
    }
    (audit,) = registers_audit(checkers=CHECKS, casino_code=world.c.code, kind="jackpots")
    found = {finding.seq: " ".join(problem.fr for problem in finding.problems) for finding in audit.invalid}
    assert set(found) == {entry.seq for entry in written.values()}, found
    assert first.seq not in found
    assert f"n° {excess.seq} est déjà payé : écriture n° {first.seq} du registre des jackpots" in found[
        written["twice"].seq]
    assert "Aucun gain au-delà du plafond n° 9999 n'est enregistré au registre des cartes" in found[
        written["unknown"].seq]
    assert "pas 12,00" in _plain(found[written["amount"].seq])
    cited = {problem.citation for finding in audit.invalid for problem in finding.problems
             if "plafond" in problem.fr}
    assert cited == {CITED}
