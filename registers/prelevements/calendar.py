"""Working days (« jours ouvrables ») of a jurisdiction: Monday to Friday, less its public holidays as the maintained
`holidays` library keeps them (its calendar named by the jurisdiction's profile, `holidays:`), never a list of ours.
Pure: no database."""

import datetime
from functools import cache

import holidays

from compliance.profiles import profile


@cache
def _calendar(code: str, year: int) -> frozenset[datetime.date]:
    country, _sep, subdivision = code.partition("-")
    return frozenset(holidays.country_holidays(country, subdiv=subdivision or None, years=year))


def public_holiday(code: str, day: datetime.date) -> bool:
    return day in _calendar(code, day.year)


def working_day(code: str, day: datetime.date) -> bool:
    return day.weekday() < 5 and not public_holiday(code, day)


def working_days_after(code: str, day: datetime.date, count: int) -> datetime.date:
    """The `count`-th working day after `day` (`day` itself not counted)."""
    found = day
    while count > 0:
        found += datetime.timedelta(days=1)
        if working_day(code, found):
            count -= 1
    return found


def holidays_of(jurisdiction) -> str:
    """The jurisdiction's public-holiday calendar, as its profile names it."""
    code = profile(jurisdiction).holidays
    if not code:
        raise LookupError(f"le profil de la juridiction {jurisdiction} ne nomme pas son calendrier de jours fériés")
    return code
