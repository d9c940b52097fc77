"""``python manage.py import_hands --table NUMBER FILE...``: PHH hands into the table's open
session, through the same services as the API; prints a JSON summary (issue 4 §9)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from casino.access import Actor, acting_as
from casino.errors import DomainError
from casino.models import Casino, User
from casino.roles import Perm, roles_with
from hands import services
from tables.models import Table, TableSession


def command_actor(casino: Casino, username: str | None, perm: Perm, fallback: User | None) -> Actor:
    """The user the command acts as: ``--user``, else ``fallback``; in a role granting ``perm``."""
    user = None
    if username:
        user = User.objects.filter(username=username, casino=casino).first()
        if user is None:
            raise CommandError(f"no user {username!r} in casino {casino.code}")
    user = user or fallback
    if user is None:
        raise CommandError("give --user: nobody to act as")
    for role in roles_with(perm):
        if user.holds_role(role):
            return acting_as(user, role)
    raise CommandError(f"{user.username} holds no role allowed to {perm.value}")


def pick_casino(code: str | None) -> Casino:
    if code:
        casino = Casino.objects.filter(code=code).first()
        if casino is None:
            raise CommandError(f"no casino {code!r}")
        return casino
    casinos = list(Casino.objects.all()[:2])
    if len(casinos) != 1:
        raise CommandError("give --casino CODE")
    return casinos[0]


class Command(BaseCommand):
    help = "Import PHH hands (.phh, .phhs) into a table's open session; print a JSON summary."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--table", type=int, required=True, help="table number")
        parser.add_argument("--casino", help="casino code (when there are several)")
        parser.add_argument("--user", help="username to act as (default: the session supervisor)")
        parser.add_argument("files", nargs="+", help=".phh or .phhs files")

    def handle(self, *args: Any, **options: Any) -> None:
        casino = pick_casino(options.get("casino"))
        table = Table.objects.filter(casino=casino, number=options["table"]).first()
        if table is None:
            raise CommandError(f"no table {options['table']}")
        session = (
            TableSession.objects.filter(table=table)
            .exclude(status=TableSession.Status.CLOSED)
            .first()
        )
        if session is None:
            raise CommandError(f"table {table.number} has no open session")
        actor = command_actor(casino, options.get("user"), Perm.IMPORT_HANDS, session.supervisor)
        totals: dict[str, Any] = {
            "table": table.number,
            "session": session.pk,
            "files": [],
            "stored": 0,
            "valid": 0,
            "invalid": 0,
            "void": 0,
            "rejected": 0,
            "skipped": 0,
            "by_code": {},
            "rejected_by_code": {},
        }
        failed = False
        for name in options["files"]:
            path = Path(name)
            try:
                content = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise CommandError(f"cannot read {name}: {exc}") from None
            try:
                job = services.hands_import(
                    actor=actor, session=session, content=content, filename=path.name
                )
            except DomainError as exc:
                raise CommandError(f"{exc.code}: {exc.message_en}") from None
            summary = services.import_summary(job)
            failed = failed or summary["status"] != "done"
            totals["files"].append({"file": name, **summary})
            for key in ("stored", "valid", "invalid", "void", "rejected", "skipped"):
                totals[key] += summary[key]
            for key in ("by_code", "rejected_by_code"):
                for code, n in summary[key].items():
                    totals[key][code] = totals[key].get(code, 0) + n
        totals["by_code"] = dict(sorted(totals["by_code"].items()))
        totals["rejected_by_code"] = dict(sorted(totals["rejected_by_code"].items()))
        self.stdout.write(json.dumps(totals, ensure_ascii=False, indent=2))
        if failed:
            raise CommandError("an import failed (see the summary)")
