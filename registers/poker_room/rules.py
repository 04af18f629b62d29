"""What the rule data says about a poker session and its deals: the games a jurisdiction's room deals, the versions
each allows (LU RGD 1979 art. 49-4, 49-8), the blinds from the table's minimum (art. 49-1), the retention on each pot
at the session's rate (art. 49-1, 49-3, 49-5) or the QC cap of 10 % of the game's pot (QC RJC art. 67.108), and the
jackpots' increments (art. 49-9, 49-13). Where the texts say nothing, the casino's internal control is cited."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import Casino
from compliance.problems import refuse
from compliance.profiles import applies, concepts_under
from games.poker import hand as deal
from games.poker.outcome import NEAREST, ONE_EACH, PRORATA, WHOLE
from games.poker.replay import JackpotRule, Rules
from games.selectors import rule_value_at
from registers.errors import ErrorCode

from .. import controls
from ..models import PokerSession
from ..poker.house_rules import house_rules_at
from ..poker.selectors import bad_beat_stopped_on
from . import errors
from .controls import BlindRules, Stakes, blinds_problems, chip_problems

CENTS = Decimal(100)
# The game each variant is dealt under: the concepts « salon_poker.jeu.<variant> » of the jurisdiction's profile,
# whose keys prefix the game's rule values (compliance.profiles).
GAMES_DEALT = "salon_poker.jeu"
# Concepts of the jurisdiction's profile (compliance.profiles); a jurisdiction whose texts lack one has no such rule.
POT_CAP = "salon_poker.commission_maximale"  # QC art. 67.108: at most 10 % of the game's pot
TIME_CHARGE = "salon_poker.commission_temps_de_jeu"  # QC art. 67.108 al. 2: by time at play, the table's limits
LEAST_STACK = "salon_poker.avoir_minimum"  # QC art. 67.94: the least stack shown at the table
WHOLE_POT = "salon_poker.retenue_sur_la_partie"  # a feature: QC art. 67.108, the rake once on the game's whole pot
CHIPS_ADDED = ("recave_pendant_un_coup", "avoir_entre_les_parties")  # LU art. 49-1, 49-5; QC art. 67.95 1°
# A game's own values, under its key (« <game>.retenue »): LU art. 49-1, 49-5 for the retention, 49-1 for a stake
# consigned; a game whose texts have none cites the casino's internal control.
RETENTION, CONSIGNED = "retenue", "mise_consignee_echeance"
CAGNOTTE_BOOKS = "registres.carnets_cagnottes"  # LU art. 97-1, where the casino's texts have it
BAD_BEAT_RECORD = "bad_beat_jackpot.enregistrement_par_partie"  # LU art. 49-13: the table's machine, per game


def _rule(casino: Casino, key: str, day: datetime.date):
    try:
        return rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True)
    except DomainError:
        return None


def games_dealt(jurisdiction) -> dict[str, str]:
    """variant → the game key it is dealt under in that jurisdiction's poker room, as its profile says."""
    return concepts_under(jurisdiction, GAMES_DEALT)


def game_key(casino: Casino, variant: str) -> str:
    games = games_dealt(casino.jurisdiction)
    if variant not in games:
        raise DomainError(errors.VARIANT_NOT_DEALT.format(variant=variant, allowed=", ".join(games) or "—"),
                          code=ErrorCode.INVALID, field="variant")
    return games[variant]


@dataclass(frozen=True)
class Blinds:
    small: Decimal
    big: Decimal
    citation: str


def versions(casino: Casino, game: str, day: datetime.date, version: str) -> str:
    """The version the session deals, among those its game allows; what it rests on."""
    rule = _rule(casino, f"{game}.versions", day)
    if rule is None:
        if version not in deal.VERSIONS:
            raise DomainError(errors.VERSION_UNKNOWN.format(version=version, allowed=", ".join(deal.VERSIONS)),
                              code=ErrorCode.INVALID, field="version")
        return controls.written(controls.POKER_SESSION)
    if version not in rule.value:
        raise DomainError(errors.VERSION_NOT_ALLOWED.format(version=version, allowed=", ".join(rule.value),
                                                            citation=rule.citation),
                          code=ErrorCode.INVALID, field="version")
    return str(rule.citation)


def chips_added_citation(casino: Casino) -> str:
    """What forbids chips added during a deal, for each game the casino's room deals: LU art. 49-1, 49-5 (« Aucune
    recave n'est acceptée pendant un coup »), QC art. 67.95 1° (« un joueur ne peut augmenter le montant de son avoir
    qu'entre les parties »)."""
    day, cited = casino.today(), []
    for game in dict.fromkeys(games_dealt(casino.jurisdiction).values()):
        for name in CHIPS_ADDED:
            rule = _rule(casino, f"{game}.{name}", day)
            if rule is not None:
                cited.append(str(rule.citation))
    return " ; ".join(dict.fromkeys(cited)) or controls.written(controls.POKER_SESSION)


def version_fixed(casino: Casino, game: str, day: datetime.date) -> str | None:
    """What fixes the version for the séance (LU art. 49-4, 49-8), or None where the texts do not."""
    rule = _rule(casino, f"{game}.versions", day)
    return str(rule.citation) if rule is not None else None


