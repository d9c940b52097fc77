"""Hot queries: built once from the ORM, run again with new values (issue 43).

A read on every write's path (the token, the roles, the session and its lock, the
assignment, the seat, the chain's head…) costs Django far more to build than to run:
the ORM resolves the lookups, joins and columns and writes the SQL anew on every call,
though only the values change. :class:`HotQuery` builds the query once, from the ORM,
and then runs the same SQL with new values through the ORM's own machinery (its
compiler's converters, model instances, ``select_related`` objects, annotations,
``values_list`` rows and prefetches). It is not hand-written SQL: the statement is the
one the ORM writes for those values, on each database (``STYLE.md``, "Fast in
Django's own terms")::

    SESSION_LOCKED = HotQuery(
        lambda pk: TableSession.objects.select_for_update(of=("self",)).filter(pk=pk),
        pk=int,
    )
    session = SESSION_LOCKED.first(pk=42)

How the values are found in the SQL: the query is built twice with two sets of marker
values (``int``, ``str``, ``datetime`` and ``date`` parameters), compiled for the
connection, and the parameters that differ between the two, exactly where the markers
are, are the slots. Anything else about the two compilations differing is refused when
the query is first used. A call puts its values in the slots; a value the ORM would
change before sending (a number out of its column's range, which the ORM answers with
no rows; a naive datetime; a value of another type) is run through the plain ORM
instead, so the answer is always the ORM's. With ``settings.MESA_HOT_QUERY_CHECK`` (on
in the tests) every call also compiles the plain ORM query and fails if its SQL or
parameters differ (``tests/casino/test_hotqueries.py`` compares rows and instances).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from itertools import chain
from typing import Any, Generic, TypeVar, cast

from django.conf import settings
from django.core.exceptions import EmptyResultSet, FullResultSet
from django.core.signals import setting_changed
from django.db import DatabaseError, connections, models, router, transaction
from django.db.models import Model, QuerySet, signals
from django.db.models.functions import Cast
from django.db.models.lookups import Lookup
from django.db.models.query import (
    FlatValuesListIterable,
    ModelIterable,
    ValuesIterable,
    ValuesListIterable,
    get_related_populators,
    prefetch_related_objects,
)
from django.db.models.sql import Query
from django.db.models.sql.subqueries import InsertQuery, UpdateQuery
from django.db.models.sql.where import WhereNode
from django.db.transaction import TransactionManagementError
from django.dispatch import receiver

T = TypeVar("T")

#: The parameter kinds a hot query takes.
KINDS = (int, str, datetime, date)


_CHECK: list[bool] = []  # settings.MESA_HOT_QUERY_CHECK, read once (and again when changed)


def checking() -> bool:
    """Whether the fast paths are compared with the ORM's and DRF's (``MESA_HOT_QUERY_CHECK``, on
    in the tests)."""
    if not _CHECK:
        _CHECK.append(bool(getattr(settings, "MESA_HOT_QUERY_CHECK", False)))
    return _CHECK[0]


@receiver(setting_changed)
def _forget_check(*, setting: str, **_kwargs: Any) -> None:
    if setting == "MESA_HOT_QUERY_CHECK":
        _CHECK.clear()


_KEPT = "_mesa_hot_cursor"


@contextmanager
def _cursor(connection: Any) -> Iterator[Any]:
    """The cursor a hot statement runs on: one per database connection, kept.

    Django makes a driver cursor and its wrapper for every statement, which costs about as
    much as running it. A hot statement reuses one per connection, made by
    ``connection.cursor()`` (Django's wrapper: its error translation, the execute
    wrappers), after the request's health check and the reconnection Django would do
    first. Where statements are logged (``CaptureQueriesContext``, DEBUG) each gets its
    own, as Django does.
    """
    if connection.queries_logged:
        with connection.cursor() as cursor:
            yield cursor
        return
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    kept = connection.__dict__.get(_KEPT)
    if kept is None or kept[0] is not connection.connection:
        kept = connection.__dict__[_KEPT] = (connection.connection, connection.cursor())
    yield kept[1]


_MEMO = "_mesa_transaction_memo"


def transaction_memo(name: str, using: str = "default") -> dict[Any, Any]:
    """A dict that lives as long as the current transaction on ``using`` (issue 43).

    For a read asked twice in one write (the promotion fund a hand's table offers: once
    for the engine's rules, once to post the drop), so the second asks nothing. Outside
    an atomic block it is a new, empty dict on every call (nothing is kept). Django
    replaces ``connection.run_on_commit`` with a new list at every commit, rollback,
    savepoint rollback and close, so a memo kept beside that list is dropped with the
    transaction (or the savepoint) that filled it; the owner of the fact clears its
    entries when it writes the fact in the same transaction.
    """
    connection = connections[using]
    if not connection.in_atomic_block:
        return {}
    kept: tuple[object, dict[str, dict[Any, Any]]] | None = connection.__dict__.get(_MEMO)
    if kept is None or kept[0] is not connection.run_on_commit:
        kept = connection.__dict__[_MEMO] = (connection.run_on_commit, {})
    return kept[1].setdefault(name, {})


def _marker(kind: type, round_: int, slot: int) -> Any:
    """A value of ``kind`` that names one slot in one round of the two compilations.

    Integers stay inside every integer column's range (a positive small integer's
    too), where the ORM passes them through unchanged.
    """
    if kind is int:
        return 30001 + 1000 * round_ + slot
    if kind is str:
        return f"\x1emesa-hot-{round_}-{slot}\x1e"
    if kind is datetime:
        return datetime(2001 + round_, 2, 3, 4, 5, 6, slot + 1, tzinfo=UTC)
    if kind is date:
        return date(2001 + round_, 2, 3) + timedelta(days=slot)
    raise TypeError(f"a hot query takes {', '.join(k.__name__ for k in KINDS)} parameters")


def _adapter(kind: type, connection: Any) -> Callable[[Any], Any]:
    """How the ORM hands a value of ``kind`` to this connection's driver."""
    if kind is datetime:
        return connection.ops.adapt_datetimefield_value
    if kind is date:
        return connection.ops.adapt_datefield_value
    return lambda value: value


