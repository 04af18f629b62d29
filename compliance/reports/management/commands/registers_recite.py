import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import ngettext

from compliance.errors import DomainError
from compliance.models import SYSTEM_USERNAME, Casino, User
from compliance.reports.recite import registers_recite


class Command(BaseCommand):
    help = (
        "Rectifie les citations que des écritures portent à tort (registers/chain/recitations.yaml) : une écriture de "
        "rectification à côté de chacune, déposée par un administrateur de la plateforme et contresignée par le "
        "traitement automatique de Vigie ; puis une nouvelle version de chaque rapport signé qui les montre. "
        "--dry-run les liste sans rien écrire."
    )

    def add_arguments(self, parser):
        parser.add_argument("--dry-run", action="store_true", help="lister sans rien écrire")
        parser.add_argument("--casino", help="code du casino (par défaut : tous)")
        parser.add_argument("--as", dest="username",
                            help="l'administrateur de la plateforme qui dépose (par défaut : le seul qui existe)")
        parser.add_argument("--queue", action="store_true", help="confier les nouvelles versions au worker")
        parser.add_argument("--json", action="store_true", help="le résultat en JSON")

    def handle(self, *args, dry_run=False, casino=None, username=None, queue=False, json=False, **options):
        found = Casino.objects.filter(code=casino).first() if casino else None
        if casino and found is None:
            raise CommandError(f"casino inconnu : {casino}")
        actor = _actor(username)
        try:
            done = registers_recite(actor=actor, casino=found, dry_run=dry_run, generate=not queue)
        except DomainError as exc:
            raise CommandError(f"{exc.field} : {exc.message}") from exc
        entries = [{"casino": due.register.casino.code, "register": due.register.kind, "seq": due.entry.seq,
                    "kind": due.entry.kind, "corrections": due.corrections} for due in done.entries]
        reports = [{"report": report.pk, "kind": report.kind, "casino": report.casino.code if report.casino else None,
                    "period": [report.period_start.isoformat(), report.period_end.isoformat()]}
                   for report in done.reports]
        result = {"dry_run": dry_run, "entries": entries, "recitations_filed": len(done.filed), "reports": reports,
                  "reissued": [report.pk for report in done.reissued]}
        if json:
            self.stdout.write(_json(result))
            return
        for item in entries:
            for correction in item["corrections"]:
                self.stdout.write(f"{item['casino']}/{item['register']} n° {item['seq']} ({item['kind']}) "
                                  f"{correction['path']} : « {correction['was']} » → « {correction['now']} »")
        for item in reports:
            self.stdout.write(f"rapport n° {item['report']} ({item['kind']}, {item['casino']}, "
                              f"{' – '.join(item['period'])}) : nouvelle version")
        self.stdout.write(_summary(len(entries), len(reports), dry_run=dry_run))


def _summary(entries: int, reports: int, *, dry_run: bool) -> str:
    """« 0 écriture à rectifier, 0 rapport signé à refaire. », « 3 écritures rectifiées, 1 rapport signé refait. »"""
    if dry_run:
        return (ngettext("%(n)s écriture à rectifier", "%(n)s écritures à rectifier", entries) % {"n": entries} + ", "
                + ngettext("%(n)s rapport signé à refaire.", "%(n)s rapports signés à refaire.", reports)
                % {"n": reports})
    return (ngettext("%(n)s écriture rectifiée", "%(n)s écritures rectifiées", entries) % {"n": entries} + ", "
            + ngettext("%(n)s rapport signé refait.", "%(n)s rapports signés refaits.", reports) % {"n": reports})


def _actor(username: str | None) -> User:
    admins = User.objects.filter(role=User.Role.ADMIN, is_active=True).exclude(username=SYSTEM_USERNAME)
    if username:
        actor = admins.filter(username=username).first()
        if actor is None:
            raise CommandError(f"{username} n'est pas un administrateur de la plateforme")
        return actor
    if admins.count() != 1:
        raise CommandError("plusieurs administrateurs de la plateforme (ou aucun) : nommez-en un avec --as")
    return admins.get()


def _json(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
