from django.core.management.base import BaseCommand, CommandError

from compliance import keystore
from compliance.models import SYSTEM_USERNAME, User
from compliance.reports import ceremony


class Command(BaseCommand):
    help = (
        "Une fois : importe dans le jeton PKCS#11 (VIGIE_KEYS_BACKEND=pkcs11) chaque clé privée gardée en fichier sous "
        "VIGIE_KEYS_DIR, vérifie sa clé publique, puis efface le fichier. Les certificats (publics) restent."
    )

    def add_arguments(self, parser):
        parser.add_argument("--as", dest="username", help="l'administrateur de la plateforme (défaut : le seul)")

    def handle(self, *args, username=None, **options):
        admins = User.objects.filter(role=User.Role.ADMIN).exclude(username=SYSTEM_USERNAME)
        admins = admins.filter(**({"username": username} if username else {}))
        if admins.count() != 1:
            raise CommandError("--as: name the platform administrator who migrates the keys")
        try:
            moved = ceremony.files_migrate(actor=admins.get())
        except (ceremony.CeremonyError, keystore.KeyStoreError) as exc:
            raise CommandError(str(exc)) from exc
        for label in moved:
            self.stdout.write(f"  {label} → {keystore.store().describe()}")
        self.stdout.write(f"{len(moved)} clé(s) déplacée(s) dans le jeton ; aucun fichier de clé privée ne reste.")
