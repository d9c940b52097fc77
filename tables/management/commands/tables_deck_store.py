"""Create a card store for a casino, acting as a shift manager (DECK-01).

python manage.py tables_deck_store demo SEG "Depósito de seguridad" --as gerente
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from casino.access import acting_as
from casino.errors import DomainError
from casino.models import User
from casino.roles import Role
from tables.models import DeckStore
from tables.services import deck_store_create


class Command(BaseCommand):
    help = "Create a card store (security store or a pit's locked cabinet) for a casino."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("casino", help="Casino code")
        parser.add_argument("code", help="Store code, e.g. SEG")
        parser.add_argument("name", help="Store name")
        parser.add_argument(
            "--as",
            dest="username",
            required=True,
            help="Username of the shift manager who creates it",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        user = User.objects.filter(
            username=options["username"], casino__code=options["casino"]
        ).first()
        if user is None:
            raise CommandError("No such user in that casino.")
        if DeckStore.objects.filter(casino=user.casino, code=options["code"]).exists():
            self.stdout.write("The store already exists.")
            return
        try:
            store = deck_store_create(
                actor=acting_as(user, Role.SHIFT_MANAGER),
                code=options["code"],
                name=options["name"],
            )
        except DomainError as err:
            raise CommandError(err.message("en")) from None
        self.stdout.write(self.style.SUCCESS(f"Created card store {store.code} ({store.pk})."))
