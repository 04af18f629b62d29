"""Issue 35 items 2 and 10 (table games, hand-paid jackpots, cards, pages): an article is cited only where its own
words hold the obligation; a sound control the texts do not require is « Contrôle interne du casino : … »; each page
cites its own casino's jurisdiction or nothing; the Luxembourg draft is applied only on a recorded basis; the décret
1675-95 has one date per meaning. The poker room's citations are another part's (tests/test_poker_*)."""

import datetime
import json
import pathlib
import re

import pytest
import yaml
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.reconciliation.models import Finding, Reconciliation
from compliance.services import casino_update
from games.citations import jurisdiction_citation
from registers import controls
from registers.appareils.jackpots import jackpot_manual_payout_file
from registers.chain.services import draft_basis_missing, pending_countersign
from registers.kinds import EntryKind
from registers.models import Card, Entry, Register
from registers.orphelins.services import orphelin_file
from registers.register_page import register_url
from tests.conftest import install_machines, make_user

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEEDS = ROOT / "games" / "rules" / "sources"
LU_TEXT = "004_f25d580b68cffabe.txt"
QC_DECRET = "001_61f3c9463c55ca44.txt"

CLOSED, RESTORED = controls.written(controls.TABLE_CLOSED), controls.written(controls.FLOAT_RESTORED)
DROP, PAYOUT = controls.written(controls.DROP_COUNT), controls.written(controls.PAYOUT)
HOUSE = {"non_fermee": CLOSED, "avance": RESTORED, "drop": DROP, "drop_absent": DROP}


def source_text(name: str) -> str:
    path = SEEDS / name
    if not path.exists():
        path = ROOT.parent / "shared" / "seeds" / name
    return " ".join(path.read_text(encoding="utf-8").split())


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def test_lu_21_al_1_and_97_1_the_tables_findings_cite_the_casino_s_control_as_the_demo_writes_them(demo, rules):
    """« Le montant de l'avance de caisse de chaque jeu est fixé par arrêté du Ministre des Finances. » (art. 21 al. 1)
    and « Les carnets spéciaux […] peuvent être tenus et produits sous forme électronique » (art. 97-1): neither asks
    for a table closed, a float restored or a drop counted by two people. The findings — and the constats of the
    carnets spéciaux entries that record them — cite the casino's control."""
    text = source_text(LU_TEXT)
    assert "Le montant de l'avance de caisse de chaque jeu est fixé par arrêté du Ministre des Finances." in text
    assert "Les carnets spéciaux, les carnets d'avances" in text and "peuvent être tenus et produits sous forme" in text
    planted = Finding.objects.filter(reconciliation__casino__code="la-moselle", kind__in=HOUSE)
    assert {f.kind for f in planted} >= {"non_fermee", "avance", "drop_absent"}
    for finding in planted:
        assert finding.citation == HOUSE[finding.kind], (finding.kind, finding.citation)
    for finding in Finding.objects.filter(kind__in=HOUSE):
        assert "art. 21" not in finding.citation and "97-1" not in finding.citation
    for reconciliation in Reconciliation.objects.filter(casino__code="la-moselle").select_related("entry"):
        for constat in json.loads(reconciliation.entry.payload)["constats"]:
            if constat["nature"] in HOUSE:
                assert constat["citation"] == HOUSE[constat["nature"]], constat


