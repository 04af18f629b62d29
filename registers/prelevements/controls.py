"""The levy book's rules (LU RGD 1979 art. 88, 89-1, 97-1, in the wording of the amending draft as the rule data cites
it) as pure functions over its state: the services refuse with the first problem, the audit (checks.py,
registers_audit) replays the register into the same state and asks the same functions of every entry, the page says
with them what is due and what is late. No database here.

What the texts leave to another act (the rates and the base of the levy) is recorded by the casino's manager with the
reference of that act (`Parameters.act`), shown as « acte cité par le casino », never as an article of ours. Where no
text says how (the rounding, the day the delay starts from), the rule is the casino's own control, cited as such.

    a closed gaming day ─levies_compute→ levied (its levy set aside) ─levy_transfer_record→ paid (on time, or late)
"""

import datetime
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.utils.translation import gettext_lazy as _

from ..controls import HOUSE_RULE, Problem, written
from ..errors import ErrorCode
from . import errors

ZERO, CENT, HUNDRED = Decimal(0), Decimal("0.01"), Decimal(100)
RATE_PLACES = 4
ROUNDING = _("Contrôle interne du casino : prélèvement de chaque source arrondi au cent, la moitié au cent supérieur")
PARAMETERS = _("Contrôle interne du casino : taux et base du prélèvement enregistrés par la direction avec la "
               "référence de l'acte qui les fixe")
DAY_START = _("Contrôle interne du casino : délai compté à partir de la journée de jeu prélevée")
ACT_CITED = _("acte cité par le casino")
# the sources of revenue the families give through compliance.hooks.GAMING_REVENUE (their modules' SOURCE)
SOURCES = {"tables": _("Tables de jeux (résultat)"), "cagnotte": _("Cagnotte du salon de poker"),
           "machines": _("Appareils à sous (cartes de jeu)")}
# a levied day's state (Levied.state) as the page and the signed book say it
PAID_ON_TIME, PAID_LATE = _("Viré à temps"), _("Viré en retard")
OVERDUE, TO_TRANSFER, NOTHING = _("Échéance dépassée, non viré"), _("À virer"), _("Rien à virer")
# the one base Vigie computes: a gaming day's gross revenue, source by source, a source at a loss levying nothing
DAILY = "produit_brut_journalier"
BASES = {DAILY: _("Produit brut des jeux de la journée, par source ; une source en perte ne donne pas de prélèvement")}


@dataclass(frozen=True)
class Parameters:
    """The casino's levy parameters as its manager recorded them: in force from `effective`, a rate (a percentage) per
    source of revenue, the base, and the reference of the act that sets them."""

    seq: int
    effective: datetime.date
    rates: dict[str, Decimal]
    base: str
    act: str


@dataclass
class Levied:
    """A gaming day in the book: its revenue and levy per source, the funds set aside, the due date of its transfer,
    and the transfer that paid it (its n° and day) once recorded."""

    day: datetime.date
    seq: int
    revenue: dict[str, Decimal]
    levy: dict[str, Decimal]
    set_aside: Decimal
    due: datetime.date
    parameters: int
    paid_by: int | None = None
    paid_on: datetime.date | None = None

    @property
    def total_revenue(self) -> Decimal:
        return sum(self.revenue.values(), ZERO)

    @property
    def total_levy(self) -> Decimal:
        return sum(self.levy.values(), ZERO)

    def state(self, today: datetime.date) -> str:
        """« paid » on or before its due date, « late » after it, « overdue » unpaid past it, « due » otherwise;
        « nil » for a day that levies nothing (no transfer to make)."""
        if self.paid_on is None and self.set_aside == ZERO:
            return "nil"
        if self.paid_on is not None:
            return "late" if self.paid_on > self.due else "paid"
        return "overdue" if today > self.due else "due"


@dataclass(frozen=True)
class Transfer:
    days: tuple[datetime.date, ...]
    amount: Decimal
    made_on: datetime.date
    reference: str


@dataclass
class Book:
    """The register as its entries leave it: the parameters recorded, the days levied (the latest computation of
    each), the transfers by n°."""

    parameters: list[Parameters] = field(default_factory=list)
    days: dict[datetime.date, Levied] = field(default_factory=dict)
    transfers: dict[int, Transfer] = field(default_factory=dict)


def rate_of(raw) -> Decimal | None:
    try:
        rate = Decimal(str(raw))
    except (InvalidOperation, ValueError, TypeError):
        return None
    if not rate.is_finite() or rate < ZERO or rate > HUNDRED or -rate.as_tuple().exponent > RATE_PLACES:
        return None
    return rate


def parameters_problems(proposed: Parameters, sources: tuple[str, ...], raw_rates: dict) -> list[Problem]:
    """What the manager records: the act's reference, a known base, at least one rate, each of a known source and a
    percentage from 0 to 100 (`raw_rates`, as given)."""
    control, problems = written(PARAMETERS), []
    if not proposed.act.strip():
        problems.append(Problem("act", errors.ACT_REQUIRED, control, ErrorCode.REQUIRED))
    if proposed.base not in BASES:
        problems.append(Problem("base", errors.UNKNOWN_BASE, control, ErrorCode.INVALID, {"base": proposed.base}))
    if not raw_rates:
        problems.append(Problem("rates", errors.RATES_REQUIRED, control, ErrorCode.REQUIRED))
    for source, raw in raw_rates.items():
        if source not in sources:
            problems.append(Problem("rates", errors.UNKNOWN_SOURCE, control, ErrorCode.INVALID,
                                    {"source": source, "known": ", ".join(sources)}))
        elif rate_of(raw) is None:
            problems.append(Problem("rates", errors.RATE_INVALID, control, ErrorCode.INVALID,
                                    {"source": source, "rate": raw}))
    return problems


