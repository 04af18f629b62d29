"""The life of an approval request, as a table of transitions: which step leads from which state to which, and who
takes it (the casino's management, the regulator of the casino's jurisdiction, or Vigie itself running the checks).
A pure module: the services (compliance/approvals/services.py) lock the request, ask `step` whether the move is
allowed, and record it. Nothing else changes a request's state.

    brouillon ─déposer→ déposée ─contrôler→ contrôles ─examiner→ en examen ⇄ complément demandé
    en examen ─approuver / approuver sous conditions / refuser→ décidée (an authorisation)
    en examen ─avis favorable / avis défavorable→ avis donné (a proposal: the text in force is unchanged)
    en examen ─accuser réception / objecter→ reçue (a notice, a document produced: in effect as declared)
    approuvée ─remplacer→ remplacée (a later approval of the same subject) · ─révoquer→ révoquée
    any state before the decision ─retirer→ retirée (by the casino)

A casino never edits a filed request: it answers the regulator's question or withdraws it. Which decisions the
regulator may take is the kind's power (compliance/approvals/kinds.py): states written before the powers existed
(« approuvee » on a pay table) stay valid in the registers, the new ones are added beside them."""

from dataclasses import dataclass
from typing import Final

# The states
DRAFT: Final = "brouillon"
FILED: Final = "deposee"
CHECKING: Final = "controles"
REVIEW: Final = "en_examen"
INFORMATION: Final = "complement_demande"
APPROVED: Final = "approuvee"
CONDITIONAL: Final = "approuvee_conditions"
REFUSED: Final = "refusee"
WITHDRAWN: Final = "retiree"
SUPERSEDED: Final = "remplacee"
REVOKED: Final = "revoquee"
FAVOURABLE: Final = "avis_favorable"  # the Régie's opinion on a proposal (QC)
UNFAVOURABLE: Final = "avis_defavorable"
ACKNOWLEDGED: Final = "accusee_reception"  # a notice or a document received
OBJECTED: Final = "objection"  # received, with the authority's objection
STATES: Final = (DRAFT, FILED, CHECKING, REVIEW, INFORMATION, APPROVED, CONDITIONAL, REFUSED, WITHDRAWN, SUPERSEDED,
                 REVOKED, FAVOURABLE, UNFAVOURABLE, ACKNOWLEDGED, OBJECTED)
IN_FORCE: Final = (APPROVED, CONDITIONAL)  # a decision the casino's configuration follows
EVER_IN_FORCE: Final = (*IN_FORCE, SUPERSEDED, REVOKED)  # in force from its date until it ended
OPINIONS: Final = (FAVOURABLE, UNFAVOURABLE)
RECEIVED: Final = (ACKNOWLEDGED, OBJECTED)
DECIDED: Final = (*IN_FORCE, REFUSED, *OPINIONS, *RECEIVED)
OPEN: Final = (DRAFT, FILED, CHECKING, REVIEW, INFORMATION)  # not yet decided, nor withdrawn
WAITING_FOR_REGULATOR: Final = (FILED, CHECKING, REVIEW)
WAITING_FOR_CASINO: Final = (DRAFT, INFORMATION)

# Who takes a step
CASINO: Final = "casino"  # the casino's management (directeur responsable, membre du comité de direction)
REGULATOR: Final = "regulator"  # the authority of the casino's jurisdiction
SYSTEM: Final = "system"  # Vigie: the automatic checks, a later approval superseding an earlier one


@dataclass(frozen=True)
class Transition:
    name: str
    sources: tuple[str, ...]
    target: str
    by: str
    note_required: bool = False  # a question, an answer, a refusal, a withdrawal, a revocation say why


FILE: Final = Transition("deposer", (DRAFT,), FILED, CASINO)
CHECK: Final = Transition("controler", (FILED,), CHECKING, SYSTEM)
EXAMINE: Final = Transition("examiner", (CHECKING,), REVIEW, SYSTEM)
ASK: Final = Transition("demander_complement", (REVIEW,), INFORMATION, REGULATOR, note_required=True)
ANSWER: Final = Transition("repondre", (INFORMATION,), REVIEW, CASINO, note_required=True)
APPROVE: Final = Transition("approuver", (REVIEW,), APPROVED, REGULATOR)
APPROVE_WITH_CONDITIONS: Final = Transition("approuver_sous_conditions", (REVIEW,), CONDITIONAL, REGULATOR,
                                            note_required=True)
