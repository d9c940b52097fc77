"""Tables and their versioned settings (GEN-04, RAKE-03, Appendix B)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from casino import effective
from casino.access import Actor, require, same_casino
from casino.audit import audit_record, snapshot
from casino.codes import CasinoCode
from casino.errors import DomainError, require_text
from casino.models import Casino, ChipSet, Ruleset, Sector
from casino.roles import Perm

from ..codes import TablesCode
from ..models import (
    AbsentPlayerPolicy,
    ForcedBets,
    NewPlayerEntry,
    OpsSettings,
    RakeCapScope,
    RakeMode,
    RakeRounding,
    Table,
    TableSettings,
    Variant,
)
from ..selectors.sessions import ops_settings
from ._common import lock

# GEN-04: game settings apply from the next hand; financial ones from the next session
# (a session keeps the version in force when it opened: ``TableSession.settings``).
GAME_FIELDS = (
    "variant",
    "ruleset",
    "max_seats",
    "small_blind",
    "big_blind",
    "ante",
    "straddle_allowed",
    "limit_small_bet",
    "limit_big_bet",
    "limit_cap_bets",
    # Seating policies (SEAT-05, SEAT-06, OQ-07): who may be dealt in from the next hand.
    "new_player_entry",
    "absent_player_policy",
    # Issue 17 §4: GAME-04 forced bets, SHUF-04 shuffle, GAME-13 / OQ-35 switch interval.
    "forced_bets",
    "shuffle_procedure",
    "mixed_switch_every_hands",
    # The rake is judged hand by hand (RAKE-01: the commission of each pot): the hand
    # recorder, the live preview and the rake ledger read it from the version in force
    # when the hand began, which each hand and each posting stores, so a new rate, cap or
    # no-flop-no-drop applies from the next hand, never within one (GEN-04).
    "rake_mode",
    "rake_pct",
    "rake_cap",
    "rake_cap_scope",  # RAKE-07, OQ-04: the cap per pot (default) or per hand
    "no_flop_no_drop",
    "is_tournament",
)
FINANCIAL_FIELDS = (
    "min_buyin",
    "max_buyin",
    # Re-buys (OQ-27, BUYIN-04): checked by the cage against the session's version.
    "rebuy_only_when_busted",
    "rebuy_amounts",
)
SETTING_FIELDS = GAME_FIELDS + FINANCIAL_FIELDS
MONEY_FIELDS = {
    "small_blind",
    "big_blind",
    "ante",
    "limit_small_bet",
    "limit_big_bet",
    "min_buyin",
    "max_buyin",
    "rake_cap",
}
# RAKE-03: the jurisdiction's ceiling on the commission (CABA: 5 % of each pot).
RAKE_MAX_PCT: dict[str, Decimal | None] = {
    Ruleset.MANUAL: None,
    Ruleset.PBA: None,
    Ruleset.CABA: Decimal("5"),
}


def _validate_choices(values: dict[str, Any]) -> None:
    """Each choice among those the product knows."""
    if values.get("variant") not in Variant.values:
        raise DomainError.of(TablesCode.VARIANT_INVALID, field="variant")
    if values.get("ruleset") not in Ruleset.values:
        raise DomainError.of(TablesCode.RULESET_INVALID, field="ruleset")
    if values.get("rake_mode") not in RakeMode.values:
        raise DomainError.of(TablesCode.RAKE_MODE_INVALID, field="rake_mode")
    if values.get("rake_cap_scope", RakeCapScope.PER_POT) not in RakeCapScope.values:
        raise DomainError.of(TablesCode.RAKE_CAP_SCOPE_INVALID, field="rake_cap_scope")
    if values.get("new_player_entry", NewPlayerEntry.MANUAL) not in NewPlayerEntry.values:
        raise DomainError.of(TablesCode.NEW_PLAYER_ENTRY_INVALID, field="new_player_entry")
    if values.get("absent_player_policy", AbsentPlayerPolicy.MANUAL) not in (
        AbsentPlayerPolicy.values
    ):
        raise DomainError.of(TablesCode.ABSENT_PLAYER_POLICY_INVALID, field="absent_player_policy")


def _validate_stakes(values: dict[str, Any]) -> None:
    """Amounts not negative, the blinds, the seats and the fixed-limit bets."""
    for name in MONEY_FIELDS:
        value = values.get(name)
        if value is not None and (not isinstance(value, Decimal) or value < 0):
            raise DomainError.of(TablesCode.AMOUNT_INVALID, value=value, field=name)
    sb, bb = values["small_blind"], values["big_blind"]
    if sb <= 0 or bb <= 0 or sb > bb:
        raise DomainError.of(TablesCode.BLINDS_INVALID, field="small_blind")
    if not 2 <= int(values["max_seats"]) <= 10:
        raise DomainError.of(TablesCode.SEATS_OUT_OF_RANGE, field="max_seats")
    small, big = values.get("limit_small_bet"), values.get("limit_big_bet")
    if small is not None and big is not None and big != 2 * small:
        raise DomainError.of(TablesCode.LIMIT_BIG_BET_NOT_DOUBLE, field="limit_big_bet")
    if int(values["limit_cap_bets"]) < 1:
        raise DomainError.of(TablesCode.CAP_INVALID, field="limit_cap_bets")


def _validate_buyins(values: dict[str, Any]) -> None:
    """The buy-in range and the re-buys (OQ-27, BUYIN-04); normalises ``rebuy_amounts``."""
    if values["min_buyin"] <= 0:
        raise DomainError.of(TablesCode.BUYIN_INVALID, field="min_buyin")
    if values.get("max_buyin") is not None and values["max_buyin"] < values["min_buyin"]:
        raise DomainError.of(TablesCode.BUYIN_INVALID, field="max_buyin")
    if not isinstance(values.get("rebuy_only_when_busted", False), bool):
        raise DomainError.of(TablesCode.SETTING_INVALID, field="rebuy_only_when_busted")
    values["rebuy_amounts"] = _rebuy_amounts(values.get("rebuy_amounts") or [])


def _validate_rake(values: dict[str, Any]) -> None:
    """The commission, within the jurisdiction's ceiling (RAKE-03)."""
    pct = values["rake_pct"]
    if not isinstance(pct, Decimal) or pct < 0 or pct > 100:
        raise DomainError.of(TablesCode.RAKE_INVALID, field="rake_pct")
    ceiling = RAKE_MAX_PCT.get(values["ruleset"])
    if ceiling is not None and values["rake_mode"] == RakeMode.PERCENT and pct > ceiling:
        raise DomainError.of(
            TablesCode.RAKE_ABOVE_JURISDICTION_LIMIT,
            ruleset=values["ruleset"].upper(),
            ceiling=ceiling,
            field="rake_pct",
        )


