"""What each jurisdiction's rules are called and what applies there, read from its profile in the rule data
(games/rules/profiles/<code>.yaml, validated with every rule file by games.rules.validate and loaded by rules_load).

The code never writes a jurisdiction's rule key (« lu.… ») nor branches on a jurisdiction's code: it asks for a
concept (`concept(casino.jurisdiction, "carte_de_jeu.plafond_nominative")` → the key that jurisdiction's texts give
it), whether a feature applies (`applies(jurisdiction, "cartes")`), or which game an engine computes
(`engine_games("bataille")`). A fourth jurisdiction is a fourth profile. The profiles are read from the files once
per process, as the code itself: neither changes under a running process.
"""

import datetime
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

# read without Django's settings: the pure evaluators (games.hands) ask for their rankings too
PROFILES_DIR = Path(__file__).resolve().parent.parent / "games" / "rules" / "profiles"


class ConceptMissing(LookupError):
    """A concept the jurisdiction's profile does not map: its texts have no such rule."""

    def __init__(self, code: str | None, name: str):
        self.code, self.name = code, name
        super().__init__(f"le profil de la juridiction {code or '—'} n'a pas de concept « {name} »")


@dataclass(frozen=True)
class Profile:
    code: str
    concepts: dict  # concept → rule key
    features: dict  # feature → {"AAAA-MM-JJ": {"applies": bool, "reference": {…}}}
    engines: dict  # game key → engine name
    holidays: str | None = None  # the holidays library's calendar of its public holidays (« LU », « CA-QC »)

    def applies(self, feature: str, on: datetime.date | None = None) -> bool:
        versions = self.features.get(feature) or {}
        dated = sorted((datetime.date.fromisoformat(day), entry) for day, entry in versions.items())
        if on is not None:
            dated = [(day, entry) for day, entry in dated if day <= on]
        return bool(dated) and bool(dated[-1][1]["applies"])


def _read(path: Path) -> Profile:
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return Profile(data["jurisdiction"], dict(data.get("concepts") or {}), dict(data.get("features") or {}),
                   dict(data.get("engines") or {}), data.get("holidays"))


@cache
def profiles(root: Path = PROFILES_DIR) -> dict[str, Profile]:
    """Every profile, by jurisdiction code."""
    found = (_read(path) for path in sorted(root.glob("*.yaml")))
    return {profile.code: profile for profile in found}


def code_of(jurisdiction) -> str | None:
    """A jurisdiction, its code, or anything holding one (a casino): the code."""
    if jurisdiction is None or isinstance(jurisdiction, str):
        return jurisdiction
    inner = getattr(jurisdiction, "jurisdiction", None)
    return code_of(inner) if inner is not None else getattr(jurisdiction, "code", None)


def profile(jurisdiction) -> Profile:
    code = code_of(jurisdiction)
    return profiles().get(code) or Profile(code or "", {}, {}, {})


def owns(jurisdiction, key: str) -> bool:
    """Whether `key` is one of that jurisdiction's rule keys: the rule data files each under its jurisdiction's folder
    (values/<code>/…), its key's first part (games.rules.validate refuses a key that breaks this)."""
    code = code_of(jurisdiction)
    return code is not None and key.split(".", 1)[0] == code.lower()


def concept_or_none(jurisdiction, name: str) -> str | None:
    """The rule key `name` is in that jurisdiction's texts, or None where they have no such rule."""
    return profile(jurisdiction).concepts.get(name)


def concept(jurisdiction, name: str) -> str:
    """The rule key `name` is in that jurisdiction's texts; ConceptMissing where they have none."""
    key = concept_or_none(jurisdiction, name)
    if key is None:
        raise ConceptMissing(code_of(jurisdiction), name)
    return key


def concepts_under(jurisdiction, prefix: str) -> dict[str, str]:
    """The concepts named `<prefix>.<rest>` in that jurisdiction: {rest: key}, in the profile's order."""
    start = f"{prefix}."
    return {name[len(start):]: key for name, key in profile(jurisdiction).concepts.items() if name.startswith(start)}


def concept_everywhere(name: str) -> dict[str, str]:
    """{code: key} of every jurisdiction that has the concept."""
    return {code: found.concepts[name] for code, found in profiles().items() if name in found.concepts}


def applies(jurisdiction, feature: str, on: datetime.date | None = None) -> bool:
    """Whether `feature` applies in that jurisdiction (on `on`, else as its profile stands last)."""
    return profile(jurisdiction).applies(feature, on)


def feature_codes(feature: str, on: datetime.date | None = None) -> tuple[str, ...]:
    """The jurisdictions where `feature` applies: for a query over several casinos."""
    return tuple(code for code, found in profiles().items() if found.applies(feature, on))


def engine_games(engine: str) -> list[str]:
    """The game keys the engine `engine` computes, every jurisdiction's, in code order."""
    return [game for _code, found in sorted(profiles().items()) for game, name in found.engines.items()
            if name == engine]


def engine_game(engine: str) -> str:
    """The one game the engine computes; LookupError where there are none or several (name the game then)."""
    games = engine_games(engine)
    if len(games) != 1:
        raise LookupError(f"le moteur « {engine} » calcule {len(games)} jeux : nommer le jeu")
    return games[0]


def game_profile(game: str) -> Profile:
    """The profile of the jurisdiction whose engines compute game `game`."""
    found = next((found for found in profiles().values() if game in found.engines), None)
    if found is None:
        raise LookupError(f"aucun profil ne nomme le moteur du jeu « {game} »")
    return found


def hand_ranking(name: str) -> str:
    """The key of the evaluators' ranking `name` (« cinq_cartes », « quatre_cartes » …): the one profile concept
    « mains.<name> » (games.hands evaluates hands by ranking key, whatever the game)."""
    found = set(concept_everywhere(f"mains.{name}").values())
    if len(found) != 1:
        raise LookupError(f"« mains.{name} » : {len(found)} classements dans les profils, un attendu")
    return found.pop()


def game_engine(game: str) -> str | None:
    """The engine that computes game `game`, or None."""
    return next((found.engines[game] for found in profiles().values() if game in found.engines), None)
