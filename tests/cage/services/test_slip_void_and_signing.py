"""Fill and credit slips as their mutation run found them (issue 16 §1,
``python scripts/mutate.py cage/services/slips.py``): the void's two steps (refusals by
code, field and words; what each audits), what a new credit may take back while other
credits are pending, at play and at the closing, the fill or credit to par, and the signing
helpers."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cage import selectors, services
from cage.models import Slip, SlipVoid, SlipVoidConfirmation
from casino.access import acting_as
from casino.errors import Conflict, NotFound, ValidationFailed
from casino.models import AuditEvent, Denomination
from casino.roles import Role
from tables.models import TableSession
from tests.cage.conftest import PAR, make_session, make_table
from tests.cage.services.test_slips import act, request, sign_all
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db
D = Decimal


# --------------------------------------------------------------------------- voids


@pytest.mark.parametrize("reason", ["", "   ", None])
def test_a_void_needs_a_reason_in_words(opened, staff, reason):
    slip = request(staff, opened)
    with pytest.raises(ValidationFailed) as err:
        services.slip_void_request(
            actor=act(staff, "pit_boss2", Role.PIT_BOSS), slip=slip, reason=reason
        )
    e = err.value
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "REASON_REQUIRED",
        "reason",
        "Indique el motivo.",  # issue 41 §2: one message for REASON_REQUIRED
        "Give the reason.",
    )
    assert SlipVoid.objects.count() == 0


def test_another_casinos_slip_is_not_found_for_its_void(opened, staff, other_casino):
    slip = request(staff, opened)
    theirs = acting_as(make_staff(other_casino, "jefe_otro", Role.PIT_BOSS), Role.PIT_BOSS)
    with pytest.raises(NotFound) as err:
        services.slip_void_request(actor=theirs, slip=slip, reason="x")
    e = err.value
    assert (e.code, e.message_es, e.message_en) == (
        "NOT_FOUND",
        "Vale de relleno o crédito inexistente.",  # issue 41 §2: the model's name
        "Fill or credit slip not found.",
    )
    void = services.slip_void_request(
        actor=act(staff, "pit_boss2", Role.PIT_BOSS), slip=slip, reason="x"
    )
    manager = acting_as(
        make_staff(other_casino, "gerente_otro", Role.SHIFT_MANAGER), Role.SHIFT_MANAGER
    )
    with pytest.raises(NotFound) as err:
        services.slip_void_confirm(actor=manager, void=void)
    assert (err.value.code, err.value.message_es, err.value.message_en) == (
        "NOT_FOUND",
        "Vale de relleno o crédito inexistente.",  # issue 41 §2: the model's name
        "Fill or credit slip not found.",
    )
    assert SlipVoidConfirmation.objects.count() == 0


def test_a_slip_is_voided_once_and_each_step_audits_what_it_did(opened, staff, casino):
    slip = request(staff, opened)
    pit2 = act(staff, "pit_boss2", Role.PIT_BOSS)
    void = services.slip_void_request(actor=pit2, slip=slip, reason="  mesa equivocada ")
    assert (void.reason, void.requested_by, void.requested_role) == (
        "mesa equivocada",
        staff["pit_boss2"],
        "pit_boss",
    )
    with pytest.raises(Conflict) as err:
        services.slip_void_request(actor=pit2, slip=slip, reason="otra vez")
    e = err.value
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "SLIP_ALREADY_VOIDED",
        None,
        f"El vale {slip.serial} ya está anulado o en anulación.",
        f"Slip {slip.serial} is already void or being voided.",
    )
    asked = AuditEvent.objects.get(action="cage.slip.void_request")
    assert (asked.actor, asked.object_id, asked.after, asked.reason) == (
        staff["pit_boss2"],
        str(slip.pk),
        {"serial": slip.serial},
        "mesa equivocada",
    )

    with pytest.raises(Conflict) as err:
        services.slip_void_confirm(actor=pit2, void=void)
    e = err.value
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "VOID_SIGNER_NOT_INDEPENDENT",
        "confirmed_by",
        "La anulación la confirma una segunda persona, que no la pidió ni firmó el vale.",
        "The void is confirmed by a second person who neither asked for it nor signed the slip.",
    )
    manager = act(staff, "shift_manager", Role.SHIFT_MANAGER)
    confirmation = services.slip_void_confirm(actor=manager, void=void)
    assert (confirmation.confirmed_by, confirmation.confirmed_role) == (
        staff["shift_manager"],
        "shift_manager",
    )
    confirmed = AuditEvent.objects.get(action="cage.slip.void_confirm")
    assert (confirmed.actor, confirmed.object_id, confirmed.after, confirmed.reason) == (
        staff["shift_manager"],
        str(slip.pk),
        {"serial": slip.serial, "void": void.pk},
        "mesa equivocada",
    )
    other = acting_as(make_staff(casino, "gerente2", Role.SHIFT_MANAGER), Role.SHIFT_MANAGER)
    with pytest.raises(Conflict) as err:
        services.slip_void_confirm(actor=other, void=void)
    e = err.value
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "VOID_ALREADY_CONFIRMED",
        None,
        f"La anulación del vale {slip.serial} ya está confirmada.",
        f"The void of slip {slip.serial} is already confirmed.",
    )
    assert SlipVoidConfirmation.objects.count() == 1


# --------------------------------------------------------------------------- credits held


def hundred(session):
    return selectors.table_denominations(session.table)[D("100")]


def test_a_pending_credit_claims_its_chips_and_a_pending_fill_adds_none(opened, staff):
    """Issue 12 §7: the float holds 100 chips of 100 (its par, opened at par)."""
    request(staff, opened, kind="fill", lines=(("100", 50),))  # not yet received
    request(staff, opened, kind="credit", lines=(("100", 60),))  # pending: claims 60
    with pytest.raises(Conflict) as err:
        request(staff, opened, kind="credit", lines=(("100", 41),))
    assert err.value.code == "FLOAT_INSUFFICIENT"
    assert err.value.details == {"denomination": "100.00", "available": 40, "requested": 41}
    request(staff, opened, kind="credit", lines=(("100", 40),))


def test_a_received_or_voided_credit_is_not_claimed_twice(opened, staff):
    received = request(staff, opened, kind="credit", lines=(("100", 60),))
    sign_all(staff, received)  # in the float's movements now: 40 left
    voided = request(staff, opened, kind="credit", lines=(("100", 30),))
    services.slip_void_request(
        actor=act(staff, "pit_boss2", Role.PIT_BOSS), slip=voided, reason="x"
    )
    request(staff, opened, kind="credit", lines=(("100", 40),))


def test_a_closing_credit_holds_against_the_closing_count_and_its_slips(opened, staff, counts):
    request(staff, opened, kind="credit", lines=(("100", 60),))  # a play credit, pending
    counts.set_closing(opened, {**PAR, "100": 70})
    TableSession.objects.filter(pk=opened.pk).update(status=TableSession.Status.CLOSING)
    opened.refresh_from_db()
    fill = request(staff, opened, kind="fill", lines=(("100", 30),), purpose="closing")
    sign_all(staff, fill)  # the counted 70 and the closing fill's 30: 100
    with pytest.raises(Conflict) as err:
        request(staff, opened, kind="credit", lines=(("100", 101),), purpose="closing")
    assert err.value.details["available"] == 100
    request(staff, opened, kind="credit", lines=(("100", 100),), purpose="closing")


def test_a_credit_at_another_table_claims_nothing_here(
    opened, staff, casino, chip_set, sector, gaming_day
):
    other = make_session(
        make_table(casino, chip_set, sector, number=2), gaming_day, staff["supervisor2"]
    )
    request(staff, other, kind="credit", lines=(("100", 60),))  # pending at table 2
    request(staff, opened, kind="credit", lines=(("100", 100),))  # table 1's float holds 100


# --------------------------------------------------------------------------- to par


def test_par_restoration_fills_a_missing_denomination_and_a_single_chip(opened, counts):
    closing = dict(PAR)
    del closing["1"]  # no white chip counted at all: its whole par is filled
    closing["100"] = 99  # one chip short: a fill of one
    counts.set_closing(opened, closing)
    den = selectors.table_denominations(opened.table)
    needs = services.par_restoration(opened)
    assert needs == {
        "fill": sorted([(den[D("1")].pk, PAR["1"]), (den[D("100")].pk, 1)]),
        "credit": [],
    }


def test_par_restoration_credits_a_denomination_without_a_par(opened, counts, chip_set):
    """A chip added to the set after the table's par was fixed has no par: all of it that
    was counted goes back to the cage."""
    two = Denomination.objects.create(chip_set=chip_set, value=D("2"), colour="gris")
    counts.set_closing(opened, {**PAR, "2": 5})
    assert services.par_restoration(opened) == {"fill": [], "credit": [(two.pk, 5)]}


# --------------------------------------------------------------------------- signing


def test_an_unknown_role_is_refused_by_name(opened, staff):
    slip = request(staff, opened)
    with pytest.raises(ValidationFailed) as err:
        services.slip_sign(
            actor=act(staff, "cage_cashier", Role.CAGE_CASHIER), slip=slip, role="cajero"
        )
    e = err.value
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "UNKNOWN_ROLE",
        "role",
        "Rol desconocido: «cajero».",
        "Unknown role: 'cajero'.",
    )


def test_signing_in_order_signs_only_the_roles_asked_for(opened, staff):
    slip = request(staff, opened)
    cashier = services.SlipSigner(act(staff, "cage_cashier", Role.CAGE_CASHIER))
    result = services.slip_sign_in_order(
        slip=slip, signers={Role.CAGE_CASHIER: cashier}, roles={Role.CAGE_CASHIER}
    )
    assert result is not None
    assert set(slip.signed_roles()) == {Role.PIT_BOSS.value, Role.CAGE_CASHIER.value}
    nothing = services.slip_sign_in_order(slip=slip, signers={}, roles=set())
    assert nothing is None


def test_the_croupiers_signature_on_a_terminal_names_the_croupier(opened, staff):
    """OQ-34: the croupier signs with their PIN on the supervisor's terminal; the supervisor
    who signs in the croupier's role without naming one is told whom to name."""
    slip = request(staff, opened)
    sign_all_but = {Role.CAGE_CASHIER: "cage_cashier", Role.SECURITY: "security"}
    for role, who in sign_all_but.items():
        services.slip_sign(actor=act(staff, who, role), slip=slip, role=role)
    with pytest.raises(ValidationFailed) as err:
        services.slip_sign(
            actor=act(staff, "supervisor", Role.SUPERVISOR), slip=slip, role=Role.CROUPIER
        )
    e = err.value
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "SIGNER_REQUIRED",
        "signer",
        "Indique el croupier que recibe el vale; firma con su PIN.",
        "Say which croupier receives the slip; they sign with their PIN.",
    )


def test_gen_07_a_slip_refused_by_the_tables_state_names_it_in_spanish_under_english(
    opened, staff
):  # GEN-07, CLOSE-07: the Spanish half names the state in Spanish, whatever is active
    from django.utils import translation

    TableSession.objects.filter(pk=opened.pk).update(status=TableSession.Status.CLOSING)
    opened.refresh_from_db()
    before = Slip.objects.count()
    with translation.override("en"), pytest.raises(Conflict) as err:
        request(staff, opened)
    e = err.value
    assert (e.code, e.field) == ("SESSION_NOT_ACCEPTING", "session")
    assert e.message_es == "Mesa 1 está en estado «En cierre»: ahora no admite esta operación."
    assert Slip.objects.count() == before  # nothing stored
