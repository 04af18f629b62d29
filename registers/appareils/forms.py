"""Forms of the slot machine and hand-paid jackpot registers: they carry the input to the services and back on
a refusal; the rules are the services' to check."""

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..forms import DATE, ActionForm, amount_field, split_list, text_field, today_initial
from .selectors import EVENT_LABELS


class JackpotPayoutForm(ActionForm):
    late_filing = True
    action = "jackpot"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    machine = forms.ChoiceField(label=_("Appareil"), choices=(), required=False)
    amount = amount_field(_("Montant payé"))
    currency = text_field(_("Devise"), 3)
    receipt_number = text_field(_("N° de la quittance"), 60)
    card_excess = forms.IntegerField(
        label=_("Gain au-delà du plafond n°"),
        required=False,
        min_value=1,  # the n° of a `carte.gain_excedent` entry of the `cartes` register, when the jackpot pays one
    )
    receipt_in_cabinet = forms.BooleanField(
        label=_("Original de la quittance déposé dans l'armoire à deux clés"), required=False
    )
    PREFILLED = ("machine", "amount", "card_excess")  # from the caisse spéciale's « Déclarer le paiement »

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["machine"].choices = [("", "—"), *((number, number) for number in self.page.appareil_numbers)]

    def values(self):
        """The service's arguments: what the payout settles of another register goes in `settles`."""
        values = dict(self.cleaned_data)
        values["settles"] = {"card_excess": values.pop("card_excess")}
        return values

    def defaults(self, page):
        prefill = getattr(page, "prefill", None) or {}
        given = {key: str(prefill[key]).strip()[:60] for key in self.PREFILLED if str(prefill.get(key, "")).strip()}
        return {**today_initial(page), "currency": page.casino.currency, **given}


class AppareilChoiceMixin:
    def machine_choices(self):
        return [("", "—"), *((number, number) for number in self.page.appareil_numbers)]


CONDITION_CHOICES = (("", "—"), ("neuf", _("Neuf")),
                     ("remis_a_neuf", _("Usagé, remis à neuf par une entreprise agréée")))


class AppareilInstallForm(ActionForm):
    action = "install"
    machine = text_field(_("Appareil (n°)"), 60)
    manufacturer = text_field(_("Fabricant"), 120)
    certificate = text_field(_("Certificat de conformité"), 120)
    server_based = forms.BooleanField(label=_("Appareil « server-based » (jeux téléchargeables)"), required=False)
    condition = forms.ChoiceField(label=_("État de l'appareil"), required=False, choices=CONDITION_CHOICES)
    approval = text_field(_("Approbation de la remise à neuf (référence de la demande)"), 200)
    games = text_field(_("Jeux chargeables (séparés par des virgules)"), 1000)
    certified_games = text_field(_("Jeux couverts par le certificat (séparés par des virgules)"), 1000)

    def values(self):
        data = dict(self.cleaned_data)
        data["games"], data["certified_games"] = split_list(data["games"]), split_list(data["certified_games"])
        data["condition"] = data["condition"] or None  # not said: the service names the field
        return data


class AppareilConditionForm(ActionForm):
    """The condition of a machine installed before Vigie asked it, recorded by the management: the machines offered
    are those whose condition the register does not say (the service refuses any other)."""

    action = "condition"
    machine = forms.ChoiceField(label=_("Appareil"), choices=(), required=False)
    condition = forms.ChoiceField(label=_("État de l'appareil"), required=False, choices=CONDITION_CHOICES)
    approval = text_field(_("Approbation de la remise à neuf (référence de la demande)"), 200)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        missing = getattr(self.page, "conditions_missing", {})
        self.fields["machine"].choices = [("", "—"), *((number, number) for number in missing)]

    def values(self):
        data = dict(self.cleaned_data)
        data["condition"] = data["condition"] or None  # not said: the service names the field
        return data


class AppareilNoticeForm(AppareilChoiceMixin, ActionForm):
    action = "notice"
    machine = forms.ChoiceField(label=_("Appareil"), choices=(), required=False)
    event = forms.ChoiceField(label=_("Changement annoncé"), choices=(), required=False)
    effective = forms.DateField(label=_("Date d'effet"), widget=DATE)
    reference = text_field(_("Référence de la lettre"))
    sent_on = forms.DateField(label=_("Envoyée le"), widget=DATE)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["machine"].choices = self.machine_choices()
        self.fields["event"].choices = [("", "—"), *EVENT_LABELS.items()]

    def defaults(self, page):
        return {"effective": timezone.localdate(), "sent_on": timezone.localdate()}


class AppareilMoveForm(AppareilChoiceMixin, ActionForm):
    late_filing = True
    action = "move"
    machine = forms.ChoiceField(label=_("Appareil"), choices=(), required=False)
    event = forms.ChoiceField(label=_("Changement d'état"), choices=(), required=False)
    gaming_day = forms.DateField(label=_("Journée de jeu (date d'effet)"), widget=DATE)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["machine"].choices = self.machine_choices()
        self.fields["event"].choices = [("", "—"), *EVENT_LABELS.items()]

    defaults = staticmethod(today_initial)


class AppareilDestroyForm(ActionForm):
    """The « Détruire » button of a machine's row: always refused by the service (art. 18-1)."""

    action = "destroy"
    machine = forms.CharField(widget=forms.HiddenInput, max_length=60)


