"""A slot machine's life as a state machine (LU RGD 1979 art. 17, 18-1) and the hand-paid jackpots (art. 18-10), issue
37: tried as an API client would, with the demo cashier's token, Vigie accepted for good into La Moselle's register of
machines eight written notices to the Minister: the same machine's sale announced five times, notices « sent » twelve
days ahead and on 1 March 2000, one reference three times, references that are other requests (a pay-table change);
`registers_audit` found them valid. Each is now refused, 400 naming its field, by the controls of
registers/appareils/controls.py, which the audit asks again of every entry."""

import datetime
import json

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from compliance.approvals.models import ApprovalRequest
from compliance.demo import DEMO_PASSWORD
from compliance.errors import DomainError
from compliance.models import Casino, User
from registers.appareils.jackpots import jackpot_manual_payout_file
from registers.appareils.selectors import appareils_of
from registers.chain.audit import registers_audit
from registers.chain.services import pending_countersign
from registers.management.audit import CHECKS
from registers.models import Entry, Register
from tests.conftest import otp_code
from tests.test_registers_audit import seed

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)
# art. 18-1 as the draft regulation words it (/work/shared/seeds: « L'article 18-1 est remplacé comme suit »)
NOTICE_TEXT = ("Le Ministre des Finances doit être informé au préalable et sous une forme laissant des traces écrites "
               "lorsqu'un appareil à sous")


def _api(username: str = "lu.caissier") -> APIClient:
    api = APIClient()
    token = api.post(reverse("api-token"), {"username": username, "password": DEMO_PASSWORD,
                                            "otp": otp_code(User.objects.get(username=username))}, format="json")
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    return api


@pytest.fixture
def moselle(demo, rules):
    """La Moselle as the demo leaves it: LM-001 … LM-008 installed a week ago, LM-003 out of service today after its
    notice « Lettre au Ministre des Finances n° 2026-114 »."""
    return Casino.objects.get(code="la-moselle")


def _url(name: str) -> str:
    return reverse(name, kwargs={"casino": "la-moselle"})


def notice(api, machine: str, event: str, *, effective, sent_on, reference: str):
    return api.post(_url("api-registers-appareil-notice"), {
        "machine": machine, "event": event, "effective": effective.isoformat(), "sent_on": sent_on.isoformat(),
        "reference": reference}, format="json")


def move(api, machine: str, event: str, day):
    return api.post(_url("api-registers-appareil-move"), {"machine": machine, "event": event,
                                                          "gaming_day": day.isoformat()}, format="json")


def refused(response, field: str, code: str) -> str:
    assert response.status_code == 400, response.json()
    body = response.json()
    assert (body["code"], list(body["field_errors"])) == (code, [field]), body
    return body["message"]


def _notices(casino) -> int:
    return Entry.objects.filter(register__casino=casino, kind="appareil.avis_ministre").count()


# --- the fault, reproduced through the API -----------------------------------------------------------------------


