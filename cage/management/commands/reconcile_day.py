"""``python manage.py reconcile_day [--date YYYY-MM-DD] [--casino CODE] [--json]``

Prints every finding of a gaming day's reconciliation (kind, table, denomination,
amount, the records involved) and exits 0 when the day balances with no exception,
1 otherwise. It reads only what is stored (issue 6 "done when").
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from casino.models import Casino, GamingDay
from casino.selectors import open_gaming_day

from ...reconciliation import INFO, reconcile_day


class Command(BaseCommand):
    help = "Reconcile a gaming day: every variance and exception; exit 1 unless it balances."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--date", help="Business date (YYYY-MM-DD); default: the open day.")
        parser.add_argument("--casino", help="Casino code (needed when there are several).")
        parser.add_argument("--json", action="store_true", help="Print the findings as JSON.")

    def handle(self, *args: Any, **options: Any) -> None:
        day = self._gaming_day(options.get("casino"), options.get("date"))
        result = reconcile_day(day)
        if options["json"]:
            self.stdout.write(json.dumps(result.as_dict(), ensure_ascii=False, indent=2))
        else:
            self._human(result)
        if not result.balanced:
            raise SystemExit(1)

    def _gaming_day(self, code: str | None, when: str | None) -> GamingDay:
        casinos = Casino.objects.all()
        if code:
            casinos = casinos.filter(code=code)
        casino_list = list(casinos[:2])
        if not casino_list:
            raise CommandError(f"No casino {code or ''}".strip())
        if len(casino_list) > 1:
            raise CommandError("Several casinos: say which one with --casino CODE.")
        casino = casino_list[0]
        days = GamingDay.objects.filter(casino=casino)
        if when:
            try:
                business_date = date.fromisoformat(when)
            except ValueError:
                raise CommandError(f"--date must be YYYY-MM-DD, not {when!r}") from None
            day = days.filter(business_date=business_date).first()
        else:
            day = open_gaming_day(casino) or days.order_by("-business_date").first()
        if day is None:
            raise CommandError(f"No gaming day {when or ''} for casino {casino.code}".strip())
        return day

    def _human(self, result: Any) -> None:
        day = result.gaming_day
        self.stdout.write(f"{day.casino.code} {day.business_date.isoformat()}")
        for f in result.all_findings:
            mark = "·" if f.severity == INFO else "!"
            where = f"table {f.table}" if f.table is not None else "day"
            den = f" {f.denomination}" if f.denomination is not None else ""
            amount = f" {f.amount}" if f.amount is not None else ""
            self.stdout.write(f"{mark} {f.kind} [{where}{den}]{amount}: {f.en}")
        verdict = "BALANCED" if result.balanced else "NOT BALANCED"
        self.stdout.write(
            self.style.SUCCESS(verdict) if result.balanced else self.style.ERROR(verdict)
        )
