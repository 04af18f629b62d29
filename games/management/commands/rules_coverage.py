import json as jsonlib

from django.core.management.base import BaseCommand, CommandError

from games.coverage import SiteKind, coverage_report
from games.rules.validate import RulesInvalid, read_rules

KIND_WORDS = {SiteKind.CHECK: "contrôle", SiteKind.COMPUTATION: "calcul", SiteKind.CONSTRAINT: "contrainte",
              SiteKind.PRESENCE: "présence", SiteKind.DISPLAY: "affichage"}
STATUS_WORDS = {"applied": "appliquée", "display_only": "affichage seulement", "not_applied": "non appliquée",
                "unclassified": "NON CLASSÉE"}


class Command(BaseCommand):
    help = (
        "Chaque valeur réglementée : appliquée (un contrôle refuse ou un calcul change avec elle, et le test nommé "
        "dans games/rules/coverage.yaml le montre), affichage seulement ou non appliquée (avec pourquoi), et ce qui "
        "la lit dans le code. Sort en erreur sur une valeur absente de coverage.yaml, un test nommé qui n'existe "
        "pas, ou une déclaration que le code ou les données contredisent."
    )

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="sortie JSON (comptes, problèmes, valeurs)")

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
                self.stdout.write(f"{value.key} — {STATUS_WORDS[value.status]} — {value.description} "
                                  f"({' ; '.join(value.citations)})")
                for test in value.tests:
                    missing = " (N'EXISTE PAS)" if test in value.tests_missing else ""
                    self.stdout.write(f"  test        {test}{missing}")
                for site in value.sites:
                    line = f" (l. {site.line})" if site.line else ""
                    self.stdout.write(f"  {KIND_WORDS[site.kind]:<11} {site.module} › {site.function}{line}")
                if value.reason:
                    self.stdout.write(f"  pourquoi    {value.reason}")
            self.stdout.write(
                f"appliquées : {counts['applied']} (test nommé présent : {counts['applied_tests_found']}) · "
                f"affichage seulement : {counts['display_only']} · non appliquées : {counts['not_applied']} · "
                f"non classées : {counts['unclassified']} · total : {counts['total']}"
            )
        if report.problems:
            for problem in report.problems:
                self.stderr.write(problem)
            raise CommandError(f"{len(report.problems)} problème(s) de couverture des valeurs réglementées")
