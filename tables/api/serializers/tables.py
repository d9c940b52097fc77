"""Tables and settings: a table's settings and its live state, the operations settings."""

from __future__ import annotations

from rest_framework import serializers

from casino.models import Ruleset

from ...models import (
    AbsentPlayerPolicy,
    ForcedBets,
    NewPlayerEntry,
    RakeCapScope,
    RakeMode,
    RakeRounding,
    TableSession,
    Variant,
)
from .common import ReasonSerializer, choice, money
from .decks import PackSerializer
from .sanctions import EffectiveSanctionSerializer
from .sessions import SessionSerializer


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
