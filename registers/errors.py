"""Messages of the registers: constants so tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _

SESSION_ALREADY_CLOSED = _("La journée de jeu du {day} est déjà close.")
SESSION_CLOSED = _("La journée de jeu du {day} est close : aucune écriture ne peut plus y être portée.")
FUTURE_DAY = _("La journée de jeu du {day} n'a pas encore commencé.")
AMOUNT_NOT_POSITIVE = _("Le montant doit être strictement positif.")
AMOUNT_INVALID = _("Montant invalide : « {value} ».")
WRONG_CURRENCY = _("La devise de ce casino est {expected}, pas {given}.")
SAME_PERSON = _("La contresignature doit venir d'une autre personne que celle qui a déposé l'écriture ({citation}).")
WRONG_ROLE = _("La contresignature exige le rôle « {role} » ({citation}).")
ALREADY_COUNTERSIGNED = _("Cette écriture est déjà contresignée.")
UNKNOWN_SOURCE = _("Origine inconnue : « {value} ».")
FIELD_REQUIRED = _("Ce champ est obligatoire.")
ORPHAN_NOT_OPEN = _("Cet orphelin n'est plus en attente : il a été restitué ou est devenu définitif.")
ORPHAN_DEADLINE = _(
    "Délai de restitution dépassé : enregistré le {registered}, restituable jusqu'au {deadline} inclus, "
    "demande du {day} ({citation})."
)
ORPHAN_DEADLINE_NOT_REACHED = _("Le délai de restitution court jusqu'au {deadline} inclus ({citation}).")
RIGHT_NOT_ESTABLISHED = _("Le droit du propriétaire doit être établi sans contestation possible ({citation}).")
MACHINE_DESTRUCTION = _("La destruction d'un appareil mis hors service n'est pas permise ({citation}).")
MACHINE_UNKNOWN = _("Appareil inconnu dans le registre : « {machine} ».")
MACHINE_EXISTS = _("L'appareil « {machine} » est déjà inscrit au registre.")
MACHINE_BAD_MOVE = _("Un appareil « {state} » ne peut pas être « {event} » ({citation}).")
MACHINE_RESERVE_FULL = _(
    "Réserve pleine : {reserve} appareil(s) en réserve pour {installed} installé(s), au plus {limit} % ({citation})."
)
MACHINE_NO_NOTICE = _(
    "Aucun avis écrit au Ministre n'est enregistré pour « {event} » de l'appareil « {machine} » au plus tard le "
    "{day} ({citation})."
)
MACHINE_NOTICE_LATE = _("L'avis doit précéder la date d'effet : envoyé le {sent}, effet le {day} ({citation}).")
MACHINE_GAMES_NOT_CERTIFIED = _("Jeux chargeables non couverts par le certificat de conformité : {games} ({citation}).")
RECEIPT_NOT_IN_CABINET = _(
    "L'original de la quittance doit être conservé dans l'armoire à deux clés du chef de salle et du caissier "
    "({citation})."
)
CAGNOTTE_EMPTY = _("Au moins un montant doit être positif.")
JACKPOT_TOO_MANY_LEVELS = _("Au plus {max} niveaux ({citation}).")
JACKPOT_COMBINATION = _("Un niveau ne peut porter que sur les trois combinaisons les plus hautes du jeu ({citation}).")
JACKPOT_START_TOO_HIGH = _(
    "Niveau {level} : valeur de départ {start} au-delà de {limit} ({multiple} fois la small blind, {citation})."
)
JACKPOT_INCREMENT = _("Incrément invalide : montant fixe positif, ou pourcentage entre 0 et 100 ({citation}).")
JACKPOT_ACTIVE = _("Ce jackpot est en cours : ses conditions ne peuvent être modifiées avant son arrêt ({citation}).")
JACKPOT_NOT_ACTIVE = _("Ce jackpot n'est pas en cours (arrêté ou jamais configuré) : aucun gain possible ({citation}).")
JACKPOT_ABOVE_AMOUNT = _("Le paiement de {amount} dépasse le montant du jackpot, {available} ({citation}).")
JACKPOT_NOTICE = _(
    "Arrêt volontaire refusé : le Ministre doit être informé au moins {days} jours avant (avis du {notice}, arrêt le "
    "{day}) ({citation})."
)
BAD_BEAT_NOT_QUALIFIED = _("Main non qualifiante pour le bad beat jackpot : {reason} ({citation}).")
BAD_BEAT_POT_TOO_SMALL = _(
    "Pot de {pot} inférieur au minimum de {minimum} fixé par le règlement intérieur ({citation})."
)
CARD_STILL_HELD = _(
    "Une carte nominative trouvée est gardée à disposition de son titulaire ; son solde devient orphelin à partir du "
    "{until} (date où la carte a été trouvée requise) ({citation})."
)
CARD_NO_CERTIFICATE = _(
    "Aucune carte ne peut être émise avant que le certificat de conformité du système soit produit ({citation})."
)
CARD_TWO_ACTIVE = _("Ce client détient déjà {max} cartes nominatives actives ({citation}).")
CARD_NEEDS_CLIENT = _("Une carte nominative est émise au nom d'un client identifié ({citation}).")
CARD_NOT_ACTIVE = _("La carte {number} n'est pas active ({status}).")
CARD_ABOVE_CAP = _(
    "Chargement refusé : le solde dépasserait le plafond de {cap} ; montant encore permis : {allowed} ({citation})."
)
CARD_ROLE = _("L'émission d'une carte est réservée à la direction.")
CARD_INSUFFICIENT = _("Solde insuffisant : {amount} demandés, {balance} sur la carte.")
CARD_NOTHING_TO_PAY = _("La carte n'indique aucun solde à payer ({citation}).")
CARD_TRANSFER_SAME = _("Un transfert se fait entre deux cartes différentes.")
CARD_TRANSFER_CLIENTS = _(
    "Transfert impossible : seules les deux cartes nominatives d'un même client peuvent s'échanger un solde "
    "({citation})."
)
CARD_BENEFIT_NOMINATIVE = _(
    "Points et jeux gratuits sont réservés aux titulaires de cartes nominatives ({citation})."
)
CARD_BENEFIT_COUNT = _("Indiquez un nombre entier positif de points ou de jeux gratuits.")
CARD_ADJUST_ROLE = _("Un ajustement de solde est réservé à un superviseur (direction).")
CARD_ADJUST_SAME = _("Le nouveau solde est égal au solde actuel : rien à ajuster.")
CARD_STATUS_CHANGE = _("La carte {number} ne peut passer de « {current} » à « {wanted} ».")
CARD_CLOSE_BALANCE = _(
    "La carte indique encore un solde de {balance} : payez-le au client avant de la clôturer ({citation})."
)
CARD_FOUND_DATE = _("La date de découverte ne peut être dans le futur.")
CARD_UNKNOWN_CHANGE = _("Changement d'état inconnu : « {value} ».")
CLIENT_EXISTS = _(
    "Un client porte déjà cette pièce d'identité : choisissez-le dans la liste des clients identifiés."
)
CLIENT_BIRTH_DATE = _("La date de naissance ne peut être dans le futur.")
