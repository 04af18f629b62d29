"""`registers_audit` re-validates every entry already in the registers (issue 20): a client of the API filed for good,
into the hash-chained progressive jackpots register, statements of jackpots that do not exist, with no amount, some
dated years before the casino existed, and stops of unknown jackpots, one of them stopped six times. The chain of such
a register is intact; its content is not. The audit replays each register in sequence order with the state its
services keep and names every entry they would have refused, with the article, in French and English."""

import datetime
import json
from decimal import Decimal
from io import StringIO
from urllib.parse import urlparse

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection
from django.utils import timezone, translation

from compliance import formatting
from compliance.models import Jurisdiction
from registers.appareils.services import appareil_install
from registers.cards.ledger import card_load
from registers.cards.services import card_certificate_record, card_issue
from registers.chain import hashing
from registers.chain.audit import registers_audit
from registers.chain.services import entry_data, entry_ids, pending_countersign, register_for
from registers.kinds import REGISTER_ENTRY_KINDS, EntryKind, RegisterKind
from registers.management.audit import CHECKS
from registers.models import Entry, GamingSession, NoticeEvent
from registers.orphelins.services import orphelin_file, orphelin_return
from registers.poker.services import progressive_configure, progressive_statement
from tests.conftest import lu_today, make_user

pytestmark = pytest.mark.django_db
TODAY = lu_today

LEVELS = [{"combination": "royal_flush", "start": "500.00"}, {"combination": "straight_flush", "start": "200.00"},
          {"combination": "four_of_a_kind", "start": "50.00"}]
BLINDS = [{"table": "P1", "small_blind": "1.00", "big_blind": "2.00"},
          {"table": "P2", "small_blind": "1.00", "big_blind": "2.00"}]
# the jackpots the fuzzer named, none of them configured; two statements dated before the casino existed
STATEMENTS = [("0", None), ("Casino de la Moselle", None), ("Baccara", None), ("Jeux semi-automatiques", None),
              ("Bataille", None), ("0", None), ("Baccara", None), ("Bataille", "2000-01-01"),
              ("Casino de la Moselle", "1996-01-04")]
CONTROL = "Hold'em\x07\x1b[2J"  # a NUL cannot enter PostgreSQL's JSON: a bell and an escape did


def said(value) -> str:
    """A day (« 4 janvier 1996 ») or an amount in euros (« 10,00 € ») as the audit writes it in French."""
    with translation.override("fr"):
        jurisdiction = Jurisdiction.objects.get(code="LU")
        if isinstance(value, str):
            return formatting.money(Decimal(value), currency="EUR", jurisdiction=jurisdiction)
        return formatting.date(value, jurisdiction=jurisdiction)