def _bindable(kind: type, value: Any, bounds: tuple[int, int] | None) -> bool:
    """Whether the ORM would send ``value`` as it is (otherwise the plain ORM runs)."""
    if kind is int:
        if type(value) is not int:
            return False
        return bounds is None or bounds[0] <= value <= bounds[1]
    if kind is str:
        return isinstance(value, str)
    if kind is datetime:
        return isinstance(value, datetime) and value.tzinfo is not None
    return type(value) is date


def _lookups(node: Any, seen: set[int]) -> Iterator[Lookup]:
    """Every lookup of a query: its filters, its annotations, their subqueries."""
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, Lookup):
        yield node
        yield from _lookups(node.lhs, seen)
        yield from _lookups(node.rhs, seen)
    elif isinstance(node, WhereNode):
        for child in node.children:
            yield from _lookups(child, seen)
    elif isinstance(node, Query):
        yield from _lookups(node.where, seen)
        for annotation in node.annotations.values():
            yield from _lookups(annotation, seen)
    elif hasattr(node, "get_source_expressions"):
        for expression in node.get_source_expressions():
            yield from _lookups(expression, seen)
        if isinstance(getattr(node, "query", None), Query):
            yield from _lookups(node.query, seen)


@dataclass(frozen=True)
class _Compiled:
    """One hot query compiled for one connection."""

    query: Any  # the ORM's Query of round 0
    compiler: Any  # its compiler, set up (columns, converters, related objects)
    sql: str
    params: tuple[Any, ...]
    slots: tuple[tuple[int, str], ...]  # (position in params, parameter name)
    adapters: dict[str, Callable[[Any], Any]]
    bounds: dict[str, tuple[int, int]]  # an int parameter's column range
    for_update: bool
    # What the ORM's iterable does with the rows, worked out once (see ``_rows``).
    shape: type  # ModelIterable, ValuesIterable, ValuesListIterable, FlatValuesListIterable
    width: int | None  # the selected columns, when the SQL selects more (ordering)
    converters: dict[int, Any]
    names: tuple[str, ...]  # the keys of ``values()`` rows
    model: Any  # ModelIterable: the rows' model, its columns and related objects
    model_span: tuple[int, int]
    init_list: tuple[str, ...]
    populators: tuple[Any, ...]
    annotations: tuple[tuple[str, int], ...]
    prefetches: tuple[Any, ...]


