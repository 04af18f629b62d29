from django.core.management.base import BaseCommand

from compliance.services import digests_send


class Command(BaseCommand):
    help = ("Sends each person with an e-mail address the digest of what is new for them, as the Celery beat job does "
            "every hour (an item goes out once).")

    def handle(self, *args, **options):
        sent = digests_send()
        for digest in sent if options["verbosity"] > 1 else ():
            self.stdout.write(f"  {digest.recipient} : {digest.subject}")
        self.stdout.write(f"{len(sent)} résumé(s) envoyé(s) par courriel.")
