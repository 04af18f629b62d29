"""Messages of the playing-card stock: constants so tests assert them and translators find them, each naming its
field."""

from django.utils.translation import gettext_lazy as _

NOT_HERE = _("Les textes de la juridiction du casino ne prévoient pas de stock de jeux de cartes (champ « casino »).")
MANAGER_ONLY = _("Seule la direction du casino fixe la date d'application du contrôle à l'ouverture (champ "
                 "« acteur »).")
COUNT_POSITIVE = _("Le nombre doit être un entier positif : « {value} » (champ « {field} »).")
PACK_SIZE = _("Les jeux de cartes sont groupés en sixains : un paquet reçu compte {expected} jeux, pas {given} (champ "
              "« jeux par paquet »).")
PLAIN_BACK = _("Les jeux de cartes doivent être d'un tarotage à teinte unie (champ « teinte unie »).")
SEALS_COUNT = _("Un numéro de scellé par paquet reçu : {packs} paquets, {seals} scellés (champ « scellés »).")
SEAL_TWICE = _("Le scellé « {seal} » est déjà au registre (champ « scellés »).")
LOT_UNKNOWN = _("Le lot « {lot} » n'est pas au registre du casino (champ « lot »).")
NOT_ENOUGH_NEW = _("Le lot « {lot} » n'a plus que {left} jeux neufs sous scellé, {asked} demandés (champ « jeux »).")
NOT_ENOUGH_USED = _("Le lot « {lot} » n'a plus que {left} jeux rendus en parfait état, {asked} demandés (champ "
                    "« jeux »).")
NOT_COUNTED = _("Les cartes sont remises après leur comptée et leur vérification : cochez-les (champ « comptées et "
                "vérifiées »).")
SEAL_BROKEN = _("Des jeux neufs sortent sous scellé intact : cochez-le, ou retirez le lot (champ « scellés "
                "intacts »).")
TABLE_UNKNOWN = _("La table « {table} » n'est pas au registre des tables du casino (champ « table »).")
FAMILY_UNKNOWN = _("« {family} » n'est ni une table de jeu ni une table du salon de poker (champ « famille »).")
ISSUE_UNKNOWN = _("Cette remise n'est pas au registre des jeux de cartes du casino (champ « remise »).")
NOT_OUT = _("Il ne reste que {left} jeux de cette remise à la table, {asked} rendus (champ « jeux »).")
REASON_REQUIRED = _("Un jeu retiré l'est pour un motif : dites lequel (champ « motif »).")
NOT_RETIRED = _("Le lot « {lot} » n'a que {left} jeux retirés à détruire, {asked} demandés (champ « jeux »).")
CONTROL_SAME = _("Le contrôle à l'ouverture s'applique déjà ainsi (champ « à partir du »).")
# the opening of a session (controls.session_decks_problems), each with the article of its game
DECKS_MISSING = _("La table « {table} » ouvre le {day} avec {count} jeux de cartes remis, {required} requis "
                  "(champ « jeux de cartes »).")
DECKS_NOT_NEW = _("La table « {table} » ouvre le {day} avec des jeux qui ne sont pas neufs : il doit être fait usage "
                  "de cartes neuves (champ « jeux de cartes »).")
DECKS_NOT_CHECKED = _("La table « {table} » ouvre le {day} avec des jeux dont le parfait état n'a pas été vérifié à la "
                      "remise (champ « jeux de cartes »).")
DECKS_COLOURS = _("La table « {table} » ouvre le {day} avec ses jeux par couleur de dos : {found} ; il en faut {per} "
                  "de chacune de {colours} couleurs (champ « jeux de cartes »).")
REPLACEMENT_NEW = _("Jeux retirés de la table « {table} » le {day} : {retired} ; un jeu qui les remplace doit être "
                    "neuf (champ « neufs »).")
UNREADABLE = _("Écriture illisible du registre des jeux de cartes : {kind}.")