def validate_table_settings(values: dict[str, Any], asked: frozenset[str] = frozenset()) -> None:
    """Refuse settings that contradict each other or the jurisdiction (GEN-04, RAKE-03)."""
    _validate_choices(values)
    _validate_procedure_settings(values, asked)
    _validate_stakes(values)
    _validate_buyins(values)
    _validate_rake(values)


def _validate_procedure_settings(values: dict[str, Any], asked: frozenset[str]) -> None:
    """Issue 17 §4: forced bets (GAME-04), shuffle text (SHUF-04), switch interval (GAME-13).

    An ante with two blinds is "blinds and an ante": a change of the ante alone moves
    the forced bets between the two (the ante amount was a setting before forced_bets).
    Asking for "blinds and an ante" with no ante is refused.
    """
    forced = values.setdefault("forced_bets", ForcedBets.TWO_BLINDS)
    if forced not in ForcedBets.values:
        raise DomainError.of(TablesCode.FORCED_BETS_INVALID, field="forced_bets")
    ante = values.get("ante")
    if not isinstance(ante, Decimal):
        return  # refused below (AMOUNT_INVALID)
    if forced in (ForcedBets.TWO_BLINDS, ForcedBets.BLINDS_PLUS_ANTE) and not (
        forced == ForcedBets.BLINDS_PLUS_ANTE and "forced_bets" in asked
    ):
        forced = values["forced_bets"] = (
            ForcedBets.BLINDS_PLUS_ANTE if ante > 0 else ForcedBets.TWO_BLINDS
        )
    if forced == ForcedBets.BLINDS_PLUS_ANTE and ante <= 0:
        raise DomainError.of(TablesCode.ANTE_INVALID, field="ante")
    text = values.setdefault("shuffle_procedure", "")
    if not isinstance(text, str) or len(text) > 1000:
        raise DomainError.of(TablesCode.SHUFFLE_PROCEDURE_INVALID, field="shuffle_procedure")
    values["shuffle_procedure"] = text.strip()
    every = values.setdefault("mixed_switch_every_hands", None)
    if every is not None and (
        isinstance(every, bool) or not isinstance(every, int) or not 1 <= every <= 100
    ):
        raise DomainError.of(TablesCode.MIXED_SWITCH_INVALID, field="mixed_switch_every_hands")


