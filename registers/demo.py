"""The demo's registers at Casino de la Moselle (LU), every entry through the services: the orphelins, the slot
machines, a hand-paid jackpot, a cagnotte count, the poker progressive and bad-beat jackpots, and the electronic
gaming cards (LU RGD 1979 art. 3-1 to 3-4): the system's certificate, identified clients, nominative and day
cards, a week of loads, slot bets and wins (one past the cap, paid by hand and filed in the hand-paid jackpots
register, another today still to pay; some through the slot system's API service), payouts, a transfer, points, an
adjustment, a blocked card, found cards going to the orphelins, yesterday's day cards expired, the cash desks' counts.
Every head is signed. Each demo casino's table games: a month of sessions and slips, with a few variances planted
(registers/tables/demo.py)."""

from datetime import date, timedelta
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone

from compliance.models import Casino, User
from compliance.services import system_user


def demo_load() -> list[str]:
    return (_orphelins_demo() + _other_registers_demo() + _cards_demo() + _elsewhere_demo() + _tables_demo()
            + _arretes_demo() + _keno_demo()
            + _poker_room_demo() + _waiting_list_demo()
            + _admissions_demo()
            + _bad_beat_demo() + _archived_demo() + _house_lists_demo() + _house_rules_demo()
            + _tables_after_house_rules_demo() + _decks_demo() + _notices_demo()
            + _direction_demo())


def _admissions_demo() -> list[str]:
    """La Moselle's admission policy, exclusion and cards, one person refused as excluded (admissions/demo.py)."""
    from .admissions.demo import admissions_demo

    return admissions_demo()


def _direction_demo() -> list[str]:
    """La Moselle's committee, duty log and designations, once every session is open (direction/demo.py)."""
    from .direction.demo import direction_demo

    return direction_demo()


def _notices_demo() -> list[str]:
    """The notices each demo casino's texts require, posted by its management (notices/demo.py)."""
    from .notices.demo import notices_demo

    return notices_demo()


def _keno_demo() -> list[str]:
    """Lac-Bleu's Keno: tickets paid in time, one refused late, one won and waiting (keno/demo.py)."""
    from .keno.demo import keno_demo

    return keno_demo()


def _decks_demo() -> list[str]:
    """The playing-card stock once today's tables and poker séances are open (decks/demo.py)."""
    from .decks.demo import decks_after_opening

    return decks_after_opening()


def _arretes_demo() -> list[str]:
    """La Moselle's values fixed by arrêté du Ministre, two arrêtés apart (arretes/demo.py)."""
    from .arretes.demo import arretes_demo

    return arretes_demo()


def _house_rules_demo() -> list[str]:
    """La Moselle's règlement intérieur, a second and a third version (poker/house_rules_demo.py)."""
    from .poker.house_rules_demo import house_rules_demo

    return house_rules_demo()


def _tables_after_house_rules_demo() -> list[str]:
    """Today's Bataille with its mise « égalité », which the règlement intérieur in force offers (tables/demo.py)."""
    from .tables.demo import TABLES, tables_after_house_rules

    return [line for code in TABLES for line in tables_after_house_rules(code)]


def _bad_beat_demo() -> list[str]:
    """La Moselle's bad-beat jackpot as an account, over the poker room's week (poker/demo.py)."""
    from .poker.demo import bad_beat_account_demo

    return bad_beat_account_demo()


EURO = {"jeton": ("1", "5", "25", "100", "500", "1000"), "billet": ("5", "10", "20", "50", "100", "200", "500")}
DOLLAR = {"jeton": ("1", "5", "25", "100", "500", "1000"), "billet": ("5", "10", "20", "50", "100")}
# The lists each demo casino's management keeps, with the names the demo's entries give its desks and poker tables
# (the cards' loads and counts above, registers/poker_room/demo.py ROOMS, the cagnotte counts) and the chips its
# tables count (registers/tables/demo.py CHIPS) among those of its currency.
HOUSE_LISTS = {
    "la-moselle": {"caisse": ("Caisse 1", "Caisse 2"), "denominations": EURO, "table_poker": (
        ("TH-1", "Texas hold'em no limit"), ("OM-1", "Omaha pot limit"), ("Poker 1", "Texas hold'em"),
        ("Poker 2", "Texas hold'em"))},
    "lac-bleu": {"caisse": (), "denominations": DOLLAR, "table_poker": (
        ("SP-1", "Texas hold'em no limit"), ("SP-2", "Omaha high-low pot limit"), ("Poker 1", "Texas hold'em"),
        ("Poker 2", "Texas hold'em"))},
    "les-rochers": {"caisse": (), "denominations": EURO, "table_poker": ()},
}


