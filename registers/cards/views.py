"""Pages of the electronic gaming cards (LU RGD 1979 art. 3-1 to 3-4): the cards and the system's
certificate, issue, each card with its history and its cash-desk and management actions, the card face
as a PDF, and the identified clients.

As the other register pages: reads are scoped through `visible_to` (another casino's card is a 404),
writes go to the services, which check roles, states, caps and articles and raise a DomainError naming
the field at fault; a refused form comes back (200) with the input kept and the message under its field.
Regulators read only: no form is shown to them and their POST is a 403."""

import json
from decimal import Decimal

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from compliance.errors import READ_ONLY_ROLE
from compliance.models import User
from compliance.paging import cursor, keyset
from compliance.permissions import can_write

from ..errors import ErrorCode
from ..kinds import RegisterKind
from ..models import Card, CardKind, CardStatus
from ..web_actions import chosen, submit, verify_writable
from . import controls
from . import selectors as pages
from .forms import (
    AdjustForm,
    BenefitForm,
    CertificateForm,
    FoundForm,
    IssueForm,
    LoadForm,
    PayoutForm,
    StatusForm,
    TransferForm,
)
from .ledger import (
    cap_rule,
    card_adjust,
    card_benefit,
    card_load,
    card_payout,
    card_system_applies,
    card_transfer,
    money,
    rules_of,
)
from .selectors import card_benefits, cards_visible
from .services import card_certificate_record, card_found, card_issue_with_client, card_status_change


def _is_manager(user: User) -> bool:
    return user.role == User.Role.MANAGER


# --- the cards and the system's certificate ----------------------------------------------------------


@login_required
def cards_home(request):
    today = timezone.localdate()
    systems = pages.casino_cards(user=request.user, on=today)
    own = next((s for s in systems if s.casino.pk == request.user.casino_id), None)
    writable = own is not None and can_write(request.user, own.casino)
    form = None
    if request.method == "POST":
        if not writable:
            raise PermissionDenied(str(READ_ONLY_ROLE))
        form = CertificateForm(request.POST)

        def record(form):
            certificate = card_certificate_record(casino=own.casino, actor=request.user, **form.cleaned_data)
            return (_("Certificat de conformité « %(reference)s » enregistré.") % {"reference": certificate.reference},
                    reverse("cards-home"))

        done = submit(request, form, record)
        if done is not None:
            return done
    if writable and form is None and _is_manager(request.user):
        form = CertificateForm()
    query = request.GET.get("q", "")
    cards = cards_visible(user=request.user, query=query).select_related("casino__jurisdiction")
    return render(request, "registers/cards/home.html", {
        "systems": systems,
        "own": own,
        "cards": keyset(cards, cursor(request.GET.get("avant"))),
        "query": query,
        "several_casinos": len(systems) > 1,
        "can_issue": writable and _is_manager(request.user),
        "certificate_form": form,
    })


# --- issue -------------------------------------------------------------------------------------------


@login_required
def card_issue_page(request):
    user = request.user
    if not user.is_casino_staff:
        raise PermissionDenied(str(READ_ONLY_ROLE))
    casino, today = user.casino, timezone.localdate()
    if not card_system_applies(casino, today):
        raise Http404
    clients = pages.issue_clients(casino=casino, user=user)
    initial = {"client": request.GET.get("client", "")}
    form = IssueForm(request.POST or None, clients=clients, initial=initial)
    if request.method == "POST":

        def issue(form):
            card = card_issue_with_client(casino=casino, actor=user, kind=form.cleaned_data["kind"], gaming_day=today,
                                          client=form.picked_client if form.nominative else None,
                                          new_client=form.new_client)
            return (_("Carte %(number)s émise : plafond %(cap)s.") % {"number": card.number,
                                                                     "cap": money(card, card.cap)},
                    reverse("cards-card", kwargs={"number": card.number}))

        done = submit(request, form, issue)
        if done is not None:
            return done
    system = next(s for s in pages.casino_cards(user=user, on=today) if s.casino.pk == casino.pk)
    caps = pages.caps(casino, today)
    return render(request, "registers/cards/issue.html", {
        "casino": casino,
        "form": form,
        "kinds": [(choice, caps[choice.data["value"]]) for choice in form["kind"]],
        "per_client": pages.card_rule(casino, "nominatives_par_client_max", today),
        "system": system,
        "is_manager": _is_manager(user),
        "now": timezone.now(),
    })


# --- one card --------------------------------------------------------------------------------------------


# what a form is called where the page says why it is not offered
WITHHELD_LABELS = {
    LoadForm.action: gettext_lazy("Charger"),
    TransferForm.action: gettext_lazy("Transférer"),
    BenefitForm.action: gettext_lazy("Accorder"),
    FoundForm.action: gettext_lazy("Carte trouvée"),
    AdjustForm.action: gettext_lazy("Ajuster"),
}


