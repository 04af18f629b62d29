from django.core.management.base import BaseCommand

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
                    f"{result.register} : {result.entries} écriture(s){since}, {result.checkpoints} point(s) "
                    "de contrôle — intègre"
                )
                continue
            broken += 1
            self.stdout.write(f"{result.register} : ROMPU au n° {result.first_broken}")
            for problem in result.problems:
                self.stdout.write(f"  {problem}")
        self.stdout.write(f"{len(results)} registre(s) vérifié(s), {broken} rompu(s)")
        if broken:
            raise SystemExit(1)
