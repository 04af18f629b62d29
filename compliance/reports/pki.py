"""The platform's certificate authority: ECDSA P-256 keys (common PDF readers check them) held by the key store
(compliance/keystore.py: files under settings.REGISTER_KEYS_DIR / "pki" for the demo, a PKCS#11 token in production),
outside the database, like the registers' checkpoint keys, so that a database administrator can neither sign a report
nor issue a certificate. Pure cryptography: the certificates on record, their holders and their revocations are the
models' and the services' (compliance/reports/services.py).

Keys (labels `pki/<name>`): `platform-ca` (the root, made on first use, ten years), `platform-tsa` (the timestamping
unit used when no VIGIE_TSA_URL is set; `platform-tsa-<time>` once a ceremony has rotated it), and one key per signing
certificate, named by its serial. The certificates are files (`<name>.cert.pem`, public). A certificate and a CRL are
built by `cryptography`, whose builders sign only with a key they hold: the builder signs with a throwaway key of the
root's kind, then the store signs the to-be-signed bytes with the root's key, and asn1crypto puts the two together
(`_resigned`).
"""

import datetime
import functools
import os
from pathlib import Path

from asn1crypto import crl as asn1_crl
from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from django.conf import settings

from compliance import keystore

ROOT_NAME = "Vigie — autorité de certification de la plateforme"
TSA_NAME = "Vigie — horodatage de la plateforme"
ROOT_YEARS, TSA_YEARS = 10, 10
DOCUMENT_SIGNING = x509.ObjectIdentifier("1.3.6.1.5.5.7.3.36")  # id-kp-documentSigning (RFC 9336)
ROOT_KEY = "platform-ca"
TSA_KEY = "platform-tsa"
CRL_HOURS = 24  # a CRL is remade whenever asked; it tells readers to come back within a day


def folder() -> Path:
    return Path(settings.REGISTER_KEYS_DIR) / "pki"


def label(name: str) -> str:
    """The key's label in the store."""
    return f"pki/{name}"


def public_key(name: str):
    """The public half of the key `name`, the key made in the store on first use: ECDSA P-256, but RSA 3072 for the
    timestamping unit, whose tokens pyHanko's local timestamper signs with RSA only."""
    store = keystore.store()
    if not store.exists(label(name)):
        return store.generate(label(name), keystore.RSA_3072 if name.startswith(TSA_KEY) else keystore.EC_P256)
    return store.public_key(label(name))


def key_exists(name: str) -> bool:
    return keystore.store().exists(label(name))


@functools.cache
def _scratch_key() -> ec.EllipticCurvePrivateKey:
    """The throwaway key the builders sign with before the root's own signature replaces theirs."""
    return ec.generate_private_key(ec.SECP256R1())


def current(base: str) -> str:
    """The key in use for the root (`ROOT_KEY`) or the timestamping unit (`TSA_KEY`): `base` until a ceremony rotates
    it, then `<base>-<n>`, named in the file `<base>.current`."""
    path = folder() / f"{base}.current"
    return path.read_text(encoding="ascii").strip() if path.exists() else base


def _next(base: str) -> str:
    """The next generation's key name: `<base>-2`, then `-3`…"""
    taken = [p.name.removesuffix(".cert.pem").rpartition("-")[2] for p in folder().glob(f"{base}-*.cert.pem")]
    return f"{base}-{max([1, *(int(n) for n in taken if n.isdigit())]) + 1}"


def _point(base: str, name: str) -> None:
    """`name` in use from now on (the file replaced in one step)."""
    pointer = folder() / f"{base}.current"
    pointer.parent.mkdir(parents=True, exist_ok=True)
    staged = pointer.with_suffix(".next")
    staged.write_text(name, encoding="ascii")
    os.replace(staged, pointer)


def _root_signature(tbs: bytes, root: str) -> bytes:
    return keystore.store().sign(label(root), tbs)


