"""Issue 13 item 2: the Luxembourg text is a draft (« projet de règlement grand-ducal »). Every citation comes from the
rule data, which knows it, and says « (projet) » wherever it is written: entry payloads (hashed for good), messages,
pages. No article is cited by a literal in Python. Item 6: a second signature the texts do not require is cited as
the casino's internal control, never as an article."""

import ast
import json
import pathlib
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from compliance.errors import DomainError
from registers.appareils.jackpots import jackpot_manual_payout_file
from registers.chain.services import entry_correct, pending_countersign
from registers.orphelins.services import orphelin_file
from tests.conftest import install_machines, make_user

ROOT = pathlib.Path(__file__).resolve().parent.parent
# « LU RGD 1979 art. 3-1 », « QC RJC art. 67.48 », « MC AM 2007-668 art. 1 », « ROPTA §4.2 », « art. 18-15 »
CITATION = re.compile(r"(?:\b(?:LU|QC|MC)\s+(?:RGD|RJC|AM|D\.)|\bROPTA\b).{0,60}?(?:art\.|§)|\bart\.\s*\d|§\s*\d")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def citation_literals() -> list[str]:
    """Every string constant of the apps' Python (docstrings and comments apart: they explain, they do not cite to
    users) that writes an article."""
    hits = []
    for app in ("compliance", "games", "registers"):
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = _docstrings(tree)
            for node in ast.walk(tree):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                        and CITATION.search(node.value)):
                    hits.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:80]!r}")
    return hits


def test_no_article_is_cited_by_a_literal_in_python_only_through_the_rule_data():
    assert CITATION.search("LU RGD 1979 art. 18-10") and CITATION.search("ROPTA §4.2")  # the pattern bites
    assert citation_literals() == []


INSTRUMENT = re.compile(r"\b(?:LU|QC|MC)\s+(?:RGD|RJC|AM|D\.)\s|\bROPTA\s*§")


def test_pages_name_an_article_only_through_the_cite_tag_so_a_draft_says_so():
    """Templates write articles in prose; the instrument and its « (projet) » come from `{% cite %}`."""
    assert INSTRUMENT.search("(LU RGD 1979 art. 18-15)")  # the pattern bites
    hits = [f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
            for path in sorted((ROOT / "templates").rglob("*.html"))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if INSTRUMENT.search(re.sub(r"\{% cite [^%]*%\}", "", line))]
    assert hits == []


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def test_lu_18_15_an_entry_filed_under_the_draft_says_projet_in_its_hashed_payload(lu):
    pending = orphelin_file(casino=lu.c, actor=lu.accountant_c, gaming_day=lu.c.today(), source="table",
                            amount="10.00", currency="EUR", location="Table 1")
    entry = pending_countersign(pending=pending, countersigner=lu.manager_c)
    assert json.loads(entry.payload)["citation"] == "LU RGD 1979 art. 8 (projet)"
    install_machines(lu.c, lu.accountant_c, "M1")
    paid = pending_countersign(pending=jackpot_manual_payout_file(
        casino=lu.c, actor=lu.accountant_c, gaming_day=lu.c.today(), machine="M1", amount="10.00",
        currency="EUR", receipt_number="Q-1", receipt_in_cabinet=True), countersigner=lu.manager_c)
    assert json.loads(paid.payload)["quittance_citation"] == "LU RGD 1979 art. 18-10 al. 4 (projet)"
    with pytest.raises(DomainError) as refused:
        jackpot_manual_payout_file(casino=lu.c, actor=lu.accountant_c, gaming_day=lu.c.today(),
                                   machine="M1", amount="10.00", currency="EUR", receipt_number="Q-2",
                                   receipt_in_cabinet=False)
    assert "LU RGD 1979 art. 18-10 al. 4 (projet)" in str(refused.value.message)


def test_lu_18_15_a_second_signature_the_text_does_not_require_is_the_casino_s_internal_control(lu):
    pending = orphelin_file(casino=lu.c, actor=lu.accountant_c, gaming_day=lu.c.today(), source="table",
                            amount="10.00", currency="EUR", location="Table 1")
    assert pending.citation == "Contrôle interne du casino : seconde signature"
    entry = pending_countersign(pending=pending, countersigner=lu.manager_c)
    correction = entry_correct(entry=entry, actor=lu.manager_c, reason="Saisi deux fois")
    assert json.loads(correction.payload)["citation"] == (
        "LU RGD 1979 art. 18-15 al. 2 (projet) ; Contrôle interne du casino : correction par une écriture nouvelle, "
        "contresignée")


