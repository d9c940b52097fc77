"""Entries at the cage: registration, re-entry, rebuy, add-on, unregistration and refund,
the waiting list and alternates, arrivals and the absent players (TOUR-02, TOUR-03,
TOUR-07; TDA 8).

The engine says whether an entry may happen now and on which terms
(``poker.tournament.entry_terms``); the registry's exclusion and age checks apply
(``tables.services.players.admission_check``); every peso is a numbered row of the
tournament's ledger; once the seats are drawn, a new entry draws its seat at once.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.db.models import Max

from casino.access import Actor, require
from casino.audit import audit_record
from casino.errors import DomainError
from casino.roles import Perm
from players.models import Player
from poker.tournament import EntryKind as EngineEntryKind
from poker.tournament import entry_terms, registration_open
from tables.codes import TablesCode
from tables.services.players import admission_check
from tables.services.seating import seat_stack_add

from .. import selectors
from ..codes import TournamentsCode
from ..models import (
    Entry,
    EntryArrival,
    EntryKind,
    ExitKind,
    LedgerEntry,
    LedgerKind,
    LedgerVia,
    Tournament,
    TournamentStatus,
    TournamentTable,
    WaitingPlayer,
)
from ._common import ask, lock_tournament, money, require_status
from .eliminations import eliminate
from .ledger import ledger_write
from .seating import seat_late_entries


def _drawn(tournament: Tournament) -> bool:
    return TournamentTable.objects.filter(tournament=tournament).exists()


def _next_number(tournament: Tournament) -> int:
    return (Entry.objects.filter(tournament=tournament).aggregate(n=Max("number"))["n"] or 0) + 1


def _check_player(actor: Actor, player: Player) -> None:
    if player.casino_id != actor.user.casino_id:
        raise DomainError.of(TablesCode.PLAYER_NOT_FOUND, player=player.pk, field="player")
    if not player.identified:
        raise DomainError.of(TournamentsCode.PLAYER_NOT_IDENTIFIED, field="player")


def _capacity(
    tournament: Tournament, states: selectors.EntryStates, waiting: WaitingPlayer | None
) -> None:
    """A place for one more player now: within ``max_players``, and the waiting list in
    order (an alternate enters before anyone who did not wait)."""
    first = selectors.waiting_list(tournament).first()
    if first is not None and (waiting is None or waiting.pk != first.pk):
        raise DomainError.of(
            TournamentsCode.WAITING_LIST_FIRST,
            display_name=first.player.display_name,
            field="player",
            details={"first": first.pk},
        )
    limit = tournament.max_players
    if limit is not None and len(states.live) >= limit:
        raise DomainError.of(
            TournamentsCode.TOURNAMENT_FULL,
            limit=limit,
            field="player",
            details={"max_players": limit},
        )


def entry_register(
    *, actor: Actor, tournament: Tournament, player: Player, waiting: WaitingPlayer | None = None
) -> Entry:
    """Register an identified player: the payment, a numbered receipt, and once the
    seats are drawn, a seat drawn at once (TDA 8). One live entry per player; a busted
    player comes back by re-entry, not by a second registration."""
    require(actor, Perm.RECORD_TOURNAMENT_ENTRY)
    _check_player(actor, player)
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.PLANNED, TournamentStatus.RUNNING)
        admission_check(actor, player=player, session=None, seat=None, where="buyin")
        states = selectors.entry_states(t)
        if player.pk in states.live_by_player():
            raise DomainError.of(
                TournamentsCode.PLAYER_ALREADY_REGISTERED,
                problem=DomainError.of(
                    TournamentsCode.PLAYER_REGISTERED_ALREADY, player=player.display_name
                ),
                field="player",
            )
        if any(e.player_id == player.pk for e in states.counted):
            raise DomainError.of(
                TournamentsCode.PLAYER_BUSTED_RE_ENTER,
                display_name=player.display_name,
                field="player",
            )
        if waiting is not None:
            waiting = WaitingPlayer.objects.select_for_update().get(pk=waiting.pk)
            if (
                waiting.tournament_id != t.pk
                or waiting.player_id != player.pk
                or (waiting.status != WaitingPlayer.Status.WAITING)
            ):
                raise DomainError.of(TablesCode.NOT_WAITING, field="waiting")
        _capacity(t, states, waiting)
        rules = t.rules()
        terms = ask(entry_terms, rules, EngineEntryKind.ENTRY, clock=selectors.clock(t))
        entry = Entry.objects.create(
            casino_id=t.casino_id,
            tournament=t,
            number=_next_number(t),
            player=player,
            kind=EntryKind.ENTRY,
            alternate=waiting is not None,
            registered_by=actor.user,
            role=actor.role.value,
        )
        receipt = ledger_write(
            actor,
            t,
            kind=LedgerKind.ENTRY,
            pool_amount=money(terms.to_pool),
            fee_amount=money(terms.fee),
            chips=terms.chips,
            entry=entry,
        )
        if waiting is not None:
            waiting.status = WaitingPlayer.Status.REGISTERED
            waiting.entry = entry
            waiting.save(update_fields=["status", "entry"])
        late = _drawn(t)
        if late:
            # A late entrant is at the cage: he is present (TOUR-02 concerns the absent).
            EntryArrival.objects.create(entry=entry, recorded_by=actor.user, role=actor.role.value)
            seat_late_entries(actor, t, [entry])
        audit_record(
            actor=actor,
            action="tournament.entry.register",
            obj=t,
            after={
                "entry": entry.number,
                "player": player.pk,
                "receipt": receipt.receipt,
                "alternate": entry.alternate,
                "late": late,
            },
        )
    return entry


def entry_re_enter(*, actor: Actor, tournament: Tournament, player: Player) -> Entry:
    """TDA 8: a busted player buys a new entry (buy-in and fee, a full starting stack),
    within the re-entry window and limit, and draws a new seat."""
    require(actor, Perm.RECORD_TOURNAMENT_ENTRY)
    _check_player(actor, player)
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.PLANNED, TournamentStatus.RUNNING)
        admission_check(actor, player=player, session=None, seat=None, where="buyin")
        states = selectors.entry_states(t)
        mine = [e for e in states.counted if e.player_id == player.pk]
        live = [e for e in mine if states.is_live(e)]
        busted = bool(mine) and not live
        last = mine[-1] if mine else None
        if last is not None and not live:
            standing = states.eliminated.get(last.pk)
            if standing is not None and standing.kind in (
                ExitKind.DISQUALIFIED,
                ExitKind.EXPELLED,
            ):
                raise DomainError.of(
                    TournamentsCode.RE_ENTRY_AFTER_SANCTION,
                    player=player.display_name,
                    kind=ExitKind(standing.kind),
                    field="player",
                )
        used = sum(1 for e in mine if e.kind == EntryKind.RE_ENTRY)
        rules = t.rules()
        terms = ask(
            entry_terms,
            rules,
            EngineEntryKind.RE_ENTRY,
            clock=selectors.clock(t),
            used=used,
            busted=busted,
        )
        _capacity(t, states, None)
        entry = Entry.objects.create(
            casino_id=t.casino_id,
            tournament=t,
            number=_next_number(t),
            player=player,
            kind=EntryKind.RE_ENTRY,
            previous=last,
            registered_by=actor.user,
            role=actor.role.value,
        )
        receipt = ledger_write(
            actor,
            t,
            kind=LedgerKind.RE_ENTRY,
            pool_amount=money(terms.to_pool),
            fee_amount=money(terms.fee),
            chips=terms.chips,
            entry=entry,
        )
        EntryArrival.objects.create(entry=entry, recorded_by=actor.user, role=actor.role.value)
        if _drawn(t):
            seat_late_entries(actor, t, [entry])
        audit_record(
            actor=actor,
            action="tournament.entry.re_enter",
            obj=t,
            after={
                "entry": entry.number,
                "previous": last.number if last else None,
                "receipt": receipt.receipt,
            },
        )
    return entry


def entry_purchase(*, actor: Actor, entry: Entry, kind: str) -> LedgerEntry:
    """A rebuy or an add-on of a seated player: its window, limit and stack limit are the
    engine's; the chips go on the player's stack at his seat."""
    require(actor, Perm.RECORD_TOURNAMENT_ENTRY)
    kinds = {"rebuy": EngineEntryKind.REBUY, "add_on": EngineEntryKind.ADD_ON}
    if kind not in kinds:
        raise DomainError.of(TournamentsCode.PURCHASE_KIND_INVALID, field="kind")
    with transaction.atomic():
        t = lock_tournament(entry.tournament_id, actor)
        require_status(t, TournamentStatus.PLANNED, TournamentStatus.RUNNING)
        states = selectors.entry_states(t)
        if not states.is_live(entry):
            raise DomainError.of(TournamentsCode.ENTRY_NOT_IN_PLAY, field="entry")
        view = selectors.seating(t, states)
        info = view.seats.get(entry.pk)
        if info is None:
            raise DomainError.of(TournamentsCode.ENTRY_NOT_SEATED, field="entry")
        used = LedgerEntry.objects.filter(entry=entry, kind=kind, reversal__isnull=True).count()
        terms = ask(
            entry_terms,
            t.rules(),
            kinds[kind],
            clock=selectors.clock(t),
            used=used,
            stack=info.chips,
        )
        row = ledger_write(
            actor,
            t,
            kind=LedgerKind(kind),
            pool_amount=money(terms.to_pool),
            fee_amount=money(terms.fee),
            chips=terms.chips,
            entry=entry,
        )
        seat_stack_add(info.tt.session, info.seat, Decimal(terms.chips))
    return row


def entry_unregister(*, actor: Actor, entry: Entry, reason: str = "") -> LedgerEntry:
    """Before the start the player may leave: his payment is refunded (a ledger row that
    reverses it, numbered) and his seat, if drawn, is emptied."""
    require(actor, Perm.RECORD_TOURNAMENT_ENTRY)
    with transaction.atomic():
        t = lock_tournament(entry.tournament_id, actor)
        clock = selectors.clock(t)
        if t.status != TournamentStatus.PLANNED or clock.status.value != "not_started":
            raise DomainError.of(TournamentsCode.TOURNAMENT_STARTED, field="entry")
        payment = LedgerEntry.objects.filter(
            entry=entry, kind__in=[LedgerKind.ENTRY, LedgerKind.RE_ENTRY]
        ).first()
        if payment is None or LedgerEntry.objects.filter(reverses=payment).exists():
            raise DomainError.of(TournamentsCode.ENTRY_ALREADY_REFUNDED, field="entry")
        view = selectors.seating(t)
        info = view.seats.get(entry.pk)
        if info is not None:
            from tables.services.seating import seat_vacate

            seat_vacate(actor, info.tt.session, info.seat, tournament=t.pk, unregistered=True)
        refund = ledger_write(
            actor,
            t,
            kind=LedgerKind.REFUND,
            pool_amount=-payment.pool_amount,
            fee_amount=-payment.fee_amount,
            entry=entry,
            reverses=payment,
            via=LedgerVia(payment.via),
            reason=reason.strip(),
        )
    return refund


def entry_arrive(*, actor: Actor, entry: Entry) -> EntryArrival:
    """The player sat down at his drawn seat (TOUR-02: until then he is dealt in and
    blinded; at the close of late registration an absent player's stack comes off)."""
    require(actor, Perm.RUN_TOURNAMENT)
    with transaction.atomic():
        t = lock_tournament(entry.tournament_id, actor)
        states = selectors.entry_states(t)
        if not states.is_live(entry):
            raise DomainError.of(TournamentsCode.ENTRY_NOT_IN_PLAY, field="entry")
        if EntryArrival.objects.filter(entry=entry).exists():
            raise DomainError.of(TournamentsCode.ENTRY_ALREADY_ARRIVED, field="entry")
        arrival = EntryArrival.objects.create(
            entry=entry, recorded_by=actor.user, role=actor.role.value
        )
        audit_record(
            actor=actor, action="tournament.entry.arrive", obj=t, after={"entry": entry.number}
        )
    return arrival


def absentees_remove(*, actor: Actor, tournament: Tournament) -> list[int]:
    """TOUR-02: when late registration closes, the stacks of the players who never
    arrived come off the tables; they leave together, sharing the places their stacks
    give them. Returns the entry numbers removed."""
    require(actor, Perm.RUN_TOURNAMENT)
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.RUNNING)
        clock = selectors.clock(t)
        if registration_open(t.rules(), clock):
            raise DomainError.of(
                TournamentsCode.REGISTRATION_STILL_OPEN,
                problem=DomainError.of(TournamentsCode.REGISTRATION_OPEN_ABSENT_DEALT_IN),
                field="tournament",
            )
        states = selectors.entry_states(t)
        arrived = set(
            EntryArrival.objects.filter(entry__tournament=t).values_list("entry_id", flat=True)
        )
        view = selectors.seating(t, states)
        absent = [e for e in states.live if e.pk not in arrived]
        key = f"absent:{clock.elapsed_ms}"
        removed = []
        for entry in sorted(absent, key=lambda e: view.chips_of(e.pk)):
            eliminate(
                actor,
                t,
                entry,
                view,
                kind=ExitKind.ABSENT,
                hand_key=key,
                stack_at_start=view.chips_of(entry.pk),
                reason="TOUR-02",
            )
            removed.append(entry.number)
        audit_record(
            actor=actor,
            action="tournament.absentees_remove",
            obj=t,
            after={"entries": removed},
            reason="TOUR-02",
        )
    return removed


