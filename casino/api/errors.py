"""One error shape for every 4xx answer of the API (issue 2 §6).

```
{"code": "ROLE_NOT_HELD",
 "message": {"es": "...", "en": "..."},
 "field": "role" | null,
 "details": {...},   # only when there are facts to act on
 "errors": [{"code", "message": {"es", "en"}, "field", "details"?}, ...]}
```

``code`` and ``field`` are those of the first error; ``errors`` lists them all.
Every code is a member of a refusal enum (:mod:`casino.refusals`; the schema's
``ErrorCode``): the handler's own are :class:`casino.errorcodes.ApiCode`. Validation
messages are DRF's, produced in both languages by :func:`casino.api.parsing.parse` (it
validates under each language).
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.db import DatabaseError, DataError, IntegrityError, InterfaceError, OperationalError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response

from casino.errorcodes import RESOURCE, ApiCode, ValidationCode
from casino.errors import DomainError
from casino.immutability import is_immutability_error
from casino.refusals import RefusalCode, all_codes

logger = logging.getLogger("mesa.api")


class BilingualValidationError(exceptions.APIException):
    """Raised by ``parse`` with the serializer errors in Spanish and English."""

    status_code = 400

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__("validation error")
        self.errors = errors


def _entry(code: RefusalCode, field: str | None = None, **params: Any) -> dict[str, Any]:
    """One error of the handler's own, its message from the code's catalogue."""
    return DomainError.of(code, field=field, **params).as_dict()


def _drf_entry(code: str, message: str, field: str | None) -> dict[str, Any]:
    """A serializer's error: DRF's own words (``parse`` validates under each language)."""
    return {"code": code, "message": {"es": message, "en": message}, "field": field}


def error_response(
    errors: list[dict[str, Any]], status_code: int, headers: dict[str, str] | None = None
) -> Response:
    return Response(error_body(errors), status=status_code, headers=headers)


def error_body(errors: list[dict[str, Any]]) -> dict[str, Any]:
    """The one error shape: the first error's code, message and field, and all of them."""
    known = all_codes()
    unknown = [e["code"] for e in errors if e["code"] not in known]
    if unknown:  # the schema's enum would not know it (tests/casino/test_api_contract.py)
        logger.error("error codes missing from the refusal enums: %s", unknown)
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


_GENERIC: dict[type, ApiCode] = {
    exceptions.NotAuthenticated: ApiCode.NOT_AUTHENTICATED,
    exceptions.AuthenticationFailed: ApiCode.AUTHENTICATION_FAILED,
    exceptions.PermissionDenied: ApiCode.PERMISSION_DENIED,
    exceptions.NotFound: ApiCode.NOT_FOUND,
    exceptions.MethodNotAllowed: ApiCode.METHOD_NOT_ALLOWED,
    exceptions.NotAcceptable: ApiCode.NOT_ACCEPTABLE,
    exceptions.UnsupportedMediaType: ApiCode.UNSUPPORTED_MEDIA_TYPE,
    exceptions.ParseError: ApiCode.MALFORMED_REQUEST,
    exceptions.Throttled: ApiCode.THROTTLED,
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
        return error_response([_entry(ApiCode.REQUEST_TOO_LARGE)], 413)
    if isinstance(exc, SuspiciousOperation):
        return error_response([_entry(ApiCode.MALFORMED_REQUEST)], 400)
    if isinstance(exc, IntegrityError) and is_immutability_error(exc):
        return error_response([_entry(ApiCode.RECORD_IMMUTABLE)], 409)
    if isinstance(exc, DataError):
        return error_response([_entry(ApiCode.VALUE_OUT_OF_RANGE)], 400)
    if isinstance(exc, OperationalError | InterfaceError) or (
        isinstance(exc, DatabaseError) and not isinstance(exc, IntegrityError)
    ):
        logger.warning("database unavailable: %s", exc)
        return error_response(
            [_entry(ApiCode.SERVICE_UNAVAILABLE)], 503, headers={"Retry-After": "5"}
        )
    if isinstance(exc, exceptions.ValidationError):
        errors = [_drf_entry(code.upper(), msg, field) for field, code, msg in _flatten(exc.detail)]
        return error_response(errors or [_entry(ValidationCode.INVALID)], 400)
    if isinstance(exc, exceptions.APIException):
        for klass, code in _GENERIC.items():
            if isinstance(exc, klass):
                headers: dict[str, str] = {}
                # Throttled sets ``wait`` in its __init__; the stubs leave it out
                if isinstance(exc, exceptions.Throttled) and exc.wait:  # type: ignore[attr-defined]
                    headers["Retry-After"] = str(int(exc.wait))  # type: ignore[attr-defined]
                status_code = exc.status_code
                if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
                    status_code = status.HTTP_401_UNAUTHORIZED
                    headers["WWW-Authenticate"] = 'Token realm="api"'
                params: dict[str, Any] = {"thing": RESOURCE} if code is ApiCode.NOT_FOUND else {}
                return error_response([_entry(code, **params)], status_code, headers)
        return error_response([_entry(ApiCode.ERROR, detail=str(exc.detail))], exc.status_code)
    return None
