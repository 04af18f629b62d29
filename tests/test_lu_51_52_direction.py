"""The direction's register, LU RGD 1979 art. 51, 52 and 18-6 in the words the amending draft (« projet ») puts in:

art. 51 § I al. 1, second sentence (point 49): « Le directeur responsable ou un membre du comité de direction qui le
remplace momentanément doit être présent en permanence au casino pendant toute la période de fonctionnement des
jeux. »
art. 52 al. 2, first two sentences (point 52): « Le directeur responsable est tenu de rester en permanence au casino
tant que les jeux fonctionnent. Il ne peut s'absenter qu'à condition de se faire remplacer par un membre du comité de
direction chargé de remplir en son lieu et place toutes ses obligations. »
art. 18-6 al. 3 (point 25): the words « le caissier » replaced by « un employé du casino agréé à cette fin par le
directeur ».

The rest of those articles is not in our texts: the committee's composition and the act of art. 18-6 are the casino's
data, recorded with the reference of its act (games/rules/ambiguities.yaml)."""

import datetime
import json
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from compliance.errors import DomainError
from compliance.reconciliation.direction import direction_findings
from compliance.reconciliation.models import Finding
from compliance.reconciliation.services import reconciliation_run
from games.poker import hand as deal
from registers.appareils.jackpots import jackpot_manual_payout_file
from registers.chain.services import entry_append, pending_countersign, register_for
from registers.direction import controls, selectors, services
from registers.direction.controls import Played, Shift, uncovered
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.poker_room.services import poker_session_open
from tests.conftest import api_client_for, install_machines, make_user

pytestmark = pytest.mark.django_db

PRESENCE = "LU RGD 1979 art. 51 paragraphe I, al. 1, deuxième phrase (projet)"
REPLACEMENT = "LU RGD 1979 art. 52 al. 2 (projet)"
AGREED = "LU RGD 1979 art. 18-6 al. 3 (projet)"
DIRECTOR, MEMBER = "Luc Schmit", "Claire Muller"


@pytest.fixture
def lu(world, rules):
    return committee_of(world)


def committee_of(world):
    """Casino C (Luxembourg): its manager, a committee of a responsible director and a member appointed a month ago."""
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    month = world.c.today() - datetime.timedelta(days=30)
    services.committee_change_record(casino=world.c, actor=world.manager_c, change="nomination", name=DIRECTOR,
                                     director=True, effective_from=month, reference="Agrément A-1")
    services.committee_change_record(casino=world.c, actor=world.manager_c, change="nomination", name=MEMBER,
                                     effective_from=month, reference="PV du conseil n° 4")
    return world


def _at(casino, day: datetime.date, hour: int, minute: int = 0) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(hour, minute), tzinfo=ZoneInfo(casino.jurisdiction.timezone))


def _duty(w, member: str, start: datetime.datetime, end: datetime.datetime):
    return services.duty_record(casino=w.c, actor=w.manager_c, member=member, starts_at=start, ends_at=end)


def _poker(w, day: datetime.date, hour: int = 19, table: str = "TH-1"):
    return poker_session_open(casino=w.c, actor=w.manager_c, gaming_day=day, table=table, variant=deal.HOLDEM,
                              version=deal.NO_LIMIT, minimum="10", small_blind="5", big_blind="10", rake_rate="0.05",
                              opened_at=_at(w.c, day, hour))


def _refused(call, field: str, code: str) -> str:
    with pytest.raises(DomainError) as refused:
        call()
    assert (refused.value.field, refused.value.code) == (field, code), refused.value.message
    return str(refused.value.message)


# --- art. 51 § I al. 1: present for the whole time the games run ---------------------------------------------------


def test_lu_51_an_hour_of_play_without_anyone_on_duty_is_a_finding_of_the_night(lu):
    """« doit être présent en permanence au casino pendant toute la période de fonctionnement des jeux »: a poker
    séance opened at 19:00 and not closed plays (as far as Vigie knows) until 20:00; the director, present until
    19:30, leaves half an hour no one covers, which the night's reconciliation reports with the article; the member
    replacing them written from 19:30, the finding is lifted."""
    day = lu.c.today() - datetime.timedelta(days=1)
    _poker(lu, day)
    _duty(lu, DIRECTOR, _at(lu.c, day, 18, 30), _at(lu.c, day, 19, 30))
    first = reconciliation_run(casino=lu.c, gaming_day=day, actor=lu.accountant_c)
    (finding,) = first.findings.filter(kind=Finding.Kind.DIRECTION_ABSENT)
    assert finding.citation == PRESENCE
    assert finding.params == {"day": day.isoformat(), "start": "19:30", "end": "20:00", "tables": "TH-1"}
    assert "de 19:30 à 20:00 : des jeux fonctionnent (tables TH-1) sans que le directeur responsable ni un membre du " \
           "comité de direction qui le remplace soit inscrit présent" in finding.text
    _duty(lu, MEMBER, _at(lu.c, day, 19, 30), _at(lu.c, day, 23))
    second = reconciliation_run(casino=lu.c, gaming_day=day, actor=lu.accountant_c)
    assert not second.findings.filter(kind=Finding.Kind.DIRECTION_ABSENT, state=Finding.State.OPEN).exists()
    finding.refresh_from_db()
    assert finding.state == Finding.State.LIFTED


