"""Create the demo casino: a gaming day, six tables, a chip set, one user per role, and a
card store with packs (issue 13 §7: a newcomer opens a table from the pages alone).

Idempotent: running it again leaves existing demo data as it is. Passwords are
``<username>-2026`` (listed in the README and printed here); croupiers sign
with PIN 1111 / 2222.
"""

from __future__ import annotations

from decimal import Decimal

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from casino.access import acting_as
from casino.models import Casino, ChipSet, Denomination, GamingDay, Sector, User
from casino.roles import Role
from casino.selectors import open_gaming_day
from casino.services import staff_create
from tables.models import DeckStore, FloatPar, Table, TableSettings, Variant
from tables.services import deck_delivery_record, deck_receipt_sign, deck_store_create

DEMO_STAFF: list[tuple[str, str, str, list[Role], str | None]] = [
    ("croupier", "Carla", "Rivas", [Role.CROUPIER], "1111"),
    ("croupier2", "Diego", "Paz", [Role.CROUPIER], "2222"),
    ("supervisor", "Sofía", "Méndez", [Role.SUPERVISOR], None),
    ("supervisor2", "Tomás", "Ibarra", [Role.SUPERVISOR], None),
    ("pitboss", "Pablo", "Giménez", [Role.PIT_BOSS], None),
    ("pitboss2", "Lucía", "Ferrer", [Role.PIT_BOSS], None),
    ("gerente", "Marta", "Quiroga", [Role.SHIFT_MANAGER], None),
    ("seguridad", "Raúl", "Benítez", [Role.SECURITY], None),
    ("caja", "Elena", "Suárez", [Role.CAGE_CASHIER], None),
    ("caja2", "Iván", "Correa", [Role.CAGE_CASHIER], None),
    ("camaras", "Nora", "Vidal", [Role.SURVEILLANCE], None),
    ("auditor", "Andrés", "Molina", [Role.AUDITOR], None),
]

# value, colour, kind, par count
DEMO_CHIPS: list[tuple[str, str, str, int]] = [
    ("1000", "amarillo", "value", 20),
    ("500", "violeta", "value", 40),
    ("100", "negro", "value", 100),
    ("25", "verde", "value", 200),
    ("5", "rojo", "value", 200),
    ("1", "blanco", "value", 200),
]

# number, variant, small blind, big blind
DEMO_TABLES: list[tuple[int, str, str, str]] = [
    (1, Variant.NO_LIMIT, "5", "10"),
    (2, Variant.NO_LIMIT, "5", "10"),
    (3, Variant.NO_LIMIT, "25", "50"),
    (4, Variant.POT_LIMIT, "5", "10"),
    (5, Variant.LIMIT, "5", "10"),
    (6, Variant.MIXED, "5", "10"),
]


# The sector's card store and two deliveries by security (DECK-03), each pack one colour of
# the two a table needs (DECK-04): the first already received by the pit boss (packs for
# four openings), the second waiting for his signature, the first step of "Your first
# table" in the README.
DEMO_STORE = ("P1-ARM", "Armario del sector póker")
DEMO_DELIVERIES: list[tuple[list[str], bool]] = [
    ([f"{c}{n:02d}" for n in range(1, 5) for c in ("R", "A")], True),
    ([f"{c}{n:02d}" for n in range(5, 7) for c in ("R", "A")], False),
]
PACK_COLOURS = {"R": "rojo", "A": "azul"}


def demo_password(username: str) -> str:
    return f"{username}-2026"


