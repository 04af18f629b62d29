from pathlib import Path

from cryptography.hazmat.primitives import hashes
from django.core.management.base import BaseCommand

from compliance.reports import pki


class Command(BaseCommand):
    help = (
        "Écrit le certificat racine de la plateforme (PEM), celui que sert /pki/racine.pem : l'ancre de confiance "
        "avec laquelle un outil tiers (pyHanko, pdfsig) vérifie un rapport signé. Sans --out, l'affiche."
    )

    def add_arguments(self, parser):
        parser.add_argument("--out", help="écrire le PEM dans ce fichier")

    def handle(self, *args, out=None, **options):
        root = pki.root_certificate()
        text = pki.pem(root)
        if not out:
            self.stdout.write(text, ending="")
            return
        Path(out).write_text(text, encoding="ascii")
        self.stdout.write(f"racine de la plateforme → {out} · SHA-256 {root.fingerprint(hashes.SHA256()).hex()}")
