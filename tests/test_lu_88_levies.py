"""The levy book (« carnet de prélèvement »), LU RGD 1979 art. 88, 89-1, 97-1 as the amending draft words them:

art. 88, second sentence (draft): « Le directeur en est constitué comptable à partir de ce moment et les fonds doivent
toujours être mis en réserve pour être payés exactement au receveur des Contributions par un virement bancaire à
indiquer par ce dernier et cela dans un délai maximum de trois jours ouvrables. »
art. 97-1 (draft): « … le carnet de prélèvement … peuvent être tenus et produits sous forme électronique … »

The rates are not in our texts: the manager records them with the act that sets them (« acte cité par le casino »)."""

import datetime
import json
from decimal import Decimal

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from compliance.errors import DomainError
from compliance.hooks import GAMING_REVENUE
from compliance.services import system_user
from registers.chain.services import session_close
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry
from registers.prelevements import calendar, controls, selectors, services
from registers.prelevements.book import amount_text, book_apply
from tests.conftest import make_user

D = datetime.date
HOLIDAY = D(2026, 6, 23)  # the Grand Duke's birthday, the national holiday: a Tuesday
FIGURES: dict[D, dict[str, Decimal]] = {}


def fake_revenue(casino, first, last):
    return {day: dict(sources) for day, sources in FIGURES.items() if first <= day <= last}


@pytest.fixture
def revenue():
    """The families' revenue replaced by the test's own figures (the families' parts are tested on the demo)."""
    saved = list(GAMING_REVENUE)
    GAMING_REVENUE[:] = [fake_revenue]
    FIGURES.clear()
    yield FIGURES
    GAMING_REVENUE[:] = saved


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _parameters(w, effective=None, act="Arrêté ministériel du 2 janvier 2026, réf. 12/2026"):
    effective = effective or D(2026, 1, 1)
    return services.levy_parameters_record(casino=w.c, actor=w.manager_c, effective_from=effective,
                                           rates={"tables": "10", "cagnotte": "10", "machines": "12.5"}, act=act)


def _close(w, *days):
    for day in days:
        session_close(casino=w.c, gaming_day=day, user=w.accountant_c)


def _book(w):
    return selectors.book_of(selectors.register_of(w.c))


# --- working days ---------------------------------------------------------------------------------------------------


def test_lu_88_three_working_days_come_from_the_holidays_library_not_a_list_of_ours():
    code = calendar.holidays_of("LU")
    assert code == "LU" and calendar.public_holiday(code, HOLIDAY) and calendar.public_holiday(code, D(2026, 5, 25))
    assert not calendar.working_day(code, D(2026, 6, 27))  # a Saturday
    # « dans un délai maximum de trois jours ouvrables »: Wednesday 24, Thursday 25, Friday 26
    assert calendar.working_days_after(code, HOLIDAY, 3) == D(2026, 6, 26)
    # Pentecost Monday is not counted: Friday 22 May → Tuesday 26, Wednesday 27, Thursday 28
    assert calendar.working_days_after(code, D(2026, 5, 22), 3) == D(2026, 5, 28)


@pytest.mark.django_db
def test_lu_88_a_transfer_on_the_fourth_working_day_after_a_public_holiday_is_late_on_the_third_it_is_not(
        lu, revenue):
    revenue[HOLIDAY] = {"tables": Decimal("1000.00")}
    revenue[HOLIDAY - datetime.timedelta(days=1)] = {"tables": Decimal("2000.00")}
    _parameters(lu)
    _close(lu, HOLIDAY - datetime.timedelta(days=1), HOLIDAY)
    services.levies_compute(casino=lu.c, month="2026-06", actor=system_user())
    book = _book(lu)
    assert book.days[HOLIDAY].due == D(2026, 6, 26) and book.days[HOLIDAY].set_aside == Decimal("100.00")
    third = services.levy_transfer_record(casino=lu.c, actor=lu.accountant_c, days=[HOLIDAY - datetime.timedelta(
        days=1)], amount="200.00", made_on=D(2026, 6, 25), reference="VIR-1")  # its due: 3rd after Monday 22
    assert json.loads(third.payload)["en_retard"] == []
    on_time = services.levy_transfer_record(casino=lu.c, actor=lu.accountant_c, days=[HOLIDAY], amount="100.00",
                                            made_on=D(2026, 6, 26), reference="VIR-2")
    assert json.loads(on_time.payload)["en_retard"] == [] and _book(lu).days[HOLIDAY].state(D(2026, 7, 1)) == "paid"


