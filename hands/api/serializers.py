"""Input and output shapes of the hand recorder's API (one pair per use case)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from casino.api.enums import enum
from casino.api.renames import OLD_TABLE_NUMBER
from casino.models import DecimalDigits, Ruleset
from casino.roles import Role
from tables.models import SeatStatus, WaitingEntry

from .. import adapter
from ..models import HandCorrection, HandSource, HandStatus, HandViolation, JobStatus, LiveHand

#: How much a finding weighs: an error makes the hand invalid; a warning or a note does not.
VIOLATION_SEVERITIES = ["error", "warning", "info"]

MONEY: DecimalDigits = {"max_digits": 14, "decimal_places": 2}
ZERO = Decimal("0")


def _money(**kw: Any) -> serializers.DecimalField:
    return serializers.DecimalField(**MONEY, **kw)


# ------------------------------------------------------------------ hand input


class HandSeatInputSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=10)
    player = serializers.IntegerField(required=False, allow_null=True)
    name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    stack = _money(min_value=Decimal("0.01"))
    cards = serializers.CharField(
        max_length=16,
        required=False,
        allow_blank=True,
        help_text=_("Hole cards, e.g. 'AsKd'; '????' or empty when not seen."),
    )
    post = _money(required=False, min_value=ZERO, help_text=_("Live post (SEAT-05)."))
    dead_post = _money(required=False, min_value=ZERO, help_text=_("Dead blind (SEAT-06)."))
    penalised = serializers.BooleanField(required=False)


class ObservedActionSerializer(serializers.Serializer):
    """The facts the floor saw (HREC-03); the engine derives the effective action."""

    word = serializers.ChoiceField(choices=adapter.OBSERVED_WORDS, required=False)
    amount = _money(required=False, allow_null=True)
    amount_is_increment = serializers.BooleanField(required=False)
    declared_before_chips = serializers.BooleanField(required=False)
    chips = serializers.ListField(child=_money(min_value=Decimal("0.01")), required=False)
    movements = serializers.IntegerField(min_value=1, max_value=20, required=False)
    first_movement_chips = serializers.IntegerField(min_value=0, required=False, allow_null=True)
    released = serializers.BooleanField(required=False)
    taps = serializers.IntegerField(min_value=0, max_value=10, required=False)
    in_turn = serializers.BooleanField(required=False)
    players_acted_after = serializers.IntegerField(min_value=0, max_value=10, required=False)
    later_choice = serializers.ChoiceField(choices=("none", "call", "fold"), required=False)
    cards_forward = serializers.BooleanField(required=False)
    left_seat = serializers.BooleanField(required=False)
    deliberate = serializers.BooleanField(required=False)


class DeclaredIrregularitySerializer(serializers.Serializer):
    """An irregularity declared by the floor (IRREG-14); the engine applies the ruling."""

    kind = serializers.ChoiceField(choices=adapter.IRREGULARITY_KINDS)
    seat = serializers.IntegerField(min_value=1, max_value=10, required=False, allow_null=True)
    cards = serializers.IntegerField(min_value=0, max_value=52, required=False)
    first_or_second_card = serializers.BooleanField(required=False)
    partially_seen = serializers.BooleanField(required=False)
    already_dealt = serializers.BooleanField(required=False)
    in_hand = serializers.BooleanField(required=False)
    knowing_seats = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=10), required=False
    )
    extra_card_was_burn = serializers.BooleanField(required=False)
    exposed_by_dealer = serializers.BooleanField(required=False)
    facing_bet = serializers.BooleanField(required=False)
    threw_cards = serializers.BooleanField(required=False)
    deliberate = serializers.BooleanField(required=False)
    burn_error = serializers.ChoiceField(choices=adapter.BURN_ERRORS, required=False)
    board_exposed = serializers.BooleanField(required=False)
    button_from = serializers.IntegerField(min_value=1, max_value=10, required=False)
    button_to = serializers.IntegerField(min_value=1, max_value=10, required=False)
    noticed_in_next_hand = serializers.BooleanField(required=False)
    amount = _money(required=False, min_value=ZERO)
    conduct = serializers.ChoiceField(choices=adapter.CONDUCT_CODES, required=False)
    immediate_removal = serializers.BooleanField(required=False)
    escalated_to = serializers.CharField(
        max_length=16, required=False, help_text=_("Role the decision was escalated to.")
    )

    def validate_escalated_to(self, value: str) -> str:
        if value not in Role.values:
            raise serializers.ValidationError(_("Unknown role."), code="invalid_choice")
        return value

    override_reason = serializers.CharField(max_length=500, required=False, allow_blank=True)


# A void's or an award's reason: its own enum in the schema (HandActionReasonEnum), apart
# from the rota plan's reason (casino.settings ENUM_NAME_OVERRIDES).
HAND_ACTION_REASONS = (*adapter.VOID_REASONS, *adapter.AWARD_REASONS)


class HandActionInputSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=adapter.ACTION_KINDS)
    seat = serializers.IntegerField(min_value=1, max_value=10, required=False, allow_null=True)
    amount = _money(
        required=False,
        allow_null=True,
        min_value=ZERO,
        help_text=_("Bet or raise: the player's total for the street ('to')."),
    )
    cards = serializers.CharField(max_length=16, required=False, allow_blank=True)
    reason = serializers.ChoiceField(
        choices=HAND_ACTION_REASONS,
        required=False,
        help_text=_(
            "Void: why the hand is void. Award: why the staff decide the pot and not the "
            "cards (unreadable: shown but not read or not entered; mucked)."
        ),
    )
    pot = serializers.IntegerField(
        min_value=0,
        max_value=19,
        required=False,
        help_text=_("Award: the pot, main pot first (0), then the side pots (SHOW-14)."),
    )
    seats = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=10),
        required=False,
        max_length=10,
        help_text=_("Award: the seats the croupier pushed the pot to (SHOW-14)."),
    )
    forfeits = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=10),
        required=False,
        max_length=10,
        help_text=_(
            "Void: seats that knew of two identical cards and still bet or raised; their "
            "chips stay for the next hand (IRREG-03)."
        ),
    )
    observed = ObservedActionSerializer(required=False)
    irregularity = DeclaredIrregularitySerializer(required=False)
    override_reason = serializers.CharField(max_length=500, required=False, allow_blank=True)


class HandBlindsSerializer(serializers.Serializer):
    small = _money(required=False, min_value=ZERO)
    big = _money(required=False, min_value=ZERO)
    ante = _money(required=False, min_value=ZERO)
    straddle = _money(required=False, min_value=ZERO)
    small_bet = _money(required=False, allow_null=True, min_value=ZERO)
    big_bet = _money(required=False, allow_null=True, min_value=ZERO)


class HandResultSerializer(serializers.Serializer):
    """The outcome the floor recorded (RAKE-06), compared with the engine's (HREC-06)."""

    rake = _money(required=False, allow_null=True, min_value=ZERO)
    finishing_stacks = serializers.DictField(child=_money(min_value=ZERO), required=False)


