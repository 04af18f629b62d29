"""The demo's admissions, through the services. La Moselle's management records its admission policy (the minimum
age and the retention of the personal data, with the references of its own acts, as our texts give neither) and one
exclusion; its door issues a daily card, an annual card and, by the management, an honour guest's card; then refuses
the excluded person, whose check stays in the audit log. Lac-Bleu's management records a player asked to leave the
poker room, an exclusion of the poker room only, which its tournaments' entries check: once the tournaments are in,
the player's entry is refused (refused_entry_demo)."""

import datetime
from datetime import timedelta

from compliance.errors import DomainError
from compliance.models import AuditAction, AuditEvent, Casino, User

from ..models import AdmissionPolicy, Exclusion, Tournament
from ..tournaments.services import entry_sell
from .services import admission_issue, admission_policy_set, exclusion_record

PEOPLE = (  # (card, guest, price, last name, first name, birth date, document, last characters)
    ("journaliere", False, "10.00", "Schmit", "Anne", datetime.date(1984, 6, 12), "carte_identite", "4821"),
    ("annuelle", False, "150.00", "Hoffmann", "Luc", datetime.date(1969, 11, 3), "passeport", "07K2"),
    ("annuelle", True, "0", "Reuter", "Claire", datetime.date(1958, 2, 27), "carte_identite", "9130"),
)
EXCLUDED = ("Kieffer", "Marc", datetime.date(1975, 3, 2))


POKER_ROOM_EXCLUDED = ("Tremblay", "Éric", datetime.date(1990, 8, 19))


def _people(casino: Casino) -> tuple[User, User]:
    staff = casino.users.order_by("pk")
    return (staff.filter(role=User.Role.MANAGER).first(), staff.filter(role=User.Role.ACCOUNTANT).first())


def admissions_demo() -> list[str]:
    done = []
    moselle = Casino.objects.filter(code="la-moselle").first()
    if moselle is not None and not AdmissionPolicy.objects.filter(casino=moselle).exists():
        manager, cashier = _people(moselle)
        today = moselle.today()
        admission_policy_set(casino=moselle, actor=manager, minimum_age=18,
                             age_reference="Règlement intérieur de démonstration, âge d'accès aux salles de jeux",
                             retention_days=365, retention_reference="Politique de protection des données du casino "
                             "de démonstration, durée de conservation des cartes d'admission",
                             effective_from=today - timedelta(days=90))
        last, first, born = EXCLUDED
        exclusion_record(casino=moselle, actor=manager, last_name=last, first_name=first, birth_date=born,
                         scope=Exclusion.Scope.ESTABLISHMENT, source="Décision de la direction n° DEMO-EX-1",
                         starts_on=today - timedelta(days=30), ends_on=today + timedelta(days=700))
        for kind, guest, price, last_name, first_name, birth_date, document, end in PEOPLE:
            admission_issue(casino=moselle, actor=manager if guest else cashier, kind=kind, guest=guest, price=price,
                            last_name=last_name, first_name=first_name, birth_date=birth_date, document=document,
                            document_end=end)
        try:  # the excluded person at the door: refused, the check kept in the audit log
            admission_issue(casino=moselle, actor=cashier, kind="journaliere", price="10.00", last_name=last.upper(),
                            first_name=first, birth_date=born, document="carte_identite", document_end="5512")
        except DomainError:
            refused = 1
        else:
            raise AssertionError("the demo's excluded person was admitted")
        done.append(f"admissions of la-moselle: policy, 1 exclusion, {len(PEOPLE)} cards, {refused} refused")
    lac = Casino.objects.filter(code="lac-bleu").first()
    if lac is not None and not AdmissionPolicy.objects.filter(casino=lac).exists():
        manager, _cashier = _people(lac)
        today = lac.today()
        admission_policy_set(casino=lac, actor=manager, minimum_age=18,
                             age_reference="Politique d'accès de démonstration de la Société, âge d'accès au salon "
                             "de poker", retention_days=730, retention_reference="Politique de conservation de "
                             "démonstration de la Société", effective_from=today - timedelta(days=90))
        last, first, born = POKER_ROOM_EXCLUDED
        exclusion_record(casino=lac, actor=manager, last_name=last, first_name=first,
                         birth_date=born, scope=Exclusion.Scope.POKER_ROOM,
                         source="Décision du chef de salle n° DEMO-P-1 : prié de quitter le salon de poker",
                         starts_on=today - timedelta(days=2), ends_on=today + timedelta(days=28))
        done.append("admissions of lac-bleu: policy, 1 exclusion from the poker room")
    return done


def refused_entry_demo() -> list[str]:
    """Once Lac-Bleu's tournaments are in (compliance/approvals/demo.py, demo_load_last): the player asked to leave the
    poker room (QC RJC art. 67.109, kept as an exclusion of the poker room) tries to enter the tournament whose
    registration is open; the entry is refused and rolled back, its refusal stays in the audit log."""
    lac = Casino.objects.filter(code="lac-bleu").first()
    if lac is None or AuditEvent.objects.filter(casino=lac, action=AuditAction.EXCLUSION_READ, details__lieu="tournoi",
                                                 details__refus=True).exists():
        return []
    tournament = (Tournament.objects.filter(casino=lac, state=Tournament.State.PUBLISHED).order_by("starts_at")
                  .first())
    if tournament is None or not Exclusion.objects.filter(casino=lac, scope=Exclusion.Scope.POKER_ROOM).exists():
        return []
    cashier = _people(lac)[1]
    last, first, _born = POKER_ROOM_EXCLUDED
    try:
        entry_sell(tournament=tournament, actor=cashier, player=f"{first} {last}")
    except DomainError:
        return [f"tournament entry refused at lac-bleu: {tournament.name}"]
    raise AssertionError("the demo's player asked to leave the poker room entered a tournament")
