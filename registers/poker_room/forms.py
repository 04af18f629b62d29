"""Forms of the poker room's pages: a table's session opened, a file of deals imported, an absent player's stake set
aside. As the other registers' forms they only carry the input to the services (services.py, imports.py) and back on
a refusal: the variants, versions, blinds, rates and the deals themselves are the services' to check, which raise a
DomainError naming the field at fault.

A page holds several forms, each with its prefix (its `action`, posted with it)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from compliance.formatting import money
from compliance.profiles import applies, concept_or_none
from games.poker.jackpots import ROUNDINGS

from ..fields import NAME_MAX, TEXT_MAX
from ..forms import DATE, TEXT, ActionForm, amount_field, text_field
from ..house_lists.forms import station_offer
from ..inputs import PercentField, show_if
from ..models import StationKind
from . import rules
from .imports import FORMATS
from .pages import VARIANTS, VERSIONS

FORMAT_LABELS = {"ohh": _("Open Hand History (JSON)"), "pokerstars": _("Historique PokerStars (texte)")}
BAD_BEAT_KINDS = {"": _("— aucun —"), "pourcentage": _("pourcentage du pot"), "fixe": _("montant fixe")}
ROUNDING_LABELS = {"inferieur": _("à l'inférieur"), "plus_proche": _("au plus proche"),
                   "bancaire": _("arrondi bancaire")}


class SessionOpenForm(ActionForm):
    """What the chef de salle fixes at the start of a table's session, until the next one."""

    action = "open"
    aliases = {"bad_beat": "bad_beat_kind", "bad_beat.value": "bad_beat_value",
               "bad_beat.minimum_pot": "bad_beat_minimum"}
    table = text_field(_("Table"), 60)
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    variant = forms.ChoiceField(label=_("Variante"), choices=())
    version = forms.ChoiceField(label=_("Version"), choices=[("", "—"), *VERSIONS.items()], required=False)
    minimum = amount_field(_("Mise minimale"))
    small_blind = amount_field(_("Small blind"))
    big_blind = amount_field(_("Big blind"))
    cap = amount_field(_("Cap des relances"))
    rake_rate = PercentField(label=_("Taux de retenue"), help_text=_("En pourcentage du pot : 5 pour 5 %."))
    rake_cap = amount_field(_("Plafond par main"))
    no_flop_no_drop = forms.TypedChoiceField(
        label=_("Main sans flop"), required=False, coerce=lambda value: value == "1", empty_value=None,
        choices=[("", _("— selon le règlement intérieur —")), ("1", _("Pas de flop, pas de retenue")),
                 ("0", _("Retenue même sans flop"))])
    rake_per_pot = forms.TypedChoiceField(
        label=_("Retenue en cas de pots extérieurs"), required=False, coerce=lambda value: value == "1",
        empty_value=None, choices=[("", _("— selon le règlement intérieur —")), ("1", _("Sur chaque pot")),
                                   ("0", _("Une fois sur le pot entier de la main"))])
    chip = amount_field(_("Plus petit jeton de la table"))
    bad_beat_kind = forms.ChoiceField(label=_("Bad beat : incrément"), choices=list(BAD_BEAT_KINDS.items()),
                                      required=False)
    bad_beat_value = amount_field(_("Bad beat : valeur"))
    bad_beat_rounding = forms.ChoiceField(label=_("Bad beat : arrondi"), required=False,
                                          choices=[(key, ROUNDING_LABELS.get(key, key)) for key in ROUNDINGS])
    bad_beat_minimum = amount_field(_("Bad beat : pot minimum"))
    option = forms.BooleanField(label=_("Option (deux big blinds) permise"), required=False)
    time_charge = forms.BooleanField(label=_("Commission au temps de jeu, en plus de la retenue"), required=False)
    time_charge_amount = amount_field(_("Commission au temps : montant"))
    time_charge_minutes = text_field(_("Commission au temps : par minutes"), 4)
    minimum_stack = amount_field(_("Avoir minimum indiqué à la table"))
    cave = amount_field(_("Cave initiale"))
    caisse = amount_field(_("Caisse de change comptée à l'ouverture"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        station_offer(self, "table", self.page.casino, StationKind.POKER_TABLE)  # the room's tables in service
        self.fields["rake_rate"].widget.attrs.update(placeholder="5")
        self.fields["cap"].help_text = _("En limit seulement : le plus qu'une mise ou une relance ajoute.")
        self.fields["rake_cap"].help_text = _("Facultatif : la retenue d'une main n'ira pas au-delà.")
        self.fields["chip"].help_text = _("0,01 par défaut : la retenue est arrondie au jeton inférieur, les jetons "
                                          "indivisibles d'un partage en sont.")
        self.fields["chip"].widget.attrs.update(placeholder="0.01")
        self.fields["variant"].choices = [("", "—"), *((key, VARIANTS.get(key, key)) for key in self.page.variants)]
        jurisdiction = self.page.casino.jurisdiction
        if concept_or_none(jurisdiction, rules.TIME_CHARGE) is None:  # QC RJC art. 67.108 al. 2, 67.94
            for name in ("time_charge", "time_charge_amount", "time_charge_minutes", "minimum_stack"):
                del self.fields[name]
        if "bad_beat_value" in self.fields:
            self.fields["bad_beat_value"].help_text = _("Un montant, ou un pourcentage du pot après la retenue.")
        if not applies(jurisdiction, "salon_poker.bad_beat"):
            for name in ("bad_beat_kind", "bad_beat_value", "bad_beat_rounding", "bad_beat_minimum"):
                del self.fields[name]
        for name in ("bad_beat_value", "bad_beat_rounding", "bad_beat_minimum"):  # only with a bad beat's increment
            show_if(self, name, "bad_beat_kind")
        for name in ("time_charge_amount", "time_charge_minutes"):  # only with a time charge (QC RJC art. 67.108)
            show_if(self, name, "time_charge", values="on")

    def defaults(self, page):
        return {"gaming_day": page.day, "table": page.prefill.get("table", "")}

    def values(self):
        data = self.cleaned_data
        bad_beat = None
        if data.get("bad_beat_kind"):
            bad_beat = {"kind": data["bad_beat_kind"], "value": data["bad_beat_value"],
                        "rounding": data["bad_beat_rounding"], "minimum_pot": data["bad_beat_minimum"] or "0"}
        return {"table": data["table"], "gaming_day": data["gaming_day"], "variant": data["variant"],
                "version": data["version"], "minimum": data["minimum"], "small_blind": data["small_blind"],
                "big_blind": data["big_blind"], "option": data["option"], "cap": data["cap"] or None,
                "rake_rate": data["rake_rate"], "rake_cap": data["rake_cap"] or None,
                "no_flop_no_drop": data["no_flop_no_drop"], "rake_per_pot": data["rake_per_pot"],
                "chip": data["chip"] or None,
                "time_charge": data.get("time_charge", False),
                "time_charge_amount": data.get("time_charge_amount") or None,
                "time_charge_minutes": data.get("time_charge_minutes") or None,
                "minimum_stack": data.get("minimum_stack") or None, "bad_beat": bad_beat,
                "cave": data.get("cave") or None, "caisse": data.get("caisse") or None}


class StakesRaiseForm(ActionForm):
    """The minimum and the blinds raised during the séance by the chef de salle responsable (LU RGD 1979 art. 49-3,
    49-7), recorded with who decided it."""

    action = "raise"
    session = forms.ChoiceField(label=_("Séance"), choices=())
    minimum = amount_field(_("Nouvelle mise minimale"))
    small_blind = amount_field(_("Small blind"))
    big_blind = amount_field(_("Big blind"))
    decided_by = text_field(_("Décidé par (chef de salle responsable)"), 120)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        latest: dict[str, object] = {}
        for session in self.page.sessions:
            latest[session.table] = session  # in order: the last of each table
        self.fields["session"].choices = [("", "—"), *(
            (str(session.pk), f"{session.table} · {_('séance')} {session.number}") for session in latest.values())]

    def values(self):
        data = self.cleaned_data
        return {"session": self.page.session(data["session"]), "minimum": data["minimum"],
                "small_blind": data["small_blind"], "big_blind": data["big_blind"], "decided_by": data["decided_by"]}


class ImportForm(ActionForm):
    """A file of deals from the room's system; a day past the casino's filing delay needs the reason and a manager
    who countersigns in person."""

    action = "import"
    file = forms.FileField(label=_("Fichier des mains"), required=False)
    file_format = forms.ChoiceField(label=_("Format"), choices=[(key, FORMAT_LABELS.get(key, key))
                                                                for key in sorted(FORMATS)])
    late_reason = text_field(_("Motif de l'import tardif"), TEXT_MAX, widget=TEXT)
    countersigner = forms.ChoiceField(label=_("Contresignataire (import tardif)"), choices=(), required=False)
    countersigner_password = forms.CharField(label=_("Mot de passe du contresignataire"), strip=False,
                                             required=False, widget=forms.PasswordInput(attrs={"autocomplete": "off"}))
    aliases = {"format": "file_format"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["file"].widget.attrs.update(accept=".json,.ohh,.txt")
        self.fields["countersigner"].choices = [("", "—"), *(
            (user.username, f"{user.get_full_name() or user.username} ({user.get_role_display()})")
            for user in self.page.managers)]

    def defaults(self, page):
        return {"file_format": "ohh"}

    def service_field(self, field):
        """A refused deal is the file's fault, whatever part of the deal is at fault."""
        field = super().service_field(field)
        return field if field in self.fields else "file"


class ConsignForm(ActionForm):
    """A stake of a player absent beyond the time the house allows, set aside in their name."""

    action = "consign"
    session = forms.ChoiceField(label=_("Séance"), choices=())
    seat = text_field(_("Place (1 à 10)"), 4)
    player = text_field(_("Joueur"), NAME_MAX)
    amount = amount_field(_("Montant consigné"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        casino = self.page.casino

        def shown(amount):
            return money(amount, currency=casino.currency, jurisdiction=casino.jurisdiction)

        self.fields["session"].choices = [("", "—"), *(
            (str(session.pk), f"{session.table} · {_('séance')} {session.number} · "
                              f"{shown(session.small_blind)}/{shown(session.big_blind)}")
            for session in self.page.sessions)]
        self.fields["player"].widget.attrs.update(autocomplete="off")
        self.fields["seat"].widget.attrs.update(inputmode="numeric", autocomplete="off")

    def values(self):
        data = self.cleaned_data
        return {"session": self.page.session(data["session"]), "seat": data["seat"], "player": data["player"],
                "amount": data["amount"], "currency": self.page.casino.currency}


class SeanceCloseForm(ActionForm):
    """A table's séance closed, its caisse de change counted (LU RGD 1979 art. 49-3 al. 4, 49-7 al. 4); a difference
    with the opening's is explained here, or the reconciliation reports it."""

    action = "close"
    table = forms.ChoiceField(label=_("Table"), choices=())
    caisse = amount_field(_("Caisse de change comptée à la fermeture"))
    explanation = text_field(_("Explication d'un écart"), TEXT_MAX, widget=TEXT)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].choices = [("", "—"), *((name, name) for name in self.page.open_tables)]

    def values(self):
        data = self.cleaned_data
        return {"casino": self.page.casino, "gaming_day": self.page.day, "table": data["table"],
                "caisse": data["caisse"], "explanation": data["explanation"]}


class RebuyForm(ConsignForm):
    """A player's recave between deals, within the house rules' maximum (LU RGD 1979 art. 49-1): a seat and a player
    at a session of a séance still open, as a stake set aside names them."""

    action = "rebuy"
    amount = amount_field(_("Montant de la recave"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        open_tables = set(self.page.open_tables)
        self.fields["session"].choices = [("", "—"), *(
            (str(session.pk), f"{session.table} · {_('séance')} {session.number}")
            for session in self.page.sessions if session.table in open_tables)]

    def values(self):
        values = super().values()
        del values["currency"]
        return values
