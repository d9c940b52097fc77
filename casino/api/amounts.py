"""Amounts are decimal strings, in and out (issue 15 §4).

Every amount of the API is a ``DecimalField`` (published as ``type: string, format:
decimal``) or an :class:`AmountInputField`. A JSON number with a fraction is a binary
float: ``1500.1`` may reach the server as ``1500.0999…``. ``parse`` refuses one in an
amount field with 400 ``AMOUNT_NOT_DECIMAL_STRING`` naming the field, before any
validation, rather than round it. A whole JSON number (``1500``) is exact and accepted.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.codes import CasinoCode
from casino.errors import DomainError

#: The schema of an amount input the service judges (like a DecimalField's output).
DECIMAL_STRING = {
    "type": "string",
    "format": "decimal",
    "pattern": r"^-?\d+(\.\d+)?$",
    "example": "1500.00",
}


@extend_schema_field(DECIMAL_STRING)
class AmountInputField(serializers.Field):
    """An amount as a decimal string, handed to the service as given: it says what is
    wrong with it (negative, not a number, not a chip multiple) with a precise code."""

    default_error_messages = {"invalid": "Se espera un importe en texto decimal («1500.00»)."}

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, bool) or not isinstance(data, str | int):
            self.fail("invalid")
        return data

    def to_representation(self, value: Any) -> Any:
        return None if value is None else str(value)


def _is_amount(field: serializers.Field) -> bool:
    return isinstance(field, serializers.DecimalField | AmountInputField)


def float_amount_paths(field: Any, data: Any, path: str = "") -> list[str]:
    """Paths (``lines[0].total``) of the amount fields that ``data`` gives as floats."""
    return _paths(
        field, data, path, lambda sub, value: _is_amount(sub) and isinstance(value, float)
    )


def _is_number(field: serializers.Field) -> bool:
    return isinstance(
        field, serializers.IntegerField | serializers.FloatField | serializers.DecimalField
    ) or isinstance(field, AmountInputField)


def non_ascii_number_paths(field: Any, data: Any, path: str = "") -> list[str]:
    """Paths of the number fields that ``data`` writes with other than ASCII characters.

    Python reads ``"١"`` (Arabic-Indic one) and ``"²"`` as digits (``int``, ``Decimal``);
    the API, like every form (``casino.formdata``), takes numbers in ASCII digits only
    (issue 39 §4), so a version, a stack or an amount means one thing to every reader.
    """
    return _paths(
        field,
        data,
        path,
        lambda sub, value: _is_number(sub) and isinstance(value, str) and not value.isascii(),
    )


def _paths(field: Any, data: Any, path: str, wrong: Any) -> list[str]:
    if isinstance(field, serializers.ListSerializer | serializers.ListField):
        if not isinstance(data, list):
            return []
        return [
            found
            for index, item in enumerate(data)
            for found in _paths(field.child, item, f"{path}[{index}]", wrong)
        ]
    if isinstance(field, serializers.Serializer):
        if not isinstance(data, dict):
            return []
        found: list[str] = []
        for name, sub in field.fields.items():
            if not sub.read_only and name in data:
                found += _paths(sub, data[name], f"{path}.{name}" if path else name, wrong)
        return found
    if wrong(field, data):
        return [path]
    return []


def non_ascii_number_errors(serializer: serializers.Serializer, data: Any) -> list[dict[str, Any]]:
    """The error entries (one per field) for numbers ``data`` writes in other digits."""
    if not _holds_non_ascii(data):  # the usual body: ASCII throughout
        return []
    return [
        {
            "code": "NUMBER_INVALID",
            "message": {
                "es": f"«{path}»: número inválido (escríbalo con las cifras 0-9).",
                "en": f"“{path}”: invalid number (write it with the digits 0-9).",
            },
            "field": path,
        }
        for path in non_ascii_number_paths(serializer, data)
    ]


def _holds_non_ascii(data: Any) -> bool:
    if isinstance(data, str):
        return not data.isascii()
    if isinstance(data, dict):
        return any(_holds_non_ascii(v) for v in data.values())
    if isinstance(data, list):
        return any(_holds_non_ascii(v) for v in data)
    return False


def _holds_float(data: Any) -> bool:
    if isinstance(data, float):
        return True
    if isinstance(data, dict):
        return any(_holds_float(v) for v in data.values())
    if isinstance(data, list):
        return any(_holds_float(v) for v in data)
    return False


def float_amount_errors(serializer: serializers.Serializer, data: Any) -> list[dict[str, Any]]:
    """The error entries (one per field) for the amounts ``data`` sends as JSON floats."""
    if not _holds_float(data):  # the usual body: no JSON float anywhere (issue 43)
        return []
    return [
        DomainError.of(CasinoCode.AMOUNT_NOT_DECIMAL_STRING, name=path, field=path).as_dict()
        for path in float_amount_paths(serializer, data)
    ]
