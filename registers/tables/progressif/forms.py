"""The progressive lot's forms: they carry the input to the services, which decide (registers/forms.py)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from compliance import formatting

from ...forms import ActionForm


class ConfigureForm(ActionForm):
    action = "configurer"
    name = forms.CharField(label=_("Nom du lot"), max_length=60, required=False)
    tables = forms.MultipleChoiceField(label=_("Tables reliées au panneau"), required=False)
    start = forms.CharField(label=_("Valeur de départ du lot"), max_length=20, required=False)
    rate = forms.DecimalField(label=_("Taux d'incrément (% de chaque mise)"), required=False, decimal_places=2)
    reference = forms.CharField(label=_("Référence de la décision du casino"), max_length=200, required=False,
                                help_text=_("La décision qui fixe la valeur de départ et le taux : le texte ne les "
                                            "fixe pas."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tables"].choices = [(table, table) for table in self.page.eligible]
        self.fields["tables"].widget.attrs["class"] = "form-select"


def _seance_label(session, casino) -> str:
    day = formatting.date(session.gaming_day, jurisdiction=casino.jurisdiction)
    return _("%(table)s · séance %(number)s · %(day)s") % {"table": session.table.number, "number": session.number,
                                                           "day": day}


class _SeanceForm(ActionForm):
    lot = forms.ChoiceField(label=_("Lot"))
    session = forms.ChoiceField(label=_("Séance"))

    def seances(self) -> list:
        return []

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        casino = self.page.casino
        self.fields["lot"].choices = [(name, name) for name in self.page.lots]
        self.fields["session"].choices = [(str(session.pk), _seance_label(session, casino))
                                          for session in self.seances()]
        for name in ("lot", "session"):
            self.fields[name].widget.attrs["class"] = "form-select"


class ReadingForm(_SeanceForm):
    action = "releve"
    bets = forms.IntegerField(label=_("Mises progressives de la séance"), min_value=0, required=False)
    displayed = forms.CharField(label=_("Montant affiché par le panneau à la fermeture"), max_length=20,
                                required=False)

    def seances(self) -> list:
        return self.page.to_read


class WinForm(_SeanceForm):
    action = "gain"
    hand = forms.ChoiceField(label=_("Combinaison"))
    amount = forms.CharField(label=_("Montant payé"), max_length=20, required=False,
                             help_text=_("Pour 100 % du lot : le montant affiché au moment du gain ; un lot fixe se "
                                         "paie au montant de la table de paiement."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["hand"].choices = [(prize.hand, prize.label) for prize in self.page.prizes]
        self.fields["hand"].widget.attrs["class"] = "form-select"

    def seances(self) -> list:
        return self.page.recent