def test_the_eight_notices_the_demo_cashier_filed_for_good_are_refused_naming_their_field(moselle):
    api, today = _api(), moselle.today()
    before = _notices(moselle)
    # the sale of LM-003 (out of service since today) announced once for tomorrow
    assert notice(api, "LM-003", "vente", effective=today + DAY, sent_on=today,
                  reference="Lettre n° 2026-120").status_code == 201
    # … then four times more
    for n in range(4):
        message = refused(notice(api, "LM-003", "vente", effective=today + (2 + n) * DAY, sent_on=today,
                                 reference=f"Lettre n° 2026-12{n + 1}"), "event", "duplicate")
        assert "est déjà annoncé" in message and "LU RGD 1979 art. 18-1 a) à d)" in message
    # « sent » twelve days ahead, and on 1 March 2000, before LM-001 was installed
    message = refused(notice(api, "LM-001", "hors_service", effective=today + 20 * DAY, sent_on=today + 12 * DAY,
                             reference="Lettre n° 2026-130"), "sent_on", "future_day")
    assert "après aujourd'hui" in message
    message = refused(notice(api, "LM-001", "hors_service", effective=today, sent_on=datetime.date(2000, 3, 1),
                             reference="Lettre n° 2026-131"), "sent_on", "before_installation")
    assert "avant l'installation de l'appareil « LM-001 »" in message
    # the same reference three times: the demo's letter (LM-003's, sent three days ago) again, sent another day
    taken = "Lettre au Ministre des Finances n° 2026-114"
    refused(notice(api, "LM-002", "hors_service", effective=today + DAY, sent_on=today, reference=taken),
            "reference", "duplicate")
    assert "une lettre a une date" in refused(
        notice(api, "LM-001", "reserve", effective=today + DAY, sent_on=today - DAY, reference=taken),
        "reference", "duplicate")
    # references that are other requests: a pay-table change (of Les Rochers), a side bet (La Moselle's own)
    paytable = ApprovalRequest.objects.filter(kind="table_de_paiement").first()
    message = refused(notice(api, "LM-001", "hors_service", effective=today + DAY, sent_on=today,
                             reference=paytable.reference), "reference", "wrong_reference")
    assert f"« {paytable.reference} » est celle d'une demande « Table de paiement" in message
    assert "d'un autre casino" in message
    side_bet = ApprovalRequest.objects.filter(casino=moselle, kind="jeu_annexe").first()
    message = refused(notice(api, "LM-001", "hors_service", effective=today + DAY, sent_on=today,
                             reference=side_bet.reference), "reference", "wrong_reference")
    assert "« Jeu annexe (side bet) », pas d'un avis de changement d'état d'un appareil" in message
    assert _notices(moselle) == before + 1  # the first sale only


def test_a_reference_to_the_machine_s_own_notice_request_is_accepted_another_machine_s_is_not(moselle):
    """The demo's request « Remise en service de l'appareil LM-003 » (register of approvals, art. 18-1 c)) is the
    notice of that change: a notice of the register may name it, for that machine, that event and that day."""
    api, today = _api(), moselle.today()
    request = ApprovalRequest.objects.get(casino=moselle, kind="etat_appareil")
    day = datetime.date.fromisoformat(request.items["date_evenement"])
    message = refused(notice(api, "LM-003", "remise_en_service", effective=day + DAY, sent_on=today,
                             reference=request.reference), "reference", "wrong_reference")
    assert "l'avis d'un autre changement" in message and "LM-003" in message
    assert notice(api, "LM-003", "remise_en_service", effective=day, sent_on=today,
                  reference=request.reference).status_code == 201


# --- each refused transition, after its article --------------------------------------------------------------------


def test_18_1_al_1_a_machine_out_of_service_is_never_destroyed(moselle):
    """« La destruction des appareils mis hors service par le casino n'est pas permise. » (art. 18-1 al. 1)"""
    message = refused(move(_api(), "LM-003", "destruction", moselle.today()), "event", "destruction_forbidden")
    assert "La destruction d'un appareil mis hors service n'est pas permise (LU RGD 1979 art. 18-1" in message


def test_18_1_d_a_machine_returned_or_sold_leaves_the_fleet_once(moselle):
    """« d) est définitivement retourné à un fournisseur ou vendu à une entreprise spécialisée dans le commerce
    d'appareils usagés » (art. 18-1): once sold, nothing more is announced or made of it."""
    api, today = _api(), moselle.today()
    assert notice(api, "LM-003", "vente", effective=today, sent_on=today - DAY, reference="L-200").status_code == 201
    assert move(api, "LM-003", "vente", today).status_code == 201
    assert appareils_of(Register.objects.get(casino=moselle, kind="appareils"))["LM-003"].state == "sorti"
    for event in ("vente", "retour_fournisseur", "remise_en_service"):
        message = refused(notice(api, "LM-003", event, effective=today + DAY, sent_on=today,
                                 reference=f"L-{event}"), "event", "bad_move")
        assert "« sorti du parc »" in message
    refused(move(api, "LM-003", "vente", today), "event", "bad_move")


