"""The incident log through the API, as the floor uses it (issue 17 §3; ROLE-06, AUTH-01).

A complaint at table 7 is recorded by its supervisor, escalated to the pit boss, then to
the shift manager, decided and closed; every level and decision is on the record. The
refusals leave nothing written.
"""

from __future__ import annotations

import pytest

from casino.models import AuditEvent
from casino.roles import Role
from hands.models import Incident, IncidentStep

pytestmark = pytest.mark.django_db

URL = "/api/incidents/"


def rows() -> tuple[int, int, int]:
    return (
        Incident.objects.count(),
        IncidentStep.objects.count(),
        AuditEvent.objects.filter(action__startswith="incident.").count(),
    )


def complaint(api, staff, ready_session, **extra):  # type: ignore[no-untyped-def]
    body = {
        "kind": "complaint",
        "session": ready_session.pk,
        "people": "Asiento 3 (J. Pérez)",
        "description": "El jugador del asiento 3 reclama que el croupier le cobró de más.",
        **extra,
    }
    return api(staff["supervisor"], Role.SUPERVISOR).post(URL, body, format="json")


def test_role_06_auth_01_escalated_through_two_levels_decided_and_closed(
    api, staff, ready_session, sector
):  # type: ignore[no-untyped-def]
    created = complaint(api, staff, ready_session)
    assert created.status_code == 201, created.json()
    incident = created.json()
    assert created["Location"].endswith(f"/api/incidents/{incident['id']}/")
    assert incident["status"] == "open" and incident["level"] == "supervisor"
    assert incident["table_number"] == ready_session.table.number
    assert incident["serial"].startswith("INC-")
    pk = incident["id"]

    sup = api(staff["supervisor"], Role.SUPERVISOR)
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)

    # ROLE-06: the supervisor cannot resolve it and passes it to the pit boss at once.
    r = sup.post(
        f"{URL}{pk}/escalate/",
        {"to_level": "pit_boss", "reason": "El jugador no acepta la explicación."},
        format="json",
    )
    assert r.status_code == 200, r.json()
    assert r.json()["level"] == "pit_boss" and r.json()["status"] == "escalated"
    # The supervisor no longer holds it.
    r = sup.post(f"{URL}{pk}/decide/", {"decision": "Se devuelve la diferencia."}, format="json")
    assert r.status_code == 409 and r.json()["code"] == "INCIDENT_NOT_HELD"

    r = boss.post(
        f"{URL}{pk}/escalate/",
        {"to_level": "shift_manager", "reason": "Pide hablar con la gerencia."},
        format="json",
    )
    assert r.status_code == 200 and r.json()["level"] == "shift_manager"

    # Closing before deciding is refused.
    r = manager.post(f"{URL}{pk}/close/", {"outcome": "Cerrado."}, format="json")
    assert r.status_code == 409 and r.json()["code"] == "INCIDENT_UNDECIDED"

    decision = "Revisadas las cámaras: el cobro fue correcto. Se explica al jugador."
    r = manager.post(f"{URL}{pk}/decide/", {"decision": decision}, format="json")
    assert r.status_code == 200
    r = manager.post(f"{URL}{pk}/close/", {"outcome": "El jugador acepta."}, format="json")
    assert r.status_code == 200, r.json()
    closed = r.json()
    assert closed["status"] == "closed" and closed["final_decision"] == decision
    # AUTH-01: every level it reached, and who did what, in order.
    assert closed["levels_reached"] == ["supervisor", "pit_boss", "shift_manager"]
    assert [(s["action"], s["by"]) for s in closed["steps"]] == [
        ("escalate", "supervisor"),
        ("escalate", "pit_boss"),
        ("decide", "shift_manager"),
        ("close", "shift_manager"),
    ]
    # Each step left its audit event.
    assert AuditEvent.objects.filter(action__startswith="incident.").count() == 5

    # A closed incident takes no more steps, and nothing is written.
    before = rows()
    r = manager.post(f"{URL}{pk}/decide/", {"decision": "Otra."}, format="json")
    assert r.status_code == 409 and r.json()["code"] == "INCIDENT_CLOSED"
    assert rows() == before

    # The log lists it as closed for the auditor (read only).
    auditor = api(staff["auditor"], Role.AUDITOR)
    listed = auditor.get(URL, {"status": "closed"}).json()
    assert [i["id"] for i in listed["results"]] == [pk]
    assert auditor.get(URL, {"status": "open"}).json()["results"] == []
    r = auditor.post(f"{URL}{pk}/decide/", {"decision": "x"}, format="json")
    assert r.status_code == 403


