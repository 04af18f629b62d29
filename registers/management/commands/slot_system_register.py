from django.core.management.base import BaseCommand, CommandError

from compliance.errors import DomainError
from compliance.models import Casino, User
from registers.cards.slot_system.services import slot_system_register


class Command(BaseCommand):
    help = ("Enregistre le système de gestion des machines à sous d'un casino et affiche sa clé d'API, une seule fois "
            "(en-tête « Authorization: Slot <clé> » sur /api/v1/slots/).")

    def add_arguments(self, parser):
        parser.add_argument("--casino", required=True)
        parser.add_argument("--manager", required=True, help="identifiant du membre de la direction qui l'enregistre")
        parser.add_argument("--name", required=True)
        parser.add_argument("--rate", type=int, default=6000, help="requêtes par minute au plus")

    def handle(self, *args, casino, manager, name, rate, **options):
        try:
            system, key = slot_system_register(casino=Casino.objects.get(code=casino),
                                               actor=User.objects.get(username=manager), name=name,
                                               rate_per_minute=rate)
        except (Casino.DoesNotExist, User.DoesNotExist) as missing:
            raise CommandError(str(missing)) from None
        except DomainError as refused:
            raise CommandError(f"{refused.field or ''} : {refused.message}") from None
        self.stdout.write(f"{system.name} ({system.casino.code}) : clé {key}")
