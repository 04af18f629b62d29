"""Why an approval request is refused, and what its checks say: constants so tests assert them and translators find
them. Messages are French first; the checks' findings keep both languages (compliance/approvals/checks.py)."""

from enum import StrEnum

from django.utils.translation import gettext_lazy as _


class Code(StrEnum):
    """The `code` of every refusal of the approvals, as the API returns it: never renamed."""

    KIND_NOT_HERE = "kind_not_here"  # no such request in the casino's jurisdiction
    ITEM_MISSING = "item_missing"  # a required item is not given
    ITEM_INVALID = "item_invalid"  # an item of the wrong form
    ITEM_UNKNOWN = "item_unknown"  # an item the kind does not have
    STEP_NOT_ALLOWED = "step_not_allowed"  # the request's state does not allow the step
    NOT_YOUR_SIDE = "not_your_side"  # the other side's step
    NOTE_REQUIRED = "note_required"  # a question, an answer, a refusal … says why
    OUTSIDE_JURISDICTION = "outside_jurisdiction"  # a regulator of another jurisdiction
    NOT_A_MANAGER = "not_a_manager"  # the casino's side is its management
    EFFECTIVE_DATE = "effective_date"  # an approval takes effect on a date, not before the request was filed
    ATTACHMENT_TOO_LARGE = "attachment_too_large"
    APPROVAL_LACKING = "approval_lacking"  # an operation that needs an approval in force the casino does not have
    SAME_PERSON = "same_person"  # the person who filed the request decides it (compliance/two_person.py)
    DUPLICATE = "duplicate"  # the same request (kind, subject, items) filed again while it waits for its decision


KIND_NOT_HERE = _("La juridiction {jurisdiction} ne prévoit pas de demande « {kind} ».")
ITEM_MISSING = _("Élément manquant : « {item} » ({citation}).")
ITEM_UNKNOWN = _("« {item} » n'est pas un élément de cette demande.")
ITEM_NOT_TEXT = _("« {item} » : un texte non vide est attendu.")
ITEM_NOT_DATE = _("« {item} » : une date AAAA-MM-JJ est attendue.")
ITEM_NOT_RATIO = _("« {item} » : un taux entre 0 et 1 est attendu (0.95 pour 95 %).")
ITEM_NOT_FILE = _("« {item} » : un document joint est attendu.")
ITEM_NOT_PAYTABLE = _("« {item} » : « {value} » n'est pas une table de paiement de la juridiction {jurisdiction}.")
ITEM_NOT_PAYOUTS = _("« {item} » : un paiement positif est attendu pour chaque ligne de la table, « {line} » ne l'est "
                     "pas.")
ITEM_NOT_CASINOS = _("« {item} » : des codes de casino de la juridiction sont attendus ; « {value} » n'en est pas un.")
ITEM_NOT_EVENT = _("« {item} » : « {value} » n'est pas un changement d'état dont le Ministre doit être informé.")
DATE_BEFORE_REGISTERS = _("« {item} » : le {day} précède la tenue des registres du casino dans Vigie, depuis le "
                          "{opened}.")
DATE_BEFORE_MACHINE = _("« {item} » : le {day} précède l'installation de l'appareil « {machine} » au registre des "
                        "appareils, le {since}.")
DATE_TO_COME = _("« {item} » : le {day} est à venir ; ce qui a déjà eu lieu se date au plus tard aujourd'hui, le "
                 "{today}.")
STEP_NOT_ALLOWED = _("La demande {reference} est « {state} » : l'étape « {step} » n'est pas possible.")
NOT_YOUR_SIDE = _("L'étape « {step} » revient à {side}.")
SIDE_ONLY = _("Cette étape revient à {side}.")
NOTE_REQUIRED = _("L'étape « {step} » se motive : écrivez pourquoi.")
OUTSIDE_JURISDICTION = _("Cette demande relève de la juridiction {jurisdiction}, hors de votre périmètre.")
NOT_A_MANAGER = _("Une demande à l'autorité se dépose, se complète et se retire par la direction du casino.")
LEADS_ELSEWHERE = _("L'étape « {step} » mène à l'état « {target} », et non à « {written} ».")
FILED_TWICE = _("La même demande, {other} sur « {subject} », est déjà déposée et attend sa décision : répondez-y "
                "ou retirez-la plutôt que de la déposer une seconde fois.")
SUPERSEDED_BY_OTHER = _("La demande {reference} ne peut être remplacée que par une approbation en vigueur de même "
                        "nature et de même objet ; {by} n'en est pas une.")
EFFECTIVE_BEFORE_FILING = _("Une décision prend effet au plus tôt le jour du dépôt de la demande ({filed}).")
ATTACHMENT_TOO_LARGE = _("Le document « {name} » dépasse {limit} Mo.")
APPROVAL_LACKING = _("Il y faut une décision d'approbation en vigueur le {day} : « {kind} » pour « {subject} ». "
                     "Le casino n'en a pas ; déposez la demande dans « Demandes d'approbation ».")
ITEM_NOT_DIGEST = _("« {item} » : une empreinte SHA-256 (64 caractères hexadécimaux) est attendue.")
DECISION_NOT_POWER = _("« {step} » n'est pas un acte que le texte donne à l'autorité pour cette nature de demande.")
RULES_APPROVAL_LACKING = _("Aucun agrément en vigueur le {day} ne porte sur ce règlement (empreinte {digest}…) : le "
                           "règlement agréé est reconnu à son empreinte, non au nom du tournoi ; déposez la demande "
                           "« Règlement d'un tournoi » avec cette empreinte.")
NOT_FILED_POWER = _("« {kind} » n'est pas une demande à l'autorité ({citation}) : {why}")
NOT_FILED_WHY = {
    "publication": _("le texte impose une publication au public, que le casino fait lui-même et que Vigie date."),
    "aucun": _("le texte fixe lui-même ce qu'elle changerait ; seul un règlement le modifie."),
}
WHEEL_NOT_QC = _("La juridiction {jurisdiction} ne prévoit pas de roue de fortune publiée.")

SIDES = {"casino": _("la direction du casino"), "regulator": _("l'autorité"), "system": _("Vigie")}
