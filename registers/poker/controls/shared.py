"""What the poker room's two jackpots share: their concepts' keys in the rule data, their stages and
transitions, the house rules in force as they read them, and the voluntary stop's notice to the Minister (LU RGD 1979
art. 49-11 al. 2, 49-14 al. 2)."""

import datetime
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.db import models
from django.utils.translation import gettext_lazy as _

from compliance.formatting import days as days_said
from games.selectors import RuleValueAt

from ... import controls
from ...chain.replay import HOUSE_RULE, Counted
from ...controls import Problem, Transition
from ...errors import ErrorCode
from .. import errors

PROGRESSIVE, BAD_BEAT = "jackpot_progressif", "bad_beat_jackpot"  # concepts' prefixes (compliance.profiles)
LEVELS_MAX = f"{PROGRESSIVE}.niveaux_max"  # art. 49-9 al. 1
ELIGIBLE = f"{PROGRESSIVE}.combinaisons_eligibles"  # art. 49-9 al. 1
STARTS_MAX = f"{PROGRESSIVE}.valeurs_depart_max"  # art. 49-9 al. 4
SAME_BLINDS = f"{PROGRESSIVE}.mises_initiales_identiques"  # art. 49-9 al. 1
PER_TABLE = f"{PROGRESSIVE}.increments_par_table"  # art. 49-9 al. 5
CONDITIONS = f"{PROGRESSIVE}.reglement_interieur"  # art. 49-9 al. 3
STATEMENT_RULE = f"{PROGRESSIVE}.releve_fin_de_seance"  # art. 49-10 al. 5
PER_DEAL = f"{PROGRESSIVE}.gains_par_niveau"  # art. 49-10 al. 1
NOTICE = f"{PROGRESSIVE}.preavis_arret_volontaire"  # art. 49-11 al. 2
BAD_BEAT_NOTICE = f"{BAD_BEAT}.preavis_arret_volontaire"  # art. 49-14 al. 2
BAD_BEAT_CONDITIONS = f"{BAD_BEAT}.reglement_interieur"  # art. 49-13 al. 2 and 10
MINIMUM_POT = f"{BAD_BEAT}.pot_minimum"  # art. 49-12 al. 7
START = f"{BAD_BEAT}.valeur_de_depart"  # art. 49-13 al. 1: « constitué de la valeur de départ […] et d'un incrément »
VOUCHERS = f"{BAD_BEAT}.bons_par_joueur"  # art. 49-15 al. 2
DISPLAYED = f"{BAD_BEAT}.conditions_affichees"  # art. 49-13 al. 3: « ne peuvent être modifiées avant l'arrêt »
LOSER_SHARE = f"{BAD_BEAT}.part_perdant"  # art. 49-12 al. 4: « 50 % du montant de la cagnotte »
BREAKDOWN = f"{BAD_BEAT}.panne_sans_prelevement"  # art. 49-14 al. 3: the « carnet de compte »
ZERO = Decimal(0)


class Stage(models.TextChoices):
    NONE = "aucun", _("pas configuré")
    RUNNING = "en_cours", _("en cours")
    STOPPED = "arrete", _("arrêté")


CONFIGURE = Transition("configure", (Stage.NONE, Stage.STOPPED), Stage.RUNNING)
STATEMENT = Transition("statement", (Stage.RUNNING,), None)
WIN = Transition("win", (Stage.RUNNING,), None)  # the level won back to its start value
STOP = Transition("stop", (Stage.RUNNING,), Stage.STOPPED)
BAD_BEAT_WIN = Transition("bad_beat_win", (Stage.RUNNING,), None)
BAD_BEAT_STOP = Transition("bad_beat_stop", (Stage.RUNNING,), Stage.STOPPED)
BAD_BEAT_RESTART = Transition("bad_beat_restart", (Stage.STOPPED,), Stage.RUNNING)


def books() -> str:
    return controls.written(controls.BOOKS)


def decimal(value) -> Decimal | None:
    """An amount as an entry writes it (a text), or None."""
    try:
        return Decimal(value) if isinstance(value, str) else None
    except InvalidOperation:
        return None


@dataclass(frozen=True)
class House:
    """The version of the casino's house rules in force (registers/poker/house_rules.py): its n°, the rounding of the
    progressive's increments, the bad beat's minimum pot."""

    seq: int
    progressive_rounding: str
    bad_beat_minimum_pot: Decimal
    bad_beat_restart: str = ""  # « zero » or « valeur_depart » (art. 49-13 al. 10)


@dataclass(frozen=True)
class Stop:
    day: datetime.date
    voluntary: object
    notified_on: datetime.date | None
    today: datetime.date  # the casino's today: a notice is written once sent


def notice_problems(proposed: Stop, notice: RuleValueAt | None) -> list[Problem]:
    """Art. 49-11 al. 2, 49-14 al. 2: « Un arrêt volontaire […] peut intervenir à tout moment sous réserve d'en
    informer le Ministre des Finances dans les quinze jours qui précèdent », the days read from the rule data
    (`notice`): a voluntary stop told to the Minister at least so many days before, in a notice already sent (never
    dated after the casino's today). The texts do not bound it by the jackpot's configuration: a stop may be announced
    with the jackpot."""
    citation, notified = (str(notice.citation) if notice is not None else HOUSE_RULE), proposed.notified_on
    if not isinstance(proposed.voluntary, bool):
        return [Problem("voluntary", errors.NOT_BOOLEAN, citation, ErrorCode.INVALID,
                        {"key": "voluntary", "value": proposed.voluntary})]
    if notified is not None and notified > proposed.today:
        return [Problem("minister_notified_on", errors.NOTICE_NOT_SENT_YET, citation, ErrorCode.FUTURE_DAY,
                        {"notice": notified, "today": proposed.today})]
    if proposed.voluntary and notice is not None and (
            notified is None or (proposed.day - notified).days < int(notice.value)):
        return [Problem("minister_notified_on", errors.JACKPOT_NOTICE, citation, ErrorCode.NOTICE_TOO_LATE, {
            "days": Counted(int(notice.value), days_said), "notice": notified or "—", "day": proposed.day})]
    return []
