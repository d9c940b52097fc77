"""The sanctions ledger: propose, impose, lift, reduce, appeal (§8.6, seed 001, SANC-01..14).

Append-only: a lift or a reduction is a new entry linked to the imposition,
which stays as it was (GEN-09). An appeal is an entry linked to the imposition; its
decision (upheld, reduced or lifted) is one more entry linked to the appeal, taken by
whoever may impose the sanction's level (SANC-02). Authority follows SANC-02: the pit boss
imposes warnings and rounds; management the removal, disqualification and
expulsion. A penalty starts after the hand unless immediate removal is chosen
with a reason (SANC-09).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.audit import audit_record, snapshot
from casino.codes import CasinoCode
from casino.errors import DomainError, require_text
from casino.models import GamingDay
from casino.roles import Perm
from casino.serials import serial_next
from players.models import Player
from players.services import exclusion_house_ban, exclusion_house_ban_lift

from ..codes import TablesCode
from ..conduct import (
    CONDUCT_BY_CODE,
    ROUND_LEVELS,
    SEVERE_LEVELS,
    Conduct,
    Step,
    ladder,
    levels_in_scale,
    penalty_hands,
    position,
)
from ..models import SanctionEntry, SanctionLevel, Table, TableSession
from ..models.sanctions import NOTICE_SERIES
from ..selectors.sanctions import EffectiveSanction, sanction_effective, sanction_suggestion
from ._common import current_gaming_day, lock, require_at_table

K = SanctionEntry.Kind
L = SanctionLevel


@dataclass(frozen=True)
class _Context:
    conduct: Conduct
    player: Player | None
    player_description: str
    table: Table | None
    session: TableSession | None
    ruleset: str
    is_tournament: bool
    gaming_day: GamingDay


def _authority(actor: Actor, level: str) -> None:
    # SANC-02 (`sanction_authority` default): pit boss — warnings and rounds; management —
    # removal, disqualification, expulsion.
    require(actor, Perm.IMPOSE_SEVERE_SANCTION if level in SEVERE_LEVELS else Perm.IMPOSE_SANCTION)


def _issuer(actor: Actor | None) -> Actor:
    if actor is None:
        raise DomainError.of(TablesCode.ISSUER_REQUIRED, field="issued_by")
    return actor


def _context(
    actor: Actor,
    *,
    conduct_code: str | None,
    conduct_text: str,
    player: Player | None,
    player_description: str,
    session: TableSession | None,
    table: Table | None,
    is_tournament: bool | None,
) -> _Context:
    if not conduct_code:
        raise DomainError.of(TablesCode.CONDUCT_REQUIRED, field="conduct")
    conduct = CONDUCT_BY_CODE.get(conduct_code)
    if conduct is None:
        raise DomainError.of(
            TablesCode.CONDUCT_UNKNOWN,
            conduct=conduct_code,
            field="conduct",
            details={"allowed": sorted(CONDUCT_BY_CODE)},
        )
    if conduct.needs_text and not conduct_text.strip():
        raise DomainError.of(TablesCode.CONDUCT_TEXT_REQUIRED, field="conduct_text")
    if player is not None:
        same_casino(actor, player)
    elif not player_description.strip():
        raise DomainError.of(TablesCode.PLAYER_REQUIRED, field="player")
    if session is not None:
        same_casino(actor, session)
        table = session.table
        ruleset = session.settings.ruleset
        tournament = session.settings.is_tournament if is_tournament is None else is_tournament
        day = session.gaming_day
    else:
        if table is not None:
            same_casino(actor, table)
        settings = table.settings_at() if table is not None else None
        ruleset = settings.ruleset if settings else actor.casino.default_ruleset
        tournament = (
            bool(is_tournament)
            if is_tournament is not None
            else bool(settings and settings.is_tournament)
        )
        day = current_gaming_day(actor)
    return _Context(
        conduct, player, player_description.strip(), table, session, ruleset, tournament, day
    )


def _step_fields(
    ctx: _Context, level: str | None, vueltas: int | None, players_in_hand: int | None
) -> dict[str, Any]:
    scale_levels = levels_in_scale(is_tournament=ctx.is_tournament, ruleset=ctx.ruleset)
    if level not in scale_levels:
        raise DomainError.of(
            TablesCode.LEVEL_NOT_IN_SCALE,
            levels=scale_levels,
            field="level",
            details={"allowed": scale_levels},
        )
    if level in ROUND_LEVELS:
        if isinstance(vueltas, bool) or not isinstance(vueltas, int) or not 1 <= vueltas <= 4:
            raise DomainError.of(TablesCode.VUELTAS_INVALID, field="vueltas")
        if (
            isinstance(players_in_hand, bool)
            or not isinstance(players_in_hand, int)
            or not 2 <= players_in_hand <= 10
        ):
            raise DomainError.of(TablesCode.PLAYERS_IN_HAND_INVALID, field="players_in_hand")
        return {
            "level": level,
            "vueltas": vueltas,
            "players_in_hand": players_in_hand,
            "hands_total": penalty_hands(vueltas, players_in_hand),
        }
    if vueltas is not None:
        raise DomainError.of(TablesCode.VUELTAS_NOT_APPLICABLE, field="vueltas")
    return {
        "level": level,
        "vueltas": None,
        "players_in_hand": players_in_hand,
        "hands_total": None,
    }


def _hand_number(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise DomainError.of(TablesCode.HAND_NUMBER_INVALID, field="hand_number")
    return value


def _base_fields(actor: Actor, ctx: _Context, **kw: Any) -> dict[str, Any]:
    return {
        "casino": actor.casino,
        "player": ctx.player,
        "player_description": ctx.player_description,
        "conduct_code": ctx.conduct.code,
        "table": ctx.table,
        "session": ctx.session,
        "gaming_day": ctx.gaming_day,
        "is_tournament": ctx.is_tournament,
        "ruleset": ctx.ruleset,
        "issued_by": actor.user,
        "role": actor.role.value,
        **kw,
    }


def sanction_propose(
    *,
    actor: Actor | None,
    conduct_code: str | None,
    player: Player | None = None,
    player_description: str = "",
    conduct_text: str = "",
    session: TableSession | None = None,
    table: Table | None = None,
    hand_number: int | None = None,
    event_name: str = "",
    is_tournament: bool | None = None,
    level: str | None = None,
    vueltas: int | None = None,
    players_in_hand: int | None = None,
    reason: str = "",
) -> SanctionEntry:
    """A supervisor proposes a sanction for the pit boss or management (SANC-01, SANC-02)."""
    actor = _issuer(actor)
    require(actor, Perm.PROPOSE_SANCTION)
    ctx = _context(
        actor,
        conduct_code=conduct_code,
        conduct_text=conduct_text,
        player=player,
        player_description=player_description,
        session=session,
        table=table,
        is_tournament=is_tournament,
    )
    hand = _hand_number(hand_number)
    suggestion = sanction_suggestion(
        casino=actor.casino,
        conduct_code=ctx.conduct.code,
        is_tournament=ctx.is_tournament,
        ruleset=ctx.ruleset,
        player=ctx.player,
        event_name=event_name,
    )
    step = suggestion.step if level is None else Step(level, vueltas)
    fields = _step_fields(
        ctx, step.level, step.vueltas, players_in_hand if step.level in ROUND_LEVELS else None
    )
    with transaction.atomic():
        # Issue 12 §1: the session's supervisor (or the sector's pit boss) proposes there.
        require_at_table(actor, session=ctx.session, table=ctx.table)
        entry = SanctionEntry.objects.create(
            **_base_fields(
                actor,
                ctx,
                kind=K.PROPOSAL,
                conduct_text=conduct_text.strip(),
                hand_number=hand,
                event_name=event_name.strip(),
                suggested_level=suggestion.step.level,
                suggested_vueltas=suggestion.step.vueltas,
                proposed_by=actor.user,
                reason=reason.strip(),
                **fields,
            ),
        )
        audit_record(actor=actor, action="sanction.propose", obj=entry, after=snapshot(entry))
    return entry


def _check_proposal(proposal: SanctionEntry) -> None:
    if proposal.kind != K.PROPOSAL:
        raise DomainError.of(TablesCode.NOT_A_PROPOSAL, field="proposal")


def _check_heads_up(ctx: _Context, final_heads_up: bool) -> None:
    if ctx.is_tournament and final_heads_up and ctx.conduct.heads_up_exempt:
        # SANC-10 (e)–(g) do not apply at a tournament's final heads-up (OQ-49).
        raise DomainError.of(TablesCode.CONDUCT_EXEMPT_HEADS_UP, field="conduct")


def _immediate_reason(
    ctx: _Context, fields: dict[str, Any], hand: int | None, immediate: bool, immediate_reason: str
) -> str:
    """An immediate sanction's serious reason; otherwise a round sanction at a session
    needs the offending hand, as it starts with the next one."""
    if immediate:
        immediate_reason = require_text(
            immediate_reason, field="immediate_reason", code=TablesCode.IMMEDIATE_REASON_REQUIRED
        )
    elif fields["level"] in ROUND_LEVELS and ctx.session is not None and hand is None:
        raise DomainError.of(TablesCode.HAND_NUMBER_REQUIRED, field="hand_number")
    return immediate_reason


def _proposal_locked(proposal: SanctionEntry) -> SanctionEntry:
    """The proposal, locked, still undecided."""
    proposal = SanctionEntry.objects.select_for_update().get(pk=proposal.pk)
    if proposal.impositions.exists():
        raise DomainError.of(TablesCode.PROPOSAL_ALREADY_DECIDED, field="proposal")
    return proposal


def _suggestion_checked(
    actor: Actor, ctx: _Context, event_name: str, fields: dict[str, Any], override_reason: str
) -> Any:
    """The level the player's record suggests; another one needs a reason (SANC-07)."""
    suggestion = sanction_suggestion(
        casino=actor.casino,
        conduct_code=ctx.conduct.code,
        is_tournament=ctx.is_tournament,
        ruleset=ctx.ruleset,
        player=ctx.player,
        event_name=event_name.strip(),
    )
    chosen = Step(fields["level"], fields["vueltas"])
    if chosen != suggestion.step and not override_reason.strip():
        # SANC-07: another level than the suggested one needs a reason.
        raise DomainError.of(
            CasinoCode.OVERRIDE_REASON_REQUIRED,
            field="override_reason",
            details={
                "suggested_level": suggestion.step.level,
                "suggested_vueltas": suggestion.step.vueltas,
                "prior": [p.imposition.pk for p in suggestion.prior],
            },
        )
    return suggestion