@pytest.mark.django_db
def test_lu_88_the_fourth_working_day_is_late_and_the_reconciliation_finds_it(lu, revenue):
    from compliance.reconciliation.levies import LATE, MISSING, levy_findings

    revenue[HOLIDAY] = {"tables": Decimal("1000.00")}
    _parameters(lu)
    _close(lu, HOLIDAY)
    services.levies_compute(casino=lu.c, month="2026-06", actor=system_user())
    missing = levy_findings(lu.c, D(2026, 6, 1), D(2026, 6, 30))
    assert [(day, [f.kind for f in found]) for day, found in missing.items()] == [(D(2026, 6, 26), [MISSING])]
    late = services.levy_transfer_record(casino=lu.c, actor=lu.accountant_c, days=[HOLIDAY], amount="100.00",
                                         made_on=D(2026, 6, 29), reference="VIR-3")
    assert json.loads(late.payload)["en_retard"] == [HOLIDAY.isoformat()]
    assert _book(lu).days[HOLIDAY].state(D(2026, 7, 1)) == "late"
    found = levy_findings(lu.c, D(2026, 6, 1), D(2026, 6, 30))[D(2026, 6, 26)]
    assert [(f.kind, f.amount, f.params["made"]) for f in found] == [(LATE, Decimal("100.00"), "2026-06-29")]
    assert "art. 88" in found[0].citation and "projet" in found[0].citation


@pytest.mark.django_db
def test_lu_88_the_levies_to_transfer_wait_for_the_accounts_with_their_due_date_late_ones_first(lu, revenue):
    """« … payés exactement au receveur des Contributions par un virement bancaire … dans un délai maximum de trois
    jours ouvrables »: the « À faire » list of the accountant and the manager holds each levy not transferred yet,
    with its due date, the one past it first; a transfer takes it off; the regulator reads, it has nothing to do."""
    from compliance.todo import tasks_for

    today = lu.c.today()
    past, yesterday = today - datetime.timedelta(days=12), today - datetime.timedelta(days=1)
    revenue[past] = {"tables": Decimal("1000.00")}
    revenue[yesterday] = {"cagnotte": Decimal("500.00")}
    _parameters(lu)
    _close(lu, past, yesterday)
    for month in sorted({past.strftime("%Y-%m"), yesterday.strftime("%Y-%m")}):
        services.levies_compute(casino=lu.c, month=month, actor=system_user())

    def levies(user):
        return [task for task in tasks_for(user) if task.key.startswith("levy:")]

    overdue, due = levies(lu.accountant_c)
    assert (overdue.due, overdue.severity, due.due, due.severity) == (
        calendar.working_days_after("LU", past, 3), "danger", calendar.working_days_after("LU", yesterday, 3),
        "warning")
    assert "100,00" in overdue.label and "50,00" in due.label and overdue.url.endswith(f"#day-{past.isoformat()}")
    assert str(overdue.due_citation) == "LU RGD 1979 art. 88 deuxième phrase (projet)"
    assert [task.key for task in levies(lu.manager_c)] == [overdue.key, due.key]
    assert levies(lu.regulator_lu) == []
    services.levy_transfer_record(casino=lu.c, actor=lu.accountant_c, days=[past], amount="100.00",
                                  made_on=yesterday, reference="VIR-4")
    assert [task.key for task in levies(lu.accountant_c)] == [due.key]


# --- the parameters: the casino's act, never an article of ours ----------------------------------------------------


@pytest.mark.django_db
def test_lu_88_the_rates_are_the_casinos_recorded_with_the_act_that_sets_them(lu, revenue):
    entry = _parameters(lu)
    payload = json.loads(entry.payload)
    assert payload["taux"] == {"cagnotte": "10", "machines": "12.5", "tables": "10"}
    assert payload["acte"].startswith("Arrêté ministériel") and "art." not in payload["citation"]
    revenue[HOLIDAY] = {"tables": Decimal("1000.00")}
    _close(lu, HOLIDAY)
    (day,) = services.levies_compute(casino=lu.c, month="2026-06", actor=system_user())
    written = json.loads(day.payload)
    assert written["acte"].endswith("(acte cité par le casino)")
    assert written["arrondi"].startswith("Contrôle interne du casino")
    assert written["citation"] == "LU RGD 1979 art. 88 deuxième phrase (projet)"
    assert "97-1" in written["registre"] and "projet" in written["registre"]


