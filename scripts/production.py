"""`./scripts/run --production` (scripts/stack.py): the product as docs/deploy.md deploys it, on this machine.

Django with config.settings.production (DEBUG off, the static files collected into var/static with their manifest,
logs as JSON lines), gunicorn with docs/deploy/gunicorn.conf.py on 127.0.0.1, and Debian's nginx in front of it,
terminating TLS with a self-signed certificate made once into var/tls/. nginx runs as this user's process with its
own configuration in var/nginx/: docs/deploy/nginx-vigie.conf, the same file an operator installs, its @NAME@
replaced. Imports services.py only, as standby.py and backup.py do.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import re
import ssl
import subprocess
from pathlib import Path

import services as supervisor
from services import ROOT

NGINX = Path("/usr/sbin/nginx")
NGINX_MIME_TYPES = Path("/etc/nginx/mime.types")
SITE_TEMPLATE = ROOT / "docs" / "deploy" / "nginx-vigie.conf"
GUNICORN_CONF = ROOT / "docs" / "deploy" / "gunicorn.conf.py"
PORTS = {"VIGIE_HTTPS_PORT": 8443, "VIGIE_HTTP_PORT": 8080}
HOSTS = ["localhost", "127.0.0.1"]
CERTIFICATE_DAYS = 365
RENEW_BEFORE = datetime.timedelta(days=30)  # a certificate closer than this to its end is made again


def ensure_nginx() -> bool:
    """Debian's nginx, installed with apt when run as root (as chromium is for the tests); else named, and False."""
    return supervisor.apt_install([] if NGINX.exists() else ["nginx"], "the production profile's TLS proxy")


# --- the self-signed certificate ------------------------------------------------------------------

def certificate(tls: Path) -> tuple[Path, Path]:
    """var/tls/vigie.pem and its key, for localhost and 127.0.0.1: made once, again only near its end."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    cert_path, key_path = tls / "vigie.pem", tls / "vigie.key"
    now = datetime.datetime.now(datetime.UTC)
    if cert_path.exists() and key_path.exists():
        current = x509.load_pem_x509_certificate(cert_path.read_bytes())
        if current.not_valid_after_utc - RENEW_BEFORE > now:
            return cert_path, key_path
    tls.mkdir(parents=True, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Vigie (self-signed, this machine only)")])
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=CERTIFICATE_DAYS))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"),
                                                        x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .sign(key, hashes.SHA256()))
    key_path.touch(mode=0o600)
    key_path.chmod(0o600)
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    supervisor.say(f"Self-signed TLS certificate for {', '.join(HOSTS)} written to {cert_path}")
    return cert_path, key_path


def client_context(cert: Path) -> ssl.SSLContext:
    """A client that trusts this machine's certificate alone: `run` checks its own HTTPS as a browser would."""
    return ssl.create_default_context(cafile=str(cert))


# --- nginx ----------------------------------------------------------------------------------------

def render_site(values: dict[str, str]) -> str:
    """docs/deploy/nginx-vigie.conf with each @NAME@ replaced by values[NAME]; every one must be given."""
    text = SITE_TEMPLATE.read_text()
    wanted = set(re.findall(r"@([A-Z_]+)@", text))
    if missing := wanted - values.keys():
        raise SystemExit(f"ERROR: {SITE_TEMPLATE} needs {', '.join(sorted(missing))}")
    return re.sub(r"@([A-Z_]+)@", lambda m: values[m.group(1)], text)


def nginx_config(var: Path, *, upstream: str, https_port: int, http_port: int) -> Path:
    """var/nginx/nginx.conf: nginx's own process settings (its pid, logs and temporary files under var/), around the
    documented site."""
    base = var / "nginx"
    (base / "temp").mkdir(parents=True, exist_ok=True)
    (var / "log").mkdir(exist_ok=True)
    cert, key = certificate(var / "tls")
    site = render_site({"UPSTREAM": upstream, "HTTPS_PORT": str(https_port), "HTTP_PORT": str(http_port),
                        "SERVER_NAME": " ".join(HOSTS), "TLS_CERTIFICATE": str(cert), "TLS_CERTIFICATE_KEY": str(key),
                        "STATIC_ROOT": str(var / "static"), "ACCESS_LOG": str(var / "log" / "proxy.log")})
    temp = "\n".join(f"    {kind}_temp_path {base / 'temp' / kind};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    # under root, nginx's workers drop to Debian's www-data, which reads var/static (0755 folders, 0644 files)
    user = "user www-data;\n" if os.geteuid() == 0 else ""
    config = base / "nginx.conf"
    config.write_text(f"""# scripts/production.py writes this at each start: edit docs/deploy/nginx-vigie.conf instead
{user}worker_processes 1;
pid {base / 'nginx.pid'};
error_log stderr notice;
events {{
    worker_connections 256;
}}
http {{
    include {NGINX_MIME_TYPES};
    default_type application/octet-stream;
    sendfile on;
{temp}

{site}
}}
""")
    return config


def nginx_command(config: Path) -> list[str]:
    """nginx in the foreground with var/nginx as its prefix; `-e stderr`: not even its first line to /var/log."""
    return [str(NGINX), "-p", f"{config.parent}/", "-c", str(config), "-e", "stderr", "-g", "daemon off;"]


def check_config(config: Path) -> None:
    result = subprocess.run([*nginx_command(config)[:-2], "-t", "-q"], capture_output=True, text=True, check=False)
    if result.returncode:
        raise SystemExit(f"ERROR: nginx refuses {config}:\n{result.stderr}")


# --- Django's settings ----------------------------------------------------------------------------

def production_env(env: dict[str, str], var: Path, https_port: int) -> dict[str, str]:
    """The environment config.settings.production reads, as /etc/vigie/env gives it under systemd (docs/deploy.md),
    plus VIGIE_DEMO=1: the demo on this machine, never in a real deployment."""
    origins = [f"https://{host}:{https_port}" for host in HOSTS]
    return {**env, "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_ALLOWED_HOSTS": ",".join(HOSTS), "DJANGO_CSRF_TRUSTED_ORIGINS": ",".join(origins),
            "DJANGO_STATIC_ROOT": str(var / "static"), "VIGIE_PUBLIC_URL": origins[0], "VIGIE_DEMO": "1"}
