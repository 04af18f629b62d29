"""What the replay of a poker deal takes and gives (games/poker/replay.py): the room's rules it settles by, the refusal
of a deal that cannot have been played, the irregularities it reports without refusing, and the deal recomputed pot
by pot and step by step. Amounts are whole numbers of the currency's minor unit, like the deal's (games/poker/hand.py).

They live apart from the engine so that its parts (the betting walk, the showdown, the levies) share them without
importing one another in a circle; games.poker.replay gives them all under its own name."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Final, NamedTuple

from .hand import DeclaredPot, rebuilt

# Why a deal is refused.
ACTIONS_DONT_ADD_UP: Final = "actions_dont_add_up"  # an amount the stack, the bet to match or the betting round forbids
OUT_OF_TURN: Final = "out_of_turn"  # a player speaks when another is to act or no one is (or the deal stops short)
POT_MISMATCH: Final = "pot_mismatch"  # the room's pots are not the ones the actions make, or do not add up
BAD_DEAL: Final = "bad_deal"  # the deal itself: an unknown player, a card twice, a negative stack, misplaced blinds
CODES: Final = (ACTIONS_DONT_ADD_UP, OUT_OF_TURN, POT_MISMATCH, BAD_DEAL)

# What the reconciliation reports without refusing.
RAKE_DECLARED: Final = "rake_declared"
RAKE_ABOVE_LEGAL: Final = "rake_above_legal"
DROP_DECLARED: Final = "drop_declared"
WINS: Final = "wins"
RAISE_SIZE: Final = "raise_size"
BLINDS: Final = "blinds"
OPTION: Final = "option"  # an option (a straddle) posted where the session allows none

# How a jackpot's increment is taken when a deal has side pots: the house rules' choice. The progressive's (LU RGD 1979
# art. 49-9 al. 3): once on the whole pot, on the main pot only, or on each pot. The bad beat's one increment on the
# whole pot (art. 49-13 al. 4, « globalement le pot ») is taken from the pots in proportion, or from the main pot first.
WHOLE: Final = "pot_entier"
MAIN: Final = "pot_principal"
EACH: Final = "chaque_pot"
PROGRESSIVE_POTS: Final = (WHOLE, MAIN, EACH)
PRORATA: Final = "prorata"
MAIN_FIRST: Final = "pot_principal_d_abord"
BAD_BEAT_POTS: Final = (PRORATA, MAIN_FIRST)

# What a pot shared equally leaves over in whole chips: all of it to the winner nearest the button (LU RGD 1979
# art. 49-5, « le reliquat éventuel insécable de ce partage allant au joueur situé au plus près du bouton »), or a chip
# at a time to the winners from the button's left (where no text says, as ROPTA §10.8 does).
NEAREST: Final = "au_plus_pres"
ONE_EACH: Final = "un_par_un"


@dataclass(frozen=True, slots=True)
class JackpotRule:
    """A jackpot's increment as the casino's internal rules set it (LU RGD 1979 art. 49-9 al. 2-3, 49-13): a fixed
    amount (`value` in minor units) or a percentage of the pot after the rake (`value` in per cent), rounded as
    declared (a key of games.poker.jackpots.ROUNDINGS); a pot below `minimum_pot` after the rake gives nothing."""

    kind: str  # "fixe" or "pourcentage"
    value: Decimal
    rounding: str
    minimum_pot: int = 0

    def __reduce__(self):
        return rebuilt(self)


@dataclass(frozen=True, slots=True)
class Rules:
    """What a room settles its pots by. `rate` is the rake the room applies, `cap` the house's limit on a deal's whole
    rake, `legal_rate` the law's limit on the rake (QC RJC art. 67.108: 10 % of the game's pot; None where the law
    sets none). Luxembourg retains on each pot (art. 49-1, 49-5), Québec on the whole « cagnotte » of the game
    (`per_pot` False). The rake rounds down to the smallest chip; odd chips are whole chips."""

    rate: Decimal
    cap: int | None = None
    legal_rate: Decimal | None = None
    per_pot: bool = True
    chip: int = 1
    progressive: JackpotRule | None = None
    bad_beat: JackpotRule | None = None
    hilo: bool = False  # Omaha high-low 8 or better: each pot split between the best high and the best low hand
    progressive_pots: str = WHOLE  # the house rules' side-pot method for the progressive (art. 49-9 al. 3)
    bad_beat_pots: str = PRORATA  # which pots give the bad beat's one increment (art. 49-13 al. 2 and 4)
    # the jurisdiction's least bet and raise (LU art. 49-1 « au moins égale à la big blind », 49-4, 49-8 « au minimum
    # du double de la dernière relance »); False where its texts set none (QC RJC art. 67.88 16°: any higher bet)
    raise_minimums: bool = True
    odd_chips: str = ONE_EACH  # who takes what a split pot leaves over (NEAREST, ONE_EACH)
    no_flop_no_drop: bool = False  # the house's schedule: no rake on a deal that ends before the flop is dealt
    straddle_allowed: bool = True  # the session lets the third player post an option (a straddle); else reported

    def __reduce__(self):
        return rebuilt(self)


class HandError(ValueError):
    """A deal refused: `code` says why, the messages say it to people, `action` is the index in Hand.actions of the
    action that fails (None when the fault is not one action's), `field` the deal's part at fault when it is not an
    action (its game, seats, cards, board, cash-outs, pots), for an importer to name it."""

    def __init__(self, code: str, message_fr: str, message_en: str, action: int | None = None, field: str = ""):
        super().__init__(f"{message_fr} / {message_en}")
        self.code, self.message_fr, self.message_en, self.action = code, message_fr, message_en, action
        self.field = field or ("actions" if action is not None else "")


@dataclass(frozen=True, slots=True)
class Irregularity:
    """Something the reconciliation reports without refusing the deal: `amount` is the variance in minor units (0
    where there is none to give), `detail` plain str and int values."""

    code: str
    amount: int
    detail: dict

    def __reduce__(self):
        return rebuilt(self)


class Step(NamedTuple):
    """One line of the deal's replay: an action (its index in Hand.actions), or the start of a street (`action`
    None, kind "street", the board cards it turns), or the uncalled bet given back (`action` None, kind "returned").
    `pot` is every chip in the middle and in front of the players after it, `stack` the player's after it."""

    action: int | None
    street: str
    player: str
    kind: str
    amount: int
    pot: int
    stack: int
    cards: tuple[int, ...] = ()


