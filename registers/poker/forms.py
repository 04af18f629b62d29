"""Forms of the poker room registers (cagnotte, progressive and bad-beat jackpots): they carry the input to the
services and back on a refusal; the rules are the services' to check."""

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from games.poker.jackpots import TOP_COMBINATIONS

from ..forms import DATE, TEXT, ActionForm, amount_field, split_list, text_field, today_initial
from ..house_lists import errors as list_errors
from ..house_lists.forms import LIST_NAMES, station_offer
from ..house_lists.selectors import station_names
from ..inputs import PercentInput, TableSumsField, TickList, show_if
from ..models import StationKind
from .controls.house_rules import AMOUNT, YES_NO
from .house_rules import JACKPOT_TERMS, TERMS, UNSAID, YES_NO_LABELS, house_rules_at
from .selectors import COMBINATIONS, INCREMENT_KINDS, ROUNDING_LABELS

LEVELS = (1, 2, 3)
LINES = forms.Textarea(attrs={"rows": 3})


def split_lines(text: str, parts: int) -> list[list[str]]:
    """« P1 ; 12,40 » per line → [["P1", "12,40"]]: `parts` fields separated by semicolons (missing ones empty)."""
    rows = []
    for line in (text or "").splitlines():
        if line.strip():
            fields = [field.strip() for field in line.split(";", parts - 1)]
            rows.append(fields + [""] * (parts - len(fields)))
    return rows


def listed_field(field: str | None, name: str) -> bool:
    """A service's field of the list `name` (`hands[1].cards`, `increments[P1]`, `hands`)."""
    return field == name or (field or "").startswith(f"{name}[")


class CagnotteForm(ActionForm):
    late_filing = True
    action = "cagnotte"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    table = text_field(_("Table"), 60)  # the room's tables in service (registers/house_lists)
    house = amount_field(_("Part de la maison"))
    bad_beat = amount_field(_("Part du bad beat jackpot"))
    box_count = amount_field(_("Contenu compté de la boîte"))

    defaults = staticmethod(today_initial)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        station_offer(self, "table", self.page.casino, StationKind.POKER_TABLE)


class JackpotChoiceMixin:
    def jackpot_choices(self):
        return [(name, name) for name in self.page.active_jackpot_names]


def tables_offer(form: forms.Form, name: str, casino) -> None:
    """Field `name` becomes the casino's poker tables in service, ticked (registers/house_lists); without a list kept,
    the names stay typed, separated by commas. A name not in the list is refused naming the field."""
    names = station_names(casino, StationKind.POKER_TABLE) if casino is not None else []
    if not names:
        return
    old = form.fields[name]
    field = forms.MultipleChoiceField(label=_("Tables reliées"), required=False, help_text=old.help_text,
                                      choices=[(table, table) for table in names],
                                      widget=TickList(attrs={
                                          "class": "form-check-input",
                                          "aria-describedby": old.widget.attrs.get("aria-describedby", "")}))
    field.error_messages["invalid_choice"] = str(list_errors.NOT_LISTED).format(
        value="%(value)s", list=LIST_NAMES[StationKind.POKER_TABLE], field=field.label)
    form.fields[name] = field
    form._bound_fields_cache.pop(name, None)