@pytest.mark.django_db
@pytest.mark.parametrize(("actor", "rates", "act", "field"), [
    ("accountant_c", {"tables": "10"}, "Arrêté", "actor"),
    ("manager_c", {"tables": "10"}, "", "act"),
    ("manager_c", {"roulette": "10"}, "Arrêté", "rates"),
    ("manager_c", {"tables": "101"}, "Arrêté", "rates"),
    ("manager_c", {}, "Arrêté", "rates"),
])
def test_lu_88_parameters_are_refused_naming_the_field(lu, actor, rates, act, field):
    with pytest.raises(DomainError) as refused:
        services.levy_parameters_record(casino=lu.c, actor=getattr(lu, actor), effective_from=D(2026, 1, 1),
                                        rates=rates, act=act)
    assert refused.value.field == field


@pytest.mark.django_db
def test_lu_88_no_levy_without_parameters_in_force(lu, revenue):
    revenue[HOLIDAY] = {"tables": Decimal("1000.00")}
    _parameters(lu, effective=D(2026, 7, 1))
    _close(lu, HOLIDAY)
    with pytest.raises(DomainError) as refused:
        services.levies_compute(casino=lu.c, month="2026-06", actor=system_user())
    assert refused.value.field == "month" and "23 juin 2026" in str(refused.value)


# --- the computation: idempotent, by the command too ---------------------------------------------------------------


@pytest.mark.django_db
def test_lu_97_1_levies_compute_twice_writes_the_same_book_once(lu, revenue, capsys):
    revenue.update({D(2026, 6, 1): {"tables": Decimal("1500.00"), "cagnotte": Decimal("300.00")},
                    D(2026, 6, 2): {"tables": Decimal("-200.00"), "machines": Decimal("800.00")}})
    _parameters(lu)
    _close(lu, D(2026, 6, 1), D(2026, 6, 2))
    call_command("levies_compute", "--casino", lu.c.code, "--month", "2026-06")
    first = list(Entry.objects.filter(register__kind=RegisterKind.PRELEVEMENTS, kind=EntryKind.LEVY_DAY)
                 .values_list("seq", "payload"))
    call_command("levies_compute", "--casino", lu.c.code, "--month", "2026-06")
    out = capsys.readouterr().out
    assert "2 journée(s) écrite(s)" in out and "0 journée(s) écrite(s)" in out
    assert list(Entry.objects.filter(register__kind=RegisterKind.PRELEVEMENTS, kind=EntryKind.LEVY_DAY)
                .values_list("seq", "payload")) == first
    book = _book(lu)
    # a table at a loss levies nothing (the casino's recorded base), the machines at 12.5 %: 100.00
    assert book.days[D(2026, 6, 2)].levy == {"machines": Decimal("100.00"), "tables": Decimal("0.00")}
    assert book.days[D(2026, 6, 1)].set_aside == Decimal("180.00")
    # a late correction changes a day's figures: levied again, the new entry referring to the former
    revenue[D(2026, 6, 1)]["tables"] = Decimal("1600.00")
    (again,) = services.levies_compute(casino=lu.c, month="2026-06", actor=system_user())
    assert again.refers_to.seq == book.days[D(2026, 6, 1)].seq
    assert _book(lu).days[D(2026, 6, 1)].set_aside == Decimal("190.00")


@pytest.mark.django_db
def test_lu_88_a_transfer_pays_exactly_the_levies_of_its_days(lu, revenue):
    revenue[D(2026, 6, 1)] = {"tables": Decimal("1000.00")}
    _parameters(lu)
    _close(lu, D(2026, 6, 1))
    services.levies_compute(casino=lu.c, month="2026-06", actor=system_user())
    cases = [(dict(amount="99.99"), "amount"), (dict(days=[D(2026, 6, 2)]), "days"),
             (dict(made_on=D(2026, 5, 31)), "made_on"), (dict(reference=""), "reference")]
    for change, field in cases:
        given_ = {"days": [D(2026, 6, 1)], "amount": "100.00", "made_on": D(2026, 6, 2), "reference": "VIR", **change}
        with pytest.raises(DomainError) as refused:
            services.levy_transfer_record(casino=lu.c, actor=lu.accountant_c, **given_)
        assert refused.value.field == field, change
    services.levy_transfer_record(casino=lu.c, actor=lu.accountant_c, days=[D(2026, 6, 1)], amount="100.00",
                                  made_on=D(2026, 6, 2), reference="VIR")
    with pytest.raises(DomainError) as twice:
        services.levy_transfer_record(casino=lu.c, actor=lu.accountant_c, days=[D(2026, 6, 1)], amount="100.00",
                                      made_on=D(2026, 6, 2), reference="VIR")
    assert twice.value.field == "days"


