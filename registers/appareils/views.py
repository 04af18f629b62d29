"""Pages of the slot machine register (LU RGD 1979 art. 17, 18-1) and of the hand-paid jackpots (art. 18-10):
the shared register page with their filing forms, the fleet and the payouts above the entries."""

from dataclasses import dataclass
from functools import cached_property

from django.contrib.auth.decorators import login_required
from django.utils import timezone
from django.utils.translation import gettext as _

from compliance.errors import DomainError
from compliance.paging import cursor

from ..chain.selectors import payload_page
from ..kinds import EntryKind
from ..register_page import FamilyPage, RegisterPage, family_page
from ..web_actions import filed
from . import forms as f
from .controls import DESTRUCTION_ASKED, NOTICES, TRANSITIONS, Fleet, change_problems, conditions_missing
from .jackpots import jackpot_manual_payout_file
from .selectors import APPAREIL_STATES, EVENT_LABELS, fleet, machines_register
from .services import appareil_condition_record, appareil_install, appareil_move, appareil_notice, rules_on


@dataclass(frozen=True)
class Changes:
    """What a machine's row says of its next notice: the changes that may be announced today, or why none may (the
    controls' first problem, with its article)."""

    offered: list[str]
    why_not: str = ""
    destruction: bool = False  # its « Détruire » button, which the service refuses where the rule data forbids it


class AppareilsPage(RegisterPage):
    @cached_property
    def fleet(self):
        rows = fleet(self.register)
        changes = self._changes(rows)
        return [(row, changes.get(row.number)) for row in rows]

    def _changes(self, rows) -> dict[str, Changes]:
        """Each machine's changes, asked of the same control the notice's service refuses with (`change_problems`)."""
        today = self.casino.today()
        try:
            rules = rules_on(self.casino, today)
            rules.value(NOTICES)
        except DomainError:  # a casino whose rules keep no register of machines on that day
            return {}
        found = {}
        for row in rows:
            offered, problems = [], []
            for event in TRANSITIONS:
                refused = change_problems(row.machine, event, today, rules)
                problems += refused
                if not refused:
                    offered.append(str(EVENT_LABELS[event]))
            why = "" if offered or not problems else problems[0].refused(self.casino.jurisdiction).message
            found[row.number] = Changes(offered, str(why), row.machine.state in DESTRUCTION_ASKED)
        return found

    @property
    def appareil_numbers(self) -> list[str]:
        return [row.number for row, _changes in self.fleet if row.state != "sorti"]

    @cached_property
    def conditions_missing(self) -> dict[str, str]:
        """The machines whose condition (art. 17 al. 2 5°) no entry says, each with why, asked of the same control
        the management's « À faire » reads (`conditions_missing`), on the fleet the page replayed."""
        try:
            rules = rules_on(self.casino, self.casino.today())
            missing = conditions_missing(Fleet({row.number: row.machine for row, _changes in self.fleet}), rules)
        except DomainError:  # a casino whose rules keep no register of machines on that day
            return {}
        return {problem.params["machine"]: str(problem.refused(self.casino.jurisdiction).message)
                for problem in missing}


class JackpotsPage(RegisterPage):
    @cached_property
    def appareil_numbers(self) -> list[str]:
        """Every machine of the casino's register of machines: a jackpot is paid on one of them."""
        return [row.number for row in fleet(machines_register(self.casino))]


def _file_jackpot(page, form, user):
    values = form.values()
    pending = jackpot_manual_payout_file(casino=page.casino, actor=user, **values)
    excess = values["settles"].get("card_excess")
    if excess:
        return _(
            "Paiement manuel du gain au-delà du plafond n° %(excess)s déclaré (dépôt n° %(pk)s) : il entre au "
            "registre dès sa contresignature."
        ) % {"excess": excess, "pk": pending.pk}
    return _("Paiement manuel déclaré (dépôt n° %(pk)s) : il entre au registre dès sa contresignature.") % {
        "pk": pending.pk
    }


def _install(page, form, user):
    entry = appareil_install(casino=page.casino, actor=user, gaming_day=timezone.localdate(), **form.values())
    return _("Appareil %(machine)s inscrit au registre (écriture n° %(seq)s).") % {
        "machine": form.values()["machine"],
        "seq": entry.seq,
    }


def _condition(page, form, user):
    entry = appareil_condition_record(casino=page.casino, actor=user, **form.values())
    return _("État de l'appareil %(machine)s enregistré (écriture n° %(seq)s).") % {
        "machine": form.values()["machine"], "seq": entry.seq}


def _notice(page, form, user):
    entry = appareil_notice(casino=page.casino, actor=user, gaming_day=timezone.localdate(), **form.values())
    return _("Avis au Ministre enregistré (écriture n° %(seq)s).") % {"seq": entry.seq}


def _move(page, form, user):
    values = form.values()
    return filed(appareil_move(casino=page.casino, actor=user, **values),
                 lambda entry: _("Appareil %(machine)s : « %(event)s » enregistré (écriture n° %(seq)s).") % {
                     "machine": values["machine"],
                     "event": EVENT_LABELS.get(values["event"], values["event"]),
                     "seq": entry.seq,
                 })


def _destroy(page, form, user):
    appareil_move(
        casino=page.casino,
        actor=user,
        gaming_day=timezone.localdate(),
        machine=form.cleaned_data["machine"],
        event="destruction",
    )
    return ""  # never reached where the rule data forbids destruction; otherwise the service refuses the event


def _jackpots_context(page) -> dict:
    """The payouts a hundred at a time, newest first (?paiements_avant=<n°>), with the count and total of them all."""
    return {"payouts": payload_page(page.register, EntryKind.JACKPOT_PAID,
                                    before=cursor(page.prefill.get(PAYOUTS_CURSOR)))}


PAYOUTS_CURSOR = "paiements_avant"


def _machines_context(page) -> dict:
    states = [row.state for row, _changes in page.fleet]
    summary = [(label, states.count(state)) for state, label in APPAREIL_STATES.items() if state in states]
    missing = page.conditions_missing
    return {"fleet": [(row, changes, missing.get(row.number, "")) for row, changes in page.fleet],
            "fleet_summary": summary, "conditions_missing": missing}


JACKPOTS = FamilyPage(folder="appareils", page_class=JackpotsPage, actions={f.JackpotPayoutForm: _file_jackpot},
                      context=_jackpots_context)
APPAREILS = FamilyPage(
    folder="appareils",
    page_class=AppareilsPage,
    actions={
        f.AppareilInstallForm: _install,
        f.AppareilConditionForm: _condition,
        f.AppareilNoticeForm: _notice,
        f.AppareilMoveForm: _move,
        f.AppareilDestroyForm: _destroy,
    },
    context=_machines_context,
)


@login_required
def jackpots_page(request, casino, kind, **kwargs):
    return family_page(request, casino, kind, JACKPOTS, **kwargs)


@login_required
def appareils_page(request, casino, kind, **kwargs):
    return family_page(request, casino, kind, APPAREILS, **kwargs)
