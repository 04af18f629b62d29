"""Where the platform's and the casinos' private keys live and how they sign: one interface, two backends chosen by the
settings (VIGIE_KEYS_BACKEND, issue 40 point 1).

- `file` (the default, for the demo only): PEM files outside the database, under settings.REGISTER_KEYS_DIR, mode
  0600: `pki/<name>.key.pem` for the platform's certificate authority (compliance/reports/pki.py),
  `<casino>.ed25519.pem` for a casino's checkpoint key (registers/chain/keys.py), as before this module.
- `pkcs11`: a PKCS#11 token (an HSM; SoftHSM2 in development and the tests): VIGIE_PKCS11_MODULE (the module's path),
  VIGIE_PKCS11_TOKEN (its label) or VIGIE_PKCS11_SLOT, VIGIE_PKCS11_PIN. Keys are generated in the token, sensitive and
  never extractable; every signature is the token's. Only `keys_migrate` imports a key made before (a file's).

A key is named by a label, `pki/<name>` or `checkpoint/<casino>`, and is of one kind: `ec-p256` (ECDSA with SHA-256,
signature DER-encoded), `rsa-3072` (PKCS#1 v1.5 with SHA-256; the timestamping unit's) or `ed25519` (the registers'
checkpoints). The interface: exists, generate, public_key, sign, labels, delete (the ceremony's destruction) and
import_key (the migration). No module above reads a private key: it asks this one to sign.
"""

import contextlib
import functools
import hashlib
import os
import threading
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
from django.conf import settings
from django.utils.translation import gettext as _

EC_P256, RSA_3072, ED25519 = "ec-p256", "rsa-3072", "ed25519"
KINDS = (EC_P256, RSA_3072, ED25519)
FILE, PKCS11 = "file", "pkcs11"


def write_once(path: Path, data: bytes) -> None:
    """Created with mode 0600, never overwritten: two processes racing keep the first one's file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)

class KeyStoreError(Exception):
    """A key asked for that the store does not hold, or a token that cannot be reached."""


def _kind_of(public_key) -> str:
    if isinstance(public_key, ec.EllipticCurvePublicKey):
        return EC_P256
    if isinstance(public_key, rsa.RSAPublicKey):
        return RSA_3072
    return ED25519


class FileKeyStore:
    """The keys as PEM files (unencrypted, mode 0600): the demo's and a single machine's, never production's."""

    backend = FILE

    def __init__(self, folder: Path):
        self.folder = Path(folder)

    def describe(self) -> str:
        return str(self.folder)

    def path(self, label: str) -> Path:
        space, _, name = label.partition("/")
        if space == "pki":
            return self.folder / "pki" / f"{name}.key.pem"
        if space == "checkpoint":
            return self.folder / f"{name}.ed25519.pem"
        raise KeyStoreError(f"unknown key label {label!r}")

    def exists(self, label: str) -> bool:
        return self.path(label).exists()

    def labels(self) -> list[str]:
        found = [f"pki/{p.name.removesuffix('.key.pem')}" for p in sorted((self.folder / "pki").glob("*.key.pem"))]
        return found + [f"checkpoint/{p.name.removesuffix('.ed25519.pem')}"
                        for p in sorted(self.folder.glob("*.ed25519.pem"))]

    def generate(self, label: str, kind: str):
        """Made once: two processes racing keep the first one's file."""
        if kind == RSA_3072:
            key = rsa.generate_private_key(65537, 3072)
        elif kind == EC_P256:
            key = ec.generate_private_key(ec.SECP256R1())
        else:
            key = ed25519.Ed25519PrivateKey.generate()
        write_once(self.path(label), key.private_bytes(serialization.Encoding.PEM,
                                                             serialization.PrivateFormat.PKCS8,
                                                             serialization.NoEncryption()))
        return self.public_key(label)

    def private_key(self, label: str):
        """The key itself: the file backend's alone (pyHanko's SimpleSigner, the migration into a token)."""
        path = self.path(label)
        if not path.exists():
            raise KeyStoreError(f"no key {label!r} in {self.folder}")
        return _loaded(path.read_bytes())

    def public_key(self, label: str):
        return self.private_key(label).public_key()

    def sign(self, label: str, data: bytes) -> bytes:
        key = self.private_key(label)
        if isinstance(key, ec.EllipticCurvePrivateKey):
            return key.sign(data, ec.ECDSA(hashes.SHA256()))
        if isinstance(key, rsa.RSAPrivateKey):
            return key.sign(data, padding.PKCS1v15(), hashes.SHA256())
        return key.sign(data)

    def destroy(self, label: str) -> None:
        """Overwritten, then removed: the key's bytes are not left in the file's blocks."""
        path = self.path(label)
        if path.exists():
            path.write_bytes(b"\0" * path.stat().st_size)
            path.unlink()

    def import_key(self, label: str, private_key) -> None:
        write_once(self.path(label), private_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))


