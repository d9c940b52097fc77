"""A history of many gaming days, fast to make (``manage.py simulate_history``, issue 18 §1).

Simulating every hand of a year through the services would take days, so the
history is built from **template days**: each casino plays its first day through
every service (:class:`demo.simulation.DaySimulator`: openings, buy-ins, hands with
their verdicts, rake postings, slips, closings, signatures, audit events, the
evidence chain), with the clock set to that date. The template's rows are then
replicated for every later date with bulk inserts, one transaction per day:

- every row gets a new id (the table's own sequence on PostgreSQL), and every
  reference to a template row (foreign keys, a signature's document, an audit
  event's object and the ids in its ``before``/``after``, ``hand:<id>``
  references, a chain link's record) points at the copy;
- every date and time moves by whole days (the casino's zone has no daylight
  saving time, so a local hour stays the same hour);
- serial numbers continue each series of the year (slips, opening and closing
  sheets, deck receipts; a new year starts at 1) and the counters are set to the
  last number used, so no number is skipped or repeated (GEN-10);
- the keyed seals of transactions and rake postings, the hashes signatures and
  locks vouch for, and the day's evidence chain are recomputed with the project's
  own functions (``casino.sealing``), so the copy verifies as the original does;
- the append-only and locked-when-signed triggers stay on: rows are only
  inserted, and a signed document is inserted unlocked, its lines after it, and
  locked last (as signing does).

Because every copy is the template's day with other ids and dates, each day
reconciles exactly as its template did (the tests run ``reconcile_day`` on a
sample of days).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path

from django.apps import apps
from django.utils import timezone

from casino.models import GamingDay

from .copier import HistoryCopier
from .template import Template, max_ids


@dataclass
class HistoryReport:
    casinos: list[str]
    days: int
    template_seconds: float
    copy_seconds: float
    rows: int
    hands: int
    gaming_days: list[int] = field(default_factory=list)

    @property
    def rows_per_second(self) -> float:
        return self.rows / self.copy_seconds if self.copy_seconds else 0.0


@contextmanager
def clock_at(start: datetime) -> Iterator[None]:
    """Run the services as if it were ``start`` (the clock keeps ticking from there).

    ``timezone.now`` is replaced in the module (services call ``timezone.now()``)
    and in the model fields whose default is it.
    """
    real = timezone.now
    offset = real() - start

    def now() -> datetime:
        return real() - offset

    patched = []
    for model in apps.get_models():
        for f in model._meta.concrete_fields:
            if f.default is real:
                f.default = now
                f.__dict__.pop("_get_default", None)  # a cached_property holding the default
                patched.append(f)
    timezone.now = now
    try:
        yield
    finally:
        timezone.now = real
        for f in patched:
            f.default = real
            f.__dict__.pop("_get_default", None)


# ---------------------------------------------------------------------- the command's work


def build_history(
    *,
    casinos: int,
    tables: int,
    days: int,
    hands_per_table: int,
    seed: int,
    end: date | None = None,
    log: Callable[[str], None] = lambda _m: None,
    code_prefix: str = "hist",
    days_per_batch: int = 8,
    stage: str = "all",
    state_file: Path | None = None,
) -> HistoryReport:
    """``days`` consistent gaming days per casino, the last on ``end`` (default yesterday).

    ``stage`` splits a long build in two runs over one database: ``"template"`` plays
    the template days and writes where they start in ``state_file``; ``"copies"`` reads
    it and copies them (``"all"``, the default, does both in one run).
    """
    if days < 1 or casinos < 1:
        raise ValueError("at least one casino and one day")
    if stage not in ("all", "template", "copies"):
        raise ValueError(f"unknown stage {stage!r}")
    if stage != "all" and state_file is None:
        raise ValueError("a stage needs a state file")
    last = end or (timezone.localdate() - timedelta(days=1))
    first = last - timedelta(days=days - 1)
    state = json.loads(state_file.read_text()) if stage == "copies" and state_file else {}
    codes, day_ids = [], []
    template_s = copy_s = 0.0
    rows = hands = 0
    for c in range(1, casinos + 1):
        code = f"{code_prefix}{c}"
        codes.append(code)
        t0 = time.perf_counter()
        if stage == "copies":
            saved = state[code]
            before = {apps.get_model(label): pk for label, pk in saved["before"].items()}
            until = {apps.get_model(label): pk for label, pk in saved["until"].items()}
            day = GamingDay.objects.get(pk=saved["day"])
            template = Template(saved["casino"], day, before, until)
            template_s += saved["seconds"]
            first = day.business_date
        else:
            template = _play_template(code, first, tables, hands_per_table, seed + c)
            template_s += time.perf_counter() - t0
            state[code] = {
                "casino": template.casino_id,
                "day": template.day.pk,
                "before": {m._meta.label_lower: pk for m, pk in template.before.items()},
                "until": {m._meta.label_lower: pk for m, pk in template.until.items()},
                "seconds": time.perf_counter() - t0,
            }
        for model, model_rows in template.rows.items():
            log(f"  {model._meta.label_lower}: {len(model_rows)}")
        day_ids.append(template.day.pk)
        hands += template.hands
        log(
            f"{code} {first}: template day through the services, {template.hands} hands, "
            f"{sum(len(r) for r in template.rows.values())} rows, "
            f"{state.get(code, {}).get('seconds', 0.0):.1f} s"
        )
        if stage == "template":
            continue
        copier = HistoryCopier(template, seed=seed + 1000 * c)
        t1 = time.perf_counter()
        later = [first + timedelta(days=k) for k in range(1, days)]
        for at in range(0, len(later), days_per_batch):
            batch = later[at : at + days_per_batch]
            d0 = time.perf_counter()
            copied = copier.copy_days(batch)
            n = sum(rows for _day, rows in copied)
            rows += n
            hands += template.hands * len(batch)
            day_ids += [day.pk for day, _rows in copied]
            spent = time.perf_counter() - d0
            log(
                f"{code} {batch[0]}..{batch[-1]}: days {at + 2}-{at + 1 + len(batch)}/{days}, "
                f"{n:,} rows in {spent:.2f} s ({n / spent:,.0f} rows/s)"
            )
        copy_s += time.perf_counter() - t1
    if stage == "template" and state_file is not None:
        state_file.write_text(json.dumps(state, indent=1))
    return HistoryReport(
        casinos=codes,
        days=days,
        template_seconds=template_s,
        copy_seconds=copy_s,
        rows=rows,
        hands=hands,
        gaming_days=day_ids,
    )


def _play_template(code: str, first: date, tables: int, hands: int, seed: int) -> Template:
    """Casino ``code``'s first day, played through every service with the clock on ``first``."""
    from casino.services import gaming_day_close
    from demo.simulation import DaySimulator
    from tables import services as ts
    from tables.models import DeckStore

    start = timezone.make_aware(datetime.combine(first, datetime.min.time())) + timedelta(hours=10)
    with clock_at(start):
        sim = DaySimulator(tables=tables, hands=hands, seed=seed, casino_code=code)
        sim._setup()  # staff, tables, chips: shared by every day, not copied
        if not DeckStore.objects.filter(casino=sim.casino, code="SIM").exists():
            ts.deck_store_create(actor=sim.manager, code="SIM", name="Depósito")
        if GamingDay.objects.filter(casino=sim.casino).exists():
            raise RuntimeError(f"casino {code} already has gaming days")
        before = max_ids()
        report = sim.run()
        gaming_day_close(actor=sim.manager, gaming_day=report.gaming_day)
    return Template(sim.casino.pk, GamingDay.objects.get(pk=report.gaming_day.pk), before)
