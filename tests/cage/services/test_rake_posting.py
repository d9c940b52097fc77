"""The hand recorder's rake posting: the settings it already holds, the lock it holds.

``rake_post(settings=..., locked=True)`` is how the hand recorder posts a hand's rake
in the transaction that stores the hand (issue 4 "Speed"); every check of the posting
still holds (RAKE-02, RAKE-08, idempotent per hand).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from cage import services
from cage.models import RakeEntry
from casino.errors import Conflict, ValidationFailed
from casino.models import AuditEvent
from tables.services import lock_session
from tests.cage.conftest import make_table

from .test_rake_and_drop import new_version

pytestmark = pytest.mark.django_db
D = Decimal


def test_settings_of_another_table_are_refused_and_nothing_is_written(
    opened, sup, casino, chip_set, sector
):  # RAKE-01: the rate of the hand's own table
    other = make_table(casino, chip_set, sector, number=2)
    before = (RakeEntry.objects.count(), AuditEvent.objects.count())
    with pytest.raises(ValidationFailed) as err:
        services.rake_post(
            actor=sup, session=opened, hand_number=1, amount="9", settings=other.settings_at()
        )
    assert err.value.code == "SETTINGS_NOT_OF_TABLE"
    assert (RakeEntry.objects.count(), AuditEvent.objects.count()) == before


def test_the_given_settings_are_the_postings_and_still_checked(opened, sup, table):
    # RAKE-02: the settings given decide, as the version found would (a tournament: none).
    v1 = table.settings_at()
    v2 = new_version(table, is_tournament=True)
    posted = services.rake_post(actor=sup, session=opened, hand_number=1, amount="9", settings=v1)
    assert posted.entry.settings == v1
    with pytest.raises(ValidationFailed) as err:
        services.rake_post(actor=sup, session=opened, hand_number=2, amount="9", settings=v2)
    assert err.value.code == "RAKE_NOT_ALLOWED"


def test_a_caller_holding_the_lock_posts_without_locking_again(opened, sup, table):
    # RAKE-08: posted once per hand, idempotent, inside the caller's transaction.
    settings = table.settings_at()
    with transaction.atomic():
        locked = lock_session(opened.pk)
        with CaptureQueriesContext(connection) as ctx:
            first = services.rake_post(
                actor=sup,
                session=locked,
                hand_number=7,
                amount="9",
                settings=settings,
                locked=True,
            )
        again = services.rake_post(
            actor=sup, session=locked, hand_number=7, amount="9", settings=settings, locked=True
        )
    sql = [q["sql"] for q in ctx.captured_queries]
    # The hand's postings (one read), the posting, its audit event, and the day's evidence
    # chain: its lock, its head and the two links (issue 12 §5): nothing else.
    assert len(sql) == 6, sql
    assert not any("FOR UPDATE" in q or "SAVEPOINT" in q for q in sql)
    assert first.created and not again.created and again.entry == first.entry
    with pytest.raises(Conflict) as err:
        services.rake_post(actor=sup, session=opened, hand_number=7, amount="10")
    assert err.value.code == "RAKE_ALREADY_POSTED"
    assert RakeEntry.objects.filter(session=opened, hand_number=7).count() == 1
