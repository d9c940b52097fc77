"""The reconciliation of a session and of a gaming day (``cage/reconciliation.py``) as a
mutation run would probe it (issue 16 §1): each finding by its code, severity and words in
both languages, each figure (expected and counted, the variance, each sum), each sign (a
reversal subtracts, a void and an unsigned slip are left out), each boundary (no variance
against one chip off, a threshold reached), and what corrections leave in the books.

Written from reading the module, function by function (no mutation run yet: 2,522
mutants, about 4 h on this machine). The records are made through the services, as the
product makes them; only the tamper tests write SQL, as ``test_tamper_evidence.py`` does.
The pure parts (findings, figures, causes) are tested without the database."""

from __future__ import annotations

import hashlib
import json
from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.test import override_settings

from cage import selectors, services
from cage.models import (
    CashAlert,
    DropCount,
    Slip,
    SlipKind,
    TableTransaction,
)
from cage.reconciliation import (
    CAUSE_CELLS,
    CAUSE_TITLES,
    CHAINED,
    FORMULAS,
    MUST_BE_CHAINED,
    Cause,
    DayFigures,
    DenominationLine,
    Finding,
    Record,
    TableFigures,
    UncountedSlip,
    _audit_mismatch,
    _chain_record,
    _fmt,
    _hold,
    _key_unknown,
    _mismatch_finding,
    _seal_broken,
    cause_title,
    formula,
    group_causes,
    reconcile_day,
    reconcile_session,
    reconcile_session_of_day,
)
from cage.selectors import counts as counts_selectors
from casino import sealing
from casino.access import acting_as
from casino.models import AuditEvent, ChainLink, SerialCounter, canonical_json
from casino.roles import Role
from tables.models import TableSession
from tests.cage.conftest import make_session, make_table
from tests.pg_roles import as_superuser

D = Decimal
db = pytest.mark.django_db


# =========================================================================== pure parts


def F(kind, amount=None, severity="variance", denomination=None, detail="", **kw):  # noqa: N802
    return Finding(
        kind,
        severity,
        kw.pop("es", f"{kind} es"),
        kw.pop("en", f"{kind} en"),
        amount=None if amount is None else D(amount),
        denomination=None if denomination is None else D(denomination),
        detail=detail,
        **kw,
    )


def test_a_record_and_a_finding_as_the_api_gives_them():
    assert Record("slip", 7, "FILL-2026-000001 fill (received)").as_dict() == {
        "type": "slip",
        "id": 7,
        "label": "FILL-2026-000001 fill (received)",
    }
    assert Record("serial", "FILL-2026-000004").label == ""
    f = Finding(
        "FLOAT_VARIANCE",
        "variance",
        "Banca: faltan 1,234.50 y 12.00; el vale 2026-000123 no.",
        "Float: 1,234.50 short",
        table=3,
        session=9,
        denomination=D("100"),
        amount=D("-100"),
        expected=40,
        counted=D("39.5"),
        detail="x",
        records=(Record("transaction", 5, "buyin 1000.00"),),
    )
    # The Spanish words carry the casino's amounts (1.234,50); serials are left alone.
    assert f.es == "Banca: faltan 1.234,50 y 12,00; el vale 2026-000123 no."
    assert f.en == "Float: 1,234.50 short"
    assert (f.message(), f.message("es"), f.message("en"), f.message("en-gb")) == (
        f.es,
        f.es,
        f.en,
        f.en,
    )
    assert f.note == ""
    assert f.key == "FLOAT_VARIANCE:100.00"  # the denomination wins over the detail
    assert f.as_dict() == {
        "kind": "FLOAT_VARIANCE",
        "severity": "variance",
        "key": "FLOAT_VARIANCE:100.00",
        "table": 3,
        "session": 9,
        "denomination": "100.00",
        "amount": "-100.00",
        "expected": 40,
        "counted": "39.50",
        "detail": "x",
        "message": {"es": f.es, "en": f.en},
        "records": [{"type": "transaction", "id": 5, "label": "buyin 1000.00"}],
    }
    bare = Finding("SERIAL_GAP", "exception", "a", "b")
    assert bare.key == "SERIAL_GAP:-"
    assert F("SLIP_UNSIGNED", detail="FILL-2026-000002").key == "SLIP_UNSIGNED:FILL-2026-000002"
    d = bare.as_dict()
    assert (d["table"], d["session"], d["denomination"], d["amount"]) == (None, None, None, None)
    assert (d["expected"], d["counted"], d["detail"], d["records"]) == (None, None, "", [])


def test_the_expected_closing_adds_and_subtracts_each_term():  # CLOSE-16, issue 6 item 9
    line = DenominationLine(
        denomination_id=1,
        value=D("25"),
        opening=100,
        fills=20,
        credits=3,
        sold=40,
        changes_in=5,
        changes_out=7,
    )
    assert line.expected == 100 + 20 - 3 - 40 + 5 - 7 == 75
    assert line.variance is None  # not counted yet
    assert line.records == []
    line.counted = 74
    assert line.variance == -1  # one chip short: never rounded away
    assert line.as_dict() == {
        "denomination": "25.00",
        "opening": 100,
        "fills": 20,
        "credits": 3,
        "sold_at_buyins": 40,
        "changes_in": 5,
        "changes_out": 7,
        "expected": 75,
        "counted": 74,
        "variance_chips": -1,
        "variance_value": "-25.00",
    }
    line.counted = 75
    assert (line.variance, line.as_dict()["variance_value"]) == (0, "0.00")
    line.counted = 77
    assert line.as_dict()["variance_value"] == "50.00"
    empty = DenominationLine(denomination_id=2, value=D("5"))
    assert (empty.opening, empty.fills, empty.credits, empty.sold) == (0, 0, 0, 0)
    assert (empty.changes_in, empty.changes_out, empty.counted, empty.expected) == (0, 0, None, 0)
    assert empty.as_dict()["variance_value"] == "0.00"


def figures(**kw) -> TableFigures:
    base = dict(
        opening=D("20000"),
        fills=D("1000"),
        credits=D("300"),
        closing_fills=D("200"),
        closing_credits=D("50"),
        closing_count=D("14000"),
        expected_drop=D("6500"),
        counted_drop=D("6000"),
        rake_box=D("450"),
        rake_ledger=D("400"),
    )
    base.update(kw)
    return TableFigures(**base)


def test_a_tables_figures_and_their_formulas():  # issue 14 §1
    f = figures()
    assert f.final_float == D("14150")  # 14,000 + 200 − 50
    assert f.drop == D("6000") and f.drop_counted is True
    # 6,000 + 450 + 14,150 + 300 − 20,000 − 1,000
    assert f.result == D("-100")
    assert f.difference == D("-500")
    assert f.hold == D("-1.7")  # −100 × 100 ÷ 6,000 = −1.666… → −1.7
    assert f.as_dict() == {
        "opening": "20000.00",
        "fills": "1000.00",
        "credits": "300.00",
        "closing_count": "14000.00",
        "closing_fills": "200.00",
        "closing_credits": "50.00",
        "final_float": "14150.00",
        "drop": "6000.00",
        "drop_counted": True,
        "rake_box": "450.00",
        "rake_ledger": "400.00",
        "result": "-100.00",
        "difference": "-500.00",
        "hold_percent": "-1.70",
    }
    # A drop counted at zero is zero, not the expected drop.
    zero = figures(counted_drop=D("0"))
    assert (zero.drop, zero.drop_counted, zero.hold) == (D("0"), True, None)
    uncounted = figures(counted_drop=None)
    assert (uncounted.drop, uncounted.drop_counted) == (D("6500"), False)
    for missing in ("counted_drop", "rake_box", "closing_count", "opening"):
        f = figures(**{missing: None})
        assert (f.result, f.difference, f.hold) == (None, None, None), missing
    assert figures(closing_count=None).final_float is None
    assert figures(closing_count=None).as_dict()["final_float"] is None


def test_hold_is_the_result_over_the_drop_to_a_tenth():
    assert _hold(D("450"), D("6000")) == D("7.5")
    assert _hold(D("1"), D("3")) == D("33.3")
    assert _hold(D("2"), D("3")) == D("66.7")
    assert _hold(D("0"), D("6000")) == D("0.0")
    assert _hold(None, D("6000")) is None
    assert _hold(D("450"), D("0")) is None
    assert _hold(D("450"), None) is None


def test_the_formulas_in_both_languages():  # issue 14 §1: one definition, printed
    assert formula("result") == (
        "Resultado = Drop + Caja de comisión + Banca final + Créditos − Banca de apertura "
        "− Rellenos"
    )
    assert formula("result", "en") == (
        "Result = Drop + Rake box + Final float + Credits − Opening float − Fills"
    )
    assert formula("final_float", "es") == (
        "Banca final = Conteo de cierre + Rellenos de cierre − Créditos de cierre"
    )
    assert formula("final_float", "en-us") == (
        "Final float = Closing count + Closing fills − Closing credits"
    )
    assert formula("difference") == (
        "Diferencia = Resultado − Comisión registrada (debe ser 0: la casa no juega manos)"
    )
    assert formula("difference", "en") == (
        "Difference = Result − Rake recorded (must be 0: the house plays no hand)"
    )
    assert (formula("hold"), formula("hold", "en")) == (
        "Hold = Resultado ÷ Drop",
        "Hold = Result ÷ Drop",
    )
    assert set(FORMULAS) == {"result", "final_float", "difference", "hold"}


def test_the_days_total_adds_only_the_complete_books():  # issue 14 §1
    done = figures()
    other = figures(
        opening=D("1000"),
        fills=D("10"),
        credits=D("20"),
        closing_fills=D("1"),
        closing_credits=D("2"),
        closing_count=D("900"),
        expected_drop=D("100"),
        counted_drop=D("110"),
        rake_box=D("5"),
        rake_ledger=D("6"),
    )
    pending = figures(counted_drop=None, expected_drop=D("777"), fills=D("9999"))
    day = DayFigures.of([done, pending, other])
    assert (day.sessions, day.pending) == (3, 1)
    t = day.total
    assert (t.opening, t.fills, t.credits) == (D("21000"), D("1010"), D("320"))
    assert (t.closing_fills, t.closing_credits, t.closing_count) == (D("201"), D("52"), D("14900"))
    assert (t.expected_drop, t.counted_drop, t.rake_box, t.rake_ledger) == (
        D("6600"),
        D("6110"),
        D("455"),
        D("406"),
    )
    assert t.result == done.result + other.result
    assert day.as_dict() == {**t.as_dict(), "sessions": 3, "pending": 1}
    # Nothing complete: a dash for what only complete books have, zero for the sums.
    none = DayFigures.of([pending])
    assert (none.sessions, none.pending) == (1, 1)
    n = none.total
    assert (n.opening, n.closing_count, n.counted_drop, n.rake_box) == (None, None, None, None)
    assert (n.fills, n.credits, n.closing_fills, n.closing_credits) == (0, 0, 0, 0)
    assert (n.expected_drop, n.rake_ledger) == (0, 0)
    empty = DayFigures.of([])
    assert (empty.sessions, empty.pending, empty.total.opening) == (0, 0, None)
    # A complete session whose rake box held nothing adds zero, not None.
    nil = DayFigures.of([figures(rake_box=D("0"), opening=D("0"))])
    assert (nil.total.rake_box, nil.total.opening) == (D("0"), D("0"))


