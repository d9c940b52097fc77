"""Reconciliation per session and per denomination, and the day's exceptions (issue 6 item 9)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection, transaction

from cage import services
from cage.models import CashAlert, ChipLine, TableTransaction
from cage.reconciliation import reconcile_day, reconcile_session
from casino.access import acting_as
from casino.models import SerialCounter
from casino.roles import Role
from tables.models import TableSession
from tests.cage.conftest import make_session, make_table
from tests.cage.scenario import CLOSING, OPENING, count_drop, play_worked_example, total
from tests.pg_roles import as_owner, as_superuser

pytestmark = pytest.mark.django_db
D = Decimal


def kinds(findings, severity=None):
    return sorted(f.kind for f in findings if severity is None or f.severity == severity)


def not_info(findings):
    return [f for f in findings if f.severity != "info"]


def test_worked_example_balances_at_450(session, staff, counts):  # issue 6 worked example, CLOSE-16
    assert total(OPENING) == D("20000") and total(CLOSING) == D("14000")
    play_worked_example(staff, session, counts)
    counts.set_closing(session, CLOSING)
    count_drop(staff, session)
    rec = reconcile_session(session)
    assert rec.opening_value == D("20000") and rec.closing_value == D("14000")
    assert rec.expected_drop == D("6000") and rec.counted_drop == D("6000")
    assert rec.expected_rake_box == D("450") and rec.counted_rake_box == D("450")
    assert rec.result == D("450")  # drop + closing + credits − opening − fills = the rake
    assert not_info(rec.findings) == []
    assert rec.balanced
    lines = {line.value: line for line in rec.lines.values()}
    assert (lines[D("100")].opening, lines[D("100")].sold, lines[D("100")].expected) == (50, 10, 40)


def test_closing_13900_is_a_100_shortage_in_the_100_chips(session, staff, counts):  # worked example
    played = play_worked_example(staff, session, counts)
    counts.set_closing(session, {**CLOSING, "100": 39})  # 13,900
    count_drop(staff, session)
    rec = reconcile_session(session)
    assert rec.result == D("350")
    findings = not_info(rec.findings)
    assert kinds(findings) == ["FLOAT_VARIANCE", "RESULT_VARIANCE"]
    float_var = next(f for f in findings if f.kind == "FLOAT_VARIANCE")
    assert (float_var.denomination, float_var.amount, float_var.expected, float_var.counted) == (
        D("100"),
        D("-100"),
        40,
        39,
    )
    assert {r.id for r in float_var.records} == {played["buyins"][0].pk}  # the 100s sold at seat 1
    result = next(f for f in findings if f.kind == "RESULT_VARIANCE")
    assert result.amount == D("-100")
    assert not rec.balanced
    assert "faltante de 100,00" in result.es and "shortage of 100.00" in result.en


def test_one_chip_short_is_found_in_its_denomination(
    session, staff, counts, sup
):  # issue 6 done-when
    counts.set_opening(session, {"100": 20, "25": 40, "5": 40})
    services.colour_change_record(
        actor=sup,
        session=session,
        croupier=staff["croupier"],
        chips_in=[("100", 1)],
        chips_out=[("25", 3), ("5", 5)],
    )
    TableSession.objects.filter(pk=session.pk).update(status=TableSession.Status.CLOSED)
    counts.set_closing(session, {"100": 21, "25": 36, "5": 35})  # one 25 chip missing
    count_drop(staff, session, drop=[], rake_box=[])
    rec = reconcile_session(session)
    variances = [f for f in rec.findings if f.kind == "FLOAT_VARIANCE"]
    assert [(f.denomination, f.amount, f.expected, f.counted) for f in variances] == [
        (D("25"), D("-25"), 37, 36)
    ]
    assert [r.type for r in variances[0].records] == ["transaction"]


def test_unsigned_fill_is_left_out_and_listed(session, staff, counts):  # issue 6 item 6
    play_worked_example(staff, session, counts, close=False)
    slip = services.slip_request(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        session=session,
        kind="fill",
        lines=[("100", 10)],
    )
    services.slip_sign(
        actor=acting_as(staff["cage_cashier"], Role.CAGE_CASHIER), slip=slip, role=Role.CAGE_CASHIER
    )
    TableSession.objects.filter(pk=session.pk).update(status=TableSession.Status.CLOSED)
    counts.set_closing(session, {**CLOSING, "100": 50})  # the chips did reach the float
    count_drop(staff, session)
    rec = reconcile_session(session)
    assert rec.fills_value == 0
    unsigned = next(f for f in rec.findings if f.kind == "SLIP_UNSIGNED")
    assert unsigned.severity == "exception" and unsigned.detail == slip.serial
    assert "security, croupier, supervisor" in unsigned.en
    over = next(f for f in rec.findings if f.kind == "FLOAT_VARIANCE")
    assert (over.denomination, over.amount) == (D("100"), D("1000"))
    assert any(r.type == "slip" and r.id == slip.pk for r in over.records)


def test_signed_fill_enters_the_result_line(session, staff, counts):  # CLOSE-16
    from tests.cage.services.test_slips import sign_all

    play_worked_example(staff, session, counts, close=False)
    slip = services.slip_request(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        session=session,
        kind="fill",
        lines=[("100", 10)],
    )
    sign_all(staff, slip)
    TableSession.objects.filter(pk=session.pk).update(status=TableSession.Status.CLOSED)
    counts.set_closing(session, {**CLOSING, "100": 50})
    count_drop(staff, session)
    rec = reconcile_session(session)
    assert rec.fills_value == D("1000") and rec.result == D("450")
    assert not_info(rec.findings) == []


def test_drop_and_rake_box_variances(session, staff, counts):  # issue 6 item 9
    play_worked_example(staff, session, counts)
    counts.set_closing(session, CLOSING)
    count_drop(
        staff,
        session,
        drop=[{"value": "1000", "count": 4}, {"value": "500", "count": 3}],
        rake_box=[("100", 4), ("25", 1)],
    )
    rec = reconcile_session(session)
    found = {f.kind: f for f in rec.findings}
    assert found["DROP_VARIANCE"].amount == D("-500")
    assert found["RAKE_BOX_VARIANCE"].amount == D("-25")
    assert found["RESULT_VARIANCE"].amount == D("-525")


def test_a_wrong_rake_is_flagged_per_hand(session, staff, counts, sup):  # RAKE-06, RAKE-07
    play_worked_example(staff, session, counts, close=False)
    services.rake_post(actor=sup, session=session, hand_number=4, amount="20", pots=["300"])
    rec = reconcile_session(session)
    mismatch = next(f for f in rec.findings if f.kind == "RAKE_MISMATCH")
    assert (mismatch.detail, mismatch.expected, mismatch.counted, mismatch.amount) == (
        "4",
        D("9.00"),
        D("20.00"),
        D("11.00"),
    )


def test_tables_are_never_netted(session, staff, counts, casino, chip_set, sector, gaming_day):
    play_worked_example(staff, session, counts)
    counts.set_closing(session, {**CLOSING, "100": 39})  # 100 short
    count_drop(staff, session)
    other = make_session(
        make_table(casino, chip_set, sector, number=2), gaming_day, staff["supervisor2"]
    )
    counts.set_opening(other, {"100": 10})
    TableSession.objects.filter(pk=other.pk).update(status=TableSession.Status.CLOSED)
    counts.set_closing(other, {"100": 11})  # 100 over
    count_drop(staff, other, drop=[], rake_box=[])
    day = reconcile_day(gaming_day)
    variances = [f for f in day.all_findings if f.kind == "FLOAT_VARIANCE"]
    assert sorted((f.table, f.amount) for f in variances) == [(1, D("-100")), (2, D("100"))]
    assert not day.balanced


def test_one_tables_reconciliation_is_the_rooms_at_that_table(
    session, staff, counts, casino, chip_set, sector, gaming_day
):
    # issue 18 §2 (the audit report of one table over a month): reconcile_day(tables=...)
    # reconciles those tables only, and finds there exactly what the room's finds there.
    play_worked_example(staff, session, counts)
    counts.set_closing(session, {**CLOSING, "100": 39})  # table 1: 100 short
    count_drop(staff, session)
    other = make_session(
        make_table(casino, chip_set, sector, number=2), gaming_day, staff["supervisor2"]
    )
    counts.set_opening(other, {"100": 10})
    for gap in (False, True):  # table 2's: fills left unsigned; the room's: a gap
        if gap:
            SerialCounter.objects.filter(series="FILL").update(last_value=4)
        services.slip_request(
            actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
            session=other,
            kind="fill",
            lines=[("100", 5)],
        )
    TableSession.objects.filter(pk=other.pk).update(status=TableSession.Status.CLOSED)
    counts.set_closing(other, {"100": 11})  # table 2: 100 over
    count_drop(staff, other, drop=[], rake_box=[])
    room = reconcile_day(gaming_day)
    assert "SERIAL_GAP" in kinds(room.all_findings)
    for number in (1, 2):
        own = reconcile_day(gaming_day, tables={number})
        assert [s.session.table.number for s in own.sessions] == [number]
        assert {f.table for f in own.all_findings} == {number}
        at_table = [f.as_dict() for f in room.all_findings if f.table == number]
        assert [f.as_dict() for f in own.all_findings] == at_table
        assert [c.as_dict() for c in own.causes] == [
            c.as_dict() for c in room.causes if c.table == number
        ]
    assert reconcile_day(gaming_day, tables={3}).all_findings == []


def test_missing_counts_and_open_sessions_are_exceptions(session, staff, counts):
    rec = reconcile_session(session)
    assert kinds(rec.findings) == ["OPENING_COUNT_MISSING", "SESSION_NOT_CLOSED"]
    TableSession.objects.filter(pk=session.pk).update(status=TableSession.Status.CLOSED)
    session.refresh_from_db()
    rec = reconcile_session(session)
    assert kinds(rec.findings) == [
        "CLOSING_COUNT_MISSING",
        "DROP_NOT_COUNTED",
        "OPENING_COUNT_MISSING",
    ]


# --------------------------------------------------------------------------- the day


def test_serial_series_with_a_void_has_no_gap(session, staff, counts, gaming_day):  # GEN-10
    counts.set_opening(session, OPENING)
    pit = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    slips = [
        services.slip_request(actor=pit, session=session, kind="fill", lines=[("100", 5)])
        for _ in range(3)
    ]
    void = services.slip_void_request(
        actor=acting_as(staff["pit_boss2"], Role.PIT_BOSS), slip=slips[1], reason="error de mesa"
    )
    services.slip_void_confirm(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER), void=void
    )
    assert [s.number for s in slips] == [1, 2, 3]
    day = reconcile_day(gaming_day)
    assert "SERIAL_GAP" not in kinds(day.all_findings)
    assert "SLIP_VOIDED" in kinds(day.all_findings, "info")
    # A number skipped behind the application's back (the counter is bumped): a gap.
    SerialCounter.objects.filter(series="FILL").update(last_value=4)
    slip5 = services.slip_request(actor=pit, session=session, kind="fill", lines=[("100", 5)])
    assert slip5.number == 5
    gap = next(f for f in reconcile_day(gaming_day).all_findings if f.kind == "SERIAL_GAP")
    assert gap.detail == f"FILL-{gaming_day.business_date.year}-000004"


def test_the_triggers_refuse_a_plain_update(session, staff, counts):  # issue 6 append-only
    from django.db import DatabaseError

    played = play_worked_example(staff, session, counts, close=False)
    for sql in (
        'UPDATE "cage_chipline" SET "count" = 11 WHERE "transaction_id" = %s',
        'DELETE FROM "cage_tabletransaction" WHERE "id" = %s',
    ):
        with pytest.raises(DatabaseError, match="MESA_IMMUTABLE"), transaction.atomic():
            # issue 12 §4: as the owner; the app role has no such privilege (test_db_roles)
            as_owner(sql, [played["buyins"][0].pk])


def test_cash_threshold_alerts_are_listed_and_checked(session, staff, counts, gaming_day, sup):
    counts.set_opening(session, OPENING)
    for seat in (1, 2, 3):
        services.buyin_record(
            actor=sup,
            session=session,
            seat=seat,
            amount="1000",
            croupier=staff["croupier"],
            player_name="Zoe Ruiz",
            cash=[{"value": "1000", "count": 1}],
            chips=[("1000", 1)],
        )
    day = reconcile_day(gaming_day)
    listed = [f for f in day.all_findings if f.kind == "CASH_THRESHOLD"]
    assert [(f.amount, f.expected) for f in listed] == [(D("3000"), D("3000"))]
    # An alert deleted behind the application's back (trigger disabled on purpose).
    _tamper('DELETE FROM "cage_cashalert"')
    assert CashAlert.objects.count() == 0
    missing = [f for f in reconcile_day(gaming_day).all_findings if f.kind == "CASH_ALERT_MISSING"]
    assert [f.amount for f in missing] == [D("3000")]


def _tamper(sql: str, params=()):
    """Change rows behind the application's back: the append-only triggers are switched off
    on purpose for the statement (as a database superuser could), then switched back on.
    The app role may not (issue 12 §4): the superuser's test-only path does it."""
    with transaction.atomic():
        as_superuser(sql, params)


