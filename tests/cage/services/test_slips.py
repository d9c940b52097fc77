"""Fill and credit slips: serials, five signatures, order, voids (issue 6 item 6, CLOSE-07, GEN-10)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cage import selectors, services
from cage.models import Slip, SlipLine, SlipVoid
from casino.access import acting_as
from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.models import AuditEvent, SerialCounter, Signature
from casino.roles import Role
from tables.models import TableSession
from tests.cage.conftest import PAR, close_session
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db
D = Decimal


def act(staff, who, role):
    return acting_as(staff[who], role)


def request(staff, session, kind="fill", lines=(("100", 20),), **kw):
    return services.slip_request(
        actor=act(staff, "pit_boss", Role.PIT_BOSS),
        session=session,
        kind=kind,
        lines=list(lines),
        **kw,
    )


def sign_all(staff, slip):
    """Every role in the slip's kind's order (CLOSE-07): the croupier with the PIN on the
    supervisor's terminal."""
    terminal = act(staff, "supervisor", Role.SUPERVISOR)
    return services.slip_sign_in_order(
        slip=slip,
        signers={
            Role.CAGE_CASHIER: services.SlipSigner(act(staff, "cage_cashier", Role.CAGE_CASHIER)),
            Role.SECURITY: services.SlipSigner(act(staff, "security", Role.SECURITY)),
            Role.CROUPIER: services.SlipSigner(terminal, staff["croupier"], "1234"),
            Role.SUPERVISOR: services.SlipSigner(terminal),
        },
    )


def test_fill_slip_is_numbered_requested_and_signed_by_the_pit_boss(
    opened, staff
):  # CLOSE-07, GEN-10
    slip = request(staff, opened, note="relleno de 100")
    assert slip.serial == f"FILL-{opened.gaming_day.business_date.year}-000001"
    assert [(line.denomination.value, line.count) for line in slip.lines.all()] == [
        (D("100.00"), 20)
    ]
    assert slip.signed_roles() == {"pit_boss"}
    assert selectors.slip_status(slip) == "requested"
    credit = request(staff, opened, kind="credit", lines=(("1000", 2),))
    assert credit.serial.startswith("CREDIT-") and credit.number == 1  # its own series


def test_five_different_people_sign_and_the_slip_locks(opened, staff):  # CLOSE-07, ROLE-14
    slip = request(staff, opened)
    assert selectors.float_movements(opened) == {}  # not counted until fully signed
    result = sign_all(staff, slip)
    assert result.locked
    slip.refresh_from_db()
    assert slip.is_locked and selectors.slip_status(slip) == "received"
    signers = {s.role: s.signer.username for s in slip.signatures()}
    assert signers == {
        "pit_boss": "pit_boss",
        "cage_cashier": "cage_cashier",
        "security": "security",
        "croupier": "croupier",
        "supervisor": "supervisor",
    }
    assert len(set(signers.values())) == 5
    hundred = selectors.table_denominations(opened.table)[D("100")]
    assert selectors.expected_float(opened)[hundred.pk] == PAR["100"] + 20


def test_signatures_follow_the_slip_route(opened, staff):  # CLOSE-07
    slip = request(staff, opened)
    with pytest.raises(Conflict) as err:
        services.slip_sign(
            actor=act(staff, "security", Role.SECURITY), slip=slip, role=Role.SECURITY
        )
    assert err.value.code == "SIGNATURE_OUT_OF_ORDER"
    with pytest.raises(Conflict) as err:
        services.slip_sign(
            actor=act(staff, "supervisor", Role.SUPERVISOR), slip=slip, role=Role.SUPERVISOR
        )
    assert err.value.code == "SIGNATURE_OUT_OF_ORDER"
    assert Signature.objects.count() == 1


