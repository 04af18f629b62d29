"""The arrêté values' form: a version filed by the casino's management. It carries the input to the service, which
checks it and names the field at fault; the version cannot be changed once filed, so it is restated first."""

from django import forms
from django.utils.translation import gettext as _t
from django.utils.translation import gettext_lazy as _

from ..forms import DATE, ActionForm, Restated, amount_field, text_field
from .controls import MEASURES


def concept_label(delegation, game_names: dict) -> str:
    """« Ultimate Texas hold'em poker — Mise maximale (LU RGD 1979 art. 37-13 al. 4 (projet)) »"""
    unit = " (%)" if delegation.kind.percent else ""
    return (f"{game_names.get(delegation.game, delegation.game)} — {MEASURES[delegation.measure].label}{unit} "
            f"({delegation.citation})")


class ArreteValueForm(ActionForm):
    action = "arrete"
    confirmation = True
    concept = forms.ChoiceField(label=_("Valeur fixée par arrêté"), choices=())
    value = amount_field(_("Montant ou taux en pour cent"))
    effective_from = forms.DateField(label=_("En vigueur le"), widget=DATE)
    reference = text_field(_("Référence de l'arrêté"), 200)

    def __init__(self, *args, page, **kwargs):
        super().__init__(*args, page=page, **kwargs)
        self.fields["concept"].choices = [("", "—"), *((found.concept, concept_label(found, page.game_names))
                                                       for found in page.delegations)]
        self.fields["reference"].widget.attrs.update(autocomplete="off",
                                                     placeholder=_("Arrêté ministériel du 3 mars 2026, n° …"))

    def restate(self) -> Restated:
        restated = super().restate()
        return Restated(title=_t("Saisir la valeur fixée par arrêté"),
                        act=_t("La valeur est enregistrée avec la référence de l'arrêté ; les séances ouvertes à "
                               "partir de sa date sont comparées avec elle par le rapprochement."),
                        facts=restated.facts, button=_t("Saisir la valeur"), back=self.page.url,
                        consequence=_t("Une version saisie ne se modifie pas : un autre arrêté est une nouvelle "
                                       "version."))
