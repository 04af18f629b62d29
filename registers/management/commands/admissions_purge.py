from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import ngettext

from compliance.models import Casino
from registers.admissions.services import personal_data_purge


class Command(BaseCommand):
    help = ("Supprime les cartes d'admission et les exclusions terminées depuis plus longtemps que la durée de "
            "conservation que fixe la politique d'admission de chaque casino ; chaque suppression est portée au "
            "journal d'audit. Idempotent : la tâche Celery « registers.tasks.admissions_purge » fait de même "
            "chaque nuit.")

    def add_arguments(self, parser):
        parser.add_argument("--casino", help="code du casino (par défaut : tous)")

    def handle(self, *args, casino=None, **options):
        found = None
        if casino:
            found = Casino.objects.filter(code=casino).first()
            if found is None:
                raise CommandError(f"casino inconnu : {casino}")
        done = personal_data_purge(casino=found)
        if not done:
            self.stdout.write("Rien à supprimer.")
        for code, count in done.items():
            self.stdout.write(f"{code} : " + ngettext("%(n)s fiche supprimée", "%(n)s fiches supprimées", count)
                              % {"n": count})
