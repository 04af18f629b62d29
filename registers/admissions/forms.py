"""The admissions' forms: an admission card at the door (the casino's staff), an exclusion and the admission policy
(its management). They carry the input to the services, which check it and name the field at fault."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..forms import DATE, ActionForm, amount_field, text_field
from ..models import Admission, Exclusion


class AdmissionForm(ActionForm):
    action = "admission"
    kind = forms.ChoiceField(label=_("Carte"), choices=())
    guest = forms.BooleanField(label=_("Invité d'honneur (carte gratuite, délivrée par la direction)"),
                               required=False)
    price = amount_field(_("Prix"))
    last_name = text_field(_("Nom"), 120)
    first_name = text_field(_("Prénom"), 120)
    birth_date = forms.DateField(label=_("Date de naissance"), widget=DATE)
    document = forms.ChoiceField(label=_("Pièce d'identité vue"), choices=Admission.Document.choices)
    document_end = text_field(_("Derniers caractères du numéro (2 à 4)"), 4)

    def __init__(self, *args, page, **kwargs):
        super().__init__(*args, page=page, **kwargs)
        self.fields["kind"].choices = [(kind, label) for kind, label in Admission.Kind.choices if kind in page.kinds]
        self.fields["document_end"].widget.attrs.update(autocomplete="off", placeholder="1234")
        for name in ("last_name", "first_name"):
            self.fields[name].widget.attrs.update(autocomplete="off")

    def defaults(self, page) -> dict:
        return {"price": "0"}


class ExclusionForm(ActionForm):
    action = "exclusion"
    last_name = text_field(_("Nom"), 120)
    first_name = text_field(_("Prénom"), 120)
    birth_date = forms.DateField(label=_("Date de naissance"), widget=DATE)
    scope = forms.ChoiceField(label=_("Exclu de"), choices=Exclusion.Scope.choices)
    source = text_field(_("Source (décision ou demande qui fonde l'exclusion)"), 200)
    starts_on = forms.DateField(label=_("Du"), widget=DATE)
    ends_on = forms.DateField(label=_("Au (vide : jusqu'à sa levée)"), widget=DATE, required=False)

    def defaults(self, page) -> dict:
        return {"starts_on": page.today}


class PolicyForm(ActionForm):
    action = "politique"
    minimum_age = forms.IntegerField(label=_("Âge minimum (ans)"), min_value=16, max_value=25)
    age_reference = text_field(_("Référence de l'acte du casino qui fixe l'âge"), 200)
    retention_days = forms.IntegerField(label=_("Conservation des données personnelles (jours après la fin)"),
                                        min_value=1, max_value=3650)
    retention_reference = text_field(_("Référence de l'acte du casino qui fixe la conservation"), 200)
    effective_from = forms.DateField(label=_("En vigueur le"), widget=DATE)

    def defaults(self, page) -> dict:
        return {"effective_from": page.today}
