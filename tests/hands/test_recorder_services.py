"""The hand recorder's services (``hands/services/recording/``) as the product calls them:
``hand_log``, ``hand_correct``, ``hand_override`` and ``hand_review``, the calls the API views
of ``hands/api/views.py`` make (issue 16: tests that would kill the module's mutants).

Written from reading the module, function by function, before any mutation run: each
refusal by its code, field and words in Spanish and English; every stored field of a hand,
its verdict, seats, violations and irregularities; each audit event; each figure (stacks,
rake, continuity differences) and boundary; and each table setting on its way to the engine
(the bug class "the recorder drops the table's no-flop-no-drop setting")."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from cage.models import RakeEntry
from casino.access import acting_as
from casino.errors import Conflict, DomainError, NotFound, PermissionRefused, ValidationFailed
from casino.models import AuditEvent
from casino.roles import Role
from hands import adapter, services
from hands.models import (
    Hand,
    HandCorrection,
    HandIrregularity,
    HandReview,
    HandSeat,
    HandVerdict,
    HandViolation,
)
from players.models import Player
from tables import services as tables_services
from tables.models import Seat, SeatEvent, TableSettings
from tables.selectors import seat_plan
from tests.helpers import make_staff

from .conftest import buy_in, folded_to_big_blind, seats, showdown_hand

pytestmark = pytest.mark.django_db
D = Decimal
STORED = (Hand, HandVerdict, HandSeat, HandViolation, HandIrregularity, RakeEntry)


def rows() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in STORED)


def refused(call: Any, **kwargs: Any) -> DomainError:
    """The refusal of ``call``, having checked that nothing of a hand was stored."""
    before = rows()
    with pytest.raises(DomainError) as err:
        call(**kwargs)
    assert rows() == before
    return err.value


def said(e: DomainError) -> tuple[Any, ...]:
    return (e.code, e.field, e.message_es, e.message_en)


def log(sup, session, data, **kw) -> Hand:  # type: ignore[no-untyped-def]
    return services.hand_log(actor=sup, session=session, data=data, **kw)


def violations(hand: Hand, severity: str | None = None) -> list[tuple[Any, ...]]:
    qs = hand.violation_rows.order_by("id")
    if severity:
        qs = qs.filter(severity=severity)
    return [(v.code, v.field, v.severity, v.source, v.message_es, v.message_en) for v in qs]


def codes(hand: Hand) -> list[str]:
    return list(hand.violation_rows.order_by("id").values_list("code", flat=True))


def change(staff, session, **values) -> TableSettings:  # type: ignore[no-untyped-def]
    """A new settings version of the session's table from now (GEN-04)."""
    return tables_services.table_settings_change(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER),
        table=session.table,
        reason="prueba",
        **values,
    )


def preflop_pot_of_300() -> dict[str, Any]:
    """Seats 1, 3, 5 (button 5: SB 1, BB 3): 5 raises to 100, 1 calls, 3 re-raises to 300,
    both fold: a 300 pot won before the flop, 200 returned to seat 3."""
    return {
        "button": 5,
        "seats": seats({1: 500, 3: 500, 5: 500}),
        "actions": [
            {"action": "raise", "seat": 5, "amount": "100"},
            {"action": "call", "seat": 1},
            {"action": "raise", "seat": 3, "amount": "300"},
            {"action": "fold", "seat": 5},
            {"action": "fold", "seat": 1},
        ],
    }


def misdeal() -> dict[str, Any]:
    """A card exposed on the first deal: a misdeal before action, the hand void (MISDEAL-02)."""
    return {
        "button": 5,
        "seats": seats({1: 500, 3: 500, 5: 500}),
        "actions": [
            {
                "action": "irregularity",
                "irregularity": {
                    "kind": "dealer_exposed_card",
                    "seat": 1,
                    "first_or_second_card": True,
                },
            }
        ],
    }


def invalid(sup, session) -> Hand:  # type: ignore[no-untyped-def]
    """Hand 1 with the dealer's 2.00 of rake where the engine computes 1.00 (RAKE_MISMATCH)."""
    data = showdown_hand()
    data["result"] = {"rake": "2.00"}
    return log(sup, session, data)


# ------------------------------------------------------------------------ hand_log: stored


def test_a_logged_hand_stores_every_field_of_the_hand_its_verdict_and_its_seats(
    sup, staff, ready_session
):  # HREC-01, HREC-06, GEN-04, GEN-11, RAKE-08
    ana = Player.objects.create(casino=ready_session.casino, display_name="Ana Gómez")
    data = showdown_hand()
    data["seats"][0]["player"] = ana.pk  # no name: the player's
    data["seats"][1]["name"] = "Beto"
    data["result"] = {"rake": "1.00"}
    start = timezone.now() - timedelta(minutes=3)
    end = start + timedelta(minutes=2)
    hand = log(sup, ready_session, data, started_at=start, ended_at=end, notes="mesa tranquila")
    hand = Hand.objects.get(pk=hand.pk)
    session = ready_session
    assert (hand.casino_id, hand.table_id, hand.session_id, hand.gaming_day_id) == (
        session.casino_id,
        session.table_id,
        session.pk,
        session.gaming_day_id,
    )
    assert hand.settings_id == session.settings_id
    assert (hand.number, hand.revision_of_id, hand.redeal_of_id, hand.import_job_id) == (
        1,
        None,
        None,
        None,
    )
    assert (hand.structure, hand.ruleset, hand.source) == ("no_limit", "manual", "api")
    assert hand.dealer == staff["croupier"]  # the croupier on duty (no dealer named)
    assert (hand.recorded_by, hand.recorded_role) == (staff["supervisor"], "supervisor")
    assert (hand.started_at, hand.ended_at) == (start, end)
    assert end < hand.recorded_at <= timezone.now()
    assert (hand.button_seat, hand.chip_unit, hand.players_dealt) == (5, 100, 3)
    assert (hand.status, hand.engine_status) == ("valid", "valid")
    assert (hand.pot_total, hand.rake, hand.recorded_rake) == (D("60.00"), D("1.00"), D("1.00"))
    assert hand.notes == "mesa tranquila"
    assert hand.record["blinds"] == {
        "small": "5.00",
        "big": "10.00",
        "ante": "0.00",
        "straddle": "0.00",
        "small_bet": None,
        "big_bet": None,
    }
    assert hand.record["structure"] == "no_limit" and hand.record["result"] == {"rake": "1.00"}
    assert [(s["seat"], s["name"], s["player"]) for s in hand.record["seats"]] == [
        (1, "Ana Gómez", ana.pk),
        (3, "Beto", None),
        (5, "", None),
    ]
    v = HandVerdict.objects.get(hand=hand)
    assert (v.engine_tag, v.status, v.engine_status, v.rake) == (
        adapter.ENGINE_TAG,
        "valid",
        "valid",
        D("1.00"),
    )
    assert v.violations == [] and v.rulings == {} and v.carry_out == []
    assert v.pots == [
        {
            "amount": "60.00",
            "eligible": [1, 3, 5],
            "rake": "1.00",
            "winners": [1],
            "shares": ["59.00"],
            "odd_chips": [],
        }
    ]
    assert v.payouts == {"1": "59.00", "3": "0.00", "5": "0.00"}
    assert v.finishing == {"1": "539.00", "3": "480.00", "5": "480.00"}
    assert v.returned == {}
    assert v.showdown_order == [1, 3, 5]
    assert v.computed_at == hand.recorded_at
    rows_ = [
        (s.seat, s.position, s.player_id, s.name, s.starting_stack, s.finishing_stack, s.won)
        for s in HandSeat.objects.filter(hand=hand).order_by("seat")
    ]
    assert rows_ == [
        (1, "SB", ana.pk, "Ana Gómez", D("500"), D("539"), D("59")),
        (3, "BB", None, "Beto", D("500"), D("480"), D("0")),
        (5, "BU", None, "", D("500"), D("480"), D("0")),
    ]
    assert not HandSeat.objects.filter(hand=hand, penalised=True).exists()
    assert not HandViolation.objects.filter(hand=hand).exists()
    # What was returned is the object the database holds, its rows attached (no query).
    assert hand.verdict.status == "valid"


