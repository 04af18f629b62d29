from django.core.management.base import BaseCommand

from registers.chain.verification import registers_verify


class Command(BaseCommand):
    help = (
        "Recalcule chaque empreinte et vérifie chaque point de contrôle signé ; nomme le premier numéro "
        "rompu et ce qui ne va pas. Code de sortie 1 si un registre est rompu."
    )

    def add_arguments(self, parser):
        parser.add_argument("--casino", help="code du casino (défaut : tous)")
        parser.add_argument("--register", help="type de registre, ex. orphelins (défaut : tous)")

    def handle(self, *args, casino=None, register=None, **options):
        results = registers_verify(casino_code=casino, kind=register)
        broken = 0
        for result in results:
            if result.ok:
                self.stdout.write(
                    f"{result.register} : {result.entries} écriture(s), {result.checkpoints} point(s) "
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
