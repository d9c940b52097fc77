"""Input and output serializers of the tournaments API: one pair per use case, no rules."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from casino.api.amounts import AmountInputField
from casino.api.enums import enum
from casino.models import MONEY, Signature
from poker.tournament import AnteKind, ClockEventKind, ClockStatus, RaceRounding, Reason
from tables.models import SanctionLevel

from ..models import (
    DealMethod,
    DrawKind,
    EntryKind,
    ExitKind,
    LedgerKind,
    LedgerVia,
    MoveConfirmation,
    TournamentStatus,
)

#: An entry as the tournament sees it now (derived: ledger and eliminations).
ENTRY_STATES = ["in_play", "eliminated", "refunded"]
CLOCK_EVENT_KINDS = [k.value for k in ClockEventKind if k is not ClockEventKind.END]
PURCHASE_KINDS = ["rebuy", "add_on"]
REGISTRATION_KINDS = ["entry", "re_entry"]
REASONS = [r.value for r in Reason] + ["correction"]
PAYOUT_RULES = ["power_law", "satellite", "manual"]
RACE_ROUNDINGS = [r.value for r in RaceRounding]


# --------------------------------------------------------------------------- structures


class StructureInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    structure = serializers.DictField(
        help_text="The structure (docs/tournaments.md): money as decimal strings, chips and "
        "minutes as integers; the engine checks it whole and names the field it refuses."
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=300)


class StructureReviseInputSerializer(serializers.Serializer):
    structure = serializers.DictField()
    reason = serializers.CharField(max_length=300)


class StructureVersionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    template_id = serializers.IntegerField()
    name = serializers.CharField()
    version = serializers.IntegerField()
    structure = serializers.DictField()
    created_at = serializers.DateTimeField()
    reason = serializers.CharField()


# --------------------------------------------------------------------------- tournaments


class TournamentInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=160)
    structure_version_id = serializers.IntegerField(help_text="The structure version played.")
    event_name = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=120,
        help_text="The event whose tournaments accumulate sanctions (SANC-07).",
    )
    max_players = serializers.IntegerField(required=False, allow_null=True, default=None)


class ClockSerializer(serializers.Serializer):
    status = enum(ClockStatus)
    level = serializers.IntegerField()
    on_break = serializers.BooleanField()
    small_blind = serializers.IntegerField()
    big_blind = serializers.IntegerField()
    ante = serializers.IntegerField()
    ante_kind = enum(AnteKind)
    next_small_blind = serializers.IntegerField(allow_null=True)
    next_big_blind = serializers.IntegerField(allow_null=True)
    time_left_ms = serializers.IntegerField()
    elapsed_ms = serializers.IntegerField()
    next_break_in_ms = serializers.IntegerField(allow_null=True)
    colour_up = serializers.ListField(child=serializers.IntegerField())
    chips_in_play = serializers.ListField(child=serializers.IntegerField())
    hand_for_hand = serializers.BooleanField()
    hand_for_hand_hands = serializers.IntegerField()
    seconds_per_hand = serializers.IntegerField()
    version = serializers.IntegerField(help_text="The events replayed (the clock's version).")
    registration_open = serializers.BooleanField()
    players_left = serializers.IntegerField()
    average_stack = serializers.IntegerField(allow_null=True)
    chips_total = serializers.IntegerField()
    pool_total = serializers.DecimalField(**MONEY)


class PoolSerializer(serializers.Serializer):
    collected = serializers.DecimalField(**MONEY)
    overlay = serializers.DecimalField(**MONEY)
    total = serializers.DecimalField(**MONEY)
    fees = serializers.DecimalField(**MONEY)


class TournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    event_name = serializers.CharField()
    status = enum(TournamentStatus)
    structure_version_id = serializers.IntegerField()
    structure = serializers.DictField()
    gaming_day_id = serializers.IntegerField()
    max_players = serializers.IntegerField(allow_null=True)
    seed = serializers.CharField()
    entries = serializers.IntegerField()
    re_entries = serializers.IntegerField()
    players_left = serializers.IntegerField()
    pool = PoolSerializer()
    clock = ClockSerializer()


class TournamentListSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    event_name = serializers.CharField()
    status = enum(TournamentStatus)
    gaming_day_id = serializers.IntegerField()


# --------------------------------------------------------------------------- entries


class RegisterInputSerializer(serializers.Serializer):
    kind = enum(REGISTRATION_KINDS, default="entry")
    player = serializers.IntegerField(help_text="The player's id in the registry.")
    waiting = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="The waiting-list place he comes from (an alternate).",
    )


class PurchaseInputSerializer(serializers.Serializer):
    kind = enum(PURCHASE_KINDS)


class ReasonInputSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)


class SeatRefSerializer(serializers.Serializer):
    table_number = serializers.IntegerField()
    seat = serializers.IntegerField()
    chips = serializers.IntegerField()


class EntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    kind = enum(EntryKind)
    alternate = serializers.BooleanField()
    state = enum(ENTRY_STATES)
    arrived = serializers.BooleanField()
    receipt = serializers.CharField(allow_blank=True)
    seat = SeatRefSerializer(allow_null=True)


class LedgerEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    receipt = serializers.CharField()
    ledger_kind = enum(LedgerKind)
    via = enum(LedgerVia)
    entry_number = serializers.IntegerField(allow_null=True)
    pool_amount = serializers.DecimalField(**MONEY)
    fee_amount = serializers.DecimalField(**MONEY)
    chips = serializers.IntegerField()
    recorded_at = serializers.DateTimeField()
    recorded_by = serializers.CharField()
    reverses = serializers.IntegerField(allow_null=True)


class WaitingInputSerializer(serializers.Serializer):
    player = serializers.IntegerField()


class WaitingSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    requested_at = serializers.DateTimeField()


# --------------------------------------------------------------------------- seats


class DrawInputSerializer(serializers.Serializer):
    tables = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=9999),
        help_text="Table numbers, in the order they break (TDA 10); the last hosts the "
        "final table. Each must be open as a tournament session.",
    )


class TableAddInputSerializer(serializers.Serializer):
    table_number = serializers.IntegerField(min_value=1, max_value=9999)


class MoveSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    entry_number = serializers.IntegerField()
    player_name = serializers.CharField()
    from_table = serializers.IntegerField(allow_null=True)
    from_seat = serializers.IntegerField(allow_null=True)
    to_table = serializers.IntegerField()
    to_seat = serializers.IntegerField()
    chips = serializers.IntegerField()
    move_reason = enum(REASONS)
    seat_reason = serializers.CharField()
    player_reason = serializers.CharField(allow_blank=True)
    slip = serializers.DictField(child=serializers.CharField(), help_text="{es, en} (TOUR-05)")
    confirmed_from = serializers.BooleanField()
    confirmed_to = serializers.BooleanField()


class DrawSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    draw_kind = enum(DrawKind)
    seed = serializers.CharField()
    seating_version = serializers.CharField(allow_blank=True)
    halted = serializers.ListField(child=serializers.DictField())
    broken = serializers.ListField(child=serializers.IntegerField())
    final_table = serializers.IntegerField(allow_null=True)
    at = serializers.DateTimeField()
    moves = MoveSerializer(many=True)


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    entry_number = serializers.IntegerField(allow_null=True)
    player_name = serializers.CharField(allow_blank=True)
    chips = serializers.IntegerField(allow_null=True)


class TableSerializer(serializers.Serializer):
    table_number = serializers.IntegerField()
    session = serializers.IntegerField()
    break_rank = serializers.IntegerField()
    players = serializers.IntegerField()
    seats = SeatSerializer(many=True)


class PlannedMoveSerializer(serializers.Serializer):
    entry_number = serializers.IntegerField()
    player_name = serializers.CharField()
    from_table = serializers.IntegerField()
    from_seat = serializers.IntegerField()
    to_table = serializers.IntegerField()
    to_seat = serializers.IntegerField()
    move_reason = enum(REASONS)
    seat_reason = serializers.CharField()
    player_reason = serializers.CharField(allow_blank=True)
    slip = serializers.DictField(child=serializers.CharField())


class HaltSerializer(serializers.Serializer):
    table_number = serializers.IntegerField()
    players = serializers.IntegerField()
    short_by = serializers.IntegerField()


class BalancePlanSerializer(serializers.Serializer):
    version = serializers.CharField(help_text="Send it back to confirm this plan.")
    empty = serializers.BooleanField()
    halted = HaltSerializer(many=True)
    broken = serializers.ListField(child=serializers.IntegerField())
    final_table = serializers.IntegerField(allow_null=True)
    moves = PlannedMoveSerializer(many=True)


class BalanceConfirmInputSerializer(serializers.Serializer):
    version = serializers.CharField(max_length=64)


class MoveConfirmInputSerializer(serializers.Serializer):
    side = enum(MoveConfirmation.Side)
    croupier = serializers.CharField(
        max_length=150,
        required=False,
        allow_blank=True,
        default="",
        help_text="The dealer on duty (username), confirming with his PIN on this terminal.",
    )
    pin = serializers.CharField(max_length=32, required=False, trim_whitespace=False)
    chips_visible = serializers.BooleanField(default=True)


class MoveConfirmationSerializer(serializers.Serializer):
    move = serializers.IntegerField()
    side = enum(MoveConfirmation.Side)
    croupier = serializers.CharField()
    method = enum(Signature.Method)
    chips_visible = serializers.BooleanField()


# --------------------------------------------------------------------------- clock


class ClockEventInputSerializer(serializers.Serializer):
    kind = enum(CLOCK_EVENT_KINDS)
    level = serializers.IntegerField(required=False, default=0)
    seconds = serializers.IntegerField(required=False, default=0)
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=300)


# --------------------------------------------------------------------------- eliminations


class EliminationInputSerializer(serializers.Serializer):
    entry = serializers.IntegerField(help_text="The entry's id.")
    hand_number = serializers.IntegerField(required=False, allow_null=True, default=None)
    stack_at_start = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Chips at the start of that hand (by default the stack last recorded).",
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)


class EliminationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seq = serializers.IntegerField()
    entry_number = serializers.IntegerField()
    player_name = serializers.CharField()
    exit_kind = enum(ExitKind)
    hand_key = serializers.CharField(allow_blank=True)
    hand_number = serializers.IntegerField(allow_null=True)
    stack_at_start = serializers.IntegerField()
    table_number = serializers.IntegerField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    corrected = serializers.BooleanField()
    at = serializers.DateTimeField()
    reason = serializers.CharField(allow_blank=True)


class CorrectionInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500)
    chips = serializers.IntegerField()


class CorrectionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    elimination = serializers.IntegerField()
    chips = serializers.IntegerField()
    table_number = serializers.IntegerField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True)


class HiddenChipsInputSerializer(serializers.Serializer):
    entry = serializers.IntegerField(help_text="The covered all-in player who lost.")
    chips = serializers.IntegerField()
    winner = serializers.IntegerField(required=False, allow_null=True, default=None)
    next_hand_started = serializers.BooleanField()
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)


class TournamentSanctionInputSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    conduct = serializers.CharField(max_length=32)
    conduct_text = serializers.CharField(required=False, allow_blank=True, default="")
    level = enum(SanctionLevel)
    vueltas = serializers.IntegerField(required=False, allow_null=True, default=None)
    players_in_hand = serializers.IntegerField(required=False, allow_null=True, default=None)
    hand_number = serializers.IntegerField(required=False, allow_null=True, default=None)
    immediate = serializers.BooleanField(default=False)
    immediate_reason = serializers.CharField(required=False, allow_blank=True, default="")
    override_reason = serializers.CharField(required=False, allow_blank=True, default="")
    reason = serializers.CharField(required=False, allow_blank=True, default="")
    final_heads_up = serializers.BooleanField(default=False)


class TournamentSanctionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    notice = serializers.CharField()
    sanction_level = enum(SanctionLevel)
    vueltas = serializers.IntegerField(allow_null=True)
    hands_total = serializers.IntegerField(allow_null=True)
    suggested_level = enum(SanctionLevel, allow_blank=True)
    event_name = serializers.CharField()


class ChipRaceInputSerializer(serializers.Serializer):
    table_number = serializers.IntegerField()
    stacks = serializers.DictField(
        child=serializers.DictField(child=serializers.IntegerField()),
        help_text='{"seat": {"denomination": count}} as the dealer counted them.',
    )
    cards = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        required=False,
        allow_null=True,
        default=None,
    )
    rounding = enum(RACE_ROUNDINGS, default="nearest")


class ChipRaceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table_number = serializers.IntegerField()
    removed = serializers.ListField(child=serializers.IntegerField())
    seed = serializers.CharField(allow_blank=True)
    result = serializers.DictField()


# --------------------------------------------------------------------------- payouts


class PayoutsInputSerializer(serializers.Serializer):
    places = serializers.IntegerField(required=False, allow_null=True, default=None)
    amounts = serializers.ListField(
        child=AmountInputField(),
        required=False,
        allow_null=True,
        default=None,
        help_text="Management's own table (place 1 first); by default the structure's rule.",
    )
    note = serializers.CharField(required=False, allow_blank=True, default="")


class PayoutLineSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    amount = serializers.DecimalField(**MONEY)
    seat_value = serializers.DecimalField(**MONEY)
    seat_in = serializers.CharField(allow_blank=True)


class PayoutTableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    rule = enum(PAYOUT_RULES)
    pool = serializers.DecimalField(**MONEY)
    overlay = serializers.DecimalField(**MONEY)
    entries = serializers.IntegerField()
    unit = serializers.DecimalField(**MONEY)
    first_share = serializers.CharField(allow_blank=True)
    exponent = serializers.CharField(allow_blank=True)
    approved = serializers.BooleanField()
    approved_by = serializers.CharField(allow_blank=True)
    lines = PayoutLineSerializer(many=True)


class PayInputSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    player_signed_name = serializers.CharField(max_length=160)


class PayoutSlipSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    serial = serializers.CharField()
    entry_number = serializers.IntegerField()
    player_name = serializers.CharField()
    place = serializers.IntegerField()
    place_to = serializers.IntegerField()
    amount = serializers.DecimalField(**MONEY)
    seat_value = serializers.DecimalField(**MONEY)
    seat_in = serializers.CharField(allow_blank=True)
    player_signed_name = serializers.CharField()
    cashier = serializers.CharField()
    locked = serializers.BooleanField()


# --------------------------------------------------------------------------- deals


class DealInputSerializer(serializers.Serializer):
    method = enum(DealMethod)
    to_play_for = serializers.DecimalField(required=False, default=Decimal("0"), **MONEY)
    stacks = serializers.DictField(
        child=serializers.IntegerField(),
        required=False,
        allow_null=True,
        default=None,
        help_text='{"entry id": chips} as counted at the deal; by default the seats\' stacks.',
    )
    note = serializers.CharField(required=False, allow_blank=True, default="")


class ConsentInputSerializer(serializers.Serializer):
    entry = serializers.IntegerField()


class DealShareSerializer(serializers.Serializer):
    entry_number = serializers.IntegerField()
    player_name = serializers.CharField()
    stack = serializers.IntegerField()
    equity = serializers.CharField(help_text="Exact value in cents, as a fraction.")
    amount = serializers.DecimalField(**MONEY)
    consented = serializers.BooleanField()


class DealSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    method = enum(DealMethod)
    payouts = serializers.ListField(child=serializers.DecimalField(**MONEY))
    to_play_for = serializers.DecimalField(**MONEY)
    approved = serializers.BooleanField()
    shares = DealShareSerializer(many=True)


# --------------------------------------------------------------------------- results


class ResultSerializer(serializers.Serializer):
    entry_number = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    place = serializers.IntegerField(allow_null=True)
    place_to = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField(allow_blank=True)
    amount = serializers.DecimalField(**MONEY)
    seat_value = serializers.DecimalField(**MONEY)
    seat_in = serializers.CharField(allow_blank=True)
    slip = serializers.CharField(allow_blank=True)


class ResultsSerializer(serializers.Serializer):
    finished = serializers.BooleanField()
    payout_table = serializers.IntegerField(allow_null=True)
    deal = serializers.IntegerField(allow_null=True)
    results = ResultSerializer(many=True)


class SettlementInputSerializer(serializers.Serializer):
    counted = serializers.DecimalField(**MONEY)
    note = serializers.CharField(required=False, allow_blank=True, default="")


class SettlementSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    counted = serializers.DecimalField(**MONEY)
    expected = serializers.DecimalField(**MONEY)
    difference = serializers.DecimalField(**MONEY)
    fees = serializers.DecimalField(**MONEY)
    overlay = serializers.DecimalField(**MONEY)
    pool = serializers.DecimalField(**MONEY)
    paid = serializers.DecimalField(**MONEY)
    locked = serializers.BooleanField()


class RemovedSerializer(serializers.Serializer):
    entries = serializers.ListField(child=serializers.IntegerField())


class QualifierSerializer(serializers.Serializer):
    table_number = serializers.IntegerField()
    advance = serializers.ListField(child=serializers.IntegerField())
    tied = serializers.ListField(child=serializers.IntegerField())
    places_left = serializers.IntegerField()


def of(serializer: type[serializers.Serializer], data: Any, many: bool = False) -> Any:
    return serializer(data, many=many).data
