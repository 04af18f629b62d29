"""The casino's house rules (« règlement intérieur ») for its poker room, as dated versions: for its jackpots (LU RGD
1979 art. 49-9 al. 3, 49-12 al. 7, 49-13 al. 2 and 10), and, where a version says so, the room's rake terms the
texts leave to the house (no rake on a deal without a flop, on each pot or once on the deal) and whether the option
(a straddle) is allowed (art. 49-1: « La direction de l'établissement peut, dans son règlement intérieur, autoriser
[…] dite option »): what the texts leave to the house. Each version is an entry of the cagnotte
register, the poker room's, recorded by the casino's direction (registers.poker.services.house_rules_record); a later
version supersedes it from its own effective date, nothing is ever edited. The replay (registers/poker_room/rules.py)
and the bad-beat claims read the version in force on their gaming day."""

import datetime
import json
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext_lazy as _

from compliance import formatting
from compliance.models import Casino
from compliance.profiles import concept_or_none
from games.poker.jackpots import ROUNDINGS
from games.poker.outcome import EACH, MAIN, MAIN_FIRST, PRORATA, WHOLE
from games.selectors import rule_values_of

from .. import controls as common
from ..chain.selectors import standing
from ..kinds import EntryKind, RegisterKind
from ..models import Entry
from .controls.house_rules import AMOUNT, CHOICE, COUNT, MINUTES, YES_NO, Choice, TermSaid
from .controls.shared import House
from .selectors import ROUNDING_LABELS

HOUSE_RULES = EntryKind.HOUSE_RULES
PROGRESSIVE_RULES = "jackpot_progressif.reglement_interieur"  # art. 49-9 al. 3
BAD_BEAT_RULES = "bad_beat_jackpot.reglement_interieur"  # art. 49-13 al. 2
BAD_BEAT_WHOLE_POT = "bad_beat_jackpot.retenue_globale"  # art. 49-13 al. 4
BAD_BEAT_MINIMUM_POT = "bad_beat_jackpot.pot_minimum"  # art. 49-12 al. 7
RESTARTS = ("zero", "valeur_depart")  # art. 49-13 al. 10: « redémarre à 0 € ou à la valeur de départ fixée »

PROGRESSIVE_POTS_LABELS = {
    WHOLE: _("Une fois sur le pot entier (pots extérieurs compris)"),
    MAIN: _("Sur le pot principal seulement"),
    EACH: _("Sur chaque pot, principal et extérieurs"),
}
BAD_BEAT_POTS_LABELS = {
    PRORATA: _("Retenu sur chaque pot en proportion de son montant"),
    MAIN_FIRST: _("Retenu sur le pot principal d'abord, puis sur les pots extérieurs"),
}
RESTART_LABELS = {"zero": _("À 0"), "valeur_depart": _("À la valeur de départ fixée par le casino")}
# the room's terms, keys of the version's « salon » part
NO_FLOP_NO_DROP, RAKE_PER_POT, STRADDLE = "sans_flop_pas_de_retenue", "retenue_par_pot", "straddle"
NO_FLOP_LABELS = {True: _("Pas de flop, pas de retenue"), False: _("Retenue même sans flop")}
RAKE_BASIS_LABELS = {True: _("Retenue sur chaque pot"), False: _("Retenue une fois sur le pot entier de la main")}
STRADDLE_LABELS = {True: _("Option (straddle) permise"), False: _("Option (straddle) interdite")}
HOUSE_RULES_NAME = _("règlement intérieur, version n° {seq} en vigueur le {day}")


@dataclass(frozen=True)
class Term:
    """A value a version of the règlement intérieur sets: the version's attribute, where its payload keeps it
    (`section`, `key`), its kind, the concept (compliance.profiles) of the rule value whose article leaves it to the
    house ("" where no article does: the room's rake terms, the casino's own), its label and, for a choice or a yes
    or no said in words of its own, the words of each value."""

    name: str
    section: str
    key: str
    kind: str  # controls.YES_NO, AMOUNT, MINUTES, COUNT or CHOICE
    concept: str
    label: object
    labels: dict | None = None

    def read(self, payload: dict):
        """The value a payload holds, None where it does not say (a version recorded before the term was kept)."""
        part = payload.get(self.section)
        raw = part.get(self.key) if isinstance(part, dict) else None
        return None if raw is None else term_value(self, raw)

    def shown(self, value, casino: Casino) -> str:
        """The value as the versions' pages write it: « — le règlement n'en dit rien — » where the version does not
        say."""
        if value is None:
            return str(UNSAID)
        if self.kind == AMOUNT:
            return formatting.money(value, currency=casino.currency, jurisdiction=casino.jurisdiction)
        if self.kind == MINUTES:
            return str(MINUTES_SAID).format(minutes=value)
        labels = self.labels or (YES_NO_LABELS if self.kind == YES_NO else {})
        return str(labels.get(value, value))