def sanction_impose(
    *,
    actor: Actor | None,
    conduct_code: str | None,
    level: str | None,
    player: Player | None = None,
    player_description: str = "",
    conduct_text: str = "",
    session: TableSession | None = None,
    table: Table | None = None,
    hand_number: int | None = None,
    event_name: str = "",
    is_tournament: bool | None = None,
    vueltas: int | None = None,
    players_in_hand: int | None = None,
    immediate: bool = False,
    immediate_reason: str = "",
    override_reason: str = "",
    proposal: SanctionEntry | None = None,
    final_heads_up: bool = False,
    reason: str = "",
) -> SanctionEntry:
    """Impose a sanction; numbered notice (GEN-10); starts after the hand (SANC-09)."""
    actor = _issuer(actor)
    if not level:
        raise DomainError.of(TablesCode.LEVEL_REQUIRED, field="level")
    _authority(actor, level)
    if proposal is not None:
        same_casino(actor, proposal)
        _check_proposal(proposal)
        player = player or proposal.player
        player_description = player_description or proposal.player_description
        conduct_code = conduct_code or proposal.conduct_code
        conduct_text = conduct_text or proposal.conduct_text
        session = session or proposal.session
        table = table or proposal.table
        hand_number = hand_number or proposal.hand_number
        event_name = event_name or proposal.event_name
    ctx = _context(
        actor,
        conduct_code=conduct_code,
        conduct_text=conduct_text,
        player=player,
        player_description=player_description,
        session=session,
        table=table,
        is_tournament=is_tournament,
    )
    hand = _hand_number(hand_number)
    _check_heads_up(ctx, final_heads_up)
    fields = _step_fields(ctx, level, vueltas, players_in_hand)
    immediate_reason = _immediate_reason(ctx, fields, hand, immediate, immediate_reason)
    with transaction.atomic():
        # Issue 12 §1: a pit boss of the table's sector; management is casino-wide.
        require_at_table(actor, session=ctx.session, table=ctx.table)
        if ctx.player is not None:
            lock(Player, ctx.player.pk, actor)  # serialise a player's ledger (escalation)
        if proposal is not None:
            proposal = _proposal_locked(proposal)
        suggestion = _suggestion_checked(actor, ctx, event_name, fields, override_reason)
        year = timezone.localdate().year
        entry = SanctionEntry.objects.create(
            **_base_fields(
                actor,
                ctx,
                kind=K.IMPOSITION,
                conduct_text=conduct_text.strip(),
                proposal=proposal,
                serial_year=year,
                serial_number=serial_next(casino=actor.casino, series=NOTICE_SERIES, year=year),
                hand_number=hand,
                event_name=event_name.strip(),
                starts_after_hand=None if immediate else hand,
                immediate=immediate,
                immediate_reason=immediate_reason if immediate else "",
                suggested_level=suggestion.step.level,
                suggested_vueltas=suggestion.step.vueltas,
                override_reason=override_reason.strip(),
                proposed_by=proposal.issued_by if proposal else None,
                reason=reason.strip(),
                **fields,
            )
        )
        audit_record(
            actor=actor,
            action="sanction.impose",
            obj=entry,
            after=snapshot(entry),
            reason=override_reason or reason,
        )
        if entry.level == L.EXPULSION:
            exclusion_house_ban(actor=actor, sanction=entry)  # issue 17 §2: barred from now
    return entry


