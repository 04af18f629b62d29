import json

from django.core.management.base import BaseCommand, CommandError

from compliance.formatting import entries
from registers.chain.verification import register_export
from registers.models import Register


class Command(BaseCommand):
    help = "Exporte un registre (écritures et points de contrôle) pour le vérificateur hors ligne."

    def add_arguments(self, parser):
        parser.add_argument("--casino", required=True)
        parser.add_argument("--register", required=True)
        parser.add_argument("--output", required=True, help="fichier JSON à écrire")

    def handle(self, *args, casino, register, output, **options):
        found = Register.objects.select_related("casino").filter(casino__code=casino, kind=register).first()
        if found is None:
            raise CommandError(f"registre inconnu : {casino}/{register}")
        document = register_export(found)
        with open(output, "w", encoding="utf-8") as handle:
            json.dump(document, handle, ensure_ascii=False, indent=1)
        self.stdout.write(f"{found.label} : {entries(len(document['entries']))} → {output}")
