"""The conditions of posting and withdrawing a notice, pure functions over the casino's board of notices (what it posted
and withdrew, replayed in order): the service refuses with the first problem, the audit (checks.py) asks them again of
every row, the page says with them which notices the casino owes and does not display. The board itself says what
was displayed on any day: a posting from its day, until the day of its withdrawal (withdrawn that day: no longer
displayed)."""

import datetime
import hashlib
import json
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from compliance.problems import Problem

from ..controls import HOUSE_RULE
from ..errors import ErrorCode
from .catalogue import SIZES, Text

PLACE_MAX = 120
TEXT_MAX = 4000
REASON_MAX = 300

NOT_OWED = _("« {notice} » n'est pas requis au casino le {day} : ses textes ne le prévoient pas ce jour-là.")
FUTURE = _("Le {day} est à venir : un affichage ou un retrait s'enregistre le jour où il a lieu, ou après.")
PLACE_REQUIRED = _("L'emplacement de l'affiche est à indiquer (la salle, la table).")
PLACE_TOO_LONG = _("L'emplacement tient en {max} caractères au plus.")
SIZE = _("Le format de l'affiche est A4 ou A3, pas « {size} ».")
TEXT_REQUIRED = _("« {label} » est à écrire : c'est le texte du casino que l'affiche porte.")
TEXT_TOO_LONG = _("« {label} » tient en {max} caractères au plus.")
ALREADY = _("« {notice} » est déjà affiché à l'emplacement « {place} » le {day} (affichage n° {number}) : retirez-le "
            "d'abord pour en afficher une autre version.")
NOT_DISPLAYED = _("L'affichage n° {number} n'est pas affiché : il n'existe pas au casino ou il est déjà retiré.")
BEFORE_POSTING = _("Le retrait du {day} précède l'affichage du {posted} : un avis se retire après avoir été affiché.")
REASON_REQUIRED = _("Le motif du retrait est à indiquer.")
MISSING = _("« {notice} » n'est affiché nulle part le {day}.")
DIGEST = _("Le texte de l'affichage n° {number} ne correspond plus à son empreinte SHA-256 enregistrée.")


@dataclass
class Posted:
    number: int
    kind: str
    place: str
    day: datetime.date
    withdrawn: datetime.date | None = None

    def displayed_on(self, day: datetime.date) -> bool:
        return self.day <= day and (self.withdrawn is None or self.withdrawn > day)


@dataclass
class Board:
    """The casino's postings, each with the day of its withdrawal once withdrawn."""

    postings: dict[int, Posted] = field(default_factory=dict)

    def post(self, number: int, kind: str, place: str, day: datetime.date) -> None:
        self.postings[number] = Posted(number, kind, place, day)

    def withdraw(self, number: int, day: datetime.date) -> None:
        if number in self.postings:
            self.postings[number].withdrawn = day

    def displayed_on(self, day: datetime.date) -> list[Posted]:
        return [posted for posted in self.postings.values() if posted.displayed_on(day)]


@dataclass(frozen=True)
class Posting:
    """A notice proposed for posting: its kind and title, the place, its day, the paper, the casino's texts."""

    kind: str
    title: str
    place: str
    day: datetime.date
    size: str
    texts: dict


@dataclass(frozen=True)
class Withdrawal:
    number: int
    day: datetime.date
    reason: str


def digest(content: dict) -> str:
    """The SHA-256 of a notice's text, over its canonical JSON."""
    return hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
                          .encode()).hexdigest()


def posting_problems(board: Board, proposed: Posting, citation: str | None, texts: tuple[Text, ...],
                     today: datetime.date) -> list[Problem]:
    """A posting: a notice the casino owes on its day (`citation`: the article requiring it, None where its texts do
    not), at a named place, on A4 or A3, not in the future, with every text of the casino it needs, and not already
    displayed at that place."""
    if citation is None:
        return [Problem("kind", NOT_OWED, HOUSE_RULE, ErrorCode.NOT_OFFERED,
                        {"notice": proposed.title, "day": proposed.day})]
    problems = []
    if proposed.day > today:
        problems.append(Problem("day", FUTURE, HOUSE_RULE, ErrorCode.FUTURE_DAY, {"day": proposed.day}))
    place = proposed.place.strip()
    if not place:
        problems.append(Problem("place", PLACE_REQUIRED, citation, ErrorCode.REQUIRED))
    elif len(place) > PLACE_MAX:
        problems.append(Problem("place", PLACE_TOO_LONG, HOUSE_RULE, ErrorCode.TOO_LONG, {"max": PLACE_MAX}))
    if proposed.size not in SIZES:
        problems.append(Problem("size", SIZE, HOUSE_RULE, ErrorCode.INVALID, {"size": proposed.size}))
    for text in texts:
        said = (proposed.texts.get(text.name) or "").strip()
        if text.required and not said:
            problems.append(Problem(text.name, TEXT_REQUIRED, citation, ErrorCode.REQUIRED, {"label": text.label}))
        elif len(said) > TEXT_MAX:
            problems.append(Problem(text.name, TEXT_TOO_LONG, HOUSE_RULE, ErrorCode.TOO_LONG,
                                    {"label": text.label, "max": TEXT_MAX}))
    same = next((posted for posted in board.displayed_on(proposed.day)
                 if posted.kind == proposed.kind and posted.place.casefold() == place.casefold()), None)
    if same is not None:
        problems.append(Problem("place", ALREADY, HOUSE_RULE, ErrorCode.DUPLICATE,
                                {"notice": proposed.title, "place": place, "day": proposed.day,
                                 "number": same.number}))
    return problems


def withdrawal_problems(board: Board, proposed: Withdrawal, today: datetime.date) -> list[Problem]:
    """A withdrawal: of a posting displayed, on or after its day, not in the future, with its reason."""
    posted = board.postings.get(proposed.number)
    if posted is None or posted.withdrawn is not None:
        return [Problem("posting", NOT_DISPLAYED, HOUSE_RULE, ErrorCode.WRONG_STATE, {"number": proposed.number})]
    problems = []
    if proposed.day < posted.day:
        problems.append(Problem("day", BEFORE_POSTING, HOUSE_RULE, ErrorCode.DATES_REVERSED,
                                {"day": proposed.day, "posted": posted.day}))
    if proposed.day > today:
        problems.append(Problem("day", FUTURE, HOUSE_RULE, ErrorCode.FUTURE_DAY, {"day": proposed.day}))
    if not proposed.reason.strip():
        problems.append(Problem("reason", REASON_REQUIRED, HOUSE_RULE, ErrorCode.REQUIRED))
    return problems


def missing_problems(board: Board, owed: dict[str, tuple[str, str]], day: datetime.date) -> list[Problem]:
    """Each notice the casino owes on `day` (`owed`: {kind: (its title, the article requiring it)}) that no posting
    displays that day."""
    displayed = {posted.kind for posted in board.displayed_on(day)}
    return [Problem(kind, MISSING, citation, ErrorCode.REQUIRED, {"notice": title, "day": day})
            for kind, (title, citation) in owed.items() if kind not in displayed]


def content_problems(number: int, content: dict, recorded: str) -> list[Problem]:
    """A posting's text as kept, against the SHA-256 recorded with it."""
    return [] if digest(content) == recorded else [Problem("content", DIGEST, HOUSE_RULE, ErrorCode.INVALID,
                                                           {"number": number})]