def _resigned(builder: x509.CertificateBuilder, root: str) -> x509.Certificate:
    """The certificate the builder describes, signed by the key of the root `root` in the store (ecdsa-with-SHA256)."""
    tbs = builder.sign(_scratch_key(), hashes.SHA256()).tbs_certificate_bytes
    signed = asn1_x509.Certificate({"tbs_certificate": asn1_x509.TbsCertificate.load(tbs),
                                    "signature_algorithm": {"algorithm": "sha256_ecdsa"},
                                    "signature_value": _root_signature(tbs, root)})
    return x509.load_der_x509_certificate(signed.dump())


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(microsecond=0)


def _bounded(text: str, limit: int = 64) -> str:
    while len(text.encode()) > limit:
        text = text[:-1]
    return text.rstrip()


def _name(common_name: str, organization: str = "Vigie", country: str = "") -> x509.Name:
    """X.520 bounds a name to 64 (cryptography counts its UTF-8 bytes; a ministry's name may be longer): cut."""
    common_name, organization = _bounded(common_name), _bounded(organization)
    parts = [x509.NameAttribute(NameOID.COMMON_NAME, common_name), x509.NameAttribute(NameOID.ORGANIZATION_NAME,
                                                                                        organization)]
    if country:
        parts.append(x509.NameAttribute(NameOID.COUNTRY_NAME, country))
    return x509.Name(parts)


def _stored(name: str, make) -> x509.Certificate:
    path = folder() / f"{name}.cert.pem"
    if not path.exists():
        keystore.write_once(path, make().public_bytes(serialization.Encoding.PEM))
    return x509.load_pem_x509_certificate(path.read_bytes())


def root_certificate(name: str = "") -> x509.Certificate:
    """The platform's self-signed root in use (or the root `name`): what a reader trusts to check every report. A root
    after the first is named with its generation (« … n° 2 »): two roots never share a name."""
    name = name or current(ROOT_KEY)

    def make():
        now, root_public = _now(), public_key(name)
        subject = _name(ROOT_NAME if name == ROOT_KEY else f"{ROOT_NAME} n° {name.rpartition('-')[2]}")
        builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(root_public)
                .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
                .not_valid_after(now + datetime.timedelta(days=365 * ROOT_YEARS))
                .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
                .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False,
                                             key_encipherment=False, data_encipherment=False, key_agreement=False,
                                             key_cert_sign=True, crl_sign=True, encipher_only=False,
                                             decipher_only=False), critical=True)
                .add_extension(x509.SubjectKeyIdentifier.from_public_key(root_public), critical=False))
        return _resigned(builder, name)
    return _stored(name, make)


def root_names() -> list[str]:
    """Every root the platform has had, the one in use first: the certificates an earlier root issued verify by it
    (its key kept to sign its CRL) until they expire."""
    root_certificate()
    names = [p.name.removesuffix(".cert.pem") for p in folder().glob(f"{ROOT_KEY}*.cert.pem")]
    in_use = current(ROOT_KEY)
    return [in_use, *sorted((n for n in names if n != in_use), key=lambda n: (len(n), n), reverse=True)]


def roots() -> list[x509.Certificate]:
    return [root_certificate(name) for name in root_names()]


def root_rotate() -> tuple[str, str]:
    """A new root, its key made in the store, in use from now on: the certificates it issues name it; the old root
    stays trusted and signs its own CRL. (previous, new)."""
    previous, name = current(ROOT_KEY), _next(ROOT_KEY)
    root_certificate(name)
    _point(ROOT_KEY, name)
    return previous, name


