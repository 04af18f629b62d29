"""The demo: one fictional casino per jurisdiction and one user per role, built through the services.

Each app builds its own part in its `demo.py` (games: the rules and their returns; registers: La Moselle's
registers and cards), so `scripts/run` always shows every feature working."""

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from importlib import import_module

from django.apps import apps
from django.utils import timezone
from django.utils.module_loading import module_has_submodule

from .models import Casino, JobRun, Jurisdiction, User
from .services import casino_create, job_enqueue, jurisdictions_load, system_user, user_create

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
         address="12, quai des Vignes, L-5999 Moselle-les-Bains", share_capital=Decimal("3100000.00"),
         # the Luxembourg text is a draft: the casino applies it under a ministry letter, from its first day in Vigie
         draft_basis="Lettre du Ministère des Finances, réf. MF/JX/2026-014 : application du projet de règlement "
                     "grand-ducal en attendant sa publication"),
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
    """Creates what is missing and returns one line per thing created; a second run creates nothing. The
    platform's part first (jurisdictions, casinos, users), then each installed app's `demo.demo_load()`, in the
    order of INSTALLED_APPS: the rules before the registers that cite them; last, each `demo.demo_load_last()`."""
    created, actor = [], system_user()  # the platform sets the demo up; the people act from then on
    if jurisdictions_load(actor=actor):
        created.append("jurisdictions")
    for spec in CASINOS:
        if not Casino.objects.filter(code=spec["code"]).exists():
            # the demo's registers hold the last weeks: they are kept in Vigie from three months ago
            opened_on = timezone.localdate() - timedelta(days=90)
            created.append(f"casino {casino_create(actor=actor, opened_on=opened_on, **spec).code}")
    for spec in USERS:
        if User.objects.filter(username=spec.username).exists():
            continue
        user_create(actor=actor, username=spec.username, password=DEMO_PASSWORD, role=spec.role,
                    first_name=spec.first_name, last_name=spec.last_name,
                    casino=Casino.objects.get(code=spec.casino) if spec.casino else None,
                    jurisdiction=Jurisdiction.objects.get(code=spec.jurisdiction) if spec.jurisdiction else None)
        created.append(f"user {spec.username}")
    for casino in Casino.objects.filter(code__in=[c["code"] for c in CASINOS], jobs__isnull=True):
        accountant = casino.users.filter(role=User.Role.ACCOUNTANT).first()
        job_enqueue(kind=JobRun.Kind.PIPELINE_CHECK, casino=casino, requested_by=accountant)
        created.append(f"pipeline check for {casino.code}")
    parts = [import_module(f"{app.name}.demo") for app in apps.get_app_configs()
             if app.name != __package__ and module_has_submodule(app.module, "demo")]
    for part in parts:
        created += part.demo_load()
    # then what an app's part builds on the apps above it (registers: the tournaments, whose Luxembourg rules the
    # approvals approve and whose results the reports sign), once their own parts are in
    for part in parts:
        if hasattr(part, "demo_load_last"):
            created += part.demo_load_last()
    return created
