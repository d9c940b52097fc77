"""The rake box ledger: one posting per valid hand, append-only (RAKE-05..08).

The hand recorder (issue 4) calls :func:`rake_post` for each valid hand, in the
transaction that stores the hand. Posting is idempotent per hand: the same hand
posted again with the same amount returns the existing entry; a different
amount is refused until the first posting is reversed (:func:`rake_reverse`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.hotqueries import HotQuery, hot_insert
from casino.roles import Perm
from casino.sealing import seal
from poker.pots import rake_pots
from poker.profiles import RakeCapScope, RakeRounding, get_profile
from tables.codes import TablesCode
from tables.models import RakeMode, TableSession, TableSettings
from tables.services import lock_session

from .. import selectors
from ..codes import CageCode
from ..models import CENT, RakeEntry, money_str
from .common import parse_money, require_not_closing


@dataclass(frozen=True)
class RakePosting:
    entry: RakeEntry
    created: bool


def takes_rake(settings: TableSettings) -> bool:
    # RAKE-02: tournaments take none; RAKE-04: a seat-charge table takes no pot rake.
    return settings.rake_mode == RakeMode.PERCENT and not settings.is_tournament


def expected_rake(settings: TableSettings, pots: list[Decimal], unit: Decimal | None) -> Decimal:
    """The commission on the contested pots under ``settings`` (RAKE-01, RAKE-07).

    Per pot, the percentage rounded to the smallest chip in play as the casino's
    ``rake_rounding`` says (down by default; to the nearest chip, never above the
    ruleset's maximum percentage), the cap on each pot or once per hand main pot
    first (``rake_cap_scope``); exact integers of cents, never float. Uses the
    engine's ``rake_pots`` so the ledger and the hand validator agree.
    """
    if not takes_rake(settings):
        return Decimal("0")
    bps = int((settings.rake_pct * 100).to_integral_value())
    unit_cents = int(((unit or CENT) * 100).to_integral_value())
    cap = None if settings.rake_cap is None else int(settings.rake_cap * 100)
    rounding = RakeRounding(settings.rake_rounding)
    max_bps = get_profile(settings.ruleset).rake_max_bps
    taken = sum(
        rake_pots(
            [int(Decimal(pot) * 100) for pot in pots],
            bps,
            unit_cents,
            rounding,
            max_bps,
            cap,
            RakeCapScope(settings.rake_cap_scope),  # RAKE-07, OQ-04: per pot by default
        )
    )
    return (Decimal(taken) / 100).quantize(CENT)


def _pots(pots: Any) -> list[Decimal] | None:
    if pots is None:
        return None
    return [parse_money(p, f"pots.{i}", allow_zero=True) for i, p in enumerate(pots)]


# A hand's postings, read for every hand with rake (issue 43: built once; the model's
# ordering joined the session only to sort what ``_live_postings`` sorts again).
_HAND_POSTINGS = HotQuery(
    lambda session, hand: RakeEntry.objects.filter(session_id=session, hand_number=hand).order_by(),
    session=int,
    hand=int,
)


def rake_post(
    *,
    actor: Actor,
    session: TableSession,
    hand_number: int,
    amount: Decimal | str | int,
    hand_started_at: datetime | None = None,
    hand_ref: str = "",
    pots: list[Decimal] | None = None,
    expected_amount: Decimal | str | None = None,
    settings: TableSettings | None = None,
    locked: bool = False,
) -> RakePosting:
    """Post a hand's rake to the table's rake box (never the float, §8.3 l).

    ``hand_started_at`` picks the settings version in force (a rate change applies
    only to hands that start after it). ``pots`` (contested amount per pot) let the
    expected rake be recomputed; or the hand recorder gives ``expected_amount``.

    The hand recorder, which stores the hand in the same transaction, passes what it
    already holds (issue 4 "Speed"): ``settings``, the version its hand was judged
    under (the same rule: the table's latest version effective when the hand started,
    else the session's), and ``locked=True`` when ``session`` is the row it locked
    with ``select_for_update`` in this transaction, so it is not locked again.
    """
    # The hand's logger posts its rake; a pit boss who resolves an invalid hand with a
    # signed review posts it then, in their own name (audit: who really acted).
    if not actor.can(Perm.LOG_HAND):
        require(actor, Perm.REVIEW_HAND)
    value = parse_money(amount, "amount", allow_zero=True)
    pot_list = _pots(pots)
    expected = (
        None
        if expected_amount in (None, "")
        else parse_money(expected_amount, "expected_amount", allow_zero=True)
    )
    if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1:
        raise DomainError.of(TablesCode.HAND_NUMBER_INVALID, field="hand_number")
    started = hand_started_at or timezone.now()
    # A caller that holds the lock posts as part of its own unit of work: no savepoint
    # (if the posting is refused, the caller's whole transaction is rolled back).
    with transaction.atomic(savepoint=not locked):
        s = session if locked else lock_session(session)
        same_casino(actor, s)
        if s.status in (TableSession.Status.OPENING, TableSession.Status.CLOSED):
            raise DomainError.of(
                CageCode.SESSION_NOT_ACCEPTING,
                status=s.Status(s.status),
                table=s.table,
                field="session",
            )
        if settings is None:
            settings = s.table.settings_at(started) or s.settings
        elif settings.table_id != s.table_id:
            raise DomainError.of(CageCode.SETTINGS_NOT_OF_TABLE, field="settings")
        if value > 0 and not takes_rake(settings):
            raise DomainError.of(CageCode.RAKE_NOT_ALLOWED, field="amount")
        if pot_list is not None and not settings.no_flop_no_drop:
            expected = expected_rake(settings, pot_list, selectors.smallest_denomination(s.table))
        entries = _HAND_POSTINGS.all(session=s.pk, hand=hand_number)
        live = _live_postings(entries)
        if live:
            current = live[-1]
            if current.amount == value:
                return RakePosting(entry=current, created=False)
            raise DomainError.of(
                CageCode.RAKE_ALREADY_POSTED, hand_number=hand_number, field="amount"
            )
        posting = 1 + sum(1 for e in entries if e.sign == 1)
        entry = RakeEntry(
            casino_id=s.casino_id,
            gaming_day_id=s.gaming_day_id,
            table_id=s.table_id,
            session=s,
            settings=settings,
            hand_number=hand_number,
            hand_ref=(hand_ref or "")[:64],
            hand_started_at=started,
            posting=posting,
            amount=value,
            pots=[money_str(p) for p in pot_list] if pot_list is not None else None,
            expected_amount=expected,
            posted_by=actor.user,
            posted_at=timezone.now(),
        )
        payload = entry.seal_payload()  # computed once: the seal and the audit event
        entry.seal = seal(payload)  # keyed (issue 12 §5)
        try:
            # No savepoint of its own: the session row is locked and the postings of
            # this hand were just read, so the unique constraint is only the
            # database's backstop; if it fires, the Conflict rolls this block back.
            hot_insert([entry])  # the ORM's INSERT, built once (issue 43)
        except IntegrityError:
            raise DomainError.of(CageCode.RAKE_ALREADY_POSTED, hand_number=hand_number) from None
        audit_record(actor=actor, action="cage.rake.post", obj=entry, after=payload, chain=(entry,))
    return RakePosting(entry=entry, created=True)


def _live_postings(entries: list[RakeEntry]) -> list[RakeEntry]:
    """A hand's postings not reversed, in posting order (from all its ledger rows)."""
    reversed_ids = {e.reverses_id for e in entries if e.sign == -1}
    return sorted(
        (e for e in entries if e.sign == 1 and e.pk not in reversed_ids),
        key=lambda e: (e.posting, e.pk),
    )


def rake_reverse(*, actor: Actor, entry: RakeEntry, reason: str) -> RakeEntry:
    """Reverse a hand's rake posting (the hand was voided or mis-posted), with a reason.

    A review, so the pit boss's (RAKE-08): a supervisor reverses a posting only by
    correcting the hand itself (:func:`rake_reverse_for_revision`)."""
    require(actor, Perm.REVIEW_HAND)
    return _reverse(actor, entry, reason)


def rake_reverse_for_revision(*, actor: Actor, entry: RakeEntry, reason: str) -> RakeEntry:
    """The hand recorder's reversal when a stored hand's revision counts (issue 38 §3):
    the hand's logger may reverse as he may post; the recorder checked his assignment."""
    if not actor.can(Perm.LOG_HAND):
        require(actor, Perm.REVIEW_HAND)
    return _reverse(actor, entry, reason)


def _reverse(actor: Actor, entry: RakeEntry, reason: str) -> RakeEntry:
    if not (reason or "").strip():
        raise DomainError.of(CasinoCode.REASON_REQUIRED, field="reason")
    with transaction.atomic():
        s = lock_session(entry.session_id)
        same_casino(actor, s)
        require_not_closing(s)  # OPEN-16, issue 39 §2: the rake box is being counted
        original = RakeEntry.objects.get(pk=entry.pk)
        if original.sign < 0 or RakeEntry.objects.filter(reverses=original).exists():
            raise DomainError.of(CageCode.ALREADY_REVERSED)
        rev = RakeEntry(
            casino_id=original.casino_id,
            gaming_day_id=original.gaming_day_id,
            table_id=original.table_id,
            session_id=original.session_id,
            settings_id=original.settings_id,
            hand_number=original.hand_number,
            hand_ref=original.hand_ref,
            hand_started_at=original.hand_started_at,
            posting=original.posting,
            sign=-1,
            reverses=original,
            reason=reason.strip(),
            amount=original.amount,
            pots=original.pots,
            expected_amount=original.expected_amount,
            posted_by=actor.user,
            posted_at=timezone.now(),
        )
        rev.seal = rev.compute_seal()
        rev.save(force_insert=True)
        audit_record(
            actor=actor,
            action="cage.rake.reverse",
            obj=rev,
            after=rev.seal_payload(),
            reason=rev.reason,
            chain=(rev,),  # issue 12 §5
        )
    return rev
