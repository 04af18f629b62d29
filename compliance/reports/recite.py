"""Citations rectified in the registers, and the signed reports that showed them reissued (`registers_recite`).

The registers' part is registers/chain/recitation.py: for each entry a rule of its table rectifies, a recitation
entry beside it. A signed report that shows such an entry is never changed either: a new version of it is asked,
rendered from the registers as they now stand, naming the one it replaces (`services.report_reissue`). A document
another app makes (an authority's decision letter) is reissued when that app says its citations changed
(`compliance.hooks.REISSUE`)."""

from dataclasses import dataclass, field

from compliance.hooks import REISSUE
from compliance.models import Casino, User
from registers.chain.recitation import Due, entry_recite, recitations_due, report_rules

from . import services
from .models import Report


@dataclass
class Recited:
    entries: list[Due] = field(default_factory=list)  # what was (or would be) rectified
    filed: list[int] = field(default_factory=list)  # the recitation entries' ids
    reports: list[Report] = field(default_factory=list)  # the signed reports to reissue (or reissued)
    reissued: list[Report] = field(default_factory=list)  # their new versions


def reports_showing(dues: list[Due], casino: Casino | None = None) -> list[Report]:
    """The signed reports, in their latest version, that show an entry rectified, or that their app says cite what
    was rectified."""
    seqs: dict[int, set[int]] = {}
    for due in dues:
        seqs.setdefault(due.register.pk, set()).add(due.entry.seq)
    signed = Report.objects.filter(status=Report.Status.SUCCEEDED, superseded_by__isnull=True).defer("pdf")
    if casino is not None:
        signed = signed.filter(casino=casino)
    found = []
    for report in signed.filter(register_id__in=seqs).order_by("pk").iterator(200):
        if report.kind in REISSUE:
            continue
        if seqs[report.register_id].intersection(report.covered):
            found.append(report)
    for kind, needs in REISSUE.items():
        found.extend(report for report in signed.filter(kind=kind).order_by("pk") if needs(report))
    for rule in report_rules():  # a page that itself cited wrongly, signed by the version that printed it
        printed = signed.filter(kind__in=rule.kinds, edition__lt=rule.edition_below)
        if rule.jurisdictions:
            printed = printed.filter(casino__jurisdiction__code__in=rule.jurisdictions)
        found.extend(printed.order_by("pk"))
    unique = {report.pk: report for report in found}
    return [unique[pk] for pk in sorted(unique)]


def registers_recite(*, actor: User, casino: Casino | None = None, dry_run: bool = False,
                     generate: bool = True) -> Recited:
    """Every citation the table rectifies, one recitation entry per entry (each its own transaction, countersigned by
    Vigie), then a new version of each signed report showing one; `dry_run` lists them and writes nothing.
    `generate`: render and sign the new versions here rather than leave them to the worker."""
    done = Recited(entries=list(recitations_due(casino=casino)))
    done.reports = reports_showing(done.entries, casino)
    if dry_run:
        return done
    for due in done.entries:
        done.filed.append(entry_recite(due=due, actor=actor).pk)
    for report in done.reports:
        new = services.report_reissue(actor=actor, report=report)
        done.reissued.append(services.report_generate(new) if generate else new)
    return done
