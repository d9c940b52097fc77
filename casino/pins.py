"""Croupier PINs typed on the supervisor's terminal (ROLE-13, OQ-34, issue 12 §3).

:func:`pin_verify` is the one check of a PIN. :mod:`casino.signatures` calls it
after every state, role and assignment check, so its answer cannot reveal
whether a PIN was right for a document that would refuse the signature anyway.

Guessing is bounded: after ``MESA_PIN_MAX_FAILURES`` consecutive wrong PINs the
signer's PIN is locked for ``MESA_PIN_LOCK_MINUTES`` (or until a pit boss unlocks
it, :func:`pin_unlock`); a locked PIN is refused as ``PIN_LOCKED`` even when right.

A wrong PIN is refused from inside the service's ``transaction.atomic`` block, so
a failure written there would be rolled back with the refusal and an attacker
could guess for ever. Failures are therefore noted in memory and written once
every transaction of the request has ended (:func:`pin_attempts`, installed for
every request by :class:`PinAttemptsMiddleware`); outside any transaction they
are written at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from .access import Actor, require
from .audit import audit_record
from .codes import CasinoCode
from .errorcodes import ApiCode
from .errors import DomainError
from .models import User
from .roles import Perm

# The pit boss holds it (and the shift manager): the floor authority over a table's play.
UNLOCK_PERM = Perm.SUSPEND_SESSION
FAILURE, REFUSED_LOCKED = "failure", "refused_locked"


@dataclass(frozen=True)
class _Attempt:
    actor: Actor
    signer_id: int
    kind: str
    at: object


_pending: ContextVar[list[_Attempt] | None] = ContextVar("mesa_pin_attempts", default=None)


def _locked_until(signer: User) -> object | None:
    row = User.objects.filter(pk=signer.pk).values_list("pin_locked_until", flat=True).first()
    return row if row is not None and row > timezone.now() else None


def pin_verify(*, actor: Actor, signer: User, pin: str, field: str = "pin") -> None:
    """Refuse a locked PIN, a wrong PIN or an inactive signer; a right PIN resets the count.

    A text of no PIN's shape (:func:`pin_well_formed`) is refused as such and not counted:
    it cannot be anyone's PIN, so it is no attempt on one, and a stray tap must not lock a
    croupier out."""
    until = _locked_until(signer)
    if until is not None:
        _note(actor, signer, REFUSED_LOCKED)
        local = timezone.localtime(until)  # type: ignore[arg-type]
        raise DomainError.of(
            CasinoCode.PIN_LOCKED,
            signer=signer,
            local=local,
            field=field,
            details={"locked_until": local.isoformat()},
        )
    if not pin_well_formed(pin):  # no PIN has this shape: a slip of the finger, no guess
        raise DomainError.of(CasinoCode.PIN_FORMAT, field=field)
    if not signer.is_active or not signer.check_pin(pin):
        _note(actor, signer, FAILURE)
        raise DomainError.of(CasinoCode.PIN_INVALID, field=field)
    User.objects.filter(pk=signer.pk, pin_failures__gt=0).update(pin_failures=0)


def pin_well_formed(pin: str | None) -> bool:
    """Whether ``pin`` has a PIN's shape: 4 to 8 digits 0-9 (a text of another shape can be
    nobody's PIN, so it is no attempt on one)."""
    return bool(re.fullmatch(r"[0-9]{4,8}", pin or ""))


def pin_validate(pin: str) -> None:
    """A PIN a manager sets: 4 to 8 digits, not a run or a repeat (issue 12 §3)."""
    if not pin_well_formed(pin):
        raise DomainError.of(CasinoCode.PIN_FORMAT, field="pin")
    digits = [int(c) for c in pin]
    steps = {b - a for a, b in zip(digits, digits[1:], strict=False)}
    if len(set(digits)) == 1 or steps in ({1}, {-1}) or pin[: len(pin) // 2] * 2 == pin:
        raise DomainError.of(CasinoCode.PIN_TOO_SIMPLE, field="pin")


# --- failures that survive the refusal's rollback ------------------------------------


def _note(actor: Actor, signer: User, kind: str) -> None:
    attempt = _Attempt(actor=actor, signer_id=signer.pk, kind=kind, at=timezone.now())
    pending = _pending.get()
    if pending is None or not transaction.get_connection().in_atomic_block:
        _write(attempt)
    else:
        pending.append(attempt)


@contextmanager
def pin_attempts() -> Iterator[None]:
    """Write the PIN failures noted inside the block once it ends, whatever its outcome."""
    token = _pending.set([])
    try:
        yield
    finally:
        pending = _pending.get() or []
        _pending.reset(token)
        for attempt in pending:
            _write(attempt)


class PinAttemptsMiddleware:
    """Every request's PIN failures are written after its transactions (issue 12 §3)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with pin_attempts():
            return self.get_response(request)


def _write(attempt: _Attempt) -> None:
    """Count one failure (locking at the limit) or a refused locked attempt; audited."""
    limit = settings.MESA_PIN_MAX_FAILURES
    with transaction.atomic():
        signer = User.objects.select_for_update().filter(pk=attempt.signer_id).first()
        if signer is None:
            return
        terminal = attempt.actor.user.username
        if attempt.kind == REFUSED_LOCKED:
            audit_record(
                actor=attempt.actor,
                action="staff.pin_refused_locked",
                obj=signer,
                after={"terminal_user": terminal, "locked_until": signer.pin_locked_until},
            )
            return
        User.objects.filter(pk=signer.pk).update(pin_failures=F("pin_failures") + 1)
        signer.refresh_from_db(fields=["pin_failures"])
        audit_record(
            actor=attempt.actor,
            action="staff.pin_failure",
            obj=signer,
            after={"terminal_user": terminal, "consecutive_failures": signer.pin_failures},
        )
        if signer.pin_failures >= limit:
            until = timezone.now() + timedelta(minutes=settings.MESA_PIN_LOCK_MINUTES)
            User.objects.filter(pk=signer.pk).update(pin_failures=0, pin_locked_until=until)
            audit_record(
                actor=attempt.actor,
                action="staff.pin_lock",
                obj=signer,
                after={"locked_until": until, "failures": signer.pin_failures},
            )


# --- unlocking -------------------------------------------------------------------------


def pin_unlock(*, actor: Actor, user: User, reason: str) -> User:
    """A pit boss (or the shift manager) lifts a PIN lock before it runs out; audited."""
    require(actor, UNLOCK_PERM)
    if user.casino_id != actor.casino.pk:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=User)
    reason = (reason or "").strip()
    if not reason:
        raise DomainError.of(CasinoCode.REASON_REQUIRED, field="reason")
    if user.pk == actor.user.pk:
        raise DomainError.of(CasinoCode.PIN_UNLOCK_NOT_INDEPENDENT, field="user")
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        if locked.pin_locked_until is None or locked.pin_locked_until <= timezone.now():
            raise DomainError.of(CasinoCode.PIN_NOT_LOCKED, locked=locked, field="user")
        before = {"locked_until": locked.pin_locked_until, "failures": locked.pin_failures}
        User.objects.filter(pk=locked.pk).update(pin_locked_until=None, pin_failures=0)
        audit_record(
            actor=actor,
            action="staff.pin_unlock",
            obj=locked,
            before=before,
            after={"locked_until": None, "failures": 0},
            reason=reason,
        )
    locked.pin_locked_until, locked.pin_failures = None, 0
    return locked