def test_a_logged_hand_is_audited_and_its_rake_posted_by_its_logger(
    sup, staff, ready_session
):  # RAKE-08, issue 4 §5
    hand = log(sup, ready_session, showdown_hand(), notes="x")
    event = AuditEvent.objects.get(action="hand.log")
    assert (event.actor, event.role, event.object_type, event.object_id) == (
        staff["supervisor"],
        "supervisor",
        "hands.hand",
        str(hand.pk),
    )
    assert event.before is None
    assert event.after == {
        "session": ready_session.pk,
        "number": 1,
        "status": "valid",
        "rake": "1.00",
        "violations": [],
        "source": "api",
    }
    entry = RakeEntry.objects.get(session=ready_session)
    assert (entry.hand_number, entry.amount, entry.sign, entry.hand_ref) == (
        1,
        D("1.00"),
        1,
        f"hand:{hand.pk}",
    )
    assert (entry.hand_started_at, entry.settings_id, entry.posted_by) == (
        hand.started_at,
        hand.settings_id,
        staff["supervisor"],
    )
    assert entry.expected_amount == D("1.00")
    # OPEN-17, SHUF-01: the first hand tells "play begins", once.
    assert AuditEvent.objects.filter(action="session.play_begins").count() == 1
    log(sup, ready_session, folded_to_big_blind(1, {1: 539, 3: 480, 5: 480}))
    assert AuditEvent.objects.filter(action="session.play_begins").count() == 1
    # A hand with no rake (15 in the pot: 3 % is under the 1.00 chip) posts nothing.
    assert RakeEntry.objects.filter(session=ready_session).count() == 1


def test_an_uncalled_bet_comes_back_and_counts_as_won(sup, ready_session):  # HREC-06
    data = {
        "button": 5,
        "seats": seats({1: 500, 3: 500, 5: 500}),
        "actions": [
            {"action": "raise", "seat": 5, "amount": "100"},
            {"action": "fold", "seat": 1},
            {"action": "fold", "seat": 3},
        ],
    }
    hand = log(sup, ready_session, data)
    v = hand.verdict
    v.refresh_from_db()
    assert v.returned == {"5": "90.00"}  # only the seats that got something back
    assert v.payouts == {"1": "0.00", "3": "0.00", "5": "25.00"}
    won = {s.seat: (s.won, s.finishing_stack) for s in HandSeat.objects.filter(hand=hand)}
    assert won == {1: (D("0"), D("495")), 3: (D("0"), D("490")), 5: (D("115"), D("515"))}
    assert hand.rake == D("0.00") and hand.recorded_rake is None
    assert not RakeEntry.objects.exists()


def test_an_engine_violation_is_stored_with_its_action_and_words(sup, ready_session):
    # HREC-04, HREC-07: the index in the request's action list, its field, both languages.
    data = showdown_hand()
    data["actions"][1] = {"action": "check", "seat": 1}
    hand = log(sup, ready_session, data)
    assert (hand.status, hand.engine_status) == ("invalid", "invalid")
    row = HandViolation.objects.get(hand=hand)
    assert (row.code, row.action_index, row.field, row.source, row.severity) == (
        "CHECK_NOT_ALLOWED",
        1,
        "actions[1]",
        "engine",
        "error",
    )
    (stored,) = hand.verdict.violations
    assert stored == {
        "code": "CHECK_NOT_ALLOWED",
        "action": 1,
        "field": "actions[1]",
        "message": {"es": row.message_es, "en": row.message_en},
        "source": "engine",
        "severity": "error",
    }
    assert AuditEvent.objects.get(action="hand.log").after["violations"] == ["CHECK_NOT_ALLOWED"]
    assert AuditEvent.objects.get(action="hand.log").after["status"] == "invalid"
    assert not RakeEntry.objects.exists()  # an invalid hand posts no rake


# ------------------------------------------------------------------------ hand_log: refusals


def test_who_may_log_a_hand_and_where(sup, staff, ready_session, other_casino):  # issue 12 §1
    data = showdown_hand()
    e = refused(
        services.hand_log,
        actor=acting_as(staff["surveillance"], Role.SURVEILLANCE),
        session=ready_session,
        data=data,
    )
    assert isinstance(e, PermissionRefused)
    assert (e.code, e.details["permission"]) == ("PERMISSION_DENIED", "log_hand")
    theirs = make_staff(other_casino, "sup_ajeno", Role.SUPERVISOR)
    e = refused(
        services.hand_log,
        actor=acting_as(theirs, Role.SUPERVISOR),
        session=ready_session,
        data=data,
    )
    assert isinstance(e, NotFound)
    assert said(e) == (
        "NOT_FOUND",
        None,
        "Sesión de mesa inexistente.",  # issue 41 §2: the model's name
        "Table session not found.",
    )
    e = refused(
        services.hand_log,
        actor=acting_as(staff["supervisor2"], Role.SUPERVISOR),
        session=ready_session.pk,
        data=data,
    )
    assert isinstance(e, PermissionRefused)


def test_a_hand_cannot_end_before_it_starts(sup, ready_session):
    start = timezone.now() - timedelta(minutes=5)
    e = refused(
        services.hand_log,
        actor=sup,
        session=ready_session,
        data=showdown_hand(),
        started_at=start,
        ended_at=start - timedelta(microseconds=1),
    )
    assert isinstance(e, ValidationFailed)
    assert said(e) == (
        "HAND_TIMES",
        "ended_at",
        "La mano no puede terminar antes de empezar.",
        "A hand cannot end before it starts.",
    )
    instant = log(sup, ready_session, showdown_hand(), started_at=start, ended_at=start)
    assert instant.started_at == instant.ended_at == start
    # A hand said to start later than now ends when it starts, not before (a minute ahead:
    # within the clock's tolerance; ten minutes ahead is refused, issue 39 §2).
    ahead = timezone.now() + timedelta(minutes=10)
    e = refused(
        services.hand_log,
        actor=sup,
        session=ready_session,
        data=folded_to_big_blind(1, {1: 539, 3: 480, 5: 480}),
        started_at=ahead,
    )
    assert (e.code, e.field) == ("HAND_TIME_IN_FUTURE", "started_at")
    later = timezone.now() + timedelta(minutes=1)
    hand = log(
        sup, ready_session, folded_to_big_blind(1, {1: 539, 3: 480, 5: 480}), started_at=later
    )
    assert hand.ended_at == hand.started_at == later
    before = timezone.now()
    third = log(sup, ready_session, folded_to_big_blind(3, {1: 539, 3: 475, 5: 485}))
    assert before <= third.started_at <= third.ended_at <= timezone.now()


def test_a_hand_number_is_recorded_once(sup, ready_session):
    log(sup, ready_session, showdown_hand())
    for number in (1,):
        e = refused(
            services.hand_log,
            actor=sup,
            session=ready_session,
            data=showdown_hand(),
            number=number,
        )
        assert said(e) == (
            "DUPLICATE_HAND_NUMBER",
            "number",
            f"La mano n.º {number} ya está registrada en esta sesión.",
            f"Hand no. {number} is already recorded in this session.",
        )
        assert e.details == {"number": number}


def test_a_dealer_named_is_a_croupier_of_this_casino(sup, staff, ready_session, other_casino):
    make_staff(other_casino, "croupier_ajeno", Role.CROUPIER)
    for who in ("nadie", "supervisor", "croupier_ajeno"):
        e = refused(
            services.hand_log,
            actor=sup,
            session=ready_session,
            data=showdown_hand(),
            dealer=who,
        )
        assert said(e) == (
            "DEALER_UNKNOWN",
            "dealer",
            f"«{who}» no es un croupier de este casino.",
            f"'{who}' is not a croupier of this casino.",
        )
    hand = log(sup, ready_session, showdown_hand(), dealer="croupier2")
    assert Hand.objects.get(pk=hand.pk).dealer == staff["croupier2"]


def test_the_seats_are_the_tables(sup, staff, ready_session):  # GEN-04: max_seats
    change(staff, ready_session, max_seats=3)
    ok = log(sup, ready_session, folded_to_big_blind(3, {1: 500, 2: 500, 3: 500}))
    assert ok.players_dealt == 3  # three seats of three, seat 3 the last: taken
    data = folded_to_big_blind(1, {1: 500, 2: 500, 4: 500})
    e = refused(services.hand_log, actor=sup, session=ready_session, data=data)
    assert said(e) == (
        "SEAT_INVALID",
        "seats",
        "Asiento inválido o repetido: la mesa tiene los asientos 1 a 3.",  # issue 41 §2
        "Invalid or repeated seat: the table has seats 1 to 3.",
    )


def test_a_player_named_exists_in_this_casino(sup, ready_session, other_casino):
    theirs = Player.objects.create(casino=other_casino, display_name="Ajeno")
    for player in (999_999, theirs.pk):
        data = showdown_hand()
        data["seats"][1]["player"] = player
        e = refused(services.hand_log, actor=sup, session=ready_session, data=data)
        assert said(e) == (
            "PLAYER_NOT_FOUND",
            "seats[1].player",
            f"Jugador {player} no encontrado.",
            f"Player {player} not found.",
        )


