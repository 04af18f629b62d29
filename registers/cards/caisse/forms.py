"""Forms of the caisse spéciale page: they carry the input to `caisse.desk_count_file` and back on a refusal;
the rules (a desk named, exact amounts, a day open to entries) are the service's, which names the field at
fault."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ...forms import DATE, BootstrapForm
from ...house_lists.forms import station_offer
from ...models import StationKind
from .services import CLOSING, DESK_MAX
from .services import MOMENT_LABELS as MOMENTS


class DeskCountForm(BootstrapForm):
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    desk = forms.CharField(label=_("Caisse"), required=False, max_length=DESK_MAX)
    moment = forms.ChoiceField(label=_("Moment du comptage"), choices=list(MOMENTS.items()), initial=CLOSING)
    cash = forms.CharField(label=_("Espèces comptées"), required=False, max_length=30)
    tokens = forms.CharField(label=_("Tokens comptés"), required=False, max_length=30)

    def __init__(self, *args, casino=None, **kwargs):
        super().__init__(*args, **kwargs)
        station_offer(self, "desk", casino, StationKind.DESK)  # the casino's desks in service
        for name in ("cash", "tokens"):
            self.fields[name].widget.attrs.update(inputmode="decimal", autocomplete="off", placeholder="0,00")


class DayForm(BootstrapForm):
    """Which statement to show: a casino of the user's scope and a gaming day."""

    casino = forms.ChoiceField(label=_("Casino"), required=False, choices=())
    day = forms.DateField(label=_("Journée de jeu"), widget=DATE)

    def __init__(self, *args, casinos=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["casino"].choices = [(c.code, c.name) for c in casinos]