class PotOutcome(NamedTuple):  # a tuple, not a frozen dataclass: made for every pot of every deal replayed
    """One pot as the engine makes it: its rake and jackpot drops are ours; `wins` are ours when every player who
    can win it has known cards (or one player alone can), else the room's."""

    number: int
    amount: int
    eligible: tuple[str, ...]  # in seat order
    rake: int
    progressive: int
    bad_beat: int
    wins: dict[str, int]
    declared: DeclaredPot | None


class Outcome(NamedTuple):  # a tuple, as PotOutcome
    """A deal replayed and reconciled with what the room declares. `stacks_after` follows the room's settlement, so
    that the chips add up exactly: the stacks before + the cash-outs paid = the stacks after + the declared rake and
    drops + what the room kept of the pots for the players who cashed out."""

    contributions: dict[str, int]  # what each player put in, the uncalled bet given back excluded
    returned: dict[str, int]  # the uncalled bets given back (never raked)
    pots: tuple[PotOutcome, ...]
    rake: int
    progressive: int
    bad_beat: int
    declared_rake: int
    declared_progressive: int
    declared_bad_beat: int
    legal_max_rake: int | None
    stacks_after: dict[str, int]
    irregularities: tuple[Irregularity, ...]
    steps: tuple[Step, ...]
    cashed_out: int  # what the room paid the players who cashed out (Hand.cash_outs)
    cash_out_fees: int  # and the fees it kept on them
    kept: int  # what the cards gave those players and the room kept
