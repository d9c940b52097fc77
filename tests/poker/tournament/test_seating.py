"""Seat draw, late entries, breaking and balancing tables, the final table (TOUR-01; TDA 7-11)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker.tournament import (
    Halt,
    Move,
    Reason,
    Seat,
    Seating,
    TableSpec,
    TableState,
    TCode,
    TournamentError,
    apply_plan,
    draw_late_entries,
    draw_seats,
    move_slip,
    plan_balance,
    remove_players,
    tables_needed,
)

SEED = 20240614


def seven_tables() -> list[TableSpec]:
    return [TableSpec(t, 9) for t in range(1, 8)]


def counts(seating: Seating) -> dict[int, int]:
    return {t.table: t.count for t in seating.tables}


def test_tour_01_tda_7_initial_seats_are_drawn_evenly_and_reproducibly() -> None:
    # TOUR-01, TDA 7: seats are drawn at random; the recorded seed replays the draw.
    players = list(range(1001, 1061))
    assert tables_needed(60, 9) == 7
    draw = draw_seats(players, seven_tables(), SEED)
    assert sorted(counts(draw.seating).values()) == [8, 8, 8, 9, 9, 9, 9]
    assert sorted(draw.seating.players()) == players
    assert all(m.reason is Reason.INITIAL_DRAW and m.from_seat is None for m in draw.moves)
    assert {m.player: m.to_seat for m in draw.moves} == {p: draw.seating.where(p) for p in players}
    assert (
        draw_seats(list(reversed(players)), seven_tables(), SEED) == draw
    )  # order given is irrelevant
    assert draw_seats(players, seven_tables(), SEED + 1).seating != draw.seating


def test_tda_7_the_draw_is_fair() -> None:
    # TDA 7: every seat equally likely for a given player (900 draws of 18 players, 2 tables).
    seen: Counter[Seat] = Counter()
    for seed in range(900):
        draw = draw_seats(list(range(18)), [TableSpec(1, 9), TableSpec(2, 9)], seed)
        seat = draw.seating.where(7)
        assert seat is not None
        seen[seat] += 1
    assert len(seen) == 18 and min(seen.values()) > 20 and max(seen.values()) < 90


def test_the_draw_is_refused_when_it_cannot_seat_everyone() -> None:
    with pytest.raises(TournamentError) as caught:
        draw_seats(list(range(64)), seven_tables(), SEED)
    assert caught.value.code is TCode.NO_OPEN_SEAT
    assert caught.value.message_es.startswith("No hay asiento libre: 64 jugadores para 63 asientos")
    with pytest.raises(TournamentError) as caught:
        draw_seats(list(range(5)), seven_tables(), SEED)
    assert caught.value.code is TCode.TABLES_TOO_MANY
    with pytest.raises(TournamentError) as caught:
        draw_seats([1, 2, 2], seven_tables()[:1], SEED)
    assert caught.value.code is TCode.PLAYER_LISTED_TWICE
    with pytest.raises(TournamentError) as caught:
        draw_seats([1, 2], seven_tables()[:1], -1)
    assert caught.value.code is TCode.SEED_INVALID


def test_tda_8_late_entries_draw_from_the_open_seats_of_the_shortest_tables() -> None:
    # TDA 8: late entries draw from the same pool as everyone: the tables with room and
    # the fewest players, so the tables stay balanced.
    draw = draw_seats(list(range(60)), seven_tables(), SEED)
    late = draw_late_entries(draw.seating, [100, 101, 102], SEED)
    short = {t for t, n in counts(draw.seating).items() if n == 8}
    assert {m.to_seat.table for m in late.moves} == short
    assert all(m.reason is Reason.LATE_ENTRY for m in late.moves)
    assert sorted(counts(late.seating).values()) == [9] * 7
    with pytest.raises(TournamentError) as caught:  # all full: the floor opens a table
        draw_late_entries(late.seating, [103], SEED)
    assert caught.value.code is TCode.NO_OPEN_SEAT
    with pytest.raises(TournamentError) as caught:
        draw_late_entries(late.seating, [5], SEED)
    assert caught.value.code is TCode.PLAYER_ALREADY_SEATED
    opened = Seating((*late.seating.tables, TableState(8, 9)))
    assert draw_late_entries(opened, [103], SEED).moves[0].to_seat.table == 8


def full(table: int, seats: range, last_big_blind: int | None, first: int) -> TableState:
    return TableState.of(table, 9, {s: first + s for s in seats}, last_big_blind)


def test_tda_11_the_next_big_blind_moves_to_the_worst_position() -> None:
    # TDA 11: the player due the big blind next leaves the long table for the open seat
    # of the short table that will post the big blind soonest; play halts at a table
    # three or more short.
    long = full(1, range(1, 10), last_big_blind=4, first=100)  # next big blind: seat 5
    short = TableState.of(2, 9, {1: 201, 2: 202, 3: 203, 5: 205, 7: 207, 9: 209}, last_big_blind=3)
    seating = Seating((long, short))
    plan = plan_balance(seating, break_order=[1, 2], final_table_size=9, seed=SEED)
    assert plan.halted == (Halt(2, 6, 3),)
    assert plan.moves == (
        Move(
            105,
            Seat(1, 5),
            Seat(2, 4),
            Reason.BALANCE,
            Reason.WORST_POSITION,
            Reason.NEXT_BIG_BLIND,
        ),
    )
    after = apply_plan(seating, plan)
    assert counts(after) == {1: 8, 2: 7}


def test_tda_11_worst_position_is_never_the_small_blind() -> None:
    # TDA 11: with a dead button the seat whose player posted the last big blind is the
    # next small blind: a moved player never takes it while another seat is open.
    long = full(1, range(1, 10), last_big_blind=9, first=100)  # next big blind: seat 1
    short = TableState.of(2, 9, {1: 201, 2: 202, 3: 203, 5: 205, 7: 207, 9: 209}, last_big_blind=4)
    plan = plan_balance(Seating((long, short)), break_order=[1, 2], final_table_size=9, seed=SEED)
    (move,) = plan.moves
    assert (move.player, move.to_seat, move.seat_reason) == (101, Seat(2, 6), Reason.WORST_POSITION)
    only = TableState.of(2, 9, {s: 200 + s for s in (1, 2, 3, 5, 6, 7)}, last_big_blind=4)
    long8 = full(1, range(1, 10), last_big_blind=9, first=100)
    plan = plan_balance(Seating((long8, only)), break_order=[1, 2], final_table_size=9, seed=SEED)
    assert [m.to_seat.seat for m in plan.moves] == [8]  # first open seat after 4 that is not 4
    tight = TableState.of(
        2, 9, {s: 200 + s for s in range(1, 10) if s not in (4, 8, 9)}, last_big_blind=8
    )
    plan = plan_balance(Seating((long8, tight)), break_order=[1, 2], final_table_size=9, seed=SEED)
    assert [(m.to_seat.seat, m.seat_reason) for m in plan.moves] == [(9, Reason.WORST_POSITION)]


def test_tda_11_when_only_the_small_blind_seat_is_open_the_slip_says_so() -> None:
    # TDA 11: the small blind's seat is never the worst position; if it is the only open
    # seat (a 9-seat table next to a 10-seat one), the move says the player waits for the
    # blinds to pass.
    ten = TableState.of(1, 10, {s: 100 + s for s in range(1, 11)}, last_big_blind=2)
    nine = TableState.of(2, 9, {s: 200 + s for s in range(1, 10) if s != 6}, last_big_blind=6)
    plan = plan_balance(Seating((ten, nine)), break_order=[1, 2], final_table_size=9, seed=SEED)
    (move,) = plan.moves
    assert (move.player, move.to_seat, move.seat_reason) == (
        103,
        Seat(2, 6),
        Reason.ONLY_SMALL_BLIND_SEAT_OPEN,
    )


def test_tda_11_the_table_that_gives_a_player_is_fixed_in_advance() -> None:
    # TDA 11: which table gives the player follows a predetermined procedure: the fullest
    # table that breaks first gives, the shortest table that breaks last receives.
    a = full(1, range(1, 10), 2, 100)
    b = full(2, range(1, 10), 2, 200)
    c = full(3, range(1, 8), 2, 300)  # 7
    seating = Seating((a, b, c))
    plan = plan_balance(seating, break_order=[2, 1, 3], final_table_size=9, seed=SEED)
    assert [(m.from_seat.table if m.from_seat else 0, m.to_seat.table) for m in plan.moves] == [
        (2, 3)
    ]
    plan = plan_balance(seating, break_order=[1, 3, 2], final_table_size=9, seed=SEED)
    assert [(m.from_seat.table if m.from_seat else 0, m.to_seat.table) for m in plan.moves] == [
        (1, 3)
    ]
    # Two tables equally short: the one that breaks last receives the player.
    d = full(4, range(1, 8), 2, 400)  # 7
    four = Seating((a, full(2, range(1, 9), 2, 200), c, d))  # 9, 8, 7, 7
    plan = plan_balance(four, break_order=[1, 3, 4, 2], final_table_size=9, seed=SEED)
    assert [(m.from_seat.table if m.from_seat else 0, m.to_seat.table) for m in plan.moves] == [
        (1, 4)
    ]
    plan = plan_balance(four, break_order=[1, 4, 3, 2], final_table_size=9, seed=SEED)
    assert [(m.from_seat.table if m.from_seat else 0, m.to_seat.table) for m in plan.moves] == [
        (1, 3)
    ]
    loose = plan_balance(
        seating, break_order=[1, 2, 3], final_table_size=9, seed=SEED, max_difference=2
    )
    assert loose.empty  # 9, 9, 7 is within two


def test_tda_11_a_table_yet_to_deal_moves_a_drawn_player_to_a_drawn_seat() -> None:
    a = full(1, range(1, 10), None, 100)
    b = TableState.of(2, 9, {1: 201, 2: 202, 3: 203, 4: 204, 5: 205, 6: 206, 7: 207}, None)
    plan = plan_balance(Seating((a, b)), break_order=[1, 2], final_table_size=9, seed=SEED)
    (move,) = plan.moves
    assert (move.player_reason, move.seat_reason) == (Reason.DRAWN, Reason.DRAWN)
    assert plan == plan_balance(Seating((a, b)), break_order=[1, 2], final_table_size=9, seed=SEED)


def test_tda_10_the_next_table_in_the_break_order_breaks_and_its_players_are_redrawn() -> None:
    # TDA 10: once the players fit in the other tables, the next table of the fixed order
    # breaks; its players draw a table among the shortest, then a seat (any seat).
    t1 = TableState.of(1, 9, {s: 100 + s for s in range(1, 7)}, 3)
    t2 = TableState.of(2, 9, {s: 200 + s for s in range(2, 8)}, 3)
    t3 = TableState.of(3, 9, {s: 300 + s for s in range(3, 9)}, 3)
    seating = Seating((t1, t2, t3))
    plan = plan_balance(seating, break_order=[3, 1, 2], final_table_size=9, seed=SEED)
    assert plan.broken == (3,) and plan.final_table is None
    assert {m.player for m in plan.moves} == {303, 304, 305, 306, 307, 308}
    assert all(
        m.reason is Reason.TABLE_BROKEN and m.seat_reason is Reason.DRAWN for m in plan.moves
    )
    after = apply_plan(seating, plan)
    assert counts(after) == {1: 9, 2: 9}
    assert plan_balance(after, break_order=[3, 1, 2], final_table_size=9, seed=SEED).empty


def test_the_final_table_is_redrawn() -> None:
    # The last table of the break order hosts the final table; every player draws a seat.
    t1 = TableState.of(1, 9, {1: 101, 4: 104, 6: 106, 8: 108, 9: 109}, 8)
    t2 = TableState.of(2, 9, {2: 202, 3: 203, 5: 205, 7: 207}, 2)
    seating = Seating((t1, t2))
    plan = plan_balance(seating, break_order=[1, 2], final_table_size=9, seed=SEED)
    assert (plan.final_table, plan.broken) == (2, (1,))
    assert len(plan.moves) == 9 and {m.reason for m in plan.moves} == {Reason.FINAL_TABLE}
    assert sorted(m.to_seat.seat for m in plan.moves) == list(range(1, 10))
    after = apply_plan(seating, plan)
    (final,) = after.tables
    assert (final.table, final.count, final.last_big_blind) == (2, 9, None)  # a new button draw
    with pytest.raises(TournamentError) as caught:
        apply_plan(after, plan)  # a plan applies once, to the seating it was made on
    assert caught.value.code is TCode.PLAN_STALE


def test_refusals_of_a_plan() -> None:
    seating = Seating((full(1, range(1, 10), 1, 100), full(2, range(1, 5), 1, 200)))
    with pytest.raises(TournamentError) as caught:
        plan_balance(seating, break_order=[1], final_table_size=9, seed=SEED)
    assert (caught.value.code, caught.value.params["table"]) == (TCode.BREAK_ORDER_INCOMPLETE, 2)
    with pytest.raises(TournamentError) as caught:
        plan_balance(seating, break_order=[1, 2], final_table_size=9, seed=SEED, max_difference=3)
    assert caught.value.code is TCode.NUMBER_OUT_OF_RANGE
    with pytest.raises(TournamentError) as caught:
        Seating((full(1, range(1, 3), 1, 100), full(2, range(1, 3), 1, 100)))
    assert caught.value.code is TCode.PLAYER_SEATED_TWICE


def test_tour_05_the_move_slip_says_the_chips_travel_in_view() -> None:
    # TOUR-05: a player moved carries the chips in the hands or in a rack, always visible.
    move = Move(
        7, Seat(4, 7), Seat(2, 3), Reason.BALANCE, Reason.WORST_POSITION, Reason.NEXT_BIG_BLIND
    )
    es, en = move_slip(move, "Juan Pérez")
    assert es == (
        "Juan Pérez: mesa 4 asiento 7 → mesa 2 asiento 3, con sus fichas a la vista, en la mano "
        "o en un fichero (equilibrio de mesas)"
    )
    assert en.startswith("Juan Pérez: table 4 seat 7 → table 2 seat 3, chips carried in view")
    es, _ = move_slip(Move(8, None, Seat(2, 5), Reason.LATE_ENTRY, Reason.DRAWN), "Ana", {2: "B"})
    assert es.startswith("Ana: mesa B asiento 5 (entrada tardía")


def test_tour_02_absent_entrants_come_off_when_registration_closes() -> None:
    # TOUR-02: the stacks of entrants who never came are taken off the table when late
    # registration closes; the balancing that follows is an ordinary plan.
    draw = draw_seats(list(range(18)), [TableSpec(1, 9), TableSpec(2, 9)], SEED)
    absent = [p for p in draw.seating.table(1).seat_map().values()][:3]
    after = remove_players(draw.seating, absent)
    assert counts(after) == {1: 6, 2: 9}
    assert len(plan_balance(after, break_order=[1, 2], final_table_size=9, seed=SEED).moves) == 1
    with pytest.raises(TournamentError) as caught:
        remove_players(after, absent[:1])
    assert caught.value.code is TCode.PLAYER_NOT_SEATED


# -- the balancing property -------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([8, 9, 10]),
    st.integers(6, 10),
    st.integers(12, 90),
    st.sampled_from([1, 2]),
    st.integers(0, 2**32),
    st.randoms(use_true_random=False),
)
def test_tda_10_11_after_any_busts_the_plan_balances_and_moves_nobody_twice(
    seats: int, final: int, n: int, difference: int, seed: int, rnd: random.Random
) -> None:
    # TDA 10, 11: whatever the busts, once the plan is applied no two tables differ by
    # more than the trigger, nobody moved twice, nobody was lost, and nothing is left to do.
    # Tables of two sizes, the break order drawn, and now and then many players out at
    # once (absent entrants removed when late registration closes, TOUR-02).
    final = min(final, seats)
    specs = [TableSpec(t, rnd.choice([seats, seats - 1])) for t in range(1, n // 7 + 2)]
    seating = draw_seats(list(range(n)), specs, seed).seating
    order = rnd.sample([t.table for t in seating.tables], len(seating.tables))
    host_seats = seating.table(order[-1]).seats
    while seating.count > 1:
        alive = list(seating.players())
        many = rnd.random() < 0.15
        out = rnd.randint(1, max(1, len(alive) // 3)) if many else rnd.randint(1, 4)
        seating = remove_players(seating, rnd.sample(alive, min(out, len(alive) - 1)))
        seating = Seating(
            tuple(
                TableState(t.table, t.seats, t.players, rnd.choice([None, *range(1, t.seats + 1)]))
                for t in seating.tables
            )
        )
        before = set(seating.players())
        plan = plan_balance(
            seating, break_order=order, final_table_size=final, seed=seed, max_difference=difference
        )
        movers = [m.player for m in plan.moves]
        assert len(movers) == len(set(movers)), "somebody moves twice"
        # Follow the plan move by move: each BALANCE move takes the player due the big
        # blind next at that moment (TDA 11), unless that player already moved.
        where = {t.table: t.seat_map() for t in seating.tables}
        last_bb = {t.table: t.last_big_blind for t in seating.tables}
        size = {t.table: t.seats for t in seating.tables}
        done: set[int] = set()
        for m in plan.moves:
            assert m.from_seat is not None and seating.where(m.player) == m.from_seat
            if m.reason is Reason.BALANCE:
                table, last = m.from_seat.table, last_bb[m.from_seat.table]
                if last is not None:
                    by_turn = sorted(where[table], key=lambda s: (s - last - 1) % size[table])
                    due = next(s for s in by_turn if where[table][s] not in done)
                    assert m.from_seat.seat == due
                    assert m.player_reason is (
                        Reason.NEXT_BIG_BLIND
                        if due == by_turn[0]
                        else Reason.NEXT_BIG_BLIND_NOT_MOVED
                    )
            if m.reason is not Reason.FINAL_TABLE:
                del where[m.from_seat.table][m.from_seat.seat]
                where[m.to_seat.table][m.to_seat.seat] = m.player
            done.add(m.player)
        short = {h.table for h in plan.halted}
        sizes = counts(seating)
        if len(sizes) > 1:
            assert short == {t for t, c in sizes.items() if max(sizes.values()) - c >= 3}
        seating = apply_plan(seating, plan)
        assert set(seating.players()) == before
        sizes = counts(seating)
        assert all(t.count <= t.seats for t in seating.tables)
        if len(sizes) > 1:
            assert max(sizes.values()) - min(sizes.values()) <= difference
        if len(before) <= min(final, host_seats):
            assert len(sizes) == 1 and seating.tables[0].table == order[-1]
        assert plan_balance(
            seating, break_order=order, final_table_size=final, seed=seed, max_difference=difference
        ).empty


def test_tda_11_a_full_short_table_takes_nobody_and_no_draw_is_made_from_nothing() -> None:
    # TDA 11 with tables of different sizes: a full 6-seat table beside a 10-seat table of
    # 9 players is as balanced as the seats allow. The balance used to pick the full table
    # as the shortest and draw a seat from none (a bare ValueError: a 500 at the floor).
    six = TableState(1, 6, tuple((s, 100 + s) for s in range(1, 7)), 3)
    ten = TableState(2, 10, tuple((s, 200 + s) for s in range(1, 10)), 4)
    plan = plan_balance(Seating((six, ten)), break_order=[1, 2], final_table_size=10, seed=SEED)
    assert plan.moves == () and plan.broken == ()
    # With a seat free at the short table it does take the balance's player.
    five = TableState(1, 6, tuple((s, 100 + s) for s in range(1, 5)), 3)  # 4 of 6
    plan = plan_balance(Seating((five, ten)), break_order=[1, 2], final_table_size=10, seed=SEED)
    assert [(m.from_seat.table, m.to_seat.table) for m in plan.moves] == [(2, 1), (2, 1)]
