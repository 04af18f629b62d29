"""The key ceremony (issue 40 point 1): what the platform administrator does to the keys outside the database, each
step audited through compliance/reports/services.py (`key_ceremony_record`, `certificate_rotate`,
`certificate_revoke`). `manage.py keys_ceremony` and `manage.py keys_migrate` are its thin commands.

- initialise a token: SoftHSM2's, in development (`softhsm2-util --init-token`); a production HSM's token is
  initialised by its vendor's tools, and only its module, its token and its PIN are given to Vigie;
- create a key in the token (or the file store): generated there, never extractable;
- export a certificate (the root, the timestamping unit, a signing certificate by its serial);
- rotate a holder's signing certificate (a new key), the old one superseded but still verifying what it signed;
- rotate the platform's root: the timestamping unit and every current signing certificate issued again under the new
  root, the old root still trusted and signing its CRL until what it issued expires;
- rotate the platform's timestamping unit: a new key and certificate stamp from then on, the old key destroyed (the
  tokens it signed carry its certificate, which the root issued, and verify by it);
- revoke a certificate;
- migrate once the file keys into the token, then delete the files.
"""

import shutil
import subprocess  # nosec B404  # SoftHSM's own tool, development tokens only
from pathlib import Path

from cryptography.hazmat.primitives import hashes

from compliance import keystore
from compliance.models import User

from . import pki, selectors, services
from .models import SigningCertificate


class CeremonyError(Exception):
    pass


def token_initialise(*, actor: User, label: str, so_pin: str, pin: str) -> str:
    """A new SoftHSM2 token (its folder is SOFTHSM2_CONF's `directories.tokendir`)."""
    tool = shutil.which("softhsm2-util")
    if tool is None:
        raise CeremonyError("softhsm2-util is missing: apt-get install softhsm2 (a production HSM's token is "
                            "initialised with its vendor's tools)")
    # argv, no shell; the PINs are a development token's (a production HSM is initialised with its vendor's tools)
    done = subprocess.run([tool, "--init-token", "--free", "--label", label, "--so-pin", so_pin, "--pin", pin],
                          capture_output=True, text=True, check=False)  # nosec B603
    if done.returncode:
        raise CeremonyError(done.stderr.strip() or done.stdout.strip())
    services.key_ceremony_record(actor=actor, step="token_initialised", label=label)
    return done.stdout.strip()


def key_create(*, actor: User, label: str, kind: str):
    """A key generated in the store the settings name; refused when one of that label exists."""
    store = keystore.store()
    if kind not in keystore.KINDS:
        raise CeremonyError(f"kind: one of {', '.join(keystore.KINDS)}")
    if store.exists(label):
        raise CeremonyError(f"a key {label!r} exists already")
    public = store.generate(label, kind)
    services.key_ceremony_record(actor=actor, step="key_created", label=label, details={"kind": kind})
    return public


def certificate_export(*, actor: User, which: str, out: Path) -> str:
    """`root`, `tsa` or a signing certificate's serial, written as PEM; its SHA-256 returned."""
    if which == "root":
        certificate = pki.root_certificate()
    elif which == "tsa":
        certificate = pki.tsa_certificate()
    else:
        record = SigningCertificate.objects.filter(serial=which.lower()).first()
        if record is None:
            raise CeremonyError(f"no certificate {which}")
        certificate = selectors.certificate_x509(record)
    out.write_text(pki.pem(certificate), encoding="ascii")
    fingerprint = certificate.fingerprint(hashes.SHA256()).hex()
    services.key_ceremony_record(actor=actor, step="certificate_exported", label=which,
                                 details={"sha256": fingerprint})
    return fingerprint


def _holder_certificate(*, casino: str = "", jurisdiction: str = "", serial: str = "") -> SigningCertificate:
    query = SigningCertificate.objects.all()
    if serial:
        found = query.filter(serial=serial.lower()).first()
    else:
        found = query.filter(revoked_at__isnull=True, superseded_at__isnull=True,
                             **({"casino__code": casino} if casino else {"jurisdiction__code": jurisdiction})).first()
    if found is None:
        raise CeremonyError("no such certificate")
    return found


def certificate_rotate(*, actor: User, casino: str = "", jurisdiction: str = "") -> SigningCertificate:
    return services.certificate_rotate(actor=actor, certificate=_holder_certificate(casino=casino,
                                                                                    jurisdiction=jurisdiction))


def tsa_rotate(*, actor: User) -> str:
    """The timestamping unit's new key and certificate; its SHA-256 returned."""
    previous, current = pki.tsa_rotate()
    fingerprint = pki.tsa_certificate().fingerprint(hashes.SHA256()).hex()
    services.key_ceremony_record(actor=actor, step="tsa_rotated", label=pki.label(current),
                                 details={"previous": pki.label(previous), "sha256": fingerprint})
    return fingerprint


def root_rotate(*, actor: User) -> tuple[str, list[SigningCertificate]]:
    """A new root: the timestamping unit and every current signing certificate issued again under it (each old one
    superseded, as by `certificate_rotate`). The old root stays a trust anchor and signs its CRL, its key kept, until
    the certificates it issued expire. The new root's SHA-256 and the new certificates returned."""
    if not actor.is_platform_admin:
        raise CeremonyError("--as: a platform administrator")
    previous, current = pki.root_rotate()
    tsa_previous, tsa_current = pki.tsa_rotate()
    holders = SigningCertificate.objects.filter(revoked_at__isnull=True, superseded_at__isnull=True).order_by("pk")
    issued = [services.certificate_rotate(actor=actor, certificate=old) for old in holders]
    fingerprint = pki.root_certificate().fingerprint(hashes.SHA256()).hex()
    services.key_ceremony_record(actor=actor, step="root_rotated", label=pki.label(current), details={
        "previous": pki.label(previous), "sha256": fingerprint, "tsa": pki.label(tsa_current),
        "tsa_previous": pki.label(tsa_previous), "certificates": [new.serial for new in issued]})
    return fingerprint, issued


def certificate_revoke(*, actor: User, serial: str, reason: str) -> SigningCertificate:
    return services.certificate_revoke(actor=actor, certificate=_holder_certificate(serial=serial), reason=reason)


def files_migrate(*, actor: User) -> list[str]:
    """Once: every private key file of the file store imported into the token (its public key compared), then the file
    deleted (overwritten first). The certificates stay files: they are public."""
    token = keystore.store()
    if token.backend != keystore.PKCS11:
        raise CeremonyError("VIGIE_KEYS_BACKEND=pkcs11 names the token the keys go to")
    files = keystore.store(keystore.FILE)
    moved = []
    for label in files.labels():
        key = files.private_key(label)
        if not token.exists(label):
            token.import_key(label, key)
        if keystore.public_raw(token.public_key(label)) != keystore.public_raw(key.public_key()):
            raise CeremonyError(f"the token's key {label!r} is not the file's: nothing deleted")
        files.destroy(label)
        moved.append(label)
    services.key_ceremony_record(actor=actor, step="files_migrated", label="*", details={"keys": moved})
    return moved
