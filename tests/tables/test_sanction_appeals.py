"""A sanction appealed (SANC-01 status "appealed"): the appeal and its decision are new
ledger entries linked to the sanction; the decision is taken by whoever may impose the
sanction's level (SANC-02), never by the one who imposed it. Through the API, the sanction page's forms and the PDF."""

from __future__ import annotations

import re

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from casino.models import AuditEvent
from casino.roles import Role
from tables.models import SanctionEntry
from tests.casino.test_api import assert_error_shape
from tests.floor.conftest import client_for
from tests.helpers import make_staff
from tests.pg_roles import as_owner
from tests.reports.conftest import pdf_text, render

from .conftest import open_table
from .openapi import assert_matches_schema
from .test_sanction_from_hand import form_data

pytestmark = pytest.mark.django_db


def _impose(client, player, session, level="warning", conduct="disruptive", **extra):
    body = {"conduct": conduct, "level": level, "player": player.pk, "session": session.pk}
    response = client.post("/api/sanctions/", {**body, **extra}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["entry"]["id"]


def test_sanc_01_an_appeal_is_recorded_and_decided_upheld_through_the_api(
    staff, api, gaming_day, table, player
):
    session = open_table(staff, table)
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    sanction = _impose(boss, player, session)
    # The player appeals; the supervisor takes it down with the grounds.
    bare = sup.post(f"/api/sanctions/{sanction}/appeals/", {"grounds": " "}, format="json")
    assert bare.status_code == 400
    assert_error_shape(bare.json(), "GROUNDS_REQUIRED", "grounds")
    grounds = "No arrojó las cartas: se le resbalaron"
    lodged = sup.post(f"/api/sanctions/{sanction}/appeals/", {"grounds": grounds}, format="json")
    assert lodged.status_code == 201, lodged.json()
    assert_matches_schema(lodged, "post")
    appeal = lodged.json()["entry"]
    assert lodged["Location"].endswith(f"/api/sanctions/{appeal['id']}/")
    assert (appeal["kind"], appeal["amends"], appeal["reason"]) == ("appeal", sanction, grounds)
    assert (appeal["issued_by"], appeal["role"]) == ("supervisor", Role.SUPERVISOR)
    assert appeal["at"]  # who, when, the grounds
    detail = boss.get(f"/api/sanctions/{sanction}/").json()
    assert detail["effective"]["status"] == "appealed"
    assert detail["effective"]["pending_appeal"] == appeal["id"]
    assert [a["kind"] for a in detail["amendments"]] == ["appeal"]
    # One appeal waits at a time.
    again = sup.post(f"/api/sanctions/{sanction}/appeals/", {"grounds": "otra"}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "APPEAL_PENDING"
    # The supervisor proposes and escalates; he does not decide (SANC-02).
    decide = f"/api/sanctions/{appeal['id']}/decide/"
    refused = sup.post(decide, {"outcome": "upheld", "reason": "x"}, format="json")
    assert refused.status_code == 403
    # Nor does the pit boss who imposed it: another pit boss or management hears the appeal
    # (segregation of duties), and the refusal changes nothing.
    rows = SanctionEntry.objects.count()
    own = boss.post(decide, {"outcome": "lifted", "reason": "Me equivoqué"}, format="json")
    assert own.status_code == 403, own.json()
    assert_error_shape(own.json(), "APPEAL_NOT_INDEPENDENT", "appeal")
    assert SanctionEntry.objects.count() == rows
    boss = api(staff["pit_boss2"], Role.PIT_BOSS)
    unknown = boss.post(decide, {"outcome": "pardoned", "reason": "x"}, format="json")
    assert unknown.status_code == 400
    assert_error_shape(unknown.json(), "APPEAL_OUTCOME_INVALID", "outcome")
    assert unknown.json()["details"] == {"allowed": ["upheld", "reduced", "lifted"]}
    assert SanctionEntry.objects.count() == rows
    no_level = boss.post(decide, {"outcome": "reduced", "reason": "x"}, format="json")
    assert no_level.status_code == 400 and no_level.json()["field"] == "level"
    upheld = boss.post(
        decide, {"outcome": "upheld", "reason": "Lo confirma la cámara"}, format="json"
    )
    assert upheld.status_code == 200, upheld.json()
    assert_matches_schema(upheld, "post")
    body = upheld.json()
    assert body["effective"]["status"] == "served" and body["effective"]["pending_appeal"] is None
    decision = body["amendments"][-1]
    assert (decision["kind"], decision["appeal"], decision["issued_by"]) == (
        "upheld",
        appeal["id"],
        "pit_boss2",
    )
    twice = boss.post(decide, {"outcome": "lifted", "reason": "x"}, format="json")
    assert twice.status_code == 409 and twice.json()["code"] == "APPEAL_DECIDED"
    assert set(
        AuditEvent.objects.filter(action__startswith="sanction.appeal").values_list(
            "action", flat=True
        )
    ) == {"sanction.appeal", "sanction.appeal_upheld"}
    # Append-only: the appeal cannot be edited or deleted in the database.
    for sql in (
        "UPDATE tables_sanctionentry SET reason = 'otra cosa' WHERE id = %s",
        "DELETE FROM tables_sanctionentry WHERE id = %s",
    ):
        with pytest.raises(IntegrityError, match="MESA_IMMUTABLE"), transaction.atomic():
            as_owner(sql, [appeal["id"]])  # the app's role has no such privilege at all


def test_sanc_01_a_severe_sanction_appealed_is_decided_by_management(
    staff, api, gaming_day, table, player, casino
):
    session = open_table(staff, table)
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    sanction = _impose(
        manager, player, session, level="removal", conduct="staff_disrespect", override_reason="x"
    )
    lodged = boss.post(f"/api/sanctions/{sanction}/appeals/", {"grounds": "Fue provocado"})
    assert lodged.status_code == 201, lodged.json()
    decide = f"/api/sanctions/{lodged.json()['entry']['id']}/decide/"
    # A removal is management's to impose (SANC-02), so management decides its appeal.
    refused = boss.post(decide, {"outcome": "lifted", "reason": "x"}, format="json")
    assert refused.status_code == 403
    # The manager who imposed it does not hear it: another manager does.
    own = manager.post(decide, {"outcome": "lifted", "reason": "x"}, format="json")
    assert own.status_code == 403 and own.json()["code"] == "APPEAL_NOT_INDEPENDENT"
    other = make_staff(casino, "shift_manager2", Role.SHIFT_MANAGER)
    manager = api(other, Role.SHIFT_MANAGER)
    reduced = manager.post(
        decide,
        {"outcome": "reduced", "level": "warning", "reason": "Primera vez"},
        format="json",
    )
    assert reduced.status_code == 200, reduced.json()
    effective = reduced.json()["effective"]
    assert (effective["level"], effective["status"]) == ("warning", "served")
    reduction = SanctionEntry.objects.get(kind="reduction", amends_id=sanction)
    assert reduction.appeal.kind == "appeal" and reduction.issued_by == other


def test_sanc_01_appeal_through_the_sanction_page_and_on_the_ledger(
    staff, api, gaming_day, table, player, casino, tmp_path, settings
):
    session = open_table(staff, table)
    sanction = _impose(api(staff["pit_boss"], Role.PIT_BOSS), player, session)
    page = reverse("tables:sanction", args=[sanction])
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    html = sup.get(page).content.decode()
    action = reverse("tables:act", args=["appeal", sanction])
    form = form_data(html, action)
    assert "grounds" in form  # the appeal form is on the page
    form.update(grounds="Pide revisar el video")
    sup.post(action, form)
    appeal = SanctionEntry.objects.get(kind="appeal", amends_id=sanction)
    assert (appeal.reason, appeal.issued_by) == ("Pide revisar el video", staff["supervisor"])
    html = sup.get(page).content.decode()
    assert "Apelada" in html  # the status, in Spanish
    decide = reverse("tables:act", args=["decide_appeal", appeal.pk])
    assert decide not in html  # the supervisor sees who decides, not the form
    imposer = client_for(staff["pit_boss"], Role.PIT_BOSS)
    html = imposer.get(page).content.decode()
    assert decide not in html  # nor the pit boss who imposed it: he is told who decides
    assert "Usted impuso esta sanción" in html
    boss = client_for(staff["pit_boss2"], Role.PIT_BOSS)
    html = boss.get(page).content.decode()
    form = form_data(html, decide)
    form.update(outcome="lifted", reason="El video le da la razón")
    boss.post(decide, form)
    lift = SanctionEntry.objects.get(kind="lift", amends_id=sanction)
    assert lift.appeal_id == appeal.pk
    html = boss.get(page).content.decode()
    assert "Levantada" in html and "El video le da la razón" in html
    # The ledger page lists the appeal; so does the sanctions ledger PDF.
    ledger = boss.get(reverse("tables:sanctions")).content.decode()
    assert "Apelación" in ledger
    settings.MEDIA_ROOT = tmp_path / "media"
    rendered = render("sanctions", casino, {"date": gaming_day.business_date.isoformat()})
    text = re.sub(r"\s+", " ", pdf_text(rendered.pdf, tmp_path, layout=False))
    assert "Apelación" in text and "Pide revisar el video" in text
