"""An orphan's life as a state machine (registers/orphelins/controls.py), at la Moselle's demo orphelins register: the
sum found on English roulette table 2 six days ago (registered, its period runs to tomorrow), the credits of slot
machine 118 nine days ago (made definitive today), the stake set aside at poker table TH-1 three days ago (registered).
Each refused step through its service with its field, its code and what it rests on (LU RGD 1979 art. 8 al. 3, 3-4
8), cited from the rule data); the same controls in registers_audit, which names the entries written past the
services; the orphan's page says why a return is not offered."""

import datetime
import json

import pytest
from django.urls import reverse

from registers.chain.services import entry_append, entry_correct, pending_countersign
from registers.errors import ErrorCode
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, GamingSession
from registers.orphelins.services import orphelin_file, orphelin_return
from tests.test_poker_lifecycle import moselle, refused, today, user  # la Moselle's people and day, a refusal

pytestmark = pytest.mark.django_db

ROULETTE, MACHINE = "Table de roulette anglaise n° 2", "Appareil à sous n° 118, salle des machines"
STAKE = "Salon de poker, table TH-1"
OWNER = {"owner_name": "Jean Muller", "owner_document": "Carte d'identité LU 1234567", "right_established": True,
         "evidence": "Décrit la plaque, la table et l'heure"}


def orphan(location: str) -> Entry:
    """The demo's registered found sum found at `location`."""
    filed = Entry.objects.filter(register__casino__code="la-moselle", kind=EntryKind.ORPHELIN_FILED)
    return next(entry for entry in filed if json.loads(entry.payload)["location"] == location)


def open_day_before(day: datetime.date) -> datetime.date:
    """A day before `day` that la Moselle has not closed (the demo closes one to sign its reports)."""
    return next(earlier for back in range(1, 8) if not GamingSession.objects.filter(
        casino__code="la-moselle", gaming_day=(earlier := day - datetime.timedelta(days=back))).exists())


def give_back(entry: Entry, **changes):
    return orphelin_return(**({"entry": entry, "actor": user("lu.caissier"), "gaming_day": today()} | OWNER
                              | changes))


def test_lu_art_8_al_3_an_orphan_is_returned_once(demo, rules, client):
    """« Dans le cas où le propriétaire légitime de la somme trouvée est connu ou se fait connaître endéans les sept
    jours de calendrier qui suivent l'enregistrement et peut établir son droit sans contestation possible, cette somme
    lui est restituée. » (art. 8 al. 3) Returned, the roulette's sum is not returned a second time; its page no longer
    offers the return and says why."""
    found = orphan(ROULETTE)
    returned = give_back(found)
    refused(lambda: give_back(found), None, ErrorCode.NOT_OPEN, "art. 8", f"écriture n° {returned.seq}",
            "n'est plus en attente")
    client.force_login(user("lu.caissier"))
    page = client.get(reverse("registers-entry", kwargs={"casino": "la-moselle", "kind": RegisterKind.ORPHELINS,
                                                         "seq": found.seq}))
    body = page.content.decode()
    assert 'data-testid="return-refused"' in body and 'data-testid="return-form"' not in body
    assert f"restitué ou est devenu définitif (écriture n° {returned.seq})" in body


def test_lu_art_8_al_3_a_definitive_orphan_is_not_returned(demo, rules):
    """« endéans les sept jours de calendrier qui suivent l'enregistrement » (art. 8 al. 3): the slot machine's
    credits, made definitive once their period ran, are returned to no one."""
    refused(lambda: give_back(orphan(MACHINE)), None, ErrorCode.NOT_OPEN, "art. 8", "n'est plus en attente")


def test_lu_art_8_al_3_a_return_names_a_registered_orphan(demo, rules):
    """« cette somme lui est restituée » (art. 8 al. 3): what is returned is a registered found sum; the entry that
    made the slot machine's credits definitive is none."""
    final = Entry.objects.get(register__casino__code="la-moselle", kind=EntryKind.ORPHELIN_FINAL)
    refused(lambda: give_back(final), None, ErrorCode.NOT_OPEN, "ne se rapporte à aucun orphelin enregistré")


