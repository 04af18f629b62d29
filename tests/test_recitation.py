"""Citations already written that the texts do not support are rectified beside the entries, never in them (issue 35,
item 11): `registers_recite --dry-run` lists the entries, without it one recitation entry each, filed by a platform
administrator and countersigned by Vigie's automaton, audited; pages, exports and reports show the rectified citation
beside the original, and each signed report that showed one is reissued as a new version naming the old."""

import contextlib
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from compliance.errors import DomainError
from compliance.models import SYSTEM_USERNAME, User
from compliance.reports import render
from compliance.reports.models import EDITION, Report
from registers.chain import recitation
from registers.chain.services import entry_append
from registers.kinds import REGISTER_ENTRY_KINDS, EntryKind, RegisterKind
from registers.models import Entry, Register

WAS = "LU RGD 1979 art. 97-1 (projet)"
NOW = "Contrôle interne du casino : comptage de la cagnotte (test)"
TABLE = f"""
entries:
- key: test-cagnotte-count
  registers: [cagnotte]
  kinds: [cagnotte.comptage]
  path: citation
  jurisdictions: [LU]
  was: "{WAS}"
  now: "{NOW}"
  why: >-
    L'art. 97-1 permet de tenir les carnets d'enregistrement des cagnottes sous forme électronique ; il n'exige pas
    le comptage.
reports:
- key: test-card-statement
  kinds: [card_statement]
  edition_below: 2
  why: Le relevé citait l'article sans son instrument.
"""


@pytest.fixture
def table(tmp_path, monkeypatch):
    path = tmp_path / "recitations.yaml"
    path.write_text(TABLE, encoding="utf-8")
    monkeypatch.setattr(recitation, "RULES_FILE", path)
    recitation.rules.cache_clear()
    recitation.report_rules.cache_clear()
    yield path
    recitation.rules.cache_clear()
    recitation.report_rules.cache_clear()


def recite(*args) -> dict:
    out = io.StringIO()
    call_command("registers_recite", "--json", "--as", "admin", *args, stdout=out)
    return json.loads(out.getvalue())


def audit() -> dict:
    out = io.StringIO()
    with contextlib.suppress(SystemExit):
        call_command("registers_audit", "--json", stdout=out)
    return json.loads(out.getvalue())


def test_the_dry_run_lists_each_entry_and_writes_nothing(demo, rules, table):
    written = Entry.objects.filter(register__casino__code="la-moselle", register__kind="cagnotte",
                                   kind=EntryKind.CAGNOTTE_COUNTED)
    cited = [e for e in written if json.loads(e.payload).get("citation") == WAS]
    assert cited  # the demo's counts at La Moselle cite 97-1 for the count itself
    before = Entry.objects.count()
    listed = recite("--dry-run")
    assert Entry.objects.count() == before and not listed["recitations_filed"]
    assert sorted(item["seq"] for item in listed["entries"]) == sorted(e.seq for e in cited)
    assert {(c["path"], c["was"], c["now"]) for item in listed["entries"] for c in item["corrections"]} == {
        ("citation", WAS, NOW)}
    # Québec's counts cite the casino's control: the rule is Luxembourg's only
    assert {item["casino"] for item in listed["entries"]} == {"la-moselle"}