def _house_lists_demo() -> list[str]:
    """Each demo casino's desks, poker tables and chips and banknotes, put in its lists by its management; Vieux-Pont's
    desks are those its generated years name (registers/scale/cards.py)."""
    from .house_lists.services import denomination_add, station_add
    from .models import Station
    from .scale.cards import DESKS

    lists = {**HOUSE_LISTS, "vieux-pont": {"caisse": DESKS, "denominations": EURO, "table_poker": ()}}
    done = []
    for code, kept in lists.items():
        casino = Casino.objects.filter(code=code).first()
        manager = casino and casino.users.filter(role=User.Role.MANAGER).order_by("pk").first()
        if manager is None or Station.objects.filter(casino=casino).exists() or casino.denominations.exists():
            continue
        with transaction.atomic():
            for name in kept["caisse"]:
                station_add(casino=casino, actor=manager, kind="caisse", name=name)
            for name, game in kept["table_poker"]:
                station_add(casino=casino, actor=manager, kind="table_poker", name=name, game=game)
            for kind, values in kept["denominations"].items():
                for value in values:
                    denomination_add(casino=casino, actor=manager, value=value, kind=kind)
        done.append(f"lists of {code}: {len(kept['caisse'])} desks, {len(kept['table_poker'])} poker tables, "
                    f"{sum(len(values) for values in kept['denominations'].values())} chips and banknotes")
    return done


def _archived_demo() -> list[str]:
    """Casino du Vieux-Pont (LU): its last days of last year and, where the year has begun, the first of this one,
    generated as the scale benchmark generates a casino (a hundredth of its volumes), then last year archived by the
    platform's administrator: its registers' pages open that year read-only and export it, and every chain still
    verifies from its first entry. A reconciliation of its last day, asked before the archive, fails in the worker
    after it: the platform's administrator's failed job."""
    from compliance.demo import ARCHIVED, DEMO_PASSWORD

    from .archive.services import year_archive
    from .scale.services import casino_generate

    if Casino.objects.filter(code=ARCHIVED["code"]).exists():
        return []
    today = timezone.localdate()
    until = min(date(today.year, 1, 3), today - timedelta(days=1))
    casino_generate(code=ARCHIVED["code"], name=ARCHIVED["name"], span=(until - date(today.year - 1, 12, 28)).days + 1,
                    density=0.01, seed=7, until=until, password=DEMO_PASSWORD, regulator=None,
                    progress=lambda line: None)
    casino = Casino.objects.get(code=ARCHIVED["code"])
    waiting = _reconciliation_asked(casino, date(today.year - 1, 12, 31))
    year_archive(casino=casino, year=today.year - 1, actor=User.objects.get(username="admin"))
    return [f"casino {casino.code}, its year {today.year - 1} archived", *_overtaken(waiting)]


def _reconciliation_asked(casino: Casino, day: date):
    """The reconciliation of the year's last day, asked by the casino's accountant as the jobs API asks one (its day
    checked then, and valid): the job the archive overtakes below."""
    from compliance.models import JobRun
    from compliance.services import job_enqueue

    accountant = casino.users.filter(role=User.Role.ACCOUNTANT).order_by("pk").first()
    return job_enqueue(kind=JobRun.Kind.RECONCILIATION, casino=casino, requested_by=accountant,
                       parameters={"gaming_day": day})


def _overtaken(job) -> list[str]:
    """The worker's run of a job whose day's year was archived while it waited (run here, as the worker would): it
    fails, and the platform's administrator finds it on their « À faire » home."""
    from compliance.errors import DomainError
    from compliance.services import job_execute

    try:
        job_execute(job_id=str(job.pk), worker="demo")
    except DomainError:  # the year archived: job_execute recorded the failure
        return [f"a reconciliation of {job.casino.code} failed, its year archived while it waited"]
    return []