def test_each_cause_has_its_title_in_both_languages():  # issue 14 §2: words, not codes
    assert CAUSE_TITLES == {
        "FLOAT_VARIANCE": ("Diferencia de fichas en la banca", "Chip variance in the float"),
        "DROP_VARIANCE": ("Diferencia en la caja de drop", "Drop box variance"),
        "RAKE_BOX_VARIANCE": ("Diferencia en la caja de comisión", "Rake box variance"),
        "RESULT_VARIANCE": ("Resultado sin causa identificada", "Result variance without a cause"),
        "HAND_UNRESOLVED": ("Mano inválida sin resolver", "Invalid hand not resolved"),
        "RAKE_MISMATCH": ("Comisión mal tomada", "Rake taken wrongly"),
        "RAKE_NOT_ALLOWED": ("Comisión en mesa sin comisión", "Rake on a table without rake"),
        "SLIP_UNSIGNED": ("Vale sin todas sus firmas", "Slip not fully signed"),
        "SLIP_VOID_PENDING": ("Anulación de vale sin confirmar", "Slip void not confirmed"),
        "OPENING_COUNT_MISSING": ("Sin conteo de apertura", "No opening count"),
        "OPENING_COUNT_UNSIGNED": ("Planilla de apertura sin firmar", "Opening sheet not signed"),
        "OPENING_DISCREPANCY": ("Diferencia en la apertura", "Opening discrepancy"),
        "OPENING_LINK_MISMATCH": (
            "Apertura distinta del cierre anterior",
            "Opening ≠ last closing",
        ),
        "CLOSING_COUNT_MISSING": ("Sin conteo de cierre", "No closing count"),
        "CLOSING_COUNT_UNSIGNED": ("Planilla de cierre sin firmar", "Closing sheet not signed"),
        "SESSION_NOT_CLOSED": ("Mesa abierta", "Table still open"),
        "DROP_NOT_COUNTED": ("Drop sin contar", "Drop not counted"),
        "DROP_COUNTS_DISAGREE": ("Conteos de drop distintos", "Drop counts disagree"),
        "SERIAL_GAP": ("Salto de numeración", "Gap in the numbering"),
        "SHEET_SERIAL_GAP": ("Salto de numeración de planillas", "Gap in the sheet numbering"),
        "CASH_ALERT_MISSING": ("Alerta de efectivo no registrada", "Cash alert not raised"),
        "PACK_NOT_RETURNED": ("Mazo no devuelto", "Pack not returned"),
        "DECK_FINAL_CONTROL_MISSING": (
            "Control final de naipes sin firmar",
            "No deck final control",
        ),
        "MANDATORY_SANCTION_NOT_IMPOSED": (
            "Sanción obligatoria no impuesta",
            "Mandatory sanction",
        ),
        "RECORD_ALTERED": ("Registro modificado", "Record altered"),
        "RECORD_MISSING": ("Registro borrado", "Record deleted"),
        "RECORD_UNAUDITED": ("Registro sin auditoría", "Record without audit event"),
        "AUDIT_MISMATCH": ("Registro distinto de su auditoría", "Record differs from its audit"),
        "CHAIN_BROKEN": ("Cadena de evidencia rota", "Evidence chain broken"),
        "UNCHAINED": ("Registro fuera de la cadena", "Record outside the chain"),
        "SEAL_KEY_UNKNOWN": ("Sello no verificable", "Seal cannot be verified"),
    }
    assert cause_title("DROP_VARIANCE") == "Diferencia en la caja de drop"
    assert cause_title("DROP_VARIANCE", "en-gb") == "Drop box variance"
    assert (cause_title("NO_SUCH_KIND"), cause_title("NO_SUCH_KIND", "en")) == (
        "Otra excepción",
        "Other exception",
    )
    assert CAUSE_CELLS == {
        "FLOAT_VARIANCE": {"final_float"},
        "DROP_VARIANCE": {"drop"},
        "RAKE_BOX_VARIANCE": {"rake_box"},
        "HAND_UNRESOLVED": {"rake_box"},
        "RESULT_VARIANCE": {"result"},
        "DROP_NOT_COUNTED": {"drop", "rake_box"},
        "DROP_COUNTS_DISAGREE": {"drop", "rake_box"},
        "OPENING_COUNT_MISSING": {"opening"},
        "CLOSING_COUNT_MISSING": {"final_float"},
    }


# --------------------------------------------------------------------------- causes


def test_a_cause_and_its_figures():  # issue 14 §2
    finding = F("DROP_VARIANCE", "-500", table=2, session=8)
    effect = F("FLOAT_VARIANCE", "100", denomination="100")
    cause = Cause(finding, (effect,), result_effect=D("-400"), cells=frozenset({"drop", "a"}))
    assert (cause.kind, cause.table, cause.session, cause.amount) == (
        "DROP_VARIANCE",
        2,
        8,
        D("-400"),
    )
    assert cause.keys == ("DROP_VARIANCE:-", "FLOAT_VARIANCE:100.00")
    assert (cause.title(), cause.title("en")) == (
        "Diferencia en la caja de drop",
        "Drop box variance",
    )
    assert cause.as_dict() == {
        "kind": "DROP_VARIANCE",
        "title": {"es": "Diferencia en la caja de drop", "en": "Drop box variance"},
        "table": 2,
        "session": 8,
        "amount": "-400.00",
        "result_effect": "-400.00",
        "cells": ["a", "drop"],
        "finding": finding.as_dict(),
        "effects": [effect.as_dict()],
    }
    # No effect on the result given: the finding's own amount; an effect of zero is zero.
    assert Cause(finding).amount == D("-500")
    assert Cause(finding, result_effect=D("0")).amount == D("0")
    bare = Cause(finding)
    assert (bare.effects, bare.result_effect, bare.cells, bare.keys) == (
        (),
        None,
        frozenset(),
        ("DROP_VARIANCE:-",),
    )


def test_an_unsigned_fill_explains_the_overs_of_its_chips():  # issue 14 §2, issue 6 item 6
    unsigned = F("SLIP_UNSIGNED", "1100", severity="exception", detail="FILL-1")
    over100 = F("FLOAT_VARIANCE", "1000", denomination="100")
    over25 = F("FLOAT_VARIANCE", "100", denomination="25")
    other = F("FLOAT_VARIANCE", "-5", denomination="5")
    result = F("RESULT_VARIANCE", "1095", table=1, session=4, expected=D("0"), counted=D("1095"))
    info = F("SLIP_VOIDED", "50", severity="info", detail="FILL-0")
    slip = UncountedSlip(SlipKind.FILL, True, D("1100"), {D("100"): 10, D("25"): 4})
    causes = group_causes([info, unsigned, over100, over25, other, result], {"FILL-1": slip})
    # 1,095 = 1,100 (the fill) − 5 (the 5s short): the result variance is all explained.
    assert [c.kind for c in causes] == ["SLIP_UNSIGNED", "FLOAT_VARIANCE"]
    fill, five = causes
    assert fill.finding is unsigned and fill.effects == (over100, over25)
    assert fill.result_effect == D("1100")
    assert fill.cells == {"fills", "final_float"}
    assert (five.finding, five.result_effect, five.cells) == (other, D("-5"), {"final_float"})
    # 1,195: 100 is left without a cause.
    result2 = F(
        "RESULT_VARIANCE",
        "1195",
        table=1,
        session=4,
        expected=D("10"),
        counted=D("1205"),
        detail="r",
        records=(Record("x", 1),),
        es="Resultado 1,205.00.",
        en="Result 1,205.00.",
    )
    causes = group_causes([unsigned, over100, over25, other, result2], {"FILL-1": slip})
    assert [c.kind for c in causes] == [
        "SLIP_UNSIGNED",
        "FLOAT_VARIANCE",
        "RESULT_VARIANCE",
    ]
    rest = causes[-1]
    assert rest.effects == (result2,) and rest.result_effect == D("100")
    assert rest.cells == {"result"}
    f = rest.finding
    assert (f.kind, f.severity, f.amount, f.table, f.session) == (
        "RESULT_VARIANCE",
        "variance",
        D("100"),
        1,
        4,
    )
    assert (f.expected, f.counted, f.detail, f.records) == (
        D("10"),
        D("1205"),
        "r",
        (Record("x", 1),),
    )
    assert f.es == "Resultado 1.205,00. Sin causa identificada: 100,00."
    assert f.en == "Result 1,205.00. Without an identified cause: 100.00."


def test_a_result_variance_all_explained_is_no_cause():
    unsigned = F("SLIP_UNSIGNED", "1000", severity="exception", detail="FILL-1")
    over = F("FLOAT_VARIANCE", "1000", denomination="100")
    result = F("RESULT_VARIANCE", "1000")
    slip = UncountedSlip(SlipKind.FILL, True, D("1000"), {D("100"): 10})
    assert [c.kind for c in group_causes([result, unsigned, over], {"FILL-1": slip})] == [
        "SLIP_UNSIGNED"
    ]
    # A result variance without an amount is never a cause.
    assert group_causes([F("RESULT_VARIANCE")]) == []
    # Only information: no cause at all.
    assert group_causes([F("SLIP_VOIDED", "5", severity="info")]) == []


def test_an_unsigned_credit_explains_the_shorts_of_its_chips():  # a credit's chips left
    unsigned = F("SLIP_VOID_PENDING", "2000", severity="exception", detail="CREDIT-1")
    short = F("FLOAT_VARIANCE", "-2000", denomination="500")
    slip = UncountedSlip(SlipKind.CREDIT, True, D("2000"), {D("500"): 4})
    [credit] = group_causes([unsigned, short], {"CREDIT-1": slip})
    assert credit.effects == (short,) and credit.result_effect == D("-2000")
    assert credit.cells == {"credits", "final_float"}
    # An over of the same chips is not what a credit explains.
    over = F("FLOAT_VARIANCE", "2000", denomination="500")
    credit, left = group_causes([unsigned, over], {"CREDIT-1": slip})
    assert (credit.effects, credit.result_effect, credit.cells) == ((), D("0"), {"credits"})
    assert (left.finding, left.result_effect) == (over, D("2000"))


def test_a_slip_explains_its_variances_whole_or_not_at_all():
    unsigned = F("SLIP_UNSIGNED", "1100", severity="exception", detail="FILL-1")
    over100 = F("FLOAT_VARIANCE", "1000", denomination="100")
    slip = UncountedSlip(SlipKind.FILL, True, D("1100"), {D("100"): 10, D("25"): 4})
    fill, left = group_causes([unsigned, over100], {"FILL-1": slip})
    assert (fill.effects, fill.result_effect, fill.cells) == ((), D("0"), {"fills"})
    assert (left.finding, left.cells) == (over100, {"final_float"})
    # A closing slip comes after the closing count: it explains no variance.
    closing = UncountedSlip(SlipKind.FILL, False, D("1000"), {D("100"): 10})
    fill, left = group_causes([unsigned, over100], {"FILL-1": closing})
    assert (fill.effects, fill.result_effect, fill.cells) == ((), D("0"), {"fills"})
    assert left.finding is over100
    # Two slips of the same chips, one variance: it is explained once.
    second = F("SLIP_UNSIGNED", "1000", severity="exception", detail="FILL-2")
    same = UncountedSlip(SlipKind.FILL, True, D("1000"), {D("100"): 10})
    first, other = group_causes([unsigned, second, over100], {"FILL-1": same, "FILL-2": same})
    assert first.effects == (over100,) and other.effects == ()
    assert other.result_effect == D("0")
    # A slip finding the uncounted list does not know: a cause on its own, no figure.
    [alone] = group_causes([F("SLIP_UNSIGNED", "5", severity="exception", detail="X")])
    assert (alone.effects, alone.result_effect, alone.cells) == ((), None, frozenset())


def test_unresolved_hands_explain_the_rake_box_when_they_add_up_to_it():  # issue 14 §2
    h1 = F("HAND_UNRESOLVED", "30", severity="exception", detail="1")
    h2 = F("HAND_UNRESOLVED", "20", severity="exception", detail="2")
    box = F("RAKE_BOX_VARIANCE", "50")
    mismatch = F("RAKE_MISMATCH", "11", detail="4")
    c1, c2, m = group_causes([h1, h2, box, mismatch])
    assert (c1.effects, c1.result_effect, c1.cells) == ((box,), D("30"), {"rake_box"})
    assert (c2.effects, c2.result_effect, c2.cells) == ((box,), D("20"), {"rake_box"})
    # Not a variance of the books: no effect on the result; its amount is its own.
    assert (m.finding, m.result_effect, m.cells, m.amount) == (mismatch, None, frozenset(), D("11"))
    # They do not add up: the box is a cause of its own.
    c1, c2, b, _m = group_causes([h1, h2, F("RAKE_BOX_VARIANCE", "60"), mismatch])
    assert (c1.effects, c1.result_effect, c1.cells) == ((), D("0"), frozenset())
    assert (b.kind, b.result_effect, b.cells) == ("RAKE_BOX_VARIANCE", D("60"), {"rake_box"})
    # Hands with nothing unposted explain nothing, even a box variance of zero's kind.
    none = F("HAND_UNRESOLVED", None, severity="exception")
    c, b = group_causes([none, F("RAKE_BOX_VARIANCE", "50")])
    assert (c.effects, c.result_effect) == ((), D("0"))
    assert b.result_effect == D("50")
    # No box variance: the hands explain nothing.
    [c] = group_causes([h1])
    assert (c.effects, c.result_effect, c.cells) == ((), D("0"), frozenset())


def test_causes_keep_the_findings_order_and_their_cells():
    drop = F("DROP_VARIANCE", "-500")
    missing = F("CLOSING_COUNT_MISSING", severity="exception")
    counted = F("DROP_NOT_COUNTED", severity="exception")
    altered = F("RECORD_ALTERED", severity="exception", detail="transaction#1")
    causes = group_causes([altered, counted, missing, drop])
    assert [c.finding for c in causes] == [altered, counted, missing, drop]
    assert [c.cells for c in causes] == [
        frozenset(),
        {"drop", "rake_box"},
        {"final_float"},
        {"drop"},
    ]
    assert [c.result_effect for c in causes] == [None, None, None, D("-500")]


# --------------------------------------------------------------------------- small helpers


def test_the_small_helpers():
    assert _fmt(D("1234.5")) == "1,234.50"
    assert _fmt(D("-25")) == "\u221225.00"
    assert _fmt(None) == "—"
    assert _seal_broken(sealing.ALTERED, True) and _seal_broken(sealing.ALTERED, False)
    assert _seal_broken(sealing.LEGACY, False)
    assert not _seal_broken(sealing.LEGACY, True)
    assert not _seal_broken(sealing.OK, False) and not _seal_broken(sealing.KEY_UNKNOWN, False)
    assert _chain_record("cage.tabletransaction", "12", "seq 3") == Record(
        "transaction", 12, "seq 3"
    )
    assert _chain_record("casino.auditevent", 4) == Record("audit_event", 4, "")
    assert _chain_record("cage.rakeentry", "x1") == Record("rake", "x1", "")
    assert _chain_record("other.model", "7") == Record("other.model", 7, "")
    assert CHAINED["cage.slip"] == ("slip", "slip")
    assert CHAINED["casino.signature"] == ("signature", "signature")
    assert CHAINED["casino.auditevent"] == ("audit_event", "auditevent")
    assert MUST_BE_CHAINED == (
        "cage.tabletransaction",
        "cage.rakeentry",
        "cage.slip",
        "casino.auditevent",
    )