def test_each_entry_gets_one_recitation_countersigned_by_the_automaton_audited_and_shown(demo, rules, table, client):
    listed = recite("--dry-run")
    done = recite()
    assert done["recitations_filed"] == len(listed["entries"]) > 0
    recitations = Entry.objects.filter(kind=EntryKind.RECITATION).select_related("actor", "countersigner",
                                                                                  "refers_to")
    assert recitations.count() == done["recitations_filed"]
    for entry in recitations:
        assert entry.actor.username == "admin" and entry.countersigner.username == SYSTEM_USERNAME
        payload = json.loads(entry.payload)
        assert payload["recites"] == entry.refers_to.seq and payload["corrections"][0]["was"] == WAS
        assert json.loads(entry.refers_to.payload)["citation"] == WAS  # the entry itself is as it was written
    # nothing left to do; the audit accepts every recitation
    assert recite("--dry-run")["entries"] == [] and recite()["recitations_filed"] == 0
    assert audit()["invalid"] == 0

    recited = recitations.first().refers_to
    client.force_login(User.objects.get(username="lu.ministere"))
    page = client.get(f"/registres/la-moselle/cagnotte/{recited.seq}/").content.decode()
    assert NOW in page and WAS in page and 'data-testid="recited"' in page
    listing = client.get("/registres/la-moselle/cagnotte/").content.decode()
    assert f'data-testid="recited-{recited.seq}"' in listing
    sheet = b"".join(client.get("/registres/la-moselle/cagnotte/?format=csv").streaming_content).decode("utf-8-sig")
    header, *rows = sheet.splitlines()
    assert header.split(";")[-2:] == ["Citation rectifiée par l'écriture n°", "Citations rectifiées"]
    line = next(row for row in rows if row.startswith(f"{recited.seq};"))
    assert f"citation : {NOW} (écrite : {WAS})" in line


def test_a_signed_report_showing_a_recited_entry_is_reissued_naming_the_old(demo, rules, table):
    register = Register.objects.get(casino__code="la-moselle", kind="cagnotte")
    old = Report.objects.filter(register=register, status=Report.Status.SUCCEEDED, kind="register_daily").first()
    listed = recite("--dry-run")
    # the demo's last closed day: its cagnotte report shows counts that cite art. 97-1 for the count itself
    assert old is not None and set(old.covered) & {item["seq"] for item in listed["entries"]}
    assert old.pk in [item["report"] for item in listed["reports"]]
    done = recite()
    new = Report.objects.get(supersedes=old)
    assert new.pk in done["reissued"] and new.status == Report.Status.SUCCEEDED and new.sha256 != old.sha256
    record = json.loads(new.chain_entry.payload)
    assert record["supersedes"] == {"report": old.pk, "sha256": old.sha256,
                                    "signed_at": old.finished_at.isoformat(timespec="seconds")}
    source = _source(bytes(new.pdf))
    assert source["supersedes"]["report"] == old.pk
    recited = [row for row in source["entries"] if row["recited"]]
    assert recited and all(row["recited"] == [{"path": "citation", "was": WAS, "now": NOW}] for row in recited)
    assert Report.objects.get(pk=old.pk).sha256 == old.sha256  # the old version stays as signed
    assert recite("--dry-run")["reports"] == []  # its latest version shows the rectified citations


def test_a_report_whose_page_cited_wrongly_is_reissued_once_from_the_current_edition(demo, rules, table):
    statement = Report.objects.filter(kind="card_statement", status=Report.Status.SUCCEEDED).first()
    assert statement is not None and statement.edition == EDITION
    assert statement.pk not in [item["report"] for item in recite("--dry-run")["reports"]]  # printed as it should be
    Report.objects.filter(pk=statement.pk).update(edition=1)  # as the version before issue 35 printed it
    assert statement.pk in [item["report"] for item in recite("--dry-run")["reports"]]
    recite()
    new = Report.objects.get(supersedes=statement)
    assert new.edition == EDITION and new.status == Report.Status.SUCCEEDED
    assert _source(bytes(new.pdf))["supersedes"]["sha256"] == statement.sha256
    assert recite("--dry-run")["reports"] == []


