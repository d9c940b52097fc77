"""The cost of history (issue 18 §2): not a test, prints figures.

    make bench-scale
    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m benchmarks.scale \\
        [--days 60] [--tables 4] [--hands 60] [--requests 40]

On the throwaway PostgreSQL of ``scripts/testenv.py`` it times the hot paths twice:

1. **one day**: the database holds one gaming day (``simulate_history --days 1``,
   ``--tables`` tables of ``--hands`` hands, played through the services);
2. **history**: ``--days`` more days of the same room are added
   (``simulate_history``, bulk copies) and the database is analysed.

Each time, on a fresh table ready for play (``benchmarks.hands._world``) it logs
hands through the API, records buy-ins through the API, opens the table screen,
the signing queue and the sector overview, plays live-hand actions, and it
reconciles the last gaming day of the room and renders its master report. It
prints each figure with the one-day baseline and the ratio (target <= 1.2x).

Then, on the history alone (``--no-period`` skips it): the audit (exceptions) report of
one table over the last day, the last month and all the history (target: a month within
10 s; it reconciles that table's sessions only), and for reference the room's report of
the same month (every table reconciled, with the room's checks); the re-validation of the last month's hands (``hands.services.revalidation_run``, the body of
``manage.py revalidate``); a backup of the whole database (``pg_dump -Fc``) and its
restore into a new database (``pg_restore -j 2``), with the sizes; and the database size
per room-year (the size over the days built, times 365).
The defaults come from ``MESA_SCALE_DAYS``, ``MESA_SCALE_TABLES``, ``MESA_SCALE_HANDS``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any, TypeVar

from benchmarks.hands import _django, _world

T = TypeVar("T")


def _found(value: T | None, what: str) -> T:
    """A row or report the benchmark's own setup provides (a missing one: a broken setup)."""
    if value is None:
        raise RuntimeError(f"benchmarks.scale: no {what}")
    return value


def _median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def _client(user: Any, role: str) -> Any:
    from django.test import Client

    from casino.access import ROLE_SESSION_KEY

    client = Client()
    client.force_login(user)
    session = client.session
    session[ROLE_SESSION_KEY] = role
    session.save()
    return client


def _get(client: Any, url: str, n: int) -> list[float]:
    times = []
    for i in range(n + 3):
        start = time.perf_counter()
        response = client.get(url)
        elapsed = time.perf_counter() - start
        if response.status_code != 200:
            sys.exit(f"GET {url}: {response.status_code}")
        if i >= 3:  # warm-up
            times.append(elapsed)
    return times


def _buyins(staff: dict[str, Any], session: Any, n: int) -> list[float]:
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user=staff["supervisor"])
    client.credentials(HTTP_X_MESA_ROLE="supervisor")
    times = []
    for i in range(n + 5):
        seat = i % 9 + 1
        body = {
            "seat": seat,
            "amount": "200",
            "croupier": staff["croupier"].username,
            "cash": [{"value": "100", "count": 2}],
            "chips": [{"value": "100", "count": 2}],  # the float holds 120 of them
            "stack_before": "0",
            "player_name": f"Asiento {seat}",
        }
        start = time.perf_counter()
        response = client.post(
            f"/api/cage/sessions/{session.pk}/buyins/",
            body,
            format="json",
            HTTP_IDEMPOTENCY_KEY=f"scale-{session.pk}-{i}",
        )
        elapsed = time.perf_counter() - start
        if response.status_code != 201:
            sys.exit(f"buy-in {i}: {response.status_code} {response.content[:300]!r}")
        if i >= 5:
            times.append(elapsed)
    return times


def _live(tag: str, offset: int, hands: int) -> float:
    """Median server time of a live-hand action (``benchmarks.live_hand``) on a fresh table."""
    from benchmarks import live_hand

    original = live_hand._world

    def world(label: str, number: int, serials: tuple[str, str]) -> Any:
        return original(
            f"{label}{tag}", number + offset, (f"{serials[0]}{tag}", f"{serials[1]}{tag}")
        )

    live_hand._world = world  # type: ignore[assignment]
    try:
        return float(live_hand.bench_live(hands)["median_ms"])
    finally:
        live_hand._world = original