def waiting_add(*, actor: Actor, tournament: Tournament, player: Player) -> WaitingPlayer:
    """A player waits for a place in a full tournament, at the end of the list."""
    require(actor, Perm.RECORD_TOURNAMENT_ENTRY)
    _check_player(actor, player)
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.PLANNED, TournamentStatus.RUNNING)
        if selectors.waiting_list(t).filter(player=player).exists():
            raise DomainError.of(
                TournamentsCode.ALREADY_WAITING, display_name=player.display_name, field="player"
            )
        if player.pk in selectors.entry_states(t).live_by_player():
            raise DomainError.of(
                TournamentsCode.PLAYER_ALREADY_REGISTERED,
                problem=DomainError.of(
                    TournamentsCode.PLAYER_REGISTERED_ALREADY, player=player.display_name
                ),
                field="player",
            )
        row = WaitingPlayer.objects.create(
            casino_id=t.casino_id, tournament=t, player=player, added_by=actor.user
        )
        audit_record(
            actor=actor, action="tournament.waiting.add", obj=t, after={"player": player.pk}
        )
    return row


def waiting_cancel(*, actor: Actor, waiting: WaitingPlayer) -> WaitingPlayer:
    require(actor, Perm.RECORD_TOURNAMENT_ENTRY)
    with transaction.atomic():
        t = lock_tournament(waiting.tournament_id, actor)
        row = WaitingPlayer.objects.select_for_update().get(pk=waiting.pk)
        if row.status != WaitingPlayer.Status.WAITING:
            raise DomainError.of(TablesCode.NOT_WAITING)
        row.status = WaitingPlayer.Status.CANCELLED
        row.save(update_fields=["status"])
        audit_record(
            actor=actor, action="tournament.waiting.cancel", obj=t, after={"player": row.player_id}
        )
    return row
