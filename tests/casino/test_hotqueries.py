"""A hot query is the ORM's query, built once (issue 43, ``casino.hotqueries``).

Each case runs a query through :class:`HotQuery` and through the plain ORM with the same
values and compares the statement sent (SQL and parameters), the rows and the instances
(their fields, ``select_related`` objects, annotations and prefetched rows).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.db import DataError, connection, models, transaction
from django.db.models import OuterRef, Subquery, Sum
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from cage.models import Denomination
from casino.hotqueries import HotQuery
from casino.models import ApiToken, ChipSet
from tables.models import DealerChange, TableSession
from tests.cage.conftest import CHIPS, make_session, make_table

pytestmark = pytest.mark.django_db


def _state(obj: Any, depth: int = 0) -> Any:
    """What an instance holds: its class, fields, annotations, related objects and
    prefetched rows, recursively (``_state`` itself is compared by its db and adding)."""
    if not isinstance(obj, models.Model):
        return obj
    out: dict[str, Any] = {"class": type(obj), "db": obj._state.db, "adding": obj._state.adding}
    for key, value in obj.__dict__.items():
        if key in ("_state", "_prefetched_objects_cache"):
            continue
        out[key] = value
    if depth < 4:
        out["related"] = {
            name: _state(value, depth + 1) for name, value in obj._state.fields_cache.items()
        }
        out["prefetched"] = {
            name: [_state(row, depth + 1) for row in rows]
            for name, rows in getattr(obj, "_prefetched_objects_cache", {}).items()
        }
    return out


def _statements(run: Any) -> tuple[list[tuple[str, Any]], Any]:
    with CaptureQueriesContext(connection) as q:
        result = run()
    return [x["sql"] for x in q.captured_queries], result


def assert_same(hot: HotQuery, **values: Any) -> list[Any]:
    """The hot call and the plain ORM send the same statements and give the same rows."""
    hot_sql, hot_rows = _statements(lambda: hot.all(**values))
    plain_sql, plain_rows = _statements(lambda: list(hot.plain(**values)))
    assert hot_sql == plain_sql
    assert [_state(r) for r in hot_rows] == [_state(r) for r in plain_rows]
    return hot_rows


@pytest.fixture
def floor(casino, gaming_day, sector, staff):  # type: ignore[no-untyped-def]
    chip_set = ChipSet.objects.create(casino=casino, name="Fichas")
    for value, colour, _par in CHIPS:
        Denomination.objects.create(chip_set=chip_set, value=Decimal(value), colour=colour)
    tables = [make_table(casino, chip_set, sector, number=n) for n in (1, 2)]
    sessions = [make_session(t, gaming_day, staff["supervisor"]) for t in tables]
    return {"chip_set": chip_set, "tables": tables, "sessions": sessions}


SESSION = HotQuery(
    lambda pk, casino_id: TableSession.objects.select_related(
        "table__sector", "settings", "gaming_day", "supervisor"
    ).filter(pk=pk, casino_id=casino_id),
    pk=int,
    casino_id=int,
)


def test_select_related_rows_are_the_orms(floor, casino) -> None:
    for session in floor["sessions"]:
        (row,) = assert_same(SESSION, pk=session.pk, casino_id=casino.pk)
        assert row.pk == session.pk
        assert row.table.sector.code == "P1"  # the related objects came with the row
    assert assert_same(SESSION, pk=floor["sessions"][0].pk, casino_id=casino.pk + 99) == []


def test_a_locking_read_with_subqueries_is_the_orms(floor, casino, staff) -> None:
    latest = DealerChange.objects.filter(session_id=OuterRef("pk")).order_by("-at", "-id")
    locked = HotQuery(
        lambda pk: (
            TableSession.objects.select_for_update(of=("self",))
            .select_related("table", "settings")
            .annotate(dealer_in=Subquery(latest.values("incoming_id")[:1]))
            .filter(pk=pk)
        ),
        pk=int,
    )
    session = floor["sessions"][0]
    with transaction.atomic():
        (row,) = assert_same(locked, pk=session.pk)
        assert row.dealer_in == staff["croupier"].pk


def test_a_locking_read_outside_a_transaction_is_refused_as_the_orm_does(
    floor, monkeypatch
) -> None:
    locked = HotQuery(lambda pk: TableSession.objects.select_for_update().filter(pk=pk), pk=int)
    session = floor["sessions"][0]
    with transaction.atomic():
        locked.all(pk=session.pk)  # compiled inside the test's transaction
    monkeypatch.setattr(connection, "get_autocommit", lambda: True)  # as outside one
    with pytest.raises(transaction.TransactionManagementError):
        locked.all(pk=session.pk)
    with pytest.raises(transaction.TransactionManagementError):
        list(locked.plain(pk=session.pk))


def test_values_and_aggregates_are_the_orms(floor, casino) -> None:
    values = HotQuery(
        lambda chip_set: (
            Denomination.objects.filter(chip_set_id=chip_set, is_active=True)
            .order_by("-value")
            .values_list("value", flat=True)
        ),
        chip_set=int,
    )
    rows = assert_same(values, chip_set=floor["chip_set"].pk)
    assert rows == sorted((Decimal(v) for v, _c, _p in CHIPS), reverse=True)
    grouped = HotQuery(
        lambda chip_set: (
            Denomination.objects.filter(chip_set_id=chip_set)
            .values("kind")
            .annotate(total=Sum("value"))
            .order_by("kind")
        ),
        chip_set=int,
    )
    (row,) = assert_same(grouped, chip_set=floor["chip_set"].pk)
    assert row["total"] == sum(Decimal(v) for v, _c, _p in CHIPS)


def test_text_and_time_parameters_are_the_orms(floor, staff) -> None:
    from casino.api.authentication import token_issue

    token, key = token_issue(user=staff["supervisor"])
    live = HotQuery(
        lambda digest, now: (
            ApiToken.objects.select_related("user__casino")
            .filter(key_digest=digest, expires_at__gt=now)
            .order_by()
        ),
        digest=str,
        now=datetime,
    )
    now = timezone.now()
    (row,) = assert_same(live, digest=ApiToken.digest(key), now=now)
    assert row.user.casino.code == "test"
    assert assert_same(live, digest=ApiToken.digest(key), now=now + timedelta(days=9)) == []
    assert assert_same(live, digest="nope", now=now) == []


def test_prefetches_of_the_query_run_as_the_orms(floor) -> None:
    with_denominations = HotQuery(
        lambda pk: ChipSet.objects.filter(pk=pk).prefetch_related("denominations"), pk=int
    )
    (row,) = assert_same(with_denominations, pk=floor["chip_set"].pk)
    assert len(row.denominations.all()) == len(CHIPS)


def test_a_value_the_orm_would_not_send_as_it_is_runs_through_the_orm(floor, casino) -> None:
    """A number beyond its column's range: the ORM answers with no rows and sends nothing
    (a 404 for a URL's id), where the database would refuse the statement (a 500)."""
    huge = 10**20
    assert SESSION.all(pk=huge, casino_id=casino.pk) == []
    assert SESSION.first(pk=2**40, casino_id=casino.pk) is None
    with pytest.raises(DataError), transaction.atomic():  # what the slot alone would do
        with connection.cursor() as cursor:
            cursor.execute("SELECT %s::bigint", [huge])
    naive = HotQuery(
        lambda now: TableSession.objects.filter(opened_at__lt=now).values_list("pk", flat=True),
        now=datetime,
    )
    with pytest.warns(RuntimeWarning):  # the ORM's own warning: it took the naive value
        assert len(naive.all(now=datetime.now() + timedelta(days=1))) == 2


def test_a_query_whose_shape_depends_on_its_values_is_refused(floor) -> None:
    shaped = HotQuery(
        lambda pk: (
            TableSession.objects.filter(pk=pk) if pk < 30500 else TableSession.objects.none()
        ),
        pk=int,
    )
    with pytest.raises(ValueError, match="changes with the values"):
        shaped.all(pk=1)
    rewritten = HotQuery(
        lambda name: TableSession.objects.filter(table__name__contains=name), name=str
    )
    with pytest.raises(ValueError, match="not a plain value"):
        rewritten.all(name="Mesa")


def test_the_tests_check_catches_a_statement_that_is_not_the_orms(floor, settings) -> None:
    """``MESA_HOT_QUERY_CHECK`` (on in the tests): a call compares its statement with the
    plain ORM's, so a hot query that drifted from the ORM fails wherever it runs."""
    settings.MESA_HOT_QUERY_CHECK = True
    built = []

    def build(pk: int):  # type: ignore[no-untyped-def]
        built.append(pk)
        qs = TableSession.objects.filter(pk=pk)
        return qs if len(built) <= 3 else qs.filter(number=1)  # the plain one has grown

    drifting = HotQuery(build, pk=int)
    with pytest.raises(AssertionError, match="differs from the ORM"):
        drifting.all(pk=floor["sessions"][0].pk)


# --------------------------------------------------------------------------- writes


def _row(obj: Any) -> dict[str, Any]:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


def test_a_hot_insert_writes_and_fills_the_rows_as_save_and_bulk_create_do(casino, staff):
    from casino.hotqueries import hot_insert
    from casino.models import AuditEvent, Casino

    def events(tag: str) -> list[AuditEvent]:
        return [
            AuditEvent(
                casino=casino,
                actor=staff["supervisor"],
                role="supervisor",
                action=tag,
                object_type="test",
                object_id=str(n),
                after={"n": n, "amount": "1.50", "names": ["Ana", "Ñoño"]},
            )
            for n in range(3)
        ]

    for count in (1, 3):
        hot, orm = events(f"hot{count}")[:count], events(f"orm{count}")[:count]
        with CaptureQueriesContext(connection) as q_hot:
            hot_insert(hot)
        with CaptureQueriesContext(connection) as q_orm:
            if count == 1:
                orm[0].save(force_insert=True)
            else:
                AuditEvent.objects.bulk_create(orm)
        # One statement each; that it is the compiler's own, with the same parameters, the
        # tests' check (MESA_HOT_QUERY_CHECK) asserts inside hot_insert itself.
        assert len(q_hot.captured_queries) == len(q_orm.captured_queries) == 1
        for a, b in zip(hot, orm, strict=True):
            assert a.pk is not None and not a._state.adding and a._state.db == "default"
            stored = _row(AuditEvent.objects.get(pk=a.pk))
            assert stored == _row(a)
            assert {**stored, "id": 0, "action": "", "at": 0} == {
                **_row(b),
                "id": 0,
                "action": "",
                "at": 0,
            }
    # A field whose pre_save computes the value (auto_now_add) gets it as save() gives it.
    other = Casino(code="hot", name="Otro")
    hot_insert([other])
    assert other.created_at is not None
    assert Casino.objects.get(pk=other.pk).created_at == other.created_at


def test_a_model_with_save_signals_is_saved_by_the_orm(casino, staff):
    from django.db.models.signals import pre_save

    from casino.hotqueries import hot_insert
    from casino.models import AuditEvent

    seen = []

    def note(sender, instance, **_kw):  # type: ignore[no-untyped-def]
        seen.append(instance)

    pre_save.connect(note, sender=AuditEvent)
    try:
        event = AuditEvent(casino=casino, action="x", object_type="t")
        hot_insert([event])
    finally:
        pre_save.disconnect(note, sender=AuditEvent)
    assert seen == [event] and event.pk is not None


def test_a_hot_update_writes_the_fields_as_save_with_update_fields(staff):
    from django.db import DatabaseError

    from casino.hotqueries import hot_update
    from casino.models import IdempotencyRecord

    record = IdempotencyRecord.objects.create(
        user=staff["supervisor"], key="k", request_hash="h", path="/p"
    )
    record.status_code, record.response = 201, {"id": 7, "amount": "2.00"}
    with CaptureQueriesContext(connection) as q:
        hot_update(record, ["status_code", "response"])
    (sql,) = [x["sql"] for x in q.captured_queries]
    assert sql.startswith('UPDATE "casino_idempotencyrecord" SET "status_code" = 201')
    stored = IdempotencyRecord.objects.get(pk=record.pk)
    assert (stored.status_code, stored.response) == (201, {"id": 7, "amount": "2.00"})
    gone = IdempotencyRecord(pk=record.pk + 1000, user=staff["supervisor"], key="x")
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        hot_update(gone, ["status_code"])


def test_the_tests_check_catches_a_write_that_is_not_the_orms(casino, monkeypatch):
    """A hot write's statement is compared with the compiler's in every test."""
    import casino.hotqueries as hq
    from casino.models import AuditEvent

    real = hq._values

    def drifted(write, obj, connection, add):  # type: ignore[no-untyped-def]
        row = real(write, obj, connection, add)
        return None if row is None else [*row[:-1], "drifted"]

    monkeypatch.setattr(hq, "_values", drifted)
    with pytest.raises(AssertionError, match="hot insert differs from the ORM"):
        hq.hot_insert([AuditEvent(casino=casino, action="y", object_type="t")])


def test_a_grouped_hot_update_is_bulk_updates_statement_and_rows(floor) -> None:
    """``hot_update_many`` sends the statement ``bulk_update`` sends for the same rows and
    columns (NULLs included), leaves the same rows, and refuses a row that is gone."""
    from django.db import DatabaseError

    from casino.hotqueries import hot_update_many
    from tables.models import Seat

    session = floor["sessions"][0]
    now = timezone.now()
    seats = [
        Seat.objects.create(casino_id=session.casino_id, session=session, seat=n, since=now)
        for n in (1, 2, 3)
    ]
    fields = ["stack", "last_hand_number", "last_hand_ended_at", "hands_played", "name"]

    def change(rows: list[Seat], k: int) -> None:
        for i, row in enumerate(rows):
            row.stack = Decimal("100.50") * (i + k)
            row.last_hand_number = None if i == 1 else k
            row.last_hand_ended_at = now + timedelta(seconds=k)
            row.hands_played = k + i
            row.name = f"Jugador {i} ‘ñ’"

    change(seats, 2)
    with CaptureQueriesContext(connection) as hot:
        hot_update_many(seats, fields)
    hot_rows = list(Seat.objects.filter(session=session).order_by("seat").values())
    change(seats, 2)
    with CaptureQueriesContext(connection) as orm:
        Seat.objects.bulk_update(seats, fields)
    assert [x["sql"] for x in hot.captured_queries] == [x["sql"] for x in orm.captured_queries]
    assert list(Seat.objects.filter(session=session).order_by("seat").values()) == hot_rows
    assert hot_rows[1]["last_hand_number"] is None and hot_rows[2]["stack"] == Decimal("402.00")
    change(seats, 5)  # the same shape again: the statement kept, new values
    hot_update_many(seats, fields)
    assert [s.hands_played for s in Seat.objects.filter(session=session).order_by("seat")] == [
        5,
        6,
        7,
    ]
    gone = Seat(pk=seats[-1].pk + 1000, casino_id=session.casino_id, session=session, seat=9)
    gone.stack, gone.since = Decimal("1.00"), now
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        with transaction.atomic():
            hot_update_many([seats[0], gone], ["stack"])


def test_a_transaction_memo_lives_as_long_as_its_transaction(transactional_db) -> None:
    from casino.hotqueries import transaction_memo

    transaction_memo("t")["k"] = 1  # outside a transaction: nothing kept
    assert transaction_memo("t") == {}
    with transaction.atomic():
        transaction_memo("t")["k"] = 1
        with transaction.atomic():
            assert transaction_memo("t") == {"k": 1}
        try:
            with transaction.atomic():
                transaction_memo("t")["k"] = 2
                raise ValueError
        except ValueError:
            pass
        assert transaction_memo("t") == {}  # the savepoint that filled it rolled back
        transaction_memo("t")["k"] = 3
    with transaction.atomic():
        assert transaction_memo("t") == {}  # the next transaction starts empty
