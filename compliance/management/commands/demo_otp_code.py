from django.core.management.base import BaseCommand, CommandError

from compliance.models import User
from compliance.second_factor.selectors import authenticator, current_code, demo_allowed, demo_key, provisioning


class Command(BaseCommand):
    help = ("Prints the current sign-in code of a demo person's authenticator, and its key (base32) to add to an "
            "authenticator app. The demo only: the demo's keys are fixed and published.")

    def add_arguments(self, parser):
        parser.add_argument("username", help="a demo login, e.g. lu.direction")

    def handle(self, *args, username, **options):
        if not demo_allowed():
            raise CommandError("The demo's codes are not given with these settings (DEMO_ALLOWED is off).")
        user = User.objects.filter(username=username).first()
        device = authenticator(user) if user is not None else None
        if device is None or device.key != demo_key(username):
            raise CommandError(f"{username}: no demo authenticator (load the demo: ./scripts/manage demo_load).")
        self.stdout.write(f"  {username}: code {current_code(device)} (valid 30 s, once)")
        self.stdout.write(f"  key for an authenticator app: {provisioning(user, device.key)['secret']}")
