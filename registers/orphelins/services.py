"""Orphelins: found money and what is assimilated to it (LU RGD 1979 art. 8, 18-12, 3-4 8), 49-1).

Lifecycle, each step a new entry of the `orphelins` register: filed by a cashier, countersigned by a
manager (it then enters the chain: registered) → returned to its owner within the period of art. 8
al. 3, counted from the registration's gaming day, if the owner's right is established → otherwise
definitively orphaned once the period has run. The period is read from the rule data, with its article.
"""

import datetime

from django.db import transaction

from compliance.models import Casino, User
from compliance.permissions import verify_can_write
from compliance.services import system_user
from games.selectors import rule_value_at

from .. import controls
from ..chain.selectors import standing
from ..chain.services import entry_append, entry_file, pending_file, register_for, verify_actor, verify_gaming_day
from ..fields import TEXT_MAX, clean_text
from ..kinds import RegisterKind
from ..models import Entry, PendingEntry, Register
from ..money import check_currency, parse_amount
from . import controls as orphan_controls
from .selectors import FILED, FINAL, RETURNED, SOURCES, orphan_of, orphelin_state, return_period

HOLD = "carte_de_jeu.garde_nominative_trouvee"  # art. 3-4 8): a found nominative card held a week


def _rules(casino: Casino, day: datetime.date):
    """The rule values of the casino's texts in force on `day` (drafts applied): a missing one refuses."""
    return lambda key: rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True)



# --- services ------------------------------------------------------------------------------------


def orphelin_file(*, casino: Casino, actor: User, **details) -> PendingEntry:
    """A cashier files found money (the details of `orphelin_record`); it waits for a manager's
    countersignature. A found nominative card's balance becomes an orphan only once the card has been held
    for the period of art. 3-4 8)."""
    verify_can_write(actor, casino)
    return orphelin_record(casino=casino, actor=actor, **details)


def orphelin_record(
    *,
    casino: Casino,
    actor: User,
    gaming_day: datetime.date,
    source: str,
    amount,
    currency: str,
    location: str,
    description: str = "",
    found_on: datetime.date | None = None,
    late_reason: str = "",
) -> PendingEntry:
    """Found money filed for a countersignature, by a caller that checked the actor's rights itself (`orphelin_file`,
    a found card) or by the platform's own job."""
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    rule = _rules(casino, gaming_day)
    known = source in SOURCES  # (not `in`: a source the API sent as a list or a number is no key)
    controls.refuse_first(orphan_controls.filing_problems(orphan_controls.Filing(
        source, gaming_day, rule(SOURCES[source][1]) if known else None, found_on,
        rule(HOLD) if source == "carte_nominative" else None)), casino.jurisdiction)
    value = parse_amount(amount)
    check_currency(casino, currency)
    location = clean_text(location, field="location", max_length=200)
    description = clean_text(description, field="description", max_length=TEXT_MAX, multiline=True, optional=True)
    return_period(casino, gaming_day)  # found-money rules exist only where the rule data gives a return period
    label, key = SOURCES[source]
    citation = str(rule(key).citation)
    payload = {
        "source": source,
        "source_label": label,
        "citation": citation,
        "amount": value,
        "currency": currency,
        "location": location,
        "description": description,
    }
    if found_on is not None:
        payload["found_on"] = found_on.isoformat()
    return pending_file(
        register=register_for(casino=casino, kind=RegisterKind.ORPHELINS),
        kind=FILED,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation=controls.written(controls.SECOND_SIGNATURE),
        late_reason=late_reason,
    )


@transaction.atomic
def orphelin_return(
    *,
    entry: Entry,
    actor: User,
    gaming_day: datetime.date,
    owner_name: str,
    owner_document: str,
    right_established: bool,
    evidence: str = "",
    late_reason: str = "",
) -> Entry | PendingEntry:
    """Returns an orphan to its owner, within the period and only if the right is established."""
    register = Register.objects.select_for_update().select_related("casino").get(pk=entry.register_id)
    casino = register.casino
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)
    # only a registered found sum of the orphelins register is returned (a return is no found sum)
    state = orphelin_state(entry) if entry.kind == FILED and register.kind == RegisterKind.ORPHELINS else None
    orphan = orphan_of(state) if state is not None else None
    problems = orphan_controls.return_problems(orphan, orphan_controls.Return(gaming_day, True),
                                               return_period(casino, gaming_day).citation)
    controls.refuse_first(problems, casino.jurisdiction)  # the orphan and the day, before the owner's fields
    owner_name = clean_text(owner_name, field="owner_name", max_length=200)
    owner_document = clean_text(owner_document, field="owner_document", max_length=200)
    evidence = clean_text(evidence, field="evidence", max_length=2000, multiline=True, optional=True)
    controls.refuse_first(orphan_controls.return_problems(
        orphan, orphan_controls.Return(gaming_day, bool(right_established))), casino.jurisdiction)
    payload = {
        "owner_name": owner_name,
        "owner_document": owner_document,
        "right_established": True,
        "evidence": evidence,
        "citation": state.citation,
        "deadline": state.deadline.isoformat(),
    }
    return entry_file(register=register, kind=RETURNED, gaming_day=gaming_day, actor=actor, payload=payload,
                      refers_to=entry, late_reason=late_reason)


@transaction.atomic
def orphelins_finalize(*, casino: Casino, actor: User, gaming_day: datetime.date) -> list[Entry]:
    """Every registered orphan whose period has run becomes definitive (a new entry each)."""
    register = register_for(casino=casino, kind=RegisterKind.ORPHELINS)
    Register.objects.select_for_update().get(pk=register.pk)
    done = []
    for entry in standing(Entry.objects.filter(register=register, kind=FILED)).order_by("seq"):
        state = orphelin_state(entry)
        if not orphan_controls.finalize_problems(orphan_of(state), gaming_day):
            done.append(
                entry_append(
                    register=register,
                    kind=FINAL,
                    gaming_day=gaming_day,
                    actor=actor,
                    refers_to=entry,
                    payload={"deadline": state.deadline.isoformat(), "citation": state.citation},
                )
            )
    return done



def orphelins_finalize_due() -> int:
    """Every casino's orphelins register brought up to date today; returns the entries written."""
    actor, written = system_user(), 0
    for register in Register.objects.filter(kind=RegisterKind.ORPHELINS).select_related("casino"):
        written += len(orphelins_finalize(casino=register.casino, actor=actor, gaming_day=register.casino.today()))
    return written
