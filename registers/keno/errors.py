"""Messages of the keno register (QC RJC art. 86): constants so tests assert them and translators find them. The
controls' messages say no article: the service adds it in brackets, the audit beside them."""

from django.utils.translation import gettext_lazy as _

REFERENCE_REQUIRED = _("Indiquez la référence où le casino fixe son heure de fermeture (elle n'est pas dans les textes "
                       "que Vigie tient).")
HOUR_INVALID = _("Heure de fermeture invalide : « {value} » (HH:MM attendu).")
MOMENT_INVALID = _("Moment invalide : « {value} » (AAAA-MM-JJTHH:MM attendu).")
TICKET_EXISTS = _("Le billet {number} est déjà enregistré (écriture n° {seq}).")
DRAWS_INVALID = _("Un billet est valide pour un tirage ou plusieurs : des numéros de tirage distincts, à partir de 1.")
IN_FUTURE = _("Le {moment} est à venir : on n'enregistre que ce qui a eu lieu.")
ALREADY_DRAWN = _("Le tirage n° {draw} est déjà enregistré (écriture n° {seq}) : un billet se vend avant ses "
                  "tirages.")
DRAW_EXISTS = _("Le tirage n° {draw} est déjà enregistré (écriture n° {seq}), ou son numéro n'est pas valide.")
NOT_FOR_THIS_DRAW = _("Le billet {ticket} n'est pas un billet enregistré valide pour le tirage n° {draw}.")
SOLD_AFTER_DRAW = _("Le billet {ticket} est vendu le {issued}, pas avant le tirage du {drawn}.")
AMOUNT_NOT_POSITIVE = _("Le gain du billet {ticket} doit être un montant positif.")
UNKNOWN_TICKET = _("Aucun billet {ticket} n'est enregistré à ce registre.")
ALREADY_PAID = _("Le billet {ticket} est déjà payé (écriture n° {seq}).")
DRAW_TO_COME = _("Le billet {ticket} attend encore le résultat du tirage n° {draw} : il n'est payé qu'une fois tous "
                 "ses tirages enregistrés.")
NOT_WINNING = _("Le billet {ticket} n'est pas gagnant : le paiement se fait au détenteur d'un billet gagnant valide.")
PAID_BEFORE_DRAW = _("Le billet {ticket} n'est pas payé avant son dernier tirage, le {drawn}.")
NO_CLOSING = _("Aucune heure de fermeture du casino n'est enregistrée pour la journée du {day} : l'échéance du "
               "billet ne peut pas être dite.")
SINGLE_DRAW_LATE = _("Billet {ticket} présenté trop tard : tirage du {drawn}, payable avant l'heure de fermeture du "
                     "casino, le {deadline} ; présenté le {paid}.")
MULTI_DRAW_LATE = _("Billet {ticket} présenté trop tard : dernier tirage le {drawn}, payable dans les quatre-vingt-dix "
                    "jours, jusqu'au {last_day} inclus ; présenté le {paid}.")
WINNERS_INVALID = _("Les gagnants s'écrivent « billet: montant », un par ligne : « {value} » ne se lit pas.")
ROLE_ONLY = _("Cette opération du Keno est réservée à la comptabilité ou à la direction du casino, pas à {user}.")
MANAGER_ONLY = _("L'heure de fermeture du casino est enregistrée par sa direction, pas par {user}.")
AMOUNT_MISMATCH = _("Montant payé ({written}) autre que le total des gains du billet ({computed}).")
NOT_APPLICABLE = _("Le Keno ne s'applique pas dans la juridiction de ce casino.")
UNREADABLE = _("L'écriture ({kind}) ne peut pas être relue dans le registre du Keno.")
