"""The admissions' page (/registres/<casino>/admissions/): the admission policy in force and the day's counts for
everyone of the casino's scope (its regulator included, who reads no name); the cards valid today and the door's form
for its staff; the exclusion list (each showing of it audited), its form and the policy's for its management."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from compliance import formatting
from compliance import selectors as compliance_selectors
from compliance.models import User

from ..web_actions import chosen, submit, verify_writable
from . import controls, errors, selectors
from .forms import AdmissionForm, ExclusionForm, PolicyForm
from .services import (
    admission_issue,
    admission_policy_set,
    admissions_compared,
    exclusion_record,
    exclusions_read,
)

TEXTS = (  # what the casino's texts say that this page applies, where they say it
    (controls.KINDS, gettext_lazy("Cartes d'admission : journalière, ou annuelle depuis le projet")),
    (controls.GUESTS, gettext_lazy("Cartes d'invité d'honneur, journalières ou annuelles, délivrées gratuitement "
                                   "par la direction")),
    (controls.AGE_CONCEPTS["carte"], gettext_lazy("Mineurs non admis à la salle des appareils à sous : l'âge "
                                                  "minimum est celui que fixe le casino, vérifié à l'émission d'une "
                                                  "carte de jeu électronique")),
    (controls.POKER_EXCLUSION, gettext_lazy("Joueur prié de quitter le salon de poker : tenu comme une exclusion du "
                                            "salon de poker, vérifiée à l'inscription aux tournois")),
)


class AdmissionsPage:
    def __init__(self, casino, user):
        self.casino, self.user = casino, user
        self.today = casino.today()
        rules = selectors.rules_on(casino, self.today)
        self.texts = [(label, found) for concept, label in TEXTS if (found := rules.value(concept)) is not None]
        kinds = rules.value(controls.KINDS)
        self.kinds = tuple(kinds.value) if kinds is not None else ()
        staff = user.casino_id == casino.pk
        self.reads_admissions = staff and user.role in (User.Role.ACCOUNTANT, User.Role.MANAGER)
        self.manages = staff and user.role == User.Role.MANAGER

    @property
    def url(self) -> str:
        return reverse("admissions", kwargs={"casino": self.casino.code})


def _admit(page, form, user):
    data = form.cleaned_data
    admission = admission_issue(casino=page.casino, actor=user, kind=data["kind"], guest=data["guest"],
                                price=data["price"] or "0", last_name=data["last_name"],
                                first_name=data["first_name"], birth_date=data["birth_date"],
                                document=data["document"], document_end=data["document_end"])
    return _("Carte d'admission n° %(number)s délivrée, valable jusqu'au %(day)s.") % {
        "number": admission.number,
        "day": formatting.date(admission.valid_until, jurisdiction=page.casino.jurisdiction)}, page.url


def _exclude(page, form, user):
    data = form.cleaned_data
    exclusion = exclusion_record(casino=page.casino, actor=user, last_name=data["last_name"],
                                 first_name=data["first_name"], birth_date=data["birth_date"], scope=data["scope"],
                                 source=data["source"], starts_on=data["starts_on"], ends_on=data["ends_on"])
    return _("Exclusion n° %(number)s enregistrée.") % {"number": exclusion.number}, page.url


def _policy(page, form, user):
    data = form.cleaned_data
    policy = admission_policy_set(casino=page.casino, actor=user, **data)
    return _("Politique d'admission saisie, en vigueur le %(day)s.") % {
        "day": formatting.date(policy.effective_from, jurisdiction=page.casino.jurisdiction)}, page.url


STAFF, MANAGEMENT = (User.Role.ACCOUNTANT, User.Role.MANAGER), (User.Role.MANAGER,)
ACTIONS = {AdmissionForm.action: (AdmissionForm, _admit, STAFF), ExclusionForm.action: (ExclusionForm, _exclude,
                                                                                          MANAGEMENT),
           PolicyForm.action: (PolicyForm, _policy, MANAGEMENT)}


@login_required
def admissions_page(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    page = AdmissionsPage(casino, request.user)
    bound = None
    if request.method == "POST":
        verify_writable(request, casino)
        action, (form_class, call, roles) = chosen(request, ACTIONS)
        if request.user.role not in roles:
            raise PermissionDenied(str(errors.MANAGER_ONLY))
        bound = form_class(request.POST, page=page)
        done = submit(request, bound, lambda form: call(page, form, request.user))
        if done is not None:
            return done
    forms = {action: (bound if bound is not None and bound.action == action else form_class(page=page))
             for action, (form_class, _call, roles) in ACTIONS.items() if request.user.role in roles
             and page.reads_admissions and (action != AdmissionForm.action or page.kinds)}
    policy = selectors.policy_version_at(casino, page.today)
    found = admissions_compared(user=request.user, casino=casino, day=page.today)
    return render(request, "registers/admissions/page.html", {
        "casino": casino, "page": page, "policy": policy, "versions": selectors.policy_versions(casino),
        "counts": selectors.admission_counts(casino, page.today), "found": found,
        "admissions": selectors.admissions_on(request.user, casino, page.today) if page.reads_admissions else [],
        "exclusions": exclusions_read(user=request.user, casino=casino) if page.manages else [],
        "forms": forms, "refused": bound is not None})


@login_required
def admissions_home(request):
    """A casino's staff land on their casino's page; a regulator picks one of the jurisdiction's casinos."""
    if request.user.casino_id:
        return admissions_page(request, request.user.casino.code)
    casinos = compliance_selectors.casino_list(user=request.user).select_related("jurisdiction").order_by("name")
    return render(request, "registers/admissions/home.html", {"casinos": casinos})
