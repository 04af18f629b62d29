"""Messages of the admissions and exclusions: constants so tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _

MANAGER_ONLY = _("Seule la direction du casino tient la politique d'admission et la liste d'exclusion.")
STAFF_ONLY = _("Seul le personnel du casino délivre les cartes d'admission.")
NO_POLICY = _("La direction n'a saisi aucune politique d'admission en vigueur ce jour : l'âge minimum n'est pas "
              "connu (champ « date de naissance »).")
AGE_RANGE = _("L'âge minimum s'écrit en années, de 16 à 25 : « {value} » (champ « âge minimum »).")
RETENTION_RANGE = _("La durée de conservation s'écrit en jours, de 1 à 3 650 : « {value} » (champ « conservation »).")
REFERENCE_REQUIRED = _("La référence de l'acte du casino qui fixe cette valeur est requise (champ « {field} »).")
SAME_VERSION = _("Une politique d'admission prend déjà effet le {day} : une nouvelle version prend effet un autre "
                 "jour (champ « en vigueur le »).")
FUTURE_BIRTH = _("La date de naissance {day} est à venir (champ « date de naissance »).")
SOURCE_REQUIRED = _("La source de l'exclusion (la décision ou la demande qui la fonde) est requise (champ « source »).")
ENDS_BEFORE = _("L'exclusion finit le {end}, avant son début le {start} (champ « au »).")

# the controls' refusals (controls.py)
KIND_NOT_IN_TEXTS = _("Les textes de la juridiction du casino ne prévoient pas de carte d'admission « {kind} » "
                      "(champ « carte »).")
GUEST_NOT_IN_TEXTS = _("Les textes de la juridiction du casino ne prévoient pas de carte d'invité d'honneur "
                       "« {kind} » (champ « invité d'honneur »).")
GUEST_BY_MANAGEMENT = _("Une carte d'invité d'honneur est délivrée par la direction de l'établissement (champ "
                        "« invité d'honneur »).")
GUEST_FREE = _("Une carte d'invité d'honneur est délivrée gratuitement : prix {price} (champ « prix »).")
PRICE_NEGATIVE = _("Le prix d'une carte d'admission ne peut être négatif : {price} (champ « prix »).")
DOCUMENT_END = _("Seuls les 2 à 4 derniers caractères du numéro de la pièce sont notés, lettres et chiffres : "
                 "« {value} » (champ « derniers caractères du numéro »).")
DOCUMENT_KIND = _("« {value} » n'est pas une pièce d'identité que la carte d'admission note (champ « pièce "
                  "d'identité »).")
UNDER_AGE = _("{name} a {age} ans le {day}, sous l'âge minimum de {minimum} ans fixé par « {reference} » (champ "
              "« {field} »).")
EXCLUDED = _("{name} figure sur la liste d'exclusion du casino ({scope}, exclusion n° {number}, depuis le {since}) "
             "(champ « {field} »).")
