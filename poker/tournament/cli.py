"""``python -m poker payouts`` and ``python -m poker icm`` (hooked into ``poker.cli``).

    python -m poker payouts --entries N --pool AMOUNT [--unit U] [--places K] [--json]
    python -m poker icm --stacks 5000,3000,2000 --payouts 500,300,200
                        [--unit U] [--to-play-for X] [--method icm|chip-chop] [--json]

Amounts are whole numbers of the room's smallest money unit. ``payouts --json`` prints a
list of ``{"place", "amount"}`` that sums exactly to the pool; ``icm --json`` prints
``{"method", "unit", "to_play_for", "total", "shares": [{"player", "stack", "amount",
"equity"}]}`` (players numbered from 1 in the order of ``--stacks``; ``equity`` is the
exact value before rounding, as a fraction ``"n/d"``). Exit status 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from poker.tournament.deals import DealMethod, make_deal
from poker.tournament.errors import TournamentError
from poker.tournament.payouts import propose_payouts

COMMANDS = ("payouts", "icm")
_METHODS = {"icm": DealMethod.ICM, "chip-chop": DealMethod.CHIP_CHOP}


def add_commands(commands: Any) -> None:
    """Add the tournament commands to ``python -m poker``'s subparsers."""
    pay = commands.add_parser("payouts", help="a tournament's payout table (power law)")
    pay.add_argument("--entries", required=True, metavar="N", help="entries (re-entries included)")
    pay.add_argument("--pool", required=True, metavar="AMOUNT", help="prize pool, smallest units")
    pay.add_argument("--unit", default="1", metavar="U", help="round prizes to U (default 1)")
    pay.add_argument("--places", metavar="K", help="places paid (default 15%% of entries)")
    pay.add_argument("--json", action="store_true", help="a JSON list of {place, amount}")
    icm = commands.add_parser("icm", help="a deal between the players left (ICM or chip chop)")
    icm.add_argument("--stacks", required=True, metavar="S1,S2,...", help="chips of each player")
    icm.add_argument("--payouts", required=True, metavar="P1,P2,...", help="prizes left, 1st first")
    icm.add_argument("--unit", default="1", metavar="U", help="round amounts to U (default 1)")
    icm.add_argument("--to-play-for", default="0", metavar="X", help="left to play for (from 1st)")
    icm.add_argument("--method", default="icm", choices=sorted(_METHODS))
    icm.add_argument("--json", action="store_true", help="JSON output")


def _whole(option: str, text: str) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise ValueError(f"{option} {text!r} is not a whole number") from None
    return value


def _list(option: str, text: str) -> list[int]:
    return [_whole(option, part) for part in text.split(",")]


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        if args.command == "payouts":
            return _payouts(args, out)
        return _icm(args, out)
    except TournamentError as exc:
        err.write(f"python -m poker: error: {exc.message_en} ({exc.code.value})\n")
    except ValueError as exc:
        err.write(f"python -m poker: error: {exc}\n")
    return 2


def _payouts(args: argparse.Namespace, out: TextIO) -> int:
    entries = _whole("--entries", args.entries)
    pool = _whole("--pool", args.pool)
    unit = _whole("--unit", args.unit)
    places = None if args.places is None else _whole("--places", args.places)
    table = propose_payouts(pool, entries=entries, unit=unit, places=places)
    if args.json:
        out.write(json.dumps([{"place": p.place, "amount": p.amount} for p in table.prizes]) + "\n")
        return 0
    out.write(
        f"{entries} entries, pool {pool}, unit {unit}: {table.places} places paid "
        f"(power law, exponent {table.exponent}, first share {table.first_share})\n"
    )
    width = max(len(str(pool)), 6)
    out.write(f"{'place':>5}  {'amount':>{width}}\n")
    for p in table.prizes:
        out.write(f"{p.place:>5}  {p.amount:>{width}}\n")
    out.write(f"{'total':>5}  {sum(table.amounts()):>{width}}\n")
    return 0


def _icm(args: argparse.Namespace, out: TextIO) -> int:
    stacks = _list("--stacks", args.stacks)
    payouts = _list("--payouts", args.payouts)
    deal = make_deal(
        _METHODS[args.method],
        stacks,
        payouts,
        unit=_whole("--unit", args.unit),
        to_play_for=_whole("--to-play-for", args.to_play_for),
    )
    if args.json:
        doc = {
            "method": deal.method.value,
            "unit": deal.unit,
            "to_play_for": deal.to_play_for,
            "total": deal.total,
            "shares": [
                {
                    "player": s.player + 1,
                    "stack": s.stack,
                    "amount": s.amount,
                    "equity": f"{s.equity.numerator}/{s.equity.denominator}",
                }
                for s in deal.shares
            ],
        }
        out.write(json.dumps(doc) + "\n")
        return 0
    out.write(
        f"{deal.method.value} deal, unit {deal.unit}, left to play for {deal.to_play_for}\n"
        f"{'player':>6}  {'stack':>10}  {'equity':>14}  {'amount':>10}\n"
    )
    for s in deal.shares:
        cents = round(s.equity * 100)  # exact fraction, rounded for display only
        equity = f"{cents // 100}.{cents % 100:02d}"
        out.write(f"{s.player + 1:>6}  {s.stack:>10}  {equity:>14}  {s.amount:>10}\n")
    out.write(f"{'total':>6}  {sum(deal.stacks):>10}  {'':>14}  {deal.total:>10}\n")
    return 0