def _poker_room_demo() -> list[str]:
    """A week of each poker room's deals, with its registers and a few planted faults (poker_room/demo.py)."""
    from .poker_room.demo import ROOMS, poker_room_demo

    return [line for code in ROOMS for line in poker_room_demo(code)]


def _waiting_list_demo() -> list[str]:
    """La Moselle's waiting list and its seats drawn at random on the room's latest day (poker_room/waiting/demo.py)."""
    from .poker_room.waiting.demo import waiting_list_demo

    return waiting_list_demo()


def _tables_demo() -> list[str]:
    """Each demo casino's table games: a month taken over from its table system, today's tables open."""
    from .tables.demo import TABLES, tables_demo

    return [line for code in TABLES for line in tables_demo(code)]


def _elsewhere_demo() -> list[str]:
    """The registers that need no jurisdiction's rule (registers/kinds.py RULE_OF_KIND) at the other two casinos,
    filed yesterday and countersigned, so that each casino closes a day and signs its reports: Lac-Bleu's poker room
    counts its cagnotte (QC RJC art. 67.108), Les Rochers pays a jackpot by hand."""
    from .appareils.jackpots import jackpot_manual_payout_file
    from .chain.services import pending_countersign
    from .models import Entry
    from .poker.services import cagnotte_file

    created = []
    for code, prefix, file in (
        ("lac-bleu", "qc", lambda casino, cashier, day: [
            cagnotte_file(casino=casino, actor=cashier, gaming_day=day, table=table, house=house, bad_beat="0.00",
                          box_count=house, currency=casino.currency)
            for table, house in (("Poker 1", "644.00"), ("Poker 2", "391.50"))]),
        ("les-rochers", "mc", lambda casino, cashier, day: [
            jackpot_manual_payout_file(casino=casino, actor=cashier, gaming_day=day, machine="RO-112",
                                       amount="12800.00", currency=casino.currency, receipt_number="R-2026-0317",
                                       receipt_in_cabinet=True)]),
    ):
        casino = Casino.objects.select_related("jurisdiction").get(code=code)
        if Entry.objects.filter(register__casino=casino).exists():
            continue
        cashier, manager = User.objects.get(username=f"{prefix}.caissier"), User.objects.get(
            username=f"{prefix}.direction")
        with transaction.atomic(), timezone.override(ZoneInfo(casino.jurisdiction.timezone)):
            for pending in file(casino, cashier, timezone.localdate() - timedelta(days=1)):
                pending_countersign(pending=pending, countersigner=manager)
        created.append(f"registers of {code}")
    return created


ORPHELINS_DEMO = (
    # days before today, source, amount, location, description, why it is filed late (past the casino's delay)
    (6, "table", "150.00", "Table de roulette anglaise n° 2", "Plaque de 100 € et deux jetons de 25 €", ""),
    (9, "credits_appareil", "37.40", "Appareil à sous n° 118, salle des machines", "Crédits laissés au compteur",
     "Fiche de l'agent de salle retrouvée au contrôle de la caisse, neuf jours après"),
    (0, "pieces_tokens", "12.00", "Allée entre les rangées C et D", "Pièces ramassées au sol", ""),
)


def _orphelins_demo() -> list[str]:
    """La Moselle's orphelins register: three found sums filed by the cashier, the two oldest (one filed late,
    with its reason) countersigned by the management, the one past its return period made definitive, the head
    signed."""
    from .chain.services import checkpoint_create, pending_countersign, register_for
    from .kinds import RegisterKind
    from .models import Entry
    from .orphelins.services import orphelin_file, orphelins_finalize

    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")
    register = register_for(casino=casino, kind=RegisterKind.ORPHELINS)
    if Entry.objects.filter(register=register).exists():
        return []
    cashier, manager = User.objects.get(username="lu.caissier"), User.objects.get(username="lu.direction")
    with transaction.atomic(), timezone.override(ZoneInfo(casino.jurisdiction.timezone)):  # the casino's day
        today = timezone.localdate()
        filed = [
            orphelin_file(casino=casino, actor=cashier, gaming_day=today - timedelta(days=days), source=source,
                          amount=amount, currency=casino.currency, location=location, description=description,
                          late_reason=late)
            for days, source, amount, location, description, late in ORPHELINS_DEMO
        ]
        for pending in filed[:2]:
            pending_countersign(pending=pending, countersigner=manager)
        orphelins_finalize(casino=casino, actor=system_user(), gaming_day=today)  # what the hourly job does
        checkpoint_create(register=register, user=manager)
    return [f"orphelins register of {casino.code}"]