class HandCutInputSerializer(serializers.Serializer):
    """SHUF-08: who cut (the seat before the button) or the cut declined, dealer cut."""

    seat = serializers.IntegerField(min_value=1, max_value=10, required=False)
    declined = serializers.BooleanField(required=False, default=False)


class HandSetupSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    dealer = serializers.CharField(max_length=150, required=False, allow_blank=True)
    button = serializers.IntegerField(min_value=1, max_value=10)
    structure = serializers.ChoiceField(choices=adapter.STRUCTURES, required=False)
    blinds = HandBlindsSerializer(required=False)
    # many=True passes min_length and max_length to the list (LIST_SERIALIZER_KWARGS); the
    # stubs' Serializer.__init__ does not list them
    seats = HandSeatInputSerializer(many=True, min_length=2, max_length=10)  # type: ignore[call-arg]
    cut = HandCutInputSerializer(required=False, allow_null=True)  # SHUF-08


class HandInputSerializer(HandSetupSerializer):
    number = serializers.IntegerField(min_value=1, required=False)
    started_at = serializers.DateTimeField(required=False)
    ended_at = serializers.DateTimeField(required=False)
    actions = HandActionInputSerializer(many=True, max_length=500)  # type: ignore[call-arg]  # as seats
    result = HandResultSerializer(required=False)
    notes = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    redeal_of = serializers.IntegerField(required=False)