def _rebuy_amounts(amounts: Any) -> list[str]:
    """BUYIN-04: the fixed re-buy amounts, distinct positive money amounts, stored as
    strings with two decimals (exact, never float), in increasing order."""
    problem = DomainError.of(TablesCode.REBUY_AMOUNTS_INVALID, field="rebuy_amounts")
    if not isinstance(amounts, list | tuple) or len(amounts) > 10:
        raise problem
    out: list[Decimal] = []
    for amount in amounts:
        if isinstance(amount, bool | float):
            raise problem
        try:
            value = Decimal(str(amount))
        except ArithmeticError:
            raise problem from None
        if not value.is_finite() or value <= 0 or value != value.quantize(Decimal("0.01")):
            raise problem
        out.append(value.quantize(Decimal("0.01")))
    if len(set(out)) != len(out):
        raise problem
    return [str(v) for v in sorted(out)]


def spec_defaults(
    *, variant: str, ruleset: str, big_blind: Decimal, is_tournament: bool = False
) -> dict[str, Any]:
    """The settings a new table gets when the manager sets nothing else (Appendix B).

    The one place the spec's defaults live: each value follows the table's structure
    and ruleset as the settings table says (tests/tables/test_spec_defaults.py checks
    every row). The small blind is half the big blind (GAME-05, OQ-01), in whole cents.
    """
    no_max = variant == Variant.LIMIT  # BUYIN-02, OQ-08: no maximum buy-in in Limit
    return {
        "variant": variant,
        "ruleset": ruleset,
        "max_seats": 10,  # SEAT-01
        "small_blind": (big_blind / 2).quantize(Decimal("0.01")),  # GAME-05, OQ-01
        "ante": Decimal("0"),  # GAME-04, OQ-33
        # GAME-06, OQ-06: the manual allows the straddle; PBA and CABA do not provide it.
        "straddle_allowed": ruleset == Ruleset.MANUAL,
        # BET-08, OQ-02: empty = the small bet is the big blind, the big bet twice it.
        "limit_small_bet": None,
        "limit_big_bet": None,
        "limit_cap_bets": 4,  # BET-09, OQ-03: bet + 3 raises
        "new_player_entry": NewPlayerEntry.MANUAL,  # SEAT-05, OQ-07
        "absent_player_policy": AbsentPlayerPolicy.MANUAL,  # SEAT-06, OQ-07
        "min_buyin": 10 * big_blind,  # BUYIN-02, OQ-08: 10 x BB for every structure
        "max_buyin": None if no_max else 100 * big_blind,  # BUYIN-02, OQ-08
        "rake_mode": RakeMode.PERCENT,  # RAKE-01, OQ-04
        # RAKE-01, RAKE-02: 3 % in cash games, none in tournaments.
        "rake_pct": Decimal("0.00") if is_tournament else Decimal("3.00"),
        "rake_cap": None,  # RAKE-07: no cap unless configured
        "rake_cap_scope": RakeCapScope.PER_POT,  # RAKE-07, OQ-04: a cap applies per pot
        "no_flop_no_drop": False,  # OQ-04: not in the seeds, off
        "is_tournament": is_tournament,
        "rebuy_only_when_busted": False,  # OQ-27
        "rebuy_amounts": [],  # BUYIN-04: any amount
        "forced_bets": ForcedBets.TWO_BLINDS,  # GAME-04
        "shuffle_procedure": "",  # SHUF-04: blank = the manual's (tables.procedure)
        "mixed_switch_every_hands": None,  # GAME-13, OQ-35: one orbit
    }


def _unknown(changes: dict[str, Any]) -> None:
    unknown = sorted(set(changes) - set(SETTING_FIELDS))
    if unknown:
        raise DomainError.of(TablesCode.UNKNOWN_SETTING, unknown=unknown, field=unknown[0])


