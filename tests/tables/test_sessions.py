"""Sessions, settings, dealer changes, closing and keys (OPEN-16, GEN-04, ROLE-03/04, CLOSE)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.models import AuditEvent, GamingDay
from casino.roles import Role
from tables import selectors, services
from tables.checklists import CLOSING_ITEMS, PIT_BOSS_ITEMS, SUPERVISOR_ITEMS
from tables.models import (
    ClosingSheet,
    DealerChange,
    KeyHandout,
    OpeningSheet,
    PackState,
    SessionEvent,
    SheetCopyDeposit,
    TableSession,
    TableSettings,
)

from .conftest import act, count_lines, open_session, open_table, ready_decks, sign_three

pytestmark = pytest.mark.django_db
S = TableSession.Status


def play(staff, table, store):
    session = open_table(staff, table)
    ready_decks(staff, session, store)
    services.session_start_play(actor=act(staff["supervisor"], Role.SUPERVISOR), session=session)
    session.refresh_from_db()
    return session


# --- settings (GEN-04, RAKE-03) -----------------------------------------------------------


def test_settings_are_versioned_and_only_managers_change_them(staff, gaming_day, table):
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    with pytest.raises(PermissionRefused):
        services.table_settings_change(
            actor=act(staff["pit_boss"], Role.PIT_BOSS),
            table=table,
            reason="subir ciegas",
            big_blind=Decimal("20"),
        )
    v2 = services.table_settings_change(
        actor=manager,
        table=table,
        reason="subir ciegas",
        small_blind=Decimal("10"),
        big_blind=Decimal("20"),
    )
    assert v2.version == 2 and v2.big_blind == Decimal("20")
    v1 = TableSettings.objects.get(table=table, version=1)
    assert v1.big_blind == Decimal("10")  # the old version is untouched (append-only)
    assert v2.min_buyin == v1.min_buyin  # unchanged fields carry over
    with pytest.raises(ValidationFailed) as err:
        services.table_settings_change(actor=manager, table=table, reason="x", colour="rojo")
    assert err.value.code == "UNKNOWN_SETTING"
    with pytest.raises(ValidationFailed) as err2:
        services.table_settings_change(
            actor=manager, table=table, reason="", big_blind=Decimal("30")
        )
    assert err2.value.code == "REASON_REQUIRED"
    with pytest.raises(ValidationFailed) as err3:
        services.table_settings_change(
            actor=manager, table=table, reason="x", small_blind=Decimal("50")
        )
    assert err3.value.code == "BLINDS_INVALID"
    with pytest.raises(ValidationFailed) as err4:
        # SEAT-01: a table seats 2 to 10 players
        services.table_settings_change(actor=manager, table=table, reason="x", max_seats=11)
    assert err4.value.code == "SEATS_OUT_OF_RANGE"


def test_caba_rake_above_five_percent_is_refused(staff, gaming_day, table):  # RAKE-03, A-27
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    before = TableSettings.objects.count()
    with pytest.raises(ValidationFailed) as err:
        services.table_settings_change(
            actor=manager, table=table, reason="CABA", ruleset="caba", rake_pct=Decimal("5.5")
        )
    assert err.value.code == "RAKE_ABOVE_JURISDICTION_LIMIT" and err.value.field == "rake_pct"
    assert TableSettings.objects.count() == before
    ok = services.table_settings_change(
        actor=manager, table=table, reason="CABA", ruleset="caba", rake_pct=Decimal("5")
    )
    assert ok.rake_pct == Decimal("5")
    # MANUAL has no ceiling.
    services.table_settings_change(
        actor=manager, table=table, reason="manual", ruleset="manual", rake_pct=Decimal("10")
    )


def test_game_settings_from_the_next_hand_financial_from_the_next_session(
    staff, gaming_day, table
):  # GEN-04
    session = open_session(staff, table)
    hand_started = timezone.now()
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    v2 = services.table_settings_change(
        actor=manager,
        table=table,
        reason="nivel",
        small_blind=Decimal("10"),
        big_blind=Decimal("20"),
        min_buyin=Decimal("200"),
    )
    session.refresh_from_db()
    # The hand that began before the change keeps the old version; the next one gets v2.
    assert selectors.settings_for_hand(session, hand_started).version == 1
    assert selectors.settings_for_hand(session, timezone.now() + timedelta(seconds=1)) == v2
    # Financial settings are the session's: still version 1 until the next session.
    assert session.settings.version == 1 and session.settings.min_buyin == Decimal("100")
    with pytest.raises(ValidationFailed) as err:
        services.table_settings_change(
            actor=manager,
            table=table,
            reason="atrás",
            effective_from=timezone.now() - timedelta(hours=1),
            ante=Decimal("1"),
        )
    assert err.value.code == "EFFECTIVE_IN_THE_PAST"


def test_table_create(staff, gaming_day, chip_set):
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    table = services.table_create(
        actor=manager,
        number=7,
        chip_set=chip_set,
        variant="no_limit",
        small_blind=Decimal("25"),
        big_blind=Decimal("50"),
    )
    assert table.settings_at().min_buyin == Decimal("500")
    with pytest.raises(Conflict):
        services.table_create(
            actor=manager,
            number=7,
            chip_set=chip_set,
            variant="no_limit",
            small_blind=Decimal("25"),
            big_blind=Decimal("50"),
        )


# --- the session state machine (OPEN-16) --------------------------------------------------


def test_session_opening_is_refused_without_a_day_or_twice(staff, table, casino, gaming_day):
    with pytest.raises(ValidationFailed) as same:
        services.session_open(
            actor=act(staff["pit_boss"], Role.PIT_BOSS),
            table=table,
            supervisor=staff["supervisor"],
            croupier=staff["supervisor"],
        )
    assert same.value.code == "STAFF_ROLE_MISSING"
    with pytest.raises(PermissionRefused):
        services.session_open(
            actor=act(staff["croupier"], Role.CROUPIER),
            table=table,
            supervisor=staff["supervisor"],
            croupier=staff["croupier"],
        )
    open_session(staff, table)
    with pytest.raises(Conflict) as twice:
        open_session(staff, table, croupier="croupier2")
    assert twice.value.code == "SESSION_ALREADY_LIVE"
    GamingDay.objects.filter(pk=gaming_day.pk).update(status="closed")
    TableSession.objects.filter(table=table).update(status="closed")
    with pytest.raises(Conflict) as no_day:
        open_session(staff, table, croupier="croupier2")
    assert no_day.value.code == "NO_OPEN_GAMING_DAY"


def test_suspend_and_resume(staff, gaming_day, table, store):  # OPEN-16, DECK-12
    session = play(staff, table, store)
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    with pytest.raises(PermissionRefused):  # a pit boss or manager suspends
        services.session_suspend(
            actor=act(staff["supervisor"], Role.SUPERVISOR),
            session=session,
            reason="x",
            float_locked=True,
            cards_handed_to=staff["pit_boss"],
        )
    with pytest.raises(ValidationFailed) as err:
        services.session_suspend(
            actor=boss,
            session=session,
            reason="sin jugadores",
            float_locked=False,
            cards_handed_to=staff["pit_boss"],
        )
    assert err.value.code == "FLOAT_NOT_LOCKED"
    session.hand_in_progress = True
    session.save(update_fields=["hand_in_progress"])
    with pytest.raises(Conflict) as busy:
        services.session_suspend(
            actor=boss,
            session=session,
            reason="sin jugadores",
            float_locked=True,
            cards_handed_to=staff["pit_boss"],
        )
    assert busy.value.code == "HAND_IN_PROGRESS"
    session.hand_in_progress = False
    session.save(update_fields=["hand_in_progress"])
    services.session_suspend(
        actor=boss,
        session=session,
        reason="sin jugadores",
        float_locked=True,
        cards_handed_to=staff["pit_boss"],
    )
    session.refresh_from_db()
    assert session.status == S.SUSPENDED and not session.accepts_transactions
    event = SessionEvent.objects.get(session=session, kind="suspended")
    assert event.person == staff["pit_boss"] and sorted(event.data["packs_handed_in"]) == [
        "A1",
        "R1",
    ]
    assert "SESSION_NOT_OPEN" in {r.code for r in selectors.session_ready_for_play(session)}
    services.session_resume(actor=act(staff["shift_manager"], Role.SHIFT_MANAGER), session=session)
    session.refresh_from_db()
    assert session.status == S.IN_PLAY


def test_illegal_session_moves_are_refused(staff, gaming_day, table):
    session = open_table(staff, table)  # OPEN
    with pytest.raises(Conflict) as err:
        services.session_suspend(
            actor=act(staff["pit_boss"], Role.PIT_BOSS),
            session=session,
            reason="x",
            float_locked=True,
            cards_handed_to=staff["pit_boss"],
        )
    assert err.value.code == "SESSION_MOVE_NOT_ALLOWED"
    assert err.value.details == {"status": "open", "allowed": ["closing", "in_play"]}
    with pytest.raises(Conflict) as err2:
        services.session_resume(actor=act(staff["pit_boss"], Role.PIT_BOSS), session=session)
    assert err2.value.code == "SESSION_STATE"


def test_last_hand_refuses_later_hands(staff, gaming_day, table, store):  # CLOSE-01
    session = play(staff, table, store)
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    with pytest.raises(Conflict) as err:
        services.closing_start(actor=boss, session=session, security_officer=staff["security"])
    assert err.value.code == "LAST_HAND_NOT_ANNOUNCED"
    services.session_announce_last_hand(
        actor=boss, session=session, last_hand_number=42, instructed_by=staff["shift_manager"]
    )
    session.refresh_from_db()
    assert selectors.session_accepts_hand(session, 42) == []
    (reason,) = selectors.session_accepts_hand(session, 43)
    assert reason.code == "AFTER_LAST_HAND"
    with pytest.raises(Conflict) as twice:
        services.session_announce_last_hand(actor=boss, session=session, last_hand_number=50)
    assert twice.value.code == "LAST_HAND_ALREADY_ANNOUNCED"
    event = SessionEvent.objects.get(session=session, kind="last_hand_announced")
    assert event.person == staff["shift_manager"] and event.data == {"last_hand_number": 42}


def test_closing_three_signatures_copies_and_blockers(staff, gaming_day, table, store):
    # CLOSE-04..10, OQ-25, OQ-26
    session = play(staff, table, store)
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.session_announce_last_hand(actor=boss, session=session, last_hand_number=10)
    session.hand_in_progress = True
    session.save(update_fields=["hand_in_progress"])
    with pytest.raises(Conflict):
        services.closing_start(actor=boss, session=session, security_officer=staff["security"])
    session.hand_in_progress = False
    session.save(update_fields=["hand_in_progress"])
    with pytest.raises(ValidationFailed) as not_security:
        services.closing_start(actor=boss, session=session, security_officer=staff["pit_boss2"])
    assert not_security.value.code == "STAFF_ROLE_MISSING"
    services.closing_start(actor=boss, session=session, security_officer=staff["security"])
    session.refresh_from_db()
    assert session.status == S.CLOSING and not session.accepts_transactions
    sheet = ClosingSheet.objects.get(session=session)
    assert sheet.serial == session.opening_sheet.serial  # the same numbered sheet (OQ-25)
    assert (
        SessionEvent.objects.get(session=session, kind="closing_started").person
        == staff["security"]
    )
    services.closing_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet, {"5": 150}))
    with pytest.raises(Conflict) as blocked:
        services.closing_sign(actor=sup, sheet=sheet, role=Role.SUPERVISOR)
    assert blocked.value.code == "BANK_NOT_CONFIRMED_EMPTY"
    # A wrong PIN is refused 403 by the one PIN check, casino.pins (issue 12 §3).
    with pytest.raises(PermissionRefused) as pin:
        services.closing_confirm_empty_bank(
            actor=sup, sheet=sheet, croupier=staff["croupier"], pin="0000"
        )
    assert pin.value.code == "PIN_INVALID"
    with pytest.raises(ValidationFailed) as who:
        services.closing_confirm_empty_bank(
            actor=boss, sheet=sheet, croupier=staff["croupier"], pin="1234"
        )
    assert who.value.code == "SUPERVISOR_REQUIRED"
    services.closing_confirm_empty_bank(
        actor=sup, sheet=sheet, croupier=staff["croupier"], pin="1234"
    )
    # A recount needs a new confirmation (the confirmation is tied to the count).
    services.closing_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet, {"5": 160}))
    with pytest.raises(Conflict):
        services.closing_sign(actor=sup, sheet=sheet, role=Role.SUPERVISOR)
    services.closing_confirm_empty_bank(
        actor=sup, sheet=sheet, croupier=staff["croupier"], pin="1234"
    )
    needs = {
        int(n.denomination.value): (n.fill, n.credit)
        for n in selectors.closing_float_needs(session)
    }
    assert needs[5] == (40, 0) and needs[100] == (0, 0)  # CLOSE-07
    result = sign_three(staff, sheet, services.closing_sign)
    assert result.locked
    session.refresh_from_db()
    assert session.status == S.CLOSED and session.closed_at is not None
    for copy in ("chip_rack", "drop_box", "original_cage"):
        services.sheet_copy_deposit(actor=sup, sheet=sheet, copy=copy)
    assert sorted(
        SheetCopyDeposit.objects.filter(closing=sheet).values_list("copy", flat=True)
    ) == ["chip_rack", "drop_box", "original_cage"]
    services.session_event_record(actor=boss, session=session, kind="table_inspected")
    services.session_event_record(
        actor=act(staff["shift_manager"], Role.SHIFT_MANAGER),
        session=session,
        kind="croupier_released",
        person=staff["croupier"],
    )
    assert selectors.last_signed_closing(table) == sheet
    assert selectors.session_closing_count(session).grand_total() == Decimal(
        120 * 100 + 80 * 50 + 100 * 25 + 160 * 5
    )


# --- dealer changes (ROLE-03, ROLE-04, DECK-09) ---------------------------------------------


def test_dealer_change_rotates_the_packs(staff, gaming_day, table, store):
    session = play(staff, table, store)
    red, blue = (session.packs.get(colour="rojo"), session.packs.get(colour="azul"))
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    with pytest.raises(ValidationFailed) as err:
        services.dealer_change_record(actor=sup, session=session, incoming=staff["croupier2"])
    assert err.value.code == "ROTATION_PACK_REQUIRED"
    with pytest.raises(ValidationFailed) as same:
        services.dealer_change_record(
            actor=sup, session=session, incoming=staff["croupier"], incoming_pack=blue
        )
    assert same.value.code == "SAME_CROUPIER"
    before = DealerChange.objects.count()
    session.hand_in_progress = True
    session.save(update_fields=["hand_in_progress"])
    with pytest.raises(Conflict) as busy:  # ROLE-04: pending hand first
        services.dealer_change_record(
            actor=sup, session=session, incoming=staff["croupier2"], incoming_pack=blue
        )
    assert busy.value.code == "HAND_IN_PROGRESS"
    session.hand_in_progress = False
    session.save(update_fields=["hand_in_progress"])
    assert DealerChange.objects.count() == before
    change = services.dealer_change_record(
        actor=sup,
        session=session,
        incoming=staff["croupier2"],
        incoming_pack=blue,
        handover_note="Asiento 3 con re-compra pendiente",
    )
    assert (change.outgoing, change.incoming) == (staff["croupier"], staff["croupier2"])
    assert (change.pack_out, change.pack_in) == (red, blue)
    assert selectors.croupier_on_duty(session) == staff["croupier2"]
    red.refresh_from_db()
    blue.refresh_from_db()
    assert (red.state, blue.state) == (PackState.RESTED, PackState.IN_PLAY)


def test_dealer_change_without_rotation_when_the_casino_turns_it_off(
    staff, gaming_day, table, store
):
    session = play(staff, table, store)
    services.ops_settings_change(
        actor=act(staff["shift_manager"], Role.SHIFT_MANAGER),
        reason="sólo cada 2 h",
        rotate_on_dealer_change=False,
    )
    change = services.dealer_change_record(
        actor=act(staff["pit_boss"], Role.PIT_BOSS), session=session, incoming=staff["croupier2"]
    )
    assert change.pack_in is None
    assert session.packs.get(colour="rojo").state == PackState.IN_PLAY


def test_ops_settings_only_for_managers(staff, gaming_day):
    with pytest.raises(PermissionRefused):
        services.ops_settings_change(
            actor=act(staff["pit_boss"], Role.PIT_BOSS), reason="x", deck_rotation_minutes=60
        )
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    with pytest.raises(ValidationFailed) as err:
        services.ops_settings_change(actor=manager, reason="x", deck_rotation_minutes=0)
    assert err.value.code == "SETTING_INVALID"
    first = services.ops_settings_change(actor=manager, reason="x", deck_rotation_minutes=90)
    second = services.ops_settings_change(actor=manager, reason="y", sanction_lookback_days=30)
    assert (first.version, second.version) == (1, 2)
    assert second.deck_rotation_minutes == 90
    assert selectors.ops_settings(staff["shift_manager"].casino) == second


def test_table_state(staff, gaming_day, table, store):  # issue 5 §6
    state = selectors.table_state(table)
    assert state.session is None and state.status == "closed"
    session = play(staff, table, store)
    state = selectors.table_state(table)
    assert state.session == session and state.status == S.IN_PLAY
    assert state.croupier == staff["croupier"]
    assert state.pack_in_play.colour == "rojo" and len(state.packs) == 2
    assert state.not_ready == [] and state.sanctions == []


def test_key_custody_log(staff, gaming_day, table):  # OPEN-01, CLOSE-17
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    handout = services.key_hand_out(
        actor=manager, key_label="Banca mesa 1", holder=staff["pit_boss"], table=table
    )
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    lent = services.key_hand_out(actor=boss, key_label="Banca mesa 1", holder=staff["supervisor"])
    handout.refresh_from_db()
    assert hasattr(handout, "returned")  # passing it on closes the pit boss's entry
    with pytest.raises(Conflict) as err:
        services.key_hand_out(actor=manager, key_label="Banca mesa 1", holder=staff["pit_boss2"])
    assert err.value.code == "KEY_HELD_BY_SOMEONE_ELSE"
    with pytest.raises(ValidationFailed):
        services.key_hand_out(actor=boss, key_label="Otra", holder=staff["croupier"])
    services.key_return(actor=boss, handout=lent)
    with pytest.raises(Conflict):
        services.key_return(actor=boss, handout=lent)
    assert KeyHandout.objects.filter(returned__isnull=True).count() == 0


def test_every_session_change_leaves_an_audit_event(staff, gaming_day, table, store):
    before = AuditEvent.objects.count()
    play(staff, table, store)
    actions = set(AuditEvent.objects.values_list("action", flat=True)[: 10**6])
    assert {
        "session.open",
        "opening_sheet.count",
        "opening_sheet.sign",
        "session.opened",
        "session.start_play",
        "pack.move",
    } <= actions
    assert AuditEvent.objects.count() > before


def test_the_opening_count_waits_for_the_checklists(staff, gaming_day, table):
    # PREP-02, PREP-03, PREP-04, PREP-05
    session = open_session(staff, table, checklists=False)
    sheet = OpeningSheet.objects.get(session=session)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    with pytest.raises(Conflict) as err:
        services.opening_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet))
    assert err.value.code == "PREP_CHECKLISTS_MISSING"
    assert err.value.details == {"missing": ["prep_pit_boss", "prep_supervisor"]}
    with pytest.raises(ValidationFailed) as incomplete:
        services.prep_checklist_record(
            actor=sup,
            session=session,
            items={**dict.fromkeys(SUPERVISOR_ITEMS, True), "card_records_initialled": False},
        )
    assert incomplete.value.code == "CHECKLIST_INCOMPLETE"
    assert incomplete.value.details == {"missing": ["card_records_initialled"]}
    with pytest.raises(ValidationFailed) as unknown:
        services.prep_checklist_record(actor=boss, session=session, items={"coffee": True})
    assert unknown.value.code == "CHECKLIST_ITEM_UNKNOWN"
    services.prep_checklist_record(
        actor=boss, session=session, items=dict.fromkeys(PIT_BOSS_ITEMS, True)
    )
    assert selectors.prep_missing(session) == ["prep_supervisor"]
    with pytest.raises(ValidationFailed) as who:
        services.prep_override(actor=sup, session=session, reason="apuro")
    assert who.value.code == "PIT_BOSS_REQUIRED"
    with pytest.raises(ValidationFailed):
        services.prep_override(actor=boss, session=session, reason=" ")
    services.prep_override(
        actor=boss, session=session, reason="El supervisor llega tarde; revisé yo la mesa"
    )
    assert selectors.prep_missing(session) == []
    services.opening_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet))


def test_closing_checklist(staff, gaming_day, table):  # CLOSE-12
    session = open_table(staff, table)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    with pytest.raises(Conflict):  # only at or after the closing
        services.closing_checklist_record(
            actor=sup, session=session, items=dict.fromkeys(CLOSING_ITEMS, True)
        )
    services.closing_start(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        session=session,
        security_officer=staff["security"],
    )
    event = services.closing_checklist_record(
        actor=sup, session=session, items=dict.fromkeys(CLOSING_ITEMS, True)
    )
    assert event.data["items"] == list(CLOSING_ITEMS)
