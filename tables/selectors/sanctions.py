"""Reads of the sanctions ledger: effective penalties, what is active, history, suggestions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db.models import Q, QuerySet
from django.utils import timezone

from casino.models import Casino
from players.models import Player

from .. import hooks
from ..conduct import (
    CONDUCT_BY_CODE,
    ROUND_LEVELS,
    Conduct,
    Step,
    hands_remaining,
    ladder,
    suggest_step,
)
from ..models import SanctionEntry, SanctionLevel, TableSession
from .sessions import ops_settings

K = SanctionEntry.Kind
L = SanctionLevel


@dataclass(frozen=True)
class EffectiveSanction:
    """An imposition as it stands after its lifts and reductions (the original untouched)."""

    imposition: SanctionEntry
    level: str
    vueltas: int | None
    hands_total: int | None
    lifted: bool
    last_amendment: SanctionEntry | None
    #: SANC-01: the player's appeal not yet decided (the sanction stays in force meanwhile).
    pending_appeal: SanctionEntry | None = None

    @property
    def step(self) -> Step:
        return Step(self.level, self.vueltas)

    def hands_remaining(self, hands_served: int) -> int | None:
        if self.lifted:
            return 0
        if self.hands_total is None:
            return None
        return hands_remaining(self.hands_total, hands_served)

    def in_effect_for_hand(self, hand_number: int) -> bool:
        """SANC-09: never during the offending hand; from the next one unless immediate."""
        if self.lifted:
            return False
        if self.imposition.immediate or self.imposition.starts_after_hand is None:
            return True
        return hand_number > self.imposition.starts_after_hand

    def status(self, hands_served: int | None = None) -> str:
        """SANC-01 status on the ledger: ``appealed`` while an appeal waits for its decision,
        else the standing (``active``, ``served`` or ``lifted``)."""
        if self.pending_appeal is not None:
            return "appealed"
        return self.standing(hands_served)

    def standing(self, hands_served: int | None = None) -> str:
        """Whether the penalty runs: ``active``, ``served`` or ``lifted`` (an appeal does
        not suspend it)."""
        if self.lifted:
            return "lifted"
        if self.level in ROUND_LEVELS:
            served = hooks.hands_served(self.imposition) if hands_served is None else hands_served
            return "served" if self.hands_remaining(served) == 0 else "active"
        if self.level in (L.WARNING, L.HAND_ANNULMENT):
            return "served"  # takes effect at once and ends there
        if self.level == L.REMOVAL:
            session = self.imposition.session
            if session is not None and session.status == TableSession.Status.CLOSED:
                return "served"
        return "active"


def sanction_effective(imposition: SanctionEntry) -> EffectiveSanction:
    amendment = (
        SanctionEntry.objects.filter(amends=imposition, kind__in=(K.LIFT, K.REDUCTION))
        .order_by("-at", "-id")
        .first()
    )
    source = imposition if amendment is None or amendment.kind == K.LIFT else amendment
    return EffectiveSanction(
        imposition=imposition,
        level=source.level,
        vueltas=source.vueltas,
        hands_total=source.hands_total,
        lifted=amendment is not None and amendment.kind == K.LIFT,
        last_amendment=amendment,
        pending_appeal=pending_appeal(imposition),
    )


def pending_appeal(imposition: SanctionEntry) -> SanctionEntry | None:
    """The imposition's appeal that has no decision yet (SANC-01), if any."""
    return (
        SanctionEntry.objects.filter(amends=imposition, kind=K.APPEAL, decisions__isnull=True)
        .select_related("issued_by")
        .order_by("-at", "-id")
        .first()
    )


def sanction_hands_remaining(imposition: SanctionEntry, hands_served: int) -> int | None:
    """SANC-04/SANC-13 for the hand recorder: hands still to sit out after ``hands_served``
    hands dealt since the sanction started (None when the penalty is not counted in hands)."""
    return sanction_effective(imposition).hands_remaining(hands_served)


def impositions(casino: Casino) -> QuerySet[SanctionEntry]:
    return SanctionEntry.objects.filter(casino=casino, kind=K.IMPOSITION).select_related(
        "player", "table", "session", "issued_by"
    )


def active_sanctions(
    casino: Casino,
    *,
    session: TableSession | None = None,
    player: Player | None = None,
    hand_number: int | None = None,
) -> list[EffectiveSanction]:
    """Sanctions running now: at a session (plus expulsions of its players), or of a player.

    With ``hand_number`` only those in effect for that hand (SANC-09).
    """
    qs = impositions(casino)
    if session is not None:
        scope = Q(session=session)
        if player is not None:
            scope |= Q(player=player, level=L.EXPULSION)
        qs = qs.filter(scope)
    if player is not None:
        qs = qs.filter(player=player)
    out = []
    for entry in qs:
        effective = sanction_effective(entry)
        if effective.standing() != "active":  # an appeal does not suspend the penalty
            continue
        if hand_number is not None and not effective.in_effect_for_hand(hand_number):
            continue
        out.append(effective)
    return out


