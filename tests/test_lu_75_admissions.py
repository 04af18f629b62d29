"""Admissions and exclusions (issue 39, point 7: LU RGD 1979 art. 75, 76 and 19 as the draft amends them, QC RJC art.
67.109). The LU text is a draft that only inserts words into art. 75 and 76, whose unamended text is not ours: the
tests quote those words only. The minimum age and the retention of the personal data are the casino's, with its
references (games/rules/ambiguities.yaml, lu.admissions.age_des_mineurs)."""

import datetime
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from compliance.errors import DomainError
from compliance.models import AuditAction, AuditEvent
from compliance.services import system_user
from registers.admissions import selectors, services
from registers.admissions.audit import admissions_found
from registers.cards.services import card_certificate_record, card_issue, card_issue_with_client, client_register
from registers.errors import ErrorCode
from registers.models import Admission, Card, Client, Exclusion, TournamentEntry
from tests.conftest import api_client_for, make_user

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent
AGE_ACT = "Règlement intérieur du casino, art. 2"


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.today_c = world.c.today()
    return world


def _policy(casino, manager, *, age=18, days=365, since=None):
    return services.admission_policy_set(
        casino=casino, actor=manager, minimum_age=age, age_reference=AGE_ACT, retention_days=days,
        retention_reference="Politique de conservation du casino", effective_from=since or casino.today()
        - datetime.timedelta(days=30))


def _admit(casino, actor, *, kind="journaliere", last_name="Schmit", first_name="Anne",
           birth_date=datetime.date(1984, 6, 12), **more):
    values = {"document": "carte_identite", "document_end": "4821", "price": "10.00", **more}
    return services.admission_issue(casino=casino, actor=actor, kind=kind, last_name=last_name,
                                    first_name=first_name, birth_date=birth_date, **values)


def _refused(call, code, field) -> str:
    with pytest.raises(DomainError) as refused:
        call()
    assert (refused.value.code, refused.value.field) == (code, field), refused.value.message
    return str(refused.value.message)


def _exclude(casino, manager, *, scope="etablissement", birth_date=datetime.date(1975, 3, 2), **more):
    values = {"last_name": "Kieffer", "first_name": "Marc", "source": "Décision de la direction n° 7",
              "starts_on": casino.today() - datetime.timedelta(days=3), **more}
    return services.exclusion_record(casino=casino, actor=manager, birth_date=birth_date, scope=scope, **values)


def test_lu_75_al_1_ou_annuelle_a_daily_or_an_annual_card_and_no_other_kind(w):
    """Art. 75, al. 1, as the draft amends it: « les mots « ou annuelle » sont insérés après les mots « une carte
    journalière » ». A daily card is valid its day, an annual one until the eve of the same date a year later (Vigie's
    reading); a kind the texts do not name is refused, citing the article; a Québec casino, whose texts name no
    admission card, issues none."""
    _policy(w.c, w.manager_c)
    daily = _admit(w.c, w.accountant_c)
    annual = _admit(w.c, w.accountant_c, kind="annuelle", last_name="Hoffmann", first_name="Luc")
    assert (daily.valid_from, daily.valid_until) == (w.today_c, w.today_c)
    assert 364 <= (annual.valid_until - w.today_c).days <= 365
    message = _refused(lambda: _admit(w.c, w.accountant_c, kind="hebdomadaire"), ErrorCode.INVALID, "kind")
    assert "LU RGD 1979 art. 75 al. 1 (projet)" in message
    _policy(w.a, w.manager_a)
    _refused(lambda: _admit(w.a, w.accountant_a), ErrorCode.INVALID, "kind")
    assert list(Admission.objects.filter(casino=w.c).values_list("number", "kind")) == [(2, "annuelle"),
                                                                                         (1, "journaliere")]
    event = AuditEvent.objects.filter(action=AuditAction.ADMISSION_ISSUED, casino=w.c).first()
    assert "Schmit" not in str(event.details) and "Hoffmann" not in str(event.details)


