"""Figures that do not mislead (issue 40 §3): an open day as a manager reads it.

Table 7 in play (three cash buy-ins of 500, a hand with its rake): nothing is counted or
closed yet. The master report and ``/floor/day/`` print the day's figures so far, the
same ``reconcile_day`` computes, marked provisional with what they wait for, never a 0
beside rows that are not 0. A cash alert prints the player's cash in the day, as the
reconciliation sums it, with the moment and the cash at which the threshold was crossed.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from cage import services as cage
from cage.reconciliation import reconcile_day
from casino.roles import Role
from hands import services as hands
from tests.floor.conftest import client_for
from tests.floor.walk import visible

from .conftest import pdf_text, render
from .scenario import act, ready_for_hands, showdown

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_day(staff, casino, gaming_day, sector):
    """Table 7 in play, a hand logged: the day open, nothing counted."""
    session = ready_for_hands(staff, casino, sector, 7)
    hands.hand_log(
        actor=act(staff["supervisor"], Role.SUPERVISOR), session=session, data=showdown(5)
    )
    return session


def test_rpt_07_an_open_days_figures_are_shown_so_far_and_marked_provisional(
    open_day, staff, casino, gaming_day, tmp_path
):
    # RPT-07: the walk's figures are reconcile_day's; provisional, with what they wait for.
    recon = reconcile_day(gaming_day)
    figures = recon.figures
    assert figures.pending == 1 and figures.total.rake_ledger == 0  # nothing closed
    so_far = figures.so_far
    assert so_far is not None
    assert (so_far.drop, so_far.rake_ledger) == (
        Decimal("1500"),
        recon.sessions[0].figures.rake_ledger,
    )
    assert so_far.rake_ledger > 0 and so_far.result is None

    page = visible(
        client_for(staff["shift_manager"], Role.SHIFT_MANAGER)
        .get(reverse("floor:day"))
        .content.decode()
    )
    assert "Drop · provisional 1.500,00" in page, page
    rake = f"{so_far.rake_ledger:.2f}".replace(".", ",")
    assert f"Comisión registrada · provisional {rake}" in page, page
    assert "Provisional: cifras hasta ahora. Esperan mesa 7: su cierre y el conteo" in page, page
    assert not re.search(r"Drop 0,00|Comisión registrada 0,00", page), page

    text = " ".join(
        pdf_text(
            render("gaming_day", casino, {"date": gaming_day.business_date.isoformat()}).pdf,
            tmp_path,
        ).split()
    )
    # The header's labels, then their figures: the rake so far and the drop so far, each
    # marked provisional (it printed "COMISIÓN REGISTRADA DEL DÍA $ 0,00").
    assert "DROP (HASTA AHORA)" in text.upper(), text
    assert f"$ {rake} provisional $ 1.500,00 provisional" in text, text
    assert "PROVISIONAL: cifras hasta ahora; esperan mesa 7: su cierre" in text, text
    assert re.search(r"Hasta ahora \(provisional\) .*\$ 1.500,00\*", text), text


def test_cash_alert_prints_the_days_cash_and_the_moment_it_crossed(
    open_day, staff, casino, gaming_day, tmp_path
):
    # CASH (issue 40): the alert keeps 1.200,00, the cash when the threshold was crossed;
    # the player bought in 700 more: the day's cash is 1.900,00, as the books sum it.
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    cage.cage_policy_set(actor=manager, id_threshold=Decimal("1000"), reason="Prueba")
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    for seat, amount in ((7, "600"), (8, "600"), (9, "700")):
        cage.buyin_record(
            actor=sup,
            session=open_day,
            seat=seat,
            amount=amount,
            croupier=staff["croupier"],
            player_name="Dora Paz",
            cash=[{"value": "100", "count": int(amount) // 100}],
            chips=[("100", int(amount) // 100)],
        )
    finding = next(
        f
        for f in reconcile_day(gaming_day).findings
        if f.kind == "CASH_THRESHOLD" and "Dora" in f.es
    )
    assert finding.amount == Decimal("1900")
    text = " ".join(
        pdf_text(
            render("gaming_day", casino, {"date": gaming_day.business_date.isoformat()}).pdf,
            tmp_path,
        ).split()
    )
    assert re.search(r"Dora Paz .*\$ 1.900,00 \$ 1.000,00 \d\d:\d\d \(\$ 1.200,00\)", text), text
    page = visible(
        client_for(staff["shift_manager"], Role.SHIFT_MANAGER)
        .get(reverse("cage:alerts"))
        .content.decode()
    )
    assert re.search(r"Dora Paz .*1.000,00 1.900,00 \d\d:\d\d \(1.200,00\)", page), page
