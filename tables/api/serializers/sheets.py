"""Opening and closing sheets: count lines, discrepancies, signatures, copies and the
signing queue."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from casino.api.amounts import AmountInputField
from casino.api.renames import OLD_DENOMINATION, OLD_GAMING_DAY_DATE, renamed_input
from casino.models import Signature
from casino.roles import Role

from ...models import (
    SheetCopyDeposit,
    TableSession,
)
from .common import RawIntegerField, ReasonSerializer, choice, money

SHEET_PARTS = ["opening", "closing"]
#: The three who sign an opening or closing sheet (ROLE-13, ROLE-14).
SHEET_SIGNING_ROLES = [Role.CROUPIER, Role.SUPERVISOR, Role.PIT_BOSS]


@extend_schema_serializer(deprecate_fields=["denomination"])
class CountLineInputSerializer(serializers.Serializer):
    # Issue 15 §4: the chip-set id is denomination_id; "denomination" is the old name.
    # Chip counts are integers; the totals are amounts, decimal strings.
    denomination_id = RawIntegerField(
        required=False, help_text="Id of the denomination in the table's chip set."
    )
    denomination = RawIntegerField(required=False, help_text=OLD_DENOMINATION)
    stacks = RawIntegerField(required=False, allow_null=True, help_text="Full 20-chip stacks.")
    loose = RawIntegerField(required=False, allow_null=True, help_text="Chips besides the stacks.")
    count = RawIntegerField(required=False, allow_null=True, help_text="Chips, cross-checked.")
    total = AmountInputField(required=False, allow_null=True, help_text="Value, cross-checked.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # The count services read "denomination" (the id).
        return renamed_input(attrs, new="denomination_id", old="denomination", to="denomination")


class CountInputSerializer(serializers.Serializer):
    lines = CountLineInputSerializer(many=True, allow_empty=True)
    grand_total = AmountInputField(required=False, allow_null=True)
    note = serializers.CharField(required=False, allow_blank=True, default="")


@extend_schema_serializer(deprecate_fields=["denomination"])
class SheetLineSerializer(serializers.Serializer):
    denomination_id = serializers.IntegerField(source="denomination")
    denomination = serializers.IntegerField(help_text=OLD_DENOMINATION)
    value = money()
    colour = serializers.CharField()
    stacks = serializers.IntegerField(allow_null=True)
    loose = serializers.IntegerField(allow_null=True)
    count = serializers.IntegerField(allow_null=True)
    total = money(allow_null=True)
    expected_count = serializers.IntegerField()
    expected_total = money()
    par_count = serializers.IntegerField(allow_null=True)
    variance_chips = serializers.IntegerField(allow_null=True)
    variance_value = money(allow_null=True)


@extend_schema_serializer(deprecate_fields=["denomination"])
class DiscrepancySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    denomination_id = serializers.IntegerField(source="denomination")
    denomination = serializers.IntegerField(help_text=OLD_DENOMINATION)
    value = money()
    expected_count = serializers.IntegerField()
    counted_count = serializers.IntegerField()
    variance_chips = serializers.IntegerField()
    variance_value = money()
    short = serializers.BooleanField()
    needs_written_report = serializers.BooleanField()
    acknowledged = serializers.BooleanField()
    acknowledged_by = serializers.CharField(allow_null=True)
    acknowledged_at = serializers.DateTimeField(allow_null=True)
    note = serializers.CharField()


class SheetSignatureSerializer(serializers.Serializer):
    role = choice(choices=Role.choices)
    signer = serializers.CharField()
    signer_name = serializers.CharField()
    method = choice(choices=Signature.Method.choices)
    signed_at = serializers.DateTimeField()


class CopySerializer(serializers.Serializer):
    copy = choice(choices=SheetCopyDeposit.Copy.choices)
    deposited_by = serializers.CharField()
    at = serializers.DateTimeField()
    note = serializers.CharField()


@extend_schema_serializer(deprecate_fields=["gaming_day"])
class SheetSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    part = choice(choices=SHEET_PARTS)
    serial = serializers.CharField()
    table = serializers.IntegerField()
    table_name = serializers.CharField()
    session = serializers.IntegerField()
    session_status = choice(choices=TableSession.Status.choices)
    business_date = serializers.DateField(source="gaming_day")
    gaming_day = serializers.DateField(help_text=OLD_GAMING_DAY_DATE)
    count_version = serializers.IntegerField()
    counted_at = serializers.DateTimeField(allow_null=True)
    counted_by = serializers.CharField(allow_null=True)
    count_note = serializers.CharField()
    locked = serializers.BooleanField()
    locked_at = serializers.DateTimeField(allow_null=True)
    lines = SheetLineSerializer(many=True)
    grand_total = money(allow_null=True)
    expected_total = money()
    signatures = SheetSignatureSerializer(many=True)
    missing_roles = serializers.ListField(child=serializers.CharField())
    blockers = ReasonSerializer(many=True)
    copies = CopySerializer(many=True)
    expected_source = serializers.CharField()
    previous_closing = serializers.IntegerField(allow_null=True)
    discrepancies = DiscrepancySerializer(many=True)


class SignResultSerializer(serializers.Serializer):
    role = choice(choices=Role.choices)
    signer = serializers.CharField()
    method = choice(choices=Signature.Method.choices)
    locked = serializers.BooleanField()
    sheet = SheetSerializer()


class SheetSignInputSerializer(serializers.Serializer):
    """Like the kernel's sign input, with the role as a plain string (see :func:`choice`)."""

    role = choice(choices=SHEET_SIGNING_ROLES)
    signer = serializers.CharField(
        max_length=150,
        required=False,
        help_text="Username of a croupier signing with their PIN on this terminal.",
    )
    pin = serializers.CharField(max_length=32, required=False, trim_whitespace=False)
    override_reason = serializers.CharField(
        max_length=300,
        required=False,
        allow_blank=True,
        default="",
        help_text="The shift manager signing the pit boss's line: why (issue 12 §1).",
    )


class CopyInputSerializer(serializers.Serializer):
    copy = choice(choices=SheetCopyDeposit.Copy.choices)
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)


class AcknowledgeInputSerializer(serializers.Serializer):
    note = serializers.CharField(allow_blank=True)
    written_report = serializers.CharField(required=False, allow_blank=True, default="")


class EmptyBankInputSerializer(serializers.Serializer):
    croupier = serializers.CharField(max_length=150)
    pin = serializers.CharField(max_length=32, trim_whitespace=False, allow_blank=True)


class SheetToSignSerializer(serializers.Serializer):
    part = choice(choices=SHEET_PARTS)
    id = serializers.IntegerField()
    serial = serializers.CharField()
    table_name = serializers.CharField()
    missing_roles = serializers.ListField(child=choice(choices=Role.choices))
    blockers = ReasonSerializer(many=True)
