"""``python manage.py simulate_history --casinos C --tables N --days D --hands-per-table H``

Fills the database with D consistent gaming days per casino (issue 18 §1): the
first day of each casino through every service, the others copied from it with
bulk inserts (``demo.history``). Prints progress and the rows per second.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from demo.history import build_history


class Command(BaseCommand):
    help = "Fill the database with many consistent gaming days, fast."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--casinos", type=int, default=1)
        parser.add_argument("--tables", type=int, default=4)
        parser.add_argument("--days", type=int, default=7)
        parser.add_argument("--hands-per-table", type=int, default=60)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--end", type=date.fromisoformat, default=None, help="Last day (default yesterday)."
        )
        parser.add_argument("--prefix", default="hist", help="Casino codes: PREFIX1, PREFIX2...")
        parser.add_argument(
            "--days-per-batch", type=int, default=8, help="Days copied per transaction."
        )
        parser.add_argument(
            "--stage",
            choices=("all", "template", "copies"),
            default="all",
            help="Split a long build: 'template' plays the first days and writes --state; "
            "'copies' reads it and copies them.",
        )
        parser.add_argument("--state", type=Path, default=None, help="The stages' state file.")

    def handle(self, *args: Any, **options: Any) -> None:
        report = build_history(
            casinos=options["casinos"],
            tables=options["tables"],
            days=options["days"],
            hands_per_table=options["hands_per_table"],
            seed=options["seed"],
            end=options["end"],
            code_prefix=options["prefix"],
            days_per_batch=options["days_per_batch"],
            stage=options["stage"],
            state_file=options["state"],
            log=lambda m: self.stdout.write(m),
        )
        self.stdout.write(
            f"{len(report.casinos)} casino(s) x {report.days} days: {report.hands:,} hands; "
            f"template days {report.template_seconds:.1f} s; copies {report.rows:,} rows in "
            f"{report.copy_seconds:.1f} s ({report.rows_per_second:,.0f} rows/s)"
        )