# The newest entries of a player's ledger shown at seating; the ledger grows for as long as
# he plays, so the whole of it is the paginated list (/api/sanctions/?player=, issue 39 §6).
SEATING_HISTORY = 50


def player_sanction_history(player: Player, limit: int | None = None) -> list[SanctionEntry]:
    """The ledger entries about a player, newest first (shown at seating, SANC-07): every
    one, or the newest ``limit``."""
    rows = (
        SanctionEntry.objects.filter(player=player)
        .select_related("table", "issued_by", "amends")
        .order_by("-at", "-id")
    )
    return list(rows if limit is None else rows[:limit])


@dataclass(frozen=True)
class SeatingCheck:
    player: Player
    active: list[EffectiveSanction]
    history: list[SanctionEntry]  # the newest SEATING_HISTORY entries
    history_count: int  # every entry of the player's ledger


def seating_check(player: Player, session: TableSession | None = None) -> SeatingCheck:
    """What the supervisor sees when the player sits down: active penalties and history."""
    return SeatingCheck(
        player=player,
        active=active_sanctions(player.casino, player=player),
        history=player_sanction_history(player, limit=SEATING_HISTORY),
        history_count=SanctionEntry.objects.filter(player=player).count(),
    )


def prior_sanctions(
    player: Player, *, event_name: str = "", at: datetime | None = None
) -> list[EffectiveSanction]:
    """SANC-07: the player's standing sanctions in the look-back window, plus any in the
    same event whatever their age (sanctions accumulate within an event)."""
    at = at or timezone.now()
    days = ops_settings(player.casino, at).sanction_lookback_days
    scope = Q(at__gte=at - timedelta(days=days))
    if event_name:
        scope |= Q(event_name=event_name)
    qs = impositions(player.casino).filter(scope, player=player)
    return [e for e in map(sanction_effective, qs) if not e.lifted]


@dataclass(frozen=True)
class Suggestion:
    step: Step
    scale: list[Step]
    prior: list[EffectiveSanction]
    conduct: Conduct


def sanction_suggestion(
    *,
    casino: Casino,
    conduct_code: str,
    is_tournament: bool,
    ruleset: str,
    player: Player | None = None,
    event_name: str = "",
) -> Suggestion:
    conduct = CONDUCT_BY_CODE[conduct_code]
    scale = ladder(is_tournament=is_tournament, ruleset=ruleset)
    prior = prior_sanctions(player, event_name=event_name) if player is not None else []
    step = suggest_step(conduct, scale, [p.step for p in prior])
    return Suggestion(step=step, scale=scale, prior=prior, conduct=conduct)


def sanctions_ledger(
    casino: Casino,
    *,
    player: int | None = None,
    table: int | None = None,
    session: int | None = None,
    conduct: str | None = None,
    level: str | None = None,
    kind: str | None = None,
    event_name: str | None = None,
    since: date | None = None,
    until: date | None = None,
) -> QuerySet[SanctionEntry]:
    """The ledger filtered by period, table, event, player and conduct (SANC-14)."""
    qs = SanctionEntry.objects.filter(casino=casino).select_related(
        "player", "table", "issued_by", "amends"
    )
    if player:
        qs = qs.filter(player_id=player)
    if table:
        qs = qs.filter(table_id=table)
    if session:
        qs = qs.filter(session_id=session)
    if conduct:
        qs = qs.filter(conduct_code=conduct)
    if level:
        qs = qs.filter(level=level)
    if kind:
        qs = qs.filter(kind=kind)
    if event_name:
        qs = qs.filter(event_name=event_name)
    if since:
        qs = qs.filter(gaming_day__business_date__gte=since)
    if until:
        qs = qs.filter(gaming_day__business_date__lte=until)
    return qs.order_by("-at", "-id")


def mandatory_not_imposed(casino: Casino) -> list[SanctionEntry]:
    """SANC-11: proposals for a "must be sanctioned" conduct that no imposition followed."""
    must = [c.code for c in CONDUCT_BY_CODE.values() if c.must]
    return list(
        SanctionEntry.objects.filter(
            casino=casino, kind=K.PROPOSAL, conduct_code__in=must, impositions__isnull=True
        ).order_by("at")
    )