class HotQuery(Generic[T]):
    """An ORM query built once and run with new values (see the module's docstring).

    ``build`` takes the parameters by name and returns the queryset; ``kinds`` names
    each parameter's type (``int``, ``str``, ``datetime``, ``date``). Only exact
    comparisons (``=``, ``<``, ``<=``…) may take a parameter: a lookup that rewrites its
    value (``__contains``, ``__in``) is refused when the query is first used.
    """

    def __init__(self, build: Callable[..., QuerySet[Any, T]], /, **kinds: type) -> None:
        for name, kind in kinds.items():
            if kind not in KINDS:
                raise TypeError(f"parameter {name!r}: {kind!r} is not one of {KINDS}")
        self.build = build
        self.kinds = kinds
        self._template: QuerySet[Any, T] | None = None
        self._compiled: weakref.WeakKeyDictionary[Any, _Compiled] = weakref.WeakKeyDictionary()

    # ------------------------------------------------------------------ public

    def all(self, **values: Any) -> list[T]:
        """Every row, as the ORM's ``list(queryset)`` gives them."""
        if values.keys() != self.kinds.keys():
            raise TypeError(f"a hot query takes {sorted(self.kinds)}, not {sorted(values)}")
        if self._template is None:  # the model, the database it reads, the rows' kind
            self._template = self._build(0)
        alias = self._template.db
        connection = connections[alias]
        compiled = self._compiled.get(connection)
        if compiled is None:
            compiled = self._compiled[connection] = self._compile(connection, alias)
        for name, kind in self.kinds.items():
            if not _bindable(kind, values[name], compiled.bounds.get(name)):
                return list(self.plain(**values))
        if compiled.for_update and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = list(compiled.params)
        for position, name in compiled.slots:
            params[position] = compiled.adapters[name](values[name])
        if checking():
            self._check(alias, values, compiled.sql, params)
        with _cursor(connection) as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        return self._rows(compiled, alias, rows)

    def first(self, **values: Any) -> T | None:
        """The first row or ``None``: for a unique lookup (no ORDER BY is added, unlike
        ``QuerySet.first()``), or a query that orders and slices itself."""
        rows = self.all(**values)
        return rows[0] if rows else None

    def plain(self, **values: Any) -> QuerySet[Any, T]:
        """The ORM's own queryset for these values (what a hot call must equal)."""
        return self.build(**values)

    # ------------------------------------------------------------------ inside

    @staticmethod
    def _rows(compiled: _Compiled, alias: str, rows: list[Any]) -> list[Any]:
        """What the ORM's iterable makes of the rows (``ModelIterable``, ``ValuesIterable``,
        ``ValuesListIterable``, ``FlatValuesListIterable``), with the compiler's own
        converters, ``Model.from_db`` and related populators, prepared once."""
        if compiled.width is not None:
            rows = [row[: compiled.width] for row in rows]
        if compiled.converters:
            rows = list(compiled.compiler.apply_converters(rows, compiled.converters))
        shape = compiled.shape
        if shape is FlatValuesListIterable:
            return [row[0] for row in rows]
        if shape is ValuesListIterable:
            return [tuple(row) for row in rows]
        if shape is ValuesIterable:
            names = compiled.names
            return [dict(zip(names, row, strict=False)) for row in rows]
        start, end = compiled.model_span
        objs = []
        from_db, init_list = compiled.model.from_db, compiled.init_list
        for row in rows:
            obj = from_db(alias, init_list, row[start:end])
            for populator in compiled.populators:
                populator.populate(row, obj)
            for attr, position in compiled.annotations:
                setattr(obj, attr, row[position])
            objs.append(obj)
        if compiled.prefetches and objs:
            prefetch_related_objects(objs, *compiled.prefetches)
        return objs

    def _build(self, round_: int) -> QuerySet[Any, T]:
        return self.build(
            **{
                name: _marker(kind, round_, slot)
                for slot, (name, kind) in enumerate(self.kinds.items())
            }
        )

    def _compile(self, connection: Any, alias: str) -> _Compiled:
        # Built again for each connection (each thread has its own): compiling touches the
        # Query's alias counts, which two threads must not share.
        first, second = self._build(0), self._build(1)
        compiler = first.query.get_compiler(using=alias)
        try:
            sql, params = compiler.as_sql()
            sql_b, params_b = second.query.get_compiler(using=alias).as_sql()
        except (EmptyResultSet, FullResultSet):
            raise ValueError(f"{self!r}: the SQL changes with the values (none for some)") from None
        names = list(self.kinds)
        adapters = {name: _adapter(kind, connection) for name, kind in self.kinds.items()}
        markers = [
            {adapters[name](_marker(self.kinds[name], r, i)): name for i, name in enumerate(names)}
            for r in (0, 1)
        ]
        slots = []
        for position, (a, b) in enumerate(zip(params, params_b, strict=True)):
            name_a = _marker_name(markers[0], a)
            name_b = _marker_name(markers[1], b)
            if name_a is None and name_b is None and a == b:
                continue
            if name_a is None or name_a != name_b:
                raise ValueError(f"{self!r}: parameter {position} is not a plain value")
            slots.append((position, name_a))
        if sql != sql_b or len(params) != len(params_b):
            raise ValueError(f"{self!r}: the SQL changes with the values")
        missing = set(names) - {name for _p, name in slots}
        if missing:
            raise ValueError(f"{self!r}: {sorted(missing)} do not reach the SQL as given")
        bounds: dict[str, tuple[int, int]] = {}
        marker_ints = {
            _marker(int, 0, i): name for i, name in enumerate(names) if self.kinds[name] is int
        }
        for lookup in _lookups(first.query, set()):
            name = marker_ints.get(lookup.rhs) if type(lookup.rhs) is int else None
            if name is None:
                continue
            internal = lookup.lhs.output_field.get_internal_type()
            if internal in connection.ops.integer_field_ranges:
                low, high = connection.ops.integer_field_range(internal)
                old = bounds.get(name, (low, high))
                bounds[name] = (max(low, old[0]), min(high, old[1]))
        shape = first._iterable_class
        if shape not in (ModelIterable, ValuesIterable, ValuesListIterable, FlatValuesListIterable):
            raise ValueError(f"{self!r}: rows of {shape.__name__} are not supported")
        # The queryset's own private state (not in the stubs) says how the ORM reads the rows.
        known = first._known_related_objects  # type: ignore[attr-defined]
        if known or compiler.has_composite_fields(
            [column[0] for column in compiler.select[: compiler.col_count]]
        ):
            raise ValueError(f"{self!r}: the query's rows are not plain")
        query = first.query
        model_span: tuple[int, int] = (0, 0)
        init_list: tuple[str, ...] = ()
        populators: tuple[Any, ...] = ()
        annotations: tuple[tuple[str, int], ...] = ()
        if shape is ModelIterable:
            klass_info = compiler.klass_info
            fields = klass_info["select_fields"]
            model_span = (fields[0], fields[-1] + 1)
            init_list = tuple(
                column[0].target.attname for column in compiler.select[slice(*model_span)]
            )
            # Django 5.2's signature; the stubs describe 6.0's (fetch_mode added)
            populators = tuple(get_related_populators(klass_info, compiler.select, alias))  # type: ignore[call-arg]
            annotations = tuple((compiler.annotation_col_map or {}).items())
        keys = (
            tuple(query.selected)
            if query.selected
            else (*query.extra_select, *query.values_select, *query.annotation_select)
        )
        return _Compiled(
            query=query,
            compiler=compiler,
            sql=sql,
            params=tuple(params),
            slots=tuple(slots),
            adapters=adapters,
            bounds=bounds,
            for_update=bool(query.select_for_update),
            shape=shape,
            width=compiler.col_count if compiler.has_extra_select else None,
            converters=compiler.get_converters(
                [column[0] for column in compiler.select[: compiler.col_count]]
            ),
            names=keys,
            model=compiler.klass_info["model"] if shape is ModelIterable else None,
            model_span=model_span,
            init_list=init_list,
            populators=populators,
            annotations=annotations,
            prefetches=tuple(first._prefetch_related_lookups),  # type: ignore[attr-defined]
        )

    def _check(self, alias: str, values: dict[str, Any], sql: str, params: list[Any]) -> None:
        """The tests' check: the plain ORM writes the same statement for these values."""
        plain_sql, plain_params = self.plain(**values).query.get_compiler(using=alias).as_sql()
        if plain_sql != sql or not _same_params(plain_params, params):
            raise AssertionError(
                f"{self!r} differs from the ORM:\n{sql}\n{params}\n{plain_sql}\n{plain_params}"
            )

    def __repr__(self) -> str:
        code = getattr(self.build, "__code__", None)
        where = f"{code.co_filename}:{code.co_firstlineno}" if code else repr(self.build)
        return f"HotQuery({where})"


