"""The cards' work for the « À faire » home: the desks of the caisse spéciale not counted (the cashier), the wins
past a card's cap still to pay by hand and the blocked cards (the management)."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from compliance.errors import DomainError
from compliance.formatting import date, money
from compliance.models import User
from compliance.todo import Task
from games.selectors import rule_values_on

from ..models import CardStatus
from .caisse.selectors import desks_uncounted
from .caisse.services import DESK_RULE, caisse_citation
from .excess import excesses_outstanding
from .ledger import excess_citation
from .selectors import cards_visible


class _Cited:
    """A citation per gaming day, read from the rule data only when an item is shown (the menu's counts never read
    it), and then for all the items' days at once (`many`, one query) or once per day."""

    def __init__(self, casino, one, many=None):
        self.casino, self.one, self.many, self.days, self.found = casino, one, many, set(), None

    def on(self, day: datetime.date):
        self.days.add(day)

        def read() -> str:
            if self.found is None or day not in self.found:
                self.found = {**(self.found or {}), **self._read()}
            return self.found[day]
        return lazy(read, str)()

    def _read(self) -> dict:
        if self.many is not None:
            try:
                return self.many(self.casino, sorted(self.days))
            except DomainError:  # a day the rule data does not cover: each day on its own, the house control there
                pass
        return {day: self.one(self.casino, day) for day in self.days}


def _desk_articles(casino, days) -> dict:
    return {day: str(rule.citation) for day, rule in rule_values_on(
        jurisdiction=casino.jurisdiction, key=DESK_RULE, days=days, drafts=True).items()}


def desks_to_count(user: User) -> list[Task]:
    """The desks that loaded or paid out a card and were not counted, from the casino's filing delay ago to today
    (a count filed later is a late filing)."""
    casino = user.casino
    if casino is None:
        return []
    today = casino.today()
    first = today - datetime.timedelta(days=casino.late_filing_days)
    tasks, cited = [], _Cited(casino, lambda casino, day: caisse_citation(casino, DESK_RULE, day), _desk_articles)
    for day, desk in desks_uncounted(casino, first, today):
        values = {"desk": desk, "day": date(day, jurisdiction=casino.jurisdiction)}
        tasks.append(Task(
            key=f"desk-count:{casino.pk}:{day.isoformat()}:{desk}", group=_("Caisses à compter"),
            label=_("%(desk)s, journée du %(day)s : comptage de clôture") % values,
            url=reverse("cards-caisse-day", kwargs={"day": day.isoformat()}) + "#count",
            section="cards-caisse", casino=casino.name, due=day,
            due_citation=cited.on(day),
            severity="danger" if day < today else "warning"))
    return tasks


def excesses_to_pay(user: User) -> list[Task]:
    casino = user.casino
    if casino is None:
        return []
    tasks, cited = [], _Cited(casino, excess_citation)
    for excess in excesses_outstanding(casino).due:
        amount = money(excess.amount, currency=casino.currency, jurisdiction=casino.jurisdiction)
        day = excess.gaming_day or casino.today()
        tasks.append(Task(
            key=f"card-excess:{casino.pk}:{excess.seq}", group=_("Gains au-delà du plafond à payer manuellement"),
            label=_("%(amount)s sur la carte %(card)s, appareil %(machine)s") % {
                "amount": amount, "card": excess.card, "machine": excess.machine},
            url=reverse("cards-caisse-day", kwargs={"day": day.isoformat()}) + f"#excess-{excess.seq}",
            section="cards-caisse", casino=casino.name, due=excess.gaming_day,
            due_citation=cited.on(day), severity="warning"))
    return tasks


def blocked_cards(user: User) -> list[Task]:
    tasks = []
    for card in cards_visible(user=user).filter(status=CardStatus.BLOCKED).order_by("number"):
        holder = f"{card.client.last_name.upper()} {card.client.first_name}" if card.client else _("carte anonyme")
        tasks.append(Task(
            key=f"card-blocked:{card.pk}", group=_("Cartes bloquées"),
            label=_("Carte %(number)s (%(holder)s)") % {"number": card.number, "holder": holder},
            url=reverse("cards-card", kwargs={"number": card.number}), section="cards-home", casino=card.casino.name,
            to_read=True))
    return tasks
