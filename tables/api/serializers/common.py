"""What the tables API's serializers share: money, a raw chip count, a published choice
and a reason (code and message)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.api.enums import enum
from casino.models import MONEY


def money(**kw: Any) -> serializers.DecimalField:
    return serializers.DecimalField(**MONEY, **kw)


@extend_schema_field(OpenApiTypes.INT)
class RawIntegerField(serializers.Field):
    """A chip count (an integer in the schema), passed as given: the service says what is
    wrong with it (negative, not whole, too large…) with a precise code."""

    default_error_messages = {"invalid": "Se espera un número."}

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, bool | int | str | Decimal):
            return data
        if isinstance(data, float):
            return Decimal(str(data))
        self.fail("invalid")

    def to_representation(self, value: Any) -> Any:
        return value


def choice(choices: Any, **kw: Any) -> serializers.ChoiceField:
    """A fixed set of values, published as an enum (issue 15 §4); the services validate
    the value and answer with a precise code. Stable enum names: ENUM_NAME_OVERRIDES."""
    return enum(choices, **kw)


class ReasonSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.DictField(child=serializers.CharField())
