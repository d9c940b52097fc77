"""``python manage.py revalidate --from DATE --to DATE``: judge every hand of the range
again under the current engine and print the differences as JSON (issue 4 §8, §9)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from casino.errors import DomainError
from casino.models import User
from casino.roles import Perm, Role
from hands import services

from .import_hands import command_actor, pick_casino


def _date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise CommandError(f"not a date (YYYY-MM-DD): {value}") from None


class Command(BaseCommand):
    help = "Re-validate the hands of a date range under the current engine; print differences."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--from", dest="date_from", required=True, help="YYYY-MM-DD")
        parser.add_argument("--to", dest="date_to", required=True, help="YYYY-MM-DD")
        parser.add_argument("--casino", help="casino code (when there are several)")
        parser.add_argument("--user", help="username of a shift manager to act as")

    def handle(self, *args: Any, **options: Any) -> None:
        casino = pick_casino(options.get("casino"))
        fallback = (
            User.objects.filter(casino=casino, groups__name=Role.SHIFT_MANAGER.value)
            .order_by("pk")
            .first()
        )
        actor = command_actor(casino, options.get("user"), Perm.REVALIDATE_HANDS, fallback)
        try:
            run = services.revalidation_create(
                actor=actor,
                date_from=_date(options["date_from"]),
                date_to=_date(options["date_to"]),
                enqueue=False,
            )
        except DomainError as exc:
            raise CommandError(f"{exc.code}: {exc.message_en}") from None
        run = services.revalidation_run(run.pk)
        self.stdout.write(
            json.dumps(services.revalidation_report(run), ensure_ascii=False, indent=2)
        )
