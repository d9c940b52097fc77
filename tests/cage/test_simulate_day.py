"""``simulate_day``: a whole day through the services balances; planted faults are each
reported by the reconciliation (issue 6 "done when")."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from cage.models import RakeEntry, Slip, TableTransaction
from tables.models import TableSession

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def reconcile(capsys, code="sim"):
    with pytest.raises(SystemExit) as done:
        call_command("reconcile_day", "--json", "--casino", code)
        raise SystemExit(0)
    return done.value.code, json.loads(capsys.readouterr().out)


def test_simulated_day_balances(capsys):
    call_command("simulate_day", "--tables", "2", "--hands", "12", "--seed", "7")
    out = capsys.readouterr().out
    assert out.strip().endswith("BALANCED"), out
    code, report = reconcile(capsys)
    assert code == 0 and report["balanced"]
    kinds = {t.kind for t in TableTransaction.objects.all()}
    assert kinds >= {"buyin", "colour_change", "cash_out", "tip_change"}
    assert TableTransaction.objects.filter(is_rebuy=True).exists()
    assert RakeEntry.objects.exists()  # hands went through the hand recorder and its rake
    assert {(s.kind, s.purpose) for s in Slip.objects.all()} >= {
        ("fill", "play"),
        ("credit", "play"),
        ("fill", "closing"),
    }
    assert set(TableSession.objects.values_list("status", flat=True)) == {"closed"}
    for session in report["sessions"]:
        assert session["result"] == session["expected_rake_box"]  # the result line is the rake


def test_injected_faults_are_each_reported(capsys):
    with pytest.raises(SystemExit) as done:
        call_command("simulate_day", "--tables", "2", "--hands", "10", "--seed", "11", "--inject")
        raise SystemExit(0)
    out = capsys.readouterr().out
    assert done.value.code == 0, out
    assert out.count("caught") == 5 and "MISSED" not in out
    code, report = reconcile(capsys)
    assert code == 1
    by_kind: dict[str, list] = {}
    for f in report["findings"]:
        by_kind.setdefault(f["kind"], []).append(f)
    missing = [f for f in by_kind["FLOAT_VARIANCE"] if f["denomination"] == "25.00"]
    assert [(f["table"], f["amount"]) for f in missing] == [(1, "-25.00")]
    assert [f["table"] for f in by_kind["SLIP_UNSIGNED"]] == [2]
    over = [f for f in by_kind["FLOAT_VARIANCE"] if f["table"] == 2]
    assert [(f["denomination"], f["amount"]) for f in over] == [("100.00", "1000.00")]
    assert len(by_kind["SERIAL_GAP"]) == 1
    assert [f["table"] for f in by_kind["PACK_NOT_RETURNED"]] == [2]
    assert by_kind.get("RAKE_MISMATCH") or by_kind.get("RAKE_BOX_VARIANCE")