@functools.lru_cache(maxsize=64)
def _loaded(pem: bytes):
    """Keyed by the file's bytes, so a key replaced on disk is read again; loading checks an RSA key's consistency,
    a tenth of a second that every timestamp would pay again."""
    return serialization.load_pem_private_key(pem, password=None)


class Pkcs11KeyStore:
    """The keys in a PKCS#11 token. One session stays open per process (the login lasts as long as a session does);
    each operation opens its own beside it. A forked process (the Celery worker's children) opens its own."""

    backend = PKCS11

    def __init__(self, *, module: str, token: str, slot: int | None, pin: str):
        self.module, self.token_label, self.slot, self.pin = module, token, slot, pin
        self._lock = threading.RLock()
        self._pid = None
        self._token = None
        self._login = None

    def describe(self) -> str:
        where = (_("jeton « %(label)s »") % {"label": self.token_label} if self.token_label
                 else _("emplacement %(slot)s") % {"slot": self.slot})
        return f"{Path(self.module).name}, {where}"

    def _open(self):
        import pkcs11

        with self._lock:
            if self._pid == os.getpid() and self._login is not None:
                return self._token
            lib = pkcs11.lib(self.module)
            lib.reinitialize()  # a fresh C_Initialize: after a fork, or another SOFTHSM2_CONF (each test's token)
            if self.token_label:
                token = lib.get_token(token_label=self.token_label)
            else:
                token = next(s.get_token() for s in lib.get_slots(token_present=True) if s.slot_id == self.slot)
            self._login = token.open(rw=True, user_pin=self.pin)
            self._token, self._pid = token, os.getpid()
            return token

    def close(self) -> None:
        with self._lock:
            if self._login is not None and self._pid == os.getpid():
                with contextlib.suppress(Exception):
                    self._login.close()
            self._login, self._token, self._pid = None, None, None

    @contextlib.contextmanager
    def session(self):
        """A session on the token, logged in through the process's own (pyHanko's PKCS11Signer takes one)."""
        token = self._open()
        with token.open(rw=True) as session:
            yield session

    def _private(self, session, label: str):
        from pkcs11 import ObjectClass
        from pkcs11.exceptions import MultipleObjectsReturned, NoSuchKey

        try:
            return session.get_key(object_class=ObjectClass.PRIVATE_KEY, label=label)
        except NoSuchKey as exc:
            raise KeyStoreError(f"no key {label!r} in the token") from exc
        except MultipleObjectsReturned as exc:
            raise KeyStoreError(f"two keys {label!r} in the token") from exc

    def exists(self, label: str) -> bool:
        from pkcs11 import Attribute, ObjectClass

        with self.session() as session:
            return bool(list(session.get_objects({Attribute.CLASS: ObjectClass.PRIVATE_KEY, Attribute.LABEL: label})))

    def labels(self) -> list[str]:
        from pkcs11 import Attribute, ObjectClass

        with self.session() as session:
            return sorted(o[Attribute.LABEL] for o in session.get_objects({Attribute.CLASS: ObjectClass.PRIVATE_KEY}))

    def attributes(self, label: str) -> dict:
        """What the token says of the key: whether it ever left it (ceremony's listing, the tests)."""
        from pkcs11 import Attribute

        with self.session() as session:
            key = self._private(session, label)
            return {"sensitive": bool(key[Attribute.SENSITIVE]), "extractable": bool(key[Attribute.EXTRACTABLE]),
                    "always_sensitive": bool(key[Attribute.ALWAYS_SENSITIVE]),
                    "never_extractable": bool(key[Attribute.NEVER_EXTRACTABLE])}

    @staticmethod
    def _private_template(label: str) -> dict:
        from pkcs11 import Attribute

        return {Attribute.TOKEN: True, Attribute.PRIVATE: True, Attribute.SENSITIVE: True,
                Attribute.EXTRACTABLE: False, Attribute.SIGN: True, Attribute.LABEL: label,
                Attribute.ID: hashlib.sha256(label.encode()).digest()[:16]}

    def generate(self, label: str, kind: str):
        from pkcs11 import Attribute, KeyType, Mechanism
        from pkcs11.util.ec import encode_named_curve_parameters

        with self._lock, self.session() as session:
            if self._exists_in(session, label):
                return self.public_key(label)
            public = {Attribute.TOKEN: True, Attribute.VERIFY: True, Attribute.LABEL: label,
                      Attribute.ID: hashlib.sha256(label.encode()).digest()[:16]}
            private = self._private_template(label)
            if kind == RSA_3072:
                session.generate_keypair(KeyType.RSA, 3072, store=True, label=label, public_template=public,
                                         private_template=private)
            else:
                curve = "secp256r1" if kind == EC_P256 else "1.3.101.112"
                key_type = KeyType.EC if kind == EC_P256 else KeyType.EC_EDWARDS
                params = session.create_domain_parameters(
                    key_type, {Attribute.EC_PARAMS: encode_named_curve_parameters(curve)}, local=True)
                params.generate_keypair(store=True, label=label, public_template=public, private_template=private,
                                        mechanism=(Mechanism.EC_KEY_PAIR_GEN if kind == EC_P256
                                                   else Mechanism.EC_EDWARDS_KEY_PAIR_GEN))
        return self.public_key(label)

    @staticmethod
    def _exists_in(session, label: str) -> bool:
        from pkcs11 import Attribute, ObjectClass

        return bool(list(session.get_objects({Attribute.CLASS: ObjectClass.PRIVATE_KEY, Attribute.LABEL: label})))

    def public_key(self, label: str):
        from asn1crypto.core import OctetString
        from pkcs11 import Attribute, KeyType, ObjectClass

        with self.session() as session:
            found = list(session.get_objects({Attribute.CLASS: ObjectClass.PUBLIC_KEY, Attribute.LABEL: label}))
            if len(found) != 1:
                raise KeyStoreError(f"no single public key {label!r} in the token")
            key = found[0]
            key_type = key[Attribute.KEY_TYPE]
            if key_type == KeyType.RSA:
                return rsa.RSAPublicNumbers(int.from_bytes(key[Attribute.PUBLIC_EXPONENT]),
                                            int.from_bytes(key[Attribute.MODULUS])).public_key()
            point = OctetString.load(key[Attribute.EC_POINT]).native
            if key_type == KeyType.EC:
                return ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
            return ed25519.Ed25519PublicKey.from_public_bytes(point)

    def sign(self, label: str, data: bytes) -> bytes:
        from pkcs11 import Attribute, KeyType, Mechanism
        from pkcs11.util.ec import encode_ecdsa_signature

        with self.session() as session:
            key = self._private(session, label)
            key_type = key[Attribute.KEY_TYPE]
            if key_type == KeyType.EC:  # SoftHSM2 has no CKM_ECDSA_SHA256: the digest, then the raw mechanism
                return encode_ecdsa_signature(key.sign(hashlib.sha256(data).digest(), mechanism=Mechanism.ECDSA))
            if key_type == KeyType.RSA:
                return key.sign(data, mechanism=Mechanism.SHA256_RSA_PKCS)
            return key.sign(data, mechanism=Mechanism.EDDSA)

    def destroy(self, label: str) -> None:
        from pkcs11 import Attribute

        with self.session() as session:
            for obj in list(session.get_objects({Attribute.LABEL: label})):
                obj.destroy()

    def import_key(self, label: str, private_key) -> None:
        """A key made outside the token (the migration of the file keys): stored sensitive and not extractable from
        now on; the token keeps that it was not generated there (CKA_ALWAYS_SENSITIVE false)."""
        from asn1crypto.core import OctetString
        from pkcs11 import Attribute, KeyType, ObjectClass
        from pkcs11.util.ec import encode_named_curve_parameters

        key_id = hashlib.sha256(label.encode()).digest()[:16]
        private = {**self._private_template(label), Attribute.CLASS: ObjectClass.PRIVATE_KEY}
        public = {Attribute.CLASS: ObjectClass.PUBLIC_KEY, Attribute.TOKEN: True, Attribute.VERIFY: True,
                  Attribute.LABEL: label, Attribute.ID: key_id}
        if isinstance(private_key, rsa.RSAPrivateKey):
            numbers = private_key.private_numbers()
            pub = numbers.public_numbers

            def big(n: int) -> bytes:
                return n.to_bytes((n.bit_length() + 7) // 8, "big")
            private.update({Attribute.KEY_TYPE: KeyType.RSA, Attribute.MODULUS: big(pub.n),
                            Attribute.PUBLIC_EXPONENT: big(pub.e), Attribute.PRIVATE_EXPONENT: big(numbers.d),
                            Attribute.PRIME_1: big(numbers.p), Attribute.PRIME_2: big(numbers.q),
                            Attribute.EXPONENT_1: big(numbers.dmp1), Attribute.EXPONENT_2: big(numbers.dmq1),
                            Attribute.COEFFICIENT: big(numbers.iqmp)})
            public.update({Attribute.KEY_TYPE: KeyType.RSA, Attribute.MODULUS: big(pub.n),
                           Attribute.PUBLIC_EXPONENT: big(pub.e)})
        elif isinstance(private_key, ec.EllipticCurvePrivateKey):
            params = encode_named_curve_parameters("secp256r1")
            point = private_key.public_key().public_bytes(serialization.Encoding.X962,
                                                          serialization.PublicFormat.UncompressedPoint)
            private.update({Attribute.KEY_TYPE: KeyType.EC, Attribute.EC_PARAMS: params,
                            Attribute.VALUE: private_key.private_numbers().private_value.to_bytes(32, "big")})
            public.update({Attribute.KEY_TYPE: KeyType.EC, Attribute.EC_PARAMS: params,
                           Attribute.EC_POINT: OctetString(point).dump()})
        else:
            params = encode_named_curve_parameters("1.3.101.112")
            raw = private_key.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                                            serialization.NoEncryption())
            point = private_key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
            private.update({Attribute.KEY_TYPE: KeyType.EC_EDWARDS, Attribute.EC_PARAMS: params,
                            Attribute.VALUE: raw})
            public.update({Attribute.KEY_TYPE: KeyType.EC_EDWARDS, Attribute.EC_PARAMS: params,
                           Attribute.EC_POINT: OctetString(point).dump()})
        with self._lock, self.session() as session:
            if self._exists_in(session, label):
                raise KeyStoreError(f"a key {label!r} is already in the token")
            session.create_object(private)
            session.create_object(public)


