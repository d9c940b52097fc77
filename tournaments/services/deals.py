"""Deals (TOUR-07, §8.3 m): the players left split the locked payouts by chip count or by
ICM, exactly to the unit (``poker.tournament.make_deal``), optionally leaving an amount
to play for; every player's consent is recorded and the manager signs it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction

from casino.access import Actor, require
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.roles import Perm, Role
from casino.signatures import document_sign
from poker.tournament import DealMethod as EngineDealMethod
from poker.tournament import make_deal

from .. import selectors
from ..codes import TournamentsCode
from ..models import (
    Deal,
    DealConsent,
    DealMethod,
    DealShare,
    Entry,
    ExitKind,
    Tournament,
    TournamentStatus,
)
from ._common import ask, cents, lock_tournament, money, require_status
from .eliminations import eliminate, finish_if_done


def deal_propose(
    *,
    actor: Actor,
    tournament: Tournament,
    method: str,
    to_play_for: Decimal = Decimal("0"),
    stacks: dict[int, int] | None = None,
    note: str = "",
) -> Deal:
    """The deal the players left are offered: ``stacks`` (entry id -> chips, as counted
    at the deal; by default the seats' stacks) and the locked payouts of the places left."""
    require(actor, Perm.RUN_TOURNAMENT)
    if method not in DealMethod.values:
        raise DomainError.of(TournamentsCode.DEAL_METHOD_INVALID, field="method")
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.RUNNING)
        table = selectors.approved_payouts(t)
        if table is None:
            raise DomainError.of(TournamentsCode.PAYOUTS_NOT_APPROVED)
        if selectors.approved_deal(t) is not None:
            raise DomainError.of(TournamentsCode.DEAL_ALREADY_APPROVED)
        states = selectors.entry_states(t)
        live = states.live
        view = selectors.seating(t, states)
        if stacks is None:
            counted = {e.pk: view.chips_of(e.pk) for e in live}
        else:
            if set(stacks) != {e.pk for e in live}:
                raise DomainError.of(TournamentsCode.DEAL_PLAYERS_MISMATCH, field="stacks")
            counted = dict(stacks)
        order = [e.pk for e in live]
        payouts = [cents(line.amount) for line in table.lines.order_by("place")[: len(live)]]
        deal = ask(
            make_deal,
            EngineDealMethod(method),
            [counted[pk] for pk in order],
            payouts,
            unit=max(1, cents(table.unit)),
            to_play_for=cents(to_play_for),
        )
        row = Deal.objects.create(
            casino_id=t.casino_id,
            tournament=t,
            payout_table=table,
            method=method,
            payouts=[str(money(p)) for p in payouts],
            to_play_for=money(deal.to_play_for),
            unit=table.unit,
            proposed_by=actor.user,
            note=note.strip(),
        )
        by_pk = {e.pk: e for e in live}
        for pk, share in zip(order, deal.shares, strict=True):
            DealShare.objects.create(
                deal=row,
                entry=by_pk[pk],
                stack=share.stack,
                equity=f"{share.equity.numerator}/{share.equity.denominator}",
                amount=money(share.amount),
            )
        audit_record(
            actor=actor,
            action="tournament.deal.propose",
            obj=t,
            after={
                "deal": row.pk,
                "method": method,
                "stacks": {by_pk[pk].number: counted[pk] for pk in order},
                "amounts": [str(money(s.amount)) for s in deal.shares],
                "to_play_for": str(row.to_play_for),
            },
        )
    return row


def deal_consent(*, actor: Actor, deal: Deal, entry: Entry) -> DealConsent:
    """One player left agrees to the deal (the floor records it)."""
    require(actor, Perm.RUN_TOURNAMENT)
    with transaction.atomic():
        lock_tournament(deal.tournament_id, actor)
        row = Deal.objects.select_for_update().get(pk=deal.pk)
        if row.is_locked:
            raise DomainError.of(CasinoCode.DOCUMENT_LOCKED)
        if not row.shares.filter(entry=entry).exists():
            raise DomainError.of(TournamentsCode.NOT_IN_DEAL, field="entry")
        if DealConsent.objects.filter(deal=row, entry=entry).exists():
            raise DomainError.of(TournamentsCode.CONSENT_ALREADY_RECORDED, field="entry")
        consent = DealConsent.objects.create(
            deal=row, entry=entry, recorded_by=actor.user, role=actor.role.value
        )
        audit_record(
            actor=actor,
            action="tournament.deal.consent",
            obj=row.tournament,
            after={"deal": row.pk, "entry": entry.number},
        )
    return consent


def deal_blockers(deal: Deal) -> list[DomainError]:
    """The manager signs a deal only with every player's consent, on the players still
    in, and when no other deal was approved."""
    out: list[DomainError] = []
    shares = {s.entry_id for s in deal.shares.all()}
    consents = set(deal.consents.values_list("entry_id", flat=True))
    missing = shares - consents
    if missing:
        numbers = sorted(Entry.objects.filter(pk__in=missing).values_list("number", flat=True))
        out.append(
            DomainError.of(
                TournamentsCode.DEAL_CONSENT_MISSING,
                numbers=[f"#{n}" for n in numbers],
                details={"entries": numbers},
            )
        )
    live = {e.pk for e in selectors.entry_states(deal.tournament).live}
    if live != shares:
        out.append(DomainError.of(TournamentsCode.DEAL_STALE))
    if selectors.approved_deal(deal.tournament) is not None:
        out.append(DomainError.of(TournamentsCode.DEAL_ALREADY_APPROVED))
    return out


def deal_approve(*, actor: Actor, deal: Deal) -> Deal:
    """The manager signs the deal; it is locked. With nothing left to play for the
    tournament ends here: the places of the players at the deal follow their chips (more
    chips, higher place; house choice, documented)."""
    require(actor, Perm.APPROVE_TOURNAMENT_PAYOUTS)
    with transaction.atomic():
        t = lock_tournament(deal.tournament_id, actor)
        document_sign(actor=actor, document=deal, role=Role.SHIFT_MANAGER)
        deal.refresh_from_db()
        if deal.to_play_for == 0:
            view = selectors.seating(t)
            shares = sorted(deal.shares.select_related("entry"), key=_by_chips)
            for share in shares[:-1]:
                eliminate(
                    actor,
                    t,
                    share.entry,
                    view,
                    kind=ExitKind.DEAL,
                    stack_at_start=share.stack,
                )  # the kind (ExitKind.DEAL) says why: no reason in words to add
            finish_if_done(actor, t)
    return deal


def _by_chips(share: Any) -> tuple[int, Decimal, int]:
    return (share.stack, share.amount, -share.entry.number)
