"""The clock (RUL-26, BET-21, OQ-14; acceptance A-23 and A-24)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from poker.profiles import CABA, MANUAL, PBA, RuleProfile
from poker.rulings import clock_ruling


@pytest.mark.parametrize("profile", [MANUAL, PBA], ids=["manual", "pba"])
def test_a23_on_request_sixty_plus_ten(profile: RuleProfile) -> None:
    """A-23: clock requested at t=100 -> countdown from 160, dead after 170."""
    running = clock_ruling(profile, turn_started_at=40, requested_at=100, now=165)
    assert running.running and not running.hand_dead
    assert (running.started_at, running.countdown_at, running.expires_at) == (100, 160, 170)
    assert not clock_ruling(profile, turn_started_at=40, requested_at=100, now=170).hand_dead
    expired = clock_ruling(profile, turn_started_at=40, requested_at=100, now=171)
    assert expired.hand_dead
    assert expired.rule_ids == ("RUL-26",)
    assert not expired.fallback  # MANUAL and PBA state the dead hand themselves
    assert expired.rulesets_differ
    assert "dead" in expired.explanation_en and "muerta" in expired.explanation_es


@pytest.mark.parametrize("profile", [MANUAL, PBA], ids=["manual", "pba"])
def test_on_request_acting_in_time(profile: RuleProfile) -> None:
    """BET-21: acting before the countdown ends keeps the hand live, even if judged later."""
    assert not clock_ruling(
        profile, turn_started_at=0, requested_at=100, acted_at=169, now=500
    ).hand_dead
    assert clock_ruling(
        profile, turn_started_at=0, requested_at=100, acted_at=171, now=500
    ).hand_dead


def test_on_request_without_request_never_expires() -> None:
    """BET-21 ON_REQUEST: without a request there is no clock, however long the wait."""
    r = clock_ruling(PBA, turn_started_at=0, now=10_000)
    assert not r.running and not r.hand_dead and r.expires_at is None


def test_a24_caba_every_decision_is_timed() -> None:
    """A-24: CABA times every decision: 60 s + 10 s from the start of the turn."""
    r = clock_ruling(CABA, turn_started_at=0, now=71)
    assert r.running and r.hand_dead
    assert (r.countdown_at, r.expires_at) == (60, 70)
    # The extract gives no consequence: the dead hand is the manual's (OQ-14).
    assert r.fallback
    assert len(r.sources) == 2
    live = clock_ruling(CABA, turn_started_at=0, acted_at=65, now=200)
    assert not live.hand_dead and not live.fallback


def test_clock_durations_are_profile_settings() -> None:
    """BET-21: ``clock_seconds`` and ``clock_grace_seconds`` are settings."""
    short = MANUAL.with_overrides(clock_seconds=30, clock_grace_seconds=5)
    assert clock_ruling(short, turn_started_at=0, requested_at=0, now=36).hand_dead
    assert not clock_ruling(MANUAL, turn_started_at=0, requested_at=0, now=36).hand_dead


def test_clock_accepts_datetimes() -> None:
    """GEN-11: the recorder passes server times."""
    t0 = datetime(2026, 5, 1, 21, 0, tzinfo=UTC)
    r = clock_ruling(
        PBA,
        turn_started_at=t0,
        requested_at=t0 + timedelta(seconds=30),
        now=t0 + timedelta(seconds=101),
    )
    assert r.hand_dead
    assert r.expires_at == t0 + timedelta(seconds=100)


def test_clock_refuses_mixed_time_types() -> None:
    with pytest.raises(TypeError):
        clock_ruling(PBA, turn_started_at=0, requested_at=0, now=datetime(2026, 5, 1, tzinfo=UTC))