UNSAID = _("— le règlement n'en dit rien —")
OWN_TERM = _("Règlement intérieur du casino : modalité du salon que les textes ne règlent pas")
MINUTES_SAID = _("{minutes} min")
YES_NO_LABELS = {True: _("Oui"), False: _("Non")}
ROOM, BATAILLE, TOURNAMENTS = "salon", "bataille", "tournois"
CONCEPT = "reglement_interieur"  # the profiles' concepts « reglement_interieur.<attribute> »
# the jackpots' modalities (art. 49-9 al. 3, 49-12 al. 7, 49-13 al. 2 and 10), which every version sets
JACKPOT_TERMS = (
    Term("progressive_pots", "jackpot_progressif", "pots_exterieurs", CHOICE, f"{CONCEPT}.progressive_pots",
         _("Jackpot progressif : prélèvement en cas de pots extérieurs"), PROGRESSIVE_POTS_LABELS),
    Term("progressive_rounding", "jackpot_progressif", "arrondi", CHOICE, f"{CONCEPT}.progressive_rounding",
         _("Jackpot progressif : arrondi des incréments"), ROUNDING_LABELS),
    Term("bad_beat_pots", "bad_beat", "pots_exterieurs", CHOICE, f"{CONCEPT}.bad_beat_pots",
         _("Bad beat : retenue de l'incrément en cas de pots extérieurs"), BAD_BEAT_POTS_LABELS),
    Term("bad_beat_rounding", "bad_beat", "arrondi", CHOICE, f"{CONCEPT}.bad_beat_rounding",
         _("Bad beat : arrondi de l'incrément"), ROUNDING_LABELS),
    Term("bad_beat_minimum_pot", "bad_beat", "pot_minimum", AMOUNT, f"{CONCEPT}.bad_beat_minimum_pot",
         _("Bad beat : pot minimum pour constituer le jackpot")),
    Term("bad_beat_restart", "bad_beat", "redemarrage", CHOICE, f"{CONCEPT}.bad_beat_restart",
         _("Bad beat : redémarrage après un gain"), RESTART_LABELS),
)
# what else the texts leave to the house, each said or not by a version (None: the version does not say)
TERMS = (
    Term("no_flop_no_drop", ROOM, NO_FLOP_NO_DROP, YES_NO, "", _("Salon : retenue d'une main sans flop"),
         NO_FLOP_LABELS),
    Term("rake_per_pot", ROOM, RAKE_PER_POT, YES_NO, "", _("Salon : retenue en cas de pots extérieurs"),
         RAKE_BASIS_LABELS),
    Term("straddle", ROOM, STRADDLE, YES_NO, f"{CONCEPT}.straddle", _("Salon : option (straddle)"), STRADDLE_LABELS),
    Term("recave_maximum", ROOM, "recave_maximum", AMOUNT, f"{CONCEPT}.recave_maximum",
         _("Salon : montant maximum de la recave")),
    Term("absence_maximale", ROOM, "absence_maximale_minutes", MINUTES, f"{CONCEPT}.absence_maximale",
         _("Salon : durée maximale d'absence d'un joueur (minutes)")),
    Term("egalite", BATAILLE, "mise_egalite", YES_NO, f"{CONCEPT}.egalite", _("Bataille : mise « égalité » offerte")),
    Term("deux_cases_joueur_seul", BATAILLE, "deux_cases_joueur_seul", YES_NO, f"{CONCEPT}.deux_cases_joueur_seul",
         _("Bataille : un joueur seul à la table joue deux cases au minimum")),
    Term("cases_max_par_joueur", BATAILLE, "cases_max_par_joueur", COUNT, f"{CONCEPT}.cases_max_par_joueur",
         _("Bataille : nombre de cases qu'un joueur peut jouer quand d'autres veulent jouer")),
    Term("mise_debout_interdite", BATAILLE, "mise_debout_interdite", YES_NO, f"{CONCEPT}.mise_debout_interdite",
         _("Bataille : mise de joueurs debout sur la main de joueurs assis interdite")),
    Term("ropta", TOURNAMENTS, "ropta_adopte", YES_NO, f"{CONCEPT}.ropta",
         _("Tournois : le ROPTA adopté comme règlement des tournois")),
)
SECTIONS = {term.section for term in TERMS}


