import datetime
import json
import time
from dataclasses import asdict

from django.core.management.base import BaseCommand, CommandError

from compliance.errors import DomainError
from registers.scale.services import scale_generate


class Command(BaseCommand):
    help = (
        "Génère des casinos luxembourgeois « echelle-<n> » tenus depuis `--years` ans jusqu'à hier (issue 19) : "
        "cartes de jeu (≈ 3 500 000 mouvements par an), bordereaux de 40 tables, ≈ 1 500 000 mains de poker, "
        "chaque journée close et le registre des cartes signé à chaque clôture. `--density` réduit les volumes "
        "(0,01 : un centième). Les comptes de démonstration : <casino>.direction, <casino>.caisse et "
        "echelle.ministere, mot de passe Vigie-echelle-2026!"
    )

    def add_arguments(self, parser):
        parser.add_argument("--casinos", type=int, default=1, help="nombre de casinos (défaut 1)")
        parser.add_argument("--years", type=int, default=1, help="années jusqu'à hier (défaut 1)")
        parser.add_argument("--days", type=int, help="journées jusqu'à hier, au lieu d'années (30 : un mois)")
        parser.add_argument("--until", type=datetime.date.fromisoformat, help="le dernier jour (AAAA-MM-JJ ; "
                                                                                "défaut : hier)")
        parser.add_argument("--density", type=float, default=1.0, help="part des volumes d'une année réelle")
        parser.add_argument("--first", type=int, default=1, help="numéro du premier casino (défaut 1)")
        parser.add_argument("--json", action="store_true", dest="as_json", help="le résultat en JSON")

    def handle(self, *args, casinos, years, days, density, first, until=None, as_json=False, **options):
        if casinos < 1 or years < 1 or (days is not None and days < 1) or not 0 < density <= 4:
            raise CommandError("--casinos, --years et --days : au moins 1 ; --density : de 0 (exclu) à 4")
        if until is not None and until >= datetime.date.today():
            raise CommandError("--until : un jour passé (les registres ne tiennent pas de journée à venir)")
        started = time.perf_counter()
        try:
            done = scale_generate(casinos=casinos, years=years, days=days, density=density, first=first, until=until,
                                  progress=lambda line: self.stderr.write(line))
        except DomainError as refused:
            raise CommandError(f"{refused.field or ''} {refused.message}".strip()) from None
        seconds = time.perf_counter() - started
        if as_json:
            self.stdout.write(json.dumps({"casinos": [asdict(one) for one in done], "seconds": round(seconds, 1)},
                                         ensure_ascii=False, indent=1))
            return
        for one in done:
            self.stdout.write(f"{one.casino} : {one.days} journées, {one.cards:,} cartes, {one.movements:,} "
                              f"mouvements ({one.entries:,} écritures), {one.slips:,} bordereaux, {one.hands:,} mains, "
                              f"{one.jackpots:,} jackpots payés à la main, {one.orphelins:,} orphelins, "
                              f"{one.reports} rapports signés")
        self.stdout.write(f"en {seconds:.0f} s")
