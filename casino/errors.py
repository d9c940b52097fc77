"""Domain errors: what a service says when it refuses a change.

Every refusal carries a stable machine code, a message in Spanish and in
English, and the field it concerns. The API turns them into the one 4xx error
shape (:mod:`casino.api.errors`); the pages show the message in the user's
language. A service raises before it writes anything, and runs inside
``transaction.atomic``, so a refused request changes nothing.
"""

from __future__ import annotations

from typing import Any

from .formatting import es_amounts


class DomainError(Exception):
    status_code = 400

    def __init__(
        self,
        code: str,
        es: str,
        en: str,
        *,
        field: str | None = None,
        status: int | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{code}: {en}")
        self.code = code
        self.message_es = es_amounts(es)
        self.message_en = en
        self.field = field
        if status is not None:
            self.status_code = status
        self.details = details or {}

    def message(self, lang: str = "es") -> str:
        return self.message_en if lang.startswith("en") else self.message_es

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


def permission_denied(perm: str, role: str | None = None) -> PermissionRefused:
    role_txt_es = f" con el rol «{role}»" if role else ""
    role_txt_en = f" as {role}" if role else ""
    return PermissionRefused(
        "PERMISSION_DENIED",
        f"No tiene permiso para esta acción{role_txt_es} ({perm}).",
        f"You are not allowed to do this{role_txt_en} ({perm}).",
        details={"permission": perm, "role": role},
    )
