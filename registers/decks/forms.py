"""The playing-card stock's forms, one per act of its page: a receipt, an issue to a table, a return, a destruction
(filed here, countersigned by the direction in the register's queue), the opening control's days. Each carries its
input to the service, which checks it and names the field at fault."""

from django import forms
from django.utils.translation import gettext as _t
from django.utils.translation import gettext_lazy as _

from ..forms import DATE, ActionForm, Restated, split_list, text_field
from .controls import FAMILIES


def _count(label, initial=None):
    return forms.IntegerField(label=label, min_value=1, max_value=10000, initial=initial)


class ReceiptForm(ActionForm):
    action = "reception"
    supplier = text_field(_("Fournisseur"), 120)
    description = text_field(_("Jeux reçus"), 120)
    colour = text_field(_("Couleur du dos"), 40)
    packs = _count(_("Paquets reçus"))
    per_pack = _count(_("Jeux par paquet"))
    seals = text_field(_("Numéros des scellés, un par paquet, séparés par des virgules"), 2000)
    plain_back = forms.BooleanField(label=_("Tarotage à teinte unie"), required=False)

    def defaults(self, page) -> dict:
        return {"per_pack": page.sixain or 1, "plain_back": True}

    def values(self) -> dict:
        data = dict(self.cleaned_data)
        data["seals"] = split_list(data["seals"])
        return data


class IssueForm(ActionForm):
    action = "remise"
    lot = forms.ChoiceField(label=_("Lot"), choices=())
    decks = _count(_("Jeux remis"), 1)
    new = forms.TypedChoiceField(label=_("Jeux"), coerce=lambda value: value == "1",
                                 choices=(("1", _("neufs, sous scellé")), ("0", _("rendus en parfait état"))))
    family = forms.ChoiceField(label=_("À"), choices=tuple(FAMILIES.items()))
    table = text_field(_("Table"), 60)
    counted = forms.BooleanField(label=_("Comptées et vérifiées"), required=False)
    sealed = forms.BooleanField(label=_("Scellés intacts (jeux neufs)"), required=False)
    perfect = forms.BooleanField(label=_("En parfait état"), required=False)

    def __init__(self, *args, page, **kwargs):
        super().__init__(*args, page=page, **kwargs)
        self.fields["lot"].choices = [("", "—"), *((lot.lot, page.lot_label(lot)) for lot in page.lots)]
        self.fields["table"].widget.attrs.update(list="decks-tables", autocomplete="off")


class ReturnForm(ActionForm):
    action = "retour"
    issue = forms.TypedChoiceField(label=_("Remise"), coerce=int, choices=())
    decks = _count(_("Jeux rendus"), 1)
    perfect = forms.BooleanField(label=_("En parfait état (sinon retirés, à détruire)"), required=False)
    reason = text_field(_("Motif du retrait"), 1000)

    def __init__(self, *args, page, **kwargs):
        super().__init__(*args, page=page, **kwargs)
        self.fields["issue"].choices = [("", "—"), *((issue.seq, page.issue_label(issue)) for issue in page.out)]


class DestroyForm(ActionForm):
    action = "destruction"
    confirmation = True
    lot = forms.ChoiceField(label=_("Lot"), choices=())
    decks = _count(_("Jeux détruits"))
    how = text_field(_("Mode de destruction"), 120)

    def __init__(self, *args, page, **kwargs):
        super().__init__(*args, page=page, **kwargs)
        self.fields["lot"].choices = [("", "—"), *((lot.lot, page.lot_label(lot)) for lot in page.lots
                                                   if lot.retired)]

    def restate(self) -> Restated:
        restated = super().restate()
        return Restated(title=_t("Détruire des jeux retirés"),
                        act=_t("La destruction est déposée ; elle entre au registre dès qu'un membre de la direction, "
                               "autre que vous, la contresigne."),
                        facts=restated.facts, button=_t("Déposer la destruction"), back=self.page.url)


class ControlForm(ActionForm):
    action = "controle"
    confirmation = True
    tables = forms.DateField(label=_("Tables de jeu : contrôle à partir du"), widget=DATE, required=False)
    poker = forms.DateField(label=_("Salon de poker : contrôle à partir du"), widget=DATE, required=False)
    reference = text_field(_("Référence de la procédure interne"), 120)

    def restate(self) -> Restated:
        restated = super().restate()
        return Restated(title=_t("Appliquer le contrôle des jeux à l'ouverture"),
                        act=_t("À partir de ces jours, une séance n'ouvre qu'avec les jeux de cartes que les textes de "
                               "son jeu exigent, remis à sa table pour la journée."),
                        facts=restated.facts, button=_t("Appliquer"), back=self.page.url)
