"""The table card (registro de mesa) of a session: buy-ins, re-buys and every change (RPT-04, RPT-05).

Seed 000 §6.3(6), §7.1–§7.3; BUYIN-10: per movement the time, seat, player,
amount, source, croupier and approving supervisor; reversals are printed as their
own lines pointing at the original (the books are append-only); totals per kind
and the cash that must be in the drop box.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

from cage.models import BuyinSource, SeatDeparture, TableTransaction, TransactionKind
from casino.access import Actor
from casino.selectors import ShiftSpan, shift_in, shifts_of_day
from tables.models import TableSession

from ..access import require_session_scope, resolve_session
from ..formatting import day as day_text
from ..params import SessionOrTableParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name, role_label
from ._shifts import shift_header
from .control_sheet import pit_boss_names
from .player_tracking import Stay, seat_stays

ZERO = Decimal("0")
K = TransactionKind

KIND_LABELS = {
    "buyin": ("Compra", "Buy-in"),
    "rebuy": ("Recompra", "Re-buy"),
    K.COLOUR_CHANGE: ("Cambio de color", "Colour change"),
    K.CASH_OUT: ("Cambio de valor", "Cash-out (colour-up)"),
    K.TIP_CHANGE: ("Cambio de propina", "Tip change"),
    K.IN_HAND_CHANGE: ("Cambio en mano (del pozo)", "In-hand change (from the pot)"),
}
SOURCE_LABELS: dict[str, tuple[str, str]] = {
    BuyinSource.CASH: ("efectivo", "cash"),
    BuyinSource.CAGE_CHIPS: ("fichas de caja", "cage chips"),
    BuyinSource.OTHER_TABLE: ("fichas de otra mesa", "other table's chips"),
}


def _kind_key(tx: TableTransaction) -> str:
    if tx.kind == K.BUYIN:
        return "rebuy" if tx.is_rebuy else "buyin"
    return str(tx.kind)


def _chips_text(tx: TableTransaction, direction: str, lang: str) -> str:
    from ..formatting import chips, money

    parts = [
        f"{chips(line.count, lang)} × {money(line.denomination.value, lang)}"
        for line in tx.chip_lines.all()
        if line.direction == direction
    ]
    return "; ".join(parts)


def _seats(session: TableSession) -> list[dict[str, Any]]:
    """Per seat, every occupant of the session in order of arrival with their buy-ins.

    One reading of the stays for every report (``player_tracking.seat_stays``): a
    player who left and the one who sat down after both keep their line, so the
    seat's total is everything bought in at that seat (BUYIN-07, issue 14).
    """
    by_seat: dict[int, list[Stay]] = defaultdict(list)
    for stay in sorted(seat_stays(session), key=lambda s: (s.arrived, s.seat)):
        by_seat[stay.seat].append(stay)
    return [
        {
            "seat": seat,
            "occupants": [
                {
                    "player": stay.player,
                    "arrived": stay.arrived,
                    "left": stay.left,
                    "buyins": stay.buyins,
                    "buyin_amount": stay.buyin_amount,
                    "rebuys": stay.rebuys,
                    "rebuy_amount": stay.rebuy_amount,
                    "total": stay.bought,
                }
                for stay in stays
            ],
            "total": sum((stay.bought for stay in stays), ZERO),
        }
        for seat, stays in sorted(by_seat.items())
    ]


Tally = dict[str, dict[str, Any]]


def _tally() -> Tally:
    return defaultdict(lambda: {"count": 0, "amount": ZERO})


def _movement_row(
    tx: TableTransaction, key: str, shift: str, cash: Decimal, returned: Decimal, lang: str
) -> dict[str, Any]:
    """One movement of the card as printed: who, what, how much, who approved."""
    label_es, label_en = KIND_LABELS[key]
    source = SOURCE_LABELS.get(tx.source)
    return {
        "at": tx.recorded_at,
        "shift": shift,
        "kind": bilingual(lang, label_es, label_en),
        "reversal": tx.sign < 0,
        "reverses_at": tx.reverses.recorded_at if tx.reverses else None,
        "reason": tx.reason,
        "seat": tx.seat,
        "player": tx.player.display_name if tx.player else tx.player_name,
        "amount": tx.sign * tx.amount,
        "source": bilingual(lang, *source) if source else "",
        "cash": cash,
        "returned": returned,
        "chips_in": _chips_text(tx, "in", lang),
        "chips_out": _chips_text(tx, "out", lang),
        "croupier": name(tx.croupier),
        "approved_by": name(tx.approved_by),
        "approved_role": role_label(tx.approved_role),
        "override": bool(tx.override_by_id),
        "override_by": name(tx.override_by) if tx.override_by_id else "",
        "override_reason": tx.override_reason,
        "hand_number": tx.hand_number,
    }


def _movements(
    session: TableSession, spans: list[ShiftSpan], lang: str
) -> tuple[list[dict[str, Any]], Tally, dict[int, Tally], Decimal]:
    """The session's movements in order, with their count and amount per kind, per kind
    and shift, and the cash bought in."""
    rows = []
    totals = _tally()
    by_shift: dict[int, Tally] = defaultdict(_tally)
    cash_in = ZERO
    qs = (
        TableTransaction.objects.filter(session=session)
        .select_related("croupier", "approved_by", "player", "override_by", "reverses")
        .prefetch_related("chip_lines__denomination", "cash_lines")
        .order_by("recorded_at", "id")
    )
    for tx in qs.iterator(chunk_size=500):
        key = _kind_key(tx)
        cash = sum((c.value * c.count for c in tx.cash_lines.all() if not c.returned), ZERO)
        returned = sum((c.value * c.count for c in tx.cash_lines.all() if c.returned), ZERO)
        if tx.kind == K.BUYIN and tx.source == BuyinSource.CASH:
            cash_in += tx.sign * cash
        totals[key]["count"] += tx.sign
        totals[key]["amount"] += tx.sign * tx.amount
        span = shift_in(spans, tx.recorded_at)
        by_shift[span.index][key]["count"] += tx.sign
        by_shift[span.index][key]["amount"] += tx.sign * tx.amount
        rows.append(_movement_row(tx, key, span.label(lang), cash, returned, lang))
    return rows, totals, by_shift, cash_in


def _summary(totals: Tally, lang: str) -> list[dict[str, Any]]:
    return [
        {
            "kind": bilingual(lang, *KIND_LABELS[key]),
            "count": totals[key]["count"],
            "amount": totals[key]["amount"],
        }
        for key in KIND_LABELS
        if key in totals
    ]


def _departures(session: TableSession) -> list[dict[str, Any]]:
    return [
        {
            "seat": d.seat,
            "player": d.player.display_name if d.player else d.player_name,
            "stack": d.stack,
            "at": d.left_at,
        }
        for d in SeatDeparture.objects.filter(session=session).select_related("player")
    ]


def card_data(session: TableSession, lang: str) -> dict[str, Any]:
    # RPT-05: the change log per table and shift; each movement in the shift of its time,
    # with the one selector's boundaries (GEN-02).
    spans = shifts_of_day(session.gaming_day)
    rows, totals, by_shift, cash_in = _movements(session, spans, lang)
    summary = _summary(totals, lang)
    shift_summary = [
        {"shift": span.label(lang), "rows": _summary(by_shift[span.index], lang)}
        for span in spans
        if span.index in by_shift
    ]
    buyins_total = totals["buyin"]["amount"] + totals["rebuy"]["amount"]
    seats = _seats(session)
    departures = _departures(session)
    return {
        "session": session,
        "table": session.table,
        "gaming_day": session.gaming_day,
        "settings": session.settings,
        "header_scope": f"{bilingual(lang, 'Mesa', 'Table')} {session.table.number} · "
        f"{day_text(session.gaming_day.business_date, lang)} · {bilingual(lang, 'sesión', 'session')} "
        f"{session.number}",
        # RPT-01, OPEN-18: the shift (or shifts) the session ran in (issue 14 §3).
        "header_shift": shift_header(session, lang),
        "rows": rows,
        "summary": summary,
        "shift_summary": shift_summary,
        "buyins_total": buyins_total,
        "buyins_count": totals["buyin"]["count"] + totals["rebuy"]["count"],
        "cash_in": cash_in,
        "seats": seats,
        "seats_total": sum((seat["total"] for seat in seats), ZERO),
        "departures": departures,
        # Signed by hand on the printed card: the names printed, date and time left blank.
        "signature_lines": [
            {
                "role": bilingual(lang, "Supervisor de mesa", "Table supervisor"),
                "name": name(session.supervisor),
            },
            {
                "role": bilingual(lang, "Jefe de sector", "Pit boss"),
                "name": " / ".join(pit_boss_names(session)),
            },
        ],
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    session = resolve_session(ctx.casino, ctx.params)
    ctx.progress(20, "card")
    return card_data(session, ctx.lang)


def access(actor: Actor, params: dict[str, Any]) -> None:
    require_session_scope(actor, resolve_session(actor.casino, params))


register(
    ReportSpec(
        kind="table_card",
        title_es="Registro de mesa (compras y cambios)",
        title_en="Table card (buy-ins and changes)",
        template="pdf/table_card.html",
        params=SessionOrTableParams,
        build=build,
        access=access,
        landscape=True,
        description_es="Cada compra, recompra, cambio y cambio de valor de la sesión con hora, "
        "asiento, jugador, importe, croupier y supervisor que aprobó; totales (BUYIN-10, RPT-05).",
        description_en="Every buy-in, re-buy, change and cash-out of the session with time, seat, "
        "player, amount, croupier and approving supervisor; totals (BUYIN-10, RPT-05).",
    )
)
