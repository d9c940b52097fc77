"""The sanctions ledger (§8.6, seed 001, SANC-01..14, OQ-15, OQ-16, OQ-49)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.models import AuditEvent
from casino.roles import Role
from players.models import Player
from tables import hooks, selectors, services
from tables.conduct import (
    CONDUCT_BY_CODE,
    CONDUCTS,
    Step,
    hands_remaining,
    ladder,
    penalty_hands,
    suggest_step,
)
from tables.models import SanctionEntry, SanctionLevel
from tests.pg_roles import as_owner

from .conftest import act, make_table, open_table

pytestmark = pytest.mark.django_db
L = SanctionLevel


# --- arithmetic (pure) --------------------------------------------------------------------


def test_a_vuelta_lasts_players_in_the_hand_times_vueltas():  # SANC-04, OQ-16, A-26
    assert penalty_hands(2, 9) == 18
    assert penalty_hands(1, 2) == 2 and penalty_hands(4, 10) == 40
    for bad in [(0, 9), (5, 9), (1, 1), (1, 11)]:
        with pytest.raises(ValueError):
            penalty_hands(*bad)


@given(st.integers(1, 4), st.integers(2, 10), st.integers(0, 60))
def test_hands_remaining_counts_down_to_zero(vueltas, players, served):  # SANC-13
    total = penalty_hands(vueltas, players)
    left = hands_remaining(total, served)
    assert 0 <= left <= total
    assert left == max(0, total - served)
    assert hands_remaining(total, served + 1) == max(0, left - 1)


def test_conduct_catalogue_has_codes_defaults_and_must_may():  # SANC-10, SANC-11, SANC-12
    codes = {c.code for c in CONDUCTS}
    assert len(codes) == len(CONDUCTS)
    must = {c.code for c in CONDUCTS if c.must}
    assert {"third_party", "chip_dumping", "staff_disrespect", "no_bet_agreement"} <= must
    assert not ({"disruptive", "showing_hand", "commenting_hand", "reading_cards"} & must)
    assert {c.code for c in CONDUCTS if c.heads_up_exempt} == {
        "showing_hand",
        "commenting_hand",
        "reading_cards",
    }


def test_scales():  # SANC-03, SANC-08, OQ-15
    tournament = ladder(is_tournament=True, ruleset="manual")
    assert tournament == [
        Step(L.WARNING),
        Step(L.VUELTAS, 1),
        Step(L.VUELTAS, 2),
        Step(L.VUELTAS, 3),
        Step(L.VUELTAS, 4),
        Step(L.DISQUALIFICATION),
        Step(L.EXPULSION),
    ]
    cash = ladder(is_tournament=False, ruleset="manual")
    assert [s.level for s in cash][:2] == [L.WARNING, L.SIT_OUT] and cash[-2:] == [
        Step(L.REMOVAL),
        Step(L.EXPULSION),
    ]
    caba = ladder(is_tournament=False, ruleset="caba")
    assert caba[:2] == [Step(L.WARNING), Step(L.HAND_ANNULMENT)]
    # Escalation: one step above the heaviest prior sanction, never below the default.
    showing = CONDUCT_BY_CODE["showing_hand"]
    assert suggest_step(showing, tournament, []) == Step(L.WARNING)
    assert suggest_step(showing, tournament, [Step(L.WARNING)]) == Step(L.VUELTAS, 1)
    assert suggest_step(showing, tournament, [Step(L.SIT_OUT, 2)]) == Step(L.VUELTAS, 3)
    assert suggest_step(showing, tournament, [Step(L.EXPULSION)]) == Step(L.EXPULSION)
    assert suggest_step(CONDUCT_BY_CODE["chip_dumping"], cash, []) == Step(L.REMOVAL)


# --- the ledger ---------------------------------------------------------------------------


@pytest.fixture
def tournament_table(casino, chip_set):
    return make_table(casino, chip_set, number=9, is_tournament=True, rake_pct=Decimal("0"))


def ledger_rows() -> tuple:
    return (SanctionEntry.objects.count(), AuditEvent.objects.count())


def impose(staff, who="pit_boss", role=Role.PIT_BOSS, **kw):
    return services.sanction_impose(actor=act(staff[who], role), **kw)


def test_a_vuelta_penalty_starts_after_the_hand_and_counts_down(
    staff, gaming_day, tournament_table, player
):  # SANC-01, SANC-04, SANC-09, SANC-13
    session = open_table(staff, tournament_table)
    prior = impose(
        staff,
        conduct_code="showing_hand",
        level=L.WARNING,
        player=player,
        session=session,
        hand_number=3,
    )
    entry = impose(
        staff,
        conduct_code="showing_hand",
        level=L.VUELTAS,
        vueltas=2,
        players_in_hand=9,
        player=player,
        session=session,
        hand_number=12,
        override_reason="Mostró las cartas a propósito, dos veces",
    )
    assert entry.notice == f"SAN-{timezone.localdate().year}-000002"
    assert prior.notice.endswith("000001")
    assert (entry.hands_total, entry.starts_after_hand, entry.immediate) == (18, 12, False)
    assert (entry.table, entry.ruleset, entry.is_tournament) == (tournament_table, "manual", True)
    effective = selectors.sanction_effective(entry)
    assert not effective.in_effect_for_hand(12)  # never during the offending hand
    assert effective.in_effect_for_hand(13)
    assert selectors.sanction_hands_remaining(entry, 0) == 18
    assert selectors.sanction_hands_remaining(entry, 17) == 1
    assert selectors.sanction_hands_remaining(entry, 25) == 0
    active = selectors.active_sanctions(tournament_table.casino, session=session, hand_number=13)
    assert [a.imposition for a in active] == [entry]
    assert (
        selectors.active_sanctions(tournament_table.casino, session=session, hand_number=12) == []
    )

    served = {"n": 5}

    def from_hand_records(imposition):
        return served["n"] if imposition.pk == entry.pk else 0

    hooks.register_hands_served(from_hand_records)
    try:
        assert effective.status() == "active"
        served["n"] = 18
        assert effective.status() == "served"
        assert selectors.active_sanctions(tournament_table.casino, player=player) == []
    finally:
        hooks.unregister(from_hand_records)


def test_immediate_removal_needs_a_reason(staff, gaming_day, table, player):  # SANC-09
    session = open_table(staff, table)
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    with pytest.raises(ValidationFailed) as err:
        services.sanction_impose(
            actor=manager,
            conduct_code="staff_disrespect",
            level=L.REMOVAL,
            player=player,
            session=session,
            hand_number=4,
            immediate=True,
            override_reason="grave",
        )
    assert err.value.code == "IMMEDIATE_REASON_REQUIRED"
    entry = services.sanction_impose(
        actor=manager,
        conduct_code="staff_disrespect",
        level=L.REMOVAL,
        player=player,
        session=session,
        hand_number=4,
        immediate=True,
        immediate_reason="Amenazó al croupier",
        override_reason="conducta grave",
    )
    assert entry.starts_after_hand is None
    assert selectors.sanction_effective(entry).in_effect_for_hand(4)


def test_authority_follows_sanc_02(staff, gaming_day, table, player):
    session = open_table(staff, table)
    before = ledger_rows()
    with pytest.raises(PermissionRefused):  # a supervisor proposes, never imposes
        impose(
            staff,
            "supervisor",
            Role.SUPERVISOR,
            conduct_code="disruptive",
            level=L.WARNING,
            player=player,
            session=session,
        )
    with pytest.raises(PermissionRefused):  # removal/expulsion belong to management
        impose(staff, conduct_code="chip_dumping", level=L.REMOVAL, player=player, session=session)
    assert ledger_rows() == before
    impose(
        staff,
        "shift_manager",
        Role.SHIFT_MANAGER,
        conduct_code="chip_dumping",
        level=L.REMOVAL,
        player=player,
        session=session,
    )
    impose(
        staff,
        conduct_code="disruptive",
        level=L.WARNING,
        player_description="Asiento 4, gorra roja",
        session=session,
    )


def test_proposal_then_imposition_and_mandatory_report(staff, gaming_day, table, player):
    # SANC-01, SANC-02, SANC-11
    session = open_table(staff, table)
    proposal = services.sanction_propose(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        conduct_code="no_bet_agreement",
        player=player,
        session=session,
        hand_number=7,
        reason="Acordaron pasar con el all-in del asiento 2",
    )
    assert proposal.kind == "proposal" and proposal.notice == ""
    assert proposal.suggested_level == L.REMOVAL
    assert selectors.mandatory_not_imposed(table.casino) == [proposal]
    assert any(
        e["kind"] == "MANDATORY_SANCTION_NOT_IMPOSED" for e in selectors.day_exceptions(gaming_day)
    )

    def impose_removal(source):  # the manager imposes a removal from ``source``
        return impose(
            staff,
            "shift_manager",
            Role.SHIFT_MANAGER,
            conduct_code=None,
            level=L.REMOVAL,
            proposal=source,
        )

    entry = impose_removal(proposal)
    assert (entry.player, entry.hand_number, entry.proposed_by) == (player, 7, staff["supervisor"])
    assert selectors.mandatory_not_imposed(table.casino) == []
    with pytest.raises(Conflict) as err:
        impose_removal(proposal)
    assert err.value.code == "PROPOSAL_ALREADY_DECIDED"
    # An imposition is not a proposal: imposing "from" it is refused, and nothing is written.
    rows = SanctionEntry.objects.count()
    with pytest.raises(ValidationFailed) as not_one:
        impose_removal(entry)
    e = not_one.value
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "NOT_A_PROPOSAL",
        "proposal",
        "Eso no es una propuesta de sanción.",
        "That is not a sanction proposal.",
    )
    assert SanctionEntry.objects.count() == rows


def test_repeat_offences_escalate(staff, gaming_day, table, player):  # SANC-07
    session = open_table(staff, table)
    casino = table.casino
    first = selectors.sanction_suggestion(
        casino=casino,
        conduct_code="commenting_hand",
        is_tournament=False,
        ruleset="manual",
        player=player,
    )
    assert first.step == Step(L.WARNING) and first.prior == []
    impose(
        staff,
        conduct_code="commenting_hand",
        level=L.WARNING,
        player=player,
        session=session,
        hand_number=2,
    )
    second = selectors.sanction_suggestion(
        casino=casino,
        conduct_code="commenting_hand",
        is_tournament=False,
        ruleset="manual",
        player=player,
    )
    assert second.step == Step(L.SIT_OUT, 1)
    before = ledger_rows()
    with pytest.raises(ValidationFailed) as err:  # choosing another level needs a reason
        impose(
            staff,
            conduct_code="commenting_hand",
            level=L.WARNING,
            player=player,
            session=session,
            hand_number=5,
        )
    assert err.value.code == "OVERRIDE_REASON_REQUIRED"
    assert err.value.details["suggested_level"] == L.SIT_OUT
    assert ledger_rows() == before
    entry = impose(
        staff,
        conduct_code="commenting_hand",
        level=L.SIT_OUT,
        vueltas=1,
        players_in_hand=6,
        player=player,
        session=session,
        hand_number=5,
    )
    assert entry.suggested_level == L.SIT_OUT and entry.hands_total == 6
    third = selectors.sanction_suggestion(
        casino=casino,
        conduct_code="commenting_hand",
        is_tournament=False,
        ruleset="manual",
        player=player,
    )
    assert third.step == Step(L.SIT_OUT, 2)


def test_lookback_and_accumulation_within_an_event(staff, gaming_day, tournament_table, player):
    session = open_table(staff, tournament_table)
    old = impose(
        staff,
        conduct_code="reading_cards",
        level=L.WARNING,
        player=player,
        session=session,
        hand_number=1,
        event_name="Copa de Verano",
    )
    later = timezone.now() + timedelta(days=400)
    assert selectors.prior_sanctions(player, at=later) == []  # outside the 365-day look-back
    same_event = selectors.prior_sanctions(player, event_name="Copa de Verano", at=later)
    assert [p.imposition for p in same_event] == [old]  # accumulates within the event


def test_a_lifted_sanction_leaves_the_original_untouched(staff, gaming_day, table, player):
    # issue 5 §5 "done when", GEN-09
    session = open_table(staff, table)
    entry = impose(
        staff,
        conduct_code="commenting_hand",
        level=L.WARNING,
        player=player,
        session=session,
        hand_number=2,
    )
    entry2 = impose(
        staff,
        conduct_code="commenting_hand",
        level=L.SIT_OUT,
        vueltas=1,
        players_in_hand=8,
        player=player,
        session=session,
        hand_number=9,
    )
    original = SanctionEntry.objects.filter(pk=entry2.pk).values().get()
    with pytest.raises(PermissionRefused):
        services.sanction_lift(
            actor=act(staff["supervisor"], Role.SUPERVISOR), sanction=entry2, reason="error"
        )
    with pytest.raises(ValidationFailed) as err:
        services.sanction_lift(
            actor=act(staff["pit_boss"], Role.PIT_BOSS), sanction=entry2, reason=" "
        )
    assert err.value.code == "REASON_REQUIRED"
    lift = services.sanction_lift(
        actor=act(staff["pit_boss2"], Role.PIT_BOSS),
        sanction=entry2,
        reason="Se comprobó que hablaba con el croupier",
    )
    assert lift.kind == "lift" and lift.amends == entry2 and lift.issued_by == staff["pit_boss2"]
    assert SanctionEntry.objects.filter(pk=entry2.pk).values().get() == original
    effective = selectors.sanction_effective(entry2)
    assert effective.lifted and effective.status() == "lifted"
    assert effective.hands_remaining(0) == 0
    assert [a.imposition for a in selectors.active_sanctions(table.casino, player=player)] == []
    with pytest.raises(Conflict) as twice:
        services.sanction_lift(
            actor=act(staff["pit_boss"], Role.PIT_BOSS), sanction=entry2, reason="otra vez"
        )
    assert twice.value.code == "SANCTION_ALREADY_LIFTED"
    with pytest.raises(IntegrityError, match="MESA_IMMUTABLE"):
        with transaction.atomic():
            # issue 12 §4: as the owner; the app role has no such privilege (test_db_roles)
            as_owner("UPDATE tables_sanctionentry SET level = 'warning' WHERE id = %s", [entry2.pk])
    # The history shown at seating keeps every entry.
    seating = selectors.seating_check(player)
    assert [e.kind for e in seating.history] == ["lift", "imposition", "imposition"]
    assert entry in seating.history


def test_reduction_must_be_lighter(staff, gaming_day, tournament_table, player):
    session = open_table(staff, tournament_table)
    entry = impose(
        staff,
        conduct_code="third_party",
        level=L.VUELTAS,
        vueltas=3,
        players_in_hand=9,
        player=player,
        session=session,
        hand_number=4,
        override_reason="reincidente en otra sala",
    )
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    with pytest.raises(ValidationFailed) as err:
        services.sanction_reduce(actor=boss, sanction=entry, level=L.VUELTAS, vueltas=4, reason="x")
    assert err.value.code == "REDUCTION_NOT_LIGHTER"
    reduced = services.sanction_reduce(
        actor=boss, sanction=entry, level=L.VUELTAS, vueltas=1, reason="Primera vez en el evento"
    )
    assert reduced.hands_total == 9 and reduced.amends == entry
    effective = selectors.sanction_effective(entry)
    assert (effective.level, effective.vueltas, effective.hands_total) == (L.VUELTAS, 1, 9)
    assert entry.hands_total == 27  # the original row is unchanged
    with pytest.raises(ValidationFailed) as lift_entry:
        services.sanction_lift(actor=boss, sanction=reduced, reason="x")
    assert lift_entry.value.code == "NOT_AN_IMPOSITION"


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"conduct_code": None}, "CONDUCT_REQUIRED"),
        ({"conduct_code": "bad_luck"}, "CONDUCT_UNKNOWN"),
        ({"conduct_code": "other"}, "CONDUCT_TEXT_REQUIRED"),
        ({"player": None}, "PLAYER_REQUIRED"),
        ({"level": None}, "LEVEL_REQUIRED"),
        ({"level": L.VUELTAS, "vueltas": 1, "players_in_hand": 9}, "LEVEL_NOT_IN_SCALE"),
        ({"level": L.HAND_ANNULMENT}, "LEVEL_NOT_IN_SCALE"),
        ({"level": L.SIT_OUT, "vueltas": 5, "players_in_hand": 9}, "VUELTAS_INVALID"),
        ({"level": L.SIT_OUT, "vueltas": 1, "players_in_hand": 1}, "PLAYERS_IN_HAND_INVALID"),
        (
            {"level": L.SIT_OUT, "vueltas": 1, "players_in_hand": 9, "hand_number": None},
            "HAND_NUMBER_REQUIRED",
        ),
        ({"level": L.WARNING, "vueltas": 2}, "VUELTAS_NOT_APPLICABLE"),
        ({"hand_number": 0}, "HAND_NUMBER_INVALID"),
    ],
)
def test_bad_sanctions_are_refused_and_change_nothing(
    staff, gaming_day, table, player, kwargs, code
):  # issue 5 "Bad input"
    session = open_table(staff, table)
    args = {
        "conduct_code": "disruptive",
        "level": L.WARNING,
        "player": player,
        "session": session,
        "hand_number": 3,
        **kwargs,
    }
    before = ledger_rows()
    with pytest.raises(ValidationFailed) as err:
        impose(staff, **args)
    assert err.value.code == code
    assert ledger_rows() == before


def test_a_sanction_without_an_issuer_is_refused(staff, gaming_day, table, player):
    session = open_table(staff, table)
    before = ledger_rows()
    with pytest.raises(ValidationFailed) as err:
        services.sanction_impose(
            actor=None, conduct_code="disruptive", level=L.WARNING, player=player, session=session
        )
    assert err.value.code == "ISSUER_REQUIRED"
    with pytest.raises(ValidationFailed):
        services.sanction_propose(actor=None, conduct_code="disruptive", player=player)
    assert ledger_rows() == before


def test_caba_cash_tables_may_annul_the_hand(staff, gaming_day, casino, chip_set, player):
    # OQ-15: CABA's cash scale has the annulment of the hand.
    caba = make_table(casino, chip_set, number=5, ruleset="caba", rake_pct=Decimal("5"))
    session = open_table(staff, caba)
    entry = impose(
        staff,
        conduct_code="information_advice",
        level=L.HAND_ANNULMENT,
        player=player,
        session=session,
        hand_number=8,
        override_reason="Mostró las cartas para pedir consejo",
    )
    assert entry.ruleset == "caba"


def test_final_heads_up_exemption_only_in_tournaments(
    staff, gaming_day, tournament_table, table, player
):  # SANC-10, OQ-49
    tsession = open_table(staff, tournament_table)
    with pytest.raises(ValidationFailed) as err:
        impose(
            staff,
            conduct_code="showing_hand",
            level=L.WARNING,
            player=player,
            session=tsession,
            final_heads_up=True,
        )
    assert err.value.code == "CONDUCT_EXEMPT_HEADS_UP"
    impose(
        staff,
        conduct_code="staff_disrespect",
        level=L.WARNING,
        player=player,
        session=tsession,
        final_heads_up=True,
    )


def test_expulsion_follows_the_player_to_any_table(
    staff, gaming_day, casino, chip_set, table, player
):
    session = open_table(staff, table)
    impose(
        staff,
        "shift_manager",
        Role.SHIFT_MANAGER,
        conduct_code="chip_dumping",
        level=L.EXPULSION,
        player=player,
        session=session,
        override_reason="Reincidencia comprobada",
    )
    other = Player.objects.create(casino=casino, display_name="Ana")
    assert [a.level for a in selectors.active_sanctions(casino, player=player)] == [L.EXPULSION]
    assert selectors.active_sanctions(casino, player=other) == []
    seating = selectors.seating_check(player)
    assert seating.active[0].level == L.EXPULSION


def test_ledger_filters(staff, gaming_day, table, player):  # SANC-14
    session = open_table(staff, table)
    impose(staff, conduct_code="disruptive", level=L.WARNING, player=player, session=session)
    impose(
        staff,
        conduct_code="phone_use",
        level=L.WARNING,
        player_description="Asiento 2",
        session=session,
    )
    casino = table.casino
    assert selectors.sanctions_ledger(casino, conduct="phone_use").count() == 1
    assert selectors.sanctions_ledger(casino, player=player.pk).count() == 1
    assert selectors.sanctions_ledger(casino, table=table.pk).count() == 2
    assert selectors.sanctions_ledger(casino, since=gaming_day.business_date).count() == 2
    assert (
        selectors.sanctions_ledger(
            casino, until=gaming_day.business_date - timedelta(days=1)
        ).count()
        == 0
    )
