"""The audit's checks of the slot machine register (LU RGD 1979 art. 17, 18-1) and of the hand-paid jackpots (art.
18-10) (`registers_audit`): each entry against the rules of registers/appareils/services.py and jackpots.py. The
machines are replayed as registers/appareils/selectors.py reads them: an installation puts a machine in service, a
notice is kept with its machine, a move sets the state its event leads to."""

from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from ..chain.replay import HOUSE_RULE, Audited, Check, Counted, Problem, Replay
from .errors import in_reserve
from .errors import installed as installed_words
from .jackpots import jackpot_citation, receipt_citation
from .selectors import APPAREIL_STATES, EVENT_LABELS, EVENTS, ON_FLOOR
from .services import CERTIFICATE, MACHINE_MAX

NOTICES_RULE = "lu.appareils_a_sous.evenements_information_prealable"


def _register_rule(replay: Replay, entry: Audited) -> str:
    """Art. 18-1 (the machines and their moves), as the rule data cites it on the entry's day."""
    return replay.cited(NOTICES_RULE, entry.gaming_day)

MACHINE_EXISTS = _("L'appareil « {machine} » est déjà inscrit au registre (écriture n° {seq}).")
MACHINE_UNKNOWN = _("Appareil inconnu du registre avant cette écriture : « {machine} ».")
GAMES_NOT_CERTIFIED = _("Jeux chargeables non couverts par le certificat de conformité : {games}.")
UNKNOWN_EVENT = _("Changement d'état inconnu : « {event} ».")
NOTICE_LATE = _("L'avis doit précéder la date d'effet : envoyé le {sent}, effet le {day}.")
DESTRUCTION = _("La destruction d'un appareil mis hors service n'est pas permise.")
BAD_MOVE = _("Un appareil « {state} » ne peut pas faire l'objet d'une « {event} ».")
NO_NOTICE = _("Aucun avis écrit au Ministre n'est enregistré avant ce changement pour « {event} » de l'appareil "
              "« {machine} » avec effet le {day}.")
NOT_ITS_NOTICE = _("L'écriture ne se rapporte pas à l'avis qui annonce ce changement (avis n° {notices}).")
RESERVE_FULL = _("Réserve pleine : {reserve} pour {installed}, au plus {limit} %.")
RECEIPT = _("L'original de la quittance n'est pas déclaré conservé dans l'armoire à deux clés.")


@dataclass
class AppareilState:
    state: str
    installed: int | None = None  # n° of its installation
    notices: dict[int, tuple[str, str]] = field(default_factory=dict)  # n° → (event, effective day)


def _fleet(replay: Replay) -> dict[str, AppareilState]:
    return replay.part("appareils.fleet", dict)


def _appareil(replay: Replay, check: Check) -> AppareilState | None:
    name = check.entry.payload.get("machine")
    machine = _fleet(replay).get(name) if isinstance(name, str) else None
    if machine is None:
        check.fail(MACHINE_UNKNOWN, _register_rule(check.replay, check.entry), machine=name)
    return machine


def _citing_notices(replay: Replay, entry: Audited) -> Check:
    """A check citing the rule of the notices to the Minister (art. 18-1 a) to d))."""
    check = Check(replay, entry, _register_rule(replay, entry))
    rule = check.rule(NOTICES_RULE)
    check.citation = str(rule.citation) if rule else HOUSE_RULE
    return check


