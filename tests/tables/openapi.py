"""Check API answers against the generated OpenAPI document (STYLE: "the response checked
against the schema")."""

from __future__ import annotations

import functools
import re
from typing import Any

from drf_spectacular.generators import SchemaGenerator
from jsonschema import Draft7Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7


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
def document() -> dict[str, Any]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return _nullable(schema)


def _operation(path: str, method: str) -> dict[str, Any]:
    paths = document()["paths"]
    if path in paths:  # a literal path wins over a template (/sanctions/proposals/)
        return paths[path][method.lower()]
    for template, item in paths.items():
        pattern = "^" + re.sub(r"\{[^}]+\}", r"[^/]+", template) + "$"
        if re.match(pattern, path):
            return item[method.lower()]
    raise AssertionError(f"no operation for {method} {path}")


def assert_matches_schema(response: Any, method: str = "get") -> None:
    path = response.request["PATH_INFO"]
    operation = _operation(path, method)
    responses = operation["responses"]
    spec = responses.get(str(response.status_code))
    assert spec is not None, f"{method} {path}: {response.status_code} is not documented"
    schema = spec["content"]["application/json"]["schema"]
    registry = Registry().with_resource("urn:mesa", Resource(document(), DRAFT7))
    wrapper = {"$ref": "urn:mesa#" + schema["$ref"][1:]} if "$ref" in schema else schema
    if schema.get("type") == "array" and "$ref" in schema.get("items", {}):
        wrapper = {"type": "array", "items": {"$ref": "urn:mesa#" + schema["items"]["$ref"][1:]}}
    validator = Draft7Validator(wrapper, registry=registry)
    errors = sorted(validator.iter_errors(response.json()), key=lambda e: list(e.path))
    assert not errors, f"{method} {path}: " + "; ".join(
        f"{list(e.path)}: {e.message}" for e in errors[:5]
    )
