"""Forms of the registers other than orphelins (hand-paid jackpots, cagnotte, slot machines, poker
progressive and bad-beat jackpots). As in registers/forms.py they only carry the input to the services
and back on a refusal: the rules are the services' to check.

Several forms share one page, so each has a prefix (its `action`, posted with it) and ids stay unique.
A service names its fields as its arguments; `aliases` maps those names to the form's fields."""

import re

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError

from .forms import DATE, TEXT, BootstrapForm
from .poker_jackpots import TOP_COMBINATIONS

MACHINE_STATES = {
    "en_service": _("en service"),
    "hors_service": _("hors service"),
    "reserve": _("en réserve"),
    "sorti": _("sorti du parc"),
    "inconnu": _("inconnu"),
}
EVENTS = {
    "reserve": _("Mise en réserve"),
    "hors_service": _("Mise hors service"),
    "remise_en_service": _("Remise en service"),
    "retour_fournisseur": _("Retour définitif au fournisseur"),
    "vente": _("Vente à une entreprise d'appareils usagés"),
}
COMBINATIONS = {
    "royal_flush": _("Quinte flush royale"),
    "straight_flush": _("Quinte flush"),
    "four_of_a_kind": _("Carré"),
}
INCREMENT_KINDS = {"pourcentage": _("Pourcentage du pot après cagnotte"), "fixe": _("Montant fixe par pot")}
ROUNDINGS = {
    "inferieur": _("Au centime inférieur"),
    "plus_proche": _("Au centime le plus proche"),
    "bancaire": _("Au centime pair (arrondi bancaire)"),
}
LEVELS = (1, 2, 3)


def split_list(text: str) -> list[str]:
    """'Poker 1, Poker 2,' → ['Poker 1', 'Poker 2']."""
    return [item.strip() for item in (text or "").split(",") if item.strip()]


class ActionForm(BootstrapForm):
    """One of the forms of a register page, told apart by its prefix, its `action`."""

    action = ""
    aliases: dict[str, str] = {}

    def __init__(self, data=None, *, page, **kwargs):
        self.page = page
        super().__init__(data, prefix=self.action, initial=self.defaults(page) if data is None else None, **kwargs)
        for name in self.fields:
            self.fields[name].widget.attrs["aria-describedby"] = f"{self[name].auto_id}-error"

    def defaults(self, page) -> dict:
        return {}

    def service_field(self, field: str | None) -> str | None:
        return self.aliases.get(field, field)

    def refuse(self, exc: DomainError) -> None:
        field = self.service_field(exc.field)
        self.add_error(field if field in self.fields else None, str(exc.message))

    def values(self) -> dict:
        """The service's keyword arguments."""
        return dict(self.cleaned_data)


def _text(label, max_length=200, **kwargs):
    return forms.CharField(label=label, required=False, max_length=max_length, **kwargs)


def _amount(label):
    field = _text(label, 30)
    field.widget.attrs.update(inputmode="decimal", autocomplete="off")
    return field


def _today(page) -> dict:
    return {"gaming_day": timezone.localdate()}


# --- hand-paid jackpots and the cagnotte ------------------------------------------------------------


class JackpotPayoutForm(ActionForm):
    action = "jackpot"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    machine = _text(_("Appareil"), 60)
    amount = _amount(_("Montant payé"))
    currency = _text(_("Devise"), 3)
    receipt_number = _text(_("N° de la quittance"), 60)
    card_excess = forms.IntegerField(
        label=_("Gain au-delà du plafond n°"),
        required=False,
        min_value=1,  # the n° of a `carte.gain_excedent` entry of the `cartes` register, when the jackpot pays one
    )
    receipt_in_cabinet = forms.BooleanField(
        label=_("Original de la quittance déposé dans l'armoire à deux clés"), required=False
    )
    PREFILLED = ("machine", "amount", "card_excess")  # from the caisse spéciale's « Déclarer le paiement »

    def defaults(self, page):
        prefill = getattr(page, "prefill", None) or {}
        given = {key: str(prefill[key]).strip()[:60] for key in self.PREFILLED if str(prefill.get(key, "")).strip()}
        return {**_today(page), "currency": page.casino.currency, **given}


class CagnotteForm(ActionForm):
    action = "cagnotte"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    table = _text(_("Table"), 60)
    house = _amount(_("Part de la maison"))
    bad_beat = _amount(_("Part du bad beat jackpot"))
    box_count = _amount(_("Contenu compté de la boîte"))

    defaults = staticmethod(_today)


# --- slot machines ----------------------------------------------------------------------------------