def test_only_a_platform_administrator_recites_and_a_forged_recitation_is_named_by_the_audit(demo, rules, table):
    due = next(recitation.recitations_due())
    with pytest.raises(DomainError) as refused:
        recitation.entry_recite(due=due, actor=User.objects.get(username="lu.direction"))
    assert refused.value.field == "actor"
    with pytest.raises(CommandError):
        call_command("registers_recite", "--as", "lu.direction")
    # a recitation that says the entry wrote what it did not
    forged = recitation.recitation_payload(due.entry, [{**due.corrections[0], "was": "LU RGD 1979 art. 49-1"}])
    entry = entry_append(register=due.register, kind=EntryKind.RECITATION,
                         gaming_day=due.register.casino.today(), actor=User.objects.get(username="admin"),
                         payload=forged, countersigner=User.objects.get(username=SYSTEM_USERNAME),
                         refers_to=due.entry)
    found = audit()
    assert found["invalid"] == 1
    problems = [problem for finding in found["findings"] if finding["seq"] == entry.seq
                for problem in finding["problems"]]
    assert any("porte « LU RGD 1979 art. 97-1 (projet) »" in problem["fr"] for problem in problems), problems


def _source(pdf: bytes) -> dict:
    return json.loads(render.source_stream(pdf).data)


def test_the_recitations_table_names_real_registers_kinds_and_a_changed_citation_with_its_reason():
    recitation.rules.cache_clear()
    for rule in recitation.rules():
        assert set(rule.registers) <= set(RegisterKind.values), rule.key
        allowed = {kind for register in rule.registers for kind in REGISTER_ENTRY_KINDS[register]}
        assert set(rule.kinds) <= allowed, rule.key
        assert rule.was != rule.now and rule.why and set(rule.jurisdictions) <= {"QC", "MC", "LU"}, rule.key
        # a Luxembourg article is cited as the draft it is, wherever it is written
        assert "LU RGD" not in rule.now or "(projet)" in rule.now, rule.key
    for rule in recitation.report_rules():
        assert set(rule.kinds) <= set(Report.Kind.values) and rule.why, rule.key
        assert 1 < rule.edition_below <= EDITION, rule.key  # reports printed before, never those printed now


def test_each_citation_of_a_list_is_rectified_where_it_stands_and_the_audit_recomputes_it():
    """Item 7: the ROPTA is cited as the casino's règlement intérieur, each of its paragraphs where it stands among the
    articles of law, which stay as written; item 2: a finding's citation by its kind (« nature »)."""
    recitation.rules.cache_clear()
    out = Entry(kind="tournoi.debut", payload=json.dumps({"citation": "QC RJC art. 125 ; ROPTA §2.2"}))
    (done,) = recitation.corrections_due(out, "tournois", "QC")
    assert done == {"path": "citation", "was": "QC RJC art. 125 ; ROPTA §2.2",
                    "now": "QC RJC art. 125 ; Règlement intérieur du casino (ROPTA §2.2, adopté)",
                    "rule": "35-ropta-2-2"}
    out = Entry(kind="tournoi.sortie", payload=json.dumps({"citation": "ROPTA §1.10 ; ROPTA §2.7"}))
    (done,) = recitation.corrections_due(out, "tournois", "LU")
    assert done["now"] == ("Règlement intérieur du casino (ROPTA §1.10, adopté) ; "
                           "Règlement intérieur du casino (ROPTA §2.7, adopté)")
    assert recitation.rectified(done["was"], done["rule"]) == done["now"]
    assert recitation.rectified(done["was"], "35-ropta-3-2") is None  # a rule that does not match it
    assert recitation.corrections_due(Entry(kind="tournoi.cloture", payload=json.dumps(
        {"citation": "QC RJC art. 127"})), "tournois", "QC") == []  # the law stays as written
    day = Entry(kind="rapprochement.journee", payload=json.dumps({"constats": [
        {"nature": "hold", "citation": "LU RGD 1979 art. 97-1 (projet)"},
        {"nature": "drop", "citation": "LU RGD 1979 art. 97-1 (projet)"}]}))
    (done,) = recitation.corrections_due(day, "carnets_speciaux", "LU")
    assert done["path"] == "constats[1].citation"
    assert done["now"] == "Contrôle interne du casino : drop compté par deux personnes"