def table_create(
    *,
    actor: Actor,
    number: int,
    chip_set: ChipSet,
    variant: str,
    big_blind: Decimal,
    small_blind: Decimal | None = None,
    name: str = "",
    sector: Sector | None = None,
    **settings: Any,
) -> Table:
    """A new table with its first settings version (only MANAGE_SETTINGS, GEN-04).

    What ``settings`` leaves out takes the spec's default for the table's structure
    and ruleset (:func:`spec_defaults`, Appendix B).
    """
    require(actor, Perm.MANAGE_SETTINGS)
    same_casino(actor, chip_set)
    if sector is not None:
        same_casino(actor, sector)
    _unknown(settings)
    casino: Casino = actor.casino
    # The defaults follow the table's structure and ruleset (Appendix B); a table
    # without its own ruleset takes the casino's (GEN-03).
    ruleset = settings.get("ruleset") or casino.default_ruleset
    values = {
        **spec_defaults(
            variant=variant,  # GAME-01: required, no default (Appendix B)
            ruleset=ruleset,
            big_blind=big_blind,
            is_tournament=bool(settings.get("is_tournament", False)),
        ),
        **settings,
        "variant": variant,
        "ruleset": ruleset,
        "big_blind": big_blind,
    }
    if small_blind is not None:
        values["small_blind"] = small_blind
    validate_table_settings(values, frozenset(settings))
    with transaction.atomic():
        if Table.objects.filter(casino=casino, number=number).exists():
            raise DomainError.of(TablesCode.TABLE_NUMBER_TAKEN, number=number, field="number")
        table = Table.objects.create(
            casino=casino, number=number, name=name, chip_set=chip_set, sector=sector
        )
        version = TableSettings.objects.create(
            table=table,
            version=1,
            created_by=actor.user,
            reason="alta",
            rake_rounding=ops_settings(casino).rake_rounding,  # RAKE-07: the casino's
            **values,
        )
        audit_record(
            actor=actor,
            action="table.create",
            obj=table,
            after={"table": snapshot(table), "settings": snapshot(version)},
        )
    return table


def table_settings_change(
    *,
    actor: Actor,
    table: Table,
    reason: str,
    effective_from: datetime | None = None,
    **changes: Any,
) -> TableSettings:
    """A new settings version (append-only, GEN-04): game fields apply from the next hand,
    financial fields from the next session."""
    require(actor, Perm.MANAGE_SETTINGS)
    same_casino(actor, table)
    reason = require_text(reason, field="reason", code=CasinoCode.REASON_REQUIRED)
    _unknown(changes)
    if not changes:
        raise DomainError.of(TablesCode.NO_CHANGES, field="settings")
    effective_from = effective.effective_from(effective_from)  # GEN-04: never backwards
    with transaction.atomic():
        table = lock(Table, table.pk, actor)
        current = table.settings_versions.order_by("-version").first()
        values = (
            {f: getattr(current, f) for f in SETTING_FIELDS}
            if current
            else spec_defaults(
                variant=changes.get("variant") or Variant.NO_LIMIT,
                ruleset=changes.get("ruleset") or table.casino.default_ruleset,
                big_blind=changes.get("big_blind") or Decimal("10"),
            )
        )
        values.update(changes)
        validate_table_settings(values, frozenset(changes))
        last = table.settings_versions.aggregate(v=Max("version"))["v"] or 0
        version = TableSettings.objects.create(
            table=table,
            version=last + 1,
            effective_from=effective_from,
            created_by=actor.user,
            reason=reason[:200],
            rake_rounding=ops_settings(table.casino).rake_rounding,  # RAKE-07: the casino's
            **values,
        )
        audit_record(
            actor=actor,
            action="table.settings_change",
            obj=version,
            object_type="tables.table",
            object_id=table.pk,
            before=snapshot(current, list(SETTING_FIELDS)) if current else None,
            after=snapshot(version, list(SETTING_FIELDS)),
            reason=reason,
        )
    return version


OPS_FIELDS = (
    "deck_rotation_minutes",
    "rotate_on_dealer_change",
    "deck_display_minutes",
    "discrepancy_report_min_chips",
    "discrepancy_report_min_value",
    "sanction_lookback_days",
    "rake_rounding",  # RAKE-07, OQ-04
    "min_player_age",  # GEN-08
    "problem_gambling_help",  # CONDUCT-07
    "require_preparation_checklist",  # PREP-01
)


