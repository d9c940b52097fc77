"""``python manage.py simulate_day --tables N --hands M --seed S [--inject] [--casino CODE]``

Drives a whole gaming day through the services of the tables, the hand recorder
and the cage, then reconciles it (issue 6 "done when"). Without ``--inject`` the
day must balance; with it, each planted fault must be reported. Exit 0 when the
outcome is the expected one, 1 otherwise.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from cage.reconciliation import INFO, reconcile_day
from demo.simulation import DaySimulator


class Command(BaseCommand):
    help = "Simulate a gaming day through every service and reconcile it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tables", type=int, default=2)
        parser.add_argument("--hands", type=int, default=30)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--inject", action="store_true", help="Plant one fault of each kind.")
        parser.add_argument("--casino", default="sim", help="Code of the simulated casino.")
        parser.add_argument("--json", action="store_true", help="Print the reconciliation JSON.")

    def handle(self, *args: Any, **options: Any) -> None:
        sim = DaySimulator(
            tables=options["tables"],
            hands=options["hands"],
            seed=options["seed"],
            inject=options["inject"],
            casino_code=options["casino"],
        )
        report = sim.run()
        result = reconcile_day(report.gaming_day)
        findings = [f for f in result.all_findings if f.severity != INFO]
        if options["json"]:
            self.stdout.write(json.dumps(result.as_dict(), ensure_ascii=False, indent=2))
        self.stdout.write(
            f"{report.gaming_day.casino.code} {report.gaming_day.business_date}: "
            f"{report.tables} tables, {report.hands} hands, {report.transactions} cage "
            f"transactions, {len(findings)} findings"
        )
        ok = True
        for fault in report.faults:
            caught = [
                f
                for f in findings
                if f.kind in fault.expect and (fault.table is None or f.table == fault.table)
            ]
            mark = "caught" if caught else "MISSED"
            ok = ok and bool(caught)
            kinds = ", ".join(sorted({f.kind for f in caught})) or "-"
            self.stdout.write(
                f"  planted {fault.name} ({fault.detail}, table {fault.table}): {mark} by {kinds}"
            )
        if not report.faults:
            ok = result.balanced
            for f in findings:
                self.stdout.write(f"  ! {f.kind} table {f.table}: {f.en}")
            self.stdout.write("BALANCED" if ok else "NOT BALANCED")
        if not ok:
            raise SystemExit(1)
