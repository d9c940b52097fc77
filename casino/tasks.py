"""Kernel tasks."""

from __future__ import annotations

from celery import shared_task
from django.db import connection


@shared_task(name="casino.ping")
def ping() -> dict[str, str]:
    """Answer from a worker with the database it is connected to (health checks, tests)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return {"pong": "ok", "database": str(connection.settings_dict["NAME"])}
