import datetime
import json
import sys

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import ngettext

from compliance.errors import DomainError
from compliance.services import system_user
from registers.management.command_inputs import day_shown, gaming_days, import_inputs
from registers.poker_room.errors import hands
from registers.poker_room.imports import hands_import


class Command(BaseCommand):
    help = (
        "Importe les mains du système du salon de poker (docs/poker-import.md) : Open Hand History JSON (défaut) ou "
        "texte façon PokerStars, tout ou rien. Chaque main est rejouée avec les règles de sa séance ; une main "
        "refusée refuse le fichier (son numéro, sa place dans le fichier et pourquoi ; code de sortie 1) et rien "
        "n'est écrit. Une main déjà importée à l'identique est reconnue et passée."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="le fichier de mains")
        parser.add_argument("--casino", required=True, help="code du casino")
        parser.add_argument("--format", default="ohh", choices=("ohh", "pokerstars"), dest="file_format",
                            help="format du fichier (ohh par défaut)")
        parser.add_argument("--user", help="identifiant de la personne qui importe (par défaut le traitement "
                                           "automatique de Vigie)")
        parser.add_argument("--late-reason", default="", help="motif du retard, pour une journée au-delà du délai "
                                                              "de saisie du casino")
        parser.add_argument("--countersigner", help="identifiant du responsable qui contresigne un import tardif")
        parser.add_argument("--json", action="store_true", dest="as_json", help="le résultat en JSON")

    def handle(self, *args, file, casino, file_format="ohh", user=None, late_reason="", countersigner=None,
               as_json=False, **options):
        found, people = import_inputs(casino, file, user=user, countersigner=countersigner)

        def progress(read: int) -> None:
            if not as_json:
                sys.stderr.write(f"\r{_read(read)}…")

        try:
            result = hands_import(casino=found, actor=people.get("user") or system_user(), source=file,
                                  file_format=file_format, late_reason=late_reason,
                                  countersigner=people.get("countersigner"), progress=progress)
        except DomainError as refused:
            if as_json:
                self.stdout.write(json.dumps({"refused": {"field": refused.field, "code": refused.code,
                                                          "message": str(refused.message)}}, ensure_ascii=False))
            raise CommandError(str(refused.message) if not refused.field or refused.field in ("hand", "file")
                               else f"{refused.field} : {refused.message}") from None
        if as_json:
            self.stdout.write(json.dumps(result.as_dict(), ensure_ascii=False, indent=1))
            return
        self.stdout.write(
            f"\n{_read(result.hands)} · "
            + ngettext("%(n)s nouvelle", "%(n)s nouvelles", result.created) % {"n": result.created} + " · "
            + ngettext("%(n)s déjà importée", "%(n)s déjà importées", result.known) % {"n": result.known}
            + f" · {gaming_days(len(result.days))} · SHA-256 du fichier {result.file_sha256}")
        for entry in result.entries:
            day = day_shown(datetime.date.fromisoformat(entry["journee"]), found)
            self.stdout.write(f"  {found.code}/cagnotte n° {entry['seq']} ({day}) : {hands(entry['mains'])}, "
                              f"empreinte {entry['empreinte']}")


def _read(count: int) -> str:
    return ngettext("%(n)s main lue", "%(n)s mains lues", count) % {"n": count}
