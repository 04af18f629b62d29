"""Reading the orphelins register (LU RGD 1979 art. 8, 18-12, 3-4 8)): each filed orphan's state (registered,
returned or final) and its deadline, read from the rule data; the page's rows, totals and spreadsheet."""

import csv
import datetime
import io
import json
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Exists, OuterRef
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino, User
from games.selectors import rule_value_at, rule_values_on

from ..chain.selectors import person, with_corrections
from ..kinds import EntryKind
from ..models import Entry
from . import controls

FILED, RETURNED, FINAL = EntryKind.ORPHELIN_FILED, EntryKind.ORPHELIN_RETURNED, EntryKind.ORPHELIN_FINAL

# origin → (label, the rule value whose article makes it an orphan)
SOURCES = {
    "table": ("Somme trouvée sur une table de jeu", "orphelins.origines.table"),
    "credits_appareil": ("Crédits oubliés au compteur d'un appareil à sous", "orphelins.origines.credits_appareil"),
    "pieces_tokens": ("Pièces ou tokens tombés à terre", "orphelins.origines.pieces_tokens"),
    "carte_anonyme": ("Carte de jeu électronique non nominative trouvée", "orphelins.origines.carte_anonyme"),
    "carte_nominative": ("Solde d'une carte nominative non réclamée après la garde",
                         "orphelins.origines.carte_nominative"),
    "mise_consignee": ("Mise consignée d'un joueur absent, non réclamée en fin de séance",
                       "orphelins.origines.mise_consignee"),
}
STATUSES = {"registered": _("enregistré"), "returned": _("restitué"), "final": _("définitif")}
# The labels of SOURCES, marked here so that the English catalogue translates them; the register itself keeps
# the French label in its (hashed) payload.
SOURCE_LABELS = (
    gettext_noop("Somme trouvée sur une table de jeu"),
    gettext_noop("Crédits oubliés au compteur d'un appareil à sous"),
    gettext_noop("Pièces ou tokens tombés à terre"),
    gettext_noop("Carte de jeu électronique non nominative trouvée"),
    gettext_noop("Solde d'une carte nominative non réclamée après la garde"),
    gettext_noop("Mise consignée d'un joueur absent, non réclamée en fin de séance"),
)


def source_label(source: str) -> str:
    return gettext(SOURCES[source][0]) if source in SOURCES else source


def source_choices() -> list[tuple[str, str]]:
    return [(key, source_label(key)) for key in SOURCES]



RETURN_PERIOD = "orphelins.delai_restitution"


def return_period(casino: Casino, on: datetime.date):
    """The period of art. 8 al. 3 from the rule data (the LU text is a draft, applied as such)."""
    return rule_value_at(jurisdiction=casino.jurisdiction, key=RETURN_PERIOD, on=on, drafts=True)




@dataclass(frozen=True)
class OrphelinState:
    entry: Entry
    status: str  # registered | returned | final
    deadline: datetime.date
    citation: str
    payload: dict
    closing: Entry | None
    corrected_by: int | None = None  # the countersigned correction that set the filing aside: out of the totals


def orphelin_state(entry: Entry, *, period=None, closing: Entry | None = None, known: bool = False) -> OrphelinState:
    """`period` and `closing` may be given by a caller that read them for many entries at once."""
    period = period or return_period(entry.register.casino, entry.gaming_day)
    deadline = controls.deadline_of(entry.gaming_day, period)
    if not known:
        closing = entry.followers.filter(kind__in=[RETURNED, FINAL]).order_by("seq").first()
    corrected_by = getattr(entry, "corrected_by", None) if known else (
        entry.followers.filter(kind=EntryKind.CORRECTION).values_list("seq", flat=True).first())
    status = "registered" if closing is None else ("returned" if closing.kind == RETURNED else "final")
    return OrphelinState(entry, status, deadline, str(period.citation), json.loads(entry.payload), closing,
                         corrected_by)


def orphan_of(state: OrphelinState) -> controls.Orphan:
    """The orphan as its controls see it (registers/orphelins/controls.py): a correction sets it aside."""
    stage = controls.Stage.SET_ASIDE if state.corrected_by and state.closing is None else state.status
    closing = state.closing.seq if state.closing is not None else state.corrected_by
    return controls.Orphan(state.entry.seq, state.entry.gaming_day, state.deadline, state.citation, stage, closing)


def orphelin_list(*, user: User, casino: Casino | None = None) -> list[OrphelinState]:
    """Every filed orphan with its state, in a fixed number of queries (one rule lookup per casino)."""
    entries = with_corrections(
        Entry.objects.visible_to(user)
        .filter(kind=FILED)
        .select_related("register__casino__jurisdiction", "actor", "countersigner")
        .order_by("-seq")
    )
    if casino is not None:
        entries = entries.filter(register__casino=casino)
    entries = list(entries)
    closings = {}
    for closing in Entry.objects.filter(refers_to__in=entries, kind__in=[RETURNED, FINAL]).order_by("-seq"):
        closings[closing.refers_to_id] = closing  # the earliest one wins
    days_of = defaultdict(set)
    for entry in entries:
        days_of[entry.register.casino].add(entry.gaming_day)
    periods = {(casino.pk, day): period for casino, days in days_of.items()
               for day, period in rule_values_on(jurisdiction=casino.jurisdiction, key=RETURN_PERIOD, days=days,
                                                 drafts=True).items()}
    return [orphelin_state(entry, period=periods[entry.register.casino_id, entry.gaming_day],
                           closing=closings.get(entry.pk), known=True) for entry in entries]




