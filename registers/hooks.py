"""What the registers contribute to the points of compliance/hooks.py, connected at start-up by registers/apps.py:
the wiring, which knows every family, hands each point its part here and nowhere else (no family fills a point when
it is imported). Imported only by registers/apps.py, once the apps are ready."""

from compliance.hooks import (
    CASINO_CREATED,
    COUNTERSIGN_CHECKS,
    GAMING_REVENUE,
    HOUSE_RULES_IN_FORCE,
    LATE_AUDIT,
    PERSON_CHECKS,
    SETTLEMENTS,
)
from compliance.search import searcher_register
from compliance.todo import ACCOUNTANT, MANAGER, provider_register

from .admissions.services import person_check
from .appareils import jackpots
from .appareils import todo as machines
from .archive.services import casino_partitions_open
from .cards import excess
from .cards import revenue as cards_revenue
from .cards import todo as cards
from .cards.selectors import search_cards, search_clients
from .chain import todo as chain
from .chain.audit import entry_found
from .chain.kept import search_archived_entries
from .chain.selectors import search_entries
from .decks import services as decks
from .direction import todo as direction
from .keno import todo as keno
from .kinds import EntryKind
from .management.audit import CHECKS
from .notices import todo as notices
from .orphelins import todo as orphelins
from .poker import revenue as poker_revenue
from .poker import services as poker
from .poker.house_rules import house_rules_at
from .poker_room.selectors import search_hands
from .prelevements import todo as levies
from .tables import revenue as tables_revenue
from .tables import todo as tables
from .tables.progressif import todo as progressive_boards
from .tournaments import todo as tournaments


def contribute() -> None:
    # the règlement intérieur in force on a day, as a table session reads it (the Bataille's mise égalité)
    HOUSE_RULES_IN_FORCE.set(house_rules_at)
    # the part of a card win past the cap is paid as a hand-paid jackpot: the cards' check of that payment, run by the
    # jackpots (cards → appareils, never the reverse)
    SETTLEMENTS.add(excess.KEY, excess.SETTLEMENT)
    # a jackpot's win is checked again at its countersignature: its jackpot may have stopped or its level been won
    COUNTERSIGN_CHECKS.add(EntryKind.JACKPOT_WON, poker.win_still_payable)
    # a cagnotte count too: its table counted meanwhile that day by another count signed first
    COUNTERSIGN_CHECKS.add(EntryKind.CAGNOTTE_COUNTED, poker.count_still_single)
    # a hand-paid jackpot too: its receipt paid meanwhile by another payout, its machine gone from the floor
    COUNTERSIGN_CHECKS.add(EntryKind.JACKPOT_PAID, jackpots.payout_still_valid)
    # a destruction of decks too: their lot's retired decks destroyed meanwhile by another countersigned first
    COUNTERSIGN_CHECKS.add(EntryKind.DECKS_DESTROYED, decks.destruction_still_possible)
    # a late filing is audited against its register when a manager countersigns it
    LATE_AUDIT.add(late_audit)
    # a new casino's partitions of the entries and movements, made in their own transaction once it exists (made by its
    # first entry otherwise, which would lock every writer out until that entry's commit)
    CASINO_CREATED.add(partitions_open)
    # whom a card's issue or a tournament's entry identifies, checked against the casino's exclusion list and age
    PERSON_CHECKS.add(person_check)
    # a gaming day's gross revenue, each family's part, added up by the levy book (LU art. 88): the tables' win, the
    # cagnotte's establishment part, the slot machines' bets less their wins
    for order, revenue in enumerate((tables_revenue, poker_revenue, cards_revenue), start=10):
        GAMING_REVENUE.add(revenue.day_revenue, order=order)

    # the header's search finds cards, clients, register entries (live, then of the archived years) and poker deals
    searchers = (search_cards, search_clients, search_entries, search_archived_entries, search_hands)
    for order, searcher in enumerate(searchers, start=10):
        searcher_register(searcher, order=order)

    # what waits in the registers for each person, on the « À faire » home and in the menu's counts
    provider_register(chain.countersignatures, roles=(ACCOUNTANT, MANAGER), order=10)
    provider_register(orphelins.deadlines, roles=(ACCOUNTANT,), order=20)
    provider_register(tables.tables_to_close, roles=(ACCOUNTANT,), order=21)
    provider_register(cards.desks_to_count, roles=(ACCOUNTANT,), order=22)
    provider_register(cards.excesses_to_pay, roles=(MANAGER,), order=40)
    provider_register(levies.levies_to_transfer, roles=(ACCOUNTANT, MANAGER), order=23)
    provider_register(keno.tickets_to_pay, roles=(ACCOUNTANT, MANAGER), order=24)
    provider_register(progressive_boards.boards_to_read, roles=(ACCOUNTANT, MANAGER), order=25)
    provider_register(cards.blocked_cards, roles=(MANAGER,), order=41)
    provider_register(tournaments.to_publish, roles=(MANAGER,), order=45)
    provider_register(notices.to_post, roles=(MANAGER,), order=46)
    provider_register(direction.direction_to_do, roles=(MANAGER,), order=47)
    provider_register(machines.conditions_to_record, roles=(MANAGER,), order=47)


def late_audit(entry) -> list[tuple[str, str]]:
    """The entry's problems as registers_audit finds them, with every family's checks."""
    return entry_found(entry, CHECKS)


def partitions_open(casino) -> None:
    casino_partitions_open(casino, ahead=0)
