"""Croupier PINs typed on the supervisor's terminal (ROLE-13, OQ-34, issue 12 §3).

:func:`pin_verify` is the one check of a PIN. :mod:`casino.signatures` calls it
after every state, role and assignment check, so its answer cannot reveal
whether a PIN was right for a document that would refuse the signature anyway.
"""

from __future__ import annotations

from .access import Actor
from .errors import PermissionRefused
from .models import User


def pin_verify(*, actor: Actor, signer: User, pin: str) -> None:
    """Refuse a wrong PIN, or an inactive signer."""
    if not signer.is_active or not signer.check_pin(pin):
        raise PermissionRefused(
            "PIN_INVALID",
            "PIN incorrecto o usuario inactivo.",
            "Wrong PIN or inactive user.",
            field="pin",
        )