def test_an_incomplete_hand_is_refused_at_its_last_action(sup, ready_session):  # HREC-04
    data = showdown_hand()
    data["actions"].pop()
    e = refused(services.hand_log, actor=sup, session=ready_session, data=data)
    assert (e.code, e.field, e.details) == ("HAND_INCOMPLETE", "actions[16]", {"action": 16})
    assert e.message_es and e.message_en and e.message_es != e.message_en


def test_a_hand_the_engine_cannot_replay_is_refused_as_malformed(sup, ready_session):
    data = showdown_hand()
    data["seats"][2]["stack"] = "100000000000000000"  # beyond any amount the engine takes
    e = refused(services.hand_log, actor=sup, session=ready_session, data=data)
    assert (e.code, e.field, e.details) == ("HAND_MALFORMED", "actions", {"action": None})
    detail = "starting_stacks holds 10000000000000000000, not an amount"
    assert e.message_es == f"Datos de la mano mal formados: {detail}"
    assert e.message_en.endswith(detail) and e.message_en != e.message_es


# ------------------------------------------------------------------------ settings


def test_each_table_setting_reaches_the_engine_for_the_hands_after_it(
    sup, staff, ready_session
):  # GEN-04, RAKE-03, RAKE-05, RAKE-07, issue 16 (no-flop-no-drop dropped on its way)
    first = log(sup, ready_session, preflop_pot_of_300())
    assert (first.pot_total, first.rake) == (D("300.00"), D("9.00"))  # 3 % of 300
    steps = [
        ({"no_flop_no_drop": True}, D("0.00")),  # the hand ended before the flop
        ({"no_flop_no_drop": False, "rake_pct": D("5")}, D("15.00")),
        ({"rake_cap": D("4")}, D("4.00")),
        ({"rake_cap": None, "is_tournament": True}, D("0.00")),
    ]
    for values, rake in steps:
        version = change(staff, ready_session, **values)
        hand = log(sup, ready_session, preflop_pot_of_300())
        assert hand.settings == version
        assert (hand.rake, hand.verdict.rake) == (rake, rake), values
    version = change(staff, ready_session, is_tournament=False, ruleset="pba")
    hand = log(sup, ready_session, preflop_pot_of_300())
    assert (hand.settings, hand.ruleset, hand.rake) == (version, "pba", D("15.00"))


def test_a_hand_is_judged_by_the_version_in_force_when_it_started(
    sup, staff, ready_session
):  # GEN-04: from the next hand, never in the middle of one
    started = timezone.now() - timedelta(seconds=30)
    now_version = change(staff, ready_session, no_flop_no_drop=True)
    early = log(sup, ready_session, preflop_pot_of_300(), started_at=started)
    assert (early.settings_id, early.rake) == (ready_session.settings_id, D("9.00"))
    late = log(sup, ready_session, preflop_pot_of_300())
    assert (late.settings_id, late.rake) == (now_version.pk, D("0.00"))
    # A version from a little later: not for a hand now, but for a hand that starts after
    # it (within the clock's tolerance: a hand is not logged ahead of the server's clock).
    soon = timezone.now() + timedelta(seconds=30)
    future = tables_services.table_settings_change(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER),
        table=ready_session.table,
        reason="enseguida",
        effective_from=soon,
        no_flop_no_drop=False,
    )
    now = log(sup, ready_session, preflop_pot_of_300())
    assert (now.settings_id, now.rake) == (now_version.pk, D("0.00"))
    after = log(sup, ready_session, preflop_pot_of_300(), started_at=soon + timedelta(seconds=30))
    assert (after.settings_id, after.rake) == (future.pk, D("9.00"))


def test_a_future_version_leaves_the_sessions_in_force(sup, staff, ready_session):  # GEN-04
    tables_services.table_settings_change(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER),
        table=ready_session.table,
        reason="mañana",
        effective_from=timezone.now() + timedelta(hours=1),
        no_flop_no_drop=True,
    )
    hand = log(sup, ready_session, preflop_pot_of_300())
    assert (hand.settings_id, hand.rake) == (ready_session.settings_id, D("9.00"))


def test_a_mixed_table_names_the_structure_of_each_hand(sup, staff, ready_session):
    # GAME-13: the structure is the hand's at a mixed table, the table's elsewhere.
    data = folded_to_big_blind(5, {1: 500, 3: 500, 5: 500})
    data["structure"] = "limit"
    hand = log(sup, ready_session, data)
    assert (hand.structure, hand.record["structure"]) == ("no_limit", "no_limit")
    assert hand.record["blinds"]["small_bet"] is None
    change(
        staff,
        ready_session,
        variant="mixed",
        limit_small_bet=D("10"),
        limit_big_bet=D("20"),
    )
    for structure in (None, "mixed"):
        data = folded_to_big_blind(1, {1: 500, 3: 495, 5: 505})
        data["structure"] = structure
        e = refused(services.hand_log, actor=sup, session=ready_session, data=data)
        assert said(e) == (
            "STRUCTURE_REQUIRED",
            "structure",
            "En una mesa mixta indique si la mano se jugó con límite o sin límite (GAME-13).",
            "At a mixed table say whether the hand was played limit or no-limit (GAME-13).",
        )
    data = folded_to_big_blind(1, {1: 500, 3: 495, 5: 505})
    data["structure"] = "limit"
    limit = log(sup, ready_session, data)
    assert (limit.structure, limit.record["structure"]) == ("limit", "limit")
    assert (limit.record["blinds"]["small_bet"], limit.record["blinds"]["big_bet"]) == (
        "10.00",
        "20.00",
    )
    data = folded_to_big_blind(3, {1: 500, 3: 490, 5: 510})
    data["structure"] = "no_limit"
    nl = log(sup, ready_session, data)
    assert nl.structure == "no_limit" and nl.record["blinds"]["small_bet"] is None


# ------------------------------------------------------------------------ forced bets


ANTE_ES = "La mesa juega con ante de {want}; la mano puso {got} (GAME-04)."
ANTE_EN = "The table plays an ante of {want}; the hand posted {got} (GAME-04)."


def test_an_ante_the_table_does_not_play_is_flagged(sup, ready_session):  # GAME-04
    data = folded_to_big_blind(5, {1: 500, 3: 500, 5: 500})
    data["blinds"] = {"ante": "1"}
    hand = log(sup, ready_session, data)
    assert violations(hand) == [
        (
            "FORCED_BETS_MISMATCH",
            "blinds.ante",
            "error",
            "recorder",
            ANTE_ES.format(want="0", got="1.00"),
            ANTE_EN.format(want="0", got="1.00"),
        )
    ]
    assert hand.status == "invalid"
    # A PHH file carries its own game's forced bets: not checked on import.
    data = folded_to_big_blind(1, {1: 499, 3: 494, 5: 507})
    data["blinds"] = {"ante": "1"}
    imported = log(sup, ready_session, data, source="import")
    assert "FORCED_BETS_MISMATCH" not in codes(imported)
    assert imported.source == "import"


def test_the_tables_ante_is_posted_unless_the_hand_says_otherwise(
    sup, staff, ready_session
):  # GAME-04
    change(staff, ready_session, forced_bets="blinds_plus_ante", ante=D("2"))
    hand = log(sup, ready_session, folded_to_big_blind(5, {1: 500, 3: 500, 5: 500}))
    assert hand.record["blinds"]["ante"] == "2.00"
    assert "FORCED_BETS_MISMATCH" not in codes(hand)
    assert hand.pot_total == D("16.00")  # 5 + 5 called + three antes of 2
    data = folded_to_big_blind(1, {1: 493, 3: 488, 5: 519})
    data["blinds"] = {"ante": "0"}
    short = log(sup, ready_session, data)
    assert [v for v in violations(short) if v[0] == "FORCED_BETS_MISMATCH"] == [
        (
            "FORCED_BETS_MISMATCH",
            "blinds.ante",
            "error",
            "recorder",
            ANTE_ES.format(want="2.00", got="0.00"),
            ANTE_EN.format(want="2.00", got="0.00"),
        )
    ]


