"""Import a regulator's exclusion list from a CSV file, acting as a shift manager
(issue 17 §2); the same service as ``POST /api/exclusion-lists/``.

python manage.py import_exclusions lista.csv --source "Lotería" --date 2026-12-01 --as gerente

Columns: document_type,document_number,full_name,starts_on,ends_on. All or nothing: a
malformed row refuses the whole file with its line number.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from casino.access import acting_as
from casino.errors import DomainError
from casino.models import User
from casino.roles import Role
from players.services import exclusion_list_import


class Command(BaseCommand):
    help = "Import a regulator's exclusion list (CSV) as its source's next version."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="The CSV file")
        parser.add_argument("--source", required=True, help="The regulator (the list's source)")
        parser.add_argument("--date", required=True, help="The list's date, YYYY-MM-DD")
        parser.add_argument(
            "--as", dest="username", required=True, help="Username of the shift manager"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        user = User.objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError("No such user.")
        try:
            list_date = date.fromisoformat(options["date"])
        except ValueError:
            raise CommandError("--date must be YYYY-MM-DD.") from None
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"No such file: {path}")
        try:
            listed = exclusion_list_import(
                actor=acting_as(user, Role.SHIFT_MANAGER),
                source=options["source"],
                list_date=list_date,
                content=path.read_bytes(),
                file_name=path.name,
            )
        except DomainError as err:
            raise CommandError(err.message("en")) from None
        self.stdout.write(
            self.style.SUCCESS(
                f"Imported {listed.source} version {listed.version}: "
                f"{listed.entry_count} entries ({listed.pk})."
            )
        )
