"""Forms of the casino's lists page: an item added, an item retired. They carry the input to the services, which
check it and name the field at fault."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..forms import ActionForm, amount_field, text_field
from ..models import DenominationKind, StationKind
from . import errors, selectors


class StationForm(ActionForm):
    action = "poste"
    kind = forms.ChoiceField(label=_("Liste"), choices=StationKind.choices)
    name = text_field(_("Nom"), 60)
    game = text_field(_("Jeu (table de poker)"), 60)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs.update(autocomplete="off", placeholder=_("Caisse 3, TH-4 …"))
        self.fields["game"].widget.attrs.update(autocomplete="off")


class DenominationForm(ActionForm):
    action = "coupure"
    value = amount_field(_("Valeur"))
    kind = forms.ChoiceField(label=_("Nature"), choices=DenominationKind.choices)


class RetireForm(ActionForm):
    """The « Retirer » button of an item's row: `item` is « poste-<pk> » or « coupure-<pk> »."""

    action = "retirer"
    item = forms.CharField(widget=forms.HiddenInput, max_length=40)


LIST_NAMES = {StationKind.DESK: _("caisses"), StationKind.POKER_TABLE: _("tables de poker")}


def station_choice(casino, kind: str, label, *, help_text=None) -> forms.ChoiceField:
    """A desk or a poker table chosen among those of the casino's list in service, instead of its name typed; a
    name not in that list is refused, naming the field (the service decides the rest, as before)."""
    names = selectors.station_names(casino, kind) if casino is not None else []
    field = forms.ChoiceField(label=label, required=False, choices=[("", "—"), *((name, name) for name in names)],
                              help_text=help_text)
    field.error_messages["invalid_choice"] = str(errors.NOT_LISTED).format(
        value="%(value)s", list=LIST_NAMES[kind], field=label)
    return field


def station_offer(form: forms.Form, name: str, casino, kind: str) -> None:
    """Field `name` of a built form becomes the choice of the casino's list, keeping its label and classes."""
    old = form.fields[name]
    field = station_choice(casino, kind, old.label, help_text=old.help_text)
    field.widget.attrs.update({key: value for key, value in old.widget.attrs.items()
                               if key in ("aria-describedby",)}, **{"class": "form-select"})
    form.fields[name] = field
    form._bound_fields_cache.pop(name, None)  # a bound field already read (its id) would show the old input