def audit(*args) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("registers_audit", *args, stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


def seed(register, kind: str, payload: dict, *, actor, day=None, countersigner=None, refers_to=None) -> Entry:
    """An entry inserted as the owner role past every service check, its hash computed as entry_append computes it:
    the chain stays intact, whatever the content."""
    head = Entry.objects.filter(register=register).order_by("-seq").first()
    entry = Entry(register=register, seq=head.seq + 1 if head else 1, kind=kind, gaming_day=day or TODAY(),
                  refers_to=refers_to, payload=hashing.canonical(payload), actor=actor, countersigner=countersigner,
                  recorded_at=timezone.now(), prev_hash=head.hash if head else hashing.GENESIS)
    entry.hash = entry_data(entry).digest()
    (entry.id,) = entry_ids(register.casino_id, [entry.gaming_day])
    entry.save(force_insert=True)
    return entry


@pytest.fixture
def lu(world, rules):
    """Casino C (Luxembourg, registers in Vigie since conftest's OPENED_ON) with a cashier and a manager."""
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


@pytest.fixture
def fuzzed(lu):
    """The progressive jackpots register as the fuzzer left it: one jackpot configured and stated through the
    services, then nine statements and seven stops that no service would have filed. Returns the n° of the entries
    the audit must name, and of the ones it must let be."""
    progressive_configure(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), name="Hold'em 1-2",
                          tables=["P1", "P2"], small_blind="1.00", blinds=BLINDS, levels=LEVELS,
                          increment_kind="pourcentage", increment_value="1.00", rounding="inferieur")
    statement = progressive_statement(casino=lu.c, actor=lu.accountant_c, gaming_day=TODAY(), name="Hold'em 1-2",
                                      displayed={"1": "742.10", "2": "260.00", "3": "81.20"},
                                      increments={"P1": "12.40", "P2": "0"})
    register = statement.register
    empty = {"displayed": {}, "citation": "LU RGD 1979 art. 49-10"}
    statements = [seed(register, "jackpot.releve", {"jackpot": name, **empty}, actor=lu.accountant_c,
                       day=day and datetime.date.fromisoformat(day)) for name, day in STATEMENTS]
    stop = {"voluntary": False, "reason": "panne", "minister_notified_on": None, "citation": "LU RGD 1979 art. 49-11"}
    control = seed(register, "jackpot.arret", {"jackpot": CONTROL, **stop}, actor=lu.manager_c)
    stops = [seed(register, "jackpot.arret", {"jackpot": "Hold'em 1-2", **stop}, actor=lu.manager_c) for _ in range(6)]
    lu.register = register
    lu.statements, lu.control, lu.stops = statements, control, stops
    lu.valid = [1, statement.seq, stops[0].seq]
    return lu


def line_of(out: str, register: str, seq: int) -> str:
    found = [line for line in out.splitlines() if line.startswith(f"{register} n° {seq} (")]
    assert len(found) == 1, (seq, out)
    return found[0]


# --- the demo ----------------------------------------------------------------------------------------------------


def test_the_demo_registers_pass_the_audit(demo, rules):
    code, out = audit()
    assert code == 0, out
    assert len(out.strip().splitlines()) == 1  # nothing but the summary
    summary = json.loads(audit("--json")[1])
    audited = {row["register"]: row["entries"] for row in summary["registers"]}
    # every register at La Moselle; the other demo casinos keep the registers their signed reports cover, and their
    # tables' books
    tables = {f"{casino}/{kind}" for casino in ("lac-bleu", "les-rochers") for kind in ("avances", "carnets_speciaux")}
    # Keno only in Québec (RJC art. 86); the playing-card stock where LU and MC keep one (registers/decks/demo.py)
    expected = {f"la-moselle/{kind}" for kind in REGISTER_ENTRY_KINDS if kind != "keno"} | {
        "lac-bleu/cagnotte", "les-rochers/jackpots", "lac-bleu/keno", "les-rochers/jeux_de_cartes"}
    expected |= tables | {f"{casino}/approbations" for casino in ("lac-bleu", "les-rochers")}  # their requests
    expected |= {f"{casino}/tournois" for casino in ("lac-bleu", "les-rochers")}  # registers/tournaments/demo.py
    # Vieux-Pont, generated then last year archived: its entries of that year replayed first, not checked again
    expected |= {f"vieux-pont/{kind}" for kind in ("appareils", "avances", "cagnotte", "carnets_speciaux", "cartes")}
    expected.add("vieux-pont/direction")  # generated for the direction's pages (registers/direction/scale.py), kept
    # and each casino's notices, audited as one more book beside the chain (registers/notices/demo.py)
    notices = {f"{casino}/avis" for casino in NoticeEvent.objects.values_list("casino__code", flat=True)}
    assert {"la-moselle/avis", "lac-bleu/avis"} <= notices
    expected |= notices
    archived = {row["register"]: row["archived"] for row in summary["registers"]}
    assert set(audited) == expected and all(audited[name] + archived[name] for name in expected)
    assert {name for name, count in archived.items() if count} == {name for name in expected - notices
                                                                    if "vieux-pont" in name} - {"vieux-pont/direction"}
    assert summary["invalid"] == 0 and summary["entries"] == sum(audited.values()) > 50
    assert out.strip() == (f"{len(audited)} registres audités, {summary['entries']} écritures, 0 invalides ; "
                           f"{sum(archived.values())} écritures d'années archivées rejouées, non recontrôlées")


