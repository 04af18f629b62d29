"""The admissions on record asked again, each, the conditions its service refused with (controls.py): a card of a kind
the texts do not name, an honour guest's not free, a document noted beyond its last characters, a person under the
casino's minimum age that day, or on the exclusion list that day. A row written past the service (or an exclusion
recorded later with an earlier start) is found here; the page shows how many, by number, never by name."""

import datetime
from dataclasses import dataclass

from compliance.models import Casino, User

from ..models import Admission
from . import controls
from .controls import Person, Proposed
from .selectors import listed_on, policy_at, rules_on

FROM_DOOR = ("etablissement",)  # the exclusions the door applies (services.SCOPES["admission"])


@dataclass(frozen=True)
class Found:
    number: int
    problems: list


def admissions_found(casino: Casino, day: datetime.date) -> list[Found]:
    """The admission cards issued on `day` that a control refuses now, with their problems."""
    policy, listed, rules = policy_at(casino, day), listed_on(casino, day), rules_on(casino, day)
    documents = tuple(Admission.Document.values)
    found = []
    rows = Admission.objects.filter(casino=casino, valid_from=day).select_related("issued_by").order_by("number")
    for row in rows:
        person = Person(f"{row.first_name} {row.last_name}", row.birth_date)
        by_management = row.issued_by.role == User.Role.MANAGER
        problems = [
            *controls.admission_problems(Proposed(row.kind, row.guest, row.price, row.document, row.document_end,
                                                  by_management), rules, documents),
            *controls.age_problems(person, day, policy),
            *controls.exclusion_problems(person, listed, day, scopes=FROM_DOOR, citations={}, field="last_name"),
        ]
        if problems:
            found.append(Found(row.number, problems))
    return found
