import json as jsonlib

from django.core.management.base import BaseCommand, CommandError

from games.coverage import SiteKind, coverage_report
from games.rules.validate import RulesInvalid, read_rules

KIND_WORDS = {SiteKind.CHECK: "contrôle", SiteKind.COMPUTATION: "calcul", SiteKind.CONSTRAINT: "contrainte",
              SiteKind.PRESENCE: "présence", SiteKind.DISPLAY: "affichage"}


class Command(BaseCommand):
    help = (
        "Chaque valeur réglementée et ce qui l'applique (un contrôle, un calcul, une contrainte PostgreSQL), ou "
        "« affichage seulement » et pourquoi (games/rules/coverage.yaml). Sort en erreur sur une valeur ni "
        "appliquée ni déclarée, ou une déclaration périmée."
    )

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="sortie JSON (valeurs, comptes, problèmes)")

    def handle(self, *args, json=False, **options):
        try:
            rules = read_rules()
        except RulesInvalid as exc:
            for error in exc.errors:
                self.stderr.write(str(error))
            raise CommandError(f"{len(exc.errors)} erreur(s) dans les fichiers de règles") from exc
        report = coverage_report(rules=rules)
        counts = report.counts
        if json:
            self.stdout.write(jsonlib.dumps({"counts": counts, "problems": report.problems,
                                             "values": [value.json() for value in report.values]},
                                            ensure_ascii=False, indent=2))
        else:
            for value in report.values:
                self.stdout.write(f"{value.key} — {value.description} ({' ; '.join(value.citations)})")
                for site in value.sites:
                    line = f" (l. {site.line})" if site.line else ""
                    self.stdout.write(f"  {KIND_WORDS[site.kind]:<11} {site.module} › {site.function}{line}")
                if not value.applied and value.reason:
                    self.stdout.write(f"  « affichage seulement » : {value.reason}")
            self.stdout.write(
                f"appliquées : {counts['enforced']} · affichage seulement : {counts['display_only']} "
                f"(dont {counts['literal']} appliquées par un littéral) · total : {counts['total']}"
            )
        if report.problems:
            for problem in report.problems:
                self.stderr.write(problem)
            raise CommandError(f"{len(report.problems)} problème(s) de couverture des valeurs réglementées")