def test_a_line_changed_behind_the_back_is_caught(session, staff, counts, gaming_day):
    played = play_worked_example(staff, session, counts)
    counts.set_closing(session, {**CLOSING, "100": 39})  # a 100 chip went missing...
    count_drop(staff, session)
    tx = played["buyins"][0]
    # ...and someone edits the buy-in's chips from 10 to 11 so the float balances.
    _tamper('UPDATE "cage_chipline" SET "count" = 11 WHERE "transaction_id" = %s', [tx.pk])
    assert ChipLine.objects.get(transaction=tx).count == 11
    rec = reconcile_session(session)
    assert [f for f in rec.findings if f.kind == "FLOAT_VARIANCE"] == []  # the books now agree...
    altered = next(
        f for f in rec.findings if f.kind == "RECORD_ALTERED"
    )  # ...but the seal does not
    assert altered.records[0].id == tx.pk
    assert not reconcile_day(gaming_day).balanced


def test_a_row_deleted_behind_the_back_is_caught(session, staff, counts, gaming_day):
    played = play_worked_example(staff, session, counts)
    victim = played["buyins"][-1]
    _tamper('DELETE FROM "cage_cashline" WHERE "transaction_id" = %s', [victim.pk])
    _tamper('DELETE FROM "cage_chipline" WHERE "transaction_id" = %s', [victim.pk])
    _tamper('DELETE FROM "cage_tabletransaction" WHERE "id" = %s', [victim.pk])
    assert not TableTransaction.objects.filter(pk=victim.pk).exists()
    day = reconcile_day(gaming_day)
    missing = next(f for f in day.all_findings if f.kind == "RECORD_MISSING")
    assert missing.detail == f"tabletransaction#{victim.pk}" and missing.amount == D("1000.00")


