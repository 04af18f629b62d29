"""The two-person rule, declared once: every act a second person takes after a first, who may not take both. The
services refuse the second act to the first person (`verify`), and the pages offer it only to whom `may_take`
allows, with the same reason on hover and for screen readers: one list, one function, so a button never promises
what the service refuses.

The core knows no register, finding or request: a step names the model it is taken on by its label and the
attribute that holds the first person, so the upper floors' objects are read without being imported."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from .errors import DomainError

ANY_STAFF: Final = "staff"  # a second person any member of the casino's staff may be (a correction's)
SAME_PERSON_CODE: Final = "same_person"
WRONG_ROLE_CODE: Final = "wrong_role"

# The casino's own controls, where no text names the second person (as registers/controls.py writes them)
FILE_DECIDE_CONTROL = _("Règle des deux personnes : qui dépose une demande ne la décide pas")
EXPLAIN_ACCEPT_CONTROL = _("Contrôle interne du casino : constat expliqué par la comptabilité, accepté par la "
                           "direction")
VOID_CONTROL = _("Contrôle interne du casino : seconde signature")

COUNTERSIGN_SAME = _("La contresignature doit venir d'une autre personne que celle qui a déposé l'écriture "
                     "({citation}).")
COUNTERSIGN_ROLE = _("La contresignature exige le rôle « {role} » ({citation}).")
ACCEPT_SAME = _("Une explication est acceptée par une autre personne que celle qui l'a donnée ({citation}).")
ACCEPT_ROLE = _("Seule la direction du casino accepte un constat expliqué ({citation}).")
DECIDE_SAME = _("La personne qui a déposé la demande ne peut pas la décider ({citation}).")
VOID_SAME = _("Une annulation est signée par deux personnes : la seconde ne peut être celle qui annule ({citation}).")
ROLE_NAMES = {"accountant": _("Caissier / comptable"), "manager": _("Direction"), "regulator": _("Régulateur"),
              "admin": _("Administrateur de la plateforme")}


@dataclass(frozen=True)
class Step:
    """A second act after a first, never by the same person."""

    key: str
    first: Promise  # the first act, in words
    second: Promise  # the second act, in words
    model: str  # the object the second act is taken on: "app_label.Model"
    first_actor: str  # its attribute holding the first person's id
    field: str  # the input a refusal names
    same: Promise  # the refusal to the first person ({citation})
    citation: str = ""  # the object's attribute naming the rule it rests on …
    control: Promise | str = ""  # … or the casino's own control
    second_role: str = ""  # the object's attribute naming the role the second person must have …
    roles: tuple[str, ...] = ()  # … or the roles, fixed (none: any of the staff)
    wrong_role: Promise | None = None  # the refusal to another role ({role}, {citation})

    def first_id(self, obj) -> int | None:
        return getattr(obj, self.first_actor, None)

    def cited(self, obj) -> str:
        return str(getattr(obj, self.citation, "") or "") if self.citation else str(self.control)

    def required_roles(self, obj) -> tuple[str, ...]:
        role = getattr(obj, self.second_role, "") if self.second_role else ""
        if role:
            return () if role == ANY_STAFF else (role,)
        return self.roles


STEPS: Final = (
    # A filing the rule wants signed twice (a hand-paid jackpot, an orphan, a poker win, a late filing, a
    # correction): it waits in the countersignature queue (registers/chain/services.py)
    Step("contresigner", _("déposer une écriture"), _("la contresigner"), "registers.PendingEntry", "actor_id",
         "countersigner", COUNTERSIGN_SAME, citation="citation", second_role="countersigner_role",
         wrong_role=COUNTERSIGN_ROLE),
    # A reconciliation's finding: the accounts explain it, the management accepts the explanation
    # (compliance/reconciliation/services.py)
    Step("accepter_constat", _("expliquer un constat"), _("accepter son explication"), "reconciliation.Finding",
         "explained_by_id", "finding", ACCEPT_SAME, control=EXPLAIN_ACCEPT_CONTROL, roles=("manager",),
         wrong_role=ACCEPT_ROLE),
    # A request to the authority: whoever filed it does not decide it, even moved since to the authority
    # (compliance/approvals/services.py)
    Step("decider_demande", _("déposer une demande"), _("la décider"), "approvals.ApprovalRequest", "filed_by_id",
         "decision", DECIDE_SAME, control=FILE_DECIDE_CONTROL),
    # A table's fill, credit or drop count voided: the person who voids and a second one, present, who types
    # their own password (registers/tables/services.py); the object is the void being signed
    Step("annuler_bordereau", _("annuler un bordereau"), _("contresigner l'annulation"), "registers.SlipVoid",
         "voided_by_id", "countersigner", VOID_SAME, control=VOID_CONTROL),
)
BY_KEY: Final = {step.key: step for step in STEPS}


class Verdict(NamedTuple):
    """Whether a person may take a step, and why not (the button's title, the service's refusal)."""

    allowed: bool
    reason: str = ""
    code: str = ""


def step_get(step: Step | str) -> Step:
    return step if isinstance(step, Step) else BY_KEY[step]


def may_take(user, step: Step | str, obj) -> Verdict:
    """May `user` take the second act of `step` on `obj`? Not the first person, and of the role it requires."""
    step = step_get(step)
    citation = step.cited(obj)
    first = step.first_id(obj)
    if first is not None and first == getattr(user, "pk", None):
        return Verdict(False, step.same.format(citation=citation), SAME_PERSON_CODE)
    roles = step.required_roles(obj)
    if roles and getattr(user, "role", None) not in roles:
        names = " / ".join(str(ROLE_NAMES.get(role, role)) for role in roles)
        message = step.wrong_role or COUNTERSIGN_ROLE
        return Verdict(False, message.format(role=names, citation=citation), WRONG_ROLE_CODE)
    return Verdict(True)


def verify(user, step: Step | str, obj) -> None:
    """The service's refusal when `user` may not take the step: a DomainError with its code and field."""
    verdict = may_take(user, step, obj)
    if not verdict.allowed:
        raise DomainError(verdict.reason, code=verdict.code, field=step_get(step).field)
