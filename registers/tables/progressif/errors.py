"""Messages of the progressive bet's lot (QC RJC art. 21.2 as the rule data cites it): constants so tests assert them
and translators find them."""

from django.utils.translation import gettext_lazy as _

MANAGER_ONLY = _("Un lot progressif est configuré par la direction du casino, pas par {user}.")
NAME_REQUIRED = _("Le nom du lot progressif est obligatoire.")
LOT_TWICE = _("Le lot progressif « {name} » est déjà configuré (écriture n° {seq}).")
LOT_UNKNOWN = _("Aucun lot progressif « {name} » n'est configuré dans ce casino.")
LOT_BEFORE = _("Le lot progressif « {name} » est configuré depuis le {configured} : rien ne s'y inscrit pour le "
               "{day}.")
TABLES_REQUIRED = _("Indiquez au moins une table qui offre la mise progressive.")
TABLE_UNKNOWN = _("Aucune table « {table} » dans ce casino.")
TABLE_NO_BET = _("La table « {table} » ne joue pas un jeu qui a une mise progressive.")
TABLE_IN_LOT = _("La table « {table} » est déjà reliée au lot progressif « {name} ».")
TABLE_NOT_IN_LOT = _("La table « {table} » n'est pas reliée au lot progressif « {name} » (tables : {tables}).")
START_INVALID = _("La valeur de départ du lot doit être un montant positif.")
RATE_INVALID = _("Taux d'incrément invalide : « {rate} » (un pourcentage de la mise, plus de 0 et moins de 100, au "
                 "plus deux décimales).")
REFERENCE_REQUIRED = _("La référence de la décision du casino qui fixe la valeur de départ et le taux d'incrément est "
                       "obligatoire : le texte ne les fixe pas.")
NOT_OFFERED = _("La séance n° {session} de la table « {table} » du {day} n'indiquait pas la mise progressive.")
NOT_CLOSED = _("Le lot affiché se relève à la fermeture de la séance : la séance n° {session} de la table « {table} » "
               "du {day} n'est pas fermée.")
READING_TWICE = _("Le lot affiché à la fermeture de la séance n° {session} de la table « {table} » du {day} est déjà "
                  "relevé (écriture n° {seq}).")
BETS_INVALID = _("Nombre de mises progressives invalide : « {bets} » (un nombre entier, zéro ou plus).")
HAND_UNKNOWN = _("« {hand} » n'est pas une combinaison payée de la mise progressive (combinaisons : {hands}).")
PRIZE_AMOUNT = _("La combinaison « {label} » se paie {prize}, pas {amount}.")
LOT_WIN_AMOUNT = _("Un gain de 100 % du lot se paie du montant affiché du lot, un montant positif.")
RESET_NOT_START = _("Après un gain du lot, le lot repart à sa valeur de départ de {start}, pas à {reset}.")
DISPLAYED_INVALID = _("Le montant affiché par le panneau doit être un montant positif.")
UNREADABLE = _("L'écriture ({kind}) ne peut pas être relue dans le compte du lot progressif.")
NO_PROGRESSIVE = _("Aucune table de ce casino ne joue un jeu qui a une mise progressive.")
