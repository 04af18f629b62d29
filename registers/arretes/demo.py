"""The demo's arrêté values, through the service: La Moselle's management files the values of a first arrêté (in
force two months ago), then those a second arrêté changes from yesterday on, which yesterday's sessions did not yet
apply. The nightly reconciliation finds one difference of each kind the control knows, and nothing else: UT-01
opened with its former float (the amount itself) and its former maximum (a greatest value), BT-02 under the Bataille's
new minimum (a least value), OM-1 at the former retention rate. The Bataille's float is left unfiled: the demo's two
Bataille tables keep different floats, which one arrêté value per game cannot both be. The casinos of jurisdictions
whose texts delegate nothing to an arrêté (Lac-Bleu, Les Rochers) file nothing."""

from datetime import timedelta

from compliance.models import Casino, User

from ..models import ArreteValue
from . import rules
from .services import arrete_value_file

FIRST = ("Arrêté ministériel n° DEMO-1 fixant les avances, minima, maxima et taux de retenue des jeux", {
    "holdem_casino.avance_minimum": "20000", "holdem_casino.encaisse": "20000", "holdem_casino.minimum": "10",
    "uth.avance": "15000", "uth.minimum": "10", "uth.maximum": "1000", "uth.trips": "100", "bataille.minimum": "5",
    "texas_holdem.retenue": "5", "texas_holdem.minimum": "10", "texas_holdem.cave": "100",
    "texas_holdem.caisse": "5000", "omaha.retenue": "5", "omaha.minimum": "4", "omaha.cave": "100",
    "omaha.caisse": "3000"})
SECOND = ("Arrêté ministériel n° DEMO-2 modifiant l'arrêté n° DEMO-1", {
    "uth.avance": "16000", "uth.maximum": "500", "bataille.minimum": "10", "omaha.retenue": "4"})
CASINOS = ("la-moselle", "lac-bleu", "les-rochers")


def arretes_demo() -> list[str]:
    done = []
    for casino in Casino.objects.filter(code__in=CASINOS).select_related("jurisdiction"):
        if not rules.concepts(casino.jurisdiction) or ArreteValue.objects.filter(casino=casino).exists():
            continue
        manager = casino.users.filter(role=User.Role.MANAGER).order_by("pk").first()
        today = casino.today()
        for (reference, values), since in ((FIRST, today - timedelta(days=60)), (SECOND, today - timedelta(days=1))):
            for concept, value in values.items():
                arrete_value_file(casino=casino, actor=manager, concept=concept, value=value, effective_from=since,
                                  reference=reference)
        done.append(f"arrêté values of {casino.code}: {len(FIRST[1]) + len(SECOND[1])} versions filed")
    return done
