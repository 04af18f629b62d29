"""La Moselle's règlement intérieur in three versions, each through the service: the first, in force from the poker
room's demo week (registers/demo.py), set the jackpots' modalities, the room's rake terms and the recave maximum (LU
RGD 1979 art. 49-1); the second, in force today, keeps that maximum and adds the maximum absence, the bataille's
égalité bet (art. 37-16) and the ROPTA for its tournaments; the third, recorded today and in force in a week, allows
the option (art. 49-1), lowers the recave maximum and the absence, and limits the bataille's spots (art. 37-18). The
jackpots' modalities stay as they are: they do not change while a jackpot runs (art. 49-9 al. 3, 49-13 al. 3)."""

from datetime import timedelta

from django.db import transaction

from compliance.models import Casino, User

from .house_rules import JACKPOT_TERMS, house_rules_at, house_rules_versions
from .services import house_rules_record

CASINO, MANAGER = "la-moselle", "lu.direction"
SECOND = {"recave_maximum": "2000.00", "absence_maximale": 30, "egalite": True, "ropta": True}
THIRD = {**SECOND, "straddle": True, "recave_maximum": "1500.00", "absence_maximale": 20, "cases_max_par_joueur": 3,
         "mise_debout_interdite": True}
IN_A_WEEK = 7


def house_rules_demo() -> list[str]:
    casino = Casino.objects.filter(code=CASINO).select_related("jurisdiction").first()
    versions = house_rules_versions(casino) if casino else []
    if not versions or len(versions) > 1:  # none to follow, or done already
        return []
    today = casino.today()
    current = house_rules_at(casino, today, versions)
    manager = User.objects.get(username=MANAGER)
    jackpots = {term.name: getattr(current, term.name) for term in JACKPOT_TERMS}
    room = {"no_flop_no_drop": current.no_flop_no_drop, "rake_per_pot": current.rake_per_pot,
            "straddle": current.straddle}
    with transaction.atomic():
        house_rules_record(casino=casino, actor=manager, gaming_day=today, effective_from=today, **jackpots,
                           **room, **SECOND)
        house_rules_record(casino=casino, actor=manager, gaming_day=today,
                           effective_from=today + timedelta(days=IN_A_WEEK), **jackpots, **{**room, **THIRD})
    return []
