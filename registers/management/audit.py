"""`registers_audit`'s map of the checks of every (register, entry kind), each family's from its `checks.py`: the
wiring may import every family, the chain none (registers/chain/audit.py replays the registers with this map)."""

from compliance.hooks import AUDIT_CHECKS
from compliance.models import Casino

from ..appareils import checks as appareils
from ..cards import checks as cards
from ..cards import ledger_checks as ledger
from ..cards.caisse import checks as caisse
from ..chain import checks as chain
from ..chain.audit import Finding, RegisterAudit, registers_audit
from ..chain.replay import Problem, rendered
from ..decks import checks as decks
from ..direction import checks as direction
from ..keno import checks as keno
from ..kinds import REGISTER_ENTRY_KINDS
from ..kinds import EntryKind as Kind
from ..kinds import RegisterKind as Register
from ..models import NoticeEvent
from ..notices import checks as notices
from ..orphelins import checks as orphelins
from ..poker import checks as poker
from ..poker_room import checks as room
from ..poker_room.waiting import checks as waiting
from ..prelevements import checks as levies
from ..tables import checks as tables
from ..tables.progressif import checks as progressif
from ..tournaments import checks as tournaments

CHECKS = {
    (Register.ORPHELINS, Kind.ORPHELIN_FILED): (orphelins.orphelin_filed,),
    (Register.ORPHELINS, Kind.ORPHELIN_RETURNED): (orphelins.orphelin_returned,),
    (Register.ORPHELINS, Kind.ORPHELIN_FINAL): (orphelins.orphelin_final,),
    (Register.APPAREILS, Kind.MACHINE_INSTALLED): (appareils.machine_installed,),
    (Register.APPAREILS, Kind.MACHINE_NOTICE): (appareils.machine_notice,),
    (Register.APPAREILS, Kind.MACHINE_MOVED): (appareils.machine_moved,),
    (Register.APPAREILS, Kind.MACHINE_CONDITION): (appareils.machine_condition,),
    # a hand-paid jackpot may settle a card's win past its cap: the cards check that part (art. 3-4 7))
    (Register.JACKPOTS, Kind.JACKPOT_PAID): (appareils.jackpot_paid, ledger.excess_payment),
    (Register.CAGNOTTE, Kind.CAGNOTTE_COUNTED): (poker.cagnotte_counted,),
    # a séance opens with the decks its game requires issued to its table (registers/decks, where applied)
    (Register.CAGNOTTE, Kind.POKER_SESSION): (room.session_opened, decks.seance_opened_with_decks),
    (Register.CAGNOTTE, Kind.HANDS_IMPORTED): (room.hands_imported,),
    (Register.CAGNOTTE, Kind.STAKE_CONSIGNED): (room.stake_consigned,),
    (Register.CAGNOTTE, Kind.SEANCE_CLOSED): (room.seance_closed,),
    (Register.CAGNOTTE, Kind.REBUY): (room.rebuy_recorded,),
    (Register.CAGNOTTE, Kind.WAITING_LISTED): (waiting.player_inscribed,),
    (Register.CAGNOTTE, Kind.SEATS_DRAWN): (waiting.seats_drawn,),
    (Register.JACKPOT_PROGRESSIF, Kind.JACKPOT_CONFIGURED): (poker.progressive_configured,),
    (Register.JACKPOT_PROGRESSIF, Kind.JACKPOT_STATEMENT): (poker.progressive_statement,),
    (Register.JACKPOT_PROGRESSIF, Kind.JACKPOT_WON): (poker.progressive_won,),
    (Register.JACKPOT_PROGRESSIF, Kind.JACKPOT_STOPPED): (poker.progressive_stopped,),
    (Register.BAD_BEAT, Kind.JACKPOT_STATEMENT): (poker.bad_beat_statement,),
    (Register.BAD_BEAT, Kind.JACKPOT_WON): (poker.bad_beat_won,),
    (Register.BAD_BEAT, Kind.JACKPOT_STOPPED): (poker.bad_beat_stopped,),
    (Register.BAD_BEAT, Kind.JACKPOT_CONFIGURED): (poker.bad_beat_restarted,),
    (Register.BAD_BEAT, Kind.JACKPOT_NOTICE): (poker.bad_beat_noticed,),
    (Register.BAD_BEAT, Kind.JACKPOT_CARNET): (poker.bad_beat_noted,),
    (Register.CAGNOTTE, Kind.HOUSE_RULES): (poker.house_rules_recorded,),
    (Register.CARTES, Kind.CARD_ISSUED): (cards.card_issued,),
    (Register.CARTES, Kind.CARD_STATUS): (cards.card_status,),
    (Register.CARTES, Kind.CARD_LOADED): (ledger.card_loaded,),
    (Register.CARTES, Kind.CARD_BET): (ledger.card_bet,),
    (Register.CARTES, Kind.CARD_WON): (ledger.card_won,),
    (Register.CARTES, Kind.CARD_WIN_EXCESS): (ledger.card_win_excess,),
    (Register.CARTES, Kind.CARD_PAID_OUT): (ledger.card_paid_out,),
    (Register.CARTES, Kind.CARD_TRANSFERRED): (ledger.card_transferred,),
    (Register.CARTES, Kind.CARD_BENEFIT): (ledger.card_benefit,),
    (Register.CARTES, Kind.CARD_ADJUSTED): (ledger.card_adjusted,),
    (Register.CARTES, Kind.CARD_TO_ORPHELINS): (ledger.card_to_orphelins,),
    (Register.CARTES, Kind.DESK_COUNTED): (caisse.desk_counted,),
    (Register.AVANCES, Kind.TABLE_OPENED): (tables.table_opened, decks.table_opened_with_decks),
    (Register.AVANCES, Kind.TABLE_CLOSED): (tables.table_closed,),
    (Register.AVANCES, Kind.TABLE_LIMITS): (tables.limits_changed,),
    (Register.AVANCES, Kind.SLIP_FILL): (tables.slip_filed,),
    (Register.AVANCES, Kind.SLIP_CREDIT): (tables.slip_filed,),
    (Register.AVANCES, Kind.SLIP_VOID): (tables.slip_voided,),
    (Register.CARNETS_SPECIAUX, Kind.DROP_COUNTED): (tables.drop_counted,),
    (Register.CARNETS_SPECIAUX, Kind.SLIP_VOID): (tables.slip_voided,),
    (Register.CARNETS_SPECIAUX, Kind.COMMISSION): (tables.commission_counted,),
    (Register.CARNETS_SPECIAUX, Kind.RECONCILED): (tables.reconciled,),
    (Register.CARNETS_SPECIAUX, Kind.FINDING_FOLLOWED): (tables.finding_followed,),
    (Register.CARNETS_SPECIAUX, Kind.PROGRESSIVE_LOT): (progressif.progressive_configured,),
    (Register.CARNETS_SPECIAUX, Kind.PROGRESSIVE_READING): (progressif.progressive_read,),
    (Register.CARNETS_SPECIAUX, Kind.PROGRESSIVE_WIN): (progressif.progressive_won,),
    (Register.APPROBATIONS, Kind.APPROVAL_STEP): (chain.approval_step,),
    (Register.AVANCES, Kind.SLIPS_IMPORTED): (tables.slips_imported, decks.openings_imported_with_decks),
    (Register.TOURNOIS, Kind.TOURNAMENT_PUBLISHED): (tournaments.published,),
    (Register.TOURNOIS, Kind.TOURNAMENT_STARTED): (tournaments.started,),
    (Register.TOURNOIS, Kind.TOURNAMENT_ENTRY): (tournaments.sold,),
    (Register.TOURNOIS, Kind.TOURNAMENT_OUT): (tournaments.out,),
    (Register.TOURNOIS, Kind.TOURNAMENT_CHIP_RACE): (tournaments.raced,),
    (Register.TOURNOIS, Kind.TOURNAMENT_PAYOUT): (tournaments.paid,),
    (Register.TOURNOIS, Kind.TOURNAMENT_CLOSED): (tournaments.closed,),
    (Register.CARNETS_SPECIAUX, Kind.SLIPS_IMPORTED): (tables.slips_imported,),
    (Register.PRELEVEMENTS, Kind.LEVY_PARAMETERS): (levies.levy_parameters,),
    (Register.PRELEVEMENTS, Kind.LEVY_DAY): (levies.levy_day,),
    (Register.PRELEVEMENTS, Kind.LEVY_TRANSFER): (levies.levy_transfer,),
    (Register.JEUX_DE_CARTES, Kind.DECKS_RECEIVED): (decks.decks_received,),
    (Register.JEUX_DE_CARTES, Kind.DECKS_ISSUED): (decks.decks_issued,),
    (Register.JEUX_DE_CARTES, Kind.DECKS_RETURNED): (decks.decks_returned,),
    (Register.JEUX_DE_CARTES, Kind.DECKS_DESTROYED): (decks.decks_destroyed,),
    (Register.JEUX_DE_CARTES, Kind.DECKS_CONTROL): (decks.decks_control,),
    (Register.KENO, Kind.KENO_CLOSING): (keno.closing_recorded,),
    (Register.KENO, Kind.KENO_TICKET): (keno.ticket_sold,),
    (Register.KENO, Kind.KENO_DRAW): (keno.draw_recorded,),
    (Register.KENO, Kind.KENO_PAID): (keno.ticket_paid,),
    (Register.DIRECTION, Kind.COMMITTEE_CHANGED): (direction.committee_changed,),
    (Register.DIRECTION, Kind.DUTY_RECORDED): (direction.duty_recorded,),
    (Register.DIRECTION, Kind.DESIGNATION): (direction.designation_recorded,),
    (Register.DIRECTION, Kind.DESIGNATION_ENDED): (direction.designation_ended,),
    (Register.DIRECTION, Kind.DUTY_CORRECTED): (direction.duty_corrected,),
    # a correction, in any register that holds them (registers/chain/services.py)
    **{(register, Kind.CORRECTION): (chain.correction,)
       for register, kinds in REGISTER_ENTRY_KINDS.items() if Kind.CORRECTION in kinds},
    # the basis a casino applies a draft on, in every register
    **{(register, Kind.DRAFT_BASIS): (chain.draft_basis,) for register in REGISTER_ENTRY_KINDS},
    # a signed report's record, in the register it covers (compliance/reports)
    **{(register, Kind.REPORT_SIGNED): (chain.report_signed,) for register in REGISTER_ENTRY_KINDS},
    # a citation rectified beside the entry that wrote it (registers_recite), in every register
    **{(register, Kind.RECITATION): (chain.recitation,) for register in REGISTER_ENTRY_KINDS},
}


