"""The audit's checks of the orphelins register (LU RGD 1979 art. 8, 18-12, 3-4 8)) (`registers_audit`): each entry
against the rules of registers/orphelins/services.py. The orphans are replayed as registers/orphelins/selectors.py
reads them: a registration opens one, with its deadline from the rule data; its first return or finalization closes
it."""

import datetime
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from .. import controls
from ..chain.replay import HOUSE_RULE, Audited, Check, Problem, Replay
from ..fields import TEXT_MAX
from . import errors
from .selectors import SOURCES

PERIOD = "orphelins.delai_restitution"


def _orphan_rule(replay: Replay, day: datetime.date) -> str:
    """The article of the return period (art. 8 al. 3), as the rule data cites it on `day`."""
    return replay.cited(PERIOD, day)

NOT_AN_ORPHAN = _("L'écriture ne se rapporte à aucun orphelin enregistré de ce registre.")
CLOSED = _("L'orphelin n° {orphan} n'est plus en attente : il a été restitué ou est devenu définitif (écriture "
           "n° {seq}).")
DEADLINE = _("Délai de restitution dépassé : orphelin enregistré le {registered}, restituable jusqu'au {deadline} "
             "inclus, restitué le {day}.")
NOT_YET = _("Le délai de restitution de l'orphelin n° {orphan} court jusqu'au {deadline} inclus : il ne devient pas "
            "définitif le {day}.")
RIGHT = _("Le droit du propriétaire n'est pas déclaré établi sans contestation possible.")
CARD_STILL_HELD = _("Une carte nominative trouvée (le {found}) est gardée à la disposition de son titulaire : son "
                    "solde ne devient orphelin qu'à partir du {until}.")


@dataclass
class Orphan:
    registered: datetime.date
    deadline: datetime.date | None
    citation: str
    closing: int | None = None  # n° of its return or finalization


def _orphans(replay: Replay) -> dict[int, Orphan]:
    return replay.part("orphelins.orphans", dict)  # by the n° of its registration


def orphelin_filed(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 8, 18-12, 3-4 8), 49-1: found money of a known origin, an amount in the casino's currency, where it was
    found, countersigned by a manager (the casino's control); a found nominative card's balance only once its hold
    has run."""
    check, payload = Check(replay, entry, controls.written(controls.SECOND_SIGNATURE)), entry.payload
    check.countersigned()
    source = payload.get("source")
    origin = replay.rule(SOURCES[source][1], entry.gaming_day) if source in SOURCES else None
    if origin is not None:
        check.citation = str(origin.citation)
    else:
        check.fail(errors.UNKNOWN_SOURCE, _orphan_rule(replay, entry.gaming_day), value=source)
    check.amount("amount")
    check.currency()
    check.text("location", max_length=200)  # the bounds of orphelin_record and orphelin_return
    check.text("description", max_length=TEXT_MAX, multiline=True, optional=True)
    found = check.day("found_on", optional=True)
    if source == "carte_nominative":
        hold = check.rule("carte_de_jeu.garde_nominative_trouvee")
        until = (found or entry.gaming_day) + datetime.timedelta(weeks=int(hold.value)) if hold else None
        if hold is not None and (found is None or entry.gaming_day < until):
            check.fail(CARD_STILL_HELD, str(hold.citation), found=found or "—", until=until)
    period = check.rule("orphelins.delai_restitution")
    deadline = entry.gaming_day + datetime.timedelta(days=int(period.value)) if period else None
    _orphans(replay)[entry.seq] = Orphan(entry.gaming_day, deadline, str(period.citation) if period else HOUSE_RULE)
    return check.problems


def _open_orphan(replay: Replay, check: Check) -> tuple[int, Orphan] | tuple[None, None]:
    """The registered orphan the entry refers to, still open."""
    referred = replay.referred(check.entry)
    orphan = _orphans(replay).get(referred[0]) if referred else None
    if orphan is None:
        check.fail(NOT_AN_ORPHAN)
        return None, None
    check.citation = orphan.citation
    if orphan.closing is not None:
        check.fail(CLOSED, orphan=referred[0], seq=orphan.closing)
        return None, None
    return referred[0], orphan


def orphelin_returned(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 8 al. 3: a registered orphan still open, returned within its period to an owner named with their
    document, whose right is established."""
    check = Check(replay, entry, _orphan_rule(replay, entry.gaming_day))
    _seq, orphan = _open_orphan(replay, check)
    if orphan is not None and orphan.deadline is not None and entry.gaming_day > orphan.deadline:
        check.fail(DEADLINE, registered=orphan.registered, deadline=orphan.deadline, day=entry.gaming_day)
    check.text("owner_name", max_length=200)
    check.text("owner_document", max_length=200)
    check.text("evidence", max_length=2000, multiline=True, optional=True)
    if entry.payload.get("right_established") is not True:
        check.fail(RIGHT)
    if orphan is not None:
        orphan.closing = entry.seq
    return check.problems


def orphelin_final(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 8 al. 3: a registered orphan still open becomes definitive once its period has run."""
    check = Check(replay, entry, _orphan_rule(replay, entry.gaming_day))
    seq, orphan = _open_orphan(replay, check)
    if orphan is not None and orphan.deadline is not None and entry.gaming_day <= orphan.deadline:
        check.fail(NOT_YET, orphan=seq, deadline=orphan.deadline, day=entry.gaming_day)
    if orphan is not None:
        orphan.closing = entry.seq
    return check.problems
