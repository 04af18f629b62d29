import datetime
import json

from django.core.management.base import BaseCommand, CommandError

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.reconciliation.models import Finding
from compliance.reconciliation.services import reconciliation_run
from compliance.services import system_user


class Command(BaseCommand):
    help = (
        "Rapproche une journée de jeu d'un casino (tables et salon de poker) : ses constats enregistrés aux carnets "
        "spéciaux s'ils ont changé depuis le dernier rapprochement. Les mêmes constats n'écrivent rien."
    )

    def add_arguments(self, parser):
        parser.add_argument("--casino", required=True, help="code du casino")
        day = parser.add_mutually_exclusive_group(required=True)
        day.add_argument("--day", help="journée de jeu, AAAA-MM-JJ")
        day.add_argument("--days-ago", type=int, help="la journée de jeu d'il y a N jours, à la date du casino")
        parser.add_argument("--user", help="identifiant de la personne (par défaut le traitement automatique)")
        parser.add_argument("--json", action="store_true", dest="as_json", help="le résultat en JSON")

    def handle(self, *args, casino, day=None, days_ago=None, user=None, as_json=False, **options):
        found = Casino.objects.filter(code=casino).first()
        if found is None:
            raise CommandError(f"casino inconnu : {casino}")
        try:
            gaming_day = (datetime.date.fromisoformat(day) if day else
                          found.today() - datetime.timedelta(days=days_ago))
        except ValueError:
            raise CommandError(f"journée invalide : {day} (AAAA-MM-JJ)") from None
        actor = system_user()
        if user:
            actor = User.objects.filter(username=user).first()
            if actor is None:
                raise CommandError(f"utilisateur inconnu : {user}")
        try:
            reconciliation = reconciliation_run(casino=found, gaming_day=gaming_day, actor=actor)
        except DomainError as refused:
            raise CommandError(f"{refused.field} : {refused.message}" if refused.field else str(refused.message)) \
                from None
        findings = list(reconciliation.findings.exclude(state=Finding.State.LIFTED).order_by("kind", "table", "key"))
        if as_json:
            self.stdout.write(json.dumps({
                "casino": found.code, "journee": gaming_day.isoformat(), "statut": reconciliation.status,
                "constats": [{"cle": f.key, "nature": f.kind, "table": f.table, "citation": f.citation,
                              "montant": None if f.amount is None else str(f.amount), "etat": f.state,
                              "message": f.message, "message_en": f.message_en} for f in findings],
            }, ensure_ascii=False, indent=1))
            return
        self.stdout.write(f"{found.code} {gaming_day.isoformat()} : {reconciliation.get_status_display()} "
                          f"({len(findings)} constat(s))")
        for finding in findings:
            self.stdout.write(f"  [{finding.kind}] {finding.message} — {finding.citation}")
