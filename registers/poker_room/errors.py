"""Messages of the poker room: constants so tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _

VARIANT_NOT_DEALT = _("La variante « {variant} » n'est pas un jeu du salon de poker de cette juridiction ({allowed}).")
VERSION_UNKNOWN = _("Version « {version} » inconnue : {allowed}.")
VERSION_NOT_ALLOWED = _("La version « {version} » n'est pas autorisée pour ce jeu : {allowed} ({citation}).")
BIG_BELOW_SMALL = _("La big blind ({big}) est inférieure à la small blind ({small}).")
SMALL_BLIND = _("La small blind, {small}, doit être la moitié de la mise minimum de la table de {minimum}, soit "
                "{expected} ({citation}).")
BIG_BLIND = _("La big blind, {big}, doit être comprise entre {low} et {high} ({citation}).")
NO_OPTION = _("Aucune option n'est prévue pour ce jeu dans cette juridiction.")
RATE_RANGE = _("Taux de retenue « {rate} » invalide : une fraction entre 0 et 1, par exemple 0.05.")
RATE_ABOVE_CAP = _("Une retenue de {rate} % dépasse le maximum de {cap} % de la cagnotte ({citation}).")
CAP_REQUIRED = _("En limit, le montant maximum des relances (le « cap ») est fixé pour la séance ({citation}).")
CAP_NOT_HERE = _("Le « cap » ne se fixe qu'en limit.")
TIME_CHARGE_RATE = _("Une séance à commission au temps de jeu ne prélève rien sur les pots : taux 0.")
TIME_CHARGE_QC = _("La commission au temps de jeu n'est prévue qu'au Québec.")
BAD_BEAT_INCREMENT = _("Incrément du bad beat jackpot invalide : « fixe » ou « pourcentage » (moins de 100), un "
                       "arrondi connu ({citation}).")
BAD_BEAT_NOT_HERE = _("Le bad beat jackpot n'est prévu qu'au Luxembourg.")
OPENED_AT = _("L'heure d'ouverture appartient à la journée de jeu du {day} (ou à la nuit qui la suit), et pas à "
              "l'avenir.")
SEAT_RANGE = _("Place « {seat} » invalide : de 1 à 10.")
# the import
FORMAT_UNKNOWN = _("Format « {format} » inconnu : ohh ou pokerstars.")
HAND_REFUSED = _("Main n° {number} (main {position} du fichier, ligne {line}) refusée : {reason}")
HAND_REFUSED_AT = _("Main n° {number} (main {position} du fichier) refusée : {reason}")
HAND_NO_SESSION = _("aucune séance de poker n'était ouverte à la table « {table} » le {time} : ouvrez la séance "
                    "d'abord.")
HAND_CHANGED = _("déjà importée le {day} avec un autre contenu (empreinte {digest}).")
HAND_TWICE = _("portée deux fois dans le fichier.")
HAND_CURRENCY = _("en {currency}, le casino tient ses registres en {casino}.")
HAND_VARIANT = _("« {variant} » à la table « {table} », dont la séance donne « {session} ».")
LATE_DAY = _("Journée du {day} : {age} jours après, au-delà du délai de {allowed} jours du casino ; l'import "
             "tardif demande son motif et la contresignature d'un membre de la direction.")
EMPTY_FILE = _("Le fichier ne contient aucune main.")
