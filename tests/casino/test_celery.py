"""A real Celery worker on Redis runs tasks against the test database."""

from __future__ import annotations

import pytest
from django.db import connection

from casino.tasks import ping


@pytest.mark.celery
def test_a_real_worker_answers_with_the_test_database(celery_worker):
    result = ping.delay().get(timeout=30)
    assert result == {"pong": "ok", "database": connection.settings_dict["NAME"]}