def checkers() -> dict:
    """The families' checks, and after them those the apps above the registers contribute (compliance.hooks)."""
    found = dict(CHECKS)
    for key, check in AUDIT_CHECKS.items():
        register, entry_kind = key.split("/")
        found[(register, entry_kind)] = (*found.get((register, entry_kind), ()), check)
    return found


def audit(*, casino_code: str | None = None, kind: str | None = None) -> list[RegisterAudit]:
    """Every register (or one casino's, or one kind) re-validated entry by entry, then, unless one kind is asked, each
    casino's notices (registers/notices: rows beside the chain, audited as one more book); read-only."""
    audits = registers_audit(checkers=checkers(), casino_code=casino_code, kind=kind)
    return audits if kind else audits + notices_audits(casino_code)


NOTICES = "avis"  # the book's name in the audit's lines: « <casino>/avis n° <posting or withdrawal> »


def notices_audits(casino_code: str | None = None) -> list[RegisterAudit]:
    """Each casino's postings and withdrawals of notices asked again the controls of their services
    (registers.notices.checks.notices_audit), one book per casino that has any."""
    casinos = Casino.objects.select_related("jurisdiction").filter(
        pk__in=NoticeEvent.objects.values("casino_id")).order_by("code")
    if casino_code:
        casinos = casinos.filter(code=casino_code)
    found = []
    for casino in casinos:
        rows = {event.pk: event for event in NoticeEvent.objects.filter(casino=casino).only("pk", "action", "day")}
        label, findings = f"{casino.code}/{NOTICES}", {}
        for item in notices.notices_audit(casino):
            said = item.problem
            findings.setdefault(item.number, []).append(Problem(*rendered(said.message, casino, **said.params),
                                                                str(said.citation)))
        found.append(RegisterAudit(label, len(rows), [
            Finding(label, number, rows[number].action, rows[number].day, tuple(problems))
            for number, problems in sorted(findings.items())]))
    return found
