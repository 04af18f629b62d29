"""The yardstick of issue 19: `pgbench -N` (simple updates, no branch or teller contention) on the benchmark's own
PostgreSQL, in the same run, with as many clients as the card benchmark has writers."""

import glob
import os
import re
import subprocess
from pathlib import Path
from urllib.parse import urlparse

import psycopg

DATABASE = "vigie_pgbench"


def _bindir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pgbench"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise RuntimeError("pgbench not found under /usr/lib/postgresql/*/bin")
    return Path(found[-1]).parent


def pgbench_tps(*, clients: int, seconds: int, scale: int = 10) -> float:
    """Transactions per second of `pgbench -N -c clients -j 2 -T seconds`, in a database made for it, then dropped."""
    url = urlparse(os.environ["DATABASE_SUPERUSER_URL"])
    env = {**os.environ, "PGHOST": url.hostname, "PGPORT": str(url.port), "PGUSER": url.username,
           "PGPASSWORD": url.password or ""}
    admin = f"postgresql://{url.username}:{url.password}@{url.hostname}:{url.port}/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DATABASE}")
        conn.execute(f"CREATE DATABASE {DATABASE}")
    try:
        pgbench = str(_bindir() / "pgbench")
        subprocess.run([pgbench, "-i", "-q", "-s", str(scale), DATABASE], env=env, check=True,
                       capture_output=True)
        done = subprocess.run([pgbench, "-N", "-n", "-c", str(clients), "-j", "2", "-T", str(seconds), DATABASE],
                              env=env, check=True, capture_output=True, text=True)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {DATABASE}")
    found = re.search(r"tps = ([\d.]+) \(without initial connection time\)", done.stdout)
    if found is None:
        raise RuntimeError(f"pgbench said: {done.stdout[-500:]}")
    return float(found.group(1))
