"""Messages of the hash chain (gaming days, countersignatures): constants so tests assert them and translators find
them."""

from django.utils.translation import gettext_lazy as _

from compliance import two_person

SESSION_ALREADY_CLOSED = _("La journée de jeu du {day} est déjà close.")
SESSION_CLOSED = _("La journée de jeu du {day} est close : aucune écriture ne peut plus y être portée.")
FUTURE_DAY = _("La journée de jeu du {day} n'a pas encore commencé.")
SAME_PERSON = two_person.COUNTERSIGN_SAME  # the two-person rule's messages are declared with its steps
WRONG_ROLE = two_person.COUNTERSIGN_ROLE
ALREADY_COUNTERSIGNED = _("Cette écriture est déjà contresignée.")
BEFORE_OPENING = _(
    "Journée de jeu du {day} refusée : les registres de ce casino sont tenus dans Vigie depuis le {opened}."
)
YEAR_ARCHIVED = _(
    "Journée de jeu du {day} refusée : l'année {year} de ce casino est archivée, ses registres sont en lecture seule."
)
DAY_INVALID = _("Journée de jeu invalide (attendu : une date AAAA-MM-JJ).")
CORRECTION_MANAGER = _("Une correction est déposée par un membre de la direction (contrôle interne du casino).")
CORRECTION_OF_CORRECTION = _("Une correction ne se corrige pas : l'écriture qu'elle corrige reste corrigée.")
CORRECTION_OF_BASIS = _(
    "Ce que Vigie écrit du registre lui-même ne se corrige pas : la base d'application du projet se change sur la "
    "fiche du casino (le registre écrit la nouvelle avant l'écriture suivante), un rapport signé se refait."
)
CORRECTION_OF_LEDGER = _(
    "Le registre des cartes se corrige par ses propres opérations (ajustement du solde, changement d'état), "
    "jamais en écartant une écriture."
)
ALREADY_CORRECTED = _(
    "L'écriture n° {seq} est déjà corrigée ou sa correction attend sa contresignature (dépôt n° {pk})."
)
DRAFT_BASIS_MISSING = _(
    "Ce casino applique {drafts} sans base enregistrée : renseignez la « base d'application du projet » et la date "
    "d'où elle vaut sur la fiche du casino avant toute écriture sous ce texte."
)
LATE_FILING = _(
    "La journée de jeu du {day} date de {age} jours, au-delà du délai de saisie de {allowed} jours du casino "
    "(contrôle interne) : donnez le motif de la saisie tardive ; un responsable la contresignera."
)
LATE_LEDGER = _(
    "La journée de jeu du {day} date de {age} jours, au-delà du délai de saisie de {allowed} jours du casino "
    "(contrôle interne) : une opération de ce registre s'inscrit le jour où elle a lieu."
)
COUNTERSIGN_AUDIT = _("La contresignature est refusée, l'écriture ne vaut plus en l'état du registre : {problem}")
RECITATION_BY_ADMIN = _(
    "Une citation se rectifie par un administrateur de la plateforme, contresigné par le traitement automatique de "
    "Vigie (contrôle interne du casino)."
)
RECITATION_DONE = _("Les citations de l'écriture n° {seq} sont déjà rectifiées.")
