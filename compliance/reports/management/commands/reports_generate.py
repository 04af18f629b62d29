import datetime
import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import ngettext

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.reports.models import Report
from compliance.reports.services import report_generate, report_request
from compliance.services import system_user


class Command(BaseCommand):
    help = (
        "Produit un rapport signé (PDF/A-3b, PAdES B-LT) : rapport quotidien ou livre mensuel d'un registre, relevé "
        "de la caisse spéciale, relevé de carte, taux de retour d'une table de paiement. Le rend et le signe ici, "
        "ou le confie au worker (--queue). Écrit son empreinte au registre qu'il couvre."
    )

    def add_arguments(self, parser):
        parser.add_argument("kind", choices=Report.Kind.values, help="la nature du rapport")
        parser.add_argument("--casino", help="code du casino (sauf taux de retour)")
        parser.add_argument("--register", default="", help="registre (rapport quotidien, livre mensuel)")
        parser.add_argument("--day", type=datetime.date.fromisoformat,
                            help="jour (AAAA-MM-JJ) ; pour le livre mensuel, un jour du mois ; début d'un relevé")
        parser.add_argument("--end", type=datetime.date.fromisoformat, help="fin d'un relevé de carte")
        parser.add_argument("--subject", default="", help="numéro de carte, ou clé de la table de paiement")
        parser.add_argument("--as", dest="username", help="demandé par cet utilisateur (par défaut : la plateforme)")
        parser.add_argument("--queue", action="store_true", help="le confier au worker au lieu de le rendre ici")
        parser.add_argument("--out", help="écrire le PDF signé dans ce fichier")
        parser.add_argument("--json", action="store_true", help="le résultat en JSON")

    def handle(self, *args, kind, casino=None, register="", day=None, end=None, subject="", username=None,
               queue=False, out=None, json=False, **options):
        actor = User.objects.filter(username=username).first() if username else system_user()
        if actor is None:
            raise CommandError(f"utilisateur inconnu : {username}")
        found = Casino.objects.filter(code=casino).first() if casino else None
        if casino and found is None:
            raise CommandError(f"casino inconnu : {casino}")
        try:
            report = report_request(actor=actor, kind=kind, casino=found, register_kind=register, start=day, end=end,
                                    subject=subject)
        except DomainError as exc:
            raise CommandError(f"{exc.field or kind} : {exc.message}") from exc
        if not queue:
            report = report_generate(report)
        if out and report.status == Report.Status.SUCCEEDED:
            Path(out).write_bytes(bytes(report.pdf))
        result = {"report": report.pk, "kind": report.kind, "status": report.status, "pages": report.pages,
                  "period": [report.period_start.isoformat(), report.period_end.isoformat()],
                  "sha256": report.sha256 or None, "entry": report.chain_entry.seq if report.chain_entry else None,
                  "covered": len(report.covered), "file": out if report.status == Report.Status.SUCCEEDED else None}
        if json:
            self.stdout.write(_json(result))
        else:
            self.stdout.write(f"rapport n° {report.pk} · {report.get_kind_display()} · {report.get_status_display()}"
                              + (f" · {_pages(report.pages)} · SHA-256 {report.sha256}" if report.sha256 else "")
                              + (f" · écrit dans {out}" if result["file"] else ""))


def _json(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


def _pages(count: int) -> str:
    return ngettext("%(n)s page", "%(n)s pages", count) % {"n": count}
