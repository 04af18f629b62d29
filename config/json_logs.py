"""Logs as JSON lines in production (python-json-logger): one object a line with its time (UTC, ISO 8601), level,
logger and message, which journald and any log shipper read without a pattern of their own. Used by the production
settings (Django, and Celery's worker and beat, which keep Django's configuration there: config/celery_app.py) and by
gunicorn's configuration (docs/deploy/gunicorn.conf.py)."""

from __future__ import annotations

import copy
import logging

from pythonjsonlogger.json import JsonFormatter

FIELDS = "%(levelname)s %(name)s %(message)s"
RENAMED = {"levelname": "level", "name": "logger"}
# gunicorn's access atoms kept, under plain names; never the query string, which may carry a searched person's name
ACCESS_ATOMS = {"m": "method", "U": "path", "s": "status", "B": "bytes", "M": "duration_ms"}


class JsonLines(JsonFormatter):
    def __init__(self, *args, **kwargs):  # noqa: ARG002 - dictConfig's format options are this class's own
        super().__init__(FIELDS, rename_fields=RENAMED, timestamp="time", json_ensure_ascii=False)


class AccessJsonLines(JsonLines):
    """gunicorn's access line: the request's method, path, status, size and duration as fields of their own."""

    def add_fields(self, log_data: dict, record: logging.LogRecord, message_dict: dict) -> None:
        super().add_fields(log_data, record, message_dict)
        atoms = record.args if isinstance(record.args, dict) else {}
        for atom, field in ACCESS_ATOMS.items():
            if atom in atoms:
                value = atoms[atom]
                log_data[field] = int(value) if isinstance(value, str) and value.isdigit() else value


def as_json_lines(logging_config: dict) -> dict:
    """`logging_config` (a dictConfig) with every handler writing JSON lines."""
    config = copy.deepcopy(logging_config)
    config.setdefault("formatters", {})["json"] = {"()": "config.json_logs.JsonLines"}
    for handler in config.get("handlers", {}).values():
        handler["formatter"] = "json"
    return config


def gunicorn_logging() -> dict:
    """gunicorn's error log and access log (logconfig_dict) as JSON lines: errors to stderr, requests to stdout."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": "config.json_logs.JsonLines"},
                       "access": {"()": "config.json_logs.AccessJsonLines"}},
        "handlers": {"error": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"},
                     "access": {"class": "logging.StreamHandler", "formatter": "access",
                                "stream": "ext://sys.stdout"}},
        "root": {"handlers": ["error"], "level": "INFO"},  # replaces gunicorn's, whose handler this dict drops
        "loggers": {"gunicorn.error": {"handlers": ["error"], "level": "INFO", "propagate": False},
                    "gunicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False}},
    }
