"""Admissions and exclusions, one transaction each, audited with their actor and never with a person's name: the
casino's admission policy (its management's, with the reference of its act), an exclusion recorded, an admission card
issued at the door, the checks of a person a register's service identifies (compliance/hooks.py's PERSON_CHECKS),
every reading of the exclusion list, and the personal data deleted once the casino's retention has run."""

import datetime
from functools import partial

from django.db import transaction
from django.db.models import Max

from compliance.errors import DomainError
from compliance.models import AuditAction, Casino, User
from compliance.problems import refuse_first
from compliance.refusals import keep
from compliance.services import audit_record, system_user
from registers.errors import ErrorCode

from ..chain.services import verify_actor
from ..controls import concept_cited
from ..fields import clean_text
from ..models import Admission, AdmissionPolicy, Exclusion
from ..money import parse_amount
from . import controls, errors
from .controls import EXCLUSION_LIST, Person, Proposed
from .selectors import listed_on, policy_at, policy_version_at, rules_on

REFERENCE_MAX = 200
AGES = range(16, 26)
RETENTION = range(1, 3651)
ESTABLISHMENT, POKER_ROOM = Exclusion.Scope.ESTABLISHMENT, Exclusion.Scope.POKER_ROOM
# which exclusions each check applies: the door and a card's issue the establishment's, a tournament both
SCOPES = {"admission": (ESTABLISHMENT,), "carte": (ESTABLISHMENT,), "tournoi": (ESTABLISHMENT, POKER_ROOM)}


def _manager(actor: User, casino: Casino) -> None:
    verify_actor(actor, casino)
    if actor.role != User.Role.MANAGER:
        raise DomainError(errors.MANAGER_ONLY, code=ErrorCode.WRONG_ROLE, field="actor")


def _reference(raw, field: str, label: str) -> str:
    reference = " ".join(clean_text(raw, field=field, max_length=REFERENCE_MAX, optional=True).split())
    if not reference:
        raise DomainError(errors.REFERENCE_REQUIRED.format(field=label), code=ErrorCode.REQUIRED, field=field)
    return reference


def _whole(raw, allowed: range, message, field: str) -> int:
    try:
        value = int(str(raw).strip())
    except (TypeError, ValueError):
        value = None
    if value not in allowed:
        raise DomainError(message.format(value=raw), code=ErrorCode.INVALID, field=field)
    return value


def _day(raw, field: str) -> datetime.date:
    if not isinstance(raw, datetime.date):
        raise DomainError(errors.FUTURE_BIRTH.format(day=raw), code=ErrorCode.INVALID, field=field)
    return raw


@transaction.atomic
def admission_policy_set(*, casino: Casino, actor: User, minimum_age, age_reference: str, retention_days,
                         retention_reference: str, effective_from: datetime.date) -> AdmissionPolicy:
    """A version of the casino's admission policy, in force from `effective_from` until the next: the minimum age and
    how long the personal data is kept, neither given by our texts, each with the reference of the casino's act."""
    _manager(actor, casino)
    age = _whole(minimum_age, AGES, errors.AGE_RANGE, "minimum_age")
    days = _whole(retention_days, RETENTION, errors.RETENTION_RANGE, "retention_days")
    age_reference = _reference(age_reference, "age_reference", "référence de l'âge minimum")
    retention_reference = _reference(retention_reference, "retention_reference",
                                     "référence de la durée de conservation")
    effective_from = _day(effective_from, "effective_from")
    Casino.objects.select_for_update().filter(pk=casino.pk).first()  # one version a day, two managers at once
    if AdmissionPolicy.objects.filter(casino=casino, effective_from=effective_from).exists():
        raise DomainError(errors.SAME_VERSION.format(day=effective_from.isoformat()), code=ErrorCode.DUPLICATE,
                          field="effective_from")
    policy = AdmissionPolicy.objects.create(
        casino=casino, minimum_age=age, age_reference=age_reference, retention_days=days,
        retention_reference=retention_reference, effective_from=effective_from, recorded_by=actor)
    audit_record(actor=actor, action=AuditAction.ADMISSION_POLICY_SET, casino=casino, target_type="admission_policy",
                 target_id=policy.pk, details={
                     "age_minimum": age, "age_reference": age_reference, "conservation_jours": days,
                     "conservation_reference": retention_reference, "en_vigueur_le": effective_from.isoformat()})
    return policy


def _person(casino: Casino, last_name, first_name, birth_date) -> tuple[str, str, datetime.date]:
    last_name = clean_text(last_name, field="last_name")
    first_name = clean_text(first_name, field="first_name")
    if not isinstance(birth_date, datetime.date) or birth_date > casino.today():
        raise DomainError(errors.FUTURE_BIRTH.format(day=birth_date), code=ErrorCode.FUTURE_DAY, field="birth_date")
    return last_name, first_name, birth_date