# --- what the fuzzer filed -----------------------------------------------------------------------------------------


def test_the_fuzzed_chain_is_intact_but_the_audit_names_each_entry_no_service_would_have_filed(fuzzed):
    verified = StringIO()
    call_command("registers_verify", "--register", "jackpot_progressif", stdout=verified)
    assert "— intègre" in verified.getvalue()  # the chain is intact: the content is what is wrong
    code, out = audit()
    assert code == 1
    register = "casino-c/jackpot_progressif"
    for (name, day), entry in zip(STATEMENTS, fuzzed.statements, strict=True):
        line = line_of(out, register, entry.seq)
        # the draft's rule values are in force from 2015: on the days before, which the fuzzer chose, no article
        # applies, so the audit cites Vigie and names the rule value missing that day
        jackpot_rule, statement_rule = (("LU RGD 1979 art. 49-9 (projet)", "LU RGD 1979 art. 49-10 al. 5 (projet)")
                                        if day is None else ("Vigie", "Vigie"))
        assert f"Aucun jackpot « {name} » n'est configuré dans ce registre" in line
        assert f"No jackpot “{name}” is configured in this register before this entry. [{jackpot_rule}]" in line, line
        assert "Le relevé n'indique aucun montant affiché. / The statement shows no displayed amount. " \
               f"[{statement_rule}]" in line, line
        shown = day and said(datetime.date.fromisoformat(day))
        assert (f"Journée de jeu du {shown} antérieure au premier jour des registres du casino dans Vigie" in line) is \
            (day is not None)
        assert (f"Aucune valeur de la règle lu.jackpot_progressif.increments_par_table n'est en vigueur le {shown} "
                in line) is (day is not None)
    control = line_of(out, register, fuzzed.control.seq)
    assert "Aucun jackpot « Hold'em\\u0007\\u001b[2J » n'est configuré" in control
    assert "jackpot : Caractère de contrôle ou non imprimable (U+0007)" in control and "[Vigie]" in control
    assert "\x07" not in out and "\x1b" not in out  # the audit never prints what it found
    for stop in fuzzed.stops[1:]:
        assert (f"Le jackpot « Hold'em 1-2 » est déjà arrêté depuis l'écriture n° {fuzzed.stops[0].seq} : il ne "
                "s'arrête qu'une fois.") in line_of(out, register, stop.seq)
        assert "[LU RGD 1979 art. 49-11 (projet)]" in line_of(out, register, stop.seq)
    for seq in fuzzed.valid:
        assert f"{register} n° {seq} (" not in out
    assert out.splitlines()[-1] == "1 registre audité, 18 écritures, 15 invalides"


def test_a_correction_sets_an_invalid_entry_aside_and_is_checked_itself(fuzzed):
    wrong = fuzzed.stops[1]
    correction = seed(fuzzed.register, "correction", {"corrects": wrong.seq, "kind": "jackpot.arret",
                                                      "reason": "arrêt en double", "citation": "art. 18-15"},
                      actor=fuzzed.manager_c, countersigner=fuzzed.accountant_c, refers_to=wrong)
    by_a_cashier = seed(fuzzed.register, "correction", {"corrects": fuzzed.stops[2].seq, "kind": "jackpot.arret",
                                                        "reason": "double", "citation": "LU RGD 1979 art. 18-15"},
                        actor=fuzzed.accountant_c, countersigner=fuzzed.manager_c, refers_to=fuzzed.stops[2])
    code, out = audit("--register", "jackpot_progressif")
    register = "casino-c/jackpot_progressif"
    assert code == 1 and f"{register} n° {correction.seq} (" not in out
    assert line_of(out, register, wrong.seq).endswith(
        f"— corrigée par l'écriture n° {correction.seq} / corrected by entry {correction.seq}")
    assert "réservée au rôle « Direction »" in line_of(out, register, by_a_cashier.seq)
    assert out.splitlines()[-1] == "1 registre audité, 20 écritures, 14 invalides, 2 corrigées"


