"""What the forms and the lists' page read of the casino's kept lists."""

from dataclasses import dataclass
from decimal import Decimal

from compliance.models import Casino

from ..models import Denomination, DenominationKind, Station


@dataclass(frozen=True)
class GridRow:
    """One row of a counting grid: a value (the key the services take, « 25.00 ») and what it is (chip, banknote)."""

    value: Decimal
    kinds: tuple[str, ...]

    @property
    def key(self) -> str:
        return str(self.value)

    @property
    def label(self) -> str:
        return ", ".join(str(DenominationKind(kind).label).lower() for kind in self.kinds)


def stations_of(casino: Casino) -> list[Station]:
    """Every desk and poker table of the casino, in service first."""
    return sorted(Station.objects.filter(casino=casino), key=lambda s: (s.kind, not s.active, s.name))


def station_names(casino: Casino, kind: str) -> list[str]:
    """The names a form offers: the desks (or poker tables) in service."""
    return list(Station.objects.filter(casino=casino, kind=kind, active=True).order_by("name")
                .values_list("name", flat=True))


def station_get(casino: Casino, pk) -> Station | None:
    return Station.objects.filter(casino=casino, pk=pk).first() if str(pk).isdigit() else None


def denominations_of(casino: Casino) -> list[Denomination]:
    return list(Denomination.objects.filter(casino=casino).order_by("-active", "-value", "kind"))


def denomination_get(casino: Casino, pk) -> Denomination | None:
    return Denomination.objects.filter(casino=casino, pk=pk).first() if str(pk).isdigit() else None


def grid(casino: Casino) -> list[GridRow]:
    """The rows of the casino's counting grid, highest value first: one per value in service (a chip and a banknote
    of the same value share it, as the slips count by value)."""
    kinds: dict[Decimal, list[str]] = {}
    for value, kind in (Denomination.objects.filter(casino=casino, active=True)
                        .order_by("-value", "kind").values_list("value", "kind")):
        kinds.setdefault(value, []).append(kind)
    return [GridRow(value, tuple(sorted(found, key=lambda kind: kind != "jeton"))) for value, found in kinds.items()]

