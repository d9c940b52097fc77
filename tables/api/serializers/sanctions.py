"""Sanctions: ledger entries, sanctions in force, proposals and impositions, lifts,
reductions, appeals, the suggested level, a player's record at seating, the conducts."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from casino.api.renames import OLD_GAMING_DAY_DATE
from casino.models import Ruleset
from casino.roles import Role

from ...models import (
    SanctionEntry,
    SanctionLevel,
)
from .common import choice

#: SANC-01: a sanction in force is active, served or lifted, or appealed while its appeal
#: waits for the decision (``EffectiveSanction.status``).
SANCTION_STATUSES = ["active", "served", "lifted", "appealed"]
#: SANC-01: the decision on an appeal (``tables.services.sanctions.APPEAL_OUTCOMES``).
APPEAL_OUTCOMES = ["upheld", "reduced", "lifted"]


@extend_schema_serializer(deprecate_fields=["gaming_day"])
class SanctionEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = choice(choices=SanctionEntry.Kind.choices)
    notice = serializers.CharField()
    amends = serializers.IntegerField(allow_null=True)
    proposal = serializers.IntegerField(allow_null=True)
    appeal = serializers.IntegerField(
        allow_null=True, help_text="A decision on appeal: the appeal entry it answers."
    )
    player = serializers.IntegerField(allow_null=True)
    player_label = serializers.CharField()
    conduct = serializers.CharField()
    conduct_label = serializers.CharField()
    conduct_text = serializers.CharField()
    table = serializers.IntegerField(allow_null=True)
    session = serializers.IntegerField(allow_null=True)
    business_date = serializers.DateField(source="gaming_day")
    gaming_day = serializers.DateField(help_text=OLD_GAMING_DAY_DATE)
    hand_number = serializers.IntegerField(allow_null=True)
    event_name = serializers.CharField()
    is_tournament = serializers.BooleanField()
    ruleset = choice(choices=Ruleset.choices)
    level = choice(choices=SanctionLevel.choices)
    vueltas = serializers.IntegerField(allow_null=True)
    players_in_hand = serializers.IntegerField(allow_null=True)
    hands_total = serializers.IntegerField(allow_null=True)
    starts_after_hand = serializers.IntegerField(allow_null=True)
    immediate = serializers.BooleanField()
    immediate_reason = serializers.CharField()
    suggested_level = choice(choices=SanctionLevel.choices, allow_blank=True)
    suggested_vueltas = serializers.IntegerField(allow_null=True)
    override_reason = serializers.CharField()
    issued_by = serializers.CharField()
    role = choice(choices=Role.choices)
    at = serializers.DateTimeField()
    proposed_by = serializers.CharField(allow_null=True)
    reason = serializers.CharField()


class EffectiveSanctionSerializer(serializers.Serializer):
    imposition = SanctionEntrySerializer()
    level = choice(choices=SanctionLevel.choices)
    vueltas = serializers.IntegerField(allow_null=True)
    hands_total = serializers.IntegerField(allow_null=True)
    lifted = serializers.BooleanField()
    status = choice(choices=SANCTION_STATUSES)
    last_amendment = serializers.IntegerField(allow_null=True)
    pending_appeal = serializers.IntegerField(
        allow_null=True, help_text="The appeal waiting for its decision (SANC-01)."
    )


class SanctionDetailSerializer(serializers.Serializer):
    entry = SanctionEntrySerializer()
    effective = EffectiveSanctionSerializer(allow_null=True)
    amendments = SanctionEntrySerializer(many=True)


class SanctionInputSerializer(serializers.Serializer):
    conduct = serializers.CharField(required=False, allow_blank=True, max_length=32)
    conduct_text = serializers.CharField(required=False, allow_blank=True, default="")
    player = serializers.IntegerField(required=False, allow_null=True)
    player_description = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=200
    )
    session = serializers.IntegerField(required=False, allow_null=True)
    table = serializers.IntegerField(required=False, allow_null=True)
    hand_number = serializers.IntegerField(required=False, allow_null=True)
    event_name = serializers.CharField(required=False, allow_blank=True, default="", max_length=120)
    is_tournament = serializers.BooleanField(required=False, allow_null=True, default=None)
    level = choice(choices=SanctionLevel.choices, required=False, allow_null=True)
    vueltas = serializers.IntegerField(required=False, allow_null=True)
    players_in_hand = serializers.IntegerField(required=False, allow_null=True)
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class ImposeInputSerializer(SanctionInputSerializer):
    immediate = serializers.BooleanField(required=False, default=False)
    immediate_reason = serializers.CharField(required=False, allow_blank=True, default="")
    override_reason = serializers.CharField(required=False, allow_blank=True, default="")
    proposal = serializers.IntegerField(required=False, allow_null=True)
    final_heads_up = serializers.BooleanField(required=False, default=False)


class LiftInputSerializer(serializers.Serializer):
    reason = serializers.CharField(allow_blank=True)


class ReduceInputSerializer(serializers.Serializer):
    level = choice(choices=SanctionLevel.choices)
    vueltas = serializers.IntegerField(required=False, allow_null=True)
    reason = serializers.CharField(allow_blank=True)


class AppealInputSerializer(serializers.Serializer):
    grounds = serializers.CharField(allow_blank=True, help_text="The player's grounds.")


class AppealDecisionInputSerializer(serializers.Serializer):
    outcome = choice(choices=APPEAL_OUTCOMES)
    reason = serializers.CharField(allow_blank=True)
    level = choice(choices=SanctionLevel.choices, required=False, allow_null=True)
    vueltas = serializers.IntegerField(required=False, allow_null=True)


class StepSerializer(serializers.Serializer):
    level = choice(choices=SanctionLevel.choices)
    vueltas = serializers.IntegerField(allow_null=True)
    label = serializers.CharField()  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class


class SuggestionSerializer(serializers.Serializer):
    step = StepSerializer()
    scale = StepSerializer(many=True)
    prior = EffectiveSanctionSerializer(many=True)
    conduct = serializers.CharField()


class SeatingSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    active = EffectiveSanctionSerializer(many=True)
    history = SanctionEntrySerializer(
        many=True,
        help_text="The newest 50 entries of the player's ledger; all of them (history_count) "
        "at /api/sanctions/?player={id}, paginated.",
    )
    history_count = serializers.IntegerField(help_text="Entries in the player's whole ledger.")


class ConductSerializer(serializers.Serializer):
    code = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class
    must = serializers.BooleanField()
    default = serializers.CharField()
    source = serializers.CharField()  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class
    heads_up_exempt = serializers.BooleanField()
    needs_text = serializers.BooleanField()
