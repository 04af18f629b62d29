from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from compliance import keystore
from compliance.errors import DomainError
from compliance.models import SYSTEM_USERNAME, User
from compliance.reports import ceremony


class Command(BaseCommand):
    help = (
        "La cérémonie des clés (clés dans un HSM par PKCS#11, SoftHSM2 en développement), chaque étape inscrite au "
        "journal d'audit : init-token, create, export, rotate, revoke, list."
    )

    def add_arguments(self, parser):
        parser.add_argument("step", choices=["init-token", "create", "export", "rotate", "revoke", "list"])
        parser.add_argument("--as", dest="username", help="l'administrateur de la plateforme (défaut : le seul)")
        parser.add_argument("--label", help="init-token : le nom du jeton ; create : le nom de la clé (pki/…)")
        parser.add_argument("--kind", default=keystore.EC_P256, choices=keystore.KINDS)
        parser.add_argument("--so-pin", help="init-token : le PIN du responsable de sécurité")
        parser.add_argument("--pin", help="init-token : le PIN de l'utilisateur (VIGIE_PKCS11_PIN ensuite)")
        parser.add_argument("--certificate", help="export : root, tsa ou le numéro de série")
        parser.add_argument("--out", help="export : le fichier PEM")
        parser.add_argument("--casino", default="", help="rotate : le code du casino titulaire")
        parser.add_argument("--jurisdiction", default="", help="rotate : le code de la juridiction titulaire")
        parser.add_argument("--tsa", action="store_true", help="rotate : l'unité d'horodatage de la plateforme")
        parser.add_argument("--root", action="store_true",
                            help="rotate : la racine de la plateforme (l'horodatage et chaque certificat réémis)")
        parser.add_argument("--serial", help="revoke : le numéro de série")
        parser.add_argument("--reason", default="", help="revoke : le motif")

    def handle(self, *args, step, username=None, **o):
        admins = User.objects.filter(role=User.Role.ADMIN).exclude(username=SYSTEM_USERNAME)
        admins = admins.filter(**({"username": username} if username else {}))
        if admins.count() != 1:
            raise CommandError("--as: name the platform administrator who leads the ceremony")
        actor = admins.get()
        store = keystore.store()
        try:
            if step == "init-token":
                self.stdout.write(ceremony.token_initialise(actor=actor, label=o["label"], so_pin=o["so_pin"],
                                                            pin=o["pin"]))
            elif step == "create":
                ceremony.key_create(actor=actor, label=o["label"], kind=o["kind"])
                self.stdout.write(f"clé {o['label']} ({o['kind']}) créée · {store.describe()}")
            elif step == "export":
                digest = ceremony.certificate_export(actor=actor, which=o["certificate"], out=Path(o["out"]))
                self.stdout.write(f"{o['certificate']} → {o['out']} · SHA-256 {digest}")
            elif step == "rotate" and o["root"]:
                digest, issued = ceremony.root_rotate(actor=actor)
                self.stdout.write(f"nouvelle racine · SHA-256 {digest} · certificats réémis : {len(issued)} · "
                                  f"{store.describe()}")
            elif step == "rotate" and o["tsa"]:
                digest = ceremony.tsa_rotate(actor=actor)
                self.stdout.write(f"nouvelle unité d'horodatage · SHA-256 {digest} · {store.describe()}")
            elif step == "rotate":
                new = ceremony.certificate_rotate(actor=actor, casino=o["casino"], jurisdiction=o["jurisdiction"])
                self.stdout.write(f"nouveau certificat {new.serial} · clé {new.key_name} · {store.describe()}")
            elif step == "revoke":
                old = ceremony.certificate_revoke(actor=actor, serial=o["serial"], reason=o["reason"])
                self.stdout.write(f"certificat {old.serial} révoqué")
            else:
                self.stdout.write(store.describe())
                for label in store.labels():
                    self.stdout.write(f"  {label}")
        except (ceremony.CeremonyError, keystore.KeyStoreError, DomainError) as exc:
            raise CommandError(str(exc)) from exc
