from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from compliance.demo import ARCHIVED, DEMO_PASSWORD, USERS, demo_load
from compliance.models import User


class Command(BaseCommand):
    help = "Builds the demo casinos and users through the services (idempotent) and prints the logins."

    def add_arguments(self, parser):
        parser.add_argument("--logins-only", action="store_true", help="only print the demo logins")

    def handle(self, *args, logins_only=False, **options):
        if not settings.DEMO_ALLOWED:
            raise CommandError("The demo is not loaded with these settings (DEMO_ALLOWED is off).")
        if not logins_only:
            created = demo_load()
            self.stdout.write(f"  Demo: {len(created)} created" + (f" ({', '.join(created)})" if created else ""))
            return
        self.stdout.write(f"  Demo logins (password for all: {DEMO_PASSWORD})")
        for user in USERS:
            scope = user.casino or user.jurisdiction or "platform"
            self.stdout.write(f"    {user.username:<16} {user.role:<11} {scope}")
        for user in User.objects.filter(username__startswith=f"{ARCHIVED['code']}.").order_by("username"):
            self.stdout.write(f"    {user.username:<16} {user.role:<11} {ARCHIVED['code']} (its last year archived)")
        self.stdout.write("  Second factor: the managers, regulators, admin and Lac-Bleu's cashier then enter a code;")
        self.stdout.write("    ./scripts/manage demo_otp_code <login>  prints it, and the key for an authenticator app")