def test_18_1_d_a_machine_in_service_is_sold_only_once_out_of_service(moselle):
    """« Les appareils à sous qui sont mis hors service doivent être retournés aux fournisseurs ou être vendus »
    (art. 18-1): a machine in service is first put out of service or in reserve."""
    today = moselle.today()
    message = refused(notice(_api(), "LM-001", "vente", effective=today + DAY, sent_on=today, reference="L-201"),
                      "event", "bad_move")
    assert "Un appareil « en service » ne peut pas être « définitivement retourné" in message


def test_18_1_b_a_machine_out_of_service_is_not_put_out_of_service_again(moselle):
    """« b) est mis hors service » (art. 18-1): from service only."""
    today = moselle.today()
    refused(notice(_api(), "LM-003", "hors_service", effective=today + DAY, sent_on=today, reference="L-202"),
            "event", "bad_move")


def test_18_1_c_a_machine_in_service_is_not_put_back_in_service(moselle):
    """« c) est remis en service » (art. 18-1): from out of service or the reserve only."""
    today = moselle.today()
    refused(notice(_api(), "LM-001", "remise_en_service", effective=today + DAY, sent_on=today, reference="L-203"),
            "event", "bad_move")


def test_18_1_a_a_machine_in_reserve_is_not_put_in_reserve_again(moselle):
    """« a) est mis en réserve » (art. 18-1): a machine in the reserve is there already."""
    api, today = _api(), moselle.today()
    assert notice(api, "LM-001", "reserve", effective=today, sent_on=today, reference="L-204").status_code == 201
    assert move(api, "LM-001", "reserve", today).status_code == 201
    refused(notice(api, "LM-001", "reserve", effective=today + DAY, sent_on=today, reference="L-205"),
            "event", "bad_move")


def test_18_1_au_prealable_a_change_carries_out_its_own_notice_once(moselle):
    """« Le Ministre des Finances doit être informé au préalable » (art. 18-1): no change without its notice, and a
    notice carried out does not announce a second change."""
    api, today = _api(), moselle.today()
    assert NOTICE_TEXT.startswith("Le Ministre des Finances doit être informé au préalable")
    refused(move(api, "LM-002", "hors_service", today), "event", "no_notice")
    assert notice(api, "LM-002", "hors_service", effective=today, sent_on=today, reference="L-206").status_code == 201
    assert move(api, "LM-002", "hors_service", today).status_code == 201
    assert notice(api, "LM-002", "remise_en_service", effective=today, sent_on=today,
                  reference="L-207").status_code == 201
    assert move(api, "LM-002", "remise_en_service", today).status_code == 201
    message = refused(move(api, "LM-002", "hors_service", today), "event", "no_notice")  # its notice is spent
    assert "Aucun avis écrit au Ministre n'est enregistré avant ce changement" in message


def test_18_1_au_prealable_a_letter_is_sent_no_later_than_the_change_and_not_before_the_last_one(moselle):
    """« informé au préalable et sous une forme laissant des traces écrites » (art. 18-1): the letter sent before the
    change takes effect, which is not before the machine's latest change (LM-003's, today)."""
    api, today = _api(), moselle.today()
    refused(notice(api, "LM-003", "remise_en_service", effective=today + DAY, sent_on=today + 2 * DAY,
                   reference="L-208"), "sent_on", "notice_late")
    refused(notice(api, "LM-003", "remise_en_service", effective=today + 3 * DAY, sent_on=today + 2 * DAY,
                   reference="L-208"), "sent_on", "future_day")
    refused(notice(api, "LM-003", "remise_en_service", effective=today - DAY, sent_on=today - 2 * DAY,
                   reference="L-209"), "effective", "before_last_change")


