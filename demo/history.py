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

import random
import re
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.db import connection, models, transaction
from django.db.models import Max
from django.utils import timezone

from casino import sealing
from casino.models import AuditEvent, ChainLink, GamingDay, SerialCounter, Signature

# Apps whose rows are not part of a gaming day (permissions, sessions, migrations...).
SKIPPED_APPS = {"admin", "auth", "contenttypes", "sessions", "django_celery_results"}
HAND_REF = re.compile(r"^hand:(\d+)$")


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


def _models() -> list[type[models.Model]]:
    out = []
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.app_label in SKIPPED_APPS or meta.proxy or not meta.managed:
            continue
        if not isinstance(meta.pk, models.AutoField | models.BigAutoField):
            continue
        out.append(model)
    return out


def _max_ids() -> dict[type[models.Model], int]:
    return {m: m._base_manager.aggregate(m=Max("pk"))["m"] or 0 for m in _models()}


def _insert(model: type[models.Model], objs: list[Any]) -> None:
    """Insert rows that carry their ids: ``COPY`` on PostgreSQL, bulk INSERTs elsewhere.

    COPY fires the row triggers as INSERT does (append-only, frozen lines).
    """
    if not objs:
        return
    if connection.vendor != "postgresql":
        model._base_manager.bulk_create(objs, batch_size=2000)
        return
    from psycopg.types.json import Jsonb

    fields = model._meta.concrete_fields
    json_at = [i for i, f in enumerate(fields) if isinstance(f, models.JSONField)]
    columns = ", ".join(f'"{f.column}"' for f in fields)
    with connection.cursor() as cursor:
        with cursor.cursor.copy(f'COPY "{model._meta.db_table}" ({columns}) FROM STDIN') as copy:
            for obj in objs:
                row = [getattr(obj, f.attname) for f in fields]
                for i in json_at:
                    if row[i] is not None:
                        row[i] = Jsonb(row[i])
                copy.write_row(row)


class _Ids:
    """New primary keys: the table's sequence on PostgreSQL, max + 1 elsewhere."""

    def __init__(self) -> None:
        self.next: dict[type[models.Model], int] = {}

    def take(self, model: type[models.Model], n: int) -> list[int]:
        if n == 0:
            return []
        table = model._meta.db_table
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
                    [table, n],
                )
                return [r[0] for r in cursor.fetchall()]
        start = self.next.get(model)
        if start is None:
            start = (model._base_manager.aggregate(m=Max("pk"))["m"] or 0) + 1
        self.next[model] = start + n
        return list(range(start, start + n))


# The serial series of each numbered model: (series of the counter, year field, number field).
def _serial_fields(model: type[models.Model]) -> tuple[str | None, str, str] | None:
    names = {f.name for f in model._meta.concrete_fields}
    if {"series", "year", "number"} <= names:
        return (None, "year", "number")  # the row names its own series (slips)
    if {"serial_year", "serial_number"} <= names:
        series = getattr(model, "SERIAL_SERIES", None)
        if series is None:
            module = __import__(model.__module__, fromlist=["*"])
            series = next(
                (
                    getattr(module, n)
                    for n in ("SHEET_SERIES", "RECEIPT_SERIES", "NOTICE_SERIES")
                    if hasattr(module, n)
                ),
                None,
            )
        return (series, "serial_year", "serial_number")
    return None


