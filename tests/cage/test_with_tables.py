"""The cage with the real tables app: counts from the signed sheets (issue 5), closing slips
through ``tables.hooks``, and ``manage.py reconcile_day`` (issue 6 "done when")."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from django.core.management import call_command

from cage import selectors, services
from casino.access import acting_as
from casino.roles import Role
from tables import selectors as tables_selectors
from tables import services as tables_services
from tables.models import OpeningSheet, TableSession
from tests.cage.services.test_slips import sign_all
from tests.tables.conftest import count_lines, open_table, sign_three

pytestmark = pytest.mark.django_db
D = Decimal


def day_at_one_table(staff, table, *, closing_counts=None):
    """Open (tables), buy-ins and rake (cage), close with par restored, drop counted."""
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    session = open_table(staff, table)
    opening = selectors.session_opening_count(session)
    assert opening is not None and opening.signed  # the adapter reads the signed sheet
    services.buyin_record(
        actor=sup,
        session=session,
        seat=1,
        amount="500",
        croupier=staff["croupier"],
        cash=[{"value": "500", "count": 1}],
        chips=[("100", 5)],
    )
    services.buyin_record(
        actor=sup,
        session=session,
        seat=2,
        amount="300",
        croupier=staff["croupier"],
        cash=[{"value": "100", "count": 3}],
        chips=[("25", 12)],
    )
    services.rake_post(actor=sup, session=session, hand_number=1, amount="9", pots=["300"])
    tables_services.closing_start(actor=boss, session=session, security_officer=staff["security"])
    closing = selectors.session_closing_count(session)
    assert closing is None  # prepared but not counted: no count yet
    sheet = tables_selectors.session_closing_count(session)
    expected = selectors.expected_float(session)
    den = {d.pk: d for d in selectors.table_denominations(table).values()}
    counts = {str(int(den[d].value)): n for d, n in expected.items()}
    counts.update(closing_counts or {})
    tables_services.closing_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet, counts))
    tables_services.closing_confirm_empty_bank(
        actor=sup, sheet=sheet, croupier=staff["croupier"], pin="1234"
    )
    needs = services.par_restoration(session)
    for kind in ("fill", "credit"):
        if needs[kind]:
            slip = services.slip_request(
                actor=boss,
                session=session,
                kind=kind,
                purpose="closing",
                lines=[(den[d].value, n) for d, n in needs[kind]],
            )
            sign_all(staff, slip)
    assert sign_three(staff, sheet, tables_services.closing_sign).locked
    session.refresh_from_db()
    assert session.status == TableSession.Status.CLOSED
    for who in ("cage_cashier", "cage_cashier2"):
        services.drop_count_record(
            actor=acting_as(staff[who], Role.CAGE_CASHIER),
            session=session,
            cash=[{"value": "500", "count": 1}, {"value": "100", "count": 3}],
            rake_chips=[("5", 1), ("1", 4)],
        )
    return session


def test_a_day_balances_with_the_tables_counts(staff, gaming_day, table, capsys):  # item 9
    session = day_at_one_table(staff, table)
    with pytest.raises(SystemExit) as done:
        call_command("reconcile_day", "--json", "--casino", "test")
        raise SystemExit(0)
    assert done.value.code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["balanced"] is True
    assert [f["kind"] for f in report["findings"] if f["severity"] != "info"] == []
    (rec,) = report["sessions"]
    assert (rec["session"], rec["result"], rec["expected_drop"]) == (session.pk, "9.00", "800.00")
    # The closing slips brought the float back to par for the next opening (CLOSE-07, OPEN-06).
    assert D(rec["float_after_closing_slips"]) == sum(
        p.total for p in table.float_par.select_related("denomination")
    )


def test_the_next_opening_expects_the_float_after_closing_slips(staff, gaming_day, table):
    day_at_one_table(staff, table, closing_counts={"100": 93})  # 2 chips short, filled back

    expected = tables_selectors.expected_float(table)
    par = selectors.float_par(table)
    assert expected.counts == par


def test_reconcile_day_exits_1_and_names_the_chip(staff, gaming_day, table, capsys):
    day_at_one_table(staff, table, closing_counts={"25": 187})  # one 25 chip short
    with pytest.raises(SystemExit) as done:
        call_command("reconcile_day", "--json", "--date", gaming_day.business_date.isoformat())
    assert done.value.code == 1
    report = json.loads(capsys.readouterr().out)
    variance = [f for f in report["findings"] if f["kind"] == "FLOAT_VARIANCE"]
    assert [(f["table"], f["denomination"], f["amount"]) for f in variance] == [
        (1, "25.00", "-25.00")
    ]
    assert {r["type"] for r in variance[0]["records"]} == {"transaction"}
    result = next(f for f in report["findings"] if f["kind"] == "RESULT_VARIANCE")
    assert result["amount"] == "-25.00"


def test_reconcile_day_human_output_and_bad_date(staff, gaming_day, table, capsys):
    day_at_one_table(staff, table)
    call_command("reconcile_day")
    assert "BALANCED" in capsys.readouterr().out
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("reconcile_day", "--date", "30/11/2026")


def test_a_session_left_open_is_an_exception(staff, gaming_day, table, capsys):
    session = open_table(staff, table)
    assert OpeningSheet.objects.filter(session=session).exists()
    with pytest.raises(SystemExit) as done:
        call_command("reconcile_day", "--json")
    assert done.value.code == 1
    kinds = [f["kind"] for f in json.loads(capsys.readouterr().out)["findings"]]
    assert kinds.count("SESSION_NOT_CLOSED") == 1  # the tables' own item is not repeated
