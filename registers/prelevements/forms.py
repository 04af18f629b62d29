"""The levy book's forms: they carry the input to the services, which decide (registers/forms.py)."""

import datetime

from django import forms
from django.utils.translation import gettext_lazy as _

from compliance import formatting

from ..forms import DATE, ActionForm
from .controls import SOURCES


class ParametersForm(ActionForm):
    action = "parametres"
    aliases = {"rates": "taux_tables"}
    effective_from = forms.DateField(label=_("En vigueur le"), widget=DATE)
    act = forms.CharField(label=_("Référence de l'acte qui fixe les taux"), max_length=200, required=False,
                          help_text=_("L'acte cité par le casino (arrêté, convention …) : les taux ne sont pas dans "
                                      "les textes que Vigie tient."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for source, label in SOURCES.items():
            self.fields[f"taux_{source}"] = forms.DecimalField(
                label=_("Taux (%%) : %(source)s") % {"source": label}, required=False, min_value=0, max_value=100,
                decimal_places=4)
            self.fields[f"taux_{source}"].widget.attrs["class"] = "form-control"

    def rates(self) -> dict:
        return {source: self.cleaned_data[f"taux_{source}"] for source in SOURCES
                if self.cleaned_data.get(f"taux_{source}") is not None}


class ComputeForm(ActionForm):
    action = "calcul"
    month = forms.RegexField(label=_("Mois"), regex=r"^\d{4}-\d{2}$", max_length=7,
                             widget=forms.TextInput(attrs={"type": "month"}))

    def defaults(self, page) -> dict:
        return {"month": page.month}


class TransferForm(ActionForm):
    action = "virement"
    days = forms.MultipleChoiceField(label=_("Journées payées"), required=False)
    amount = forms.CharField(label=_("Montant viré"), max_length=20)
    made_on = forms.DateField(label=_("Virement fait le"), widget=DATE)
    reference = forms.CharField(label=_("Référence du virement bancaire"), max_length=100, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        casino = self.page.casino  # each day as the casino's people write it, with what it owes
        self.fields["days"].choices = [(line.day.isoformat(), _day_owed(line, casino)) for line in self.page.unpaid]
        self.fields["days"].widget.attrs["class"] = "form-select"

    def chosen_days(self) -> list[datetime.date]:
        return [datetime.date.fromisoformat(raw) for raw in self.cleaned_data["days"]]


def _day_owed(line, casino) -> str:
    day = formatting.date(line.day, jurisdiction=casino.jurisdiction)
    owed = formatting.money(line.levied.set_aside, currency=casino.currency, jurisdiction=casino.jurisdiction)
    return f"{day} · {owed}"
