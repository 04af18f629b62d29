"""Reads behind the registers' pages and API: every one goes through `visible_to`, so a casino user
sees their casino only and a regulator the casinos of their jurisdiction.

The chain itself is verified and exported by registers/selectors.py; orphans' states come from
registers/orphelins.py. This module only gathers what a page shows."""

import csv
import datetime
import io
import json
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Max
from django.shortcuts import get_object_or_404
from django.utils import timezone, translation
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import Casino, User
from games.selectors import rule_value_at

from .caisse import COUNTED as DESK_COUNTED
from .card_pages import OPERATIONS as CARD_OPERATIONS
from .cards import STATUS as CARD_STATUS
from .models import Checkpoint, Entry, PendingEntry, Register, RegisterKind
from .orphelins import FILED, FINAL, RETURNED, SOURCES, OrphelinState, orphelin_list

STATUSES = {"registered": _("enregistré"), "returned": _("restitué"), "final": _("définitif")}
UNKNOWN_STATUS = _("Statut inconnu : « {value} » (attendu : registered, returned ou final).")
ENTRY_KINDS = {
    FILED: _("Enregistrement d'un orphelin"),
    RETURNED: _("Restitution au propriétaire"),
    FINAL: _("Orphelin définitif"),
    **CARD_OPERATIONS,
    CARD_STATUS: _("Changement d'état d'une carte"),
    DESK_COUNTED: _("Comptage d'une caisse"),
}
# The labels of orphelins.SOURCES, marked here so that the English catalogue translates them; the
# register itself keeps the French label in its (hashed) payload.
SOURCE_LABELS = (
    gettext_noop("Somme trouvée sur une table de jeu"),
    gettext_noop("Crédits oubliés au compteur d'un appareil à sous"),
    gettext_noop("Pièces ou tokens tombés à terre"),
    gettext_noop("Carte de jeu électronique non nominative trouvée"),
    gettext_noop("Solde d'une carte nominative non réclamée après la garde"),
    gettext_noop("Mise consignée d'un joueur absent, non réclamée en fin de séance"),
)


PROBLEMS = {
    "changed": _("contenu modifié après son enregistrement"),
    "missing": _("écriture manquante ou en double"),
    "reordered": _("écritures déplacées"),
    "broken_link": _("chaînage rompu"),
    "truncated": _("registre tronqué après un point de contrôle signé"),
    "bad_signature": _("signature de point de contrôle invalide"),
    "checkpoint_mismatch": _("écriture différente du point de contrôle signé"),
}


def problem_label(kind: str) -> str:
    return str(PROBLEMS.get(kind, kind))


def source_label(source: str) -> str:
    return gettext(SOURCES[source][0]) if source in SOURCES else source


def source_choices() -> list[tuple[str, str]]:
    return [(key, source_label(key)) for key in SOURCES]


def kind_label(kind: str) -> str:
    return str(ENTRY_KINDS.get(kind, kind))


def register_kind_label(kind: str) -> str:
    return str(RegisterKind(kind).label) if kind in RegisterKind.values else kind


# --- the list of registers -----------------------------------------------------------------------


@dataclass(frozen=True)
class RegisterRow:
    casino: Casino
    kind: str
    register: Register | None  # None: a register the casino keeps but nothing was filed in yet
    entries: int = 0
    head_seq: int | None = None
    last_checkpoint: Checkpoint | None = None
    pending: int = 0

    @property
    def label(self) -> str:
        return register_kind_label(self.kind)


# The registers whose services read rule data: they exist where that data does (Luxembourg today).
RULE_OF_KIND = {
    RegisterKind.ORPHELINS: "lu.orphelins.delai_restitution",
    RegisterKind.APPAREILS: "lu.appareils_a_sous.evenements_information_prealable",
    RegisterKind.JACKPOT_PROGRESSIF: "lu.jackpot_progressif.niveaux_max",
    RegisterKind.BAD_BEAT: "lu.bad_beat_jackpot.preavis_arret_volontaire",
}


def kind_applies(casino: Casino, kind: str, on: datetime.date | None = None) -> bool:
    """Whether the casino's rule data holds what this register's services need."""
    key = RULE_OF_KIND.get(kind)
    if key is None:
        return True
    try:
        rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=on or timezone.localdate(), drafts=True)
    except DomainError:
        return False
    return True


def register_overview(*, user: User) -> list[tuple[Casino, list[RegisterRow]]]:
    """Per visible casino, each of its registers with its size, head, last checkpoint and queue."""
    casinos = list(Casino.objects.visible_to(user).select_related("jurisdiction"))
    registers = list(Register.objects.visible_to(user).select_related("casino"))
    ids = [r.pk for r in registers]
    sizes = {
        row["register"]: row
        for row in Entry.objects.filter(register__in=ids)
        .values("register")
        .annotate(count=Count("id"), head=Max("seq"))
        .order_by()
    }
    pending = dict(
        PendingEntry.objects.filter(register__in=ids, entry__isnull=True)
        .values("register")
        .annotate(count=Count("id"))
        .order_by()
        .values_list("register", "count")
    )
    checkpoints = {
        c.register_id: c
        for c in Checkpoint.objects.filter(register__in=ids)
        .select_related("signed_by")
        .order_by("register_id", "-size", "-signed_at")
        .distinct("register_id")
    }
    by_casino: dict[int, list[RegisterRow]] = {casino.pk: [] for casino in casinos}
    for register in registers:
        size = sizes.get(register.pk, {})
        by_casino.setdefault(register.casino_id, []).append(
            RegisterRow(
                register.casino,
                register.kind,
                register,
                size.get("count", 0),
                size.get("head"),
                checkpoints.get(register.pk),
                pending.get(register.pk, 0),
            )
        )
    for casino in casinos:
        rows = by_casino[casino.pk]
        if not any(row.kind == RegisterKind.ORPHELINS for row in rows) and kind_applies(casino, RegisterKind.ORPHELINS):
            rows.append(RegisterRow(casino, RegisterKind.ORPHELINS, None))
        rows.sort(key=lambda row: row.kind)
    return [(casino, by_casino[casino.pk]) for casino in casinos]


