"""The casino's configuration as the rest of the product reads it: the pay table it runs on a day, and the approval
an operation needs, refused with the decision the casino lacks.

The pay table is the jurisdiction's as written that day: in Québec and Luxembourg the regulation fixes it (« Les
mises gagnantes sont payées de la manière suivante »; « les combinaisons gagnantes sont fixées comme suit »), and no
authority's decision replaces it: a proposal (QC) gets the Régie's opinion, the table changes with a new dated version
of the rule data. In Monaco a change of the payouts is notified to the « autorité concédante » (AM 2007-668 art. 1):
it is run as the casino declared it, from the date it gave. Approvals written before the powers (a pay table
« approuvée ») are shown in the history, never run."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from compliance import formatting
from compliance.errors import DomainError
from compliance.models import Casino, User
from games.rtp.roue import odds_parsed
from games.rtp.selectors import rtp_compute
from games.selectors import paytable_data
from registers.appareils.controls import Refurbishment

from . import errors, workflow
from .errors import Code
from .kinds import KINDS, NOTICE, form_of
from .models import ApprovalRequest
from .references import request_named
from .selectors import approvals_in_force, approved, notified


@dataclass(frozen=True)
class CasinoPaytable:
    table: dict  # as games.selectors.paytable_data gives it, a notified change's payouts in place (Monaco)
    approval: ApprovalRequest | None  # the notice in effect that day (MC), None: the jurisdiction's table as written
    changed: dict  # position → (as written, as notified)
    rtp: dict  # games.rtp.selectors.rtp_compute of the table as run
    written_rtp: dict  # the same of the jurisdiction's table as written
    history: list[ApprovalRequest]  # the proposals, notices and earlier approvals of this table, newest first

    @property
    def lines(self) -> list[dict]:
        """Each line as run beside as written."""
        return [{"position": line["position"], "label": line["label"], "run": line["odds"],
                 "written": self.changed.get(line["position"], (line["odds"],))[0],
                 "changed": line["position"] in self.changed} for line in self.table["lines"]]

    @property
    def returns(self) -> list[dict]:
        """Each reading's return as run beside as written, in per cent, the text's reading first."""
        rows = []
        for reading in (self.rtp["default_reading"], self.rtp["alternative_reading"]):
            run, written = (Decimal(result["readings"][reading][0]["return"]["decimal"]) * 100
                            for result in (self.rtp, self.written_rtp))
            rows.append({"reading": reading, "run": run, "written": written, "default": not rows})
        return rows


def casino_paytable(user: User, casino: Casino, key: str, on: datetime.date) -> CasinoPaytable:
    """The pay table `key` as the casino runs it on `on`: as written that day, or as notified in Monaco."""
    written = table = paytable_data(user=user, key=key, on=on)
    notice = form_of("table_de_paiement", casino, on).power == NOTICE
    approval = notified(casino, "table_de_paiement", key, on) if notice else None
    changed = {}
    if approval is not None:
        payouts = approval.items["paiements"]
        lines = []
        for line in table["lines"]:
            asked = payouts.get(str(line["position"]))
            if asked is not None and odds_parsed(asked) is not None:
                changed[line["position"]] = (line["odds"], asked)
                line = {**line, "odds": asked, "parsed": odds_parsed(asked), "parsed_text": asked}
            lines.append(line)
        table = {**table, "lines": lines}
    history = list(ApprovalRequest.objects.filter(casino=casino, kind="table_de_paiement", subject=key,
                                                  state__in=(*workflow.EVER_IN_FORCE, *workflow.DECIDED))
                   .order_by("-decided_at", "-pk"))
    run = rtp_compute(table=table, on=on)
    return CasinoPaytable(table, approval, changed, run, rtp_compute(table=written, on=on) if approval else run,
                          history)


def required(casino: Casino, kind: str, subject: str, on: datetime.date, field: str) -> ApprovalRequest:
    """The approval in force an operation needs; refused, naming the decision the casino lacks, when there is none."""
    found = approved(casino, kind, subject, on)
    if found is None:
        day = formatting.date(on, jurisdiction=casino.jurisdiction)
        raise DomainError(errors.APPROVAL_LACKING.format(kind=KINDS[kind].label, subject=subject, day=day),
                          code=Code.APPROVAL_LACKING, field=field)
    return found


REFURBISHED = "appareil_remis_a_neuf"  # the kind approving a refurbished machine (LU RGD 1979 art. 17 al. 2 5°)


def refurbishment_approval(casino: Casino, reference: str, on: datetime.date) -> Refurbishment | None:
    """What a refurbished slot machine's approval reference names (asked by registers/appareils when the machine is
    installed, and by its audit): a request of another kind or casino as such; the approval of a refurbished machine
    with its machine, the firm and the reference of the firm's approval its items name, and whether it is in force on
    `on` (approved, from its date, not ended). None: no request has that reference."""
    found = request_named(casino, reference)
    if found is None:
        return None
    if found.request.kind != REFURBISHED:
        return Refurbishment(found.what, found.own)
    items = found.items
    return Refurbishment(found.what, found.own, machine=str(items.get("numero_serie") or found.request.subject),
                         firm=str(items.get("entreprise") or ""),
                         firm_approval=str(items.get("agrement_entreprise") or ""),
                         in_force=approvals_in_force(casino, on, REFURBISHED).filter(pk=found.request.pk).exists())


TOURNAMENT_DIGEST = "empreinte_regles"  # the item of the LU tournoi kind holding the digest of the rules approved


def tournament_rules_approval(casino: Casino, digest: str, on: datetime.date, field: str) -> ApprovalRequest:
    """LU RGD 1979 art. 49-17 (« après agrément du règlement et des modalités de fonctionnement par le Ministre des
    Finances »): the approval in force on `on` of the rules whose SHA-256 is `digest` (as registers/tournaments
    computes it when it publishes them), whatever the tournament is called; refused, naming what is lacking."""
    found = approvals_in_force(casino, on, "tournoi").filter(**{f"items__{TOURNAMENT_DIGEST}": digest})
    approval = found.order_by("-effective_from", "-pk").first()
    if approval is None:
        raise DomainError(errors.RULES_APPROVAL_LACKING.format(
            digest=digest[:12], day=formatting.date(on, jurisdiction=casino.jurisdiction)),
                          code=Code.APPROVAL_LACKING, field=field)
    return approval