def term_value(term: Term, raw):
    """A value as given (a form's text, an API's or a payload's value) in its kind, or as given where it is not one
    (the control then refuses it, naming the field): "" and None are « the version does not say »."""
    if raw is None or raw == "":
        return None
    if term.kind == AMOUNT:
        try:
            return Decimal(str(raw).replace("\u202f", "").replace("\xa0", "").replace(" ", "").replace(",", "."))
        except InvalidOperation:
            return raw
    if term.kind in (MINUTES, COUNT):
        text = str(raw).strip()
        return int(text) if not isinstance(raw, bool) and text.isdigit() else raw
    if term.kind == YES_NO and raw in ("1", "0"):
        return raw == "1"
    return raw


def kept(term: Term, value):
    """A value as a version's payload keeps it: an amount as a text, nothing through a float."""
    return f"{value:f}" if term.kind == AMOUNT else value


@dataclass(frozen=True)
class HouseRules:
    """One version of the house rules, as its entry recorded it."""

    seq: int
    effective_from: datetime.date
    progressive_pots: str
    progressive_rounding: str
    bad_beat_pots: str
    bad_beat_rounding: str
    bad_beat_minimum_pot: Decimal
    bad_beat_restart: str
    citation: str
    recorded_by: str
    recorded_at: datetime.datetime
    # the room's terms, None where the version does not say (the versions recorded before they were kept)
    no_flop_no_drop: bool | None = None
    rake_per_pot: bool | None = None
    straddle: bool | None = None
    # what else the texts leave to the règlement intérieur (TERMS), None where the version does not say
    recave_maximum: Decimal | None = None  # the poker room's recave maximum (art. 49-1)
    absence_maximale: int | None = None  # minutes a player may leave his stake at the table (art. 49-1)
    egalite: bool | None = None  # the bataille's « mise égalité » offered (art. 37-16, 37-18)
    deux_cases_joueur_seul: bool | None = None  # a lone player plays two spots at least (art. 37-18)
    cases_max_par_joueur: int | None = None  # the spots one player may play when others wish to (art. 37-18)
    mise_debout_interdite: bool | None = None  # no standing player's bet on a seated player's hand (art. 37-18)
    ropta: bool | None = None  # the ROPTA adopted as the tournaments' rules

    @classmethod
    def of(cls, entry: Entry) -> "HouseRules":
        payload = json.loads(entry.payload)
        actor = entry.actor
        return cls(seq=entry.seq, effective_from=datetime.date.fromisoformat(payload["en_vigueur_le"]),
                   citation=payload["citation"], recorded_by=actor.get_full_name() or actor.username,
                   recorded_at=entry.recorded_at, **{term.name: term.read(payload) for term in JACKPOT_TERMS + TERMS})

    @property
    def name(self) -> str:
        """How a session's schedule cites the version it follows."""
        return HOUSE_RULES_NAME.format(seq=self.seq, day=self.effective_from.isoformat())

    @property
    def room_terms(self) -> list[str]:
        """The room's terms this version sets, as a page lists them."""
        terms = []
        if self.no_flop_no_drop is not None:
            terms.append(str(NO_FLOP_LABELS[self.no_flop_no_drop]))
        if self.rake_per_pot is not None:
            terms.append(str(RAKE_BASIS_LABELS[self.rake_per_pot]))
        if self.straddle is not None:
            terms.append(str(STRADDLE_LABELS[self.straddle]))
        return terms

    @property
    def progressive_pots_label(self) -> str:
        return str(PROGRESSIVE_POTS_LABELS.get(self.progressive_pots, self.progressive_pots))

    @property
    def bad_beat_pots_label(self) -> str:
        return str(BAD_BEAT_POTS_LABELS.get(self.bad_beat_pots, self.bad_beat_pots))

    @property
    def progressive_rounding_label(self) -> str:
        return str(ROUNDING_LABELS.get(self.progressive_rounding, self.progressive_rounding))

    @property
    def bad_beat_rounding_label(self) -> str:
        return str(ROUNDING_LABELS.get(self.bad_beat_rounding, self.bad_beat_rounding))

    @property
    def restart_label(self) -> str:
        return str(RESTART_LABELS.get(self.bad_beat_restart, self.bad_beat_restart))

    def progressive_conditions(self) -> tuple[str, str]:
        return self.progressive_pots, self.progressive_rounding

    def bad_beat_conditions(self) -> tuple[str, str]:
        return self.bad_beat_pots, self.bad_beat_rounding


