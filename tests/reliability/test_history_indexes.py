"""Every query of a hot path is served by an index, whatever the history (issue 18 §2).

A room keeps years of hands, transactions, audit events and slips. A query that
reads one of those tables by a sequential scan gets slower every day. This test
loads a few days of history (``simulate_history``), plays the hot paths on a
fresh table (a hand and a buy-in through the API, the table screen, the signing
queue, the sector overview), captures their SQL and runs ``EXPLAIN`` on each query
with ``enable_seqscan = off``: on a small database the planner would prefer a scan
anyway, so the setting makes it use an index wherever one applies, and a
``Seq Scan`` still in the plan means no index can serve the query.
"""

from __future__ import annotations

import re
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from casino.access import ROLE_SESSION_KEY
from casino.models import Casino, ChipSet, Denomination, GamingDay, Sector
from casino.roles import Role
from tables.models import DeckStore, FloatPar
from tests.conftest import make_staff
from tests.tables.conftest import CHIPS, make_table, open_table, ready_decks

pytestmark = pytest.mark.django_db

# The tables that grow with every hand and every day.
LARGE = {
    "hands_hand",
    "hands_handseat",
    "hands_handverdict",
    "cage_tabletransaction",
    "cage_chipline",
    "cage_cashline",
    "cage_rakeentry",
    "cage_slip",
    "cage_slipline",
    "casino_auditevent",
    "casino_chainlink",
    "casino_signature",
    "tables_sessionevent",
    "tables_tablesession",
}
SEQ_SCAN = re.compile(r"Seq Scan on (\w+)")


def _world():  # type: ignore[no-untyped-def]
    casino = Casino.objects.create(code="idx", name="Índices")
    staff = {r.value: make_staff(casino, f"idx-{r.value}", r, pin="1234") for r in Role}
    GamingDay.objects.create(
        casino=casino, business_date=timezone.localdate(), opened_by=staff["shift_manager"]
    )
    chip_set = ChipSet.objects.create(casino=casino, name="Fichas")
    for value, colour, _par in CHIPS:
        Denomination.objects.create(chip_set=chip_set, value=Decimal(value), colour=colour)
    sector = Sector.objects.create(casino=casino, code="P1", name="Sector 1")
    sector.pit_bosses.add(staff["pit_boss"])
    table = make_table(
        casino,
        chip_set,
        number=1,
        sector=sector,
        small_blind=Decimal("5"),
        big_blind=Decimal("10"),
        min_buyin=Decimal("100"),
        max_buyin=Decimal("100000"),
    )
    # Chips of 1000 in the float for the stacks (the float pays only the chips it holds).
    thousand = Denomination.objects.create(chip_set=chip_set, value=Decimal("1000"), colour="oro")
    FloatPar.objects.create(table=table, denomination=thousand, count=500)
    store = DeckStore.objects.create(casino=casino, code="SEG", name="Seguridad")
    session = open_table(staff, table)
    ready_decks(staff, session, store, serials=("RIDX", "AIDX"))
    session.refresh_from_db()
    return staff, session


def _page_client(user, role: str) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    s = client.session
    s[ROLE_SESSION_KEY] = role
    s.save()
    return client


def _hot_path_queries() -> list[tuple[str, str]]:
    from hands import adapter, selectors

    staff, session = _world()
    api = APIClient()
    api.force_authenticate(user=staff["supervisor"])
    api.credentials(HTTP_X_MESA_ROLE="supervisor")
    rules = adapter.rules_for(
        session.settings,
        chip_unit=selectors.chip_unit_cents(session.table),
        structure="no_limit",
        at=None,
    )
    records = adapter.simulate_records(
        rules,
        count=3,
        seats=[1, 2, 4],
        stack=Decimal("5000"),
        small=session.settings.small_blind,
        big=session.settings.big_blind,
        seed=3,
    )
    captured: list[tuple[str, str]] = []

    def capture(path: str, call) -> None:  # type: ignore[no-untyped-def]
        with CaptureQueriesContext(connection) as ctx:
            response = call()
        assert response.status_code in (200, 201), (path, response.content[:300])
        captured.extend((path, q["sql"]) for q in ctx.captured_queries)

    for seat in (1, 2, 4):  # the first hand's players buy in at the cage
        body = {
            "seat": seat,
            "amount": "5000",
            "croupier": staff["croupier"].username,
            "cash": [{"value": "100", "count": 50}],
            "chips": [{"value": "1000", "count": 5}],
        }
        url = f"/api/cage/sessions/{session.pk}/buyins/"
        capture("buy-in", lambda u=url, b=body: api.post(u, b, format="json"))
    for i, record in enumerate(records, start=1):
        body = {"session": session.pk, "number": i, **record}
        capture("hand", lambda b=body: api.post("/api/hands/", b, format="json"))
    sup = _page_client(staff["supervisor"], "supervisor")
    boss = _page_client(staff["pit_boss"], "pit_boss")
    capture("table screen", lambda: sup.get(f"/floor/tables/{session.table_id}/"))
    capture("signing queue", lambda: boss.get("/floor/queue/"))
    capture("sector overview", lambda: boss.get("/floor/tables/"))
    return captured


def _plannable(sql: str) -> bool:
    head = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
    return head in ("SELECT", "UPDATE", "DELETE", "WITH")


def test_hot_paths_read_the_history_through_indexes() -> None:
    call_command("simulate_history", tables=2, days=3, hands_per_table=4, seed=9, stdout=StringIO())
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    queries = _hot_path_queries()
    scans: dict[tuple[str, str], str] = {}
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        explained = 0
        for path, sql in queries:
            if not _plannable(sql):
                continue
            explained += 1
            cursor.execute("EXPLAIN " + sql)
            plan = "\n".join(row[0] for row in cursor.fetchall())
            for table in SEQ_SCAN.findall(plan):
                if table in LARGE:
                    scans.setdefault((path, table), sql[:300])
        cursor.execute("SET LOCAL enable_seqscan = on")
    assert explained > 100  # every path was played and its reads captured
    assert scans == {}, "\n".join(f"{p} / {t}: {q}" for (p, t), q in scans.items())
