"""The waiting list's forms: a player inscribed, the list called at a table (its free seats, the ranks who did not
answer, who attributes the seats). They only carry the input to the services, which check it and name the field."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ...forms import ActionForm, text_field
from ..controls import CHEF_DE_PARTIE, DIRECTION
from .services import PLAYER_MAX

QUALITIES = {CHEF_DE_PARTIE: _("chef de partie"), DIRECTION: _("membre du comité de direction")}


def _numbers(text: str, label) -> list[int]:
    """« 3, 7 9 » → [3, 7, 9]; anything else is refused naming the field."""
    parts = text.replace(",", " ").split()
    if not all(part.isdigit() for part in parts):
        raise forms.ValidationError(_("%(label)s : des numéros séparés par des virgules (3, 7).") % {"label": label})
    return [int(part) for part in parts]


class InscribeForm(ActionForm):
    """A player put on the day's waiting list, as the floor writes them."""

    action = "inscribe"
    player = text_field(_("Joueur (nom, pseudonyme ou numéro)"), PLAYER_MAX)

    def values(self):
        return {"player": self.cleaned_data["player"]}


class CallForm(ActionForm):
    """The list called at a table's séance for its free seats; the seats drawn at random by Vigie."""

    action = "call"
    session = forms.ChoiceField(label=_("Séance"), choices=())
    free_seats = text_field(_("Places libres"), 40)
    absent = text_field(_("Rangs appelés sans réponse"), 80)
    quality = forms.ChoiceField(label=_("Attribution par"), choices=list(QUALITIES.items()))
    chef_de_partie = text_field(_("Chef de partie"), 120)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["session"].choices = [("", "—"), *((str(s.pk), f"{s.table} · {_('séance')} {s.number}")
                                                       for s in self.page.sessions)]
        self.fields["free_seats"].help_text = _("Ex. : 3, 7")
        self.fields["absent"].help_text = _("Ex. : 1 — ceux qui n'ont pas répondu à l'appel.")

    def clean_free_seats(self):
        return _numbers(self.cleaned_data["free_seats"], self.fields["free_seats"].label)

    def clean_absent(self):
        return _numbers(self.cleaned_data.get("absent") or "", self.fields["absent"].label)

    def values(self):
        data = self.cleaned_data
        return {"session": self.page.session(data["session"]), "free_seats": data["free_seats"],
                "absent": data["absent"], "quality": data["quality"], "chef_de_partie": data["chef_de_partie"]}