def test_auth_01_an_incident_is_escalated_upward_only(api, staff, ready_session, sector):  # type: ignore[no-untyped-def]
    pk = complaint(api, staff, ready_session).json()["id"]
    before = rows()
    r = api(staff["supervisor"], Role.SUPERVISOR).post(
        f"{URL}{pk}/escalate/", {"to_level": "croupier", "reason": "Que lo vea él."}, format="json"
    )
    assert r.status_code == 409 and r.json()["code"] == "INCIDENT_ESCALATION_DOWNWARD"
    r = api(staff["supervisor"], Role.SUPERVISOR).post(
        f"{URL}{pk}/escalate/", {"to_level": "security", "reason": "x"}, format="json"
    )
    assert r.status_code == 400
    r = api(staff["supervisor"], Role.SUPERVISOR).post(
        f"{URL}{pk}/escalate/", {"to_level": "pit_boss"}, format="json"
    )
    assert r.status_code == 400 and r.json()["field"] == "reason"
    assert rows() == before


def test_role_06_the_log_filters_by_status_in_the_database_and_agrees_with_each_row(
    api, staff, ready_session, sector
):  # type: ignore[no-untyped-def]
    """One open, one escalated and one closed incident: each status filter lists exactly its
    own, the page's count says so, and every row's own status agrees with the filter."""
    opened, escalated, closed = (complaint(api, staff, ready_session).json()["id"] for _ in "abc")
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    for pk in (escalated, closed):
        r = sup.post(
            f"{URL}{pk}/escalate/",
            {"to_level": "pit_boss", "reason": "Lo ve el jefe."},
            format="json",
        )
        assert r.status_code == 200, r.json()
    assert (
        boss.post(f"{URL}{closed}/decide/", {"decision": "Resuelto."}, format="json").status_code
        == 200
    )
    assert (
        boss.post(f"{URL}{closed}/close/", {"outcome": "Aceptado."}, format="json").status_code
        == 200
    )

    auditor = api(staff["auditor"], Role.AUDITOR)
    for wanted, pk in (("open", opened), ("escalated", escalated), ("closed", closed)):
        page = auditor.get(URL, {"status": wanted, "page_size": 1}).json()
        assert page["count"] == 1, (wanted, page)
        assert [(i["id"], i["status"]) for i in page["results"]] == [(pk, wanted)]
    assert auditor.get(URL).json()["count"] == 3


def test_role_06_only_who_works_the_table_records_or_holds_its_incident(
    api, staff, ready_session, sector
):  # type: ignore[no-untyped-def]
    """The supervisor of another table and the pit boss of another sector hold the role but
    not this table: refused, nothing written."""
    before = rows()
    r = api(staff["supervisor2"], Role.SUPERVISOR).post(
        URL,
        {"kind": "complaint", "session": ready_session.pk, "description": "Reclamo."},
        format="json",
    )
    assert r.status_code == 403, r.json()
    assert rows() == before

    pk = complaint(api, staff, ready_session).json()["id"]
    api(staff["supervisor"], Role.SUPERVISOR).post(
        f"{URL}{pk}/escalate/",
        {"to_level": "pit_boss", "reason": "Excede mi nivel."},
        format="json",
    )
    before = rows()
    r = api(staff["pit_boss2"], Role.PIT_BOSS).post(
        f"{URL}{pk}/decide/", {"decision": "Se rechaza."}, format="json"
    )
    assert r.status_code == 403, r.json()
    assert rows() == before


