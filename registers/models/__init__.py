"""The registers' models: the hash chain every register shares, the electronic gaming cards, the slot
management systems, the table games. Migrations stay in registers/migrations."""

from .admissions import Admission, AdmissionPolicy, Exclusion
from .arretes import ArreteValue
from .cards import (
                          ArchivedBalance,
                          Card,
                          CardKind,
                          CardMovement,
                          CardStatus,
                          CardSystemCertificate,
                          CardTransfer,
                          Client,
)
from .chain import ArchivedHead, Checkpoint, Entry, GamingSession, KeptEntry, PendingEntry, Register, VerifiedCheckpoint
from .decks import DeckBalance
from .house_lists import Denomination, DenominationKind, Station, StationKind
from .notices import NoticeEvent
from .poker_room import Consignment, HandImport, PokerHand, PokerSession
from .poker_seance import Rebuy, SeanceClose
from .slot_systems import SlotRequest, SlotSystem
from .tables import BankMode, GamingTable, Slip, SlipKind, SlipVoid, TableSession
from .tournaments import (
                          AnteFormat,
                          ChipRace,
                          Tournament,
                          TournamentEntry,
                          TournamentOut,
                          TournamentPayout,
                          TournamentPlace,
)

__all__ = [
    "Admission", "AdmissionPolicy", "Exclusion",
    "ArchivedBalance", "ArchivedHead", "ArreteValue",
    "Card", "CardKind", "CardMovement", "CardStatus", "CardSystemCertificate", "CardTransfer", "Checkpoint", "Client",
    "Entry", "GamingSession", "KeptEntry", "PendingEntry", "Register", "VerifiedCheckpoint", "SlotRequest",
    "SlotSystem",
    "DeckBalance", "Denomination", "DenominationKind", "Station", "StationKind", "NoticeEvent",
    "Consignment", "HandImport", "PokerHand", "PokerSession", "Rebuy", "SeanceClose",
    "BankMode", "GamingTable", "Slip", "SlipKind", "SlipVoid", "TableSession",
    "AnteFormat", "ChipRace", "Tournament", "TournamentEntry", "TournamentOut", "TournamentPayout", "TournamentPlace",
]
