"""The rule values and pay tables the return computations apply, read through games.selectors at a date.

No computation opens a rule file: it asks for a value or a table on a day (today unless told) and gets the
version in force that day, as `rule_value_at` gives it. Drafts: a game whose own text is a draft — the Luxembourg
draft RGD (Bataille, Ultimate Texas hold'em, Hold'em poker de casino), the Québec 2007 draft (3-5-7, Boston,
4 Cartes, Fou) — has no rule in force, so its values and tables are read from that draft (`drafts=True`) and cited
as such; every other game (Caraïbes, Pai Gow, Grand prix, Monaco's UTH …) reads only texts in force.

The articles a computation rests on are kept as numbers of the game's own articles and cited from the rule data
(`citations`, `citation`), which knows each article's instrument and says « (projet) » after a draft's.
"""

import datetime
from fractions import Fraction

from django.utils import timezone

from games import selectors
from games.hands.ranking import Ranking
from games.models import Article, Game

READINGS = ("a", "pour")


def day(on: datetime.date | None = None) -> datetime.date:
    return on or timezone.localdate()


def applies_draft(key: str) -> bool:
    """Whether the game a value or a table belongs to (the game key before the value's own name) rests on a draft."""
    return selectors.game_on_draft(key=".".join(key.split(".")[:2]))


def value_at(key: str, on: datetime.date | None = None) -> selectors.RuleValueAt:
    """The value of `key` on `on`, with its citation."""
    return selectors.rule_value_at(jurisdiction=key.split(".")[0].upper(), key=key, on=day(on),
                                   drafts=applies_draft(key))


def value(key: str, on: datetime.date | None = None):
    return value_at(key, on).value


def paytable(key: str, on: datetime.date | None = None) -> dict:
    """The version of pay table `key` applicable on `on`, as `selectors.paytable_data` gives it (lines, citation,
    and the reading its text supports)."""
    return selectors.paytable_at(key=key, on=day(on), drafts=applies_draft(key))


def ranking(game: str, on: datetime.date | None = None) -> Ranking:
    """The hand ranking game `game` (a game key) ranks hands with, as the rule data gives it on `on`
    (`selectors.ranking_at`): the draft gate as for the game's values, its citation « (projet) » where it is one."""
    key = Game.objects.filter(key=game).values_list("ranking__key", flat=True).first()
    return selectors.ranking_at(jurisdiction=game.split(".")[0].upper(), key=key or "", on=day(on),
                                drafts=applies_draft(game)).ranking


def odds(parsed: dict) -> Fraction:
    return Fraction(parsed["numerator"]) / Fraction(parsed["denominator"])


def net_gain(odds_: Fraction, reading: str) -> Fraction:
    """Gain on a winning unit stake: read « a » (net), X/Y is won and the stake returned; read « pour » (total),
    X/Y comes back stake included, so X/Y − 1 is won."""
    if reading not in READINGS:
        raise ValueError(f"lecture inconnue « {reading} » / unknown reading")
    return odds_ if reading == "a" else odds_ - 1


# The other reading of a table whose printed word leaves it open, described where a result reports it as a variant.
OTHER_READING = {"pour": "Autre lecture de « X pour Y » : montant total rendu, mise comprise.",
                 "a": "Autre lecture de « X pour Y » : gain net, mise rendue."}
OTHER_READING_EN = {"pour": "Other reading of « X pour Y »: total returned, stake included.",
                    "a": "Other reading of « X pour Y »: net gain, stake returned."}


def _articles(game: str, numbers) -> list[Article]:
    """The rows of articles `numbers` among those the game's rule file declares (`articles` of
    games/rules/games/<jur>/<game>.yaml), in the order asked."""
    numbers = tuple(numbers)
    found = {a.number: a for a in Article.objects.filter(games__key=game, number__in=numbers)
             .select_related("instrument")}
    missing = [number for number in numbers if number not in found]
    if missing:
        raise LookupError(f"{game} : {', '.join(missing)} hors des articles du jeu / not among the game's articles")
    return [found[number] for number in numbers]


def _cited(label: str, article: Article) -> str:
    """`label` as the rule data cites an article of this instrument: « (projet) » after a draft's."""
    instrument = article.instrument
    return str(selectors.Citation(label, instrument.slug, article.pk, instrument.status))


def citations(game: str, numbers) -> tuple[str, ...]:
    """Each of the game's articles `numbers` ("67.41") cited as the rule data writes it, a draft's with
    « (projet) »: « QC RJC art. 67.41 (projet) »."""
    return tuple(_cited(article.citation(), article) for article in _articles(game, dict.fromkeys(numbers)))


def citation(game: str, *numbers: str) -> str:
    """The game's articles `numbers` cited together, for prose: « QC RJC art. 67.82, 67.85 (projet) »."""
    articles = _articles(game, numbers)
    first = articles[0]
    if any((a.instrument_id, a.role) != (first.instrument_id, first.role) for a in articles):
        raise ValueError(f"{game} : {', '.join(numbers)} ne se citent pas ensemble / cannot be cited together")
    return _cited(", ".join([first.citation(), *(a.number for a in articles[1:])]), first)
