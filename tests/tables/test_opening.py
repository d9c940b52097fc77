"""Opening a table (§6.4, OPEN-01..18, ROLE-14, GEN-10)."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import IntegrityError, connection, transaction

from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.models import AuditEvent, Signature
from casino.roles import Role
from tables import hooks, selectors, services
from tables.models import (
    Discrepancy,
    OpeningLine,
    OpeningSheet,
    SessionEvent,
    SheetCopyDeposit,
    TableSession,
)
from tests.conftest import make_staff
from tests.pg_roles import as_owner

from .conftest import (
    act,
    count_lines,
    make_table,
    open_session,
    open_table,
    ready_decks,
    sign_three,
)

pytestmark = pytest.mark.django_db


def footprint() -> tuple:
    """Rows a refused request must leave untouched."""
    return (
        tuple(OpeningLine.objects.order_by("id").values_list("stacks", "loose", "count", "total")),
        tuple(OpeningSheet.objects.order_by("id").values_list("count_version", "locked_at")),
        Discrepancy.objects.count(),
        Signature.objects.count(),
        AuditEvent.objects.count(),
        tuple(TableSession.objects.order_by("id").values_list("status", flat=True)),
    )


def close_with_count(staff, session, counts=None):
    """Close a session with a count (default: the par), signed by three."""
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.closing_start(actor=boss, session=session, security_officer=staff["security"])
    sheet = selectors.session_closing_count(session)
    services.closing_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet, counts))
    services.closing_confirm_empty_bank(
        actor=sup, sheet=sheet, croupier=staff["croupier"], pin="1234"
    )
    sign_three(staff, sheet, services.closing_sign)
    session.refresh_from_db()
    return sheet


def test_session_opens_with_a_numbered_sheet_listing_denominations_highest_first(
    staff, gaming_day, table
):  # OPEN-06, OPEN-07, GEN-10
    session = open_session(staff, table)
    assert session.status == TableSession.Status.OPENING
    sheet = OpeningSheet.objects.get(session=session)
    assert sheet.serial == f"HAC-{gaming_day.business_date.year}-000001"
    assert [line.value for line in sheet.ordered_lines()] == [
        Decimal("100"),
        Decimal("50"),
        Decimal("25"),
        Decimal("5"),
    ]
    # No previous closing: the opening is compared with the table's par float.
    assert sheet.expected_source == OpeningSheet.ExpectedSource.PAR
    assert [line.expected_count for line in sheet.ordered_lines()] == [120, 80, 100, 200]
    assert selectors.croupier_on_duty(session) == staff["croupier"]
    other = make_table(table.casino, table.chip_set, number=2)
    with pytest.raises(Conflict) as busy:  # ROLE-03: one table at a time
        open_session(staff, other)
    assert busy.value.code == "CROUPIER_ON_DUTY_ELSEWHERE"
    second = open_session(staff, other, croupier="croupier2")
    assert OpeningSheet.objects.get(session=second).serial_number == 2  # unbroken series


def test_count_lines_are_value_chips_total_from_stacks_of_20(staff, gaming_day, table):
    # OPEN-08, OPEN-09, A-01, A-02, A-03
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    services.opening_count_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        sheet=sheet,
        lines=count_lines(sheet),
        grand_total="19500",
    )
    lines = {str(int(x.value)): x for x in sheet.ordered_lines()}
    assert (lines["100"].stacks, lines["100"].loose, lines["100"].count) == (6, 0, 120)
    assert lines["100"].total == Decimal("12000")  # "valor 100, 120 fichas, total 12.000"
    assert (lines["50"].stacks, lines["50"].loose, lines["50"].count) == (4, 0, 80)
    assert lines["50"].total == Decimal("4000")  # "valor 50, 80 fichas, total 4.000"
    assert sheet.grand_total() == Decimal("19500")  # OPEN-11
    assert Discrepancy.objects.count() == 0


def test_one_chip_short_against_the_last_closing_is_flagged_and_blocks_signing(
    staff, gaming_day, table
):  # OPEN-10 (issue 5 "done when")
    first = open_table(staff, table)
    close_with_count(staff, first)
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    assert sheet.expected_source == OpeningSheet.ExpectedSource.CLOSING
    assert sheet.previous_closing == selectors.last_signed_closing(table)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.opening_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet, {"25": 99}))
    (disc,) = Discrepancy.objects.filter(sheet=sheet)
    assert (disc.value, disc.expected_count, disc.counted_count) == (Decimal("25"), 100, 99)
    assert disc.variance_chips == -1 and disc.is_short
    assert disc.variance_value == Decimal("-25")
    assert not disc.needs_written_report  # below the default thresholds
    # Nobody signs until the pit boss has acknowledged it.
    terminal = act(staff["supervisor"], Role.SUPERVISOR)
    before = footprint()
    with pytest.raises(Conflict) as err:
        services.opening_sign(actor=terminal, sheet=sheet, role=Role.SUPERVISOR)
    assert err.value.code == "DISCREPANCY_UNACKNOWLEDGED"
    assert footprint() == before
    with pytest.raises(ValidationFailed) as err2:
        services.discrepancy_acknowledge(
            actor=act(staff["pit_boss"], Role.PIT_BOSS), discrepancy=disc, note="  "
        )
    assert err2.value.code == "NOTE_REQUIRED"
    with pytest.raises(PermissionRefused):
        services.discrepancy_acknowledge(actor=terminal, discrepancy=disc, note="visto")
    services.discrepancy_acknowledge(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        discrepancy=disc,
        note="Falta una ficha verde; informado.",
    )
    result = sign_three(staff, sheet, services.opening_sign)
    assert result.locked


def test_an_extra_chip_is_an_over_discrepancy_and_big_ones_need_a_written_report(
    staff, gaming_day, table
):  # OPEN-10 thresholds
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    services.opening_count_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        sheet=sheet,
        lines=count_lines(sheet, {"5": 201, "100": 100}),
    )
    over = Discrepancy.objects.get(sheet=sheet, value=5)
    short = Discrepancy.objects.get(sheet=sheet, value=100)
    assert over.variance_chips == 1 and not over.is_short and not over.needs_written_report
    assert short.variance_chips == -20 and short.variance_value == Decimal("-2000")
    assert short.needs_written_report
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    with pytest.raises(ValidationFailed) as err:
        services.discrepancy_acknowledge(actor=boss, discrepancy=short, note="faltan 20")
    assert err.value.code == "WRITTEN_REPORT_REQUIRED"
    services.discrepancy_acknowledge(
        actor=boss,
        discrepancy=short,
        note="faltan 20",
        written_report="Informe 12/3: pila faltante...",
    )
    # The shift manager may acknowledge too (shown to pit boss and shift manager).
    services.discrepancy_acknowledge(
        actor=act(staff["shift_manager"], Role.SHIFT_MANAGER), discrepancy=over, note="sobra una"
    )
    assert not sheet.open_discrepancies().exists()


def test_recount_before_signatures_supersedes_old_discrepancies(staff, gaming_day, table):
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.opening_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet, {"5": 199}))
    old = Discrepancy.objects.get(sheet=sheet)
    services.opening_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet))
    sheet.refresh_from_db()
    assert sheet.count_version == 2
    assert Discrepancy.objects.filter(pk=old.pk).exists()  # history kept (append-only)
    assert not sheet.open_discrepancies().exists()
    with pytest.raises(Conflict) as err:
        services.discrepancy_acknowledge(
            actor=act(staff["pit_boss"], Role.PIT_BOSS), discrepancy=old, note="x"
        )
    assert err.value.code == "DISCREPANCY_SUPERSEDED"
    sign_three(staff, sheet, services.opening_sign)


def test_three_signatures_lock_the_sheet_and_open_the_table(staff, gaming_day, table):
    # OPEN-12, ROLE-13, ROLE-14, OPEN-16
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    with pytest.raises(Conflict) as err:
        services.opening_sign(actor=sup, sheet=sheet, role=Role.SUPERVISOR)
    assert err.value.code == "COUNT_NOT_RECORDED"
    services.opening_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet))
    r1 = services.opening_sign(
        actor=sup, sheet=sheet, role=Role.CROUPIER, signer=staff["croupier"], pin="1234"
    )
    assert r1.signature.method == Signature.Method.PIN and not r1.locked
    # A signature by the wrong role, or by someone who already signed: refused, nothing changes.
    before = footprint()
    with pytest.raises(ValidationFailed) as wrong:
        services.opening_sign(
            actor=act(staff["auditor"], Role.AUDITOR), sheet=sheet, role=Role.AUDITOR
        )
    assert wrong.value.code == "ROLE_NOT_REQUIRED"
    # The croupier's line is signed: the same answer with his right PIN and a wrong one
    # (the PIN is checked last, issue 12 §3).
    for pin in ("1234", "0000"):
        with pytest.raises(Conflict) as again:
            services.opening_sign(
                actor=sup, sheet=sheet, role=Role.CROUPIER, signer=staff["croupier"], pin=pin
            )
        assert again.value.code == "ROLE_ALREADY_SIGNED"
    both = make_staff(table.casino, "doble", Role.SUPERVISOR, Role.PIT_BOSS)
    # Issue 12 §1: "doble" signs as the session's supervisor (a recorded relief) and is a
    # pit boss of the table's sector, so only ROLE-14 stops the second signature.
    table.sector.pit_bosses.add(both)
    services.session_supervisor_relieve(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        session=session,
        incoming=both,
        reason="relevo para la prueba",
    )
    sup = act(both, Role.SUPERVISOR)
    services.opening_sign(actor=act(both, Role.SUPERVISOR), sheet=sheet, role=Role.SUPERVISOR)
    before = footprint()
    with pytest.raises(Conflict) as twice:
        services.opening_sign(actor=act(both, Role.PIT_BOSS), sheet=sheet, role=Role.PIT_BOSS)
    assert twice.value.code == "SIGNER_ALREADY_SIGNED"
    assert footprint() == before
    session.refresh_from_db()
    assert session.status == TableSession.Status.OPENING
    result = services.opening_sign(
        actor=act(staff["pit_boss"], Role.PIT_BOSS), sheet=sheet, role=Role.PIT_BOSS
    )
    assert result.locked
    session.refresh_from_db()
    sheet.refresh_from_db()
    assert session.status == TableSession.Status.OPEN and session.opened_at is not None
    assert sheet.is_locked and sheet.locked_hash == sheet.signing_hash()
    assert SessionEvent.objects.filter(session=session, kind="opened").count() == 1
    # A locked sheet cannot be recounted.
    with pytest.raises(Conflict):
        services.opening_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet))


def _raw(sql: str, params: list) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)


def test_raw_sql_cannot_change_a_locked_opening_sheet(staff, gaming_day, table):
    # OPEN-12, GEN-09 (issue 5 "done when": raw SQL UPDATE refused after lock)
    session = open_table(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    with pytest.raises(IntegrityError, match="MESA_LOCKED"):
        _raw("UPDATE tables_openingsheet SET count_note = 'x' WHERE id = %s", [sheet.pk])
    with pytest.raises(IntegrityError, match="MESA_LOCKED"):
        _raw("UPDATE tables_openingline SET count = 1 WHERE sheet_id = %s", [sheet.pk])
    # issue 12 §4: as the owner; the app role has no such privilege (test_db_roles)
    with pytest.raises(IntegrityError, match="MESA_IMMUTABLE"), transaction.atomic():
        as_owner("DELETE FROM tables_openingline WHERE sheet_id = %s", [sheet.pk])
    with pytest.raises(IntegrityError, match="MESA_IMMUTABLE"), transaction.atomic():
        as_owner("DELETE FROM tables_openingsheet WHERE id = %s", [sheet.pk])
    assert [x.count for x in sheet.ordered_lines()] == [120, 80, 100, 200]


@pytest.mark.parametrize(
    ("mutate", "code", "field"),
    [
        (lambda lines: lines[0].update(stacks=-1), "COUNT_NEGATIVE", "lines[0].stacks"),
        (lambda lines: lines[1].update(loose="2.5"), "COUNT_NOT_WHOLE", "lines[1].loose"),
        (lambda lines: lines[1].update(loose=True), "COUNT_NOT_WHOLE", "lines[1].loose"),
        (lambda lines: lines[2].update(stacks="muchas"), "COUNT_NOT_WHOLE", "lines[2].stacks"),
        (lambda lines: lines[0].update(loose=None), "COUNT_REQUIRED", "lines[0].loose"),
        (
            lambda lines: lines[0].update(loose=20, stacks=5),
            "LOOSE_CHIPS_MAKE_A_STACK",
            "lines[0].loose",
        ),
        (lambda lines: lines[0].update(count=121), "COUNT_MISMATCH", "lines[0].count"),
        (lambda lines: lines[0].update(total="12001"), "TOTAL_MISMATCH", "lines[0].total"),
        (
            lambda lines: lines[0].update(denomination=999999),
            "DENOMINATION_NOT_IN_CHIP_SET",
            "lines[0].denomination",
        ),
        (
            lambda lines: lines[1].update(denomination=lines[0]["denomination"]),
            "DENOMINATION_REPEATED",
            "lines[1].denomination",
        ),
        (lambda lines: lines.pop(), "COUNT_INCOMPLETE", "lines"),
        (lambda lines: lines.clear(), "COUNT_EMPTY", "lines"),
        (lambda lines: lines[0].update(stacks=10**9), "COUNT_TOO_LARGE", "lines[0].stacks"),
    ],
)
def test_bad_counts_are_refused_and_change_nothing(staff, gaming_day, table, mutate, code, field):
    # issue 5 "Bad input"
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    lines = count_lines(sheet)
    mutate(lines)
    before = footprint()
    with pytest.raises(ValidationFailed) as err:
        services.opening_count_record(
            actor=act(staff["supervisor"], Role.SUPERVISOR), sheet=sheet, lines=lines
        )
    assert (err.value.code, err.value.field) == (code, field)
    assert err.value.message_es and err.value.message_en
    assert footprint() == before


def test_a_denomination_of_another_chip_set_is_refused(staff, gaming_day, table, casino):
    from casino.models import ChipSet, Denomination

    other = ChipSet.objects.create(casino=casino, name="Torneo")
    foreign = Denomination.objects.create(chip_set=other, value=Decimal("100"), colour="negro")
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    lines = count_lines(sheet)
    lines[0]["denomination"] = foreign.pk
    with pytest.raises(ValidationFailed) as err:
        services.opening_count_record(
            actor=act(staff["supervisor"], Role.SUPERVISOR), sheet=sheet, lines=lines
        )
    assert err.value.code == "DENOMINATION_NOT_IN_CHIP_SET"


def test_grand_total_must_match_the_denominations(staff, gaming_day, table):  # OPEN-11
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    before = footprint()
    with pytest.raises(ValidationFailed) as err:
        services.opening_count_record(
            actor=act(staff["supervisor"], Role.SUPERVISOR),
            sheet=sheet,
            lines=count_lines(sheet),
            grand_total="19000",
        )
    assert err.value.code == "GRAND_TOTAL_MISMATCH"
    assert footprint() == before


def test_a_table_refuses_hands_until_signed_and_with_two_inspected_colours(
    staff, gaming_day, table, store
):  # issue 5 §2 "done when", OPEN-12, DECK-04
    session = open_session(staff, table)
    codes = {r.code for r in selectors.session_ready_for_play(session)}
    assert {"OPENING_NOT_SIGNED", "SESSION_NOT_OPEN", "DECKS_MISSING"} <= codes
    sheet = OpeningSheet.objects.get(session=session)
    services.opening_count_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR), sheet=sheet, lines=count_lines(sheet)
    )
    sign_three(staff, sheet, services.opening_sign)
    session.refresh_from_db()
    codes = {r.code for r in selectors.session_ready_for_play(session)}
    assert codes == {"DECKS_MISSING", "NO_PACK_IN_PLAY"}
    with pytest.raises(Conflict) as err:
        services.session_start_play(
            actor=act(staff["supervisor"], Role.SUPERVISOR), session=session
        )
    assert err.value.code == "NOT_READY_FOR_PLAY"
    assert "DECKS_MISSING" in err.value.details["reasons"]
    ready_decks(staff, session, store)
    assert selectors.session_ready_for_play(session) == []
    assert selectors.session_accepts_hand(session, 1) == []
    services.session_start_play(actor=act(staff["supervisor"], Role.SUPERVISOR), session=session)
    session.refresh_from_db()
    assert session.status == TableSession.Status.IN_PLAY


def test_the_next_opening_expects_the_closing_after_fills_and_credits(
    staff, gaming_day, table, denoms
):
    # OPEN-06, CLOSE-07: the cage's slips adjust the expected float (tables.hooks).
    first = open_table(staff, table)
    close_with_count(staff, first, {"100": 110, "5": 210})
    needs = {str(int(n.denomination.value)): n for n in selectors.closing_float_needs(first)}
    assert (needs["100"].fill, needs["100"].credit) == (10, 0)
    assert (needs["5"].fill, needs["5"].credit) == (0, 10)
    assert needs["100"].fill_value == Decimal("1000")

    def slips(session):
        return {denoms["100"].pk: 10, denoms["5"].pk: -10} if session.pk == first.pk else {}

    hooks.register_float_adjustments(slips)
    try:
        session = open_session(staff, table)
        sheet = OpeningSheet.objects.get(session=session)
        expected = {str(int(x.value)): x.expected_count for x in sheet.ordered_lines()}
        assert expected == {"100": 120, "50": 80, "25": 100, "5": 200}
    finally:
        hooks.unregister(slips)


def test_copies_are_deposited_only_after_signing(staff, gaming_day, table):  # OPEN-13, OQ-25
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    with pytest.raises(Conflict) as err:
        services.sheet_copy_deposit(actor=sup, sheet=sheet, copy="drop_box")
    assert err.value.code == "SHEET_NOT_SIGNED"
    services.opening_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet))
    sign_three(staff, sheet, services.opening_sign)
    sheet.refresh_from_db()
    with pytest.raises(ValidationFailed) as err2:
        services.sheet_copy_deposit(actor=sup, sheet=sheet, copy="original_cage")
    assert err2.value.code == "COPY_NOT_FOR_OPENING"
    services.sheet_copy_deposit(actor=sup, sheet=sheet, copy="drop_box")
    with pytest.raises(Conflict) as err3:
        services.sheet_copy_deposit(actor=sup, sheet=sheet, copy="drop_box")
    assert err3.value.code == "COPY_ALREADY_DEPOSITED"
    assert SheetCopyDeposit.objects.filter(opening=sheet).count() == 1


def test_surveillance_and_security_are_recorded_as_events(staff, gaming_day, table):
    # OPEN-03, OPEN-05, OPEN-14, OPEN-15, ROLE-11
    session = open_session(staff, table)
    services.session_event_record(
        actor=act(staff["surveillance"], Role.SURVEILLANCE),
        session=session,
        kind="surveillance_notified",
    )
    services.session_event_record(
        actor=act(staff["security"], Role.SECURITY), session=session, kind="security_present"
    )
    services.session_event_record(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        session=session,
        kind="lids_removal_authorised",
        person=staff["shift_manager"],
    )
    with pytest.raises(PermissionRefused):
        services.session_event_record(
            actor=act(staff["supervisor"], Role.SUPERVISOR),
            session=session,
            kind="surveillance_authorised",
        )
    with pytest.raises(ValidationFailed) as err:
        services.session_event_record(
            actor=act(staff["pit_boss"], Role.PIT_BOSS),
            session=session,
            kind="lids_removal_authorised",
            person=staff["supervisor"],
        )
    assert err.value.code == "STAFF_ROLE_MISSING"
    sheet = OpeningSheet.objects.get(session=session)
    services.opening_count_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR), sheet=sheet, lines=count_lines(sheet)
    )
    sign_three(staff, sheet, services.opening_sign)
    services.session_event_record(
        actor=act(staff["surveillance"], Role.SURVEILLANCE),
        session=session,
        kind="surveillance_authorised",
    )
    services.session_event_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        session=session,
        kind="float_locked",
        person=staff["pit_boss"],
        keys_to=staff["pit_boss"],
    )
    kinds = list(SessionEvent.objects.filter(session=session).values_list("kind", flat=True))
    assert kinds == [
        "prep_pit_boss",
        "prep_supervisor",
        "surveillance_notified",
        "security_present",
        "lids_removal_authorised",
        "opened",
        "surveillance_authorised",
        "float_locked",
    ]
    lock_event = SessionEvent.objects.get(session=session, kind="float_locked")
    assert lock_event.person == staff["pit_boss"] and lock_event.data["keys_to"] == "pit_boss"
    assert lock_event.recorded_by == staff["supervisor"] and lock_event.role == "supervisor"


@pytest.mark.django_db(transaction=True)
def test_concurrent_signatures_in_one_role_land_exactly_once(staff, gaming_day, table):
    # issue 5 "Bad input": concurrent attempts to sign resolve to exactly one success
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    services.opening_count_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR), sheet=sheet, lines=count_lines(sheet)
    )
    # Two pit bosses of the table's sector race for the one slot (issue 12 §1).
    table.sector.pit_bosses.add(staff["pit_boss2"])
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def sign(user):
        try:
            barrier.wait(timeout=10)
            services.opening_sign(actor=act(user, Role.PIT_BOSS), sheet=sheet, role=Role.PIT_BOSS)
            outcomes.append("ok")
        except Conflict as exc:
            outcomes.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=sign, args=(staff[u],)) for u in ("pit_boss", "pit_boss2")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes) == ["ROLE_ALREADY_SIGNED", "ok"]
    assert Signature.objects.filter(object_id=sheet.pk, role="pit_boss").count() == 1
