"""A fill and a credit each signed in its own order, through the API (CLOSE-07, issue 14 §5).

A fill brings chips from the cage: pit boss, cage, security, then the croupier and the
supervisor at the table. A credit takes chips back to the cage, so they change hands the
other way: pit boss, croupier, supervisor, security, and the cage receives last. A step
out of its kind's order is refused with SIGNATURE_OUT_OF_ORDER (409), in Spanish naming
who signs first, and changes nothing. The printed credit slip lists the signatures in
the order the service enforced them.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from cage.models import Slip
from cage.slip_order import signing_order
from casino.models import AuditEvent, Signature
from casino.roles import Role
from tests.reports.conftest import pdf_text, render

pytestmark = pytest.mark.django_db

# Who posts each step, and what: the croupier signs with his PIN on the supervisor's
# terminal (OQ-34); everyone else signs for himself.
STEP = {
    Role.CAGE_CASHIER: ("cage_cashier", {"role": "cage_cashier"}),
    Role.SECURITY: ("security", {"role": "security"}),
    Role.CROUPIER: ("supervisor", {"role": "croupier", "signer": "croupier", "pin": "1234"}),
    Role.SUPERVISOR: ("supervisor", {"role": "supervisor"}),
}
FILL_ORDER = ["pit_boss", "cage_cashier", "security", "croupier", "supervisor"]
CREDIT_ORDER = ["pit_boss", "croupier", "supervisor", "security", "cage_cashier"]


def es(role: Role) -> str:
    with translation.override("es"):
        return str(role.label)


def request(api, staff, session, kind):  # type: ignore[no-untyped-def]
    lines = [{"value": "1000", "count": 2}] if kind == "credit" else [{"value": "100", "count": 20}]
    resp = api(staff["pit_boss"]).post(
        f"/api/cage/sessions/{session.pk}/slips/", {"kind": kind, "lines": lines}, format="json"
    )
    assert resp.status_code == 201, resp.content
    return resp.json()


def sign(api, staff, slip_id, role):  # type: ignore[no-untyped-def]
    who, body = STEP[role]
    return api(staff[who]).post(f"/api/cage/slips/{slip_id}/sign/", body, format="json")


def written() -> tuple[int, int]:
    return Signature.objects.count(), AuditEvent.objects.count()


def assert_out_of_order(resp, missing: Role) -> None:  # type: ignore[no-untyped-def]
    assert resp.status_code == 409, resp.content
    body = resp.json()
    assert body["code"] == "SIGNATURE_OUT_OF_ORDER" and body["field"] == "role"
    assert f"aún no tiene la firma de «{es(missing)}»" in body["message"]["es"]


def test_a_credit_signed_in_the_fills_order_is_refused_at_the_first_wrong_step(
    opened, staff, api
):  # CLOSE-07, RPT-03
    slip = request(api, staff, opened, "credit")
    assert slip["missing_roles"] == CREDIT_ORDER[1:]  # the credit's own order
    before = written()
    # The fill's order: the cage would issue next. For a credit the croupier hands over first.
    refused = sign(api, staff, slip["id"], Role.CAGE_CASHIER)
    assert_out_of_order(refused, Role.CROUPIER)
    # issue 41 §2: the order is a detail; the message names the signature that comes first
    assert refused.json()["details"]["order"] == CREDIT_ORDER
    assert "aún no tiene la firma de «Croupier»" in refused.json()["message"]["es"]
    assert_out_of_order(sign(api, staff, slip["id"], Role.SECURITY), Role.CROUPIER)
    assert written() == before  # nothing signed, nothing audited
    now = api(staff["pit_boss"]).get(f"/api/cage/slips/{slip['id']}/").json()
    assert now["status"] == "requested" and now["missing_roles"] == CREDIT_ORDER[1:]
    assert [s["role"] for s in now["signatures"]] == ["pit_boss"]

    # The credit's order is accepted step by step, in the kind's words of status.
    statuses = []
    for role in (Role.CROUPIER, Role.SUPERVISOR, Role.SECURITY, Role.CAGE_CASHIER):
        resp = sign(api, staff, slip["id"], role)
        assert resp.status_code == 200, resp.content
        statuses.append(resp.json()["slip"]["status"])
    assert statuses == ["requested", "issued", "carried", "received"]
    assert resp.json()["locked"]
    done = Slip.objects.get(pk=slip["id"])
    signed = list(done.signatures().order_by("signed_at", "pk").values_list("role", flat=True))
    assert signed == CREDIT_ORDER


def test_a_credit_cannot_skip_the_supervisor_before_security(opened, staff, api):  # CLOSE-07
    slip = request(api, staff, opened, "credit")
    assert sign(api, staff, slip["id"], Role.CROUPIER).status_code == 200
    before = written()
    assert_out_of_order(sign(api, staff, slip["id"], Role.SECURITY), Role.SUPERVISOR)
    assert_out_of_order(sign(api, staff, slip["id"], Role.CAGE_CASHIER), Role.SUPERVISOR)
    assert written() == before


def test_a_fill_keeps_its_own_order(opened, staff, api):  # CLOSE-07
    slip = request(api, staff, opened, "fill")
    assert slip["missing_roles"] == FILL_ORDER[1:]
    before = written()
    # The credit's order on a fill: the table cannot receive chips the cage has not issued.
    assert_out_of_order(sign(api, staff, slip["id"], Role.CROUPIER), Role.CAGE_CASHIER)
    assert_out_of_order(sign(api, staff, slip["id"], Role.SECURITY), Role.CAGE_CASHIER)
    assert written() == before
    for role in (Role.CAGE_CASHIER, Role.SECURITY, Role.CROUPIER, Role.SUPERVISOR):
        resp = sign(api, staff, slip["id"], role)
        assert resp.status_code == 200, resp.content
    assert resp.json()["locked"] and resp.json()["slip"]["status"] == "received"
    done = Slip.objects.get(pk=slip["id"])
    signed = list(done.signatures().order_by("signed_at", "pk").values_list("role", flat=True))
    assert signed == FILL_ORDER


def test_the_fills_table_may_receive_in_either_order(opened, staff, api):  # CLOSE-07
    slip = request(api, staff, opened, "fill")
    for role in (Role.CAGE_CASHIER, Role.SECURITY, Role.SUPERVISOR, Role.CROUPIER):
        resp = sign(api, staff, slip["id"], role)
        assert resp.status_code == 200, resp.content
    assert resp.json()["locked"]


@pytest.mark.parametrize("kind", ["credit", "fill"])
def test_the_printed_slip_lists_the_signatures_in_the_enforced_order(
    opened, staff, api, casino, tmp_path, kind
):  # CLOSE-07, RPT-03
    """The form prints what the service enforced: the order the API accepted, read back
    from the PDF; the number in the manual's words ("Crédito N.º 2026-000001")."""
    slip = request(api, staff, opened, kind)
    order = [r for r in signing_order(kind) if r != Role.PIT_BOSS]
    for role in order:
        assert sign(api, staff, slip["id"], role).status_code == 200
    done = Slip.objects.get(pk=slip["id"])
    accepted = list(done.signatures().order_by("signed_at", "pk").values_list("role", flat=True))
    text = re.sub(r"\s+", " ", pdf_text(render("slips", casino, {"slip": done.pk}).pdf, tmp_path))
    word = "Crédito" if kind == "credit" else "Relleno"
    assert f"{word} N.º {done.year}-{done.number:06d}" in text
    assert "CREDIT-" not in text and "FILL-" not in text  # the English series is not printed
    block = text.index("Firmas, en el orden en que se firma")
    # (role names wrap inside their column: their first words are enough to place them)
    heads = [" ".join(es(Role(value)).split()[:2]) for value in accepted]
    positions = [text.index(head, block) for head in heads]
    assert positions == sorted(positions), list(zip(heads, positions, strict=True))
