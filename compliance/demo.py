"""The demo: one fictional casino per jurisdiction and one user per role, built through the services.

Each later capability adds its part here, so `scripts/run` always shows every feature working."""

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.conf import settings

from .demo_cards import cards_demo
from .models import Casino, JobRun, Jurisdiction, User
from .services import casino_create, job_enqueue, jurisdictions_load, user_create

DEMO_PASSWORD = "Vigie-demo-2026!"

CASINOS = (
    dict(jurisdiction_code="QC", code="lac-bleu", name="Casino du Lac-Bleu",
         operator_name="Société des casinos du Lac-Bleu inc.", licence_number="RACJ-2026-0147",
         address="1200, boulevard du Lac-Bleu, Lac-Bleu (Québec) G0X 9Z9", share_capital=Decimal("12500000.00")),
    dict(jurisdiction_code="MC", code="les-rochers", name="Casino des Rochers",
         operator_name="Société des Bains des Rochers S.A.M.", licence_number="DJ-2026-012",
         address="Place des Rochers, 98000 Monaco", share_capital=Decimal("8400000.00")),
    dict(jurisdiction_code="LU", code="la-moselle", name="Casino de la Moselle",
         operator_name="Casino de la Moselle S.A.", licence_number="MF-2026-003",
         address="12, quai des Vignes, L-5999 Moselle-les-Bains", share_capital=Decimal("3100000.00")),
)


@dataclass(frozen=True)
class DemoUser:
    username: str
    role: str
    first_name: str
    last_name: str
    casino: str | None = None
    jurisdiction: str | None = None


USERS = (
    DemoUser("qc.caissier", "accountant", "Claire", "Tremblay", casino="lac-bleu"),
    DemoUser("qc.direction", "manager", "Marc", "Gagnon", casino="lac-bleu"),
    DemoUser("qc.regie", "regulator", "Sophie", "Lavoie", jurisdiction="QC"),
    DemoUser("mc.caissier", "accountant", "Giulia", "Rossi", casino="les-rochers"),
    DemoUser("mc.direction", "manager", "Antoine", "Bellando", casino="les-rochers"),
    DemoUser("mc.commission", "regulator", "Hélène", "Pastor", jurisdiction="MC"),
    DemoUser("lu.caissier", "accountant", "Anne", "Weber", casino="la-moselle"),
    DemoUser("lu.direction", "manager", "Luc", "Schmit", casino="la-moselle"),
    DemoUser("lu.ministere", "regulator", "Paul", "Hoffmann", jurisdiction="LU"),
    DemoUser("admin", "admin", "Alex", "Martin"),
)


def demo_load() -> list[str]:
    """Creates what is missing and returns one line per thing created; a second run creates nothing."""
    from games.services import rules_load  # the rules come first: every later feature cites them

    created = []
    if jurisdictions_load():
        created.append("jurisdictions")
    report = rules_load()
    if report.changes:
        created.append(f"rules ({report.changes} rows)")
    for spec in CASINOS:
        if not Casino.objects.filter(code=spec["code"]).exists():
            created.append(f"casino {casino_create(**spec).code}")
    for spec in USERS:
        if User.objects.filter(username=spec.username).exists():
            continue
        user_create(username=spec.username, password=DEMO_PASSWORD, role=spec.role, first_name=spec.first_name,
                    last_name=spec.last_name,
                    casino=Casino.objects.get(code=spec.casino) if spec.casino else None,
                    jurisdiction=Jurisdiction.objects.get(code=spec.jurisdiction) if spec.jurisdiction else None)
        created.append(f"user {spec.username}")
    for casino in Casino.objects.filter(code__in=[c["code"] for c in CASINOS], jobs__isnull=True):
        accountant = casino.users.filter(role=User.Role.ACCOUNTANT).first()
        job_enqueue(kind=JobRun.Kind.PIPELINE_CHECK, casino=casino, requested_by=accountant)
        created.append(f"pipeline check for {casino.code}")
    created += _rtp_demo()
    created += _registers_demo()
    created += _other_registers_demo()
    created += cards_demo()
    return created


def _rtp_demo() -> list[str]:
    """Exact hand distributions kept in the database, and every game's strategy evaluation queued for
    the worker (the pay-table pages show their progress, then their result)."""
    from games.hands.distributions import KINDS
    from games.models import HandDistribution
    from games.rtp.services import ALGORITHM, distribution_store, strategy_evaluations_enqueue_all

    created = []
    for kind in KINDS:
        if not HandDistribution.objects.filter(kind=kind, algorithm=ALGORITHM).exists():
            distribution_store(kind=kind)
            created.append(f"distribution {kind}")
    if settings.DEMO_STRATEGY_EVALUATIONS:
        created += [f"evaluation {e.game}/{e.strategy}" for e in strategy_evaluations_enqueue_all()]
    return created


