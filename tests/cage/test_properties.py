"""Invariants of the books (hypothesis): whatever the transactions, a float counted as
the books say balances, and one chip out of place shows in its denomination only."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cage import selectors, services
from cage.models import ChipLine, RakeEntry, TableTransaction
from cage.reconciliation import reconcile_session
from tables.models import TableSession
from tests.cage.conftest import PAR, make_session, played_down_to

pytestmark = pytest.mark.django_db
D = Decimal
VALUES = ["1000", "500", "100", "25", "5", "1"]

buyin = st.tuples(
    st.just("buyin"), st.integers(1, 9), st.sampled_from(["100", "200", "500", "1000"])
)
change = st.tuples(
    st.just("change"),
    st.sampled_from([("1000", 1), ("500", 1), ("500", 2), ("100", 1), ("100", 2)]),
)
fill = st.tuples(st.just("fill"), st.sampled_from(VALUES[2:]), st.integers(1, 30))
operations = st.lists(st.one_of(buyin, change, fill), min_size=1, max_size=8)


def apply(ops, session, staff, sup, pit):
    from casino.access import acting_as
    from casino.roles import Role

    seated: set[int] = set()
    for op in ops:
        if op[0] == "buyin":
            _kind, seat, amount = op
            chips = [("100", int(D(amount) // 100))]
            services.buyin_record(
                actor=sup,
                session=session,
                seat=seat,
                amount=amount,
                croupier=staff["croupier"],
                cash=[{"value": amount, "count": 1}],
                chips=chips,
                stack_before=played_down_to(session, seat, "0") if seat in seated else None,
            )
            seated.add(seat)
        elif op[0] == "change":
            _kind, (value, n) = op
            total = D(value) * n
            n25 = int(total // 2 // 25)
            out = [("25", n25), ("5", int((total - 25 * n25) // 5))]
            services.colour_change_record(
                actor=sup,
                session=session,
                croupier=staff["croupier"],
                chips_in=[(value, n)],
                chips_out=out,
            )
        else:
            _kind, value, n = op
            slip = services.slip_request(
                actor=pit, session=session, kind="fill", lines=[(value, n)]
            )
            for who, role in (("cage_cashier", Role.CAGE_CASHIER), ("security", Role.SECURITY)):
                services.slip_sign(actor=acting_as(staff[who], role), slip=slip, role=role)
            services.slip_sign(
                actor=sup, slip=slip, role=Role.CROUPIER, signer=staff["croupier"], pin="1234"
            )
            services.slip_sign(actor=sup, slip=slip, role=Role.SUPERVISOR)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=operations, shift=st.sampled_from(VALUES), delta=st.sampled_from([-2, -1, 1]))
def test_books_balance_and_one_chip_shows_where_it_is(
    table, gaming_day, staff, sup, pit, counts, ops, shift, delta
):  # item 9, CLOSE-16
    number = TableSession.objects.filter(table=table).count() + 1
    TableSession.objects.filter(table=table).update(status=TableSession.Status.CLOSED)
    session = make_session(table, gaming_day, staff["supervisor"], number=number)
    # A float deep enough for any eight operations: the float pays only the chips it holds
    # (issue 12 §7, tests/cage/test_float_holds.py).
    counts.set_opening(session, dict.fromkeys(PAR, 1000))
    apply(ops, session, staff, sup, pit)
    TableSession.objects.filter(pk=session.pk).update(status=TableSession.Status.CLOSED)
    session.refresh_from_db()
    den = {d.pk: d.value for d in selectors.table_denominations(table).values()}
    expected = selectors.expected_float(session)
    counts.set_closing(session, {str(den[k]): n for k, n in expected.items()})
    cash = D(0)
    for tx in TableTransaction.objects.filter(session=session, kind="buyin"):
        cash += tx.amount
    rec = reconcile_session(session)
    assert rec.expected_drop == cash
    assert [f.kind for f in rec.findings if f.kind.endswith("VARIANCE")] == []
    # The value of the float went down by exactly the cash that came in, up by the fills.
    assert rec.opening_value - rec.closing_value + rec.fills_value == cash
    # One chip (or two) out of place: a variance in that denomination and nowhere else.
    closing = {str(den[k]): n for k, n in expected.items()}
    closing[str(D(shift).quantize(D("0.01")))] = (
        closing.get(str(D(shift).quantize(D("0.01"))), 0) + delta
    )
    counts.set_closing(session, closing)
    variances = [f for f in reconcile_session(session).findings if f.kind == "FLOAT_VARIANCE"]
    assert [(f.denomination, f.amount) for f in variances] == [(D(shift), D(shift) * delta)]
    # Buy-ins and changes move chips through chip lines; fills alone write slip lines only.
    chip_lines = ChipLine.objects.filter(transaction__session=session)
    assert chip_lines.exists() == any(op[0] != "fill" for op in ops)
    assert not RakeEntry.objects.filter(session=session).exists()