def test_lu_75_al_4_an_honour_guest_s_card_is_free_and_issued_by_the_management(w):
    """Art. 75, al. 4, as the draft amends it: « d'une carte journalière ou annuelle d'invité d'honneur délivrée
    gratuitement par la direction de l'établissement ou bien »."""
    _policy(w.c, w.manager_c)
    message = _refused(lambda: _admit(w.c, w.accountant_c, guest=True, price="0"), ErrorCode.WRONG_ROLE, "guest")
    assert "direction" in message and "art. 75 al. 4" in message
    _refused(lambda: _admit(w.c, w.manager_c, guest=True, price="25.00"), ErrorCode.INVALID_AMOUNT, "price")
    guest = _admit(w.c, w.manager_c, guest=True, price="0", kind="annuelle")
    assert guest.guest and guest.price == 0 and guest.kind == "annuelle"


def test_lu_76_1_informatique_the_identity_document_is_noted_by_its_kind_and_last_characters_only(w):
    """Art. 76 (1), as the draft amends it: « le mot « magnétique » est remplacé par le mot « informatique » »; the
    rest of art. 76 is not in our texts: the document seen is the casino's own control, noted minimally (its kind and
    2 to 4 last characters, no scan, no full number)."""
    _policy(w.c, w.manager_c)
    message = _refused(lambda: _admit(w.c, w.accountant_c, document_end="LU123456789"), ErrorCode.INVALID,
                       "document_end")
    assert "Contrôle interne du casino : pièce d'identité vue" in message
    _refused(lambda: _admit(w.c, w.accountant_c, document="scan"), ErrorCode.INVALID, "document")
    admission = _admit(w.c, w.accountant_c, document="passeport", document_end="07k2")
    assert admission.document_end == "07K2"
    personal = {field.name for field in Admission._meta.get_fields()} - {
        "id", "casino", "number", "kind", "guest", "price", "valid_from", "valid_until", "issued_by", "issued_at"}
    assert personal == {"last_name", "first_name", "birth_date", "document", "document_end"}


def test_lu_19_no_electronic_gaming_card_under_the_casino_s_minimum_age(w):
    """Art. 19, as the draft replaces it: « Ne peuvent être admis à la salle réservée aux appareils à sous les
    mineurs ». The text gives no age: the casino's own, with its reference, checked when a card's client is
    identified (compliance/hooks.py PERSON_CHECKS), citing the article."""
    _policy(w.c, w.manager_c)
    card_certificate_record(casino=w.c, actor=w.manager_c, supplier="S", reference="R-1",
                            issued_on=w.today_c - datetime.timedelta(days=30))
    young = client_register(casino=w.c, actor=w.manager_c, last_name="Weber", first_name="Tom",
                            birth_date=w.today_c.replace(year=w.today_c.year - 17) - datetime.timedelta(days=1),
                            id_document_type="Passeport", id_document_number="P-17")
    message = _refused(lambda: card_issue(casino=w.c, actor=w.manager_c, kind="nominative", client=young,
                                          gaming_day=w.today_c), ErrorCode.UNDER_AGE, "client")
    assert "LU RGD 1979 art. 19 (projet)" in message and AGE_ACT in message and "17 ans" in message
    assert "(champ « client »)" in message
    assert not Card.objects.filter(client=young).exists()
    refusal = AuditEvent.objects.get(action=AuditAction.AGE_REFUSED, casino=w.c)  # kept past the issue's rollback
    assert refusal.actor == w.manager_c and refusal.details == {
        "lieu": "carte", "jour": w.today_c.isoformat(), "age_minimum": 18, "reference": AGE_ACT}
    adult = client_register(casino=w.c, actor=w.manager_c, last_name="Weber", first_name="Marie",
                            birth_date=datetime.date(1980, 5, 1), id_document_type="Passeport",
                            id_document_number="P-1")
    assert card_issue(casino=w.c, actor=w.manager_c, kind="nominative", client=adult, gaming_day=w.today_c).pk
    # at the door too, with the casino's own reference (no article of ours gives the age there)
    message = _refused(lambda: _admit(w.c, w.accountant_c, birth_date=young.birth_date), ErrorCode.UNDER_AGE,
                       "birth_date")
    assert AGE_ACT in message and "art." not in message.replace(AGE_ACT, "")
    counts = selectors.admission_counts(w.c, w.today_c)  # what the page and a regulator read: both refusals, no name
    assert counts["under_age"] == 2 and counts["refused"] == 0