def _same_params(a: Any, b: Any) -> bool:
    """The tests' check: two parameter lists hold the same values (a JSON value is wrapped
    by the driver in an adapter object, compared by what it wraps)."""
    a, b = list(a), list(b)
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if isinstance(x, list) and isinstance(y, list):
            if not _same_params(x, y):
                return False
        elif hasattr(x, "obj") and type(x) is type(y):  # psycopg's Jsonb / Json
            if x.obj != y.obj:
                return False
        elif x != y:
            return False
    return True


def _marker_name(markers: dict[Any, str], value: Any) -> str | None:
    try:
        return markers.get(value)
    except TypeError:  # an unhashable parameter (a list): not a marker
        return None


# --------------------------------------------------------------------------- writes
# The rows a write inserts (the transaction and its lines, the audit event, the chain's
# links, a hand and its verdict…) and the few it updates (a seat's stack, the idempotency
# record's answer) cost Django more to build than to run as well: ``Model.save`` runs its
# machinery around the INSERT, and the compiler writes the statement anew each time. The
# statements below are the ones the ORM's own compilers write for these rows, built once
# per model, columns and number of rows; the values are prepared per row by each field,
# as the compiler does (``pre_save``, ``get_db_prep_save``). A model with save signals,
# a parent model, a value that is an expression or a field with its own placeholder goes
# through the ORM instead. ``MESA_HOT_QUERY_CHECK`` compares each statement with the
# compiler's.


