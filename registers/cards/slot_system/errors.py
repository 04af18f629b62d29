"""Messages of the slot-system API (services.py and api.py beside this file): constants so tests
assert them and translators find them."""

from django.utils.translation import gettext_lazy as _

SLOT_SYSTEM_ROLE = _("L'inscription d'un système de gestion des machines à sous est réservée à la direction.")
SLOT_SYSTEM_NAME_TAKEN = _("Un système de gestion des machines à sous porte déjà ce nom dans ce casino.")
SLOT_SYSTEM_RATE = _("La limite doit être un nombre entier de requêtes par minute, entre 1 et 1 000 000.")
SLOT_KEY_INVALID = _("Clé d'authentification du système de gestion des machines à sous invalide.")
SLOT_SYSTEM_INACTIVE = _("Ce système de gestion des machines à sous est désactivé.")
SLOT_SYSTEM_ONLY = _("Cette interface est réservée aux systèmes de gestion des machines à sous du casino.")
IDEMPOTENCY_KEY_REQUIRED = _(
    "L'en-tête Idempotency-Key est obligatoire pour un débit ou un crédit (1 à 200 caractères)."
)
IDEMPOTENCY_KEY_REUSED = _(
    "Cette clé d'idempotence a déjà servi pour une autre requête : une nouvelle opération demande une nouvelle clé."
)
SLOT_UNKNOWN_CARD = _(
    "Carte inconnue : « {number} ». Une carte de jeu électronique n'est valable qu'au sein du casino qui l'a "
    "émise ({citation})."
)
SLOT_WIN_EXCESS = _(
    "Gain de {win} : {credited} crédités sur la carte (plafond de {cap}), {excess} à payer manuellement ({citation})."
)
SLOT_RATE_LIMITED = _("Trop de requêtes : ce système est limité à {rate} requêtes par minute. Réessayez dans {wait} s.")
SLOT_BATCH_SIZE = _("Un envoi groupé compte de 1 à {most} opérations.")
SLOT_BATCH_OPERATION = _("Chaque opération d'un envoi groupé est un débit (« debit ») ou un crédit (« credit »).")
SLOT_BATCH_KEY_TWICE = _(
    "Cette clé d'idempotence figure déjà plus haut dans l'envoi : chaque opération a sa propre clé."
)