def _amendment(
    actor: Actor, imposition: SanctionEntry, kind: str, reason: str, **fields: Any
) -> SanctionEntry:
    return SanctionEntry.objects.create(
        casino=imposition.casino,
        kind=kind,
        amends=imposition,
        player=imposition.player,
        player_description=imposition.player_description,
        conduct_code=imposition.conduct_code,
        conduct_text=imposition.conduct_text,
        table=imposition.table,
        session=imposition.session,
        gaming_day=imposition.gaming_day,
        hand_number=imposition.hand_number,
        event_name=imposition.event_name,
        is_tournament=imposition.is_tournament,
        ruleset=imposition.ruleset,
        starts_after_hand=imposition.starts_after_hand,
        immediate=imposition.immediate,
        issued_by=actor.user,
        role=actor.role.value,
        reason=reason,
        **fields,
    )


def _restate(
    actor: Actor,
    imposition: SanctionEntry,
    effective: EffectiveSanction,
    kind: str,
    reason: str,
    appeal: SanctionEntry | None = None,
) -> SanctionEntry:
    """An amendment that leaves the penalty as it stands (a lift, an appeal, an appeal
    upheld): it restates the sanction in force, so the entry reads alone."""
    return _amendment(
        actor,
        imposition,
        kind,
        reason,
        level=effective.level,
        vueltas=effective.vueltas,
        players_in_hand=imposition.players_in_hand,
        hands_total=effective.hands_total,
        appeal=appeal,
    )