class Command(BaseCommand):
    help = "Create the demo casino, tables, chips and one user per role."

    def add_arguments(self, parser):
        parser.add_argument("--quiet", action="store_true")

    @transaction.atomic
    def handle(self, *args, **options):
        casino, _ = Casino.objects.get_or_create(
            code="demo",
            defaults={
                "name": "Casino Mesa (demo)",
                "currency": "ARS",
                "time_zone": "America/Argentina/Buenos_Aires",
                "locale": "es-AR",
            },
        )
        sector, _ = Sector.objects.get_or_create(
            casino=casino, code="P1", defaults={"name": "Sector póker"}
        )
        for username, first, last, roles, pin in DEMO_STAFF:
            if not User.objects.filter(username=username).exists():
                staff_create(
                    actor=None,
                    casino=casino,
                    username=username,
                    password=demo_password(username),
                    roles=roles,
                    first_name=first,
                    last_name=last,
                    pin=pin,
                )
        if not User.objects.filter(username="admin").exists():
            User.objects.create_superuser(
                "admin", password=demo_password("admin"), casino=casino, first_name="Admin"
            )
        sector.pit_bosses.add(*User.objects.filter(username__in=["pitboss", "pitboss2"]))

        chip_set, _ = ChipSet.objects.get_or_create(casino=casino, name="Fichas de valor")
        denominations = {}
        for value, colour, kind, _par in DEMO_CHIPS:
            denominations[value], _ = Denomination.objects.get_or_create(
                chip_set=chip_set, value=Decimal(value), defaults={"colour": colour, "kind": kind}
            )

        manager = User.objects.get(username="gerente")
        for number, variant, sb, bb in DEMO_TABLES:
            table, created = Table.objects.get_or_create(
                casino=casino,
                number=number,
                defaults={"name": f"Mesa {number}", "sector": sector, "chip_set": chip_set},
            )
            if created or not table.settings_versions.exists():
                big = Decimal(bb)
                TableSettings.objects.create(
                    table=table,
                    version=1,
                    effective_from=timezone.now() - timezone.timedelta(days=1),
                    created_by=manager,
                    reason="demo",
                    variant=variant,
                    small_blind=Decimal(sb),
                    big_blind=big,
                    min_buyin=10 * big,
                    max_buyin=None if variant == Variant.LIMIT else 100 * big,
                )
            for value, _colour, _kind, par in DEMO_CHIPS:
                FloatPar.objects.get_or_create(
                    table=table, denomination=denominations[value], defaults={"count": par}
                )

        today = timezone.localdate()
        if open_gaming_day(casino) is None:
            GamingDay.objects.get_or_create(
                casino=casino, business_date=today, defaults={"opened_by": manager}
            )

        self._card_store(casino, sector)

        if not options["quiet"]:
            self.stdout.write(self.style.SUCCESS("Demo data ready: Casino Mesa (demo), 6 tables."))
            self.stdout.write("Users (username / password):")
            for username, _first, _last, roles, pin in DEMO_STAFF:
                role_names = ", ".join(str(r.label) for r in roles)
                extra = f"  PIN {pin}" if pin else ""
                self.stdout.write(
                    f"  {username:12} {demo_password(username):18} {role_names}{extra}"
                )
            self.stdout.write(f"  {'admin':12} {demo_password('admin'):18} Django admin")
            self.stdout.write('First table: README.md, "Your first table".')

    def _card_store(self, casino: Casino, sector: Sector) -> None:
        """The store and its packs, through the custody services as the people would do it:
        the shift manager creates the store, security delivers, the pit boss signs."""
        code, name = DEMO_STORE
        if DeckStore.objects.filter(casino=casino, code=code).exists():
            return
        manager = acting_as(User.objects.get(username="gerente"), Role.SHIFT_MANAGER)
        security = acting_as(User.objects.get(username="seguridad"), Role.SECURITY)
        pit_boss = acting_as(User.objects.get(username="pitboss"), Role.PIT_BOSS)
        store = deck_store_create(actor=manager, code=code, name=name, sector=sector)
        for serials, received in DEMO_DELIVERIES:
            receipt = deck_delivery_record(
                actor=security,
                store=store,
                packs=[{"serial": s, "colour": PACK_COLOURS[s[0]]} for s in serials],
                note="demo",
            )
            if received:
                deck_receipt_sign(actor=pit_boss, receipt=receipt)