def minimum_rise(casino: Casino, game: str, day: datetime.date) -> tuple[str, str] | None:
    """Who may raise the table's minimum during the séance, as the text names them, and what says so (LU art. 49-3,
    49-7: the « chef de salle responsable »); None where the texts say nothing."""
    rule = _rule(casino, f"{game}.minimum_en_cours_de_seance", day)
    return (str(rule.citation), str(rule.value)) if rule is not None else None


def blind_rules(casino: Casino, game: str, day: datetime.date) -> BlindRules:
    """The game's blinds as the rule data sets them on `day` (LU art. 49-1), for controls.blinds_problems."""
    ratio, span = _rule(casino, f"{game}.small_blind", day), _rule(casino, f"{game}.big_blind", day)
    if ratio is None or span is None:
        return BlindRules()
    return BlindRules(Decimal(str(ratio.value)), str(ratio.citation),
                      (Decimal(str(span.value["min"])), Decimal(str(span.value["max"]))), str(span.citation),
                      _rule(casino, f"{game}.option", day) is not None)


def blinds(casino: Casino, game: str, day: datetime.date, minimum: Decimal, small: Decimal, big: Decimal,
           option: bool) -> Blinds:
    """LU art. 49-1: the small blind is half the table's minimum, the big blind one to two small blinds, the option
    (where the house rules allow it) twice the big blind. Elsewhere the blinds are the table's, small below big
    (controls.blinds_problems)."""
    held = blind_rules(casino, game, day)
    refuse(blinds_problems(Stakes(minimum, small, big), option, held))
    return Blinds(small, big, held.cited)


def retention(casino: Casino, game: str, day: datetime.date, rate: Decimal) -> str:
    """The rate the session applies, within QC's cap where there is one; what it rests on."""
    if not Decimal(0) <= rate < 1:
        raise DomainError(errors.RATE_RANGE.format(rate=rate), code=ErrorCode.INVALID, field="rake_rate")
    cap = _rule(casino, POT_CAP, day)
    if cap is not None:
        if rate > Decimal(str(cap.value)):
            raise DomainError(errors.RATE_ABOVE_CAP.format(rate=rate * 100, cap=Decimal(str(cap.value)) * 100,
                                                           citation=cap.citation),
                              code=ErrorCode.INVALID_AMOUNT, field="rake_rate")
        return str(cap.citation)
    return controls.cited(casino, f"{game}.{RETENTION}", day, controls.POKER_SESSION)


@dataclass(frozen=True)
class Schedule:
    """The rest of a session's rake schedule, beside its rate and its cap per hand: no rake on a deal that ends before
    the flop, the rake on each pot or once on the deal's whole pot, the table's smallest chip; what it rests on."""

    no_flop_no_drop: bool
    per_pot: bool
    chip: Decimal
    citation: str


def _house_term(house, name: str, given: bool | None, default: bool) -> bool:
    """A term of the schedule: the house rules' in force where they set it (a session may not decide otherwise),
    else what the session gives, else `default`."""
    fixed = getattr(house, name) if house is not None else None
    if fixed is None:
        return default if given is None else bool(given)
    if given is not None and bool(given) != fixed:
        raise DomainError(errors.SCHEDULE_HOUSE.format(term=errors.SCHEDULE_TERMS[name], house=house.name),
                          code=ErrorCode.INVALID, field=name)
    return fixed


def chip_checked(chip: Decimal, amounts: tuple[Decimal, ...]) -> None:
    """The table's minimum and blinds are whole numbers of its smallest chip (controls.chip_problems)."""
    refuse(chip_problems(chip, amounts))


def schedule(casino: Casino, day: datetime.date, *, no_flop_no_drop: bool | None, rake_per_pot: bool | None,
             option: bool, chip: Decimal, blinds: tuple[Decimal, ...]) -> Schedule:
    """The session's schedule where the texts say nothing of it: no flop no drop and an option (a straddle) as the
    house rules in force say (LU art. 49-1: the option where « la direction de l'établissement peut, dans son
    règlement intérieur, autoriser »); the rake once on the game's whole pot in QC (art. 67.108, « de la cagnotte »,
    « pour chaque partie »), on each pot elsewhere (LU art. 49-1, 49-5), unless the house rules say otherwise; the
    table's smallest chip, of which the blinds and the minimum are whole numbers (no text speaks of chips' values:
    the casino's internal control)."""
    house = house_rules_at(casino, day)
    if option and house is not None and house.straddle is False:
        raise DomainError(errors.STRADDLE_HOUSE.format(house=house.name), code=ErrorCode.INVALID, field="option")
    no_flop = _house_term(house, "no_flop_no_drop", no_flop_no_drop, False)
    per_pot = _house_term(house, "rake_per_pot", rake_per_pot, not applies(casino.jurisdiction, WHOLE_POT, day))
    chip_checked(chip, blinds)
    said = house is not None and (house.no_flop_no_drop, house.rake_per_pot, house.straddle) != (None, None, None)
    return Schedule(no_flop, per_pot, chip, str(house.name) if said else controls.written(controls.POKER_SESSION))


