"""Settings of the drill processes: the production settings, with the broker's visibility
timeout short enough to watch a message of a dead worker come back (default one hour)."""

import os

from casino.settings.prod import *  # noqa: F403

CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("MESA_DRILL_VISIBILITY_TIMEOUT", "20"))
}