def ops_settings_change(*, actor: Actor, reason: str, **changes: Any) -> OpsSettings:
    """A new version of the casino's table-operations settings (GEN-04; DECK-09, OPEN-10, SANC-07)."""
    require(actor, Perm.MANAGE_SETTINGS)
    reason = require_text(reason, field="reason", code=CasinoCode.REASON_REQUIRED)
    unknown = sorted(set(changes) - set(OPS_FIELDS))
    if unknown:
        raise DomainError.of(TablesCode.UNKNOWN_SETTING, unknown=unknown, field=unknown[0])
    if not changes:
        raise DomainError.of(TablesCode.NO_CHANGES, field="settings")
    for name in (
        "deck_rotation_minutes",
        "deck_display_minutes",
        "sanction_lookback_days",
        "discrepancy_report_min_chips",
        "min_player_age",  # GEN-08
    ):
        if name in changes and (
            not isinstance(changes[name], int)
            or changes[name] < 0
            or isinstance(changes[name], bool)
        ):
            raise DomainError.of(TablesCode.SETTING_INVALID, field=name)
    if changes.get("deck_rotation_minutes") == 0:
        raise DomainError.of(TablesCode.SETTING_INVALID, field="deck_rotation_minutes")
    threshold = changes.get("discrepancy_report_min_value")
    if threshold is not None and (not isinstance(threshold, Decimal) or threshold < 0):
        raise DomainError.of(TablesCode.SETTING_INVALID, field="discrepancy_report_min_value")
    help_text = changes.get("problem_gambling_help")
    if help_text is not None and (not isinstance(help_text, str) or len(help_text) > 600):
        raise DomainError.of(TablesCode.SETTING_INVALID, field="problem_gambling_help")
    if not isinstance(changes.get("require_preparation_checklist", False), bool):
        raise DomainError.of(TablesCode.SETTING_INVALID, field="require_preparation_checklist")
    if "rake_rounding" in changes and changes["rake_rounding"] not in RakeRounding.values:
        raise DomainError.of(TablesCode.RAKE_ROUNDING_INVALID, field="rake_rounding")
    with transaction.atomic():
        casino = Casino.objects.select_for_update().get(pk=actor.casino.pk)
        current = OpsSettings.objects.filter(casino=casino).order_by("-version").first()
        base = current or OpsSettings(casino=casino, version=0)
        values = {f: getattr(base, f) for f in OPS_FIELDS}
        values.update(changes)
        new = OpsSettings.objects.create(
            casino=casino,
            version=base.version + 1,
            created_by=actor.user,
            reason=reason[:200],
            **values,
        )
        audit_record(
            actor=actor,
            action="tables.ops_settings_change",
            obj=new,
            before=snapshot(base, list(OPS_FIELDS)),
            after=snapshot(new, list(OPS_FIELDS)),
            reason=reason,
        )
        if new.rake_rounding != base.rake_rounding:
            _tables_rake_rounding(actor, casino, new.rake_rounding, reason)
    return new


def _tables_rake_rounding(actor: Actor, casino: Casino, rounding: str, reason: str) -> None:
    """RAKE-07, OQ-04: the casino's rake rounding reaches every table as a new settings
    version, so each hand keeps the rounding it was judged under (it points at its
    version). The version in force gets a copy effective now; a version already
    scheduled for later gets a copy effective at its own time. Nothing else changes."""
    now = timezone.now()
    for table in Table.objects.select_for_update().filter(casino=casino).order_by("pk"):
        versions = list(table.settings_versions.order_by("-effective_from", "-version"))
        if not versions:
            continue
        in_force = next((v for v in versions if v.effective_from <= now), None)
        targets = [v for v in versions if v.effective_from > now]
        # Latest version per scheduled time: the one settings_at() would pick.
        scheduled = {v.effective_from: v for v in reversed(targets)}
        plan = [(now, in_force)] if in_force is not None else []
        plan += sorted(scheduled.items(), key=lambda kv: kv[0])
        last = max(v.version for v in versions)
        for effective_from, source in plan:
            if source is None or source.rake_rounding == rounding:
                continue
            last += 1
            version = TableSettings.objects.create(
                table=table,
                version=last,
                effective_from=effective_from,
                created_by=actor.user,
                reason=reason[:200],
                rake_rounding=rounding,
                **{f: getattr(source, f) for f in SETTING_FIELDS},
            )
            audit_record(
                actor=actor,
                action="table.settings_change",
                obj=version,
                object_type="tables.table",
                object_id=table.pk,
                before=snapshot(source, ["rake_rounding"]),
                after=snapshot(version, ["rake_rounding"]),
                reason=reason,
            )
