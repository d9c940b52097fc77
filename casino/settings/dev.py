"""Development: the embedded default used by ``make run``."""

from .base import *  # noqa: F403

DEBUG = True
