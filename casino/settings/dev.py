"""Development: the embedded default used by ``make run``."""

from .base import *  # noqa: F403
from .base import MESA_SEAL_KEYS, MESA_SEAL_KEYS_FILE

DEBUG = True
# A development-only seal key (issue 12 §5); prod.py refuses to start with it.
DEV_SEAL_KEYS = "dev:ZGV2LW9ubHktbWVzYS1zZWFsLWtleS1ub3Qtc2VjcmV0"
if not MESA_SEAL_KEYS and not MESA_SEAL_KEYS_FILE:
    MESA_SEAL_KEYS = DEV_SEAL_KEYS
