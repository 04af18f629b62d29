"""Messages of the poker room: constants so tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext


def hands(count: int) -> str:
    """« 1 main », « 3 mains »."""
    return ngettext("%(n)s main", "%(n)s mains", count) % {"n": count}


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
TIME_CHARGE_QC = _("La commission au temps de jeu n'est prévue qu'au Québec.")
TIME_CHARGE_OFF = _("Sans commission au temps de jeu, ni montant ni durée.")
TIME_CHARGE_LIMITS = _("La commission au temps de jeu se fixe par un montant et une durée en minutes (de 1 à 1440), "
                       "les limites indiquées à la table ({citation}).")
VERSION_OF_THE_SEANCE = _("La table « {table} » a ouvert la séance du {day} en « {fixed} » (n° {number}) : « La "
                          "version de jeu choisie ne pourra plus être modifiée avant la prochaine séance » ; "
                          "« {version} » attendra la prochaine.")
OPENED_BEFORE = _("La séance n° {number} de la table « {table} » s'est ouverte le {at} : la suivante s'ouvre après "
                  "elle, jamais au même moment.")
CONSIGNED_AT = _("La mise se consigne après l'ouverture de sa séance, dans la journée de jeu du {day} (ou la nuit qui "
                 "la suit), et pas à l'avenir.")
SESSION_NONE = _("La table « {table} » n'a pas de séance n° {number} le {day}.")
RAISE_NOT_LATEST = _("La table « {table} » a déjà une séance n° {number} après celle-ci : relevez la dernière.")
MINIMUM_LOWERED = _("Le minimum de {minimum} est inférieur au minimum de {current} de la séance : il ne peut "
                    "qu'être augmenté en cours de séance ({citation}).")
RAISE_NOTHING = _("Le minimum et les blinds sont ceux de la séance : rien à relever.")
RAISED_AT = _("Le relèvement se fait après l'ouverture de la séance, dans la journée de jeu du {day} (ou la nuit qui "
              "la suit), et pas à l'avenir.")
SEATS_MOST = _("{players} joueurs assis à la table « {table} », au plus {most} ({citation}).")
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
HAND_REFUSED_FIELD = _("Main n° {number} (main {position} du fichier, ligne {line}, champ « {item} ») refusée : "
                       "{reason}")
# a line of the file holding U+0000, which PostgreSQL cannot store (a request's: compliance/middleware.py)
NUL_IN_FILE = _("le caractère nul (U+0000) n'a sa place dans aucun texte d'un registre.")
HAND_NUMBER_TAKEN = _("ce numéro est déjà celui d'une main du salon, jouée le {day} : un numéro ne sert qu'une fois.")
HAND_NO_SESSION = _("aucune séance de poker n'était ouverte à la table « {table} » le {time} : ouvrez la séance "
                    "d'abord.")
HAND_CHANGED = _("déjà importée le {day} avec un autre contenu (empreinte {digest}).")
HAND_TWICE = _("portée deux fois dans le fichier.")
HAND_CURRENCY = _("en {currency}, le casino tient ses registres en {casino}.")
HAND_VARIANT = _("« {variant} » à la table « {table} », dont la séance donne « {session} ».")
LATE_DAY = _("Journée du {day} : {age} jours après, au-delà du délai de {allowed} jours du casino ; l'import "
             "tardif demande son motif et la contresignature d'un membre de la direction.")
EMPTY_FILE = _("Le fichier ne contient aucune main.")
# the rake schedule
SCHEDULE_TERMS = {"no_flop_no_drop": _("pas de flop, pas de retenue"),
                  "rake_per_pot": _("retenue sur chaque pot ou une fois sur la main")}
SCHEDULE_HOUSE = _("« {term} » est fixé par le {house} : la séance l'applique tel quel.")
STRADDLE_HOUSE = _("Le {house} n'autorise pas l'option (straddle).")
CHIP_BLINDS = _("Le plus petit jeton de la table, {chip}, doit être positif et la mise minimale et les blinds en "
                "être des multiples.")
# the séance's close and a recave (controls.py: seance_close_problems, caisse_problems, rebuy_problems)
SEANCE_CLOSED = _("La séance du {day} de la table « {table} » est fermée depuis le {at} : rien ne s'y ajoute.")
SEANCE_NONE = _("La table « {table} » n'a pas ouvert de séance le {day} : rien à fermer.")
CLOSED_AT = _("La fermeture se fait après l'ouverture de la dernière séance de la table, dans la journée de jeu du "
              "{day} (ou la nuit qui la suit), et pas à l'avenir.")
CAISSE_DIFFERENCE = _("Caisse de change de la table « {table} » : {counted} à la fermeture, {opened} à l'ouverture "
                      "({difference}), sans explication : « Le montant et la composition de la caisse de change […] ne "
                      "peuvent plus être modifiés avant la prochaine séance ».")
CAISSE_NOT_COUNTED = _("La caisse de change de la table « {table} » n'a pas été comptée à l'ouverture de la séance.")
REBUY_AT = _("La recave se fait après l'ouverture de sa séance, dans la journée de jeu du {day} (ou la nuit qui la "
             "suit), et pas à l'avenir.")
REBUY_ABOVE = _("Une recave de {amount} dépasse le maximum de {maximum} fixé par le {house}.")
NOT_CLOSED = _("La séance du {day} de la table « {table} » n'a pas été fermée : sa caisse de change n'a pas été "
               "comptée.")