class CardPage:
    """A card and what its forms need: the actions offered, and why the others are not (the services' controls,
    registers/cards/controls.py, on the card as it is)."""

    def __init__(self, user: User, card: Card):
        self.user, self.card, self.casino = user, card, card.casino
        self.state, self.rules = controls.CardState.of(card), rules_of(card.casino)
        self.targets = pages.transfer_targets(card)
        offers = pages.status_offers(card, user, self.rules) if self.writable else []
        self.changes = [(change, label) for change, label, problems in offers if not problems]
        # a change withheld by the card's state says why; one reserved to the management is said by the form's note
        self.changes_withheld = [(label, controls.said(problems[0], self.casino)) for _change, label, problems in offers
                                 if problems and not any(p.code == ErrorCode.WRONG_ROLE for p in problems)]
        self.withheld: list[tuple[str, str]] = []

    def find(self, number: str) -> Card | None:
        return Card.objects.visible_to(self.user).filter(number=number).first()

    @property
    def writable(self) -> bool:
        return can_write(self.user, self.casino)

    def shown(self) -> list[type]:
        """The forms this user can use on this card now; each one the card's state withholds says why in `withheld`,
        with the problem the service would refuse it with."""
        if not self.writable:
            return []
        card, state, rules, today = self.card, self.state, self.rules, self.casino.today()
        nominative, inactive = card.kind == CardKind.NOMINATIVE, controls.active_problems(state, rules)
        found = controls.ProposedChange("found", today, found_on=today, today=today)
        offered = (  # (form, whether it is one for this card and this user, what withholds it now)
            (LoadForm, True, inactive),
            (PayoutForm, card.balance > 0, []),  # whatever the card's state (art. 3-1 5))
            (TransferForm, nominative and bool(self.targets), inactive),
            (BenefitForm, nominative, controls.benefit_problems(state, 1, 0, rules)),
            (StatusForm, bool(self.changes), []),
            (FoundForm, True, controls.change_problems(state, found, rules)),
            (AdjustForm, _is_manager(self.user), controls.adjustable_problems(state)),
        )
        forms, self.withheld = [], list(self.changes_withheld)
        for form, applies, problems in offered:
            if applies and not problems:
                forms.append(form)
            elif applies:
                self.withheld.append((str(WITHHELD_LABELS[form.action]), controls.said(problems[0], self.casino)))
        return forms


def _cash_desk(service, message):
    """A load or a payout: the service, then the new balance in the confirmation."""
    def act(page, values, user):
        entry = service(card=page.card, actor=user, **values)
        page.card.refresh_from_db()
        return str(message) % {"amount": money(page.card, values_amount(entry)), "seq": entry.seq,
                               "balance": money(page.card, page.card.balance)}
    return act


_load = _cash_desk(card_load, gettext_lazy(
    "Chargement de %(amount)s enregistré (écriture n° %(seq)s) : solde %(balance)s."))
_payout = _cash_desk(card_payout, gettext_lazy(
    "Paiement de %(amount)s enregistré (écriture n° %(seq)s) : solde %(balance)s."))


def _transfer(page, values, user):
    entry = card_transfer(source=page.card, actor=user, **values)
    return _("Transfert de %(amount)s vers la carte %(target)s enregistré (écriture n° %(seq)s).") % {
        "amount": money(page.card, values_amount(entry)), "target": values["target"].number, "seq": entry.seq}


def _benefit(page, values, user):
    entry = card_benefit(card=page.card, actor=user, **values)
    return _("Points et jeux gratuits enregistrés (écriture n° %(seq)s).") % {"seq": entry.seq}


def _status(page, values, user):
    entry = card_status_change(card=page.card, actor=user, **values)
    page.card.refresh_from_db()
    return _("Carte %(number)s : %(status)s (écriture n° %(seq)s).") % {
        "number": page.card.number, "status": page.card.get_status_display().lower(), "seq": entry.seq}


def _found(page, values, user):
    entry = card_found(card=page.card, actor=user, **values)
    page.card.refresh_from_db()
    if page.card.kind == CardKind.JOURNALIERE:
        return _("Carte trouvée enregistrée (écriture n° %(seq)s) ; son solde éventuel est porté au registre des "
                 "orphelins.") % {"seq": entry.seq}
    return _("Carte trouvée enregistrée (écriture n° %(seq)s) : gardée à la disposition de son titulaire.") % {
        "seq": entry.seq}