def test_an_audit_event_is_compared_field_by_field():  # issue 12 §5
    payload = {"amount": D("500.00"), "sign": 1, "kind": "buyin", "seat": 3, "extra": 1}
    fields = ("kind", "sign", "amount", "seat", "session")
    assert _audit_mismatch(payload, None, fields) == []  # no event: RECORD_UNAUDITED
    same = json.loads(canonical_json(payload))
    assert _audit_mismatch(payload, same, fields) == []
    after = {**same, "amount": "400.00", "seat": 4, "extra": 2, "session": 9}
    # In the fields' order; a field the event does not name, or one not audited, is no
    # difference; one the row lacks is.
    assert _audit_mismatch(payload, after, fields) == ["amount", "seat", "session"]
    rec = Record("transaction", 5, "buyin 500.00")
    ctx = {"table": 1, "session": 2}
    f = _mismatch_finding(rec, "transaction#5", ["amount", "chips"], ctx)
    assert (f.kind, f.severity, f.detail, f.records, f.table, f.session) == (
        "AUDIT_MISMATCH",
        "exception",
        "transaction#5",
        (rec,),
        1,
        2,
    )
    assert f.es == (
        "transaction #5: el registro no coincide con su evento de auditoría (amount, chips)."
    )
    assert f.en == "transaction #5: the record does not match its audit event (amount, chips)."
    k = _key_unknown("rake#3", Record("rake", 3, "hand 1"), ctx, "k9")
    assert (k.kind, k.severity, k.detail, k.records, k.table, k.session) == (
        "SEAL_KEY_UNKNOWN",
        "exception",
        "rake#3",
        (Record("rake", 3, "hand 1"),),
        1,
        2,
    )
    assert k.es == (
        "rake #3: su sello nombra la clave «k9», que no está configurada: no se puede verificar."
    )
    assert (
        k.en == "rake #3: its seal names key 'k9', which is not configured: it cannot be verified."
    )


# =========================================================================== a session


def _sup(staff):
    return acting_as(staff["supervisor"], Role.SUPERVISOR)


def _boss(staff):
    return acting_as(staff["pit_boss"], Role.PIT_BOSS)


def buy(staff, session, seat, amount, cash, chips, **kw):
    return services.buyin_record(
        actor=_sup(staff),
        session=session,
        seat=seat,
        amount=amount,
        croupier=staff["croupier"],
        cash=[{"value": v, "count": n} for v, n in cash],
        chips=chips,
        **kw,
    ).transaction


def change(staff, session, record, chips_in, chips_out, **kw):
    return record(
        actor=_sup(staff),
        session=session,
        croupier=staff["croupier"],
        chips_in=chips_in,
        chips_out=chips_out,
        **kw,
    ).transaction


def reverse(staff, tx, reason="error de carga"):
    return services.transaction_reverse(actor=_boss(staff), transaction_=tx, reason=reason)


def slip(staff, session, kind, lines, *, signed=True, purpose="play"):
    from tests.cage.services.test_slips import sign_all

    s = services.slip_request(
        actor=_boss(staff), session=session, kind=kind, lines=lines, purpose=purpose
    )
    if signed:
        sign_all(staff, s)
    return Slip.objects.get(pk=s.pk)


def set_status(session, status):
    TableSession.objects.filter(pk=session.pk).update(status=status)
    session.refresh_from_db()


def count_drop(staff, session, drop=(), rake=(), who=("cage_cashier", "cage_cashier2")):
    for w in who:
        services.drop_count_record(
            actor=acting_as(staff[w], Role.CAGE_CASHIER),
            session=session,
            cash=[{"value": v, "count": n} for v, n in drop],
            rake_chips=list(rake),
        )


def by_value(rec):
    return {line.value: line for line in rec.lines.values()}


def line_figures(line):
    return (
        line.opening,
        line.fills,
        line.credits,
        line.sold,
        line.changes_in,
        line.changes_out,
        line.expected,
        line.counted,
    )


def of_kind(findings, kind):
    return [f for f in findings if f.kind == kind]


def one(findings, kind):
    [f] = of_kind(findings, kind)
    return f


def tx_rec(tx, reversal=False):
    label = f"{tx.kind} reversal" if reversal else tx.kind
    return Record("transaction", tx.pk, f"{label} {tx.amount:.2f}")


@pytest.fixture
def played(opened, staff, counts):
    """Every kind of movement of the float once, and each correction (CLOSE-16)."""
    s = opened
    b1 = buy(staff, s, 1, "1000", [("1000", 1)], [("100", 10)], player_name="Ana")
    b2 = buy(staff, s, 2, "500", [("500", 1)], [("500", 1)], player_name="Beto")
    b2r = reverse(staff, b2)
    cc = change(staff, s, services.colour_change_record, [("100", 1)], [("25", 4)])
    cc2 = change(staff, s, services.colour_change_record, [("500", 1)], [("100", 5)])
    cc2r = reverse(staff, cc2)
    co = change(staff, s, services.cash_out_record, [("25", 4)], [("100", 1)], seat=1)
    tip = change(staff, s, services.tip_change_record, [("5", 5)], [("25", 1)])
    set_status(s, TableSession.Status.OPEN)
    TableSession.objects.filter(pk=s.pk).update(hand_in_progress=True)
    s.refresh_from_db()
    ih = change(staff, s, services.in_hand_change_record, [("1000", 1)], [("500", 2)], seat=1)
    TableSession.objects.filter(pk=s.pk).update(hand_in_progress=False)
    s.refresh_from_db()
    fill = slip(staff, s, "fill", [("1000", 2)])
    credit = slip(staff, s, "credit", [("500", 4)])
    unsigned = slip(staff, s, "fill", [("5", 10)], signed=False)
    return dict(
        session=s,
        b1=b1,
        b2=b2,
        b2r=b2r,
        cc=cc,
        cc2=cc2,
        cc2r=cc2r,
        co=co,
        tip=tip,
        ih=ih,
        fill=fill,
        credit=credit,
        unsigned=unsigned,
    )


EXPECTED = {"1000": 12, "500": 16, "100": 90, "25": 199, "5": 205, "1": 100}


def test_each_term_of_the_expected_closing_with_its_sign(played, staff, counts):
    # CLOSE-16, issue 6 item 9: opening + fills − credits − sold + chips in − chips out; a
    # reversal takes its movement back; an in-hand change never touches the float
    # (CHIP-14); an unsigned fill is not counted (issue 6 item 6).
    s = played["session"]
    rec = reconcile_session(s)
    lines = by_value(rec)
    assert list(lines) == [D(v) for v in ("1000", "500", "100", "25", "5", "1")]
    assert line_figures(lines[D("1000")]) == (10, 2, 0, 0, 0, 0, 12, None)
    assert line_figures(lines[D("500")]) == (20, 0, 4, 0, 0, 0, 16, None)
    assert line_figures(lines[D("100")]) == (100, 0, 0, 10, 1, 1, 90, None)
    assert line_figures(lines[D("25")]) == (200, 0, 0, 0, 4, 5, 199, None)
    assert line_figures(lines[D("5")]) == (200, 0, 0, 0, 5, 0, 205, None)
    assert line_figures(lines[D("1")]) == (100, 0, 0, 0, 0, 0, 100, None)
    assert {k: line.denomination_id for k, line in lines.items()} == {
        v: d.pk for v, d in selectors.table_denominations(s.table).items()
    }
    # Each line names the records that bear on it, in order (the in-hand change none).
    assert lines[D("100")].records == [
        tx_rec(played["b1"]),
        tx_rec(played["cc"]),
        tx_rec(played["cc2"]),
        tx_rec(played["cc2r"], reversal=True),
        tx_rec(played["co"]),
    ]
    assert lines[D("500")].records == [
        tx_rec(played["b2"]),
        tx_rec(played["b2r"], reversal=True),
        tx_rec(played["cc2"]),
        tx_rec(played["cc2r"], reversal=True),
        Record("slip", played["credit"].pk, f"{played['credit'].serial} credit (received)"),
    ]
    fill, unsigned = played["fill"], played["unsigned"]
    assert lines[D("1000")].records == [Record("slip", fill.pk, f"{fill.serial} fill (received)")]
    assert lines[D("5")].records == [
        tx_rec(played["tip"]),
        Record("slip", unsigned.pk, f"{unsigned.serial} fill (requested)"),
    ]
    assert lines[D("1")].records == []
    # The float's values: the reversed buy-in's cash is not expected in the box.
    assert rec.opening_value == D("36100")
    assert rec.closing_value is None
    assert (rec.fills_value, rec.credits_value) == (D("2000"), D("2000"))
    assert (rec.closing_fills_value, rec.closing_credits_value) == (D("0"), D("0"))
    assert rec.expected_drop == D("1000")
    assert (rec.counted_drop, rec.counted_rake_box, rec.expected_rake_box) == (None, None, 0)
    assert rec.result is None
    assert [f.kind for f in rec.findings] == ["SESSION_NOT_CLOSED", "SLIP_UNSIGNED"]


def test_one_chip_short_and_one_over_each_in_its_denomination(played, staff, counts):
    # issue 6 done-when: one chip missing is found in its denomination, never netted.
    s = played["session"]
    set_status(s, TableSession.Status.CLOSED)
    counts.set_closing(s, {**EXPECTED, "25": 198, "5": 206})
    count_drop(staff, s, drop=[("1000", 1)])
    rec = reconcile_session(s)
    assert rec.closing_value == D("35080")
    assert (rec.counted_drop, rec.counted_rake_box) == (D("1000"), D("0"))
    # 1,000 + 0 + 35,080 + 2,000 − 36,100 − 2,000 = −20 (−25 + 5), the rake is 0.
    assert rec.result == D("-20")
    assert [f.kind for f in rec.findings if f.severity != "info"] == [
        "SLIP_UNSIGNED",
        "FLOAT_VARIANCE",
        "FLOAT_VARIANCE",
        "RESULT_VARIANCE",
    ]
    short, over = of_kind(rec.findings, "FLOAT_VARIANCE")
    ctx = (1, s.pk)
    assert (short.table, short.session) == ctx and (over.table, over.session) == ctx
    assert (short.severity, short.denomination, short.amount, short.expected, short.counted) == (
        "variance",
        D("25"),
        D("-25"),
        199,
        198,
    )
    assert short.es == "Banca, fichas de 25,00: esperadas 199, contadas 198; faltan 1 (25,00)."
    assert short.en == "Float, 25.00 chips: expected 199, counted 198; 1 short (25.00)."
    assert short.records == (tx_rec(played["cc"]), tx_rec(played["co"]), tx_rec(played["tip"]))
    assert (over.denomination, over.amount, over.expected, over.counted) == (
        D("5"),
        D("5"),
        205,
        206,
    )
    assert over.es == "Banca, fichas de 5,00: esperadas 205, contadas 206; sobran 1 (5,00)."
    assert over.en == "Float, 5.00 chips: expected 205, counted 206; 1 over (5.00)."
    result = one(rec.findings, "RESULT_VARIANCE")
    assert (result.severity, result.amount, result.expected, result.counted) == (
        "variance",
        D("-20"),
        D("0"),
        D("-20"),
    )
    assert (result.table, result.session, result.records) == (1, s.pk, ())
    assert result.es == (
        "Resultado de la mesa (drop + comisión + banca de cierre + créditos − apertura − "
        "rellenos) = −20,00; la comisión registrada es 0,00: faltante de 20,00."
    )
    assert result.en == (
        "Table result (drop + rake box + closing float + credits − opening − fills) = "
        "−20.00; the recorded rake is 0.00: shortage of 20.00."
    )
    assert not rec.balanced
    # The causes: the unsigned fill explains nothing here (its chips are not the over).
    assert [(c.kind, c.result_effect) for c in rec.causes] == [
        ("SLIP_UNSIGNED", D("0")),
        ("FLOAT_VARIANCE", D("-25")),
        ("FLOAT_VARIANCE", D("5")),
    ]
    # Counted as expected: no variance at all, the result is the rake (0).
    counts.set_closing(s, EXPECTED)
    rec = reconcile_session(s)
    assert rec.result == D("0")
    assert [f.kind for f in rec.findings if f.severity != "info"] == ["SLIP_UNSIGNED"]
    assert [line.variance for line in rec.lines.values()] == [0] * 6


def test_a_denomination_the_closing_count_leaves_out_was_counted_zero(played, staff, counts):
    s = played["session"]
    set_status(s, TableSession.Status.CLOSED)
    closing = {k: v for k, v in EXPECTED.items() if k != "1"}
    counts.set_closing(s, closing)
    rec = reconcile_session(s)
    assert by_value(rec)[D("1")].counted == 0
    ones = one(rec.findings, "FLOAT_VARIANCE")
    assert (ones.denomination, ones.amount, ones.expected, ones.counted) == (
        D("1"),
        D("-100"),
        100,
        0,
    )
    assert ones.es.endswith("faltan 100 (100,00).") and ones.en.endswith("100 short (100.00).")
    assert ones.records == ()


