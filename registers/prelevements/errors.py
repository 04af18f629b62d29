"""The levy book's messages (French source, English in locale/en)."""

from django.utils.translation import gettext_lazy as _

ACT_REQUIRED = _("La référence de l'acte qui fixe les taux est obligatoire (acte cité par le casino).")
RATES_REQUIRED = _("Au moins un taux de prélèvement est requis.")
UNKNOWN_SOURCE = _("Source de produit inconnue : « {source} » (attendu : {known}).")
RATE_INVALID = _("Taux invalide pour « {source} » : « {rate} » (un pourcentage de 0 à 100, au plus quatre "
                 "décimales).")
UNKNOWN_BASE = _("Base de prélèvement inconnue : « {base} ».")
NO_PARAMETERS = _("Aucun paramètre de prélèvement n'est en vigueur le {day} : la direction doit d'abord enregistrer "
                  "les taux avec l'acte qui les fixe.")
MONTH_INVALID = _("Mois invalide : « {value} » (attendu : AAAA-MM).")
DAYS_REQUIRED = _("Indiquez au moins une journée prélevée.")
DAY_NOT_LEVIED = _("La journée du {day} n'a pas de prélèvement calculé.")
DAY_ALREADY_PAID = _("Le prélèvement du {day} a déjà été viré (écriture n° {seq}).")
AMOUNT_NOT_EXACT = _("Le virement doit payer exactement les prélèvements des journées indiquées : {expected}, pas "
                     "{given}.")
PAID_BEFORE_DAY = _("Le virement du {made} précède la journée prélevée du {day}.")
PAID_IN_FUTURE = _("Le virement ne peut pas être daté du {made}, jour à venir.")
REFERENCE_REQUIRED = _("La référence du virement bancaire est obligatoire.")
LEVY_MISMATCH = _("Le prélèvement écrit ({written}) n'est pas celui que donnent le produit et les taux ({computed}).")
SET_ASIDE_MISMATCH = _("Les fonds mis en réserve ({set_aside}) ne sont pas égaux au prélèvement ({levy}).")
DUE_MISMATCH = _("L'échéance écrite ({written}) n'est pas celle du délai de {count} jours ouvrables après la journée "
                 "({computed}).")
MANAGER_ONLY = _("Les paramètres de prélèvement sont enregistrés par la direction du casino, pas par {user}.")
ACCOUNTS_ONLY = _("Un virement au receveur est enregistré par la comptabilité ou la direction du casino, pas par "
                  "{user}.")
UNREADABLE = _("L'écriture ({kind}) ne peut pas être relue dans le carnet de prélèvement.")