@dataclass(frozen=True)
class _WriteSQL:
    sql: str
    tail: tuple[Any, ...]  # the parameters after the rows' (returning / the row's key)
    columns: bool  # the rows' values travel as one list per column (PostgreSQL's UNNEST)
    prep: tuple[tuple[Any, str, bool, type | None, Any], ...]  # per column: ``_prep``
    converters: dict[int, Any]
    compiler: Any


_WRITES: weakref.WeakKeyDictionary[Any, dict[Any, _WriteSQL]] = weakref.WeakKeyDictionary()

# A value of exactly this type is what the field's ``get_db_prep_save`` hands the driver
# unchanged (as is ``None``): it is not run through it (the tests' check compares).
_AS_IS: dict[type, type] = {
    models.CharField: str,
    models.TextField: str,
    models.BooleanField: bool,
    models.IntegerField: int,
    models.BigIntegerField: int,
    models.SmallIntegerField: int,
    models.PositiveIntegerField: int,
    models.PositiveSmallIntegerField: int,
    models.PositiveBigIntegerField: int,
}


def _prep(field: Any, connection: Any) -> tuple[Any, str, bool, type | None, Any]:
    """(field, attname, whether its ``pre_save`` only reads the attribute, the type whose
    values the driver gets as they are, and for decimal and date-time columns the type
    and adaptation ``get_db_prep_save`` comes down to for such a value)."""
    as_is = _AS_IS.get(type(field))
    if field.is_relation and isinstance(field.target_field, models.AutoField | models.BigAutoField):
        as_is = int
    adapt: Any = None
    if type(field) is models.DecimalField:
        adapt = (Decimal, _finite)
    elif type(field) is models.DateTimeField:
        adapt = (datetime, _aware(connection.ops.adapt_datetimefield_value))
    plain = type(field).pre_save is models.Field.pre_save
    return field, field.attname, plain, as_is, adapt


_NOT_PLAIN = object()


def _finite(value: Decimal) -> Any:
    return value if value.is_finite() else _NOT_PLAIN  # the ORM refuses the others