def _issued(subject: x509.Name, public_key, *, days: int, usage: x509.KeyUsage, purposes: list,
            serial: int | None = None, crl_url: str = "") -> x509.Certificate:
    issuer = current(ROOT_KEY)
    root, now = root_certificate(issuer), _now()
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(root.subject).public_key(public_key)
               .serial_number(serial or x509.random_serial_number())
               .not_valid_before(now - datetime.timedelta(minutes=5))
               .not_valid_after(min(now + datetime.timedelta(days=days), root.not_valid_after_utc))
               .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
               .add_extension(usage, critical=True)
               .add_extension(x509.ExtendedKeyUsage(purposes), critical=False)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(public_key), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root.public_key()), critical=False))
    if crl_url:
        point = x509.DistributionPoint([x509.UniformResourceIdentifier(crl_url)], None, None, None)
        builder = builder.add_extension(x509.CRLDistributionPoints([point]), critical=False)
    return _resigned(builder, issuer)


def tsa_key_name() -> str:
    """The timestamping unit's key in use: `platform-tsa` until a ceremony rotates it (`tsa_rotate`)."""
    return current(TSA_KEY)


def tsa_certificate(name: str = "") -> x509.Certificate:
    """The platform's own timestamping unit (RFC 3161), for a single machine without a TSA of its own: the one in use,
    or the one of the key `name`."""
    name = name or tsa_key_name()

    def make():
        tsa_public = public_key(name)
        usage = x509.KeyUsage(digital_signature=True, content_commitment=True, key_encipherment=False,
                              data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
                              encipher_only=False, decipher_only=False)
        return _issued(_name(TSA_NAME), tsa_public, days=365 * TSA_YEARS, usage=usage,
                       purposes=[ExtendedKeyUsageOID.TIME_STAMPING])
    return _stored(name, make)


def tsa_rotate() -> tuple[str, str]:
    """A new key and certificate for the timestamping unit, issued by the root in use; the old key destroyed: a token
    it signed carries its certificate and verifies by the root that issued it. (previous, new)."""
    previous, name = tsa_key_name(), _next(TSA_KEY)
    tsa_certificate(name)
    _point(TSA_KEY, name)
    keystore.store().destroy(label(previous))
    return previous, name


def new_serial() -> int:
    return x509.random_serial_number()


def signing_certificate(*, key_name: str, common_name: str, organization: str, country: str, days: int,
                        crl_url: str, serial: int | None = None) -> x509.Certificate:
    """A report signer's certificate (a casino, a regulator): digital signature and non-repudiation."""
    usage = x509.KeyUsage(digital_signature=True, content_commitment=True, key_encipherment=False,
                          data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
                          encipher_only=False, decipher_only=False)
    return _issued(_name(common_name, organization, country), public_key(key_name), days=days,
                   usage=usage, purposes=[DOCUMENT_SIGNING, ExtendedKeyUsageOID.EMAIL_PROTECTION], crl_url=crl_url,
                   serial=serial)


def revocation_list(revoked: list[tuple[int, datetime.datetime]], number: int,
                    root_name: str = "") -> x509.CertificateRevocationList:
    """The CRL of the root in use (or of the root `root_name`): every certificate revoked, with the time of its
    revocation (serials are random: one a root did not issue concerns no certificate of its); `number`, increasing."""
    root_name = root_name or current(ROOT_KEY)
    root, now = root_certificate(root_name), _now()
    builder = (x509.CertificateRevocationListBuilder().issuer_name(root.subject).last_update(now)
               .next_update(now + datetime.timedelta(hours=CRL_HOURS))
               .add_extension(x509.CRLNumber(number), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root.public_key()), critical=False))
    for serial, at in revoked:
        builder = builder.add_revoked_certificate(
            x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(at).build())
    tbs = builder.sign(_scratch_key(), hashes.SHA256()).tbs_certlist_bytes
    signed = asn1_crl.CertificateList({"tbs_cert_list": asn1_crl.TbsCertList.load(tbs),
                                       "signature_algorithm": {"algorithm": "sha256_ecdsa"},
                                       "signature": _root_signature(tbs, root_name)})
    return x509.load_der_x509_crl(signed.dump())


def pem(certificate: x509.Certificate) -> str:
    return certificate.public_bytes(serialization.Encoding.PEM).decode()


def der(item) -> bytes:
    return item.public_bytes(serialization.Encoding.DER)