class MachineChoiceMixin:
    def machine_choices(self):
        return [("", "—"), *((number, number) for number in self.page.machine_numbers)]


class AppareilInstallForm(ActionForm):
    action = "install"
    machine = _text(_("Appareil (n°)"), 60)
    manufacturer = _text(_("Fabricant"), 120)
    certificate = _text(_("Certificat de conformité"), 120)
    server_based = forms.BooleanField(label=_("Appareil « server-based » (jeux téléchargeables)"), required=False)
    games = _text(_("Jeux chargeables (séparés par des virgules)"), 1000)
    certified_games = _text(_("Jeux couverts par le certificat (séparés par des virgules)"), 1000)

    def values(self):
        data = dict(self.cleaned_data)
        data["games"], data["certified_games"] = split_list(data["games"]), split_list(data["certified_games"])
        return data


class AppareilNoticeForm(MachineChoiceMixin, ActionForm):
    action = "notice"
    machine = forms.ChoiceField(label=_("Appareil"), choices=(), required=False)
    event = forms.ChoiceField(label=_("Changement annoncé"), choices=(), required=False)
    effective = forms.DateField(label=_("Date d'effet"), widget=DATE)
    reference = _text(_("Référence de la lettre"))
    sent_on = forms.DateField(label=_("Envoyée le"), widget=DATE)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["machine"].choices = self.machine_choices()
        self.fields["event"].choices = [("", "—"), *EVENTS.items()]

    def defaults(self, page):
        return {"effective": timezone.localdate(), "sent_on": timezone.localdate()}


class AppareilMoveForm(MachineChoiceMixin, ActionForm):
    action = "move"
    machine = forms.ChoiceField(label=_("Appareil"), choices=(), required=False)
    event = forms.ChoiceField(label=_("Changement d'état"), choices=(), required=False)
    gaming_day = forms.DateField(label=_("Journée de jeu (date d'effet)"), widget=DATE)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["machine"].choices = self.machine_choices()
        self.fields["event"].choices = [("", "—"), *EVENTS.items()]

    defaults = staticmethod(_today)


class AppareilDestroyForm(ActionForm):
    """The « Détruire » button of a machine's row: always refused by the service (art. 18-1)."""

    action = "destroy"
    machine = forms.CharField(widget=forms.HiddenInput, max_length=60)


# --- poker progressive jackpot ------------------------------------------------------------------------


class JackpotChoiceMixin:
    def jackpot_choices(self):
        return [(name, name) for name in self.page.active_jackpot_names]


class ProgressiveConfigureForm(ActionForm):
    action = "configure"
    name = _text(_("Nom du jackpot"), 120)
    tables = _text(_("Tables reliées (séparées par des virgules)"), 500)
    small_blind = _amount(_("Small blind"))
    level_1_combination = forms.ChoiceField(label=_("Niveau 1 : combinaison"), required=False, choices=())
    level_1_start = _amount(_("Niveau 1 : valeur de départ"))
    level_2_combination = forms.ChoiceField(label=_("Niveau 2 : combinaison"), required=False, choices=())
    level_2_start = _amount(_("Niveau 2 : valeur de départ"))
    level_3_combination = forms.ChoiceField(label=_("Niveau 3 : combinaison"), required=False, choices=())
    level_3_start = _amount(_("Niveau 3 : valeur de départ"))
    increment_kind = forms.ChoiceField(label=_("Incrément"), choices=())
    increment_value = _amount(_("Valeur de l'incrément"))
    rounding = forms.ChoiceField(label=_("Arrondi de l'incrément"), choices=())

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for level in LEVELS:
            self.fields[f"level_{level}_combination"].choices = [("", "—"), *COMBINATIONS.items()]
        self.fields["increment_kind"].choices = list(INCREMENT_KINDS.items())
        self.fields["rounding"].choices = list(ROUNDINGS.items())

    def defaults(self, page):
        return {f"level_{n}_combination": combination for n, combination in zip(LEVELS, TOP_COMBINATIONS, strict=True)}

    def _rows(self) -> list[tuple[int, dict]]:
        data = self.cleaned_data
        rows = [
            (level, {"combination": data[f"level_{level}_combination"], "start": data[f"level_{level}_start"]})
            for level in LEVELS
        ]
        return [(level, row) for level, row in rows if row["combination"] or row["start"]]

    def values(self):
        data = self.cleaned_data
        return {
            "name": data["name"].strip(),
            "tables": split_list(data["tables"]),
            "small_blind": data["small_blind"],
            "levels": [row for _level, row in self._rows()],
            "increment_kind": data["increment_kind"],
            "increment_value": data["increment_value"],
            "rounding": data["rounding"],
        }

    def service_field(self, field):
        """`levels[i].start` counts the levels as the service sorts them (highest combination first)."""
        rows = self._rows()
        if field == "levels":
            return f"level_{rows[0][0] if rows else 1}_combination"
        match = re.fullmatch(r"levels\[(\d+)\]\.start", field or "")
        if match:
            ordered = sorted(rows, key=lambda row: TOP_COMBINATIONS.index(row[1]["combination"]))
            index = int(match.group(1))
            return f"level_{ordered[index][0]}_start" if index < len(ordered) else None
        return field