@pytest.mark.django_db
def test_lu_97_1_the_audit_replays_the_book_and_finds_a_levy_written_past_the_service(lu, revenue):
    from registers.chain.services import entry_append, register_for

    revenue[D(2026, 6, 1)] = {"tables": Decimal("1000.00")}
    _parameters(lu)
    _close(lu, D(2026, 6, 1), D(2026, 6, 2))
    services.levies_compute(casino=lu.c, month="2026-06", actor=system_user())
    services.levy_transfer_record(casino=lu.c, actor=lu.accountant_c, days=[D(2026, 6, 1)], amount="100.00",
                                  made_on=D(2026, 6, 3), reference="VIR")
    (clean,) = audit(casino_code=lu.c.code, kind=RegisterKind.PRELEVEMENTS)
    assert clean.entries >= 3 and clean.invalid == []
    payload = json.loads(Entry.objects.filter(register__casino=lu.c, kind=EntryKind.LEVY_DAY,
                                           gaming_day=D(2026, 6, 1)).get().payload)
    payload["mis_en_reserve"] = "50.00"  # half the levy set aside
    entry_append(register=register_for(casino=lu.c, kind=RegisterKind.PRELEVEMENTS), kind=EntryKind.LEVY_DAY,
                 gaming_day=D(2026, 6, 2), actor=system_user(), payload=payload)
    (found,) = audit(casino_code=lu.c.code, kind=RegisterKind.PRELEVEMENTS)
    text = " ".join(str(problem) for finding in found.invalid for problem in finding.problems)
    assert "mis en réserve (50,00" in text and "art. 88" in text, text


# --- properties: money added up -----------------------------------------------------------------------------------

amounts = st.decimals(min_value=Decimal("-99999.99"), max_value=Decimal("999999.99"), places=2)
sources = st.sampled_from(sorted(controls.SOURCES))
days = st.dates(min_value=D(2026, 1, 1), max_value=D(2026, 1, 31))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.dictionaries(days, st.dictionaries(sources, amounts, min_size=1), max_size=6), max_size=4))
def test_lu_88_revenue_per_source_sums_to_the_day(parts):
    """Whatever each family gives, a day's revenue by source adds up to all the families' parts of that day."""
    saved = list(GAMING_REVENUE)
    GAMING_REVENUE[:] = [lambda casino, first, last, part=part: part for part in parts]
    try:
        found = selectors.revenue(None, D(2026, 1, 1), D(2026, 1, 31))
    finally:
        GAMING_REVENUE[:] = saved
    for day in {day for part in parts for day in part}:
        expected = sum((amount for part in parts for amount in part.get(day, {}).values()), Decimal(0))
        assert sum(found[day].values(), Decimal(0)) == expected
        for source in found[day]:
            assert found[day][source] == sum((part.get(day, {}).get(source, Decimal(0)) for part in parts), Decimal(0))


rates = st.decimals(min_value=Decimal(0), max_value=Decimal(100), places=2)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(days, st.dictionaries(sources, amounts, min_size=1), min_size=1, max_size=10),
       st.dictionaries(sources, rates, min_size=1), st.data())
