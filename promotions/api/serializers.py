"""Input and output serializers of the promotion funds' API (issue 44)."""

from __future__ import annotations

from rest_framework import serializers

from casino.api.enums import enum
from casino.models import MONEY
from casino.roles import Role

from ..models import EntryKind, JackpotClaim, Kind


class JackpotLangTextSerializer(serializers.Serializer):
    es = serializers.ListField(child=serializers.CharField())
    en = serializers.ListField(child=serializers.CharField())


class JackpotFundSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = enum(Kind.choices)
    balance = serializers.DecimalField(**MONEY)
    tables = serializers.ListField(child=serializers.IntegerField())


class JackpotFundDetailSerializer(JackpotFundSerializer):
    rules_version = serializers.IntegerField(allow_null=True)
    rules_effective_from = serializers.DateTimeField(allow_null=True)
    posted_rules = JackpotLangTextSerializer()
    rules = serializers.JSONField(help_text="The rules in force as plain data (cents, bps).")


class JackpotEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = enum(EntryKind.choices)
    amount = serializers.DecimalField(source="signed_amount", **MONEY)
    hand = serializers.IntegerField(source="hand_id", allow_null=True)
    table = serializers.IntegerField(source="table_id", allow_null=True)
    claim = serializers.IntegerField(source="claim_id", allow_null=True)
    corrects = serializers.IntegerField(source="corrects_id", allow_null=True)
    rules_version = serializers.IntegerField(source="rules_version.version")
    gaming_day_id = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField()
    posted_at = serializers.DateTimeField()
    seal = serializers.CharField()


class JackpotBoxCountInputSerializer(serializers.Serializer):
    gaming_day_id = serializers.IntegerField()
    counted = serializers.DecimalField(min_value=0, **MONEY)
    note = serializers.CharField(required=False, allow_blank=True, max_length=500)


class JackpotBoxFindingSerializer(serializers.Serializer):
    code = serializers.CharField()
    expected = serializers.DecimalField(**MONEY)
    counted = serializers.DecimalField(**MONEY)
    difference = serializers.DecimalField(**MONEY)
    message_es = serializers.CharField()
    message_en = serializers.CharField()


class JackpotBoxCountResultSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    counted = serializers.DecimalField(**MONEY)
    expected = serializers.DecimalField(**MONEY)
    findings = JackpotBoxFindingSerializer(many=True)


class JackpotJudgementSerializer(serializers.Serializer):
    fund = serializers.IntegerField(allow_null=True)
    qualified = serializers.BooleanField()
    almost = serializers.BooleanField()
    judgement = serializers.JSONField(allow_null=True)


class JackpotClaimInputSerializer(serializers.Serializer):
    hand = serializers.IntegerField()


class JackpotClaimSignInputSerializer(serializers.Serializer):
    role = enum(JackpotClaim.REQUIRED_SIGNATURE_ROLES)


class JackpotSignatureSerializer(serializers.Serializer):
    role = enum(Role.choices)
    signer = serializers.CharField(source="signer.username")
    signed_at = serializers.DateTimeField()


class JackpotSlipSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    line = serializers.IntegerField()
    share = serializers.CharField()
    seat = serializers.IntegerField()
    amount = serializers.DecimalField(**MONEY)
    hand = serializers.IntegerField(
        source="hand_id", allow_null=True, help_text="High hand: the hand the award is for."
    )
    paid = serializers.BooleanField(source="is_locked")


class JackpotClaimSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    fund = serializers.IntegerField(source="fund_id")
    hand = serializers.IntegerField(source="hand_id")
    balance = serializers.DecimalField(**MONEY)
    judgement = serializers.JSONField()
    payout = serializers.JSONField()
    period_start = serializers.DateTimeField(
        allow_null=True, help_text="High hand: the period claimed (null for a bad beat)."
    )
    period_end = serializers.DateTimeField(allow_null=True)
    replaces = serializers.IntegerField(
        source="replaces_id",
        allow_null=True,
        help_text="The claim of the same period this one replaces (a hand revised since).",
    )
    locked = serializers.BooleanField(source="is_locked")
    signatures = JackpotSignatureSerializer(many=True)
    slips = JackpotSlipSerializer(many=True, source="slips.all")


class JackpotPeriodInputSerializer(serializers.Serializer):
    start = serializers.DateTimeField()
    end = serializers.DateTimeField()


class JackpotPeriodWinnerSerializer(serializers.Serializer):
    hand = serializers.IntegerField(source="hand.pk")
    table = serializers.IntegerField(source="hand.table_id")
    number = serializers.IntegerField(source="hand.number")
    seat = serializers.IntegerField()
    cards = serializers.CharField()
    best_five = serializers.CharField()
    board = serializers.CharField()
    hand_es = serializers.CharField()
    hand_en = serializers.CharField()


class JackpotPeriodSerializer(serializers.Serializer):
    start = serializers.DateTimeField()
    end = serializers.DateTimeField()
    ended = serializers.BooleanField()
    winners = JackpotPeriodWinnerSerializer(many=True)
    claims = serializers.ListField(
        child=serializers.IntegerField(), help_text="Claims in force overlapping the period."
    )
