from django.core.management.base import BaseCommand
from django.utils.translation import ngettext

from compliance.formatting import entries
from registers.chain.verification import registers_verify


class Command(BaseCommand):
    help = (
        "Recalcule les empreintes et vérifie les points de contrôle signés depuis le dernier point de contrôle "
        "vérifié (depuis la première écriture avec --full) ; nomme le premier numéro rompu et ce qui ne va pas. "
        "Code de sortie 1 si un registre est rompu."
    )

    def add_arguments(self, parser):
        parser.add_argument("--casino", help="code du casino (défaut : tous)")
        parser.add_argument("--register", help="type de registre, ex. orphelins (défaut : tous)")
        parser.add_argument("--full", action="store_true", help="depuis la première écriture de chaque registre")

    def handle(self, *args, casino=None, register=None, full=False, **options):
        results = registers_verify(casino_code=casino, kind=register, full=full)
        broken = 0
        for result in results:
            if result.ok:
                since = f" depuis le n° {result.since}" if result.since else ""
                self.stdout.write(
                    f"{result.register} : {entries(result.entries)}{since}, {checkpoints(result.checkpoints)} — "
                    "intègre"
                )
                continue
            broken += 1
            self.stdout.write(f"{result.register} : ROMPU au n° {result.first_broken}")
            for problem in result.problems:
                self.stdout.write(f"  {problem}")
        verified = ngettext("%(n)s registre vérifié", "%(n)s registres vérifiés", len(results)) % {"n": len(results)}
        self.stdout.write(f"{verified}, " + ngettext("%(n)s rompu", "%(n)s rompus", broken) % {"n": broken})
        if broken:
            raise SystemExit(1)


def checkpoints(count: int) -> str:
    return ngettext("%(n)s point de contrôle", "%(n)s points de contrôle", count) % {"n": count}
