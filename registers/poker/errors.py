"""Messages of the poker room registers: cagnotte, progressive and bad-beat jackpots (LU RGD 1979 art. 49-9 to 49-15,
97-1): constants so tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _

CAGNOTTE_EMPTY = _("Au moins un montant doit être positif.")
JACKPOT_TOO_MANY_LEVELS = _("Au plus {max} niveaux ({citation}).")
JACKPOT_COMBINATION = _("Un niveau ne peut porter que sur les trois combinaisons les plus hautes du jeu ({citation}).")
JACKPOT_START_TOO_HIGH = _(
    "Niveau {level} : valeur de départ {start} au-delà de {limit} ({multiple} fois la small blind, {citation})."
)
JACKPOT_INCREMENT = _("Incrément invalide : montant fixe positif, ou pourcentage entre 0 et 100 ({citation}).")
JACKPOT_ACTIVE = _("Ce jackpot est en cours : ses conditions ne peuvent être modifiées avant son arrêt ({citation}).")
JACKPOT_STOPPED = _(
    "Le jackpot « {name} » est arrêté : ni relevé, ni gain, ni nouvel arrêt avant qu'il soit configuré à nouveau "
    "({citation})."
)
JACKPOT_UNKNOWN = _("Aucun jackpot « {name} » n'est configuré dans ce registre ({citation}).")
JACKPOT_UNKNOWN_LEVEL = _("Le jackpot n'a pas de niveau « {level} » : ses niveaux sont {levels} ({citation}).")
JACKPOT_UNKNOWN_TABLE = _("La table « {table} » n'est pas reliée au jackpot « {name} » : ses tables sont {tables} "
                          "({citation}).")
JACKPOT_ABOVE_AMOUNT = _("Le paiement de {amount} dépasse le montant du jackpot, {available} ({citation}).")
JACKPOT_NOTICE = _(
    "Arrêt volontaire refusé : le Ministre doit être informé au moins {days} avant (avis du {notice}, arrêt le "
    "{day}) ({citation})."
)
JACKPOT_TABLE_TWICE = _("La table « {table} » est nommée deux fois ({citation}).")
JACKPOT_BLINDS_TABLE = _(
    "Une ligne de blinds par table reliée ({tables}) : « {table} » n'en est pas une, ou revient deux fois ({citation})."
)
JACKPOT_BLINDS_MISSING = _("Les blinds de ces tables reliées manquent : {tables} ({citation}).")
JACKPOT_BLINDS_DIFFER = _(
    "Mises initiales obligatoires différentes : {blinds} à la table « {table} », {first_blinds} à la table "
    "« {first} » ; les tables reliées à un jackpot ont les mêmes ({citation})."
)
JACKPOT_SMALL_BLIND = _("La small blind du jackpot, {small_blind}, n'est pas celle de ses tables, {tables_small_blind} "
                        "({citation}).")
JACKPOT_WON_IN_DEAL = _(
    "Le niveau {level} est déjà gagné à la table « {table} » dans la partie « {deal} » : {count} gain(s) de chaque "
    "niveau au plus par table et par partie ({citation})."
)
JACKPOT_NO_WINNER = _("Aucune main encore en jeu ne forme la combinaison du niveau {level}, {combination} "
                      "({citation}).")
HANDS_PLAYER_TWICE = _("Chaque joueur encore en jeu n'est nommé qu'une fois ({citation}).")
CARDS_INVALID = _("Cartes invalides : {reason}.")
TIME_INVALID = _("Heure invalide : « {value} » (HH:MM attendu, par exemple 23:41).")
BAD_BEAT_NOT_QUALIFIED = _("Main non qualifiante pour le bad beat jackpot : {reason} ({citation}).")
BAD_BEAT_LOSER_TOO_LOW = _("la main du perdant, {hand}, est au-dessous de la main minimale, {minimum}")
BAD_BEAT_NOT_BEATEN = _("le gagnant, avec {winner}, ne bat pas le perdant ({hand}) d'une main au moins de la "
                        "combinaison minimale")
BAD_BEAT_HOLE_CARDS = _("les deux cartes en main de chaque joueur ne servent pas toutes deux")
BAD_BEAT_STRONGER_TABLE = _(
    "À la table « {table} », le joueur a perdu avec une main plus forte, {hand} : c'est elle qui remporte le bad beat "
    "jackpot ({citation})."
)
BAD_BEAT_POT_TOO_SMALL = _(
    "Pot de {pot} inférieur au minimum de {minimum} fixé par le règlement intérieur ({citation})."
)
BAD_BEAT_PLAYERS_TWICE = _("Chaque joueur assis n'est nommé qu'une fois : un bon de paiement par joueur ({citation}).")
BAD_BEAT_LOSER_NOT_SEATED = _("Le perdant « {loser} » n'est pas parmi les joueurs assis : un bon de paiement par "
                              "joueur à table ({citation}).")
CASHIER_FILES = _("Le bon de paiement du jackpot est rempli par le caissier, puis signé par un membre du comité de "
                  "direction ; {user} n'est pas caissier ({citation}).")
BAD_BEAT_STOPPED = _("Le bad beat jackpot est arrêté depuis le {day} : ni incrément ni gain avant sa remise en service "
                     "({citation}).")
BAD_BEAT_ALREADY_STOPPED = _("Le bad beat jackpot est déjà arrêté ({citation}).")
BAD_BEAT_NOT_STOPPED = _("Le bad beat jackpot n'est pas arrêté : il n'y a rien à remettre en service.")
HOUSE_RULES_MISSING = _("Le pot minimum pour constituer un bad beat jackpot est fixé par le règlement intérieur du "
                        "casino ({citation}) ; aucune version n'en est en vigueur le {day} : la direction "
                        "l'enregistre d'abord.")
HOUSE_RULES_DIRECTION = _("Le règlement intérieur du casino est enregistré par sa direction ; {user} n'en est pas.")
HOUSE_RULES_BACKDATED = _("Une version du règlement intérieur entre en vigueur au plus tôt le jour où elle est "
                          "enregistrée, le {day} : elle ne remplace jamais une version passée.")
HOUSE_RULES_CHOICE = _("« {value} » n'est pas une modalité connue : {allowed} ({citation}).")
HOUSE_RULES_RUNNING = _("Le jackpot progressif « {name} » est en cours : les conditions d'incrémentation ne "
                        "peuvent être modifiées avant son arrêt ({citation}).")
HOUSE_RULES_BAD_BEAT_RUNNING = _("Le bad beat jackpot n'est pas arrêté : ses conditions d'incrémentation ne peuvent "
                                 "être modifiées avant son arrêt ({citation}).")
ROUNDING_NOT_THE_HOUSE_RULES = _("Le mode d'arrondi des incréments est celui du règlement intérieur en vigueur "
                                 "(version n° {seq}) : « {rounding} » ({citation}).")
