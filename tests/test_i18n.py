"""The English catalogue is complete and its compiled form is the one committed."""

import subprocess
from pathlib import Path

from django.conf import settings

PO = Path(settings.BASE_DIR) / "locale" / "en" / "LC_MESSAGES" / "django.po"


def test_every_message_has_an_english_translation():
    untranslated = subprocess.run(["msgattrib", "--untranslated", "--no-obsolete", str(PO)],
                                  capture_output=True, text=True, check=True).stdout
    fuzzy = subprocess.run(["msgattrib", "--only-fuzzy", str(PO)], capture_output=True, text=True, check=True).stdout
    # msgattrib prints only the header entry when nothing is left
    assert untranslated.count("msgid ") <= 1, untranslated
    assert fuzzy == ""


def test_committed_mo_matches_the_po(tmp_path):
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", str(compiled), str(PO)], check=True)
    assert compiled.read_bytes() == PO.with_suffix(".mo").read_bytes()