def test_qc_a_jackpot_paid_by_hand_in_quebec_cites_the_casino_s_control_not_a_luxembourg_article(world, rules):
    manager = make_user("direction.a2", "manager", casino=world.a)
    paid = jackpot_manual_payout_file(casino=world.a, actor=world.accountant_a, gaming_day=world.a.today(),
                                      machine="A-1", amount="10.00", currency="CAD", receipt_number="Q-1",
                                      receipt_in_cabinet=True)
    entry = pending_countersign(pending=paid, countersigner=manager)
    assert json.loads(entry.payload)["citation"] == "Contrôle interne du casino : paiement manuel signé par deux " \
                                                    "personnes"


def test_lu_pages_cite_the_draft_as_a_draft(lu, client):
    client.force_login(lu.accountant_c)
    page = client.get(reverse("registers-orphelins", kwargs={"casino": lu.c.code})).content.decode()
    assert "LU RGD 1979 art. 8, 18-12, 3-4 8), 49-1 (projet)" in page


def test_lu_a_casino_records_on_what_basis_it_applies_the_draft_and_its_page_shows_it(lu, client):
    from compliance.services import casino_update

    with pytest.raises(DomainError) as incomplete:
        casino_update(actor=lu.admin, casino=lu.c, draft_basis="Lettre du Ministère réf. 14")
    assert incomplete.value.field == "draft_basis_since"
    client.force_login(lu.regulator_lu)
    url = reverse("casino-detail", kwargs={"code": lu.c.code})
    assert "sans base enregistrée" in client.get(url).content.decode()
    since = timezone.localdate()
    casino_update(actor=lu.admin, casino=lu.c, draft_basis="Lettre du Ministère réf. 14", draft_basis_since=since)
    page = client.get(url).content.decode()
    assert "LU RGD 1979 (projet)" in page and "Lettre du Ministère réf. 14" in page


def test_lu_the_basis_is_written_in_each_register_before_its_first_entry_and_again_when_it_changes(lu, client):
    from compliance.services import casino_update
    from registers.chain.services import entry_verify_correct
    from registers.management.audit import audit
    from registers.models import Entry

    since = lu.c.today()
    casino_update(actor=lu.admin, casino=lu.c, draft_basis="Lettre du Ministère réf. 14", draft_basis_since=since)
    lu.c.refresh_from_db()

    def filed(amount):
        pending = orphelin_file(casino=lu.c, actor=lu.accountant_c, gaming_day=lu.c.today(), source="table",
                                amount=amount, currency="EUR", location="Table 1")
        return pending_countersign(pending=pending, countersigner=lu.manager_c)

    first, second = filed("10.00"), filed("20.00")
    basis = Entry.objects.get(register=first.register, seq=1)
    assert (basis.kind, basis.actor.username, first.seq, second.seq) == ("registre.base_projet", "vigie-automate", 2, 3)
    assert json.loads(basis.payload) == {"drafts": ["LU RGD 1979 (projet)"], "basis": "Lettre du Ministère réf. 14",
                                         "since": since.isoformat(), "citation": "LU RGD 1979 (projet)"}

    casino_update(actor=lu.admin, casino=lu.c, draft_basis="Règlement grand-ducal publié, réf. 15",
                  draft_basis_since=since)
    lu.c.refresh_from_db()
    third = filed("30.00")
    kinds = list(Entry.objects.filter(register=first.register).order_by("seq").values_list("kind", flat=True))
    assert kinds[3:] == ["registre.base_projet", "orphelin.enregistrement"] and third.seq == 5
    assert json.loads(Entry.objects.get(register=first.register, seq=4).payload)["basis"] == (
        "Règlement grand-ducal publié, réf. 15")

    with pytest.raises(DomainError) as refused:
        entry_verify_correct(entry=basis, actor=lu.manager_c)
    assert refused.value.code == "not_correctable"
    (orphelins,) = audit(casino_code=lu.c.code, kind="orphelins")
    assert orphelins.entries == 5 and not orphelins.findings

    client.force_login(lu.regulator_lu)
    page = client.get(reverse("registers-entry", kwargs={"casino": lu.c.code, "kind": "orphelins", "seq": 1}))
    assert "Lettre du Ministère réf. 14" in page.content.decode() and "LU RGD 1979 (projet)" in page.content.decode()