def test_a_row_inserted_behind_the_back_is_caught(session, staff, counts, gaming_day):
    played = play_worked_example(staff, session, counts)
    tx = played["buyins"][0]
    with connection.cursor() as cursor:
        cursor.execute(
            'INSERT INTO "cage_tabletransaction" (ref, casino_id, gaming_day_id, table_id, '
            "session_id, kind, sign, reason, recorded_at, croupier_id, approved_by_id, "
            "approved_role, seat, player_name, amount, source, is_rebuy, exemption_applied, "
            "override_reason, large_cash_handling, hand_ref, seal) "
            "SELECT gen_random_uuid(), casino_id, gaming_day_id, table_id, session_id, kind, "
            "sign, reason, recorded_at, croupier_id, approved_by_id, approved_role, seat, "
            "player_name, amount, source, is_rebuy, exemption_applied, override_reason, "
            "large_cash_handling, hand_ref, seal FROM cage_tabletransaction WHERE id = %s",
            [tx.pk],
        )
    day = reconcile_day(gaming_day)
    assert "RECORD_UNAUDITED" in kinds(day.all_findings)
    assert "RECORD_ALTERED" in kinds(day.all_findings)  # its seal does not match its ref


def test_variance_explanation_keeps_the_variance(session, staff, counts):  # issue 6 item 9
    play_worked_example(staff, session, counts)
    counts.set_closing(session, {**CLOSING, "100": 39})
    count_drop(staff, session)
    pit = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    with pytest.raises(Exception) as err:
        services.variance_explain(
            actor=pit, session=session, finding_key="FLOAT_VARIANCE:5.00", explanation="x"
        )
    assert getattr(err.value, "code", "") == "FINDING_UNKNOWN"
    row = services.variance_explain(
        actor=pit,
        session=session,
        finding_key="FLOAT_VARIANCE:100.00",
        explanation="ficha caída bajo la mesa, recuperada",
    )
    assert row.explained_by == staff["pit_boss"]
    assert "FLOAT_VARIANCE" in kinds(reconcile_session(session).findings)