class ProgressiveConfigureForm(ActionForm):
    action = "configure"
    name = text_field(_("Nom du jackpot"), 120)
    tables = text_field(_("Tables reliées (séparées par des virgules)"), 500)
    small_blind = amount_field(_("Small blind de chaque table reliée"))
    big_blind = amount_field(_("Big blind de chaque table reliée"))
    level_1_combination = forms.ChoiceField(label=_("Niveau 1 : combinaison"), required=False, choices=())
    level_1_start = amount_field(_("Niveau 1 : valeur de départ"))
    level_2_combination = forms.ChoiceField(label=_("Niveau 2 : combinaison"), required=False, choices=())
    level_2_start = amount_field(_("Niveau 2 : valeur de départ"))
    level_3_combination = forms.ChoiceField(label=_("Niveau 3 : combinaison"), required=False, choices=())
    level_3_start = amount_field(_("Niveau 3 : valeur de départ"))
    increment_kind = forms.ChoiceField(label=_("Incrément"), choices=())
    increment_percent = text_field(_("Incrément : pourcentage du pot après cagnotte"), 12, widget=PercentInput)
    increment_value = amount_field(_("Incrément : montant fixe par pot"))
    rounding = forms.ChoiceField(label=_("Arrondi de l'incrément"), choices=())

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for level in LEVELS:
            self.fields[f"level_{level}_combination"].choices = [("", "—"), *COMBINATIONS.items()]
        self.fields["increment_kind"].choices = list(INCREMENT_KINDS.items())
        self.fields["rounding"].choices = list(ROUNDING_LABELS.items())
        self.fields["increment_percent"].widget.attrs.update(placeholder="1,5")
        show_if(self, "increment_percent", "increment_kind", values="pourcentage")
        show_if(self, "increment_value", "increment_kind", values="fixe")
        tables_offer(self, "tables", getattr(self.page, "casino", None))

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
        """The blinds typed once are each linked table's: the form declares the tables play with the same ones."""
        data = self.cleaned_data
        tables = data["tables"] if isinstance(data["tables"], list) else split_list(data["tables"])
        percent = data["increment_kind"] == "pourcentage"
        return {
            "name": data["name"].strip(),
            "tables": tables,
            "small_blind": data["small_blind"],
            "blinds": [{"table": table, "small_blind": data["small_blind"], "big_blind": data["big_blind"]}
                       for table in tables],
            "levels": [row for _level, row in self._rows()],
            "increment_kind": data["increment_kind"],
            "increment_value": data["increment_percent"].replace("%", "").strip() if percent
            else data["increment_value"],
            "rounding": data["rounding"],
        }

    def service_field(self, field):
        """`levels[i].start` counts the levels as the service sorts them (highest combination first)."""
        rows = self._rows()
        if listed_field(field, "blinds"):
            return next((name for name in ("small_blind", "big_blind") if (field or "").endswith(name)), "tables")
        if field == "levels":
            return f"level_{rows[0][0] if rows else 1}_combination"
        if field == "increment_value" and self.cleaned_data.get("increment_kind") == "pourcentage":
            return "increment_percent"
        match = re.fullmatch(r"levels\[(\d+)\]\.start", field or "")
        if match:
            ordered = sorted(rows, key=lambda row: TOP_COMBINATIONS.index(row[1]["combination"]))
            index = int(match.group(1))
            return f"level_{ordered[index][0]}_start" if index < len(ordered) else None
        return field


def _linked_tables(page) -> list[str]:
    """The tables a statement's sums are taken at: the casino's poker tables in service and those its running
    jackpots link (a table retired from the list since stays offered while a jackpot links it)."""
    casino = getattr(page, "casino", None)
    listed = station_names(casino, StationKind.POKER_TABLE) if casino is not None else []
    linked = [table for card in getattr(page, "jackpots", []) if card.active for table in card.config.get("tables", [])]
    return list(dict.fromkeys([*listed, *linked]))


class ProgressiveStatementForm(JackpotChoiceMixin, ActionForm):
    late_filing = True
    action = "statement"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    name = forms.ChoiceField(label=_("Jackpot"), choices=())
    displayed_1 = amount_field(_("Montant affiché, niveau 1"))
    displayed_2 = amount_field(_("Montant affiché, niveau 2"))
    displayed_3 = amount_field(_("Montant affiché, niveau 3"))
    increments = TableSumsField(label=_("Sommes prélevées à chaque table reliée"))
    aliases = {f"displayed[{level}]": f"displayed_{level}" for level in LEVELS}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].choices = self.jackpot_choices()
        self.fields["increments"].offer(_linked_tables(self.page))

    def defaults(self, page):
        """One row per table of the first running jackpot, its amount left to type."""
        cards = [card for card in page.jackpots if card.active]
        tables = cards[0].config.get("tables", []) if cards else []
        return {**today_initial(page), "increments": [(table, "") for table in tables]}

    def service_field(self, field):
        return "increments" if listed_field(field, "increments") else super().service_field(field)

    def values(self):
        """Every level the jackpot has, and only those: an empty one is refused by the service."""
        data = self.cleaned_data
        levels = self.page.jackpot_levels(data["name"])
        return {
            "gaming_day": data["gaming_day"],
            "name": data["name"],
            "displayed": {str(level): data[f"displayed_{level}"] for level in levels},
            "increments": data["increments"],
            "late_reason": data["late_reason"],
        }


