"""The change detector itself (``changes.py``): it must see a write, and only a kept one."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from casino.models import Sector
from tests.pg_roles import as_owner

from .changes import ChangeDetector

pytestmark = pytest.mark.django_db


def test_the_detector_sees_inserts_updates_and_deletes_and_forgets_rolled_back_ones(casino):
    # issue 9 §4: the "nothing written" checks rest on this
    detector = ChangeDetector().install()
    assert "casino_sector" in detector.tables and "django_session" not in detector.tables
    mark = detector.mark()
    assert detector.since(mark) == []
    sector = Sector.objects.create(casino=casino, code="Z", name="Zeta")
    Sector.objects.filter(pk=sector.pk).update(name="Zeta 2")
    assert [(c.table, c.op) for c in detector.since(mark)] == [
        ("casino_sector", "INSERT"),
        ("casino_sector", "UPDATE"),
    ]
    mark = detector.mark()
    with pytest.raises(IntegrityError), transaction.atomic():
        Sector.objects.create(casino=casino, code="Y", name="Ye")
        Sector.objects.create(casino=casino, code="Y", name="Ye bis")  # unique (casino, code)
    assert detector.since(mark) == []  # rolled back with its savepoint
    # As the owner: the app role has no DELETE on sectors (issue 12 §4); the detector
    # sees whoever deletes.
    as_owner('DELETE FROM "casino_sector" WHERE "id" = %s', [sector.pk])
    assert [(c.table, c.op) for c in detector.since(mark)] == [("casino_sector", "DELETE")]