def test_the_minimum_age_and_the_retention_are_the_casino_s_with_the_reference_of_its_act(w):
    """No text of ours gives them: the door refuses while the management has recorded none, and a value without the
    reference of the casino's act is refused, naming its field."""
    _refused(lambda: _admit(w.c, w.accountant_c), ErrorCode.REQUIRED, "birth_date")
    _refused(lambda: services.admission_policy_set(
        casino=w.c, actor=w.manager_c, minimum_age=18, age_reference=" ", retention_days=365,
        retention_reference="R", effective_from=w.today_c), ErrorCode.REQUIRED, "age_reference")
    _refused(lambda: services.admission_policy_set(
        casino=w.c, actor=w.manager_c, minimum_age=12, age_reference="A", retention_days=365,
        retention_reference="R", effective_from=w.today_c), ErrorCode.INVALID, "minimum_age")
    _refused(lambda: _policy(w.c, w.accountant_c), ErrorCode.WRONG_ROLE, "actor")
    _policy(w.c, w.manager_c)
    assert _admit(w.c, w.accountant_c).number == 1


def test_an_excluded_person_is_refused_at_the_door_and_the_reading_stays_in_the_audit_log(w):
    """The exclusion list is the casino's data (its source and dates), checked at the door; the refusal keeps its
    reading in the audit log (where, the day, the exclusion's number), never the person's name. A namesake born
    another day is admitted; an exclusion over is no longer checked."""
    _policy(w.c, w.manager_c)
    exclusion = _exclude(w.c, w.manager_c)
    message = _refused(lambda: _admit(w.c, w.accountant_c, last_name="KIEFFER", first_name="marc",
                                      birth_date=exclusion.birth_date), ErrorCode.EXCLUDED, "last_name")
    assert "exclusion n° 1" in message and "Contrôle interne du casino : liste d'exclusion" in message
    assert "(champ « nom »)" in message
    read = AuditEvent.objects.get(action=AuditAction.EXCLUSION_READ, casino=w.c)
    assert read.actor == w.accountant_c and read.details["refus"] is True and read.details["exclusions"] == [1]
    assert "Kieffer" not in str(read.details) and "Marc" not in str(read.details)
    assert not Admission.objects.filter(casino=w.c).exists()
    assert _admit(w.c, w.accountant_c, last_name="Kieffer", first_name="Marc",
                  birth_date=datetime.date(1990, 1, 1)).number == 1
    over = _exclude(w.c, w.manager_c, last_name="Muller", starts_on=w.today_c - datetime.timedelta(days=20),
                    ends_on=w.today_c - datetime.timedelta(days=10))
    assert _admit(w.c, w.accountant_c, last_name="Muller", first_name="Marc", birth_date=over.birth_date).pk


def test_an_excluded_client_is_refused_an_electronic_gaming_card_and_the_refusal_stays_in_the_audit_log(w):
    """The card's client is checked against the casino's exclusion list at the card's issue, through the hook the
    cards' service calls (it imports nothing of the admissions). The issue is rolled back, its refusal is not: after
    a refused issue no card exists and the reading that refused it does (a regulator sees every refused attempt),
    also when the desk types a new client, who is not registered either."""
    card_certificate_record(casino=w.c, actor=w.manager_c, supplier="S", reference="R-1",
                            issued_on=w.today_c - datetime.timedelta(days=30))
    excluded = _exclude(w.c, w.manager_c)
    client = client_register(casino=w.c, actor=w.manager_c, last_name="Kieffer", first_name="Marc",
                             birth_date=excluded.birth_date, id_document_type="Passeport", id_document_number="K-1")
    _refused(lambda: card_issue(casino=w.c, actor=w.manager_c, kind="nominative", client=client,
                                gaming_day=w.today_c), ErrorCode.EXCLUDED, "client")
    assert not Card.objects.filter(client=client).exists()
    refusal = AuditEvent.objects.get(action=AuditAction.EXCLUSION_READ, casino=w.c)
    assert refusal.actor == w.manager_c and refusal.details == {
        "lieu": "carte", "jour": w.today_c.isoformat(), "refus": True, "exclusions": [excluded.number]}
    assert "Kieffer" not in str(refusal.details)
    _refused(lambda: card_issue_with_client(
        casino=w.c, actor=w.manager_c, kind="nominative", gaming_day=w.today_c, new_client={
            "last_name": "KIEFFER", "first_name": "Marc", "birth_date": excluded.birth_date,
            "id_document_type": "Passeport", "id_document_number": "K-2"}), ErrorCode.EXCLUDED, "client")
    assert not Client.objects.filter(id_document_number="K-2").exists()
    assert AuditEvent.objects.filter(action=AuditAction.EXCLUSION_READ, casino=w.c, details__refus=True).count() == 2
    assert card_issue(casino=w.c, actor=w.manager_c, kind="journaliere", gaming_day=w.today_c).pk


