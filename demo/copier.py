"""Copy a template day to other dates (``demo.history``): new ids, dates moved by whole
days, serial numbers continued, seals, hashes, locks and the evidence chain recomputed."""

from __future__ import annotations

import random
import re
import uuid
from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import Any, TypeVar

from django.contrib.contenttypes.models import ContentType
from django.db import connection, models, transaction
from django.db.models import Max

from casino import sealing
from casino.models import (
    AuditEvent,
    ChainLink,
    GamingDay,
    SerialCounter,
    Signature,
    content_hash,
)

from .template import Template, is_signable, row_models, serial_fields

HAND_REF = re.compile(r"^hand:(\d+)$")
# The per-hand rows, copied by PostgreSQL itself (``INSERT … SELECT``): nothing in them
# is sealed, numbered or signed, so a copy is the template's row with ids and dates moved.
SQL_COPIED = {"hands.hand", "hands.handverdict", "hands.handseat", "hands.handviolation"}
M = TypeVar("M", bound=models.Model)


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
    """Blocks of new primary keys: the table's own sequence on PostgreSQL, max + 1 elsewhere.

    A copy's ids are the template's plus a fixed offset per table and per day, so a
    reference is moved by arithmetic, in Python and in SQL alike. The block is taken
    from the sequence (``nextval`` over ``generate_series``: the app role may use a
    sequence but not ``setval`` it) and must come out contiguous.
    """

    def __init__(self) -> None:
        self.next: dict[type[models.Model], int] = {}

    def block(self, model: type[models.Model], n: int) -> int:
        """The first id of ``n`` consecutive new ids."""
        table = model._meta.db_table
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT min(v), max(v), count(*) FROM (SELECT nextval("
                    "pg_get_serial_sequence(%s, 'id')) AS v FROM generate_series(1, %s)) s",
                    [table, n],
                )
                first, last, count = cursor.fetchone()
            if last - first + 1 != count:  # another writer took ids in between
                raise RuntimeError(f"{table}: the id block {first}..{last} is not contiguous")
            return int(first)
        start = self.next.get(model)
        if start is None:
            start = (model._base_manager.aggregate(m=Max("pk"))["m"] or 0) + 1
        self.next[model] = start + n
        return start


class HistoryCopier:
    """Copies a template day to other dates, several dates per transaction.

    On PostgreSQL the per-hand rows (:data:`SQL_COPIED`) are copied by the database
    itself, ``INSERT … SELECT`` from the template's rows for every date of the batch
    at once (:meth:`_sql_copy`); Python writes only what is keyed or sequential: the
    seals, the serial numbers, the documents' hashes and locks, the signatures, the
    audit events (their ``before``/``after`` ids) and the evidence chain.
    """

    def __init__(self, template: Template, *, seed: int, sql: bool | None = None) -> None:
        self.t = template
        self.rng = random.Random(seed)
        self.ids = _Ids()
        self.order = self._insert_order()
        self.ct_model = {ct.pk: ct.model_class() for ct in ContentType.objects.all()}
        self.label_model = {m._meta.label_lower: m for m in row_models()}
        self.hand_model = self.label_model["hands.hand"]
        self.link_fields = ChainLink._meta.concrete_fields
        self._plans: dict[type[models.Model], list[tuple[str, str, Any]]] = {}
        self.counters: dict[tuple[str, int], int] = {}
        # The template's id range per table: a copy's id is the template's plus an offset.
        self.span = {m: (min(ids), max(ids)) for m, ids in template.ids.items()}
        use_sql = connection.vendor == "postgresql" if sql is None else sql
        self.sql_models = [m for m in self.order if use_sql and self._sql_copyable(m)]
        self.py_models = [m for m in self.order if m not in self.sql_models]
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

    def _sql_copyable(self, model: type[models.Model]) -> bool:
        """Rows the database can copy alone: no seal, no number, no lock, no moved JSON."""
        if model._meta.label_lower not in SQL_COPIED:
            return False
        if hasattr(model, "compute_seal") or is_signable(model) or serial_fields(model):
            raise RuntimeError(f"{model._meta.label}: keyed rows cannot be copied in SQL")
        stamp = f"{self.t.day.business_date:%Y%m%d}"
        for f in model._meta.concrete_fields:
            if isinstance(f, models.JSONField):
                for row in self.t.rows[model]:
                    value = row[f.attname]
                    if isinstance(value, list) and any(
                        isinstance(v, str) and stamp in v for v in value
                    ):
                        raise RuntimeError(f"{model._meta.label}.{f.name} carries the date")
        return True

    # ------------------------------------------------------------------ days

    def copy_to(self, business_date: date) -> tuple[GamingDay, int]:
        return self.copy_days([business_date])[0]

    def copy_days(self, dates: list[date]) -> list[tuple[GamingDay, int]]:
        """Copy the template to each of ``dates`` (in order) in one transaction.

        Each step runs for every date of the batch before the next one, so each table
        gets one ``COPY`` per batch: the rows, then the documents' hashes read back,
        the signatures and the locks, then the audit events and the evidence chains.
        """
        with transaction.atomic():
            n = len(dates)
            # One block of ids per table for the whole batch; day j takes its j-th part.
            self.base = {
                m: self.ids.block(m, (hi - lo + 1) * n) for m, (lo, hi) in self.span.items()
            }
            sql_rows = self._sql_copy(dates)
            self._lock_at: dict[tuple[type[models.Model], int], datetime] = {}
            locks: dict[type[models.Model], list[int]] = defaultdict(list)
            days = list(enumerate(dates))
            objs: list[dict[type[models.Model], list[models.Model]]] = []
            for j, business_date in days:
                self._day(j, business_date)
                objs.append(
                    {
                        m: [self._copy_row(m, r, locks) for r in self.t.rows[m]]
                        for m in self.py_models
                    }
                )
                self._seal(objs[-1])
                self.last_closing = {
                    r["table_id"]: self._ref(self.closing_model, r["id"])
                    for r in self.t.rows.get(self.closing_model, [])
                }
            for model in self.py_models:
                _insert(model, [o for day_objs in objs for o in day_objs[model]])
            hashes = self._document_hashes(days)
            sigs = []
            for j, business_date in days:
                self._day(j, business_date)
                sigs.append(
                    [self._copy_signature(r, hashes) for r in self.t.rows.get(Signature, [])]
                )
            _insert(Signature, [s for day_sigs in sigs for s in day_sigs])
            self._lock(locks, hashes)
            events, links = [], []
            for j, business_date in days:
                self._day(j, business_date)
                events.append(
                    [self._copy_row(AuditEvent, r, locks) for r in self.t.rows.get(AuditEvent, [])]
                )
                links.append(self._chain(objs[j], sigs[j], events[j]))
            _insert(AuditEvent, [e for day_events in events for e in day_events])
            _insert(ChainLink, [x for day_links in links for x in day_links])
            self._save_counters()
            ids = [self._shifts(j)[GamingDay] + self.t.day.pk for j, _d in days]
            gaming_days = GamingDay.objects.in_bulk(ids)
        out = []
        for j, _d in days:
            rows = sum(len(x) for x in objs[j].values()) + len(sigs[j])
            rows += len(events[j]) + len(links[j]) + sql_rows // n
            out.append((gaming_days[ids[j]], rows))
        return out

    def _day(self, j: int, business_date: date) -> None:
        """Set the moves of day ``j`` of the batch: its id offsets, its date, its numbers."""
        self.shift = self._shifts(j)
        self.delta = timedelta(days=(business_date - self.t.day.business_date).days)
        self.stamp = f"{self.t.day.business_date:%Y%m%d}"
        self.new_stamp = f"{business_date:%Y%m%d}"
        self.serials: dict[tuple[str, int, int], int] = {}

    def _shifts(self, j: int) -> dict[type[models.Model], int]:
        """What day ``j`` of the batch adds to a template id, per table."""
        return {m: self.base[m] + j * (hi - lo + 1) - lo for m, (lo, hi) in self.span.items()}

    def _sql_copy(self, dates: list[date]) -> int:
        """``INSERT … SELECT`` of :attr:`sql_models` for every date of the batch at once."""
        if not self.sql_models:
            return 0
        deltas = [(d - self.t.day.business_date).days for d in dates]
        stamp = f"{self.t.day.business_date:%Y%m%d}"
        hand = self.label_model["hands.hand"]
        total = 0
        with connection.cursor() as cursor:
            for model in self.sql_models:
                lo, hi = self.span[model]
                cols: list[str] = []
                exprs: list[str] = []
                params: list[Any] = []
                stamped = {
                    f.attname
                    for f in model._meta.concrete_fields
                    if isinstance(f, models.CharField | models.TextField)
                    and any(stamp in (r[f.attname] or "") for r in self.t.rows[model])
                }
                for f in model._meta.concrete_fields:
                    col = f'"{f.column}"'
                    cols.append(col)
                    if f.primary_key:
                        exprs.append(self._sql_ref(model, f"t.{col}", params))
                    elif f.is_relation and f.related_model in self.span:
                        exprs.append(self._sql_ref(f.related_model, f"t.{col}", params))
                    elif isinstance(f, models.DateTimeField):
                        exprs.append(f"t.{col} + g.delta * interval '1 day'")
                    elif isinstance(f, models.DateField):
                        exprs.append(f"t.{col} + g.delta")
                    elif isinstance(f, models.UUIDField):
                        exprs.append(f"md5(t.{col}::text || ':' || g.delta)::uuid")
                    elif f.name == "hand_ref":
                        moved = self._sql_ref(hand, f"substr(t.{col}, 6)::bigint", params)
                        exprs.append(
                            f"CASE WHEN t.{col} ~ '^hand:[0-9]+$' "
                            f"THEN 'hand:' || ({moved}) ELSE t.{col} END"
                        )
                    elif f.attname in stamped:
                        exprs.append(
                            f"replace(t.{col}, %s, to_char(%s::date + g.delta, 'YYYYMMDD'))"
                        )
                        params += [stamp, self.t.day.business_date]
                    else:
                        exprs.append(f"t.{col}")
                table = model._meta.db_table
                # Names come from the models' metadata; every value is a parameter.
                sql = (
                    f'INSERT INTO "{table}" ({", ".join(cols)}) SELECT {", ".join(exprs)} '  # noqa: S608
                    f'FROM "{table}" t CROSS JOIN unnest(%s::int[], %s::int[]) AS g(j, delta) '
                    f"WHERE t.id BETWEEN %s AND %s ORDER BY g.j, t.id"
                )
                cursor.execute(sql, [*params, list(range(len(dates))), deltas, lo, hi])
                total += cursor.rowcount
        return total

    def _sql_ref(self, model: type[models.Model], expr: str, params: list[Any]) -> str:
        """SQL moving a reference to ``model``'s template rows to day ``g.j``'s copy."""
        lo, hi = self.span[model]
        params += [lo, hi, self.base[model] - lo, hi - lo + 1]
        return f"CASE WHEN {expr} BETWEEN %s AND %s THEN {expr} + %s + g.j * %s ELSE {expr} END"

    def _ref(self, model: type[models.Model] | None, value: Any) -> Any:
        if model is None or value is None:
            return value
        span = self.span.get(model)
        if span is None:
            return value
        try:
            key = int(value)
        except (TypeError, ValueError):
            return value
        if not span[0] <= key <= span[1]:
            return value
        new = key + self.shift[model]
        return str(new) if isinstance(value, str) else new

    def _plan(self, model: type[models.Model]) -> list[tuple[str, str, Any]]:
        """How each column of ``model`` moves to a copy: ``(attname, kind, related model)``."""
        plan = self._plans.get(model)
        if plan is None:
            plan = []
            for f in model._meta.concrete_fields:
                if f.primary_key:
                    continue
                if f.is_relation and f.related_model is not None:
                    kind = "ref" if f.related_model in self.span else "keep"
                elif isinstance(f, models.DateTimeField | models.DateField):
                    kind = "date"
                elif isinstance(f, models.UUIDField):
                    kind = "uuid"
                elif f.name == "hand_ref":
                    kind = "hand_ref"
                elif isinstance(f, models.CharField | models.TextField | models.JSONField):
                    kind = "text"  # may carry the template's date (a pack's number)
                else:
                    kind = "keep"
                if kind != "keep":
                    plan.append((f.attname, kind, f.related_model))
            self._plans[model] = plan
        return plan

    def _copy_row(self, model: type[M], row: dict[str, Any], locks: dict[Any, list[int]]) -> M:
        new = dict(row)
        new["id"] = self._ref(model, row["id"])
        for attname, kind, related in self._plan(model):
            value = new[attname]
            if value is None:
                continue
            if kind == "ref":
                new[attname] = self._ref(related, value)
            elif kind == "date":
                new[attname] = value + self.delta
            elif kind == "uuid":
                new[attname] = uuid.UUID(int=self.rng.getrandbits(128), version=4)
            elif kind == "hand_ref":
                m = HAND_REF.match(value) if isinstance(value, str) else None
                if m:
                    new[attname] = f"hand:{self._ref(self.hand_model, int(m.group(1)))}"
            elif isinstance(value, str):
                if self.stamp in value:
                    # Names that carry the date (a pack's number, "R20261201-3") carry the copy's.
                    new[attname] = value.replace(self.stamp, self.new_stamp)
            elif isinstance(value, list) and any(
                isinstance(v, str) and self.stamp in v for v in value
            ):
                new[attname] = [
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
        if is_signable(model) and new.get("locked_at") is not None:
            locks[model].append(new["id"])
            self._lock_at[(model, new["id"])] = new["locked_at"]
            new["locked_at"] = None
            new["locked_hash"] = ""
        return model(*[new[f.attname] for f in model._meta.concrete_fields])

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
        spec = serial_fields(model)
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
        # the batch's rows by model label: each list holds its own model's rows
        by_label: dict[str, list[Any]] = {m._meta.label_lower: lst for m, lst in objs.items()}
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

    def _document_hashes(self, days: list[tuple[int, date]]) -> dict[tuple[int, int], str]:
        """The signing hash of every copied document of the batch, read back with its lines.

        A slip's chain link seals the same content (``Slip.signing_payload``), so the
        payloads are kept for :meth:`_chain` instead of being read twice.
        """
        hashes = {}
        self.payloads: dict[tuple[str, int], Any] = {}
        for model in self.t.signables:
            ct = ContentType.objects.get_for_model(model)
            label = model._meta.label_lower
            new_ids = [i + self._shifts(j)[model] for j, _d in days for i in self.t.ids[model]]
            lines = [
                name
                for rel in model._meta.related_objects
                if rel.one_to_many
                and rel.related_model in self.span
                and (name := rel.get_accessor_name()) is not None
            ]
            for obj in model._base_manager.filter(pk__in=new_ids).prefetch_related(*lines):
                payload = obj.signing_payload()
                self.payloads[(label, obj.pk)] = payload
                hashes[(ct.pk, obj.pk)] = content_hash(payload)
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
        """Lock the signed documents, as signing does: one UPDATE per table on PostgreSQL."""
        for model, ids in locks.items():
            ct = ContentType.objects.get_for_model(model)
            values = [(pk, self._lock_at[(model, pk)], hashes[(ct.pk, pk)]) for pk in ids]
            if connection.vendor != "postgresql":
                for pk, at, digest in values:
                    model._base_manager.filter(pk=pk).update(locked_at=at, locked_hash=digest)
                continue
            table = model._meta.db_table
            with connection.cursor() as cursor:
                cursor.execute(
                    f'UPDATE "{table}" AS d SET locked_at = v.at, locked_hash = v.digest '  # noqa: S608
                    "FROM unnest(%s::bigint[], %s::timestamptz[], %s::text[]) AS v(id, at, digest) "
                    "WHERE d.id = v.id",
                    [[v[0] for v in values], [v[1] for v in values], [v[2] for v in values]],
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
        links = []
        prev = ""
        for row in self.t.rows.get(ChainLink, []):
            model = self.label_model[row["record_type"]]
            new_id = self._ref(model, int(row["record_id"]))
            key_id = row["key_id"] if ring.key(row["key_id"]) else ring.current_id
            payload = self.payloads.get((row["record_type"], new_id))
            if payload is not None and sealing.PAYLOADS.get(row["record_type"]) is getattr(
                model, "signing_payload", None
            ):
                # A document chained by its signing content (a slip), as read back above.
                rseal = sealing.seal(payload, key_id=key_id)
            else:
                obj = by_key[(row["record_type"], new_id)]
                rseal = sealing.current_record_seal(obj, key_id=key_id)
            link = sealing.link_hash(ring.keys[key_id], prev, row["record_type"], new_id, rseal)
            new = {
                **row,
                "id": self._ref(ChainLink, row["id"]),
                "gaming_day_id": self._ref(GamingDay, row["gaming_day_id"]),
                "record_id": str(new_id),
                "record_seal": rseal,
                "prev": prev,
                "link": link,
                "key_id": key_id,
                "created_at": row["created_at"] + self.delta,
            }
            links.append(ChainLink(*[new[f.attname] for f in self.link_fields]))
            prev = link
        return links
