"""The monthly levy book (« carnet de prélèvement », LU RGD 1979 art. 88, 89-1, 97-1 as the amending draft words them),
signed like every monthly book of a register but laid out as the book the tax administration reads: each gaming day's
revenue by source, the levy at the rates the casino's manager recorded (with the act the casino cites), the funds set
aside, the transfers to the receveur des Contributions against their due dates, late ones marked, totals that balance
(registers/prelevements/report.py gathers them); then, as in every monthly book, every entry of the month with its hash
(what reports_verify compares with the register) and the checkpoints signed at each day's close."""

import datetime

from registers.kinds import RegisterKind
from registers.models import Register
from registers.prelevements.report import month_book

from . import monthly

REGISTER = RegisterKind.PRELEVEMENTS
TEMPLATE = "compliance/reports/levy_book.html"


def source(register: Register, start: datetime.date, end: datetime.date) -> dict:
    return {**monthly.source(register, start, end), "levies": month_book(register.casino, register, start, end)}
