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
EXCESS_UNKNOWN = _("Aucun gain au-delà du plafond n° {seq} n'est enregistré au registre des cartes de ce casino "
                   "avant ce paiement ({citation}).")
EXCESS_AMOUNT = _("Le gain au-delà du plafond n° {seq} est de {expected} : c'est ce montant qui est payé "
                  "manuellement, pas {amount} ({citation}).")
EXCESS_MACHINE = _("Le gain au-delà du plafond n° {seq} vient de l'appareil « {expected} », pas de « {machine} » "
                   "({citation}).")
EXCESS_PAID = _("Le gain au-delà du plafond n° {seq} est déjà payé : écriture n° {entry} du registre des jackpots "
                "payés manuellement ({citation}).")
EXCESS_PENDING = _("Le paiement du gain au-delà du plafond n° {seq} est déjà déclaré (dépôt n° {pending}) et attend "
                   "sa contresignature ({citation}).")
CARD_CHANGE_ROLE = _("Bloquer, réactiver ou clôturer une carte : une décision réservée à la direction.")
CARD_BEFORE_ISSUE = _("La carte {number} est émise le {issued} : rien ne s'y inscrit à une date antérieure ({day}).")
CARD_FOUND_BEFORE_ISSUE = _("La carte {number} est émise le {issued} : elle ne peut avoir été trouvée avant, le "
                            "{found}.")
CARD_CLOSED_NO_ADJUST = _("La carte {number} est clôturée : son solde ne s'ajuste plus ({citation}).")
# the words of the audit (registers_audit) where the service's are the same, a card's state read from the register
CARD_EXISTS = _("La carte « {card} » est déjà émise (écriture n° {seq}).")
CARD_KIND = _("Type de carte inconnu : « {kind} ».")
CARD_DAY_NO_CLIENT = _("Une carte nominative est émise au nom d'un client identifié, une carte journalière à personne.")
CARD_CAP = _("Plafond de {written} au lieu de {cap}, celui que la règle donne à ce type de carte.")
CARD_EXPIRY = _("Seule une carte journalière active expire, et après sa journée d'émission ({issued}).")
CARD_ABOVE_CAP_WIN = _("Le solde de la carte « {card} » passerait à {balance}, au-delà de son plafond de {cap}.")
CARD_EXCESS_SPLIT = _("Gain de {win} : le crédit ({credited}) et l'excédent ({amount}) ne font pas le gain.")
CARD_EXCESS_NOT_FULL = _("La carte « {card} » pouvait encore prendre {room} : seule la part au-delà de son plafond se "
                         "paie à la main.")
CARD_EXCESS_INACTIVE = _("La carte « {card} » n'est pas active : elle ne prend rien, tout le gain se paie à la main.")
CARD_TO_ORPHELINS_FOUND = _("Seule une carte trouvée verse son solde aux orphelins ; la carte « {card} » est "
                            "« {status} ».")
CARD_TO_ORPHELINS_AMOUNT = _("Le versement aux orphelins porte sur tout le solde, {balance}, pas sur {amount}.")
CARD_TO_ORPHELINS_SOURCE = _("Origine « {source} » au lieu de « {expected} » pour cette carte.")
CARD_STILL_HELD = _("La carte nominative trouvée le {found} est gardée à la disposition de son titulaire jusqu'au "
                    "{until}.")