def test_a_reversed_buy_in_reconciles(session, staff, counts):  # CLOSE-16, issue 16 §2
    # A correction is a new entry (the reversal), and the books still add up: the
    # reversed buy-in's cash leaves the expected drop (handed back to the player, it is
    # not in the box) and its chips come back to the float. A reconciliation that added
    # the reversed cash instead would expect 7,000 in the box and find a variance.
    played = play_worked_example(staff, session, counts, close=False)
    ana = played["buyins"][0]  # seat 1: 1,000 in cash for ten chips of 100
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    services.transaction_reverse(actor=boss, transaction_=ana, reason="asiento equivocado")
    TableSession.objects.filter(pk=session.pk).update(status=TableSession.Status.CLOSED)
    session.refresh_from_db()
    counts.set_closing(session, {**CLOSING, "100": CLOSING["100"] + 10})  # 15,000
    count_drop(staff, session, drop=[{"value": "1000", "count": 3}, {"value": "500", "count": 4}])
    rec = reconcile_session(session)
    assert rec.expected_drop == D("5000") and rec.counted_drop == D("5000")
    assert rec.closing_value == D("15000")
    assert rec.result == D("450")  # still the rake: 5,000 + 450 + 15,000 − 20,000
    assert not_info(rec.findings) == []
    assert rec.balanced
