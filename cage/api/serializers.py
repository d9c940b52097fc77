"""Input and output serializers of the cage API: one pair per use case, no rules here."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from casino.api.enums import enum
from casino.api.renames import (
    OLD_DENOMINATION_VALUE,
    OLD_GAMING_DAY_DATE,
    OLD_GAMING_DAY_ID,
    OLD_TABLE_NUMBER,
)
from casino.api.serializers import represent
from casino.models import MONEY, Signature
from casino.roles import Role
from tables.models import TableSession

from ..models import (
    CENT,
    AlertLevel,
    BuyinSource,
    CagePolicy,
    CashAlert,
    Direction,
    LargeCashHandling,
    SeatDeparture,
    Slip,
    SlipKind,
    SlipPurpose,
    TableTransaction,
    TenderKind,
    TransactionKind,
)
from ..selectors import confirmation_of, slip_status, void_of

#: What a drop count answers: the first count, or the second agreeing with it or not.
DROP_COUNT_RESULTS = ["first", "agreed", "disagree"]
#: A slip's status, computed from its signatures and void (``selectors.slip_status``).
SLIP_STATUSES = ["requested", "issued", "carried", "received", "void_pending", "void"]


# --------------------------------------------------------------------------- inputs


class ChipCountSerializer(serializers.Serializer):
    value = serializers.DecimalField(help_text='Denomination value, e.g. "100.00".', **MONEY)
    count = serializers.IntegerField(min_value=0, help_text="Whole chips, never negative.")


class CashCountSerializer(serializers.Serializer):
    value = serializers.DecimalField(help_text="Note (or plaque) value.", **MONEY)
    count = serializers.IntegerField(min_value=0)
    kind = enum(
        TenderKind.choices,
        default="note",
        help_text="Coins are refused (GEN-06) and the answer says so.",
    )


class BuyinInputSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    amount = serializers.DecimalField(**MONEY)
    croupier = serializers.CharField(max_length=150, help_text="Username of the croupier.")
    source = serializers.ChoiceField(choices=BuyinSource.choices, default=BuyinSource.CASH)  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class
    cash = CashCountSerializer(many=True, required=False, default=list)
    chips = ChipCountSerializer(many=True, required=False, default=list)
    player = serializers.IntegerField(required=False, allow_null=True, help_text="Player id.")
    player_name = serializers.CharField(
        max_length=120, required=False, allow_blank=True, default=""
    )
    stack_before = serializers.DecimalField(required=False, allow_null=True, **MONEY)
    foreign_colour_chips = serializers.BooleanField(required=False, default=False)
    override_by = serializers.CharField(max_length=150, required=False, allow_blank=True)
    override_pin = serializers.CharField(max_length=32, required=False, trim_whitespace=False)
    override_reason = serializers.CharField(required=False, allow_blank=True, default="")
    pit_boss = serializers.CharField(max_length=150, required=False, allow_blank=True)
    large_cash_handling = serializers.ChoiceField(
        choices=LargeCashHandling.choices, required=False, default=""
    )


class ChipChangeInputSerializer(serializers.Serializer):
    croupier = serializers.CharField(max_length=150)
    chips_in = ChipCountSerializer(many=True)
    chips_out = ChipCountSerializer(many=True)
    seat = serializers.IntegerField(required=False, allow_null=True)


class InHandChipChangeInputSerializer(ChipChangeInputSerializer):
    hand_number = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    hand_ref = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")


class SeatDepartureInputSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    stack = serializers.DecimalField(**MONEY)


class CageReasonInputSerializer(serializers.Serializer):
    reason = serializers.CharField()


class SlipRequestInputSerializer(serializers.Serializer):
    kind = enum(SlipKind.choices)
    purpose = serializers.ChoiceField(choices=SlipPurpose.choices, default=SlipPurpose.PLAY)
    lines = ChipCountSerializer(many=True)
    note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class DropCountInputSerializer(serializers.Serializer):
    cash = CashCountSerializer(many=True, required=False, default=list)
    rake_chips = ChipCountSerializer(many=True, required=False, default=list)


class SlipSignInputSerializer(serializers.Serializer):
    role = enum(Slip.REQUIRED_SIGNATURE_ROLES)
    signer = serializers.CharField(
        max_length=150,
        required=False,
        help_text="Username of a croupier signing with their PIN on this terminal.",
    )
    pin = serializers.CharField(max_length=32, required=False, trim_whitespace=False)


class VarianceExplanationInputSerializer(serializers.Serializer):
    finding_key = serializers.CharField(max_length=80)
    explanation = serializers.CharField()


# --------------------------------------------------------------------------- outputs


class CageNoticeSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.DictField(child=serializers.CharField())


class ChipLineOutSerializer(serializers.Serializer):
    value = serializers.DecimalField(source="denomination.value", **MONEY)
    direction = enum(Direction.choices)
    count = serializers.IntegerField()


class CashLineOutSerializer(serializers.Serializer):
    kind = enum(TenderKind.choices)
    value = serializers.DecimalField(**MONEY)
    count = serializers.IntegerField()
    returned = serializers.BooleanField()


class TableTransactionSerializer(serializers.ModelSerializer):
    kind = enum(TransactionKind.choices)
    croupier = serializers.CharField(source="croupier.username", allow_null=True, default=None)
    approved_by = serializers.CharField(source="approved_by.username")
    override_by = serializers.CharField(
        source="override_by.username", allow_null=True, default=None
    )
    chips = ChipLineOutSerializer(source="chip_lines", many=True)
    cash = CashLineOutSerializer(source="cash_lines", many=True)

    class Meta:
        model = TableTransaction
        fields = [
            "id",
            "kind",
            "sign",
            "reverses",
            "reason",
            "recorded_at",
            "session",
            "seat",
            "player",
            "player_name",
            "amount",
            "source",
            "is_rebuy",
            "stack_before",
            "limit_min",
            "limit_max",
            "exemption_applied",
            "croupier",
            "approved_by",
            "override_by",
            "override_reason",
            "large_cash_handling",
            "hand_number",
            "hand_ref",
            "chips",
            "cash",
        ]


@extend_schema_serializer(deprecate_fields=["gaming_day"])
class CashAlertSerializer(serializers.ModelSerializer):
    level = serializers.ChoiceField(choices=AlertLevel.choices)
    gaming_day_id = serializers.IntegerField(read_only=True)
    gaming_day = serializers.IntegerField(source="gaming_day_id", help_text=OLD_GAMING_DAY_ID)

    class Meta:
        model = CashAlert
        fields = [
            "id",
            "gaming_day_id",
            "gaming_day",
            "player",
            "player_label",
            "level",
            "threshold",
            "total",
            "transaction",
            "created_at",
        ]


class CageRecordedSerializer(serializers.Serializer):
    transaction = TableTransactionSerializer()
    warnings = CageNoticeSerializer(many=True)
    alerts = CashAlertSerializer(many=True)

    @staticmethod
    def of(recorded: Any) -> dict[str, Any]:
        return represent(  # one serializer per process (issue 43)
            CageRecordedSerializer,
            {
                "transaction": recorded.transaction,
                "warnings": [w.as_dict() for w in recorded.warnings],
                "alerts": recorded.alerts,
            },
        )


class SeatSummarySerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player_name = serializers.CharField()
    player_id = serializers.IntegerField(allow_null=True)
    seated = serializers.BooleanField()
    seated_since = serializers.DateTimeField(allow_null=True)
    minutes_seated = serializers.IntegerField(allow_null=True)
    total_buyin = serializers.DecimalField(**MONEY)
    rebuys = serializers.IntegerField()
    left_at = serializers.DateTimeField(allow_null=True)
    left_with = serializers.DecimalField(allow_null=True, **MONEY)


@extend_schema_serializer(deprecate_fields=["table"])
class TableCardSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    table_number = serializers.IntegerField(source="table")
    table = serializers.IntegerField(help_text=OLD_TABLE_NUMBER)
    status = enum(TableSession.Status.choices)
    min_buyin = serializers.DecimalField(**MONEY)
    max_buyin = serializers.DecimalField(allow_null=True, **MONEY)
    seats = SeatSummarySerializer(many=True)
    entries = TableTransactionSerializer(many=True)


class SeatDepartureSerializer(serializers.ModelSerializer):
    class Meta:
        model = SeatDeparture
        fields = ["id", "session", "seat", "player", "player_name", "stack", "left_at"]


class SlipLineOutSerializer(serializers.Serializer):
    value = serializers.DecimalField(source="denomination.value", **MONEY)
    count = serializers.IntegerField()


class SlipVoidOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    reason = serializers.CharField()
    requested_by = serializers.CharField()
    requested_at = serializers.DateTimeField()
    confirmed_by = serializers.CharField(allow_null=True)
    confirmed_at = serializers.DateTimeField(allow_null=True)


class SlipSignatureSerializer(serializers.Serializer):
    role = enum(Role.choices)
    signer = serializers.CharField(source="signer.username")
    signer_name = serializers.CharField(source="signer.display_name")
    method = enum(Signature.Method.choices)
    signed_at = serializers.DateTimeField()
    content_hash = serializers.CharField()


@extend_schema_serializer(deprecate_fields=["gaming_day", "table"])
class SlipSerializer(serializers.ModelSerializer):
    serial = serializers.CharField()
    kind = enum(SlipKind.choices)
    status = serializers.SerializerMethodField()
    table_number = serializers.IntegerField(source="table.number")
    table = serializers.IntegerField(source="table.number", help_text=OLD_TABLE_NUMBER)
    gaming_day_id = serializers.IntegerField(read_only=True)
    gaming_day = serializers.IntegerField(source="gaming_day_id", help_text=OLD_GAMING_DAY_ID)
    requested_by = serializers.CharField(source="requested_by.username")
    lines = SlipLineOutSerializer(many=True)
    signatures = serializers.SerializerMethodField()
    missing_roles = serializers.SerializerMethodField()
    void = serializers.SerializerMethodField()

    class Meta:
        model = Slip
        fields = [
            "id",
            "serial",
            "kind",
            "purpose",
            "status",
            "table_number",
            "table",
            "session",
            "gaming_day_id",
            "gaming_day",
            "requested_by",
            "requested_at",
            "note",
            "lines",
            "signatures",
            "missing_roles",
            "locked_at",
            "void",
        ]

    @extend_schema_field(enum(SLIP_STATUSES))
    def get_status(self, slip: Slip) -> str:
        return slip_status(slip)

    @extend_schema_field(SlipSignatureSerializer(many=True))
    def get_signatures(self, slip: Slip) -> list[dict[str, Any]]:
        return list(SlipSignatureSerializer(slip.signatures(), many=True).data)

    def get_missing_roles(self, slip: Slip) -> list[str]:
        return [r.value for r in slip.missing_roles()]

    @extend_schema_field(SlipVoidOutSerializer(allow_null=True))
    def get_void(self, slip: Slip) -> dict[str, Any] | None:
        void = void_of(slip)
        if void is None:
            return None
        conf = confirmation_of(void)
        return SlipVoidOutSerializer(
            {
                "id": void.pk,
                "reason": void.reason,
                "requested_by": void.requested_by.username,
                "requested_at": void.requested_at,
                "confirmed_by": conf.confirmed_by.username if conf else None,
                "confirmed_at": conf.confirmed_at if conf else None,
            }
        ).data


class SlipSignResultSerializer(serializers.Serializer):
    slip = SlipSerializer()
    locked = serializers.BooleanField()
    role = enum(Role.choices)


class DropCountResultSerializer(serializers.Serializer):
    """Only whether the counts agree: never the expected figures (blind count)."""

    id = serializers.IntegerField()
    status = enum(DROP_COUNT_RESULTS)


class CageRecordRefSerializer(serializers.Serializer):
    type = serializers.CharField()
    id = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class


@extend_schema_serializer(deprecate_fields=["table", "denomination"])
class CageFindingSerializer(serializers.Serializer):
    kind = serializers.CharField()
    severity = serializers.ChoiceField(choices=["variance", "exception", "info"])
    key = serializers.CharField()
    table_number = serializers.IntegerField(source="table", allow_null=True)
    table = serializers.IntegerField(allow_null=True, help_text=OLD_TABLE_NUMBER)
    session = serializers.IntegerField(allow_null=True)
    value = serializers.CharField(
        source="denomination", allow_null=True, help_text="The chip value concerned."
    )
    denomination = serializers.CharField(allow_null=True, help_text=OLD_DENOMINATION_VALUE)
    amount = serializers.CharField(allow_null=True)
    expected = serializers.CharField(allow_null=True)
    counted = serializers.CharField(allow_null=True)
    detail = serializers.CharField()
    message = serializers.DictField(child=serializers.CharField())
    records = CageRecordRefSerializer(many=True)
    explained = serializers.BooleanField(required=False)


@extend_schema_serializer(deprecate_fields=["denomination"])
class DenominationLineSerializer(serializers.Serializer):
    value = serializers.CharField(source="denomination", help_text="The chip value.")
    denomination = serializers.CharField(help_text=OLD_DENOMINATION_VALUE)
    opening = serializers.IntegerField()
    fills = serializers.IntegerField()
    credits = serializers.IntegerField()
    sold_at_buyins = serializers.IntegerField()
    changes_in = serializers.IntegerField()
    changes_out = serializers.IntegerField()
    expected = serializers.IntegerField()
    counted = serializers.IntegerField(allow_null=True)
    variance_chips = serializers.IntegerField(allow_null=True)
    variance_value = serializers.CharField()


@extend_schema_serializer(deprecate_fields=["table"])
class SessionReconciliationSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    table_number = serializers.IntegerField(source="table")
    table = serializers.IntegerField(help_text=OLD_TABLE_NUMBER)
    status = enum(TableSession.Status.choices)
    opening_value = serializers.CharField(allow_null=True)
    closing_value = serializers.CharField(allow_null=True)
    fills_value = serializers.CharField()
    credits_value = serializers.CharField()
    closing_fills_value = serializers.CharField()
    closing_credits_value = serializers.CharField()
    float_after_closing_slips = serializers.CharField(allow_null=True)
    expected_drop = serializers.CharField()
    counted_drop = serializers.CharField(allow_null=True)
    expected_rake_box = serializers.CharField()
    counted_rake_box = serializers.CharField(allow_null=True)
    result = serializers.CharField(allow_null=True)
    balanced = serializers.BooleanField()
    denominations = DenominationLineSerializer(many=True)
    findings = CageFindingSerializer(many=True)


@extend_schema_serializer(deprecate_fields=["gaming_day"])
class DayReconciliationSerializer(serializers.Serializer):
    business_date = serializers.DateField(source="gaming_day")
    gaming_day = serializers.DateField(help_text=OLD_GAMING_DAY_DATE)
    gaming_day_id = serializers.IntegerField()
    casino = serializers.CharField()
    balanced = serializers.BooleanField()
    findings = CageFindingSerializer(many=True)
    sessions = SessionReconciliationSerializer(many=True)


class ParLineSerializer(serializers.Serializer):
    value = serializers.DecimalField(**MONEY)
    count = serializers.IntegerField()


class ParRestorationSerializer(serializers.Serializer):
    fill = ParLineSerializer(many=True)
    credit = ParLineSerializer(many=True)


class VarianceExplanationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    finding_key = serializers.CharField()
    explanation = serializers.CharField()
    explained_by = serializers.CharField(source="explained_by.username")
    explained_at = serializers.DateTimeField()


# --------------------------------------------------------------------------- cage policy


class CagePolicySerializer(serializers.ModelSerializer):
    """The casino's cage settings in force (Appendix B); ``id`` null while only the
    defaults apply (no version was ever set)."""

    # Published as the answer has it (issue 39 §6: the schema said an integer, always).
    id = serializers.IntegerField(allow_null=True, read_only=True)
    created_by = serializers.CharField(source="created_by.username", allow_null=True, default=None)
    table_cash_change_policy = enum(CagePolicy.CashChangePolicy.choices)
    foreign_chips_policy = enum(CagePolicy.ForeignChips.choices)
    note_values = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = CagePolicy
        fields = [
            "id",
            "effective_from",
            "created_at",
            "created_by",
            "id_threshold",
            "report_threshold",
            "large_cash_threshold",
            "return_exemption_minutes",
            "table_cash_change_policy",
            "foreign_chips_policy",
            "float_low_pct",
            "note_values",
        ]


class CagePolicyInputSerializer(serializers.Serializer):
    """A new version of the cage settings: only the settings that change are sent."""

    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)
    effective_from = serializers.DateTimeField(
        required=False, help_text="When the new version starts (now by default)."
    )
    id_threshold = serializers.DecimalField(
        required=False, min_value=CENT, help_text="Cash bought in a day that asks for ID.", **MONEY
    )
    report_threshold = serializers.DecimalField(
        required=False,
        min_value=CENT,
        help_text="Cash bought in a day that needs a report.",
        **MONEY,
    )
    large_cash_threshold = serializers.DecimalField(
        required=False,
        allow_null=True,
        min_value=CENT,
        help_text="CASH-06: a cash buy-in from this amount calls the pit boss (null: off).",
        **MONEY,
    )
    return_exemption_minutes = serializers.IntegerField(
        required=False, min_value=0, max_value=1440, help_text="BUYIN-03."
    )
    table_cash_change_policy = enum(
        CagePolicy.CashChangePolicy.choices, required=False, help_text="CASH-01."
    )
    foreign_chips_policy = enum(
        CagePolicy.ForeignChips.choices, required=False, help_text="CHIP-01."
    )
    float_low_pct = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=100,
        help_text="CHIP-05: warn below this share of the par (null: off).",
    )
    note_values = serializers.ListField(
        child=serializers.DecimalField(min_value=CENT, **MONEY),
        required=False,
        max_length=30,
        help_text="CASH-07: the currency's note values (empty: any).",
    )
