"""The bad beat's voluntary stop and its notice to the Minister (LU RGD 1979 art. 49-14 al. 2): a notice is never
dated after the casino's today nor before the bad beat was in service; a reference naming a request filed with the
Minister names this casino's notice of the stop, filed that very day."""

import datetime
from dataclasses import dataclass

from ... import errors as common
from ...controls import Problem, Rules
from ...errors import ErrorCode
from .. import errors
from .bad_beat import BadBeat
from .bad_beat_stages import bad_beat_from
from .shared import BAD_BEAT_NOTICE, BAD_BEAT_STOP, Stop, notice_problems


@dataclass(frozen=True)
class Notice:
    day: datetime.date  # the gaming day it is recorded
    notified_on: object  # the day the Minister was told
    today: datetime.date


def told_problems(bad_beat: BadBeat, notified: datetime.date, day: datetime.date, today: datetime.date,
                   citation: str) -> list[Problem]:
    """A notice's date: already sent (not after the casino's today nor the day it is written on), and not before
    the bad beat was in service."""
    if notified > today:
        return [Problem("minister_notified_on", errors.NOTICE_NOT_SENT_YET, citation, ErrorCode.FUTURE_DAY,
                        {"notice": notified, "today": today})]
    if notified > day:
        return [Problem("minister_notified_on", errors.BAD_BEAT_NOTICE_AFTER_DAY, citation, ErrorCode.FUTURE_DAY,
                        {"notice": notified, "day": day})]
    since = bad_beat.since
    if since is not None and notified < since:
        return [Problem("minister_notified_on", errors.BAD_BEAT_NOTICE_BEFORE, citation, ErrorCode.BEFORE_OPENING,
                        {"notice": notified, "since": since})]
    return []


@dataclass(frozen=True)
class StopNotice:
    """What a bad-beat notice's reference names among the requests to the authority (the hook
    `compliance.hooks.BAD_BEAT_STOP_NOTICE`, answered by compliance/approvals): what it is, whether it is this casino's,
    whether it is the notice of the bad beat's voluntary stop, and the day it was filed with the Minister (None: not
    filed)."""

    reference: str
    what: object  # its kind, in the reader's language (a lazy text)
    own: bool
    stop: bool = False
    filed_on: datetime.date | None = None


def bad_beat_notice_problems(bad_beat: BadBeat, proposed: Notice, rules: Rules,
                             named: StopNotice | None = None) -> list[Problem]:
    """Art. 49-14 al. 2: « sous réserve d'en informer le Ministre des Finances dans les quinze jours qui précèdent »:
    the notice recorded with the day the Minister was told, a day already past, not before the bad beat existed; where
    its reference is a request filed with the Minister, this casino's notice of the bad beat's stop, filed that very
    day (the request is the notice: the register records it, never a second one)."""
    citation = rules.cited(BAD_BEAT_NOTICE)
    if not isinstance(proposed.notified_on, datetime.date):
        return [Problem("minister_notified_on", common.FIELD_REQUIRED, citation, ErrorCode.REQUIRED)]
    told = told_problems(bad_beat, proposed.notified_on, proposed.day, proposed.today, citation)
    return told or stop_reference_problems(named, proposed.notified_on, citation)


def stop_reference_problems(named: StopNotice | None, notified: datetime.date, citation: str) -> list[Problem]:
    """A reference naming a request (`named`; None: a letter's own reference, taken as written) names this casino's
    notice of the bad beat's voluntary stop, filed with the Minister on the day the notice says."""
    if named is None:
        return []
    said = {"reference": named.reference, "what": named.what}
    if not named.own:
        return [Problem("reference", errors.STOP_REFERENCE_OTHER_CASINO, citation, ErrorCode.WRONG_REFERENCE, said)]
    if not named.stop:
        return [Problem("reference", errors.STOP_REFERENCE_OTHER_OBJECT, citation, ErrorCode.WRONG_REFERENCE, said)]
    if named.filed_on != notified:
        return [Problem("minister_notified_on", errors.STOP_REFERENCE_OTHER_DAY, citation, ErrorCode.WRONG_REFERENCE,
                        {**said, "filed": named.filed_on or "—", "notice": notified})]
    return []


def bad_beat_stop_problems(bad_beat: BadBeat, proposed: Stop, rules: Rules) -> list[Problem]:
    """Art. 49-14: the bad beat stops while in service, once until put back; a voluntary stop told to the Minister
    beforehand, never before the bad beat was in service."""
    problems = (bad_beat_from(bad_beat, proposed.day, BAD_BEAT_STOP, rules)
                or notice_problems(proposed, rules.value(BAD_BEAT_NOTICE)))
    if problems or not proposed.voluntary or proposed.notified_on is None:
        return problems
    return told_problems(bad_beat, proposed.notified_on, proposed.day, proposed.today, rules.cited(BAD_BEAT_NOTICE))
