"""The pure books of a session (``cage.books``), as properties (hypothesis), no database.

Whatever the movements (buy-ins, colour changes, cash-outs, tip changes, in-hand
changes, fills and credits during play or at the closing, signed or not, reversals):

- chips are conserved per denomination: the expected closing is the opening plus every
  movement of that denomination, and a difference is counted − expected, never netted;
- money is conserved: the float's expected value plus the drop balances the opening, the
  fills and the credits (changes move denominations, not value);
- every difference is explained by exactly one cause: one FLOAT_VARIANCE per short or
  over denomination, one DROP_VARIANCE, one RAKE_BOX_VARIANCE, and the result variance
  is exactly their sum;
- the awkward inputs: a denomination the closing count never lists (counted 0), a count
  of zero, a session with no movements.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from cage import books
from cage.books import (
    BUYIN,
    CREDIT,
    FILL,
    IN,
    IN_HAND_CHANGE,
    BoxCount,
    ChipLine,
    Count,
    Movements,
    Record,
    Slip,
    Transaction,
    compute,
)

D = Decimal
ZERO = D("0")
# A chip set with a fractional chip: money is Decimal, chips are ints.
SET = {1: D("1000"), 2: D("500"), 3: D("100"), 4: D("25"), 5: D("5"), 6: D("1"), 7: D("0.50")}
IDS = sorted(SET)
CHANGE_KINDS = ("colour_change", "cash_out", "tip_change")


def _rec(n: int) -> Record:
    return Record("transaction", n, f"tx {n}")


@st.composite
def buyins(draw, n: int) -> Transaction:
    chips = draw(st.dictionaries(st.sampled_from(IDS), st.integers(1, 20), min_size=1))
    value = sum((SET[d] * c for d, c in chips.items()), ZERO)
    cash = draw(st.booleans())
    return Transaction(
        kind=BUYIN,
        record=_rec(n),
        sign=draw(st.sampled_from([1, 1, 1, -1])),  # a reversal now and then
        # Chips bought at the cage move no float chips and no cash (BUYIN-08).
        chips=tuple(ChipLine(d, c, "out") for d, c in chips.items()) if cash else (),
        cash_buyin=cash,
        cash=value if cash else ZERO,
        amount=value,
        override=draw(st.booleans()),
        override_reason="ok",
    )


@st.composite
def changes(draw, n: int) -> Transaction:
    """A change of equal value: n chips of one denomination for chips of a smaller one."""
    big, small = sorted(draw(st.lists(st.sampled_from(IDS), min_size=2, max_size=2, unique=True)))
    ratio = SET[big] / SET[small]
    count = draw(st.integers(1, 5))
    give = [ChipLine(big, count, IN), ChipLine(small, int(ratio * count), "out")]
    if draw(st.booleans()):  # the player colours up: small chips in, a big one out
        give = [ChipLine(small, int(ratio * count), IN), ChipLine(big, count, "out")]
    return Transaction(
        kind=draw(st.sampled_from(CHANGE_KINDS)),
        record=_rec(n),
        sign=draw(st.sampled_from([1, 1, -1])),
        chips=tuple(give),
    )


@st.composite
def in_hand(draw, n: int) -> Transaction:
    chips = draw(st.dictionaries(st.sampled_from(IDS), st.integers(1, 9), min_size=1))
    return Transaction(
        kind=IN_HAND_CHANGE,
        record=_rec(n),
        chips=tuple(ChipLine(d, c, draw(st.sampled_from([IN, "out"]))) for d, c in chips.items()),
    )


@st.composite
def slips(draw, n: int) -> Slip:
    lines = draw(st.dictionaries(st.sampled_from(IDS), st.integers(1, 30), min_size=1))
    counts = draw(st.booleans())
    status = "received" if counts else draw(st.sampled_from(["issued", "void", "void_pending"]))
    return Slip(
        serial=f"S-{n}",
        kind=draw(st.sampled_from([FILL, CREDIT])),
        during_play=draw(st.booleans()),
        status=status,
        counts=counts,
        record=Record("slip", n, f"S-{n}"),
        lines=tuple(lines.items()),
        locked=counts or status == "void",
    )


@st.composite
def movements(draw, *, closed: bool | None = None) -> Movements:
    opening = draw(st.none() | st.dictionaries(st.sampled_from(IDS), st.integers(0, 200)))
    txs = []
    for i in range(draw(st.integers(0, 8))):
        kind = draw(st.sampled_from(["buyin", "change", "in_hand"]))
        txs.append(draw({"buyin": buyins, "change": changes, "in_hand": in_hand}[kind](i)))
    slip_list = [draw(slips(100 + i)) for i in range(draw(st.integers(0, 4)))]
    par = tuple(draw(st.lists(st.sampled_from(IDS), unique=True)))
    # The closing: each denomination short, over or right, some never listed (counted 0).
    expected = _expected(par, opening, txs, slip_list)
    closing = None
    if draw(st.booleans()):
        closing = {}
        for d, e in expected.items():
            if draw(st.booleans()) and e >= 0:
                continue  # never counted: the count does not list it
            closing[d] = max(0, e + draw(st.integers(-3, 3)))
    is_closed = draw(st.booleans()) if closed is None else closed
    rake = draw(st.integers(0, 500).map(D))
    drop = sum((t.sign * t.cash for t in txs if t.kind == BUYIN and t.cash_buyin), ZERO)
    box = None
    if draw(st.booleans()):
        box = BoxCount(
            drop=drop + D(draw(st.integers(-3, 3)) * 100),
            rake=rake + D(draw(st.integers(-2, 2)) * 5),
            record=Record("drop_count", 1),
        )
    return Movements(
        denominations=SET,
        closed=is_closed,
        status="closed" if is_closed else "open",
        par=par,
        opening=None if opening is None else Count(opening, signed=True),
        closing=None if closing is None else Count(closing, signed=True),
        transactions=tuple(txs),
        slips=tuple(slip_list),
        rake_ledger=rake,
        box_count=box,
    )


def _expected(par, opening, txs, slip_list) -> dict[int, int]:
    """The chips each denomination should hold, movement by movement (the model)."""
    chips: dict[int, int] = defaultdict(int)
    for d in par:
        chips[d] += 0
    for d, n in (opening or {}).items():
        chips[d] += n
    for t in txs:
        for cl in t.chips:
            if t.kind == IN_HAND_CHANGE:
                continue  # from the pot (CHIP-14)
            chips[cl.denomination] += t.sign * cl.count * (1 if cl.direction == IN else -1)
    for s in slip_list:
        for d, n in s.lines:
            if s.during_play:
                chips[d] += (n if s.kind == FILL else -n) if s.counts else 0
    return dict(chips)


def _value(chips: dict[int, int]) -> Decimal:
    return sum((SET[d] * n for d, n in chips.items()), ZERO)


@settings(max_examples=200, deadline=None)
@given(movements())
def test_chips_are_conserved_per_denomination(m):  # CLOSE-16
    b = compute(m)
    model = _expected(m.par, m.opening.lines if m.opening else None, m.transactions, m.slips)
    assert {d: line.expected for d, line in b.lines.items()} == model
    for d, line in b.lines.items():
        if m.closing is None:
            assert line.counted is None and line.variance is None
        else:  # a denomination the count does not list was counted 0
            assert line.counted == m.closing.lines.get(d, 0)
            assert line.variance == line.counted - model[d]


@settings(max_examples=200, deadline=None)
@given(movements())
def test_money_is_conserved(m):  # CLOSE-16, CHIP-17
    b = compute(m)
    float_value = sum((line.value * line.expected for line in b.lines.values()), ZERO)
    opening = b.opening_value if b.opening_value is not None else ZERO
    # Buy-ins swap float chips for notes in the drop; changes swap denominations only.
    assert float_value + b.expected_drop == opening + b.fills_value - b.credits_value
    # The counted slips' values are their chips' values, during play and at the closing.
    for kind, during, total in (
        (FILL, True, b.fills_value),
        (CREDIT, True, b.credits_value),
        (FILL, False, b.closing_fills_value),
        (CREDIT, False, b.closing_credits_value),
    ):
        chips = [
            (d, n)
            for s in m.slips
            if s.counts and s.kind == kind and s.during_play == during
            for d, n in s.lines
        ]
        assert total == sum((SET[d] * n for d, n in chips), ZERO)


@settings(max_examples=200, deadline=None)
@given(movements())
def test_every_difference_is_explained_by_exactly_one_cause(m):  # CLOSE-16, OQ-26
    b = compute(m)
    codes = Counter((f.code, f.denomination) for f in b.findings if f.code.endswith("VARIANCE"))
    assert all(n == 1 for n in codes.values()), codes
    floats = {f.denomination: f for f in b.findings if f.code == "FLOAT_VARIANCE"}
    for line in b.lines.values():
        if line.variance:  # short or over: one finding, its value, never netted
            f = floats.pop(line.value)
            assert (f.amount, f.expected, f.counted) == (
                line.value * line.variance,
                line.expected,
                line.counted,
            )
    assert floats == {}  # and none for a denomination that balances
    drop = [f for f in b.findings if f.code == "DROP_VARIANCE"]
    box = [f for f in b.findings if f.code == "RAKE_BOX_VARIANCE"]
    if m.box_count is None:
        assert drop == box == [] and b.counted_drop is None
    else:
        assert [f.amount for f in drop] == (
            [m.box_count.drop - b.expected_drop] if m.box_count.drop != b.expected_drop else []
        )
        assert [f.amount for f in box] == (
            [m.box_count.rake - m.rake_ledger] if m.box_count.rake != m.rake_ledger else []
        )
    # The result line's difference is the sum of those causes, to the cent.
    result = [f for f in b.findings if f.code == "RESULT_VARIANCE"]
    if b.result is None:
        assert result == []
    else:
        explained = sum(
            (f.amount for f in b.findings if f.code in ("FLOAT_VARIANCE", "DROP_VARIANCE")),
            ZERO,
        ) + sum((f.amount for f in box), ZERO)
        # Money conserved: what the float lacks is the result's difference, cent for cent.
        assert b.result - m.rake_ledger == explained
        assert [f.amount for f in result] == ([explained] if explained else [])


@settings(max_examples=150, deadline=None)
@given(movements())
def test_in_hand_changes_and_uncounted_slips_move_nothing(m):  # CHIP-14
    b = compute(m)
    without = Movements(
        **{
            **m.__dict__,
            "transactions": tuple(t for t in m.transactions if t.kind != IN_HAND_CHANGE),
        }
    )
    assert compute(without) == b  # lines, records, figures and findings alike
    # A slip left out of the books is listed as uncounted (unless void), with its chips.
    for s in m.slips:
        if not s.counts and s.status != "void":
            left = b.uncounted[s.serial]
            assert left.value == sum((SET[d] * n for d, n in s.lines), ZERO)
            assert sum(left.counts.values()) == sum(n for _d, n in s.lines)
        else:
            assert s.serial not in b.uncounted


def test_a_denomination_never_counted_is_counted_zero():
    # The 25s are in the opening but the closing count does not list them: 4 short.
    m = Movements(
        denominations=SET,
        closed=True,
        opening=Count({3: 10, 4: 4}),
        closing=Count({3: 10}),
    )
    b = compute(m)
    assert b.lines[4].counted == 0
    [f] = [f for f in b.findings if f.code == "FLOAT_VARIANCE"]
    assert (f.denomination, f.amount, f.expected, f.counted) == (D("25"), D("-100"), 4, 0)
    # A count of zero says the same thing as a denomination not listed.
    listed = compute(Movements(**{**m.__dict__, "closing": Count({3: 10, 4: 0})}))
    assert [(f.code, f.amount) for f in listed.findings] == [(f.code, f.amount) for f in b.findings]
    assert listed.closing_value == b.closing_value == D("1000")


def test_a_count_of_zero_everywhere_balances_an_empty_float():
    m = Movements(
        denominations=SET, closed=True, par=(3, 4), opening=Count({3: 0}), closing=Count({4: 0})
    )
    b = compute(m)
    assert {d: (x.expected, x.counted) for d, x in b.lines.items()} == {3: (0, 0), 4: (0, 0)}
    assert (b.opening_value, b.closing_value) == (ZERO, ZERO)
    assert [f.code for f in b.findings] == ["DROP_NOT_COUNTED"]


def test_a_session_with_no_movements():
    still_open = compute(Movements(denominations=SET, status="open"))
    assert [(f.code, f.params) for f in still_open.findings] == [
        ("OPENING_COUNT_MISSING", {}),
        ("SESSION_NOT_CLOSED", {"status": "open"}),
    ]
    assert still_open.lines == {} and still_open.result is None
    assert (still_open.expected_drop, still_open.fills_value, still_open.credits_value) == (
        ZERO,
        ZERO,
        ZERO,
    )
    closed = compute(Movements(denominations=SET, closed=True, par=(1, 2)))
    assert [f.code for f in closed.findings] == [
        "OPENING_COUNT_MISSING",
        "CLOSING_COUNT_MISSING",
        "DROP_NOT_COUNTED",
    ]
    assert all(line.variance is None for line in closed.lines.values())
    # Counted, and nothing moved: balanced, the result is the rake (none).
    counted = compute(
        Movements(
            denominations=SET,
            closed=True,
            opening=Count({1: 20}),
            closing=Count({1: 20}),
            box_count=BoxCount(ZERO, ZERO, Record("drop_count", 1)),
        )
    )
    assert counted.findings == () and counted.result == ZERO


def test_every_finding_of_the_books_has_a_severity():
    assert set(books.SEVERITY.values()) == {books.VARIANCE, books.EXCEPTION, books.INFO}
    assert books.Finding("FLOAT_VARIANCE").severity == books.VARIANCE
    assert books.Finding("BUYIN_OVERRIDE").severity == books.INFO


def test_the_books_import_without_django_or_settings():
    code = (
        "import sys, cage.books; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'casino', 'tables', 'hands', 'reports', 'floor', 'rest_framework') "
        "or m.startswith(('cage.models', 'cage.selectors'))); print(bad); sys.exit(1 if bad else 0)"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_finding_of_the_books_has_its_words():
    # Words are the reconciliation's (cage.findings.word); a code without them fails loudly.
    from cage.findings import word

    slip_codes = {"SLIP_VOIDED", "SLIP_VOID_PENDING", "SLIP_UNSIGNED", "RECORD_ALTERED"}
    params = {"SESSION_NOT_CLOSED": {"status": "open"}, "BUYIN_OVERRIDE": {"reason": "ok"}}
    for code in sorted(set(books.SEVERITY) - slip_codes):
        f = books.Finding(code, amount=D("-5"), expected=4, counted=3, params=params.get(code, {}))
        worded = word(f, {"table": 3, "session": 9})
        assert worded.es and worded.en and worded.es != worded.en, code
        assert (worded.kind, worded.severity, worded.table, worded.session) == (
            code,
            books.SEVERITY[code],
            3,
            9,
        )