REFUSE: Final = Transition("refuser", (REVIEW,), REFUSED, REGULATOR, note_required=True)
WITHDRAW: Final = Transition("retirer", OPEN, WITHDRAWN, CASINO, note_required=True)
SUPERSEDE: Final = Transition("remplacer", IN_FORCE, SUPERSEDED, SYSTEM)
REVOKE: Final = Transition("revoquer", IN_FORCE, REVOKED, REGULATOR, note_required=True)
GIVE_FAVOURABLE: Final = Transition("avis_favorable", (REVIEW,), FAVOURABLE, REGULATOR)
GIVE_UNFAVOURABLE: Final = Transition("avis_defavorable", (REVIEW,), UNFAVOURABLE, REGULATOR, note_required=True)
ACKNOWLEDGE: Final = Transition("accuser_reception", (REVIEW,), ACKNOWLEDGED, REGULATOR)
OBJECT: Final = Transition("objecter", (REVIEW,), OBJECTED, REGULATOR, note_required=True)
TRANSITIONS: Final = {t.name: t for t in (FILE, CHECK, EXAMINE, ASK, ANSWER, APPROVE, APPROVE_WITH_CONDITIONS,
                                          REFUSE, WITHDRAW, SUPERSEDE, REVOKE, GIVE_FAVOURABLE, GIVE_UNFAVOURABLE,
                                          ACKNOWLEDGE, OBJECT)}
# The decisions each power allows (compliance/approvals/kinds.py)
DECISIONS_BY_POWER: Final = {
    "autorisation": (APPROVE, APPROVE_WITH_CONDITIONS, REFUSE),
    "avis": (GIVE_FAVOURABLE, GIVE_UNFAVOURABLE),
    "notification": (ACKNOWLEDGE, OBJECT),
    "production": (ACKNOWLEDGE, OBJECT),
}
DECISIONS: Final = tuple(dict.fromkeys(t for ts in DECISIONS_BY_POWER.values() for t in ts))  # any power's


class NotAllowed(Exception):
    """A step the request's state or the person's side does not allow: `code` says which."""

    def __init__(self, code: str, transition: Transition, state: str, by: str):
        super().__init__(f"{transition.name} from {state} by {by}: {code}")
        self.code, self.transition, self.state, self.by = code, transition, state, by


def _power_allows(transition: Transition, power: str) -> bool:
    return transition not in DECISIONS or transition in DECISIONS_BY_POWER.get(power, ())


def step(name: str, state: str, by: str, note: str = "", power: str = "autorisation") -> Transition:
    """The transition `name` from `state` taken by `by`, or NotAllowed: "state" when the request is not in a state it
    leaves from (already decided, say), "side" when it is the other side's to take, "note" when it must say why,
    "power" when the kind's power gives no such decision (approving a notice, an opinion on an authorisation)."""
    transition = TRANSITIONS[name]
    if not _power_allows(transition, power):
        raise NotAllowed("power", transition, state, by)
    if state not in transition.sources:
        raise NotAllowed("state", transition, state, by)
    if by != transition.by:
        raise NotAllowed("side", transition, state, by)
    if transition.note_required and not note.strip():
        raise NotAllowed("note", transition, state, by)
    return transition


def next_actor(state: str) -> str | None:
    """Whose turn it is: the casino (a draft, a question to answer), the regulator, or no one (decided or closed)."""
    if state in WAITING_FOR_CASINO:
        return CASINO
    if state in WAITING_FOR_REGULATOR:
        return REGULATOR
    return None


def allowed(state: str, by: str, power: str = "autorisation") -> list[Transition]:
    """The steps `by` may take from `state` on a kind of this power, for the pages' buttons."""
    return [t for t in TRANSITIONS.values() if state in t.sources and t.by == by and _power_allows(t, power)]
