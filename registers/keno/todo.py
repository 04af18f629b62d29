"""The winning Keno tickets not paid yet, for the « À faire » home of the casino's cashiers and management (QC RJC
art. 86): each one with its deadline, the nearest first; one whose deadline has passed stays listed, as « échu »,
until the day after it (then the Keno page lists it among the tickets échus sans paiement)."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils.translation import gettext as _

from compliance.formatting import money
from compliance.models import User
from compliance.todo import Task

from . import controls, selectors

SOON = datetime.timedelta(hours=24)  # from then on before the deadline, the item is shown as due soon


def tickets_to_pay(user: User) -> list[Task]:
    casino = user.casino
    if casino is None or not selectors.keno_applies(casino):
        return []
    today, zone = casino.today(), selectors.zone_of(casino)
    now = datetime.datetime.now(zone)
    keno = selectors.casino_keno(casino, today - selectors.WINDOW)
    if not keno.tickets:
        return []
    delays = selectors.delays_on(casino, today)
    citation = delays.citation
    tasks = []
    for item in controls.unpaid_winners(keno, delays, zone):
        deadline, ticket = item.deadline, item.ticket
        if deadline is not None and deadline.moment.date() < today:
            continue
        passed = item.passed(now)
        values = {"number": ticket.number,
                  "amount": money(ticket.total, currency=casino.currency, jurisdiction=casino.jurisdiction)}
        tasks.append(Task(
            key=f"keno:{casino.pk}:{ticket.number}", group=_("Billets de Keno gagnants à payer"),
            label=_("Billet %(number)s gagnant (%(amount)s) : payable jusqu'à l'échéance") % values,
            url=f"{reverse('keno', kwargs={'casino': casino.code})}#billet-{ticket.number}",
            section="keno-home", casino=casino.name, due=deadline.day if deadline else None, due_citation=citation,
            since=ticket.issued_at,
            severity="danger" if passed or deadline is None else "warning" if deadline.moment - now <= SOON
            else "info",
            detail=(_("Échu sans paiement") if passed else _("Heure de fermeture du casino non enregistrée")
                    if deadline is None else "")))
    return tasks
