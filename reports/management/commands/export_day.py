"""Write a gaming day's archive, or a month's, for the regulator or an external auditor.

python manage.py export_day --date 2026-11-30 --out DIR [--provisional] [--casino CODE]
python manage.py export_day --month 2026-11 --out DIR

See ``reports.archive`` for what the archive holds; ``manage.py verify_export DIR``
checks it.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from casino.errors import DomainError
from casino.models import Casino
from reports.archive import export_day, export_month


class Command(BaseCommand):
    help = "Export a gaming day (or a month) with its PDFs, its records and a manifest."

    def add_arguments(self, parser):
        when = parser.add_mutually_exclusive_group(required=True)
        when.add_argument("--date", help="the gaming day, YYYY-MM-DD")
        when.add_argument("--month", help="every gaming day of a month, YYYY-MM")
        parser.add_argument("--out", required=True, help="a directory that does not exist yet")
        parser.add_argument(
            "--provisional",
            action="store_true",
            help="export a day still open (the manifest marks it provisional)",
        )
        parser.add_argument("--casino", help="casino code (default: the only casino)")
        parser.add_argument("--lang", default="es", choices=["es", "en"])

    def handle(self, *args, **options):
        casinos = Casino.objects.all()
        if options["casino"]:
            casinos = casinos.filter(code=options["casino"])
        if casinos.count() != 1:
            raise CommandError("name the casino with --casino CODE")
        casino = casinos.get()
        out = Path(options["out"])
        try:
            if options["date"]:
                try:
                    day = date.fromisoformat(options["date"])
                except ValueError:
                    raise CommandError(f"--date {options['date']!r}: expected YYYY-MM-DD") from None
                done = [
                    export_day(
                        casino,
                        day,
                        out,
                        provisional=options["provisional"],
                        lang=options["lang"],
                        exported_by="export_day",
                    )
                ]
            else:
                try:
                    year, month = (int(x) for x in options["month"].split("-"))
                    date(year, month, 1)
                except ValueError:
                    raise CommandError(f"--month {options['month']!r}: expected YYYY-MM") from None
                done = export_month(
                    casino,
                    year,
                    month,
                    out,
                    provisional=options["provisional"],
                    lang=options["lang"],
                    exported_by="export_day",
                )
        except DomainError as err:
            raise CommandError(f"{err.code}: {err.message_en}") from err
        for exported in done:
            m = exported.manifest
            flag = " PROVISIONAL" if m["provisional"] else ""
            self.stdout.write(
                f"{exported.directory}: {m['business_date']}{flag}, {len(m['files'])} files, "
                f"{sum(m['records'].values())} records, chain head {m['chain']['head_seq']}; "
                f"manifest SHA-256 {exported.manifest_sha256}"
            )