def test_lu_art_8_al_3_an_orphan_is_not_returned_before_it_was_registered(demo, rules):
    """« endéans les sept jours de calendrier qui suivent l'enregistrement » (art. 8 al. 3): the period runs from the
    registration; a return dated before it is refused."""
    stake = orphan(STAKE)
    earlier = open_day_before(stake.gaming_day)
    refused(lambda: give_back(stake, gaming_day=earlier, late_reason="Restitution notée sur papier"), "gaming_day",
            ErrorCode.INVALID, "art. 8", "il n'est pas restitué avant")


def test_lu_art_8_al_3_an_orphan_set_aside_by_a_correction_is_not_returned(demo, rules):
    """« cette somme lui est restituée » (art. 8 al. 3): a registration set aside by a countersigned correction holds
    no found sum; its return is refused."""
    stake = orphan(STAKE)
    pending_countersign(pending=entry_correct(entry=stake, actor=user("lu.direction"),
                                              reason="Mise déjà rendue au joueur à la fin de la séance"),
                        countersigner=user("lu.caissier"))
    refused(lambda: give_back(stake), None, ErrorCode.NOT_OPEN, "art. 8", "écarté par une correction")


def test_lu_art_3_4_8_a_sum_is_filed_once_found(demo, rules):
    """« Les cartes de jeu électroniques nominatives trouvées par ou remises à un membre du personnel du casino sont
    gardées à disposition par le casino pendant une semaine. » (art. 3-4 8)) A card found tomorrow is not filed
    today (the casino's books)."""
    refused(lambda: orphelin_file(
        casino=moselle(), actor=user("lu.caissier"), gaming_day=today(), source="carte_nominative",
        amount="25.00", currency="EUR", location="Caisse principale",
        found_on=today() + datetime.timedelta(days=1)), "found_on", ErrorCode.INVALID,
        "Contrôle interne du casino : registre tenu par Vigie", "on ne déclare que ce qui est déjà trouvé")


def test_registers_audit_names_orphan_steps_written_past_the_services(demo, rules):
    """Entries written past the services (entry_append alone) into la Moselle's orphelins register: a return of the
    slot machine's definitive credits, a return of the roulette's sum dated before its registration, the poker
    stake made definitive within its period. registers_audit names each with the control's message; the demo's own
    steps pass."""
    assert not [finding for result in audit(casino_code="la-moselle", kind=RegisterKind.ORPHELINS)
                for finding in result.invalid]
    roulette, machine, stake = orphan(ROULETTE), orphan(MACHINE), orphan(STAKE)
    cashier, register = user("lu.caissier"), roulette.register
    back = {**OWNER, "citation": "—", "deadline": "—"}
    closed = entry_append(register=register, kind=EntryKind.ORPHELIN_RETURNED, gaming_day=today(), actor=cashier,
                          payload=back, refers_to=machine)
    early = entry_append(register=register, kind=EntryKind.ORPHELIN_RETURNED,
                         gaming_day=open_day_before(roulette.gaming_day), actor=cashier, payload=back,
                         refers_to=roulette)
    final = entry_append(register=register, kind=EntryKind.ORPHELIN_FINAL, gaming_day=today(), actor=cashier,
                         payload={"deadline": "—", "citation": "—"}, refers_to=stake)
    (result,) = audit(casino_code="la-moselle", kind=RegisterKind.ORPHELINS)
    found = {finding.seq: [problem.fr for problem in finding.problems] for finding in result.invalid}
    assert any(f"L'orphelin n° {machine.seq} n'est plus en attente" in text for text in found[closed.seq]), found
    assert any("il n'est pas restitué avant" in text for text in found[early.seq]), found
    assert any("il ne devient pas définitif" in text for text in found[final.seq]), found
    assert sorted(found) == sorted([closed.seq, early.seq, final.seq])
