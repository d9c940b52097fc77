"""A full day for one table through the services (issue 5 "done when").

Open (surveillance, security, count, three signatures, drop-box copy), two
inspected packs of different colours, play, two dealer changes with deck
rotation, a damaged card replaced after its hand, the last hand, closing
(count, empty rack, fills and credits, three signatures, three copies), packs
returned and classified, the shift manager's final control, and the next
day's opening compared with this closing.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from casino.models import GamingDay
from casino.roles import Role
from casino.services import gaming_day_close, gaming_day_open
from tables import hooks, selectors, services
from tables.checklists import CLOSING_ITEMS, PIT_BOSS_ITEMS, SUPERVISOR_ITEMS
from tables.models import (
    DeckEvent,
    Discrepancy,
    OpeningSheet,
    Pack,
    PackState,
    SessionEvent,
    TableSession,
)
from tests.helpers import inspect_pack

from .conftest import act, count_lines, deliver, sign_three

pytestmark = pytest.mark.django_db
P = PackState
S = TableSession.Status


def test_a_full_day_at_one_table(staff, gaming_day, table, store, denoms):
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    security = act(staff["security"], Role.SECURITY)
    cameras = act(staff["surveillance"], Role.SURVEILLANCE)

    # Cards arrive from security; the pit boss signs the receipt (DECK-03).
    deliver(staff, store, ("R1", "rojo"), ("A1", "azul"), ("R2", "rojo"))
    packs = {p.serial: p for p in Pack.objects.all()}

    # --- opening (§6.4) -------------------------------------------------------------------
    key = services.key_hand_out(
        actor=manager, key_label="Banca mesa 1", holder=staff["pit_boss"], table=table
    )
    session = services.session_open(
        actor=boss, table=table, supervisor=staff["supervisor"], croupier=staff["croupier"]
    )
    services.prep_checklist_record(
        actor=boss, session=session, items=dict.fromkeys(PIT_BOSS_ITEMS, True)
    )
    services.prep_checklist_record(
        actor=sup, session=session, items=dict.fromkeys(SUPERVISOR_ITEMS, True)
    )
    services.session_event_record(actor=cameras, session=session, kind="surveillance_notified")
    services.session_event_record(actor=security, session=session, kind="security_present")
    services.session_event_record(
        actor=boss, session=session, kind="lids_removal_authorised", person=staff["shift_manager"]
    )
    sheet = OpeningSheet.objects.get(session=session)
    services.opening_count_record(
        actor=sup, sheet=sheet, lines=count_lines(sheet), grand_total=sheet.expected_total()
    )
    assert not Discrepancy.objects.exists()
    assert sign_three(staff, sheet, services.opening_sign).locked
    services.sheet_copy_deposit(actor=sup, sheet=sheet, copy="drop_box")
    services.session_event_record(actor=cameras, session=session, kind="surveillance_authorised")
    services.session_event_record(
        actor=sup,
        session=session,
        kind="float_locked",
        person=staff["pit_boss"],
        keys_to=staff["pit_boss"],
    )
    session.refresh_from_db()
    assert session.status == S.OPEN

    # --- two packs, inspected, one in play (§6.1, §6.5 a–c) ---------------------------------
    for serial in ("R1", "A1"):
        services.deck_move(actor=boss, pack=packs[serial], to=P.ISSUED, session=session)
        inspect_pack(sup, packs[serial])
    services.deck_move(actor=sup, pack=packs["R1"], to=P.IN_PLAY)
    services.deck_move(actor=sup, pack=packs["A1"], to=P.RESERVE)
    assert selectors.session_ready_for_play(session) == []
    services.session_start_play(actor=sup, session=session)

    # --- two dealer changes, each bringing the other colour (§6.5 d, h; DECK-09) ------------
    services.dealer_change_record(
        actor=sup,
        session=session,
        incoming=staff["croupier2"],
        incoming_pack=packs["A1"],
        handover_note="sin pendientes",
    )
    services.dealer_change_record(
        actor=boss,
        session=session,
        incoming=staff["croupier"],
        incoming_pack=packs["R1"],
        handover_note="mesa completa",
    )
    assert selectors.croupier_on_duty(session) == staff["croupier"]
    rotations = DeckEvent.objects.filter(session=session, data__reason="dealer_change")
    assert [(e.pack.serial, e.to_state) for e in rotations] == [
        ("R1", P.RESTED),
        ("A1", P.IN_PLAY),
        ("A1", P.RESTED),
        ("R1", P.IN_PLAY),
    ]

    # --- a damaged card: plays to the end of the hand, then the whole pack is replaced -------
    session.hand_in_progress = True  # the hand recorder marks hand 31 in progress
    session.save(update_fields=["hand_in_progress"])
    services.deck_move(
        actor=sup, pack=packs["R1"], to=P.DAMAGED, hand_number=31, note="Reina de diamantes marcada"
    )
    session.hand_in_progress = False
    session.save(update_fields=["hand_in_progress"])
    services.deck_move(
        actor=boss, pack=packs["R2"], to=P.ISSUED, session=session, replaces=packs["R1"]
    )
    inspect_pack(sup, packs["R2"])
    services.deck_move(actor=sup, pack=packs["R1"], to=P.WITHDRAWN, replacement=packs["R2"])
    assert selectors.pack_in_play(session) == Pack.objects.get(serial="R2")
    assert selectors.session_accepts_hand(session, 32) == []

    # --- closing (§9.1) -------------------------------------------------------------------
    session = services.session_announce_last_hand(actor=boss, session=session, last_hand_number=60)
    assert [r.code for r in selectors.session_accepts_hand(session, 61)] == ["AFTER_LAST_HAND"]
    services.closing_start(actor=boss, session=session, security_officer=staff["security"])
    closing = selectors.session_closing_count(session)
    services.closing_count_record(
        actor=sup, sheet=closing, lines=count_lines(closing, {"100": 100, "5": 230})
    )
    services.closing_confirm_empty_bank(
        actor=sup, sheet=closing, croupier=staff["croupier"], pin="1234"
    )
    needs = {
        int(n.denomination.value): (n.fill, n.credit)
        for n in selectors.closing_float_needs(session)
    }
    assert needs == {100: (20, 0), 50: (0, 0), 25: (0, 0), 5: (0, 30)}

    # The cage brings the float back to par with a fill and a credit (its slips, CLOSE-07).
    def cage_slips(s):
        return {denoms["100"].pk: 20, denoms["5"].pk: -30} if s.pk == session.pk else {}

    hooks.register_float_adjustments(cage_slips)
    try:
        assert sign_three(staff, closing, services.closing_sign).locked
        session.refresh_from_db()
        assert session.status == S.CLOSED
        for copy in ("chip_rack", "drop_box", "original_cage"):
            services.sheet_copy_deposit(actor=sup, sheet=closing, copy=copy)
        services.session_event_record(
            actor=sup, session=session, kind="float_locked", person=staff["pit_boss"]
        )
        services.key_return(actor=boss, handout=key)
        services.closing_checklist_record(
            actor=sup, session=session, items=dict.fromkeys(CLOSING_ITEMS, True)
        )

        # --- cards back, classified, final control (§6.5 j, §9.2*) ------------------------
        for serial in ("R2", "A1"):
            services.deck_move(
                actor=sup,
                pack=packs[serial],
                to=P.RETURNED,
                with_user=staff["croupier"],
                complete=True,
            )
            services.deck_move(actor=sup, pack=packs[serial], to=P.REUSABLE, complete=True)
        services.deck_move(actor=sup, pack=packs["R1"], to=P.DISCARD)
        services.deck_move(
            actor=security,
            pack=packs["R1"],
            to=P.DESTROYED,
            note="triturado",
            with_user=staff["pit_boss"],
        )
        recon = selectors.deck_reconciliation(store, gaming_day, ["R2", "A1"], final=True)
        assert recon.clean and (recon.received, recon.returned, recon.destroyed) == (3, 2, 1)
        services.deck_final_control_sign(actor=manager, store=store, counted_serials=["R2", "A1"])
        assert selectors.deck_alerts(table.casino) == []
        assert [e["kind"] for e in selectors.day_exceptions(gaming_day)] == []

        # --- next day: the opening compares with this closing after fills and credits -------
        gaming_day_close(actor=manager, gaming_day=gaming_day)
        tomorrow = gaming_day_open(
            actor=manager, business_date=gaming_day.business_date + timedelta(days=1)
        )
        assert GamingDay.objects.get(pk=tomorrow.pk).is_open
        next_session = services.session_open(
            actor=boss, table=table, supervisor=staff["supervisor"], croupier=staff["croupier2"]
        )
        services.prep_override(
            actor=boss,
            session=next_session,
            reason="Relevamiento hecho en la apertura de otra mesa",
        )
        next_sheet = OpeningSheet.objects.get(session=next_session)
        assert next_sheet.previous_closing == closing
        expected = {int(x.value): x.expected_count for x in next_sheet.ordered_lines()}
        assert expected == {100: 120, 50: 80, 25: 100, 5: 200}
        services.opening_count_record(
            actor=sup, sheet=next_sheet, lines=count_lines(next_sheet, {"50": 79})
        )
        (disc,) = Discrepancy.objects.filter(sheet=next_sheet)
        assert (disc.value, disc.variance_chips, disc.variance_value) == (
            Decimal("50"),
            -1,
            Decimal("-50"),
        )
    finally:
        hooks.unregister(cage_slips)

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
        "play_started",
        "last_hand_announced",
        "closing_started",
        "bank_emptied",
        "closed",
        "float_locked",
        "closing_checklist",
    ]