def machine_installed(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 17 3°: a machine not in the register yet, with its manufacturer and certificate of conformity, which for a
    server-based machine covers every downloadable game."""
    certificate = replay.rule(f"lu.appareils_a_sous.{CERTIFICATE}", entry.gaming_day)
    check, payload = Check(replay, entry, str(certificate.citation) if certificate else HOUSE_RULE), entry.payload
    check.text("machine", max_length=MACHINE_MAX)
    check.text("manufacturer")
    check.text("certificate")
    for key in ("games", "certified_games"):
        for game in check.items(key):
            check.text(key, value=game)
    name = payload.get("machine")
    existing = _fleet(replay).get(name) if isinstance(name, str) else None
    if existing is not None:
        check.fail(MACHINE_EXISTS, _register_rule(replay, entry), machine=name, seq=existing.installed or "—")
    if payload.get("server_based"):
        games, certified = (set(map(str, check.items(key))) for key in ("games", "certified_games"))
        uncovered = sorted(games - certified)
        if uncovered:
            check.fail(GAMES_NOT_CERTIFIED, games=", ".join(uncovered))
    if isinstance(name, str):
        machine = _fleet(replay).setdefault(name, AppareilState("en_service", entry.seq))
        machine.state = "en_service"
    return check.problems


def machine_notice(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 18-1: the written notice to the Minister of a change of state of a machine of the register, sent no later
    than the day it takes effect."""
    check, payload = _citing_notices(replay, entry), entry.payload
    machine = _appareil(replay, check)
    if payload.get("event") not in EVENTS:
        check.fail(UNKNOWN_EVENT, event=payload.get("event"))
    effective, sent = check.day("effective"), check.day("sent_on")
    if effective and sent and sent > effective:
        check.fail(NOTICE_LATE, sent=sent, day=effective)
    check.text("reference", max_length=200)  # as appareil_notice bounds it
    if machine is None and isinstance(payload.get("machine"), str):  # the selectors keep it, in an unknown state
        machine = _fleet(replay).setdefault(payload["machine"], AppareilState("inconnu"))
    if machine is not None:
        machine.notices[entry.seq] = (payload.get("event"), payload.get("effective"))
    return check.problems


def machine_moved(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 18-1: a change a machine's state allows, on the effective day of the notice that announced it (the entry
    refers to it), never a destruction, the reserve within its share of the installed machines."""
    check = _citing_notices(replay, entry)
    event, day = entry.payload.get("event"), entry.gaming_day.isoformat()  # as a notice's payload writes it
    destruction = check.rule("lu.appareils_a_sous.destruction_interdite")
    if event == "destruction" and destruction is not None and destruction.value:
        check.fail(DESTRUCTION, str(destruction.citation))
    elif event not in EVENTS:
        check.fail(UNKNOWN_EVENT, event=event)
    machine = _appareil(replay, check)
    if event not in EVENTS:
        return check.problems
    after, allowed, _index = EVENTS[event]
    if machine is None:  # the selectors keep it, in the state its event leads to
        if isinstance(entry.payload.get("machine"), str):
            _fleet(replay)[entry.payload["machine"]] = AppareilState(after)
        return check.problems
    if machine.state not in allowed:
        check.fail(BAD_MOVE, state=APPAREIL_STATES.get(machine.state, machine.state), event=EVENT_LABELS[event])
    announcing = [seq for seq, (noticed, effective) in machine.notices.items() if (noticed, effective) == (event, day)]
    referred = replay.referred(entry)
    if not announcing:
        check.fail(NO_NOTICE, event=EVENT_LABELS[event], machine=entry.payload.get("machine"), day=entry.gaming_day)
    elif referred is None or referred[0] not in announcing or entry.payload.get("notice_seq") != referred[0]:
        check.fail(NOT_ITS_NOTICE, notices=", ".join(map(str, announcing)))
    if event == "reserve":
        _check_reserve(replay, check, entry.payload["machine"])
    machine.state = after
    return check.problems


def _check_reserve(replay: Replay, check: Check, moved: str) -> None:
    rule = check.rule("lu.appareils_a_sous.reserve_max")
    if rule is None:
        return
    share = Decimal(str(rule.value))
    states = {number: machine.state for number, machine in _fleet(replay).items()} | {moved: "reserve"}
    installed = sum(state in ON_FLOOR for state in states.values())
    reserve = sum(state == "reserve" for state in states.values())
    if reserve > share * installed:
        check.fail(RESERVE_FULL, str(rule.citation), reserve=Counted(reserve, in_reserve),
                   installed=Counted(installed, installed_words), limit=f"{share * 100:.0f}")


def jackpot_paid(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 18-10: a jackpot paid by hand, its machine, amount and receipt, the original receipt in the two-key
    cabinet, signed by the cashier and the chef de salle. What the payout settles is checked by its owner (the
    cards' excess: registers/cards/checks.py)."""
    check = Check(replay, entry, jackpot_citation(replay.casino, entry.gaming_day))
    check.countersigned()
    check.text("machine", max_length=MACHINE_MAX)
    check.text("receipt", max_length=60)  # as jackpot_manual_payout_file bounds it
    check.amount("amount")
    check.currency()
    if entry.payload.get("receipt_in_cabinet") is not True:
        check.fail(RECEIPT, receipt_citation(replay.casino, entry.gaming_day))
    return check.problems
