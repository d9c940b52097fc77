"""Card-deck custody (§6.1 c–e, §6.5, §9.2*, DECK-01..21)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.models import AuditEvent, GamingDay
from casino.roles import Perm, Role
from tables import selectors, services
from tables.deckrules import ALLOWED_MOVES, AT_TABLE
from tables.models import DeckEvent, DeckFinalControl, DeckReceipt, Pack, PackState
from tests.helpers import inspect_pack

from .conftest import (
    act,
    count_lines,
    deliver,
    make_table,
    open_session,
    open_table,
    ready_decks,
    sign_three,
)

pytestmark = pytest.mark.django_db
P = PackState

ACTOR_FOR_PERM = {
    Perm.DECK_ISSUE: ("pit_boss", Role.PIT_BOSS),
    Perm.DECK_RECEIVE: ("pit_boss", Role.PIT_BOSS),
    Perm.DECK_DESTROY: ("security", Role.SECURITY),
    Perm.DECK_HANDLE: ("supervisor", Role.SUPERVISOR),
}


def actor_for_move(staff, to):
    username, role = ACTOR_FOR_PERM[services.perm_for_move(to)]
    return act(staff[username], role)


def test_delivery_and_signed_receipt_put_packs_in_store(staff, gaming_day, store):
    # DECK-01, DECK-03, GEN-10
    receipt = services.deck_delivery_record(
        actor=act(staff["security"], Role.SECURITY),
        store=store,
        packs=[
            {"serial": "R1", "colour": "rojo", "design": "Bee"},
            {"serial": "A1", "colour": "azul", "is_new": False},
        ],
    )
    assert receipt.serial == f"CNP-{gaming_day.business_date.year}-000001"
    assert receipt.missing_roles() == [Role.PIT_BOSS]
    packs = list(Pack.objects.filter(receipt=receipt).order_by("serial"))
    assert [p.state for p in packs] == [P.RECEIVED, P.RECEIVED]
    assert [p.is_new for p in packs] == [False, True]  # DECK-05 new or reused
    with pytest.raises(Conflict) as err:  # only the pit boss's signature stores them
        services.deck_move(actor=act(staff["pit_boss"], Role.PIT_BOSS), pack=packs[0], to=P.STORED)
    assert err.value.code == "RECEIPT_NOT_SIGNED"
    with pytest.raises(PermissionRefused):
        services.deck_receipt_sign(actor=act(staff["supervisor"], Role.SUPERVISOR), receipt=receipt)
    services.deck_receipt_sign(actor=act(staff["pit_boss"], Role.PIT_BOSS), receipt=receipt)
    receipt.refresh_from_db()
    assert receipt.is_locked
    assert [s.role for s in receipt.signatures()] == ["security", "pit_boss"]
    assert set(Pack.objects.values_list("state", flat=True)) == {P.STORED}
    history = list(DeckEvent.objects.filter(pack=packs[0]).values_list("from_state", "to_state"))
    assert history == [("", P.RECEIVED), (P.RECEIVED, P.STORED)]


def test_delivery_bad_input(staff, gaming_day, store):
    security = act(staff["security"], Role.SECURITY)
    deliver(staff, store, ("R1", "rojo"))
    before = (Pack.objects.count(), DeckReceipt.objects.count(), AuditEvent.objects.count())
    cases = [
        ([], "PACKS_REQUIRED"),
        ([{"serial": "", "colour": "rojo"}], "PACK_SERIAL_REQUIRED"),
        ([{"serial": "X", "colour": ""}], "PACK_COLOUR_REQUIRED"),
        ([{"serial": "X", "colour": "r"}, {"serial": "X", "colour": "r"}], "PACK_SERIAL_REPEATED"),
    ]
    for packs, code in cases:
        with pytest.raises(ValidationFailed) as err:
            services.deck_delivery_record(actor=security, store=store, packs=packs)
        assert err.value.code == code
    with pytest.raises(Conflict) as taken:
        services.deck_delivery_record(
            actor=security, store=store, packs=[{"serial": "R1", "colour": "rojo"}]
        )
    assert taken.value.code == "PACK_SERIAL_TAKEN"
    with pytest.raises(PermissionRefused):
        services.deck_delivery_record(
            actor=act(staff["pit_boss"], Role.PIT_BOSS),
            store=store,
            packs=[{"serial": "Z", "colour": "r"}],
        )
    assert (Pack.objects.count(), DeckReceipt.objects.count(), AuditEvent.objects.count()) == before


@pytest.mark.parametrize("from_state", P.values)
def test_every_illegal_move_is_refused_with_the_allowed_moves(staff, gaming_day, store, from_state):
    # DECK-19, issue 5 §3: "any other move is refused" (table-driven over every state pair)
    (pack,) = deliver(staff, store, ("R1", "rojo"))
    Pack.objects.filter(pk=pack.pk).update(state=from_state)
    pack.refresh_from_db()
    illegal = [to for to in P.values if to not in ALLOWED_MOVES[from_state]]
    assert illegal  # every state has some forbidden target (at least itself)
    events = DeckEvent.objects.count()
    for to in illegal:
        if to == P.RECEIVED:
            actor = act(staff["pit_boss"], Role.PIT_BOSS)
        else:
            actor = actor_for_move(staff, to)
        with pytest.raises(Conflict) as err:
            services.deck_move(actor=actor, pack=pack, to=to)
        assert err.value.code == "DECK_MOVE_NOT_ALLOWED", (from_state, to)
        assert err.value.status_code == 409
        assert err.value.details == {
            "state": from_state,
            "allowed": sorted(ALLOWED_MOVES[from_state]),
        }
        pack.refresh_from_db()
        assert pack.state == from_state
    assert DeckEvent.objects.count() == events


def test_the_move_table_is_closed_and_terminal_states_are_final():  # DECK-18, DECK-19
    assert set(ALLOWED_MOVES) == set(P.values)
    assert ALLOWED_MOVES[P.DESTROYED] == ALLOWED_MOVES[P.CANCELLED] == frozenset()
    assert P.ISSUED not in ALLOWED_MOVES[P.DISCARD]  # a discarded pack never returns to play
    assert P.REUSABLE not in ALLOWED_MOVES[P.REJECTED] | ALLOWED_MOVES[P.WITHDRAWN]
    reachable = {P.RECEIVED}
    frontier = [P.RECEIVED]
    while frontier:
        for nxt in ALLOWED_MOVES[frontier.pop()]:
            if nxt not in reachable:
                reachable.add(nxt)
                frontier.append(nxt)
    assert reachable == set(P.values)


def test_two_packs_of_different_colours_per_table(staff, gaming_day, table, store):  # DECK-04
    session = open_session(staff, table)
    blue, red, red2, green = deliver(
        staff, store, ("R1", "Rojo"), ("R2", "rojo "), ("A1", "azul"), ("V1", "verde")
    )  # sorted by serial
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    services.deck_move(actor=boss, pack=red, to=P.ISSUED, session=session)
    with pytest.raises(Conflict) as err:
        services.deck_move(actor=boss, pack=red2, to=P.ISSUED, session=session)
    assert err.value.code == "SAME_COLOUR_AT_TABLE"
    services.deck_move(actor=boss, pack=blue, to=P.ISSUED, session=session)
    with pytest.raises(Conflict) as err2:
        services.deck_move(actor=boss, pack=green, to=P.ISSUED, session=session)
    assert err2.value.code == "TABLE_HAS_TWO_PACKS"
    with pytest.raises(ValidationFailed) as err3:
        services.deck_move(actor=boss, pack=green, to=P.ISSUED)
    assert err3.value.code == "SESSION_REQUIRED"
    with pytest.raises(PermissionRefused):  # the supervisor receives packs; the pit boss issues
        services.deck_move(
            actor=act(staff["supervisor"], Role.SUPERVISOR),
            pack=green,
            to=P.ISSUED,
            session=session,
        )


def test_inspection_by_croupier_and_supervisor_and_rejection_of_the_whole_pack(
    staff, gaming_day, table, store
):  # DECK-06, DECK-07
    session = open_session(staff, table)
    blue, red, red2 = deliver(staff, store, ("R1", "rojo"), ("A1", "azul"), ("R2", "rojo"))
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.deck_move(actor=boss, pack=red, to=P.ISSUED, session=session)
    services.deck_move(actor=boss, pack=blue, to=P.ISSUED, session=session)
    inspect_pack(sup, blue, witness=staff["croupier"])
    inspection = DeckEvent.objects.get(pack=blue, to_state=P.INSPECTED)
    assert inspection.actor == staff["supervisor"]
    assert inspection.with_user == staff["croupier"]  # the croupier on duty witnesses
    assert inspection.data["face_up_ok"] and inspection.data["face_down_ok"]
    witness = {"with_user": staff["croupier"], "pin": "1234"}
    with pytest.raises(ValidationFailed) as err:
        services.deck_move(
            actor=sup, pack=red, to=P.INSPECTED, face_up_ok=True, complete=True, **witness
        )
    assert err.value.code == "INSPECTION_FAILED"
    with pytest.raises(ValidationFailed) as err2:
        services.deck_move(actor=sup, pack=red, to=P.REJECTED, **witness)
    assert err2.value.code == "NOTE_REQUIRED"
    services.deck_move(
        actor=sup,
        pack=red,
        to=P.REJECTED,
        face_up_ok=False,
        note="7 de corazones con el dorso marcado",
        **witness,
    )
    red.refresh_from_db()
    assert red.state == P.REJECTED and red.session is None
    # The replacement is linked to the rejected pack (DECK-07), same colour.
    services.deck_move(actor=boss, pack=red2, to=P.ISSUED, session=session, replaces=red)
    assert DeckEvent.objects.get(pack=red2, to_state=P.ISSUED).related_pack == red
    # An inspection names its witness.
    with pytest.raises(ValidationFailed) as err3:
        services.deck_move(
            actor=sup, pack=red2, to=P.INSPECTED, face_up_ok=True, face_down_ok=True, complete=True
        )
    assert err3.value.code == "INSPECTOR_REQUIRED"
    inspect_pack(sup, red2, witness=staff["pit_boss"])  # the sector's pit boss witnesses
    # Rejected → discard → destroyed by security before a witness (DECK-15, DECK-18).
    services.deck_move(actor=sup, pack=red, to=P.DISCARD)
    security = act(staff["security"], Role.SECURITY)
    with pytest.raises(ValidationFailed) as err4:
        services.deck_move(actor=security, pack=red, to=P.DESTROYED, note="triturado")
    assert err4.value.code == "WITNESS_REQUIRED"
    # Security cannot witness its own destruction (DECK-18, ROLE-14; issue 16 §2).
    with pytest.raises(ValidationFailed) as own:
        services.deck_move(
            actor=security, pack=red, to=P.DESTROYED, note="triturado", with_user=security.user
        )
    assert own.value.code == "WITNESS_REQUIRED"
    red.refresh_from_db()
    assert red.state == P.DISCARD
    with pytest.raises(ValidationFailed) as err5:
        services.deck_move(actor=security, pack=red, to=P.DESTROYED, with_user=staff["pit_boss"])
    assert err5.value.code == "METHOD_REQUIRED"
    services.deck_move(
        actor=security, pack=red, to=P.DESTROYED, note="triturado", with_user=staff["pit_boss"]
    )
    red.refresh_from_db()
    assert red.state == P.DESTROYED


def test_one_pack_in_play_and_rotation_alternates_colours(staff, gaming_day, table, store):
    # DECK-08, DECK-09, DECK-10, OQ-21
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    with pytest.raises(Conflict) as err:
        services.deck_move(actor=sup, pack=blue, to=P.IN_PLAY)
    assert err.value.code == "PACK_ALREADY_IN_PLAY"
    with pytest.raises(Conflict) as busy:  # the pack in play cannot come in again
        services.deck_rotate(actor=sup, session=session, incoming_pack=red)
    assert busy.value.code == "ROTATION_PACK_NOT_READY"
    services.deck_rotate(actor=sup, session=session, incoming_pack=blue)
    red.refresh_from_db()
    blue.refresh_from_db()
    assert (red.state, blue.state) == (P.RESTED, P.IN_PLAY)
    out = DeckEvent.objects.get(pack=red, to_state=P.RESTED)
    assert out.related_pack == blue and out.data == {"reason": "timer", "complete": True}
    services.deck_rotate(actor=sup, session=session, incoming_pack=red)
    red.refresh_from_db()
    assert red.state == P.IN_PLAY
    # An incomplete pack is withdrawn, not rested (DECK-10).
    services.deck_rotate(actor=sup, session=session, incoming_pack=blue, outgoing_complete=False)
    red.refresh_from_db()
    assert red.state == P.WITHDRAWN and red.session is None


def test_rotation_during_a_hand_is_refused(staff, gaming_day, table, store):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    session.hand_in_progress = True
    session.save(update_fields=["hand_in_progress"])
    with pytest.raises(Conflict) as err:
        services.deck_rotate(
            actor=act(staff["supervisor"], Role.SUPERVISOR), session=session, incoming_pack=blue
        )
    assert err.value.code == "HAND_IN_PROGRESS"


def test_a_damaged_card_plays_to_the_end_of_the_hand_then_the_pack_is_replaced(
    staff, gaming_day, table, store
):  # DECK-13, OQ-22
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    (red2,) = deliver(staff, store, ("R2", "rojo"))
    (green,) = deliver(staff, store, ("V1", "verde"))
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    session.hand_in_progress = True
    session.save(update_fields=["hand_in_progress"])
    services.deck_move(
        actor=sup,
        pack=red,
        to=P.DAMAGED,
        hand_number=14,
        note="As de picas con una esquina doblada",
    )
    assert DeckEvent.objects.get(pack=red, to_state=P.DAMAGED).hand_number == 14
    with pytest.raises(Conflict) as err:  # plays until the hand ends
        services.deck_move(actor=sup, pack=red, to=P.WITHDRAWN)
    assert err.value.code == "HAND_IN_PROGRESS"
    session.hand_in_progress = False
    session.save(update_fields=["hand_in_progress"])
    assert "PACK_DAMAGED" in {r.code for r in selectors.session_ready_for_play(session)}
    with pytest.raises(ValidationFailed) as colour:
        services.deck_move(actor=boss, pack=green, to=P.ISSUED, session=session, replaces=red)
    assert colour.value.code == "REPLACEMENT_COLOUR"
    services.deck_move(actor=boss, pack=red2, to=P.ISSUED, session=session, replaces=red)
    inspect_pack(sup, red2)
    services.deck_move(actor=sup, pack=red, to=P.WITHDRAWN, replacement=red2)
    red.refresh_from_db()
    red2.refresh_from_db()
    assert (red.state, red2.state) == (P.WITHDRAWN, P.IN_PLAY)
    assert DeckEvent.objects.get(pack=red, to_state=P.WITHDRAWN).related_pack == red2
    assert selectors.session_ready_for_play(session) == []


def test_alerts(staff, gaming_day, table, store):  # DECK-09, DECK-04, DECK-19
    session = open_table(staff, table)
    assert {a.code for a in selectors.deck_alerts(table.casino)} == {"TABLE_WITHOUT_TWO_COLOURS"}
    red, blue = ready_decks(staff, session, store)
    assert selectors.deck_alerts(table.casino) == []
    Pack.objects.filter(pk=red.pk).update(state_changed_at=timezone.now() - timedelta(minutes=121))
    (alert,) = selectors.deck_alerts(table.casino)
    assert alert.code == "PACK_IN_PLAY_TOO_LONG" and alert.pack == red
    assert "121" in alert.message("es") and "121" in alert.message("en")
    services.ops_settings_change(
        actor=act(staff["shift_manager"], Role.SHIFT_MANAGER),
        reason="más rotación",
        deck_rotation_minutes=180,
    )
    assert selectors.deck_alerts(table.casino) == []
    # Close the table with the packs still there: issued and not returned.
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.closing_start(actor=boss, session=session, security_officer=staff["security"])
    sheet = selectors.session_closing_count(session)
    services.closing_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet))
    services.closing_confirm_empty_bank(
        actor=sup, sheet=sheet, croupier=staff["croupier"], pin="1234"
    )
    sign_three(staff, sheet, services.closing_sign)
    codes = sorted(a.code for a in selectors.deck_alerts(table.casino))
    assert codes == ["PACK_NOT_RETURNED", "PACK_NOT_RETURNED"]
    exceptions = selectors.day_exceptions(gaming_day)
    assert sorted(e["detail"] for e in exceptions if e["kind"] == "PACK_NOT_RETURNED") == [
        "A1",
        "R1",
    ]


def _return_all(staff, session):
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    for pack in Pack.objects.filter(session=session, state__in=AT_TABLE):
        services.deck_move(
            actor=sup, pack=pack, to=P.RETURNED, with_user=staff["croupier"], complete=True
        )
        services.deck_move(actor=sup, pack=pack, to=P.REUSABLE, complete=True)


def test_daily_reconciliation_catches_a_missing_pack(staff, gaming_day, table, store):
    # issue 5 §3 "done when", DECK-16, DECK-19
    session = open_table(staff, table)
    ready_decks(staff, session, store)  # R1, A1 at the table
    deliver(staff, store, ("R9", "rojo"), ("A9", "azul"))  # stay in the store
    recon = selectors.deck_reconciliation(store, gaming_day)
    assert (recon.received, recon.in_store, recon.at_tables, recon.returned, recon.destroyed) == (
        4,
        2,
        2,
        0,
        0,
    )
    assert recon.balanced and recon.unaccounted == []  # packs at a live table are fine
    _return_all(staff, session)
    # The physical count misses A9: it is unaccounted for, and the final control refused.
    recon = selectors.deck_reconciliation(store, gaming_day, ["R1", "A1", "R9"])
    assert [(u.serial, u.reason) for u in recon.unaccounted] == [("A9", "missing_from_count")]
    assert recon.received == recon.in_store + recon.at_tables + recon.returned + recon.destroyed
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    before = (DeckFinalControl.objects.count(), DeckEvent.objects.count())
    with pytest.raises(Conflict) as err:
        services.deck_final_control_sign(
            actor=manager, store=store, counted_serials=["R1", "A1", "R9"]
        )
    assert err.value.code == "DECKS_UNACCOUNTED"
    assert err.value.details["unaccounted"] == [["A9", "stored", "missing_from_count"]]
    with pytest.raises(Conflict) as unknown:
        services.deck_final_control_sign(
            actor=manager, store=store, counted_serials=["R1", "A1", "R9", "A9", "ZZ"]
        )
    assert unknown.value.details["unexpected"] == ["ZZ"]
    assert (DeckFinalControl.objects.count(), DeckEvent.objects.count()) == before
    with pytest.raises(PermissionRefused):
        services.deck_final_control_sign(
            actor=act(staff["pit_boss"], Role.PIT_BOSS),
            store=store,
            counted_serials=["R1", "A1", "R9", "A9"],
        )
    control = services.deck_final_control_sign(
        actor=manager, store=store, counted_serials=["R1", "A1", "R9", "A9"]
    )
    control.refresh_from_db()
    assert control.is_locked and control.figures["received"] == 4
    # Reusable packs go back to the locked cabinet.
    assert set(Pack.objects.filter(serial__in=["R1", "A1"]).values_list("state", flat=True)) == {
        P.STORED
    }
    with pytest.raises(IntegrityError, match="MESA_LOCKED"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "UPDATE tables_deckfinalcontrol SET figures = '{}' WHERE id = %s", [control.pk]
            )


def test_final_control_refused_while_a_pack_is_still_at_a_table(staff, gaming_day, table, store):
    # DECK-19: every pack issued in the day accounted for before the sign-off.
    session = open_table(staff, table)
    ready_decks(staff, session, store)
    with pytest.raises(Conflict) as err:
        services.deck_final_control_sign(
            actor=act(staff["shift_manager"], Role.SHIFT_MANAGER), store=store, counted_serials=[]
        )
    assert {u[0] for u in err.value.details["unaccounted"]} == {"R1", "A1"}


def test_destroyed_packs_of_earlier_days_leave_the_reconciliation(staff, gaming_day, store):
    (pack,) = deliver(staff, store, ("X1", "rojo"))
    Pack.objects.filter(pk=pack.pk).update(
        state=P.DESTROYED, state_changed_at=gaming_day.opened_at - timedelta(days=1)
    )
    recon = selectors.deck_reconciliation(store, gaming_day)
    assert recon.received == 0


@pytest.mark.django_db(transaction=True)
def test_concurrent_moves_of_one_pack_land_exactly_once(staff, gaming_day, casino, chip_set, store):
    # issue 5 "Bad input": two pit bosses issue the same pack to two tables at once.
    from casino.models import Sector

    # Each pit boss issues to a table of their sector (issue 12 §1); pit_boss, who opens
    # both tables in open_session, is a pit boss of P2 as well.
    p2 = Sector.objects.create(casino=casino, code="P2", name="Sector 2")
    p2.pit_bosses.add(staff["pit_boss2"], staff["pit_boss"])
    one = open_session(staff, make_table(casino, chip_set, number=1))
    two = open_session(
        staff, make_table(casino, chip_set, number=2, sector=p2), croupier="croupier2"
    )
    (pack,) = deliver(staff, store, ("R1", "rojo"))
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def issue(user, session):
        try:
            barrier.wait(timeout=10)
            services.deck_move(
                actor=act(user, Role.PIT_BOSS), pack=pack, to=P.ISSUED, session=session
            )
            outcomes.append("ok")
        except Conflict as exc:
            outcomes.append(exc.code)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=issue, args=(staff["pit_boss"], one)),
        threading.Thread(target=issue, args=(staff["pit_boss2"], two)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes) == ["DECK_MOVE_NOT_ALLOWED", "ok"]
    assert DeckEvent.objects.filter(pack=pack, to_state=P.ISSUED).count() == 1
    pack.refresh_from_db()
    assert pack.state == P.ISSUED and pack.session_id in (one.pk, two.pk)


def test_a_gaming_day_must_be_open_for_deliveries(staff, store, casino):
    GamingDay.objects.filter(casino=casino).delete()
    with pytest.raises(Conflict) as err:
        services.deck_delivery_record(
            actor=act(staff["security"], Role.SECURITY),
            store=store,
            packs=[{"serial": "Q", "colour": "rojo"}],
        )
    assert err.value.code == "NO_OPEN_GAMING_DAY"


def test_store_command(staff, casino):  # DECK-01: a store created by a shift manager
    from django.core.management import CommandError, call_command

    from tables.models import DeckStore

    call_command("tables_deck_store", "test", "SEG", "Depósito", "--as", "shift_manager")
    call_command("tables_deck_store", "test", "SEG", "Depósito", "--as", "shift_manager")
    assert DeckStore.objects.filter(casino=casino, code="SEG").count() == 1
    with pytest.raises(CommandError):  # a pit boss does not configure stores
        call_command("tables_deck_store", "test", "P1", "Pit", "--as", "pit_boss")
