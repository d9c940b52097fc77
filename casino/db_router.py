"""Reads of reports and exports from a read replica, everything else on the primary
(issue 18 §4).

With ``DATABASE_REPLICA_URL`` set, ``settings.DATABASES`` has a ``replica`` alias: a
PostgreSQL streaming standby of ``default``. Nothing reads from it by default. Code that
only reads (the rendering of a report, the archive export) asks for it in one place, at
its entry, with :func:`reading_from_replica`; inside that block every read without an
explicit ``using()`` goes to the replica and every write still goes to the primary.

A standby is behind by its replay lag. Whoever asks for the replica passes a *guard*:
a function that looks at the replica and says whether it has seen what the caller needs
(``reports.replica`` checks that the replica holds the report's claim and the closing of
the day it covers). When it has not, the block reads from the primary instead, and the
log says which one served and why.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connections

DEFAULT = "default"
REPLICA = "replica"
log = logging.getLogger("mesa.replica")

# The alias reads go to inside ``reading_from_replica``; None outside (the primary).
_read_alias: ContextVar[str | None] = ContextVar("mesa_read_alias", default=None)

# A guard gets the replica's alias and answers ``""`` when the replica has seen what the
# caller needs, or the reason it has not (``"REPLICA_STALE: ..."``).
Guard = Callable[[str], str]


def replica_configured() -> bool:
    return REPLICA in settings.DATABASES


def read_alias() -> str:
    """The alias that serves reads here and now (``default`` outside a replica block)."""
    return _read_alias.get() or DEFAULT


class ReplicaRouter:
    """Django database router (``DATABASE_ROUTERS``): writes and migrations on the primary;
    reads on the replica only inside :func:`reading_from_replica`."""

    def db_for_read(self, model: type[Any], **hints: Any) -> str | None:
        return _read_alias.get()

    def db_for_write(self, model: type[Any], **hints: Any) -> str:
        return DEFAULT

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True  # the same rows on both: a standby is a copy of the primary

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == DEFAULT


@contextmanager
def reading_from_replica(*, guard: Guard, what: str) -> Iterator[str]:
    """Read from the replica inside the block when one is configured and ``guard`` finds it
    up to date; otherwise from the primary. Yields the alias that serves, and logs it."""
    alias = DEFAULT
    reason = "no replica configured"
    if replica_configured():
        try:
            reason = guard(REPLICA)
        except DatabaseError as exc:  # the replica is down: the primary serves
            reason = f"REPLICA_UNAVAILABLE: {exc.__class__.__name__}"
            connections[REPLICA].close()
        if not reason:
            alias = REPLICA
    if alias == REPLICA:
        log.info("%s served by the replica", what)
    elif replica_configured():
        log.warning("%s served by the primary (%s)", what, reason)
    token = _read_alias.set(alias if alias == REPLICA else None)
    try:
        yield alias
    finally:
        _read_alias.reset(token)
