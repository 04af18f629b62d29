"""Messages of the electronic gaming cards (LU RGD 1979 art. 3-1 to 3-4): constants so tests assert them and
translators find them."""

from django.utils.translation import gettext_lazy as _

CARD_NO_CERTIFICATE = _(
    "Aucune carte ne peut être émise avant la production du certificat de conformité du système ({citation}) : "
    "aucun certificat n'est produit pour ce casino. Il se produit par le dépôt « Certificat du système de cartes de "
    "jeu électroniques » auprès de l'autorité et vaut dès sa production, sans attendre de décision."
)
CARD_TWO_ACTIVE = _("Ce client a déjà {max} cartes nominatives attribuées et non clôturées, qu'elles soient actives, "
                    "bloquées, perdues ou trouvées ({citation}).")
CARD_NEEDS_CLIENT = _("Une carte nominative est émise au nom d'un client identifié ({citation}).")
CARD_NOT_ACTIVE = _("La carte {number} n'est pas active ({status}).")
CARD_ABOVE_CAP = _(
    "Chargement refusé : le solde dépasserait le plafond de {cap} ; montant encore permis : {allowed} ({citation})."
)
CARD_ROLE = _("L'émission d'une carte est réservée à la direction.")
CARD_INSUFFICIENT = _("Solde insuffisant : {amount} demandés, {balance} sur la carte.")
CARD_NOTHING_TO_PAY = _("La carte n'indique aucun solde à payer ({citation}).")
CARD_TRANSFER_SAME = _("Un transfert se fait entre deux cartes différentes.")
CARD_TRANSFER_CLIENTS = _(
    "Transfert impossible : seules les deux cartes nominatives d'un même client peuvent s'échanger un solde "
    "({citation})."
)
CARD_BENEFIT_NOMINATIVE = _(
    "Points et jeux gratuits sont réservés aux titulaires de cartes nominatives ({citation})."
)
CARD_BENEFIT_COUNT = _("Indiquez un nombre entier positif de points ou de jeux gratuits.")
CARD_ADJUST_ROLE = _("Un ajustement de solde est réservé à un superviseur (direction).")
CARD_ADJUST_SAME = _("Le nouveau solde est égal au solde actuel : rien à ajuster.")
CARD_STATUS_CHANGE = _("La carte {number} ne peut passer de « {current} » à « {wanted} ».")
CARD_CLOSE_BALANCE = _(
    "La carte indique encore un solde de {balance} : payez-le au client avant de la clôturer ({citation})."
)
CARD_FOUND_DATE = _("La date de découverte ne peut être dans le futur.")
CARD_UNKNOWN_CHANGE = _("Changement d'état inconnu : « {value} ».")
CLIENT_EXISTS = _(
    "Un client porte déjà cette pièce d'identité : choisissez-le dans la liste des clients identifiés."
)
CLIENT_BIRTH_DATE = _("La date de naissance ne peut être dans le futur.")
EXCESS_UNKNOWN = _("Aucun gain au-delà du plafond n° {seq} au registre des cartes de ce casino ({citation}).")
EXCESS_AMOUNT = _("Le gain au-delà du plafond n° {seq} est de {expected} : c'est ce montant qui est payé "
                  "manuellement ({citation}).")
EXCESS_MACHINE = _("Le gain au-delà du plafond n° {seq} vient de l'appareil « {expected} » ({citation}).")
EXCESS_PAID = _("Le gain au-delà du plafond n° {seq} est déjà payé : écriture n° {entry} du registre des jackpots "
                "payés manuellement ({citation}).")
EXCESS_PENDING = _("Le paiement du gain au-delà du plafond n° {seq} est déjà déclaré (dépôt n° {pending}) et attend "
                   "sa contresignature ({citation}).")