def test_the_session_as_the_api_gives_it(played, staff, counts):  # issue 14 §1
    s = played["session"]
    set_status(s, TableSession.Status.CLOSED)
    counts.set_closing(s, EXPECTED)
    count_drop(staff, s, drop=[("1000", 1)])
    rec = reconcile_session(s)
    d = rec.as_dict()
    assert {
        k: v for k, v in d.items() if k not in ("figures", "denominations", "findings", "causes")
    } == {
        "session": s.pk,
        "table": 1,
        "status": "closed",
        "opening_value": "36100.00",
        "closing_value": "35100.00",
        "fills_value": "2000.00",
        "credits_value": "2000.00",
        "closing_fills_value": "0.00",
        "closing_credits_value": "0.00",
        "float_after_closing_slips": "35100.00",
        "expected_drop": "1000.00",
        "counted_drop": "1000.00",
        "expected_rake_box": "0.00",
        "counted_rake_box": "0.00",
        "result": "0.00",
        "balanced": False,
    }
    assert d["figures"] == rec.figures.as_dict()
    assert [x["denomination"] for x in d["denominations"]] == [
        "1000.00",
        "500.00",
        "100.00",
        "25.00",
        "5.00",
        "1.00",
    ]
    assert d["denominations"][2] == by_value(rec)[D("100")].as_dict()
    assert d["findings"] == [f.as_dict() for f in rec.findings]
    assert d["causes"] == [c.as_dict() for c in rec.causes]
    fig = rec.figures
    assert (fig.opening, fig.fills, fig.credits, fig.closing_count) == (
        D("36100"),
        D("2000"),
        D("2000"),
        D("35100"),
    )
    assert (fig.expected_drop, fig.counted_drop, fig.rake_box, fig.rake_ledger) == (
        D("1000"),
        D("1000"),
        D("0"),
        D("0"),
    )
    assert (fig.closing_fills, fig.closing_credits) == (D("0"), D("0"))


# --------------------------------------------------------------------------- drop and rake box


def rake(staff, session, hand, amount, pots=None, **kw):
    return services.rake_post(
        actor=_sup(staff), session=session, hand_number=hand, amount=amount, pots=pots, **kw
    ).entry


def rake_back(staff, entry, reason="mano anulada"):
    return services.rake_reverse(actor=_boss(staff), entry=entry, reason=reason)


@pytest.fixture
def boxed(opened, staff, counts):
    """A buy-in, a reversed one, three rakes of which one reversed; closed at par − sold."""
    s = opened
    b1 = buy(staff, s, 1, "1000", [("1000", 1)], [("100", 10)], player_name="Ana")
    b2 = buy(staff, s, 2, "500", [("500", 1)], [("500", 1)], player_name="Beto")
    b2r = reverse(staff, b2)
    r1 = rake(staff, s, 1, "150", pots=["5000"])
    r2 = rake(staff, s, 2, "100")
    r2r = rake_back(staff, r2)
    r3 = rake(staff, s, 3, "50")
    set_status(s, TableSession.Status.CLOSED)
    counts.set_closing(s, {**EXPECTED_AT_PAR, "100": 90})
    return dict(session=s, b1=b1, b2=b2, b2r=b2r, r1=r1, r2=r2, r2r=r2r, r3=r3)


EXPECTED_AT_PAR = {"1000": 10, "500": 20, "100": 100, "25": 200, "5": 200, "1": 100}


def test_the_reversed_buyin_leaves_the_expected_drop(boxed, staff):  # CLOSE-16, issue 16 §2
    # The bug class of issue 16: a reversed buy-in's cash added to the expected drop
    # instead of subtracted. 1,000 + 500 − 500 = 1,000 expected in the box.
    s = boxed["session"]
    count_drop(staff, s, drop=[("1000", 1)], rake=[("100", 2)])
    rec = reconcile_session(s)
    assert rec.expected_drop == D("1000") and rec.counted_drop == D("1000")
    # The rake ledger net of the reversal: 150 + 100 − 100 + 50.
    assert rec.expected_rake_box == D("200") and rec.counted_rake_box == D("200")
    assert rec.result == D("200")  # 1,000 + 200 + 36,100 − 1,000 ... − 36,100 = the rake
    assert [f for f in rec.findings if f.severity != "info"] == []
    assert rec.balanced and rec.causes == []
    assert by_value(rec)[D("500")].sold == 0 and by_value(rec)[D("100")].sold == 10


def test_a_drop_shortage_and_a_rake_box_overage_in_words(boxed, staff):  # issue 6 item 9
    s = boxed["session"]
    count_drop(staff, s, drop=[("500", 1)], rake=[("100", 2), ("25", 2)])
    rec = reconcile_session(s)
    agreed = selectors.agreed_drop_count(s)
    drop_rec = Record("drop_count", agreed.pk, str(agreed.counter))
    drop = one(rec.findings, "DROP_VARIANCE")
    assert (drop.severity, drop.amount, drop.expected, drop.counted, drop.table, drop.session) == (
        "variance",
        D("-500"),
        D("1000"),
        D("500"),
        1,
        s.pk,
    )
    assert drop.es == "Caja de drop: contado 500,00, esperado 1.000,00 (faltante 500,00)."
    assert drop.en == "Drop box: counted 500.00, expected 1,000.00 (shortage 500.00)."
    assert drop.records == (
        drop_rec,
        tx_rec(boxed["b1"]),
        tx_rec(boxed["b2"]),
        tx_rec(boxed["b2r"], reversal=True),
    )
    box = one(rec.findings, "RAKE_BOX_VARIANCE")
    assert (box.severity, box.amount, box.expected, box.counted) == (
        "variance",
        D("50"),
        D("200"),
        D("250"),
    )
    assert box.es == "Caja de comisión: contado 250,00, esperado 200,00."
    assert box.en == "Rake box: counted 250.00, expected 200.00."
    r = boxed
    assert box.records == (
        drop_rec,
        Record("rake", r["r1"].pk, "hand 1 150.00"),
        Record("rake", r["r2"].pk, "hand 2 100.00"),
        Record("rake", r["r2r"].pk, "hand 2 -100.00"),
        Record("rake", r["r3"].pk, "hand 3 50.00"),
    )
    # 500 + 250 + 36,100 − 36,100 − 1,000 ... = −250; the rake is 200: 450 short.
    assert rec.result == D("-250")
    result = one(rec.findings, "RESULT_VARIANCE")
    assert (result.amount, result.expected, result.counted) == (D("-450"), D("200"), D("-250"))
    assert [(c.kind, c.result_effect, c.cells) for c in rec.causes] == [
        ("DROP_VARIANCE", D("-500"), {"drop"}),
        ("RAKE_BOX_VARIANCE", D("50"), {"rake_box"}),
    ]


def test_a_drop_overage_in_words(boxed, staff):
    s = boxed["session"]
    count_drop(staff, s, drop=[("1000", 1), ("100", 1)], rake=[("100", 2)])
    rec = reconcile_session(s)
    drop = one(rec.findings, "DROP_VARIANCE")
    assert drop.amount == D("100")
    assert drop.es == "Caja de drop: contado 1.100,00, esperado 1.000,00 (sobrante 100,00)."
    assert drop.en == "Drop box: counted 1,100.00, expected 1,000.00 (overage 100.00)."
    assert of_kind(rec.findings, "RAKE_BOX_VARIANCE") == []
    result = one(rec.findings, "RESULT_VARIANCE")
    assert result.amount == D("100")
    assert result.es.endswith("la comisión registrada es 200,00: sobrante de 100,00.")
    assert result.en.endswith("the recorded rake is 200.00: overage of 100.00.")


def test_the_drop_needs_two_matching_counts(opened, staff, counts):  # issue 6 item 8
    s = opened
    buy(staff, s, 1, "1000", [("1000", 1)], [("100", 10)])
    set_status(s, TableSession.Status.CLOSING)
    counts.set_closing(s, {**EXPECTED_AT_PAR, "100": 90})
    assert [f.kind for f in reconcile_session(s).findings] == []  # closing, not counted yet
    count_drop(staff, s, drop=[("1000", 1)], who=("cage_cashier",))
    first = DropCount.objects.get(session=s)
    rec = reconcile_session(s)
    missing = one(rec.findings, "DROP_NOT_COUNTED")
    assert (missing.severity, missing.table, missing.session) == ("exception", 1, s.pk)
    assert missing.es == "El drop y la caja de comisión no tienen dos conteos coincidentes."
    assert missing.en == "The drop and rake boxes do not have two matching counts."
    assert missing.records == (Record("drop_count", first.pk, str(first.counter)),)
    assert (rec.counted_drop, rec.counted_rake_box, rec.result) == (None, None, None)
    assert of_kind(rec.findings, "RESULT_VARIANCE") == []
    count_drop(staff, s, drop=[("500", 2)], who=("cage_cashier2",))
    second = DropCount.objects.filter(session=s).latest("id")
    rec = reconcile_session(s)
    disagree = one(rec.findings, "DROP_COUNTS_DISAGREE")
    assert disagree.severity == "exception"
    assert disagree.es == "Los dos conteos del drop no coinciden: hace falta recontar."
    assert disagree.en == "The two drop counts disagree: recount."
    assert disagree.records == (
        Record("drop_count", first.pk, str(first.counter)),
        Record("drop_count", second.pk, str(second.counter)),
    )
    assert of_kind(rec.findings, "DROP_NOT_COUNTED") == []
    assert [c.cells for c in rec.causes] == [{"drop", "rake_box"}]
    # Closed and never counted: not counted, no record.
    set_status(s, TableSession.Status.CLOSED)
    other = make_session(s.table, s.gaming_day, staff["supervisor"], number=2)
    counts.set_opening(other, EXPECTED_AT_PAR)
    counts.set_closing(other, EXPECTED_AT_PAR)
    set_status(other, TableSession.Status.CLOSED)
    rec = reconcile_session(other)
    assert [(f.kind, f.records) for f in rec.findings] == [("DROP_NOT_COUNTED", ())]


def test_each_hands_rake_against_what_was_due(opened, staff, counts):  # RAKE-06, RAKE-07, RAKE-08
    s = opened
    wrong = rake(staff, s, 4, "20", pots=["300"])  # 3 % of 300 is 9
    short = rake(staff, s, 5, "5", expected_amount="7")
    rake(staff, s, 6, "9", pots=["300"])  # right: no finding
    rake(staff, s, 7, "0")
    rec = reconcile_session(s)
    m4, m5 = of_kind(rec.findings, "RAKE_MISMATCH")
    assert (m4.severity, m4.amount, m4.expected, m4.counted, m4.detail) == (
        "variance",
        D("11"),
        D("9"),
        D("20"),
        "4",
    )
    assert (m4.table, m4.session, m4.records) == (1, s.pk, (Record("rake", wrong.pk, "hand 4"),))
    assert m4.es == "Mano 4: comisión tomada 20,00, correspondía 9,00."
    assert m4.en == "Hand 4: rake taken 20.00, due 9.00."
    assert (m5.amount, m5.expected, m5.counted, m5.detail) == (D("-2"), D("7"), D("5"), "5")
    assert rec.expected_rake_box == D("34")
    # A reversed posting is out of the check, and so is its reversal.
    rake_back(staff, wrong)
    rec = reconcile_session(s)
    assert [f.detail for f in of_kind(rec.findings, "RAKE_MISMATCH")] == ["5"]
    assert rec.expected_rake_box == D("14")
    assert [(c.kind, c.result_effect, c.amount) for c in rec.causes][-1] == (
        "RAKE_MISMATCH",
        None,
        D("-2"),
    )
    # The table's settings changed behind the back to take no rake: each posting with an
    # amount is named (not the one of zero, not the reversed one), and not also as wrong.
    _tamper(
        'UPDATE "tables_tablesettings" SET "rake_mode" = %s WHERE "id" = %s',
        ["seat_charge", short.settings_id],
    )
    found = [f for f in reconcile_session(s).findings if f.kind.startswith("RAKE")]
    assert [(f.kind, f.detail, f.amount) for f in found] == [
        ("RAKE_NOT_ALLOWED", "5", D("5")),
        ("RAKE_NOT_ALLOWED", "6", D("9")),
    ]
    assert (found[0].severity, found[0].records) == (
        "exception",
        (Record("rake", short.pk, "hand 5"),),
    )
    assert found[0].es == "Mano 5: comisión de 5,00 en una mesa sin comisión."
    assert found[0].en == "Hand 5: rake of 5.00 on a table that takes none."


def test_no_flop_no_drop_keeps_the_recorded_due(
    casino, chip_set, sector, gaming_day, staff, counts
):
    # On a no-flop-no-drop table the due is what the hand recorder said, not
    # the percentage of the pots.
    table = make_table(casino, chip_set, sector, number=3, no_flop_no_drop=True)
    s = make_session(table, gaming_day, staff["supervisor"])
    counts.set_opening(s, EXPECTED_AT_PAR)
    rake(staff, s, 1, "0", pots=["300"], expected_amount="0")
    rake(staff, s, 2, "9", pots=["300"], expected_amount="0")
    rec = reconcile_session(s)
    [m] = of_kind(rec.findings, "RAKE_MISMATCH")
    assert (m.detail, m.expected, m.counted, m.amount) == ("2", D("0"), D("9"), D("9"))
    assert rec.session.table.number == 3 and m.table == 3


# --------------------------------------------------------------------------- the count sheets


