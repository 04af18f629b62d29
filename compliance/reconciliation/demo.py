"""The demo's reconciliations: each demo casino's last month of table games reconciled, as the nightly job does after
each close, so the planted variances (registers/tables/demo.py) show as findings; at La Moselle the accountant
explains the float not restored and the manager accepts it, and the drop not counted is explained."""

from datetime import timedelta

from compliance.errors import DomainError
from compliance.models import Casino, JobRun, User
from compliance.services import job_enqueue, job_execute

from .models import Finding, Reconciliation
from .services import finding_accept, finding_explain, reconciliation_run_range

DEMO_CASINOS = ("la-moselle", "lac-bleu", "les-rochers")
DAYS = 30
EXPLAINED = {
    Finding.Kind.FLOAT: ("Jeton de 25 € laissé par erreur dans le rack en fin de séance, rendu à la caisse le "
                         "lendemain (bordereau de crédit joint au dossier).", True),
    Finding.Kind.DROP_MISSING: ("Boîte de drop scellée comptée le lendemain : le comptage a été saisi dans le système "
                                "de tables sans être exporté.", False),
}


def demo_load() -> list[str]:
    created = []
    for casino in Casino.objects.filter(code__in=DEMO_CASINOS).select_related("jurisdiction"):
        if Reconciliation.objects.filter(casino=casino).exists() or not casino.tables.exists():
            continue
        accountant = casino.users.filter(role=User.Role.ACCOUNTANT).first()
        manager = casino.users.filter(role=User.Role.MANAGER).first()
        today = casino.today()
        done = reconciliation_run_range(casino=casino, first=today - timedelta(days=DAYS),
                                        last=today - timedelta(days=1), actor=accountant)
        findings = Finding.objects.filter(reconciliation__casino=casino)
        for kind, (text, accepted) in EXPLAINED.items():
            finding = (findings.filter(kind=kind, state=Finding.State.OPEN)
                       .order_by("reconciliation__gaming_day").first())
            if finding is None:
                continue
            finding = finding_explain(finding=finding, actor=accountant, explanation=text)
            if accepted:
                finding_accept(finding=finding, actor=manager)
        created.append(f"{len(done)} days of {casino.code}'s tables reconciled ({findings.count()} findings)")
    return created + _failed_job()


def _failed_job() -> list[str]:
    """A reconciliation asked as the jobs API lets a client ask one, without its gaming day: the worker's run fails
    (run here, as the worker would), and the platform's administrator finds it on their « À faire » home."""
    casino = Casino.objects.filter(code="les-rochers").first()
    if casino is None or JobRun.objects.filter(casino=casino, status=JobRun.Status.FAILED).exists():
        return []
    try:
        job = job_enqueue(kind=JobRun.Kind.RECONCILIATION, casino=casino,
                          requested_by=casino.users.filter(role=User.Role.ACCOUNTANT).first())
    except DomainError:  # the jobs API no longer takes a reconciliation without its day
        return []
    try:
        job_execute(job_id=str(job.pk), worker="demo")
    except Exception:  # noqa: BLE001 - the failure is the point: job_execute recorded it
        return [f"a failed job at {casino.code}"]
    return []
