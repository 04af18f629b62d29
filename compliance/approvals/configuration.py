"""The casino's approved configuration as the rest of the product reads it: the pay table it runs on a day (the
jurisdiction's, with the payouts an approval in force changed from its date), and the approval an operation needs,
refused with the decision the casino lacks."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from compliance.errors import DomainError
from compliance.models import Casino, User
from games.rtp.roue import odds_parsed
from games.rtp.selectors import rtp_compute
from games.selectors import paytable_data

from . import errors, workflow
from .errors import Code
from .kinds import KINDS
from .models import ApprovalRequest
from .selectors import approved


@dataclass(frozen=True)
class CasinoPaytable:
    table: dict  # as games.selectors.paytable_data gives it, the approved payouts in place
    approval: ApprovalRequest | None  # the approval in force that day, None: the jurisdiction's table as written
    changed: dict  # position → (as written, as approved)
    rtp: dict  # games.rtp.selectors.rtp_compute of the table as run
    written_rtp: dict  # the same of the jurisdiction's table as written
    history: list[ApprovalRequest]  # the approvals of this table, in force or ended, newest first

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
    """The pay table `key` as the casino runs it on `on`."""
    written = table = paytable_data(user=user, key=key, on=on)
    approval = approved(casino, "table_de_paiement", key, on)
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
                                                  state__in=workflow.EVER_IN_FORCE).order_by("-effective_from", "-pk"))
    run = rtp_compute(table=table, on=on)
    return CasinoPaytable(table, approval, changed, run, rtp_compute(table=written, on=on) if approval else run,
                          history)


def required(casino: Casino, kind: str, subject: str, on: datetime.date, field: str) -> ApprovalRequest:
    """The approval in force an operation needs; refused, naming the decision the casino lacks, when there is none."""
    found = approved(casino, kind, subject, on)
    if found is None:
        raise DomainError(errors.APPROVAL_LACKING.format(kind=KINDS[kind].label, subject=subject,
                                                         day=on.isoformat()), code=Code.APPROVAL_LACKING, field=field)
    return found