class ProgressiveWinForm(JackpotChoiceMixin, ActionForm):
    late_filing = True
    action = "win"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    name = forms.ChoiceField(label=_("Jackpot"), choices=())
    level = forms.TypedChoiceField(label=_("Niveau"), coerce=int, choices=[(n, n) for n in LEVELS])
    game = text_field(_("Jeu"), 120)
    table = text_field(_("Table"), 60)
    deal = text_field(_("Partie (numéro de la donne)"), 60)
    won_at = text_field(_("Heure du gain"), 20)
    board = text_field(_("Tableau (cartes communes)"), 40)
    hands = text_field(_("Joueurs encore en jeu, depuis la gauche du bouton (une ligne chacun : « nom ; cartes »)"),
                       2000, widget=LINES)
    amount = amount_field(_("Montant payé"))
    chef_de_salle = text_field(_("Chef de salle informé, qui contrôle le paiement"), 120)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].choices = self.jackpot_choices()
        self.fields["won_at"].widget.attrs.update(placeholder="23:41")
        self.fields["board"].widget.attrs.update(placeholder="Qh Qs 2d 3c 9c", autocomplete="off")
        self.fields["hands"].widget.attrs.update(placeholder="Marie Weber ; Qd Qc\nLuc Hoffmann ; 4d 5c",
                                                 autocomplete="off")

    defaults = staticmethod(today_initial)

    def values(self):
        data = dict(self.cleaned_data)
        data["hands"] = [{"player": player, "cards": cards} for player, cards in split_lines(data["hands"], 2)]
        return data

    def service_field(self, field):
        return "hands" if listed_field(field, "hands") else super().service_field(field)


class ProgressiveStopForm(JackpotChoiceMixin, ActionForm):
    late_filing = True
    action = "stop"
    gaming_day = forms.DateField(label=_("Journée de jeu de l'arrêt"), widget=DATE)
    name = forms.ChoiceField(label=_("Jackpot"), choices=())
    voluntary = forms.BooleanField(label=_("Arrêt volontaire (sinon : panne)"), required=False)
    minister_notified_on = forms.DateField(label=_("Ministre informé le"), required=False, widget=DATE)
    reason = text_field(_("Motif"), 500, widget=TEXT)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].choices = self.jackpot_choices()

    defaults = staticmethod(today_initial)


class BadBeatWinForm(ActionForm):
    late_filing = True
    action = "badbeat"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    game = text_field(_("Nature du jeu"), 120)
    table = text_field(_("Table"), 60)
    won_at = text_field(_("Heure du gain"), 20)
    loser = text_field(_("Perdant de la main (nom)"))
    loser_cards = text_field(_("Cartes en main du perdant (2 en hold'em, 4 en Omaha)"), 20)
    winner_cards = text_field(_("Cartes en main du gagnant"), 20)
    board = text_field(_("Tableau (cartes communes)"), 40)
    pot = amount_field(_("Pot"))
    amount = amount_field(_("Montant du jackpot"))
    players = text_field(_("Joueurs assis (séparés par des virgules)"), 1000)
    restart_at = amount_field(_("Montant de redémarrage"))
    rivals = text_field(_("Autres appels au même moment, s'il y en a (une ligne chacun : « table ; cartes du perdant "
                          "; cartes du gagnant ; tableau »)"), 2000, widget=LINES)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, example in (("loser_cards", "7c 7d"), ("winner_cards", "8h 9h"), ("board", "7h 7s Th Jh 2c"),
                              ("won_at", "23:41"), ("rivals", "Poker 3 ; 8c 8d ; 9s Ts ; 8h 8s Js Qs 2c")):
            self.fields[name].widget.attrs.update(placeholder=example, autocomplete="off")

    defaults = staticmethod(today_initial)

    def values(self):
        data = dict(self.cleaned_data)
        data["players"] = split_list(data["players"])
        data["loser"] = data["loser"].strip()
        data["rivals"] = [dict(zip(("table", "loser_cards", "winner_cards", "board"), row, strict=True))
                          for row in split_lines(data["rivals"], 4)]
        return data

    def service_field(self, field):
        return "rivals" if listed_field(field, "rivals") else super().service_field(field)




