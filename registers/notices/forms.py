"""The notices' forms: a posting of each notice the casino owes (its place, day, paper and the casino's texts the notice
needs, as the rule data lists them) and a withdrawal. They carry the input to the services, which check it and name
the field at fault."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..forms import DATE, TEXT, ActionForm, text_field
from .catalogue import SIZES
from .controls import PLACE_MAX, REASON_MAX, TEXT_MAX


class PostingForm(ActionForm):
    """The posting of one notice; `posting_form(kind, texts)` makes each notice's own class."""

    kind = ""
    texts = ()
    place = text_field(_("Emplacement"), PLACE_MAX)
    day = forms.DateField(label=_("Affiché le"), widget=DATE)
    size = forms.ChoiceField(label=_("Format de l'affiche"), choices=[(size, size) for size in SIZES])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for text in self.texts:
            widget = forms.Textarea(attrs={"rows": 3}) if text.long else forms.TextInput()
            self.fields[text.name] = forms.CharField(label=text.label, required=False, max_length=TEXT_MAX,
                                                     widget=widget)
            self.fields[text.name].widget.attrs.update({"class": "form-control",
                                                        "aria-describedby": f"{self[text.name].auto_id}-error"})

    def defaults(self, page) -> dict:
        return {"day": page.today, "size": "A4", "place": page.places.get(self.kind, "")}

    def said(self) -> dict:
        return {text.name: self.cleaned_data.get(text.name) or "" for text in self.texts}


def posting_form(kind: str, texts) -> type[PostingForm]:
    return type(f"PostingForm_{kind}", (PostingForm,), {"action": f"afficher-{kind}", "kind": kind,
                                                        "texts": tuple(texts)})


class WithdrawalForm(ActionForm):
    action = "retirer"
    posting = forms.IntegerField(label=_("Affichage n°"), widget=forms.HiddenInput)
    day = forms.DateField(label=_("Retiré le"), widget=DATE)
    reason = text_field(_("Motif du retrait"), REASON_MAX, widget=TEXT)

    def defaults(self, page) -> dict:
        return {"day": page.today}
