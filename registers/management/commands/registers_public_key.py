from django.core.management.base import BaseCommand, CommandError

from compliance.models import Casino
from registers.chain.keys import public_hex, public_key


class Command(BaseCommand):
    help = ("Affiche la clé publique Ed25519 (hex) avec laquelle le casino signe ses registres, à transmettre au "
            "régulateur et à donner au vérificateur hors ligne (--public-key).")

    def add_arguments(self, parser):
        parser.add_argument("--casino", required=True)

    def handle(self, *args, casino, **options):
        if not Casino.objects.filter(code=casino).exists():
            raise CommandError(f"casino inconnu : {casino}")
        key = public_key(casino)
        if key is None:
            raise CommandError(f"{casino} n'a encore signé aucun registre : pas de clé")
        self.stdout.write(public_hex(key))
