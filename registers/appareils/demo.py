"""The demo's machines installed before Vigie asked their condition (LU RGD 1979 art. 17 al. 2 5°, as the draft
completes it): La Moselle's first two machines were entered in its register as Vigie wrote an installation then, with
their certificate and no condition (the chain's filing, as the installation's service filed it before it asked the
condition). Its management then records the condition of one through the service; the other stays « condition non
enregistrée », on its row, on the management's « À faire » and in the audit."""

import datetime

from compliance.models import Casino, User

from ..chain.services import entry_file, register_for
from ..kinds import RegisterKind
from .controls import CERTIFICATE
from .selectors import INSTALL, rules_on
from .services import appareil_condition_record

OLDER = ("LM-001", "LM-002")  # entered before Vigie asked the condition
RECORDED = "LM-001"  # whose condition the management records; LM-002 stays without


def older_install(*, casino: Casino, actor: User, gaming_day: datetime.date, machine: str, manufacturer: str,
                  certificate: str) -> None:
    """An installation as Vigie filed it before it asked the condition: the certificate, cited, and nothing else."""
    rules = rules_on(casino, gaming_day)
    entry_file(register=register_for(casino=casino, kind=RegisterKind.APPAREILS), kind=INSTALL,
               gaming_day=gaming_day, actor=actor, payload={
                   "machine": machine, "manufacturer": manufacturer, "certificate": certificate,
                   "server_based": False, "games": [], "certified_games": [],
                   "citation": rules.cited(CERTIFICATE)})


def conditions_demo(casino: Casino, manager: User) -> str:
    appareil_condition_record(casino=casino, actor=manager, machine=RECORDED, condition="neuf")
    return f"conditions of {casino.code}: {RECORDED} recorded, {len(OLDER) - 1} left to record"