def test_a_one_blind_table_posts_no_small_blind(sup, staff, ready_session):  # GAME-04
    change(staff, ready_session, forced_bets="one_blind")
    hand = log(sup, ready_session, folded_to_big_blind(5, {1: 500, 3: 500, 5: 500}))
    assert (hand.record["blinds"]["small"], hand.record["blinds"]["big"]) == ("0.00", "10.00")
    assert "FORCED_BETS_MISMATCH" not in codes(hand)
    data = folded_to_big_blind(1, {1: 500, 3: 500, 5: 500})
    data["blinds"] = {"small": "5"}
    posted = log(sup, ready_session, data)
    assert [v for v in violations(posted) if v[0] == "FORCED_BETS_MISMATCH"] == [
        (
            "FORCED_BETS_MISMATCH",
            "blinds.small",
            "error",
            "recorder",
            "La mesa juega con una sola ciega: la mano no pone ciega chica (GAME-04).",
            "The table plays one blind: the hand posts no small blind (GAME-04).",
        )
    ]


# ------------------------------------------------------------------------ sequence, button


def test_a_gap_before_a_hand_is_named_in_words(sup, ready_session):  # issue 4 §4
    log(sup, ready_session, showdown_hand())
    one = log(sup, ready_session, folded_to_big_blind(1, {1: 539, 3: 480, 5: 480}), number=3)
    assert violations(one) == [
        (
            "SEQUENCE_GAP",
            "number",
            "error",
            "recorder",
            "Faltan manos en la secuencia: n.º 2 no registradas.",
            "Hands missing from the sequence: no. 2 not recorded.",
        )
    ]
    several = log(sup, ready_session, folded_to_big_blind(3, {1: 539, 3: 475, 5: 485}), number=6)
    assert violations(several)[0][4:] == (
        "Faltan manos en la secuencia: n.º 4–5 no registradas.",
        "Hands missing from the sequence: no. 4–5 not recorded.",
    )
    following = log(sup, ready_session, folded_to_big_blind(5, {1: 544, 3: 475, 5: 480}))
    assert following.number == 7 and following.status == "valid", codes(following)


def test_the_button_moves_one_seat_clockwise(sup, ready_session):  # GAME-07
    log(sup, ready_session, showdown_hand())  # button 5
    stuck = log(sup, ready_session, folded_to_big_blind(3, {1: 539, 3: 480, 5: 480}))
    assert violations(stuck) == [
        (
            "BUTTON_NOT_MOVED_ONE_SEAT",
            "button",
            "warning",
            "recorder",
            "El botón debía estar en el asiento 1 (se movió desde el 5), no en el 3.",
            "The button should be on seat 1 (moving on from seat 5), not seat 3.",
        )
    ]
    assert stuck.status == "valid"  # a warning does not make the hand invalid
    # From seat 3 the button goes to 5; a gap in the numbers is not judged for the button.
    gap = log(sup, ready_session, folded_to_big_blind(1, {1: 544, 3: 480, 5: 475}), number=4)
    assert codes(gap) == ["SEQUENCE_GAP"]


def test_after_a_misdeal_the_redeal_keeps_the_button_and_links_the_void_hand(
    sup, staff, ready_session
):  # MISDEAL-13, OQ-37, IRREG-14
    void = log(sup, ready_session, misdeal())
    assert (void.status, void.engine_status) == ("void", "void")
    irr = HandIrregularity.objects.get(hand=void)
    assert (irr.action_index, irr.kind, irr.seat, irr.street, irr.outcome) == (
        0,
        "dealer_exposed_card",
        1,
        0,
        "misdeal_redeal",
    )
    assert "RUL-49" in irr.rule_ids.split(",")
    assert (irr.ruleset, irr.decided_by, irr.escalated_to, irr.override_reason) == (
        "manual",
        staff["supervisor"],
        "",
        "",
    )
    assert irr.facts["first_or_second_card"] is True
    assert not RakeEntry.objects.exists()
    moved = folded_to_big_blind(1, {1: 500, 3: 500, 5: 500})
    redeal = log(sup, ready_session, moved, redeal_of=void)
    assert redeal.redeal_of_id == void.pk
    (warning,) = violations(redeal)
    assert warning[0] == "BUTTON_NOT_MOVED_ONE_SEAT"
    assert warning[5] == "The button should be on seat 5 (moving on from seat 5), not seat 1."
    # The redeal is not void: it cannot be redealt.
    e = refused(
        services.hand_log,
        actor=sup,
        session=ready_session,
        data=folded_to_big_blind(3, {1: 500, 3: 500, 5: 500}),
        redeal_of=redeal,
    )
    assert said(e) == (
        "REDEAL_OF_INVALID",
        "redeal_of",
        "Solo se redistribuye una mano anulada de la misma sesión (MISDEAL-13).",
        "Only a void hand of the same session is redealt (MISDEAL-13).",
    )


def test_a_redeal_of_another_sessions_void_hand_is_refused(
    sup, staff, ready_session, other_session
):  # MISDEAL-13
    theirs = services.hand_log(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=other_session,
        data=misdeal(),
    )
    e = refused(
        services.hand_log,
        actor=sup,
        session=ready_session,
        data=showdown_hand(),
        redeal_of=theirs,
    )
    assert e.code == "REDEAL_OF_INVALID"


# ------------------------------------------------------------------------ continuity


def test_continuity_names_the_seat_the_figures_and_the_sign(sup, ready_session):  # HREC-08
    log(sup, ready_session, showdown_hand())  # 539 / 480 / 480
    hand = log(sup, ready_session, folded_to_big_blind(1, {1: 538, 3: 481, 5: 480}))
    assert violations(hand) == [
        (
            "CONTINUITY_MISMATCH",
            "seats[0].stack",
            "error",
            "recorder",
            "Continuidad de fichas, asiento 1: empieza con 538.00, se esperaba 539.00 "
            "(diferencia −1.00).",
            "Chip continuity, seat 1: starts with 538.00, expected 539.00 (difference −1.00).",
        ),
        (
            "CONTINUITY_MISMATCH",
            "seats[1].stack",
            "error",
            "recorder",
            "Continuidad de fichas, asiento 3: empieza con 481.00, se esperaba 480.00 "
            "(diferencia +1.00).",
            "Chip continuity, seat 3: starts with 481.00, expected 480.00 (difference +1.00).",
        ),
    ]
    assert hand.status == "invalid"


def test_a_seat_left_empty_starts_from_nothing(sup, ready_session):  # HREC-08, issue 13 §1
    log(sup, ready_session, showdown_hand())
    tables_services.seat_set_status(actor=sup, session=ready_session, seat=5, status="empty")
    hand = log(sup, ready_session, folded_to_big_blind(1, {1: 539, 3: 480, 5: 480}))
    (row,) = violations(hand)
    assert row[1] == "seats[2].stack"
    assert (
        row[5] == "Chip continuity, seat 5: starts with 480.00, expected 0.00 (difference +480.00)."
    )


def test_a_buyin_after_the_hand_began_is_not_in_its_starting_stack(
    sup, staff, ready_session
):  # HREC-08, BUYIN-05
    now = timezone.now()
    log(
        sup,
        ready_session,
        showdown_hand(),
        started_at=now - timedelta(minutes=10),
        ended_at=now - timedelta(minutes=9),
    )
    buy_in(staff, ready_session, seat=5, amount=500, stack_before=480)  # now: plan 980
    during = log(
        sup,
        ready_session,
        folded_to_big_blind(1, {1: 539, 3: 480, 5: 480}),
        started_at=now - timedelta(minutes=5),
        ended_at=now - timedelta(minutes=4),
    )
    assert during.status == "valid", codes(during)
    # The hand ended before the buy-in: the plan keeps its finishing stack plus the 500.
    assert Seat.objects.get(session=ready_session, seat=5).stack == D("985.00")
    after = log(sup, ready_session, folded_to_big_blind(3, {1: 539, 3: 475, 5: 985}))
    assert after.status == "valid", codes(after)


def test_a_late_entry_is_checked_against_the_hand_before_it(sup, staff, ready_session):
    # HREC-08: a late entry (a number below the last) compares with the hands before it
    # and the cage's records; it neither flags a gap nor moves the seating plan.
    log(sup, ready_session, showdown_hand())  # 539 / 480 / 480
    third = log(sup, ready_session, folded_to_big_blind(3, {1: 539, 3: 480, 5: 480}), number=3)
    assert codes(third) == ["SEQUENCE_GAP"]
    plan = {
        s.seat: (s.stack, s.hands_played, s.last_hand_number)
        for s in Seat.objects.filter(session=ready_session)
    }
    buy_in(staff, ready_session, seat=7, amount=300)
    late = folded_to_big_blind(1, {1: 539, 3: 481, 5: 480, 7: 200})
    second = log(sup, ready_session, late, number=2)
    assert second.number == 2
    assert [(v[0], v[1], v[5]) for v in violations(second)] == [
        (
            "CONTINUITY_MISMATCH",
            "seats[1].stack",
            "Chip continuity, seat 3: starts with 481.00, expected 480.00 (difference +1.00).",
        ),
        (
            "CONTINUITY_MISMATCH",
            "seats[3].stack",
            "Chip continuity, seat 7: starts with 200.00, expected 300.00 (difference −100.00).",
        ),
    ]
    after = {
        s.seat: (s.stack, s.hands_played, s.last_hand_number)
        for s in Seat.objects.filter(session=ready_session)
        if s.seat != 7
    }
    assert after == {k: v for k, v in plan.items() if k != 7}
    e = refused(
        services.hand_log,
        actor=sup,
        session=ready_session,
        data=folded_to_big_blind(1, {1: 539, 3: 480, 5: 480}),
        number=2,
    )
    assert e.code == "DUPLICATE_HAND_NUMBER"


