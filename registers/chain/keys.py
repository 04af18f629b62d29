"""The casinos' signing keys, kept as files outside the database (settings.REGISTER_KEYS_DIR): a
database administrator who rewrites a register cannot sign a matching checkpoint."""

import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.conf import settings


def _path(casino_code: str) -> Path:
    return Path(settings.REGISTER_KEYS_DIR) / f"{casino_code}.ed25519.pem"


def private_key(casino_code: str) -> Ed25519PrivateKey:
    """The casino's key, created on first use (file mode 0600)."""
    path = _path(casino_code)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        pem = Ed25519PrivateKey.generate().private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(pem)
    return serialization.load_pem_private_key(path.read_bytes(), password=None)


def public_key(casino_code: str) -> Ed25519PublicKey | None:
    path = _path(casino_code)
    return private_key(casino_code).public_key() if path.exists() else None


def public_hex(key: Ed25519PublicKey) -> str:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex()