@dataclass(frozen=True)
class OrphelinRow:
    state: OrphelinState

    @property
    def entry(self) -> Entry:
        return self.state.entry

    @property
    def amount(self) -> Decimal:
        return Decimal(self.state.payload["amount"])

    @property
    def source_label(self) -> str:
        return source_label(self.state.payload.get("source", ""))

    @property
    def status_label(self) -> str:
        return str(STATUSES[self.state.status])

    @property
    def overdue(self) -> bool:
        """Still registered although its period has run: the next finalization makes it definitive."""
        return self.state.status == "registered" and self.state.entry.register.casino.today() > self.state.deadline


@dataclass
class OrphelinTotals:
    by_status: dict[str, Decimal] = field(default_factory=lambda: {status: Decimal("0.00") for status in STATUSES})
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))

    @property
    def overall(self) -> Decimal:
        return sum(self.by_status.values(), Decimal("0.00"))

    @property
    def count(self) -> int:
        return sum(self.counts.values())

    def rows(self) -> list[tuple[str, str, int, Decimal]]:
        return [(status, str(STATUSES[status]), self.counts[status], self.by_status[status]) for status in STATUSES]


def orphelin_rows(
    *,
    user: User,
    casino: Casino,
    status: str | None = None,
    day_from: datetime.date | None = None,
    day_to: datetime.date | None = None,
) -> list[OrphelinRow]:
    rows = [OrphelinRow(state) for state in orphelin_list(user=user, casino=casino)]
    return [
        row
        for row in rows
        if (not status or row.state.status == status)
        and (day_from is None or row.entry.gaming_day >= day_from)
        and (day_to is None or row.entry.gaming_day <= day_to)
    ]


def orphelin_totals(rows: list[OrphelinRow]) -> OrphelinTotals:
    totals = OrphelinTotals()
    for row in rows:
        if row.state.corrected_by:  # set aside by its correction
            continue
        totals.by_status[row.state.status] += row.amount
        totals.counts[row.state.status] += 1
    return totals


CSV_HEADERS = (
    gettext_noop("N°"),
    gettext_noop("Journée de jeu"),
    gettext_noop("Origine"),
    gettext_noop("Montant"),
    gettext_noop("Devise"),
    gettext_noop("Lieu"),
    gettext_noop("Description"),
    gettext_noop("Déposé par"),
    gettext_noop("Contresigné par"),
    gettext_noop("Restituable jusqu'au"),
    gettext_noop("Article"),
    gettext_noop("Corrigée par l'écriture n°"),
    gettext_noop("Statut"),
    gettext_noop("Clôturé par l'écriture n°"),
)



def orphelins_csv(rows: list[OrphelinRow]) -> str:
    """The register as a spreadsheet opens it in French: `;` between fields, decimal comma, BOM."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    with translation.override("fr"):
        writer.writerow([gettext(header) for header in CSV_HEADERS])
        for row in rows:
            entry, state = row.entry, row.state
            writer.writerow(
                [
                    entry.seq,
                    entry.gaming_day.isoformat(),
                    row.source_label,
                    number_format(row.amount, 2),
                    state.payload.get("currency", ""),
                    state.payload.get("location", ""),
                    state.payload.get("description", ""),
                    person(entry.actor),
                    person(entry.countersigner),
                    state.deadline.isoformat(),
                    state.citation,
                    state.corrected_by or "",
                    row.status_label,
                    state.closing.seq if state.closing else "",
                ]
            )
    return out.getvalue()




def awaiting_owner(*, user: User) -> list[OrphelinState]:
    """The found sums still registered, neither returned nor made definitive nor set aside by a correction, with
    the day their owner's period of art. 8 al. 3 ends (the « À faire » home): one query for the entries, one per
    casino for the period."""
    closed = Entry.objects.filter(refers_to=OuterRef("pk"), kind__in=[RETURNED, FINAL, EntryKind.CORRECTION])
    entries = list(Entry.objects.visible_to(user).filter(kind=FILED).exclude(Exists(closed))
                   .select_related("register__casino__jurisdiction").order_by("gaming_day", "seq"))
    days_of = defaultdict(set)
    for entry in entries:
        days_of[entry.register.casino].add(entry.gaming_day)
    periods = {(casino.pk, day): period for casino, days in days_of.items()
               for day, period in rule_values_on(jurisdiction=casino.jurisdiction, key=RETURN_PERIOD, days=days,
                                                 drafts=True).items()}
    return [orphelin_state(entry, period=periods[entry.register.casino_id, entry.gaming_day], closing=None,
                           known=True) for entry in entries]