def test_lu_18_10_al_4_the_cabinet_has_two_keys_the_payout_s_two_signatures_are_the_casino_s_control(lu):
    """« l'original de la quittance […] est à conserver dans une armoire spéciale munie de deux clés dont l'une est
    détenue par le chef de salle et l'autre par le caissier » (art. 18-10 al. 4): the article places the receipt, it
    does not ask the payout to be signed twice."""
    assert "armoire spéciale munie de deux clés dont l'une est détenue par le chef de salle" in source_text(LU_TEXT)
    install_machines(lu.c, lu.accountant_c, "M1")
    pending = jackpot_manual_payout_file(casino=lu.c, actor=lu.accountant_c, gaming_day=lu.c.today(), machine="M1",
                                         amount="10.00", currency="EUR", receipt_number="Q-1", receipt_in_cabinet=True)
    assert pending.citation == PAYOUT  # what the countersignature queue shows
    payload = json.loads(pending_countersign(pending=pending, countersigner=lu.manager_c).payload)
    assert (payload["citation"], payload["quittance_citation"]) == (PAYOUT, "LU RGD 1979 art. 18-10 al. 4 (projet)")
    with pytest.raises(DomainError) as refused:
        jackpot_manual_payout_file(casino=lu.c, actor=lu.accountant_c, gaming_day=lu.c.today(), machine="M1",
                                   amount="10.00", currency="EUR", receipt_number="Q-2", receipt_in_cabinet=False)
    assert refused.value.field == "receipt_in_cabinet"
    assert "(LU RGD 1979 art. 18-10 al. 4 (projet))" in str(refused.value.message)
    # Québec: no article on either, both the casino's control
    manager_a = make_user("direction.a2", "manager", casino=lu.a)
    quebec = pending_countersign(pending=jackpot_manual_payout_file(
        casino=lu.a, actor=lu.accountant_a, gaming_day=lu.a.today(), machine="A-1", amount="10.00", currency="CAD",
        receipt_number="Q-1", receipt_in_cabinet=True), countersigner=manager_a)
    assert json.loads(quebec.payload)["quittance_citation"] == controls.written(controls.RECEIPT_CABINET)


LUXEMBOURG = re.compile(r"LU RGD|RGD 1979")


def _pages(casino: Casino) -> list[str]:
    urls = [reverse("registers-list"), reverse("reports-list"), reverse("reconciliation-list"),
            reverse("tables-home"), reverse("tables-pit", kwargs={"casino": casino.code})]
    for register in Register.objects.filter(casino=casino):
        urls.append(register_url(casino.code, register.kind))
        seqs = Entry.objects.filter(register=register).order_by("seq").values_list("seq", flat=True)
        for seq in {seqs.first(), seqs.last()} - {None}:
            urls.append(reverse("registers-entry", kwargs={"casino": casino.code, "kind": register.kind, "seq": seq}))
    for reconciliation in Reconciliation.objects.filter(casino=casino, findings__isnull=False).distinct()[:3]:
        urls.append(reverse("reconciliation-day", kwargs={"casino": casino.code,
                                                          "day": reconciliation.gaming_day.isoformat()}))
    return urls


@pytest.mark.parametrize("manager", ["qc.direction", "mc.direction"])
def test_qc_and_mc_pages_cite_their_own_texts_never_a_luxembourg_article(demo, rules, client, manager):
    """Each page cites its own casino's jurisdiction or nothing: the registers' guarantees (LU art. 18-15 al. 2), the
    books (89-1, 97-1), the jackpots' cabinet (18-10) are Luxembourg's draft, not Québec's or Monaco's texts."""
    user = User.objects.get(username=manager)
    client.force_login(user)
    pages = _pages(user.casino)
    assert len(pages) > 10
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        found = LUXEMBOURG.search(response.content.decode())
        assert found is None, (url, response.content.decode()[max(0, found.start() - 200):found.end() + 60])
    assert jurisdiction_citation(user.casino.jurisdiction, "lu-projet-rgd-1979", "art. 89-1, 97-1") == ""