class Template:
    """The rows one simulated day wrote, ready to be copied to other dates."""

    def __init__(self, casino_id: int, day: GamingDay, before: dict[type[models.Model], int]):
        self.casino_id = casino_id
        self.day = day
        self.rows: dict[type[models.Model], list[dict[str, Any]]] = {}
        for model in _models():
            qs = model._base_manager.filter(pk__gt=before.get(model, 0)).order_by("pk")
            rows = list(qs.values())
            if rows and model is not SerialCounter:  # numbers continue; see _renumber
                self.rows[model] = rows
        self.ids: dict[type[models.Model], set[int]] = {
            m: {r["id"] for r in rows} for m, rows in self.rows.items()
        }
        self.hands = sum(
            len(rows) for m, rows in self.rows.items() if m._meta.label_lower == "hands.hand"
        )
        self._check_hashes()

    def _check_hashes(self) -> None:
        """A copy's hashes are recomputed; that is right only if the template's are current."""
        self.signables = [m for m in self.rows if _is_signable(m)]
        self.sig_current: dict[int, bool] = {}
        docs: dict[tuple[int, int], str] = {}
        for m in self.signables:
            ct = ContentType.objects.get_for_model(m)
            for obj in m._base_manager.filter(pk__in=self.ids[m]):
                docs[(ct.pk, obj.pk)] = obj.signing_hash()
                if obj.locked_at is not None and obj.locked_hash != docs[(ct.pk, obj.pk)]:
                    raise RuntimeError(f"{m._meta.label} #{obj.pk}: lock hash is not current")
        for row in self.rows.get(Signature, []):
            key = (row["content_type_id"], row["object_id"])
            self.sig_current[row["id"]] = docs.get(key) == row["content_hash"]


def _is_signable(model: type[models.Model]) -> bool:
    return hasattr(model, "signing_payload") and any(
        f.name == "locked_at" for f in model._meta.concrete_fields
    )