def test_nobody_signs_a_slip_twice(opened, casino, staff, sector):  # issue 6 bad input, ROLE-14
    both = make_staff(casino, "doble", Role.PIT_BOSS, Role.CAGE_CASHIER)
    sector.pit_bosses.add(both)  # a pit boss of the table's sector requests (issue 12 §1)
    slip = services.slip_request(
        actor=acting_as(both, Role.PIT_BOSS), session=opened, kind="fill", lines=[("25", 40)]
    )
    with pytest.raises(Conflict) as err:
        services.slip_sign(
            actor=acting_as(both, Role.CAGE_CASHIER), slip=slip, role=Role.CAGE_CASHIER
        )
    assert err.value.code == "SIGNER_ALREADY_SIGNED"
    services.slip_sign(
        actor=act(staff, "cage_cashier", Role.CAGE_CASHIER), slip=slip, role=Role.CAGE_CASHIER
    )
    with pytest.raises(Conflict) as err:
        services.slip_sign(
            actor=act(staff, "cage_cashier2", Role.CAGE_CASHIER), slip=slip, role=Role.CAGE_CASHIER
        )
    assert err.value.code == "ROLE_ALREADY_SIGNED"


def test_signing_roles_and_permissions(opened, staff):
    slip = request(staff, opened)
    with pytest.raises(PermissionRefused) as err:  # a supervisor cannot issue at the cage
        services.slip_sign(
            actor=act(staff, "supervisor", Role.SUPERVISOR), slip=slip, role=Role.CAGE_CASHIER
        )
    assert err.value.code == "SIGN_IN_OWN_ROLE"
    with pytest.raises(ValidationFailed) as err:
        services.slip_sign(actor=act(staff, "auditor", Role.AUDITOR), slip=slip, role=Role.AUDITOR)
    assert err.value.code == "ROLE_NOT_REQUIRED"
    services.slip_sign(
        actor=act(staff, "cage_cashier", Role.CAGE_CASHIER), slip=slip, role=Role.CAGE_CASHIER
    )
    services.slip_sign(actor=act(staff, "security", Role.SECURITY), slip=slip, role=Role.SECURITY)
    with pytest.raises(PermissionRefused) as err:
        services.slip_sign(
            actor=act(staff, "supervisor", Role.SUPERVISOR),
            slip=slip,
            role=Role.CROUPIER,
            signer=staff["croupier"],
            pin="9999",
        )
    assert err.value.code == "PIN_INVALID"
    # The croupier may also sign on their own session.
    result = services.slip_sign(
        actor=act(staff, "croupier", Role.CROUPIER), slip=slip, role=Role.CROUPIER
    )
    assert result.signature.signer == staff["croupier"]


def test_request_needs_a_pit_boss_and_good_lines(opened, staff):
    before = (Slip.objects.count(), SlipLine.objects.count(), SerialCounter.objects.count())
    with pytest.raises(PermissionRefused):
        services.slip_request(
            actor=act(staff, "supervisor", Role.SUPERVISOR),
            session=opened,
            kind="fill",
            lines=[("100", 20)],
        )
    for lines, code in [
        ([("100", -20)], "COUNT_NEGATIVE"),
        ([("100", "2.5")], "COUNT_NOT_WHOLE"),
        ([("50", 2)], "DENOMINATION_NOT_IN_CHIP_SET"),
        ([("100", 0)], "LINES_REQUIRED"),
    ]:
        with pytest.raises(ValidationFailed) as err:
            request(staff, opened, lines=lines)
        assert err.value.code == code
    with pytest.raises(ValidationFailed) as err:
        request(staff, opened, kind="transfer")
    assert err.value.code == "SLIP_KIND_INVALID"
    # A refused request gives no number away (the series stays unbroken).
    assert (Slip.objects.count(), SlipLine.objects.count()) == before[:2]
    assert request(staff, opened).number == 1


def test_slips_follow_the_session_state(opened, staff):  # CLOSE-07
    with pytest.raises(Conflict) as err:
        request(staff, opened, purpose="closing")
    assert err.value.code == "SESSION_NOT_ACCEPTING"
    TableSession.objects.filter(pk=opened.pk).update(status=TableSession.Status.CLOSING)
    slip = request(staff, opened, purpose="closing")
    assert slip.purpose == "closing"
    with pytest.raises(Conflict):
        request(staff, opened)  # a play fill on a closing table
    close_session(opened)
    with pytest.raises(Conflict):
        request(staff, opened, purpose="closing")