def test_lu_88_levies_and_funds_set_aside_balance_with_the_transfers(revenue_by_day, rates_by_source, data):
    """« les fonds doivent toujours être mis en réserve pour être payés exactement au receveur »: whatever the days
    and the transfers, what was set aside is what the transfers paid plus what is still to pay, each transfer paying
    its days' levies exactly; each levy is within half a cent per source of rate × revenue."""
    book, parameters, seq = controls.Book(), controls.Parameters(1, D(2026, 1, 1), rates_by_source, controls.DAILY,
                                                                 "Acte"), 1
    book.parameters.append(parameters)
    for day, revenue_of in sorted(revenue_by_day.items()):
        seq += 1
        levy = controls.levy_of(revenue_of, parameters)
        exact = sum((max(v, Decimal(0)) * rates_by_source.get(s, Decimal(0)) / 100
                     for s, v in revenue_of.items()), Decimal(0))
        assert abs(sum(levy.values(), Decimal(0)) - exact) <= Decimal("0.005") * len(levy)
        total = sum(levy.values(), Decimal(0))
        book_apply(book, EntryKind.LEVY_DAY, seq, day, {
            "produit": {s: amount_text(v) for s, v in revenue_of.items()},
            "prelevement": {s: amount_text(v) for s, v in levy.items()}, "mis_en_reserve": amount_text(total),
            "echeance": calendar.working_days_after("LU", day, 3).isoformat(), "parametres": 1})
    levied = sorted(book.days)
    groups = data.draw(st.lists(st.sampled_from(levied), unique=True))
    for day in groups:
        proposed = controls.Transfer((day,), book.days[day].set_aside, D(2026, 2, 10), "VIR")
        problems = controls.transfer_problems(book, proposed, today=D(2026, 3, 1), citation="art. 88", money=str)
        if book.days[day].set_aside == 0:
            continue
        assert problems == []
        wrong = controls.Transfer((day,), book.days[day].set_aside + Decimal("0.01"), D(2026, 2, 10), "VIR")
        assert [p.field for p in controls.transfer_problems(book, wrong, today=D(2026, 3, 1), citation="art. 88",
                                                             money=str)] == ["amount"]
        seq += 1
        book_apply(book, EntryKind.LEVY_TRANSFER, seq, D(2026, 2, 10), {
            "journees": [day.isoformat()], "montant": amount_text(proposed.amount), "fait_le": "2026-02-10",
            "reference": "VIR"})
    set_aside = sum((levied.set_aside for levied in book.days.values()), Decimal(0))
    transferred = sum((transfer.amount for transfer in book.transfers.values()), Decimal(0))
    unpaid = sum((levied.set_aside for levied in book.days.values() if levied.paid_by is None), Decimal(0))
    assert set_aside == transferred + unpaid
    assert all(levied.set_aside == levied.total_levy for levied in book.days.values())


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(days, st.dictionaries(sources, amounts, min_size=1), min_size=1, max_size=8),
       st.dictionaries(sources, rates, min_size=1), st.data())
def test_lu_88_the_signed_books_totals_balance_whatever_the_days_and_transfers(revenue_by_day, rates_by_source, data):
    """The monthly book as signed (registers/prelevements/report.py): the revenue by source adds up to the month's,
    the levies to the funds set aside (« les fonds doivent toujours être mis en réserve »), these to what the
    transfers paid plus what is left to pay (« pour être payés exactement au receveur des Contributions »), a transfer
    made after its due date marked late, whatever the days, the rates and the transfers grouping the days."""
    from registers.prelevements import report

    book = controls.Book()
    book.parameters.append(controls.Parameters(1, D(2026, 1, 1), rates_by_source, controls.DAILY, "Acte"))
    for seq, (day, revenue_of) in enumerate(sorted(revenue_by_day.items()), start=2):
        levy = controls.levy_of(revenue_of, book.parameters[0])
        book_apply(book, EntryKind.LEVY_DAY, seq, day, {
            "produit": {s: amount_text(v) for s, v in revenue_of.items()},
            "prelevement": {s: amount_text(v) for s, v in levy.items()},
            "mis_en_reserve": amount_text(sum(levy.values(), Decimal(0))),
            "echeance": calendar.working_days_after("LU", day, 3).isoformat(), "parametres": 1})
    owed = [day for day in sorted(book.days) if book.days[day].set_aside > 0]
    paid = data.draw(st.lists(st.sampled_from(owed), unique=True)) if owed else []
    groups = [paid[index:index + 2] for index in range(0, len(paid), 2)]  # a transfer pays one day or two
    for seq, group in enumerate(groups, start=100):
        made_on = max(book.days[day].due for day in group) + datetime.timedelta(days=data.draw(st.integers(-2, 3)))
        made_on = max(made_on, max(group))
        book_apply(book, EntryKind.LEVY_TRANSFER, seq, made_on, {
            "journees": [day.isoformat() for day in group], "fait_le": made_on.isoformat(), "reference": "VIR",
            "montant": amount_text(sum((book.days[day].set_aside for day in group), Decimal(0)))})
    shown = [report._day(book, levied, D(2026, 3, 31)) for levied in sorted(book.days.values(), key=lambda x: x.day)]
    transfers = report._transfers(book, set(book.days))
    totals = report._totals(shown, transfers)
    assert totals["balanced"] == {"revenue": True, "levy": True, "transfers": True}
    assert totals["revenue"] == sum((sum(r.values(), Decimal(0)) for r in revenue_by_day.values()), Decimal(0))
    assert totals["set_aside"] == totals["transferred"] + totals["outstanding"]
    for day in shown:
        assert day["late"] == (day["paid_on"] is not None and day["paid_on"] > day["due"]
                               or day["paid_on"] is None and day["due"] < D(2026, 3, 31) and day["set_aside"] > 0)
    assert all(transfer["late"] == any(day["late"] for day in transfer["days"]) for transfer in transfers)
