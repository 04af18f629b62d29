import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from compliance.formatting import entries
from compliance.reports.verification import verify_report


class Command(BaseCommand):
    help = (
        "Vérifie un rapport signé : sa signature (certificat de la plateforme, non révoqué, fichier inchangé), son "
        "empreinte portée au registre, et que les écritures qu'il montre sont toujours les mêmes. Code de sortie 1 "
        "sinon."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="le PDF à vérifier")
        parser.add_argument("--json", action="store_true", help="le verdict en JSON")

    def handle(self, *args, file, json=False, **options):
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"fichier introuvable : {file}")
        with translation.override("fr"):
            check = verify_report(path.read_bytes())
            message = check.message
        verdict = check.verdict
        if json:
            self.stdout.write(_json({
                "valid": check.valid, "reason": check.reason, "message": message, "sha256": check.sha256,
                "signer": verdict.signer or None, "signed_at": verdict.signed_at.isoformat() if verdict.signed_at
                else None, "timestamped": verdict.timestamped, "long_term": verdict.long_term,
                "report": check.report.pk if check.report else None, "covered": check.covered,
                "changed": check.changed}))
        else:
            self.stdout.write(message)
            if verdict.signer:
                self.stdout.write(f"signataire : {verdict.signer} · signé le "
                                  f"{verdict.signed_at.isoformat(timespec='seconds') if verdict.signed_at else '—'}"
                                  f" · horodaté : {'oui' if verdict.timestamped else 'non'}"
                                  f" · B-LT : {'oui' if verdict.long_term else 'non'}")
            if check.report is not None:
                report = check.report
                self.stdout.write(f"couvre : {report.register} · {report.period_start.isoformat()} · "
                                  f"{entries(check.covered)} · SHA-256 {check.sha256}")
        if not check.valid:
            raise SystemExit(1)


def _json(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
