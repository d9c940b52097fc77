from __future__ import annotations

import threading
from typing import Any

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from casino.hotqueries import checking
from casino.models import AuditEvent, GamingDay, Signature
from casino.roles import Role

from .codes import choices
from .light import light_representer
from .renames import OLD_GAMING_DAY_ID

_OUTPUTS = threading.local()


def represent(serializer_class: type[serializers.Serializer], instance: Any) -> Any:
    """``serializer_class(instance).data``, by one instance per thread and class (issue 43).

    DRF deep-copies a serializer's declared fields into every new instance; an answer's
    shape does not change between requests, so it is built once, and read by its light
    representer (``casino.api.light``). For serializers that read no ``context`` (the
    writes' answers)."""
    by_class = _OUTPUTS.__dict__.setdefault("by_class", {})
    entry = by_class.get(serializer_class)
    if entry is None:
        serializer = serializer_class()
        entry = by_class[serializer_class] = (serializer, light_representer(serializer))
    serializer, light = entry
    if light is None:
        return serializer.to_representation(instance)
    answer = light(instance)
    if checking():
        expected = serializer.to_representation(instance)
        if answer != expected:
            raise AssertionError(f"light answer differs from DRF's:\n{answer}\n{expected}")
    return answer


class ErrorMessageSerializer(serializers.Serializer):
    es = serializers.CharField()
    en = serializers.CharField()


class ErrorEntrySerializer(serializers.Serializer):
    code = serializers.ChoiceField(
        choices=choices(),
        help_text="A code of the catalogue (docs/api.md; the refusal enums, casino.refusals).",
    )
    message = ErrorMessageSerializer()
    field = serializers.CharField(
        allow_null=True, help_text="The field concerned: `lines[0].count`, a header or null."
    )
    details = serializers.DictField(
        required=False, help_text="Facts a client can act on (allowed values, states)."
    )


class ErrorSerializer(ErrorEntrySerializer):
    """The one shape of every 4xx answer: the first error, and all of them in ``errors``."""

    errors = ErrorEntrySerializer(many=True)  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class


class HealthSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["ok", "degraded"])
    database = serializers.DictField()
    broker = serializers.DictField()


class MeSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()
    casino = serializers.CharField(allow_null=True)
    roles = serializers.ListField(child=serializers.ChoiceField(choices=Role.choices))


class TokenInputSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, trim_whitespace=False)


class TokenOutputSerializer(serializers.Serializer):
    token = serializers.CharField()
    id = serializers.IntegerField()
    expires_at = serializers.DateTimeField()


class TokenInfoSerializer(serializers.Serializer):
    """A token as its owner sees it in the list: never the secret (issue 12 §9)."""

    id = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True)
    current = serializers.BooleanField()


class PinUnlockInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500)


class PinUnlockOutputSerializer(serializers.Serializer):
    username = serializers.CharField()
    pin_locked = serializers.BooleanField()


@extend_schema_serializer(deprecate_fields=["gaming_day"])
class AuditEventSerializer(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", allow_null=True, default=None)
    role = serializers.ChoiceField(choices=Role.choices, allow_blank=True)
    gaming_day_id = serializers.IntegerField(read_only=True, allow_null=True)
    gaming_day = serializers.IntegerField(
        source="gaming_day_id", allow_null=True, help_text=OLD_GAMING_DAY_ID
    )

    class Meta:
        model = AuditEvent
        fields = [
            "id",
            "at",
            "actor",
            "role",
            "action",
            "object_type",
            "object_id",
            "object_repr",
            "before",
            "after",
            "reason",
            "gaming_day_id",
            "gaming_day",
        ]


class SignatureSerializer(serializers.ModelSerializer):
    signer = serializers.CharField(source="signer.username")
    signer_name = serializers.CharField(source="signer.display_name")

    class Meta:
        model = Signature
        fields = ["id", "role", "signer", "signer_name", "method", "signed_at", "content_hash"]


class SignInputSerializer(serializers.Serializer):
    """Input of every document's sign endpoint."""

    role = serializers.ChoiceField(choices=Role.choices)
    signer = serializers.CharField(
        max_length=150,
        required=False,
        help_text="Username of a croupier signing with their PIN on this terminal.",
    )
    pin = serializers.CharField(max_length=32, required=False, trim_whitespace=False)


class GamingDaySerializer(serializers.ModelSerializer):
    class Meta:
        model = GamingDay
        fields = ["id", "business_date", "status", "opened_at", "closed_at"]


class GamingDayOpenSerializer(serializers.Serializer):
    business_date = serializers.DateField()
