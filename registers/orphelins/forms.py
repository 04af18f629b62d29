"""Forms of the orphelins register: they carry the input to the services and back on a refusal."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..forms import DATE, TEXT, BootstrapForm
from .selectors import STATUSES, source_choices


class OrphelinFileForm(BootstrapForm):
    late_filing = True
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    source = forms.ChoiceField(label=_("Origine"), choices=())
    amount = forms.CharField(label=_("Montant"), required=False, max_length=30)
    currency = forms.CharField(label=_("Devise"), required=False, max_length=3)
    location = forms.CharField(label=_("Lieu"), required=False, max_length=200)
    description = forms.CharField(label=_("Description"), required=False, max_length=1000, widget=TEXT)
    found_on = forms.DateField(label=_("Carte nominative : trouvée le"), required=False, widget=DATE)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["source"].choices = source_choices()
        self.fields["amount"].widget.attrs.update(inputmode="decimal", autocomplete="off")


class OrphelinReturnForm(BootstrapForm):
    late_filing = True
    gaming_day = forms.DateField(label=_("Journée de jeu de la restitution"), widget=DATE)
    owner_name = forms.CharField(label=_("Nom du propriétaire"), required=False, max_length=200)
    owner_document = forms.CharField(label=_("Pièce d'identité (type et numéro)"), required=False, max_length=200)
    right_established = forms.BooleanField(label=_("Droit établi sans contestation possible"), required=False)
    evidence = forms.CharField(
        label=_("Éléments qui établissent le droit"), required=False, max_length=2000, widget=TEXT
    )


class OrphelinFilterForm(BootstrapForm):
    status = forms.ChoiceField(label=_("Statut"), required=False, choices=())
    day_from = forms.DateField(label=_("Journée de jeu, du"), required=False, widget=DATE)
    day_to = forms.DateField(label=_("au"), required=False, widget=DATE)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["status"].choices = [("", _("Tous")), *STATUSES.items()]
