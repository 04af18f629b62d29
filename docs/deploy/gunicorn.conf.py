"""gunicorn's configuration for Vigie's web server (docs/deploy.md): the systemd unit vigie-web.service and
`./scripts/run --production` both start gunicorn with it (`-c docs/deploy/gunicorn.conf.py`); the command line's
options (`-b`, `-w`) take precedence over it."""

import os

from config.json_logs import gunicorn_logging

wsgi_app = "config.wsgi"
# only the proxy on this machine talks to gunicorn: its address, never a public one
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "2"))
preload_app = True  # the app imported once, before the fork: a broken setting stops the start, not each worker
timeout = 120  # a signed report's verification of a casino-year's book takes seconds, never two minutes
# X-Forwarded-Proto and X-Forwarded-For believed only from the proxy (nginx on the same machine)
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = "-"
# the message of an access line (config/json_logs.py adds each value as a field): the path without its query string,
# which may carry a searched person's name
access_log_format = "%(m)s %(U)s %(s)s %(B)s %(M)sms"
errorlog = "-"
logconfig_dict = gunicorn_logging()
