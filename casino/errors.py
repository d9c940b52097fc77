"""Domain errors: what a service says when it refuses a change.

A refusal is a code with named parameters (issue 41 §2): each app's codes are an enum
(``<app>/codes.py``, :class:`casino.refusals.RefusalCode`) whose members carry the HTTP
status and the message, written once. A service raises
``raise DomainError.of(TablesCode.FLOAT_NOT_LOCKED, table=session.table, field="float")``;
the exception's class follows the code's status (400 :class:`ValidationFailed`, 403
:class:`PermissionRefused`, 404 :class:`NotFound`, 409 :class:`Conflict`, 503
:class:`ServiceUnavailable`), so ``except Conflict`` still reads the same.

The message is rendered when it is read, in the language asked for (:meth:`message`); the
API turns the error into the one 4xx shape with both languages (:meth:`as_dict`,
:mod:`casino.api.errors`); the pages show it in the user's language. A service raises
before it writes anything, and runs inside ``transaction.atomic``, so a refused request
changes nothing.
"""

from __future__ import annotations

from typing import Any

from .refusals import RefusalCode


class DomainError(Exception):
    status_code = 400

    def __init__(
        self,
        code: RefusalCode,
        /,
        *,
        field: str | None = None,
        details: dict[str, Any] | None = None,
        **params: Any,
    ) -> None:
        self.key = code
        self.code = code.code
        self.status_code = code.status
        super().__init__(self.code)
        self.params = params
        self.field = field
        self.details = details or {}

    @staticmethod
    def of(
        code: RefusalCode,
        /,
        *,
        field: str | None = None,
        details: dict[str, Any] | None = None,
        **params: Any,
    ) -> DomainError:
        """The refusal ``code`` with the values its message names:
        ``raise DomainError.of(TablesCode.FLOAT_NOT_LOCKED, table=session.table)``. Its
        class follows the code's status (a 409 is a :class:`Conflict`); ``field`` is the
        input it concerns, ``details`` the facts a client can act on."""
        kind = _BY_STATUS.get(code.status, DomainError)
        return kind(code, field=field, details=details, **params)

    def message(self, lang: str = "es") -> str:
        """The message in ``lang`` (``es`` or ``en``)."""
        return self.key.message(lang, self.params)

    @property
    def message_es(self) -> str:
        return self.message("es")

    @property
    def message_en(self) -> str:
        return self.message("en")

    def __str__(self) -> str:
        return f"{self.code}: {self.message('en')}"

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "code": self.code,
            "message": {"es": self.message_es, "en": self.message_en},
            "field": self.field,
        }
        if self.details:
            data["details"] = self.details
        return data


class ValidationFailed(DomainError):
    """Input that is well-formed but not acceptable (400)."""

    status_code = 400


class PermissionRefused(DomainError):
    """The actor may not do this (403)."""

    status_code = 403


class NotFound(DomainError):
    status_code = 404


class Conflict(DomainError):
    """The state of the record does not allow the change (409): locked, already signed..."""

    status_code = 409


class ServiceUnavailable(DomainError):
    status_code = 503


_BY_STATUS: dict[int, type[DomainError]] = {
    400: ValidationFailed,
    403: PermissionRefused,
    404: NotFound,
    409: Conflict,
    503: ServiceUnavailable,
}


def permission_denied(perm: str, role: str | None = None) -> DomainError:
    """The actor's role does not grant ``perm`` (the permission and the role are details)."""
    from .errorcodes import ApiCode

    return DomainError.of(ApiCode.PERMISSION_DENIED, details={"permission": perm, "role": role})


def require_text(value: str | None, *, code: RefusalCode, field: str) -> str:
    """``value`` stripped, or the refusal ``code`` on ``field`` when nothing is left."""
    text = (value or "").strip()
    if not text:
        raise DomainError.of(code, field=field)
    return text
