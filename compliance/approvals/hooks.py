"""What the approvals contribute to the points of compliance/hooks.py, connected at start-up by this app's apps.py:
the reports, the registers and the core never import the approvals."""

from compliance.hooks import (
    AUDIT_CHECKS,
    BAD_BEAT_STOP_NOTICE,
    DOCUMENTS,
    NOTICE_REFERENCES,
    REFURBISHMENT_APPROVAL,
    REISSUE,
    TOURNAMENT_RULES_APPROVAL,
    WHEEL_PUBLISHED,
)
from compliance.reports.models import Report
from compliance.search import searcher_register
from compliance.todo import MANAGER, REGULATOR, provider_register
from registers.kinds import EntryKind, RegisterKind

from . import audit, letter, todo
from .configuration import refurbishment_approval, tournament_rules_approval
from .references import bad_beat_stop_named, machine_notice_named
from .selectors import search_requests, wheel_on


def contribute() -> None:
    # the authority's decision letter, signed by the reports, and whether a signed one must be reissued
    DOCUMENTS.add(Report.Kind.APPROVAL_DECISION, letter.build)
    REISSUE.add(Report.Kind.APPROVAL_DECISION, letter.outdated)
    # a paid Luxembourg tournament's rules approved by the Minister (LU RGD 1979 art. 49-17), asked by the tournaments
    TOURNAMENT_RULES_APPROVAL.set(tournament_rules_approval)
    # each step of a request checked again by registers_audit, by the controls of its service
    AUDIT_CHECKS.add(f"{RegisterKind.APPROBATIONS}/{EntryKind.APPROVAL_STEP}", audit.step)
    # a slot machine notice's reference that is a request: its kind, casino, machine and event (LU RGD 1979 art. 18-1)
    NOTICE_REFERENCES.add(machine_notice_named)
    # a refurbished slot machine installed under this casino's approval of it, in force (LU RGD 1979 art. 17 al. 2 5°)
    REFURBISHMENT_APPROVAL.set(refurbishment_approval)
    # the bad beat's voluntary stop told to the Minister by a request, recorded by its reference (art. 49-14 al. 2)
    BAD_BEAT_STOP_NOTICE.set(bad_beat_stop_named)
    # the wheel of fortune's configuration made public, of which the notices compose its poster (QC RJC art. 120)
    WHEEL_PUBLISHED.set(wheel_on)
    # the header's search finds a request by its reference
    searcher_register(search_requests, order=50)
    # the requests waiting for each person, on the « À faire » home and in the menu's count
    provider_register(todo.waiting, roles=(MANAGER, REGULATOR), order=20)
