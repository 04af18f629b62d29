"""Issue 36 item 3: the digest's links open the product where `./scripts/run` serves it. The run command picks a free
port (8000 when it is free) and sets the public address the product writes in its links (settings.PUBLIC_URL, from
VIGIE_PUBLIC_URL) from that port, unless the operator named the address themselves."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# scripts/ is not a package: its modules import each other by name, from their own folder
RUN_ENV = """
import json, os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "scripts"))
from stack import with_public_url
print(json.dumps(with_public_url(json.loads(sys.argv[2]), int(sys.argv[3]))))
"""

LINK = """
import django
django.setup()
from django.conf import settings
from compliance.notifications import absolute
print(settings.PUBLIC_URL, absolute("/echeances/"))
"""


def _run_env(environ: dict[str, str], port: int) -> dict[str, str]:
    out = subprocess.run([sys.executable, "-c", RUN_ENV, str(ROOT), json.dumps(environ), str(port)], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def _product_link(env: dict[str, str]) -> str:
    return subprocess.run([sys.executable, "-c", LINK], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_digest_links_name_the_port_the_run_command_serves():
    environ = {k: v for k, v in os.environ.items() if k != "VIGIE_PUBLIC_URL"}
    env = _run_env(environ, 8123)
    assert env["VIGIE_PUBLIC_URL"] == "http://localhost:8123"
    assert {k: v for k, v in env.items() if k != "VIGIE_PUBLIC_URL"} == environ  # nothing else changed
    assert _product_link(env) == "http://localhost:8123 http://localhost:8123/echeances/"


def test_the_operator_s_public_address_is_kept():
    environ = {**os.environ, "VIGIE_PUBLIC_URL": "https://vigie.casino.example"}
    env = _run_env(environ, 8123)
    assert env["VIGIE_PUBLIC_URL"] == "https://vigie.casino.example"
    assert _product_link(env).endswith(" https://vigie.casino.example/echeances/")


def test_the_run_command_sets_it_before_the_demo_and_the_servers_start():
    """The demo's certificates name their revocation list at the public address, and the worker, beat and web server
    inherit the environment built here: the address is set from the port before any of them starts."""
    source = (ROOT / "scripts" / "stack.py").read_text()
    run = source[source.index("def cmd_run("):]
    order = [run.index(marker) for marker in ("port = free_port(args.port)", "env = with_public_url(env, port)",
                                              'manage(env, "demo_load")', "app_env = {**env")]
    assert order == sorted(order)