def test_qc_67_109_a_player_asked_to_leave_the_poker_room_is_refused_a_tournament_entry(w):
    """QC RJC art. 67.109: « La personne autorisée de la Société qui a des raisons de croire qu'un joueur ne respecte
    pas quelques dispositions de la présente sous-section […] peut exiger que le joueur quitte le Salon de poker. »
    Kept as an exclusion from the poker room for the days the Société sets (ambiguity qc.salon_poker.exclusion_duree),
    it refuses the player's entry to a tournament, citing the article; the door (the establishment) does not apply
    it."""
    from registers.tournaments.services import entry_sell, tournament_publish
    from tests.tournament_world import setup

    _exclude(w.a, w.manager_a, scope="salon_poker", last_name="Tremblay", first_name="Éric",
             ends_on=w.a.today() + datetime.timedelta(days=10))
    tournament = tournament_publish(tournament=setup(w.a, w.manager_a), actor=w.manager_a)
    message = _refused(lambda: entry_sell(tournament=tournament, actor=w.accountant_a, player="TREMBLAY Eric"),
                       ErrorCode.EXCLUDED, "player")
    assert "QC RJC art. 67.109 (projet)" in message and "Le salon de poker" in message
    assert not tournament.entries.exists()  # the entry rolled back, its refusal kept
    refusal = AuditEvent.objects.get(action=AuditAction.EXCLUSION_READ, casino=w.a, details__refus=True)
    assert refusal.actor == w.accountant_a and refusal.details["lieu"] == "tournoi"
    assert entry_sell(tournament=tournament, actor=w.accountant_a, player="Julie Tremblay").number == 1


def test_the_personal_data_past_the_casino_s_retention_is_deleted_by_the_nightly_job_and_the_command(w):
    """The retention is the casino's (its policy in force); past it, the cards and the exclusions ended are deleted,
    each deletion audited by the platform with its counts; the Celery task and the command do the same, idempotent."""
    from registers.tasks import admissions_purge

    _policy(w.c, w.manager_c, days=30, since=w.today_c - datetime.timedelta(days=400))
    old = _admit(w.c, w.accountant_c, day=w.today_c - datetime.timedelta(days=40))
    recent = _admit(w.c, w.accountant_c, day=w.today_c - datetime.timedelta(days=10), last_name="Hoffmann")
    ended = _exclude(w.c, w.manager_c, starts_on=w.today_c - datetime.timedelta(days=90),
                     ends_on=w.today_c - datetime.timedelta(days=31))
    standing = _exclude(w.c, w.manager_c, last_name="Muller")
    admissions_purge()
    assert set(Admission.objects.values_list("pk", flat=True)) == {recent.pk}
    assert set(Exclusion.objects.values_list("pk", flat=True)) == {standing.pk}
    purge = AuditEvent.objects.get(action=AuditAction.PERSONAL_DATA_PURGED)
    assert purge.actor == system_user() and (purge.details["admissions"], purge.details["exclusions"]) == (1, 1)
    assert old.pk != recent.pk and ended.pk != standing.pk
    call_command("admissions_purge", "--casino", w.c.code)
    assert AuditEvent.objects.filter(action=AuditAction.PERSONAL_DATA_PURGED).count() == 1


def test_every_reading_of_the_exclusion_list_is_audited_and_only_the_management_reads_it(w, client):
    """The list shown (page or API) is a reading, audited with its reader; a cashier is refused the API's list, a
    regulator reads the counts, never a name."""
    _exclude(w.c, w.manager_c)
    client.force_login(w.manager_c)
    assert "Kieffer".upper() in client.get(reverse("admissions", kwargs={"casino": w.c.code})).content.decode()
    url = reverse("api-registers-exclusions", kwargs={"casino": w.c.code})
    assert api_client_for(w.manager_c).get(url).json()[0]["last_name"] == "Kieffer"
    reads = AuditEvent.objects.filter(action=AuditAction.EXCLUSION_READ, actor=w.manager_c)
    assert [event.details["lieu"] for event in reads] == ["liste", "liste"]
    assert api_client_for(w.accountant_c).get(url).status_code == 403
    counts = api_client_for(w.regulator_lu).get(reverse("api-registers-admissions", kwargs={"casino": w.c.code}))
    assert counts.status_code == 200 and counts.json()["counts"]["exclusions"] == 1
    assert "Kieffer" not in counts.content.decode() and counts.json()["admissions"] == []