# ------------------------------------------------------------------------ seating plan


def test_the_seating_plan_follows_the_hands(sup, staff, ready_session):  # SEAT-04, issue 13 §1
    data = showdown_hand()
    data["seats"][0]["name"] = "Ana"
    first = log(sup, ready_session, data)
    plan = {
        s.seat: (s.status, s.name, s.stack, s.hands_played, s.last_hand_number, s.joined_after_hand)
        for s in Seat.objects.filter(session=ready_session)
    }
    assert plan == {
        1: ("playing", "Ana", D("539.00"), 1, 1, None),
        3: ("playing", "", D("480.00"), 1, 1, None),
        5: ("playing", "", D("480.00"), 1, 1, None),
    }
    assert Seat.objects.get(session=ready_session, seat=1).last_hand_ended_at == first.ended_at
    sits = SeatEvent.objects.filter(session=ready_session, kind="sit").order_by("seat")
    assert [(e.seat, e.name, e.actor, e.role, e.detail, e.at) for e in sits] == [
        (1, "Ana", staff["supervisor"], "supervisor", {"from_hand": 1}, first.started_at),
        (3, "", staff["supervisor"], "supervisor", {"from_hand": 1}, first.started_at),
        (5, "", staff["supervisor"], "supervisor", {"from_hand": 1}, first.started_at),
    ]
    data = folded_to_big_blind(1, {1: 539, 3: 480, 5: 480, 7: 500})  # seat 7 new, UTG
    data["seats"][0]["name"] = "Ana"
    second = log(sup, ready_session, data)
    assert second.status == "valid", codes(second)
    seven = Seat.objects.get(session=ready_session, seat=7)
    assert (seven.stack, seven.hands_played, seven.last_hand_number, seven.joined_after_hand) == (
        D("500.00"),
        1,
        2,
        1,
    )
    one = Seat.objects.get(session=ready_session, seat=1)
    assert (one.name, one.hands_played, one.stack) == ("Ana", 2, D("539.00"))
    assert SeatEvent.objects.filter(session=ready_session, kind="sit").count() == 4
    assert SeatEvent.objects.get(seat=7, kind="sit").detail == {"from_hand": 2}


def test_a_new_player_in_a_known_seat_is_new(sup, ready_session):  # SEAT-05 MANUAL
    people = {
        name: Player.objects.create(casino=ready_session.casino, display_name=name).pk
        for name in ("Ana", "Beto", "Carla", "Dario")
    }
    data = showdown_hand()
    for s in data["seats"]:
        s["player"] = people[{1: "Ana", 3: "Carla", 5: "Dario"}[s["seat"]]]
    log(sup, ready_session, data)
    nxt = folded_to_big_blind(1, {1: 539, 3: 480, 5: 480})  # SB 3, BB 5, BU 1
    for s in nxt["seats"]:
        s["player"] = people[{1: "Ana", 3: "Beto", 5: "Dario"}[s["seat"]]]
    hand = log(sup, ready_session, nxt)
    assert violations(hand) == [
        (
            "NEW_PLAYER_IN_BLINDS",
            "seats[1]",
            "error",
            "recorder",
            "Asiento 3: un jugador nuevo no entra en el botón ni en las ciegas (SB); debe "
            "esperar a que pasen (SEAT-05).",
            "Seat 3: a new player may not come in on the button or the blinds (SB); they "
            "wait until these pass (SEAT-05).",
        )
    ]
    assert SeatEvent.objects.filter(seat=3, kind="sit").count() == 2


def test_the_first_hand_judges_no_new_player(sup, ready_session):  # SEAT-05
    first = log(sup, ready_session, showdown_hand())  # everybody new, on the blinds too
    assert first.status == "valid", codes(first)


@pytest.mark.parametrize(("post", "flagged"), [(None, True), ("9", True), ("10", False)])
def test_a_new_player_posts_the_big_blind(sup, staff, ready_session, post, flagged):
    # SEAT-05 POST_BB: a post of the big blind exactly is enough.
    log(sup, ready_session, showdown_hand())
    change(staff, ready_session, new_player_entry="post_bb")
    data = folded_to_big_blind(1, {1: 539, 3: 480, 5: 480, 7: 500})
    if post:
        data["seats"][3]["post"] = post
    hand = log(sup, ready_session, data)
    found = [v for v in violations(hand) if v[0] == "NEW_PLAYER_MUST_POST"]
    if flagged:
        assert found == [
            (
                "NEW_PLAYER_MUST_POST",
                "seats[3].post",
                "error",
                "recorder",
                "Asiento 7: un jugador nuevo coloca 10.00 o espera la ciega grande (SEAT-05).",
                "Seat 7: a new player posts 10.00 or waits for the big blind (SEAT-05).",
            )
        ]
    else:
        assert found == []


def test_missed_blinds_are_remembered_and_owed_in_words(sup, staff, ready_session):
    # SEAT-06 MISSED_BLINDS: the blinds passed seat 5 while it sat out.
    change(staff, ready_session, absent_player_policy="missed_blinds")
    log(sup, ready_session, folded_to_big_blind(7, {1: 500, 3: 500, 5: 500, 7: 500}))
    tables_services.seat_set_status(actor=sup, session=ready_session, seat=5, status="sitting_out")
    log(sup, ready_session, folded_to_big_blind(1, {1: 495, 3: 505, 7: 500}))  # BB 7 passes 5
    five = Seat.objects.get(session=ready_session, seat=5)
    assert (five.missed_big, five.missed_small) == (True, False)
    log(sup, ready_session, folded_to_big_blind(3, {1: 495, 3: 500, 7: 505}))  # SB 7 passes 5
    five.refresh_from_db()
    assert (five.missed_big, five.missed_small) == (True, True)
    data = folded_to_big_blind(7, {1: 500, 3: 500, 5: 500, 7: 500})
    data["seats"][2]["post"] = "10"
    short = log(sup, ready_session, data)
    assert [v for v in violations(short) if v[0] == "MISSED_BLINDS_NOT_POSTED"] == [
        (
            "MISSED_BLINDS_NOT_POSTED",
            "seats[2].post",
            "error",
            "recorder",
            "Asiento 5: al volver debe poner las ciegas que perdió (grande 10.00 viva, chica "
            "5.00 muerta) (SEAT-06).",
            "Seat 5: on returning must post the missed blinds (big 10.00 live, small 5.00 "
            "dead) (SEAT-06).",
        )
    ]
    five.refresh_from_db()
    assert (five.missed_big, five.missed_small) == (False, True)  # the big blind was posted


# ------------------------------------------------------------------------ penalised, carried


def test_penalised_seats_are_dealt_in_dead_and_named(sup, ready_session):  # SANC-13
    data = folded_to_big_blind(5, {1: 500, 3: 500, 5: 500, 7: 500})  # SB 7, BB 1
    for s in data["seats"]:
        s["penalised"] = s["seat"] in (3, 5)
    data["actions"] = [{"action": "fold", "seat": 7}]  # the dead hands do not act
    hand = log(sup, ready_session, data)
    assert violations(hand, "info") == [
        (
            "PENALISED_DEALT_DEAD",
            "",
            "info",
            "recorder",
            "Sancionado: asiento 3, 5 recibe cartas y pone ciegas; su mano está muerta (SANC-13).",
            "Penalised: seat 3, 5 is dealt in and posts; the hand is dead (SANC-13).",
        )
    ]
    flags = dict(HandSeat.objects.filter(hand=hand).values_list("seat", "penalised"))
    assert flags == {1: False, 3: True, 5: True, 7: False}
    assert hand.status == "valid", codes(hand)


