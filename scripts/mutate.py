#!/usr/bin/env python3
"""Mutation testing of the modules that carry money, signatures and rules (issue 16 §1).

    python scripts/mutate.py                      # every module of the table below
    python scripts/mutate.py poker/pots.py        # one module (make mutate MODULE=poker/pots.py)
    python scripts/mutate.py --engine             # the engine's modules only (pure Python)
    python scripts/mutate.py --list               # the table: module -> tests
    python scripts/mutate.py --report poker/pots.py   # the last run's figures, without running
    python scripts/mutate.py --only '*__mutmut_*7' cage/reconciliation.py
                                                  # a sample: every mutant whose number ends in 7

The tool is mutmut 3 (the ``test`` extra). It never mutates the work tree: each module is
mutated in its own copy of the tree under ``$MESA_MUTATE_DIR`` (default
``/tmp/mesa-mutate/<module>``), where mutmut writes its mutated copy in ``mutants/``. Other
engineers edit the work tree at the same time; a copy also keeps one module's run apart from
the next. A second run of the same module re-copies the tree and re-runs only the mutants
whose function or tests changed (mutmut's cache); ``--fresh`` runs every mutant again (after
adding tests, to measure the kill rate anew).

Each module runs only against the tests that cover it (``MODULES`` below). The modules that
need Django run inside ``scripts/testenv.py`` (a throwaway PostgreSQL and Redis) with one
worker and ``--reuse-db``, since every mutant's pytest run shares one test database. The
engine's modules run with two workers and no database.

It prints, per module, the mutants killed out of those run, the kill rate and each survivor
(``mutmut show NAME`` in the copy prints its diff).

``--only PATTERN`` runs and reports only the mutants whose name matches the pattern (fnmatch,
as mutmut takes it). The modules on PostgreSQL cost 5-10 s a mutant on one worker, so a whole
run of the recorder or the reconciliation takes hours; ``'*__mutmut_*7'`` (every mutant whose
number ends in 7) is a tenth of them, spread over every function, and its kill rate estimates
the module's. A name given this way is run again even if it has a result. Exit status: 0 when every module run
reaches ``--target`` (90 %), 1 otherwise.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = ROOT / ".venv" / "bin"
WORK = Path(os.environ.get("MESA_MUTATE_DIR", "/tmp/mesa-mutate"))

# What is never copied: the virtualenv (used in place), git, caches, a previous run's mutants.
SKIP = {
    ".venv",
    ".git",
    "mutants",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".import_linter_cache",
    ".hypothesis",
    "var",
    "staticfiles",
    "__pycache__",
}
TIMEOUT_MULTIPLIER = 3.0
DJANGO_TIMEOUT_CONSTANT = 30.0
# The Python packages mutmut copies into mutants/ (it mutates only the module asked for).
PACKAGES = ["poker", "casino", "players", "tables", "cage", "hands", "reports", "floor", "demo"]


@dataclass(frozen=True)
class Module:
    path: str
    tests: tuple[str, ...]
    django: bool = True


# module -> the tests that cover it. Keep each list to the tests that exercise the module:
# mutmut maps each test to the functions it calls and runs only those per mutant, but its
# first pass runs every listed test once.
MODULES = [
    # The engine (pure Python, no database).
    Module("poker/pots.py", ("tests/poker",), django=False),
    Module("poker/validate.py", ("tests/poker",), django=False),
    Module("poker/state.py", ("tests/poker",), django=False),
    Module("poker/machine.py", ("tests/poker",), django=False),
    Module("poker/rulings.py", ("tests/poker",), django=False),
    Module("poker/irregularities.py", ("tests/poker",), django=False),
    # Money, signatures and rules in the services (PostgreSQL).
    Module(
        "casino/api/idempotency.py",
        ("tests/casino/test_idempotency.py", "tests/casino/test_idempotency_keys.py"),
    ),
    Module(
        "cage/reconciliation.py",
        (
            "tests/cage/test_reconciliation.py",
            "tests/cage/test_properties.py",
            "tests/cage/test_reconciliation_findings.py",
        ),
    ),
    Module("cage/services/rake.py", ("tests/cage",)),
    Module("cage/services/drop.py", ("tests/cage",)),
    Module("cage/services/slips.py", ("tests/cage",)),
    Module("cage/services/transactions/writing.py", ("tests/cage",)),
    Module("cage/services/transactions/buyins.py", ("tests/cage",)),
    Module("cage/services/transactions/limits.py", ("tests/cage",)),
    Module("cage/services/transactions/thresholds.py", ("tests/cage",)),
    Module("cage/services/transactions/changes.py", ("tests/cage",)),
    Module("cage/services/transactions/departures.py", ("tests/cage",)),
    Module("cage/services/transactions/reversals.py", ("tests/cage",)),
    Module("cage/services/common.py", ("tests/cage",)),
    Module("cage/services/policy.py", ("tests/cage",)),
    Module(
        "casino/signatures.py",
        (
            "tests/casino/test_signatures.py",
            "tests/casino/test_pins.py",
            "tests/security/test_segregation.py",
            "tests/tables/test_opening.py",
        ),
    ),
    Module(
        "casino/access.py",
        (
            "tests/casino/test_roles.py",
            "tests/casino/test_access_refusals.py",
            "tests/casino/test_api.py",
            "tests/security/test_fixes.py",
        ),
    ),
    Module(
        "tables/services/decks.py",
        (
            "tests/tables/test_decks.py",
            "tests/tables/test_deck_end_of_day.py",
            "tests/tables/test_deck_stores_and_withdrawal.py",
            "tests/tables/test_full_day.py",
            "tests/tables/test_readiness.py",
            "tests/tables/test_unticked_boxes.py",
            "tests/tables/test_api.py",
        ),
    ),
    Module(
        "tables/services/sanctions.py",
        (
            "tests/tables/test_sanctions.py",
            "tests/tables/test_sanction_appeals.py",
            "tests/tables/test_sanction_from_hand.py",
            "tests/tables/test_sanction_refusals_and_records.py",
            "tests/tables/test_expulsion_lift.py",
        ),
    ),
    Module("hands/services/recording/book.py", ("tests/hands",)),
    Module("hands/services/recording/parse.py", ("tests/hands",)),
    Module("hands/services/recording/terms.py", ("tests/hands",)),
    Module("hands/services/recording/judge.py", ("tests/hands",)),
    Module("hands/services/recording/books.py", ("tests/hands",)),
    Module("hands/services/recording/word.py", ("tests/hands",)),
    Module("hands/services/recording/prepare.py", ("tests/hands",)),
    Module("hands/services/recording/admit.py", ("tests/hands",)),
    Module("hands/services/recording/write.py", ("tests/hands",)),
    Module("hands/services/recording/rake.py", ("tests/hands",)),
    Module("hands/services/recording/log.py", ("tests/hands",)),
    Module("hands/services/recording/correct.py", ("tests/hands",)),
    Module("hands/services/recording/review.py", ("tests/hands",)),
    # Issue 39: the controls of the second round and the test classes the suite lacked.
    Module("casino/formdata.py", ("tests/casino/test_formdata.py",)),
    Module(
        "reports/export.py",
        ("tests/reports/test_export_hostile.py", "tests/reports/test_export.py"),
    ),
    Module(
        "hands/services/times.py",
        ("tests/security/test_client_facts.py", "tests/hands/test_mutants_recording.py"),
    ),
    Module(
        "casino/effective.py",
        ("tests/casino/test_effective.py", "tests/security/test_client_facts.py"),
    ),
    Module("casino/logins.py", ("tests/casino/test_login_behind_the_proxy.py",)),
    Module(
        "casino/api/authentication.py",
        ("tests/casino/test_token_revocation.py", "tests/casino/test_tokens.py"),
    ),
    Module(
        "casino/scoping.py",
        ("tests/security/test_assignment_matrix.py", "tests/casino/test_signatures.py"),
    ),
    Module("players/selectors.py", ("tests/security/test_dated_rules.py",)),
    Module(
        "hands/incident_selectors.py",
        ("tests/security/test_state_sequences.py", "tests/hands/test_incidents.py"),
    ),
    Module(
        "hands/services/incidents.py",
        ("tests/security/test_state_sequences.py", "tests/hands/test_incidents.py"),
    ),
    Module("cage/selectors/policy.py", ("tests/security/test_dated_rules.py",)),
    Module(
        "tables/services/sessions.py",
        ("tests/security/test_state_sequences.py", "tests/tables/test_sessions.py"),
    ),
    Module("reports/replica.py", ("tests/reliability/test_replica_retried_claim.py",)),
    Module("demo/simulation.py", ("tests/security/test_two_casinos_offline.py",)),
]
BY_PATH = {m.path: m for m in MODULES}


def slug(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def copy_tree(dest: Path) -> None:
    """The work tree into ``dest`` (kept: mutmut's cache lives in dest/mutants)."""
    dest.mkdir(parents=True, exist_ok=True)
    for entry in ROOT.iterdir():
        if entry.name in SKIP:
            continue
        target = dest / entry.name
        if entry.is_dir():
            shutil.copytree(
                entry,
                target,
                dirs_exist_ok=True,
                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
            )
        else:
            shutil.copy2(entry, target)


def write_config(dest: Path, module: Module) -> None:
    """[tool.mutmut] in the copy's pyproject.toml (the work tree's is left as it is)."""
    also = sorted(e.name for e in dest.iterdir() if e.name not in SKIP and e.name not in PACKAGES)
    args = ["-p", "no:cacheprovider", "-q", "-m", "not e2e and not celery and not slow"]
    if module.django:
        args.append("--reuse-db")
    lines = [
        "",
        "[tool.mutmut]",
        f"source_paths = {json.dumps(PACKAGES)}",
        f"only_mutate = {json.dumps([module.path])}",
        f"also_copy = {json.dumps(also)}",
        f"pytest_add_cli_args = {json.dumps(args)}",
        f"pytest_add_cli_args_test_selection = {json.dumps(list(module.tests))}",
        "use_git_change_detection = false",
        # A mutant that loops for ever (``i += 1`` -> ``i += 2`` in a seat walk) is stopped
        # and counted as killed (timeout) after (its tests' time + the constant) x the
        # multiplier of wall time, or twice that of CPU time. mutmut's default multiplier
        # of 15 gives a hung engine mutant 2-3 minutes; 3 stops it within half a minute.
        # The wall limit counts load: a mutant of a module on PostgreSQL whose tests take
        # 0.1 s still starts pytest and Django in its fork, seconds on a loaded machine,
        # and with the default constant of 1 s it was stopped at 3.3 s and counted killed
        # though it might have survived. Those modules get 30 s.
        f"timeout_multiplier = {TIMEOUT_MULTIPLIER}",
        f"timeout_constant = {DJANGO_TIMEOUT_CONSTANT if module.django else 1.0}",
        "",
    ]
    pyproject = dest / "pyproject.toml"
    text = pyproject.read_text()
    text = text.split("\n[tool.mutmut]")[0]
    pyproject.write_text(text + "\n".join(lines))


def run_module(
    module: Module, jobs: int, fresh: bool = False, only: list[str] | None = None
) -> int:
    dest = WORK / slug(module.path)
    if fresh:
        shutil.rmtree(dest / "mutants", ignore_errors=True)
    copy_tree(dest)
    write_config(dest, module)
    env = dict(os.environ, HYPOTHESIS_PROFILE="ci", PYTHONDONTWRITEBYTECODE="1")
    env["PATH"] = f"{BIN}:{env.get('PATH', '')}"
    children = jobs if not module.django else 1
    cmd = [str(BIN / "mutmut"), "run", "--max-children", str(children)]
    cmd += only or []
    if module.django:
        cmd = [str(BIN / "python"), str(ROOT / "scripts" / "testenv.py"), "--", *cmd]
    print(f"== {module.path}: mutmut in {dest} ({' '.join(module.tests)})", flush=True)
    log = dest / "mutate.log"
    with log.open("w") as out:
        status = subprocess.call(cmd, cwd=dest, env=env, stdout=out, stderr=subprocess.STDOUT)
    if status != 0:
        print(f"   mutmut exited {status}; the end of {log}:")
        print("\n".join(log.read_text(errors="replace").splitlines()[-25:]))
    return status


def results(module: Module, only: list[str] | None = None) -> dict[str, str] | None:
    """mutant name -> status (killed, survived, timeout, no tests, ...) of the last run."""
    dest = WORK / slug(module.path)
    if not (dest / "mutants").exists():
        return None
    env = dict(os.environ)
    env["PATH"] = f"{BIN}:{env.get('PATH', '')}"
    out = subprocess.run(
        [str(BIN / "mutmut"), "results", "--all", "true"],
        cwd=dest,
        env=env,
        capture_output=True,
        text=True,
    ).stdout
    statuses: dict[str, str] = {}
    for line in out.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and name and (not only or any(fnmatch.fnmatchcase(name, p) for p in only)):
            statuses[name] = status.strip()
    return statuses


def report(module: Module, only: list[str] | None = None) -> float | None:
    statuses = results(module, only)
    if statuses is None:
        print(f"{module.path}: not run")
        return None
    killed = sum(1 for s in statuses.values() if s in ("killed", "timeout", "segfault"))
    survived = sorted(n for n, s in statuses.items() if s == "survived")
    untested = sorted(n for n, s in statuses.items() if s == "no tests")
    other = sorted(
        f"{n} ({s})"
        for n, s in statuses.items()
        if s not in ("killed", "timeout", "segfault", "survived", "no tests")
    )
    tried = killed + len(survived) + len(untested)
    rate = 100.0 * killed / tried if tried else 100.0
    sample = f" matching {' or '.join(only)}" if only else ""
    print(
        f"{module.path}{sample}: {killed}/{tried} killed ({rate:.1f} %), {len(survived)} survived,"
        f" {len(untested)} without a test, of {len(statuses)} mutants"
    )
    for name in survived:
        print(f"   survived: {name}")
    for name in untested:
        print(f"   no test:  {name}")
    if other:
        print(f"   not run yet: {len(other)} (an interrupted run; run the module again)")
    return rate


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("modules", nargs="*", help="module paths (default: every module)")
    parser.add_argument("--engine", action="store_true", help="the engine's modules only")
    parser.add_argument("--list", action="store_true", help="print the table and stop")
    parser.add_argument("--report", action="store_true", help="print the last run's figures")
    parser.add_argument(
        "--fresh", action="store_true", help="forget the last run (every mutant runs again)"
    )
    parser.add_argument(
        "--only",
        metavar="PATTERN",
        action="append",
        help="only the mutants whose name matches (fnmatch; repeat for several)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="workers for the engine (default 2)")
    parser.add_argument("--target", type=float, default=90.0, help="kill rate to reach (%%)")
    args = parser.parse_args(argv)

    if args.list:
        for m in MODULES:
            print(f"{m.path:34} {'postgres' if m.django else 'no db   '} {' '.join(m.tests)}")
        return 0
    unknown = [p for p in args.modules if p not in BY_PATH]
    if unknown:
        parser.error(f"not in the table: {', '.join(unknown)} (see --list)")
    chosen = [BY_PATH[p] for p in args.modules] or [
        m for m in MODULES if not args.engine or not m.django
    ]
    if not args.report:
        for m in chosen:
            run_module(m, args.jobs, fresh=args.fresh, only=args.only)
    print("\nKill rate per module (killed / mutants run):")
    rates = [report(m, args.only) for m in chosen]
    below = [m.path for m, r in zip(chosen, rates, strict=True) if r is None or r < args.target]
    if below:
        print(f"\nBelow {args.target:.0f} % or not run: {', '.join(below)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