class BadBeatStopForm(ActionForm):
    late_filing = True
    action = "badbeat_stop"
    gaming_day = forms.DateField(label=_("Journée de jeu de l'arrêt"), widget=DATE)
    voluntary = forms.BooleanField(label=_("Arrêt volontaire (sinon : panne)"), required=False)
    minister_notified_on = forms.DateField(label=_("Ministre informé le"), required=False, widget=DATE)
    reason = text_field(_("Motif"), 500, widget=TEXT)

    defaults = staticmethod(today_initial)


class BadBeatRestartForm(ActionForm):
    late_filing = True
    action = "badbeat_restart"
    gaming_day = forms.DateField(label=_("Journée de jeu de la remise en service"), widget=DATE)
    restart_at = amount_field(_("Montant de redémarrage"))

    defaults = staticmethod(today_initial)


class BadBeatOpenForm(ActionForm):
    """The bad beat put in service at the start value the casino fixes (art. 49-13 al. 1)."""

    late_filing = True
    action = "badbeat_open"
    gaming_day = forms.DateField(label=_("Journée de jeu de la mise en service"), widget=DATE)
    start = amount_field(_("Valeur de départ"))

    defaults = staticmethod(today_initial)


class BadBeatNoticeForm(ActionForm):
    """The notice to the Minister of a voluntary stop, with the day it was sent (art. 49-14 al. 2)."""

    late_filing = True
    action = "badbeat_notice"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    minister_notified_on = forms.DateField(label=_("Ministre informé le"), widget=DATE)
    reference = text_field(_("Référence de l'avis"), 200)

    defaults = staticmethod(today_initial)


class BadBeatCarnetForm(ActionForm):
    """A line of the carnet de compte kept during a breakdown (art. 49-14 al. 3)."""

    late_filing = True
    action = "badbeat_carnet"
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    table = text_field(_("Table"), 60)
    amount = amount_field(_("Montants prélevés, notés à la main"))

    defaults = staticmethod(today_initial)


class HouseRulesForm(ActionForm):
    """A new version of the house rules: the direction's, checked by the service. Each value beyond the jackpots'
    modalities may be left unsaid; an amount, minutes or a number are taken as typed, the service saying what is
    wrong with them, naming the field."""

    late_filing = True
    action = "house_rules"
    gaming_day = forms.DateField(label=_("Enregistré le (journée de jeu)"), widget=DATE)
    effective_from = forms.DateField(label=_("En vigueur à partir du"), widget=DATE)

    def defaults(self, page):
        """The version in force today, as the form's starting point: a new version restates what it keeps."""
        initial = today_initial(page)
        current = house_rules_at(page.casino, initial["gaming_day"]) if getattr(page, "casino", None) else None
        kept = {} if current is None else {term.name: _initial(term, getattr(current, term.name))
                                           for term in JACKPOT_TERMS + TERMS}
        return {**initial, "effective_from": initial.get("gaming_day"), **kept}


def _initial(term, value):
    if value is None:
        return ""
    if term.kind == YES_NO:
        return "1" if value else "0"
    return f"{value:f}" if term.kind == AMOUNT else value


def _term_field(term) -> forms.Field:
    """A value of a version as the form asks it: a modality among those offered; a yes, a no or nothing said; an
    amount, minutes or a number as typed (the service refuses a wrong one naming the field)."""
    if term.kind == YES_NO:
        labels = term.labels or YES_NO_LABELS
        return forms.TypedChoiceField(label=term.label, required=False, coerce=lambda value: value == "1",
                                      empty_value=None, choices=[("", UNSAID), ("1", labels[True]),
                                                                 ("0", labels[False])])
    if term.labels:
        return forms.ChoiceField(label=term.label, choices=list(term.labels.items()))
    if term.kind == AMOUNT:
        return amount_field(term.label)
    field = text_field(term.label, 12)
    field.widget.attrs.update(inputmode="numeric", autocomplete="off")
    return field


HouseRulesForm.base_fields.update({term.name: _term_field(term) for term in JACKPOT_TERMS + TERMS})
