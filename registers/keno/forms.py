"""The Keno page's forms: they carry the input to the services, which decide (registers/forms.py)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError

from ..errors import ErrorCode
from ..forms import DATE, TEXT, ActionForm, amount_field, split_list, text_field
from . import errors
from .services import NUMBER_MAX, REFERENCE_MAX

MOMENT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
MOMENT_FORMATS = ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S"]


NOW_IF_EMPTY = _("Maintenant si laissé vide, à l'heure du casino.")


def _moment(label):
    return forms.DateTimeField(label=label, required=False, widget=MOMENT, input_formats=MOMENT_FORMATS,
                               help_text=NOW_IF_EMPTY)


class ClosingForm(ActionForm):
    action = "fermeture"
    effective_from = forms.DateField(label=_("En vigueur le"), widget=DATE)
    hour = forms.TimeField(label=_("Heure de fermeture"), widget=forms.TimeInput(attrs={"type": "time"},
                                                                                format="%H:%M"))
    next_day = forms.BooleanField(label=_("Le casino ferme après minuit, le lendemain de sa journée"), required=False)
    reference = text_field(_("Référence où le casino fixe son heure de fermeture"), REFERENCE_MAX,
                           help_text=_("L'heure de fermeture n'est pas dans les textes que Vigie tient : citez l'acte "
                                       "ou la décision du casino."))


class TicketForm(ActionForm):
    action = "billet"
    number = forms.CharField(label=_("N° du billet"), max_length=NUMBER_MAX)
    draws = forms.CharField(label=_("Tirages (n°)"), max_length=400,
                            help_text=_("Un numéro pour un billet d'un seul tirage ; plusieurs, séparés par des "
                                        "virgules, pour un billet de plusieurs tirages."))
    stake = amount_field(_("Mise"))
    issued_at = _moment(_("Vendu le"))

    def values(self) -> dict:
        data = self.cleaned_data
        try:
            draws = [int(item) for item in split_list(data["draws"].replace(";", ","))]
        except ValueError:
            raise DomainError(errors.DRAWS_INVALID, code=ErrorCode.INVALID, field="draws") from None
        return {"number": data["number"], "draws": draws, "stake": data["stake"],
                "currency": self.page.casino.currency, "issued_at": data["issued_at"]}


class DrawForm(ActionForm):
    action = "tirage"
    number = forms.IntegerField(label=_("N° du tirage"), min_value=1)
    drawn_at = _moment(_("Tiré le"))
    winners = forms.CharField(label=_("Billets gagnants et leur gain"), required=False, widget=TEXT,
                              help_text=_("Un par ligne : « n° du billet: montant », tels que le système de Keno les "
                                          "donne."))

    def values(self) -> dict:
        data, winners = self.cleaned_data, {}
        for line in data["winners"].splitlines():
            if not line.strip():
                continue
            ticket, colon, amount = line.partition(":")
            if not colon or not ticket.strip():
                raise DomainError(errors.WINNERS_INVALID.format(value=line.strip()), code=ErrorCode.INVALID,
                                  field="winners")
            winners[ticket.strip()] = amount.strip()
        return {"number": data["number"], "drawn_at": data["drawn_at"], "winners": winners,
                "currency": self.page.casino.currency}


class PayForm(ActionForm):
    action = "paiement"
    ticket = forms.CharField(label=_("N° du billet présenté"), max_length=NUMBER_MAX)
    paid_at = _moment(_("Présenté et payé le"))

    def values(self) -> dict:
        return {"number": self.cleaned_data["ticket"], "paid_at": self.cleaned_data["paid_at"]}
