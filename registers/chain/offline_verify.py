"""Verifies a register export without the database, Django or Vigie's server:

    python -m registers.chain.offline_verify export.json [--public-key HEX]

Pass the casino's public key you obtained independently (e.g. from the regulator's records): the key
written in the export is used only when none is given, and the report says so. Exit 0 when every
hash and every signed checkpoint holds, 1 otherwise with the first broken sequence number.
"""

import argparse
import json
import sys

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from registers.chain.hashing import CheckpointData, EntryData, verify

FORMAT = "vigie-register-export/1"


def check(document: dict, public_key_hex: str | None) -> tuple[int, list]:
    if document.get("format") != FORMAT:
        raise ValueError(f"format inconnu / unknown format: {document.get('format')!r}")
    key_hex = public_key_hex or document.get("public_key")
    public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(key_hex)) if key_hex else None
    entries = (EntryData(**entry) for entry in document["entries"])
    checkpoints = [CheckpointData(**checkpoint) for checkpoint in document["checkpoints"]]
    return verify(entries, checkpoints, public)


def _counted(count: int, french: str, english: str, english_plural: str) -> str:
    """« 1 écriture / 1 entry », « 10 écritures / 10 entries » (no Django here: French's plural from 2, English's but
    1; a French word's plural takes an s after its first word: « points de contrôle »)."""
    words = french.split(" ", 1)
    plural = " ".join([words[0] + "s", *words[1:]])
    return f"{count} {french if count < 2 else plural} / {count} {english if count == 1 else english_plural}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("export")
    parser.add_argument("--public-key", help="clé publique Ed25519 du casino (hex), obtenue hors de l'export")
    args = parser.parse_args(argv)
    with open(args.export, encoding="utf-8") as handle:
        document = json.load(handle)
    count, problems = check(document, args.public_key)
    if not args.public_key:
        print("attention : clé publique lue dans l'export lui-même / warning: public key taken from the export")
    for problem in problems:
        print(f"{document['register']} {problem}")
    print(
        f"{document['register']} : {_counted(count, 'écriture', 'entry', 'entries')}, "
        f"{_counted(len(document['checkpoints']), 'point de contrôle', 'checkpoint', 'checkpoints')} — "
        + ("intègre / intact" if not problems else f"ROMPU au n° {problems[0].seq} / BROKEN")
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
