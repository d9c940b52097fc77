#!/usr/bin/env python3
"""The traceability matrix: each requirement of the spec, its status, and the tests that name it.

    python scripts/traceability.py            write docs/traceability.md
    python scripts/traceability.py --check    exit 1, listing each problem, when a requirement
                                              has no status, a status names an ID the spec does
                                              not have, a `built` requirement has no test naming
                                              it, or docs/traceability.md is stale

Inputs (issue 16 §5):
- ``../shared/spec/requirements.md``: one requirement per ``- **AREA-nn** `TAG` — text``
  bullet, with its continuation lines, under a ``## N. Title (AREA)`` section.
- ``docs/requirements-status.toml``: the hand-kept status of every requirement: ``built``,
  ``partial`` (note: what is missing), ``procedure`` (note: why software does not perform
  it), ``deferred`` (note: why, and ``issue``: the issue that will take it) or ``missing``.
- ``tests/**/test_*.py``: a test names a requirement when the ID appears in the test's
  name (``test_role_04_...``), its docstring, a comment on its ``def`` line or inside its
  body, or a comment block attached directly above it (no blank line between). IDs in a
  module docstring or a free-standing module comment do NOT count: such a line speaks for
  a whole file and proves nothing about any one test. A table-driven test names the IDs
  in the string literals of the module-level data its ``@pytest.mark.parametrize`` reads
  (directly or through a helper), e.g. a case called ``"RUL-56-MISDEAL-08-premature-flop"``;
  the matrix marks those ``(case)``. A range (``OPEN-07..09``) or a list
  (``IRREG-02/03``) inside a test names each ID of it; the matrix marks those with ``~``
  because a range claim is weaker than naming the ID.

Standard library only, no Django: it runs in CI and on a laptop alike. When the spec is
absent (a clean clone without ``../shared``) there is nothing to check against: ``--check``
says so and exits 0, and the committed ``docs/traceability.md`` stays as it is.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT.parent / "shared" / "spec" / "requirements.md"
STATUS = ROOT / "docs" / "requirements-status.toml"
OUTPUT = ROOT / "docs" / "traceability.md"
TESTS = ROOT / "tests"

STATUSES = ("built", "partial", "procedure", "deferred", "missing")
# The statuses whose note must say something (what is missing, why not software, why later).
NOTE_REQUIRED = {"partial", "procedure", "deferred", "missing"}

REQ_LINE = re.compile(r"^- \*\*(?P<id>[A-Z]+-\d{2})\*\* (?P<tags>(?:`[A-Z]+` ?)+)— (?P<text>.*)$")
SECTION = re.compile(r"^## (?P<num>\d+)\. (?P<title>.+)$")
# AREA-nn, optionally followed by a range (..nn, –nn) or a list (/nn/nn).
ID_MENTION = re.compile(
    r"\b(?P<area>[A-Z]{2,8})-(?P<first>\d{2})"
    r"(?:(?P<range>(?:\.\.|–)\d{2})|(?P<list>(?:/\d{2})+))?(?![\d])"
)
NAME_MENTION = re.compile(r"(?:^|_)(?P<area>[a-z]{2,8})_(?P<num>\d{2})(?=_|$)")


@dataclass(frozen=True)
class Requirement:
    id: str
    area: str
    family: str
    tags: tuple[str, ...]
    text: str
    source: str

    @property
    def title(self) -> str:
        return short_title(self.text)


@dataclass
class Status:
    status: str
    note: str = ""
    issue: int | None = None


@dataclass
class Mention:
    node: str
    how: str  # "test" (the test itself), "case" (a case of its table), "range" (a range or list)

    @property
    def mark(self) -> str:
        return {"test": "", "case": " (case)", "range": " ~"}[self.how]


@dataclass
class Matrix:
    requirements: list[Requirement]
    statuses: dict[str, Status]
    tests: dict[str, list[Mention]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- the spec


def family_name(title: str, area: str) -> str:
    """'Chip changes, part 1 — colour change: … (CHIP-01 to CHIP-06)' -> 'Chip changes'."""
    title = re.sub(r"\s*\([^)]*\)\s*$", "", title)
    title = re.sub(r",\s*part \d+\b.*$", "", title)
    return title.strip() or area


def parse_spec(text: str) -> list[Requirement]:
    requirements: list[Requirement] = []
    family = ""
    current: dict[str, object] | None = None

    def flush() -> None:
        nonlocal current
        if current is None:
            return
        body = " ".join(str(part).strip() for part in current["lines"])  # type: ignore[union-attr]
        body = re.sub(r"\s+", " ", body).strip()
        text_part, _, source = body.partition("*Source:")
        requirements.append(
            Requirement(
                id=str(current["id"]),
                area=str(current["id"]).split("-")[0],
                family=str(current["family"]),
                tags=tuple(re.findall(r"`([A-Z]+)`", str(current["tags"]))),
                text=text_part.strip(),
                source=source.strip().rstrip("*").strip(),
            )
        )
        current = None

    for line in text.splitlines():
        section = SECTION.match(line)
        if section or line.startswith("## "):
            flush()
            family = section.group("title") if section else ""
            continue
        match = REQ_LINE.match(line)
        if match:
            flush()
            area = match.group("id").split("-")[0]
            current = {
                "id": match.group("id"),
                "family": family_name(family, area),
                "tags": match.group("tags"),
                "lines": [match.group("text")],
            }
        elif current is not None and (line.startswith((" ", "\t")) and line.strip()):
            current["lines"].append(line)  # type: ignore[union-attr]
        elif current is not None:
            flush()
    flush()
    return requirements


def short_title(text: str, limit: int = 90) -> str:
    """The requirement's first clause, for one table cell."""
    plain = re.sub(r"[*`]", "", text)
    plain = re.sub(r"\s*\(see [^)]*\)", "", plain)
    first = re.split(r"(?<=[a-z0-9)])\. |: | — |; ", plain, maxsplit=1)[0].strip().rstrip(".")
    if len(first) > limit:
        cut = first[:limit].rsplit(" ", 1)[0]
        first = cut.rstrip(",;:") + " …"
    return first


