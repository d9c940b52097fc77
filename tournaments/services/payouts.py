"""The payout table (TOUR-07, TOUR-08; ROLE-09), prizes paid at the cage, and the
tournament's settlement with the cage.

* A proposal follows a documented rule (the engine's power law, or satellite seats) or
  is written by management and checked (``poker.tournament.check_payouts``); the shift
  manager's signature approves it and locks it (``casino.signatures.document_sign``).
* A prize is paid against a numbered slip signed by the player (on the printed slip:
  the cashier records the name as signed) and by the cashier; the ledger pays it out.
* The settlement counts the tournament's cash at the cage against its ledger and is
  signed by the cashier and the shift manager (the day's reconciliation reads it).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Max

from casino.access import Actor, require
from casino.audit import audit_record
from casino.errors import DomainError
from casino.roles import Perm, Role
from casino.serials import serial_next
from casino.signatures import document_sign
from poker.tournament import check_payouts, payouts_for, registration_open
from tables.codes import TablesCode

from .. import selectors
from ..codes import TournamentsCode
from ..models import (
    Entry,
    LedgerEntry,
    LedgerKind,
    LedgerVia,
    PayoutLine,
    PayoutSlip,
    PayoutTable,
    Settlement,
    Tournament,
    TournamentStatus,
)
from ..models.payouts import SLIP_SERIES
from ._common import ask, cents, current_gaming_day, lock_tournament, money, require_status
from .ledger import ledger_write


def _locked_table(tournament: Tournament) -> PayoutTable | None:
    return selectors.approved_payouts(tournament)


def payouts_propose(
    *,
    actor: Actor,
    tournament: Tournament,
    places: int | None = None,
    amounts: list[Any] | None = None,
    note: str = "",
) -> PayoutTable:
    """A payout table for the pool as it stands: the structure's rule (TOUR-07 power law,
    TOUR-08 seats), or the amounts management wrote (checked: they sum to the pool and
    never rise). A new proposal supersedes an unsigned one; an approved table is locked."""
    require(actor, Perm.MANAGE_TOURNAMENTS)
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.PLANNED, TournamentStatus.RUNNING)
        if _locked_table(t) is not None:
            raise DomainError.of(TournamentsCode.PAYOUTS_LOCKED)
        pool = selectors.pool(t)
        entries = len(selectors.entry_states(t).counted)
        if entries < 1:
            raise DomainError.of(TournamentsCode.NO_ENTRIES)
        rules = t.rules()
        if amounts is not None:
            table = ask(
                check_payouts, [cents(a) for a in amounts], pool=pool.total, entries=entries
            )
        else:
            table = ask(payouts_for, rules, pool, entries=entries, places=places)
        version = (
            PayoutTable.objects.filter(tournament=t).aggregate(n=Max("version"))["n"] or 0
        ) + 1
        row = PayoutTable.objects.create(
            casino_id=t.casino_id,
            tournament=t,
            version=version,
            rule=table.rule,
            pool=money(pool.total),
            overlay=money(pool.overlay),
            entries=entries,
            unit=money(rules.payout_unit if amounts is None else 1),
            first_share=table.first_share,
            exponent=table.exponent,
            proposed_by=actor.user,
            note=note.strip(),
        )
        for prize in table.prizes:
            PayoutLine.objects.create(
                payout_table=row,
                place=prize.place,
                amount=money(prize.amount),
                seat_value=money(prize.seat_value),
                seat_in=prize.seat_in or "",
            )
        audit_record(
            actor=actor,
            action="tournament.payouts.propose",
            obj=row,
            after={
                "tournament": t.pk,
                "version": version,
                "rule": table.rule,
                "pool": str(row.pool),
                "places": table.places,
                "amounts": [str(money(p.amount)) for p in table.prizes],
            },
            casino_id=t.casino_id,
            gaming_day=t.gaming_day,
        )
    return row


def payout_table_blockers(table: PayoutTable) -> list[DomainError]:
    """Why the shift manager cannot approve this table now (ROLE-09): late registration
    still open (the pool can still grow), the pool changed since the proposal, or a newer
    proposal exists."""
    t = table.tournament
    out: list[DomainError] = []
    if registration_open(t.rules(), selectors.clock(t)):
        out.append(
            DomainError.of(
                TournamentsCode.REGISTRATION_STILL_OPEN,
                problem=DomainError.of(TournamentsCode.REGISTRATION_OPEN_POOL_GROWS),
            )
        )
    pool = selectors.pool(t)
    if money(pool.total) != table.pool:
        out.append(DomainError.of(TournamentsCode.POOL_CHANGED, pool=table.pool, total=pool.total))
    newer = PayoutTable.objects.filter(tournament=t, version__gt=table.version).exists()
    if newer:
        out.append(DomainError.of(TournamentsCode.PAYOUTS_SUPERSEDED))
    return out


def payouts_approve(*, actor: Actor, table: PayoutTable) -> PayoutTable:
    """The shift manager approves and signs the table (ROLE-09, TOUR-07); it is locked.
    The house's overlay up to the guarantee goes into the pool on the ledger now."""
    require(actor, Perm.APPROVE_TOURNAMENT_PAYOUTS)
    with transaction.atomic():
        t = lock_tournament(table.tournament_id, actor)
        document_sign(actor=actor, document=table, role=Role.SHIFT_MANAGER)
        recorded = LedgerEntry.objects.filter(tournament=t, kind=LedgerKind.OVERLAY).exists()
        if table.overlay > 0 and not recorded:
            ledger_write(
                actor,
                t,
                kind=LedgerKind.OVERLAY,
                pool_amount=table.overlay,
                via=LedgerVia.HOUSE,
                reason="guarantee",
            )
    table.refresh_from_db()
    return table