class _Sheets:
    def __init__(self, opening=None, closing=None):
        self.o, self.c = opening, closing

    def opening(self, session):
        return self.o

    def closing(self, session):
        return self.c


def test_the_count_sheets_each_in_words(session, staff, monkeypatch):  # issue 6 item 9
    ids = {v: d.pk for v, d in selectors.table_denominations(session.table).items()}
    sheet = selectors.FloatCount({ids[D("100")]: 10}, "APE-2026-000007", False)
    closing = selectors.FloatCount({ids[D("100")]: 10}, "CIE-2026-000003", False)
    monkeypatch.setattr(counts_selectors, "count_source", _Sheets())
    rec = reconcile_session(session)
    assert [(f.kind, f.severity, f.es, f.en, f.table, f.session) for f in rec.findings] == [
        (
            "OPENING_COUNT_MISSING",
            "exception",
            "La sesión no tiene conteo de apertura.",
            "The session has no opening count.",
            1,
            session.pk,
        ),
        (
            "SESSION_NOT_CLOSED",
            "exception",
            "La mesa sigue en estado «Abierta»: no se puede conciliar.",
            "The table is still 'Open': it cannot be reconciled.",
            1,
            session.pk,
        ),
    ]
    assert (rec.opening_value, rec.closing_value) == (None, None)
    # The par's denominations are listed even with no count.
    assert len(rec.lines) == 6 and all(line.expected == 0 for line in rec.lines.values())
    monkeypatch.setattr(counts_selectors, "count_source", _Sheets(sheet))
    set_status(session, TableSession.Status.CLOSED)
    rec = reconcile_session(session)
    assert [
        (f.kind, f.es, f.en, f.detail) for f in rec.findings if f.kind != "DROP_NOT_COUNTED"
    ] == [
        (
            "OPENING_COUNT_UNSIGNED",
            "La hoja de apertura no está firmada por los tres.",
            "The opening sheet is not signed by all three.",
            "APE-2026-000007",
        ),
        (
            "CLOSING_COUNT_MISSING",
            "La sesión cerrada no tiene conteo de cierre.",
            "The closed session has no closing count.",
            "",
        ),
    ]
    assert rec.opening_value == D("1000")
    monkeypatch.setattr(counts_selectors, "count_source", _Sheets(sheet, closing))
    rec = reconcile_session(session)
    unsigned = one(rec.findings, "CLOSING_COUNT_UNSIGNED")
    assert (unsigned.es, unsigned.en, unsigned.detail, unsigned.severity) == (
        "La hoja de cierre no está firmada por los tres.",
        "The closing sheet is not signed by all three.",
        "CIE-2026-000003",
        "exception",
    )
    assert rec.closing_value == D("1000")
    assert of_kind(rec.findings, "FLOAT_VARIANCE") == []
    # Closing with its count: neither open nor missing a count.
    signed = selectors.FloatCount({ids[D("100")]: 10}, "x", True)
    monkeypatch.setattr(counts_selectors, "count_source", _Sheets(signed, signed))
    set_status(session, TableSession.Status.CLOSING)
    assert [f.kind for f in reconcile_session(session).findings] == []
    monkeypatch.setattr(counts_selectors, "count_source", _Sheets(signed))
    closing_words = one(reconcile_session(session).findings, "SESSION_NOT_CLOSED")
    assert closing_words.en == "The table is still 'Closing': it cannot be reconciled."
    assert (
        closing_words.es.startswith("La mesa sigue en estado «")
        and "closing" not in closing_words.es
    )


# --------------------------------------------------------------------------- slips


def test_a_void_slip_is_information_and_out_of_the_books(opened, staff, counts):  # issue 6 item 6
    s = opened
    fill = slip(staff, s, "fill", [("100", 5)])
    void = services.slip_void_request(
        actor=acting_as(staff["pit_boss2"], Role.PIT_BOSS), slip=fill, reason="error de mesa"
    )
    services.slip_void_confirm(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER), void=void
    )
    # A void not yet confirmed does not take a signed slip out of the books; an unsigned
    # one is out either way.
    pending = slip(staff, s, "fill", [("25", 4)])
    unsigned = slip(staff, s, "fill", [("5", 10)], signed=False)
    for p in (pending, unsigned):
        services.slip_void_request(
            actor=acting_as(staff["pit_boss2"], Role.PIT_BOSS), slip=p, reason="duplicado"
        )
    rec = reconcile_session(s)
    year = s.gaming_day.business_date.year
    voided = one(rec.findings, "SLIP_VOIDED")
    assert (voided.severity, voided.amount, voided.detail, voided.table, voided.session) == (
        "info",
        D("500"),
        fill.serial,
        1,
        s.pk,
    )
    assert voided.es == f"Relleno N.º {year}-000001 anulado: error de mesa"
    assert voided.en == f"Fill no. {year}-000001 void: error de mesa"
    assert voided.records == (Record("slip", fill.pk, f"{fill.serial} fill (void)"),)
    waiting, waiting2 = of_kind(rec.findings, "SLIP_VOID_PENDING")
    assert (waiting2.amount, waiting2.detail) == (D("50"), unsigned.serial)
    assert (waiting.severity, waiting.amount, waiting.detail) == (
        "exception",
        D("100"),
        pending.serial,
    )
    assert waiting.es == f"La anulación de Relleno N.º {year}-000002 espera la segunda firma."
    assert waiting.en == f"The void of Fill no. {year}-000002 awaits its second signer."
    assert waiting.records == (Record("slip", pending.pk, f"{pending.serial} fill (void_pending)"),)
    # The void one is in neither the float nor the fills, though signed by all five.
    assert rec.fills_value == D("100")
    lines = by_value(rec)
    assert (lines[D("100")].fills, lines[D("25")].fills, lines[D("5")].fills) == (0, 4, 0)
    assert lines[D("100")].records == [Record("slip", fill.pk, f"{fill.serial} fill (void)")]
    assert [f.kind for f in rec.findings] == [
        "SESSION_NOT_CLOSED",
        "SLIP_VOIDED",
        "SLIP_VOID_PENDING",
        "SLIP_VOID_PENDING",
    ]
    # The pending voids are causes (exceptions); only the uncounted one bears on the
    # fills; the void is information, no cause.
    assert [(c.kind, c.finding.detail, c.cells, c.result_effect) for c in rec.causes] == [
        ("SESSION_NOT_CLOSED", "", frozenset(), None),
        ("SLIP_VOID_PENDING", pending.serial, frozenset(), None),
        ("SLIP_VOID_PENDING", unsigned.serial, {"fills"}, D("0")),
    ]


def test_an_unsigned_slip_names_who_is_missing(opened, staff, counts):  # issue 6 item 6
    s = opened
    credit = slip(staff, s, "credit", [("500", 2), ("25", 4)], signed=False)
    fill = slip(staff, s, "fill", [("100", 10)], signed=False)
    services.slip_sign(
        actor=acting_as(staff["cage_cashier"], Role.CAGE_CASHIER),
        slip=fill,
        role=Role.CAGE_CASHIER,
    )
    set_status(s, TableSession.Status.CLOSED)
    # The fill's chips did reach the float; the credit's did not leave it.
    counts.set_closing(s, {**EXPECTED_AT_PAR, "100": 110})
    count_drop(staff, s)
    rec = reconcile_session(s)
    year = s.gaming_day.business_date.year
    c, f = of_kind(rec.findings, "SLIP_UNSIGNED")
    assert (c.severity, c.amount, c.detail, f.amount, f.detail) == (
        "exception",
        D("1100"),
        credit.serial,
        D("1000"),
        fill.serial,
    )
    assert c.es == (
        f"Crédito N.º {year}-000001 (1.100,00) sin todas sus firmas (faltan: Croupier, "
        "Supervisor de mesa, Oficial de seguridad, Cajero de caja principal): no se cuenta "
        "en la conciliación."
    )
    assert c.en == (
        f"Credit no. {year}-000001 (1,100.00) is not fully signed (missing: croupier, "
        "supervisor, security, cage_cashier): it is left out of the reconciliation."
    )
    assert f.en == (
        f"Fill no. {year}-000001 (1,000.00) is not fully signed (missing: security, "
        "croupier, supervisor): it is left out of the reconciliation."
    )
    assert c.records == (Record("slip", credit.pk, f"{credit.serial} credit (requested)"),)
    assert f.records == (Record("slip", fill.pk, f"{fill.serial} fill (issued)"),)
    assert (rec.fills_value, rec.credits_value) == (D("0"), D("0"))
    lines = by_value(rec)
    assert (lines[D("100")].fills, lines[D("500")].credits, lines[D("25")].credits) == (0, 0, 0)
    over = one(rec.findings, "FLOAT_VARIANCE")
    assert (over.denomination, over.amount) == (D("100"), D("1000"))
    # The unsigned fill explains the over of its chips and 1,000 of the result.
    causes = {c.kind + c.finding.detail: c for c in rec.causes}
    explained = causes["SLIP_UNSIGNED" + fill.serial]
    assert explained.effects == (over,) and explained.result_effect == D("1000")
    assert explained.cells == {"fills", "final_float"}
    unexplaining = causes["SLIP_UNSIGNED" + credit.serial]
    assert (unexplaining.effects, unexplaining.result_effect) == ((), D("0"))
    assert [c.kind for c in rec.causes] == ["SLIP_UNSIGNED", "SLIP_UNSIGNED"]


def test_closing_slips_come_after_the_closing_count(opened, staff, counts):  # CLOSE-07
    s = opened
    play = slip(staff, s, "fill", [("100", 10)])
    set_status(s, TableSession.Status.CLOSING)
    counts.set_closing(s, {**EXPECTED_AT_PAR, "100": 110})
    cf = slip(staff, s, "fill", [("500", 2)], purpose="closing")
    cc = slip(staff, s, "credit", [("25", 4)], purpose="closing")
    cu = slip(staff, s, "fill", [("5", 3)], purpose="closing", signed=False)
    set_status(s, TableSession.Status.CLOSED)
    count_drop(staff, s)
    rec = reconcile_session(s)
    assert (rec.fills_value, rec.credits_value) == (D("1000"), D("0"))
    assert (rec.closing_fills_value, rec.closing_credits_value) == (D("1000"), D("100"))
    lines = by_value(rec)
    assert (lines[D("500")].fills, lines[D("25")].credits, lines[D("100")].fills) == (0, 0, 10)
    assert lines[D("500")].records == [] and lines[D("5")].records == []
    assert lines[D("100")].records == [Record("slip", play.pk, f"{play.serial} fill (received)")]
    assert rec.result == D("0")
    assert [f.kind for f in rec.findings if f.severity != "info"] == ["SLIP_UNSIGNED"]
    assert one(rec.findings, "SLIP_UNSIGNED").detail == cu.serial
    assert rec.as_dict()["float_after_closing_slips"] == "38000.00"  # 37,100 + 1,000 − 100
    fig = rec.figures
    assert (fig.fills, fig.credits, fig.closing_fills, fig.closing_credits) == (
        D("2000"),
        D("100"),
        D("1000"),
        D("100"),
    )
    assert fig.final_float == D("38000")
    [cause] = rec.causes
    assert (cause.effects, cause.result_effect, cause.cells) == ((), D("0"), {"fills"})
    assert cf.kind == "fill" and cc.kind == "credit"


def test_a_slip_changed_after_its_signatures_is_altered(opened, staff, counts):  # issue 12 §5
    s = opened
    fill = slip(staff, s, "fill", [("100", 10)])
    clean = reconcile_session(s)
    assert of_kind(clean.findings, "RECORD_ALTERED") == []
    _tamper('UPDATE "cage_slipline" SET "count" = 9 WHERE "slip_id" = %s', [fill.pk])
    rec = reconcile_session(s)
    year = s.gaming_day.business_date.year
    altered = one(rec.findings, "RECORD_ALTERED")
    assert (altered.severity, altered.detail, altered.table, altered.session) == (
        "exception",
        fill.serial,
        1,
        s.pk,
    )
    assert altered.es == f"Relleno N.º {year}-000001 no coincide con lo que se firmó."
    assert altered.en == f"Fill no. {year}-000001 does not match what was signed."
    assert altered.records == (Record("slip", fill.pk, f"{fill.serial} fill (received)"),)


def _tamper(sql, params=()):
    with transaction.atomic():
        as_superuser(sql, params)


# --------------------------------------------------------------------------- buy-ins


def test_an_override_of_the_limits_is_listed(opened, staff, counts):  # BUYIN-09
    tx = buy(
        staff,
        opened,
        4,
        "2000",
        [("1000", 2)],
        [("1000", 2)],
        override_by=staff["pit_boss"],
        override_pin="1234",
        override_reason="cliente VIP",
    )
    rec = reconcile_session(opened)
    f = one(rec.findings, "BUYIN_OVERRIDE")
    assert (f.severity, f.amount, f.detail, f.records, f.table, f.session) == (
        "info",
        D("2000"),
        str(tx.pk),
        (tx_rec(tx),),
        1,
        opened.pk,
    )
    assert f.es == "Excepción al límite de compra autorizada (2.000,00): cliente VIP"
    assert f.en == "Buy-in limit overridden (2,000.00): cliente VIP"
    assert [f.kind for f in rec.findings] == ["SESSION_NOT_CLOSED", "BUYIN_OVERRIDE"]
    assert rec.expected_drop == D("2000")


