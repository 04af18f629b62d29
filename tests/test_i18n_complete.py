"""Issue 36: every message the source yields has its English. `makemessages -l en` runs over a copy of the source (the
committed catalogue is never touched), and each msgid it finds, singular and plural, must have a non-empty, non-fuzzy
msgstr in locale/en/LC_MESSAGES/django.po: a string wrapped in a template or in Python and never translated fails
here, by name, where tests/test_i18n.py reads only what the catalogue already holds."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
PO = ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po"
SKIPPED = {"locale", "var", "staticfiles", "node_modules", "__pycache__"}


def source_copy(into: Path) -> Path:
    """The project's files (what Django reads to start, the sources makemessages walks), with an empty locale/."""
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [name for name in dirs if not name.startswith(".") and name not in SKIPPED]
        for name in files:
            source = Path(folder) / name
            target = into / source.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    (into / "locale").mkdir()
    return into


def messages_of_source(tmp_path: Path) -> Path:
    """The catalogue makemessages makes of the source as it stands: every msgid, no translation."""
    copy = source_copy(tmp_path / "source")
    subprocess.run([sys.executable, "manage.py", "makemessages", "-l", "en", "--no-location", "-v", "0"], cwd=copy,
                   check=True, env={**os.environ, "PYTHONPATH": str(copy)})
    return copy / "locale" / "en" / "LC_MESSAGES" / "django.po"


def untranslated(catalogue: Path, wanted: Path, folder: Path) -> list[str]:
    """The msgids of `wanted` that `catalogue` leaves without a translation: an empty msgstr, any empty form of a
    plural, or a fuzzy one. msgmerge keeps exactly `wanted`'s msgids, with `catalogue`'s translation of each when it
    has one (the same msgid, msgid_plural and msgctxt)."""
    merged = folder / "merged.po"
    subprocess.run(["msgmerge", "--quiet", "--no-fuzzy-matching", "-o", str(merged), str(catalogue), str(wanted)],
                   check=True)
    return [entry["msgid"] for entry in po_entries(merged.read_text(encoding="utf-8"))
            if entry["msgid"] and ("fuzzy" in entry["flags"] or not all(entry["msgstr"]))]


def po_entries(text: str) -> list[dict]:
    """A .po file's live entries: msgid, flags, and every msgstr (one, or one per plural form)."""
    entries = []
    for block in text.split("\n\n"):
        entry, key = {"msgid": "", "flags": "", "msgstr": []}, None
        for line in block.splitlines():
            if line.startswith("#~"):  # obsolete
                entry = None
                break
            if line.startswith("#,"):
                entry["flags"] += line
            elif line.startswith(("msgid ", "msgid_plural ", "msgctxt ")):
                key = line.split(" ", 1)[0]
                entry.setdefault(key, "")
                entry[key] = _string(line.split(" ", 1)[1])
            elif line.startswith("msgstr"):
                key = "msgstr"
                entry["msgstr"].append(_string(line.split(" ", 1)[1]))
            elif line.startswith('"') and key == "msgstr":
                entry["msgstr"][-1] += _string(line)
            elif line.startswith('"') and key:
                entry[key] += _string(line)
        if entry is not None and entry["msgstr"]:
            entries.append(entry)
    return entries


def _string(quoted: str) -> str:
    return quoted.strip()[1:-1]


def test_every_english_msgid_of_the_source_is_translated(tmp_path):
    missing = untranslated(PO, messages_of_source(tmp_path), tmp_path)
    assert not missing, f"{len(missing)} messages without English:\n" + "\n".join(missing[:300])


@pytest.fixture
def small_source(tmp_path):
    """A catalogue as makemessages writes it: a plain message, one with a plural, one with a context."""
    source = tmp_path / "source.po"
    source.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Journée de jeu"\nmsgstr ""\n\n'
        'msgid "%(n)s jour"\nmsgid_plural "%(n)s jours"\nmsgstr[0] ""\nmsgstr[1] ""\n\n'
        'msgctxt "registre"\nmsgid "Tête"\nmsgstr ""\n', encoding="utf-8")
    return source


def test_the_check_names_what_is_missing_and_passes_a_full_catalogue(small_source, tmp_path):
    full = tmp_path / "full.po"
    subprocess.run(["msgen", "-o", str(full), str(small_source)], check=True)  # every msgstr filled
    assert untranslated(full, small_source, tmp_path) == []
    text = full.read_text(encoding="utf-8")
    for blanked, msgid in ((text.replace('msgstr "Journée de jeu"', 'msgstr ""'), "Journée de jeu"),
                           (text.replace('msgstr[1] "%(n)s jours"', 'msgstr[1] ""'), "%(n)s jour"),  # one form
                           (text.replace('msgstr "Tête"', 'msgstr ""'), "Tête"),
                           (text.replace('msgid "Journée de jeu"', '#, fuzzy\nmsgid "Journée de jeu"'),
                            "Journée de jeu")):
        assert blanked != text
        partial = tmp_path / "partial.po"
        partial.write_text(blanked, encoding="utf-8")
        assert untranslated(partial, small_source, tmp_path) == [msgid]
    # a message the source no longer yields does not count
    extra = tmp_path / "extra.po"
    extra.write_text(text + '\nmsgid "Ancien message"\nmsgstr ""\n', encoding="utf-8")
    assert untranslated(extra, small_source, tmp_path) == []