def test_the_page_s_audit_of_the_day_s_cards_is_a_reading_of_the_list_audited_with_its_reader(w, client):
    """The page shows anyone of the casino's scope, a regulator included, the day's cards the controls refuse now (by
    number): comparing them with the exclusion list is a reading of it, audited with its reader, never a name; the
    list's count is counted in the database, no person read."""
    _policy(w.c, w.manager_c)
    _admit(w.c, w.accountant_c)
    excluded = _exclude(w.c, w.manager_c)
    Admission.objects.create(casino=w.c, number=2, kind="journaliere", price=10, last_name="Kieffer",
                             first_name="Marc", birth_date=excluded.birth_date, document="passeport",
                             document_end="1234", valid_from=w.today_c, valid_until=w.today_c,
                             issued_by=w.accountant_c)
    client.force_login(w.regulator_lu)
    page = client.get(reverse("admissions", kwargs={"casino": w.c.code})).content.decode()
    assert "Kieffer" not in page and "KIEFFER" not in page and "n° 2" in page
    read = AuditEvent.objects.get(action=AuditAction.EXCLUSION_READ, actor=w.regulator_lu)
    assert read.details == {"lieu": "audit", "jour": w.today_c.isoformat(), "refus": False, "cartes": [2]}


def test_an_admission_written_past_the_service_is_found_by_the_audit_of_the_day(w):
    """The audit asks each admission on record the controls its service refuses with: an excluded person's card, an
    under-age person's, are found by number."""
    _policy(w.c, w.manager_c)
    excluded = _exclude(w.c, w.manager_c)
    fine = _admit(w.c, w.accountant_c)
    for number, last_name, birth_date in ((2, "Kieffer", excluded.birth_date),
                                          (3, "Reuter", w.today_c.replace(year=w.today_c.year - 10))):
        Admission.objects.create(casino=w.c, number=number, kind="journaliere", price=10, last_name=last_name,
                                 first_name="Marc", birth_date=birth_date, document="passeport", document_end="1234",
                                 valid_from=w.today_c, valid_until=w.today_c, issued_by=w.accountant_c)
    found = {item.number: [problem.code for problem in item.problems] for item in admissions_found(w.c, w.today_c)}
    assert fine.number not in found and found == {2: [ErrorCode.EXCLUDED], 3: [ErrorCode.UNDER_AGE]}


def test_the_ambiguities_of_the_admissions_name_code_that_exists():
    """games/rules/ambiguities.yaml's reasons for the admissions name their code as module.function: each exists."""
    import importlib

    text = (ROOT / "games/rules/ambiguities.yaml").read_text(encoding="utf-8")
    names = set(re.findall(r"registers\.admissions\.\w+\.\w+", text))
    assert len(names) >= 5
    for name in names:
        module, function = name.rsplit(".", 1)
        assert hasattr(importlib.import_module(module), function), name


def test_the_demo_admits_at_la_moselle_and_refuses_the_excluded_person(demo, rules):
    """The run command's demo, built through the services: La Moselle's policy, its exclusion, a daily, an annual and
    an honour guest's card, and the excluded person refused at the door (kept in the audit log); Lac-Bleu's player
    asked to leave the poker room."""
    from compliance.models import Casino

    moselle = Casino.objects.get(code="la-moselle")
    assert sorted(Admission.objects.filter(casino=moselle).values_list("kind", "guest")) == [
        ("annuelle", False), ("annuelle", True), ("journaliere", False)]
    refused = AuditEvent.objects.get(casino=moselle, action=AuditAction.EXCLUSION_READ, details__refus=True)
    assert refused.details["lieu"] == "admission" and refused.details["exclusions"] == [1]
    assert Exclusion.objects.get(casino__code="lac-bleu").scope == Exclusion.Scope.POKER_ROOM
    # QC RJC art. 67.109: the player asked to leave the poker room, refused at the open tournament's entry
    refused = AuditEvent.objects.get(casino__code="lac-bleu", action=AuditAction.EXCLUSION_READ,
                                     details__lieu="tournoi", details__refus=True)
    assert refused.actor.username == "qc.caissier" and not TournamentEntry.objects.filter(
        tournament__casino__code="lac-bleu", player__icontains="Éric Tremblay").exists()