# --------------------------------------------------------------------------- integrity (session)


def _key(text: str) -> str:
    import base64

    return base64.b64encode(text.encode().ljust(32, b"!")).decode()


K1 = f"k1:{_key('first-seal-key')}"
K2 = f"k2:{_key('second-seal-key')}"


def _unkeyed(tx):
    row = TableTransaction.objects.get(pk=tx.pk)
    payload = row.seal_payload(list(row.chip_lines.all()), list(row.cash_lines.all()))
    return hashlib.sha256(canonical_json(payload).encode()).hexdigest()


def test_a_transaction_and_a_rake_changed_behind_the_back(opened, staff, counts):  # issue 12 §5
    s = opened
    tx = buy(staff, s, 1, "500", [("500", 1)], [("100", 5)])
    other = buy(staff, s, 2, "300", [("100", 3)], [("100", 3)])
    entry = rake(staff, s, 1, "9")
    assert [f.kind for f in reconcile_session(s).findings] == ["SESSION_NOT_CLOSED"]
    _tamper('UPDATE "cage_tabletransaction" SET "amount" = 400 WHERE "id" = %s', [tx.pk])
    _tamper('UPDATE "cage_rakeentry" SET "amount" = 5 WHERE "id" = %s', [entry.pk])
    rec = reconcile_session(s)
    got = [(f.kind, f.detail) for f in rec.findings]
    assert got == [
        ("SESSION_NOT_CLOSED", ""),
        ("AUDIT_MISMATCH", f"transaction#{tx.pk}"),
        ("RECORD_ALTERED", f"transaction#{tx.pk}"),
        ("AUDIT_MISMATCH", f"rake#{entry.pk}"),
        ("RECORD_ALTERED", f"rake#{entry.pk}"),
    ]
    _s, tx_audit, tx_altered, rake_audit, rake_altered = rec.findings
    assert (
        tx_audit.en == f"transaction #{tx.pk}: the record does not match its audit event (amount)."
    )
    assert tx_audit.records == (Record("transaction", tx.pk, "buyin 400.00"),)
    assert (tx_altered.severity, tx_altered.table, tx_altered.session) == ("exception", 1, s.pk)
    assert tx_altered.es == (
        f"La transacción #{tx.pk} (buyin) fue modificada fuera de la aplicación: su contenido "
        "no coincide con su sello."
    )
    assert tx_altered.en == (
        f"Transaction #{tx.pk} (buyin) was changed outside the application: its content does "
        "not match its seal."
    )
    assert tx_altered.records == (Record("transaction", tx.pk, "buyin 400.00"),)
    assert rake_audit.es == (
        f"rake #{entry.pk}: el registro no coincide con su evento de auditoría (amount)."
    )
    assert rake_audit.records == (Record("rake", entry.pk, "hand 1"),)
    assert rake_altered.es == "La comisión de la mano 1 fue modificada fuera de la aplicación."
    assert rake_altered.en == "The rake of hand 1 was changed outside the application."
    assert (rake_altered.severity, rake_altered.records) == (
        "exception",
        (Record("rake", entry.pk, "hand 1"),),
    )
    assert other.pk not in {r.id for f in rec.findings for r in f.records}


def test_an_unkeyed_seal_passes_only_on_a_day_without_a_chain(opened, staff, counts):
    # issue 12 §5: the old scheme's seal is what someone without the key writes on a
    # chained day; on a day written before the chain it is accepted.
    s = opened
    tx = buy(staff, s, 1, "500", [("500", 1)], [("100", 5)])
    _tamper('UPDATE "cage_tabletransaction" SET "seal" = %s WHERE "id" = %s', [_unkeyed(tx), tx.pk])
    assert [f.kind for f in reconcile_session(s).findings] == [
        "SESSION_NOT_CLOSED",
        "RECORD_ALTERED",
    ]
    _tamper('DELETE FROM "casino_chainlink" WHERE "gaming_day_id" = %s', [s.gaming_day_id])
    assert [f.kind for f in reconcile_session(s).findings] == ["SESSION_NOT_CLOSED"]


def test_seals_under_a_key_no_longer_configured(opened, staff, counts):  # issue 12 §5
    s = opened
    with override_settings(MESA_SEAL_KEYS=K1):
        tx = buy(staff, s, 1, "500", [("500", 1)], [("100", 5)])
        entry = rake(staff, s, 1, "9")
    with override_settings(MESA_SEAL_KEYS=K2):
        rec = reconcile_session(s)
    got = [(f.kind, f.detail, f.records) for f in rec.findings]
    assert got == [
        ("SESSION_NOT_CLOSED", "", ()),
        (
            "SEAL_KEY_UNKNOWN",
            f"transaction#{tx.pk}",
            (Record("transaction", tx.pk, "buyin 500.00"),),
        ),
        ("SEAL_KEY_UNKNOWN", f"rake#{entry.pk}", (Record("rake", entry.pk, "hand 1"),)),
    ]
    assert rec.findings[1].en == (
        f"transaction #{tx.pk}: its seal names key 'k1', which is not configured: it cannot "
        "be verified."
    )
    assert "«k1»" in rec.findings[2].es


def test_a_drop_count_changed_after_it_was_signed(boxed, staff):  # issue 12 §5
    s = boxed["session"]
    count_drop(staff, s, drop=[("1000", 1)], rake=[("100", 2)])
    first, second = DropCount.objects.filter(session=s).order_by("id")
    assert of_kind(reconcile_session(s).findings, "RECORD_ALTERED") == []
    _tamper(
        'UPDATE "cage_dropcountline" SET "count" = 2 WHERE "drop_count_id" = %s AND "box" = %s',
        [second.pk, "drop"],
    )
    rec = reconcile_session(s)
    altered = one(rec.findings, "RECORD_ALTERED")
    assert (altered.severity, altered.detail, altered.table, altered.session) == (
        "exception",
        f"drop_count#{second.pk}",
        1,
        s.pk,
    )
    assert altered.es == f"El conteo de drop #{second.pk} no coincide con lo firmado."
    assert altered.en == f"Drop count #{second.pk} does not match what was signed."
    assert altered.records == (Record("drop_count", second.pk, str(second.counter)),)


# =========================================================================== the day


def test_the_day_is_its_sessions_and_its_own_checks(played, staff, counts, gaming_day):
    s = played["session"]
    set_status(s, TableSession.Status.CLOSED)
    counts.set_closing(s, {**EXPECTED, "25": 198})
    count_drop(staff, s, drop=[("1000", 1)])
    SerialCounter.objects.filter(series="FILL").update(last_value=5)
    day = reconcile_day(gaming_day)
    [srec] = day.sessions
    assert srec.session == s
    assert [f.kind for f in day.findings] == ["SERIAL_GAP"]
    assert day.all_findings == srec.findings + day.findings
    assert not day.balanced
    assert day.causes == srec.causes + group_causes(day.findings)
    assert day.figures == DayFigures.of([srec.figures])
    d = day.as_dict()
    assert (d["gaming_day"], d["gaming_day_id"], d["casino"], d["balanced"]) == (
        gaming_day.business_date.isoformat(),
        gaming_day.pk,
        "test",
        False,
    )
    assert d["figures"] == day.figures.as_dict()
    assert d["findings"] == [f.as_dict() for f in day.all_findings]
    assert d["causes"] == [c.as_dict() for c in day.causes]
    assert d["sessions"] == [srec.as_dict()]
    # One session's documents: its books only, the day's own checks all there.
    one_day = reconcile_session_of_day(s)
    assert [x.session for x in one_day.sessions] == [s]
    assert [f.as_dict() for f in one_day.findings] == [f.as_dict() for f in day.findings]
    assert one_day.gaming_day == gaming_day
    # Some tables only: the room's checks (numbering) are left to the room's report.
    only = reconcile_day(gaming_day, tables={1})
    assert [x.session for x in only.sessions] == [s] and only.findings == []
    assert reconcile_day(gaming_day, tables=[2]).sessions == []
    # Balanced: nothing but information.
    counts.set_closing(s, EXPECTED)
    SerialCounter.objects.filter(series="FILL").update(last_value=2)
    assert [f.kind for f in reconcile_day(gaming_day).all_findings if f.severity != "info"] == [
        "SLIP_UNSIGNED"
    ]


def test_a_day_without_exceptions_is_balanced(boxed, staff, gaming_day):
    count_drop(staff, boxed["session"], drop=[("1000", 1)], rake=[("100", 2)])
    day = reconcile_day(gaming_day)
    assert day.balanced and day.causes == []
    assert [f.kind for f in day.all_findings] == []


def test_a_fact_two_books_see_is_listed_once(
    opened, staff, counts, gaming_day, monkeypatch, casino, chip_set, sector
):
    # The tables app also reports the open session: the day lists it once, as the
    # session's own finding; the tables app's other exceptions come through with the
    # table's number, not its id.
    import tables.selectors as tables_selectors
    from cage import hooks

    # A table whose number is not its id, so that the two cannot be mixed up (a number a
    # table can have: the column is a smallint, and ids run past it in a long test run).
    far = make_table(casino, chip_set, sector, number=opened.table.number + 10)
    real = tables_selectors.day_exceptions

    def exceptions(day):
        return [
            *real(day),
            {
                "kind": "PACK_NOT_RETURNED",
                "message": {"es": "Mazo 7 no devuelto (1,234.50).", "en": "Pack 7 not returned."},
                "table": far.pk,
                "session": 4242,
                "detail": "pack#7",
                "amount": D("3"),
                "note": "visto por el jefe",
                "records": [{"type": "pack", "id": 7, "label": "P-7"}, "not a record"],
            },
            {"es": "sin mesa", "en": "no table", "table": 999},
        ]

    monkeypatch.setattr(tables_selectors, "day_exceptions", exceptions)
    extra = Finding("X_DAY", "exception", "a", "b", table=1, session=opened.pk)
    extra_other = Finding("X_OTHER", "exception", "c", "d", table=2)
    dup = Finding("SESSION_NOT_CLOSED", "exception", "e", "f", table=1, session=opened.pk)
    # One registry of day findings (cage.hooks): the tables app's come through it too.
    monkeypatch.setattr(
        hooks,
        "DAY_FINDING_PROVIDERS",
        [lambda day: [extra, extra_other, dup], *hooks.DAY_FINDING_PROVIDERS],
    )
    day = reconcile_day(gaming_day)
    assert [f.kind for f in day.sessions[0].findings] == ["SESSION_NOT_CLOSED"]
    assert [f.kind for f in day.findings] == [
        "X_DAY",
        "X_OTHER",
        "PACK_NOT_RETURNED",
        "TABLES_EXCEPTION",
    ]
    pack = day.findings[2]
    assert (pack.severity, pack.table, pack.session, pack.detail, pack.amount, pack.note) == (
        "exception",
        far.number,
        4242,
        "pack#7",
        D("3"),
        "visto por el jefe",
    )
    assert (pack.es, pack.en) == ("Mazo 7 no devuelto (1.234,50).", "Pack 7 not returned.")
    assert pack.records == (Record("pack", 7, "P-7"),)
    bare = day.findings[3]
    assert (bare.es, bare.en, bare.table, bare.session, bare.detail, bare.note) == (
        "sin mesa",
        "no table",
        999,
        None,
        "",
        "",
    )
    assert (bare.amount, bare.records) == (None, ())
    # Of some tables: only what names one of them, each fact once.
    only = reconcile_day(gaming_day, tables={1})
    assert [f.kind for f in only.findings] == ["X_DAY"]
    assert [f.kind for f in reconcile_day(gaming_day, tables={far.number}).findings] == [
        "PACK_NOT_RETURNED"
    ]
    assert reconcile_day(gaming_day, tables={2}).findings == [extra_other]


# --------------------------------------------------------------------------- numbering


def _day(casino, staff, iso):
    from datetime import date

    from casino.models import GamingDay

    return GamingDay.objects.create(
        casino=casino, business_date=date.fromisoformat(iso), opened_by=staff["shift_manager"]
    )


def test_a_gap_in_the_numbering_in_words(opened, staff, counts, gaming_day):  # GEN-10
    year = gaming_day.business_date.year
    slip(staff, opened, "fill", [("100", 1)], signed=False)
    assert reconcile_day(gaming_day).findings == []
    SerialCounter.objects.filter(series="FILL").update(last_value=3)
    slip(staff, opened, "fill", [("100", 1)], signed=False)  # number 4
    slip(staff, opened, "credit", [("100", 1)], signed=False)
    SerialCounter.objects.filter(series="CREDIT").update(last_value=2)  # the 2nd never issued
    fill_gap, credit_gap = reconcile_day(gaming_day).findings
    assert (fill_gap.kind, fill_gap.severity, fill_gap.table, fill_gap.session) == (
        "SERIAL_GAP",
        "exception",
        None,
        None,
    )
    assert (
        fill_gap.es == f"Faltan números en la serie de rellenos: N.º {year}-000002, {year}-000003."
    )
    assert fill_gap.en == (
        f"Numbers are missing from the fill slip series: no. {year}-000002, {year}-000003."
    )
    assert fill_gap.detail == f"FILL-{year}-000002, FILL-{year}-000003"
    assert fill_gap.records == (
        Record("serial", f"FILL-{year}-000002"),
        Record("serial", f"FILL-{year}-000003"),
    )
    assert credit_gap.es == f"Faltan números en la serie de créditos: N.º {year}-000002."
    assert credit_gap.en == f"Numbers are missing from the credit slip series: no. {year}-000002."
    assert credit_gap.detail == f"CREDIT-{year}-000002"


