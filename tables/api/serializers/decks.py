"""Deck custody: packs, deck events, deliveries and receipts, moves, rotation, alerts,
stores, the day's reconciliation and final control (DECK-*)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from casino.api.renames import OLD_GAMING_DAY_DATE
from casino.roles import Role

from ...models import (
    PackState,
)
from .common import choice


class PackSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    serial = serializers.CharField()
    colour = serializers.CharField()
    design = serializers.CharField()
    is_new = serializers.BooleanField()
    state = choice(choices=PackState.choices)
    state_changed_at = serializers.DateTimeField()
    store = serializers.IntegerField()
    session = serializers.IntegerField(allow_null=True)


class DeckEventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    pack = serializers.IntegerField()
    pack_serial = serializers.CharField()
    from_state = choice(choices=PackState.choices, allow_blank=True)  # "" on the first event
    to_state = choice(choices=PackState.choices)
    at = serializers.DateTimeField()
    actor = serializers.CharField()
    role = choice(choices=Role.choices)
    with_user = serializers.CharField(allow_null=True)
    session = serializers.IntegerField(allow_null=True)
    table = serializers.CharField(allow_null=True)
    related_pack = serializers.CharField(allow_null=True)
    hand_number = serializers.IntegerField(allow_null=True)
    note = serializers.CharField()
    data = serializers.DictField()  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class


class PackDetailSerializer(PackSerializer):
    events = DeckEventSerializer(many=True)
    allowed_moves = serializers.ListField(child=serializers.CharField())


class PackInputSerializer(serializers.Serializer):
    serial = serializers.CharField(max_length=40, allow_blank=True)
    colour = serializers.CharField(max_length=30, allow_blank=True)
    design = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")
    is_new = serializers.BooleanField(required=False, default=True)


class DeliveryInputSerializer(serializers.Serializer):
    store = serializers.IntegerField()
    packs = PackInputSerializer(many=True, allow_empty=True)
    note = serializers.CharField(required=False, allow_blank=True, default="")


class ReceiptSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    serial = serializers.CharField()
    store = serializers.IntegerField()
    delivered_by = serializers.CharField()
    created_at = serializers.DateTimeField()
    locked = serializers.BooleanField()
    missing_roles = serializers.ListField(child=serializers.CharField())
    packs = PackSerializer(many=True)


class MoveInputSerializer(serializers.Serializer):
    to = choice(choices=PackState.choices)
    session = serializers.IntegerField(required=False, allow_null=True)
    with_user = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=150,
        help_text="Username of the second person (the witness of an inspection, who signs "
        "with ``pin``; the witness of a destruction…).",
    )
    pin = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=32,
        trim_whitespace=False,
        help_text="The inspection witness's PIN, typed on the supervisor's terminal (DECK-06).",
    )
    note = serializers.CharField(required=False, allow_blank=True, default="")
    hand_number = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    replaces = serializers.IntegerField(
        required=False, allow_null=True, help_text="Pack id this one replaces (damaged/rejected)."
    )
    replacement = serializers.IntegerField(
        required=False, allow_null=True, help_text="Pack id coming into play instead."
    )
    # What the person declared: false unless sent (a check nobody made was not made).
    complete = serializers.BooleanField(required=False, default=False)
    face_up_ok = serializers.BooleanField(required=False, default=False)
    face_down_ok = serializers.BooleanField(required=False, default=False)


class RotateInputSerializer(serializers.Serializer):
    incoming_pack = serializers.IntegerField()
    outgoing_complete = serializers.BooleanField(required=False, default=False)
    note = serializers.CharField(required=False, allow_blank=True, default="")


class RotationSerializer(serializers.Serializer):
    pack_out = PackSerializer()
    pack_in = PackSerializer()


class DeckAlertSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.DictField(child=serializers.CharField())
    pack = serializers.CharField(allow_null=True)
    session = serializers.IntegerField(allow_null=True)
    table = serializers.CharField(allow_null=True)


class StoreSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()


class StoreInputSerializer(serializers.Serializer):
    """A card store: the security store or a pit's locked cabinet (DECK-01)."""

    code = serializers.CharField(max_length=16, help_text="Short code, e.g. SEG.")
    # Blank is allowed: its default is blank (issue 39 §6: "minLength: 1" with "default: ''"
    # made the published schema invalid).
    name = serializers.CharField(
        max_length=100,
        required=False,
        allow_blank=True,
        default="",
        help_text="Defaults to the code.",
    )


class UnaccountedSerializer(serializers.Serializer):
    serial = serializers.CharField()
    state = choice(choices=PackState.choices)
    reason = serializers.CharField()


@extend_schema_serializer(deprecate_fields=["gaming_day"])
class ReconciliationSerializer(serializers.Serializer):
    store = serializers.IntegerField()
    business_date = serializers.DateField(source="gaming_day")
    gaming_day = serializers.DateField(help_text=OLD_GAMING_DAY_DATE)
    received = serializers.IntegerField()
    received_today = serializers.IntegerField()
    in_store = serializers.IntegerField()
    at_tables = serializers.IntegerField()
    returned = serializers.IntegerField()
    destroyed = serializers.IntegerField()
    balanced = serializers.BooleanField()
    counted = serializers.BooleanField()
    unaccounted = UnaccountedSerializer(many=True)
    unexpected_serials = serializers.ListField(child=serializers.CharField())
    final_control = serializers.IntegerField(allow_null=True)


class FinalControlInputSerializer(serializers.Serializer):
    counted = serializers.ListField(child=serializers.CharField(max_length=40), allow_empty=True)


@extend_schema_serializer(deprecate_fields=["gaming_day"])
class FinalControlSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    store = serializers.IntegerField()
    business_date = serializers.DateField(source="gaming_day")
    gaming_day = serializers.DateField(help_text=OLD_GAMING_DAY_DATE)
    locked = serializers.BooleanField()
    figures = serializers.DictField()
