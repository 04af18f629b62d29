"""The casino's kept lists changed by its management, each change audited with its actor: a desk or a poker table
added (or put back in service) and retired, a chip or banknote added and retired. Nothing is deleted: an entry that
named a retired desk keeps its name, and a retired item may be put back."""

from decimal import Decimal, InvalidOperation

from django.db import transaction

from compliance.errors import DomainError
from compliance.models import AuditAction, Casino, User
from compliance.services import audit_record
from registers.errors import ErrorCode

from ..chain.services import verify_actor
from ..fields import clean_text
from ..models import Denomination, DenominationKind, Station, StationKind
from ..money import CENT
from . import errors

NAME_MAX = 60  # as the entries bound a desk's name (cards/ledger.py, caisse/services.py)
VALUE_MAX = Decimal("999999999999.99")


def _verify_manager(actor: User, casino: Casino) -> None:
    verify_actor(actor, casino)
    if actor.is_casino_staff and actor.role != User.Role.MANAGER:
        raise DomainError(errors.MANAGER_ONLY, code=ErrorCode.WRONG_ROLE, field="actor")


def _audit(actor: User, casino: Casino, action: str, target: str, pk: int, details: dict) -> None:
    audit_record(actor=actor, action=action, casino=casino, target_type=target, target_id=pk, details=details)


@transaction.atomic
def station_add(*, casino: Casino, actor: User, kind: str, name: str, game: str = "") -> Station:
    """A desk or a poker table put in the casino's list (or back in service, when retired before)."""
    _verify_manager(actor, casino)
    if kind not in StationKind.values:
        raise DomainError(errors.KIND_UNKNOWN.format(value=kind), code=ErrorCode.INVALID, field="kind")
    name = " ".join(clean_text(name, field="name", max_length=NAME_MAX).split())
    game = clean_text(game, field="game", max_length=NAME_MAX, optional=True)
    station = Station.objects.select_for_update().filter(casino=casino, kind=kind, name=name).first()
    if station is not None and station.active:
        raise DomainError(errors.NAME_TAKEN.format(name=name, kind=StationKind(kind).label),
                          code=ErrorCode.DUPLICATE, field="name")
    if station is None:
        station = Station.objects.create(casino=casino, kind=kind, name=name, game=game)
    else:
        station.active, station.game = True, game or station.game
        station.save(update_fields=["active", "game"])
    _audit(actor, casino, AuditAction.HOUSE_LIST_ADDED, "station", station.pk,
           {"liste": kind, "nom": name, "jeu": station.game})
    return station


@transaction.atomic
def station_retire(*, station: Station, actor: User) -> Station:
    """A desk or a poker table no longer offered by the forms; the entries that name it keep it."""
    station = Station.objects.select_for_update().select_related("casino").get(pk=station.pk)
    _verify_manager(actor, station.casino)
    if not station.active:
        raise DomainError(errors.ALREADY_RETIRED.format(name=station.name), code=ErrorCode.NOT_ACTIVE, field="station")
    station.active = False
    station.save(update_fields=["active"])
    _audit(actor, station.casino, AuditAction.HOUSE_LIST_RETIRED, "station", station.pk,
           {"liste": station.kind, "nom": station.name})
    return station


def _value(raw, casino: Casino) -> Decimal:
    try:
        value = Decimal(str(raw).strip().replace(",", ".").replace(" ", "").replace("\u202f", ""))
        exact = value.is_finite() and 0 < value <= VALUE_MAX and value == value.quantize(CENT)
    except (InvalidOperation, ValueError):
        exact = False
    if not exact:
        raise DomainError(errors.DENOMINATION_INVALID.format(value=raw, currency=casino.currency),
                          code=ErrorCode.INVALID, field="value")
    return value.quantize(CENT)


@transaction.atomic
def denomination_add(*, casino: Casino, actor: User, value, kind: str) -> Denomination:
    """A chip or a banknote of the casino's currency, one row of its counting grid (or back in service)."""
    _verify_manager(actor, casino)
    if kind not in DenominationKind.values:
        raise DomainError(errors.DENOMINATION_KIND_UNKNOWN.format(value=kind), code=ErrorCode.INVALID, field="kind")
    value = _value(value, casino)
    found = Denomination.objects.select_for_update().filter(casino=casino, value=value, kind=kind).first()
    if found is not None and found.active:
        raise DomainError(errors.DENOMINATION_TAKEN.format(value=value, kind=DenominationKind(kind).label),
                          code=ErrorCode.DUPLICATE, field="value")
    if found is None:
        found = Denomination.objects.create(casino=casino, value=value, kind=kind)
    else:
        found.active = True
        found.save(update_fields=["active"])
    _audit(actor, casino, AuditAction.HOUSE_LIST_ADDED, "denomination", found.pk,
           {"liste": "coupure", "valeur": value, "nature": kind, "devise": casino.currency})
    return found


@transaction.atomic
def denomination_retire(*, denomination: Denomination, actor: User) -> Denomination:
    """A chip or a banknote no longer counted: its row leaves the grid; the slips that counted it keep it."""
    found = Denomination.objects.select_for_update().select_related("casino").get(pk=denomination.pk)
    _verify_manager(actor, found.casino)
    if not found.active:
        raise DomainError(errors.ALREADY_RETIRED.format(name=found.value), code=ErrorCode.NOT_ACTIVE,
                          field="denomination")
    found.active = False
    found.save(update_fields=["active"])
    _audit(actor, found.casino, AuditAction.HOUSE_LIST_RETIRED, "denomination", found.pk,
           {"liste": "coupure", "valeur": found.value, "nature": found.kind})
    return found
