"""The exact-return report of a pay table: both readings of its odds (« à »: net, « pour »: total) with the one the
text supports first, each line's probability and contribution, and the chart, as the pay-table page shows them.
The approvals attach it to their decisions; it has no register, so its hash is kept in the audit log."""

import datetime

from games.rtp.present import page_variants
from games.rtp.selectors import rtp_report

from . import daily, render

TEMPLATE = "compliance/reports/paytable_return.html"


def source(user, key: str, on: datetime.date) -> dict:
    report = rtp_report(user=user, key=key, on=on)
    report.pop("strategy", None)  # the worker's evaluations change as they run: not part of a signed return
    return render.plain({"report": "paytable_return", "on": on, "rtp": report, "variants": page_variants(report)})


def created(source_: dict) -> datetime.datetime:
    return daily.end_of(source_["on"])