def test_void_needs_a_reason_and_an_independent_second_signer(opened, staff):  # issue 6 item 6
    slip = request(staff, opened)
    pit, pit2 = act(staff, "pit_boss", Role.PIT_BOSS), act(staff, "pit_boss2", Role.PIT_BOSS)
    with pytest.raises(ValidationFailed):
        services.slip_void_request(actor=pit2, slip=slip, reason="")
    with pytest.raises(PermissionRefused):
        services.slip_void_request(
            actor=act(staff, "cage_cashier", Role.CAGE_CASHIER), slip=slip, reason="x"
        )
    void = services.slip_void_request(actor=pit2, slip=slip, reason="mesa equivocada")
    assert selectors.slip_status(slip) == "void_pending"
    with pytest.raises(Conflict) as err:  # the requester
        services.slip_void_confirm(actor=pit2, void=void)
    assert err.value.code == "VOID_SIGNER_NOT_INDEPENDENT"
    with pytest.raises(Conflict) as err:  # a signer of the slip
        services.slip_void_confirm(actor=pit, void=void)
    assert err.value.code == "VOID_SIGNER_NOT_INDEPENDENT"
    confirmation = services.slip_void_confirm(
        actor=act(staff, "shift_manager", Role.SHIFT_MANAGER), void=void
    )
    assert confirmation.confirmed_by == staff["shift_manager"]
    # Each step of the void is an audit event with its author (issue 16 §2, GEN-09).
    for action, who in (
        ("cage.slip.void_request", staff["pit_boss2"]),
        ("cage.slip.void_confirm", staff["shift_manager"]),
    ):
        event = AuditEvent.objects.get(action=action)
        assert event.actor_id == who.pk, action
    slip.refresh_from_db()
    assert selectors.slip_status(slip) == "void" and selectors.slip_is_void(slip)
    with pytest.raises(Conflict) as err:
        services.slip_sign(
            actor=act(staff, "cage_cashier", Role.CAGE_CASHIER), slip=slip, role=Role.CAGE_CASHIER
        )
    assert err.value.code == "SLIP_VOIDED"
    with pytest.raises(Conflict):
        services.slip_void_request(actor=pit2, slip=slip, reason="otra vez")
    # The voided slip keeps its number; the next one follows it.
    assert request(staff, opened).number == 2
    assert SlipVoid.objects.count() == 1


def test_a_locked_slip_can_be_voided_and_leaves_the_float(opened, staff):
    slip = request(staff, opened)
    sign_all(staff, slip)
    hundred = selectors.table_denominations(opened.table)[D("100")]
    assert selectors.float_movements(opened)[hundred.pk] == 20
    void = services.slip_void_request(
        actor=act(staff, "pit_boss2", Role.PIT_BOSS), slip=slip, reason="duplicado"
    )
    services.slip_void_confirm(actor=act(staff, "shift_manager", Role.SHIFT_MANAGER), void=void)
    assert selectors.float_movements(opened).get(hundred.pk, 0) == 0


def test_par_restoration_and_closing_adjustments(opened, staff, counts):  # CLOSE-07, OPEN-06
    closing = dict(PAR)
    closing["100"] = 70
    closing["1000"] = 13
    counts.set_closing(opened, closing)
    needs = services.par_restoration(opened)
    den = selectors.table_denominations(opened.table)
    assert needs == {"fill": [(den[D("100")].pk, 30)], "credit": [(den[D("1000")].pk, 3)]}
    TableSession.objects.filter(pk=opened.pk).update(status=TableSession.Status.CLOSING)
    fill = request(staff, opened, lines=(("100", 30),), purpose="closing")
    credit = request(staff, opened, kind="credit", lines=(("1000", 3),), purpose="closing")
    sign_all(staff, fill)
    assert selectors.closing_slip_adjustments(opened) == {den[D("100")].pk: 30}
    sign_all(staff, credit)
    assert selectors.closing_slip_adjustments(opened) == {
        den[D("100")].pk: 30,
        den[D("1000")].pk: -3,
    }
    # Closing slips come after the closing count: they are not part of the expected closing.
    assert selectors.float_movements(opened) == {}
