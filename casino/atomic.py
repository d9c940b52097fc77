"""The API request's one transaction, and the services inside it without savepoints (issue 43).

A service runs its work in one transaction. Called alone, ``transaction.atomic()`` is that
transaction; called inside another, it takes a savepoint, so that a refusal rolls back the
service's work and the caller may go on (a page that shows the refusal, a test that
checks nothing changed, a batch that skips one item).

An API write opens its own transaction first (:func:`request_transaction`): the access
check and the session lock, the input, the idempotency record, the service, the answer.
Nothing in it goes on after a refusal: the refusal leaves the request, and the request's
transaction rolls back whole. A savepoint there costs two round trips (``SAVEPOINT``,
``RELEASE``) and protects nothing, so a service opens its block with
:func:`service_atomic`, which takes none inside a request's transaction and is
``transaction.atomic()`` everywhere else.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import transaction

_INSIDE: ContextVar[bool] = ContextVar("mesa_request_transaction", default=False)


@contextmanager
def request_transaction() -> Iterator[None]:
    """The API request's one transaction (joined when already inside it).

    Whoever opens it lets every refusal raised inside leave it: nothing inside catches a
    service's error and goes on.
    """
    if _INSIDE.get():
        yield
        return
    with transaction.atomic():
        token = _INSIDE.set(True)
        try:
            yield
        finally:
            _INSIDE.reset(token)


def service_atomic() -> transaction.Atomic:
    """``transaction.atomic()`` for a service: without a savepoint directly inside
    :func:`request_transaction` (a refusal rolls back the whole request)."""
    return transaction.atomic(savepoint=not _INSIDE.get())