# --- one invalid entry in each other family --------------------------------------------------------------------


@pytest.fixture
def families(lu):
    """In each other register of casino C, entries filed through the services, then one that none would file."""
    c, cashier, manager = lu.c, lu.accountant_c, lu.manager_c
    wrong = {}
    orphan = pending_countersign(pending=orphelin_file(
        casino=c, actor=cashier, gaming_day=TODAY(), source="table", amount="150.00", currency="EUR",
        location="Table 2"), countersigner=manager)
    returned = orphelin_return(entry=orphan, actor=cashier, gaming_day=TODAY(), owner_name="Marie Weber",
                               owner_document="LU-1980050112", right_established=True)
    back = {"owner_name": "X", "owner_document": "Y", "right_established": True, "evidence": "", "citation": "art. 8"}
    wrong["orphelins"] = [(seed(returned.register, "orphelin.restitution", back, actor=cashier, refers_to=returned),
                           "L'écriture ne se rapporte à aucun orphelin enregistré de ce registre."),
                          (seed(returned.register, "orphelin.restitution", back, actor=cashier, refers_to=orphan),
                           f"L'orphelin n° {orphan.seq} n'est plus en attente")]
    install = appareil_install(casino=c, actor=cashier, gaming_day=TODAY(), machine="LM-001", manufacturer="Novomatic",
                               certificate="CE-1", condition="neuf")
    moved = {"machine": "LM-001", "event": "hors_service", "label": "mis hors service", "notice_seq": None}
    wrong["appareils"] = [(seed(install.register, "appareil.mouvement", moved, actor=manager),
                           "Aucun avis écrit au Ministre n'est enregistré avant ce changement")]
    jackpots = register_for(casino=c, kind="jackpots")
    paid = {"machine": "LM-001", "amount": "450.50", "currency": "EUR", "receipt": "Q-1", "receipt_in_cabinet": False,
            "card_excess": 99}
    wrong["jackpots"] = [(seed(jackpots, "jackpot.paiement_manuel", paid, actor=cashier),
                          "Cette écriture doit être contresignée par une seconde personne")]
    counted = {"table": "Poker 2", "house": "812.50", "bad_beat": "87.50", "box_count": "900.00",
               "difference": "10.00", "currency": "EUR", "reconcile_key": f"Poker 2|{TODAY().isoformat()}"}
    wrong["cagnotte"] = [(seed(register_for(casino=c, kind="cagnotte"), "cagnotte.comptage", counted, actor=cashier,
                               countersigner=manager),
                          f"L'écart inscrit, {said('10.00')}, n'est pas le comptage moins")]
    beaten = {"table": "P1", "loser": "Luc", "loser_cards": "6c 6d", "winner_cards": "8h 9h", "board": "6h 6s Th Jh 2c",
              "pot": "150.00", "amount": "100.00", "currency": "EUR", "restart_at": "0.00",
              "vouchers": [{"player": "Luc", "amount": "75.00"}, {"player": "Ana", "amount": "25.00"}]}
    wrong["bad_beat"] = [(seed(register_for(casino=c, kind="bad_beat"), "jackpot.gain", beaten, actor=cashier,
                               countersigner=manager), "Main non qualifiante pour le bad beat jackpot")]
    card_certificate_record(casino=c, actor=manager, supplier="Fournisseur", reference="CERT-1", issued_on=TODAY())
    card = card_issue(casino=c, actor=manager, kind="journaliere", gaming_day=TODAY())
    loaded = card_load(card=card, actor=cashier, amount="100.00", desk="Caisse 1", gaming_day=TODAY())
    bet = {"card": card.number, "amount": "500.00", "machine": "LM-001",
           "movements": [{"card": card.number, "delta": "-500.00", "balance_after": "-400.00"}]}
    count = {"desk": "Caisse 1", "moment": "cloture", "cash": "10.00", "tokens": "0.00", "currency": "USD"}
    wrong["cartes"] = [(seed(loaded.register, "carte.mise", bet, actor=cashier),
                        f"Solde insuffisant sur la carte « {card.number} » : {said('500.00')} demandés, "
                        f"{said('100.00')} sur la carte."),
                       (seed(loaded.register, "caisse.comptage", count, actor=cashier),
                        "currency : La devise de ce casino est EUR, pas USD.")]
    lu.wrong = wrong
    return lu


