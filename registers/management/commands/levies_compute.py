from django.core.management.base import BaseCommand, CommandError

from compliance.errors import DomainError
from compliance.models import Casino
from compliance.services import system_user
from registers.prelevements.services import levies_compute


class Command(BaseCommand):
    help = (
        "Calcule le carnet de prélèvement d'un mois : le produit brut de chaque journée fermée, source par source, le "
        "prélèvement aux taux enregistrés par la direction, les fonds mis en réserve et l'échéance du virement. "
        "Idempotent : une journée déjà prélevée à l'identique n'est pas récrite."
    )

    def add_arguments(self, parser):
        parser.add_argument("--casino", required=True, help="code du casino")
        parser.add_argument("--month", required=True, help="le mois, AAAA-MM")

    def handle(self, *args, casino, month, **options):
        found = Casino.objects.filter(code=casino).first()
        if found is None:
            raise CommandError(f"casino inconnu : {casino}")
        try:
            written = levies_compute(casino=found, month=month, actor=system_user())
        except DomainError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"{found.code} {month} : {len(written)} journée(s) écrite(s) au carnet de prélèvement")