def test_18_1_a_lapsed_notice_makes_room_for_the_next_letter(moselle):
    """An announced change not made on its day lapses: a letter sent after that day announces it again (the one
    change at a time of the state machine is not a lock)."""
    register = Register.objects.get(casino=moselle, kind="appareils")
    manager = User.objects.get(username="lu.direction")
    today = moselle.today()
    lapsed = {"machine": "LM-006", "event": "hors_service", "effective": (today - 2 * DAY).isoformat(),
              "sent_on": (today - 3 * DAY).isoformat(), "reference": "L-210", "citation": "LU RGD 1979 art. 18-1"}
    seed(register, "appareil.avis_ministre", lapsed, actor=manager, day=today - 3 * DAY)
    api = _api()
    refused(notice(api, "LM-006", "hors_service", effective=today, sent_on=today - 2 * DAY, reference="L-211"),
            "event", "duplicate")  # sent on its day: it still stood
    assert notice(api, "LM-006", "hors_service", effective=today, sent_on=today - DAY,
                  reference="L-212").status_code == 201


def test_the_fleet_says_which_notice_each_machine_may_get_next_or_why_none(moselle, client):
    """The page asks the notice's own control (`change_problems`) of each machine and each change."""
    today = moselle.today()
    assert notice(_api(), "LM-003", "vente", effective=today + DAY, sent_on=today, reference="L-214").status_code == 201
    client.force_login(User.objects.get(username="lu.direction"))
    page = client.get(reverse("registers-other", kwargs={"casino": "la-moselle", "kind": "appareils"})).content.decode()

    def changes(machine: str) -> str:
        row = page[page.find(f'data-testid="machine-{machine}"'):]
        return row[row.find('data-testid="changes"'):][:600]

    assert "Mise en réserve · Mise hors service" in changes("LM-001")
    assert "Remise en service" not in changes("LM-001")
    said = changes("LM-003")
    assert "est déjà annoncé" in said and "LU RGD 1979 art. 18-1 a) à d)" in said


# --- hand-paid jackpots (art. 18-10) -----------------------------------------------------------------------------


def payout(api, machine: str, day, receipt: str):
    return api.post(_url("api-registers-jackpots"), {
        "gaming_day": day.isoformat(), "machine": machine, "amount": "1200.00", "currency": "EUR",
        "receipt_number": receipt, "receipt_in_cabinet": True}, format="json")


def _paid(casino, receipt: str) -> Entry:
    return Entry.objects.get(register__casino=casino, register__kind="jackpots", kind="jackpot.paiement_manuel",
                             payload__contains=f'"receipt":"{receipt}"')


def test_18_10_a_jackpot_is_paid_by_hand_on_a_machine_on_the_floor_and_its_receipt_documents_one_payout(moselle):
    """« l'original de la quittance documentant le gain de jackpot ou de lot cumulé […] est à conserver dans une
    armoire spéciale » (art. 18-10 al. 4): one receipt, one payout; the machine stands on the floor that day (one the
    register never installed does not; one sold pays on its last day, not after)."""
    api, today = _api(), moselle.today()
    message = refused(payout(api, "LM-005", today, "Q-2026-0042"), "receipt_number", "duplicate")  # the demo's
    assert f"« Q-2026-0042 » est déjà celle du paiement n° {_paid(moselle, 'Q-2026-0042').seq}" in message
    refused(payout(api, "LM-099", today, "Q-2026-0300"), "machine", "unknown_machine")
    manager = _api("lu.direction")
    assert notice(manager, "LM-003", "vente", effective=today, sent_on=today, reference="L-213").status_code == 201
    assert move(manager, "LM-003", "vente", today).status_code == 201
    assert payout(api, "LM-003", today, "Q-2026-0301").status_code == 201  # its last day on the floor
    refused(payout(api, "LM-003", today + DAY, "Q-2026-0302"), "gaming_day", "future_day")


def test_18_10_two_payouts_filed_with_one_receipt_enter_the_register_once(moselle):
    """Filed side by side, neither in the register yet; the countersignature asks the payout's controls again."""
    cashier, manager = User.objects.get(username="lu.caissier"), User.objects.get(username="lu.direction")
    filed = [jackpot_manual_payout_file(casino=moselle, actor=cashier, gaming_day=moselle.today(), machine=machine,
                                        amount="1500.00", currency="EUR", receipt_number="Q-2026-0400",
                                        receipt_in_cabinet=True) for machine in ("LM-001", "LM-002")]
    entry = pending_countersign(pending=filed[0], countersigner=manager)
    with pytest.raises(DomainError) as twice:
        pending_countersign(pending=filed[1], countersigner=manager)
    assert (twice.value.field, twice.value.code) == ("receipt_number", "duplicate")
    assert f"paiement n° {entry.seq}" in str(twice.value.message)


