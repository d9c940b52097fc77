"""Invalid hands: flagged for the pit boss, resolved only by a correction entry and a signed
review; the original never changes (issue 4 §3, HREC-07, HREC-09, GEN-09)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from cage.models import RakeEntry
from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.inbox import items_for
from casino.roles import Role
from hands import services
from hands.models import Hand, HandCorrection, HandReview, HandSeat, HandVerdict
from hands.selectors import unresolved_invalid_hands
from tests.pg_roles import as_owner

from .conftest import act, showdown_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def invalid_hand(sup, ready_session) -> Hand:
    data = showdown_hand()
    data["result"] = {"rake": "2.00"}  # RAKE_MISMATCH: the engine computes 1.00
    return services.hand_log(actor=sup, session=ready_session, data=data)


def test_invalid_hand_waits_in_the_pit_boss_queue(invalid_hand, boss, sup):
    assert list(unresolved_invalid_hands(boss)) == [invalid_hand]
    kinds = [i.kind for i in items_for(boss)]
    assert "hand.review" in kinds
    assert "hand.review" not in [i.kind for i in items_for(sup)]  # supervisors do not review


def test_correction_and_signed_review_resolve_the_hand(invalid_hand, sup, boss):
    # HREC-09: a change after the fact is a new revision with a reason; the original stays.
    data = showdown_hand()
    data["result"] = {"rake": "1.00"}
    revision = services.hand_correct(
        actor=sup, hand=invalid_hand, data=data, reason="The dealer took 1, not 2."
    )
    assert revision.status == "valid"
    assert revision.revision_of_id == invalid_hand.pk and revision.number == invalid_hand.number
    correction = HandCorrection.objects.get(original=invalid_hand)
    review = services.hand_review(actor=boss, hand=invalid_hand, correction_id=correction.pk)
    assert review.is_locked
    assert review.signatures().get().role == "pit_boss"
    assert list(unresolved_invalid_hands(boss)) == []
    invalid_hand.refresh_from_db()
    assert invalid_hand.status == "invalid"  # the original stays as recorded
    assert RakeEntry.objects.get(session=invalid_hand.session).amount == revision.rake


def test_override_entry_then_review(invalid_hand, sup, boss):
    correction = services.hand_override(
        actor=sup, hand=invalid_hand, reason="Pit boss agreed the 2.00 taken stands."
    )
    services.hand_review(actor=boss, hand=invalid_hand, correction_id=correction.pk, note="ok")
    entry = RakeEntry.objects.get(session=invalid_hand.session)
    assert str(entry.amount) == "2.00"  # what the dealer actually took (RAKE-06)
    # Posted by the pit boss who resolved the hand, in their own name and role.
    from casino.models import AuditEvent

    event = AuditEvent.objects.get(action="cage.rake.post", object_id=str(entry.pk))
    assert (event.actor, event.role) == (boss.user, "pit_boss")


def test_review_needs_a_correction_entry(invalid_hand, boss):
    with pytest.raises(ValidationFailed) as err:
        services.hand_review(actor=boss, hand=invalid_hand, correction_id=999)
    assert err.value.code == "CORRECTION_REQUIRED"
    assert not HandReview.objects.exists()


def test_only_a_pit_boss_signs_the_review(invalid_hand, sup):
    correction = services.hand_override(actor=sup, hand=invalid_hand, reason="stands")
    with pytest.raises(PermissionRefused):
        services.hand_review(actor=sup, hand=invalid_hand, correction_id=correction.pk)


def test_an_invalid_revision_cannot_be_signed(invalid_hand, sup, boss):
    data = showdown_hand()
    data["result"] = {"rake": "3.00"}
    services.hand_correct(actor=sup, hand=invalid_hand, data=data, reason="second try")
    correction = HandCorrection.objects.get(original=invalid_hand)
    with pytest.raises(Conflict) as err:
        services.hand_review(actor=boss, hand=invalid_hand, correction_id=correction.pk)
    assert err.value.code == "REVISION_INVALID"


def test_a_resolved_hand_takes_no_more_corrections(invalid_hand, sup, boss):
    correction = services.hand_override(actor=sup, hand=invalid_hand, reason="stands")
    services.hand_review(actor=boss, hand=invalid_hand, correction_id=correction.pk)
    with pytest.raises(Conflict) as err:
        services.hand_override(actor=sup, hand=invalid_hand, reason="again")
    assert err.value.code == "HAND_RESOLVED"


def test_a_valid_hand_is_not_corrected(sup, ready_session):
    hand = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    with pytest.raises(Conflict) as err:
        services.hand_override(actor=sup, hand=hand, reason="no")
    assert err.value.code == "HAND_NOT_INVALID"


@pytest.mark.parametrize("model", [Hand, HandVerdict, HandSeat])
def test_hand_records_are_append_only_in_the_database(invalid_hand, model):
    # GEN-09: the database itself refuses UPDATE and DELETE on hand records.
    table = model._meta.db_table
    for sql in (f'UPDATE "{table}" SET id = id', f'DELETE FROM "{table}"'):  # noqa: S608
        with pytest.raises(IntegrityError) as err, transaction.atomic():
            as_owner(
                sql
            )  # issue 12 §4: as the owner; the app role has no such privilege (test_db_roles)
        assert "MESA_IMMUTABLE" in str(err.value)


def test_the_other_sectors_pit_boss_does_not_review(invalid_hand, sup, staff, api):
    # issue 12 §1: a pit boss of the hand's table's sector signs the review
    correction = services.hand_override(actor=sup, hand=invalid_hand, reason="stands as dealt")
    response = api(staff["pit_boss2"], Role.PIT_BOSS).post(
        f"/api/hands/{invalid_hand.pk}/review/", {"correction": correction.pk}, format="json"
    )
    assert response.status_code == 403, response.content
    assert response.json()["code"] == "NOT_SECTOR_PIT_BOSS"
    assert not HandReview.objects.exists()
    assert list(unresolved_invalid_hands(act(staff["pit_boss"], Role.PIT_BOSS))) == [invalid_hand]


def test_the_shift_manager_reviews_only_as_an_override_with_a_reason(
    invalid_hand, sup, staff, api
):  # issue 12 §1: the override and its reason are in the audit trail
    from casino.models import AuditEvent

    correction = services.hand_override(actor=sup, hand=invalid_hand, reason="stands as dealt")
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    url = f"/api/hands/{invalid_hand.pk}/review/"
    bare = manager.post(url, {"correction": correction.pk}, format="json")
    assert bare.status_code == 400, bare.content
    assert bare.json()["code"] == "OVERRIDE_REASON_REQUIRED"
    assert not HandReview.objects.exists()
    reason = "Jefe de sector ausente: el gerente resuelve la mano"
    done = manager.post(
        url, {"correction": correction.pk, "override_reason": reason}, format="json"
    )
    assert done.status_code == 200, done.json()
    review = HandReview.objects.get(hand=invalid_hand)
    assert review.is_locked
    event = AuditEvent.objects.get(action="hand_review.sign")
    assert event.after["override"] == {"stands_in_for": "pit_boss", "by": "shift_manager"}
    assert event.reason == reason


def test_one_sector_scope_for_the_queue_the_floor_and_the_reports(invalid_hand, staff):
    # RPT-17: a pit boss answers for his sectors' tables and for the tables in no sector.
    # The hand queue, the floor and the reports read one rule (tables.selectors.access):
    # the queue used to leave out a table in no sector once its pit boss had a sector.
    from casino.models import Sector
    from floor.selectors import tables_in_scope
    from tables.selectors.access import sector_covers

    table = invalid_hand.table
    other = act(staff["pit_boss2"], Role.PIT_BOSS)
    Sector.objects.create(casino=table.casino, name="Salón B").pit_bosses.add(other.user)
    assert table.sector is not None and not table.sector.pit_bosses.filter(pk=other.user.pk)
    for sector in (table.sector, None):
        table.sector = sector
        table.save(update_fields=["sector"])
        covered = sector is None
        assert (invalid_hand in unresolved_invalid_hands(other)) is covered
        assert (table in tables_in_scope(other)) is covered
        assert sector_covers(other, table) is covered