ORPHELINS_DEMO = (
    # days before today, source, amount, location, description
    (6, "table", "150.00", "Table de roulette anglaise n° 2", "Plaque de 100 € et deux jetons de 25 €"),
    (9, "credits_appareil", "37.40", "Appareil à sous n° 118, salle des machines", "Crédits laissés au compteur"),
    (0, "pieces_tokens", "12.00", "Allée entre les rangées C et D", "Pièces ramassées au sol"),
)


def _registers_demo() -> list[str]:
    """La Moselle's orphelins register: three found sums filed by the cashier, the two oldest
    countersigned by the management, the one past its return period made definitive, the head signed."""
    from zoneinfo import ZoneInfo

    from django.db import transaction
    from django.utils import timezone

    from registers.models import Entry, RegisterKind
    from registers.orphelins import orphelin_file, orphelins_finalize, system_user
    from registers.services import checkpoint_create, pending_countersign, register_for

    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")
    register = register_for(casino=casino, kind=RegisterKind.ORPHELINS)
    if Entry.objects.filter(register=register).exists():
        return []
    cashier, manager = User.objects.get(username="lu.caissier"), User.objects.get(username="lu.direction")
    with transaction.atomic(), timezone.override(ZoneInfo(casino.jurisdiction.timezone)):  # the casino's day
        today = timezone.localdate()
        filed = [
            orphelin_file(casino=casino, actor=cashier, gaming_day=today - timedelta(days=days), source=source,
                          amount=amount, currency=casino.currency, location=location, description=description)
            for days, source, amount, location, description in ORPHELINS_DEMO
        ]
        for pending in filed[:2]:
            pending_countersign(pending=pending, countersigner=manager)
        orphelins_finalize(casino=casino, actor=system_user(), gaming_day=today)  # what the hourly job does
        checkpoint_create(register=register, user=manager)
    return [f"orphelins register of {casino.code}"]


def _other_registers_demo() -> list[str]:
    """La Moselle's other registers, each entry through its service: eight slot machines (one put out of
    service after its notice to the Minister), a hand-paid jackpot, a cagnotte count, a poker progressive
    jackpot with its end-of-session statement, a bad-beat win; every head then signed."""
    from zoneinfo import ZoneInfo

    from django.db import transaction
    from django.utils import timezone

    from registers.appareils import appareil_install, appareil_move, appareil_notice
    from registers.jackpots import cagnotte_file, jackpot_manual_payout_file
    from registers.models import Entry, Register, RegisterKind
    from registers.poker_jackpots import bad_beat_win_file, progressive_configure, progressive_statement
    from registers.services import checkpoint_create, pending_countersign, register_for

    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")
    if Entry.objects.filter(register=register_for(casino=casino, kind=RegisterKind.APPAREILS)).exists():
        return []
    cashier, manager = User.objects.get(username="lu.caissier"), User.objects.get(username="lu.direction")
    with transaction.atomic(), timezone.override(ZoneInfo(casino.jurisdiction.timezone)):
        today = timezone.localdate()
        for number in range(1, 9):
            appareil_install(casino=casino, actor=cashier, gaming_day=today, machine=f"LM-{number:03}",
                             manufacturer="Novomatic", certificate=f"CE-LU-2026-{number:03}",
                             server_based=number == 8, games=["Book of Ra", "Lucky Lady"] if number == 8 else (),
                             certified_games=["Book of Ra", "Lucky Lady"] if number == 8 else ())
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
        progressive_configure(casino=casino, actor=manager, gaming_day=today, name="Hold'em 1-2",
                              tables=["Poker 1", "Poker 2"], small_blind="1.00",
                              levels=[{"combination": "royal_flush", "start": "500.00"},
                                      {"combination": "straight_flush", "start": "200.00"},
                                      {"combination": "four_of_a_kind", "start": "50.00"}],
                              increment_kind="pourcentage", increment_value="1.00", rounding="inferieur")
        progressive_statement(casino=casino, actor=cashier, gaming_day=today, name="Hold'em 1-2",
                              displayed={"1": "742.10", "2": "260.00", "3": "81.20"})
        signed.append(bad_beat_win_file(
            casino=casino, actor=cashier, gaming_day=today, table="Poker 1", loser="Luc Hoffmann",
            loser_cards="7c 7d", winner_cards="8h 9h", board="7h 7s Th Jh 2c", pot="640.00", minimum_pot="100.00",
            amount="3000.00", currency="EUR", players=["Luc Hoffmann", "Ana Lopes", "Tom Klein", "Eva Schmit"],
            restart_at="0"))
        for pending in signed:
            pending_countersign(pending=pending, countersigner=manager)
        for register in Register.objects.filter(casino=casino).exclude(kind=RegisterKind.ORPHELINS):
            checkpoint_create(register=register, user=manager)
    return [f"slot machine, jackpot, cagnotte and poker jackpot registers of {casino.code}"]
