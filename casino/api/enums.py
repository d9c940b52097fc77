"""Fixed sets of values, published as enums (issue 15 §4).

Every status, kind, role… field of the API is a ``ChoiceField`` built from the model's
``TextChoices``, so drf-spectacular publishes an ``enum``. ``SPECTACULAR_SETTINGS
["ENUM_NAME_OVERRIDES"]`` gives each set that shares a field name with another its own
stable component name (``SessionStatusEnum``, ``SlipStatusEnum``…).

On input, ``enum()`` fields leave the judging to the service: an unknown value reaches
the service, which refuses it with its precise code (``SLIP_KIND_INVALID``,
``STRUCTURE_INVALID``, ``UNKNOWN_ROLE``…) and the allowed values in ``details``.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from rest_framework import serializers


class ServiceJudgedChoiceField(serializers.ChoiceField):
    """An enum in the schema; on input any string reaches the service, which judges it."""

    def to_internal_value(self, data: Any) -> Any:
        if data == "" and self.allow_blank:
            return ""
        if isinstance(data, bool) or not isinstance(data, str | int):
            self.fail("invalid_choice", input=data)
        return self.choice_strings_to_values.get(str(data), str(data))


def pairs_of(choices: Any) -> list[tuple[str, Any]]:
    """``(value, label)`` pairs of ``TextChoices.choices``, an ``Enum`` class or a list of
    values, labelled as drf-spectacular labels them, so that ENUM_NAME_OVERRIDES matches."""
    if isinstance(choices, type) and issubclass(choices, Enum):
        if hasattr(choices, "choices"):
            return list(choices.choices)
        return [(str(c.value), c.name) for c in choices]
    return [(str(c[0]), c[1]) if isinstance(c, tuple | list) else (str(c), str(c)) for c in choices]


def enum(choices: Any, **kw: Any) -> serializers.ChoiceField:
    """A field whose values are one of ``choices``, published as an enum."""
    return ServiceJudgedChoiceField(choices=pairs_of(choices), **kw)
