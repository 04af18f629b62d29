from django.core.management.base import BaseCommand, CommandError

from games.rules.validate import RulesInvalid
from games.services import rules_load


class Command(BaseCommand):
    help = (
        "Charge les fichiers de règles de games/rules/ (idempotent). --check : ne change rien et sort en "
        "erreur si la base diffère des fichiers."
    )

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="compare only; exit 1 if the database differs")

    def handle(self, *args, check=False, **options):
        try:
            report = rules_load(check=check)
        except RulesInvalid as exc:
            for error in exc.errors:
                self.stderr.write(str(error))
            count = len(exc.errors)
            raise CommandError(f"{count} erreur(s) dans les fichiers de règles : rien n'a été chargé") from exc
        summary = ", ".join(
            f"{label} {dict(counter)}" for label, counter in
            (("créés", report.created), ("modifiés", report.updated), ("supprimés", report.deleted)) if counter
        )
        if check:
            if report.changes:
                for line in report.differences[:50]:
                    self.stderr.write(line)
                raise CommandError(f"la base diffère des fichiers de règles : {report.changes} différence(s)")
            self.stdout.write("la base est conforme aux fichiers de règles (0 différence)")
            return
        self.stdout.write(f"{report.changes} changement(s)" + (f" — {summary}" if summary else ""))