def _day_figures(day: Any, repeat: int) -> dict[str, float]:
    from cage.reconciliation import reconcile_day
    from reports.registry import get_spec
    from reports.rendering import render_report

    best_rec = min(_timed(lambda: reconcile_day(day)) for _ in range(repeat))
    spec = _found(get_spec("gaming_day"), "gaming-day report")

    def render() -> None:
        render_report(
            spec,
            casino=day.casino,
            params={"date": day.business_date.isoformat()},
            lang="es",
            serial="INF-SCALE",
            generated_by="benchmark",
        )

    best_report = min(_timed(render) for _ in range(repeat))
    return {
        "reconcile_day (one day)": best_rec * 1000,
        "master report (one day)": best_report * 1000,
    }


def _timed(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def hot_paths(tag: str, offset: int, requests: int, day: Any) -> dict[str, float]:
    from benchmarks.hands import bench_api

    figures: dict[str, float] = {}
    api = bench_api(requests, run=100 + offset)
    figures["log a hand (API)"] = api["median_ms"]
    _casino, staff, session = _world(f"scale{tag}", 60 + offset, (f"RS{tag}", f"AS{tag}"))
    figures["buy-in (API)"] = _median_ms(_buyins(staff, session, requests))
    sup = _client(staff["supervisor"], "supervisor")
    boss = _client(staff["pit_boss"], "pit_boss")
    figures["table screen"] = _median_ms(_get(sup, f"/floor/tables/{session.table_id}/", requests))
    figures["signing queue"] = _median_ms(_get(boss, "/floor/queue/", requests))
    figures["sector overview"] = _median_ms(_get(boss, "/floor/tables/", requests))
    figures["live-hand action"] = _live(tag, 70 + offset, max(4, requests // 8))
    figures.update(_day_figures(day, repeat=2))
    return figures


def _period_figures(day: Any) -> list[tuple[str, float, str]]:
    """The audit report over a day, a month and the history; a month re-validated."""
    from datetime import timedelta

    from casino.access import acting_as
    from casino.models import GamingDay, User
    from casino.roles import Role
    from hands import services as hands
    from reports.registry import get_spec
    from reports.rendering import render_report
    from tables.models import Table

    casino = day.casino
    first = _found(
        GamingDay.objects.filter(casino=casino).order_by("business_date").first(), "gaming day"
    )
    table = _found(Table.objects.filter(casino=casino).order_by("number").first(), "table")
    spec = _found(get_spec("exceptions"), "exceptions report")
    out: list[tuple[str, float, str]] = []
    spans = {
        "a day": day.business_date,
        "a month": day.business_date - timedelta(days=29),
        "the history": first.business_date,
    }
    for label, start in spans.items():
        params = {
            "table": table.number,
            "date_from": start.isoformat(),
            "date_to": day.business_date.isoformat(),
        }
        seconds = _timed(
            lambda params=params: render_report(
                spec, casino=casino, params=params, lang="es", serial="INF-SCALE"
            )
        )
        days = (day.business_date - start).days + 1
        out.append((f"audit report of a table, {label}", seconds * 1000, f"{days} days"))
    room = {"date_from": spans["a month"].isoformat(), "date_to": day.business_date.isoformat()}
    seconds = _timed(
        lambda: render_report(spec, casino=casino, params=room, lang="es", serial="INF-SCALE")
    )
    out.append(("audit report of the room, a month", seconds * 1000, "reference: every table"))
    manager = _found(
        User.objects.filter(casino=casino, groups__name=Role.SHIFT_MANAGER.value).first(),
        "shift manager",
    )
    actor = acting_as(manager, Role.SHIFT_MANAGER)
    run = hands.revalidation_create(
        actor=actor, date_from=spans["a month"], date_to=day.business_date, enqueue=False
    )
    seconds = _timed(lambda: hands.revalidation_run(run.pk))
    run.refresh_from_db()
    rate = run.total / seconds if seconds else 0.0
    out.append(
        (
            "re-validation of a month",
            seconds * 1000,
            f"{run.total:,} hands, {rate:,.0f} hands/s, {run.status}, "
            f"{run.differences_count} verdicts differ",
        )
    )
    return out


def _backup_restore(workdir: str) -> list[tuple[str, float, str]]:
    """pg_dump -Fc of the database, then pg_restore into a new one (both timed)."""
    import subprocess
    from pathlib import Path

    from django.db import connection

    bindir = Path(os.environ["MESA_TEST_PG_BINDIR"])
    url = os.environ["MESA_TEST_PG_SUPERUSER_URL"]
    dump = Path(workdir) / "mesa-scale.dump"
    connection.close()  # the dump reads a consistent snapshot; nothing else writes now
    start = time.perf_counter()
    subprocess.run([str(bindir / "pg_dump"), "-Fc", "-f", str(dump), url], check=True)  # noqa: S603
    dumped = time.perf_counter() - start
    target = url.rsplit("/", 1)[0] + "/mesa_restore"
    subprocess.run(  # noqa: S603
        [str(bindir / "createdb"), "-T", "template0", "mesa_restore", "--maintenance-db", url],
        check=True,
    )
    start = time.perf_counter()
    subprocess.run(  # noqa: S603
        [str(bindir / "pg_restore"), "-j", "2", "--no-owner", "-d", target, str(dump)],
        check=True,
    )
    restored = time.perf_counter() - start
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_size_pretty(pg_database_size('mesa_restore'))")
        size = cursor.fetchone()[0]
    connection.close()
    subprocess.run(  # noqa: S603
        [str(bindir / "dropdb"), "mesa_restore", "--maintenance-db", url], check=True
    )
    megabytes = dump.stat().st_size / 1e6
    dump.unlink()
    return [
        ("backup (pg_dump -Fc)", dumped * 1000, f"dump {megabytes:,.0f} MB"),
        ("restore (pg_restore -j 2)", restored * 1000, f"restored database {size}"),
    ]


def _analyze() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def _size() -> str:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        return str(cursor.fetchone()[0])


def main() -> None:
    env = os.environ.get
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=int(env("MESA_SCALE_DAYS", "60")))
    parser.add_argument("--tables", type=int, default=int(env("MESA_SCALE_TABLES", "4")))
    parser.add_argument("--hands", type=int, default=int(env("MESA_SCALE_HANDS", "60")))
    parser.add_argument("--requests", type=int, default=40, help="timed requests per path")
    parser.add_argument(
        "--no-period", action="store_true", help="skip the period reports, re-validation, backup"
    )
    args = parser.parse_args()
    _django()
    from casino.models import GamingDay
    from demo.history import build_history

    def log(msg: str) -> None:
        print(msg, flush=True)

    one = build_history(
        casinos=1, tables=args.tables, days=1, hands_per_table=args.hands, seed=7, code_prefix="one"
    )
    _analyze()
    day = GamingDay.objects.get(pk=one.gaming_days[-1])
    log(f"one day: {one.hands:,} hands, database {_size()}")
    base = hot_paths("b", 0, args.requests, day)
    start = time.perf_counter()
    hist = build_history(
        casinos=1,
        tables=args.tables,
        days=args.days,
        hands_per_table=args.hands,
        seed=8,
        code_prefix="year",
        log=lambda m: log(f"  {m}") if "/" in m else None,
    )
    built = time.perf_counter() - start
    _analyze()
    log(
        f"history: {args.days} days, {hist.hands:,} hands, {hist.rows:,} rows copied in "
        f"{hist.copy_seconds:.0f} s ({hist.rows_per_second:,.0f} rows/s; {built:.0f} s with the "
        f"template day), database {_size()}"
    )
    day = GamingDay.objects.get(pk=hist.gaming_days[-1])
    after = hot_paths("h", 1, args.requests, day)
    log(f"{'hot path':28s} {'one day':>10s} {'history':>10s} {'ratio':>7s}  target 1.2x")
    for name, value in base.items():
        ratio = after[name] / value if value else float("nan")
        mark = "ok" if ratio <= 1.2 else "OVER"
        log(f"{name:28s} {value:8.1f}ms {after[name]:8.1f}ms {ratio:6.2f}x  {mark}")
    log(f"load average {os.getloadavg()[0]:.2f}")
    if args.no_period:
        return
    figures = _period_figures(day)
    log(f"database {_size()} for {args.days + 1} days of {args.tables} tables")
    workdir = os.environ.get("MESA_TEST_WORKDIR") or "/tmp"
    figures += _backup_restore(workdir)
    for name, ms, note in figures:
        log(f"{name:40s} {ms:12,.0f} ms  {note}")
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_database_size(current_database())")
        size = int(cursor.fetchone()[0])
    per_year = size / (args.days + 1) * 365 / 1e9
    log(f"database size per room-year (this room's size x 365 / days): {per_year:.1f} GB")
    log(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