def _other_registers_demo() -> list[str]:
    """La Moselle's other registers, each entry through its service: eight slot machines (one put out of
    service after its notice to the Minister), a hand-paid jackpot, a cagnotte count (and the same count filed
    again under the wrong table, set aside by a countersigned correction), a poker progressive
    jackpot with its end-of-session statement; every head then signed."""
    from .appareils import demo as older
    from .appareils.jackpots import jackpot_manual_payout_file
    from .appareils.services import appareil_install, appareil_move, appareil_notice
    from .chain.services import checkpoint_create, entry_correct, pending_countersign, register_for
    from .kinds import RegisterKind
    from .models import Entry, Register
    from .poker.services import (
        cagnotte_file,
        house_rules_record,
        progressive_configure,
        progressive_statement,
    )

    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")
    if Entry.objects.filter(register=register_for(casino=casino, kind=RegisterKind.APPAREILS)).exists():
        return []
    cashier, manager = User.objects.get(username="lu.caissier"), User.objects.get(username="lu.direction")
    with transaction.atomic(), timezone.override(ZoneInfo(casino.jurisdiction.timezone)):
        today = timezone.localdate()
        for number in range(1, 9):
            if f"LM-{number:03}" in older.OLDER:  # entered before Vigie asked the condition (art. 17 al. 2 5°)
                older.older_install(casino=casino, actor=cashier, gaming_day=today - timedelta(days=7),
                                    machine=f"LM-{number:03}", manufacturer="Novomatic",
                                    certificate=f"CE-LU-2026-{number:03}")
                continue
            appareil_install(casino=casino, actor=cashier, gaming_day=today - timedelta(days=7),
                             machine=f"LM-{number:03}",
                             manufacturer="Novomatic", certificate=f"CE-LU-2026-{number:03}",
                             server_based=number == 8, games=["Book of Ra", "Lucky Lady"] if number == 8 else (),
                             certified_games=["Book of Ra", "Lucky Lady"] if number == 8 else (), condition="neuf")
        older.conditions_demo(casino, manager)  # one older machine's condition recorded, the other left to record
        appareil_notice(casino=casino, actor=manager, gaming_day=today, machine="LM-003", event="hors_service",
                        effective=today, reference="Lettre au Ministre des Finances n° 2026-114",
                        sent_on=today - timedelta(days=3))
        appareil_move(casino=casino, actor=manager, gaming_day=today, machine="LM-003", event="hors_service")
        signed = [
            jackpot_manual_payout_file(casino=casino, actor=cashier, gaming_day=today, machine="LM-005",
                                       amount="4250.00", currency="EUR", receipt_number="Q-2026-0042",
                                       receipt_in_cabinet=True),
            cagnotte_file(casino=casino, actor=cashier, gaming_day=today, table="Poker 2", house="812.50",
                          bad_beat="87.50", box_count="900.00", currency="EUR"),
        ]
        # the house rules of its poker room, in force from the first day of the poker room's demo week
        week_ago = today - timedelta(days=7)
        house_rules_record(casino=casino, actor=manager, gaming_day=week_ago, effective_from=week_ago,
                           progressive_pots="pot_entier", progressive_rounding="inferieur", bad_beat_pots="prorata",
                           bad_beat_rounding="inferieur", bad_beat_minimum_pot="100.00", bad_beat_restart="zero",
                           no_flop_no_drop=False, rake_per_pot=True, straddle=False,  # the room's rake terms
                           recave_maximum="2000.00")  # art. 49-1: the demo's imported deals plant a recave above it
        progressive_configure(casino=casino, actor=manager, gaming_day=today, name="Hold'em 1-2",
                              tables=["Poker 1", "Poker 2"], small_blind="1.00",
                              levels=[{"combination": "royal_flush", "start": "500.00"},
                                      {"combination": "straight_flush", "start": "200.00"},
                                      {"combination": "four_of_a_kind", "start": "50.00"}],
                              increment_kind="pourcentage", increment_value="1.00", rounding="inferieur",
                              blinds=[{"table": table, "small_blind": "1.00", "big_blind": "2.00"}
                                      for table in ("Poker 1", "Poker 2")])
        progressive_statement(casino=casino, actor=cashier, gaming_day=today, name="Hold'em 1-2",
                              displayed={"1": "742.10", "2": "260.00", "3": "81.20"},
                              increments={"Poker 1": "7.42", "Poker 2": "3.18"})
        # the bad beat's wins are its account's, after its opening (poker/demo.py)
        for pending in signed:
            pending_countersign(pending=pending, countersigner=manager)
        # the same count filed again under the wrong table, then set aside by the direction's correction
        twice = pending_countersign(pending=cagnotte_file(
            casino=casino, actor=cashier, gaming_day=today, table="Poker 3", house="812.50", bad_beat="87.50",
            box_count="900.00", currency="EUR"), countersigner=manager)
        correction = entry_correct(entry=twice, actor=manager, reason="Le comptage de la table Poker 2, saisi une "
                                   "seconde fois sous « Poker 3 » (il n'y a pas eu de partie à cette table)")
        pending_countersign(pending=correction, countersigner=cashier)
        for register in Register.objects.filter(casino=casino).exclude(kind=RegisterKind.ORPHELINS):
            checkpoint_create(register=register, user=manager)
    return [f"slot machine, jackpot, cagnotte and poker jackpot registers of {casino.code}"]