def house_rules_versions(casino: Casino) -> list[HouseRules]:
    """Every standing version, in the order recorded: one query (the form of a new version and the pages read them)."""
    entries = standing(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.CAGNOTTE,
                                            kind=HOUSE_RULES)).select_related("actor")
    return [HouseRules.of(entry) for entry in entries.order_by("seq")]


def house_rules_at(casino: Casino, day: datetime.date, versions: list[HouseRules] | None = None) -> HouseRules | None:
    """The version in force on `day`: of those effective by then, the latest effective, the last recorded among equals
    (a version recorded later for the same date supersedes)."""
    versions = house_rules_versions(casino) if versions is None else versions
    effective = [version for version in versions if version.effective_from <= day]
    return max(effective, key=lambda version: (version.effective_from, version.seq)) if effective else None


def house_terms(version: HouseRules | None) -> House | None:
    """What the jackpots' controls read of a version (registers/poker/controls/)."""
    if version is None:
        return None
    return House(version.seq, version.progressive_rounding, version.bad_beat_minimum_pot, version.bad_beat_restart)


def house_rules_choices(*, progressive_pots, progressive_rounding, bad_beat_pots, bad_beat_rounding, bad_beat_restart,
                        progressive_rule: str, bad_beat_rule: str) -> tuple[Choice, ...]:
    """The modalities a version chooses, each with the values offered and the article leaving it to the house (the
    service's fields: controls.house_rules_problems)."""
    roundings = {key: key for key in ROUNDINGS}
    return (Choice("progressive_pots", progressive_pots, PROGRESSIVE_POTS_LABELS, progressive_rule),
            Choice("progressive_rounding", progressive_rounding, roundings, progressive_rule),
            Choice("bad_beat_pots", bad_beat_pots, BAD_BEAT_POTS_LABELS, bad_beat_rule),
            Choice("bad_beat_rounding", bad_beat_rounding, roundings, bad_beat_rule),
            Choice("bad_beat_restart", bad_beat_restart, {key: key for key in RESTARTS}, bad_beat_rule))


def term_citations(casino: Casino, day: datetime.date) -> dict[str, str | None]:
    """{attribute: the article that leaves it to the house}, as the rule data cites it on `day`, in one query; a room
    term no article rules is the casino's own; None where the casino's texts leave the value to no règlement
    intérieur."""
    keys = {term.name: concept_or_none(casino.jurisdiction, term.concept) for term in JACKPOT_TERMS + TERMS
            if term.concept}
    read = rule_values_of(keys={key for key in keys.values() if key}, on=day, drafts=True) if any(keys.values()) \
        else {}
    cited = {name: str(read[key].citation) if key in read else None for name, key in keys.items()}
    return {term.name: cited[term.name] if term.concept else common.written(OWN_TERM) for term in JACKPOT_TERMS + TERMS}


def terms_said(values: dict, citations: dict[str, str | None]) -> tuple[TermSaid, ...]:
    """What a version says of each term (`values`: {attribute: value as given}), for the controls."""
    return tuple(TermSaid(term.name, term.kind, term_value(term, values.get(term.name)), term.label,
                          citations.get(term.name)) for term in TERMS)


@dataclass(frozen=True)
class Row:
    """A value of a version as the versions' pages show it; `old` only in a difference between two versions."""

    name: str
    label: str
    value: str
    citation: str
    old: str = ""


def version_rows(version: HouseRules, citations: dict, casino: Casino) -> list[Row]:
    """Everything a version sets, each value with the article that leaves it to the house."""
    return [Row(term.name, str(term.label), term.shown(getattr(version, term.name), casino),
                citations.get(term.name) or "") for term in JACKPOT_TERMS + TERMS]


def changes(old: HouseRules, new: HouseRules, citations: dict, casino: Casino) -> list[Row]:
    """Each value `new` sets otherwise than `old`, old → new, with the article that leaves it to the house."""
    return [Row(term.name, str(term.label), term.shown(getattr(new, term.name), casino), citations.get(term.name) or "",
                term.shown(getattr(old, term.name), casino))
            for term in JACKPOT_TERMS + TERMS if getattr(old, term.name) != getattr(new, term.name)]