def test_incident_bad_input_gets_a_precise_400_and_nothing_is_written(
    api, staff, ready_session, sector
):  # type: ignore[no-untyped-def]
    before = rows()
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    r = sup.post(URL, {"kind": "robbery", "description": "x"}, format="json")
    assert r.status_code == 400
    r = sup.post(URL, {"kind": "complaint", "description": "   "}, format="json")
    assert r.status_code == 400
    r = sup.post(URL, {"kind": "complaint", "description": "x", "hand": 999999}, format="json")
    # issue 41 §2: NOT_FOUND is a 404 wherever it is raised (an id in the body too)
    assert r.status_code == 404 and r.json()["code"] == "NOT_FOUND"
    r = sup.get(URL, {"status": "nonsense"})
    assert r.status_code == 400 and r.json()["code"] == "FILTER_INVALID"
    assert rows() == before


def test_deck_20_a_hands_duplicate_card_opens_the_incident_and_withdraws_the_pack(
    api, staff, ready_session, sector
):  # type: ignore[no-untyped-def]
    """DECK-20 (DECK-13): two identical cards found in a hand logged through the API: the
    incident names the hand and the pack, the pack in play is withdrawn, and the table takes
    no further hand until a replacement pack is issued and inspected."""
    from tables.models import Pack, PackState
    from tests.hands.test_carried_pot import (
        checked_down,
        replace_packs,
        void_with_a_knowing_raiser,
    )

    in_play = Pack.objects.get(session=ready_session, state=PackState.IN_PLAY)
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    r = sup.post(
        "/api/hands/",
        {"session": ready_session.pk, **void_with_a_knowing_raiser()},
        format="json",
    )
    assert r.status_code == 201, r.json()
    hand_id = r.json()["id"]

    (incident,) = Incident.objects.filter(kind="deck_fault")
    assert (incident.hand_id, incident.pack_id, incident.session_id) == (
        hand_id,
        in_play.pk,
        ready_session.pk,
    )
    assert "dos cartas idénticas" in incident.description
    in_play.refresh_from_db()
    assert in_play.state == PackState.WITHDRAWN
    detail = sup.get(f"{URL}{incident.pk}/").json()
    assert detail["pack"] == in_play.pk and detail["status"] == "open"

    # The next hand waits for a replacement (two inspected packs, one in play).
    stacks = {1: 500, 3: 500, 5: 470}
    cards = {1: "QhQs", 3: "KhKs", 5: "5h5d"}
    refused = sup.post(
        "/api/hands/", {"session": ready_session.pk, **checked_down(stacks, cards)}, format="json"
    )
    assert refused.status_code == 409, refused.json()
    replace_packs(ready_session)
    again = sup.post(
        "/api/hands/", {"session": ready_session.pk, **checked_down(stacks, cards)}, format="json"
    )
    assert again.status_code == 201, again.json()
    assert Incident.objects.filter(kind="deck_fault").count() == 1


def test_role_07_chip_handling_is_authorised_by_the_pit_boss_on_the_record(
    api, staff, ready_session
):  # type: ignore[no-untyped-def]
    # ROLE-07 (9): the supervisor never touches chips; to explain a split pot by the
    # chips, the pit boss authorises it, and the incident log keeps who and why.
    created = complaint(
        api,
        staff,
        ready_session,
        kind="chip_handling",
        description="Para explicar la división del bote hay que separar las fichas.",
    )
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    assert created.json()["kind"] == "chip_handling"
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    r = sup.post(
        f"{URL}{pk}/escalate/",
        {"to_level": "pit_boss", "reason": "Pido autorización para tocar las fichas."},
        format="json",
    )
    assert r.status_code == 200, r.json()
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    r = boss.post(f"{URL}{pk}/decide/", {"decision": "Autorizado, en mi presencia."}, format="json")
    assert r.status_code == 200, r.json()
    listed = boss.get(URL, {"kind": "chip_handling"}).json()["results"]
    assert [i["id"] for i in listed] == [pk]
    assert boss.get(URL, {"kind": "complaint"}).json()["results"] == []
