"""The registers' forms carry the input to the services and back on a refusal; the rules themselves
(positive amount, the casino's currency, the return period …) are checked by the services only, which
raise a DomainError naming the field at fault."""

from django import forms
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError

from .queries import STATUSES, source_choices

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
TEXT = forms.Textarea(attrs={"rows": 2})


class BootstrapForm(forms.Form):
    """Bootstrap classes on every widget, `is-invalid` and its message id on every field in error."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, bound in self.fields.items():
            widget = bound.widget
            if isinstance(widget, forms.CheckboxInput):
                css = "form-check-input"
            elif isinstance(widget, forms.Select):
                css = "form-select"
            else:
                css = "form-control"
            widget.attrs["class"] = css
            widget.attrs["aria-describedby"] = f"{self.auto_id % name}-error"

    def add_error(self, field, error):
        super().add_error(field, error)
        for name in self.errors:
            if name in self.fields and "is-invalid" not in self.fields[name].widget.attrs["class"]:
                self.fields[name].widget.attrs["class"] += " is-invalid"

    def refuse(self, exc: DomainError) -> None:
        """Shows a service's refusal next to the field it names (or above the form)."""
        self.add_error(exc.field if exc.field in self.fields else None, str(exc.message))


class OrphelinFileForm(BootstrapForm):
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