def register_get(*, user: User, casino_code: str, kind: str) -> Register:
    return get_object_or_404(
        Register.objects.visible_to(user).select_related("casino__jurisdiction"), casino__code=casino_code, kind=kind
    )


def register_find(*, user: User, casino: Casino, kind: str) -> Register | None:
    """The register if anything was ever filed in it (reading never creates one)."""
    return Register.objects.visible_to(user).filter(casino=casino, kind=kind).first()


# --- orphelins -----------------------------------------------------------------------------------


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
        return self.state.status == "registered" and timezone.localdate() > self.state.deadline


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
    gettext_noop("Statut"),
    gettext_noop("Clôturé par l'écriture n°"),
)


def _person(user: User | None) -> str:
    return (user.get_full_name() or user.username) if user is not None else ""


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
                    _person(entry.actor),
                    _person(entry.countersigner),
                    state.deadline.isoformat(),
                    state.citation,
                    row.status_label,
                    state.closing.seq if state.closing else "",
                ]
            )
    return out.getvalue()


# --- countersignature queue ------------------------------------------------------------------------


@dataclass(frozen=True)
class PendingRow:
    pending: PendingEntry

    @property
    def payload(self) -> dict:
        return json.loads(self.pending.payload)

    @property
    def amount(self) -> Decimal | None:
        raw = self.payload.get("amount")
        return Decimal(raw) if raw is not None else None

    @property
    def kind_label(self) -> str:
        return kind_label(self.pending.kind)

    @property
    def where(self) -> str:
        payload = self.payload
        return payload.get("location") or payload.get("machine") or payload.get("table") or ""

    @property
    def source_label(self) -> str:
        return source_label(self.payload.get("source", ""))


def pending_list(*, user: User, register: Register | None = None) -> list[PendingRow]:
    """The filings still waiting for their second signature."""
    queue = (
        PendingEntry.objects.visible_to(user)
        .filter(entry__isnull=True)
        .select_related("register__casino__jurisdiction", "actor")
        .order_by("created_at", "pk")
    )
    if register is not None:
        queue = queue.filter(register=register)
    return [PendingRow(pending) for pending in queue]


def pending_get(*, user: User, pk: int) -> PendingEntry:
    return get_object_or_404(PendingEntry.objects.visible_to(user).select_related("register__casino", "actor"), pk=pk)


# --- one entry -------------------------------------------------------------------------------------


def entry_get(*, user: User, casino_code: str, kind: str, seq: int) -> Entry:
    return get_object_or_404(
        Entry.objects.visible_to(user).select_related(
            "register__casino__jurisdiction", "actor", "countersigner", "refers_to"
        ),
        register__casino__code=casino_code,
        register__kind=kind,
        seq=seq,
    )


def entry_followers(entry: Entry) -> list[Entry]:
    return list(entry.followers.select_related("actor", "countersigner").order_by("seq"))


def entry_has_next(entry: Entry) -> bool:
    return Entry.objects.filter(register_id=entry.register_id, seq=entry.seq + 1).exists()


def entry_citation(entry: Entry) -> str | None:
    """The article the entry rests on, when its payload names one."""
    citation = json.loads(entry.payload).get("citation")
    return citation if isinstance(citation, str) else None


def payload_pretty(entry: Entry | PendingEntry) -> str:
    return json.dumps(json.loads(entry.payload), indent=2, ensure_ascii=False, sort_keys=True)


REGISTER_CSV_HEADERS = (
    gettext_noop("N°"), gettext_noop("Journée de jeu"), gettext_noop("Nature"), gettext_noop("Déposé par"),
    gettext_noop("Contresigné par"), gettext_noop("Enregistré le"), gettext_noop("Montant"), gettext_noop("Devise"),
    gettext_noop("Se rapporte au n°"), gettext_noop("Contenu"), gettext_noop("Empreinte"),
)


def register_csv(register: Register, label=lambda kind: kind) -> str:
    """Any register as a French spreadsheet: every entry, its amount when it has one, its full content."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    entries = (Entry.objects.filter(register=register).order_by("seq")
               .select_related("actor", "countersigner", "refers_to"))
    with translation.override("fr"):
        writer.writerow([gettext(header) for header in REGISTER_CSV_HEADERS])
        for entry in entries.iterator(2000):
            payload = json.loads(entry.payload)
            amount = payload.get("amount")
            writer.writerow([
                entry.seq, entry.gaming_day.isoformat(), label(entry.kind), _person(entry.actor),
                _person(entry.countersigner), timezone.localtime(entry.recorded_at).isoformat(timespec="seconds"),
                number_format(Decimal(amount), 2) if amount else "", payload.get("currency", ""),
                entry.refers_to.seq if entry.refers_to_id else "", entry.payload, entry.hash,
            ])
    return out.getvalue()
