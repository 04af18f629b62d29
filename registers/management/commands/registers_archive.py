import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import ngettext

from compliance.errors import DomainError
from compliance.models import Casino, User
from registers.archive.services import year_archive


class Command(BaseCommand):
    help = (
        "Archive une année close d'un casino : ses mouvements de cartes et ses mains de poker sont détachés des "
        "tables des registres et gardés en lecture seule (« <table>_archive_c<casino>_<période> »). Les écritures "
        "qui les scellent restent dans leurs chaînes. Par un administrateur de la plateforme, avec le rôle "
        "propriétaire de la base (celui des migrations)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--casino", required=True, help="code du casino")
        parser.add_argument("--year", type=int, required=True, help="l'année à archiver (passée)")
        parser.add_argument("--user", required=True, help="identifiant de l'administrateur")
        parser.add_argument("--json", action="store_true", dest="as_json", help="le résultat en JSON")

    def handle(self, *args, casino, year, user, as_json=False, **options):
        found = Casino.objects.filter(code=casino).first()
        if found is None:
            raise CommandError(f"casino inconnu : {casino}")
        actor = User.objects.filter(username=user).first()
        if actor is None:
            raise CommandError(f"utilisateur inconnu : {user}")
        try:
            done = year_archive(casino=found, year=year, actor=actor)
        except DomainError as refused:
            raise CommandError(f"{refused.field} : {refused.message}") from None
        if as_json:
            self.stdout.write(json.dumps({"casino": found.code, "year": year, "archived": done}, indent=1))
            return
        self.stdout.write(f"{found.code} {year} : " + ", ".join(
            f"{table} " + ngettext("%(n)s partition", "%(n)s partitions", count) % {"n": count}
            for table, count in done.items()))