def _next(model, casino: Casino) -> int:
    Casino.objects.select_for_update().filter(pk=casino.pk).first()  # numbers without a gap or a twin
    return (model.objects.filter(casino=casino).aggregate(n=Max("number"))["n"] or 0) + 1


@transaction.atomic
def exclusion_record(*, casino: Casino, actor: User, last_name: str, first_name: str, birth_date: datetime.date,
                     scope: str, source: str, starts_on: datetime.date,
                     ends_on: datetime.date | None = None) -> Exclusion:
    """A person the casino excludes, from the establishment or from its poker room, as its management records it
    with the source (a decision, a request) and the days; the audit names its number, never the person."""
    _manager(actor, casino)
    last_name, first_name, birth_date = _person(casino, last_name, first_name, birth_date)
    if scope not in Exclusion.Scope.values:
        raise DomainError(errors.SOURCE_REQUIRED, code=ErrorCode.INVALID, field="scope")
    source = " ".join(clean_text(source, field="source", max_length=REFERENCE_MAX, optional=True).split())
    if not source:
        raise DomainError(errors.SOURCE_REQUIRED, code=ErrorCode.REQUIRED, field="source")
    starts_on = _day(starts_on, "starts_on")
    if ends_on is not None and ends_on < starts_on:
        raise DomainError(errors.ENDS_BEFORE.format(end=ends_on.isoformat(), start=starts_on.isoformat()),
                          code=ErrorCode.INVALID, field="ends_on")
    exclusion = Exclusion.objects.create(
        casino=casino, number=_next(Exclusion, casino), last_name=last_name, first_name=first_name,
        birth_date=birth_date, scope=scope, source=source, starts_on=starts_on, ends_on=ends_on, recorded_by=actor)
    audit_record(actor=actor, action=AuditAction.EXCLUSION_RECORDED, casino=casino, target_type="exclusion",
                 target_id=exclusion.number, details={"portee": scope, "du": starts_on.isoformat(),
                                                      "au": ends_on.isoformat() if ends_on else None})
    return exclusion


def _screen(*, casino: Casino, actor: User, person: Person, day: datetime.date, where: str, field: str) -> list:
    """The person compared with the exclusions in force: the reading audited (where, the day, whether it refused and
    the exclusions' numbers), never the person's name; nothing read where the list holds no one that day. A refusal's
    reading is kept past the rollback of the act it refuses (compliance/refusals.py)."""
    listed = listed_on(casino, day)
    if not listed:
        return []
    citations = {POKER_ROOM: concept_cited(casino, controls.POKER_EXCLUSION, day, EXCLUSION_LIST)}
    problems = controls.exclusion_problems(person, listed, day, scopes=SCOPES[where], citations=citations,
                                           field=field)
    details = {"lieu": where, "jour": day.isoformat(), "refus": bool(problems),
               "exclusions": [problem.params["number"] for problem in problems]}
    write = partial(audit_record, actor=actor, action=AuditAction.EXCLUSION_READ, casino=casino,
                    target_type="exclusion_list", target_id=casino.code, details=details)
    keep(write) if problems else write()
    return problems


def _age_checked(casino: Casino, actor: User, person: Person, day: datetime.date, where: str, field: str) -> list:
    """Under the casino's minimum age: the refusal audited (where, the day, the age and the casino's reference),
    never the person's name nor birth date, and kept past the rollback of the act it refuses."""
    policy = policy_at(casino, day)
    concept = controls.AGE_CONCEPTS.get(where)
    citation = (concept_cited(casino, concept, day, controls.AGE_CONTROL).format(
        reference=policy.reference) if concept and policy is not None else None)
    problems = controls.age_problems(person, day, policy, citation, field=field)
    if problems:
        keep(partial(audit_record, actor=actor, action=AuditAction.AGE_REFUSED, casino=casino,
                     target_type="admission_policy", target_id=casino.code, details={
                         "lieu": where, "jour": day.isoformat(), "age_minimum": policy.minimum_age,
                         "reference": policy.reference}))
    return problems


def _checked(casino: Casino, actor: User, person: Person, day: datetime.date, where: str, field: str,
             age_field: str | None = None) -> list:
    """The person's age, then the exclusion list: the first that refuses, each refusal audited."""
    return (_age_checked(casino, actor, person, day, where, age_field or field)
            or _screen(casino=casino, actor=actor, person=person, day=day, where=where, field=field))