# ---------------------------------------------------------------- the statuses


def load_statuses(path: Path, problems: list[str]) -> dict[str, Status]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        problems.append(f"{path.relative_to(ROOT)} is missing")
        return {}
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{path.relative_to(ROOT)} is not valid TOML: {exc}")
        return {}
    statuses: dict[str, Status] = {}
    for req_id, entry in data.items():
        if not isinstance(entry, dict):
            problems.append(f"{req_id}: the status must be a table ([{req_id}] status = …)")
            continue
        status = str(entry.get("status", ""))
        note = str(entry.get("note", "")).strip()
        issue = entry.get("issue")
        unknown = set(entry) - {"status", "note", "issue"}
        if unknown:
            problems.append(f"{req_id}: unknown keys {sorted(unknown)}")
        if status not in STATUSES:
            problems.append(f"{req_id}: status {status!r} is not one of {', '.join(STATUSES)}")
        elif status in NOTE_REQUIRED and not note:
            problems.append(f"{req_id}: a {status} requirement needs a note saying why")
        if status == "deferred" and not isinstance(issue, int):
            problems.append(
                f"{req_id}: a deferred requirement needs the issue number that takes it"
            )
        statuses[req_id] = Status(
            status=status, note=note, issue=issue if isinstance(issue, int) else None
        )
    return statuses


# ---------------------------------------------------------------- the tests


def _ids_in(text: str, known_areas: set[str]) -> list[tuple[str, bool]]:
    found: list[tuple[str, bool]] = []
    for match in ID_MENTION.finditer(text):
        area = match.group("area")
        if area not in known_areas:
            continue
        first = int(match.group("first"))
        found.append((f"{area}-{first:02d}", True))
        if match.group("range"):
            last = int(match.group("range")[-2:])
            found.extend((f"{area}-{n:02d}", False) for n in range(first + 1, last + 1))
        elif match.group("list"):
            found.extend(
                (f"{area}-{int(n):02d}", False) for n in match.group("list").split("/")[1:]
            )
    return found


def _comments(source: str) -> dict[int, str]:
    comments: dict[int, str] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT:
                comments[tok.start[0]] = tok.string
    except (tokenize.TokenError, IndentationError):
        pass
    return comments


