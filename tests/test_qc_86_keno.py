"""Keno tickets, QC RJC art. 86 as replaced by décret 1675-95 (its art. 23):

« Lorsqu'un billet n'est valide que pour un seul tirage, il doit, s'il est gagnant et s'il est pour un tirage qui a lieu
à minuit ou avant cette heure, être présenté pour paiement avant l'heure de fermeture du casino de la journée qui suit
la journée du tirage; s'il l'est pour un tirage qui a lieu après minuit, il doit être présenté pour paiement avant
l'heure de fermeture du casino le jour même du tirage. Si un billet valide pour plusieurs tirages est gagnant, il doit
être présenté pour paiement dans les quatre-vingt-dix jours de la date du dernier tirage. Le paiement se fait au
détenteur du billet gagnant valide. »

The casino's closing hour is not in our texts: its manager records it with its reference. How a closing after
midnight counts is Vigie's reading (games/rules/ambiguities.yaml, qc.keno.heure_de_fermeture)."""

import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from compliance.errors import DomainError
from compliance.todo import tasks_for
from registers.chain.services import entry_append, register_for
from registers.keno import controls, selectors, services
from registers.keno.controls import Closing, Delays, Draw, Keno, Ticket
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from tests.conftest import api_client_for

ZONE = ZoneInfo("America/Toronto")
DELAYS = Delays(1, 0, 90, "QC RJC art. 86")
NIGHT = Closing(1, datetime.date(2026, 1, 1), datetime.time(3, 0), True, "Heures d'exploitation")
EVENING = Closing(1, datetime.date(2026, 1, 1), datetime.time(23, 0), False, "Heures d'exploitation")
D = datetime.date


def _moment(day: datetime.date, hour: int, minute: int = 0) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(hour, minute), tzinfo=ZONE)


def _state(draws: dict[int, datetime.datetime], tickets: dict[str, tuple[tuple[int, ...], dict[int, str]]],
           closing: Closing = NIGHT) -> Keno:
    """A register as its entries would leave it: the closing hour, the draws, each ticket with what it won."""
    keno = Keno(closings=[closing])
    for number, drawn in draws.items():
        keno.draws[number] = Draw(number, number, drawn)
    for seq, (number, (ticket_draws, won)) in enumerate(tickets.items(), start=100):
        first = min(drawn for draw, drawn in draws.items() if draw in ticket_draws)
        keno.tickets[number] = Ticket(number, seq, ticket_draws, Decimal("2.00"), first - datetime.timedelta(hours=1),
                                      {draw: Decimal(amount) for draw, amount in won.items()})
    return keno


def _pay(keno: Keno, number: str, paid: datetime.datetime, delays: Delays = DELAYS) -> list:
    return controls.payment_problems(keno, number, paid, delays, ZONE, paid + datetime.timedelta(days=365))


# --- the window, on the controls -------------------------------------------------------------------------------------


def test_qc_86_midnight_itself_is_a_draw_at_or_before_midnight_and_an_evening_casino_has_no_night():
    """« à minuit ou avant cette heure »: a draw at 00:00 closes the journée that midnight ends; a casino closing at
    23:00 has no draw « après minuit » of its own night: a 01:30 draw is paid before the next day's closing."""
    keno = _state({1: _moment(D(2026, 3, 10), 0, 0)}, {"M": ((1,), {1: "10.00"})})
    assert controls.deadline_of(keno.tickets["M"], keno, DELAYS, ZONE).moment == _moment(D(2026, 3, 11), 3)
    evening = _state({1: _moment(D(2026, 3, 10), 1, 30)}, {"E": ((1,), {1: "10.00"})}, EVENING)
    assert controls.deadline_of(evening.tickets["E"], evening, DELAYS, ZONE).moment == _moment(D(2026, 3, 11), 23)


def test_qc_86_a_multi_draw_ticket_is_paid_within_ninety_days_of_its_last_draw_not_after():
    """« dans les quatre-vingt-dix jours de la date du dernier tirage »: the last draw on 10 January, the ticket is
    paid up to 10 April included (ninety calendar days), refused on 11 April; a value of 91 would take the 11th."""
    keno = _state({1: _moment(D(2026, 1, 10), 21), 2: _moment(D(2026, 1, 10), 22)},
                  {"P": ((1, 2), {1: "5.00", 2: "7.50"})})
    assert _pay(keno, "P", _moment(D(2026, 4, 10), 23, 59)) == []
    late = _pay(keno, "P", _moment(D(2026, 4, 11), 0, 0))
    assert [(p.field, p.code, p.citation) for p in late] == [("paid_at", "deadline_passed", "QC RJC art. 86")]
    assert "10 avril 2026" in late[0].text() and "quatre-vingt-dix" in late[0].text()
    assert _pay(keno, "P", _moment(D(2026, 4, 11), 0, 0), Delays(1, 0, 91, "QC RJC art. 86")) == []


