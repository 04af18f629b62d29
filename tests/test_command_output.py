"""Issue 36: a command prints Vigie's lines, not its libraries' chatter. A signed report rendered by
`manage.py reports_generate`, with the settings `./scripts/manage` runs under (config.settings.local, the product's
LOGGING), prints its one result line: WeasyPrint's « Step 2 - Fetching and parsing CSS » and pyHanko's warnings go to
var/log/libraries.log (here a temporary folder), where whoever looks into a rendering finds them."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from registers.chain.services import pending_countersign, session_close
from registers.orphelins.services import orphelin_file
from tests.conftest import build_world, make_user

ROOT = Path(__file__).resolve().parent.parent
CHATTER = ("Step ", "Fetching and parsing", "pyhanko", "Validation/revocation", "weasyprint", "fontTools")


@pytest.fixture
def closed_day(transactional_db, rules):
    """A closed day of casino C's orphelins, committed: the command runs in another process."""
    world = build_world()
    manager = make_user("direction.c", "manager", casino=world.c)
    day = world.c.today()
    pending = orphelin_file(casino=world.c, actor=world.accountant_c, gaming_day=day, source="table",
                            amount="12.50", currency="EUR", location="Table 3")
    pending_countersign(pending=pending, countersigner=manager)
    session_close(casino=world.c, gaming_day=day, user=manager)
    return world, day


def test_a_command_that_signs_a_report_prints_only_vigie_s_lines(closed_day, tmp_path):
    world, day = closed_day
    db = connection.settings_dict
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.local", "VIGIE_LOG_DIR": str(tmp_path / "log"),
           "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
           "VIGIE_KEYS_DIR": str(settings.REGISTER_KEYS_DIR), "DATABASE_CONN_MAX_AGE": "0"}
    env.pop("LOG_LEVEL", None)
    done = subprocess.run([sys.executable, str(ROOT / "manage.py"), "reports_generate", "register_daily",
                           "--casino", world.c.code, "--register", "orphelins", "--day", day.isoformat()],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "Signé" in done.stdout, output  # the command's own line
    assert not [line for line in output.splitlines() if any(word in line for word in CHATTER)], output
    libraries = (tmp_path / "log" / "libraries.log").read_text()
    assert "Step 2 - Fetching and parsing CSS" in libraries and "weasyprint.progress" in libraries