def _names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _strings_in(node: ast.AST) -> list[str]:
    return [
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def _case_tables(tree: ast.Module, test: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The string literals of the module-level data a table-driven test is parametrised with.

    ``@pytest.mark.parametrize("case", CASES)`` or ``…, _params())`` where ``_params`` reads
    ``CASES``: each case names what it proves (``"RUL-56-MISDEAL-08-premature-flop"``), and the
    test runs every case, so an ID in the table is proven by that test's cases.
    """
    decorators = [
        d
        for d in test.decorator_list
        if "parametrize" in ast.unparse(d.func if isinstance(d, ast.Call) else d)
    ]
    if not decorators:
        return []
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    assignments: dict[str, ast.AST] = {}
    for n in tree.body:
        if isinstance(n, ast.Assign):
            for target in n.targets:
                if isinstance(target, ast.Name):
                    assignments[target.id] = n.value
        elif (
            isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.value is not None
        ):
            assignments[n.target.id] = n.value
    names: set[str] = set()
    for decorator in decorators:
        names |= _names_in(decorator)
    seen: set[str] = set()
    strings: list[str] = []
    while names:
        name = names.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in functions and not name.startswith("test"):
            names |= _names_in(functions[name])
        elif name in assignments:
            strings.extend(_strings_in(assignments[name]))
    return strings


def scan_tests(tests_dir: Path, known_areas: set[str]) -> dict[str, list[Mention]]:
    """Requirement ID -> the tests (node ids) that name it, in file and line order."""
    strength = {"test": 2, "case": 1, "range": 0}
    named: dict[str, dict[str, str]] = defaultdict(dict)
    for path in sorted(tests_dir.rglob("test_*.py")):
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source, filename=str(path))
        comments = _comments(source)
        lines = source.splitlines()
        rel = path.relative_to(ROOT).as_posix()
        for node in tree.body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if not node.name.startswith("test"):
                continue
            texts: list[str] = []
            # The name: test_role_04_... names ROLE-04.
            texts.extend(
                f"{m.group('area').upper()}-{m.group('num')}"
                for m in NAME_MENTION.finditer(node.name)
            )
            doc = ast.get_docstring(node)
            if doc:
                texts.append(doc)
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            # Comments on the def line(s) and inside the body.
            texts.extend(
                text
                for line, text in comments.items()
                if first <= line <= (node.end_lineno or first)
            )
            # A comment block attached directly above the test (no blank line between).
            line = first - 1
            while line >= 1 and lines[line - 1].lstrip().startswith("#"):
                texts.append(lines[line - 1])
                line -= 1
            node_id = f"{rel}::{node.name}"
            found = [
                (req_id, "test" if direct else "range")
                for t in texts
                for req_id, direct in _ids_in(t, known_areas)
            ]
            found += [
                (req_id, "case" if direct else "range")
                for t in _case_tables(tree, node)
                for req_id, direct in _ids_in(t, known_areas)
            ]
            for req_id, how in found:
                before = named[req_id].get(node_id)
                if before is None or strength[how] > strength[before]:
                    named[req_id][node_id] = how
    return {
        req_id: [Mention(node, how) for node, how in nodes.items()]
        for req_id, nodes in named.items()
    }


# ---------------------------------------------------------------- the matrix


def build(spec_text: str) -> Matrix:
    problems: list[str] = []
    requirements = parse_spec(spec_text)
    if not requirements:
        problems.append(f"no requirement found in {SPEC}")
    statuses = load_statuses(STATUS, problems)
    known = {r.id for r in requirements}
    areas = {r.area for r in requirements}
    tests = scan_tests(TESTS, areas)
    for req in requirements:
        entry = statuses.get(req.id)
        if entry is None:
            problems.append(f"{req.id}: no status in docs/requirements-status.toml")
        elif entry.status == "built" and not tests.get(req.id):
            problems.append(f"{req.id}: built, but no test names it")
    for req_id in sorted(set(statuses) - known):
        problems.append(f"{req_id}: has a status but the spec has no such requirement")
    return Matrix(requirements=requirements, statuses=statuses, tests=tests, problems=problems)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ").strip()


def render(matrix: Matrix) -> str:
    reqs = matrix.requirements
    status_of = {r.id: (matrix.statuses.get(r.id) or Status("")).status or "(none)" for r in reqs}
    named = [r for r in reqs if matrix.tests.get(r.id)]
    named_direct = [r for r in reqs if any(m.how == "test" for m in matrix.tests.get(r.id, []))]
    counts = Counter(status_of.values())
    columns = [*STATUSES] + (["(none)"] if counts.get("(none)") else [])

    out: list[str] = []
    add = out.append
    add("# Traceability matrix")
    add("")
    add("Generated by `python scripts/traceability.py` from `../shared/spec/requirements.md`,")
    add("`docs/requirements-status.toml` (the hand-kept status of each requirement) and the")
    add("test suite. Do not edit by hand: change the status file or the tests and regenerate.")
    add(
        "`python scripts/traceability.py --check` (run by `tests/architecture/test_traceability.py`)"
    )
    add("fails when a requirement has no status, a `built` one has no test naming it, or this")
    add("file is stale.")
    add("")
    add("Statuses: **built** (implemented, and a test naming the ID proves it); **partial**")
    add("(the note says what is missing); **procedure** (staff perform it, the software does")
    add("not; the note says why); **deferred** (an open issue will take it); **missing**.")
    add("A test names a requirement by its name, docstring, or a comment on or inside it (or")
    add("directly above it), or by a case of the table a parametrised test runs; module")
    add("docstrings do not count. `(case)` marks a test that names the ID in a case of its")
    add("table; `~` one that names it only through a range or list (`OPEN-07..09`).")
    add("")
    add("## Summary")
    add("")
    add(f"- Requirements in the spec: **{len(reqs)}**")
    for status in columns:
        add(f"- {status}: **{counts.get(status, 0)}**")
    add(
        f"- Named by at least one test: **{len(named)}** of {len(reqs)} ({len(named_direct)} by a test itself, not only through a case of a table or a range)"
    )
    add("")
    add("| Family | Requirements | " + " | ".join(columns) + " | Named by a test |")
    add("|---|---:|" + "---:|" * len(columns) + "---:|")
    families: dict[str, list[Requirement]] = {}
    for req in reqs:
        families.setdefault(req.area, []).append(req)
    for area, members in families.items():
        family_counts = Counter(status_of[r.id] for r in members)
        row = [f"{area} — {members[0].family}", str(len(members))]
        row += [str(family_counts.get(s, 0)) for s in columns]
        row.append(str(sum(1 for r in members if matrix.tests.get(r.id))))
        add("| " + " | ".join(_cell(c) for c in row) + " |")
    total = (
        ["**All**", f"**{len(reqs)}**"]
        + [f"**{counts.get(s, 0)}**" for s in columns]
        + [f"**{len(named)}**"]
    )
    add("| " + " | ".join(total) + " |")
    add("")
    add("## Requirements")
    for area, members in families.items():
        add("")
        add(f"### {area} — {members[0].family}")
        add("")
        add("| ID | Requirement | Status | Note | Tests |")
        add("|---|---|---|---|---|")
        for req in members:
            entry = matrix.statuses.get(req.id) or Status("(none)")
            note = entry.note
            if entry.status == "deferred" and entry.issue is not None:
                note = f"issue {entry.issue}: {note}" if note else f"issue {entry.issue}"
            mentions = matrix.tests.get(req.id, [])
            tests = "<br>".join(f"`{m.node}`{m.mark}" for m in mentions)
            tags = " ".join(req.tags)
            add(
                f"| {req.id} | {_cell(req.title)} ({tags}) | {entry.status or '(none)'} | "
                f"{_cell(note)} | {tests or '—'} |"
            )
    add("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="check, do not write; exit 1 on any problem"
    )
    parser.add_argument(
        "--list", metavar="STATUS", help="print the IDs with this status (or 'untested')"
    )
    args = parser.parse_args(argv)

    if not SPEC.exists():
        print(
            f"traceability: {SPEC} is absent (no ../shared/spec next to the project), so there is "
            "nothing to check against; docs/traceability.md is left as committed."
        )
        return 0
    matrix = build(SPEC.read_text(encoding="utf-8"))
    text = render(matrix)

    if args.list:
        for req in matrix.requirements:
            entry = matrix.statuses.get(req.id)
            if args.list == "untested" and not matrix.tests.get(req.id):
                print(req.id, entry.status if entry else "(none)", req.title)
            elif entry and entry.status == args.list:
                print(req.id, req.title, "|", entry.note)
        return 0

    if args.check:
        problems = list(matrix.problems)
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else None
        if current != text:
            problems.append(
                f"{OUTPUT.relative_to(ROOT)} is stale: run `python scripts/traceability.py` and commit it"
            )
        for problem in problems:
            print(f"traceability: {problem}")
        if problems:
            print(f"traceability: {len(problems)} problem(s)")
            return 1
        print(
            f"traceability: {len(matrix.requirements)} requirements, all with a status; the matrix is current"
        )
        return 0

    OUTPUT.write_text(text, encoding="utf-8")
    for problem in matrix.problems:
        print(f"traceability: {problem}", file=sys.stderr)
    print(
        f"traceability: wrote {OUTPUT.relative_to(ROOT)} ({len(matrix.requirements)} requirements)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
