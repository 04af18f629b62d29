import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import ngettext

from compliance.errors import DomainError
from compliance.formatting import entries
from registers.management.command_inputs import day_shown, gaming_days, import_inputs
from registers.tables.errors import slips
from registers.tables.imports import LineError, slips_import


class Command(BaseCommand):
    help = (
        "Importe l'export des bordereaux d'un système de gestion des tables (docs/tables-import.md), tout ou rien : "
        "chaque ligne vérifiée comme un bordereau saisi à la main, puis une écriture par registre et journée de jeu "
        "qui scelle l'empreinte de ses bordereaux. Une ligne refusée refuse le fichier (son numéro et sa colonne ; "
        "code de sortie 1) et rien n'est écrit."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="le fichier CSV (UTF-8, séparateur « ; »)")
        parser.add_argument("--casino", required=True, help="code du casino")
        parser.add_argument("--user", required=True, help="identifiant de la personne qui importe (personnel du "
                                                          "casino)")
        parser.add_argument("--late-reason", default="", help="motif du retard, pour une journée au-delà du délai "
                                                              "de saisie du casino")
        parser.add_argument("--countersigner", help="identifiant du responsable qui contresigne une saisie tardive")
        parser.add_argument("--json", action="store_true", dest="as_json", help="le résultat en JSON")

    def handle(self, *args, file, casino, user, late_reason="", countersigner=None, as_json=False, **options):
        found, people = import_inputs(casino, file, user=user, countersigner=countersigner)
        try:
            result = slips_import(casino=found, actor=people["user"], source=file, late_reason=late_reason,
                                  countersigner=people.get("countersigner"))
        except DomainError as refused:
            # a line's refusal names its line and column; any other, its field (the countersigner, the file …)
            raise CommandError(str(refused.message) if isinstance(refused, LineError) or not refused.field
                               else f"{refused.field} : {refused.message}") from None
        if as_json:
            self.stdout.write(json.dumps(result.as_dict(), ensure_ascii=False, indent=1))
            return
        kinds = ", ".join(f"{kind} {count}" for kind, count in result.by_kind.items() if count)
        days = (f"{day_shown(result.days[0], found)} → {day_shown(result.days[-1], found)}" if len(result.days) > 1
                else day_shown(result.days[0], found))
        self.stdout.write(
            ngettext("%(n)s bordereau importé", "%(n)s bordereaux importés", result.slips) % {"n": result.slips}
            + f" ({kinds}) · "
            + ngettext("%(n)s séance ouverte", "%(n)s séances ouvertes", result.sessions) % {"n": result.sessions}
            + f" · {gaming_days(len(result.days))} ({days}) · {entries(len(result.entries))} · "
            f"SHA-256 du fichier {result.file_sha256}")
        for entry in result.entries:
            self.stdout.write(f"  {found.code}/{entry.register} n° {entry.seq} ({day_shown(entry.gaming_day, found)}) "
                              f": {slips(entry.slips)}, empreinte {entry.digest}")
