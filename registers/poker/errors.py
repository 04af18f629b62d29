"""Messages of the poker room registers: cagnotte, progressive and bad-beat jackpots (LU RGD 1979 art. 49-9 to 49-15,
97-1): constants so tests assert them and translators find them. The controls' messages (controls.py) say no article:
the service adds it in brackets, the audit beside them; the services' own (`{citation}`) write it in their sentence."""

from django.utils.translation import gettext_lazy as _

# --- the controls (controls.py) ---
CAGNOTTE_EMPTY = _("Au moins un montant doit être positif.")
CAGNOTTE_TWICE = _("La cagnotte de la table « {table} » est déjà comptée pour le {day} (écriture n° {seq}) : une table "
                   "est comptée une fois par journée de jeu.")
JACKPOT_UNKNOWN = _("Aucun jackpot « {name} » n'est configuré dans ce registre avant cette écriture.")
JACKPOT_ACTIVE = _("Le jackpot « {name} » est en cours depuis l'écriture n° {seq} : ses conditions ne changent pas "
                   "avant son arrêt.")
JACKPOT_STOPPED = _("Le jackpot « {name} » est arrêté depuis l'écriture n° {seq} : ni relevé ni gain avant qu'il soit "
                    "configuré à nouveau.")
JACKPOT_STOPPED_AGAIN = _("Le jackpot « {name} » est déjà arrêté depuis l'écriture n° {seq} : il ne s'arrête qu'une "
                          "fois.")
JACKPOT_BEFORE_CONFIGURATION = _("Le jackpot « {name} » est configuré le {configured} (écriture n° {seq}) : rien ne "
                                 "s'y inscrit pour une journée antérieure, le {day}.")
JACKPOT_TABLE_TWICE = _("La table « {table} » est nommée deux fois.")
JACKPOT_BLINDS_TABLE = _("Une ligne de blinds par table reliée ({tables}) : « {table} » n'en est pas une, ou revient "
                         "deux fois.")
JACKPOT_BLINDS_MISSING = _("Les blinds de ces tables reliées manquent : {tables}.")
JACKPOT_BLINDS_DIFFER = _("Mises initiales obligatoires différentes : {blinds} à la table « {table} », "
                          "{first_blinds} à la table « {first} » ; les tables reliées à un jackpot ont les mêmes.")
JACKPOT_SMALL_BLIND = _("La small blind du jackpot, {small_blind}, n'est pas celle de ses tables, "
                        "{tables_small_blind}.")
JACKPOT_LEVEL_COUNT = _("{count} : il en faut de 1 à {max}.")
JACKPOT_COMBINATIONS = _("Chaque niveau porte sur une combinaison différente parmi {eligible}, numérotés de 1 à "
                         "{count} "
                         "de la plus haute à la plus basse.")
JACKPOT_START_TOO_HIGH = _("Niveau {level} : valeur de départ {start} au-delà de {limit} ({multiple} fois la small "
                           "blind).")
JACKPOT_INCREMENT = _("Incrément invalide : montant fixe positif, ou pourcentage inférieur à 100, avec un arrondi "
                      "connu.")
ROUNDING_NOT_THE_HOUSE_RULES = _("Le mode d'arrondi des incréments est celui du règlement intérieur en vigueur "
                                 "(version "
                                 "n° {seq}) : « {rounding} ».")
NO_DISPLAYED = _("Le relevé n'indique aucun montant affiché.")
JACKPOT_UNKNOWN_LEVEL = _("Le jackpot n'a pas de niveau « {level} » : ses niveaux sont {levels}.")
LEVEL_MISSING = _("Aucun montant affiché pour le niveau {level}.")
JACKPOT_UNKNOWN_TABLE = _("La table « {table} » n'est pas reliée au jackpot : ses tables sont {tables}.")
INCREMENTS_MISSING = _("Les sommes prélevées ne sont pas inscrites pour chaque table reliée ({tables}), et pour elles "
                       "seules.")
JACKPOT_WON_IN_DEAL = _("Le niveau {level} est déjà gagné à la table « {table} » dans la partie « {deal} » (écriture "
                        "n° "
                        "{seq}).")
JACKPOT_ABOVE_AMOUNT = _("Le gain de {amount} dépasse le montant du niveau {level}, {available}.")
JACKPOT_RESTART = _("Le niveau {level} repart de sa valeur de départ, {start}, pas de {restart}.")
NOT_BOOLEAN = _("« {key} » vaut vrai ou faux, pas « {value} ».")
NOTICE_NOT_SENT_YET = _("L'avis au Ministre est daté du {notice}, après aujourd'hui, {today} : on n'inscrit qu'un avis "
                        "déjà envoyé.")
JACKPOT_NOTICE = _("Arrêt volontaire sans avis au Ministre au moins {days} avant (avis du {notice}, arrêt le {day}).")
BAD_BEAT_STOPPED = _("Le bad beat jackpot est arrêté depuis le {day} (écriture n° {seq}) : ni incrément ni gain avant "
                     "sa remise en service.")
BAD_BEAT_ALREADY_STOPPED = _("Le bad beat jackpot est déjà arrêté depuis l'écriture n° {seq}.")
BAD_BEAT_NOT_STOPPED = _("Le bad beat jackpot n'est pas arrêté : il n'y a rien à remettre en service.")
BAD_BEAT_WON_TWICE = _("Le bad beat jackpot est déjà gagné à la table « {table} » le {day} à {time} (écriture n° "
                       "{seq}).")
