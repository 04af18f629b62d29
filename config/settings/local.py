"""The product on one machine, as `scripts/run` starts it (plain HTTP on localhost)."""

from .base import *  # noqa: F403
