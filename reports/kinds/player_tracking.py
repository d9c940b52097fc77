"""The player tracking sheet (hoja de seguimiento del jugador) of a session (RPT-14, CLOSE-12).

Seed 000 §9.2*(1): at closing the dealer and the supervisor check that the
player tracking sheets are handed to the pit boss; §6.3(4): the supervisor
follows each player's buy-ins, re-buys and time at the table; §6.3(12): the
supervisor spots possible VIP players so that they are offered the membership.

One line per player seen at the session, in order of arrival: name where known,
seat, arrival (first buy-in) and departure (as recorded), buy-ins and re-buys,
cash-outs (colour-ups), the stack taken when leaving, hands played and the
sanctions. A player's stay at a seat runs from their first buy-in to their
recorded departure; a player who changes seat has one line per seat. Then the
VIP players seen (``Player.is_vip``), the VIP referrals recorded at the session
(``tables.VipReferral``, SEAT-12) and blank lines for referrals written by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from cage import selectors as cage_selectors
from cage.models import SeatDeparture, TableTransaction, TransactionKind
from casino.access import Actor
from hands.models import HandSeat, HandStatus
from players.models import Player
from tables.models import SanctionEntry, TableSession, VipReferral

from ..access import require_session_scope, resolve_session
from ..formatting import day as day_text
from ..params import SessionOrTableParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name
from .control_sheet import pit_boss_names, status_label
from .sanctions import level_label

ZERO = Decimal("0")
REFERRAL_LINES = 3


@dataclass
class Stay:
    """One player at one seat: from the first buy-in to the recorded departure."""

    seat: int
    player_id: int | None
    player: str
    arrived: datetime
    left: datetime | None = None
    left_with: Decimal | None = None
    buyins: int = 0
    buyin_amount: Decimal = ZERO
    rebuys: int = 0
    rebuy_amount: Decimal = ZERO
    cash_outs: int = 0
    cash_out_amount: Decimal = ZERO
    hands: int = 0
    invalid_hands: int = 0
    sanctions: list[str] = field(default_factory=list)
    vip: bool = False

    @property
    def bought(self) -> Decimal:
        return self.buyin_amount + self.rebuy_amount

    def covers(self, seat: int | None, at: datetime) -> bool:
        return seat == self.seat and self.arrived <= at and (self.left is None or at <= self.left)


def seat_stays(session: TableSession) -> list[Stay]:
    """Replay the table card's buy-ins and the departures in time order (BUYIN-07, BUYIN-10)."""
    events: list[tuple[datetime, int, int, Any]] = []
    for buyin in TableTransaction.objects.filter(
        session=session, kind=TransactionKind.BUYIN, seat__isnull=False
    ).select_related("player", "reverses"):
        events.append((cage_selectors.effective_at(buyin), 0, buyin.pk, buyin))
    for dep in SeatDeparture.objects.filter(session=session).select_related("player"):
        events.append((dep.left_at, 1, dep.pk, dep))
    events.sort(key=lambda e: (e[0], e[1], e[2]))
    stays: list[Stay] = []
    current: dict[int, Stay] = {}
    by_tx: dict[int, Stay] = {}  # a reversal undoes its original on the original's stay
    for _at, what, _pk, obj in events:
        if what == 1:
            stay = current.pop(obj.seat, None)
            if stay is not None:
                stay.left, stay.left_with = obj.left_at, obj.stack
            continue
        tx: TableTransaction = obj
        seat = tx.seat or 0
        if tx.sign < 0:
            stay = by_tx.get(tx.reverses_id or 0)
        else:
            stay = current.get(seat)
            if stay is None:
                stay = Stay(
                    seat=seat,
                    player_id=tx.player_id,
                    player=tx.player_name or (tx.player.display_name if tx.player else ""),
                    arrived=tx.recorded_at,
                    vip=bool(tx.player and tx.player.is_vip),
                )
                current[seat] = stay
                stays.append(stay)
            by_tx[tx.pk] = stay
        if stay is None:
            continue
        if tx.is_rebuy:
            stay.rebuys += tx.sign
            stay.rebuy_amount += tx.sign * tx.amount
        else:
            stay.buyins += tx.sign
            stay.buyin_amount += tx.sign * tx.amount
        if tx.sign < 0 and stay.buyins <= 0 and stay.rebuys <= 0:
            # Every buy-in of the stay was reversed: nobody sat there (as the cage sees it).
            stays.remove(stay)
            if current.get(seat) is stay:
                current.pop(seat)
    return stays


def _find(stays: list[Stay], seat: int | None, at: datetime) -> Stay | None:
    return next((s for s in stays if s.covers(seat, at)), None)


def _attach_cash_outs(session: TableSession, stays: list[Stay]) -> None:
    for tx in TableTransaction.objects.filter(session=session, kind=TransactionKind.CASH_OUT):
        stay = _find(stays, tx.seat, cage_selectors.effective_at(tx))
        if stay is not None:
            stay.cash_outs += tx.sign
            stay.cash_out_amount += tx.sign * tx.amount