def in_force(parameters: list[Parameters], day: datetime.date) -> Parameters | None:
    """The parameters in force on `day`: the latest effective on or before it (the later recorded on a tie)."""
    dated = [item for item in parameters if item.effective <= day]
    return max(dated, key=lambda item: (item.effective, item.seq)) if dated else None


def levy_of(revenue: dict[str, Decimal], parameters: Parameters) -> dict[str, Decimal]:
    """Each source's levy: its revenue (none below zero) times its rate, rounded to the cent, half up (the casino's
    control `ROUNDING`: no text of ours says how). A source without a rate levies nothing."""
    return {source: (max(amount, ZERO) * parameters.rates.get(source, ZERO) / HUNDRED).quantize(
        CENT, rounding=ROUND_HALF_UP) for source, amount in sorted(revenue.items())}


def compute_problems(day: datetime.date, parameters: Parameters | None) -> list[Problem]:
    """A closed day is levied under the parameters in force that day: none is a refusal."""
    if parameters is None:
        return [Problem("month", errors.NO_PARAMETERS, written(PARAMETERS), ErrorCode.REQUIRED, {"day": day})]
    return []


def levied_problems(levied: Levied, parameters: Parameters | None, due: datetime.date, citation: str,
                    money) -> list[Problem]:
    """A day's entry as written against its own figures: the levy its revenue and the parameters in force give, the
    funds set aside equal to it (art. 88: « les fonds doivent toujours être mis en réserve »), its due date."""
    problems = compute_problems(levied.day, parameters)
    if problems:
        return problems
    computed = levy_of(levied.revenue, parameters)
    if computed != levied.levy:
        problems.append(Problem("prelevement", errors.LEVY_MISMATCH, written(ROUNDING), ErrorCode.INVALID,
                                {"written": money(levied.total_levy), "computed": money(sum(computed.values(), ZERO))}))
    if levied.set_aside != levied.total_levy:
        problems.append(Problem("mis_en_reserve", errors.SET_ASIDE_MISMATCH, citation, ErrorCode.INVALID,
                                {"set_aside": money(levied.set_aside), "levy": money(levied.total_levy)}))
    return problems


def due_problems(written_due: datetime.date, computed: datetime.date, count: int, citation: str) -> list[Problem]:
    if written_due != computed:
        return [Problem("echeance", errors.DUE_MISMATCH, citation, ErrorCode.INVALID,
                        {"written": written_due, "computed": computed, "count": count})]
    return []


def transfer_problems(book: Book, proposed: Transfer, *, today: datetime.date, citation: str,
                      money) -> list[Problem]:
    """A transfer to the receveur des Contributions (art. 88: « payés exactement au receveur des Contributions par un
    virement bancaire ») pays days levied and not yet paid, exactly their levies, made on or after the last of them and
    not in the future, with its bank reference. A late transfer is recorded: the reconciliation finds it."""
    problems = []
    if not proposed.reference.strip():
        problems.append(Problem("reference", errors.REFERENCE_REQUIRED, citation, ErrorCode.REQUIRED))
    if not proposed.days:
        return [*problems, Problem("days", errors.DAYS_REQUIRED, citation, ErrorCode.REQUIRED)]
    expected = ZERO
    for day in proposed.days:
        levied = book.days.get(day)
        if levied is None:
            problems.append(Problem("days", errors.DAY_NOT_LEVIED, HOUSE_RULE, ErrorCode.NOTHING_TO_PAY, {"day": day}))
            continue
        if levied.paid_by is not None:
            problems.append(Problem("days", errors.DAY_ALREADY_PAID, citation, ErrorCode.DUPLICATE,
                                    {"day": day, "seq": levied.paid_by}))
        expected += levied.set_aside
    if proposed.made_on > today:
        problems.append(Problem("made_on", errors.PAID_IN_FUTURE, HOUSE_RULE, ErrorCode.FUTURE_DAY,
                                {"made": proposed.made_on}))
    elif proposed.made_on < max(proposed.days):
        problems.append(Problem("made_on", errors.PAID_BEFORE_DAY, HOUSE_RULE, ErrorCode.INVALID,
                                {"made": proposed.made_on, "day": max(proposed.days)}))
    if not problems and proposed.amount != expected:
        problems.append(Problem("amount", errors.AMOUNT_NOT_EXACT, citation, ErrorCode.INVALID,
                                {"expected": money(expected), "given": money(proposed.amount)}))
    return problems


def act_cited(act: str) -> str:
    """The act the casino names, said as the casino's and not as an article of ours."""
    return f"{act} ({written(ACT_CITED)})"


def unpaid_by_due(book: Book, first: datetime.date, last: datetime.date) -> list[Levied]:
    """The days levied whose due date falls between two days and whose transfer was not made by it: made after it
    (late), or not recorded at all (missing); a day that levies nothing owes no transfer."""
    return sorted((levied for levied in book.days.values() if first <= levied.due <= last
                   and levied.set_aside > ZERO and (levied.paid_on is None or levied.paid_on > levied.due)),
                  key=lambda levied: levied.day)