def prize_pay(
    *, actor: Actor, tournament: Tournament, entry: Entry, player_signed_name: str
) -> PayoutSlip:
    """The cage pays an entry's prize against a numbered slip: the player signs it (his
    name as signed on the printed slip), the cashier signs it, and it is locked; the
    ledger pays it out of the pool (cash, or a seat in another tournament, TOUR-08)."""
    require(actor, Perm.PAY_TOURNAMENT_PRIZE)
    signed = (player_signed_name or "").strip()
    if not signed:
        raise DomainError.of(TournamentsCode.PLAYER_SIGNATURE_REQUIRED, field="player_signed_name")
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        if entry.tournament_id != t.pk:
            raise DomainError.of(TournamentsCode.ENTRY_INVALID, field="entry")
        if PayoutSlip.objects.filter(entry=entry).exists():
            raise DomainError.of(TournamentsCode.PRIZE_ALREADY_PAID, field="entry")
        res = selectors.results(t)
        if res.payouts is None:
            raise DomainError.of(TournamentsCode.PAYOUTS_NOT_APPROVED)
        row = next((r for r in res.rows if r.entry.pk == entry.pk), None)
        if row is None or row.place is None:
            raise DomainError.of(TournamentsCode.PLACE_NOT_DECIDED, field="entry")
        if row.prize <= 0:
            raise DomainError.of(TournamentsCode.NO_PRIZE, place=row.place, field="entry")
        day = current_gaming_day(actor)
        year = day.business_date.year
        slip = PayoutSlip.objects.create(
            casino_id=t.casino_id,
            gaming_day=day,
            tournament=t,
            entry=entry,
            player=entry.player,
            serial_year=year,
            serial_number=serial_next(casino=actor.casino, series=SLIP_SERIES, year=year),
            place=row.place,
            place_to=row.place_to or row.place,
            amount=row.amount,
            seat_value=row.seat_value,
            seat_in=row.seat_in,
            deal=res.deal
            if res.deal is not None and row.place <= res.deal.shares.count()
            else None,
            player_signed_name=signed[:160],
            issued_by=actor.user,
        )
        document_sign(actor=actor, document=slip, role=Role.CAGE_CASHIER)
        if row.amount > 0:
            ledger_write(
                actor, t, kind=LedgerKind.PRIZE, pool_amount=-row.amount, entry=entry, slip=slip
            )
        if row.seat_value > 0:
            ledger_write(
                actor,
                t,
                kind=LedgerKind.PRIZE,
                pool_amount=-row.seat_value,
                entry=entry,
                slip=slip,
                via=LedgerVia.SEAT,
                reason=f"seat in {row.seat_in}",
            )
    slip.refresh_from_db()
    return slip


def settlement_record(
    *, actor: Actor, tournament: Tournament, counted: Decimal, note: str = ""
) -> Settlement:
    """The cashier counts the tournament's cash at the cage; the expected figure is the
    ledger's (cash in less cash out). Signed by the cashier and the shift manager."""
    require(actor, Perm.PAY_TOURNAMENT_PRIZE)
    if not isinstance(counted, Decimal) or counted < 0:
        raise DomainError.of(TablesCode.AMOUNT_INVALID, value=counted, field="counted")
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.FINISHED, TournamentStatus.CANCELLED)
        if Settlement.objects.filter(tournament=t).exists():
            raise DomainError.of(TournamentsCode.SETTLEMENT_EXISTS)
        totals = selectors.ledger_totals(t)
        pool = selectors.pool(t)
        row = Settlement.objects.create(
            casino_id=t.casino_id,
            gaming_day=current_gaming_day(actor),
            tournament=t,
            counted=counted,
            expected=totals.cash_held,
            fees=totals.fees,
            overlay=totals.overlay_paid_in,
            pool=money(pool.total),
            paid=totals.prizes_paid,
            created_by=actor.user,
            note=note.strip(),
        )
        document_sign(actor=actor, document=row, role=Role.CAGE_CASHIER)
        audit_record(
            actor=actor,
            action="tournament.settlement",
            obj=row,
            after={"counted": str(counted), "expected": str(row.expected)},
        )
    return row


def settlement_sign(*, actor: Actor, settlement: Settlement) -> Settlement:
    """The shift manager's signature on the tournament's settlement (it locks it)."""
    require(actor, Perm.APPROVE_TOURNAMENT_PAYOUTS)
    document_sign(actor=actor, document=settlement, role=Role.SHIFT_MANAGER)
    settlement.refresh_from_db()
    return settlement