def _attach_hands(session: TableSession, stays: list[Stay]) -> None:
    """Hands dealt to each stay (originals; void hands — misdeals — are not played)."""
    rows = (
        HandSeat.objects.filter(hand__session=session, hand__revision_of__isnull=True)
        .exclude(hand__status=HandStatus.VOID)
        .values_list("seat", "hand__started_at", "hand__status")
        .order_by("hand__number", "seat")
    )
    for seat, started, status in rows.iterator(chunk_size=2000):
        stay = _find(stays, seat, started)
        if stay is not None:
            stay.hands += 1
            stay.invalid_hands += status == HandStatus.INVALID


def _attach_sanctions(session: TableSession, stays: list[Stay], lang: str) -> None:
    for entry in SanctionEntry.objects.filter(
        session=session, kind=SanctionEntry.Kind.IMPOSITION
    ).order_by("at", "id"):
        text = f"{entry.notice} {level_label(entry.level, entry.vueltas, lang)}"
        for stay in stays:
            same = (
                stay.player_id == entry.player_id
                if entry.player_id
                else stay.player and stay.player == entry.player_label
            )
            if same and stay.arrived <= entry.at:
                stay.sanctions.append(text)
                break


def tracking_data(session: TableSession, lang: str) -> dict[str, Any]:
    stays = seat_stays(session)
    _attach_cash_outs(session, stays)
    _attach_hands(session, stays)
    _attach_sanctions(session, stays, lang)
    stays.sort(key=lambda s: (s.arrived, s.seat))
    totals = {
        "buyins": sum(s.buyins for s in stays),
        "buyin_amount": sum((s.buyin_amount for s in stays), ZERO),
        "rebuys": sum(s.rebuys for s in stays),
        "rebuy_amount": sum((s.rebuy_amount for s in stays), ZERO),
        "bought": sum((s.bought for s in stays), ZERO),
        "cash_outs": sum(s.cash_outs for s in stays),
        "cash_out_amount": sum((s.cash_out_amount for s in stays), ZERO),
        "left_with": sum((s.left_with or ZERO for s in stays), ZERO),
    }
    vip_ids = {s.player_id for s in stays if s.vip and s.player_id}
    vips = [
        {
            "player": p.display_name,
            "seats": ", ".join(str(s.seat) for s in stays if s.player_id == p.pk),
            "hands": sum(s.hands for s in stays if s.player_id == p.pk),
            "bought": sum((s.bought for s in stays if s.player_id == p.pk), ZERO),
        }
        for p in Player.objects.filter(pk__in=vip_ids).order_by("display_name")
    ]
    # SEAT-12: the referrals recorded at this session, with the seats the player used.
    referrals = [
        {
            "player": r.player.display_name,
            "seats": ", ".join(str(s.seat) for s in stays if s.player_id == r.player_id),
            "reason": r.reason,
            "at": r.at,
            "by": name(r.referred_by),
        }
        for r in VipReferral.objects.filter(session=session)
        .select_related("player", "referred_by")
        .order_by("at", "id")
    ]
    return {
        "session": session,
        "table": session.table,
        "gaming_day": session.gaming_day,
        "status": status_label(session.status, lang),
        "closed": session.status == TableSession.Status.CLOSED,
        "supervisor": name(session.supervisor),
        "pit_bosses": pit_boss_names(session),
        "header_scope": f"{bilingual(lang, 'Mesa', 'Table')} {session.table.number} · "
        f"{day_text(session.gaming_day.business_date, lang)} · "
        f"{bilingual(lang, 'sesión', 'session')} {session.number}",
        "stays": stays,
        "players": len({s.player_id or s.player or f"#{s.seat}" for s in stays}),
        "totals": totals,
        "vips": vips,
        "referrals": referrals,
        "referral_lines": range(REFERRAL_LINES),
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    session = resolve_session(ctx.casino, ctx.params)
    ctx.progress(20, "players")
    return tracking_data(session, ctx.lang)


def access(actor: Actor, params: dict[str, Any]) -> None:
    # RPT-17: the supervisor of the session, the pit boss of its sector, managers, auditors.
    require_session_scope(actor, resolve_session(actor.casino, params))


register(
    ReportSpec(
        kind="player_tracking",
        title_es="Hoja de seguimiento del jugador",
        title_en="Player tracking sheet",
        template="reports/pdf/player_tracking.html",
        params=SessionOrTableParams,
        build=build,
        access=access,
        landscape=True,
        description_es="Cada jugador de la sesión: nombre si se conoce, asiento, llegada y "
        "retiro, compras y recompras, cambios de valor, manos jugadas y sanciones; los "
        "jugadores VIP y las referencias VIP; se entrega al jefe de sector al cierre (RPT-14).",
        description_en="Each player of the session: name where known, seat, arrival and "
        "departure, buy-ins and re-buys, cash-outs, hands played and sanctions; the VIP "
        "players and VIP referrals; handed to the pit boss at closing (RPT-14).",
    )
)
