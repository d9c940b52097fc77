"""What every operation of the schema declares, in one place (issue 15 §3).

``MesaAutoSchema`` (``REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"]``) adds to each operation:

- the header parameters it honours: ``X-Mesa-Role`` where the handler reads the role
  header, ``Idempotency-Key`` where it goes through ``casino.api.idempotency.idempotent``
  (found in the handler's code, so a new view declares them without a decorator), and
  ``Accept-Language`` everywhere (labels in the body; error messages carry both languages);
- the error answers it can give, each with the one error body (``ErrorSerializer``):
  400 (bad input, a missing role choice), 401/403 (authenticated operations), 404 (an id
  in the path or the body, a page past the end), 409 (writes), 413/415 (bodies: too large,
  not JSON) and 429 (throttled operations).

A view may still declare any of them itself (with another body or description); this
only fills in what is missing.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from types import CodeType
from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter
from rest_framework.permissions import AllowAny

from casino.access import ROLE_HEADER
from casino.roles import Role

from .idempotency import HEADER as IDEMPOTENCY_HEADER
from .responses import CREATED_STATUSES, LOCATION, CreatesMixin
from .versioning import VENDOR_MEDIA_TYPE

WRITES = ("POST", "PUT", "PATCH", "DELETE")
#: Components of the header parameters: one enum each, not one per operation in a client.
ACTING_ROLE = "ActingRole"
LANGUAGE = "Language"


def add_header_components(result: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``): the enums
    the header parameters refer to."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas[ACTING_ROLE] = {
        "type": "string",
        "enum": list(Role.values),
        "description": "A role, as sent in X-Mesa-Role.",
    }
    schemas[LANGUAGE] = {"type": "string", "enum": ["es", "en"]}
    return result


NULL_ENUM = "NullEnum"


def nullable_references(result: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: a nested object that may be null, as OpenAPI 3.0 can say it
    (issue 39 §6).

    drf-spectacular writes it ``{"allOf": [{"$ref": X}], "nullable": true}``; OpenAPI 3.0.3
    says ``nullable`` adds null only to a ``type`` in the same schema, so a validator that
    reads it so (openapi-core) refused every ``null`` the API sends there (a table with no
    session, a hand not yet reviewed, a slip not voided). It becomes ``X`` or the null
    enum, the way drf-spectacular already writes a nullable choice:
    ``{"oneOf": [{"$ref": X}, {"$ref": "#/components/schemas/NullEnum"}], "nullable": true}``.
    """
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    found = False

    def walk(node: Any) -> None:
        nonlocal found
        if isinstance(node, dict):
            parts = node.get("allOf")
            if node.get("nullable") and isinstance(parts, list) and len(parts) == 1:
                if "$ref" in parts[0] and "type" not in node:
                    node["oneOf"] = [parts[0], {"$ref": f"#/components/schemas/{NULL_ENUM}"}]
                    del node["allOf"]
                    found = True
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(result)
    if found:
        schemas.setdefault(NULL_ENUM, {"enum": [None]})
    return result


def _code_names(code: CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, CodeType):  # nested functions (the idempotent ``handle``)
            names |= _code_names(const)
    return names


def names_used(func: Callable[..., Any], depth: int = 2) -> set[str]:
    """The global names ``func`` uses, and those of the module functions it calls
    (``depth`` levels: ``_actor(request, ...)`` reads ``ROLE_HEADER``)."""
    func = inspect.unwrap(func)
    code = getattr(func, "__code__", None)
    if code is None:
        return set()
    names = _code_names(code)
    if depth:
        module = getattr(func, "__globals__", {})
        for name in list(names):
            callee = module.get(name)
            if inspect.isfunction(callee):
                names |= names_used(callee, depth - 1)
    return names


def handler_names(view_class: type, method: str) -> set[str]:
    """Names used by the view's handler for ``method``, in the class and its bases
    (a handler that calls ``super().post``; a generic list view's ``get_queryset``)."""
    wanted = [method.lower(), "get_queryset"] if method.upper() == "GET" else [method.lower()]
    names: set[str] = set()
    for klass in view_class.__mro__:
        for attr in wanted:
            func = klass.__dict__.get(attr)
            if func is not None:
                names |= names_used(func)
    return names


