"""What players meet at the tables: the admission check and the VIP referral (issue 17 §2,
SEAT-12). The registry itself (players, identity, exclusions, the regulator's lists) is the
``players`` app's (issue 41).

- ``admission_check`` refuses a buy-in or a seating of an excluded or under-age player
  (409) and notes an ``ExclusionHit``. The refusal rolls the caller's transaction back, so
  the hit is written once the request's transactions have ended (``exclusion_hits``,
  installed for every request by ``tables.middleware.ExclusionHitsMiddleware``), the way
  PIN failures are (``casino.pins``).
- ``vip_referral_record``: a supervisor refers a player for VIP membership from a table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import transaction
from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError, require_text
from casino.refusals import Words
from casino.roles import Perm
from players.models import ExclusionKind, Player
from players.selectors import age_on, exclusions_in_force

from ..codes import TablesCode
from ..models import ExclusionHit, HitReason, TableSession, VipReferral
from ..selectors.assignment import require_at
from ..selectors.sessions import ops_settings

KIND_ES = {
    ExclusionKind.HOUSE_BAN: "expulsión de la casa",
    ExclusionKind.SELF_EXCLUSION: "autoexclusión",
    ExclusionKind.REGULATOR: "lista del regulador",
}
KIND_EN = {
    ExclusionKind.HOUSE_BAN: "house ban",
    ExclusionKind.SELF_EXCLUSION: "self-exclusion",
    ExclusionKind.REGULATOR: "regulator's list",
}


def _today() -> date:
    return timezone.localdate()


# --- VIP referrals (SEAT-12, RPT-14) ----------------------------------------------------


def vip_referral_record(
    *, actor: Actor, player: Player, session: TableSession, reason: str
) -> VipReferral:
    """Refer a player for VIP membership from a table's session (SEAT-12); append-only,
    audited. Only who works the table may refer from it (``require_at``: its supervisor,
    or a pit boss of its sector)."""
    require(actor, Perm.REFER_VIP)
    same_casino(actor, player)
    same_casino(actor, session)
    reason = require_text(reason, field="reason", code=CasinoCode.REASON_REQUIRED)
    require_at(actor, session=session)
    with transaction.atomic():
        row = VipReferral.objects.create(
            casino=actor.casino,
            player=player,
            table_id=session.table_id,
            session=session,
            reason=reason,
            referred_by=actor.user,
            role=actor.role.value,
        )
        audit_record(
            actor=actor,
            action="player.vip_referral",
            obj=row,
            after={"player": player.pk, "table": session.table_id, "session": session.pk},
            reason=reason,
        )
    return row


# --- refusal at the table ---------------------------------------------------------------


@dataclass(frozen=True)
class _Hit:
    actor: Actor
    player_id: int
    reason: str
    exclusion_id: int | None
    where: str
    table_id: int | None
    session_id: int | None
    seat: int | None
    at: Any


_pending: ContextVar[list[_Hit] | None] = ContextVar("mesa_exclusion_hits", default=None)


@contextmanager
def exclusion_hits() -> Iterator[None]:
    """Write the refused attempts noted inside the block once it ends, whatever its outcome."""
    token = _pending.set([])
    try:
        yield
    finally:
        pending = _pending.get() or []
        _pending.reset(token)
        for hit in pending:
            _write_hit(hit)


def _write_hit(hit: _Hit) -> None:
    with transaction.atomic():
        row = ExclusionHit.objects.create(
            casino_id=hit.actor.casino_id,
            player_id=hit.player_id,
            reason=hit.reason,
            exclusion_id=hit.exclusion_id,
            where=hit.where,
            table_id=hit.table_id,
            session_id=hit.session_id,
            seat=hit.seat,
            actor=hit.actor.user,
            role=hit.actor.role.value,
            at=hit.at,
        )
        audit_record(
            actor=hit.actor,
            action="exclusion.hit",
            obj=row,
            after={"player": hit.player_id, "reason": hit.reason, "where": hit.where},
        )


def _note(hit: _Hit) -> None:
    pending = _pending.get()
    if pending is None or not transaction.get_connection().in_atomic_block:
        _write_hit(hit)
    else:
        pending.append(hit)


def _fmt_date(day: date | None, lang: str) -> str:
    if day is None:
        return "nueva orden" if lang == "es" else "further notice"
    return day.strftime("%d/%m/%Y")


def admission_check(
    actor: Actor,
    *,
    player: Player | None,
    session: TableSession | None,
    seat: int | None,
    where: str,
) -> None:
    """Refuse a buy-in or seating of an excluded or under-age identified player (409).

    Called inside the seating's transaction (the session row locked); nothing is written
    by the refusal, and the attempt is noted for the pit boss and surveillance. Without a
    session: a tournament entry bought at the cage before any seat (issue 42).
    """
    if player is None:
        return  # an anonymous or named-only player has no identity to check (SEAT-11)
    table_id = session.table_id if session is not None else None
    session_id = session.pk if session is not None else None
    today = _today()
    bar = exclusions_in_force(player, today).first()
    if bar is not None:
        _note(
            _Hit(
                actor,
                player.pk,
                HitReason.EXCLUDED,
                bar.pk,
                where,
                table_id,
                session_id,
                seat,
                timezone.now(),
            )
        )
        kind = ExclusionKind(bar.kind)
        raise DomainError.of(
            TablesCode.PLAYER_EXCLUDED,
            player=player.display_name,
            kind=Words(KIND_ES[kind], KIND_EN[kind]),
            until=Words(_fmt_date(bar.ends_on, "es"), _fmt_date(bar.ends_on, "en")),
            field="player",
            details={
                "reason": HitReason.EXCLUDED.value,
                "kind": kind.value,
                "ends_on": bar.ends_on.isoformat() if bar.ends_on else None,
                "exclusion": bar.pk,
            },
        )
    if player.birth_date is not None:
        minimum = ops_settings(player.casino).min_player_age
        age = age_on(player.birth_date, today)
        if age < minimum:
            _note(
                _Hit(
                    actor,
                    player.pk,
                    HitReason.UNDER_AGE,
                    None,
                    where,
                    table_id,
                    session_id,
                    seat,
                    timezone.now(),
                )
            )
            raise DomainError.of(
                TablesCode.PLAYER_UNDER_AGE,
                display_name=player.display_name,
                age=age,
                minimum=minimum,
                field="player",
                details={"reason": HitReason.UNDER_AGE.value, "min_player_age": minimum},
            )
