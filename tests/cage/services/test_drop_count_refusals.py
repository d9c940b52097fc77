"""The drop count and the variance explanation, as their mutation run found them untested
(issue 16 §1, ``python scripts/mutate.py cage/services/drop.py``): each refusal's code,
words in both languages and field; what a count writes (its lines by box and kind, its
time, its audit event); what an explanation writes and under whom it is audited."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from cage import services
from cage.models import DropCount, DropCountLine, VarianceExplanation
from casino.access import acting_as
from casino.errors import Conflict, ValidationFailed
from casino.models import AuditEvent
from casino.roles import Role
from tests.cage.conftest import close_session, deal, notes
from tests.cage.scenario import CLOSING, count_drop, play_worked_example
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db

D = Decimal


def cashier(staff, who="cage_cashier"):
    return acting_as(staff[who], Role.CAGE_CASHIER)


def _nothing_written(before):
    assert (DropCount.objects.count(), DropCountLine.objects.count()) == before


def _written():
    return (DropCount.objects.count(), DropCountLine.objects.count())


def test_an_open_table_is_not_counted_and_says_so(opened, staff):
    before = _written()
    with pytest.raises(Conflict) as err:
        services.drop_count_record(actor=cashier(staff), session=opened, cash=[], rake_chips=[])
    e = err.value
    assert (e.code, e.field) == ("SESSION_NOT_CLOSED", "session")
    assert e.message_es == "La caja de drop se cuenta al cierre de la mesa."
    assert e.message_en == "The drop box is counted when the table closes."
    _nothing_written(before)


def test_who_worked_the_session_is_refused_by_name_of_field(opened, sup, staff, casino):
    both = make_staff(casino, "mixto2", Role.CROUPIER, Role.CAGE_CASHIER)
    deal(opened, "mixto2")
    services.buyin_record(
        actor=sup,
        session=opened,
        seat=1,
        amount="500",
        croupier=both,
        cash=notes(("100", 5)),
        chips=[("100", 5)],
    )
    close_session(opened)
    before = _written()
    with pytest.raises(Conflict) as err:
        services.drop_count_record(
            actor=acting_as(both, Role.CAGE_CASHIER), session=opened, cash=[], rake_chips=[]
        )
    e = err.value
    assert (e.code, e.field) == ("COUNTER_WORKED_SESSION", "counter")
    assert e.message_es == "Quien trabajó en esta sesión de la mesa no puede contar su drop."
    assert e.message_en == "Someone who worked this table session cannot count its drop."
    _nothing_written(before)


def test_a_note_value_given_twice_is_refused_at_its_second_line(opened, staff):
    close_session(opened)
    before = _written()
    with pytest.raises(ValidationFailed) as err:
        services.drop_count_record(
            actor=cashier(staff),
            session=opened,
            cash=notes(("100", 5), ("50", 1), ("100", 2)),
            rake_chips=[],
        )
    e = err.value
    assert (e.code, e.field) == ("DENOMINATION_REPEATED", "cash.2.value")
    # issue 41 §2: one message for DENOMINATION_REPEATED, the value as money
    assert e.message_es == "La denominación 100,00 aparece dos veces."
    assert e.message_en == "The denomination 100.00 appears twice."
    _nothing_written(before)


def test_bad_lines_name_their_list(opened, staff):
    close_session(opened)
    with pytest.raises(ValidationFailed) as err:
        services.drop_count_record(
            actor=cashier(staff),
            session=opened,
            cash=[{"value": "1", "count": 3, "kind": "coin"}],
            rake_chips=[],
        )
    assert err.value.field == "cash.0.kind"
    with pytest.raises(ValidationFailed) as err:
        services.drop_count_record(
            actor=cashier(staff), session=opened, cash=[], rake_chips=[("100", 1), ("7", 1)]
        )
    assert err.value.field.startswith("rake_chips.1")


def test_a_count_writes_its_lines_by_box_and_kind_its_time_and_its_event(opened, staff):
    close_session(opened)
    start = timezone.now()
    result = services.drop_count_record(
        actor=cashier(staff),
        session=opened,
        cash=notes(("1000", 4), ("500", 4)),
        rake_chips=[("100", 4), ("25", 2)],
    )
    count = result.count
    lines = sorted(
        (line.box, line.kind, line.value, line.count)
        for line in DropCountLine.objects.filter(drop_count=count)
    )
    assert lines == [
        ("drop", "note", D("500.00"), 4),
        ("drop", "note", D("1000.00"), 4),
        ("rake", "chip", D("25.00"), 2),
        ("rake", "chip", D("100.00"), 4),
    ]
    assert start <= count.counted_at <= timezone.now() + timedelta(seconds=1)
    assert (count.counter, count.session_id, count.table_id, count.gaming_day_id) == (
        staff["cage_cashier"],
        opened.pk,
        opened.table_id,
        opened.gaming_day_id,
    )
    event = AuditEvent.objects.get(action="cage.drop_count.record")
    assert (event.actor, event.object_id) == (staff["cage_cashier"], str(count.pk))
    assert event.after == {
        "session": opened.pk,
        "lines": [list(k) for k in count.line_key()],
    }


# --------------------------------------------------------------------------- explanations


@pytest.fixture
def variance(session, staff, counts):
    """A closed session whose float is one chip of 100 short (FLOAT_VARIANCE:100.00)."""
    play_worked_example(staff, session, counts)
    counts.set_closing(session, {**CLOSING, "100": 39})
    count_drop(staff, session)
    return session


@pytest.mark.parametrize("words", ["", "   ", None])
def test_an_explanation_needs_words(variance, staff, words):
    pit = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    with pytest.raises(ValidationFailed) as err:
        services.variance_explain(
            actor=pit, session=variance, finding_key="FLOAT_VARIANCE:100.00", explanation=words
        )
    e = err.value
    assert (e.code, e.field) == ("EXPLANATION_REQUIRED", "explanation")
    assert e.message_es == "Escriba la explicación de la diferencia."
    assert e.message_en == "Write the explanation of the variance."
    assert VarianceExplanation.objects.count() == 0


def test_an_explanation_of_a_variance_the_books_do_not_show_is_refused(variance, staff):
    pit = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    with pytest.raises(ValidationFailed) as err:
        services.variance_explain(
            actor=pit, session=variance, finding_key="FLOAT_VARIANCE:5.00", explanation="x"
        )
    e = err.value
    assert (e.code, e.field) == ("FINDING_UNKNOWN", "finding_key")
    assert e.message_es == "Esa diferencia no figura en la conciliación de la sesión."
    assert e.message_en == "That variance is not in the session's reconciliation."
    assert VarianceExplanation.objects.count() == 0


def test_an_explanation_is_audited_under_the_pit_boss_with_its_words(variance, staff):
    pit = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    row = services.variance_explain(
        actor=pit,
        session=variance,
        finding_key="FLOAT_VARIANCE:100.00",
        explanation="  ficha caída bajo la mesa  ",
    )
    assert (row.explanation, row.finding_key, row.session_id) == (
        "ficha caída bajo la mesa",
        "FLOAT_VARIANCE:100.00",
        variance.pk,
    )
    event = AuditEvent.objects.get(action="cage.variance.explain")
    assert (event.actor, event.role, event.object_id) == (
        staff["pit_boss"],
        Role.PIT_BOSS.value,
        str(row.pk),
    )
    assert event.after == {"session": variance.pk, "finding": "FLOAT_VARIANCE:100.00"}
    assert event.reason == "ficha caída bajo la mesa"
