"""What the admissions' page, API and checks read. The people's own rows go through `visible_to` (their readers are
named in registers/models/admissions.py); what a regulator reads is counted, never named. The exclusion list itself
is read for a person only by the services (services.py), which audit each reading."""

import datetime

from django.db.models import Count, Q

from compliance.models import AuditAction, AuditEvent, Casino
from compliance.profiles import concept_or_none
from games.selectors import rule_value_at

from ..controls import Rules
from ..models import Admission, AdmissionPolicy, Exclusion
from .controls import Listed, Policy, name_key


def rules_on(casino: Casino, day: datetime.date) -> Rules:
    """The admissions' rule values on `day` (controls.KINDS, controls.GUESTS), None where the casino's texts have
    none."""
    def read(concept: str):
        return (rule_value_at(jurisdiction=casino.jurisdiction, key=concept, on=day, drafts=True)
                if concept_or_none(casino.jurisdiction, concept) else None)
    return Rules(read, casino)


def policy_version_at(casino: Casino, day: datetime.date) -> AdmissionPolicy | None:
    """The version of the casino's admission policy in force on `day`: the latest effective on or before it."""
    return (AdmissionPolicy.objects.filter(casino=casino, effective_from__lte=day).select_related("recorded_by")
            .order_by("-effective_from", "-pk").first())


def policy_at(casino: Casino, day: datetime.date) -> Policy | None:
    version = policy_version_at(casino, day)
    return Policy(version.minimum_age, version.age_reference) if version is not None else None


def policy_versions(casino: Casino) -> list[AdmissionPolicy]:
    return list(AdmissionPolicy.objects.filter(casino=casino).select_related("recorded_by")
                .order_by("-effective_from", "-pk"))


def _in_force(casino: Casino, day: datetime.date):
    return (Exclusion.objects.filter(casino=casino, starts_on__lte=day)
            .filter(Q(ends_on__isnull=True) | Q(ends_on__gte=day)))


def listed_on(casino: Casino, day: datetime.date) -> list[Listed]:
    """The exclusions in force on `day`, as the checks compare a person with them (one query): read only by the
    services, which audit each reading."""
    rows = _in_force(casino, day).order_by("number")
    labels = dict(Exclusion.Scope.choices)
    return [Listed(row.number, name_key(row.first_name, row.last_name), row.birth_date, row.scope,
                   str(labels[row.scope]), row.starts_on, row.ends_on) for row in rows]


def admissions_on(user, casino: Casino, day: datetime.date) -> list[Admission]:
    """The admission cards valid on `day`, for the staff who may read them (none for anyone else)."""
    return list(Admission.objects.visible_to(user).filter(casino=casino, valid_from__lte=day, valid_until__gte=day)
                .select_related("issued_by").order_by("-number"))


def admission_counts(casino: Casino, day: datetime.date) -> dict:
    """What anyone of the casino's scope reads, a regulator included: the cards valid that day by kind, and the
    persons refused that day, at the door, a card's issue or a tournament's entry (excluded, or under the casino's
    minimum age); no name."""
    counts = (Admission.objects.filter(casino=casino, valid_from__lte=day, valid_until__gte=day)
              .aggregate(daily=Count("pk", filter=Q(kind=Admission.Kind.DAILY, guest=False)),
                         annual=Count("pk", filter=Q(kind=Admission.Kind.ANNUAL, guest=False)),
                         guests=Count("pk", filter=Q(guest=True))))
    counts |= AuditEvent.objects.filter(
        casino=casino, action__in=[AuditAction.EXCLUSION_READ, AuditAction.AGE_REFUSED],
        details__jour=day.isoformat()).aggregate(
        refused=Count("pk", filter=Q(action=AuditAction.EXCLUSION_READ, details__refus=True)),
        under_age=Count("pk", filter=Q(action=AuditAction.AGE_REFUSED)))
    counts["exclusions"] = _in_force(casino, day).count()  # counted in the database: no person read
    return counts