def _oracle(drawn: datetime.datetime, closing: Closing) -> datetime.datetime:
    """Art. 86 said another way (the reading of games/rules/ambiguities.yaml): a single-draw ticket is payable until
    the closing that ends the casino's operating day after the draw's own. The draw's operating day is the day before
    its date for a draw at midnight or in the night before the closing of a casino open past midnight."""
    night = drawn.time() == datetime.time(0) or (closing.next_day and drawn.time() < closing.hour)
    own = drawn.date() - datetime.timedelta(days=1) if night else drawn.date()
    ends = own + datetime.timedelta(days=2 if closing.next_day else 1)
    return datetime.datetime.combine(ends, closing.hour, tzinfo=ZONE)


@given(day=st.dates(D(2026, 1, 1), D(2027, 12, 31)), minute=st.integers(0, 24 * 60 - 1),
       closing_minute=st.integers(0, 24 * 60 - 1), next_day=st.booleans(), after=st.integers(0, 4 * 24 * 60))
def test_qc_86_for_any_draw_time_and_closing_hour_a_payment_is_accepted_iff_before_the_deadline(
        day, minute, closing_minute, next_day, after):
    """« avant l'heure de fermeture du casino de la journée qui suit la journée du tirage » / « le jour même du
    tirage » after midnight: whatever the draw's time and the casino's closing hour, a winning single-draw ticket
    presented after its draw is paid if and only if it comes before the closing the article names."""
    closing = Closing(1, D(2026, 1, 1), datetime.time(closing_minute // 60, closing_minute % 60), next_day, "réf.")
    drawn = _moment(day, minute // 60, minute % 60)
    keno = _state({1: drawn}, {"T": ((1,), {1: "20.00"})}, closing)
    paid = drawn + datetime.timedelta(minutes=after)
    problems = _pay(keno, "T", paid)
    assert (problems == []) == (paid < _oracle(drawn, closing)), (drawn, closing, paid, problems)
    assert all(problem.code == "deadline_passed" for problem in problems)


@given(day=st.dates(D(2026, 1, 1), D(2027, 12, 31)), first=st.integers(0, 24 * 60 - 1), later=st.integers(0, 2880),
       closing_minute=st.integers(1, 24 * 60 - 1), next_day=st.booleans())
def test_qc_86_a_later_draw_never_has_an_earlier_deadline_and_every_deadline_follows_its_draw(
        day, first, later, closing_minute, next_day):
    """The two cases of art. 86 meet at midnight: a draw at 23:59, at midnight or just after it, in the same night, is
    paid until the same closing; no draw's deadline comes before the draw."""
    closing = Closing(1, D(2026, 1, 1), datetime.time(closing_minute // 60, closing_minute % 60), next_day, "réf.")
    one = _moment(day, first // 60, first % 60)
    two = one + datetime.timedelta(minutes=later)
    keno = _state({1: one, 2: two}, {"A": ((1,), {1: "1.00"}), "B": ((2,), {2: "1.00"})}, closing)
    first_deadline = controls.deadline_of(keno.tickets["A"], keno, DELAYS, ZONE).moment
    second_deadline = controls.deadline_of(keno.tickets["B"], keno, DELAYS, ZONE).moment
    assert first_deadline <= second_deadline and first_deadline > one


# --- through the services --------------------------------------------------------------------------------------------


@pytest.fixture
def keno(world, rules):
    """Casino A (Québec) with its closing hour: 03:00, the morning after its journée."""
    w = world
    w.today = w.a.today()
    services.keno_closing_record(casino=w.a, actor=w.manager_a, effective_from=w.today - datetime.timedelta(days=5),
                                 hour="03:00", next_day=True, reference="Heures d'exploitation du casino, 2026")
    return w


def _at(w, days_back: int, hour: int, minute: int = 0) -> datetime.datetime:
    return datetime.datetime.combine(w.today - datetime.timedelta(days=days_back), datetime.time(hour, minute),
                                     tzinfo=ZONE)


def _sell(w, number, draws, sold, actor=None):
    return services.keno_ticket_issue(casino=w.a, actor=actor or w.accountant_a, number=number, draws=draws,
                                      stake="2.00", currency="CAD", issued_at=sold)


def _draw(w, number, drawn, winners):
    return services.keno_draw_record(casino=w.a, actor=w.accountant_a, number=number, drawn_at=drawn,
                                     winners=winners, currency="CAD")


def _refused(w, number, paid) -> DomainError:
    with pytest.raises(DomainError) as refused:
        services.keno_ticket_pay(casino=w.a, actor=w.accountant_a, number=number, paid_at=paid)
    return refused.value


def test_qc_86_a_single_draw_before_midnight_is_paid_before_the_closing_of_the_next_journee(keno):
    """« s'il est pour un tirage qui a lieu à minuit ou avant cette heure, être présenté pour paiement avant l'heure de
    fermeture du casino de la journée qui suit la journée du tirage »: drawn at 21:00 three days ago, the casino
    closing at 03:00 the morning after its journée, the ticket is paid at 02:59 two nights later, refused at 03:00."""
    w = keno
    for number in ("A-1", "A-2"):
        _sell(w, number, [7], _at(w, 3, 20))
    _draw(w, 7, _at(w, 3, 21), {"A-1": "40.00", "A-2": "40.00"})
    paid = services.keno_ticket_pay(casino=w.a, actor=w.accountant_a, number="A-1", paid_at=_at(w, 1, 2, 59))
    assert paid.kind == EntryKind.KENO_PAID and '"montant":"40.00"' in paid.payload.replace(" ", "")
    refused = _refused(w, "A-2", _at(w, 1, 3, 0))
    assert refused.code == "deadline_passed" and refused.field == "paid_at"
    assert "(QC RJC art. 86)" in str(refused.message) and "présenté trop tard" in str(refused.message)


def test_qc_86_a_single_draw_after_midnight_is_paid_before_the_closing_the_same_day(keno):
    """« s'il l'est pour un tirage qui a lieu après minuit, il doit être présenté pour paiement avant l'heure de
    fermeture du casino le jour même du tirage »: drawn at 01:30 two days ago, in the night before the 03:00 closing,
    the ticket is paid before the closing that ends that day's journée, the next morning at 03:00, not after."""
    w = keno
    for number in ("N-1", "N-2"):
        _sell(w, number, [8], _at(w, 2, 1, 0))
    _draw(w, 8, _at(w, 2, 1, 30), {"N-1": "15.00", "N-2": "15.00"})
    services.keno_ticket_pay(casino=w.a, actor=w.accountant_a, number="N-1", paid_at=_at(w, 1, 2, 59))
    assert _refused(w, "N-2", _at(w, 1, 3, 0)).code == "deadline_passed"


def test_qc_86_the_payment_goes_to_the_holder_of_a_valid_winning_ticket_once(keno):
    """« Le paiement se fait au détenteur du billet gagnant valide »: a ticket that won nothing, a ticket whose draw is
    to come, an unknown ticket and a ticket already paid are refused; a multi-draw ticket is paid the total of its
    draws, within its ninety days."""
    w = keno
    _sell(w, "L-1", [9], _at(w, 0, 0, 1) - datetime.timedelta(hours=3))
    _sell(w, "M-1", [9, 10], _at(w, 0, 0, 1) - datetime.timedelta(hours=3))
    _draw(w, 9, _at(w, 0, 0, 1) - datetime.timedelta(hours=2), {"M-1": "6.00"})
    assert _refused(w, "L-1", None).code == "nothing_to_pay"
    assert _refused(w, "M-1", None).code == "wrong_state"  # its draw n° 10 still to come
    assert _refused(w, "X-404", None).code == "nothing_to_pay"
    _draw(w, 10, _at(w, 0, 0, 1) - datetime.timedelta(hours=1), {"M-1": "4.50"})
    paid = services.keno_ticket_pay(casino=w.a, actor=w.accountant_a, number="M-1")
    assert '"montant":"10.50"' in paid.payload.replace(" ", "")
    assert _refused(w, "M-1", None).code == "duplicate"


def test_qc_86_a_ticket_is_sold_before_its_draws_and_a_draw_pays_only_its_own_tickets(keno):
    """The casino's own control around art. 86: a ticket sold for a draw already recorded, a second record of a draw, a
    winner not valid for the draw are refused, each naming its field."""
    w = keno
    _sell(w, "S-1", [11], _at(w, 0, 0, 1) - datetime.timedelta(hours=3))
    _draw(w, 11, _at(w, 0, 0, 1) - datetime.timedelta(hours=2), {})
    with pytest.raises(DomainError) as sold_late:
        _sell(w, "S-2", [11], _at(w, 0, 0, 1) - datetime.timedelta(hours=1))
    with pytest.raises(DomainError) as twice:
        _draw(w, 11, _at(w, 0, 0, 1) - datetime.timedelta(hours=1), {})
    with pytest.raises(DomainError) as stranger:
        _draw(w, 12, _at(w, 0, 0, 1) - datetime.timedelta(hours=1), {"S-1": "5.00"})
    assert (sold_late.value.field, twice.value.code, stranger.value.field) == ("draws", "duplicate", "winners")


def test_qc_86_the_closing_hour_is_the_casino_s_own_data_recorded_by_its_manager_with_its_reference(world, rules):
    """The closing hour is not in our texts: only the management records it, with the reference where the casino sets
    it; without it, a single draw's deadline cannot be said and its payment is refused."""
    w = world
    with pytest.raises(DomainError) as cashier:
        services.keno_closing_record(casino=w.a, actor=w.accountant_a, effective_from=w.a.today(), hour="03:00",
                                     next_day=True, reference="Heures")
    with pytest.raises(DomainError) as unreferenced:
        services.keno_closing_record(casino=w.a, actor=w.manager_a, effective_from=w.a.today(), hour="03:00",
                                     next_day=True, reference=" ")
    assert (cashier.value.code, unreferenced.value.field) == ("wrong_role", "reference")
    now = datetime.datetime.now(ZONE).replace(second=0, microsecond=0)
    services.keno_ticket_issue(casino=w.a, actor=w.accountant_a, number="C-1", draws=[1], stake="1.00",
                               currency="CAD", issued_at=now - datetime.timedelta(minutes=2))
    services.keno_draw_record(casino=w.a, actor=w.accountant_a, number=1, drawn_at=now - datetime.timedelta(minutes=1),
                              winners={"C-1": "3.00"}, currency="CAD")
    with pytest.raises(DomainError) as no_closing:
        services.keno_ticket_pay(casino=w.a, actor=w.accountant_a, number="C-1")
    assert no_closing.value.code == "required" and "heure de fermeture" in str(no_closing.value.message)
    with pytest.raises(DomainError) as elsewhere:  # Keno is Québec's: casino C (Luxembourg) keeps none
        services.keno_ticket_issue(casino=w.c, actor=w.accountant_c, number="L-1", draws=[1], stake="1.00",
                                   currency="EUR")
    assert elsewhere.value.field == "casino"


def test_qc_86_the_audit_replays_the_register_and_finds_a_payment_written_past_its_deadline(keno):
    """The audit asks every entry the controls the services ask: the register as written passes; a payment written
    past the service, after the closing of the journée following the draw, is found, citing art. 86."""
    w = keno
    _sell(w, "Z-1", [20], _at(w, 3, 20))
    _draw(w, 20, _at(w, 3, 21), {"Z-1": "30.00"})
    (clean,) = audit(casino_code=w.a.code, kind=RegisterKind.KENO)
    assert clean.entries == 3 and clean.invalid == []
    entry_append(register=register_for(casino=w.a, kind=RegisterKind.KENO), kind=EntryKind.KENO_PAID,
                 gaming_day=w.today, actor=w.accountant_a,
                 payload={"billet": "Z-1", "montant": "30.00", "devise": "CAD", "paye_le": _at(w, 0, 0, 1).isoformat(),
                          "echeance": _at(w, 1, 3).isoformat(), "citation": "QC RJC art. 86"})
    (audited,) = audit(casino_code=w.a.code, kind=RegisterKind.KENO)
    found = [problem for finding in audited.invalid for problem in finding.problems]
    assert len(found) == 1 and found[0].citation == "QC RJC art. 86" and "trop tard" in found[0].fr, found


def test_qc_86_unpaid_winning_tickets_are_listed_at_their_deadline_on_the_page_and_the_cashier_s_todo(keno, client):
    """Each winning ticket not paid is listed under its deadline: one still payable on the page and on the cashier's
    « À faire » with its deadline and art. 86; one past its deadline « échu sans paiement » on the page."""
    w = keno
    now = datetime.datetime.now(ZONE).replace(second=0, microsecond=0)
    _sell(w, "U-1", [30], _at(w, 3, 20))
    _sell(w, "U-2", [31], now - datetime.timedelta(minutes=20))
    _draw(w, 30, _at(w, 3, 21), {"U-1": "25.00"})
    _draw(w, 31, now - datetime.timedelta(minutes=10), {"U-2": "80.00"})
    tasks = [task for task in tasks_for(w.accountant_a) if task.key.startswith("keno:")]
    assert [(task.key, task.due_citation) for task in tasks] == [(f"keno:{w.a.pk}:U-2", "QC RJC art. 86")]
    assert tasks[0].due >= w.today and tasks[0].url.endswith("#billet-U-2")
    client.force_login(w.accountant_a)
    page = client.get(reverse("keno", kwargs={"casino": w.a.code})).content.decode()
    assert 'data-testid="unpaid-U-1"' in page and 'data-testid="unpaid-U-2"' in page
    assert "Échu sans paiement" in page and "QC RJC art. 86" in page
    unpaid = selectors.unpaid(w.a, selectors.keno_of(selectors.register_of(w.a)))
    assert [item.ticket.number for item in unpaid] == ["U-1", "U-2"]


def test_qc_86_the_api_sells_records_a_draw_and_pays_refusing_a_late_payment_and_another_casino(keno):
    w = keno
    api = api_client_for(w.accountant_a)
    base = f"/api/v1/registers/{w.a.code}/keno"
    sold = api.post(f"{base}/tickets/", {"number": "API-1", "draws": [40], "stake": "2.00", "currency": "CAD",
                                         "issued_at": _at(w, 3, 20).isoformat()}, format="json")
    api.post(f"{base}/tickets/", {"number": "API-2", "draws": [40], "stake": "2.00", "currency": "CAD",
                                  "issued_at": _at(w, 3, 20).isoformat()}, format="json")
    drawn = api.post(f"{base}/draws/", {"number": 40, "drawn_at": _at(w, 3, 21).isoformat(), "currency": "CAD",
                                        "winners": {"API-1": "12.00", "API-2": "12.00"}}, format="json")
    paid = api.post(f"{base}/payments/", {"number": "API-1", "paid_at": _at(w, 2, 12).isoformat()}, format="json")
    late = api.post(f"{base}/payments/", {"number": "API-2"}, format="json")
    assert (sold.status_code, drawn.status_code, paid.status_code) == (201, 201, 201)
    assert late.status_code == 400 and late.json()["code"] == "deadline_passed"
    state = {row["number"]: row["state"] for row in api.get(f"{base}/").json()["tickets"]}
    assert state == {"API-1": "paid", "API-2": "expired"}
    assert api_client_for(w.accountant_b).get(f"/api/v1/registers/{w.a.code}/keno/").status_code == 404
    assert api_client_for(w.regulator_qc).post(f"{base}/payments/", {"number": "API-2"},
                                               format="json").status_code == 403


def test_qc_86_the_demo_shows_lac_bleu_s_tickets_paid_in_time_one_refused_late_and_one_waiting(demo, rules):
    from compliance.models import Casino, User

    casino = Casino.objects.get(code="lac-bleu")
    keno = selectors.keno_of(selectors.register_of(casino))
    paid = {number for number, ticket in keno.tickets.items() if ticket.paid_seq is not None}
    assert paid == {"K-1001", "K-1002"}
    unpaid = {item.ticket.number: item for item in selectors.unpaid(casino, keno)}
    now = datetime.datetime.now(ZONE)
    assert unpaid["K-1003"].passed(now) and not unpaid["K-2001"].passed(now)
    keys = {task.key for task in tasks_for(User.objects.get(username="qc.caissier"))}
    assert f"keno:{casino.pk}:K-2001" in keys and f"keno:{casino.pk}:K-1003" not in keys
    (audited,) = audit(casino_code="lac-bleu", kind=RegisterKind.KENO)
    assert audited.invalid == [], [str(p) for finding in audited.invalid for p in finding.problems]