def test_lu_51_the_time_no_presence_covers_is_merged_across_tables_and_sessions_without_hours_need_a_presence():
    """The reading of « toute la période de fonctionnement des jeux » Vigie applies (ambiguity
    lu.direction.periode_de_fonctionnement_des_jeux): each table's time from its opening to its close, the parts no
    presence covers merged across tables; a session taken over from a file has no hours: its gaming day needs a
    presence at least."""
    zone, day = ZoneInfo("Europe/Luxembourg"), datetime.date(2026, 11, 20)

    def at(hour, minute=0, on=day):
        return datetime.datetime.combine(on, datetime.time(hour, minute), tzinfo=zone)

    played = [Played(day, "TH-1", at(19), at(23)), Played(day, "OM-1", at(20), at(22, 30)),
              Played(day, "HC-01", None, None), Played(day, "UT-01", at(21, 15), at(21, 15))]
    shifts = [Shift(1, DIRECTOR, at(18), at(20, 30)), Shift(2, MEMBER, at(22), at(23, 30))]
    gaps = uncovered(played, shifts, zone)
    assert [(gap.start.strftime("%H:%M"), gap.end.strftime("%H:%M"), gap.tables) for gap in gaps] == [
        ("20:30", "22:00", ("OM-1", "TH-1", "UT-01"))]
    nobody = uncovered(played, [], zone)
    assert [(gap.start, gap.tables) for gap in nobody][-1] == (None, ("HC-01",))
    # a presence that evening, until 2:00, covers the day whose sessions have no hours
    late = [Shift(3, DIRECTOR, at(18), at(2, on=day + datetime.timedelta(days=1)))]
    assert uncovered([Played(day, "HC-01", None, None)], late, zone) == []


# --- art. 52 al. 2: replaced only by a member of the committee -------------------------------------------------------


def test_lu_52_al_2_only_a_committee_member_in_office_is_written_on_duty(lu):
    """« Il ne peut s'absenter qu'à condition de se faire remplacer par un membre du comité de direction »: a person
    who is not a member, or a member gone since, is refused, citing the article; a member in office is written."""
    day = lu.c.today() - datetime.timedelta(days=2)
    said = _refused(lambda: _duty(lu, "Paul Inconnu", _at(lu.c, day, 19), _at(lu.c, day, 23)), "member",
                    "wrong_state")
    assert "Paul Inconnu n'est pas membre du comité de direction le" in said and REPLACEMENT in said
    services.committee_change_record(casino=lu.c, actor=lu.manager_c, change="depart", name=MEMBER,
                                     effective_from=day + datetime.timedelta(days=1), reference="Démission du 1er")
    _duty(lu, MEMBER, _at(lu.c, day, 19), _at(lu.c, day, 23))  # still in office that day
    gone = day + datetime.timedelta(days=1)
    _refused(lambda: _duty(lu, MEMBER, _at(lu.c, gone, 19), _at(lu.c, gone, 23)), "member", "wrong_state")
    # the same member cannot be written twice at once, nor for more than a day, nor end before starting
    _refused(lambda: _duty(lu, MEMBER, _at(lu.c, day, 22), _at(lu.c, day, 23, 30)), "starts_at", "duplicate")
    _refused(lambda: _duty(lu, DIRECTOR, _at(lu.c, day, 1), _at(lu.c, day + datetime.timedelta(days=1), 2)),
             "ends_at", "too_long")
    _refused(lambda: _duty(lu, DIRECTOR, _at(lu.c, day, 20), _at(lu.c, day, 19)), "ends_at", "dates_reversed")


