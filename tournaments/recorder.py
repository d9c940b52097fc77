"""What the hand recorder asks a tournament (issue 42 §5), through ``tables.hooks``.

The recorder (``hands``) sits below this app and never imports it; this app registers
two providers in ``TournamentsConfig.ready``:

* :func:`hand_rules` (``tables.hooks.hand_rules(session, at)``): the rules of a hand
  started at ``at`` at a tournament table: the level's blinds and ante (or big-blind
  ante) from the clock, the engine's profile with ``tournament=True`` (no rake, TOUR-03),
  stacks in tournament chips and no cash movements. ``None`` for a cash session.
* :func:`hand_stored` (``tables.hooks.hand_stored(actor, hand)``): after a tournament
  hand is stored (in the recorder's transaction, the session locked), every player left
  with no chips is eliminated in that hand (places by the chips they started it with,
  RP-8 at hand-for-hand), including a player whose vuelta penalty took his last chip
  (SANC-04). Hidden chips found later are the floor's (TOUR-04,
  ``services.hidden_chips_record``). At hand-for-hand the hand counts for its table's
  round, and the last table's hand of the round takes the hand off the clock (RP-8,
  ``services.clock.hand_for_hand_played``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from casino.access import Actor
from casino.errors import DomainError
from poker.profiles import RuleProfile, get_profile
from poker.tournament import AnteKind, ClockStatus, clock_state
from tables.models import TableSession

from .codes import TournamentsCode
from .models import ExitKind, Tournament, TournamentStatus, TournamentTable


@dataclass(frozen=True)
class TournamentHandRules:
    """The rules of one tournament hand (chips are tournament chips)."""

    tournament: int
    level: int
    small_blind: int
    big_blind: int
    ante: int
    ante_kind: AnteKind  # none | ante (every player) | big_blind_ante (the big blind, once)
    on_break: bool  # no hand is dealt during a break
    hand_for_hand: bool  # TDA RP-8: one hand at a time at every table
    chips_in_play: tuple[int, ...]
    profile: RuleProfile  # the table's ruleset with tournament=True: no rake (TOUR-03)
    cash_movements: bool = False  # no buy-ins, changes or rake at a tournament table


def _table_of(session: TableSession) -> TournamentTable | None:
    if not session.is_tournament:
        return None
    return (
        TournamentTable.objects.filter(
            session=session,
            broken_at__isnull=True,
            tournament__status__in=[TournamentStatus.PLANNED, TournamentStatus.RUNNING],
        )
        .select_related("tournament__structure")
        .first()
    )


def hand_rules(session: TableSession, at: Any) -> TournamentHandRules | None:
    """The rules of a hand of ``session`` started at ``at`` (a datetime), or None.

    The session's tournament, playing or not (a correction of a hand at a table since
    broken is judged by the rules it was played under); the clock says whether a hand may
    be dealt (``on_break``)."""
    if not session.is_tournament:
        return None
    tt = (
        TournamentTable.objects.filter(session=session)
        .select_related("tournament__structure")
        .order_by("-pk")
        .first()
    )
    if tt is None:
        return None
    t = tt.tournament
    rules = t.rules()
    from .selectors import clock_events

    events = [e.engine() for e in clock_events(t)]
    state = clock_state(rules, events, int(at.timestamp() * 1000))
    ruleset = session.settings.ruleset if session.settings_id else "manual"
    profile = dataclasses.replace(get_profile(ruleset), tournament=True, rake_bps=0)
    return TournamentHandRules(
        tournament=t.pk,
        level=state.level,
        small_blind=state.blinds.small_blind,
        big_blind=state.blinds.big_blind,
        ante=state.blinds.ante,
        ante_kind=state.blinds.ante_kind,
        on_break=state.on_break or state.status is ClockStatus.NOT_STARTED,
        hand_for_hand=state.hand_for_hand,
        chips_in_play=state.chips_in_play,
        profile=profile,
    )


def hand_stored(actor: Actor, hand: Any) -> None:
    """A stored tournament hand's busts, in the recorder's transaction (the session row is
    the recorder's lock; only the tournament's row is taken here: see
    ``services._common.lock_tournament`` on the order of the locks)."""
    session = hand.session
    tt = _table_of(session)
    if tt is None or getattr(hand, "revision_of_id", None):
        return
    from . import selectors
    from .services.clock import hand_for_hand_played
    from .services.eliminations import eliminate, finish_if_done, hand_key_for

    with transaction.atomic():
        t = (
            Tournament.objects.select_for_update()
            .filter(pk=tt.tournament_id, status=TournamentStatus.RUNNING)
            .first()
        )
        if t is None:
            return
        states = selectors.entry_states(t)
        live = states.live_by_player()
        view = selectors.seating(t, states)
        key = hand_key_for(t, session.pk, hand.number)
        for seat in hand.seats.all().order_by("starting_stack", "seat"):
            if seat.finishing_stack > 0 or seat.player_id not in live:
                continue
            entry = live[seat.player_id]
            if len(selectors.entry_states(t).live) < 2:
                break
            eliminate(
                actor,
                t,
                entry,
                view,
                kind=ExitKind.BUST,
                hand_key=key,
                stack_at_start=int(seat.starting_stack),
                hand=hand,
                hand_number=hand.number,
                reason="SANC-04" if seat.penalised else "",
            )
        if not finish_if_done(actor, t):
            # RP-8: this table's hand of the round; the last table's moves the clock on
            # (after the busts, which share the round's key).
            hand_for_hand_played(actor, t)


def hand_revised(actor: Actor, original: Any, revision: Any, *, counts: bool, reason: str) -> None:
    """A revision of a stored tournament hand (``tables.hooks.hand_revised``, in the
    recorder's transaction, the session locked): the tournament's busts follow the hand.

    A player the hand busted whom the revision leaves with chips is back in through the
    elimination's own correction (a linked row, the revision as its reason), at his seat
    with the revision's chips; a player the revision leaves with none is eliminated in
    that hand. The places are derived again from the standing eliminations. That is done
    only while the revision counts at once (the table has not dealt its next hand): after
    that, later hands were played without (or with) the player and a bust changed by a
    correction is refused (``TOURNAMENT_BUST_CORRECT_FIRST``, 409, nothing stored) — the
    floor corrects or records the bust first (``elimination_correct``, a bust)."""
    session = original.session
    if not session.is_tournament:
        return
    tt = TournamentTable.objects.filter(session=session).order_by("-pk").first()
    if tt is None:
        return
    from . import selectors
    from .models import Elimination
    from .services.eliminations import correct_elimination, eliminate, finish_if_done

    with transaction.atomic():
        t = (
            Tournament.objects.select_for_update()
            .filter(
                pk=tt.tournament_id,
                status__in=[TournamentStatus.RUNNING, TournamentStatus.FINISHED],
            )
            .first()
        )
        if t is None:
            return
        standing = {
            e.entry.player_id: e
            for e in Elimination.objects.filter(
                tournament=t,
                session=session,
                hand_number=original.number,
                correction__isnull=True,
                kind=ExitKind.BUST,
            ).select_related("entry")
        }
        seats = {s.player_id: s for s in revision.seats.all() if s.player_id}
        states = selectors.entry_states(t)
        live = states.live_by_player()
        back = [
            e
            for player, e in standing.items()
            if player in seats and seats[player].finishing_stack > 0
        ]
        out = [s for player, s in seats.items() if s.finishing_stack <= 0 and player in live]
        if not back and not out:
            return
        if not counts:
            _refuse_bust_change(original, [e.entry for e in back], [live[s.player_id] for s in out])
        text = f"Corrección de la mano {original.number} (revisión {revision.pk}): {reason}"
        for row in back:
            chips = int(seats[row.entry.player_id].finishing_stack)
            correct_elimination(actor, t, row, chips=chips, reason=text[:2000], revision=revision)
        key = next(
            (
                e.hand_key
                for e in Elimination.objects.filter(
                    tournament=t, session=session, hand_number=original.number
                )
                if e.hand_key
            ),
            f"hand:{session.pk}:{original.number}",
        )
        view = selectors.seating(t)
        for seat in sorted(out, key=lambda s: (s.starting_stack, s.seat)):
            if len(selectors.entry_states(t).live) < 2:
                break
            eliminate(
                actor,
                t,
                live[seat.player_id],
                view,
                kind=ExitKind.BUST,
                hand_key=key,
                stack_at_start=int(seat.starting_stack),
                hand=revision,
                hand_number=original.number,
                reason=text[:2000],
            )
        finish_if_done(actor, t)


def _refuse_bust_change(original: Any, back: list[Any], out: list[Any]) -> None:

    names = ", ".join(e.player.display_name for e in [*back, *out])
    raise DomainError.of(
        TournamentsCode.TOURNAMENT_BUST_CORRECT_FIRST,
        number=original.number,
        names=names,
        field="hand",
        details={"restore": [e.number for e in back], "bust": [e.number for e in out]},
    )
