"""Messages of the tournaments: constants so tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _

MANAGER_ONLY = _("Un tournoi est organisé par la direction du casino : son règlement, sa publication, son début et sa "
                 "clôture sont le fait d'un responsable.")
SLUG_TAKEN = _("Le casino a déjà un tournoi « {slug} » : choisissez un autre nom court.")
GAME_NOT_HERE = _("Le jeu « {game} » n'est pas un jeu de ce casino ({jurisdiction}).")
TO_POOL_ABOVE_FEE = _("La part du droit d'entrée aux lots ({to_pool}) dépasse le droit d'entrée ({fee}).")
RETURN_TOO_LOW = _("Les lots rendent {found} des droits d'entrée vendus ; le taux de retour aux participants ne peut "
                   "être inférieur à {required} ({citation}).")
GRAND_PRIX_NOT_HERE = _("Le droit d'entrée pris à même la mise supplémentaire n'existe qu'au poker grand prix du "
                        "Québec.")
GRAND_PRIX_BET = _("La mise supplémentaire du poker grand prix est de {required}, et non {found} ({citation}).")
GRAND_PRIX_FEE = _("Le droit d'entrée d'un tournoi de poker grand prix, {fee}, est pris à même la mise supplémentaire "
                   "de {bet} et doit en être au moins {share}, soit {minimum} ({citation}).")
GRAND_PRIX_BET_REQUIRED = _("Un tournoi de poker grand prix prend son droit d'entrée à même la mise supplémentaire de "
                            "{required} : indiquez-la ({citation}).")
ROPTA_GAME_NOT_ADOPTED = _("Le tournoi du ROPTA suppose que le casino adopte le ROPTA comme règlement intérieur du "
                           "tournoi.")
LATE_LEVELS_REQUIRED = _("Le casino n'adopte pas le ROPTA pour ce tournoi : ses règles fixent elles-mêmes le niveau "
                         "jusqu'à la fin duquel les inscriptions tardives sont permises.")
SEATED = _("Indiquez les joueurs assis à chaque table au début, une table indiquée pour le tournoi ({tables}) par "
           "ligne : ils doivent être les {count} inscrits.")
TOO_FEW_AT_TABLE = _("Au début du tournoi, le jeu commence à une table à partir de {minimum} joueurs assis ; table(s) "
                     "{tables} en dessous.")
CHIP_NOT_ADOPTED = _("Le chip race suit le ROPTA, que le casino n'a pas adopté comme règlement intérieur de ce "
                     "tournoi.")
WHOLE_NUMBER = _("Un nombre entier : au moins 1 place, un tapis de départ positif, des ré-entrées positives ou nulles.")
SHARES = _("Répartition des lots invalide : une part positive par place payée (par exemple 0.5, 0.3, 0.2), dont la "
           "somme fait 1, et au plus autant de places payées que de places au tournoi.")
LEVELS = _("Structure invalide au niveau {level} : petite blinde et grosse blinde positives, la grosse au moins égale "
           "à la petite, une ante positive ou nulle, une durée en minutes positive, en nombres entiers de jetons.")
ANTE_FORMAT = _("Format des ante inconnu : « {format} » ({allowed}).")
LATE_LEVELS = _("Les inscriptions tardives vont jusqu'à la fin d'un niveau de la structure (1 à {levels}).")
TABLES_REQUIRED = _("Indiquez les tables ou machines utilisées pour le tournoi ({citation}).")
CONTENT_MISSING = _("Les règles du tournoi doivent inclure : {missing}.")
STATE = _("Le tournoi est « {state} » : on ne peut pas {action}.")
PUBLISHED_LATE = _("Règles mises à la disposition du public le {published} (date enregistrée par Vigie) pour un "
                   "tournoi du {start} : {days} avant, il en faut au moins {required}.")
STARTED_EARLY = _("Le tournoi ne peut commencer avant la date et l'heure publiées, le {start}.")
STARTED_FUTURE = _("Le début d'un tournoi ne peut être enregistré à l'avance.")
OUT_FUTURE = _("Des joueurs sortis ne peuvent être enregistrés à l'avance.")
FINISH_FUTURE = _("La fin d'un tournoi ne peut être enregistrée à l'avance.")
APPROVAL_LACKING = _("Tournoi payant sans agrément de son règlement en vigueur le {day} : {detail}")
TOO_FEW = _("Un tournoi commence avec au moins {minimum} joueurs inscrits ; il y en a {count}.")
FULL = _("Le tournoi est complet : {capacity} places, toutes occupées par des joueurs en jeu.")
LATE_OVER = _("Les inscriptions tardives ont pris fin le {until}, à la fin du niveau {level}.")
REENTRY_IN_PLAY = _("{player} est encore en jeu : on ne se ré-inscrit qu'une fois sorti.")
REENTRY_LIMIT = _("{player} a déjà {count} ré-entrée(s) : le règlement du tournoi en permet {allowed}.")
ENTRY_FUTURE = _("Une inscription ne peut être enregistrée à l'avance.")
NOT_IN_PLAY = _("L'inscription n° {number} n'est pas en jeu dans ce tournoi.")
OUT_EMPTY = _("Nommez au moins un joueur sorti, avec sa table et son tapis au début du coup.")
OUT_ALL = _("Il doit rester au moins un joueur en jeu : le dernier est le vainqueur.")
STACK = _("Tapis au début du coup invalide pour l'inscription n° {number} : un nombre entier de jetons positif.")
FINISH = _("Le tournoi se termine quand il ne reste qu'un joueur en jeu et que les inscriptions tardives sont closes ; "
           "il en reste {count}.")
CHIP_VALUES = _("Le chip race retire une valeur de jeton pour une valeur supérieure (entiers positifs).")
CHIP_CARDS = _("{player} : une carte par jeton avancé, écrite comme « As » ou « Td » ({citation}).")
CHIP_FUTURE = _("Un chip race ne peut être enregistré à l'avance.")
CHIP_PLAYERS = _("Le chip race se fait entre joueurs en jeu ; « {player} » ne l'est pas.")
NO_PRIZE = _("La place {place} n'a pas de lot à payer.")
ALREADY_PAID = _("Le lot de la place {place} est déjà payé.")
WINNER_NAME = _("Le lot de la place {place} revient à {player}, et non à « {winner} ».")
UNPAID = _("{count} lot(s) restent à payer : le tournoi se clôt quand tous le sont.")
PUBLISHED_FUTURE = _("Une publication ne peut être enregistrée à l'avance.")
STARTED_BEFORE_PUBLISHED = _("Un tournoi ne commence pas avant la publication de ses règles, le {after}.")
ENTRY_BEFORE_PUBLISHED = _("Une inscription ne peut être datée d'avant la publication des règles, le {after}.")
OUT_BEFORE_START = _("Des joueurs sortis ne peuvent être datés d'avant le début du tournoi, le {after}.")
RACE_BEFORE_START = _("Un chip race ne peut être daté d'avant le début du tournoi, le {after}.")
FINISH_BEFORE_START = _("La fin d'un tournoi ne peut être datée d'avant son début, le {after}.")
PAID_BEFORE_FINISH = _("Un lot ne peut être payé avant la fin du tournoi, le {after}, qui fixe les places.")
NOT_A_PLACE = _("La place {place} n'est pas celle de l'inscription n° {number} dans ce tournoi.")
HOUSE_START = _("Contrôle interne du casino : le tournoi commence à la date et à l'heure publiées")
HOUSE_LIFECYCLE = _("Contrôle interne du casino : un tournoi publié, commencé, terminé puis clos, chaque étape une "
                    "fois et dans cet ordre")
HOUSE_PLAYERS = _("Contrôle interne du casino : joueurs en jeu dans le tournoi")

# what a tournament in the wrong state cannot have done to it (STATE's {action})
DOING_PUBLISH = _("publier ses règles")
DOING_START = _("le commencer")
DOING_ENTER = _("y inscrire un joueur")
DOING_OUT = _("y enregistrer des joueurs sortis")
DOING_FINISH = _("le terminer")
DOING_RACE = _("y faire un chip race")
DOING_PAY = _("y payer un lot")
DOING_CLOSE = _("le clore")
DOING_REPORT = _("en demander le rapport signé des résultats")
