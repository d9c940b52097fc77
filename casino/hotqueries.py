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

import copy
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, Generic, TypeVar

from django.conf import settings
from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import connections
from django.db.models import QuerySet
from django.db.models.lookups import Lookup
from django.db.models.sql import Query
from django.db.models.sql.where import WhereNode
from django.db.transaction import TransactionManagementError

T = TypeVar("T")

#: The parameter kinds a hot query takes.
KINDS = (int, str, datetime, date)


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


class HotQuery(Generic[T]):
    """An ORM query built once and run with new values (see the module's docstring).

    ``build`` takes the parameters by name and returns the queryset; ``kinds`` names
    each parameter's type (``int``, ``str``, ``datetime``, ``date``). Only exact
    comparisons (``=``, ``<``, ``<=``…) may take a parameter: a lookup that rewrites its
    value (``__contains``, ``__in``) is refused when the query is first used.
    """

    def __init__(self, build: Callable[..., QuerySet[T]], /, **kinds: type) -> None:
        for name, kind in kinds.items():
            if kind not in KINDS:
                raise TypeError(f"parameter {name!r}: {kind!r} is not one of {KINDS}")
        self.build = build
        self.kinds = kinds
        self._template: QuerySet[T] | None = None
        self._compiled: weakref.WeakKeyDictionary[Any, _Compiled] = weakref.WeakKeyDictionary()

    # ------------------------------------------------------------------ public

    def all(self, **values: Any) -> list[T]:
        """Every row, as the ORM's ``list(queryset)`` gives them."""
        return list(self._queryset(values))

    def first(self, **values: Any) -> T | None:
        """The first row or ``None``: for a unique lookup (no ORDER BY is added, unlike
        ``QuerySet.first()``), or a query that orders and slices itself."""
        rows = self.all(**values)
        return rows[0] if rows else None

    def plain(self, **values: Any) -> QuerySet[T]:
        """The ORM's own queryset for these values (what a hot call must equal)."""
        return self.build(**values)

    # ------------------------------------------------------------------ inside

    def _queryset(self, values: dict[str, Any]) -> QuerySet[T]:
        if values.keys() != self.kinds.keys():
            raise TypeError(f"a hot query takes {sorted(self.kinds)}, not {sorted(values)}")
        if self._template is None:  # the model, the database it reads, the rows' kind
            self._template = self._build(0)
        template = self._template
        alias = template.db
        connection = connections[alias]
        compiled = self._compiled.get(connection)
        if compiled is None:
            compiled = self._compile(connection, alias)
            self._compiled[connection] = compiled
        for name, kind in self.kinds.items():
            if not _bindable(kind, values[name], compiled.bounds.get(name)):
                return self.plain(**values)
        if compiled.for_update and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = list(compiled.params)
        for position, name in compiled.slots:
            params[position] = compiled.adapters[name](values[name])
        sql = compiled.sql
        if getattr(settings, "MESA_HOT_QUERY_CHECK", False):
            self._check(alias, values, sql, params)
        compiler = copy.copy(compiled.compiler)
        compiler.as_sql = lambda *_args, **_kwargs: (sql, params)
        queryset = QuerySet(model=template.model, query=_BoundQuery(compiled.query, compiler))
        queryset._db = alias
        queryset._for_write = template._for_write
        queryset._iterable_class = template._iterable_class
        queryset._fields = template._fields
        queryset._prefetch_related_lookups = template._prefetch_related_lookups
        return queryset

    def _build(self, round_: int) -> QuerySet[T]:
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
        bounds = {}
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
        return _Compiled(
            query=first.query,
            compiler=compiler,
            sql=sql,
            params=tuple(params),
            slots=tuple(slots),
            adapters=adapters,
            bounds=bounds,
            for_update=bool(first.query.select_for_update),
        )

    def _check(self, alias: str, values: dict[str, Any], sql: str, params: list[Any]) -> None:
        """The tests' check: the plain ORM writes the same statement for these values."""
        plain_sql, plain_params = self.plain(**values).query.get_compiler(using=alias).as_sql()
        if plain_sql != sql or list(plain_params) != params:
            raise AssertionError(
                f"{self!r} differs from the ORM:\n{sql}\n{params}\n{plain_sql}\n{plain_params}"
            )

    def __repr__(self) -> str:
        code = getattr(self.build, "__code__", None)
        where = f"{code.co_filename}:{code.co_firstlineno}" if code else repr(self.build)
        return f"HotQuery({where})"


def _marker_name(markers: dict[Any, str], value: Any) -> str | None:
    try:
        return markers.get(value)
    except TypeError:  # an unhashable parameter (a list): not a marker
        return None


class _BoundQuery:
    """The compiled query with this call's values: the ORM's iterables ask it for its
    compiler (already set up, with the SQL and parameters of this call) and read the
    rest (the columns of ``values()``, the model) from the ORM's own ``Query``."""

    __slots__ = ("_compiler", "_query")

    def __init__(self, query: Any, compiler: Any) -> None:
        self._query = query
        self._compiler = compiler

    def get_compiler(self, using: Any = None, connection: Any = None, elide_empty: bool = True):
        return self._compiler

    def __getattr__(self, name: str) -> Any:
        return getattr(self._query, name)
