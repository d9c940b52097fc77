"""Fill and credit slips in the signing queue (issue 8 §2 "fills, credits", §3): each slip
waits in the queue of the role whose step comes next — the cage issues, security carries,
the croupier signs with the PIN on the supervisor's terminal and the supervisor receives
(CLOSE-07, ROLE-13, OQ-34) — and is signed there in place through ``cage.services``. A
refusal shows the service's own message and writes nothing."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.urls import reverse

from cage import services as cage
from cage.models import Slip
from cage.selectors import slip_number_label
from cage.slip_order import signing_order
from casino.models import AuditEvent, Signature
from casino.roles import Role
from floor.nav import menu
from floor.selectors import signing_queue

from .conftest import act

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def queue_ids(staff: dict[str, Any], name: str, role: Role | None = None) -> set[str]:
    return {i.dom_id for i in signing_queue(act(staff[name], role or Role(name)))}


def request_fill(staff: dict[str, Any], session: Any, kind: str = "fill") -> Slip:
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    # 20 chips of 100 and 4 of 5: 2.020,00 in the casino's format.
    return cage.slip_request(
        actor=boss, session=session, kind=kind, lines=[("100", "20"), ("5", "4")], purpose="play"
    )


def written() -> tuple[int, int]:
    # A wrong PIN is itself recorded (issue 12 §3: staff.pin_* events); nothing else may be.
    events = AuditEvent.objects.exclude(action__startswith="staff.pin_")
    return Signature.objects.count(), events.count()


def post(client: Any, slip: Slip, data: dict[str, str], htmx: bool = True) -> Any:
    url = reverse("floor:queue-act", args=["slip", slip.pk])
    return client.post(url, {"dom_id": f"q-slip-{slip.pk}", **data}, **(HX if htmx else {}))


def test_fill_travels_through_the_queues_step_by_step(staff, in_play, clients):
    """CLOSE-07, ROLE-13 (issue 8): pit boss requests, the cage issues, security carries,
    the croupier (PIN) and the supervisor receive — each from their own queue, in place."""
    slip = request_fill(staff, in_play)
    dom_id = f"q-slip-{slip.pk}"
    # Requested: only the cage sees it; not security, not the supervisor, not the pit boss.
    assert dom_id in queue_ids(staff, "cage_cashier")
    for name in ("security", "supervisor", "pit_boss", "shift_manager", "auditor"):
        assert dom_id not in queue_ids(staff, name), name

    cashier = clients("cage_cashier")
    html = cashier.get(reverse("floor:queue")).content.decode()
    assert f'id="{dom_id}"' in html
    # The home page's next task leads to the slip's item in the queue.
    home = cashier.get(reverse("home")).content.decode()
    assert f'href="{reverse("floor:queue")}#{dom_id}"' in home
    assert slip_number_label(slip) in html  # "Relleno N.º 2026-000001": kind and number
    assert "Mesa 7" in html  # table
    assert "2.020,00" in html  # total in the casino's format
    assert "20 × 100,00" in html and "hace 0 min" in html  # lines and age
    assert "Emitir como Cajero de caja principal" in html
    done = post(cashier, slip, {"role": "cage_cashier"}).content.decode()
    assert f"{slip_number_label(slip)} firmado." in done and f'id="{dom_id}"' in done
    assert slip.signed_roles() == {"pit_boss", "cage_cashier"}
    assert dom_id not in queue_ids(staff, "cage_cashier")

    # Issued: security carries it.
    assert dom_id in queue_ids(staff, "security")
    guard = clients("security")
    html = guard.get(reverse("floor:queue")).content.decode()
    assert "Llevar como Oficial de seguridad" in html
    assert (
        f"{slip_number_label(slip)} firmado."
        in post(guard, slip, {"role": "security"}).content.decode()
    )
    assert dom_id not in queue_ids(staff, "security")

    # Carried: the supervisor's terminal, the croupier's PIN first, the one on duty offered.
    assert dom_id in queue_ids(staff, "supervisor")
    sup = clients("supervisor")
    html = sup.get(reverse("floor:queue")).content.decode()
    assert "PIN del croupier" in html and "El croupier recibe" in html
    options = html.split(f'id="sg-{dom_id}"')[1].split("</select>")[0]
    assert options.index('value="croupier"') < options.index('value="croupier2"')  # on duty
    step = post(sup, slip, {"role": "croupier", "signer": "croupier", "pin": "1234"})
    html = step.content.decode()
    # The item stays in place with the supervisor's own step and the croupier's outcome.
    assert "la firma del croupier quedó registrada" in html
    assert "Recibir como Supervisor de mesa" in html and "PIN del croupier" not in html
    assert dom_id in queue_ids(staff, "supervisor")
    final = post(sup, slip, {"role": "supervisor"}).content.decode()
    assert f"{slip_number_label(slip)} completo." in final
    slip.refresh_from_db()
    assert slip.is_locked
    assert slip.signed_roles() == {"pit_boss", "cage_cashier", "security", "croupier", "supervisor"}
    for name in ("cage_cashier", "security", "supervisor"):
        assert dom_id not in queue_ids(staff, name), name


def test_credit_travels_table_first_and_the_cage_receives_last(staff, in_play, clients):
    """CLOSE-07 (issue 14 §5): a credit's chips leave the table first, so its queue runs the
    other way: the croupier (PIN on the supervisor's terminal) hands over, the supervisor
    checks, security carries, the cage receives and signs last."""
    credit = request_fill(staff, in_play, kind="credit")
    dom_id = f"q-slip-{credit.pk}"
    # Requested: the table's turn, not the cage's.
    for name in ("cage_cashier", "security", "pit_boss"):
        assert dom_id not in queue_ids(staff, name), name
    sup = clients("supervisor")
    html = sup.get(reverse("floor:queue")).content.decode()
    assert slip_number_label(credit) in html and "2.020,00" in html  # "Crédito N.º …"
    assert "Croupier que entrega" in html and "El croupier entrega" in html
    post(sup, credit, {"role": "croupier", "signer": "croupier", "pin": "1234"})
    html = sup.get(reverse("floor:queue")).content.decode()
    assert "Entregar como Supervisor de mesa" in html
    assert dom_id not in queue_ids(staff, "security")
    post(sup, credit, {"role": "supervisor"})
    assert dom_id not in queue_ids(staff, "supervisor")
    assert dom_id not in queue_ids(staff, "cage_cashier")
    # Handed over: security carries it to the cage.
    guard = clients("security")
    assert "Llevar como Oficial de seguridad" in guard.get(reverse("floor:queue")).content.decode()
    post(guard, credit, {"role": "security"})
    # Carried: the cage receives it, last.
    cashier = clients("cage_cashier")
    html = cashier.get(reverse("floor:queue")).content.decode()
    assert f'id="{dom_id}"' in html and "Recibir como Cajero de caja principal" in html
    assert "Emitir como" not in html
    done = post(cashier, credit, {"role": "cage_cashier"}).content.decode()
    assert f"{slip_number_label(credit)} completo." in done
    credit.refresh_from_db()
    assert credit.is_locked
    order = list(credit.signatures().order_by("signed_at", "pk").values_list("role", flat=True))
    assert order == [r.value for r in signing_order("credit")]


def test_a_voided_credit_leaves_the_queue(staff, in_play):  # CLOSE-07
    """A slip being voided is signed by nobody."""
    credit = request_fill(staff, in_play, kind="credit")
    assert f"q-slip-{credit.pk}" in queue_ids(staff, "supervisor")
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    cage.slip_void_request(actor=boss, slip=credit, reason="pedido por error")
    assert f"q-slip-{credit.pk}" not in queue_ids(staff, "supervisor")


def test_the_croupier_signs_with_the_pin_on_the_supervisors_terminal(staff, in_play, clients):
    """ROLE-13, OQ-34: a wrong PIN is refused with the service's message, nothing written;
    the right one records the croupier's signature (by PIN, recorded by the supervisor)."""
    slip = request_fill(staff, in_play)
    cage.slip_sign(
        actor=act(staff["cage_cashier"], Role.CAGE_CASHIER), slip=slip, role="cage_cashier"
    )
    cage.slip_sign(actor=act(staff["security"], Role.SECURITY), slip=slip, role="security")
    sup = clients("supervisor")
    before = written()
    refused = post(sup, slip, {"role": "croupier", "signer": "croupier", "pin": "0000"})
    html = refused.content.decode()
    assert 'role="alert"' in html and "PIN incorrecto o usuario inactivo." in html
    assert f'id="q-slip-{slip.pk}"' in html and "PIN del croupier" in html  # asks again
    assert written() == before
    failure = AuditEvent.objects.get(action="staff.pin_failure")  # issue 12 §3
    assert failure.object_id == str(staff["croupier"].pk)
    no_pin = post(sup, slip, {"role": "croupier", "signer": "croupier2", "pin": ""})
    assert "debe confirmar con su PIN personal" in no_pin.content.decode()  # issue 41 §2
    assert written() == before
    # croupier2 is not dealing this table: his own right PIN does not sign for it (issue 12).
    off_duty = post(sup, slip, {"role": "croupier", "signer": "croupier2", "pin": "5678"})
    assert "Solo el croupier de turno" in off_duty.content.decode()
    assert written() == before
    post(sup, slip, {"role": "croupier", "signer": "croupier", "pin": "1234"})
    signature = slip.signatures().get(role="croupier")
    assert signature.signer == staff["croupier"] and signature.recorded_by == staff["supervisor"]
    assert signature.method == Signature.Method.PIN


def test_wrong_role_is_refused_with_the_services_message_and_nothing_changes(
    staff, in_play, clients
):
    """CLOSE-07 order and ROLE-02 rights are the service's: the queue only shows them."""
    slip = request_fill(staff, in_play)
    before = written()
    # Security before the cage: out of order.
    html = post(clients("security"), slip, {"role": "security"}).content.decode()
    assert f"Vale de relleno o crédito {slip.serial} aún no tiene la firma de" in html  # issue 41
    assert 'role="alert"' in html
    # The cage cashier cannot take the croupier's PIN: that is the supervisor's terminal.
    html = post(
        clients("cage_cashier"), slip, {"role": "croupier", "signer": "croupier", "pin": "1234"}
    ).content.decode()
    assert 'role="alert"' in html
    # issue 41 §2: PERMISSION_DENIED's one message; the permission and the role are details
    assert "No tiene permiso para esta acción." in html
    assert "Emitir como Cajero de caja principal" in html  # its own step is still offered
    # An auditor signs no slip.
    html = post(clients("auditor"), slip, {"role": "auditor"}).content.decode()
    assert "Este documento no se firma con el rol «Auditor»; se firma como:" in html
    # Acting as cage cashier, one cannot sign as security.
    html = post(clients("cage_cashier"), slip, {"role": "security"}).content.decode()
    assert "actúe con ese rol" in html
    # Without htmx: back to the page with the message, still nothing written.
    page = post(clients("security"), slip, {"role": "security"}, htmx=False)
    assert page.status_code == 302
    assert written() == before
    assert slip.signed_roles() == {"pit_boss"}
    # A slip of another casino (or none) is not found.
    missing = clients("cage_cashier").post(
        reverse("floor:queue-act", args=["slip", slip.pk + 10_000]), {"dom_id": "x"}, **HX
    )
    assert "Vale de relleno o crédito inexistente." in missing.content.decode()  # issue 41 §2


def test_the_cage_and_security_have_the_queue_in_their_menu(staff):  # issue 8 §2, §5
    urls = {role: {link.url for link in menu(act(staff[role.value], role), "/")} for role in Role}
    queue = reverse("floor:queue")
    for role in (Role.CAGE_CASHIER, Role.SECURITY, Role.SUPERVISOR, Role.PIT_BOSS):
        assert queue in urls[role], role
    for role in (Role.CROUPIER, Role.SURVEILLANCE, Role.AUDITOR):
        assert queue not in urls[role], role


def test_slip_total_is_exact(staff, in_play):  # CLOSE-07: money is exact
    slip = request_fill(staff, in_play)
    item = next(
        i for i in signing_queue(act(staff["cage_cashier"], Role.CAGE_CASHIER)) if i.kind == "slip"
    )
    assert item.amount == Decimal("2020.00") and item.pk == slip.pk


def test_the_slip_in_english_with_the_casinos_english_format(staff, in_play, clients):
    """Issue 8 §5: the same item in English, amounts as 2,020.00."""
    slip = request_fill(staff, in_play)
    html = clients("cage_cashier", lang="en").get(reverse("floor:queue")).content.decode()
    assert slip_number_label(slip, "en") in html and "2,020.00" in html  # "Fill no. …"
    assert "Issue as Cage cashier" in html and "0 min ago" in html
