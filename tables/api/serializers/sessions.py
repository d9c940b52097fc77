"""Sessions: a session and its events, dealer changes, supervisor reliefs, and the inputs
of a session's life (open, start play, suspend, last hand, closing, checklists)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from casino.api.renames import OLD_GAMING_DAY_DATE
from casino.roles import Role

from ...models import (
    SessionEvent,
    TableSession,
)
from ...services import ATTESTATIONS
from .common import ReasonSerializer, choice
from .decks import PackSerializer


class SessionEventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = choice(choices=SessionEvent.Kind.choices)
    at = serializers.DateTimeField()
    recorded_by = serializers.CharField()
    role = choice(choices=Role.choices)
    person = serializers.CharField(allow_null=True)
    note = serializers.CharField()
    data = serializers.DictField()  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class


class PendingWorkSerializer(serializers.Serializer):
    """Work still open at the table when the croupier changed (ROLE-04)."""

    code = serializers.CharField()
    message = serializers.DictField(child=serializers.CharField())
    details = serializers.DictField()


class DealerChangeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    outgoing = serializers.CharField(allow_null=True)
    incoming = serializers.CharField()
    recorded_by = serializers.CharField()
    handover_note = serializers.CharField()
    warnings = serializers.ListField(child=serializers.CharField())
    pending = PendingWorkSerializer(many=True)
    pack_out = serializers.CharField(allow_null=True)
    pack_in = serializers.CharField(allow_null=True)


class SupervisorReliefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    session = serializers.IntegerField()
    at = serializers.DateTimeField()
    outgoing = serializers.CharField()
    incoming = serializers.CharField()
    recorded_by = serializers.CharField()
    role = choice(choices=Role.choices)
    reason = serializers.CharField()


class SupervisorReliefInputSerializer(serializers.Serializer):
    incoming = serializers.CharField(
        max_length=150, help_text="Username of the supervisor taking over the session."
    )
    reason = serializers.CharField(allow_blank=True, max_length=300)


@extend_schema_serializer(deprecate_fields=["gaming_day"])
class SessionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField()
    table_name = serializers.CharField()
    business_date = serializers.DateField(source="gaming_day")
    gaming_day = serializers.DateField(help_text=OLD_GAMING_DAY_DATE)
    number = serializers.IntegerField()
    status = choice(choices=TableSession.Status.choices)
    settings_version = serializers.IntegerField()
    supervisor = serializers.CharField()
    croupier = serializers.CharField(allow_null=True)
    opened_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    last_hand_number = serializers.IntegerField(allow_null=True)
    hand_in_progress = serializers.BooleanField()
    opening_sheet = serializers.IntegerField(allow_null=True)
    closing_sheet = serializers.IntegerField(allow_null=True)


class SessionDetailSerializer(SessionSerializer):
    not_ready = ReasonSerializer(many=True)
    packs = PackSerializer(many=True)
    events = SessionEventSerializer(many=True)
    dealer_changes = DealerChangeSerializer(many=True)
    supervisor_reliefs = SupervisorReliefSerializer(many=True)


class SessionOpenInputSerializer(serializers.Serializer):
    supervisor = serializers.CharField(max_length=150)
    croupier = serializers.CharField(max_length=150)
    note = serializers.CharField(required=False, allow_blank=True, default="")


class SuspendInputSerializer(serializers.Serializer):
    reason = serializers.CharField(allow_blank=True)
    float_locked = serializers.BooleanField()
    cards_handed_to = serializers.CharField(max_length=150)


class NoteInputSerializer(serializers.Serializer):
    note = serializers.CharField(required=False, allow_blank=True, default="")


class LastHandInputSerializer(serializers.Serializer):
    last_hand_number = serializers.IntegerField(min_value=0)
    instructed_by = serializers.CharField(required=False, allow_blank=True, max_length=150)


class ClosingStartInputSerializer(serializers.Serializer):
    security_officer = serializers.CharField(max_length=150)
    note = serializers.CharField(required=False, allow_blank=True, default="")


class DealerChangeInputSerializer(serializers.Serializer):
    incoming = serializers.CharField(max_length=150)
    handover_note = serializers.CharField(required=False, allow_blank=True, default="")
    incoming_pack = serializers.IntegerField(required=False, allow_null=True)
    outgoing_pack_complete = serializers.BooleanField(required=False, default=False)


class SessionEventInputSerializer(serializers.Serializer):
    kind = choice(choices=sorted(ATTESTATIONS))
    person = serializers.CharField(required=False, allow_blank=True, max_length=150)
    keys_to = serializers.CharField(required=False, allow_blank=True, max_length=150)
    note = serializers.CharField(required=False, allow_blank=True, default="")


class StartPlayInputSerializer(serializers.Serializer):
    players_present = serializers.IntegerField(
        required=False, allow_null=True, help_text="OPEN-17, SHUF-01: at least two."
    )


class ChecklistInputSerializer(serializers.Serializer):
    items = serializers.DictField(
        child=serializers.BooleanField(),
        help_text="Every item of the acting role's checklist, true when checked "
        "(pit boss: PREP-02; supervisor: PREP-03/04; closing: CLOSE-12).",
    )
    note = serializers.CharField(required=False, allow_blank=True, default="")


class OverrideInputSerializer(serializers.Serializer):
    reason = serializers.CharField(allow_blank=True)
