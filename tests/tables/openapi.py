"""Check API answers against the served OpenAPI document (STYLE: "the response checked
against the schema"; issue 39 §6).

Every answer an API test receives through the suite's API client (``tests.helpers.
RoleClient``, behind the ``api`` fixture) is checked here, automatically: the status must
be one the operation declares, and the body, its media type and its declared headers must
be what the served schema says (openapi-core, the validator an integrator would use). An
answer the schema does not describe fails the test that received it, whatever that test
asserts itself. ``assert_matches_schema`` is the same check, called by hand.

The document is the one ``/api/schema/`` serves (drf-spectacular's generator, public), read
once per process; ``tests/casino/test_api_schema_valid.py`` proves it is a valid OpenAPI
document (openapi-spec-validator), so it is not validated again here.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any


def _nullable(node: Any) -> Any:
    """OpenAPI 3.0 ``nullable: true`` → JSON Schema ``type: [t, "null"]``."""
    if isinstance(node, dict):
        out = {k: _nullable(v) for k, v in node.items() if k != "nullable"}
        if node.get("nullable"):
            if "type" in out:
                out["type"] = [out["type"], "null"]
            elif "$ref" in out or "allOf" in out or "oneOf" in out:
                out = {"anyOf": [out, {"type": "null"}]}
        return out
    if isinstance(node, list):
        return [_nullable(x) for x in node]
    return node


@functools.cache
def served() -> dict[str, Any]:
    """The OpenAPI document as ``/api/schema/?format=json`` serves it (plain JSON)."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(json.dumps(schema, default=str))


@functools.cache
def document() -> dict[str, Any]:
    """The served document read as JSON Schema (``nullable`` as a ``null`` type)."""
    return _nullable(served())


@functools.cache
def _openapi() -> Any:
    from openapi_core import Config, OpenAPI

    # Validated once, by its own test: loading it here need not validate it again.
    return OpenAPI.from_dict(served(), config=Config(spec_validator_cls=None))


# Not operations of the API: the document itself and its docs page.
NOT_OPERATIONS = ("/api/schema/", "/api/docs/")


def _problems(exc: BaseException) -> str:
    lines = [f"{type(exc).__name__}: {exc}"]
    cause = exc.__cause__ or exc.__context__
    for error in getattr(cause, "schema_errors", None) or getattr(exc, "schema_errors", ()):
        lines.append(f"  {list(error.absolute_path)}: {error.message}")
    if cause is not None and not getattr(cause, "schema_errors", None):
        lines.append(f"  {type(cause).__name__}: {cause}")
    return "\n".join(lines)


def check_response(response: Any) -> None:
    """Fail when ``response`` (a test client's answer to an API request) is not what the
    served schema says for its operation and status."""
    from openapi_core.templating.paths.exceptions import PathNotFound
    from openapi_core.testing import MockRequest, MockResponse

    request = getattr(response, "wsgi_request", None)
    if request is None or not request.path.startswith("/api/"):
        return
    if request.path.startswith(NOT_OPERATIONS):
        return
    streaming = getattr(response, "streaming", False)
    content_type = (response.get("Content-Type") or "").split(";")[0].strip()
    if content_type == "application/vnd.mesa+json":  # the same bodies (casino.api.versioning)
        content_type = "application/json"
    mock_request = MockRequest(
        "http://testserver",
        request.method,
        request.path,
        args=dict(request.GET.items()),
    )
    mock_response = MockResponse(
        # A file streamed (a PDF, a CSV): its type and status are checked; the bytes are the
        # test's to read, once.
        b"(streamed)" if streaming else response.content,
        status_code=response.status_code,
        headers={k: v for k, v in response.items()},
        content_type=content_type,
    )
    try:
        _openapi().validate_response(mock_request, mock_response)
    except PathNotFound:
        # A URL no route of the API matches answers the error shape at 404 (casino.views).
        assert response.status_code in (404, 405), f"{request.method} {request.path}: no such path"
    except Exception as exc:  # openapi-core's errors: what the schema does not describe
        raise AssertionError(
            f"{request.method} {request.path} answered {response.status_code}, which the "
            f"served schema does not describe:\n{_problems(exc)}"
        ) from None


def assert_matches_schema(response: Any, method: str = "get") -> None:
    """The same check as the API client's, called by hand (``method`` is the request's)."""
    assert response.wsgi_request.method.lower() == method.lower()
    check_response(response)


def operation_of(path: str, method: str) -> dict[str, Any]:
    paths = document()["paths"]
    if path in paths:  # a literal path wins over a template (/sanctions/proposals/)
        return paths[path][method.lower()]
    for template, item in paths.items():
        pattern = "^" + re.sub(r"\{[^}]+\}", r"[^/]+", template) + "$"
        if re.match(pattern, path):
            return item[method.lower()]
    raise AssertionError(f"no operation for {method} {path}")
