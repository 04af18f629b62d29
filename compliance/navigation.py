"""The navigation of every role, in one list the later apps fill in.

An item without `url_name` is announced but not yet available, and is shown greyed out."""

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .profiles import applies

ACCOUNTANT, MANAGER, REGULATOR, ADMIN = "accountant", "manager", "regulator", "admin"
CASINO_STAFF = (ACCOUNTANT, MANAGER)
EVERYONE = (ACCOUNTANT, MANAGER, REGULATOR, ADMIN)


@dataclass(frozen=True)
class NavItem:
    label: str
    icon: str
    roles: tuple[str, ...]
    description: str = ""
    url_name: str | None = None
    feature: str | None = None  # shown where the jurisdiction's profile has it (compliance.profiles); None: everywhere

    @property
    def url(self) -> str | None:
        return reverse(self.url_name) if self.url_name else None


NAVIGATION: tuple[NavItem, ...] = (
    NavItem(_("Mon casino"), "building", CASINO_STAFF,
            _("Son autorisation, sa société exploitante, son capital, son personnel et les modules."), "casino-mine"),
    NavItem(_("Casinos"), "building", (REGULATOR, ADMIN), _("Les casinos de votre périmètre."), "casino-list"),
    NavItem(_("Échéances"), "calendar-event", EVERYONE,
            _("Chaque délai qui vous concerne, par mois et par semaine, et dans votre propre agenda."), "deadlines"),
    NavItem(_("Registres"), "journal-text", EVERYONE,
            _("Orphelins, paiements de jackpots, cagnotte, machines à sous : chaînés et signés."), "registers-list"),
    NavItem(_("Cartes de jeu électroniques"), "credit-card-2-front", (*CASINO_STAFF, REGULATOR),
            _("Émission, chargement, paiement et blocage, comme le projet de RGD les règle."), "cards-home",
            feature="cartes"),
    # a page of the cards' section (under /cartes/), named in the menu of its own: the desks' counts and statements
    NavItem(_("Caisse spéciale"), "safe", (*CASINO_STAFF, REGULATOR),
            _("Les caisses des cartes de jeu : comptages, relevé quotidien et encaisse."), "cards-caisse",
            feature="cartes"),
    NavItem(_("Tables et salle de poker"), "suit-spade", (*CASINO_STAFF, REGULATOR),
            _("Séances des tables, bordereaux d'approvisionnement et de crédit, drop, win et hold."), "tables-home"),
    NavItem(_("Salon de poker"), "suit-club", (*CASINO_STAFF, REGULATOR),
            _("Séances des tables de poker, mains importées et rejouées, retenue recalculée."), "poker-home",
            feature="salon_poker"),
    # the lists the forms offer instead of free text (registers/house_lists), kept by the management
    NavItem(_("Listes du casino"), "list-check", (*CASINO_STAFF, REGULATOR),
            _("Caisses, tables de poker, jetons et billets que les formulaires proposent."), "house-lists-home"),
    # the values the texts leave to an arrêté du Ministre, filed by the management (registers/arretes)
    NavItem(_("Valeurs fixées par arrêté"), "bank", (*CASINO_STAFF, REGULATOR),
            _("Avances, minima, maxima et taux de retenue que l'arrêté du Ministre fixe, avec sa référence."),
            "arretes-home"),
    # the notices the texts require displayed, posted and withdrawn by the management (registers/notices)
    NavItem(_("Avis affichés"), "easel", (*CASINO_STAFF, REGULATOR),
            _("Les avis que les textes exigent d'afficher, leurs affiches signées et le site public du casino."),
            "notices-home"),
    # the playing-card stock and the decks each table opens with (registers/decks), where the texts keep one
    NavItem(_("Jeux de cartes"), "suit-spade", (*CASINO_STAFF, REGULATOR),
            _("Jeux reçus sous scellé, remis aux tables, rendus, retirés et détruits ; le contrôle à l'ouverture."),
            "decks-home", feature="jeux_de_cartes"),
    # what the texts leave to the casino's règlement intérieur, in dated versions (registers/poker/house_rules_pages.py)
    NavItem(_("Règlement intérieur"), "journal-bookmark", (*CASINO_STAFF, REGULATOR),
            _("Les versions datées du règlement intérieur, ce que chacune fixe et ce qui change de l'une à l'autre."),
            "house-rules-home", feature="reglement_interieur"),
    # the levy book (registers/prelevements): where the jurisdiction's profile has it
    NavItem(_("Carnet de prélèvement"), "piggy-bank", (*CASINO_STAFF, REGULATOR),
            _("Produit brut des jeux par journée, prélèvement mis en réserve et virement au receveur."), "levies-home",
            feature="prelevements"),
    # admission cards, the exclusion list and the age checked wherever Vigie identifies a person (registers/admissions)
    NavItem(_("Admissions et exclusions"), "person-check", (*CASINO_STAFF, REGULATOR),
            _("Cartes d'admission, pièce d'identité vue, liste d'exclusion et âge minimum du casino."),
            "admissions-home"),
    # the direction's register (registers/direction): the committee, the duty log, the director's designations
    NavItem(_("Registre de la direction"), "person-badge", (*CASINO_STAFF, REGULATOR),
            _("Comité de direction, présence du directeur ou de son remplaçant, employés désignés."), "direction-home",
            feature="direction"),
    # Keno (registers/keno): tickets, draws and payments within art. 86's delay, where the profile has it
    NavItem(_("Keno"), "ticket-perforated", (*CASINO_STAFF, REGULATOR),
            _("Billets vendus, tirages, et paiement des billets gagnants dans le délai du texte."), "keno-home",
            feature="keno"),
    NavItem(_("Tournois"), "trophy", (*CASINO_STAFF, REGULATOR),
            _("Règles publiées, inscriptions, places, lots payés et registre des tournois."), "tournaments-list"),
    NavItem(_("Rapprochements"), "clipboard-check", (*CASINO_STAFF, REGULATOR),
            _("Chaque journée de jeu des tables rapprochée, ses constats et leur suite."), "reconciliation-list"),
    NavItem(_("Demandes d'approbation"), "patch-check", (MANAGER, REGULATOR),
            _("Tables de paiement, jeux, systèmes, tournois : contrôles et décisions."), "approvals-list"),
    NavItem(_("Règles et tables de paiement"), "book", EVERYONE,
            _("Les textes en vigueur, article par article."), "rules-index"),
    NavItem(_("Rapports signés"), "file-earmark-lock", EVERYONE, _("Rapports PDF signés, vérifiables par tous."),
            "reports-list"),
    NavItem(_("Certificats de signature"), "patch-exclamation", (ADMIN,),
            _("Les certificats qui signent les rapports, leur échéance et leur révocation."), "reports-certificates"),
    NavItem(_("Traitements"), "gear-wide-connected", EVERYONE,
            _("Travaux en arrière-plan et leur avancement."), "job-list"),
    NavItem(_("Administration"), "tools", (ADMIN,),
            _("Casinos, utilisateurs, certificats, comptes verrouillés et journal d'audit."), "admin:index"),
)


def navigation_for(user) -> list[NavItem]:
    if not user.is_authenticated:
        return []
    jurisdiction = user.home_jurisdiction
    return [item for item in NAVIGATION if user.role in item.roles
            and (item.feature is None or jurisdiction is None or applies(jurisdiction, item.feature))]