def _lock_imposition(actor: Actor, sanction: SanctionEntry) -> SanctionEntry:
    same_casino(actor, sanction)
    if sanction.kind != K.IMPOSITION:
        raise DomainError.of(TablesCode.NOT_AN_IMPOSITION, field="sanction")
    return SanctionEntry.objects.select_for_update().get(pk=sanction.pk)


def sanction_lift(*, actor: Actor, sanction: SanctionEntry, reason: str) -> SanctionEntry:
    """Lift a sanction: a new entry by a pit boss or manager with a reason; the original
    stays untouched (issue 5 §5)."""
    require(actor, Perm.IMPOSE_SANCTION)
    reason = _reason(reason)
    with transaction.atomic():
        imposition = _lock_imposition(actor, sanction)
        return _lift(actor, imposition, reason)


def _reason(reason: str) -> str:
    return require_text(reason, field="reason", code=CasinoCode.REASON_REQUIRED)


def _lift(
    actor: Actor, imposition: SanctionEntry, reason: str, appeal: SanctionEntry | None = None
) -> SanctionEntry:
    effective = sanction_effective(imposition)
    _authority(actor, effective.level)
    if effective.lifted:
        raise DomainError.of(TablesCode.SANCTION_ALREADY_LIFTED)
    entry = _restate(actor, imposition, effective, K.LIFT, reason, appeal=appeal)
    audit_record(
        actor=actor,
        action="sanction.lift",
        obj=entry,
        before={"imposition": imposition.pk, "level": effective.level},
        after={"lifted": True, "appeal": appeal.pk if appeal else None},
        reason=reason,
    )
    if effective.level == L.EXPULSION:  # issue 17 §2: the ban goes with its expulsion
        exclusion_house_ban_lift(actor=actor, sanction=imposition, reason=reason)
    return entry


