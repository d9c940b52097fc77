"""Benchmark: the master report, the manager's figures and a day's CSV/XLSX export for 20
tables and 10,000 hands (issues 7 and 14).

Run from the repository root against a throwaway PostgreSQL::

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m benchmarks.reports \
        [--tables 20] [--hands 10000] [--paper A4] [--repeat 2]

It migrates the empty database, then builds one gaming day through the services
of tables, cage and hands: per table a session opened with its count and three
signatures, two inspected packs, six players bought in (cash), the hands, the
closing (count, empty rack, fills and credits back to par signed by five, three
signatures) and the drop and rake boxes counted by two cashiers. The hands are
random legal hands (``hands.adapter.simulate_records``) stored through the hand
recorder's own bulk path, the PHH import service (``hands.services.hands_import``):
it validates every hand with the engine, writes them with bulk inserts and posts
each hand's rake to the cage's ledger with ``cage.services.rake_post`` — the same
rows ``hand_log`` writes, faster. (The import stamps each hand with the time it
is stored, so the rake-per-hour chart has few bars.)

Then it renders the master report with the code the Celery task runs and prints
the time of the data step and of the PDF step, the pages and the peak memory; then
the manager's figures (``kpis``: the day per table, against the previous day, the same
weekday and the month to date) and the master report's tables exported as CSV and as
XLSX (``reports.export``), each printed beside its target of 10 s.
This is a benchmark, not a test: figures go to docs/benchmarks.md ("Reports").
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from datetime import timedelta
from decimal import Decimal
from typing import Any


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings.test")
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Run it with scripts/testenv.py (a throwaway PostgreSQL): see the docstring.")
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


D = Decimal
CHIPS = [
    ("100", "negro", 200),
    ("50", "naranja", 100),
    ("25", "verde", 100),
    ("5", "rojo", 200),
    ("1", "blanco", 300),
]
SEATS = (1, 2, 4, 5, 7, 9)
STACK = D("2000")


def build_day(tables: int, hands: int, log: Any) -> Any:
    from django.utils import timezone

    from cage import selectors as cage_selectors
    from cage import services as cage
    from cage.models import RakeEntry
    from casino.access import acting_as
    from casino.models import Casino, ChipSet, Denomination, Sector
    from casino.roles import Role
    from casino.services import gaming_day_open, staff_create
    from hands import adapter
    from hands import services as hands_services
    from tables import services as ts
    from tables.models import (
        ClosingSheet,
        DeckStore,
        FloatPar,
        OpeningSheet,
        Pack,
        PackState,
        Table,
        TableSettings,
        Variant,
    )

    casino = Casino.objects.create(code="bench", name="Casino de Prueba", currency="ARS")
    staff = {}
    for username, role, pin in (
        ("croupier", Role.CROUPIER, "1234"),
        ("supervisor", Role.SUPERVISOR, None),
        ("pit_boss", Role.PIT_BOSS, None),
        ("shift_manager", Role.SHIFT_MANAGER, None),
        ("security", Role.SECURITY, None),
        ("surveillance", Role.SURVEILLANCE, None),
        ("cage_cashier", Role.CAGE_CASHIER, None),
        ("cage_cashier2", Role.CAGE_CASHIER, None),
    ):
        staff[username] = staff_create(
            actor=None,
            casino=casino,
            username=username,
            password="x-bench-x",
            roles=[role],
            first_name=username.capitalize(),
            pin=pin,
        )
    croupiers = [
        staff_create(
            actor=None,
            casino=casino,
            username=f"croupier{n}",
            password="x-bench-x",
            roles=[Role.CROUPIER],
            first_name=f"Croupier {n}",
            pin="1234",
        )
        for n in range(1, tables + 1)
    ]
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    security = acting_as(staff["security"], Role.SECURITY)
    day = gaming_day_open(actor=manager, business_date=timezone.localdate())
    sector = Sector.objects.create(casino=casino, code="P1", name="Sector 1")
    sector.pit_bosses.add(staff["pit_boss"])
    chip_set = ChipSet.objects.create(casino=casino, name="Fichas de valor")
    denoms = {
        D(v): Denomination.objects.create(chip_set=chip_set, value=D(v), colour=c)
        for v, c, _p in CHIPS
    }
    store = DeckStore.objects.create(casino=casino, code="SEG", name="Depósito de seguridad")
    per_table = [hands // tables + (1 if i < hands % tables else 0) for i in range(tables)]
    for index in range(tables):
        t0 = time.perf_counter()
        number = index + 1
        table = Table.objects.create(
            casino=casino, number=number, name=f"Mesa {number}", chip_set=chip_set, sector=sector
        )
        settings = TableSettings.objects.create(
            table=table,
            version=1,
            effective_from=timezone.now() - timedelta(days=1),
            variant=Variant.NO_LIMIT,
            small_blind=D("5"),
            big_blind=D("10"),
            min_buyin=D("100"),
            max_buyin=D("2000"),
        )
        for value, _colour, par in CHIPS:
            FloatPar.objects.create(table=table, denomination=denoms[D(value)], count=par)
        croupier = croupiers[index]
        session = ts.session_open(
            actor=boss, table=table, supervisor=staff["supervisor"], croupier=croupier
        )
        if hasattr(ts, "prep_checklist_record"):  # PREP-02..05, both pre-opening checklists
            from tables import checklists

            ts.prep_checklist_record(
                actor=boss, session=session, items=dict.fromkeys(checklists.PIT_BOSS_ITEMS, True)
            )
            ts.prep_checklist_record(
                actor=sup, session=session, items=dict.fromkeys(checklists.SUPERVISOR_ITEMS, True)
            )
        sheet = OpeningSheet.objects.get(session=session)
        ts.opening_count_record(
            actor=sup,
            sheet=sheet,
            lines=[
                {
                    "denomination": x.denomination_id,
                    "stacks": x.expected_count // 20,
                    "loose": x.expected_count % 20,
                }
                for x in sheet.ordered_lines()
            ],
        )
        _sign_three(ts.opening_sign, sheet, sup, boss, croupier)
        receipt = ts.deck_delivery_record(
            actor=security,
            store=store,
            packs=[
                {"serial": f"R{number}", "colour": "rojo"},
                {"serial": f"A{number}", "colour": "azul"},
            ],
        )
        ts.deck_receipt_sign(actor=boss, receipt=receipt)
        red, blue = Pack.objects.get(serial=f"R{number}"), Pack.objects.get(serial=f"A{number}")
        for pack in (red, blue):
            ts.deck_move(actor=boss, pack=pack, to=PackState.ISSUED, session=session)
            ts.deck_move(
                actor=sup,
                pack=pack,
                to=PackState.INSPECTED,
                with_user=croupier,
                pin="1234",
                face_up_ok=True,
                face_down_ok=True,
                complete=True,
            )
        ts.deck_move(actor=sup, pack=red, to=PackState.IN_PLAY)
        ts.deck_move(actor=sup, pack=blue, to=PackState.RESERVE)
        session.refresh_from_db()
        ts.session_start_play(actor=sup, session=session)
        for seat in SEATS:
            cage.buyin_record(
                actor=sup,
                session=session,
                seat=seat,
                amount=str(STACK),
                croupier=croupier,
                player_name=f"Jugador {number}-{seat}",
                cash=[{"value": "100", "count": int(STACK / 100)}],
                chips=[("100", int(STACK / 100))],
            )
        rules = adapter.rules_for(settings, chip_unit=100, structure="no_limit", at=None)
        records = simulate(rules, per_table[index], number)
        items = [(r, rules, {"number": n}) for n, r in enumerate(records, 1)]
        job = hands_services.hands_import(
            actor=sup,
            session=session,
            content=adapter.phh_export(items),
            filename=f"mesa{number}.phhs",
        )
        # Closing: count what the cage expects, back to par with slips signed by five.
        session = ts.session_announce_last_hand(
            actor=boss, session=session, last_hand_number=len(records)
        )
        ts.closing_start(actor=boss, session=session, security_officer=staff["security"])
        session.refresh_from_db()
        closing = ClosingSheet.objects.get(session=session)
        expected = cage_selectors.expected_float(session) or {}
        ts.closing_count_record(
            actor=sup,
            sheet=closing,
            lines=[
                {
                    "denomination": x.denomination_id,
                    "stacks": expected.get(x.denomination_id, 0) // 20,
                    "loose": expected.get(x.denomination_id, 0) % 20,
                }
                for x in closing.ordered_lines()
            ],
        )
        ts.closing_confirm_empty_bank(actor=sup, sheet=closing, croupier=croupier, pin="1234")
        need = cage.par_restoration(session)
        values = {d.pk: d.value for d in denoms.values()}
        for kind in ("fill", "credit"):
            if need[kind]:
                slip = cage.slip_request(
                    actor=boss,
                    session=session,
                    kind=kind,
                    purpose="closing",
                    lines=[(str(values[d]), n) for d, n in need[kind]],
                )
                cage.slip_sign_in_order(  # in the kind's order (CLOSE-07)
                    slip=slip,
                    signers={
                        Role.CAGE_CASHIER: cage.SlipSigner(
                            acting_as(staff["cage_cashier"], Role.CAGE_CASHIER)
                        ),
                        Role.SECURITY: cage.SlipSigner(security),
                        Role.CROUPIER: cage.SlipSigner(sup, croupier, "1234"),
                        Role.SUPERVISOR: cage.SlipSigner(sup),
                    },
                )
        _sign_three(ts.closing_sign, closing, sup, boss, croupier)
        session.refresh_from_db()
        rake = sum((e.sign * e.amount for e in RakeEntry.objects.filter(session=session)), D("0"))
        for who in ("cage_cashier", "cage_cashier2"):
            cage.drop_count_record(
                actor=acting_as(staff[who], Role.CAGE_CASHIER),
                session=session,
                cash=[{"value": "100", "count": int(STACK / 100) * len(SEATS)}],
                rake_chips=[("1", int(rake))] if rake else [],
            )
        log(
            f"  table {number:2d}: {job.stored} hands ({job.valid} valid, {job.invalid} invalid), "
            f"rake {rake}, {time.perf_counter() - t0:.1f} s"
        )
    return casino, day


def simulate(rules: Any, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` legal hands at one table; random play may bust players before ``count``
    hands, so seeds are tried until one plays the whole session (the longest otherwise)."""
    from hands import adapter

    best: list[dict[str, Any]] = []
    for attempt in range(40):
        records = adapter.simulate_records(
            rules,
            count=count,
            seats=SEATS,
            stack=STACK,
            small=D("5"),
            big=D("10"),
            seed=seed * 1000 + attempt,
        )
        if len(records) > len(best):
            best = records
        if len(best) == count:
            break
    return best


