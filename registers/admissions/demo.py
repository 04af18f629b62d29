"""The demo's admissions, through the services. La Moselle's management records its admission policy (the minimum
age and the retention of the personal data, with the references of its own acts, as our texts give neither) and one
exclusion; its door issues a daily card, an annual card and, by the management, an honour guest's card; then refuses
the excluded person, whose check stays in the audit log. Lac-Bleu's management records a player asked to leave the
poker room, an exclusion of the poker room only, which its tournaments' entries check."""

import datetime
from datetime import timedelta

from compliance.errors import DomainError
from compliance.models import Casino, User

from ..models import AdmissionPolicy, Exclusion
from .services import admission_issue, admission_policy_set, exclusion_record

PEOPLE = (  # (card, guest, price, last name, first name, birth date, document, last characters)
    ("journaliere", False, "10.00", "Schmit", "Anne", datetime.date(1984, 6, 12), "carte_identite", "4821"),
    ("annuelle", False, "150.00", "Hoffmann", "Luc", datetime.date(1969, 11, 3), "passeport", "07K2"),
    ("annuelle", True, "0", "Reuter", "Claire", datetime.date(1958, 2, 27), "carte_identite", "9130"),
)
EXCLUDED = ("Kieffer", "Marc", datetime.date(1975, 3, 2))


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
        exclusion_record(casino=lac, actor=manager, last_name="Tremblay", first_name="Éric",
                         birth_date=datetime.date(1990, 8, 19), scope=Exclusion.Scope.POKER_ROOM,
                         source="Décision du chef de salle n° DEMO-P-1 : prié de quitter le salon de poker",
                         starts_on=today - timedelta(days=2), ends_on=today + timedelta(days=28))
        done.append("admissions of lac-bleu: policy, 1 exclusion from the poker room")
    return done
