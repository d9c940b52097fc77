"""``python -m poker validate``: JSON lines, summary, exit codes, hostile files."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from poker import phh
from poker.cli import main
from tests.poker.engine_gen import random_hand

HEADER = (
    "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
    "starting_stacks = [100, 100, 100]\n"
)
VALID = HEADER + "actions = ['p3 cbr 6', 'p1 f', 'p2 f']\nfinishing_stacks = [99, 98, 103]\n"
INVALID = HEADER + "actions = ['p1 f']\n"


def run(*argv: str) -> tuple[int, list[dict], str]:  # type: ignore[type-arg]
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    return code, lines, err.getvalue()


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_valid_folder_exits_zero(tmp_path: Path) -> None:
    write(tmp_path, "a.phh", VALID)
    write(tmp_path, "deeper/b.phhs", phh.dumps_many([random_hand(1), random_hand(2)]))
    write(tmp_path, "deeper/ignored.txt", "not a hand")
    code, lines, err = run("validate", "--rake", "0", str(tmp_path))
    assert code == 0
    assert [(Path(d["source"]).name, d["index"], d["status"]) for d in lines] == [
        ("a.phh", 0, "valid"),
        ("b.phhs", 0, "valid"),
        ("b.phhs", 1, "valid"),
    ]
    first = lines[0]
    assert list(first) == [
        "source",
        "index",
        "variant",
        "status",
        "violations",
        "pots",
        "rake",
        "finishing_stacks",
    ]
    assert first["finishing_stacks"] == [99, 98, 103]
    assert first["pots"] == [
        {"amount": 5, "eligible": [3], "winners": [3], "shares": [5], "odd_chips": [], "rake": 0}
    ]
    assert err.startswith("3 hands in 2 files: 3 valid, 0 invalid")


def test_invalid_hand_exits_one(tmp_path: Path) -> None:
    code, lines, err = run("validate", str(write(tmp_path, "x.phh", INVALID)))
    assert code == 1
    (line,) = lines
    assert line["status"] == "invalid"
    assert line["violations"][0]["code"] == "OUT_OF_TURN" and line["violations"][0]["action"] == 0
    assert line["violations"][0]["message"].startswith("Acción fuera de turno")
    assert "1 invalid" in err


def test_rake_option_and_recorded_stacks(tmp_path: Path) -> None:  # RAKE-01: --rake, default 3%
    path = write(tmp_path, "v.phh", VALID)
    assert run("validate", "--rake", "0", str(path))[0] == 0
    code, lines, _ = run("validate", str(path))  # the manual's 3% of a 4-chip pot is 0
    assert code == 0 and lines[0]["rake"] == 0
    code, lines, _ = run("validate", "--rake", "50", str(path))
    assert code == 1 and lines[0]["rake"] == 2
    assert [v["code"] for v in lines[0]["violations"]] == ["FINISHING_STACKS_MISMATCH"]
    assert run("validate", "--rake", "50", "--no-flop-no-drop", str(path))[0] == 0
    assert run("validate", "--rake", "50", "--rake-cap", "1", str(path))[1][0]["rake"] == 1
    assert run("validate", "--rake", "50", "--tournament", str(path))[0] == 0


def test_exact_decimals_and_skipped_variants(tmp_path: Path) -> None:
    cents = (
        "[1]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.10, 0.25]\n"
        "min_bet = 0.25\nstarting_stacks = [5.55, 10]\nactions = ['p2 cbr 1.10', 'p1 f']\n"
        "winnings = [0, 1.35]\n\n[2]\nvariant = 'PO'\nantes = [0, 0]\n"
        "blinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [9, 9]\nactions = []\n"
    )
    code, lines, err = run("validate", "--rake", "0", str(write(tmp_path, "c.phhs", cents)))
    assert code == 0
    assert lines[0]["finishing_stacks"] == [5.30, 10.25]
    assert lines[1]["status"] == "skipped" and lines[1]["variant"] == "PO"
    assert "1 skipped" in err


def test_amounts_are_written_as_exact_decimal_literals(tmp_path: Path) -> None:
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.10, 0.25]\nmin_bet = 0.25\n"
        "starting_stacks = [5.55, 10]\nactions = ['p2 f']\n"
    )
    out, err = io.StringIO(), io.StringIO()
    assert main(["validate", "--rake", "0", str(write(tmp_path, "d.phh", text))], out, err) == 0
    # Heads-up the button (p2) posted 0.10 and folds: p1 wins it, its own 0.15 back.
    assert '"finishing_stacks": [5.65, 9.90]' in out.getvalue()  # exact, never 5.6500000001


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["validate"],
        ["frobnicate", "x"],
        ["validate", "--rules", "nevada", "."],
        ["validate", "--rake", "abc", "."],
        ["validate", "--rake", "-1", "."],
        ["validate", "--rake", "2.555", "."],
        ["validate", "--rules", "caba", "--rake", "6", "."],  # RAKE-03: above CABA's 5%
        ["validate", "/no/such/file.phh"],
    ],
)
def test_usage_errors_exit_two(argv: list[str]) -> None:
    code, _lines, _err = run(*argv)
    assert code == 2


HOSTILE = {
    "truncated.phh": VALID[: len(VALID) // 2],
    "types.phh": HEADER.replace("min_bet = 2", "min_bet = 'two'") + "actions = []\n",
    "huge.phh": HEADER.replace("[100, 100, 100]", "[1" + "0" * 5000 + ", 100, 100]")
    + "actions = []\n",
    "exponent.phh": HEADER.replace("[100, 100, 100]", "[1e999999999, 100, 100]") + "actions = []\n",
    "variant.phh": VALID.replace("'NT'", "'ZZ'"),
    "binary.phh": "\x00\x01\x02variant",
    "nested.phh": "a = " + "[" * 20000 + "]" * 20000 + "\n",
    "actions.phh": HEADER + "actions = [" + "'p1 cc', " * 1_200_000 + "]\n",  # 10 MB
    "multiline.phh": HEADER + "actions = [\n" + "  'p1 cc',  # c\n" * 400_000 + "]\n",
    "many.phh": HEADER + "actions = [" + "'p1 cc', " * 100_000 + "]\n",
}


def test_hostile_files_are_rejected_quickly(tmp_path: Path) -> None:  # issue 9 will fuzz this
    for name, text in HOSTILE.items():
        write(tmp_path, name, text)
    (tmp_path / "latin1.phh").write_bytes("variant = 'ñ'".encode("latin-1"))
    started = time.perf_counter()
    code, lines, _err = run("validate", str(tmp_path))
    assert time.perf_counter() - started < 20
    assert code == 1
    assert len(lines) == len(HOSTILE) + 1
    for line in lines:
        assert line["status"] == "invalid", line["source"]
        assert line["violations"][0]["code"] == "MALFORMED", line


def test_python_dash_m_poker(tmp_path: Path) -> None:
    path = write(tmp_path, "a.phh", VALID)
    done = subprocess.run(
        [sys.executable, "-m", "poker", "validate", "--rake", "0", str(path)],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["status"] == "valid"
    assert done.stderr.startswith("1 hands in 1 files")
