"""Pages of the poker room registers: the cagnotte (LU RGD 1979 art. 97-1), the progressive jackpots (art. 49-9
to 49-11) and the bad-beat jackpot (art. 49-12 to 49-15): the shared register page with their filing forms,
the counts, jackpots and wins above the entries."""

import dataclasses
import datetime
from functools import cached_property

from django.contrib.auth.decorators import login_required
from django.utils import timezone
from django.utils.translation import gettext as _

from games.poker.jackpots import FIVE, minimum_value

from ..chain.selectors import payload_total
from ..kinds import EntryKind, RegisterKind
from ..register_page import FamilyPage, RegisterPage, family_page
from ..web_actions import filed
from . import forms as f
from .controls.bad_beat import BadBeat, account
from .controls.bad_beat_stages import bad_beat_not_offered
from .controls.progressive import not_offered
from .house_rules import house_rules_at, house_rules_versions
from .selectors import (
    PROGRESSIVE,
    WON,
    WinRow,
    bad_beat_credits,
    bad_beat_of,
    bad_beat_rules,
    carnet_reconciled,
    hand_label,
    jackpot_cards,
    poker_rule,
    rules_on,
)
from .services import (
    bad_beat_manual_file,
    bad_beat_notice,
    bad_beat_open,
    bad_beat_restart,
    bad_beat_stop,
    bad_beat_win_file,
    cagnotte_file,
    house_rules_record,
    jackpot_stop,
    progressive_configure,
    progressive_statement,
    progressive_win_file,
)


class JackpotsPage(RegisterPage):
    @cached_property
    def jackpots(self):
        """The jackpots with their state; a stopped one says why no statement, win or stop is offered."""
        rules, jurisdiction = rules_on(self.casino, timezone.localdate()), self.casino.jurisdiction
        return [dataclasses.replace(card, refused=str(problems["statement"].refused(jurisdiction).message))
                if card.state["jackpot"] and (problems := not_offered(card.state["jackpot"], rules)) else card
                for card in jackpot_cards(self.register, self.casino)]

    @property
    def active_jackpot_names(self) -> list[str]:
        return [card.name for card in self.jackpots if card.active]

    def jackpot_levels(self, name: str) -> list[int]:
        card = next((card for card in self.jackpots if card.name == name), None)
        return [level for level, *_rest in card.levels] if card else []


def _file_cagnotte(page, form, user):
    pending = cagnotte_file(casino=page.casino, actor=user, currency=page.casino.currency, **form.values())
    return _("Comptage de la cagnotte déclaré (dépôt n° %(pk)s) : il entre au registre dès sa contresignature.") % {
        "pk": pending.pk
    }


def _configure(page, form, user):
    entry = progressive_configure(casino=page.casino, actor=user, gaming_day=timezone.localdate(), **form.values())
    return filed(entry, lambda entry: _("Jackpot « %(name)s » configuré (écriture n° %(seq)s).") % {
        "name": form.values()["name"],
        "seq": entry.seq,
    })


def _statement(page, form, user):
    entry = progressive_statement(casino=page.casino, actor=user, **form.values())
    return filed(entry, lambda entry: _("Relevé de fin de séance enregistré (écriture n° %(seq)s).") % {
        "seq": entry.seq})


def _win(page, form, user):
    pending = progressive_win_file(casino=page.casino, actor=user, currency=page.casino.currency, **form.values())
    return _("Gain déclaré (dépôt n° %(pk)s) : il entre au registre dès sa contresignature.") % {"pk": pending.pk}


def _stop(page, form, user):
    entry = jackpot_stop(casino=page.casino, actor=user, **form.values())
    return filed(entry, lambda entry: _("Arrêt du jackpot enregistré (écriture n° %(seq)s).") % {"seq": entry.seq})


def _bad_beat(page, form, user):
    pending = bad_beat_win_file(casino=page.casino, actor=user, currency=page.casino.currency, **form.values())
    return _("Gain du bad beat jackpot déclaré (dépôt n° %(pk)s) : il entre au registre dès sa contresignature.") % {
        "pk": pending.pk
    }


def _house_rules(page, form, user):
    entry = house_rules_record(casino=page.casino, actor=user, **form.values())
    return filed(entry, lambda entry: _("Version du règlement intérieur enregistrée (écriture n° %(seq)s).") % {
        "seq": entry.seq})


def _bad_beat_stop(page, form, user):
    entry = bad_beat_stop(casino=page.casino, actor=user, **form.values())
    return filed(entry, lambda entry: _("Arrêt du bad beat jackpot enregistré (écriture n° %(seq)s).") % {
        "seq": entry.seq})


def _bad_beat_restart(page, form, user):
    entry = bad_beat_restart(casino=page.casino, actor=user, **form.values())
    return filed(entry, lambda entry: _("Bad beat jackpot remis en service (écriture n° %(seq)s).") % {
        "seq": entry.seq})


def _bad_beat_open(page, form, user):
    entry = bad_beat_open(casino=page.casino, actor=user, **form.values())
    return filed(entry, lambda entry: _("Bad beat jackpot mis en service (écriture n° %(seq)s).") % {
        "seq": entry.seq})


def _bad_beat_notice(page, form, user):
    entry = bad_beat_notice(casino=page.casino, actor=user, **form.values())
    return filed(entry, lambda entry: _("Avis au Ministre enregistré (écriture n° %(seq)s).") % {"seq": entry.seq})


