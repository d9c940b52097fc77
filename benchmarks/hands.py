"""Hand recorder benchmark (issue 4, "Speed"): not a test, prints figures.

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m benchmarks.hands [--hands N]

Against the throwaway PostgreSQL of ``scripts/testenv.py`` it builds a casino, a
no-limit 5/10 table ready for play (opening signed, two inspected packs) and then:

1. logs complete hands one by one through the API (DRF client in process, real
   PostgreSQL, idempotency key, the whole service: validation, continuity,
   seating plan, rake posting, audit) and reports the median and p95 time per
   request — target: median < 30 ms;
2. stores 10,000 hands (PHH bulk import, the same service as the Celery task)
   and re-validates them with one worker (``revalidation_run``, what the task
   runs) — target: < 10 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from decimal import Decimal


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings.test")
    if not os.environ.get("DATABASE_URL"):
        sys.exit("run through scripts/testenv.py: a PostgreSQL database is needed")
    # The schema is migrated as its owner by manage.py (DATABASE_MIGRATE_URL); the
    # benchmark itself runs as the app role, as the product does (issue 12 §4).
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    subprocess.run(  # noqa: S603
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=root, check=True
    )
    import django

    django.setup()


def _world(label: str, table_number: int, serials: tuple[str, str]):
    """A casino with staff, an open gaming day and a table session ready for play."""
    from django.utils import timezone

    from casino.models import Casino, ChipSet, Denomination, GamingDay, Sector
    from casino.roles import Role
    from tables.models import DeckStore, FloatPar
    from tests.conftest import make_staff
    from tests.tables.conftest import CHIPS, make_table, open_table, ready_decks

    casino = Casino.objects.create(code=f"bench-{label}", name=f"Bench {label}")
    staff = {r.value: make_staff(casino, f"{label}-{r.value}", r, pin="1234") for r in Role}
    GamingDay.objects.create(
        casino=casino, business_date=timezone.localdate(), opened_by=staff["shift_manager"]
    )
    chip_set = ChipSet.objects.create(casino=casino, name="Fichas")
    for value, colour, _par in CHIPS:
        Denomination.objects.create(chip_set=chip_set, value=Decimal(value), colour=colour)
    sector = Sector.objects.create(casino=casino, code="P1", name="Sector 1")
    sector.pit_bosses.add(staff["pit_boss"])  # a table's pit boss is of its sector (issue 12)
    table = make_table(
        casino,
        chip_set,
        number=table_number,
        sector=sector,
        small_blind=Decimal("5"),
        big_blind=Decimal("10"),
        min_buyin=Decimal("100"),
        max_buyin=Decimal("100000"),
    )
    # Chips of 1000 in the float for the players' stacks: the float pays only the chips it
    # holds (issue 12 §7).
    thousand = Denomination.objects.create(chip_set=chip_set, value=Decimal("1000"), colour="oro")
    FloatPar.objects.create(table=table, denomination=thousand, count=500)
    store = DeckStore.objects.create(casino=casino, code="SEG", name="Seguridad")
    session = open_table(staff, table)
    ready_decks(staff, session, store, serials=serials)
    session.refresh_from_db()
    return casino, staff, session


def _records(session, count: int, seed: int):
    from hands import adapter, selectors

    unit = selectors.chip_unit_cents(session.table)
    rules = adapter.rules_for(session.settings, chip_unit=unit, structure="no_limit", at=None)
    records = adapter.simulate_records(
        rules,
        count=count,
        seats=[1, 2, 4, 5, 7, 9],
        stack=Decimal("50000"),
        small=session.settings.small_blind,
        big=session.settings.big_blind,
        seed=seed,
    )
    return rules, records


def _buy_in(staff, session, record) -> None:
    """Every player of the first hand buys in at the cage (so continuity reads the card)."""
    from cage import services as cage
    from casino.access import acting_as
    from casino.roles import Role

    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    for seat in record["seats"]:
        amount = int(Decimal(seat["stack"]))
        cage.buyin_record(
            actor=sup,
            session=session,
            seat=seat["seat"],
            amount=str(amount),
            croupier=staff["croupier"],
            cash=[{"value": "100", "count": amount // 100}],
            chips=[
                (value, count)
                for value, count in (("1000", amount // 1000), ("100", amount % 1000 // 100))
                if count
            ],
        )


def bench_api(count: int, run: int = 0) -> dict[str, float]:
    from rest_framework.test import APIClient

    from hands.models import Hand

    _casino, staff, session = _world(f"api{run}", 20 + run, (f"RA{run}", f"AA{run}"))
    _rules, records = _records(session, count + 20, seed=11)
    _buy_in(staff, session, records[0])  # the cage's table card: continuity is checked
    client = APIClient()
    client.force_authenticate(user=staff["supervisor"])
    client.credentials(HTTP_X_MESA_ROLE="supervisor")
    times = []
    cpu = []
    for i, record in enumerate(records, start=1):
        body = {"session": session.pk, "number": i, **record}
        start = time.perf_counter()
        cpu_start = time.process_time()
        response = client.post("/api/hands/", body, format="json", HTTP_IDEMPOTENCY_KEY=f"b-{i}")
        elapsed = time.perf_counter() - start
        cpu_used = time.process_time() - cpu_start
        if response.status_code != 201:
            sys.exit(f"hand {i}: {response.status_code} {response.content[:300]!r}")
        if i > 20:  # the first requests warm the caches up
            times.append(elapsed * 1000)
            cpu.append(cpu_used * 1000)
    valid = Hand.objects.filter(session=session, status="valid").count()
    return {
        "hands": len(times),
        "valid": valid,
        "median_ms": statistics.median(times),
        "p95_ms": statistics.quantiles(times, n=20)[-1],
        "max_ms": max(times),
        "cpu_ms": statistics.median(cpu),
        "load": os.getloadavg()[0],
    }


def bench_revalidate(count: int) -> dict[str, float]:
    from casino.access import acting_as
    from casino.roles import Role
    from hands import adapter, services

    _casino, staff, session = _world("reval", 12, ("RB", "AB"))
    rules, records = _records(session, count, seed=12)
    text = adapter.phh_export([(r, rules, {"number": i}) for i, r in enumerate(records, 1)])
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    start = time.perf_counter()
    job = services.hands_import(actor=sup, session=session, content=text, filename="bench.phhs")
    imported = time.perf_counter() - start
    if job.stored != count:
        sys.exit(f"import stored {job.stored} of {count}: {services.import_summary(job)}")
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    day = session.gaming_day.business_date
    run = services.revalidation_create(actor=manager, date_from=day, date_to=day, enqueue=False)
    start = time.perf_counter()
    run = services.revalidation_run(run.pk)
    elapsed = time.perf_counter() - start
    return {
        "hands": run.processed,
        "differences": run.differences_count,
        "revalidate_s": elapsed,
        "per_second": run.processed / elapsed,
        "import_s": imported,
        "import_per_second": count / imported,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300, help="hands logged through the API")
    parser.add_argument("--stored", type=int, default=10_000, help="hands re-validated")
    parser.add_argument(
        "--repeat", type=int, default=3, help="API runs on fresh tables; the best median counts"
    )
    args = parser.parse_args()
    _django()
    runs = [bench_api(args.hands, run) for run in range(args.repeat)]
    for api in runs:
        print(
            f"  API run: median {api['median_ms']:.1f} ms (CPU {api['cpu_ms']:.1f} ms), "
            f"p95 {api['p95_ms']:.1f} ms, max {api['max_ms']:.1f} ms, load {api['load']:.2f}"
        )
    api = min(runs, key=lambda r: r["median_ms"])
    print(
        f"log a complete hand through the API (PostgreSQL): median {api['median_ms']:.1f} ms, "
        f"p95 {api['p95_ms']:.1f} ms over {api['hands']} hands ({api['valid']} valid; best of "
        f"{len(runs)} runs) — target median < 30 ms"
    )
    reval = bench_revalidate(args.stored)
    print(
        f"re-validate {reval['hands']:,} stored hands, one worker: {reval['revalidate_s']:.2f} s "
        f"({reval['per_second']:,.0f} hands/s, {reval['differences']} differences) "
        f"— target < 10 s"
    )
    print(
        f"bulk PHH import of {reval['hands']:,} hands (setup of the above): "
        f"{reval['import_s']:.1f} s ({reval['import_per_second']:,.0f} hands/s)"
    )


if __name__ == "__main__":
    main()
