"""The one catalogue of the registers and of the kinds of their entries, with their French labels (English in
locale/en). Pages, API, CSV and PDF name a register or an entry through this module only.

An entry's kind is stored in its hashed content: a value here is never renamed, only added."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class RegisterKind(models.TextChoices):
    ORPHELINS = "orphelins", _("Orphelins (sommes trouvées)")  # LU RGD 1979 art. 8, 18-12
    JACKPOTS = "jackpots", _("Paiements manuels de jackpots")  # art. 18-10
    JACKPOT_PROGRESSIF = "jackpot_progressif", _("Jackpots progressifs de poker")  # art. 49-9 to 49-11
    BAD_BEAT = "bad_beat", _("Bad beat jackpot")  # art. 49-12 to 49-15
    CAGNOTTE = "cagnotte", _("Cagnotte")  # art. 97-1
    APPAREILS = "appareils", _("Appareils à sous")  # art. 17, 18-1
    CARTES = "cartes", _("Cartes de jeu électroniques")  # art. 3-1 to 3-4, 18-14
    AVANCES = "avances", _("Carnet d'avances des tables")  # art. 9, 21, 37-17, 97-1
    CARNETS_SPECIAUX = "carnets_speciaux", _("Carnets spéciaux des tables")  # art. 97-1: drop counts, the day's result
    # the requests and notices filed with the authority and each step of their review (compliance/approvals)
    APPROBATIONS = "approbations", _("Demandes d'approbation et avis à l'autorité")
    TOURNOIS = "tournois", _("Tournois")  # QC RJC art. 123 to 127, LU RGD 1979 art. 49-17
    PRELEVEMENTS = "prelevements", _("Carnet de prélèvement")  # LU RGD 1979 art. 88, 89-1, 97-1 (draft)
    # the playing-card decks: received, issued to a table or a poker séance, returned, destroyed (registers/decks)
    JEUX_DE_CARTES = "jeux_de_cartes", _("Stock de jeux de cartes")
    KENO = "keno", _("Keno : billets, tirages et paiements")  # QC RJC art. 86
    DIRECTION = "direction", _("Registre de la direction")  # LU RGD 1979 art. 18-6, 51, 52 (draft)


class EntryKind(models.TextChoices):
    # orphelins
    ORPHELIN_FILED = "orphelin.enregistrement", _("Enregistrement d'un orphelin")  # found money, countersigned
    ORPHELIN_RETURNED = "orphelin.restitution", _("Restitution au propriétaire")  # within the period of art. 8
    ORPHELIN_FINAL = "orphelin.definitif", _("Orphelin définitif")  # the period has run
    # slot machines and hand-paid jackpots
    MACHINE_INSTALLED = "appareil.installation", _("Installation d'un appareil")  # with its certificate
    MACHINE_NOTICE = "appareil.avis_ministre", _("Avis écrit au Ministre")  # before a change of state
    MACHINE_MOVED = "appareil.mouvement", _("Changement d'état d'un appareil")  # reserve, out of service …
    # the condition (art. 17 al. 2 5°) of a machine installed before Vigie asked it, recorded by the management
    MACHINE_CONDITION = "appareil.etat", _("État d'un appareil déjà installé")
    JACKPOT_PAID = "jackpot.paiement_manuel", _("Paiement manuel d'un jackpot")  # art. 18-10
    # poker room
    CAGNOTTE_COUNTED = "cagnotte.comptage", _("Comptage de la cagnotte")  # a table's gaming day
    # the poker room (registers/poker_room): a table's session opened, the deals of a day imported (their digest), a
    # stake set aside for an absent player and not claimed by the end of the session (art. 49-1)
    POKER_SESSION = "poker.seance", _("Ouverture d'une séance de poker")
    HANDS_IMPORTED = "poker.mains", _("Import des mains du salon de poker")
    STAKE_CONSIGNED = "poker.consignation", _("Mise consignée non réclamée")
    # a table's séance closed with its caisse de change counted (art. 49-3 al. 4), a player's recave (art. 49-1)
    SEANCE_CLOSED = "poker.fermeture", _("Fermeture d'une séance de poker")
    REBUY = "poker.recave", _("Recave d'un joueur")
    # the waiting list (registers/poker_room/waiting, LU art. 49-1, 49-5): a player inscribed; a call of the list at a
    # table, its seats drawn from a recorded seed
    WAITING_LISTED = "poker.liste_attente", _("Inscription sur la liste d'attente")
    SEATS_DRAWN = "poker.tirage_des_places", _("Appel de la liste d'attente et tirage des places")
    # the casino's house rules for its poker jackpots, a dated version (registers/poker/house_rules.py)
    HOUSE_RULES = "poker.reglement_interieur", _("Règlement intérieur du salon de poker")
    JACKPOT_CONFIGURED = "jackpot.configuration", _("Configuration du jackpot")  # levels, start values
    JACKPOT_STATEMENT = "jackpot.releve", _("Relevé de fin de séance")  # displayed amounts, session sum
    JACKPOT_WON = "jackpot.gain", _("Gain du jackpot")  # progressive or bad beat, countersigned
    JACKPOT_STOPPED = "jackpot.arret", _("Arrêt du jackpot")  # voluntary or breakdown
    JACKPOT_NOTICE = "jackpot.avis_ministre", _("Avis au Ministre d'un arrêt volontaire")  # LU art. 49-14 al. 2
    JACKPOT_CARNET = "jackpot.carnet_de_compte", _("Carnet de compte (panne)")  # LU art. 49-14 al. 3
    # electronic gaming cards
    CARD_ISSUED = "carte.emission", _("Émission")
    CARD_STATUS = "carte.statut", _("Changement d'état d'une carte")  # blocked, lost, found, expired, closed
    CARD_LOADED = "carte.chargement", _("Chargement")  # at a cash desk
    CARD_BET = "carte.mise", _("Mise")  # debited by a slot machine
    CARD_WON = "carte.gain", _("Gain")  # credited up to the cap
    CARD_WIN_EXCESS = "carte.gain_excedent", _("Gain au-delà du plafond, à payer à la main")  # art. 3-4 7)
    CARD_PAID_OUT = "carte.paiement", _("Paiement du solde")  # at a cash desk, art. 3-1 5)
    CARD_TRANSFERRED = "carte.transfert", _("Transfert")  # between one client's cards, art. 3-1 8)
    CARD_BENEFIT = "carte.avantage", _("Points et jeux gratuits")  # nominative cards only, art. 3-1 11)
    CARD_ADJUSTED = "carte.ajustement", _("Ajustement du solde")  # by a supervisor, with its reason
    CARD_TO_ORPHELINS = "carte.orphelin", _("Solde versé aux orphelins")  # a found card's balance, art. 3-4 8)
    DESK_COUNTED = "caisse.comptage", _("Comptage d'une caisse")  # the caisse spéciale, art. 18-14
    # table games: a session's opening and closing inventories, fills, credits, voids (carnet d'avances), drop counts
    # and Pai Gow commissions (carnets spéciaux); one entry per slip filed by hand, one per imported file
    TABLE_OPENED = "table.ouverture", _("Ouverture d'une table")
    TABLE_CLOSED = "table.fermeture", _("Fermeture d'une table")
    TABLE_LIMITS = "table.limites", _("Changement des limites d'une table")  # during the séance, art. 37-11, 37-17
    SLIP_FILL = "table.approvisionnement", _("Approvisionnement")
    SLIP_CREDIT = "table.credit", _("Crédit")
    SLIP_VOID = "table.annulation", _("Annulation d'un bordereau")  # its reason, two signatures
    DROP_COUNTED = "table.drop", _("Comptage du drop")
    COMMISSION = "table.commission", _("Commissions perçues")  # Pai Gow, QC RJC art. 111
    SLIPS_IMPORTED = "table.import", _("Import de bordereaux")  # a table system's file: its slips' digest
    # the progressive bet's lot (registers/tables/progressif, QC RJC art. 21.2): configured with the casino's start
    # value and rate, its board read at each séance's close, a winning progressive bet paid
    PROGRESSIVE_LOT = "progressif.configuration", _("Configuration d'un lot progressif")
    PROGRESSIVE_READING = "progressif.releve", _("Relevé du lot progressif à la fermeture")
    PROGRESSIVE_WIN = "progressif.gain", _("Gain à la mise progressive")
    # the day's reconciliation (compliance/reconciliation): its status and findings, then what follows each finding
    RECONCILED = "rapprochement.journee", _("Rapprochement de la journée")
    FINDING_FOLLOWED = "rapprochement.suivi", _("Suite donnée à un constat")
    # an approval request's step (compliance/approvals): filed, checked, asked, answered, decided … by a named person
    APPROVAL_STEP = "approbation.etape", _("Étape d'une demande d'approbation")
    # tournaments (registers/tournaments): the rules published, the start, each fee sold, the players out and their
    # places, a chip race, a prize paid, the close with its cash flows
    TOURNAMENT_PUBLISHED = "tournoi.publication", _("Publication des règles d'un tournoi")
    TOURNAMENT_STARTED = "tournoi.debut", _("Début d'un tournoi")
    TOURNAMENT_ENTRY = "tournoi.inscription", _("Inscription à un tournoi")
    TOURNAMENT_OUT = "tournoi.sortie", _("Joueurs sortis et places")
    TOURNAMENT_CHIP_RACE = "tournoi.chip_race", _("Chip race")
    TOURNAMENT_PAYOUT = "tournoi.paiement", _("Paiement d'un lot")
    TOURNAMENT_CLOSED = "tournoi.cloture", _("Clôture d'un tournoi")
    # the levy book (registers/prelevements): the casino's levy parameters as its manager records them with the act
    # that sets them, a gaming day's gross revenue and levy set aside, a bank transfer to the receveur des Contributions
    LEVY_PARAMETERS = "prelevement.parametres", _("Paramètres de prélèvement du casino")
    LEVY_DAY = "prelevement.journee", _("Prélèvement de la journée")
    LEVY_TRANSFER = "prelevement.virement", _("Virement au receveur des Contributions")
    # the direction's register (registers/direction): a committee member appointed or leaving, with the act's reference;
    # a presence of the director or of the member replacing them; the director's designation of an agreed employee
    COMMITTEE_CHANGED = "direction.comite", _("Nomination ou départ d'un membre du comité de direction")
    DUTY_RECORDED = "direction.presence", _("Présence du directeur responsable ou de son remplaçant")
    DESIGNATION = "direction.designation", _("Désignation d'un employé agréé par le directeur")
    # a designation ended before its last day, a presence of the log corrected or set aside: new entries that name the
    # entry they change (refers_to), the register staying append-only
    DESIGNATION_ENDED = "direction.designation_fin", _("Fin anticipée d'une désignation")
    DUTY_CORRECTED = "direction.presence_corrigee", _("Correction d'une présence du journal")
    # Keno (registers/keno, QC RJC art. 86): the casino's closing hour as its manager records it, a ticket sold for
    # one draw or several, a draw's result with its winning tickets, a winning ticket paid before its deadline
    KENO_CLOSING = "keno.heure_fermeture", _("Heure de fermeture du casino")
    KENO_TICKET = "keno.billet", _("Vente d'un billet de Keno")
    KENO_DRAW = "keno.tirage", _("Résultat d'un tirage de Keno")
    KENO_PAID = "keno.paiement", _("Paiement d'un billet de Keno gagnant")
    # the playing-card stock (registers/decks, LU RGD 1979 art. 6, 37-9, 37-12, 37-16, 49-1, 49-5; MC AM 2007-668
    # art. 1): decks received by packs with their seals, issued to a table's or a poker table's day with the checks
    # made, returned (in perfect condition or retired), destroyed with two signatures; when the opening control applies
    DECKS_RECEIVED = "jeux_de_cartes.reception", _("Réception de jeux de cartes")
    DECKS_ISSUED = "jeux_de_cartes.remise", _("Remise de jeux de cartes à une table")
    DECKS_RETURNED = "jeux_de_cartes.retour", _("Retour de jeux de cartes")
    DECKS_DESTROYED = "jeux_de_cartes.destruction", _("Destruction de jeux de cartes")
    DECKS_CONTROL = "jeux_de_cartes.controle", _("Contrôle des jeux de cartes à l'ouverture")
    # any register but the cards': the entry it refers to was filed wrongly; countersigned, it leaves the totals
    CORRECTION = "correction", _("Correction d'une écriture")
    # any register: on what basis the casino applies its jurisdiction's draft text, written by Vigie before the first
    # entry filed under it and again when that basis changes (Casino.draft_basis)
    DRAFT_BASIS = "registre.base_projet", _("Base d'application du projet")
    # any register: a signed report of it (compliance/reports): its SHA-256, the entries it covers, its signer
    REPORT_SIGNED = "rapport.signe", _("Rapport signé")
    # any register: an earlier entry's citation the texts do not support, rectified beside it (registers_recite): the
    # entry stays as written, the pages, exports and reports show the rectified citation next to the original
    RECITATION = "citation.rectification", _("Rectification d'une citation")


# The kinds of entry each register holds (what its services file): an entry of another kind does not belong there. A
# correction sets aside a wrongly filed entry of any register but the cards' (registers/chain/services.py); every
# register holds the basis its casino applies a draft on.
_REGISTER_ENTRY_KINDS = {
    RegisterKind.ORPHELINS: (EntryKind.ORPHELIN_FILED, EntryKind.ORPHELIN_RETURNED, EntryKind.ORPHELIN_FINAL,
                             EntryKind.CORRECTION),
    RegisterKind.JACKPOTS: (EntryKind.JACKPOT_PAID, EntryKind.CORRECTION),
    RegisterKind.JACKPOT_PROGRESSIF: (EntryKind.JACKPOT_CONFIGURED, EntryKind.JACKPOT_STATEMENT,
                                      EntryKind.JACKPOT_WON, EntryKind.JACKPOT_STOPPED, EntryKind.CORRECTION),
    RegisterKind.BAD_BEAT: (EntryKind.JACKPOT_STATEMENT, EntryKind.JACKPOT_WON, EntryKind.JACKPOT_STOPPED,
                            EntryKind.JACKPOT_CONFIGURED, EntryKind.JACKPOT_NOTICE, EntryKind.JACKPOT_CARNET,
                            EntryKind.CORRECTION),
    RegisterKind.CAGNOTTE: (EntryKind.CAGNOTTE_COUNTED, EntryKind.POKER_SESSION, EntryKind.HANDS_IMPORTED,
                            EntryKind.STAKE_CONSIGNED, EntryKind.HOUSE_RULES, EntryKind.SEANCE_CLOSED,
                            EntryKind.REBUY, EntryKind.WAITING_LISTED,
                            EntryKind.SEATS_DRAWN, EntryKind.CORRECTION),
    RegisterKind.APPAREILS: (EntryKind.MACHINE_INSTALLED, EntryKind.MACHINE_NOTICE, EntryKind.MACHINE_MOVED,
                             EntryKind.MACHINE_CONDITION, EntryKind.CORRECTION),
    RegisterKind.CARTES: (EntryKind.CARD_ISSUED, EntryKind.CARD_STATUS, EntryKind.CARD_LOADED, EntryKind.CARD_BET,
                          EntryKind.CARD_WON, EntryKind.CARD_WIN_EXCESS, EntryKind.CARD_PAID_OUT,
                          EntryKind.CARD_TRANSFERRED, EntryKind.CARD_BENEFIT, EntryKind.CARD_ADJUSTED,
                          EntryKind.CARD_TO_ORPHELINS, EntryKind.DESK_COUNTED),
    RegisterKind.AVANCES: (EntryKind.TABLE_OPENED, EntryKind.TABLE_CLOSED, EntryKind.TABLE_LIMITS, EntryKind.SLIP_FILL,
                           EntryKind.SLIP_CREDIT, EntryKind.SLIP_VOID, EntryKind.SLIPS_IMPORTED, EntryKind.CORRECTION),
    RegisterKind.CARNETS_SPECIAUX: (EntryKind.DROP_COUNTED, EntryKind.SLIP_VOID, EntryKind.COMMISSION,
                                    EntryKind.SLIPS_IMPORTED, EntryKind.RECONCILED, EntryKind.FINDING_FOLLOWED,
                                    EntryKind.PROGRESSIVE_LOT, EntryKind.PROGRESSIVE_READING,
                                    EntryKind.PROGRESSIVE_WIN, EntryKind.CORRECTION),
    RegisterKind.APPROBATIONS: (EntryKind.APPROVAL_STEP,),
    RegisterKind.TOURNOIS: (EntryKind.TOURNAMENT_PUBLISHED, EntryKind.TOURNAMENT_STARTED, EntryKind.TOURNAMENT_ENTRY,
                            EntryKind.TOURNAMENT_OUT, EntryKind.TOURNAMENT_CHIP_RACE, EntryKind.TOURNAMENT_PAYOUT,
                            EntryKind.TOURNAMENT_CLOSED, EntryKind.CORRECTION),
    RegisterKind.PRELEVEMENTS: (EntryKind.LEVY_PARAMETERS, EntryKind.LEVY_DAY, EntryKind.LEVY_TRANSFER),
    RegisterKind.JEUX_DE_CARTES: (EntryKind.DECKS_RECEIVED, EntryKind.DECKS_ISSUED, EntryKind.DECKS_RETURNED,
                                  EntryKind.DECKS_DESTROYED, EntryKind.DECKS_CONTROL),
    RegisterKind.KENO: (EntryKind.KENO_CLOSING, EntryKind.KENO_TICKET, EntryKind.KENO_DRAW, EntryKind.KENO_PAID,
                        EntryKind.CORRECTION),
    RegisterKind.DIRECTION: (EntryKind.COMMITTEE_CHANGED, EntryKind.DUTY_RECORDED, EntryKind.DESIGNATION,
                             EntryKind.DESIGNATION_ENDED, EntryKind.DUTY_CORRECTED),
}
# What Vigie writes about a register itself rather than about a gaming day's play: it may follow the day's close, and
# is never a late filing.
ABOUT_THE_REGISTER = (EntryKind.DRAFT_BASIS, EntryKind.REPORT_SIGNED, EntryKind.RECITATION)
# The direction's register is about the people on duty, dated in its own payload: written on any day, never late.
DIRECTION_KINDS = (EntryKind.COMMITTEE_CHANGED, EntryKind.DUTY_RECORDED, EntryKind.DESIGNATION,
                   EntryKind.DESIGNATION_ENDED, EntryKind.DUTY_CORRECTED)
# What Vigie writes about a closed gaming day once its close is done: the day's reconciliation and what follows its
# findings (they follow the close by nature, and are never late filings); the levy book's entries too: a closed day's
# levy, computed from its final figures, the parameters in force and the transfers that pay it.
AFTER_THE_CLOSE = (EntryKind.RECONCILED, EntryKind.FINDING_FOLLOWED, EntryKind.LEVY_PARAMETERS, EntryKind.LEVY_DAY,
                   EntryKind.LEVY_TRANSFER, *DIRECTION_KINDS)
# What is not about play at all: written on the casino's current day whether or not it is closed, by the casino's
# staff or by the regulator of its jurisdiction, and never a late filing.
OUTSIDE_PLAY = (EntryKind.APPROVAL_STEP,)
REGISTER_ENTRY_KINDS = {register: (*kinds, *ABOUT_THE_REGISTER) for register, kinds in _REGISTER_ENTRY_KINDS.items()}


# The short names of the card movements, as the caisse spéciale's statements head their columns.
MOVEMENT_LABELS = {
    EntryKind.CARD_LOADED: _("Chargement"),
    EntryKind.CARD_BET: _("Mise"),
    EntryKind.CARD_WON: _("Gain"),
    EntryKind.CARD_PAID_OUT: _("Paiement"),
    EntryKind.CARD_TRANSFERRED: _("Transfert"),
    EntryKind.CARD_ADJUSTED: _("Ajustement"),
    EntryKind.CARD_TO_ORPHELINS: _("Vers les orphelins"),
}


def entry_kind_label(kind: str) -> str:
    return str(EntryKind(kind).label) if kind in EntryKind.values else kind


def register_kind_label(kind: str) -> str:
    return str(RegisterKind(kind).label) if kind in RegisterKind.values else kind


# The registers whose services read rule data: they exist where that data does (Luxembourg today).
RULE_OF_KIND = {
    RegisterKind.ORPHELINS: "orphelins.delai_restitution",
    RegisterKind.APPAREILS: "appareils_a_sous.evenements_information_prealable",
    RegisterKind.JACKPOT_PROGRESSIF: "jackpot_progressif.niveaux_max",
    RegisterKind.BAD_BEAT: "bad_beat_jackpot.preavis_arret_volontaire",
    RegisterKind.CARTES: "carte_de_jeu.plafond_nominative",
    RegisterKind.PRELEVEMENTS: "prelevements.delai_virement",
    RegisterKind.JEUX_DE_CARTES: "jeux_de_cartes.stock",
    RegisterKind.KENO: "keno.delai_paiement_plusieurs_tirages",
    RegisterKind.DIRECTION: "direction.presence_permanente",
}

