"""A tournament's records as plain data for the API and the pages (no rules here)."""

from __future__ import annotations

from typing import Any

from poker.tournament import Move, registration_open

from . import selectors
from .models import (
    Deal,
    Elimination,
    EntryArrival,
    LedgerEntry,
    LedgerKind,
    MoveConfirmation,
    PayoutSlip,
    PayoutTable,
    SeatDraw,
    SeatMove,
    Settlement,
    Tournament,
)
from .services.structures import structure_output
from .units import money


def clock(t: Tournament) -> dict[str, Any]:
    state = selectors.clock(t)
    pool = selectors.pool(t)
    states = selectors.entry_states(t)
    left = len(states.live)
    chips_total = sum(
        r.chips
        for r in LedgerEntry.objects.filter(tournament=t, reversal__isnull=True).exclude(
            kind__in=[LedgerKind.REFUND, LedgerKind.PRIZE, LedgerKind.OVERLAY]
        )
    )
    removed = sum(
        e.stack_at_start
        for e in states.eliminated.values()
        if e.kind in ("disqualified", "expelled", "absent")
    )
    in_play = max(0, chips_total - removed)
    nb = state.next_blinds
    return {
        "status": state.status.value,
        "level": state.level,
        "on_break": state.on_break,
        "small_blind": state.blinds.small_blind,
        "big_blind": state.blinds.big_blind,
        "ante": state.blinds.ante,
        "ante_kind": state.blinds.ante_kind.value,
        "next_small_blind": nb.small_blind if nb else None,
        "next_big_blind": nb.big_blind if nb else None,
        "time_left_ms": state.time_left_ms,
        "elapsed_ms": state.elapsed_ms,
        "next_break_in_ms": state.next_break_in_ms,
        "colour_up": list(state.colour_up),
        "chips_in_play": list(state.chips_in_play),
        "hand_for_hand": state.hand_for_hand,
        "hand_for_hand_hands": state.hand_for_hand_hands,
        "seconds_per_hand": state.seconds_per_hand,
        "version": state.events,
        "registration_open": registration_open(t.rules(), state),
        "players_left": left,
        "average_stack": in_play // left if left else None,
        "chips_total": in_play,
        "pool_total": money(pool.total),
    }


def pool(t: Tournament) -> dict[str, Any]:
    p = selectors.pool(t)
    return {
        "collected": money(p.collected),
        "overlay": money(p.overlay),
        "total": money(p.total),
        "fees": money(p.fees),
    }


def tournament(t: Tournament) -> dict[str, Any]:
    counts = selectors.entry_counts(t)
    return {
        "id": t.pk,
        "name": t.name,
        "event_name": t.event_name,
        "status": t.status,
        "structure_version_id": t.structure_id,
        "structure": structure_output(t.rules()),
        "gaming_day_id": t.gaming_day_id,
        "max_players": t.max_players,
        "seed": t.seed,
        "entries": counts["entries"],
        "re_entries": counts["re_entries"],
        "players_left": counts["players_left"],
        "pool": pool(t),
        "clock": clock(t),
    }


def entries(
    t: Tournament,
    states: selectors.EntryStates | None = None,
    view: selectors.SeatingView | None = None,
) -> list[dict[str, Any]]:
    states = states or selectors.entry_states(t)
    view = view or selectors.seating(t, states)
    arrived = set(
        EntryArrival.objects.filter(entry__tournament=t).values_list("entry_id", flat=True)
    )
    receipts = {
        r.entry_id: r.receipt
        for r in LedgerEntry.objects.filter(
            tournament=t, kind__in=[LedgerKind.ENTRY, LedgerKind.RE_ENTRY]
        )
    }
    out = []
    for e in states.entries:
        state = (
            "refunded"
            if e.pk in states.refunded
            else "eliminated"
            if e.pk in states.eliminated
            else "in_play"
        )
        info = view.seats.get(e.pk)
        out.append(
            {
                "id": e.pk,
                "number": e.number,
                "player": e.player_id,
                "player_name": e.player.display_name,
                "kind": e.kind,
                "alternate": e.alternate,
                "state": state,
                "arrived": e.pk in arrived,
                "receipt": receipts.get(e.pk, ""),
                "seat": {
                    "table_number": info.tt.table.number,
                    "seat": info.seat,
                    "chips": info.chips,
                }
                if info
                else None,
            }
        )
    return out


def ledger_row(r: LedgerEntry) -> dict[str, Any]:
    return {
        "id": r.pk,
        "receipt": r.receipt,
        "ledger_kind": r.kind,
        "via": r.via,
        "entry_number": r.entry.number if r.entry else None,
        "pool_amount": r.pool_amount,
        "fee_amount": r.fee_amount,
        "chips": r.chips,
        "recorded_at": r.recorded_at,
        "recorded_by": r.recorded_by.username,
        "reverses": r.reverses_id,
    }


def tables(t: Tournament, view: selectors.SeatingView | None = None) -> list[dict[str, Any]]:
    view = view or selectors.seating(t)
    out = []
    for tt in view.tables:
        state = view.seating.table(tt.table.number)
        by_seat = {i.seat: i for i in view.seats.values() if i.tt.pk == tt.pk}
        seats = []
        for n in range(1, state.seats + 1):
            info = by_seat.get(n)
            seats.append(
                {
                    "seat": n,
                    "entry_number": info.entry.number if info else None,
                    "player_name": info.name if info else "",
                    "chips": info.chips if info else None,
                }
            )
        out.append(
            {
                "table_number": tt.table.number,
                "session": tt.session_id,
                "break_rank": tt.break_rank,
                "players": state.count,
                "seats": seats,
            }
        )
    return out


