#!/usr/bin/env python3
"""Re-check the survivors of a mutation run against today's code and tests (issue 16 §1).

    python scripts/recheck_survivors.py poker/machine.py tests/poker/test_machine_fast_path.py
    python scripts/recheck_survivors.py --only '*_dead__*' poker/machine.py tests/poker

A full ``make mutate`` run of a large module takes hours on two cores; after writing tests
from its survivors, this answers the narrower question "which of those survivors do the new
tests kill?" in minutes. For each survivor of the last run of MODULE (its copy under
``$MESA_MUTATE_DIR``, as ``scripts/mutate.py`` leaves it), it takes the mutant's diff from
``mutmut show``, applies it to the function as it is today in a scratch copy of the tree
(the work tree is never touched), and runs the given tests with ``-x``. A survivor whose
function no longer holds the mutated lines is reported as "not applicable". It prints one
line per survivor (killed, survived, not applicable) and the counts.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = ROOT / ".venv" / "bin"
sys.path.insert(0, str(ROOT / "scripts"))

from mutate import WORK, Module, results, slug  # noqa: E402


def function_span(source: str, target: str) -> tuple[int, int, int] | None:
    """(first line, last line, indent) of ``Class.method`` or a module function."""
    cls, _, name = target.rpartition(".")
    for node in ast.walk(ast.parse(source)):
        if cls and isinstance(node, ast.ClassDef) and node.name == cls:
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef) and sub.name == name:
                    return sub.lineno, sub.end_lineno or sub.lineno, sub.col_offset + 4
        if not cls and isinstance(node, ast.FunctionDef) and node.name == name:
            if node.col_offset == 0:
                return node.lineno, node.end_lineno or node.lineno, 4
    return None


def target_of(mutant: str) -> str:
    """``poker.machine.xǁMachineǁ_dead__mutmut_2`` -> ``Machine._dead``."""
    base = mutant.rsplit("__mutmut_", 1)[0].rsplit(".", 1)[-1]
    if base.startswith("xǁ"):
        _, cls, name = base.split("ǁ", 2)
        return f"{cls}.{name}"
    return base[len("x_") :]


def mutated(source: str, mutant: str, diff: str) -> str | None:
    span = function_span(source, target_of(mutant))
    if span is None:
        return None
    first, last, indent = span
    hunk = [line for line in diff.splitlines()[3:] if not line.startswith("@@")]
    pad = " " * (indent - 4)
    old = "\n".join(pad + line[1:] if line[1:] else "" for line in hunk if line[:1] in " -")
    new = "\n".join(pad + line[1:] if line[1:] else "" for line in hunk if line[:1] in " +")
    lines = source.splitlines()
    body = "\n".join(lines[first - 1 : last])
    if body.count(old) != 1:
        return None
    return "\n".join([*lines[: first - 1], body.replace(old, new), *lines[last:]]) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("module", help="the module of the last run, e.g. poker/machine.py")
    parser.add_argument("tests", nargs="+", help="the tests to run against each survivor")
    parser.add_argument("--only", default="*", help="survivors whose name matches (fnmatch)")
    args = parser.parse_args()
    copy = WORK / slug(args.module)
    statuses = results(Module(args.module, ()))
    if statuses is None:
        print(f"no run of {args.module} in {copy}: run scripts/mutate.py first")
        return 2
    survivors = [
        n for n, s in statuses.items() if s == "survived" and fnmatch.fnmatch(n, args.only)
    ]
    source = (ROOT / args.module).read_text()
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory(prefix="mesa-recheck-") as scratch:
        tree = Path(scratch)
        for part in ("poker", "tests"):
            shutil.copytree(ROOT / part, tree / part, ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
        env = dict(os.environ, HYPOTHESIS_PROFILE="ci", PYTHONDONTWRITEBYTECODE="1")
        for name in survivors:
            show = subprocess.run(
                [str(BIN / "mutmut"), "show", name], cwd=copy, capture_output=True, text=True
            )
            code = mutated(source, name, show.stdout)
            if code is None:
                verdict = "not applicable"
            else:
                (tree / args.module).write_text(code)
                run = subprocess.run(
                    [str(BIN / "pytest"), "-x", "-q", "-p", "no:django", "-p", "no:cacheprovider"]
                    + args.tests,
                    cwd=tree,
                    capture_output=True,
                    env=env,
                )
                verdict = "killed" if run.returncode else "survived"
                (tree / args.module).write_text(source)
            counts[verdict] += 1
            print(f"{name}: {verdict}", flush=True)
    print(f"{args.module}: {len(survivors)} survivors of the last run: {dict(counts)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