def test_lu_51_the_committee_has_one_responsible_director_at_a_time_each_change_with_its_act(lu):
    """The composition is not in our texts (the unamended art. 51): the management records each appointment and each
    departure with the reference of its act; one responsible director at a time, a departure of a member only."""
    today = lu.c.today()

    def change(**given):
        values = {"casino": lu.c, "actor": lu.manager_c, "change": "nomination", "name": "Jean Kremer",
                  "effective_from": today, "reference": "PV n° 5", **given}
        return services.committee_change_record(**values)

    _refused(lambda: change(director=True), "director", "duplicate")
    _refused(lambda: change(reference=" "), "reference", "required")
    _refused(lambda: change(change="depart"), "name", "wrong_state")
    _refused(lambda: change(name=DIRECTOR), "name", "duplicate")
    _refused(lambda: change(actor=lu.accountant_c), "actor", "wrong_role")
    entry = change()
    assert json.loads(entry.payload).items() >= {"changement": "nomination", "membre": "Jean Kremer",
                                                 "acte": "PV n° 5"}.items()
    book = selectors.book_of(selectors.register_of(lu.c))
    assert [term.name for term in book.members_on(today)] == [DIRECTOR, MEMBER, "Jean Kremer"]
    assert book.director_on(today).name == DIRECTOR


# --- art. 18-6 al. 3: « un employé du casino agréé à cette fin par le directeur » ------------------------------------


def _designate(w, first, last=None, employee=None):
    return services.designation_record(casino=w.c, actor=w.manager_c, employee=employee or w.accountant_c.username,
                                       act=EntryKind.JACKPOT_PAID, first_day=first, last_day=last,
                                       reference="Désignation D-1")


def _jackpot(w, receipt: str):
    install_machines(w.c, w.accountant_c, "M1")
    return pending_countersign(pending=jackpot_manual_payout_file(
        casino=w.c, actor=w.accountant_c, gaming_day=w.c.today(), machine="M1", amount="10.00", currency="EUR",
        receipt_number=receipt, receipt_in_cabinet=True), countersigner=w.manager_c)


def test_lu_18_6_al_3_an_act_by_an_employee_not_designated_that_day_is_a_finding(lu):
    """« un employé du casino agréé à cette fin par le directeur »: the act is the one the designation names (the
    casino's reading, the unamended paragraph not being in our texts); once the director designates employees for it,
    an act of that kind by someone not designated that day is the night's finding, citing the article."""
    today = lu.c.today()
    paid = _jackpot(lu, "Q-1")
    assert direction_findings(lu.c, today, today) == {}  # no designation for the hand-paid jackpots: nothing to say
    _designate(lu, today - datetime.timedelta(days=5), today - datetime.timedelta(days=1))  # until yesterday
    (found,) = [item for item in direction_findings(lu.c, today, today)[today] if item.kind == "employe_non_designe"]
    assert found.citation == AGREED
    assert found.key == f"employe_non_designe:jackpots:{paid.seq}"
    run = reconciliation_run(casino=lu.c, gaming_day=today, actor=lu.manager_c)
    finding = run.findings.get(kind=Finding.Kind.UNDESIGNATED)
    assert f"l'écriture n° {paid.seq} du registre « Paiements manuels de jackpots » (Paiement manuel d'un jackpot) " \
           f"est faite par {lu.accountant_c.get_full_name() or lu.accountant_c.username}" in finding.text
    _designate(lu, today)  # designated from today: the night finds nothing more
    assert [item for item in direction_findings(lu.c, today, today).get(today, [])
            if item.kind == "employe_non_designe"] == []


def test_lu_18_6_al_3_the_designation_is_the_director_s_of_an_employee_of_the_casino(lu):
    """« agréé à cette fin par le directeur »: refused without a responsible director in office on its first day, for
    someone who is not the casino's employee, for an act Vigie does not record, without its reference."""
    today = lu.c.today()
    said = _refused(lambda: _designate(lu, today - datetime.timedelta(days=40)), "first_day", "wrong_state")
    assert "Aucun directeur responsable n'est en fonction le" in said and AGREED in said
    regulator = make_user("ministere.c", "regulator", jurisdiction="LU")
    _refused(lambda: _designate(lu, today, employee=regulator.username), "employee", "wrong_role")
    _refused(lambda: services.designation_record(casino=lu.c, actor=lu.manager_c, employee=lu.accountant_c.username,
                                                 act="table.ouverture", first_day=today, reference="D-2"),
             "act", "invalid")
    _refused(lambda: services.designation_record(casino=lu.c, actor=lu.manager_c, employee=lu.accountant_c.username,
                                                 act=EntryKind.JACKPOT_PAID, first_day=today, reference=""),
             "reference", "required")
    _refused(lambda: _designate(lu, today, today - datetime.timedelta(days=1)), "last_day", "dates_reversed")


# --- the audit, the page, the API ------------------------------------------------------------------------------------


