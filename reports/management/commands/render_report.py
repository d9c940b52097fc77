"""Render any report synchronously, with the same code the Celery task runs (issue 7 §9).

python manage.py render_report NAME [--date DATE] [--table NUMBER] [--session ID]
    [--hand ID] [--first N --last N] [--slip ID] [--sector CODE] [--from DATE --to DATE]
    [--ruleset manual|pba|caba] [--lang es|en] [--paper A4|Letter] [--casino CODE]
    --out FILE.pdf
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from casino.errors import DomainError
from casino.models import Casino
from reports.registry import all_specs
from reports.rendering import render_report, write_atomically
from reports.services import spec_or_error, validate_params


class Command(BaseCommand):
    help = "Render a report to a PDF file with the code the Celery task runs."

    def add_arguments(self, parser):
        parser.add_argument("name", help="report kind (see --list)", nargs="?")
        parser.add_argument("--list", action="store_true", help="list the report kinds")
        parser.add_argument("--date")
        parser.add_argument("--table", type=int)
        parser.add_argument("--session", type=int)
        parser.add_argument("--from", dest="date_from")
        parser.add_argument("--to", dest="date_to")
        parser.add_argument("--ruleset")
        parser.add_argument("--hand", type=int, help="hand id (hands report)")
        parser.add_argument("--first", type=int, help="first hand number (hands report)")
        parser.add_argument("--last", type=int, help="last hand number (hands report)")
        parser.add_argument("--slip", type=int, help="slip id (slips report)")
        parser.add_argument("--sector", help="sector code (sector sheet)")
        parser.add_argument("--lang", default="es", choices=["es", "en"])
        parser.add_argument(
            "--paper", default="A4", choices=["A4", "Letter", "LETTER", "a4", "letter"]
        )
        parser.add_argument("--casino", help="casino code (default: the only casino)")
        parser.add_argument("--out", help="output PDF file")

    def handle(self, *args, **options):
        if options["list"] or not options["name"]:
            for spec in all_specs():
                self.stdout.write(f"{spec.kind:16} {spec.title_es} / {spec.title_en}")
            return
        if not options["out"]:
            raise CommandError("--out FILE.pdf is required")
        casinos = Casino.objects.all()
        if options["casino"]:
            casinos = casinos.filter(code=options["casino"])
        if casinos.count() != 1:
            raise CommandError("name the casino with --casino CODE")
        casino = casinos.get()
        keys = [
            *("date", "table", "session", "date_from", "date_to", "ruleset"),
            *("hand", "first", "last", "slip", "sector"),
        ]
        raw = {k: options[k] for k in keys if options.get(k) is not None}
        try:
            spec = spec_or_error(options["name"])
            params = validate_params(spec, raw)
        except DomainError as err:
            raise CommandError(f"{err.code}: {err.message_en}") from err
        try:
            rendered = render_report(
                spec,
                casino=casino,
                params=params,
                lang=options["lang"],
                paper=options["paper"],
                generated_by="render_report",
            )
        except DomainError as err:  # no such table, session or gaming day
            raise CommandError(f"{err.code}: {err.message_en}") from err
        write_atomically(Path(options["out"]), rendered.pdf)
        self.stdout.write(
            f"{options['out']}: {rendered.pages} pages, sha256 {rendered.sha256}, "
            f"content {rendered.content_sha256}"
        )