class ProgressiveStatementForm(JackpotChoiceMixin, ActionForm):
    action = "statement"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    name = forms.ChoiceField(label=_("Jackpot"), choices=())
    displayed_1 = _amount(_("Montant affiché, niveau 1"))
    displayed_2 = _amount(_("Montant affiché, niveau 2"))
    displayed_3 = _amount(_("Montant affiché, niveau 3"))
    aliases = {f"displayed[{level}]": f"displayed_{level}" for level in LEVELS}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].choices = self.jackpot_choices()

    defaults = staticmethod(_today)

    def values(self):
        """Every level the jackpot has, and only those: an empty one is refused by the service."""
        data = self.cleaned_data
        levels = self.page.jackpot_levels(data["name"])
        return {
            "gaming_day": data["gaming_day"],
            "name": data["name"],
            "displayed": {str(level): data[f"displayed_{level}"] for level in levels},
        }


class ProgressiveWinForm(JackpotChoiceMixin, ActionForm):
    action = "win"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    name = forms.ChoiceField(label=_("Jackpot"), choices=())
    level = forms.TypedChoiceField(label=_("Niveau"), coerce=int, choices=[(n, n) for n in LEVELS])
    game = _text(_("Jeu"), 120)
    table = _text(_("Table"), 60)
    combination = _text(_("Combinaison gagnante"), 120)
    won_at = _text(_("Heure du gain"), 20)
    amount = _amount(_("Montant payé"))
    player = _text(_("Gagnant (nom)"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].choices = self.jackpot_choices()
        self.fields["won_at"].widget.attrs.update(placeholder="23:41")

    defaults = staticmethod(_today)


class ProgressiveStopForm(JackpotChoiceMixin, ActionForm):
    action = "stop"
    gaming_day = forms.DateField(label=_("Journée de jeu de l'arrêt"), widget=DATE)
    name = forms.ChoiceField(label=_("Jackpot"), choices=())
    voluntary = forms.BooleanField(label=_("Arrêt volontaire (sinon : panne)"), required=False)
    minister_notified_on = forms.DateField(label=_("Ministre informé le"), required=False, widget=DATE)
    reason = _text(_("Motif"), 500, widget=TEXT)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].choices = self.jackpot_choices()

    defaults = staticmethod(_today)


# --- bad beat ---------------------------------------------------------------------------------------


class BadBeatWinForm(ActionForm):
    action = "badbeat"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    table = _text(_("Table"), 60)
    loser = _text(_("Perdant de la main (nom)"))
    loser_cards = _text(_("Cartes en main du perdant"), 20)
    winner_cards = _text(_("Cartes en main du gagnant"), 20)
    board = _text(_("Tableau (cartes communes)"), 40)
    pot = _amount(_("Pot"))
    minimum_pot = _amount(_("Pot minimum (règlement intérieur)"))
    amount = _amount(_("Montant du jackpot"))
    players = _text(_("Joueurs assis (séparés par des virgules)"), 1000)
    restart_at = _amount(_("Montant de redémarrage"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, example in (("loser_cards", "7c 7d"), ("winner_cards", "8h 9h"), ("board", "7h 7s Th Jh 2c")):
            self.fields[name].widget.attrs.update(placeholder=example, autocomplete="off")

    defaults = staticmethod(_today)

    def values(self):
        data = dict(self.cleaned_data)
        data["players"] = split_list(data["players"])
        data["loser"] = data["loser"].strip()
        return data


# --- any register: the head signed now, a gaming day closed -------------------------------------------


class CheckpointForm(ActionForm):
    action = "checkpoint"


class SessionCloseForm(ActionForm):
    action = "session"
    gaming_day = forms.DateField(label=_("Journée de jeu à clôturer"), widget=DATE)
    confirm = forms.BooleanField(
        label=_("Je confirme : plus aucune écriture ne pourra être portée à cette journée, dans aucun registre."),
    )

    defaults = staticmethod(_today)

    def values(self):
        return {"gaming_day": self.cleaned_data["gaming_day"]}
