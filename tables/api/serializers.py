"""Input and output serializers of the tables API (issue 5 §6).

Outputs describe the dicts of ``tables.presenters``. Inputs only check shape;
the services judge the content (counts, moves, signatures, sanctions), so a
bad count gets its precise code (``COUNT_NOT_WHOLE``…) from the service.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from casino.api.amounts import AmountInputField
from casino.api.enums import enum
from casino.api.renames import OLD_DENOMINATION, OLD_GAMING_DAY_DATE, renamed_input
from casino.models import MONEY, Ruleset, Signature
from casino.roles import Role

from ..models import (
    AbsentPlayerPolicy,
    ForcedBets,
    NewPlayerEntry,
    PackState,
    RakeCapScope,
    RakeMode,
    RakeRounding,
    SanctionEntry,
    SanctionLevel,
    SessionEvent,
    SheetCopyDeposit,
    TableSession,
    Variant,
)
from ..services import ATTESTATIONS

#: SANC-01: a sanction in force is active, served or lifted, or appealed while its appeal
#: waits for the decision (``EffectiveSanction.status``).
SANCTION_STATUSES = ["active", "served", "lifted", "appealed"]
#: SANC-01: the decision on an appeal (``tables.services.sanctions.APPEAL_OUTCOMES``).
APPEAL_OUTCOMES = ["upheld", "reduced", "lifted"]
SHEET_PARTS = ["opening", "closing"]
#: The three who sign an opening or closing sheet (ROLE-13, ROLE-14).
SHEET_SIGNING_ROLES = [Role.CROUPIER, Role.SUPERVISOR, Role.PIT_BOSS]


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


# --- packs and deck events ----------------------------------------------------------------


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
    data = serializers.DictField()


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


# --- sessions -------------------------------------------------------------------------------


class SessionEventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = choice(choices=SessionEvent.Kind.choices)
    at = serializers.DateTimeField()
    recorded_by = serializers.CharField()
    role = choice(choices=Role.choices)
    person = serializers.CharField(allow_null=True)
    note = serializers.CharField()
    data = serializers.DictField()


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


class TableSettingsInputSerializer(serializers.Serializer):
    reason = serializers.CharField(allow_blank=True)
    effective_from = serializers.DateTimeField(required=False, allow_null=True)
    variant = choice(choices=Variant.choices, required=False)
    ruleset = choice(choices=Ruleset.choices, required=False)
    max_seats = serializers.IntegerField(required=False)
    small_blind = money(required=False)
    big_blind = money(required=False)
    ante = money(required=False)
    straddle_allowed = serializers.BooleanField(required=False)
    limit_small_bet = money(required=False, allow_null=True)
    limit_big_bet = money(required=False, allow_null=True)
    limit_cap_bets = serializers.IntegerField(required=False)
    min_buyin = money(required=False)
    max_buyin = money(required=False, allow_null=True)
    rake_mode = choice(choices=RakeMode.choices, required=False)
    rake_pct = serializers.DecimalField(max_digits=5, decimal_places=2, required=False)
    rake_cap = money(required=False, allow_null=True)
    rake_cap_scope = choice(choices=RakeCapScope.choices, required=False)  # RAKE-07, OQ-04
    no_flop_no_drop = serializers.BooleanField(required=False)
    is_tournament = serializers.BooleanField(required=False)
    new_player_entry = choice(choices=NewPlayerEntry.choices, required=False)
    absent_player_policy = choice(choices=AbsentPlayerPolicy.choices, required=False)
    rebuy_only_when_busted = serializers.BooleanField(required=False)
    rebuy_amounts = serializers.ListField(child=money(), required=False, max_length=10)
    # Issue 17 §4: GAME-04, SHUF-04, GAME-13 (OQ-35).
    forced_bets = choice(choices=ForcedBets.choices, required=False, help_text="GAME-04.")
    shuffle_procedure = serializers.CharField(
        required=False, allow_blank=True, help_text="SHUF-04; blank = the manual's shuffle."
    )
    mixed_switch_every_hands = serializers.IntegerField(
        required=False, allow_null=True, help_text="GAME-13, OQ-35; empty = one orbit."
    )


class TableCreateInputSerializer(TableSettingsInputSerializer):
    """A new table: number, chip set, big blind; every other setting is optional and
    takes the spec's default for the table's structure and ruleset (Appendix B)."""

    reason = None  # type: ignore[assignment]
    effective_from = None  # type: ignore[assignment]
    number = serializers.IntegerField(min_value=1)
    variant = choice(choices=Variant.choices, help_text="GAME-01.")
    name = serializers.CharField(required=False, allow_blank=True, max_length=100)
    chip_set = serializers.IntegerField(help_text="Id of one of the casino's chip sets.")
    sector = serializers.IntegerField(required=False, allow_null=True)
    big_blind = money()
    small_blind = money(required=False, help_text="Default: half the big blind (OQ-01).")


class TableSettingsSerializer(serializers.Serializer):
    table = serializers.IntegerField(source="table_id")
    version = serializers.IntegerField()
    effective_from = serializers.DateTimeField()
    reason = serializers.CharField()
    variant = choice(choices=Variant.choices)
    ruleset = choice(choices=Ruleset.choices)
    max_seats = serializers.IntegerField()
    small_blind = money()
    big_blind = money()
    ante = money()
    min_buyin = money()
    max_buyin = money(allow_null=True)
    rake_mode = choice(choices=RakeMode.choices)
    rake_pct = serializers.DecimalField(max_digits=5, decimal_places=2)
    is_tournament = serializers.BooleanField()
    new_player_entry = choice(choices=NewPlayerEntry.choices)
    absent_player_policy = choice(choices=AbsentPlayerPolicy.choices)
    rebuy_only_when_busted = serializers.BooleanField()
    rebuy_amounts = serializers.ListField(child=money())
    # RAKE-07: the casino's rounding this version carries (set through the ops settings).
    rake_rounding = choice(choices=RakeRounding.choices)
    forced_bets = choice(choices=ForcedBets.choices)  # GAME-04
    shuffle_procedure = serializers.CharField(
        help_text="SHUF-04: the house's text or the manual's."
    )
    mixed_switch_every_hands = serializers.IntegerField(allow_null=True)  # GAME-13, OQ-35


class OpsSettingsSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    effective_from = serializers.DateTimeField(allow_null=True)
    deck_rotation_minutes = serializers.IntegerField()
    rotate_on_dealer_change = serializers.BooleanField()
    deck_display_minutes = serializers.IntegerField()
    discrepancy_report_min_chips = serializers.IntegerField()
    discrepancy_report_min_value = money()
    sanction_lookback_days = serializers.IntegerField()
    rake_rounding = choice(choices=RakeRounding.choices, help_text="RAKE-07, OQ-04.")
    min_player_age = serializers.IntegerField(help_text="GEN-08.")
    problem_gambling_help = serializers.CharField(help_text="CONDUCT-07.")
    require_preparation_checklist = serializers.BooleanField(help_text="PREP-01.")


# The largest values the settings' columns hold (PositiveSmallIntegerField, PositiveIntegerField):
# a larger one reaches PostgreSQL wrapped (Django binds the column's type: 42266 as a
# smallint is -23270) and fails the column's check, a 500. Refused here, 400.
SMALLINT_MAX = 32767
INTEGER_MAX = 2147483647


class OpsSettingsInputSerializer(serializers.Serializer):
    reason = serializers.CharField(allow_blank=True)
    deck_rotation_minutes = serializers.IntegerField(
        required=False, min_value=0, max_value=SMALLINT_MAX
    )
    rotate_on_dealer_change = serializers.BooleanField(required=False)
    deck_display_minutes = serializers.IntegerField(
        required=False, min_value=0, max_value=SMALLINT_MAX
    )
    discrepancy_report_min_chips = serializers.IntegerField(
        required=False, min_value=0, max_value=INTEGER_MAX
    )
    discrepancy_report_min_value = money(required=False)
    sanction_lookback_days = serializers.IntegerField(
        required=False, min_value=0, max_value=SMALLINT_MAX
    )
    rake_rounding = choice(
        choices=RakeRounding.choices,
        required=False,
        help_text="RAKE-07, OQ-04: every table gets a new settings version.",
    )
    min_player_age = serializers.IntegerField(
        required=False, min_value=0, max_value=SMALLINT_MAX, help_text="GEN-08."
    )
    problem_gambling_help = serializers.CharField(
        required=False, allow_blank=True, max_length=600, help_text="CONDUCT-07."
    )
    require_preparation_checklist = serializers.BooleanField(required=False, help_text="PREP-01.")


# --- sheets ---------------------------------------------------------------------------------


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


# --- sanctions ------------------------------------------------------------------------------


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
    label = serializers.CharField()


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
    label = serializers.CharField()
    must = serializers.BooleanField()
    default = serializers.CharField()
    source = serializers.CharField()
    heads_up_exempt = serializers.BooleanField()
    needs_text = serializers.BooleanField()


class ChecklistInputSerializer(serializers.Serializer):
    items = serializers.DictField(
        child=serializers.BooleanField(),
        help_text="Every item of the acting role's checklist, true when checked "
        "(pit boss: PREP-02; supervisor: PREP-03/04; closing: CLOSE-12).",
    )
    note = serializers.CharField(required=False, allow_blank=True, default="")


class OverrideInputSerializer(serializers.Serializer):
    reason = serializers.CharField(allow_blank=True)


class TableStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    status = choice(
        choices=TableSession.Status.choices,
        help_text="The live session's status; closed when the table has none.",
    )
    session = SessionSerializer(allow_null=True)
    croupier = serializers.CharField(allow_null=True)
    packs = PackSerializer(many=True)
    not_ready = ReasonSerializer(many=True)
    sanctions = EffectiveSanctionSerializer(many=True)


# --- keys -----------------------------------------------------------------------------------


class KeyHandoutInputSerializer(serializers.Serializer):
    key_label = serializers.CharField(max_length=60, allow_blank=True)
    holder = serializers.CharField(max_length=150)
    table = serializers.IntegerField(required=False, allow_null=True)
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)


class KeyHandoutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    key_label = serializers.CharField()
    table = serializers.IntegerField(allow_null=True)
    holder = serializers.CharField()
    handed_by = serializers.CharField()
    out_at = serializers.DateTimeField()
    returned_at = serializers.DateTimeField(allow_null=True)
    received_by = serializers.CharField(allow_null=True)
