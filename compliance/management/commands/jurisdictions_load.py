from django.core.management.base import BaseCommand

from compliance.services import jurisdictions_load


class Command(BaseCommand):
    help = "Loads games/rules/jurisdictions.yaml into the database (idempotent)."

    def handle(self, *args, **options):
        self.stdout.write(f"{jurisdictions_load()} jurisdiction(s) changed")
