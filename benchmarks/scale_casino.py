"""The generated casino the scale benchmarks share (benchmarks/scale.py, benchmarks/scale_pages.py): its density, the
figures said as they are measured, the database settled after the bulk load, and last year archived as a casino in its
second year in Vigie would have it."""

import os
import sys
import time
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
django.setup()

from django.db import connection  # noqa: E402

from benchmarks import sized  # noqa: E402
from compliance.models import Casino, User  # noqa: E402

DENSITY = float(os.environ.get("VIGIE_SCALE_DENSITY", sized(1, 0.01)))
RESULTS: dict = {}


def say(name, value, target=""):
    RESULTS[name] = value
    print(f"  {name:<66} {value:>12}  {target}", flush=True)


def settle() -> None:
    """What autovacuum does to a database in service, done at once after the bulk load: the visibility maps and
    statistics of the year's tables, so that the figures below are a casino's steady state and not the generator's
    wake (autovacuum working through millions of new rows while the pages and cards are measured)."""
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM (ANALYZE)")
    say("after the generator: VACUUM (ANALYZE) (s)", f"{time.perf_counter() - started:.0f}")


def archive(casino: Casino) -> None:
    """The generated days of last year archived by the platform's administrator, as a casino in its second year in
    Vigie would have: the verification, the pages and the cards below then read and go on across the archive."""
    from compliance.services import system_user, user_create
    from registers.archive.services import year_archive
    from registers.chain.kept import archived_years
    from registers.scale.services import PASSWORD

    year = casino.today().year - 1
    if casino.opened_on.year > year or year in archived_years(casino):
        return
    admin = User.objects.filter(role=User.Role.ADMIN).first() or user_create(
        actor=system_user(), username="echelle.admin", password=PASSWORD, role=User.Role.ADMIN)
    started = time.perf_counter()
    done = year_archive(casino=casino, year=year, actor=admin)
    say(f"archive of {year} (its {casino.opened_on.isoformat()} onwards): partitions detached / (s)",
        f"{sum(done.values())} / {time.perf_counter() - started:.0f}")