BAD_BEAT_PLAYERS_TWICE = _("Un joueur assis a plusieurs bons : chacun n'en a qu'un.")
BAD_BEAT_LOSER_NOT_SEATED = _("Le perdant « {loser} » n'a pas de bon : il n'est pas parmi les joueurs assis.")
HOUSE_RULES_MISSING = _("Le pot minimum pour constituer un bad beat jackpot est fixé par le règlement intérieur du "
                        "casino ; aucune version n'en est en vigueur le {day} : la direction l'enregistre d'abord.")
POT_MINIMUM_NOT_THE_HOUSE_RULES = _("Le pot minimum inscrit, {written} (version n° {seq}), n'est pas celui du "
                                    "règlement intérieur en vigueur le {day}, {minimum} (version n° {house}).")
BAD_BEAT_POT_TOO_SMALL = _("Pot de {pot} inférieur au pot minimum du règlement intérieur, {minimum}.")
HOUSE_RULES_BACKDATED = _("Une version du règlement intérieur entre en vigueur au plus tôt le jour où elle est "
                          "enregistrée, le {day} : elle ne remplace jamais une version passée.")
HOUSE_RULES_CHOICE = _("« {value} » n'est pas une modalité connue : {allowed}.")
HOUSE_RULES_YES_NO = _("« {label} » : « {value} » n'est ni oui ni non.")
HOUSE_RULES_AMOUNT = _("« {label} » : « {value} » n'est pas un montant positif à deux décimales au plus.")
HOUSE_RULES_MINUTES = _("« {label} » : « {value} » n'est pas une durée de 1 à {max} minutes.")
HOUSE_RULES_COUNT = _("« {label} » : « {value} » n'est pas un nombre entier d'au moins 1.")
HOUSE_RULES_NOT_DELEGATED = _("« {label} » : les textes du casino ne laissent pas cette valeur à son règlement "
                              "intérieur.")

# --- the services' own ---
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
CASHIER_FILES = _("Le bon de paiement du jackpot est rempli par le caissier, puis signé par un membre du comité de "
                  "direction ; {user} n'est pas caissier ({citation}).")
HOUSE_RULES_DIRECTION = _("Le règlement intérieur du casino est enregistré par sa direction ; {user} n'en est pas.")
HOUSE_RULES_RUNNING = _("Le jackpot progressif « {name} » est en cours : les conditions d'incrémentation ne "
                        "peuvent être modifiées avant son arrêt ({citation}).")

# --- the bad beat's account (art. 49-12 to 49-14) ---
BAD_BEAT_OPEN_RUNNING = _("Le bad beat jackpot est en service depuis le {day} (écriture n° {seq}) : sa valeur de "
                          "départ et ses conditions ne peuvent être modifiées avant son arrêt.")
BAD_BEAT_ABOVE_BALANCE = _("Le gain de {amount} dépasse le montant de la cagnotte du bad beat jackpot, {available}.")
BAD_BEAT_RESTART_AT = _("Après son gain, la cagnotte redémarre à {expected} (règlement intérieur, version n° {seq}), "
                        "pas à {restart}.")
BAD_BEAT_NOT_OPENED = _("Le bad beat jackpot n'a pas de valeur de départ fixée par l'établissement le {day} : il "
                        "n'est pas constitué, aucun gain ne s'y prend avant sa mise en service (champ « journée "
                        "de jeu »).")
BAD_BEAT_RESUMES_AT = _("Remis en service, le bad beat jackpot reprend la cagnotte telle que l'arrêt l'a laissée, "
                        "{expected}, pas {restart} (champ « montant de redémarrage »).")
BAD_BEAT_NOTICE_BEFORE = _("L'avis au Ministre est daté du {notice}, avant la mise en service du bad beat jackpot, le "
                           "{since}.")
BAD_BEAT_NOTICE_AFTER_DAY = _("L'avis au Ministre est daté du {notice}, après la journée où il est inscrit, le {day}.")
# a notice's reference naming a request to the Minister (art. 49-14 al. 2)
STOP_REFERENCE_OTHER_CASINO = _("La référence « {reference} » est celle d'une demande « {what} » d'un autre casino.")
STOP_REFERENCE_OTHER_OBJECT = _("La référence « {reference} » est celle d'une demande « {what} », pas de l'information "
                                "du Ministre d'un arrêt volontaire du bad beat jackpot.")
STOP_REFERENCE_OTHER_DAY = _("La demande « {reference} » a été déposée auprès du Ministre le {filed}, pas le {notice} "
                             "(non déposée : « — ») : l'avis est daté du jour de son dépôt.")
BAD_BEAT_STOP_NOT_ANNOUNCED_DAY = _("La demande « {reference} » a informé le Ministre d'un arrêt le {announced}, pas "
                                   "le {day} : un arrêt volontaire un autre jour demande une nouvelle information du "
                                   "Ministre.")
BAD_BEAT_MANUAL_NOT_BROKEN = _("Le bad beat jackpot n'est pas arrêté par une panne le {day} : le carnet de compte ne "
                               "s'écrit que pendant une panne.")
BAD_BEAT_MANUAL_TWICE = _("Le carnet de compte a déjà les montants de la table « {table} » le {day} (écriture n° "
                          "{seq}).")
BAD_BEAT_CARNET_DIFFERS = _("Carnet de compte de la table « {table} » le {day} : {noted} notés à la main, {deals} "
                            "retenus par les mains importées.")
HOUSE_RULES_BAD_BEAT_CONDITIONS = _("Le bad beat jackpot n'est pas arrêté le {day} : ses conditions d'incrémentation "
                                    "ne peuvent être modifiées avant son arrêt.")
