"""Forms of the card pages (LU RGD 1979 art. 3-1 to 3-4). As the other registers' forms they only carry
the input to the services and back on a refusal: caps, roles, states and articles are the services' to
check (services.py and ledger.py beside this file), which raise a DomainError naming the field at fault.

The card page holds several forms, each with its prefix (its `action`, posted with it)."""

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .. import errors
from ..forms import DATE, ActionForm, BootstrapForm, Restated, amount_field, text_field
from ..house_lists.forms import station_offer
from ..models import CardKind, StationKind
from .ledger import money

ID_DOCUMENTS = (
    ("Carte d'identité", _("Carte d'identité")),
    ("Passeport", _("Passeport")),
    ("Titre de séjour", _("Titre de séjour")),
    ("Permis de conduire", _("Permis de conduire")),
)
NEW_CLIENT = ""


class CertificateForm(BootstrapForm):
    """The supplier's certificate of conformity of the card system (art. 3-2)."""

    supplier = text_field(_("Fournisseur du système"))
    reference = text_field(_("Référence du certificat"), 120)
    issued_on = forms.DateField(label=_("Délivré le"), widget=DATE)


class IssueForm(BootstrapForm):
    """A card for an identified client (picked, or registered here: art. 3-3), or a day card."""

    kind = forms.ChoiceField(label=_("Type de carte"), choices=CardKind.choices, widget=forms.RadioSelect,
                             initial=CardKind.NOMINATIVE)
    client = forms.ChoiceField(label=_("Client déjà identifié"), required=False, choices=())
    last_name = text_field(_("Nom"), 120)
    first_name = text_field(_("Prénom"), 120)
    birth_date = forms.DateField(label=_("Date de naissance"), required=False, widget=DATE)
    id_document_type = forms.ChoiceField(label=_("Pièce d'identité"), required=False,
                                         choices=(("", "—"), *ID_DOCUMENTS))
    id_document_number = text_field(_("Numéro de la pièce"), 60)
    NEW_CLIENT_FIELDS = ("last_name", "first_name", "birth_date", "id_document_type", "id_document_number")

    def __init__(self, *args, clients=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.clients = {str(c.pk): c for c in clients}
        self.fields["client"].choices = [
            (NEW_CLIENT, _("— nouveau client, identifié ci-dessous —")),
            *((pk, f"{c} · {c.birth_date:%d/%m/%Y} · {c.id_document_type} {c.id_document_number}")
              for pk, c in self.clients.items()),
        ]
        self.fields["kind"].widget.attrs["class"] = "form-check-input"
        for name in ("last_name", "first_name", "id_document_number"):
            self.fields[name].widget.attrs["autocomplete"] = "off"

    @property
    def nominative(self) -> bool:
        return self.cleaned_data.get("kind") == CardKind.NOMINATIVE

    @property
    def picked_client(self):
        return self.clients.get(self.cleaned_data.get("client") or NEW_CLIENT)

    @property
    def new_client(self) -> dict | None:
        """The identity typed for a new client, or None when nothing was typed."""
        values = {name: self.cleaned_data.get(name) for name in self.NEW_CLIENT_FIELDS}
        return values if any(values.values()) else None

    def clean(self):
        data = super().clean()
        if (data.get("kind") == CardKind.NOMINATIVE and not data.get("client") and any(
                data.get(name) for name in self.NEW_CLIENT_FIELDS) and not data.get("birth_date")):
            self.add_error("birth_date", str(errors.FIELD_REQUIRED))
        return data


# --- the card page ------------------------------------------------------------------------------------


class DeskChosen(ActionForm):
    """The desk of a load or a payout, chosen among the casino's desks in service (registers/house_lists)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        station_offer(self, "desk", self.page.casino, StationKind.DESK)


class LoadForm(DeskChosen):
    action = "load"
    amount = amount_field(_("Montant chargé"))
    desk = text_field(_("Caisse"), 60)


class PayoutForm(DeskChosen):
    action = "payout"
    amount = amount_field(_("Montant payé"))
    desk = text_field(_("Caisse"), 60)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["amount"].widget.attrs["placeholder"] = _("vide : tout le solde")

    def values(self):
        values = dict(self.cleaned_data)
        values["amount"] = values["amount"] or None
        return values


class TransferForm(ActionForm):
    action = "transfer"
    target = forms.CharField(label=_("Vers la carte"), widget=forms.Select)
    amount = amount_field(_("Montant transféré"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["target"].widget.choices = [(c.number, f"{c.number} · {c.get_status_display()}")
                                                for c in self.page.targets]

    def clean_target(self):
        """The card itself, among those the user sees; the service decides whether it may receive."""
        card = self.page.find(self.cleaned_data["target"])
        if card is None:
            raise forms.ValidationError(_("Carte inconnue : « %(number)s ».") % {"number": self.cleaned_data["target"]})
        return card


class BenefitForm(ActionForm):
    action = "benefit"
    points = forms.IntegerField(label=_("Points"), required=False)
    free_games = forms.IntegerField(label=_("Jeux gratuits"), required=False)
    reason = text_field(_("Motif"), 200)

    def values(self):
        data = self.cleaned_data
        return {"points": data["points"] or 0, "free_games": data["free_games"] or 0, "reason": data["reason"]}


NO_CHANGE = _("Choisissez le changement d'état : aucun n'est retenu par défaut.")
# What each change does, restated before it is confirmed
CHANGE_ACTS = {
    "block": _("La carte sera bloquée : plus aucun chargement, jeu ni transfert jusqu'à sa réactivation par la "
               "direction ; son solde reste payable au client."),
    "reactivate": _("La carte sera réactivée : elle se charge et se joue de nouveau."),
    "lost": _("La carte sera déclarée perdue : plus aucun jeu ; son solde reste dû à son titulaire."),
    "close": _("La carte sera clôturée pour de bon : elle ne se rouvre pas."),
}


class StatusForm(ActionForm):
    """Block, reactivate, report lost or close a card: nothing chosen beforehand, the change restated with the card's
    number and balance before it is recorded."""

    action = "status"
    confirmation = True
    change = forms.CharField(label=_("Changement d'état"), widget=forms.Select, error_messages={"required": NO_CHANGE})
    reason = text_field(_("Motif"), 200)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["change"].widget.choices = [("", "—"), *self.page.changes]  # the service refuses any other

    def restate(self) -> Restated:
        card, change = self.page.card, self.cleaned_data["change"]
        label = dict(self.page.changes).get(change, change)
        facts = [(str(_("Carte")), f"{card.number} · {card.get_kind_display()}"),
                 (str(_("Titulaire")), str(card.client) if card.client_id else str(_("anonyme"))),
                 (str(_("État")), card.get_status_display()), (str(_("Solde")), money(card, card.balance)),
                 (str(_("Changement d'état")), label)]
        if self.cleaned_data.get("reason"):
            facts.append((str(_("Motif")), self.cleaned_data["reason"]))
        return Restated(title=str(_("%(change)s la carte %(number)s")) % {"change": label, "number": card.number},
                        act=str(CHANGE_ACTS.get(change, "")), facts=facts,
                        button=str(_("Confirmer : %(change)s")) % {"change": label.lower()})


class FoundForm(ActionForm):
    action = "found"
    found_on = forms.DateField(label=_("Trouvée le"), widget=DATE)
    location = text_field(_("Lieu où elle a été trouvée"), 200)

    def defaults(self, page):
        return {"found_on": timezone.localdate()}


class AdjustForm(ActionForm):
    action = "adjust"
    balance = amount_field(_("Nouveau solde"))
    reason = text_field(_("Motif de l'ajustement"), 200)


CARD_FORMS = (LoadForm, PayoutForm, TransferForm, BenefitForm, StatusForm, FoundForm, AdjustForm)
