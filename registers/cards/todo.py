"""The cards' work for the « À faire » home: the desks of the caisse spéciale not counted (the cashier), the wins
past a card's cap still to pay by hand and the blocked cards (the management)."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from compliance.formatting import date, money
from compliance.models import User
from compliance.todo import Task

from ..models import CardStatus
from .caisse.selectors import desks_uncounted
from .caisse.services import DESK_RULE, caisse_citation
from .excess import excesses_outstanding
from .ledger import excess_citation
from .selectors import cards_visible

# the citations are read from the rule data only when an item is shown (the menu's counts never read them)
_lazy_caisse_citation = lazy(caisse_citation, str)
_lazy_excess_citation = lazy(excess_citation, str)


def desks_to_count(user: User) -> list[Task]:
    """The desks that loaded or paid out a card and were not counted, from the casino's filing delay ago to today
    (a count filed later is a late filing)."""
    casino = user.casino
    if casino is None:
        return []
    today = casino.today()
    first = today - datetime.timedelta(days=casino.late_filing_days)
    tasks = []
    for day, desk in desks_uncounted(casino, first, today):
        values = {"desk": desk, "day": date(day, jurisdiction=casino.jurisdiction)}
        tasks.append(Task(
            key=f"desk-count:{casino.pk}:{day.isoformat()}:{desk}", group=_("Caisses à compter"),
            label=_("%(desk)s, journée du %(day)s : comptage de clôture") % values,
            url=reverse("cards-caisse-day", kwargs={"day": day.isoformat()}) + "#count",
            section="cards-caisse", casino=casino.name, due=day,
            due_citation=_lazy_caisse_citation(casino, DESK_RULE, day),
            severity="danger" if day < today else "warning"))
    return tasks


def excesses_to_pay(user: User) -> list[Task]:
    casino = user.casino
    if casino is None:
        return []
    tasks = []
    for excess in excesses_outstanding(casino).due:
        amount = money(excess.amount, currency=casino.currency, jurisdiction=casino.jurisdiction)
        day = excess.gaming_day or casino.today()
        tasks.append(Task(
            key=f"card-excess:{casino.pk}:{excess.seq}", group=_("Gains au-delà du plafond à payer manuellement"),
            label=_("%(amount)s sur la carte %(card)s, appareil %(machine)s") % {
                "amount": amount, "card": excess.card, "machine": excess.machine},
            url=reverse("cards-caisse-day", kwargs={"day": day.isoformat()}) + f"#excess-{excess.seq}",
            section="cards-caisse", casino=casino.name, due=excess.gaming_day,
            due_citation=_lazy_excess_citation(casino, excess.gaming_day), severity="warning"))
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