CLIENTS = (
    # last name, first name, birth date, document type, number
    ("Weber", "Marie", date(1980, 5, 1), "Carte d'identité luxembourgeoise", "LU-1980050112"),
    ("Klein", "Tom", date(1975, 3, 3), "Passeport", "P-FR-19AB48812"),
    ("Muller", "Sophie", date(1992, 11, 20), "Carte d'identité luxembourgeoise", "LU-1992112034"),
)


def _cards_demo() -> list[str]:
    from .appareils.jackpots import jackpot_manual_payout_file
    from .cards import ledger
    from .cards.caisse.services import desk_count_file
    from .cards.services import (
        card_certificate_record,
        card_found,
        card_issue,
        card_status_change,
        cards_expire_due,
        cards_found_orphaned_due,
        client_register,
    )
    from .cards.slot_system.services import slot_batch, slot_credit, slot_debit, slot_system_register
    from .chain.services import checkpoint_create, pending_countersign, register_for
    from .kinds import RegisterKind
    from .models import CardSystemCertificate

    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")
    if CardSystemCertificate.objects.filter(casino=casino).exists():
        return []
    cashier, manager = User.objects.get(username="lu.caissier"), User.objects.get(username="lu.direction")
    with transaction.atomic(), timezone.override(ZoneInfo(casino.jurisdiction.timezone)):
        today = timezone.localdate()
        week = today - timedelta(days=7)  # the casino's filing delay: a card operation is never filed later
        card_certificate_record(casino=casino, actor=manager, supplier="Systèmes de Cartes Moselle S.à r.l.",
                                reference="CERT-SCM-2026-014", issued_on=today - timedelta(days=60))
        weber, klein, muller = (
            client_register(casino=casino, actor=manager, last_name=last, first_name=first, birth_date=born,
                            id_document_type=doc, id_document_number=number)
            for last, first, born, doc, number in CLIENTS)

        def issue(kind, client=None, day=week):
            return card_issue(casino=casino, actor=manager, kind=kind, client=client, gaming_day=day)

        weber_1, weber_2 = issue("nominative", weber), issue("nominative", weber)
        klein_1, muller_1 = issue("nominative", klein), issue("nominative", muller)
        ledger.card_load(card=weber_1, actor=cashier, amount="1500.00", desk="Caisse 1", gaming_day=week)
        ledger.card_bet(card=weber_1, actor=cashier, amount="120.00", machine="LM-001", gaming_day=week)
        ledger.card_win(card=weber_1, actor=cashier, amount="45.50", machine="LM-001", gaming_day=week)
        ledger.card_load(card=klein_1, actor=cashier, amount="600.00", desk="Caisse 2", gaming_day=week)
        ledger.card_load(card=muller_1, actor=cashier, amount="300.00", desk="Caisse 1", gaming_day=week)
        card_found(card=muller_1, actor=cashier, found_on=week, location="Bar de la salle A")
        yesterday = today - timedelta(days=1)
        ledger.card_load(card=weber_1, actor=cashier, amount="400.00", desk="Caisse 1", gaming_day=yesterday)
        ledger.card_bet(card=weber_1, actor=cashier, amount="25.00", machine="LM-008", gaming_day=yesterday)
        win = ledger.card_win(card=weber_1, actor=cashier, amount="650.00", machine="LM-008", gaming_day=yesterday)
        paid = jackpot_manual_payout_file(  # the part past the cap, paid by hand and countersigned (3-4 7), 18-10)
            casino=casino, actor=cashier, gaming_day=yesterday, machine="LM-008", amount="450.50", currency="EUR",
            receipt_number="Q-2026-0051", receipt_in_cabinet=True, settles={"card_excess": win.excess.seq})
        pending_countersign(pending=paid, countersigner=manager)
        ledger.card_transfer(source=weber_1, target=weber_2, actor=cashier, amount="300.00", gaming_day=yesterday)
        ledger.card_benefit(card=weber_1, actor=cashier, points=250, free_games=5, reason="Programme fidélité",
                            gaming_day=yesterday)
        day_card = issue("journaliere", day=yesterday)
        ledger.card_load(card=day_card, actor=cashier, amount="200.00", desk="Caisse 2", gaming_day=yesterday)
        ledger.card_bet(card=day_card, actor=cashier, amount="35.00", machine="LM-004", gaming_day=yesterday)
        ledger.card_bet(card=klein_1, actor=cashier, amount="80.00", machine="LM-006", gaming_day=today)
        ledger.card_payout(card=klein_1, actor=cashier, amount="200.00", desk="Caisse 2", gaming_day=today)
        ledger.card_adjust(card=klein_1, actor=manager, balance="330.00", gaming_day=today,
                           reason="Crédit de 10,00 € non comptabilisé par l'appareil LM-006 (ticket n° 5521)")
        card_status_change(card=klein_1, actor=manager, change="block", gaming_day=today,
                           reason="Demande du client (limite personnelle)")
        lost = issue("journaliere", day=today)
        ledger.card_load(card=lost, actor=cashier, amount="50.00", desk="Caisse 1", gaming_day=today)
        card_found(card=lost, actor=cashier, found_on=today, location="Appareil LM-002")
        issue("journaliere", day=today)
        # a day card's win past its cap, today, not yet paid by hand: the management's « À faire » lists it
        visitor = issue("journaliere", day=today)
        ledger.card_load(card=visitor, actor=cashier, amount="150.00", desk="Caisse 2", gaming_day=today)
        ledger.card_bet(card=visitor, actor=cashier, amount="10.00", machine="LM-004", gaming_day=today)
        due = ledger.card_win(card=visitor, actor=cashier, amount="180.00", machine="LM-004", gaming_day=today)
        system, _key = slot_system_register(casino=casino, actor=manager, name="Système de gestion des appareils")
        for number, (operation, amount) in enumerate((("debit", "20.00"), ("credit", "64.00"), ("debit", "2.50"))):
            run = slot_debit if operation == "debit" else slot_credit
            run(system=system, key=f"demo-{number}", card=weber_2.number, amount=amount, currency="EUR",
                machine="LM-007")
        # sent together, as the system gathers its machines' operations: the bet beyond the balance is refused alone
        slot_batch(system=system, operations=[
            {"operation": operation, "key": f"demo-lot-{number}", "card": card.number, "amount": amount,
             "currency": "EUR", "machine": machine}
            for number, (operation, card, amount, machine) in enumerate((
                ("debit", weber_2, "4.00", "LM-008"), ("credit", weber_2, "12.00", "LM-008"),
                ("debit", weber_2, "5000.00", "LM-009"), ("debit", weber_2, "1.50", "LM-009")))])
        for desk, cash, tokens in (("Caisse 1", "12450.00", "3200.00"), ("Caisse 2", "8120.50", "1750.00")):
            desk_count_file(casino=casino, actor=cashier, gaming_day=yesterday, desk=desk, cash=cash, tokens=tokens)
        cards_expire_due(today)  # what the hourly job does
        cards_found_orphaned_due(today)
        checkpoint_create(register=register_for(casino=casino, kind=RegisterKind.CARTES), user=manager)
    return [f"electronic gaming cards of {casino.code} (wins past the cap: entry n° {win.excess.seq}, paid by hand; "
            f"n° {due.excess.seq}, to pay)"]