def _aware(adapt: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def prepare(value: datetime) -> Any:
        return adapt(value) if value.tzinfo is not None else _NOT_PLAIN  # naive: the ORM warns

    return prepare


def _values(write: _WriteSQL, obj: Model, connection: Any, add: bool) -> list[Any] | None:
    """The row's parameters as the compiler prepares them (``None``: not a plain row)."""
    row = []
    for field, attname, plain, as_is, adapt in write.prep:
        value = getattr(obj, attname) if plain else field.pre_save(obj, add=add)
        if (value is None and as_is is not None) or type(value) is as_is:
            row.append(value)
            continue
        if adapt is not None and type(value) is adapt[0]:
            prepared = adapt[1](value)
            if prepared is not _NOT_PLAIN:
                row.append(prepared)
                continue
        if hasattr(value, "resolve_expression"):
            return None
        row.append(field.get_db_prep_save(value, connection=connection))
    return row


def _plain_model(model: type[Model]) -> bool:
    return not (
        model._meta.parents
        or signals.pre_save.has_listeners(model)
        or signals.post_save.has_listeners(model)
    )


def hot_insert(objs: Sequence[Model]) -> None:
    """Insert new rows: ``obj.save(force_insert=True)`` for one, ``bulk_create`` for more.

    The rows get their ids (and the columns the database returns), as the ORM gives them.
    """
    if not objs:
        return
    model = type(objs[0])
    opts = model._meta
    if not _plain_model(model) or any(type(obj) is not model or obj.pk is not None for obj in objs):
        _orm_insert(objs)
        return
    alias = router.db_for_write(model, instance=objs[0])
    connection = connections[alias]
    many = len(objs) > 1
    if many and not connection.features.can_return_rows_from_bulk_insert:
        _orm_insert(objs)
        return
    cache = _WRITES.setdefault(connection, {})
    key = ("insert", model, len(objs))
    write = cache.get(key)
    returning = opts.db_returning_fields
    for obj in objs:
        operation = "bulk_create" if many else "save"
        obj._prepare_related_fields_for_save(operation_name=operation)  # type: ignore[attr-defined]
    if write is None:
        fields = [
            f for f in opts.local_concrete_fields if not f.generated and f is not opts.auto_field
        ]
        if any(hasattr(f, "get_placeholder") for f in fields):
            _orm_insert(objs)
            return
        write = cache[key] = _insert_sql(model, fields, objs, returning, alias)
    rows = []
    for obj in objs:
        row = _values(write, obj, connection, add=True)
        if row is None:
            _orm_insert(objs)
            return
        rows.append(row)
    if write.columns:
        params = (*map(list, zip(*rows, strict=True)), *write.tail)
    else:
        params = (*chain.from_iterable(rows), *write.tail)
    if checking():
        fields = [p[0] for p in write.prep]
        _check_insert(model, fields, objs, returning, alias, write.sql, params)
    with transaction.mark_for_rollback_on_error(using=alias):
        with _cursor(connection) as cursor:
            cursor.execute(write.sql, params)
            if not returning:
                returned: list[Any] = []
            elif many:
                # defined by the backends that return inserted rows, not by the base class of the stubs
                returned = connection.ops.fetch_returned_insert_rows(cursor)  # type: ignore[attr-defined]
            else:
                returned = [connection.ops.fetch_returned_insert_columns(cursor, write.tail)]  # type: ignore[attr-defined]
    if write.converters:
        returned = list(write.compiler.apply_converters(returned, write.converters))
    for obj, values in zip(objs, returned, strict=False):
        for value, field in zip(values, returning, strict=True):
            setattr(obj, field.attname, value)
    for obj in objs:
        obj._state.adding = False
        obj._state.db = alias


def _insert_sql(
    model: type[Model], fields: list[Any], objs: Sequence[Model], returning: Any, alias: str
) -> _WriteSQL:
    compiler = _insert_compiler(model, fields, objs, returning, alias)
    ((sql, _params),) = compiler.as_sql()
    rows = [
        [compiler.prepare_value(f, compiler.pre_save_val(f, obj)) for f in fields] for obj in objs
    ]
    _placeholders, param_rows = compiler.assemble_as_sql(fields, rows)
    cols = [field.get_col(model._meta.db_table) for field in returning or ()]
    return _WriteSQL(
        sql=sql,
        tail=tuple(compiler.returning_params),
        columns=len(objs) > 1 and len(param_rows) == 1,
        prep=tuple(_prep(f, connections[alias]) for f in fields),
        converters=compiler.get_converters(cols),
        compiler=compiler,
    )


def _insert_compiler(
    model: type[Model],
    fields: list[Any],
    objs: Sequence[Model],
    returning: Any,
    alias: str,
    *,
    raw: bool = False,
) -> Any:
    query = InsertQuery(model)
    query.insert_values(fields, list(objs), raw=raw)
    compiler = query.get_compiler(using=alias)
    compiler.returning_fields = returning or None
    return compiler


def _check_insert(
    model: type[Model],
    fields: list[Any],
    objs: Sequence[Model],
    returning: Any,
    alias: str,
    sql: str,
    params: tuple[Any, ...],
) -> None:
    # ``raw``: the values the call's ``pre_save`` set (an ``auto_now_add`` is not taken again).
    compiler = _insert_compiler(model, fields, objs, returning, alias, raw=True)
    ((orm_sql, orm_params),) = compiler.as_sql()
    if orm_sql != sql or not _same_params(orm_params, params):
        raise AssertionError(
            f"hot insert differs from the ORM:\n{sql}\n{params}\n{orm_sql}\n{orm_params}"
        )


def _orm_insert(objs: Sequence[Model]) -> None:
    if len(objs) == 1:
        objs[0].save(force_insert=True)
    else:
        type(objs[0])._base_manager.bulk_create(objs)


def hot_update(obj: Model, fields: Sequence[str]) -> None:
    """``obj.save(update_fields=fields)``: the row's columns written again."""
    model = type(obj)
    opts = model._meta
    if not _plain_model(model) or opts.select_on_save or obj.pk is None:
        obj.save(update_fields=fields)
        return
    alias = router.db_for_write(model, instance=obj)
    connection = connections[alias]
    cache = _WRITES.setdefault(connection, {})
    prep_key = ("update-prep", model, tuple(fields))
    prep = cache.get(prep_key)
    if prep is None:
        targets = [
            f
            for f in opts.local_concrete_fields
            if not f.primary_key and not f.generated and (f.name in fields or f.attname in fields)
        ]
        if any(hasattr(f, "get_placeholder") for f in targets):
            obj.save(update_fields=fields)
            return
        prep = cache[prep_key] = _WriteSQL(
            sql="",
            tail=(),
            columns=False,
            prep=tuple(_prep(f, connection) for f in targets),
            converters={},
            compiler=None,
        )
    values = _values(prep, obj, connection, add=False)
    if values is None:
        obj.save(update_fields=fields)
        return
    # The compiler writes ``= NULL`` for a None: one statement per pattern of them.
    key = ("update", model, tuple(fields), tuple(v is None for v in values))
    write = cache.get(key)
    if write is None:
        write = cache[key] = _update_sql(obj, [p[0] for p in prep.prep], alias)
    params = (*(v for v in values if v is not None), opts.pk.get_db_prep_value(obj.pk, connection))
    if checking():
        orm_sql, orm_params = _update_compiler(
            obj, [p[0] for p in write.prep], alias, raw=True
        ).as_sql()
        if orm_sql != write.sql or not _same_params(orm_params, params):
            raise AssertionError(
                f"hot update differs from the ORM:\n{write.sql}\n{params}\n{orm_sql}\n{orm_params}"
            )
    with transaction.mark_for_rollback_on_error(using=alias):
        with _cursor(connection) as cursor:
            cursor.execute(write.sql, params)
            updated = cursor.rowcount
    if not updated:
        raise DatabaseError("Save with update_fields did not affect any rows.")
    obj._state.db = alias


def _update_compiler(obj: Model, targets: list[Any], alias: str, *, raw: bool = False) -> Any:
    query = cast(
        UpdateQuery, type(obj)._base_manager.using(alias).filter(pk=obj.pk).query.chain(UpdateQuery)
    )
    query.add_update_fields(
        [(f, None, getattr(obj, f.attname) if raw else f.pre_save(obj, add=False)) for f in targets]
    )
    return query.get_compiler(using=alias)


def _update_sql(obj: Model, targets: list[Any], alias: str) -> _WriteSQL:
    compiler = _update_compiler(obj, targets, alias)
    sql, _params = compiler.as_sql()
    return _WriteSQL(
        sql=sql,
        tail=(),
        columns=False,
        prep=tuple(_prep(f, connections[alias]) for f in targets),
        converters={},
        compiler=compiler,
    )


# The shapes of grouped updates kept per connection (rows × columns × which are NULL).
_MANY_SHAPES = 512


def hot_update_many(objs: Sequence[Model], fields: Sequence[str]) -> None:
    """``bulk_update(objs, fields)`` in one statement: the rows' columns written again.

    The statement is the one ``QuerySet.bulk_update`` writes for one batch (an ``UPDATE
    … SET column = CASE WHEN id = … THEN … END … WHERE id IN (…)``), built once per
    model, columns, number of rows and NULL values, its parameters laid out as its
    compiler lays them (per column, per row: the key and the value, then the keys).
    One row, a model the plain path cannot take, a column whose ``pre_save`` is its own
    or a value that is an expression go through ``hot_update`` row by row, as before.
    """
    if not objs:
        return
    model = type(objs[0])
    opts = model._meta
    alias = router.db_for_write(model, instance=objs[0])
    connection = connections[alias]
    cache = _WRITES.setdefault(connection, {})
    prep_key = ("update-many-prep", model, tuple(fields))
    prep = cache.get(prep_key)
    if prep is None:
        # In the order given, as ``bulk_update`` sets them.
        targets = [opts.get_field(name) for name in fields]
        if any(hasattr(f, "get_placeholder") for f in targets):
            prep = None
        else:
            prep = cache[prep_key] = _WriteSQL(
                sql="",
                tail=(),
                columns=False,
                prep=tuple(_prep(f, connection) for f in targets),
                converters={},
                compiler=None,
            )
    pks = [obj.pk for obj in objs]
    if (
        prep is None
        or len(objs) == 1
        or not _plain_model(model)
        or opts.select_on_save
        or not all(p[2] or _reads_only(p[0]) for p in prep.prep)  # save()'s pre_save
        or any(type(obj) is not model or obj.pk is None for obj in objs)
        or len(set(pks)) != len(pks)
        or not connection.features.requires_casted_case_in_updates
    ):
        for obj in objs:
            hot_update(obj, fields)
        return
    rows = []
    for obj in objs:
        row = _values(prep, obj, connection, add=False)
        if row is None:
            for each in objs:
                hot_update(each, fields)
            return
        rows.append(row)
    targets = [p[0] for p in prep.prep]
    key = (
        "update-many",
        model,
        tuple(fields),
        tuple(tuple(v is None for v in row) for row in rows),
    )
    write = cache.get(key)
    if write is None:
        if sum(1 for k in cache if k[0] == "update-many") >= _MANY_SHAPES:
            for obj in objs:
                hot_update(obj, fields)
            return
        compiler = _update_many_compiler(model, objs, targets, alias)
        sql, _params = compiler.as_sql()
        write = cache[key] = _WriteSQL(
            sql=sql, tail=(), columns=False, prep=prep.prep, converters={}, compiler=None
        )
    keys = [opts.pk.get_db_prep_value(pk, connection) for pk in pks]
    params: list[Any] = []
    for column in range(len(targets)):
        for pk, row in zip(keys, rows, strict=True):
            params.append(pk)
            if row[column] is not None:
                params.append(row[column])
    params.extend(keys)
    if checking():
        orm_sql, orm_params = _update_many_compiler(model, objs, targets, alias).as_sql()
        if orm_sql != write.sql or not _same_params(orm_params, params):
            raise AssertionError(
                f"hot update of many differs from the ORM:\n{write.sql}\n{params}\n"
                f"{orm_sql}\n{orm_params}"
            )
    with transaction.mark_for_rollback_on_error(using=alias):
        with _cursor(connection) as cursor:
            cursor.execute(write.sql, params)
            updated = cursor.rowcount
    if updated != len(objs):
        raise DatabaseError("Save with update_fields did not affect any rows.")
    for obj in objs:
        obj._state.db = alias


def _reads_only(field: Any) -> bool:
    """Whether the field's ``pre_save`` on an update only reads the attribute (a date
    without ``auto_now``), as ``bulk_update`` does."""
    own = type(field).pre_save
    return own in (models.DateField.pre_save, models.DateTimeField.pre_save) and not field.auto_now


def _update_many_compiler(
    model: type[Model], objs: Sequence[Model], targets: list[Any], alias: str
) -> Any:
    """The compiler of ``QuerySet.bulk_update``'s statement for one batch (its own code)."""
    update_kwargs = {}
    for field in targets:
        whens = [
            models.When(
                pk=obj.pk, then=models.Value(getattr(obj, field.attname), output_field=field)
            )
            for obj in objs
        ]
        update_kwargs[field.attname] = Cast(
            models.Case(*whens, output_field=field), output_field=field
        )
    query: Any = (  # an UpdateQuery: the stubs type chain() as the base Query
        model._base_manager.using(alias)
        .filter(pk__in=[obj.pk for obj in objs])
        .query.chain(UpdateQuery)
    )
    query.add_update_values(update_kwargs)
    return query.get_compiler(using=alias)


def hot_statement(connection: Any, sql: str, params: Sequence[Any]) -> None:
    """Run one of the app's own statements that reads no row (an advisory lock) on the
    connection's kept cursor (``_cursor``)."""
    with _cursor(connection) as cursor:
        cursor.execute(sql, params)
