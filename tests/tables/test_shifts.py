"""Shifts (issue 14 §3): the pattern, the one "which shift" selector, the shift change.

GEN-02: every record belongs to exactly one shift, derived from its gaming day and
server timestamp. The shift change at an open table is recorded through the API as the
floor does, with its count against the float expected now and three signatures.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino.models import AuditEvent, GamingDay, ShiftDefinition, ShiftPattern
from casino.roles import Role
from casino.selectors import shift_at, shift_in, shift_index, shifts_of_day
from casino.shifts import pattern_problems
from tables.models import ShiftChange, ShiftChangeAcceptance, SupervisorRelief
from tables.selectors import session_supervisor
from tests.casino.test_api import assert_error_shape

from .conftest import act, make_table, open_table
from .openapi import assert_matches_schema

pytestmark = pytest.mark.django_db

THREE_OF_EIGHT = [("Mañana", time(6)), ("Tarde", time(14)), ("Noche", time(22))]


def make_pattern(casino, shifts, effective_from=date(2000, 1, 1), created_at=None):
    pattern = ShiftPattern.objects.create(
        casino=casino,
        effective_from=effective_from,
        created_at=created_at or timezone.now() - timedelta(days=400),
    )
    for position, (name, start) in enumerate(shifts, start=1):
        ShiftDefinition.objects.create(
            pattern=pattern, position=position, name=name, starts_at=start
        )
    return pattern


def make_day(casino, staff, business_date=date(2026, 3, 10)):
    return GamingDay.objects.create(
        casino=casino,
        business_date=business_date,
        opened_by=staff["shift_manager"],
        opened_at=timezone.now() - timedelta(days=1),
    )


# --- the one selector: every record belongs to exactly one shift (GEN-02) ---------------

PATTERNS = {
    "default": [],
    "three_of_eight": THREE_OF_EIGHT,
    "late_day": [("A", time(10)), ("B", time(18)), ("C", time(2))],  # crosses midnight
    "two": [("Día", time(8, 30)), ("Noche", time(20, 30))],
}
# DST-free zones (issue 14 §3): Buenos Aires, UTC and a half-hour offset.
ZONES = ["America/Argentina/Buenos_Aires", "UTC", "Asia/Kolkata"]


@pytest.mark.parametrize("zone", ZONES)
@pytest.mark.parametrize("pattern", sorted(PATTERNS))
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(minutes=st.integers(min_value=-12 * 60, max_value=40 * 60))
def test_every_record_belongs_to_exactly_one_shift(casino, staff, zone, pattern, minutes):
    # GEN-02: over a whole day and past both ends of it, one shift and only one.
    casino.time_zone = zone
    casino.save(update_fields=["time_zone"])
    if not ShiftPattern.objects.filter(casino=casino).exists() and PATTERNS[pattern]:
        make_pattern(casino, PATTERNS[pattern])
    day = GamingDay.objects.filter(casino=casino).first() or make_day(casino, staff)
    spans = shifts_of_day(day)
    assert len(spans) == max(1, len(PATTERNS[pattern]))
    # The spans tile 24 hours of the casino's clock without gap or overlap.
    assert all(a.end == b.start for a, b in zip(spans, spans[1:], strict=False))
    assert spans[-1].end - spans[0].start == timedelta(hours=24)
    when = spans[0].start + timedelta(minutes=minutes)
    found = shift_at(day, when)
    holding = [s for s in spans if s.contains(when)]
    if spans[0].start <= when < spans[-1].end:
        assert holding == [found]
    else:  # before the first start or after the last end: the first or last shift
        assert holding == []
        assert found == (spans[0] if when < spans[0].start else spans[-1])
    # The database's grouping agrees with the selector, boundary for boundary.
    annotated = (
        GamingDay.objects.filter(pk=day.pk)
        .annotate(
            probe=shift_index(spans, "opened_at"),
        )
        .values_list("probe", flat=True)
    )
    GamingDay.objects.filter(pk=day.pk).update(opened_at=when)
    assert list(annotated) == [found.index]


@pytest.mark.parametrize("zone", ZONES)
@pytest.mark.parametrize("pattern", sorted(PATTERNS))
def test_database_grouping_agrees_at_every_boundary(casino, staff, zone, pattern):
    # GEN-02: the reports group in the database with the selector's boundaries, exactly.
    casino.time_zone = zone
    casino.save(update_fields=["time_zone"])
    if PATTERNS[pattern]:
        make_pattern(casino, PATTERNS[pattern])
    day = make_day(casino, staff)
    spans = shifts_of_day(day)
    tick = timedelta(microseconds=1)
    probes = [t for s in spans for t in (s.start - tick, s.start, s.end - tick, s.end)]
    for when in probes:
        GamingDay.objects.filter(pk=day.pk).update(opened_at=when)
        grouped = (
            GamingDay.objects.filter(pk=day.pk)
            .annotate(probe=shift_index(spans, "opened_at"))
            .values_list("probe", flat=True)
            .get()
        )
        assert grouped == shift_in(spans, when).index == shift_at(day, when).index, when


def test_three_of_eight_on_the_casino_clock(casino, staff):
    # GEN-02: "Noche 22–06" holds 03:00 of the next calendar day; the boundary is the next.
    make_pattern(casino, THREE_OF_EIGHT)
    day = make_day(casino, staff)
    zone = timezone.get_fixed_timezone(-180)  # Buenos Aires, no DST
    spans = shifts_of_day(day)
    assert [(s.name, s.hours()) for s in spans] == [
        ("Mañana", "06:00–14:00"),
        ("Tarde", "14:00–22:00"),
        ("Noche", "22:00–06:00"),
    ]
    at = lambda d, h, m=0: datetime(2026, 3, d, h, m, tzinfo=zone)  # noqa: E731
    assert shift_at(day, at(10, 13, 59)).name == "Mañana"
    assert shift_at(day, at(10, 14)).name == "Tarde"
    assert shift_at(day, at(11, 3)).name == "Noche"
    assert shift_at(day, at(11, 6)).name == "Noche"  # past the day's end: its last shift
    assert shift_at(day, at(10, 5)).name == "Mañana"  # a day opened early


def test_no_pattern_is_one_shift_for_the_whole_day(casino, staff):
    day = make_day(casino, staff)
    (only,) = shifts_of_day(day)
    assert only.label("es") == "Jornada completa" and only.label("en") == "Whole gaming day"
    assert only.hours() == "00:00–24:00"


def test_a_new_pattern_never_relabels_an_opened_day(casino, staff):
    # GEN-02: changing the pattern is a new version; the days already opened keep theirs.
    make_pattern(casino, THREE_OF_EIGHT)
    old_day = make_day(casino, staff)
    noon = datetime.combine(
        old_day.business_date, time(12), tzinfo=timezone.get_fixed_timezone(-180)
    )
    assert shift_at(old_day, noon).name == "Mañana"
    make_pattern(
        casino,
        [("Largo", time(0)), ("Corto", time(18))],
        effective_from=date(2026, 1, 1),
        created_at=timezone.now(),
    )
    assert shift_at(old_day, noon).name == "Mañana"
    old_day.status = GamingDay.Status.CLOSED
    old_day.save(update_fields=["status"])
    new_day = GamingDay.objects.create(
        casino=casino, business_date=date(2026, 3, 11), opened_by=staff["shift_manager"]
    )
    assert shift_at(new_day, noon + timedelta(days=1)).name == "Largo"


def test_pattern_checks_that_shifts_fit_one_day():
    assert pattern_problems([(n, t) for n, t in THREE_OF_EIGHT]) == []
    assert pattern_problems([("A", time(10)), ("B", time(18)), ("C", time(2))]) == []
    assert pattern_problems([("A", time(6)), ("B", time(22)), ("C", time(14))])
    assert pattern_problems([("A", time(6)), ("A", time(14))])
    assert pattern_problems([])


def test_the_manager_adds_a_pattern_in_the_admin_and_cannot_edit_it(casino, staff, client):
    from casino.models import User

    admin = User.objects.create_superuser("boss", "b@example.com", "pw", casino=casino)
    client.force_login(admin)
    # From a business date to come (issue 39 §2: never an earlier one).
    first_day = timezone.localdate() + timedelta(days=30)
    form = {
        "casino": casino.pk,
        "effective_from": first_day.isoformat(),
        "reason": "tres turnos de ocho horas",
        "shifts-TOTAL_FORMS": "3",
        "shifts-INITIAL_FORMS": "0",
        "shifts-MIN_NUM_FORMS": "1",
        "shifts-MAX_NUM_FORMS": "1000",
    }
    for i, (name, start) in enumerate(THREE_OF_EIGHT):
        form |= {
            f"shifts-{i}-position": str(i + 1),
            f"shifts-{i}-name": name,
            f"shifts-{i}-starts_at": start.strftime("%H:%M"),
        }
    bad = form | {"shifts-2-starts_at": "10:00"}  # Noche before Tarde: does not fit
    response = client.post("/admin/casino/shiftpattern/add/", bad)
    assert response.status_code == 200 and not ShiftPattern.objects.exists()
    response = client.post("/admin/casino/shiftpattern/add/", form)
    assert response.status_code == 302, response.content[:2000]
    pattern = ShiftPattern.objects.get()
    assert [s.name for s in pattern.shifts.order_by("position")] == ["Mañana", "Tarde", "Noche"]
    assert pattern.created_by == admin
    event = AuditEvent.objects.get(action="admin.add", object_type="casino.shiftpattern")
    assert event.after["shifts"][0] == [1, "Mañana", "06:00:00"]
    # Append-only: the change page does not take a POST that edits it.
    response = client.post(
        f"/admin/casino/shiftpattern/{pattern.pk}/change/", form | {"reason": "otro"}
    )
    assert response.status_code == 403
    pattern.refresh_from_db()
    assert pattern.reason == "tres turnos de ocho horas"


# --- the shift change at an open table (issue 14 §3) ------------------------------------


def lines_for(session, counts=None, skip=None):
    from cage.selectors import expected_float

    expected = expected_float(session) or {}
    out = []
    for d in session.table.chip_set.denominations.order_by("-value"):
        if d.pk == skip:
            continue
        chips = (counts or {}).get(str(int(d.value)), expected.get(d.pk, 0))
        out.append({"denomination": d.pk, "stacks": chips // 20, "loose": chips % 20})
    return out


@pytest.fixture
def live(staff, gaming_day, table):
    return open_table(staff, table)


def post_change(api, staff, session, who="pit_boss", role=Role.PIT_BOSS, **body):
    payload = {"incoming": "supervisor2", "lines": lines_for(session), "note": ""} | body
    return api(staff[who], role).post(
        f"/api/sessions/{session.pk}/shift-changes/", payload, format="json"
    )


def sign(api, staff, change_id, who, role, slot, **extra):
    return api(staff[who], role).post(
        f"/api/shift-changes/{change_id}/sign/", {"slot": slot, **extra}, format="json"
    )


def test_shift_change_counts_the_float_against_the_expected_and_hands_over(api, staff, live):
    # Issue 14 §3: the count per denomination, expected and difference; the relief.
    counts = {"100": 119}  # one black chip short
    response = post_change(api, staff, live, lines=lines_for(live, counts), note="falta una")
    assert response.status_code == 201, response.json()
    assert_matches_schema(response, "post")
    body = response.json()
    by_value = {Decimal(x["value"]): x for x in body["lines"]}
    assert by_value[Decimal("100")]["expected_count"] == 120
    assert by_value[Decimal("100")]["count"] == 119
    assert by_value[Decimal("100")]["difference_chips"] == -1
    assert Decimal(by_value[Decimal("100")]["difference_value"]) == Decimal("-100")
    assert Decimal(body["difference"]) == Decimal("-100")
    assert body["outgoing_supervisor"] == "supervisor"
    assert body["incoming_supervisor"] == "supervisor2"
    assert body["shift"] == "Jornada completa"
    assert body["missing_signatures"] == ["outgoing_supervisor", "pit_boss", "incoming_supervisor"]
    # The incoming supervisor now supervises the table (the one relief service).
    assert session_supervisor(live) == staff["supervisor2"]
    assert SupervisorRelief.objects.filter(session=live, incoming=staff["supervisor2"]).exists()
    assert AuditEvent.objects.filter(action="shift_change.record").count() == 1


def test_three_signatures_lock_the_shift_change(api, staff, live):
    change_id = post_change(api, staff, live).json()["id"]
    # The incoming supervisor cannot sign the outgoing one's line.
    refused = sign(api, staff, change_id, "supervisor2", Role.SUPERVISOR, "outgoing_supervisor")
    assert refused.status_code == 403
    assert refused.json()["code"] == "NOT_SESSION_SUPERVISOR"
    ok = sign(api, staff, change_id, "supervisor", Role.SUPERVISOR, "outgoing_supervisor")
    assert ok.status_code == 200, ok.json()
    assert_matches_schema(ok, "post")
    assert ok.json()["locked"] is False
    other_sector = sign(api, staff, change_id, "pit_boss2", Role.PIT_BOSS, "pit_boss")
    assert other_sector.status_code == 403
    assert sign(api, staff, change_id, "pit_boss", Role.PIT_BOSS, "pit_boss").json()["locked"]
    last = sign(api, staff, change_id, "supervisor2", Role.SUPERVISOR, "incoming_supervisor")
    assert last.status_code == 200
    assert last.json()["shift_change"]["locked"] is True
    assert last.json()["shift_change"]["missing_signatures"] == []
    change = ShiftChange.objects.get(pk=change_id)
    assert change.is_locked and ShiftChangeAcceptance.objects.get(shift_change=change).is_locked
    again = sign(api, staff, change_id, "pit_boss", Role.PIT_BOSS, "pit_boss")
    assert again.status_code == 409 and again.json()["code"] == "DOCUMENT_LOCKED"
    actions = set(AuditEvent.objects.values_list("action", flat=True))
    assert {"shift_change.sign", "shift_change_acceptance.sign"} <= actions
    # Locked in the database: the count cannot be rewritten behind the application.
    from django.db import DatabaseError, transaction

    with pytest.raises(DatabaseError), transaction.atomic():
        ShiftChange.objects.filter(pk=change_id).update(note="changed")


def test_refusals_change_nothing(api, staff, gaming_day, table, casino, chip_set):
    live = open_table(staff, table)
    before = (ShiftChange.objects.count(), SupervisorRelief.objects.count())
    # The supervisor does not record it (the pit boss does): 403.
    r = post_change(api, staff, live, who="supervisor", role=Role.SUPERVISOR)
    assert r.status_code == 403
    # A pit boss of another sector: 403.
    r = post_change(api, staff, live, who="pit_boss2", role=Role.PIT_BOSS)
    assert r.status_code == 403 and r.json()["code"] == "NOT_SECTOR_PIT_BOSS"
    # A count missing a denomination: 400 with the precise code.
    skip = table.chip_set.denominations.order_by("value").first().pk
    r = post_change(api, staff, live, lines=lines_for(live, skip=skip))
    assert r.status_code == 400
    assert_error_shape(r.json(), "COUNT_INCOMPLETE")
    # The incoming person is no supervisor: 400.
    r = post_change(api, staff, live, incoming="croupier2")
    assert r.status_code == 400 and r.json()["code"] == "STAFF_ROLE_MISSING"
    # A hand is being dealt: 409.
    type(live).objects.filter(pk=live.pk).update(hand_in_progress=True)
    r = post_change(api, staff, live)
    assert r.status_code == 409 and r.json()["code"] == "HAND_IN_PROGRESS"
    type(live).objects.filter(pk=live.pk).update(hand_in_progress=False)
    # A table still at its opening: 409.
    from .conftest import open_session

    opening = open_session(staff, make_table(casino, chip_set, number=2), croupier="croupier2")
    r = post_change(api, staff, opening, lines=[])
    assert r.status_code == 409 and r.json()["code"] == "SESSION_STATE"
    assert (ShiftChange.objects.count(), SupervisorRelief.objects.count()) == before
    assert session_supervisor(live) == staff["supervisor"]


def test_a_retried_shift_change_lands_once(api, staff, live):
    client = api(staff["pit_boss"], Role.PIT_BOSS)
    payload = {"incoming": "supervisor2", "lines": lines_for(live)}
    url = f"/api/sessions/{live.pk}/shift-changes/"
    first = client.post(url, payload, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    second = client.post(url, payload, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == second.status_code == 201
    assert ShiftChange.objects.count() == 1
    listed = client.get(url)
    assert listed.status_code == 200
    assert [x["id"] for x in listed.json()["results"]] == [first.json()["id"]]


def test_service_signature_by_pin_for_supervisor_is_session_based(staff, live):
    # The signer is the outgoing supervisor whatever the relief says afterwards.
    from tables.services.shifts import shift_change_record, shift_change_sign

    change = shift_change_record(
        actor=act(staff["shift_manager"], Role.SHIFT_MANAGER),
        session=live,
        incoming=staff["supervisor"],  # the same supervisor carries on: no relief
        lines=lines_for(live),
    )
    assert not SupervisorRelief.objects.filter(session=live).exists()
    result = shift_change_sign(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        shift_change=change,
        slot="outgoing_supervisor",
    )
    assert result.signature.signer == staff["supervisor"]


def test_shift_change_from_the_pages(staff, live):
    # Issue 14 §3: the pit boss counts on the shift change page as a browser posts it; the
    # three people sign there; a refused count is shown again with its message.
    from django.urls import reverse

    from .test_pages import client_for

    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    table_page = boss.get(reverse("tables:table", args=[live.table_id])).content.decode()
    page_url = reverse("tables:shift-change", args=[live.pk])
    assert page_url in table_page
    assert "stacks_" in boss.get(page_url).content.decode()
    form = {"incoming": "supervisor2", "next": page_url, "note": ""}
    for line in lines_for(live, {"5": 198}):
        form[f"stacks_{line['denomination']}"] = line["stacks"]
        form[f"loose_{line['denomination']}"] = line["loose"]
    bad = dict(form)
    bad[next(k for k in bad if k.startswith("loose_"))] = "25"
    shown = boss.post(reverse("tables:act", args=["shift-change", live.pk]), bad, follow=True)
    assert "forman otra pila" in shown.content.decode()
    assert not ShiftChange.objects.exists()
    done = boss.post(reverse("tables:act", args=["shift-change", live.pk]), form, follow=True)
    assert "Cambio de turno registrado." in done.content.decode(), done.content.decode()[:3000]
    change = ShiftChange.objects.get()
    page = boss.get(page_url).content.decode()
    assert "-2 (-10,00)" in page  # two red chips short: chips and value
    sign_url = reverse("tables:act", args=["shift-change-sign", change.pk])
    for who, role, slot in [
        ("supervisor", Role.SUPERVISOR, "outgoing_supervisor"),
        ("pit_boss", Role.PIT_BOSS, "pit_boss"),
        ("supervisor2", Role.SUPERVISOR, "incoming_supervisor"),
    ]:
        client_for(staff[who], role).post(sign_url, {"slot": slot, "next": page_url})
    assert "Firmada y cerrada." in boss.get(page_url).content.decode()
    change.refresh_from_db()
    assert change.is_locked and change.acceptance.is_locked


def test_the_pit_boss_witness_is_neither_supervisor_of_the_shift_change(staff, live, casino):
    # Segregation (issue 16 §2, ROLE-02): the handover and its acceptance are one act; a
    # person who holds both roles may not witness the count and take the float over.
    from casino.errors import Conflict
    from tables.services.shifts import shift_change_record, shift_change_sign
    from tests.helpers import make_staff

    both = make_staff(casino, "doble", Role.PIT_BOSS, Role.SUPERVISOR)
    live.table.sector.pit_bosses.add(both)
    before = ShiftChange.objects.count()
    # Recording a shift change that hands the table to oneself is refused, nothing written.
    with pytest.raises(Conflict) as refused:
        shift_change_record(
            actor=act(both, Role.PIT_BOSS), session=live, incoming=both, lines=lines_for(live)
        )
    assert refused.value.code == "SIGNER_ALREADY_SIGNED"
    assert ShiftChange.objects.count() == before
    assert session_supervisor(live) == staff["supervisor"]
    # Named incoming by the sector's other pit boss, the same person cannot also witness.
    change = shift_change_record(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        session=live,
        incoming=both,
        lines=lines_for(live),
    )
    with pytest.raises(Conflict) as witness:
        shift_change_sign(actor=act(both, Role.PIT_BOSS), shift_change=change, slot="pit_boss")
    assert witness.value.code == "SIGNER_ALREADY_SIGNED"
    assert not change.signatures().exists()
