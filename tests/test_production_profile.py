"""The production profile's pieces that need no server (docs/deploy.md): the systemd units, the nginx site that
`./scripts/run --production` fills in from docs/deploy/, and nginx named when it is missing and apt is not ours to
run. tests/test_production_https.py drives the whole of it over HTTPS."""

import configparser
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNITS = sorted((ROOT / "docs" / "deploy").glob("*.service"))

# scripts/ is not a package: its modules import each other by name, from their own folder
SCRIPTS = "import json, os, sys\nsys.path.insert(0, os.path.join(sys.argv[1], 'scripts'))\nimport production\n"
NOT_ROOT_WITHOUT_NGINX = SCRIPTS + """
from pathlib import Path
os.geteuid = lambda: 1000
production.NGINX = Path(sys.argv[2]) / "nginx"
print(json.dumps(production.ensure_nginx()))
"""
CONFIG = SCRIPTS + """
from pathlib import Path
var = Path(sys.argv[2])
config = production.nginx_config(var, upstream="127.0.0.1:18000", https_port=18443, http_port=18080)
production.check_config(config)
print(json.dumps([str(config), production.production_env({}, var, 18443)]))
"""


def _scripts(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, str(ROOT), *args], cwd=ROOT, capture_output=True, text=True)


def test_the_systemd_units_are_valid_and_hardened():
    assert [unit.name for unit in UNITS] == ["vigie-beat.service", "vigie-web.service", "vigie-worker.service"]
    for unit in UNITS:
        parser = configparser.ConfigParser(strict=False, interpolation=None)
        parser.optionxform = str
        parser.read(unit)
        service = parser["Service"]
        assert service["EnvironmentFile"] == "/etc/vigie/env" and service["User"] == "vigie", unit.name
        for option, value in (("NoNewPrivileges", "yes"), ("ProtectSystem", "strict"), ("PrivateTmp", "yes")):
            assert service[option] == value, (unit.name, option)
        assert service["ReadWritePaths"].startswith("/var/lib/vigie"), unit.name
        assert parser["Install"]["WantedBy"] == "multi-user.target", unit.name
    if shutil.which("systemd-analyze"):
        result = subprocess.run(["systemd-analyze", "verify", *map(str, UNITS)], capture_output=True, text=True,
                                check=False)
        # the programs are under /opt/vigie on the deployed machine only
        problems = [line for line in (result.stdout + result.stderr).splitlines()
                    if line.strip() and "/opt/vigie/.venv/bin/" not in line]
        assert not problems, problems


def test_without_root_a_missing_nginx_is_named_with_the_command_that_installs_it(tmp_path):
    result = _scripts(NOT_ROOT_WITHOUT_NGINX, str(tmp_path))
    assert json.loads(result.stdout) is False, result.stderr
    assert "apt-get install -y nginx" in result.stderr


@pytest.mark.skipif(not Path("/usr/sbin/nginx").exists(), reason="Debian's nginx: scripts/test installs it")
def test_the_documented_site_filled_in_is_what_nginx_accepts(tmp_path):
    result = _scripts(CONFIG, str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    config, env = json.loads(result.stdout.splitlines()[-1])
    text = Path(config).read_text()
    assert "@" not in text.replace("vigie@", "")  # every placeholder filled in
    assert f"alias {tmp_path / 'static'}/;" in text and "proxy_pass http://vigie_web;" in text
    assert "X-Forwarded-Proto https" in text and "add_header Strict-Transport-Security" not in text  # Django sets it
    assert env["DJANGO_SETTINGS_MODULE"] == "config.settings.production" and env["VIGIE_DEMO"] == "1"
    assert env["DJANGO_CSRF_TRUSTED_ORIGINS"] == "https://localhost:18443,https://127.0.0.1:18443"
    assert (tmp_path / "tls" / "vigie.key").stat().st_mode & 0o777 == 0o600