def test_each_family_s_rules_are_checked_on_what_is_already_filed(families):
    code, out = audit()
    assert code == 1
    for register, entries in families.wrong.items():
        for entry, problem in entries:
            assert problem in line_of(out, f"casino-c/{register}", entry.seq), (register, problem)
    jackpot = line_of(out, "casino-c/jackpots", families.wrong["jackpots"][0][0].seq)
    assert "Aucun gain au-delà du plafond n° 99 n'est enregistré au registre des cartes" in jackpot  # the cards' part
    assert "[LU RGD 1979 art. 18-10 al. 4 (projet)]" in jackpot
    # the part past the card's cap is paid by hand under art. 18-10 al. 3 (« pour les montants qui ne dépassent pas le
    # maximum prévu pour ces cartes »), not al. 4, the receipt's cabinet
    assert "[LU RGD 1979 art. 3-4 7) (projet) ; LU RGD 1979 art. 18-10 al. 3 (projet)]" in jackpot
    invalid = sum(len(entries) for entries in families.wrong.values())
    assert out.splitlines()[-1].endswith(f"écritures, {invalid} invalides")
    assert len(out.splitlines()) == invalid + 1  # what the services filed is valid


def test_a_day_closed_or_to_come_and_a_person_of_another_casino(lu):
    register = register_for(casino=lu.c, kind="cagnotte")
    counted = {"table": "Poker 2", "house": "1.00", "bad_beat": "0.00", "box_count": "1.00", "difference": "0.00",
               "currency": "EUR", "reconcile_key": f"Poker 2|{TODAY().isoformat()}"}
    GamingSession.objects.create(casino=lu.c, gaming_day=TODAY(), closed_at=timezone.now(), closed_by=lu.manager_c)
    closed = seed(register, "cagnotte.comptage", counted, actor=lu.accountant_c, countersigner=lu.manager_c)
    later = TODAY() + datetime.timedelta(days=2)
    future = seed(register, "cagnotte.comptage", {**counted, "reconcile_key": f"Poker 2|{later.isoformat()}"},
                  actor=lu.accountant_c, countersigner=lu.accountant_a, day=later)
    code, out = audit("--register", "cagnotte")
    assert code == 1
    assert "déjà close le" in line_of(out, "casino-c/cagnotte", closed.seq)
    line = line_of(out, "casino-c/cagnotte", future.seq)
    assert f"Journée de jeu du {said(later)} postérieure au jour de l'enregistrement" in line
    assert "compta.a n'est pas un membre du personnel de ce casino" in line
    assert "La contresignature exige le rôle « Direction »" in line



def test_a_payload_no_service_would_write_is_named_whatever_its_kind_and_never_stops_the_audit(lu):
    seeded = []
    for register_kind, kind in CHECKS:
        register = register_for(casino=lu.c, kind=register_kind)
        seeded.append(seed(register, kind, {"x": [1], "amount": {"a": 1}, "jackpot": ["?"]}, actor=lu.accountant_c))
    orphelins = register_for(casino=lu.c, kind="orphelins")
    listed = seed(orphelins, "orphelin.enregistrement", ["not", "an", "object"], actor=lu.accountant_c)
    stray = seed(orphelins, "carte.mise", {"card": "X"}, actor=lu.accountant_c)
    code, out = audit()
    assert code == 1 and out.splitlines()[-1].endswith(f", {len(seeded) + 2} invalides")
    for entry in seeded:
        assert line_of(out, entry.register.label, entry.seq)
    assert "Le contenu de l'écriture n'est pas un objet JSON." in line_of(out, "casino-c/orphelins", listed.seq)
    with translation.override("fr"):
        kind, register = EntryKind("carte.mise").label, RegisterKind.ORPHELINS.label
    assert f"Une écriture « {kind} » n'a pas sa place dans le registre « {register} »" in \
        line_of(out, "casino-c/orphelins", stray.seq)