def test_the_pot_carried_from_a_void_hand_is_named_and_the_books_decide_it(sup, ready_session):
    # IRREG-03, POT-09
    from .test_carried_pot import checked_down, replace_packs, void_with_a_knowing_raiser

    void = log(sup, ready_session, void_with_a_knowing_raiser())
    assert void.status == "void"
    replace_packs(ready_session)
    nxt = checked_down({1: 500, 3: 500, 5: 470}, {1: "AhAc", 3: "KhKs", 5: "5h5d"})
    nxt["carry_in"] = [{"amount": "50.00", "eligible": [1, 3, 5]}]
    hand = log(sup, ready_session, nxt)
    assert hand.record["carry_in"][0]["amount"] == "30.00"
    assert violations(hand, "info") == [
        (
            "CARRIED_POT",
            "carry_in",
            "info",
            "recorder",
            "Pozo arrastrado de una mano anulada: 30.00, solo para los asientos 1, 3, 5 de "
            "aquella mano (POT-09).",
            "Pot carried over from a void hand: 30.00, only for seats 1, 3, 5 of that hand "
            "(POT-09).",
        )
    ]
    assert violations(hand, "warning") == [
        (
            "CARRY_IN_MISMATCH",
            "carry_in",
            "warning",
            "recorder",
            "El pozo arrastrado declarado no coincide con el que dejó la mano anterior: se "
            "usa el de los registros (POT-09).",
            "The carried pot declared differs from what the previous hand left: the books' "
            "is used (POT-09).",
        )
    ]
    assert hand.status == "valid"


# ------------------------------------------------------------------------ corrections


def test_hand_correct_stores_the_revision_the_entry_and_the_event(sup, staff, ready_session):
    # HREC-09, GEN-09
    start = timezone.now() - timedelta(minutes=8)
    data = showdown_hand()
    data["result"] = {"rake": "2.00"}
    original = log(
        sup,
        ready_session,
        data,
        dealer="croupier2",
        started_at=start,
        ended_at=start + timedelta(minutes=1),
    )
    assert original.status == "invalid"
    data["result"] = {"rake": "1.00"}
    revision = services.hand_correct(
        actor=sup, hand=original, data=data, reason="  El croupier tomó 1, no 2.  "
    )
    revision = Hand.objects.get(pk=revision.pk)
    assert (revision.revision_of_id, revision.number, revision.source, revision.status) == (
        original.pk,
        1,
        "correction",
        "valid",
    )
    assert (revision.dealer, revision.started_at, revision.ended_at) == (
        staff["croupier2"],
        original.started_at,
        original.ended_at,
    )
    assert (revision.recorded_by, revision.recorded_role) == (staff["supervisor"], "supervisor")
    assert not RakeEntry.objects.exists()  # the rake waits for the signed review
    c = HandCorrection.objects.get(original=original)
    assert (c.casino_id, c.revision_id, c.kind, c.reason, c.created_by, c.role) == (
        ready_session.casino_id,
        revision.pk,
        "revision",
        "El croupier tomó 1, no 2.",
        staff["supervisor"],
        "supervisor",
    )
    event = AuditEvent.objects.get(action="hand.correct")
    assert (event.actor, event.role, event.object_type, event.object_id, event.reason) == (
        staff["supervisor"],
        "supervisor",
        "hands.hand",
        str(original.pk),
        "El croupier tomó 1, no 2.",
    )
    assert event.after == {
        "revision": revision.pk,
        "status": "valid",
        "correction": c.pk,
        "pending_signature": False,  # issue 38 §3: no later hand
        "continuity": [],
        "rake": {"before": str(original.rake), "after": str(revision.rake)},
    }
    original.refresh_from_db()
    assert original.status == "invalid"
    # A correction of the last hand sets the plan's stacks, but is not another hand played.
    assert {s.seat: s.hands_played for s in Seat.objects.filter(session=ready_session)} == {
        1: 1,
        3: 1,
        5: 1,
    }
    # A revision is not corrected again: the original is.
    e = refused(
        services.hand_correct,
        actor=sup,
        hand=revision,
        data=data,
        reason="otra",
    )
    assert said(e) == (
        "NOT_AN_ORIGINAL",
        "hand",
        "Se corrige la mano original, no una revisión.",
        "Correct the original hand, not a revision.",
    )
    assert isinstance(e, Conflict)


def test_a_correction_takes_its_own_times_and_dealer_when_given(sup, staff, ready_session):
    original = invalid(sup, ready_session)
    start = timezone.now() - timedelta(minutes=30)
    data = showdown_hand()
    revision = services.hand_correct(
        actor=sup,
        hand=original,
        data=data,
        reason="horas",
        dealer="croupier2",
        started_at=start,
        ended_at=start + timedelta(minutes=2),
    )
    assert (revision.dealer, revision.started_at, revision.ended_at) == (
        staff["croupier2"],
        start,
        start + timedelta(minutes=2),
    )


@pytest.mark.parametrize("reason", ["", "   ", None])
def test_a_correction_and_an_override_need_a_reason_in_words(sup, ready_session, reason):
    original = invalid(sup, ready_session)
    for call, kw in (
        (services.hand_correct, {"data": showdown_hand()}),
        (services.hand_override, {}),
    ):
        e = refused(call, actor=sup, hand=original, reason=reason, **kw)
        assert said(e) == (
            "REASON_REQUIRED",
            "reason",
            "Indique el motivo.",  # issue 41 §2: one message for REASON_REQUIRED
            "Give the reason.",
        )
    assert not HandCorrection.objects.exists()


def test_only_an_invalid_unresolved_original_is_overridden(sup, boss, ready_session):
    # The staff's decision against the engine is for an invalid hand not yet resolved; a
    # closed hand is changed only by a revision that stands (issue 38 §3, HREC-09).
    valid = log(sup, ready_session, showdown_hand())
    e = refused(services.hand_override, actor=sup, hand=valid, reason="no")
    assert said(e) == (
        "HAND_NOT_INVALID",
        "hand",
        "Solo una mano inválida se corrige.",
        "Only an invalid hand is corrected.",
    )
    revision = services.hand_correct(actor=sup, hand=valid, data=showdown_hand(), reason="sí")
    assert (revision.revision_of, revision.status) == (valid, "valid")
    data = folded_to_big_blind(1, {1: 539, 3: 480, 5: 480})
    data["result"] = {"rake": "1.00"}
    bad = log(sup, ready_session, data)
    assert bad.status == "invalid"
    correction = services.hand_override(actor=sup, hand=bad, reason="se mantiene")
    services.hand_review(actor=boss, hand=bad, correction_id=correction.pk)
    e = refused(services.hand_override, actor=sup, hand=bad, reason="otra vez")
    assert said(e) == (
        "HAND_RESOLVED",
        "hand",
        "La mano ya fue revisada y firmada por el jefe de sector.",
        "The hand was already reviewed and signed by the pit boss.",
    )
    e = refused(services.hand_correct, actor=sup, hand=bad, reason="otra vez", data=data)
    assert (e.code, e.field) == ("CORRECTION_INVALID", "actions")


def test_who_may_correct_or_override(sup, staff, boss, ready_session, other_casino):
    # HREC-07, AUTH-04, issue 9 §1: who logs hands or reviews them; the others are refused.
    original = invalid(sup, ready_session)
    watcher = acting_as(staff["surveillance"], Role.SURVEILLANCE)
    e = refused(
        services.hand_correct, actor=watcher, hand=original, data=showdown_hand(), reason="x"
    )
    assert (e.code, e.details["permission"]) == ("PERMISSION_DENIED", "log_hand")
    e = refused(services.hand_override, actor=watcher, hand=original, reason="x")
    assert (e.code, e.details["permission"]) == ("PERMISSION_DENIED", "review_hand")
    theirs = acting_as(make_staff(other_casino, "sup_ajeno", Role.SUPERVISOR), Role.SUPERVISOR)
    e = refused(services.hand_override, actor=theirs, hand=original, reason="x")
    assert said(e) == ("NOT_FOUND", None, "Mano inexistente.", "Hand not found.")
    e = refused(
        services.hand_correct, actor=theirs, hand=original, data=showdown_hand(), reason="x"
    )
    assert e.code == "NOT_FOUND"
    other_sup = acting_as(staff["supervisor2"], Role.SUPERVISOR)
    e = refused(services.hand_override, actor=other_sup, hand=original, reason="x")
    assert isinstance(e, PermissionRefused)
    # The pit boss of the sector reviews hands, and so may correct one.
    revision = services.hand_correct(
        actor=boss, hand=original, data=showdown_hand(), reason="el jefe corrige"
    )
    assert (revision.recorded_by, revision.recorded_role) == (staff["pit_boss"], "pit_boss")