def test_lu_18_15_al_2_luxembourg_pages_keep_their_own_draft_cited_as_such(demo, rules, client):
    """« Ce registre peut être tenu et produit sous forme électronique, sous condition d'offrir des garanties
    équivalentes » (art. 18-15 al. 2): La Moselle's pages still cite it, as a draft."""
    assert "Ce registre peut être tenu et produit sous forme électronique" in source_text(LU_TEXT)
    client.force_login(User.objects.get(username="lu.direction"))
    page = client.get(reverse("registers-list")).content.decode()
    assert "LU RGD 1979 art. 18-15 al. 2 (projet)" in page
    pit = client.get(reverse("tables-pit", kwargs={"casino": "la-moselle"})).content.decode()
    assert "fixé par arrêté du Ministre des Finances" in pit and "LU RGD 1979 art. 21 al. 1 (projet)" in pit
    assert "sa reconstitution à la fermeture est un contrôle interne du casino" in pit


def test_lu_3_1_the_card_statement_and_the_cards_home_cite_the_instrument_and_the_draft(demo, rules, client):
    """« 6) Les cartes de jeu électroniques ont une limite maximale de 2.000 euros. » (art. 3-1): a draft's article,
    cited with its instrument and « (projet) » on the signed statement and on the cards' home page."""
    from compliance.reports import card as card_report

    assert "Les cartes de jeu électroniques ont une limite maximale de 2.000 euros." in source_text(LU_TEXT)
    card = Card.objects.filter(casino__code="la-moselle").order_by("pk").first()
    today = card.casino.today()
    source = card_report.source(card, today - datetime.timedelta(days=30), today)
    with translation.override("fr"):
        html = render_to_string(card_report.TEMPLATE, {"source": source, "created": today})
    assert "LU RGD 1979 art. 3-1 6) et 7) (projet)" in html and "LU RGD 1979 art. 3-1 5) et 10) (projet)" in html
    assert not re.search(r"\((?:art\.|RGD 1979 art\.) 3-1", html)
    client.force_login(User.objects.get(username="qc.direction"))  # no casino of theirs issues cards
    home = client.get(reverse("cards-home")).content.decode()
    assert "LU RGD 1979 art. 3-1 à 3-4 (projet)" in home and "(RGD 1979 art." not in home
    client.force_login(User.objects.get(username="lu.direction"))
    home = client.get(reverse("cards-home")).content.decode()
    cited = re.findall(r"(.{0,14})art\. 3-[1-4]", home)
    assert cited and all(before.endswith("LU RGD 1979 ") for before in cited), cited


def test_lu_art_1_a_casino_applying_the_draft_without_a_recorded_basis_is_refused_until_it_records_one(lu, settings):
    """The Luxembourg text is a « Projet de règlement grand-ducal »: a casino applies it on a basis it records (its
    page's « base d'application du projet »), else every entry under it is refused, naming that field."""
    assert source_text(LU_TEXT).startswith("Projet de règlement grand-ducal")
    settings.DRAFT_BASIS_REQUIRED = True

    def filed():
        return orphelin_file(casino=lu.c, actor=lu.accountant_c, gaming_day=lu.c.today(), source="table",
                             amount="10.00", currency="EUR", location="Table 1")

    before = Entry.objects.count()
    with pytest.raises(DomainError) as refused:
        filed()
    assert (refused.value.field, refused.value.code) == ("draft_basis", "required")
    assert "LU RGD 1979 (projet)" in str(refused.value.message)
    assert "base d'application du projet" in str(refused.value.message)
    with translation.override("en"), pytest.raises(DomainError) as in_english:
        filed()
    assert "basis for applying the draft" in str(in_english.value.message)
    assert Entry.objects.count() == before
    assert draft_basis_missing(lu.a) == []  # Québec's registers rest on the décret in force
    casino_update(actor=lu.admin, casino=lu.c, draft_basis="Lettre du Ministère réf. 14",
                  draft_basis_since=lu.c.today())
    lu.c.refresh_from_db()
    entry = pending_countersign(pending=filed(), countersigner=lu.manager_c)
    assert Entry.objects.get(register=entry.register, seq=entry.seq - 1).kind == EntryKind.DRAFT_BASIS