def test_lu_52_al_2_the_audit_finds_a_presence_written_past_the_service_for_someone_not_on_the_committee(lu):
    """The audit replays the register and asks each entry the service's controls (controls.duty_problems)."""
    (clean,) = audit(casino_code=lu.c.code, kind=RegisterKind.DIRECTION)
    assert clean.entries == 2 and clean.invalid == []
    start = timezone.now() - datetime.timedelta(hours=3)
    entry_append(register=register_for(casino=lu.c, kind=RegisterKind.DIRECTION), kind=EntryKind.DUTY_RECORDED,
                 gaming_day=lu.c.today(), actor=lu.manager_c,
                 payload={"membre": "Paul Inconnu", "debut": start.isoformat(),
                          "fin": (start + datetime.timedelta(hours=1)).isoformat(), "citation": PRESENCE})
    (found,) = audit(casino_code=lu.c.code, kind=RegisterKind.DIRECTION)
    text = " ".join(str(problem) for finding in found.invalid for problem in finding.problems)
    assert "Paul Inconnu n'est pas membre du comité de direction" in text and REPLACEMENT in text, text


def test_lu_51_the_manager_writes_the_log_on_the_page_the_regulator_reads_it(lu, client):
    """The direction files, the regulator reads (its page without forms, its POST refused); both see the texts."""
    url = reverse("direction", kwargs={"casino": lu.c.code})
    client.force_login(lu.manager_c)
    page = client.get(url)
    assert page.status_code == 200 and b'data-testid="form-presence"' in page.content
    assert PRESENCE.encode() in page.content and AGREED.encode() in page.content
    now = timezone.localtime(timezone.now(), ZoneInfo(lu.c.jurisdiction.timezone))
    posted = client.post(url, {"action": "presence", "presence-member": DIRECTOR,
                               "presence-starts_at": (now - datetime.timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M"),
                               "presence-ends_at": (now - datetime.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")})
    assert posted.status_code == 302, posted.content.decode()[:2000]
    assert len(selectors.book_of(selectors.register_of(lu.c)).shifts) == 1
    regulator = make_user("ministere.c", "regulator", jurisdiction="LU")
    client.logout()
    client.force_login(regulator)
    read = client.get(url)
    assert read.status_code == 200 and b'data-testid="form-presence"' not in read.content
    assert DIRECTOR.encode() in read.content
    assert client.post(url, {"action": "presence"}).status_code == 403


def test_lu_51_the_api_gives_the_committee_the_log_and_the_time_not_covered(lu):
    day = lu.c.today() - datetime.timedelta(days=1)
    _poker(lu, day)
    _duty(lu, DIRECTOR, _at(lu.c, day, 18), _at(lu.c, day, 19, 15))
    regulator = make_user("ministere.c", "regulator", jurisdiction="LU")
    answer = api_client_for(regulator).get(reverse("api-registers-direction", kwargs={"casino": lu.c.code}),
                                           {"day": day.isoformat()})
    assert answer.status_code == 200
    body = answer.json()
    assert [(member["name"], member["director"]) for member in body["members"]] == [(DIRECTOR, True), (MEMBER, False)]
    assert [shift["name"] for shift in body["shifts"]] == [DIRECTOR]
    assert [(gap["day"], gap["tables"]) for gap in body["gaps"]] == [(day.isoformat(), ["TH-1"])]
    assert controls.ACTS and body["undesignated"] == []


def test_lu_51_the_demo_covers_every_hour_la_moselle_plays_but_the_one_planted(demo, rules):
    """La Moselle's committee of four, its log over the month, and the two gaps planted for the night: one hour
    nobody covers three days ago while the poker tables play, yesterday's jackpot by a cashier no longer designated."""
    from compliance.models import Casino

    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")
    today = casino.today()
    book = selectors.book_of(selectors.register_of(casino))
    assert len(book.members_on(today)) == 4 and book.director_on(today).name == DIRECTOR
    (gap,) = selectors.gaps(casino, book, today - datetime.timedelta(days=30), today - datetime.timedelta(days=1))
    assert (gap.day, gap.start.astimezone(ZoneInfo("Europe/Luxembourg")).strftime("%H:%M")) == (
        today - datetime.timedelta(days=3), "21:00")
    (act,) = selectors.acts_undesignated(casino, book, today - datetime.timedelta(days=30), today)
    assert (act.day, act.kind, act.register) == (today - datetime.timedelta(days=1), EntryKind.JACKPOT_PAID,
                                                 RegisterKind.JACKPOTS)
    # the later entries: the current designation ended early (in five days), a presence set aside by a correction
    (current,) = [one for one in book.designations if one.seq in book.ended]
    assert current.last == today + datetime.timedelta(days=5) and len(book.set_aside) == 1
    (clean,) = audit(casino_code=casino.code, kind=RegisterKind.DIRECTION)
    assert clean.invalid == []
