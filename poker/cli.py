"""``python -m poker validate [--rules manual|pba|caba] [--rake PERCENT] PATH...``

(also ``--rake-cap AMOUNT``, ``--rake-cap-scope pot|hand``, ``--rake-rounding down|nearest``,
``--no-flop-no-drop``, ``--tournament``); ``python -m poker payouts`` and ``python -m poker
icm`` are the tournament commands (``poker.tournament.cli``).

Validates every hand in the PHH files named (folders are searched recursively
for ``.phh`` and ``.phhs``) and prints one JSON object per hand on stdout::

    {"source": ..., "index": 0, "variant": "NT", "status": "valid", "violations": [],
     "pots": [...], "rake": 0, "finishing_stacks": [...]}

``status`` is ``valid``, ``invalid``, ``void`` (declared void and recorded
correctly) or ``skipped`` (not a Texas hold'em variant). Amounts are written in
the file's own units, exactly (``8.60``, never a float); players are numbered
as in PHH (1 = first left of the button). A one-line summary goes to stderr.
Exit status: 0 when nothing is invalid, 1 otherwise, 2 on usage errors.

``--rake PERCENT`` sets the pot rake (``--rake 0`` turns it off); the recorded
finishing stacks and winnings are compared with what that rake gives.
``--rake-rounding nearest`` rounds each pot's rake to the nearest chip unit
(exactly half a chip rounds down) instead of down (RAKE-07, OQ-04).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import TextIO

from poker import phh
from poker.profiles import (
    ProfileError,
    RakeCapScope,
    RakeMode,
    RakeRounding,
    RuleProfile,
    get_profile,
)
from poker.tournament import cli as tournament_cli
from poker.validate import Status, Verdict, _fmt, validate
from poker.violations import Violation

# RAKE-07, OQ-04: the casino's rounding of the percentage rake.
_ROUNDINGS = {"down": RakeRounding.DOWN_TO_MIN_CHIP, "nearest": RakeRounding.NEAREST}
# RAKE-07, OQ-04: the cap limits each pot by default, or the whole hand.
_CAP_SCOPES = {"pot": RakeCapScope.PER_POT, "hand": RakeCapScope.PER_HAND}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m poker", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("validate", help="validate PHH hand histories")
    run.add_argument("paths", nargs="+", metavar="PATH", help=".phh/.phhs files or folders")
    run.add_argument("--rules", default="manual", choices=["manual", "pba", "caba"])
    run.add_argument("--rake", metavar="PERCENT", help="pot rake in percent (0 = no rake)")
    run.add_argument(
        "--rake-cap", metavar="AMOUNT", help="rake cap (per pot by default), in the file's units"
    )
    run.add_argument(
        "--rake-cap-scope",
        choices=sorted(_CAP_SCOPES),
        default="pot",
        help="the cap limits each pot (default) or the whole hand, main pot first",
    )
    run.add_argument(
        "--rake-rounding",
        choices=sorted(_ROUNDINGS),
        default="down",
        help="rake rounded down to the chip unit (default) or to the nearest, half down",
    )
    run.add_argument("--no-flop-no-drop", action="store_true", help="no rake without a flop")
    run.add_argument("--tournament", action="store_true", help="tournament hands: no rake")
    tournament_cli.add_commands(commands)  # payouts, icm (issue 42)
    return parser


def build_profile(args: argparse.Namespace) -> RuleProfile:
    """The rule profile the options ask for; raises ProfileError or ValueError."""
    profile = get_profile(args.rules)
    changes: dict[str, object] = {}
    if args.rake is not None:
        try:
            percent = Decimal(args.rake)
        except InvalidOperation:
            raise ValueError(f"--rake {args.rake!r} is not a number") from None
        bps = percent * 100
        if not percent.is_finite() or bps != bps.to_integral_value() or bps < 0:
            raise ValueError("--rake must be a percentage with at most two decimals")
        changes["rake_bps"] = int(bps)
        changes["rake_mode"] = RakeMode.PERCENT if bps else RakeMode.NONE
    rounding = _ROUNDINGS[getattr(args, "rake_rounding", None) or "down"]
    if rounding is not profile.rake_rounding:
        changes["rake_rounding"] = rounding
    scope = _CAP_SCOPES[getattr(args, "rake_cap_scope", None) or "pot"]
    if scope is not profile.rake_cap_scope:
        changes["rake_cap_scope"] = scope
    if args.no_flop_no_drop:
        changes["no_flop_no_drop"] = True
    if args.tournament:
        changes["tournament"] = True
    return profile.with_overrides(**changes) if changes else profile


def _cap_for(args: argparse.Namespace, scale: int) -> int | None:
    if args.rake_cap is None:
        return None
    value = Decimal(args.rake_cap).scaleb(scale)
    if value != value.to_integral_value() or value < 0:
        raise ValueError("--rake-cap must be a whole number of the hand's units")
    return int(value)


def _violation_json(v: Violation, dumps: object = json.dumps) -> str:
    return (
        f'{{"code": "{v.code.value}", "action": {"null" if v.action is None else v.action}, '
        f'"message": {json.dumps(v.message_es, ensure_ascii=False)}, '
        f'"message_en": {json.dumps(v.message_en, ensure_ascii=False)}}}'
    )


def _players(indices: Sequence[int]) -> str:
    return "[" + ", ".join(str(i + 1) for i in indices) + "]"


def _amounts(values: Sequence[int], scale: int) -> str:
    if not scale:
        return "[" + ", ".join(map(str, values)) + "]"
    return "[" + ", ".join(_fmt(v, scale) for v in values) + "]"


def hand_json(
    source: str,
    index: int,
    variant: str | None,
    status: str,
    violations: Sequence[Violation],
    verdict: Verdict | None,
    scale: int,
) -> str:
    """One output line (JSON written by hand: exact decimals, stable key order, fast)."""
    pots = "[]"
    rake = "0"
    stacks = "[]"
    if verdict is not None:
        pots = (
            "["
            + ", ".join(
                f'{{"amount": {_fmt(p.amount, scale)}, "eligible": {_players(p.eligible)}, '
                f'"winners": {_players(p.winners)}, "shares": {_amounts(p.shares, scale)}, '
                f'"odd_chips": {_players(p.odd_chips)}, "rake": {_fmt(p.rake, scale)}}}'
                for p in verdict.pots
            )
            + "]"
        )
        rake = _fmt(verdict.rake, scale)
        stacks = _amounts(verdict.finishing_stacks, scale)
    return (
        f'{{"source": {json.dumps(source, ensure_ascii=False)}, "index": {index}, '
        f'"variant": {json.dumps(variant, ensure_ascii=False)}, "status": "{status}", '
        f'"violations": [{", ".join(_violation_json(v) for v in violations)}], '
        f'"pots": {pots}, "rake": {rake}, "finishing_stacks": {stacks}}}'
    )


def run_validate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        profile = build_profile(args)
        _cap_for(args, 0)
    except (ProfileError, ValueError, InvalidOperation) as exc:
        err.write(f"python -m poker: error: {exc}\n")
        return 2
    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        err.write(f"python -m poker: error: no such file or folder: {missing[0]}\n")
        return 2
    started = time.perf_counter()
    counts = {"valid": 0, "invalid": 0, "void": 0, "skipped": 0}
    files = 0
    profiles: dict[int, RuleProfile] = {}
    buffer: list[str] = []
    write = out.write
    for path in phh.iter_paths(args.paths):
        files += 1
        for record in phh.read_path(path):
            hand = record.hand
            if record.skipped:
                status = "skipped"
                line = hand_json(record.source, record.index, record.variant, status, (), None, 0)
            elif hand is None:
                status = "invalid"
                line = hand_json(
                    record.source, record.index, record.variant, status, record.problems, None, 0
                )
            else:
                hand_profile = profile
                if args.rake_cap is not None:
                    hand_profile = profiles.get(hand.scale) or profile.with_overrides(
                        rake_cap=_cap_for(args, hand.scale)
                    )
                    profiles[hand.scale] = hand_profile
                verdict = validate(hand, hand_profile)
                violations = (*record.problems, *verdict.violations)
                if violations:
                    status = "invalid"
                else:
                    status = "void" if verdict.status is Status.VOID else "valid"
                line = hand_json(
                    record.source,
                    record.index,
                    record.variant,
                    status,
                    violations,
                    verdict,
                    hand.scale,
                )
            counts[status] += 1
            buffer.append(line)
            if len(buffer) >= 512:
                write("\n".join(buffer) + "\n")
                buffer.clear()
    if buffer:
        write("\n".join(buffer) + "\n")
    hands = sum(counts.values())
    elapsed = time.perf_counter() - started
    err.write(
        f"{hands} hands in {files} files: {counts['valid']} valid, {counts['invalid']} invalid, "
        f"{counts['void']} void, {counts['skipped']} skipped ({elapsed:.2f} s)\n"
    )
    return 1 if counts["invalid"] else 0


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # argparse: usage errors exit 2, --help exits 0
        return int(exc.code or 0)
    # A short-lived batch process: collect garbage rarely (refcounting frees almost all).
    gc.set_threshold(50_000, 20, 20)
    if args.command == "validate":
        return run_validate(args, out, err)
    if args.command in tournament_cli.COMMANDS:
        return tournament_cli.run(args, out, err)
    return 2  # pragma: no cover - argparse requires a command