def legal_rate(casino: Casino, day: datetime.date) -> tuple[Decimal | None, str]:
    cap = _rule(casino, POT_CAP, day)
    return (Decimal(str(cap.value)), str(cap.citation)) if cap is not None else (None, "")


def jackpot_rule(increment: dict | None, rounding: str | None = None) -> JackpotRule | None:
    """A jackpot's increment as its configuration writes it (a fixed amount in the currency, or a percentage), rounded
    as the house rules in force say where they are recorded (`rounding`)."""
    if not increment:
        return None
    value = Decimal(str(increment["value"]))
    return JackpotRule(increment["kind"], value * CENTS if increment["kind"] == "fixe" else value,
                       rounding or increment["rounding"], int(Decimal(str(increment.get("minimum_pot") or 0)) * CENTS))


def session_rules(session: PokerSession, progressive: dict | None) -> Rules:
    """The rules a session's deals are replayed with: its rake schedule (its rate, its cap per hand, no flop no drop,
    on each pot or once on the deal, its smallest chip) and its option (a straddle) allowed or not, the QC cap of the
    game's pot (taken on the whole pot, art. 67.108), the jackpots' increments: the progressive's from its
    configuration (`progressive`, the register's), the bad beat's from the session; the least bet and raise where
    the game's texts set them (LU art. 49-4, 49-8; none in QC), the odd chips where they say who takes them (LU art.
    49-5)."""
    casino, day, game = session.casino, session.gaming_day, session.game.key
    rate, _citation = legal_rate(casino, day)
    house = house_rules_at(casino, day)  # side pots and rounding as the house rules say that day (art. 49-9, 49-13)
    stopped = session.bad_beat and bad_beat_stopped_on(casino, day)  # no increment while stopped (art. 49-14)
    return Rules(
        rate=session.rake_rate, cap=int(session.rake_cap * CENTS) if session.rake_cap is not None else None,
        legal_rate=rate, per_pot=session.rake_per_pot, chip=int(session.chip * CENTS),
        no_flop_no_drop=session.no_flop_no_drop, straddle_allowed=session.option,
        progressive=jackpot_rule(progressive, house and house.progressive_rounding),
        bad_beat=None if stopped else jackpot_rule(session.bad_beat, house and house.bad_beat_rounding),
        progressive_pots=house.progressive_pots if house else WHOLE,
        bad_beat_pots=house.bad_beat_pots if house else PRORATA,
        hilo=session.variant == deal.OMAHA_HILO,
        raise_minimums=_rule(casino, f"{game}.relance_min", day) is not None,
        odd_chips=NEAREST if _rule(casino, f"{game}.jeton_indivisible", day) is not None else ONE_EACH)


def seats_most(session: PokerSession) -> tuple[int, str] | None:
    """The most players seated at the game's table and what says so (LU art. 49-1: ten; 49-5: « au maximum de
    neuf »); None where the texts set none."""
    rule = _rule(session.casino, f"{session.game.key}.joueurs", session.gaming_day)
    return (int(rule.value["max"]), str(rule.citation)) if rule is not None else None


# The séance's caisse de change and a recave (issue 38, point 6): what cites them, the recave's maximum in force.
CAISSE = "caisse_de_change"  # « <game>.caisse_de_change »: LU art. 49-3 al. 4, 49-7 al. 4
CAVE = "cave_initiale"  # « <game>.cave_initiale »: LU art. 49-3 al. 3, 49-7 al. 3
REBUY = "recave_pendant_un_coup"  # « <game>.recave_pendant_un_coup »: LU art. 49-1, the recave's maximum sentence
SEANCE_CAISSE = _("Contrôle interne du casino : caisse de change de la table de poker comptée à l'ouverture et à la "
                  "fermeture de la séance")


def caisse_cited(casino: Casino, game: str, day: datetime.date) -> str:
    """What fixes the caisse de change until the next séance: the game's article, or the casino's control."""
    return controls.cited(casino, f"{game}.{CAISSE}", day, SEANCE_CAISSE)


def cave_cited(casino: Casino, game: str, day: datetime.date) -> str:
    """Who fixes the initial cave at the table's opening: the game's article, or the casino's control."""
    return controls.cited(casino, f"{game}.{CAVE}", day, controls.POKER_SESSION)


@dataclass(frozen=True)
class RebuyTerms:
    maximum: Decimal | None  # None: the house rules in force set none
    house: str  # the house rules' name, or ""
    citation: str


def rebuy_terms(casino: Casino, game: str, day: datetime.date) -> RebuyTerms:
    """The recave's maximum as the house rules in force that day set it (LU art. 49-1: « Le montant maximum de la
    recave est fixé par le règlement intérieur »), with what cites the rule."""
    house = house_rules_at(casino, day)
    maximum = house.recave_maximum if house is not None else None
    return RebuyTerms(None if maximum is None else Decimal(maximum).quantize(Decimal("0.01")),
                      str(house.name) if house is not None else "",
                      controls.cited(casino, f"{game}.{REBUY}", day, controls.POKER_SESSION))
