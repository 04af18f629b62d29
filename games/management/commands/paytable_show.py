import json as jsonlib

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from compliance.errors import DomainError
from compliance.models import User
from games import selectors


class Command(BaseCommand):
    help = "Affiche une table de paiement telle qu'écrite et analysée, avec sa citation."

    def add_arguments(self, parser):
        parser.add_argument("key", help="clé stable, ex. qc.357.trois_cartes")
        parser.add_argument("--on", help="date AAAA-MM-JJ (défaut : aujourd'hui)")
        parser.add_argument("--json", action="store_true", help="sortie JSON")
        parser.add_argument("--in-force-only", action="store_true", help="ignorer les versions issues d'un projet")

    def handle(self, *args, key, on=None, json=False, in_force_only=False, **options):
        # the command line reads as a platform administrator would: published rules are public
        reader = User(role="admin", is_active=True)
        try:
            day = selectors.day_from_text(on, field="on", default=timezone.localdate())
            data = selectors.paytable_data(user=reader, key=key, on=day, drafts=not in_force_only)
        except DomainError as exc:
            raise CommandError(str(exc.message)) from exc
        if json:
            self.stdout.write(_json(data))
            return
        self._print(data)

    def _print(self, data):
        citation = data["citation"]
        status = " (PROJET, non en vigueur)" if citation["status"] == "draft" else ""
        self.stdout.write(f"{data['key']} — {data['title']}")
        self.stdout.write(f"version du {data['effective_from']} · {citation['label']}{status}")
        width = max(len(line["label"]) for line in data["lines"])
        for line in data["lines"]:
            form = line["parsed_text"]
            qualifier = f"  [{line['qualifier']}]" if line["qualifier"] else ""
            self.stdout.write(f"  {line['label']:<{width}}  {line['odds']:<24} → {form}{qualifier}")
        reading = data["reading"]
        if reading["evidence"]:
            words = {"a": "gain net, mise rendue", "pour": "montant total rendu, mise comprise"}
            self.stdout.write(f"lecture de la cote retenue : {words[reading['default']]} (les mots du texte) ; "
                              f"autre lecture : {words[reading['alternative']]}")
            for item in reading["evidence"]:
                self.stdout.write(f"  « {item['quote']} » ({item['citation']})")
            if reading["note"]:
                self.stdout.write(f"  {reading['note']}")


def _json(data) -> str:
    return jsonlib.dumps(data, ensure_ascii=False, indent=2)