def _sign_three(sign: Any, sheet: Any, sup: Any, boss: Any, croupier: Any) -> None:
    from casino.roles import Role

    sign(actor=sup, sheet=sheet, role=Role.CROUPIER, signer=croupier, pin="1234")
    sign(actor=sup, sheet=sheet, role=Role.SUPERVISOR)
    sign(actor=boss, sheet=sheet, role=Role.PIT_BOSS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--paper", default="A4", choices=["A4", "LETTER"])
    parser.add_argument("--repeat", type=int, default=2, help="renders to time (best is reported)")
    parser.add_argument("--out", help="write the PDF here")
    args = parser.parse_args(argv)
    setup_django()

    from hands.models import Hand
    from reports.registry import get_spec
    from reports.rendering import render_report

    def log(message: str) -> None:
        print(message, flush=True)

    log(
        f"Building a gaming day: {args.tables} tables, {args.hands} hands (through the services)..."
    )
    t0 = time.perf_counter()
    casino, day = build_day(args.tables, args.hands, log)
    stored = Hand.objects.filter(gaming_day=day).count()
    log(f"Built in {time.perf_counter() - t0:.0f} s: {stored} hands stored.")
    spec = get_spec("gaming_day")
    assert spec is not None
    best = None
    for attempt in range(1, args.repeat + 1):
        marks: dict[str, float] = {}

        def progress(percent: int, message: str, marks: dict[str, float] = marks) -> None:
            marks.setdefault(message, time.perf_counter())

        start = time.perf_counter()
        rendered = render_report(
            spec,
            casino=casino,
            params={"date": day.business_date.isoformat()},
            lang="es",
            paper=args.paper,
            serial="INF-BENCH",
            generated_by="benchmark",
            progress=progress,
        )
        total = time.perf_counter() - start
        data = marks.get("layout", start) - start
        pdf = total - data
        log(
            f"Render {attempt}: {total:.2f} s (data {data:.2f} s, layout and PDF {pdf:.2f} s), "
            f"{rendered.pages} pages, {len(rendered.pdf) / 1024:.0f} KiB"
        )
        if best is None or total < best[0]:
            best = (total, data, pdf, rendered)
        if args.out:
            with open(args.out, "wb") as fh:
                fh.write(rendered.pdf)
    assert best is not None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    verdict = "PASS" if best[0] < 10 else "FAIL"
    log(
        f"Best: {best[0]:.2f} s (data {best[1]:.2f} s + PDF {best[2]:.2f} s) for {stored} hands, "
        f"{args.tables} tables; target < 10 s: {verdict}. Peak RSS of the process {peak:.0f} MiB."
    )
    figures = [("gaming_day (master report)", best[0])]
    figures.append(("kpis (manager's figures, month to date)", time_kpis(casino, day, args, log)))
    figures += time_export(best[3].html, log)
    log("Summary (target 10 s each):")
    for label, seconds in figures:
        log(f"  {label:44s} {seconds:6.2f} s  {'PASS' if seconds < 10 else 'FAIL'}")
    return 0


def time_kpis(casino: Any, day: Any, args: Any, log: Any) -> float:
    """The manager's figures of the day, with its month-to-date comparison (issue 14 §4)."""
    from reports.registry import get_spec
    from reports.rendering import render_report

    spec = get_spec("kpis")
    assert spec is not None
    best = None
    for attempt in range(1, args.repeat + 1):
        start = time.perf_counter()
        rendered = render_report(
            spec,
            casino=casino,
            params={"date": day.business_date.isoformat()},
            paper=args.paper,
            serial="INF-BENCH-KPI",
            generated_by="benchmark",
        )
        took = time.perf_counter() - start
        log(f"KPI render {attempt}: {took:.2f} s, {rendered.pages} pages")
        best = took if best is None else min(best, took)
    assert best is not None
    return best


def time_export(html: str, log: Any) -> list[tuple[str, float]]:
    """A day's master report exported as CSV and as XLSX, from its printed HTML."""
    from reports import export

    out = []
    for fmt, write in (("csv", export.to_csv), ("xlsx", export.to_xlsx)):
        start = time.perf_counter()
        tables = export.report_tables(html, "es", "Informe de la jornada")
        content = write(tables, ["Informe de la jornada", "INF-BENCH"])
        took = time.perf_counter() - start
        rows = sum(len(t.rows) for t in tables)
        log(f"Export {fmt}: {took:.2f} s, {len(tables)} tables, {rows} rows, {len(content)} bytes")
        out.append((f"export of the master report as {fmt}", took))
    return out


if __name__ == "__main__":
    sys.exit(main())
