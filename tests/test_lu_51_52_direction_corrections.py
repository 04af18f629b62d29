"""The direction's register kept append-only: a designation ended early and a presence of the duty log corrected or
set aside are new entries naming the entry they change; the page, the API, the nightly reconciliation and the audit
read the register as changed. LU RGD 1979 in the words the amending draft (« projet ») puts in:

art. 18-6 al. 3 (point 25): « un employé du casino agréé à cette fin par le directeur »;
art. 51 § I al. 1, second sentence (point 49): « Le directeur responsable ou un membre du comité de direction qui le
remplace momentanément doit être présent en permanence au casino pendant toute la période de fonctionnement des
jeux. »
art. 52 al. 2 (point 52): « Il ne peut s'absenter qu'à condition de se faire remplacer par un membre du comité de
direction chargé de remplir en son lieu et place toutes ses obligations. »"""

import datetime
import json

import pytest
from django.urls import reverse
from django.utils import timezone

from compliance.reconciliation.direction import direction_findings
from compliance.reconciliation.models import Finding
from compliance.reconciliation.services import reconciliation_run
from registers.chain.services import entry_append, register_for
from registers.direction import selectors, services
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from tests.conftest import api_client_for, make_user
from tests.test_lu_51_52_direction import (
    AGREED,
    DIRECTOR,
    MEMBER,
    PRESENCE,
    REPLACEMENT,
    _at,
    _designate,
    _duty,
    _jackpot,
    _poker,
    _refused,
    committee_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def lu(world, rules):
    """Casino C's committee, as the first slice's tests have it: a responsible director and a member."""
    return committee_of(world)


def _book(w):
    return selectors.book_of(selectors.register_of(w.c))


# --- art. 18-6 al. 3: the director's designation, ended early ------------------------------------------------------


def test_lu_18_6_al_3_a_designation_ended_early_no_longer_covers_the_employee(lu):
    """« un employé du casino agréé à cette fin par le directeur »: the director ends a designation before its last
    day, with the reason; the designation stays as written, a new entry names it; from the next day an act by the
    employee is no longer covered, and the night says so citing the article."""
    today = lu.c.today()
    designation = _designate(lu, today - datetime.timedelta(days=5))  # until further notice
    paid = _jackpot(lu, "Q-1")
    assert direction_findings(lu.c, today, today) == {}  # designated today: covered
    ended = services.designation_end(casino=lu.c, actor=lu.manager_c, designation=designation.seq,
                                     last_day=today - datetime.timedelta(days=1), reason="Mutation aux tables")
    assert ended.refers_to_id == designation.pk and ended.kind == EntryKind.DESIGNATION_ENDED
    assert json.loads(ended.payload)["citation"] == AGREED
    designation.refresh_from_db()
    assert json.loads(designation.payload)["au"] is None  # the designation itself is never rewritten
    book = _book(lu)
    assert book.designation(designation.seq).last == today - datetime.timedelta(days=1)
    assert book.ended == {designation.seq: (ended.seq, "Mutation aux tables")}
    (found,) = direction_findings(lu.c, today, today)[today]
    assert (found.kind, found.key, found.citation) == ("employe_non_designe",
                                                       f"employe_non_designe:jackpots:{paid.seq}", AGREED)


def test_lu_18_6_al_3_an_early_end_is_earlier_than_the_last_day_and_not_before_the_first(lu):
    """The end is the director's, of a designation of the register: before the last day it had, not before its
    first, with its reason; a presence's n° is no designation; the cashier cannot end one."""
    today = lu.c.today()
    designation = _designate(lu, today - datetime.timedelta(days=3), today + datetime.timedelta(days=3))

    def end(**given):
        values = {"casino": lu.c, "actor": lu.manager_c, "designation": designation.seq, "last_day": today,
                  "reason": "Fin de mission", **given}
        return services.designation_end(**values)

    said = _refused(lambda: end(last_day=today + datetime.timedelta(days=3)), "last_day", "no_change")
    assert f"La désignation n° {designation.seq} prend déjà fin le" in said and AGREED in said
    _refused(lambda: end(last_day=today - datetime.timedelta(days=4)), "last_day", "dates_reversed")
    _refused(lambda: end(reason=" "), "reason", "required")
    _refused(lambda: end(designation=1), "designation", "wrong_reference")  # n° 1: the director's appointment
    _refused(lambda: end(actor=lu.accountant_c), "actor", "wrong_role")
    end()
    _refused(lambda: end(), "last_day", "no_change")  # ended today already


# --- art. 51 § I al. 1 and 52 al. 2: a presence corrected ----------------------------------------------------------


def test_lu_51_a_corrected_presence_is_what_the_page_and_the_night_read(lu, client):
    """« doit être présent en permanence au casino pendant toute la période de fonctionnement des jeux »: a presence
    written 19:00 to 20:00 covered a séance that played 19:00 to 20:00; corrected to 19:30 (the director arrived
    late), the night finds the half hour nobody covers; the page shows the corrected hours, the n° of the correction
    beside the presence, and the original entry stays as written."""
    day = lu.c.today() - datetime.timedelta(days=1)
    _poker(lu, day)
    wrong = _duty(lu, DIRECTOR, _at(lu.c, day, 19), _at(lu.c, day, 20))
    assert not direction_findings(lu.c, day, day)
    fixed = services.duty_correct(casino=lu.c, actor=lu.manager_c, duty=wrong.seq, reason="Arrivé à 19 h 30",
                                  starts_at=_at(lu.c, day, 19, 30), ends_at=_at(lu.c, day, 20))
    assert fixed.refers_to_id == wrong.pk and fixed.kind == EntryKind.DUTY_CORRECTED
    (shift,) = _book(lu).shifts
    assert (shift.seq, shift.start, shift.end) == (wrong.seq, _at(lu.c, day, 19, 30), _at(lu.c, day, 20))
    run = reconciliation_run(casino=lu.c, gaming_day=day, actor=lu.accountant_c)
    (finding,) = run.findings.filter(kind=Finding.Kind.DIRECTION_ABSENT)
    assert (finding.params["start"], finding.params["end"]) == ("19:00", "19:30")
    client.force_login(lu.manager_c)
    page = client.get(reverse("direction", kwargs={"casino": lu.c.code}), {"jour": day.isoformat()})
    assert f"corrigée par l'écriture n° {fixed.seq}".encode() in page.content
    assert "Arrivé à 19 h 30".encode() in page.content


def test_lu_52_al_2_a_presence_set_aside_leaves_the_log_and_a_correction_is_judged_as_a_presence(lu):
    """« se faire remplacer par un membre du comité de direction »: the corrected presence is judged by the log's own
    controls as if the wrong one had never been written (a person off the committee is refused, citing the
    article); a presence written in error is set aside and leaves the log; a set-aside one cannot be corrected."""
    day = lu.c.today() - datetime.timedelta(days=2)
    wrong = _duty(lu, MEMBER, _at(lu.c, day, 19), _at(lu.c, day, 23))
    _duty(lu, DIRECTOR, _at(lu.c, day, 23), _at(lu.c, day + datetime.timedelta(days=1), 2))

    def correct(**given):
        values = {"casino": lu.c, "actor": lu.manager_c, "duty": wrong.seq, "reason": "Erreur de saisie", **given}
        return services.duty_correct(**values)

    said = _refused(lambda: correct(member="Paul Inconnu", starts_at=_at(lu.c, day, 19), ends_at=_at(lu.c, day, 23)),
                    "member", "wrong_state")
    assert "Paul Inconnu n'est pas membre du comité de direction" in said and REPLACEMENT in said
    # the same member moved later: judged without the wrong presence, so no overlap with itself
    correct(starts_at=_at(lu.c, day, 19, 15), ends_at=_at(lu.c, day, 23))
    _refused(lambda: correct(starts_at=_at(lu.c, day, 19, 15), ends_at=_at(lu.c, day, 23)), "starts_at",
             "no_change")
    _refused(lambda: correct(starts_at=_at(lu.c, day, 20)), "starts_at", "required")
    _refused(lambda: correct(reason=""), "reason", "required")
    _refused(lambda: correct(starts_at=_at(lu.c, day, 23), ends_at=_at(lu.c, day, 22)), "ends_at", "dates_reversed")
    correct(set_aside=True)
    book = _book(lu)
    assert [shift.name for shift in book.shifts] == [DIRECTOR] and wrong.seq in book.set_aside
    _refused(lambda: correct(set_aside=True), "duty", "wrong_reference")
    (clean,) = audit(casino_code=lu.c.code, kind=RegisterKind.DIRECTION)
    assert clean.invalid == []


def test_lu_52_al_2_the_audit_finds_a_correction_written_past_the_service(lu):
    """The audit replays each correction through the service's control (controls.duty_correction_problems)."""
    day = lu.c.today() - datetime.timedelta(days=1)
    wrong = _duty(lu, DIRECTOR, _at(lu.c, day, 19), _at(lu.c, day, 20))
    start = _at(lu.c, day, 19)
    entry_append(register=register_for(casino=lu.c, kind=RegisterKind.DIRECTION), kind=EntryKind.DUTY_CORRECTED,
                 gaming_day=lu.c.today(), actor=lu.manager_c, refers_to=wrong,
                 payload={"corrige": wrong.seq, "ecartee": False, "motif": "", "membre": "Paul Inconnu",
                          "debut": start.isoformat(), "fin": (start + datetime.timedelta(hours=1)).isoformat()})
    (found,) = audit(casino_code=lu.c.code, kind=RegisterKind.DIRECTION)
    text = " ".join(str(problem) for finding in found.invalid for problem in finding.problems)
    assert "Le motif est obligatoire" in text and "Paul Inconnu n'est pas membre du comité de direction" in text, text


# --- the API: the management writes, the regulator reads --------------------------------------------------------------


def test_lu_51_the_management_writes_the_register_through_the_api(lu):
    """Each write of the page through the API, for the management: appointment, presence, correction, designation,
    early end; the cashier is refused by the service (400, wrong_role), the regulator by the API (403), another casino's
    register is a 404; a shape the schema refuses is a 400 naming its field."""
    today = lu.c.today()
    day = today - datetime.timedelta(days=1)

    def url(name):
        return reverse(f"api-registers-direction{name}", kwargs={"casino": lu.c.code})

    manager = api_client_for(lu.manager_c)
    appointed = manager.post(url("-committee"), {"change": "nomination", "name": "Jean Kremer",
                                                 "effective_from": str(day - datetime.timedelta(days=1)),
                                                 "reference": "PV n° 6"}, format="json")
    assert appointed.status_code == 201, appointed.json()
    duty = manager.post(url("-duty"), {"member": "Jean Kremer", "starts_at": _at(lu.c, day, 19).isoformat(),
                                       "ends_at": _at(lu.c, day, 23).isoformat()}, format="json")
    assert duty.status_code == 201, duty.json()
    naive = manager.post(url("-duty"), {"member": "Jean Kremer", "starts_at": "2026-11-20T19:00:00",
                                        "ends_at": "2026-11-20T20:00:00+01:00"}, format="json")
    assert naive.status_code == 400 and "starts_at" in naive.json()["field_errors"]
    fixed = manager.post(url("-duty-correction"), {"duty": duty.json()["seq"], "reason": "Parti à 22 h",
                                                   "starts_at": _at(lu.c, day, 19).isoformat(),
                                                   "ends_at": _at(lu.c, day, 22).isoformat()}, format="json")
    assert fixed.status_code == 201, fixed.json()
    designated = manager.post(url("-designation"), {"employee": lu.accountant_c.username,
                                                    "act": EntryKind.JACKPOT_PAID, "first_day": str(today),
                                                    "reference": "D-3"}, format="json")
    assert designated.status_code == 201, designated.json()
    ended = manager.post(url("-designation-end"), {"designation": designated.json()["seq"], "last_day": str(today),
                                                   "reason": "Fin de mission"}, format="json")
    assert ended.status_code == 201, ended.json()
    read = api_client_for(make_user("ministere.c", "regulator", jurisdiction="LU")).get(url(""), {"day": str(day)})
    assert [(shift["name"], datetime.datetime.fromisoformat(shift["end"])) for shift in read.json()["shifts"]] == [
        ("Jean Kremer", _at(lu.c, day, 22))]
    cashier = api_client_for(lu.accountant_c).post(url("-designation-end"), {
        "designation": designated.json()["seq"], "last_day": str(today), "reason": "x"}, format="json")
    assert (cashier.status_code, cashier.json()["code"]) == (400, "wrong_role")
    regulator = api_client_for(make_user("ministere.c2", "regulator", jurisdiction="LU"))
    assert regulator.post(url("-duty"), {}, format="json").status_code == 403
    other = reverse("api-registers-direction-duty", kwargs={"casino": lu.a.code})
    assert manager.post(other, {}, format="json").status_code == 404
    (clean,) = audit(casino_code=lu.c.code, kind=RegisterKind.DIRECTION)  # every write as its control has it
    assert clean.invalid == []


# --- the management's « À faire » -------------------------------------------------------------------------------------


def test_lu_51_and_18_6_today_s_play_without_presence_and_a_designation_ending_are_on_the_manager_s_to_do(lu):
    """« doit être présent en permanence au casino pendant toute la période de fonctionnement des jeux »: a poker
    table opened half an hour ago with nobody written present is on the management's « À faire », citing the
    article, until a presence covers it; « agréé à cette fin par le directeur »: a designation whose last day falls
    within the week is listed on that day, until a later designation takes over for the same act."""
    from compliance.todo import tasks_for
    from games.poker import hand as deal
    from registers.poker_room.services import poker_session_open

    now, today = timezone.now(), lu.c.today()
    poker_session_open(casino=lu.c, actor=lu.manager_c, gaming_day=today, table="TH-1", variant=deal.HOLDEM,
                       version=deal.NO_LIMIT, minimum="10", small_blind="5", big_blind="10", rake_rate="0.05",
                       opened_at=now - datetime.timedelta(minutes=30))
    (gap,) = [task for task in tasks_for(lu.manager_c) if task.key.startswith("direction-gap:")]
    assert gap.severity == "danger" and gap.due == today and gap.due_citation == PRESENCE
    assert "Jeux sans présence inscrite de" in gap.label and "(tables TH-1)" in gap.label
    assert not [task for task in tasks_for(lu.accountant_c) if task.key.startswith("direction-")]
    _duty(lu, DIRECTOR, now - datetime.timedelta(hours=1), now + datetime.timedelta(hours=2))
    assert not [task for task in tasks_for(lu.manager_c) if task.key.startswith("direction-gap:")]
    last = today + datetime.timedelta(days=3)
    _designate(lu, today - datetime.timedelta(days=2), last)
    (ending,) = [task for task in tasks_for(lu.manager_c) if task.key.startswith("direction-designation:")]
    assert (ending.due, ending.due_citation, ending.severity) == (last, AGREED, "warning")
    assert f"dernier jour le {last:%d/%m/%Y}" in ending.label
    _designate(lu, last + datetime.timedelta(days=1))  # the next designation takes over: nothing to do
    assert not [task for task in tasks_for(lu.manager_c) if task.key.startswith("direction-designation:")]