class MesaAutoSchema(AutoSchema):
    def _handler_names(self) -> set[str]:
        return handler_names(type(self.view), self.method)

    def _authenticated(self) -> bool:
        classes = getattr(self.view, "permission_classes", [])
        return not all(issubclass(c, AllowAny) for c in classes)

    def honours_role_header(self) -> bool:
        return self._authenticated() and "ROLE_HEADER" in self._handler_names()

    def honours_idempotency_key(self) -> bool:
        return self.method in WRITES and "idempotent" in self._handler_names()

    def get_override_parameters(self) -> list[Any]:
        params = list(super().get_override_parameters())
        if self.honours_role_header():
            params.append(
                OpenApiParameter(
                    ROLE_HEADER,
                    {"$ref": f"#/components/schemas/{ACTING_ROLE}"},
                    OpenApiParameter.HEADER,
                    description="The role you act in. Required when you hold several roles "
                    "that allow this operation (400 ROLE_REQUIRED otherwise).",
                )
            )
        if self.honours_idempotency_key():
            params.append(
                OpenApiParameter(
                    IDEMPOTENCY_HEADER,
                    {"type": "string", "maxLength": 128},
                    OpenApiParameter.HEADER,
                    description="Up to 128 printable characters. A retry with the same key and "
                    "body gets the first answer (Idempotent-Replayed: true) and writes "
                    "nothing; the same key with another body answers 409.",
                )
            )
        params.append(
            OpenApiParameter(
                "Accept-Language",
                {"$ref": f"#/components/schemas/{LANGUAGE}"},
                OpenApiParameter.HEADER,
                description="Language of the labels in the body (Spanish by default). "
                "Error messages always carry both languages.",
            )
        )
        return params

    def map_renderers(self, attribute: str) -> list[Any]:
        # The vendor type (casino.api.versioning) names the same bodies as application/json:
        # the schema's description says so once, not every answer twice.
        vendor = {VENDOR_MEDIA_TYPE, "mesa-json"}
        return [m for m in super().map_renderers(attribute) if m not in vendor]

    def _has_body(self) -> bool:
        return self.method in ("POST", "PUT", "PATCH") and self.get_request_serializer() is not None

    def error_statuses(self) -> list[int]:
        statuses: set[int] = set()
        authenticated = self._authenticated()
        has_body = self._has_body()
        if authenticated:
            statuses |= {400, 401, 403}
        if has_body:
            statuses |= {400, 413, 415}
        path_params = "{" in self.path
        paginated = self.method == "GET" and self._get_paginator() and self._is_list_view()
        if authenticated and (path_params or has_body or paginated):
            statuses.add(404)
        if authenticated and self.method in WRITES:
            statuses.add(409)
        if getattr(self.view, "throttle_classes", None):
            statuses.add(429)
        # Any operation: a version the server does not serve (casino.api.versioning) and the
        # database unavailable (casino.api.errors), each in the error shape (issue 39 §6:
        # every answer an API test sees is one the schema describes).
        statuses |= {406, 503}
        return sorted(statuses)

    def _get_response_bodies(self, direction: Any = "response") -> Any:
        from .serializers import ErrorSerializer

        responses = super()._get_response_bodies(direction)
        if (
            self.method == "POST"
            and isinstance(self.view, CreatesMixin)
            and self.view.location_route
        ):
            # Issue 15 §4 (casino.api.responses): a create names the new record's URL.
            for status_code in map(str, CREATED_STATUSES):
                if status_code in responses:
                    responses[status_code].setdefault("headers", {})[LOCATION] = {
                        "schema": {"type": "string", "format": "uri"},
                        "description": "The URL of the record created: GET it for its state.",
                        "required": True,
                    }
        for status_code in map(str, self.error_statuses()):
            if status_code not in responses:
                responses[status_code] = self._get_response_for_code(
                    ErrorSerializer, status_code, direction=direction
                )
        return responses