# --- the audit asks the same controls -------------------------------------------------------------------------------


def test_registers_audit_finds_the_notices_written_past_the_service_invalid_with_the_controls_messages(moselle):
    register = Register.objects.get(casino=moselle, kind="appareils")
    cashier = User.objects.get(username="lu.caissier")
    today = moselle.today()
    base = {"event": "vente", "citation": "LU RGD 1979 art. 18-1 a) à d) (projet)"}
    paytable = ApprovalRequest.objects.filter(kind="table_de_paiement").first()
    written = [
        seed(register, "appareil.avis_ministre", {**base, "machine": "LM-003", "effective": (today + DAY).isoformat(),
                                                  "sent_on": today.isoformat(), "reference": "Lettre n° 2026-140"},
             actor=cashier),
        seed(register, "appareil.avis_ministre", {**base, "machine": "LM-003", "effective": (today + DAY).isoformat(),
                                                  "sent_on": today.isoformat(), "reference": "Lettre n° 2026-141"},
             actor=cashier),
        seed(register, "appareil.avis_ministre", {**base, "machine": "LM-004", "event": "hors_service",
                                                  "effective": (today + 20 * DAY).isoformat(),
                                                  "sent_on": (today + 12 * DAY).isoformat(),
                                                  "reference": "Lettre n° 2026-142"}, actor=cashier),
        seed(register, "appareil.avis_ministre", {**base, "machine": "LM-005", "event": "hors_service",
                                                  "effective": today.isoformat(), "sent_on": "2000-03-01",
                                                  "reference": paytable.reference}, actor=cashier),
    ]
    (audit,) = registers_audit(checkers=CHECKS, casino_code="la-moselle", kind="appareils")
    found = {finding.seq: " ".join(problem.fr for problem in finding.problems) for finding in audit.invalid}
    assert set(found) == {entry.seq for entry in written[1:]}, found
    assert "« définitivement retourné à un fournisseur ou vendu" in found[written[1].seq]
    assert "est déjà annoncé" in found[written[1].seq]
    assert "après aujourd'hui" in found[written[2].seq]
    assert "avant l'installation de l'appareil « LM-005 »" in found[written[3].seq]
    assert f"« {paytable.reference} » est celle d'une demande « Table de paiement" in found[written[3].seq]
    cited = {problem.citation for finding in audit.invalid for problem in finding.problems}
    assert cited == {"LU RGD 1979 art. 18-1 a) à d) (projet)"}


def test_registers_audit_finds_a_payout_on_a_machine_off_the_floor_and_a_receipt_twice(moselle):
    register = Register.objects.get(casino=moselle, kind="jackpots")
    cashier, manager = User.objects.get(username="lu.caissier"), User.objects.get(username="lu.direction")
    paid = {"machine": "LM-099", "amount": "900.00", "currency": "EUR", "receipt": "Q-2026-0042",
            "receipt_in_cabinet": True, "citation": "x", "quittance_citation": "y"}
    first = _paid(moselle, "Q-2026-0042").seq
    entry = seed(register, "jackpot.paiement_manuel", paid, actor=cashier, countersigner=manager)
    (audit,) = registers_audit(checkers=CHECKS, casino_code="la-moselle", kind="jackpots")
    assert [finding.seq for finding in audit.invalid] == [entry.seq]
    said = " ".join(problem.fr for problem in audit.invalid[0].problems)
    assert "L'appareil « LM-099 » n'était pas sur l'aire de jeu" in said
    assert f"« Q-2026-0042 » est déjà celle du paiement n° {first}" in said
    assert json.loads(entry.payload)["machine"] == "LM-099"
