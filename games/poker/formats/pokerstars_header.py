"""The first line of a PokerStars hand, in every form the client has written it: « PokerStars Game #… » (the older
one) and « PokerStars Hand #… », « PokerStars Zoom Hand #… », one or two spaces after the colon, the stakes with or
without their currency (« ($0.01/$0.02) »), the cap of a capped table (« ($0.25/$0.50 - $10 Cap -  USD) ») and our
figures (« - Small blind €x », « - Ante €x », « - Cap €x »), the time in the zone the player chose (ET, CET, WET, PT,
CUST …) and then, in brackets, in Eastern time (« 2012/12/14 7:59:19 CUST [2012/12/13 19:59:19 ET] »).

The bracketed Eastern time is the deal's time and the first one is checked against it: in a zone we know, they must
be the same instant; in one we do not (CUST, a zone of the player's own), a whole number of quarter hours apart, less
than a day. Without brackets the first time is read in its zone, or in `default_tz` when it names none."""

import re
from datetime import datetime, timedelta
from typing import NamedTuple
from zoneinfo import ZoneInfo

from games.poker import hand as h
from games.poker.formats import errors as e

GAMES = {"Hold'em": h.HOLDEM, "Omaha": h.OMAHA, "Omaha Hi/Lo": h.OMAHA_HILO}
VERSIONS = {"No Limit": h.NO_LIMIT, "Pot Limit": h.POT_LIMIT, "Limit": h.LIMIT}
SYMBOLS = {"EUR": "€", "CAD": "$", "USD": "$"}
LUXEMBOURG, TORONTO = ZoneInfo("Europe/Luxembourg"), ZoneInfo("America/Toronto")
_ZONE_NAMES = {"WET": "Europe/Lisbon", "WEST": "Europe/Lisbon", "BST": "Europe/London", "EET": "Europe/Athens",
               "EEST": "Europe/Athens", "MSK": "Europe/Moscow", "AT": "America/Halifax", "AST": "America/Halifax",
               "ADT": "America/Halifax", "NT": "America/St_Johns", "CT": "America/Chicago", "CST": "America/Chicago",
               "CDT": "America/Chicago", "MT": "America/Denver", "MST": "America/Denver", "MDT": "America/Denver",
               "PT": "America/Los_Angeles", "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles",
               "AKT": "America/Anchorage", "HT": "Pacific/Honolulu", "BRT": "America/Sao_Paulo",
               "ART": "America/Argentina/Buenos_Aires", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai",
               "JST": "Asia/Tokyo", "KST": "Asia/Seoul", "AWST": "Australia/Perth", "ACST": "Australia/Adelaide",
               "AET": "Australia/Sydney", "AEST": "Australia/Sydney", "NZT": "Pacific/Auckland"}
# the zone of each abbreviation, and the fold that tells an hour met twice in the autumn apart (the later or not)
ZONES = {"CET": (LUXEMBOURG, 1), "CEST": (LUXEMBOURG, 0), "ET": (TORONTO, 0), "EST": (TORONTO, 1),
         "EDT": (TORONTO, 0), "UTC": (ZoneInfo("UTC"), 0), "GMT": (ZoneInfo("UTC"), 0),
         **{abbreviation: (ZoneInfo(name), 0) for abbreviation, name in _ZONE_NAMES.items()}}
HEADER = re.compile(r"PokerStars (?:Zoom )?(?:Hand|Game) #([^:\s]+): +(Hold'em|Omaha Hi/Lo|Omaha) "
                    r"(No Limit|Pot Limit|Limit) \(([^)]*)\) - (\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})"
                    r"(?: ([A-Z]+))?(?: \[(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ET\])?")
FIGURES = ("Cap", "Ante", "Small blind")
QUARTER = timedelta(minutes=15)


class Header(NamedTuple):
    number: str
    game: str
    version: str
    currency: str
    stakes: tuple[int, int]
    figures: dict[str, int]  # "Cap", "Ante", "Small blind" when the header gives them
    started_at: datetime


