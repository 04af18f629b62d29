"""The casino's management posts a notice the texts require and withdraws it: each a new row with its day, audited with
its actor, under the casino's row as a lock (two managers at once cannot post the same notice at the same place twice).
A posting keeps its text as composed that day and its SHA-256, and asks the reports for its signed poster (A4 or A3,
through compliance.hooks.NOTICE_POSTER_REQUEST, never importing them)."""

import datetime

from django.db import transaction

from compliance.errors import DomainError
from compliance.hooks import NOTICE_POSTER_REQUEST
from compliance.models import AuditAction, Casino, User
from compliance.problems import refuse_first
from compliance.services import audit_record

from ..chain.services import verify_actor
from ..errors import ErrorCode
from ..fields import clean_text
from ..models import NoticeEvent
from . import catalogue, errors, selectors
from .controls import (
    PLACE_MAX,
    REASON_MAX,
    TEXT_MAX,
    Posting,
    Withdrawal,
    digest,
    posting_problems,
    withdrawal_problems,
)


def _manager(actor: User, casino: Casino) -> None:
    verify_actor(actor, casino)
    if actor.is_casino_staff and actor.role != User.Role.MANAGER:
        raise DomainError(errors.MANAGER_ONLY, code=ErrorCode.WRONG_ROLE, field="actor")


def _day(day, casino: Casino) -> datetime.date:
    if day in (None, ""):
        return casino.today()
    if isinstance(day, datetime.date):
        return day
    try:
        return datetime.date.fromisoformat(str(day))
    except ValueError:
        raise DomainError(errors.DAY_INVALID.format(day=day), code=ErrorCode.INVALID, field="day") from None


@transaction.atomic
def notice_post(*, casino: Casino, actor: User, kind: str, place: str, texts: dict, day=None,
                size: str = "A4") -> NoticeEvent:
    """A notice the casino owes, displayed at `place` from `day` (today by default): its text composed from the rule
    data, the house rules in force and the casino's `texts`, kept as posted."""
    _manager(actor, casino)
    found = catalogue.KINDS.get(kind)
    if found is None:
        raise DomainError(errors.UNKNOWN_KIND.format(kind=kind), code=ErrorCode.INVALID, field="kind")
    day = _day(day, casino)
    place = clean_text(place, field="place", max_length=PLACE_MAX, optional=True)
    Casino.objects.select_for_update().filter(pk=casino.pk).first()
    rule = catalogue.rule_of(casino, found, day)
    needed = found.texts(rule) if rule is not None else ()
    said = {text.name: clean_text((texts or {}).get(text.name), field=text.name, max_length=TEXT_MAX,
                                  multiline=text.long, optional=True) for text in needed}
    proposed = Posting(kind, catalogue.french(found.title), place, day, size, said)
    refuse_first(posting_problems(selectors.board(casino), proposed, str(rule.citation) if rule else None, needed,
                                  casino.today()), casino.jurisdiction)
    content = catalogue.compose(casino, found, day, rule, said)
    posting = NoticeEvent.objects.create(casino=casino, action=NoticeEvent.Action.POSTED, kind=kind, place=place,
                                         day=day, size=size, content=content, digest=digest(content), actor=actor)
    audit_record(actor=actor, action=AuditAction.NOTICE_POSTED, casino=casino, target_type="notice",
                 target_id=posting.pk, details={"avis": kind, "emplacement": place, "jour": day.isoformat(),
                                                "format": size, "sha256": posting.digest,
                                                "citation": content["citation"]})
    if NOTICE_POSTER_REQUEST:  # the signed poster, where the reports are installed
        NOTICE_POSTER_REQUEST(actor=actor, casino=casino, posting=posting)
    return posting


@transaction.atomic
def notice_withdraw(*, casino: Casino, actor: User, posting: int, reason: str, day=None) -> NoticeEvent:
    """A posting taken down on `day` (today by default), with its reason: from that day it is no longer displayed."""
    _manager(actor, casino)
    day = _day(day, casino)
    reason = clean_text(reason, field="reason", max_length=REASON_MAX, optional=True)
    Casino.objects.select_for_update().filter(pk=casino.pk).first()
    try:
        number = int(posting)
    except (TypeError, ValueError):
        number = 0
    refuse_first(withdrawal_problems(selectors.board(casino), Withdrawal(number, day, reason), casino.today()),
                 casino.jurisdiction)
    posted = NoticeEvent.objects.get(casino=casino, pk=number)
    withdrawal = NoticeEvent.objects.create(casino=casino, action=NoticeEvent.Action.WITHDRAWN, kind=posted.kind,
                                            place=posted.place, day=day, size=posted.size, posting=posted,
                                            reason=reason, actor=actor)
    audit_record(actor=actor, action=AuditAction.NOTICE_WITHDRAWN, casino=casino, target_type="notice",
                 target_id=withdrawal.pk, details={"avis": posted.kind, "affichage": posted.pk,
                                                   "emplacement": posted.place, "jour": day.isoformat(),
                                                   "motif": reason})
    return withdrawal