def _bad_beat_carnet(page, form, user):
    entry = bad_beat_manual_file(casino=page.casino, actor=user, currency=page.casino.currency, **form.values())
    return filed(entry, lambda entry: _("Ligne du carnet de compte enregistrée (écriture n° %(seq)s).") % {
        "seq": entry.seq})


def _percent(ratio) -> str:
    return f"{(ratio * 100).normalize():f}"


def _progressive_context(page) -> dict:
    """The jackpots, their wins, statements and stops, and the figures the forms' notes quote from the rule data."""
    today = timezone.localdate()
    rules = {key: poker_rule(page.casino, f"{PROGRESSIVE}.{key}", today)
             for key in ("niveaux_max", "valeurs_depart_max", "preavis_arret_volontaire")}
    return {"jackpots": page.jackpots, "wins": page.rows(WON, row=WinRow),
            "statements": page.rows(EntryKind.JACKPOT_STATEMENT), "stops": page.rows(EntryKind.JACKPOT_STOPPED),
            "progressive_rules": {"levels": rules["niveaux_max"].value,
                                  "starts": ", ".join(f"{start:f}" for start in rules["valeurs_depart_max"].value),
                                  "notice": rules["preavis_arret_volontaire"].value}}


def _bad_beat_context(page) -> dict:
    today = timezone.localdate()
    rules = bad_beat_rules(page.casino, today)
    minimum = rules["main_qualifiante"].value
    state = bad_beat_of(page.register, wins=True) if page.register else BadBeat()
    stopped = state.stopped_on(today)
    why_not = bad_beat_not_offered(state, today, rules_on(page.casino, today))
    refused = why_not if stopped else {}  # a win is taken
    return {**_account_context(page, state, why_not),
            "wins": page.rows(WON, row=WinRow), "stops": page.rows(EntryKind.JACKPOT_STOPPED),
            "restarts": page.rows(EntryKind.JACKPOT_CONFIGURED), "house_rules": house_rules_at(page.casino, today),
            "stopped_since": stopped[0] if stopped else None,
            "win_refused": str(refused["win"].refused(page.casino.jurisdiction).message) if "win" in refused else "",
            "notice": poker_rule(page.casino, "bad_beat_jackpot.preavis_arret_volontaire", today),
            "bad_beat_rules": {"minimum": hand_label(FIVE.fine_class(minimum_value(minimum))),
                               "loser_share": _percent(rules["part_perdant"].value),
                               "table_share": _percent(rules["part_table"].value)}}


ACCOUNT_DAYS = 14  # the account's last days shown; the balance is the whole account's


def _account_context(page, state: BadBeat, why_not: dict) -> dict:
    """The cagnotte as an account (art. 49-13, 49-14): its days' credits, wins and balance, the notices to the
    Minister, the carnet de compte against the deals of its days, and why an opening or a carnet line is not taken."""
    rows = account(state, bad_beat_credits(page.casino))
    carnet = carnet_reconciled(page.casino, rows)
    jurisdiction = page.casino.jurisdiction
    return {"account": rows[-ACCOUNT_DAYS:][::-1], "balance": rows[-1].balance if rows else None,
            "opened": state.opened, "start": state.start,
            "notices": [{"seq": row.entry.seq, "reference": row.payload.get("reference"),
                         "day": datetime.date.fromisoformat(row.payload["minister_notified_on"])}
                        for row in page.rows(EntryKind.JACKPOT_NOTICE)],
            "carnet": carnet, **{f"{action}_refused": str(why_not[action].refused(jurisdiction).message)
                                 for action in ("open", "manual") if action in why_not}}


def _cagnotte_context(page) -> dict:
    rows = page.rows(EntryKind.CAGNOTTE_COUNTED)
    keys = ("house", "bad_beat", "box_count", "difference")
    totals = {key: payload_total(rows, key) for key in keys}
    versions = house_rules_versions(page.casino)
    return {"counts": rows, "count_totals": {**totals, "corrected": sum(1 for row in rows if row.corrected_by)},
            "house_rules_versions": versions[::-1],
            "house_rules_now": house_rules_at(page.casino, timezone.localdate(), versions)}


FAMILIES = {
    RegisterKind.CAGNOTTE: FamilyPage(folder="poker", actions={f.CagnotteForm: _file_cagnotte,
                                                               f.HouseRulesForm: _house_rules},
                                      context=_cagnotte_context),
    RegisterKind.JACKPOT_PROGRESSIF: FamilyPage(
        folder="poker",
        page_class=JackpotsPage,
        actions={
            f.ProgressiveConfigureForm: _configure,
            f.ProgressiveStatementForm: _statement,
            f.ProgressiveWinForm: _win,
            f.ProgressiveStopForm: _stop,
        },
        context=_progressive_context,
    ),
    RegisterKind.BAD_BEAT: FamilyPage(folder="poker", actions={f.BadBeatWinForm: _bad_beat,
                                                               f.BadBeatStopForm: _bad_beat_stop,
                                                               f.BadBeatRestartForm: _bad_beat_restart,
                                                               f.BadBeatOpenForm: _bad_beat_open,
                                                               f.BadBeatNoticeForm: _bad_beat_notice,
                                                               f.BadBeatCarnetForm: _bad_beat_carnet},
                                      context=_bad_beat_context),
}


@login_required
def poker_page(request, casino, kind, **kwargs):
    return family_page(request, casino, kind, FAMILIES[kind], **kwargs)