def test_lu_art_1_the_demo_s_luxembourg_casinos_record_their_basis_before_their_first_entry(demo, rules, settings):
    settings.DRAFT_BASIS_REQUIRED = True
    for code in ("la-moselle", "vieux-pont"):
        casino = Casino.objects.get(code=code)
        assert casino.draft_basis and casino.draft_basis_since, code
        assert draft_basis_missing(casino) == []
    moselle = Casino.objects.get(code="la-moselle")
    for register in Register.objects.filter(casino=moselle):
        first = Entry.objects.filter(register=register).order_by("seq").first()
        if first is not None:
            assert first.kind == EntryKind.DRAFT_BASIS, register.kind


def test_qc_decret_1675_95_one_date_signed_one_date_in_force_everywhere(rules):
    """« Décret 1675-95, 20 décembre 1995 » is the decree's date; « Le présent règlement entre en vigueur la quinzième
    jour qui suit la date de sa publication » (art. 25) gives the other, the earliest the data can justify being the
    fifteenth day after the signature. One date per meaning, the same in the data, the database and the docs."""
    from games.models import LegalInstrument

    text = source_text(QC_DECRET)
    assert "Décret 1675-95, 20 décembre 1995" in text and "entre en vigueur la quinzième jour qui suit" in text
    data = yaml.safe_load((ROOT / "games/rules/instruments/qc-decret-1675-95.yaml").read_text(encoding="utf-8"))
    signed = datetime.date.fromisoformat(data["date_signed"])
    in_force = datetime.date.fromisoformat(data["effective_from"])
    assert signed == datetime.date(1995, 12, 20) and in_force == signed + datetime.timedelta(days=15)
    assert "1995-12-20" in data["effective_from_note"] and data["effective_from"] in data["effective_from_note"]
    stored = LegalInstrument.objects.get(slug="qc-decret-1675-95")
    assert (stored.date_signed, stored.effective_from) == (signed, in_force)
    readme = (ROOT / "games/rules/README.md").read_text(encoding="utf-8")
    assert f'date_signed: "{signed}"' in readme and f'effective_from: "{in_force}"' in readme
    # no third date: every ISO date of 1995–1996 written in the rule data and the docs is one of the two
    written = set()
    for path in [*(ROOT / "games/rules").rglob("*.yaml"), *(ROOT / "games/rules").rglob("*.md"),
                 *(ROOT / "docs").rglob("*.md"), ROOT / "README.md"]:
        if "sources" not in path.parts:
            written |= set(re.findall(r"\b199[56]-\d\d-\d\d\b", path.read_text(encoding="utf-8")))
    assert written <= {str(signed), str(in_force)}, written
    from games.models import RuleValueVersion

    first = (RuleValueVersion.objects.filter(article__instrument__slug="qc-decret-1675-95")
             .order_by("effective_from").values_list("effective_from", flat=True).first())
    assert first == in_force


def test_lu_21_al_1_and_97_1_the_findings_written_before_are_set_right_by_the_migration(demo, rules):
    """The findings already recorded cited « LU RGD 1979 art. 21 al. 1 (projet) » and « … art. 97-1 (projet) »: the
    migration gives them the casino's control (their entries are corrected by registers_recite)."""
    import importlib

    from django.apps import apps

    migration = importlib.import_module("compliance.reconciliation.migrations.0004_house_control_citations")
    moselle = Finding.objects.filter(reconciliation__casino__code="la-moselle")
    moselle.filter(kind__in=("non_fermee", "avance")).update(citation=migration.LU_21)
    moselle.filter(kind__in=("drop", "drop_absent")).update(citation=migration.LU_97_1)
    migration.forwards(apps, None)
    for finding in moselle.filter(kind__in=HOUSE):
        assert finding.citation == HOUSE[finding.kind], finding.kind
    assert {migration.CLOSED, migration.RESTORED, migration.DROP} == {CLOSED, RESTORED, DROP}