def test_each_day_answers_for_its_own_numbers(casino, staff, table, counts):  # GEN-10
    # June 10 issued no. 1; no. 2 was skipped; June 11 issued no. 3. The gap is June 11's
    # (after the last number of the days before it), not June 10's.
    from casino.models import GamingDay

    d10 = _day(casino, staff, "2026-06-10")
    s10 = make_session(table, d10, staff["supervisor"])
    counts.set_opening(s10, EXPECTED_AT_PAR)
    slip(staff, s10, "fill", [("100", 1)], signed=False)
    set_status(s10, TableSession.Status.CLOSED)
    GamingDay.objects.filter(pk=d10.pk).update(status=GamingDay.Status.CLOSED)
    d11 = _day(casino, staff, "2026-06-11")
    SerialCounter.objects.filter(series="FILL").update(last_value=2)
    s11 = make_session(table, d11, staff["supervisor"], number=2)
    counts.set_opening(s11, EXPECTED_AT_PAR)
    slip(staff, s11, "fill", [("100", 1)], signed=False)
    assert of_kind(reconcile_day(d10).findings, "SERIAL_GAP") == []
    gap = one(reconcile_day(d11).findings, "SERIAL_GAP")
    assert gap.detail == "FILL-2026-000002"
    # The counter, beyond the last day's numbers, is a gap of the last day only.
    SerialCounter.objects.filter(series="FILL").update(last_value=4)
    assert of_kind(reconcile_day(d10).findings, "SERIAL_GAP") == []
    assert one(reconcile_day(d11).findings, "SERIAL_GAP").detail == (
        "FILL-2026-000002, FILL-2026-000004"
    )


# --------------------------------------------------------------------------- cash thresholds


def test_the_cash_of_a_player_in_the_day_against_the_thresholds(opened, staff, counts, gaming_day):
    # The cage policy's identification threshold (3,000 by default) is reached at 3,000; a
    # reversal takes its cash back off the player's total.
    txs = [
        buy(staff, opened, seat, "1000", [("1000", 1)], [("1000", 1)], player_name="Zoe Ruiz")
        for seat in (1, 2, 3)
    ]
    alert = CashAlert.objects.get()
    [listed] = reconcile_day(gaming_day).findings
    assert (listed.kind, listed.severity, listed.amount, listed.expected, listed.detail) == (
        "CASH_THRESHOLD",
        "info",
        D("3000"),
        D("3000"),
        "name:zoe ruiz:identify",
    )
    assert listed.es == (
        "Zoe Ruiz: 3.000,00 en efectivo en la jornada (Requiere identificación, umbral 3.000,00)."
    )
    assert listed.en == "Zoe Ruiz: 3,000.00 in cash in the day (identify, threshold 3,000.00)."
    assert listed.records == (Record("cash_alert", alert.pk, "identify"), *map(tx_rec, txs))
    assert (listed.table, listed.session) == (None, None)
    _tamper('DELETE FROM "cage_cashalert"')
    [missing] = reconcile_day(gaming_day).findings
    assert (missing.kind, missing.severity, missing.amount, missing.expected, missing.detail) == (
        "CASH_ALERT_MISSING",
        "exception",
        D("3000"),
        D("3000"),
        "name:zoe ruiz:identify",
    )
    assert missing.es == (
        "Zoe Ruiz: 3.000,00 en efectivo supera el umbral de 3.000,00 y no hay alerta registrada."
    )
    assert missing.en == (
        "Zoe Ruiz: 3,000.00 in cash exceeds the 3,000.00 threshold and no alert was raised."
    )
    assert missing.records == tuple(map(tx_rec, txs))
    reverse(staff, txs[2])
    assert reconcile_day(gaming_day).findings == []  # 2,000: under the threshold


def test_the_report_threshold_is_checked_too(opened, staff, counts, gaming_day):
    # 10,000 by default: both alerts raised; each listed with its level.
    for seat in range(1, 6):
        buy(
            staff,
            opened,
            seat,
            "2000",
            [("1000", 2)],
            [("1000", 2)],
            player_name="Ugo Paz",
            override_by=staff["pit_boss"],
            override_pin="1234",
            override_reason="VIP",
        )
    found = reconcile_day(gaming_day).findings
    assert [(f.kind, f.detail, f.amount, f.expected) for f in found] == [
        ("CASH_THRESHOLD", "name:ugo paz:identify", D("10000"), D("3000")),
        ("CASH_THRESHOLD", "name:ugo paz:report", D("10000"), D("10000")),
    ]
    assert "(report, threshold 10,000.00)" in found[1].en
    _tamper('DELETE FROM "cage_cashalert" WHERE "level" = %s', ["report"])
    assert [(f.kind, f.detail) for f in reconcile_day(gaming_day).findings] == [
        ("CASH_THRESHOLD", "name:ugo paz:identify"),
        ("CASH_ALERT_MISSING", "name:ugo paz:report"),
    ]


# --------------------------------------------------------------------------- the audit trail


def test_a_deleted_row_and_an_unaudited_row_in_words(opened, staff, counts, gaming_day):
    s = opened
    buy(staff, s, 1, "500", [("500", 1)], [("100", 5)])
    victim = buy(staff, s, 2, "300", [("100", 3)], [("100", 3)])
    entry = rake(staff, s, 1, "9")
    for sql in (
        'DELETE FROM "cage_cashline" WHERE "transaction_id" = %s',
        'DELETE FROM "cage_chipline" WHERE "transaction_id" = %s',
        'DELETE FROM "cage_tabletransaction" WHERE "id" = %s',
    ):
        _tamper(sql, [victim.pk])
    _tamper('DELETE FROM "cage_rakeentry" WHERE "id" = %s', [entry.pk])
    day = reconcile_day(gaming_day)
    missing = of_kind(day.findings, "RECORD_MISSING")
    assert [(f.detail, f.amount, f.session, f.table) for f in missing] == [
        (f"tabletransaction#{victim.pk}", D("300"), s.pk, None),
        (f"rakeentry#{entry.pk}", D("9"), s.pk, None),
    ]
    assert missing[0].es == (
        f"transacción de mesa #{victim.pk} figura en la auditoría pero ya no está en los libros."
    )
    assert missing[0].en == (
        f"tabletransaction #{victim.pk} is in the audit trail but no longer in the books."
    )
    assert missing[0].records == (Record("tabletransaction", str(victim.pk), "audit"),)
    assert missing[1].records == (Record("rakeentry", str(entry.pk), "audit"),)
    # Each fact once: the chain's own RECORD_MISSING names the same rows.
    from cage.reconciliation import evidence_chain_findings

    chain = of_kind(evidence_chain_findings(gaming_day), "RECORD_MISSING")
    assert [f.detail for f in chain] == [f"tabletransaction#{victim.pk}", f"rakeentry#{entry.pk}"]
    link = ChainLink.objects.get(record_type="cage.tabletransaction", record_id=str(victim.pk))
    assert chain[0].en == (
        f"transaction #{victim.pk} is in the day's chain (link {link.seq}) but no longer in "
        "the books."
    )
    assert chain[0].es == (
        f"transaction #{victim.pk} está en la cadena de la jornada (eslabón {link.seq}) pero ya "
        "no está en los libros."
    )
    assert chain[0].records == (Record("transaction", victim.pk, f"seq {link.seq}"),)


def _insert_copy(tx) -> int:
    columns = (
        "casino_id, gaming_day_id, table_id, session_id, kind, sign, reason, recorded_at, "
        "croupier_id, approved_by_id, approved_role, seat, player_name, amount, source, "
        "is_rebuy, exemption_applied, override_reason, large_cash_handling, hand_ref, seal"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f'INSERT INTO "cage_tabletransaction" (ref, {columns}) SELECT gen_random_uuid(), '  # noqa: S608
            f"{columns} FROM cage_tabletransaction WHERE id = %s RETURNING id",
            [tx.pk],
        )
        return cursor.fetchone()[0]


def test_a_row_written_outside_the_application(opened, staff, counts, gaming_day):  # issue 12 §5
    tx = buy(staff, opened, 1, "500", [("500", 1)], [("100", 5)])
    copy = _insert_copy(tx)
    day = reconcile_day(gaming_day)
    unaudited = one(day.findings, "RECORD_UNAUDITED")
    assert (unaudited.detail, unaudited.records, unaudited.severity) == (
        f"tabletransaction#{copy}",
        (Record("tabletransaction", copy),),
        "exception",
    )
    assert unaudited.es == (
        f"transacción de mesa #{copy} no tiene evento de auditoría: se escribió fuera de la "
        "aplicación."
    )
    assert unaudited.en == (
        f"tabletransaction #{copy} has no audit event: it was written outside the application."
    )
    unchained = one(day.findings, "UNCHAINED")
    assert (unchained.detail, unchained.records) == (
        f"tabletransaction#{copy}",
        (Record("transaction", copy),),
    )
    assert unchained.es == (
        f"transaction #{copy} no está en la cadena de evidencia de la jornada: se escribió "
        "fuera de la aplicación o se borró su eslabón."
    )
    assert unchained.en == (
        f"transaction #{copy} is not in the day's evidence chain: it was written outside the "
        "application or its link was deleted."
    )
    # The session names the copy's seal once (its ref is not what was sealed).
    altered = of_kind(day.all_findings, "RECORD_ALTERED")
    assert [f.detail for f in altered] == [f"transaction#{copy}"]


# --------------------------------------------------------------------------- the chain


def test_the_chain_broken_and_a_link_it_no_longer_vouches_for(opened, staff, counts, gaming_day):
    from cage.reconciliation import evidence_chain_findings

    tx = buy(staff, opened, 1, "500", [("500", 1)], [("100", 5)])
    buy(staff, opened, 2, "300", [("100", 3)], [("100", 3)])
    assert evidence_chain_findings(gaming_day) == []
    event = AuditEvent.objects.get(object_type="cage.tabletransaction", object_id=str(tx.pk))
    _tamper('UPDATE "casino_auditevent" SET "reason" = %s WHERE "id" = %s', ["otra cosa", event.pk])
    link = ChainLink.objects.get(record_type="casino.auditevent", record_id=str(event.pk))
    [altered] = evidence_chain_findings(gaming_day)
    assert (altered.kind, altered.severity, altered.detail, altered.table) == (
        "RECORD_ALTERED",
        "exception",
        f"auditevent#{event.pk}",
        None,
    )
    assert altered.es == (
        f"audit_event #{event.pk} fue modificado fuera de la aplicación: no es lo que su "
        f"eslabón {link.seq} de la cadena garantiza."
    )
    assert altered.en == (
        f"audit_event #{event.pk} was changed outside the application: it is not what its "
        f"chain link {link.seq} vouches for."
    )
    assert altered.records == (Record("audit_event", event.pk, f"seq {link.seq}"),)
    assert (
        one(reconcile_day(gaming_day).findings, "RECORD_ALTERED").detail == f"auditevent#{event.pk}"
    )
    # A link deleted: the chain breaks at the next one, which is named.
    first = ChainLink.objects.filter(gaming_day=gaming_day).order_by("seq").first()
    _tamper('DELETE FROM "casino_chainlink" WHERE "id" = %s', [first.pk])
    nxt = ChainLink.objects.get(gaming_day=gaming_day, seq=first.seq + 1)
    found = evidence_chain_findings(gaming_day)
    broken = one(found, "CHAIN_BROKEN")
    rec = _chain_record(nxt.record_type, nxt.record_id, f"seq {nxt.seq}")
    assert (broken.severity, broken.detail, broken.records) == (
        "exception",
        f"chain#{nxt.seq}",
        (rec,),
    )
    assert broken.es == (
        f"La cadena de evidencia de la jornada se rompe en el eslabón {nxt.seq} "
        f"({rec.type} #{rec.id}): gap: seq {first.seq} missing."
    )
    assert broken.en == (
        f"The day's evidence chain breaks at link {nxt.seq} ({rec.type} #{rec.id}): gap: seq "
        f"{first.seq} missing."
    )
    unchained = of_kind(found, "UNCHAINED")
    first_rec = _chain_record(first.record_type, first.record_id)
    assert [f.records for f in unchained] == [(first_rec,)]


def test_a_day_whose_links_were_all_deleted(opened, staff, counts, gaming_day):  # issue 12 §5
    from cage.reconciliation import evidence_chain_findings

    tx = buy(staff, opened, 1, "500", [("500", 1)], [("100", 5)])
    entry = rake(staff, opened, 1, "9")
    fill = slip(staff, opened, "fill", [("100", 1)], signed=False)
    events = sorted(AuditEvent.objects.filter(gaming_day=gaming_day).values_list("pk", flat=True))
    _tamper('DELETE FROM "casino_chainlink" WHERE "gaming_day_id" = %s', [gaming_day.pk])
    # The seals are keyed: the day was chained, every row of it is now outside the chain.
    found = evidence_chain_findings(gaming_day)
    assert {f.kind for f in found} == {"UNCHAINED"}
    assert [f.detail for f in found] == [
        f"tabletransaction#{tx.pk}",
        f"rakeentry#{entry.pk}",
        f"slip#{fill.pk}",
        *(f"auditevent#{pk}" for pk in events),
    ]
    assert found[2].records == (Record("slip", fill.pk),)


