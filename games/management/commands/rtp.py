import json as jsonlib
from fractions import Fraction

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from compliance.errors import DomainError
from compliance.models import User
from games import selectors
from games.rtp.engine import ModelError
from games.rtp.selectors import progressive_from_text, rtp_keys, rtp_report

READING_WORDS = {"a": "nette (gain net, mise rendue)", "pour": "totale (montant total rendu, mise comprise)"}
PRINTED_WORDS = {"a": "« à »", "pour": "« pour »"}


class Command(BaseCommand):
    help = "Taux de retour exact d'une table de paiement, sous les deux lectures de « à » et « pour »."

    def add_arguments(self, parser):
        parser.add_argument("key", nargs="?", help="clé de la table, ex. qc.357.trois_cartes (absent : la liste)")
        parser.add_argument(
            "--reading",
            choices=["default", "literal", "a", "pour"],
            default="default",
            help="lecture affichée en premier : default (celle que les mots du texte appuient, le défaut), literal "
            "(celle du mot imprimé), a (gain net) ou pour (montant total rendu)",
        )
        parser.add_argument("--on", help="date AAAA-MM-JJ (défaut : aujourd'hui)")
        parser.add_argument("--progressive", help="montant du lot progressif, ex. 25000.00")
        parser.add_argument("--json", action="store_true", help="sortie JSON (les deux lectures)")

    def handle(self, *args, key=None, reading="default", on=None, progressive=None, json=False, **options):
        if key is None:
            self.stdout.write("\n".join(rtp_keys()))
            return
        reader = User(role="admin", is_active=True)  # rules are public law
        try:
            day = selectors.day_from_text(on, field="on", default=timezone.localdate())
            amount = progressive_from_text(progressive)
            report = rtp_report(user=reader, key=key, on=day, progressive=amount)
        except DomainError as exc:
            option = f"--{exc.field} : " if exc.field in {"progressive", "on"} else ""
            raise CommandError(f"{option}{exc.message}") from exc
        except ModelError as exc:
            raise CommandError(str(exc)) from exc
        named = {"default": report["default_reading"], "literal": report["literal_reading"] or "a"}
        chosen = named.get(reading, reading)
        if json:
            self.stdout.write(jsonlib.dumps(report | {"selected_reading": chosen}, ensure_ascii=False, indent=2))
            return
        self._print(report, chosen)

    def _print(self, report, chosen):
        reading = report["reading"]
        self.stdout.write(f"{report['key']} — {report['title']} ({report['citation']['label']})")
        self.stdout.write(report["note"])
        self.stdout.write(f"Mot imprimé : {PRINTED_WORDS.get(reading['printed'], 'aucun (montants fixes)')}")
        supported = " — celle que les mots du texte appuient" if reading["supported_by_text"] else ""
        self.stdout.write(f"Lecture du texte : {READING_WORDS[report['default_reading']]}{supported}")
        for item in reading["evidence"]:
            self.stdout.write(f"  « {item['quote']} » ({item['citation']})")
        if reading["note"]:
            self.stdout.write(f"  {reading['note']}")
        self.stdout.write(f"Lecture affichée : {READING_WORDS[chosen]}")
        for flag in report["flags"]:
            self.stdout.write(
                f"⚑ {flag['variant']} : les deux lectures diffèrent de {_percent(flag['gap']['decimal'])} points"
            )
        other = "pour" if chosen == "a" else "a"
        for variant, other_variant in zip(report["readings"][chosen], report["readings"][other], strict=True):
            self.stdout.write(f"\n{variant['label']}")
            for line in variant["lines"]:
                contribution = line["contribution"]
                shown = _percent(contribution["decimal"]) + " %" if contribution else "—"
                self.stdout.write(
                    f"  {line['label'][:40]:<40} {line['odds']:<14} p = "
                    f"{line['probability']['fraction']:<22} contribution {shown}"
                )
            if variant["return"] is None:
                self.stdout.write("  Retour : dépend de la stratégie du joueur (voir l'évaluation du jeu)")
                continue
            self.stdout.write(
                f"  Retour {_percent(variant['return']['decimal'])} % "
                f"({variant['return']['fraction']}), avantage de la maison "
                f"{_percent(variant['house_edge']['decimal'])} %, fréquence de gain "
                f"{_percent(variant['hit_frequency']['decimal'])} % ; autre lecture : "
                f"{_percent(other_variant['return']['decimal'])} %"
            )
        for evaluation in report["strategy"]:
            edge = evaluation["house_edge_decimal"]
            warning = " — AVANTAGE AU JOUEUR, à vérifier" if edge and edge.startswith("-") else ""
            self.stdout.write(
                f"\nStratégie « {evaluation['name']} » ({evaluation['method']}) : avantage "
                f"{_percent(edge) + ' %' if edge else evaluation['status']}{warning}"
            )
            for other in evaluation["alternatives"]:
                flag = "⚑ " if other["flagged"] else ""
                self.stdout.write(f"  {flag}{other['description']} Avantage {_percent(other['house_edge_decimal'])} %")


def _percent(decimal_text: str) -> str:
    return f"{float(Fraction(decimal_text) * 100):.4f}".replace(".", ",")
