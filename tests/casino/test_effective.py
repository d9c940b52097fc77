"""The one rule for when a dated setting's new version starts (issue 39 §2, GEN-04), at its
edges: the tolerance's last instant, a start a few seconds ahead, today's business date, and
the refusal as the catalogue words it with the field that carries it.

Written after ``make mutate`` on ``casino/effective.py``: the walking tests probe a start two
days back, so ``<`` read as ``<=`` at the tolerance, a start just ahead refused, and the
refusal's field and words all survived.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from casino.codes import CasinoCode
from casino.effective import PAST_TOLERANCE, effective_from, effective_on
from casino.errors import ValidationFailed

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
TODAY = date(2026, 3, 1)
TICK = timedelta(microseconds=1)


def _refused(call, field: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValidationFailed) as caught:
        call()
    error = caught.value
    assert (error.code, error.field) == ("EFFECTIVE_IN_THE_PAST", field)
    code = CasinoCode.EFFECTIVE_IN_THE_PAST  # its words, written once (issue 41 §2)
    assert (error.message_es, error.message_en) == (code.message("es"), code.message("en"))


def test_a_start_not_given_is_now():
    assert effective_from(None, now=NOW) == NOW


def test_a_start_inside_the_tolerance_or_ahead_is_kept():
    assert PAST_TOLERANCE == timedelta(minutes=1)  # a form posted a little after it was filled
    for when in (NOW - PAST_TOLERANCE, NOW - TICK, NOW, NOW + TICK, NOW + PAST_TOLERANCE):
        assert effective_from(when, now=NOW) == when


def test_a_start_before_the_tolerance_is_refused_on_its_field():
    _refused(lambda: effective_from(NOW - PAST_TOLERANCE - TICK, now=NOW), "effective_from")
    _refused(
        lambda: effective_from(NOW - timedelta(days=2), now=NOW, field="starts_at"), "starts_at"
    )


def test_a_business_date_from_today_on():
    assert effective_on(TODAY, today=TODAY) == TODAY
    assert effective_on(TODAY + timedelta(days=1), today=TODAY) == TODAY + timedelta(days=1)
    _refused(lambda: effective_on(TODAY - timedelta(days=1), today=TODAY), "effective_from")
    _refused(
        lambda: effective_on(TODAY - timedelta(days=1), today=TODAY, field="starts_on"),
        "starts_on",
    )
