"""One error shape for every 4xx answer of the API (issue 2 §6).

```
{"code": "ROLE_NOT_HELD",
 "message": {"es": "...", "en": "..."},
 "field": "role" | null,
 "details": {...},   # only when there are facts to act on
 "errors": [{"code", "message": {"es", "en"}, "field", "details"?}, ...]}
```

``code`` and ``field`` are those of the first error; ``errors`` lists them all.
Every code is in the catalogue :mod:`casino.api.codes` (the schema's ``ErrorCode``).
Validation messages are produced in both languages by
:func:`casino.api.parsing.parse` (it validates under each language).
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.db import DatabaseError, DataError, IntegrityError, InterfaceError, OperationalError
from django.http import Http404
from django.utils import translation
from rest_framework import exceptions, status
from rest_framework.response import Response

from casino.errors import DomainError
from casino.immutability import is_immutability_error

from .codes import CODES

logger = logging.getLogger("mesa.api")


class BilingualValidationError(exceptions.APIException):
    """Raised by ``parse`` with the serializer errors in Spanish and English."""

    status_code = 400

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__("validation error")
        self.errors = errors


def _entry(code: str, es: str, en: str, field: str | None = None) -> dict[str, Any]:
    return {"code": code, "message": {"es": es, "en": en}, "field": field}


def error_response(
    errors: list[dict[str, Any]], status_code: int, headers: dict[str, str] | None = None
) -> Response:
    return Response(error_body(errors), status=status_code, headers=headers)


def error_body(errors: list[dict[str, Any]]) -> dict[str, Any]:
    """The one error shape: the first error's code, message and field, and all of them."""
    unknown = [e["code"] for e in errors if e["code"] not in CODES]
    if unknown:  # the schema's enum would not know it (tests/casino/test_api_contract.py)
        logger.error("error codes missing from casino.api.codes: %s", unknown)
    first = errors[0]
    body = {
        "code": first["code"],
        "message": first["message"],
        "field": first.get("field"),
        "errors": errors,
    }
    if first.get("details"):
        body["details"] = first["details"]
    return body


def _in_both(func: Any) -> tuple[str, str]:
    with translation.override("es"):
        es = str(func())
    with translation.override("en"):
        en = str(func())
    return es, en


_GENERIC: dict[type, tuple[str, str, str]] = {
    exceptions.NotAuthenticated: (
        "NOT_AUTHENTICATED",
        "Debe iniciar sesión o enviar un token válido.",
        "Authentication credentials were not provided.",
    ),
    exceptions.AuthenticationFailed: (
        "AUTHENTICATION_FAILED",
        "Credenciales inválidas.",
        "Invalid credentials.",
    ),
    exceptions.PermissionDenied: (
        "PERMISSION_DENIED",
        "No tiene permiso para esta acción.",
        "You do not have permission to perform this action.",
    ),
    exceptions.NotFound: ("NOT_FOUND", "No encontrado.", "Not found."),
    exceptions.MethodNotAllowed: (
        "METHOD_NOT_ALLOWED",
        "Método no permitido.",
        "Method not allowed.",
    ),
    exceptions.NotAcceptable: ("NOT_ACCEPTABLE", "Formato no aceptable.", "Not acceptable."),
    exceptions.UnsupportedMediaType: (
        "UNSUPPORTED_MEDIA_TYPE",
        "Tipo de contenido no admitido.",
        "Unsupported media type.",
    ),
    exceptions.ParseError: (
        "MALFORMED_REQUEST",
        "El cuerpo de la solicitud no es JSON válido.",
        "The request body is not valid JSON.",
    ),
    exceptions.Throttled: (
        "THROTTLED",
        "Demasiados intentos; espere antes de reintentar.",
        "Too many attempts; wait before retrying.",
    ),
}


def _flatten(detail: Any, field: str | None = None) -> list[tuple[str | None, str, str]]:
    """(field, code, message) triples from a DRF error detail tree."""
    out: list[tuple[str | None, str, str]] = []
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = None if key in ("non_field_errors", "detail") else str(key)
            sub = f"{field}.{name}" if field and name else (name or field)
            out.extend(_flatten(value, sub))
    elif isinstance(detail, list):
        for index, value in enumerate(detail):
            if isinstance(value, dict | list):
                out.extend(_flatten(value, f"{field}[{index}]" if field else f"[{index}]"))
            else:
                out.extend(_flatten(value, field))
    else:
        code = getattr(detail, "code", None) or "invalid"
        out.append((field, str(code), str(detail)))
    return out


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DomainError):
        return error_response([exc.as_dict()], exc.status_code)
    if isinstance(exc, BilingualValidationError):
        return error_response(exc.errors, 400)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, RequestDataTooBig):
        # A body over DATA_UPLOAD_MAX_MEMORY_SIZE (issue 9 §4): in the one shape, not HTML.
        return error_response(
            [
                _entry(
                    "REQUEST_TOO_LARGE",
                    "La solicitud es demasiado grande; envíe los archivos como adjunto.",
                    "The request is too large; send files as an upload.",
                )
            ],
            413,
        )
    if isinstance(exc, SuspiciousOperation):
        return error_response(
            [_entry("MALFORMED_REQUEST", "Solicitud mal formada.", "Malformed request.")], 400
        )
    if isinstance(exc, IntegrityError) and is_immutability_error(exc):
        return error_response(
            [
                _entry(
                    "RECORD_IMMUTABLE",
                    "El registro está firmado o es de solo agregado: no se puede modificar.",
                    "The record is signed or append-only and cannot be changed.",
                )
            ],
            409,
        )
    if isinstance(exc, DataError):
        return error_response(
            [
                _entry(
                    "VALUE_OUT_OF_RANGE",
                    "Un valor está fuera del rango admitido; no se registró nada.",
                    "A value is out of the accepted range; nothing was recorded.",
                )
            ],
            400,
        )
    if isinstance(exc, OperationalError | InterfaceError) or (
        isinstance(exc, DatabaseError) and not isinstance(exc, IntegrityError)
    ):
        logger.warning("database unavailable: %s", exc)
        return error_response(
            [
                _entry(
                    "SERVICE_UNAVAILABLE",
                    "La base de datos no está disponible; no se registró nada. Reintente.",
                    "The database is unavailable; nothing was recorded. Retry.",
                )
            ],
            503,
            headers={"Retry-After": "5"},
        )
    if isinstance(exc, exceptions.ValidationError):
        errors = [
            _entry(code.upper() if code != "invalid" else "INVALID", msg, msg, field)
            for field, code, msg in _flatten(exc.detail)
        ]
        return error_response(errors or [_entry("INVALID", "Inválido.", "Invalid.")], 400)
    if isinstance(exc, exceptions.APIException):
        for klass, (code, es, en) in _GENERIC.items():
            if isinstance(exc, klass):
                headers: dict[str, str] = {}
                if isinstance(exc, exceptions.Throttled) and exc.wait:
                    headers["Retry-After"] = str(int(exc.wait))
                status_code = exc.status_code
                if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
                    status_code = status.HTTP_401_UNAUTHORIZED
                    headers["WWW-Authenticate"] = 'Token realm="api"'
                return error_response([_entry(code, es, en)], status_code, headers)
        return error_response([_entry("ERROR", str(exc.detail), str(exc.detail))], exc.status_code)
    return None
