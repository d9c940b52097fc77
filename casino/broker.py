"""Background work that cannot be queued is refused before anything is written (issue 9 §6).

A service that queues a Celery task after its commit (an import, a re-validation, a
report) calls :func:`require_broker` first: with the broker (Redis) down it answers 503
``BROKER_UNAVAILABLE`` and writes nothing, instead of storing a job that no worker will
ever hear of. :func:`enqueue_on_commit` queues the task after the commit without turning
a broker failure in that instant into a server error: the job stays queued (visible as
such) and the failure is logged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.db import transaction

from .codes import CasinoCode
from .errors import DomainError

logger = logging.getLogger("mesa.broker")


def broker_available(timeout: float = 1.0) -> bool:
    """Whether the broker answers now (always true when tasks run eagerly)."""
    from .celery import app

    if app.conf.task_always_eager or not settings.CELERY_BROKER_URL:
        return True
    url = settings.CELERY_BROKER_URL
    try:
        if url.startswith(("redis://", "rediss://")):
            import redis

            client = redis.Redis.from_url(
                url, socket_connect_timeout=timeout, socket_timeout=timeout
            )
            try:
                return bool(client.ping())
            finally:
                client.close()
        with app.connection_for_write() as conn:  # any other transport
            conn.ensure_connection(max_retries=1, interval_start=0, timeout=timeout)
            return True
    except Exception:  # noqa: BLE001 - any failure means the broker is not there
        return False


def require_broker() -> None:
    if not broker_available():
        raise DomainError.of(CasinoCode.BROKER_UNAVAILABLE)


def enqueue_on_commit(send: Callable[[], object], what: str) -> None:
    """Queue after the commit; a broker failure then is logged, the job stays queued."""

    def run() -> None:
        try:
            send()
        except Exception:
            logger.exception("could not queue %s: it stays queued until sent again", what)

    transaction.on_commit(run)
