"""Forms of the tournaments' pages. They read what people type — the structure one level a line, the shares of the
prizes, the players out and a chip race one player a line — into what the services take, and carry the services'
refusals back under the field at fault. Whether a level, a share or a stack is acceptable is the services' to say:
a line that cannot be read is passed on as it is, so their message names it.

A page holds several forms, each with its prefix (its `action`, posted with it)."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from compliance.formatting import money

from ..fields import NAME_MAX, TEXT_MAX
from ..forms import ActionForm, amount_field, split_list, text_field
from ..models import AnteFormat
from .pages import game_name

LEVEL_KEYS = ("petite_blinde", "grosse_blinde", "ante", "minutes")
DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
LINES = forms.Textarea(attrs={"rows": 4})


def lines(text: str) -> list[list[str]]:
    """Each non-blank line cut at its semicolons (or slashes), its parts trimmed."""
    rows = []
    for line in (text or "").splitlines():
        if line.strip():
            rows.append([part.strip() for part in line.replace("/", ";").split(";")])
    return rows


def levels(text: str) -> list[dict]:
    """« 100/200/200/20 » a line: small blind, big blind, ante, minutes; a part missing stays missing."""
    return [dict(zip(LEVEL_KEYS, parts, strict=False)) for parts in lines(text)]


def shares(text: str) -> list[str]:
    """« 0.5, 0.3, 0.2 », or « 0,5 ; 0,3 ; 0,2 » where the decimal comma is used."""
    text = text or ""
    return [part.strip() for part in (text.split(";") if ";" in text else text.split(",")) if part.strip()]


NARROW, HALF = "col-md-6 col-xl-3", "col-lg-6"


class TournamentForm(ActionForm):
    """What a manager sets a tournament up with: what its rules will publish, its money and its structure."""

    SECTIONS = (
        (_("Ce que les règles publieront"), (("game", NARROW), ("name", NARROW), ("starts_at", NARROW),
                                             ("duration", NARROW), ("participation", HALF), ("distribution", HALF))),
        (_("Droit d'entrée et lots"), (("fee", NARROW), ("to_pool", NARROW), ("guaranteed", NARROW),
                                       ("supplementary_bet", NARROW), ("shares", HALF), ("capacity", NARROW),
                                       ("reentries", NARROW))),
        (_("Structure et tables"), (("starting_stack", NARROW), ("ante_format", NARROW), ("late_levels", NARROW),
                                    ("tables", NARROW), ("levels", HALF), ("ropta_adopted", HALF),
                                    ("house_changes", HALF))),
    )

    action = "create"
    game = forms.ChoiceField(label=_("Jeu"), choices=())
    name = text_field(_("Nom du tournoi"), NAME_MAX)
    starts_at = forms.DateTimeField(label=_("Début (date et heure)"), widget=DATETIME)
    duration = text_field(_("Durée"), 80)
    participation = text_field(_("Règles de participation"), TEXT_MAX, widget=LINES)
    distribution = text_field(_("Mode de distribution des lots"), TEXT_MAX, widget=LINES)
    fee = amount_field(_("Droit d'entrée"))
    to_pool = amount_field(_("Part du droit d'entrée aux lots"))
    shares = text_field(_("Répartition des lots"), 400)
    starting_stack = forms.IntegerField(label=_("Tapis de départ"), min_value=1)
    levels = text_field(_("Structure"), 4000, widget=forms.Textarea(attrs={"rows": 6}))
    ante_format = forms.ChoiceField(label=_("Format des ante"), choices=AnteFormat.choices)
    late_levels = forms.IntegerField(label=_("Inscriptions tardives jusqu'à la fin du niveau"), required=False,
                                     min_value=1)
    reentries = forms.IntegerField(label=_("Ré-entrées permises par joueur"), min_value=0, initial=0)
    capacity = forms.IntegerField(label=_("Places"), min_value=1)
    tables = text_field(_("Tables ou machines indiquées"), 400)
    guaranteed = amount_field(_("Lots garantis"))
    supplementary_bet = amount_field(_("Mise supplémentaire (poker grand prix)"))
    ropta_adopted = forms.BooleanField(label=_("Règlement intérieur : le casino adopte le ROPTA pour ce tournoi"),
                                       required=False)
    house_changes = text_field(_("Changements maison au ROPTA"), 4000, widget=LINES)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "—"), *((game.key, game_name(game)) for game in self.page.games)]
        helps = {
            "shares": _("La part de chaque place payée, de la première à la dernière : 0.5, 0.3, 0.2."),
            "levels": _("Un niveau par ligne : petite blinde / grosse blinde / ante / minutes, par exemple "
                        "100/200/200/20."),
            "late_levels": _("Vide : le défaut du ROPTA, s'il est adopté."),
            "ropta_adopted": _("Le ROPTA est un règlement privé, non une loi : ses règles (inscriptions tardives, "
                               "joueurs par table, classement, chip race) ne s'appliquent que si le casino l'adopte."),
            "tables": _("Séparées par des virgules : T1, T2."),
            "guaranteed": _("Facultatif : la maison complète les lots jusqu'à ce montant."),
            "supplementary_bet": _("Au poker grand prix seulement : le droit d'entrée est pris à même cette mise."),
            "house_changes": _("Un changement par ligne : chacun est affiché comme règle maison."),
        }
        for name, text in helps.items():
            self.fields[name].help_text = text
        self.fields["shares"].widget.attrs.update(placeholder="0.5, 0.3, 0.2", autocomplete="off")
        self.fields["levels"].widget.attrs.update(placeholder="100/200/200/20\n200/400/400/20")

    def defaults(self, page):
        return {"ante_format": AnteFormat.BIG_BLIND, "reentries": 0}

    def sections(self) -> list:
        """The fields in the order and widths the page lays them out: (title, [(bound field, columns)])."""
        return [(title, [(self[name], width) for name, width in fields]) for title, fields in self.SECTIONS]

    def values(self) -> dict:
        data = self.cleaned_data
        return {**{name: data[name] for name in (
            "game", "name", "starts_at", "duration", "participation", "distribution", "fee", "to_pool",
            "starting_stack", "ante_format", "late_levels", "capacity", "guaranteed", "supplementary_bet",
            "ropta_adopted")},
            "reentries": data["reentries"] or 0, "shares": shares(data["shares"]), "levels": levels(data["levels"]),
            "tables": split_list(data["tables"]),
            "house_changes": [line.strip() for line in data["house_changes"].splitlines() if line.strip()]}


class PublishForm(ActionForm):
    """The rules made available to the public now: Vigie records the moment (QC RJC art. 125)."""

    action = "publish"


class StartForm(ActionForm):
    """The start, and the players seated at each table: « T1 ; 7 », one table a line."""

    action = "start"
    started_at = forms.DateTimeField(label=_("Commencé le (vide : maintenant)"), widget=DATETIME, required=False)
    seated = text_field(_("Joueurs assis à chaque table"), 400, widget=LINES,
                        help_text=_("Une table par ligne : table ; joueurs assis, par exemple « T1 ; 7 »."))

    def values(self) -> dict:
        seated = {parts[0]: parts[1] if len(parts) > 1 else "" for parts in lines(self.cleaned_data["seated"])}
        return {"started_at": self.cleaned_data["started_at"], "seated": seated or None}


class SellForm(ActionForm):
    """A fee sold at the cash desk: a first entry, or the re-entry of a player out."""

    action = "sell"
    player = text_field(_("Joueur"), NAME_MAX)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].widget.attrs.update(autocomplete="off")


class OutForm(ActionForm):
    """The players out on one deal: « n° d'inscription ; table ; tapis au début du coup », one a line."""

    action = "out"
    hand = text_field(_("Coup"), 40)
    out = text_field(_("Joueurs sortis"), 2000, widget=LINES,
                     help_text=_("Un joueur par ligne : n° d'inscription ; table ; tapis au début du coup, par "
                                 "exemple 12 ; T1 ; 4500."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["hand"].widget.attrs.update(autocomplete="off", placeholder="T1-52")
        self.fields["out"].widget.attrs.update(placeholder="12 ; T1 ; 4500")

    def values(self) -> dict:
        return {"hand": self.cleaned_data["hand"], "out": [
            dict(zip(("inscription", "table", "tapis"), parts, strict=False))
            for parts in lines(self.cleaned_data["out"])]}


class ChipRaceForm(ActionForm):
    """A chip race at a table: « joueur ; jetons avancés ; cartes ; tapis restant », one player a line."""

    action = "chip_race"
    table = text_field(_("Table"), 40)
    old_value = text_field(_("Valeur retirée"), 12)
    new_value = text_field(_("Valeur supérieure"), 12)
    players = text_field(_("Joueurs"), 2000, widget=LINES,
                         help_text=_("Un joueur par ligne : nom ; jetons avancés ; cartes reçues ; tapis restant "
                                     "sans eux, par exemple Ana ; 3 ; As 2c 3d ; 5000."))
    aliases = {"odd_chips": "players", "cards": "players"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("old_value", "new_value"):
            self.fields[name].widget.attrs.update(inputmode="numeric", autocomplete="off")

    def values(self) -> dict:
        data = self.cleaned_data
        rows = [(parts + ["", "", "", ""])[:4] for parts in lines(data["players"].replace("/", " "))]
        return {"table": data["table"], "old_value": data["old_value"], "new_value": data["new_value"],
                "odd_chips": {player: count for player, count, _cards, _left in rows},
                "cards": {player: cards for player, _count, cards, _left in rows},
                "left": {player: left or 0 for player, _count, _cards, left in rows}}


class PayForm(ActionForm):
    """A prize paid at the cash desk to the player placed, who shows an identity document."""

    action = "pay"
    place = forms.ChoiceField(label=pgettext_lazy("classement", "Place"), choices=())
    winner = text_field(_("Gagnant (nom du joueur)"), NAME_MAX)
    identity = text_field(_("Pièce d'identité"), NAME_MAX, help_text=_("Sa nature et son numéro."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        tournament = self.page.tournament
        casino = tournament.casino
        self.fields["place"].choices = [("", "—"), *(
            (str(place.row.pk), f"{place.place} · {place.seat.player} · "
                                f"{money(place.prize, currency=casino.currency, jurisdiction=casino.jurisdiction)}")
            for place in self.page.data.to_pay)]

    def values(self) -> dict:
        chosen = next(place.row for place in self.page.data.places
                      if place.row is not None and str(place.row.pk) == self.cleaned_data["place"])
        return {"place": chosen, "winner": self.cleaned_data["winner"], "identity": self.cleaned_data["identity"]}


class FinishForm(ActionForm):
    action = "finish"


class CloseForm(ActionForm):
    action = "close"