class HandCorrectionInputSerializer(HandInputSerializer):
    session = serializers.IntegerField(required=False)
    reason = serializers.CharField(max_length=2000)


class HandOverrideInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


class HandReviewInputSerializer(serializers.Serializer):
    correction = serializers.IntegerField()
    note = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    override_reason = serializers.CharField(
        max_length=300,
        required=False,
        allow_blank=True,
        help_text=_("The shift manager signing for the pit boss: why."),
    )


def _live_version() -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=0,
        required=False,
        help_text=_(
            "The version of the hand the client shows (the 'version' of the live state, "
            "or send it as If-Match). One of the two is required; a request on an older "
            "version is refused with 409 LIVE_HAND_CHANGED and changes nothing."
        ),
    )


class LiveActionInputSerializer(HandActionInputSerializer):
    force = serializers.BooleanField(
        required=False, help_text=_("Keep an action the engine finds illegal (AUTH-04).")
    )
    version = _live_version()


class LiveVersionInputSerializer(serializers.Serializer):
    version = _live_version()


class LiveFinishInputSerializer(serializers.Serializer):
    result = HandResultSerializer(required=False)
    notes = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    version = _live_version()


class HandReasonInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)
    version = _live_version()


def plain(value: Any) -> Any:
    """Validated data (ordered dicts) to plain dicts and lists."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


# ------------------------------------------------------------------ hand output


class HandViolationOutSerializer(serializers.Serializer):
    code = serializers.CharField()
    action = serializers.IntegerField(allow_null=True)
    field = serializers.CharField(allow_null=True)
    message = serializers.DictField(child=serializers.CharField())
    source = enum(HandViolation.Source.choices)  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class
    severity = enum(VIOLATION_SEVERITIES)


class HandPotSerializer(serializers.Serializer):
    amount = _money()
    eligible = serializers.ListField(child=serializers.IntegerField())
    rake = _money()
    winners = serializers.ListField(child=serializers.IntegerField())
    shares = serializers.ListField(child=_money())
    odd_chips = serializers.ListField(child=serializers.IntegerField())
    carried = serializers.BooleanField(default=False)
    # A promotion fund's drop taken from this pot, apart from the rake (issue 44 §1);
    # absent when none was taken.
    drop = _money(required=False)


class CarriedSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_blank=True)


class CarriedPotSerializer(serializers.Serializer):
    """Chips kept for the next hand (IRREG-03, POT-09) and who may win them."""

    amount = _money()
    eligible = CarriedSeatSerializer(many=True)


class HandVerdictSerializer(serializers.Serializer):
    status = enum(HandStatus.choices)
    engine_status = enum(HandStatus.choices)
    engine_tag = serializers.CharField()
    violations = HandViolationOutSerializer(many=True)
    pots = HandPotSerializer(many=True)
    rake = _money()
    drop = _money(help_text="A promotion fund's drop taken from the pots, apart from the rake.")
    payouts = serializers.DictField(child=_money())
    finishing = serializers.DictField(child=_money())
    returned = serializers.DictField(child=_money())
    showdown_order = serializers.ListField(child=serializers.IntegerField())
    rulings = serializers.JSONField()
    carry_out = CarriedPotSerializer(many=True)


class HandSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    position = serializers.CharField()
    player = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    starting_stack = _money()
    finishing_stack = _money()
    won = _money()
    penalised = serializers.BooleanField()


class HandIrregularityOutSerializer(serializers.Serializer):
    action_index = serializers.IntegerField()
    kind = enum(adapter.IrregularityKind)
    seat = serializers.IntegerField(allow_null=True)
    street = serializers.IntegerField()
    outcome = enum(adapter.Outcome)
    rule_ids = serializers.CharField()
    ruling = serializers.JSONField()
    decided_by = serializers.CharField()


class HandCorrectionOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = enum(HandCorrection.Kind.choices)
    reason = serializers.CharField()
    revision = serializers.IntegerField(allow_null=True)
    revision_status = enum(HandStatus.choices, allow_null=True)
    created_by = serializers.CharField()
    created_at = serializers.DateTimeField()


class HandReviewOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    correction = serializers.IntegerField()
    note = serializers.CharField()
    locked = serializers.BooleanField()
    signed_by = serializers.CharField(allow_null=True)
    signed_at = serializers.DateTimeField(allow_null=True)


@extend_schema_serializer(deprecate_fields=["table"])
class HandSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    table_number = serializers.IntegerField(source="table")
    table = serializers.IntegerField(help_text=OLD_TABLE_NUMBER)
    session = serializers.IntegerField()
    business_date = serializers.DateField()
    started_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField()
    recorded_at = serializers.DateTimeField()
    status = enum(HandStatus.choices)
    engine_status = enum(HandStatus.choices)
    resolved = serializers.BooleanField()
    structure = enum(adapter.STRUCTURES)
    ruleset = enum(Ruleset.choices)
    settings_version = serializers.IntegerField()
    dealer = serializers.CharField(allow_null=True)
    recorded_by = serializers.CharField()
    source = enum(HandSource.choices)  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class
    button = serializers.IntegerField()
    players_dealt = serializers.IntegerField()
    pot_total = _money()
    rake = _money()
    recorded_rake = _money(allow_null=True)
    codes = serializers.ListField(child=serializers.CharField())
    revision_of = serializers.IntegerField(allow_null=True)


class HandDetailSerializer(HandSummarySerializer):
    record = serializers.JSONField()
    verdict = HandVerdictSerializer()
    seats = HandSeatSerializer(many=True)
    irregularities = HandIrregularityOutSerializer(many=True)
    corrections = HandCorrectionOutSerializer(many=True)
    review = HandReviewOutSerializer(allow_null=True)
    revisions = serializers.ListField(child=serializers.IntegerField())
    redeal_of = serializers.IntegerField(allow_null=True)
    notes = serializers.CharField()


class HandReplayStepSerializer(serializers.Serializer):
    index = serializers.IntegerField(allow_null=True)
    record_action = serializers.IntegerField(allow_null=True)
    text = serializers.DictField(child=serializers.CharField())
    street = serializers.CharField()
    board = serializers.CharField()
    pot = _money()
    pots = serializers.JSONField()
    stacks = serializers.DictField(child=_money())
    bets = serializers.DictField(child=_money())
    folded = serializers.ListField(child=serializers.IntegerField())
    next_seat = serializers.IntegerField(allow_null=True)


class HandReplaySerializer(serializers.Serializer):
    hand = serializers.IntegerField()
    steps = HandReplayStepSerializer(many=True)
    positions = serializers.DictField(child=serializers.CharField())
    shown = serializers.JSONField()
    pots = serializers.JSONField()
    finishing = serializers.DictField(child=_money())


class LiveOptionSerializer(serializers.Serializer):
    action = serializers.CharField()
    amount = _money(required=False)
    min = _money(required=False)
    max = _money(required=False)
    all_in = serializers.BooleanField(required=False)
    raises_left = serializers.IntegerField(required=False)


class LivePotSerializer(serializers.Serializer):
    amount = _money()
    eligible = serializers.ListField(child=serializers.IntegerField())


class LiveAwardSerializer(serializers.Serializer):
    """A pot at the end of the hand: who takes it (the cards read or the floor's award),
    or the seats that contest it when the record does not say yet (issue 38 §2)."""

    pot = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=("main", "side", "carried"))
    amount = _money()
    eligible = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    awarded = serializers.BooleanField()


class LiveStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField(
        help_text=_(
            "The hand's version: send it back (If-Match or 'version') with every action, "
            "undo, finish or abandon; a request on an older version is refused "
            "(409 LIVE_HAND_CHANGED)."
        )
    )
    pots = LivePotSerializer(many=True)
    number = serializers.IntegerField()
    status = enum(LiveHand.Status.choices)
    phase = serializers.CharField()
    street = serializers.CharField()
    board = serializers.CharField()
    pot = _money()
    stacks = serializers.DictField(child=_money())
    bets = serializers.DictField(child=_money())
    folded = serializers.ListField(child=serializers.IntegerField())
    next_seat = serializers.IntegerField(allow_null=True)
    options = LiveOptionSerializer(many=True)
    expected = serializers.JSONField(allow_null=True)
    complete = serializers.BooleanField()
    awards_needed = LiveAwardSerializer(many=True)
    winners = LiveAwardSerializer(many=True)
    positions = serializers.DictField(child=serializers.CharField())
    actions = serializers.JSONField()
    seats = serializers.JSONField()
    button = serializers.IntegerField()
    hand = serializers.IntegerField(allow_null=True)
    forced = HandViolationOutSerializer(many=True, required=False)


# ------------------------------------------------------------ import, re-validate


class HandImportInputSerializer(serializers.Serializer):
    content = serializers.CharField(required=False, trim_whitespace=False)
    file = serializers.FileField(required=False)
    filename = serializers.CharField(max_length=255, required=False, allow_blank=True)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs.get("content") and not attrs.get("file"):
            raise serializers.ValidationError(
                {"content": _("Send the PHH text or a .phh/.phhs file.")}, code="required"
            )
        return attrs


class HandImportJobSerializer(serializers.Serializer):
    job = serializers.IntegerField()
    status = enum(JobStatus.choices)
    session = serializers.IntegerField()
    total = serializers.IntegerField()
    processed = serializers.IntegerField()
    percent = serializers.IntegerField()
    stored = serializers.IntegerField()
    valid = serializers.IntegerField()
    invalid = serializers.IntegerField()
    void = serializers.IntegerField()
    rejected = serializers.IntegerField()
    skipped = serializers.IntegerField()
    by_code = serializers.DictField(child=serializers.IntegerField())
    rejected_by_code = serializers.DictField(child=serializers.IntegerField())
    error = serializers.CharField()


class HandRevalidationInputSerializer(serializers.Serializer):
    date_from = serializers.DateField()
    date_to = serializers.DateField()


class HandRevalidationSerializer(serializers.Serializer):
    run = serializers.IntegerField()
    status = enum(JobStatus.choices)
    engine = serializers.CharField()
    total = serializers.IntegerField()
    processed = serializers.IntegerField()
    percent = serializers.IntegerField()
    differences_count = serializers.IntegerField()
    differences = serializers.JSONField()
    date_from = serializers.DateField(source="from")
    date_to = serializers.DateField(source="to")


# ------------------------------------------------------------------ seating


class SeatingSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    status = enum(SeatStatus.choices, help_text="SEAT-09.")
    player = serializers.IntegerField(source="player_id", allow_null=True)
    name = serializers.CharField()
    since = serializers.DateTimeField()
    reserved_until = serializers.DateTimeField(allow_null=True)
    stack = _money(allow_null=True)
    hands_played = serializers.IntegerField()
    missed_small = serializers.BooleanField()
    missed_big = serializers.BooleanField()


class SeatingPlanSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    next_button = serializers.IntegerField(allow_null=True)
    dealt_in = serializers.ListField(
        child=serializers.IntegerField(), help_text="Seats dealt into the next hand"
    )
    waiting_for_blinds = serializers.DictField(
        child=serializers.ChoiceField(choices=["waits_button_and_blinds", "waits_big_blind"]),
        help_text="New players who wait by the table's entry policy (SEAT-05), by seat",
    )
    seats = SeatingSeatSerializer(many=True)
    waiting = serializers.JSONField()


class SeatingSitInputSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=10)
    player = serializers.IntegerField(required=False, allow_null=True)
    name = serializers.CharField(max_length=120, required=False, allow_blank=True)


class SeatingStatusInputSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=SeatStatus.values)
    reserved_minutes = serializers.IntegerField(min_value=1, max_value=240, required=False)


class SeatingButtonDrawInputSerializer(serializers.Serializer):
    cards = serializers.DictField(
        child=serializers.CharField(max_length=4),
        help_text=_("One card per seat: {'1': 'Kd', '4': 'Ks'} (SHUF-09)."),
    )


class SeatingButtonDrawSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    cards = serializers.DictField(child=serializers.CharField())
    winner_seat = serializers.IntegerField()
    at = serializers.DateTimeField()


class SeatingWaitingInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    player = serializers.IntegerField(required=False, allow_null=True)


class SeatingWaitingEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    name = serializers.CharField()
    player = serializers.IntegerField(source="player_id", allow_null=True)
    requested_at = serializers.DateTimeField()
    status = enum(WaitingEntry.Status.choices)
    seat = serializers.IntegerField(allow_null=True)


class SeatingWaitingSeatInputSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    seat = serializers.IntegerField(min_value=1, max_value=10)
