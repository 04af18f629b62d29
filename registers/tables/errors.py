"""Messages of the table games (LU RGD 1979 art. 9, 21, 37-11, 37-17, 97-1; QC RJC art. 9, 111, 116): constants so
tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext


def slips(count: int) -> str:
    """« 1 bordereau », « 3 bordereaux »."""
    return ngettext("%(n)s bordereau", "%(n)s bordereaux", count) % {"n": count}


NOT_A_TABLE_GAME = _("« {game} » n'est pas un jeu de table de la juridiction {jurisdiction}.")
TABLE_NUMBER_TAKEN = _("La table « {number} » existe déjà dans ce casino.")
UNKNOWN_TABLE = _("Aucune table « {number} » dans ce casino.")
TABLE_STILL_OPEN = _("La table « {number} » est déjà ouverte (séance du {day}) : fermez-la d'abord.")
SESSION_NOT_OPEN = _("La séance de la table « {number} » du {day} est fermée.")
SESSION_TWICE = _("La séance n° {session} de la table « {table} » du {day} est déjà ouverte : une séance s'ouvre une "
                  "fois.")
SESSION_NEXT = _("La séance suivante de la table « {table} » du {day} est la n° {expected}, pas la n° {session}.")
SESSION_NONE = _("La table « {table} » n'a pas de séance n° {session} le {day} : un bordereau se rapporte à une séance "
                 "ouverte de sa table.")
COMMISSION_TWICE = _("Les commissions de cette séance de la table « {number} » sont déjà déclarées, avec toutes ses "
                     "mains.")
SESSION_NOT_CLOSED = _("Le drop se compte après la fermeture de la table « {number} ».")
ALREADY_COUNTED = _("Le drop de cette séance de la table « {number} » est déjà compté.")
MAXIMUM_BELOW_MINIMUM = _("La mise maximale ({maximum}) est inférieure à la mise minimale ({minimum}).")
MAXIMUM_NOT_ALLOWED = _(
    "Mise maximale {maximum} refusée : elle vaut {multiples} fois le minimum de {minimum} ({citation})."
)
MINIMUM_CHANGE_CLOSES = _(
    "Le minimum ne change qu'en fermant la table et en l'ouvrant à nouveau avec une nouvelle encaisse portée au "
    "carnet d'avances ({citation})."
)
FLOAT_REQUIRED = _("Une table s'ouvre avec son avance, somme fixe portée au carnet d'avances ({citation}).")
FLOAT_NOT_HERE = _(
    "Cette juridiction ne tient pas ses tables à avance fixe : l'inventaire compté fait foi ({citation})."
)
FLOAT_NOT_COUNTED = _("L'inventaire d'ouverture, {counted}, doit être l'avance de la table, {float} ({citation}).")
DENOMINATION_INVALID = _("Coupure « {value} » invalide : une valeur positive en {currency}, au centime près.")
DENOMINATIONS_TOO_MUCH = _("Le total des coupures, {total}, dépasse ce qu'un bordereau peut porter ({max}).")
COUNT_INVALID = _("Nombre de pièces « {value} » invalide pour la coupure {denomination} : un entier positif ou nul.")
AMOUNT_MISMATCH = _("Le montant, {amount}, n'est pas la somme des coupures, {total}.")
SLIP_EMPTY = _("Un approvisionnement ou un crédit porte un montant positif.")
SIGNATURE_MISSING = _("Le bordereau doit être signé par : {role}.")
SIGNATURES_SAME = _("Les deux compteurs du drop doivent être deux personnes différentes ({names}).")
SERIAL_DUPLICATE = _("Le n° de série {serial} de {year} est déjà utilisé dans ce casino.")
SERIAL_GAP = _("N° de série {serial} : le suivant de {year} dans ce carnet est le {expected}.")
SERIAL_INVALID = _("N° de série « {value} » invalide : un entier positif.")
NOT_NUMBERED = _("Un bordereau numéroté est un approvisionnement ou un crédit.")
NOT_VOIDABLE = _("Seul un approvisionnement, un crédit ou un comptage du drop s'annule.")
ALREADY_VOIDED = _("Ce bordereau est déjà annulé.")
VOID_TWO_PEOPLE = _("Une annulation est signée par deux personnes : la seconde ne peut être {user}.")
NOT_PAI_GOW = _("Les commissions se déclarent aux tables de Pai Gow.")
ROUNDS_EMPTY = _("Au moins une main est déclarée.")
BANK_FIRST = _("Main 1 : le croupier est la Banque pour le premier jeu ({citation}).")
BANK_TWICE = _("Main {round} : la place {seat} ne peut être la Banque pour deux mains consécutives ({citation}).")
BANK_NOT_IN_LAST = _(
    "Main {round} : la place {seat} n'a pas participé au dernier jeu où le croupier était la Banque ({citation})."
)
ROUND_INVALID = _("Main {round} : {problem}.")
COMMISSION_MISMATCH = _("Commissions déclarées {declared}, calculées {computed} ({citation}).")
TABLE_MANAGER = _("Seule la direction du casino crée une table de jeu.")
COUNTERSIGNER_UNKNOWN = _("« {name} » n'est pas un membre actif du personnel de ce casino.")
UNKNOWN_SESSION = _("Aucune séance n° {pk} aux tables de ce casino.")
ROUNDS_LINE = _(
    "Main {round} : « banque ; joueurs ; mises gagnantes » attendu, par exemple « croupier ; 1, 2, 3 ; 1=25, 3=40 »."
)
ROUNDS_JSON = _("Les mains en JSON ne se lisent pas : {problem}.")
COUNTERSIGNER_PASSWORD = _("Le mot de passe de « {name} » ne correspond pas : la seconde personne signe elle-même.")

# the limits of each betting spot and side bet, the options a table offers, a change of limits during a séance
SPOT_UNKNOWN = _("« {bet} » n'est pas une mise dont la séance tient les limites à ce jeu.")
SPOT_BELOW_MINIMUM = _("Mise « {bet} » : le maximum ({maximum}) est inférieur au minimum ({minimum}).")
SPOT_OVER_MULTIPLE = _("Mise « {bet} » : le maximum {maximum} dépasse {multiple} fois la mise maximale de la table, "
                       "{ceiling}.")
SPOT_AMOUNT = _("Mise « {bet} » : elle est de {amount}, pas de {minimum} à {maximum}.")
SPOT_NOT_OFFERED = _("Mise « {bet} » : la table ne l'offre pas ; elle n'existe qu'à la condition que la table "
                     "l'indique.")
SPOT_NOT_IN_HOUSE_RULES = _("Mise « {bet} » : le règlement intérieur en vigueur le {day} ne l'offre pas.")
OPTION_UNKNOWN = _("« {option} » n'est pas une option que la table peut indiquer à ce jeu.")
OPTION_CHOICE = _("Option « {option} » : {value} n'est pas entre {low} et {high}.")
LIMITS_NOT_DISPLAYED = _("Les nouvelles limites doivent être indiquées à la table.")
LIMITS_SESSION_NOT_OPEN = _("Les limites d'une séance se changent pendant la séance : celle de la table « {number} » "
                            "du {day} est fermée.")
MINIMUM_CLOSES_TABLE = _("Le minimum se change en fermant la table et en l'ouvrant à nouveau avec une nouvelle "
                         "encaisse.")
LIMITS_UNCHANGED = _("Rien ne change : les limites indiquées sont celles de la table.")
SPOTS_SHAPE = _("Limites des mises : pour chaque mise, un minimum et un maximum.")
OPTIONS_SHAPE = _("Options : pour chaque option offerte, oui ou le nombre choisi.")
