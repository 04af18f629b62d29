from django.core.management.base import BaseCommand, CommandError

from compliance.errors import DomainError
from compliance.models import User
from registers.cards.slot_system.services import slot_system_set_rate
from registers.models import SlotSystem


class Command(BaseCommand):
    help = ("Fixe le nombre de requêtes par minute permis au système de gestion des machines à sous d'un casino "
            "sur /api/v1/slots/ (au-delà : 429 et Retry-After).")

    def add_arguments(self, parser):
        parser.add_argument("--casino", required=True)
        parser.add_argument("--manager", required=True, help="identifiant du membre de la direction qui le décide")
        parser.add_argument("--name", required=True, help="nom du système")
        parser.add_argument("--rate", type=int, required=True, help="requêtes par minute au plus")

    def handle(self, *args, casino, manager, name, rate, **options):
        try:
            system = slot_system_set_rate(
                system=SlotSystem.objects.select_related("casino").get(casino__code=casino, name=name),
                actor=User.objects.get(username=manager), rate_per_minute=rate)
        except (SlotSystem.DoesNotExist, User.DoesNotExist) as missing:
            raise CommandError(str(missing)) from None
        except DomainError as refused:
            raise CommandError(f"{refused.field or ''} : {refused.message}") from None
        self.stdout.write(f"{system.name} ({system.casino.code}) : {system.rate_per_minute} requêtes par minute")