_STORES: dict = {}


def store(backend: str | None = None):
    """The key store the settings name (one per configuration and process)."""
    backend = backend or getattr(settings, "KEYS_BACKEND", FILE)
    if backend == FILE:
        key = (FILE, str(settings.REGISTER_KEYS_DIR))
        if key not in _STORES:
            _STORES[key] = FileKeyStore(Path(settings.REGISTER_KEYS_DIR))
        return _STORES[key]
    if backend != PKCS11:
        raise KeyStoreError(f"VIGIE_KEYS_BACKEND: « file » or « pkcs11 », not {backend!r}")
    key = (PKCS11, settings.PKCS11_MODULE, settings.PKCS11_TOKEN, settings.PKCS11_SLOT, settings.PKCS11_PIN,
           os.environ.get("SOFTHSM2_CONF", ""))
    if key not in _STORES:
        for other in [k for k in _STORES if k[0] == PKCS11]:  # one configuration of the module at a time
            _STORES.pop(other).close()
        _STORES[key] = Pkcs11KeyStore(module=settings.PKCS11_MODULE, token=settings.PKCS11_TOKEN,
                                      slot=settings.PKCS11_SLOT, pin=settings.PKCS11_PIN)
    return _STORES[key]


def kind_of(public_key) -> str:
    return _kind_of(public_key)


def public_raw(public_key) -> bytes:
    """A public key's bytes (SubjectPublicKeyInfo), to compare two."""
    return public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


class StoredKey:
    """A key in the store as an object that signs and gives its public key (what cryptography's keys offer)."""

    def __init__(self, label: str, key_store=None):
        self.label, self._store = label, key_store or store()

    def sign(self, data: bytes) -> bytes:
        return self._store.sign(self.label, data)

    def public_key(self):
        return self._store.public_key(self.label)