def sanction_reduce(
    *,
    actor: Actor,
    sanction: SanctionEntry,
    level: str,
    reason: str,
    vueltas: int | None = None,
) -> SanctionEntry:
    """Reduce a sanction to a lighter step of its scale (a new linked entry)."""
    require(actor, Perm.IMPOSE_SANCTION)
    reason = _reason(reason)
    with transaction.atomic():
        imposition = _lock_imposition(actor, sanction)
        return _reduce(actor, imposition, level, vueltas, reason)


def _reduce(
    actor: Actor,
    imposition: SanctionEntry,
    level: str,
    vueltas: int | None,
    reason: str,
    appeal: SanctionEntry | None = None,
) -> SanctionEntry:
    effective = sanction_effective(imposition)
    _authority(actor, effective.level)
    if effective.lifted:
        raise DomainError.of(TablesCode.SANCTION_ALREADY_LIFTED)
    ctx = _Context(
        CONDUCT_BY_CODE.get(imposition.conduct_code, CONDUCT_BY_CODE["other"]),
        imposition.player,
        imposition.player_description,
        imposition.table,
        imposition.session,
        imposition.ruleset,
        imposition.is_tournament,
        imposition.gaming_day,
    )
    players = imposition.players_in_hand
    if level in ROUND_LEVELS and players is None:
        raise DomainError.of(TablesCode.PLAYERS_IN_HAND_INVALID, field="level")
    fields = _step_fields(ctx, level, vueltas, players)
    scale = ladder(is_tournament=imposition.is_tournament, ruleset=imposition.ruleset)
    new_step = Step(fields["level"], fields["vueltas"])
    if position(new_step, scale) >= position(effective.step, scale):
        raise DomainError.of(
            TablesCode.REDUCTION_NOT_LIGHTER,
            new=new_step.label(),
            current=effective.step.label(),
            field="level",
        )
    entry = _amendment(actor, imposition, K.REDUCTION, reason, appeal=appeal, **fields)
    audit_record(
        actor=actor,
        action="sanction.reduce",
        obj=entry,
        before={"level": effective.level, "vueltas": effective.vueltas},
        after={
            "level": new_step.level,
            "vueltas": new_step.vueltas,
            "appeal": appeal.pk if appeal else None,
        },
        reason=reason,
    )
    if effective.level == L.EXPULSION:  # reduced below an expulsion: no longer barred
        exclusion_house_ban_lift(actor=actor, sanction=imposition, reason=reason)
    return entry


