from __future__ import annotations

from rest_framework import serializers

from casino.api.enums import enum
from casino.roles import Role

from .. import planning
from ..models import RotaPlan
from ..services import CLOSE, OPEN

CHECK_STATUSES = [
    ("on_time", "on_time"),
    ("late", "late"),
    ("missing", "missing"),
    ("pending", "pending"),
]


class RotaPlanInputSerializer(serializers.Serializer):
    croupiers = serializers.ListField(
        child=serializers.CharField(max_length=150),
        allow_empty=True,
        max_length=200,
        help_text="Usernames of the croupiers available in the shift.",
    )
    tables = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        allow_empty=True,
        max_length=200,
        help_text="Ids of the open tables.",
    )
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    on_minutes = serializers.IntegerField(default=30, help_text="Minutes at a table (a down).")
    off_minutes = serializers.IntegerField(default=15, help_text="Minutes of break.")
    late_after_minutes = serializers.IntegerField(
        default=5, help_text="A change recorded later than this after the plan is late."
    )


class RotaReplanInputSerializer(serializers.Serializer):
    table = serializers.IntegerField(min_value=1, help_text="Id of the table that closes or opens.")
    change = enum([(CLOSE, CLOSE), (OPEN, OPEN)], help_text="The table closes or opens now.")


class AssignmentSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    table_number = serializers.IntegerField()
    croupier = serializers.CharField()


class SlotSerializer(serializers.Serializer):
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    assignments = AssignmentSerializer(many=True)
    unstaffed = serializers.ListField(child=serializers.IntegerField(), help_text="Table ids.")
    resting = serializers.ListField(child=serializers.CharField(), help_text="Usernames.")


class FindingSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    table_number = serializers.IntegerField()
    game = serializers.CharField(help_text="The table's game: a betting structure or tournament.")
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    code = enum(
        [(c, c) for c in (planning.NO_QUALIFIED_CROUPIER, planning.NO_QUALIFIED_CROUPIER_FREE)],
        help_text="Why nobody deals there: nobody on duty may deal the game, or those who may "
        "are at other tables or on their break.",
    )


class RotaPlanSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    previous = serializers.IntegerField(allow_null=True)
    in_force = serializers.BooleanField()
    reason = enum(RotaPlan.Reason.choices)
    table = serializers.IntegerField(allow_null=True, help_text="The table that closed or opened.")
    session = serializers.IntegerField(
        allow_null=True,
        help_text="The table session whose opening or closing re-planned by itself (null: "
        "planned or re-planned by hand).",
    )
    business_date = serializers.DateField(help_text="The gaming day.")
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    on_minutes = serializers.IntegerField()
    off_minutes = serializers.IntegerField()
    late_after_minutes = serializers.IntegerField()
    replanned_from = serializers.DateTimeField(allow_null=True)
    planned_by = serializers.CharField()
    role = enum(Role.choices)
    planned_at = serializers.DateTimeField()
    tables = serializers.ListField(child=serializers.IntegerField())
    croupiers = serializers.ListField(child=serializers.CharField())
    slots = SlotSerializer(many=True)
    findings = FindingSerializer(
        many=True, help_text="The tables the plan leaves without a croupier, and why."
    )


class RotationCheckSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    table_number = serializers.IntegerField()
    planned_at = serializers.DateTimeField()
    incoming = serializers.CharField()
    outgoing = serializers.CharField(allow_null=True)
    status = enum(CHECK_STATUSES)
    recorded_at = serializers.DateTimeField(allow_null=True)
    delay_minutes = serializers.IntegerField(allow_null=True)


class UnplannedSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    table_number = serializers.IntegerField()
    croupier = serializers.CharField()
    recorded_at = serializers.DateTimeField()


class PlannedVsActualSerializer(serializers.Serializer):
    rota = serializers.IntegerField()
    version = serializers.IntegerField()
    on_time = serializers.IntegerField()
    late = serializers.IntegerField()
    missing = serializers.IntegerField()
    checks = RotationCheckSerializer(many=True)
    unplanned = UnplannedSerializer(many=True)
