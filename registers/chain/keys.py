"""The casinos' checkpoint keys (Ed25519), held by the key store outside the database (compliance/keystore.py: a file
under settings.REGISTER_KEYS_DIR for the demo, a PKCS#11 token in production, label `checkpoint/<casino>`): a database
administrator who rewrites a register cannot sign a matching checkpoint."""

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from compliance import keystore


def label(casino_code: str) -> str:
    return f"checkpoint/{casino_code}"


def private_key(casino_code: str) -> keystore.StoredKey:
    """The casino's key, created on first use, as an object that signs (`sign`, `public_key`): its private half never
    leaves the store."""
    store = keystore.store()
    if not store.exists(label(casino_code)):
        store.generate(label(casino_code), keystore.ED25519)
    return keystore.StoredKey(label(casino_code), store)


def public_key(casino_code: str) -> Ed25519PublicKey | None:
    store = keystore.store()
    return store.public_key(label(casino_code)) if store.exists(label(casino_code)) else None


def public_hex(key: Ed25519PublicKey) -> str:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex()
