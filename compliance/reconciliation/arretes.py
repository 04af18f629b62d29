"""The reconciliation's arrêté findings: every table session and poker séance opened in a period, against the values the
casino filed for its game and in force on its day (registers/arretes, whose control decides), each difference citing
the article that delegates the value to the arrêté. Four queries whatever the period, and one per concept the
jurisdiction delegates; none where its texts delegate nothing."""

import datetime
from decimal import Decimal

from compliance.models import Casino
from registers.arretes import rules, selectors
from registers.arretes.controls import MEASURES, Opened, arrete_problems
from registers.models import PokerSession, TableSession
from registers.money import CENT
from registers.tables.limits import spot_values

from .checks import Found

KIND = "arrete"  # its message: messages.MESSAGES, written from its values by messages.arrete_difference


def _opened(casino: Casino, first: datetime.date, last: datetime.date):
    """(table, session's number, its table session's id or None, what it opened with) of every session of the period."""
    tables = (TableSession.objects.filter(table__casino=casino, gaming_day__range=(first, last))
              .order_by("gaming_day", "table__number", "number")
              .values_list("pk", "table__number", "table__game__key", "gaming_day", "number", "float_amount", "minimum",
                           "maximum", "spots"))
    for pk, table, game, day, number, float_amount, minimum, maximum, spots in tables:  # with each spot's maximum
        yield table, number, pk, Opened(game, day, {"float_amount": float_amount, "minimum": minimum,
                                                     "maximum": maximum, **spot_values(spots)})
    room = (PokerSession.objects.filter(casino=casino, gaming_day__range=(first, last))
            .order_by("gaming_day", "table", "number")
            .values_list("table", "game__key", "gaming_day", "number", "minimum", "rake_rate", "cave", "caisse"))
    for table, game, day, number, minimum, rate, cave, caisse in room:  # a séance's cave and caisse de change: its
        yield table, number, None, Opened(game, day, {"minimum": minimum, "rake_rate": rate * 100,  # opening's
                                                      "cave": cave, "caisse": caisse})


def arrete_findings(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, list[Found]]:
    days = [first + datetime.timedelta(days=offset) for offset in range((last - first).days + 1)]
    delegations = rules.delegations_on(casino.jurisdiction, days)
    if not any(delegations.values()):
        return {}
    in_force, found = selectors.in_force_on(casino, days), {}
    for table, number, session_id, opened in _opened(casino, first, last):
        filed = in_force[opened.day]
        for problem in arrete_problems(opened, delegations[opened.day], filed, currency=casino.currency,
                                       jurisdiction=casino.jurisdiction):
            measure, concept = problem.params["measure"], problem.params["concept"]
            version, observed = filed[concept], Decimal(str(opened.values[MEASURES[measure].field]))
            # in the casino's money, two places, as the carnets spéciaux write a finding's amount
            variance = None if MEASURES[measure].percent else (observed - version.value).quantize(CENT)
            found.setdefault(opened.day, []).append(Found(
                KIND, f"{KIND}:{table}:{number}:{concept}", problem.citation, variance, table, session_id,
                {"table": table, "session": str(number), "measure": measure, "observed": str(observed),
                 "configured": str(version.value), "reference": version.reference,
                 "since": version.effective_from.isoformat(), "currency": casino.currency}))
    return found