def move(m: SeatMove) -> dict[str, Any]:
    sides = {c.side for c in m.confirmations.all()}
    return {
        "id": m.pk,
        "entry_number": m.entry.number,
        "player_name": m.entry.player.display_name,
        "from_table": m.from_table,
        "from_seat": m.from_seat,
        "to_table": m.to_table,
        "to_seat": m.to_seat,
        "chips": m.chips,
        "move_reason": m.reason,
        "seat_reason": m.seat_reason,
        "player_reason": m.player_reason,
        "slip": {"es": m.slip_es, "en": m.slip_en},
        "confirmed_from": MoveConfirmation.Side.FROM in sides,
        "confirmed_to": MoveConfirmation.Side.TO in sides,
    }


def draw(d: SeatDraw) -> dict[str, Any]:
    moves = d.moves.select_related("entry__player").prefetch_related("confirmations")
    return {
        "id": d.pk,
        "draw_kind": d.kind,
        "seed": d.seed,
        "seating_version": d.seating_version,
        "halted": d.halted,
        "broken": d.broken,
        "final_table": d.final_table,
        "at": d.at,
        "moves": [move(m) for m in moves],
    }


def plan(pv: selectors.PlanView) -> dict[str, Any]:
    from poker.tournament import move_slip

    def planned(m: Move) -> dict[str, Any]:
        info = pv.view.seats[m.player]
        es, en = move_slip(m, info.entry.player.display_name)
        assert m.from_seat is not None
        return {
            "entry_number": info.entry.number,
            "player_name": info.entry.player.display_name,
            "from_table": m.from_seat.table,
            "from_seat": m.from_seat.seat,
            "to_table": m.to_seat.table,
            "to_seat": m.to_seat.seat,
            "move_reason": m.reason.value,
            "seat_reason": m.seat_reason.value,
            "player_reason": m.player_reason.value if m.player_reason else "",
            "slip": {"es": es, "en": en},
        }

    p = pv.plan
    return {
        "version": pv.version,
        "empty": p.empty,
        "halted": [
            {"table_number": h.table, "players": h.players, "short_by": h.short_by}
            for h in p.halted
        ],
        "broken": list(p.broken),
        "final_table": p.final_table,
        "moves": [planned(m) for m in p.moves],
    }


def elimination(e: Elimination) -> dict[str, Any]:
    return {
        "id": e.pk,
        "seq": e.seq,
        "entry_number": e.entry.number,
        "player_name": e.entry.player.display_name,
        "exit_kind": e.kind,
        "hand_key": e.hand_key,
        "hand_number": e.hand_number,
        "stack_at_start": e.stack_at_start,
        "table_number": e.table_number,
        "seat": e.seat,
        "corrected": hasattr(e, "correction"),
        "at": e.at,
        "reason": e.reason,
    }


def payout_table(p: PayoutTable) -> dict[str, Any]:
    signature = p.signatures().first()
    return {
        "id": p.pk,
        "version": p.version,
        "rule": p.rule,
        "pool": p.pool,
        "overlay": p.overlay,
        "entries": p.entries,
        "unit": p.unit,
        "first_share": p.first_share,
        "exponent": p.exponent,
        "approved": p.is_locked,
        "approved_by": signature.signer.username if signature else "",
        "lines": [
            {
                "place": line.place,
                "amount": line.amount,
                "seat_value": line.seat_value,
                "seat_in": line.seat_in,
            }
            for line in p.lines.order_by("place")
        ],
    }


def slip(s: PayoutSlip) -> dict[str, Any]:
    signature = s.signatures().first()
    return {
        "id": s.pk,
        "serial": s.serial,
        "entry_number": s.entry.number,
        "player_name": s.player.display_name,
        "place": s.place,
        "place_to": s.place_to,
        "amount": s.amount,
        "seat_value": s.seat_value,
        "seat_in": s.seat_in,
        "player_signed_name": s.player_signed_name,
        "cashier": signature.signer.username if signature else "",
        "locked": s.is_locked,
    }


def deal(d: Deal) -> dict[str, Any]:
    consented = set(d.consents.values_list("entry_id", flat=True))
    return {
        "id": d.pk,
        "method": d.method,
        "payouts": d.payouts,
        "to_play_for": d.to_play_for,
        "approved": d.is_locked,
        "shares": [
            {
                "entry_id": s.entry_id,
                "entry_number": s.entry.number,
                "player_name": s.entry.player.display_name,
                "stack": s.stack,
                "equity": s.equity,
                "amount": s.amount,
                "consented": s.entry_id in consented,
            }
            for s in d.shares.select_related("entry__player").order_by("id")
        ],
    }


def results(t: Tournament) -> dict[str, Any]:
    res = selectors.results(t)
    return {
        "finished": res.finished,
        "payout_table": res.payouts.pk if res.payouts else None,
        "deal": res.deal.pk if res.deal else None,
        "results": [
            {
                "entry_id": r.entry.pk,
                "entry_number": r.entry.number,
                "player": r.entry.player_id,
                "player_name": r.entry.player.display_name,
                "place": r.place,
                "place_to": r.place_to,
                "reason": r.reason,
                "amount": r.amount,
                "seat_value": r.seat_value,
                "seat_in": r.seat_in,
                "slip": r.slip.serial if r.slip else "",
            }
            for r in res.ranked + [x for x in res.rows if x.place is None]
        ],
    }


def settlement(s: Settlement) -> dict[str, Any]:
    return {
        "id": s.pk,
        "counted": s.counted,
        "expected": s.expected,
        "difference": s.difference,
        "fees": s.fees,
        "overlay": s.overlay,
        "pool": s.pool,
        "paid": s.paid,
        "locked": s.is_locked,
    }
