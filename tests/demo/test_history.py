"""``simulate_history``: many gaming days, built fast, each one consistent (issue 18 §1).

The first day goes through every service; the others are bulk copies. Every copied
day must reconcile as a day played through the services does (CLOSE-16), keep its
slip and sheet numbers unbroken across days and across the new year (GEN-10), open
each table from the day before's closing (OPEN-06) and carry a verifying evidence
chain, with the append-only and locked-when-signed triggers left on.
"""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from cage.models import RakeEntry, Slip
from cage.reconciliation import INFO, reconcile_day
from casino.models import GamingDay, SerialCounter
from casino.sealing import verify_chain
from hands.models import Hand, HandSeat, HandVerdict
from tables.models import ClosingSheet, OpeningSheet

pytestmark = pytest.mark.django_db

END = date(2026, 1, 2)  # 2025-12-30 .. 2026-01-02: the series restart with the year
DAYS = 4


def test_a_history_of_four_days_is_consistent() -> None:  # CLOSE-16, OPEN-06, GEN-10
    """One build (the slow part, about 20 s), every check on it."""
    out = StringIO()
    call_command(
        "simulate_history",
        tables=2,
        days=DAYS,
        hands_per_table=6,
        seed=5,
        end=END,
        stdout=out,
    )
    assert "rows/s" in out.getvalue()
    _every_day_reconciles()
    _each_day_has_the_template_hands_per_table()
    _the_copied_hands_have_their_own_ids_dates_and_references()
    _serial_numbers_continue_without_a_gap_or_a_repeat()


def _every_day_reconciles() -> None:
    days = list(GamingDay.objects.filter(casino__code="hist1").order_by("business_date"))
    assert [d.business_date for d in days] == [
        END - timedelta(days=DAYS - 1 - k) for k in range(DAYS)
    ]
    assert all(not d.is_open for d in days)
    for day in days:
        result = reconcile_day(day)
        findings = [(f.kind, f.en) for f in result.all_findings if f.severity != INFO]
        assert findings == [], day
        assert result.balanced, day
        _links, broken = verify_chain(day.pk)
        assert broken is None, (day, broken)
    # Each table opens from its own closing of the day before, every part signed and locked.
    for before, day in zip(days, days[1:], strict=False):
        for opening in OpeningSheet.objects.filter(gaming_day=day):
            closing = ClosingSheet.objects.get(gaming_day=before, table=opening.table_id)
            assert opening.previous_closing_id == closing.pk
            assert opening.locked_at is not None


def _each_day_has_the_template_hands_per_table() -> None:
    per_day_table = Counter(
        Hand.objects.filter(session__gaming_day__casino__code="hist1").values_list(
            "session__gaming_day__business_date", "session__table__number"
        )
    )
    template = {t: n for (d, t), n in per_day_table.items() if d == END - timedelta(DAYS - 1)}
    assert len(template) == 2 and all(n >= 4 for n in template.values())
    for k in range(DAYS):
        d = END - timedelta(days=k)
        assert {t: n for (dd, t), n in per_day_table.items() if dd == d} == template, d


def _the_copied_hands_have_their_own_ids_dates_and_references() -> None:
    """Days 2-4 are one batch copied by PostgreSQL (``INSERT … SELECT``, issue 18 §1).

    Each day's hands are new rows (their own ids), moved by whole days, and every
    reference (session, gaming day, verdict, seats, the rake posting's ``hand:<id>``)
    stays inside that day; the content (pots, rake, the record) is the template's.
    """
    hands = list(
        Hand.objects.filter(casino__code="hist1").select_related("session", "gaming_day", "table")
    )
    by_day: dict[date, dict[tuple[int, int], Hand]] = {}
    for hand in hands:
        assert hand.session.gaming_day_id == hand.gaming_day_id, hand.pk
        assert hand.session.table_id == hand.table_id, hand.pk
        day = hand.gaming_day.business_date
        assert timezone.localtime(hand.started_at).date() == day, hand.pk
        by_day.setdefault(day, {})[(hand.table.number, hand.number)] = hand
    assert len(by_day) == DAYS
    first = END - timedelta(days=DAYS - 1)
    template = by_day[first]
    ids = [h.pk for h in hands]
    assert len(set(ids)) == len(ids) == DAYS * len(template)
    for day, day_hands in by_day.items():
        assert day_hands.keys() == template.keys(), day
        for key, hand in day_hands.items():
            model = template[key]
            assert hand.started_at - model.started_at == day - first
            assert (hand.pot_total, hand.rake, hand.record) == (
                model.pot_total,
                model.rake,
                model.record,
            )
    seats = HandSeat.objects.filter(hand__casino__code="hist1")
    assert seats.count() == DAYS * HandSeat.objects.filter(hand__in=template.values()).count()
    verdicts = HandVerdict.objects.filter(hand__casino__code="hist1")
    assert sorted(v.hand_id for v in verdicts) == sorted(ids)
    by_id = {h.pk: h for h in hands}
    for entry in RakeEntry.objects.filter(casino__code="hist1", hand_ref__startswith="hand:"):
        hand = by_id[int(entry.hand_ref[5:])]
        assert (hand.session_id, hand.number) == (entry.session_id, entry.hand_number)


def _serial_numbers_continue_without_a_gap_or_a_repeat() -> None:
    for year in (2025, 2026):
        for series in set(Slip.objects.values_list("series", flat=True)):
            numbers = sorted(
                Slip.objects.filter(series=series, year=year).values_list("number", flat=True)
            )
            assert numbers == list(range(1, len(numbers) + 1)), (series, year)
            counter = SerialCounter.objects.get(series=series, year=year)
            assert counter.last_value == len(numbers)
            # Dates and numbers go up together.
            by_number = Slip.objects.filter(series=series, year=year).order_by("number")
            dates = [s.gaming_day.business_date for s in by_number.select_related("gaming_day")]
            assert dates == sorted(dates)
        sheets = sorted(
            OpeningSheet.objects.filter(serial_year=year).values_list("serial_number", flat=True)
        )
        assert sheets == list(range(1, len(sheets) + 1))
        closing = sorted(
            ClosingSheet.objects.filter(serial_year=year).values_list("serial_number", flat=True)
        )
        assert closing == sheets  # the two parts of one sheet share its number