def test_an_override_is_an_entry_with_its_reason_and_event(sup, staff, ready_session):
    # HREC-07, AUTH-04: the staff decision stands as recorded.
    original = invalid(sup, ready_session)
    c = services.hand_override(actor=sup, hand=original, reason="  Se mantiene lo tomado.  ")
    c = HandCorrection.objects.get(pk=c.pk)
    assert (c.casino_id, c.original_id, c.revision_id, c.kind, c.reason) == (
        ready_session.casino_id,
        original.pk,
        None,
        "override",
        "Se mantiene lo tomado.",
    )
    assert (c.created_by, c.role) == (staff["supervisor"], "supervisor")
    event = AuditEvent.objects.get(action="hand.override")
    assert (event.actor, event.role, event.object_type, event.object_id, event.reason) == (
        staff["supervisor"],
        "supervisor",
        "hands.hand",
        str(original.pk),
        "Se mantiene lo tomado.",
    )
    assert event.after == {"correction": c.pk}
    assert Hand.objects.count() == 1 and not RakeEntry.objects.exists()


# ------------------------------------------------------------------------ the signed review


def test_the_review_of_an_override_posts_the_rake_taken(sup, boss, staff, ready_session):
    # HREC-09, RAKE-06, RAKE-08: the rake the dealer took (2.00), in the pit boss's name.
    original = invalid(sup, ready_session)
    c = services.hand_override(actor=sup, hand=original, reason="se mantiene")
    review = services.hand_review(
        actor=boss, hand=original, correction_id=c.pk, note="visto en cámara"
    )
    review = HandReview.objects.get(pk=review.pk)
    assert (review.casino_id, review.hand_id, review.correction_id, review.note) == (
        ready_session.casino_id,
        original.pk,
        c.pk,
        "visto en cámara",
    )
    assert review.created_by == staff["pit_boss"] and review.is_locked
    entry = RakeEntry.objects.get(session=ready_session)
    assert (entry.amount, entry.hand_number, entry.hand_ref, entry.posted_by) == (
        D("2.00"),
        1,
        f"hand:{original.pk}",
        staff["pit_boss"],
    )
    assert entry.expected_amount == D("1.00")
    event = AuditEvent.objects.get(action="hand.review")
    assert (event.actor, event.role, event.object_type, event.object_id, event.reason) == (
        staff["pit_boss"],
        "pit_boss",
        "hands.hand",
        str(original.pk),
        "visto en cámara",
    )
    assert event.after == {"review": review.pk, "correction": c.pk, "locked": True}


def test_the_review_of_a_revision_posts_the_revisions_rake(sup, boss, ready_session):  # RAKE-08
    original = invalid(sup, ready_session)
    data = showdown_hand()
    data["result"] = {"rake": "1.00"}
    revision = services.hand_correct(actor=sup, hand=original, data=data, reason="1, no 2")
    c = HandCorrection.objects.get(original=original)
    services.hand_review(actor=boss, hand=original, correction_id=c.pk)
    entry = RakeEntry.objects.get(session=ready_session)
    assert (entry.amount, entry.hand_ref) == (D("1.00"), f"hand:{revision.pk}")
    assert AuditEvent.objects.get(action="hand.review").reason == ""


def test_a_review_rests_on_a_correction_of_this_hand(sup, boss, staff, ready_session, other_casino):
    # HREC-09
    first = invalid(sup, ready_session)
    data = folded_to_big_blind(1, {1: 539, 3: 480, 5: 480})
    data["result"] = {"rake": "1.00"}
    second = log(sup, ready_session, data)
    theirs = services.hand_override(actor=sup, hand=second, reason="la otra")
    for correction_id in (999_999, theirs.pk):
        e = refused(services.hand_review, actor=boss, hand=first, correction_id=correction_id)
        assert said(e) == (
            "CORRECTION_REQUIRED",
            "correction",
            "La revisión firmada debe apoyarse en una corrección de esta mano.",
            "The signed review must rest on a correction entry of this hand.",
        )
    assert not HandReview.objects.exists()
    e = refused(services.hand_review, actor=sup, hand=first, correction_id=theirs.pk)
    assert (e.code, e.details["permission"]) == ("PERMISSION_DENIED", "review_hand")
    stranger = acting_as(make_staff(other_casino, "jefe_ajeno", Role.PIT_BOSS), Role.PIT_BOSS)
    e = refused(services.hand_review, actor=stranger, hand=second, correction_id=theirs.pk)
    assert said(e) == ("NOT_FOUND", None, "Mano inexistente.", "Hand not found.")


def test_a_review_in_progress_keeps_its_correction(sup, boss, staff, ready_session):  # HREC-09
    original = invalid(sup, ready_session)
    first = services.hand_override(actor=sup, hand=original, reason="primera")
    second = services.hand_override(actor=sup, hand=original, reason="segunda")
    HandReview.objects.create(
        casino_id=original.casino_id,
        hand=original,
        correction=first,
        note="",
        created_by=staff["pit_boss"],
    )
    e = refused(services.hand_review, actor=boss, hand=original, correction_id=second.pk)
    assert isinstance(e, Conflict)
    assert said(e) == (
        "REVIEW_EXISTS",
        "correction",
        "Ya hay una revisión en curso para esta mano con otra corrección.",
        "A review with another correction already exists for this hand.",
    )
    review = services.hand_review(actor=boss, hand=original, correction_id=first.pk, note="n")
    assert review.is_locked and review.note == ""  # the review in progress, signed
    assert HandReview.objects.count() == 1
    assert RakeEntry.objects.get().amount == D("2.00")


def test_a_correction_of_an_older_hand_leaves_the_plan(sup, boss, ready_session):
    # Issue 13 §1: the plan follows the last hand; correcting an earlier one moves nothing.
    original = invalid(sup, ready_session)  # 539 / 480 / 480
    log(sup, ready_session, folded_to_big_blind(1, {1: 539, 3: 480, 5: 480}))  # 539/475/485
    before = {
        s.seat: (s.stack, s.hands_played, s.last_hand_number)
        for s in Seat.objects.filter(session=ready_session)
    }
    assert before == {1: (D("539"), 2, 2), 3: (D("475"), 2, 2), 5: (D("485"), 2, 2)}
    services.hand_correct(actor=sup, hand=original, data=showdown_hand(), reason="rake 1")
    after = {
        s.seat: (s.stack, s.hands_played, s.last_hand_number)
        for s in Seat.objects.filter(session=ready_session)
    }
    assert after == before


# ------------------------------------------------------ Survivors of the 2026-12-06 sample


def test_a_player_who_sat_out_after_his_big_blind_owes_only_the_small_one(
    sup, staff, ready_session
):  # SEAT-06 MISSED_BLINDS: the big blind he posted himself is not one he missed
    change(staff, ready_session, absent_player_policy="missed_blinds")
    # Seat 10, the table's last seat, posts the big blind (button 3, SB 5), then sits out.
    log(sup, ready_session, folded_to_big_blind(3, {1: 500, 3: 500, 5: 500, 10: 500}))
    tables_services.seat_set_status(actor=sup, session=ready_session, seat=10, status="sitting_out")
    # Next hand the big blind goes round past the last seat, from seat 10 to seat 3; the
    # small blind goes from 5 to 1 and so passes seat 10, whose turn it was.
    log(sup, ready_session, folded_to_big_blind(5, {1: 500, 3: 500, 5: 495}))
    ten = Seat.objects.get(session=ready_session, seat=10)
    assert (ten.missed_big, ten.missed_small) == (False, True)
    # He comes back on the button with the dead small blind: nothing more is owed.
    data = folded_to_big_blind(10, {1: 495, 3: 505, 5: 495, 10: 505})
    data["seats"][3]["dead_post"] = "5"
    back = log(sup, ready_session, data)
    assert "MISSED_BLINDS_NOT_POSTED" not in codes(back)
    assert back.status == "valid", codes(back)


def misplaced_button_misdeal(kind: str) -> dict[str, Any]:
    """Hand 2 after ``showdown_hand`` (button 5): the button on seat 3, not on seat 1, and the
    deal stopped before any action by the irregularity ``kind`` (a misdeal, MISDEAL-02)."""
    irregularity: dict[str, Any] = {"kind": kind}
    if kind == "dealer_exposed_card":
        irregularity.update(seat=1, first_or_second_card=True)
    return {
        "button": 3,
        "seats": seats({1: 539, 3: 480, 5: 480}),
        "actions": [{"action": "irregularity", "irregularity": irregularity}],
    }