def _adjust(page, values, user):
    before = page.card.balance
    entry = card_adjust(card=page.card, actor=user, **values)
    page.card.refresh_from_db()
    return _("Solde ajusté de %(before)s à %(after)s (écriture n° %(seq)s).") % {
        "before": money(page.card, before), "after": money(page.card, page.card.balance), "seq": entry.seq}


def values_amount(entry) -> Decimal:
    """The amount an entry recorded (its payload is the canonical JSON of the chain)."""
    return Decimal(json.loads(entry.payload)["amount"])


ACTIONS = {
    LoadForm.action: (LoadForm, _load),
    PayoutForm.action: (PayoutForm, _payout),
    TransferForm.action: (TransferForm, _transfer),
    BenefitForm.action: (BenefitForm, _benefit),
    StatusForm.action: (StatusForm, _status),
    FoundForm.action: (FoundForm, _found),
    AdjustForm.action: (AdjustForm, _adjust),
}


@login_required
def card_detail(request, number):
    card = pages.card_get(user=request.user, number=number)
    page = CardPage(request.user, card)
    bound = None
    if request.method == "POST":
        verify_writable(request, card.casino)
        _action, (form_class, call) = chosen(request, ACTIONS)
        bound = form_class(request.POST, page=page)
        done = submit(request, bound, lambda form: (call(page, form.values(), request.user),
                                                    reverse("cards-card", kwargs={"number": card.number})))
        if done is not None:
            return done
    forms = {}
    for form_class in page.shown():
        forms[form_class.action] = form_class(page=page)
    if bound is not None:
        forms[bound.action] = bound  # shown even where the page would not offer it: the refusal says why
    return render(request, "registers/cards/card.html", {
        "card": card,
        "casino": card.casino,
        "page": page,
        "history": pages.history(card, cursor(request.GET.get("avant"))),
        "benefits": card_benefits(card) if card.kind == CardKind.NOMINATIVE else None,
        "forms": forms,
        "bound_action": bound.action if bound is not None else None,
        "register_kind": RegisterKind.CARTES,
        "is_manager": _is_manager(request.user),
        **_notes(card),
    })


def _notes(card: Card) -> dict[str, str]:
    cap = cap_rule(card)
    balance, allowed = money(card, card.balance), money(card, card.cap - card.balance)
    return {
        "load_note": _("Plafond de la carte : %(cap)s ; montant encore permis : %(allowed)s (%(citation)s).")
        % {"cap": money(card, card.cap), "allowed": allowed, "citation": str(cap.citation)},
        "adjust_note": _("Solde actuel : %(balance)s. Le nouveau solde et le motif sont portés au registre par une "
                         "écriture nouvelle, avec le solde d'avant et celui d'après.") % {"balance": balance},
    }


@login_required
def card_face_pdf(request, number):
    """The card's face, credit-card size, with the mention art. 3-1 2) requires."""
    from weasyprint import HTML

    card = pages.card_get(user=request.user, number=number)
    with translation.override("fr"):  # printed in French, as the mention the regulation requires
        html = render_to_string("registers/cards/face.html", {"card": card, "casino": card.casino}, request=request)
    response = HttpResponse(HTML(string=html, base_url=request.build_absolute_uri("/")).write_pdf(),
                            content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="carte-{card.number}.pdf"'
    return response


# --- clients -------------------------------------------------------------------------------------------


@login_required
def client_list(request):
    query = request.GET.get("q", "")
    today = timezone.localdate()
    own = request.user.casino if card_system_applies(request.user.casino, today) else None
    clients = keyset(pages.clients_with_counts(user=request.user, query=query), cursor(request.GET.get("avant")))
    return render(request, "registers/cards/clients.html", {
        "clients": clients,
        "query": query,
        "several_casinos": len({c.casino_id for c in clients.rows}) > 1,
        "can_issue": own is not None and can_write(request.user, own) and _is_manager(request.user),
    })


CLIENT_HISTORY = 20  # each card's last operations; its page has the rest


@login_required
def client_detail(request, pk):
    client = pages.client_get(user=request.user, pk=pk)
    cards = [(card, pages.history(card, size=CLIENT_HISTORY)) for card in pages.client_cards(client)]
    # art. 3-1 7): the nominative cards attributed and not closed (lost, blocked or found still count)
    active = sum(1 for card, _lines in cards if card.status != CardStatus.CLOSED and card.kind == CardKind.NOMINATIVE)
    return render(request, "registers/cards/client.html", {
        "client": client,
        "casino": client.casino,
        "cards": cards,
        "active": active,
        "per_client": pages.card_rule(client.casino, "nominatives_par_client_max", timezone.localdate()),
        "can_issue": can_write(request.user, client.casino) and _is_manager(request.user),
    })
