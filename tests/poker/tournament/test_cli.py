"""``python -m poker payouts`` and ``python -m poker icm``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from poker.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_payouts_json_sums_exactly_to_the_pool() -> None:
    code, out, _ = run("payouts", "--entries", "60", "--pool", "60000", "--unit", "100", "--json")
    assert code == 0
    table = json.loads(out)
    assert table[0] == {"place": 1, "amount": 19100} and len(table) == 9
    assert sum(row["amount"] for row in table) == 60000
    assert all(list(row) == ["place", "amount"] for row in table)


def test_payouts_text_and_places() -> None:
    code, out, _ = run("payouts", "--entries", "100", "--pool", "100000", "--places", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("100 entries, pool 100000, unit 1: 3 places paid")
    assert lines[-1].split() == ["total", "100000"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--entries", "60", "--pool", "60k"], "--pool '60k' is not a whole number"),
        (
            ["--entries", "60", "--pool", "500", "--unit", "100", "--places", "9"],
            "(POOL_TOO_SMALL)",
        ),
        (["--entries", "5", "--pool", "500", "--places", "6"], "(PLACES_INVALID)"),
    ],
)
def test_payouts_bad_input_exits_2(argv: list[str], message: str) -> None:
    code, out, err = run("payouts", *argv)
    assert (code, out) == (2, "")
    assert message in err


def test_icm_json() -> None:
    code, out, _ = run("icm", "--stacks", "5000,3000,2000", "--payouts", "500,300,200", "--json")
    assert code == 0
    doc = json.loads(out)
    assert (doc["method"], doc["total"], doc["to_play_for"]) == ("icm", 1000, 0)
    assert [(s["player"], s["amount"], s["equity"]) for s in doc["shares"]] == [
        (1, 384, "5375/14"),
        (2, 327, "655/2"),
        (3, 289, "2020/7"),
    ]


def test_icm_chip_chop_text_with_an_amount_left_to_play_for() -> None:
    code, out, _ = run(
        "icm",
        "--stacks",
        "6000,3000,1000",
        "--payouts",
        "600,300,200",
        "--method",
        "chip-chop",
        "--to-play-for",
        "100",
    )
    assert code == 0
    assert out.splitlines()[0] == "chip_chop deal, unit 1, left to play for 100"
    assert out.splitlines()[-1].split() == ["total", "10000", "1000"]


def test_icm_bad_input_exits_2() -> None:
    code, _, err = run("icm", "--stacks", "5000,0", "--payouts", "500,300")
    assert code == 2 and "(DEAL_STACK_INVALID)" in err


def test_the_real_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "poker", "payouts", "--entries", "9", "--pool", "9000", "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert sum(row["amount"] for row in json.loads(done.stdout)) == 9000
