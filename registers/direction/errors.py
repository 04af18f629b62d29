"""The direction's register's messages (French source, English in locale/en)."""

from django.utils.translation import gettext_lazy as _

MANAGEMENT_ONLY = _("Seule la direction du casino tient le registre de la direction.")
MANAGER_ONLY = _("Le registre de la direction est tenu par la direction du casino, pas par {user}.")
NAME_REQUIRED = _("Le nom du membre du comité de direction est obligatoire.")
REFERENCE_REQUIRED = _("La référence de l'acte est obligatoire (acte cité par le casino).")
UNKNOWN_CHANGE = _("Changement inconnu : « {change} » (attendu : nomination ou départ).")
ALREADY_MEMBER = _("{name} est déjà membre du comité de direction depuis le {since}.")
ALREADY_DIRECTOR = _("{name} est directeur responsable depuis le {since} : enregistrez d'abord son départ.")
NOT_MEMBER = _("{name} n'est pas membre du comité de direction.")
BEFORE_LAST_CHANGE = _("Le {day} précède le dernier changement enregistré pour {name}, le {since}.")
END_BEFORE_START = _("La fin de la présence ({end}) ne suit pas son début ({start}).")
TOO_LONG = _("Une présence dure au plus {hours} heures : inscrivez-en une autre pour la suite.")
NOT_IN_OFFICE = _("{name} n'est pas membre du comité de direction le {day} : seul le directeur responsable ou un "
                  "membre du comité qui le remplace est inscrit présent.")
OVERLAP = _("{name} est déjà inscrit présent de {start} à {end}.")
UNKNOWN_ACT = _("Acte inconnu : « {act} ».")
LAST_BEFORE_FIRST = _("Le dernier jour de la désignation ({last}) précède son premier ({first}).")
NO_DIRECTOR = _("Aucun directeur responsable n'est en fonction le {day} : la désignation est la sienne.")
NOT_STAFF = _("{user} n'est pas un employé de ce casino.")
UNREADABLE = _("L'écriture ({kind}) ne peut pas être relue dans le registre de la direction.")
NOT_A_DESIGNATION = _("L'écriture n° {seq} n'est pas une désignation de ce registre.")
NOT_A_PRESENCE = _("L'écriture n° {seq} n'est pas une présence du journal (ou elle a été écartée).")
REASON_REQUIRED = _("Le motif est obligatoire.")
NOT_EARLIER = _("La désignation n° {seq} prend déjà fin le {last} : une fin anticipée tombe avant.")
HOURS_REQUIRED = _("Indiquez le début et la fin de la présence corrigée, ou écartez-la comme inscrite par erreur.")
SAME_PRESENCE = _("La présence corrigée est celle de l'écriture n° {seq} : rien ne change.")
