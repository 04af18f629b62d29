"""What the import commands read from their arguments: the casino by its code, the people by their usernames, the
file; each unknown one a CommandError naming it (exit 1). And the words their summaries share."""

import datetime
from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import ngettext

from compliance import formatting
from compliance.models import Casino, User


def import_inputs(casino: str, file: str, **usernames: str | None) -> tuple[Casino, dict[str, User]]:
    found = Casino.objects.filter(code=casino).first()
    if found is None:
        raise CommandError(f"casino inconnu : {casino}")
    people = {}
    for name, username in usernames.items():
        if username:
            people[name] = User.objects.filter(username=username).first()
            if people[name] is None:
                raise CommandError(f"utilisateur inconnu : {username}")
    if not Path(file).is_file():
        raise CommandError(f"fichier introuvable : {file}")
    return found, people


def gaming_days(count: int) -> str:
    """« 1 journée », « 3 journées »: the gaming days an import covers."""
    return ngettext("%(n)s journée", "%(n)s journées", count) % {"n": count}


def day_shown(day: datetime.date, casino: Casino) -> str:
    """A gaming day as the casino's people write it (« 28 novembre 2026 »)."""
    return formatting.date(day, jurisdiction=casino.jurisdiction)