def test_a_misplaced_button_the_floor_declared_is_not_flagged_again(
    sup, ready_session, other_session
):  # GAME-07, MISDEAL-02 (f), MISDEAL-06: the floor declared it; the ruling applies
    log(sup, ready_session, showdown_hand())
    declared = log(sup, ready_session, misplaced_button_misdeal("button_misplaced"))
    assert declared.status == "void"
    assert HandIrregularity.objects.get(hand=declared).kind == "button_misplaced"
    assert codes(declared) == []
    # The same misdeal at another table, declared as an exposed card: the button is flagged.
    log(sup, other_session, showdown_hand())
    other = log(sup, other_session, misplaced_button_misdeal("dealer_exposed_card"))
    assert other.status == "void"
    assert [(v[0], v[5]) for v in violations(other)] == [
        (
            "BUTTON_NOT_MOVED_ONE_SEAT",
            "The button should be on seat 1 (moving on from seat 5), not seat 3.",
        )
    ]


def test_the_same_player_back_under_another_name_is_not_a_new_player(sup, ready_session):
    # SEAT-05 MANUAL: who sits is the player; the name written on the sheet may vary.
    ana = Player.objects.create(casino=ready_session.casino, display_name="Ana Gómez")
    first = showdown_hand()
    first["seats"][1]["player"] = ana.pk  # seat 3, as "Ana Gómez"
    log(sup, ready_session, first)
    second = folded_to_big_blind(1, {1: 539, 3: 480, 5: 480})  # seat 3 in the small blind
    second["seats"][1].update(player=ana.pk, name="Anita")
    nickname = log(sup, ready_session, second)
    assert nickname.status == "valid", codes(nickname)
    third = folded_to_big_blind(3, {1: 539, 3: 475, 5: 485})  # seat 3 on the button
    third["seats"][1].update(player=ana.pk, name="")  # no name: the player's, not "Anita"
    unnamed = log(sup, ready_session, third)
    assert unnamed.status == "valid", codes(unnamed)
    assert HandSeat.objects.get(hand=unnamed, seat=3).name == "Ana Gómez"
    three = Seat.objects.get(session=ready_session, seat=3)
    assert (three.player_id, three.hands_played, three.joined_after_hand) == (ana.pk, 3, None)
    assert SeatEvent.objects.filter(session=ready_session, seat=3, kind="sit").count() == 1


def test_a_hand_imported_from_a_phh_file_names_its_import_job(sup, ready_session, other_session):
    # Issue 4 §6: the import job that brought each hand in, for the auditor to trace back.
    logged = log(sup, ready_session, showdown_hand())
    text = services.session_export_phhs(actor=sup, session=ready_session)
    job = services.hands_import(actor=sup, session=other_session, content=text, filename="m.phhs")
    imported = Hand.objects.get(session=other_session)
    assert (imported.number, imported.source, imported.import_job_id) == (1, "import", job.pk)
    assert list(job.hands.all()) == [imported]
    assert Hand.objects.get(pk=logged.pk).import_job_id is None


def test_a_second_player_card_under_the_same_name_keeps_the_seats_hands(sup, ready_session):
    # SEAT-04, SEAT-05 MANUAL: the sheet names the same person in seat 3, on another player
    # card (a second card issued at the desk): not a new player, no second sit recorded.
    cards = [
        Player.objects.create(casino=ready_session.casino, display_name="Ana Gómez")
        for _ in range(2)
    ]
    first = showdown_hand()
    first["seats"][1]["player"] = cards[0].pk  # seat 3, as "Ana Gómez"
    log(sup, ready_session, first)
    second = folded_to_big_blind(1, {1: 539, 3: 480, 5: 480})  # seat 3 in the small blind
    second["seats"][1]["player"] = cards[1].pk  # no name: the card's, "Ana Gómez" again
    hand = log(sup, ready_session, second)
    assert hand.status == "valid", codes(hand)
    three = Seat.objects.get(session=ready_session, seat=3)
    assert (three.player_id, three.name, three.hands_played, three.joined_after_hand) == (
        cards[1].pk,
        "Ana Gómez",
        2,
        None,
    )
    assert SeatEvent.objects.filter(session=ready_session, seat=3, kind="sit").count() == 1


def test_a_new_player_dealt_in_away_from_the_blinds_has_missed_no_blind(
    sup, staff, ready_session
):  # SEAT-05 MANUAL, SEAT-06 MISSED_BLINDS: he sat down after the blinds had passed
    change(staff, ready_session, absent_player_policy="missed_blinds")
    # Button on seat 10, the table's last: SB 1, BB 3.
    log(sup, ready_session, folded_to_big_blind(10, {1: 500, 3: 500, 5: 500, 8: 500, 10: 500}))
    # Seats 6 and 7 sit down past the big blind (button 1, SB 3, BB 5): first and second to
    # act, posting nothing, as the manual entry rule allows.
    stacks = {1: 495, 3: 505, 5: 500, 6: 500, 7: 500, 8: 500, 10: 500}
    joined = log(sup, ready_session, folded_to_big_blind(1, stacks))
    assert codes(joined) == []
    plan = seat_plan(ready_session)
    assert {s.number: (s.missed_small, s.missed_big) for s in plan.occupied} == {
        n: (False, False) for n in stacks
    }
    # Next hand (button 3, SB 5, BB 6) seat 7 is first to act and posts nothing: owes none.
    stacks.update({3: 500, 5: 505})
    nxt = log(sup, ready_session, folded_to_big_blind(3, stacks))
    assert codes(nxt) == []


def test_the_seating_plan_shows_the_player_each_hand_recorded_in_each_seat(sup, ready_session):
    # SEAT-04: who sits where, as the hands recorded them, for the floor and the cage.
    ana = Player.objects.create(casino=ready_session.casino, display_name="Ana")
    beto = Player.objects.create(casino=ready_session.casino, display_name="Beto")
    data = showdown_hand()
    data["seats"][0]["player"] = ana.pk
    data["seats"][1]["player"] = beto.pk
    log(sup, ready_session, data)
    plan = seat_plan(ready_session)
    assert [(s.number, s.player, s.name) for s in plan.occupied] == [
        (1, ana, "Ana"),
        (3, beto, "Beto"),
        (5, None, ""),
    ]
    nxt = folded_to_big_blind(1, {1: 539, 3: 480, 5: 480})
    nxt["seats"][0]["player"] = ana.pk
    nxt["seats"][1]["player"] = beto.pk
    hand = log(sup, ready_session, nxt)
    assert hand.status == "valid", codes(hand)
    who = dict(Seat.objects.filter(session=ready_session).values_list("seat", "player_id"))
    assert who == {1: ana.pk, 3: beto.pk, 5: None}


def test_a_dead_small_blind_of_one_chip_pays_the_missed_small_blind(sup, staff, ready_session):
    # SEAT-06 MISSED_BLINDS, SEAT-07: at blinds 1/2 the small blind he missed is one chip,
    # posted dead; once posted he owes nothing, on that hand or the next.
    change(
        staff,
        ready_session,
        small_blind=D("1"),
        big_blind=D("2"),
        absent_player_policy="missed_blinds",
    )
    everybody = {1: 500, 3: 500, 5: 500, 7: 500, 8: 500, 9: 500}
    log(sup, ready_session, folded_to_big_blind(1, everybody))  # SB 3, BB 5
    tables_services.seat_set_status(actor=sup, session=ready_session, seat=5, status="sitting_out")
    # The small blind passes seat 5 (from 3 to 7), the big blind goes on from it (5 to 8).
    log(sup, ready_session, folded_to_big_blind(3, {1: 500, 3: 499, 7: 500, 8: 500, 9: 500}))
    log(sup, ready_session, folded_to_big_blind(7, {1: 500, 3: 499, 7: 499, 8: 501, 9: 500}))
    five = Seat.objects.get(session=ready_session, seat=5)
    assert (five.missed_small, five.missed_big) == (True, False)
    # He comes back second to act (button 8, SB 9, BB 1) with a dead small blind of 1.
    data = folded_to_big_blind(8, {1: 500, 3: 499, 5: 501, 7: 499, 8: 500, 9: 501})
    data["seats"][2]["dead_post"] = "1"
    back = log(sup, ready_session, data)
    assert codes(back) == []
    five.refresh_from_db()
    assert (five.missed_small, five.missed_big) == (False, False)
    # Next hand (button 9, SB 1, BB 3) he is first to act and posts nothing: nothing owed.
    nxt = log(
        sup, ready_session, folded_to_big_blind(9, {1: 502, 3: 499, 5: 500, 7: 499, 8: 500, 9: 500})
    )
    assert codes(nxt) == []