class HistoryCopier:
    """Copies a template day to other dates (one transaction per date)."""

    def __init__(self, template: Template, *, seed: int) -> None:
        self.t = template
        self.rng = random.Random(seed)
        self.ids = _Ids()
        self.order = self._insert_order()
        self.ct_model = {ct.pk: ct.model_class() for ct in ContentType.objects.all()}
        self.label_model = {m._meta.label_lower: m for m in _models()}
        self.counters: dict[tuple[str, int], int] = {}
        # OPEN-06: each copy's opening is compared with the table's closing of the day
        # before (the template's first opening had none and used the par).
        self.closing_model = self.label_model["tables.closingsheet"]
        self.opening_model = self.label_model["tables.openingsheet"]
        self.last_closing = {
            r["table_id"]: r["id"] for r in template.rows.get(self.closing_model, [])
        }
        for c in SerialCounter.objects.filter(casino_id=template.casino_id):
            self.counters[(c.series, c.year)] = c.last_value

    def _insert_order(self) -> list[type[models.Model]]:
        late = (Signature, AuditEvent, ChainLink)
        return [m for m in self.t.rows if m not in late]

    # ------------------------------------------------------------------ one day

    def copy_to(self, business_date: date) -> tuple[GamingDay, int]:
        delta = timedelta(days=(business_date - self.t.day.business_date).days)
        with transaction.atomic():
            maps = {
                m: dict(zip(sorted(ids), self.ids.take(m, len(ids)), strict=True))
                for m, ids in self.t.ids.items()
            }
            self.maps = maps
            self.delta = delta
            self.stamp = f"{self.t.day.business_date:%Y%m%d}"
            self.new_stamp = f"{business_date:%Y%m%d}"
            self.serials: dict[tuple[str, int, int], int] = {}
            self._lock_at: dict[tuple[type[models.Model], int], datetime] = {}
            objs: dict[type[models.Model], list[models.Model]] = {}
            locks: dict[type[models.Model], list[int]] = defaultdict(list)
            for model in self.order:
                objs[model] = [self._copy_row(model, r, locks) for r in self.t.rows[model]]
            self._seal(objs)
            total = 0
            for model in self.order:
                _insert(model, objs[model])
                total += len(objs[model])
            hashes = self._document_hashes(locks)
            sigs = [self._copy_signature(r, hashes) for r in self.t.rows.get(Signature, [])]
            _insert(Signature, sigs)
            self._lock(locks, hashes)
            events = [self._copy_row(AuditEvent, r, locks) for r in self.t.rows.get(AuditEvent, [])]
            _insert(AuditEvent, events)
            links = self._chain(objs, sigs, events)
            _insert(ChainLink, links)
            total += len(sigs) + len(events) + len(links)
            self._save_counters()
            self.last_closing = {
                r["table_id"]: maps[self.closing_model][r["id"]]
                for r in self.t.rows.get(self.closing_model, [])
            }
            day = GamingDay.objects.get(pk=maps[GamingDay][self.t.day.pk])
        return day, total

    def _ref(self, model: type[models.Model] | None, value: Any) -> Any:
        if model is None or value is None:
            return value
        mapping = self.maps.get(model)
        if mapping is None:
            return value
        try:
            key = int(value)
        except (TypeError, ValueError):
            return value
        new = mapping.get(key)
        if new is None:
            return value
        return str(new) if isinstance(value, str) else new

    def _copy_row(
        self, model: type[models.Model], row: dict[str, Any], locks: dict[Any, list[int]]
    ) -> models.Model:
        new = dict(row)
        new["id"] = self.maps[model][row["id"]]
        for f in model._meta.concrete_fields:
            value = new.get(f.attname)
            if value is None:
                continue
            if f.is_relation and f.related_model is not None:
                new[f.attname] = self._ref(f.related_model, value)
            elif isinstance(f, models.DateTimeField):
                new[f.attname] = value + self.delta
            elif isinstance(f, models.DateField):
                new[f.attname] = value + self.delta
            elif isinstance(f, models.UUIDField):
                new[f.attname] = uuid.UUID(int=self.rng.getrandbits(128), version=4)
            elif f.name == "hand_ref" and isinstance(value, str):
                m = HAND_REF.match(value)
                if m:
                    hand = self.label_model["hands.hand"]
                    new[f.attname] = f"hand:{self._ref(hand, int(m.group(1)))}"
            elif isinstance(value, str) and self.stamp in value:
                # Names that carry the date (a pack's number, "R20261201-3") carry the copy's.
                new[f.attname] = value.replace(self.stamp, self.new_stamp)
            elif isinstance(value, list) and any(
                isinstance(v, str) and self.stamp in v for v in value
            ):
                new[f.attname] = [
                    v.replace(self.stamp, self.new_stamp) if isinstance(v, str) else v
                    for v in value
                ]
        if model is AuditEvent:
            target = self.label_model.get(row["object_type"])
            new["object_id"] = self._ref(target, row["object_id"])
            for side in ("before", "after"):
                new[side] = self._remap_json(target, row[side])
        if model is self.opening_model and row["table_id"] in self.last_closing:
            new["previous_closing_id"] = self.last_closing[row["table_id"]]
            new["expected_source"] = "closing"
        self._renumber(model, new)
        if _is_signable(model) and new.get("locked_at") is not None:
            locks[model].append(new["id"])
            self._lock_at[(model, new["id"])] = new["locked_at"]
            new["locked_at"] = None
            new["locked_hash"] = ""
        return model(**new)

    def _remap_json(self, target: type[models.Model] | None, data: Any) -> Any:
        if not isinstance(data, dict) or target is None:
            return data
        fks = {
            f.name: f.related_model
            for f in target._meta.concrete_fields
            if f.is_relation and f.related_model is not None
        }
        out = {}
        for key, value in data.items():
            if key in fks and isinstance(value, int | str):
                out[key] = self._ref(fks[key], value)
            elif key == "id" and isinstance(value, int | str):
                out[key] = self._ref(target, value)
            elif key == "hand_ref" and isinstance(value, str) and HAND_REF.match(value):
                hand = self.label_model["hands.hand"]
                out[key] = f"hand:{self._ref(hand, int(value[5:]))}"
            else:
                out[key] = value
        return out

    def _renumber(self, model: type[models.Model], new: dict[str, Any]) -> None:
        spec = _serial_fields(model)
        if spec is None:
            return
        series, year_f, number_f = spec
        series = series or new.get("series")
        if series is None or new.get(number_f) is None:
            return
        old_year = new[year_f]
        year = (self.t.day.business_date + self.delta).year
        key = (series, old_year, new[number_f])  # opening and closing parts share a number
        if key not in self.serials:
            last = self.counters.get((series, year), 0) + 1
            self.counters[(series, year)] = last
            self.serials[key] = last
        new[year_f] = year
        new[number_f] = self.serials[key]

    def _save_counters(self) -> None:
        for (series, year), last in self.counters.items():
            updated = SerialCounter.objects.filter(
                casino_id=self.t.casino_id, series=series, year=year
            ).update(last_value=last)
            if not updated:
                SerialCounter.objects.create(
                    casino_id=self.t.casino_id, series=series, year=year, last_value=last
                )

    # ------------------------------------------------------------------ seals and hashes

    def _seal(self, objs: dict[type[models.Model], list[models.Model]]) -> None:
        by_label = {m._meta.label_lower: lst for m, lst in objs.items()}
        txs = by_label.get("cage.tabletransaction", [])
        if txs:
            chips: dict[int, list[Any]] = defaultdict(list)
            cash: dict[int, list[Any]] = defaultdict(list)
            for line in by_label.get("cage.chipline", []):
                chips[line.transaction_id].append(line)
            for line in by_label.get("cage.cashline", []):
                cash[line.transaction_id].append(line)
            for tx in txs:
                tx.seal = tx.compute_seal(chips[tx.pk], cash[tx.pk])
        for entry in by_label.get("cage.rakeentry", []):
            entry.seal = entry.compute_seal()

    def _document_hashes(self, locks: dict[Any, list[int]]) -> dict[tuple[int, int], str]:
        """The signing hash of every copied document, read back with its lines."""
        hashes = {}
        for model in self.t.signables:
            ct = ContentType.objects.get_for_model(model)
            new_ids = [self.maps[model][i] for i in self.t.ids[model]]
            for obj in model._base_manager.filter(pk__in=new_ids):
                hashes[(ct.pk, obj.pk)] = obj.signing_hash()
        return hashes

    def _copy_signature(self, row: dict[str, Any], hashes: dict[tuple[int, int], str]) -> Any:
        sig = self._copy_row(Signature, row, {})
        doc_model = self.ct_model.get(row["content_type_id"])
        sig.object_id = self._ref(doc_model, row["object_id"])
        if self.t.sig_current.get(row["id"]):
            key = (row["content_type_id"], sig.object_id)
            sig.content_hash = hashes.get(key, row["content_hash"])
        return sig

    def _lock(self, locks: dict[Any, list[int]], hashes: dict[tuple[int, int], str]) -> None:
        for model, ids in locks.items():
            ct = ContentType.objects.get_for_model(model)
            for pk in ids:
                model._base_manager.filter(pk=pk).update(
                    locked_at=self._lock_at[(model, pk)], locked_hash=hashes[(ct.pk, pk)]
                )

    def _chain(
        self,
        objs: dict[type[models.Model], list[models.Model]],
        sigs: list[Any],
        events: list[Any],
    ) -> list[ChainLink]:
        """The copied day's evidence chain, link by link as ``chain_append`` writes it."""
        ring = sealing.keyring()
        by_key: dict[tuple[str, int], models.Model] = {}
        for lst in (*objs.values(), sigs, events):
            for obj in lst:
                by_key[(obj._meta.label_lower, obj.pk)] = obj
        slips = [o for (label, _pk), o in by_key.items() if label == "cage.slip"]
        fresh = (
            {o.pk: o for o in type(slips[0])._base_manager.filter(pk__in=[o.pk for o in slips])}
            if slips
            else {}
        )
        links = []
        prev = ""
        for row in self.t.rows.get(ChainLink, []):
            model = self.label_model[row["record_type"]]
            new_id = self._ref(model, int(row["record_id"]))
            obj = fresh.get(new_id) if row["record_type"] == "cage.slip" else None
            obj = obj or by_key[(row["record_type"], new_id)]
            key_id = row["key_id"] if ring.key(row["key_id"]) else ring.current_id
            rseal = sealing.current_record_seal(obj, key_id=key_id)
            link = sealing.link_hash(ring.keys[key_id], prev, row["record_type"], new_id, rseal)
            links.append(
                ChainLink(
                    id=self.maps[ChainLink][row["id"]],
                    casino_id=row["casino_id"],
                    gaming_day_id=self._ref(GamingDay, row["gaming_day_id"]),
                    seq=row["seq"],
                    record_type=row["record_type"],
                    record_id=str(new_id),
                    record_seal=rseal,
                    prev=prev,
                    link=link,
                    key_id=key_id,
                    created_at=row["created_at"] + self.delta,
                )
            )
            prev = link
        return links


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
) -> HistoryReport:
    """``days`` consistent gaming days per casino, the last on ``end`` (default yesterday)."""
    from casino.services import gaming_day_close
    from demo.simulation import DaySimulator
    from tables import services as ts
    from tables.models import DeckStore

    if days < 1 or casinos < 1:
        raise ValueError("at least one casino and one day")
    last = end or (timezone.localdate() - timedelta(days=1))
    first = last - timedelta(days=days - 1)
    codes, day_ids = [], []
    template_s = copy_s = 0.0
    rows = hands = 0
    for c in range(1, casinos + 1):
        code = f"{code_prefix}{c}"
        codes.append(code)
        start = timezone.make_aware(datetime.combine(first, datetime.min.time())) + timedelta(
            hours=10
        )
        t0 = time.perf_counter()
        with clock_at(start):
            sim = DaySimulator(
                tables=tables, hands=hands_per_table, seed=seed + c, casino_code=code
            )
            sim._setup()  # staff, tables, chips: shared by every day, not copied
            if not DeckStore.objects.filter(casino=sim.casino, code="SIM").exists():
                ts.deck_store_create(actor=sim.manager, code="SIM", name="Depósito")
            if GamingDay.objects.filter(casino=sim.casino).exists():
                raise RuntimeError(f"casino {code} already has gaming days")
            before = _max_ids()
            report = sim.run()
            gaming_day_close(actor=sim.manager, gaming_day=report.gaming_day)
        template = Template(sim.casino.pk, GamingDay.objects.get(pk=report.gaming_day.pk), before)
        template_s += time.perf_counter() - t0
        for model, model_rows in template.rows.items():
            log(f"  {model._meta.label_lower}: {len(model_rows)}")
        day_ids.append(template.day.pk)
        hands += template.hands
        log(
            f"{code} {first}: template day through the services, {template.hands} hands, "
            f"{sum(len(r) for r in template.rows.values())} rows, {time.perf_counter() - t0:.1f} s"
        )
        copier = HistoryCopier(template, seed=seed + 1000 * c)
        t1 = time.perf_counter()
        for k in range(1, days):
            d0 = time.perf_counter()
            day, n = copier.copy_to(first + timedelta(days=k))
            rows += n
            hands += template.hands
            day_ids.append(day.pk)
            spent = time.perf_counter() - d0
            if k == 1 or k % 10 == 0 or k == days - 1:
                log(
                    f"{code} {day.business_date}: day {k + 1}/{days}, {n} rows in {spent:.2f} s "
                    f"({n / spent:,.0f} rows/s)"
                )
        copy_s += time.perf_counter() - t1
    return HistoryReport(
        casinos=codes,
        days=days,
        template_seconds=template_s,
        copy_seconds=copy_s,
        rows=rows,
        hands=hands,
        gaming_days=day_ids,
    )