# --- appeals (SANC-01 "appealed") ---------------------------------------------------------

APPEAL_OUTCOMES = ("upheld", "reduced", "lifted")


def sanction_appeal(*, actor: Actor, sanction: SanctionEntry, grounds: str) -> SanctionEntry:
    """Record the player's appeal of an imposed sanction, with its grounds: a new entry
    linked to the imposition, by the staff member who takes it (SANC-01). The penalty stays
    in force until the appeal is decided; one appeal waits at a time. The floor takes it
    (who proposes sanctions: the supervisor, the pit boss) and escalates it (SANC-02)."""
    require(actor, Perm.PROPOSE_SANCTION)
    grounds = require_text(grounds, field="grounds", code=TablesCode.GROUNDS_REQUIRED)
    with transaction.atomic():
        imposition = _lock_imposition(actor, sanction)
        effective = sanction_effective(imposition)
        if effective.lifted:
            raise DomainError.of(TablesCode.SANCTION_ALREADY_LIFTED)
        if effective.pending_appeal is not None:
            raise DomainError.of(
                TablesCode.APPEAL_PENDING, details={"appeal": effective.pending_appeal.pk}
            )
        entry = _restate(actor, imposition, effective, K.APPEAL, grounds)
        audit_record(
            actor=actor,
            action="sanction.appeal",
            obj=entry,
            before={"imposition": imposition.pk, "status": effective.status()},
            after={"status": "appealed"},
            reason=grounds,
        )
    return entry


def sanction_appeal_decide(
    *,
    actor: Actor,
    appeal: SanctionEntry,
    outcome: str,
    reason: str,
    level: str | None = None,
    vueltas: int | None = None,
) -> SanctionEntry:
    """Decide an appeal: ``upheld`` (the sanction stands), ``reduced`` (to ``level``) or
    ``lifted``. Whoever may impose the sanction's level decides (SANC-02: the pit boss for
    warnings and rounds, management for removal, disqualification and expulsion); the
    decision is a new entry linked to the appeal, with a reason."""
    require(actor, Perm.IMPOSE_SANCTION)
    if outcome not in APPEAL_OUTCOMES:
        raise DomainError.of(
            TablesCode.APPEAL_OUTCOME_INVALID,
            field="outcome",
            details={"allowed": list(APPEAL_OUTCOMES)},
        )
    if outcome == "reduced" and not level:
        raise DomainError.of(TablesCode.LEVEL_REQUIRED, field="level")
    reason = _reason(reason)
    same_casino(actor, appeal)
    with transaction.atomic():
        appeal = SanctionEntry.objects.select_for_update().get(pk=appeal.pk)
        if appeal.kind != K.APPEAL or appeal.amends is None:
            raise DomainError.of(TablesCode.NOT_AN_APPEAL, field="appeal")
        imposition = _lock_imposition(actor, appeal.amends)
        if imposition.issued_by_id == actor.user.pk:
            # Segregation of duties: an appeal is heard by someone other than the one who
            # imposed the sanction (another pit boss, or management).
            raise DomainError.of(TablesCode.APPEAL_NOT_INDEPENDENT, field="appeal")
        if appeal.decisions.exists():
            raise DomainError.of(TablesCode.APPEAL_DECIDED)
        if outcome == "lifted":
            return _lift(actor, imposition, reason, appeal=appeal)
        if outcome == "reduced":
            return _reduce(actor, imposition, str(level), vueltas, reason, appeal=appeal)
        effective = sanction_effective(imposition)
        _authority(actor, effective.level)
        entry = _restate(actor, imposition, effective, K.UPHELD, reason, appeal=appeal)
        audit_record(
            actor=actor,
            action="sanction.appeal_upheld",
            obj=entry,
            before={"appeal": appeal.pk, "status": "appealed"},
            after={"level": effective.level, "vueltas": effective.vueltas},
            reason=reason,
        )
    return entry
