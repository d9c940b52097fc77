"""Each tournament rule the app applies, named (TOUR-01..08, SANC-03..07/10/12, TDA 7, 8,
10, 11, 24, 25, RP-8, ROLE-09), through the services as the floor and the cage use them."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from casino.errors import Conflict, DomainError, PermissionRefused, ValidationFailed
from hands.models import Hand, HandSeat, HandStatus
from tables.models import SanctionEntry, SanctionLevel, Seat, SeatStatus
from tables.selectors import seat_plan
from tournaments import recorder, selectors, services
from tournaments.models import (
    DrawKind,
    Elimination,
    ExitKind,
    LedgerEntry,
    LedgerKind,
    LedgerVia,
    MoveConfirmation,
    SeatDraw,
    SeatMove,
    TournamentStatus,
)

from .conftest import new_tournament

pytestmark = pytest.mark.django_db


def running(world, tournament, players: int, tables: tuple[int, ...], start: bool = True):  # type: ignore[no-untyped-def]
    for n in tables:
        if n not in world.sessions:
            world.table(n)
    entries = [
        services.entry_register(actor=world.cash, tournament=tournament, player=p)
        for p in world.players(players)
    ]
    services.draw_initial(actor=world.sup, tournament=tournament, tables=list(tables))
    for e in entries:
        services.entry_arrive(actor=world.sup, entry=e)
    if start:
        services.clock_record(actor=world.sup, tournament=tournament, kind="start")
    return entries


def seat_of(tournament, entry):  # type: ignore[no-untyped-def]
    return selectors.seating(tournament).seats[entry.pk]


def by_table(tournament) -> dict[int, list]:  # type: ignore[no-untyped-def]
    out: dict[int, list] = {}
    for info in selectors.seating(tournament).seats.values():
        out.setdefault(info.tt.table.number, []).append(info)
    return out


def confirm_plan(world, tournament) -> SeatDraw:  # type: ignore[no-untyped-def]
    pv = selectors.balance_plan(tournament)
    return services.balance_confirm(actor=world.sup, tournament=tournament, version=pv.version)


def stored_hand(session, number: int, seats: list[tuple[int, object, int, int, str, bool]]):  # type: ignore[no-untyped-def]
    """A stored hand as the recorder writes it: (seat, player, start, finish, position,
    penalised) per seat."""
    now = timezone.now()
    hand = Hand.objects.create(
        casino_id=session.casino_id,
        table=session.table,
        session=session,
        gaming_day=session.gaming_day,
        settings=session.settings,
        number=number,
        structure="no_limit",
        ruleset="manual",
        recorded_by=session.supervisor,
        recorded_role="supervisor",
        source="page",
        started_at=now - timedelta(minutes=2),
        ended_at=now,
        button_seat=seats[0][0],
        chip_unit=100,
        players_dealt=len(seats),
        record={},
        status=HandStatus.VALID,
        engine_status=HandStatus.VALID,
        pot_total=Decimal("0"),
        rake=Decimal("0"),
    )
    for seat, player, start, finish, position, penalised in seats:
        HandSeat.objects.create(
            hand=hand,
            seat=seat,
            player=player,
            position=position,
            starting_stack=Decimal(start),
            finishing_stack=Decimal(finish),
            penalised=penalised,
        )
        Seat.objects.filter(session=session, seat=seat).update(stack=Decimal(finish))
    return hand


# --------------------------------------------------------------------------- TOUR-01..08


def test_tour_01_tda_7_the_initial_seats_are_drawn_seeded_and_recorded(world, tournament):
    # TOUR-01, TDA 7: drawn at random, spread as evenly as the tables allow, the seed kept.
    running(world, tournament, 20, (1, 2, 3), start=False)
    draw = SeatDraw.objects.get(tournament=tournament, kind=DrawKind.INITIAL)
    assert draw.seed and int(draw.seed) == selectors.derived_seed(tournament, "draw", 0)
    moves = list(draw.moves.all())
    assert len(moves) == 20 and {m.reason for m in moves} == {"initial_draw"}
    assert sorted(len(v) for v in by_table(tournament).values()) == [6, 7, 7]
    # The seats are the tables' own: the seat plan of each session holds the players,
    # with the starting chips on the stack (TOUR-07), and no second seat list.
    plan = seat_plan(world.sessions[1], with_waiting=False)
    assert {s.stack for s in plan.occupied} == {Decimal("10000")}
    # The same tournament seed replays the same draw (the engine's SeededDraw).
    from poker.tournament import TableSpec, draw_seats

    replay = draw_seats(
        sorted(m.entry_id for m in moves),
        [TableSpec(n, 9) for n in (1, 2, 3)],
        int(draw.seed),
    )
    assert {(m.player, m.to_seat.table, m.to_seat.seat) for m in replay.moves} == {
        (m.entry_id, m.to_table, m.to_seat) for m in moves
    }


def test_tour_02_absent_players_are_dealt_in_until_late_registration_closes(world, tournament):
    # TOUR-02: an absent entrant's stack stays at the table until late registration closes.
    for n in (1, 2):
        world.table(n)
    entries = [
        services.entry_register(actor=world.cash, tournament=tournament, player=p)
        for p in world.players(12)
    ]
    services.draw_initial(actor=world.sup, tournament=tournament, tables=[1, 2])
    for e in entries[2:]:
        services.entry_arrive(actor=world.sup, entry=e)
    services.clock_record(actor=world.sup, tournament=tournament, kind="start")
    with pytest.raises(Conflict) as refused:
        services.absentees_remove(actor=world.sup, tournament=tournament)
    assert refused.value.code == "REGISTRATION_STILL_OPEN"
    assert len(selectors.seating(tournament).seats) == 12  # dealt in meanwhile
    services.clock_record(actor=world.sup, tournament=tournament, kind="go_to_level", level=5)
    removed = services.absentees_remove(actor=world.sup, tournament=tournament)
    assert sorted(removed) == sorted(e.number for e in entries[:2])
    assert len(selectors.seating(tournament).seats) == 10
    rows = Elimination.objects.filter(tournament=tournament)
    assert {r.kind for r in rows} == {ExitKind.ABSENT}
    # They left together with equal stacks: they share the last two places.
    places = {r.entry.number: (r.place, r.place_to) for r in selectors.results(tournament).rows}
    assert places[entries[0].number] == places[entries[1].number] == (11, 12)


def test_tour_03_buy_in_and_fee_apart_no_cash_and_no_rake_at_a_tournament_table(world, tournament):
    # TOUR-03: the buy-in to the pool, the fee to the house, never mixed; no rake.
    running(world, tournament, 4, (1,), start=False)
    row = LedgerEntry.objects.filter(tournament=tournament, kind=LedgerKind.ENTRY).first()
    assert (row.pool_amount, row.fee_amount, row.chips) == (
        Decimal("1000.00"),
        Decimal("100.00"),
        10000,
    )
    pool = selectors.pool(tournament)
    assert (pool.total, pool.fees) == (400000, 40000)  # cents
    # The tournament table's hands: the engine's tournament profile takes no rake.
    rules = recorder.hand_rules(world.sessions[1], timezone.now())
    assert rules is not None and rules.profile.tournament and not rules.profile.takes_rake
    assert not rules.cash_movements
    # The cage refuses cash at a tournament table (no float, no buy-ins, no changes).
    from cage import services as cage_services

    with pytest.raises(Conflict) as refused:
        cage_services.buyin_record(
            actor=world.sup,
            session=world.sessions[1],
            seat=1,
            amount=Decimal("100"),
            croupier=world.croupiers[1],
            chips=[("100", 1)],
            cash=[{"value": "100", "count": 1}],
        )
    assert refused.value.code == "TOURNAMENT_SESSION_NO_CASH"


def test_tour_03_hand_rules_follow_the_clock_level_and_its_ante(world, tournament):
    # TOUR-03 (no rake) with the level's forced bets: big-blind ante from level 4.
    running(world, tournament, 4, (1,))
    services.clock_record(actor=world.sup, tournament=tournament, kind="go_to_level", level=4)
    rules = recorder.hand_rules(world.sessions[1], timezone.now())
    assert (rules.level, rules.small_blind, rules.big_blind) == (4, 100, 200)
    assert (rules.ante, rules.ante_kind.value) == (200, "big_blind_ante")
    assert not rules.on_break and rules.chips_in_play == (25, 100, 500, 1000, 5000)


def test_tour_04_hidden_chips_before_the_next_hand_go_to_the_winner(world, tournament):
    # TOUR-04: found before the next hand: the chips go to the player who beat him.
    entries = running(world, tournament, 6, (1,))
    loser, winner = entries[0], entries[1]
    before = seat_of(tournament, winner).chips
    services.hidden_chips_record(
        actor=world.sup,
        tournament=tournament,
        entry=loser,
        chips=700,
        winner=winner,
        next_hand_started=False,
    )
    assert seat_of(tournament, winner).chips == before + 700
    assert Elimination.objects.get(entry=loser).reason.startswith("TOUR-04")


def test_tour_04_hidden_chips_after_the_next_hand_started_eliminate_the_player(world, tournament):
    # TOUR-04: found after the next hand has begun: he is eliminated, the chips leave play.
    entries = running(world, tournament, 6, (1,))
    cheat = entries[2]
    chips = {i.entry.pk: i.chips for i in selectors.seating(tournament).seats.values()}
    services.hidden_chips_record(
        actor=world.sup, tournament=tournament, entry=cheat, chips=700, next_hand_started=True
    )
    assert cheat.pk not in selectors.seating(tournament).seats
    others = {i.entry.pk: i.chips for i in selectors.seating(tournament).seats.values()}
    assert all(others[pk] == chips[pk] for pk in others)  # nobody got them
    with pytest.raises(ValidationFailed) as refused:
        services.hidden_chips_record(
            actor=world.sup,
            tournament=tournament,
            entry=entries[3],
            chips=100,
            next_hand_started=False,
        )
    assert refused.value.code == "WINNER_REQUIRED"


def test_tour_05_the_move_slip_and_the_dealers_confirmation(world, tournament):
    # TOUR-05: a moved player carries his chips in view; each table's dealer confirms.
    entries = running(world, tournament, 14, (1, 2))
    short = [i for i in by_table(tournament)[1]]
    for info in short[:3]:
        services.elimination_record(actor=world.sup, tournament=tournament, entry=info.entry)
    draw = confirm_plan(world, tournament)
    move = draw.moves.first()
    name = move.entry.player.display_name
    assert move.slip_es == (
        f"{name}: mesa {move.from_table} asiento {move.from_seat} → mesa {move.to_table} "
        f"asiento {move.to_seat}, con sus fichas a la vista, en la mano o en un fichero "
        "(equilibrio de mesas)"
    )
    assert move.chips == 10000  # the stack goes with him: no second stack anywhere
    assert seat_plan(move.to_session).at(move.to_seat).stack == Decimal("10000")
    # The dealer of the other table cannot confirm for this one.
    other = world.croupier(move.to_table)
    with pytest.raises(PermissionRefused) as refused:
        services.move_confirm(actor=other, move=move, side="from")
    assert refused.value.code == "NOT_CROUPIER_ON_DUTY"
    services.move_confirm(actor=world.croupier(move.from_table), move=move, side="from")
    # The supervisor's terminal: the dealer's PIN; chips not in view are recorded.
    services.move_confirm(
        actor=world.sup,
        move=move,
        side="to",
        croupier=world.croupiers[move.to_table],
        pin="4321",
        chips_visible=False,
    )
    c = MoveConfirmation.objects.get(move=move, side="to")
    assert (c.method, c.chips_visible) == ("pin", False)
    with pytest.raises(Conflict):
        services.move_confirm(actor=world.croupier(move.from_table), move=move, side="from")
    assert move not in selectors.moves_to_confirm(tournament)
    assert len(entries) == 14


def test_tour_06_two_players_of_each_table_go_on_from_a_qualifying_stage(world):
    # TOUR-06: advance_per_table (default 2): the most chips at each table go on.
    t = new_tournament(world, "Clasificatorio", qualifying_stage=True)
    running(world, t, 12, (1, 2))
    tables = by_table(t)
    stacks = {}
    for infos in tables.values():
        for k, info in enumerate(infos):
            chips = 1000 * (k + 1)
            Seat.objects.filter(session=info.tt.session, seat=info.seat).update(stack=chips)
            stacks[info.entry.pk] = chips
    out = selectors.qualifiers_of(t)
    assert len(out) == 2 and all(len(q.advance) == 2 for q in out)
    for q in out:
        assert [stacks[p] for p in q.advance] == [6000, 5000]


def test_tour_07_role_09_payouts_proposed_approved_by_the_shift_manager_and_locked(
    world, tournament
):
    # TOUR-07: management approves the payout table; ROLE-09: the shift manager signs.
    running(world, tournament, 18, (1, 2))
    table = services.payouts_propose(actor=world.pit, tournament=tournament)
    assert table.rule == "power_law" and sum(x.amount for x in table.lines.all()) == Decimal(
        "18000.00"
    )
    with pytest.raises(Conflict) as refused:  # the pool may still grow
        services.payouts_approve(actor=world.mgr, table=table)
    assert refused.value.code == "REGISTRATION_STILL_OPEN"
    services.clock_record(actor=world.sup, tournament=tournament, kind="go_to_level", level=5)
    with pytest.raises(PermissionRefused):
        services.payouts_approve(actor=world.pit, table=table)
    services.payouts_approve(actor=world.mgr, table=table)
    table.refresh_from_db()
    assert table.is_locked and table.signatures().get().role == "shift_manager"
    with pytest.raises(Conflict) as again:
        services.payouts_propose(actor=world.pit, tournament=tournament)
    assert again.value.code == "PAYOUTS_LOCKED"


def test_tour_07_a_manual_table_must_sum_to_the_pool_and_never_rise(world, tournament):
    # TOUR-07: management decides how prizes are paid; the table is checked exactly.
    running(world, tournament, 10, (1, 2))
    with pytest.raises(DomainError) as refused:
        services.payouts_propose(
            actor=world.pit, tournament=tournament, amounts=["5000.00", "5001.00"]
        )
    assert refused.value.code == "TOURNAMENT_PAYOUTS_INCREASE"
    with pytest.raises(DomainError) as refused:
        services.payouts_propose(
            actor=world.pit, tournament=tournament, amounts=["6000.00", "3000.00"]
        )
    assert refused.value.code == "TOURNAMENT_PAYOUTS_SUM_MISMATCH"
    table = services.payouts_propose(
        actor=world.pit, tournament=tournament, amounts=["6000.00", "4000.00"]
    )
    assert table.rule == "manual"


def test_tour_08_a_satellite_pays_seats_in_the_target_tournament(world):
    # TOUR-08: the prizes are seats; the money left over goes to the next place.
    t = new_tournament(
        world,
        "Satélite",
        satellite={"target": "Gran Final", "seat_value": "3300.00", "leftover": "next_place"},
    )
    entries = running(world, t, 10, (1, 2))
    services.clock_record(actor=world.sup, tournament=t, kind="go_to_level", level=5)
    table = services.payouts_propose(actor=world.pit, tournament=t)
    lines = [(x.place, x.amount, x.seat_value, x.seat_in) for x in table.lines.all()]
    assert lines == [
        (1, Decimal("0.00"), Decimal("3300.00"), "Gran Final"),
        (2, Decimal("0.00"), Decimal("3300.00"), "Gran Final"),
        (3, Decimal("0.00"), Decimal("3300.00"), "Gran Final"),
        (4, Decimal("100.00"), Decimal("0.00"), ""),
    ]
    services.payouts_approve(actor=world.mgr, table=table)
    for e in entries[:8]:
        services.elimination_record(actor=world.sup, tournament=t, entry=e)
    services.elimination_record(actor=world.sup, tournament=t, entry=entries[8])
    assert t.status == TournamentStatus.FINISHED or selectors.results(t).finished
    slip = services.prize_pay(
        actor=world.cash, tournament=t, entry=entries[9], player_signed_name="Ganador"
    )
    assert slip.seat_in == "Gran Final" and slip.seat_value == Decimal("3300.00")
    row = LedgerEntry.objects.get(slip=slip)
    assert row.via == LedgerVia.SEAT and row.pool_amount == Decimal("-3300.00")
    assert row.cash == 0  # no cash leaves the cage for a seat


# --------------------------------------------------------------------------- TDA


def test_tda_8_late_entries_draw_at_the_shortest_tables_and_a_full_room_opens_a_table(world):
    # TDA 8: a late entry draws among the tables with the fewest players.
    t = new_tournament(world, "Chico", seats_per_table=6, final_table_size=6)
    running(world, t, 11, (1, 2))
    assert sorted(len(v) for v in by_table(t).values()) == [5, 6]
    late = services.entry_register(actor=world.cash, tournament=t, player=world.player())
    info = seat_of(t, late)
    assert sorted(len(v) for v in by_table(t).values()) == [6, 6]
    assert SeatMove.objects.get(entry=late).reason == "late_entry"
    assert info.chips == 10000
    with pytest.raises(Conflict) as full:
        services.entry_register(actor=world.cash, tournament=t, player=world.player())
    assert full.value.code == "TOURNAMENT_NO_OPEN_SEAT"
    world.table(3)
    services.table_add(actor=world.sup, tournament=t, table=3)
    late2 = services.entry_register(actor=world.cash, tournament=t, player=world.player())
    assert seat_of(t, late2).tt.table.number == 3


def test_tda_10_tables_break_in_the_order_fixed_in_advance(world, tournament):
    # TDA 10: when the players fit at the other tables, the next table of the order breaks.
    running(world, tournament, 24, (4, 2, 9))  # breaks 4 first, then 2; 9 hosts the final
    for info in by_table(tournament)[9][:6]:
        services.elimination_record(actor=world.sup, tournament=tournament, entry=info.entry)
    draw = confirm_plan(world, tournament)
    assert draw.broken == [4]
    assert {m.reason for m in draw.moves.all()} == {"table_broken"}
    assert sorted(by_table(tournament)) == [2, 9]


def test_tda_11_the_next_big_blind_moves_to_the_worst_position_and_play_halts(world, tournament):
    # TDA 11: play halts at a table 3 short; the player due the big blind next moves to
    # the open seat that will post the big blind soonest at the short table.
    running(world, tournament, 16, (1, 2))
    tables = by_table(tournament)
    # Table 1 loses three players: it is 3 short of table 2.
    for info in tables[1][:3]:
        services.elimination_record(actor=world.sup, tournament=tournament, entry=info.entry)
    # The last hands: table 2's big blind was seat s2; table 1's was seat s1.
    t2 = sorted(i.seat for i in tables[2])
    s2 = t2[0]
    stored_hand(
        world.sessions[2],
        1,
        [
            (
                s,
                seat_plan(world.sessions[2]).at(s).player,
                10000,
                10000,
                "BB" if s == s2 else "",
                False,
            )
            for s in t2
        ],
    )
    left1 = sorted(i.seat for i in by_table(tournament)[1])
    s1 = left1[0]
    stored_hand(
        world.sessions[1],
        1,
        [
            (
                s,
                seat_plan(world.sessions[1]).at(s).player,
                10000,
                10000,
                "BB" if s == s1 else "",
                False,
            )
            for s in left1
        ],
    )
    pv = selectors.balance_plan(tournament)
    assert [(h.table, h.short_by) for h in pv.plan.halted] == [(1, 3)]
    move = pv.plan.moves[0]
    assert move.player_reason.value == "next_big_blind"
    assert move.from_seat.seat == t2[1]  # the first seat after the last big blind
    assert move.seat_reason.value == "worst_position"
    open1 = [s for s in range(1, 10) if s not in left1]
    worst = min((s for s in open1 if s != s1), key=lambda s: (s - s1 - 1) % 9)
    assert move.to_seat.seat == worst


def test_tda_24_25_the_chip_race_at_a_colour_up(world, tournament):
    # TDA 24, 25: the 25s leave at the break after level 4; odd chips are raced, nobody
    # is raced out, and the seats' stacks become what the race leaves.
    running(world, tournament, 4, (1,))
    services.clock_record(actor=world.sup, tournament=tournament, kind="go_to_level", level=4)
    with pytest.raises(Conflict) as early:
        services.chip_race_record(actor=world.sup, tournament=tournament, table=1, stacks={})
    assert early.value.code == "NOT_A_COLOUR_UP_BREAK"
    services.clock_record(actor=world.sup, tournament=tournament, kind="adjust", seconds=-1199)
    import time

    time.sleep(1.3)  # the level's last second runs out: the break begins
    assert selectors.clock(tournament).on_break
    seats = sorted(i.seat for i in by_table(tournament)[1])
    stacks = {
        seats[0]: {25: 3, 100: 99},  # 9,975: 75 odd
        seats[1]: {25: 1, 100: 99},  # 9,925: 25 odd
        seats[2]: {25: 2, 100: 99},  # 9,950: 50 odd
        seats[3]: {25: 1},  # 25: would be raced out
    }
    record = services.chip_race_record(
        actor=world.sup, tournament=tournament, table=1, stacks=stacks
    )
    after = {s["seat"]: s["after"] for s in record.result["seats"]}
    assert after[seats[3]] >= 100  # nobody is raced out (TDA 24)
    assert all(v % 100 == 0 for v in after.values())
    plan = {i.seat: i.chips for i in by_table(tournament)[1]}
    assert plan == after


def test_tda_rp_8_busts_in_one_hand_for_hand_hand_share_the_places(world, tournament):
    # RP-8: at hand-for-hand the clock moves per hand, and players busted in the same
    # hand at different tables finish by their chips at its start, equal chips sharing.
    running(world, tournament, 12, (1, 2))
    services.clock_record(
        actor=world.sup, tournament=tournament, kind="hand_for_hand_on", seconds=90
    )
    tables = by_table(tournament)
    a, b, c = tables[1][0].entry, tables[2][0].entry, tables[2][1].entry
    services.elimination_record(
        actor=world.sup, tournament=tournament, entry=a, stack_at_start=5000
    )
    services.elimination_record(
        actor=world.sup, tournament=tournament, entry=b, stack_at_start=5000
    )
    services.clock_record(actor=world.sup, tournament=tournament, kind="hand_for_hand_hand")
    services.elimination_record(actor=world.sup, tournament=tournament, entry=c, stack_at_start=100)
    places = {r.entry.pk: (r.place, r.place_to) for r in selectors.results(tournament).rows}
    assert places[a.pk] == places[b.pk] == (11, 12)
    assert places[c.pk] == (10, 10)  # the next hand: a place of its own
    state = selectors.clock(tournament)
    assert state.hand_for_hand_hands == 1 and state.elapsed_ms >= 90_000


# --------------------------------------------------------------------------- sanctions


def impose(world, tournament, entry, level, actor=None, **kw):  # type: ignore[no-untyped-def]
    return services.sanction_record(
        actor=actor or world.mgr,
        tournament=tournament,
        entry=entry,
        conduct_code=kw.pop("conduct", "disruptive"),
        level=level,
        override_reason=kw.pop("override_reason", "decisión de la gerencia"),
        **kw,
    )


def test_sanc_03_the_tournament_scale(world, tournament):
    # SANC-03: verbal warning; 1-4 vueltas; disqualification; expulsion. Not the cash scale.
    entries = running(world, tournament, 6, (1,))
    with pytest.raises(ValidationFailed) as refused:
        impose(world, tournament, entries[0], SanctionLevel.REMOVAL)
    assert refused.value.code == "LEVEL_NOT_IN_SCALE"
    warned = impose(world, tournament, entries[0], SanctionLevel.WARNING, actor=world.pit)
    assert warned.is_tournament and warned.event_name == tournament.event_name
    assert warned.session_id == world.sessions[1].pk  # the one ledger, at his table


def test_sanc_04_vueltas_count_the_players_in_the_hand_and_the_last_chip_eliminates(
    world, tournament
):
    # SANC-04: 9 players × 2 vueltas = 18 hands; dealt in and blinded meanwhile; the last
    # chip lost to the blinds eliminates him (the recorder's stored hand tells).
    entries = running(world, tournament, 9, (1,))
    target = entries[0]
    row = impose(
        world,
        tournament,
        target,
        SanctionLevel.VUELTAS,
        vueltas=2,
        players_in_hand=9,
        hand_number=3,
        actor=world.pit,
    )
    assert row.hands_total == 18
    info = seat_of(tournament, target)
    seats = sorted(i.seat for i in by_table(tournament)[1])
    hand = stored_hand(
        world.sessions[1],
        4,
        [
            (
                s,
                seat_plan(world.sessions[1]).at(s).player,
                10000 if s != info.seat else 200,
                0 if s == info.seat else 10000,
                "BB" if s == info.seat else "",
                s == info.seat,
            )
            for s in seats
        ],
    )
    recorder.hand_stored(world.sup, hand)
    e = Elimination.objects.get(entry=target)
    assert (e.reason, e.hand_id, e.stack_at_start) == ("SANC-04", hand.pk, 200)
    assert target.pk not in selectors.seating(tournament).seats


def test_sanc_05_disqualification_keeps_the_place_and_prize_earned(world, tournament):
    # SANC-05: eliminated at that moment with the place earned; his chips leave play.
    entries = running(world, tournament, 6, (1,))
    services.elimination_record(actor=world.sup, tournament=tournament, entry=entries[0])
    impose(
        world,
        tournament,
        entries[1],
        SanctionLevel.DISQUALIFICATION,
        conduct="chip_dumping",
        override_reason="",
    )
    places = {r.entry.pk: r for r in selectors.results(tournament).rows}
    assert places[entries[1].pk].place == 5  # the next place from the bottom
    assert places[entries[1].pk].reason == "disqualified"
    assert entries[1].pk not in selectors.seating(tournament).seats


def test_sanc_06_expulsion_forfeits_the_place_and_those_below_move_up(world, tournament):
    # SANC-06: the expelled loses place and prize; the players below move up one place.
    entries = running(world, tournament, 6, (1,))
    for e in entries[:3]:
        services.elimination_record(actor=world.sup, tournament=tournament, entry=e)
    before = {r.entry.pk: r.place for r in selectors.results(tournament).rows}
    assert [before[e.pk] for e in entries[:3]] == [6, 5, 4]
    impose(world, tournament, entries[2], SanctionLevel.EXPULSION)  # he was 4th
    after = {r.entry.pk: r.place for r in selectors.results(tournament).rows}
    assert after[entries[2].pk] == 0
    assert [after[e.pk] for e in entries[:2]] == [5, 4]  # each moved up one place
    from players.models import Exclusion

    assert Exclusion.objects.filter(player=entries[2].player).exists()  # barred (issue 17)


def test_sanc_07_sanctions_accumulate_across_the_tournaments_of_one_event(world):
    # SANC-07: a warning in one tournament of the event; in the next, one step up.
    first = new_tournament(world, "Día 1")
    first.event_name = "Festival de otoño"
    first.save(update_fields=["event_name"])
    second = new_tournament(world, "Día 2")
    second.event_name = "Festival de otoño"
    second.save(update_fields=["event_name"])
    world.tables(1, 2)
    player = world.player()
    a = services.entry_register(actor=world.cash, tournament=first, player=player)
    services.entry_register(actor=world.cash, tournament=first, player=world.player())
    services.draw_initial(actor=world.sup, tournament=first, tables=[1])
    services.clock_record(actor=world.sup, tournament=first, kind="start")
    impose(world, first, a, SanctionLevel.WARNING, actor=world.pit, override_reason="")
    b = services.entry_register(actor=world.cash, tournament=second, player=player)
    services.entry_register(actor=world.cash, tournament=second, player=world.player())
    services.draw_initial(actor=world.sup, tournament=second, tables=[2])
    services.clock_record(actor=world.sup, tournament=second, kind="start")
    with pytest.raises(ValidationFailed) as refused:  # a warning again needs a reason
        services.sanction_record(
            actor=world.pit,
            tournament=second,
            entry=b,
            conduct_code="disruptive",
            level=SanctionLevel.WARNING,
        )
    assert refused.value.code == "OVERRIDE_REASON_REQUIRED"
    assert refused.value.details["suggested_level"] == SanctionLevel.VUELTAS
    assert refused.value.details["suggested_vueltas"] == 1


def test_sanc_10_chip_dumping_and_soft_play_are_sanctioned_to_disqualification(world, tournament):
    # SANC-10 (c): chip dumping and soft play must be sanctioned; the tournament default
    # is a disqualification (SANC-05 follows).
    entries = running(world, tournament, 6, (1,))
    row = impose(
        world,
        tournament,
        entries[3],
        SanctionLevel.DISQUALIFICATION,
        conduct="chip_dumping",
        override_reason="",
    )
    assert row.suggested_level == SanctionLevel.DISQUALIFICATION
    assert Elimination.objects.get(entry=entries[3]).kind == ExitKind.DISQUALIFIED


def test_sanc_12_chips_not_in_view_when_moving(world, tournament):
    # SANC-12, TOUR-05: chips not kept visible when moving tables: possible disqualification.
    entries = running(world, tournament, 6, (1,))
    row = impose(
        world,
        tournament,
        entries[4],
        SanctionLevel.DISQUALIFICATION,
        conduct="chips_not_visible",
        override_reason="",
    )
    assert row.conduct_code == "chips_not_visible"
    assert SanctionEntry.objects.filter(event_name=tournament.event_name).count() == 1


# --------------------------------------------------------------------------- the ledger


def test_entries_refunds_and_receipts_gen_10(world, tournament):
    # GEN-10: every peso in and out is a numbered receipt; a refund reverses the payment.
    world.tables(1)
    p = world.player()
    e = services.entry_register(actor=world.cash, tournament=tournament, player=p)
    refund = services.entry_unregister(actor=world.cash, entry=e, reason="no puede quedarse")
    pay = LedgerEntry.objects.get(entry=e, kind=LedgerKind.ENTRY)
    assert refund.reverses_id == pay.pk and refund.pool_amount == -pay.pool_amount
    assert refund.receipt_number == pay.receipt_number + 1
    assert all(r.seal_verdict() == "ok" for r in LedgerEntry.objects.all())
    # Re-registering is a new entry; no duplicate player while one is live.
    again = services.entry_register(actor=world.cash, tournament=tournament, player=p)
    with pytest.raises(Conflict) as dup:
        services.entry_register(actor=world.cash, tournament=tournament, player=p)
    assert dup.value.code == "PLAYER_ALREADY_REGISTERED" and again.number == 2


def test_an_excluded_player_is_refused_at_registration(world, tournament):
    # The registry's exclusion check applies at the cage (issue 17 §2), before any seat.
    from players.services import exclusion_self_record

    p = world.player()
    exclusion_self_record(
        actor=world.pit,
        player=p,
        ends_on=timezone.localdate() + timedelta(days=180),
        reason="autoexclusión",
    )
    with pytest.raises(Conflict) as refused:
        services.entry_register(actor=world.cash, tournament=tournament, player=p)
    assert refused.value.code == "PLAYER_EXCLUDED"
    assert not LedgerEntry.objects.exists()


def test_a_full_tournament_takes_alternates_from_the_waiting_list_in_order(world):
    t = new_tournament(world, "Cupo", max_players=2)
    a, b, c, d = world.players(4)
    services.entry_register(actor=world.cash, tournament=t, player=a)
    first = services.entry_register(actor=world.cash, tournament=t, player=b)
    with pytest.raises(Conflict) as full:
        services.entry_register(actor=world.cash, tournament=t, player=c)
    assert full.value.code == "TOURNAMENT_FULL"
    wc = services.waiting_add(actor=world.cash, tournament=t, player=c)
    services.waiting_add(actor=world.cash, tournament=t, player=d)
    services.entry_unregister(actor=world.cash, entry=first)
    with pytest.raises(Conflict) as order:
        services.entry_register(actor=world.cash, tournament=t, player=d)
    assert order.value.code == "WAITING_LIST_FIRST"
    alt = services.entry_register(actor=world.cash, tournament=t, player=c, waiting=wc)
    assert alt.alternate


def test_a_mistaken_bust_is_corrected_with_a_reason(world, tournament):
    entries = running(world, tournament, 6, (1,))
    gone = services.elimination_record(actor=world.sup, tournament=tournament, entry=entries[0])
    seat = gone.seat
    c = services.elimination_correct(
        actor=world.sup, elimination=gone, reason="se anotó al jugador equivocado", chips=8000
    )
    info = seat_of(tournament, entries[0])
    assert (info.seat, info.chips) == (seat, 8000) and c.move.to_seat == seat
    assert Elimination.objects.filter(pk=gone.pk).exists()  # the original row stays
    assert selectors.results(tournament).rows[0].place is None
    with pytest.raises(ValidationFailed):
        services.elimination_correct(actor=world.sup, elimination=gone, reason="", chips=1)


def test_the_plan_confirmed_is_the_plan_shown(world, tournament):
    # A plan is a version: shown on one seating, refused on another (PLAN_STALE).
    running(world, tournament, 14, (1, 2))
    for info in by_table(tournament)[1][:3]:
        services.elimination_record(actor=world.sup, tournament=tournament, entry=info.entry)
    shown = selectors.balance_plan(tournament)
    services.elimination_record(
        actor=world.sup, tournament=tournament, entry=by_table(tournament)[2][0].entry
    )
    with pytest.raises(Conflict) as stale:
        services.balance_confirm(actor=world.sup, tournament=tournament, version=shown.version)
    assert stale.value.code == "TOURNAMENT_PLAN_STALE"
    assert not SeatDraw.objects.filter(kind=DrawKind.PLAN).exists()


def test_the_clock_is_the_log_replayed(world, tournament):
    # TDA RP-8's clock: derived from the append-only log, never a countdown.
    running(world, tournament, 4, (1,))
    services.clock_record(actor=world.sup, tournament=tournament, kind="pause")
    with pytest.raises(Conflict) as refused:
        services.clock_record(actor=world.sup, tournament=tournament, kind="pause")
    assert refused.value.code == "TOURNAMENT_CLOCK_ALREADY_PAUSED"
    services.clock_record(actor=world.sup, tournament=tournament, kind="go_to_level", level=3)
    state = selectors.clock(tournament)
    assert (state.level, state.status.value, state.time_left_ms) == (3, "paused", 20 * 60_000)
    assert SeatStatus.PLAYING  # seats untouched by the clock