# --- the command -----------------------------------------------------------------------------------------------------


def test_json_gives_every_register_and_each_problem_in_french_and_english_with_its_article(fuzzed):
    code, out = audit("--json")
    document = json.loads(out)
    assert code == 1 and document["invalid"] == 15 and document["entries"] == 18
    assert document["registers"] == [{"register": "casino-c/jackpot_progressif", "entries": 18, "invalid": 15,
                                      "archived": 0}]
    first = document["findings"][0]
    assert (first["register"], first["seq"], first["kind"], first["corrected_by"]) == \
        ("casino-c/jackpot_progressif", fuzzed.statements[0].seq, "jackpot.releve", None)
    assert {"fr": "Aucun jackpot « 0 » n'est configuré dans ce registre avant cette écriture.",
            "en": "No jackpot “0” is configured in this register before this entry.",
            "citation": "LU RGD 1979 art. 49-9 (projet)"} in first["problems"]
    dated = next(f for f in document["findings"] if f["seq"] == fuzzed.statements[-1].seq)
    assert dated["gaming_day"] == "1996-01-04"


def test_casino_and_register_filters(fuzzed, families):
    code, out = audit("--casino", "casino-c", "--register", "jackpot_progressif")
    assert code == 1 and out.splitlines()[-1] == "1 registre audité, 18 écritures, 15 invalides"
    assert all(line.startswith("casino-c/jackpot_progressif ") for line in out.splitlines()[:-1])
    code, out = audit("--register", "orphelins", "--json")
    assert code == 1 and [r["register"] for r in json.loads(out)["registers"]] == ["casino-c/orphelins"]
    code, out = audit("--casino", "casino-a")
    assert (code, out) == (0, "0 registres audités, 0 écritures, 0 invalides\n")
    for unknown in (("--casino", "nulle-part"), ("--register", "roulette")):
        with pytest.raises(CommandError):
            call_command("registers_audit", *unknown, stdout=StringIO())


def test_every_kind_of_every_register_has_its_checks():
    assert set(CHECKS) == {(register, kind) for register, kinds in REGISTER_ENTRY_KINDS.items() for kind in kinds}


# --- read-only -----------------------------------------------------------------------------------------------------


def test_the_audit_reads_in_a_read_only_transaction(fuzzed):
    def writes(replay, entry):
        GamingSession.objects.create(casino=fuzzed.c, gaming_day=TODAY(), closed_at=timezone.now(),
                                     closed_by=fuzzed.manager_c)
        return []

    with pytest.raises(DatabaseError, match="read-only transaction"):
        registers_audit(checkers={("jackpot_progressif", "jackpot.releve"): (writes,)})
    assert not GamingSession.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_the_application_role_runs_it(world_tx, rules):
    manager = make_user("direction.c", "manager", casino=world_tx.c)
    progressive_configure(casino=world_tx.c, actor=manager, gaming_day=TODAY(), name="Hold'em 1-2", tables=["P1"],
                          small_blind="1.00", blinds=BLINDS[:1], levels=LEVELS, increment_kind="fixe",
                          increment_value="0.50", rounding="inferieur")
    register = register_for(casino=world_tx.c, kind="jackpot_progressif")
    seed(register, "jackpot.releve", {"jackpot": "Baccara", "displayed": {}}, actor=world_tx.accountant_c)
    assert settings.DATABASE_APP_URL, "scripts/test gives the application role's URL"
    app, saved = urlparse(settings.DATABASE_APP_URL), dict(connection.settings_dict)
    connection.close()
    connection.settings_dict.update(USER=app.username, PASSWORD=app.password)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user")
            assert cursor.fetchone()[0] == app.username
        code, out = audit()
    finally:
        connection.close()
        connection.settings_dict.update(saved)
    assert code == 1 and out.splitlines()[-1] == "1 registre audité, 2 écritures, 1 invalide"