def test_a_day_before_the_chain_expects_no_link(opened, staff, counts, gaming_day):
    from cage.reconciliation import evidence_chain_findings

    tx = buy(staff, opened, 1, "500", [("500", 1)], [("100", 5)])
    _tamper('UPDATE "cage_tabletransaction" SET "seal" = %s WHERE "id" = %s', [_unkeyed(tx), tx.pk])
    _tamper('DELETE FROM "casino_chainlink" WHERE "gaming_day_id" = %s', [gaming_day.pk])
    assert evidence_chain_findings(gaming_day) == []


def test_the_chain_under_a_key_no_longer_configured(opened, staff, counts, gaming_day):
    from cage.reconciliation import evidence_chain_findings

    with override_settings(MESA_SEAL_KEYS=K1):
        buy(staff, opened, 1, "500", [("500", 1)], [("100", 5)])
    first = ChainLink.objects.filter(gaming_day=gaming_day).order_by("seq").first()
    with override_settings(MESA_SEAL_KEYS=K2):
        found = evidence_chain_findings(gaming_day)
    assert [f.kind for f in found] == ["SEAL_KEY_UNKNOWN"]
    f = found[0]
    rec = _chain_record(first.record_type, first.record_id, f"seq {first.seq}")
    assert (f.detail, f.records, f.severity) == (f"chain#{first.seq}", (rec,), "exception")
    assert f.es == (
        f"Cadena de la jornada, eslabón {first.seq}: nombra una clave que no está configurada "
        "(key 'k1'); no se puede verificar desde ahí."
    )
    assert f.en == (
        f"The day's chain, link {first.seq}: it names a key that is not configured (key "
        "'k1'); it cannot be verified from there on."
    )


# =========================================================================== survivors
# Survivors of the 2026-12-06 sample (scripts/mutate.py --only: every mutant whose number
# ends in 7). Each test below is what an auditor would see that no test looked at before.


def _skip_number(casino, series, year):
    """A number of the series taken and never written on a slip: a gap (GEN-10)."""
    from casino.serials import serial_next

    with transaction.atomic():
        return serial_next(casino=casino, series=series, year=year)


def _day_at_table(casino, staff, table, counts, iso, number=1):
    """A gaming day on ``iso`` with a session of ``table``, opened at par."""
    day = _day(casino, staff, iso)
    s = make_session(table, day, staff["supervisor"], number=number)
    counts.set_opening(s, EXPECTED_AT_PAR)
    return day, s


def _close_day(day, session):
    from casino.models import GamingDay

    set_status(session, TableSession.Status.CLOSED)
    GamingDay.objects.filter(pk=day.pk).update(status=GamingDay.Status.CLOSED)


def test_a_gap_among_a_days_own_numbers_while_a_later_day_has_slips(
    casino, staff, table, counts
):  # GEN-10
    # June 10 issued no. 1 and no. 3 (no. 2 was skipped); June 11 has issued no. 4 since.
    # June 10's numbers end at its own last slip (the counter is June 11's by now): the
    # gap inside them is June 10's, and not June 11's.
    d10, s10 = _day_at_table(casino, staff, table, counts, "2026-06-10")
    slip(staff, s10, "fill", [("100", 1)], signed=False)
    _skip_number(casino, "FILL", 2026)
    third = slip(staff, s10, "fill", [("100", 1)], signed=False)
    _close_day(d10, s10)
    d11, s11 = _day_at_table(casino, staff, table, counts, "2026-06-11", number=2)
    fourth = slip(staff, s11, "fill", [("100", 1)], signed=False)
    assert (third.number, fourth.number) == (3, 4)
    gap = one(reconcile_day(d10).findings, "SERIAL_GAP")
    assert (gap.detail, gap.records) == (
        "FILL-2026-000002",
        (Record("serial", "FILL-2026-000002"),),
    )
    assert gap.es == "Faltan números en la serie de rellenos: N.º 2026-000002."
    assert gap.en == "Numbers are missing from the fill slip series: no. 2026-000002."
    assert of_kind(reconcile_day(d11).findings, "SERIAL_GAP") == []


def test_the_numbering_restarts_each_year_and_last_years_numbers_hide_no_gap(
    casino, staff, table, counts
):  # GEN-10
    # December 30, 2025 issued fills 2025-000001..3. January 2, 2026 starts the series
    # again: no. 1, then no. 3 (no. 2 skipped). Last year's no. 3 is not a day before
    # this year's no. 1, so 2026-000002 is still missing.
    old, s_old = _day_at_table(casino, staff, table, counts, "2025-12-30")
    for _ in range(3):
        slip(staff, s_old, "fill", [("100", 1)], signed=False)
    _close_day(old, s_old)
    new, s_new = _day_at_table(casino, staff, table, counts, "2026-01-02", number=2)
    first = slip(staff, s_new, "fill", [("100", 1)], signed=False)
    _skip_number(casino, "FILL", 2026)
    third = slip(staff, s_new, "fill", [("100", 1)], signed=False)
    assert [(x.year, x.number) for x in (first, third)] == [(2026, 1), (2026, 3)]
    assert one(reconcile_day(new).findings, "SERIAL_GAP").detail == "FILL-2026-000002"
    assert of_kind(reconcile_day(old).findings, "SERIAL_GAP") == []


def _another_casinos_fill(other_casino, counts, iso):
    """A fill of another casino's table on ``iso``: its own FILL series of the year."""
    from datetime import date

    from casino.models import ChipSet, Denomination, GamingDay, Sector
    from tests.cage.conftest import CHIPS
    from tests.helpers import make_staff

    pit = make_staff(other_casino, "jefe_otro", Role.PIT_BOSS)
    sup = make_staff(other_casino, "sup_otro", Role.SUPERVISOR)
    manager = make_staff(other_casino, "gerente_otro", Role.SHIFT_MANAGER)
    chip_set = ChipSet.objects.create(casino=other_casino, name="Fichas de valor")
    for value, colour, _par in CHIPS:
        Denomination.objects.create(chip_set=chip_set, value=D(value), colour=colour)
    sector = Sector.objects.create(casino=other_casino, code="P1", name="Sector 1")
    sector.pit_bosses.add(pit)
    table = make_table(other_casino, chip_set, sector)
    day = GamingDay.objects.create(
        casino=other_casino, business_date=date.fromisoformat(iso), opened_by=manager
    )
    s = make_session(table, day, sup, croupier=None)
    counts.set_opening(s, EXPECTED_AT_PAR)
    return services.slip_request(
        actor=acting_as(pit, Role.PIT_BOSS), session=s, kind="fill", lines=[("100", 1)]
    )


def test_another_casinos_later_fills_leave_this_casinos_last_day_to_its_counter(
    casino, staff, table, counts, other_casino
):  # GEN-10
    # June 10 is this casino's last day: it issued no. 1 and its counter is at 2, so
    # no. 2 is June 10's gap. Another casino's June 11 fill (its own FILL-2026-000001) is
    # no later day of this casino's series.
    d10, s10 = _day_at_table(casino, staff, table, counts, "2026-06-10")
    slip(staff, s10, "fill", [("100", 1)], signed=False)
    _skip_number(casino, "FILL", 2026)
    theirs = _another_casinos_fill(other_casino, counts, "2026-06-11")
    assert (theirs.series, theirs.year, theirs.number) == ("FILL", 2026, 1)
    gap = one(reconcile_day(d10).findings, "SERIAL_GAP")
    assert gap.detail == "FILL-2026-000002"


def test_the_first_number_of_a_series_missing_on_its_first_day(
    opened, staff, counts, gaming_day, casino
):  # GEN-10
    year = gaming_day.business_date.year
    _skip_number(casino, "FILL", year)  # no. 1 taken, never written on a slip
    second = slip(staff, opened, "fill", [("100", 1)], signed=False)
    assert second.number == 2
    gap = one(reconcile_day(gaming_day).findings, "SERIAL_GAP")
    assert gap.detail == f"FILL-{year}-000001"
    assert gap.es == f"Faltan números en la serie de rellenos: N.º {year}-000001."


def test_chips_bought_at_the_cage_are_not_cash_towards_the_thresholds(
    opened, staff, counts, gaming_day
):  # BUYIN-08
    # Zoe Ruiz changes 2,000 in cash at the table and brings 1,000 in chips bought at the
    # cage: 2,000 in cash, under the 3,000 of identification. No alert is due, none missing.
    cash = [
        buy(staff, opened, seat, "1000", [("1000", 1)], [("1000", 1)], player_name="Zoe Ruiz")
        for seat in (1, 2)
    ]
    at_cage = buy(staff, opened, 3, "1000", [], [], player_name="Zoe Ruiz", source="cage_chips")
    assert at_cage.source == "cage_chips"
    assert CashAlert.objects.count() == 0
    assert reconcile_day(gaming_day).findings == []
    # A third 1,000 in cash reaches it: the alert is listed with the cash buy-ins only.
    cash.append(buy(staff, opened, 4, "1000", [("1000", 1)], [("1000", 1)], player_name="Zoe Ruiz"))
    alert = CashAlert.objects.get()
    [listed] = reconcile_day(gaming_day).findings
    assert (listed.kind, listed.amount, listed.detail) == (
        "CASH_THRESHOLD",
        D("3000"),
        "name:zoe ruiz:identify",
    )
    assert listed.records == (Record("cash_alert", alert.pk, "identify"), *map(tx_rec, cash))


def test_rows_deleted_behind_the_back_are_listed_in_number_order(
    opened, staff, counts, gaming_day
):  # issue 12 §5
    # Two buy-ins deleted whose numbers cross a power of ten (say 999 and 1000): listed
    # 999 then 1000, as numbers (as text "1000" would come first).
    kept = buy(staff, opened, 1, "500", [("500", 1)], [("100", 5)])
    start = 10 ** (len(str(kept.pk)) + 1) - 1
    _tamper(
        "SELECT setval(pg_get_serial_sequence('cage_tabletransaction', 'id'), %s, false)",
        [start],
    )
    first = buy(staff, opened, 2, "300", [("100", 3)], [("100", 3)])
    second = buy(staff, opened, 3, "200", [("100", 2)], [("100", 2)])
    assert (first.pk, second.pk) == (start, start + 1) and str(second.pk) < str(first.pk)
    for victim in (second, first):
        for sql in (
            'DELETE FROM "cage_cashline" WHERE "transaction_id" = %s',
            'DELETE FROM "cage_chipline" WHERE "transaction_id" = %s',
            'DELETE FROM "cage_tabletransaction" WHERE "id" = %s',
        ):
            _tamper(sql, [victim.pk])
    missing = of_kind(reconcile_day(gaming_day).findings, "RECORD_MISSING")
    assert [(f.detail, f.amount, f.records) for f in missing] == [
        (
            f"tabletransaction#{first.pk}",
            D("300"),
            (Record("tabletransaction", str(first.pk), "audit"),),
        ),
        (
            f"tabletransaction#{second.pk}",
            D("200"),
            (Record("tabletransaction", str(second.pk), "audit"),),
        ),
    ]


def test_a_rake_reversal_changed_behind_the_back_differs_from_its_audit(
    opened, staff, counts
):  # GEN-09, issue 12 §5
    # Hand 1's rake of 9 was reversed (the hand was voided); the reversal is then
    # rewritten to take back 5 only, so 4 of the 9 stay in the ledger. Its creating
    # event (cage.rake.reverse) still says 9.
    s = opened
    entry = rake(staff, s, 1, "9")
    back = rake_back(staff, entry)
    assert [f.kind for f in reconcile_session(s).findings] == ["SESSION_NOT_CLOSED"]
    _tamper('UPDATE "cage_rakeentry" SET "amount" = 5 WHERE "id" = %s', [back.pk])
    rec = reconcile_session(s)
    assert [(f.kind, f.detail) for f in rec.findings] == [
        ("SESSION_NOT_CLOSED", ""),
        ("AUDIT_MISMATCH", f"rake#{back.pk}"),
        ("RECORD_ALTERED", f"rake#{back.pk}"),
    ]
    mismatch = rec.findings[1]
    assert mismatch.en == f"rake #{back.pk}: the record does not match its audit event (amount)."
    assert (mismatch.records, mismatch.table, mismatch.session) == (
        (Record("rake", back.pk, "hand 1"),),
        1,
        s.pk,
    )
    assert rec.expected_rake_box == D("4")


def test_rake_on_a_table_without_rake_names_its_table_and_session(
    opened, staff, counts, gaming_day
):  # RPT-13
    # The manager's audit report lists the posting under its table and session.
    s = opened
    entry = rake(staff, s, 3, "9")
    _tamper(
        'UPDATE "tables_tablesettings" SET "rake_mode" = %s WHERE "id" = %s',
        ["seat_charge", entry.settings_id],
    )
    day = reconcile_day(gaming_day)
    found = one(day.all_findings, "RAKE_NOT_ALLOWED")
    assert (found.table, found.session, found.detail) == (s.table.number, s.pk, "3")
    assert (found.as_dict()["table"], found.as_dict()["session"]) == (1, s.pk)
    [cause] = [c for c in day.causes if c.kind == "RAKE_NOT_ALLOWED"]
    assert (cause.table, cause.session) == (1, s.pk)