def admission_issue(*, casino: Casino, actor: User, kind: str, last_name: str, first_name: str,
                    birth_date: datetime.date, document: str, document_end: str, price="0", guest: bool = False,
                    day: datetime.date | None = None) -> Admission:
    """An admission card issued at the door, a kind the texts name (an honour guest's free, by the management), to a
    person of the casino's minimum age whose identity document was seen (its kind and last characters noted), and
    who is not on the casino's exclusion list. The list's reading is audited in its own transaction, so a refusal
    keeps it; the card is then written in another."""
    with transaction.atomic():
        verify_actor(actor, casino)
        if actor.role not in (User.Role.ACCOUNTANT, User.Role.MANAGER):
            raise DomainError(errors.STAFF_ONLY, code=ErrorCode.WRONG_ROLE, field="actor")
        day = day or casino.today()
        last_name, first_name, birth_date = _person(casino, last_name, first_name, birth_date)
        document_end = (document_end or "").strip().upper()
        price = parse_amount(price, field="price", allow_zero=True)
        proposed = Proposed(kind, bool(guest), price, document, document_end, actor.role == User.Role.MANAGER)
        refuse_first(controls.admission_problems(proposed, rules_on(casino, day), tuple(Admission.Document.values)),
                     casino.jurisdiction)
        if policy_at(casino, day) is None:
            raise DomainError(errors.NO_POLICY, code=ErrorCode.REQUIRED, field="birth_date")
        person = Person(f"{first_name} {last_name}", birth_date)
        problems = _checked(casino, actor, person, day, "admission", "last_name", "birth_date")
    refuse_first(problems, casino.jurisdiction)
    with transaction.atomic():
        admission = Admission.objects.create(
            casino=casino, number=_next(Admission, casino), kind=kind, guest=bool(guest), price=price,
            last_name=last_name, first_name=first_name, birth_date=birth_date, document=document,
            document_end=document_end, valid_from=day, valid_until=controls.valid_until(kind, day), issued_by=actor)
        audit_record(actor=actor, action=AuditAction.ADMISSION_ISSUED, casino=casino, target_type="admission",
                     target_id=admission.number, details={"carte": kind, "invite": bool(guest), "prix": str(price),
                                                          "piece": document, "du": day.isoformat(),
                                                          "au": admission.valid_until.isoformat()})
    return admission


def person_check(*, casino: Casino, actor: User, where: str, day: datetime.date, name: str,
                 birth_date: datetime.date | None = None) -> None:
    """A person a register's service identifies (compliance/hooks.py, PERSON_CHECKS), checked within its transaction:
    the casino's minimum age where the birth date is known, then the exclusion list, whose reading is audited. A
    refusal's audit line is kept (compliance.refusals.keep): the service that asks, decorated with `refusals_kept`,
    writes it once its own transaction is rolled back, so a regulator sees every refused attempt."""
    field = {"carte": "client", "tournoi": "player"}.get(where, "name")
    with transaction.atomic():
        problems = _checked(casino, actor, Person(name, birth_date), day, where, field)
    refuse_first(problems, casino.jurisdiction)


@transaction.atomic
def exclusions_read(*, user: User, casino: Casino) -> list[Exclusion]:
    """The casino's exclusion list as its management reads it (page or API): the reading audited with its reader."""
    if user.casino_id != casino.pk or user.role != User.Role.MANAGER:
        return []
    rows = list(Exclusion.objects.visible_to(user).filter(casino=casino).select_related("recorded_by")
                .order_by("-starts_on", "-number"))
    audit_record(actor=user, action=AuditAction.EXCLUSION_READ, casino=casino, target_type="exclusion_list",
                 target_id=casino.code, details={"lieu": "liste", "jour": casino.today().isoformat(), "refus": False,
                                                 "lignes": len(rows)})
    return rows


@transaction.atomic
def personal_data_purge(*, today: datetime.date | None = None, casino: Casino | None = None) -> dict[str, int]:
    """The admissions and the exclusions past their end by more than the casino's retention (its policy in force
    today) deleted, each casino's deletion audited by the platform with its counts; idempotent."""
    casinos = Casino.objects.filter(pk=casino.pk) if casino is not None else Casino.objects.all()
    done = {}
    for each in casinos.filter(admission_policies__isnull=False).distinct().order_by("code"):
        day = today or each.today()
        policy = policy_version_at(each, day)
        if policy is None:
            continue
        before = day - datetime.timedelta(days=policy.retention_days)
        admissions, _ = Admission.objects.filter(casino=each, valid_until__lt=before).delete()
        exclusions, _ = Exclusion.objects.filter(casino=each, ends_on__lt=before).delete()
        if admissions or exclusions:
            audit_record(actor=system_user(), action=AuditAction.PERSONAL_DATA_PURGED, casino=each,
                         target_type="admission_policy", target_id=policy.pk,
                         details={"admissions": admissions, "exclusions": exclusions,
                                  "conservation_jours": policy.retention_days, "avant": before.isoformat(),
                                  "reference": policy.retention_reference})
            done[each.code] = admissions + exclusions
    return done