def read_header(found: re.Match | None, line: str, default_tz, default_currency: str | None, cents) -> Header:
    """The header line (`found`: HEADER's match of it) read, or e.Malformed naming the field at fault; `cents` reads
    an amount."""
    if not found:
        raise e.Malformed("header", e.MISSING_HEADER, value=line)
    number, game, version, stakes = found.group(1, 2, 3, 4)
    currency, low, high, figures = _stakes(stakes, default_currency, cents)
    return Header(number, GAMES[game], VERSIONS[version], currency, (low, high), figures,
                  _time(found, line, default_tz))


def _stakes(stakes: str, default_currency: str | None, cents) -> tuple[str, int, int, dict[str, int]]:
    """« €1/€2 EUR », « $0.01/$0.02 », « $0.25/$0.50 - $10 Cap -  USD », « €2/€4 EUR - Cap €40 »."""
    parts = [part.strip() for part in stakes.split(" - ")]
    blinds, _, currency = parts[0].partition(" ")
    figures = {}
    for part in parts[1:]:
        what, _, amount = part.rpartition(" ")
        if not what and part.isalpha() and part.isupper():
            currency = part
        elif amount == "Cap" and what:
            figures["Cap"] = cents(what, "cap")
        elif what in FIGURES:
            figures[what] = cents(amount, what.lower())
        else:
            raise e.Malformed("header", e.UNKNOWN_VALUE, value=part, expected=", ".join(FIGURES))
    if not currency:  # a Zoom table's header may give its currency by its symbol alone
        if blinds.startswith("€"):
            currency = "EUR"
        elif blinds.startswith("$"):  # the casino's dollar where it has one
            currency = default_currency if default_currency in ("USD", "CAD") else "USD"
        else:
            raise e.Malformed("currency", e.UNKNOWN_VALUE, value=blinds, expected=", ".join(SYMBOLS))
    if currency not in SYMBOLS:
        raise e.Malformed("currency", e.UNKNOWN_VALUE, value=currency, expected=", ".join(SYMBOLS))
    low, _, high = blinds.partition("/")
    return currency, cents(low, "stakes"), cents(high, "stakes"), figures


def _time(found: re.Match, line: str, default_tz) -> datetime:
    zone = found.group(11)
    if zone is None and default_tz is None:
        raise e.Malformed("date", e.NO_ZONE)
    tz, fold = ZONES.get(zone, (None, 0)) if zone else (default_tz, 0)
    try:
        local = datetime(*map(int, found.group(5, 6, 7, 8, 9, 10)))
        eastern = datetime(*map(int, found.group(12, 13, 14, 15, 16, 17))) if found.group(12) else None
    except ValueError:
        raise e.Malformed("date", e.BAD_DATE, value=line[found.start(5):]) from None
    if eastern is None:
        if tz is None:
            raise e.Malformed("date", e.UNKNOWN_ZONE, value=zone)
        return local.replace(tzinfo=tz, fold=fold)
    # instants as timestamps: two aware datetimes in different zones never compare equal within an hour met twice
    instants = [eastern.replace(tzinfo=TORONTO, fold=one).timestamp() for one in (0, 1)]
    if tz is None:  # a zone we do not know: the Eastern time, a whole number of quarter hours away
        if (local - eastern) % QUARTER or abs(local - eastern) >= timedelta(days=1):
            raise _disagree(local, zone, eastern)
        return eastern.replace(tzinfo=TORONTO)
    for one in (fold, 1 - fold):
        candidate = local.replace(tzinfo=tz, fold=one)
        if candidate.timestamp() in instants:
            return candidate
    raise _disagree(local, zone or str(tz), eastern)


def _disagree(local: datetime, zone: str, eastern: datetime) -> e.Malformed:
    return e.Malformed("date", e.ZONE_DISAGREES, local=f"{local:%Y/%m/%d %H:%M:%S}", zone=zone,
                       eastern=f"{eastern:%Y/%m/%d %H:%M:%S}")
