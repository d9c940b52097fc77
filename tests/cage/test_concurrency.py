"""Concurrency with real transactions on PostgreSQL and real threads (issue 6 "Concurrency")."""

from __future__ import annotations

import threading
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.db import connection

from cage import selectors, services
from cage.models import CashAlert, Slip, TableTransaction
from casino.access import acting_as
from casino.errors import DomainError
from casino.models import Signature
from casino.roles import Role
from tests.cage.conftest import PAR, make_session, make_table
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db(transaction=True)
D = Decimal


def run_at_once(jobs: list[Callable[[], object]]) -> list[object]:
    """Run the jobs in threads released together; each returns its result or its error code."""
    barrier = threading.Barrier(len(jobs))
    results: list[object] = [None] * len(jobs)

    def run(i: int, job: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=30)
            results[i] = job()
        except DomainError as exc:
            results[i] = exc.code
        except Exception as exc:  # noqa: BLE001 - reported by the assertion
            results[i] = repr(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return results


def test_fifty_buyins_at_once_land_exactly_once(
    staff, casino, chip_set, sector, gaming_day, counts
):  # issue 6 concurrency
    # Only the session's supervisor records at the table (issue 12 §1): the fifty requests
    # come at once from that supervisor's terminals. Five re-buys at each seat race each
    # other, so none can say the stack it finds (issue 39 §2: a declared stack must be the
    # seat's): a table without a maximum, where a re-buy need not declare it.
    supervisors = [staff["supervisor"]]
    opened = make_session(
        make_table(casino, chip_set, sector, number=2, max_buyin=None),
        gaming_day,
        staff["supervisor"],
    )
    counts.set_opening(opened, PAR)

    def job(i: int) -> Callable[[], object]:
        actor = acting_as(supervisors[i % len(supervisors)], Role.SUPERVISOR)
        return lambda: (
            services.buyin_record(
                actor=actor,
                session=opened,
                seat=1 + i % 10,
                amount="100",
                croupier=staff["croupier"],
                cash=[{"value": "100", "count": 1}],
                chips=[("100", 1)],
                player_name=f"Jugador {i}",
            ).transaction.pk
        )

    results = run_at_once([job(i) for i in range(50)])
    assert all(isinstance(r, int) for r in results), results
    assert len(set(results)) == 50
    assert TableTransaction.objects.filter(session=opened).count() == 50
    approvers = set(TableTransaction.objects.values_list("approved_by", flat=True))
    assert len(approvers) == len(supervisors)
    hundred = selectors.table_denominations(opened.table)[D("100")]
    expected = selectors.expected_float(opened)
    assert expected[hundred.pk] == PAR["100"] - 50  # the float's expected inventory is exact
    first_buyins = TableTransaction.objects.filter(session=opened, is_rebuy=False).count()
    assert first_buyins == 10  # one seating per seat, the rest are re-buys: no lost update


def test_two_approvals_of_one_fill_race_to_a_single_success(opened, staff):  # issue 6 concurrency
    slip = services.slip_request(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        session=opened,
        kind="fill",
        lines=[("100", 20)],
    )
    cashiers = [acting_as(staff[u], Role.CAGE_CASHIER) for u in ("cage_cashier", "cage_cashier2")]
    results = run_at_once(
        [
            (lambda a=a: services.slip_sign(actor=a, slip=slip, role=Role.CAGE_CASHIER).locked)
            for a in cashiers
        ]
    )
    assert sorted(map(str, results)) == ["False", "ROLE_ALREADY_SIGNED"]
    assert Signature.objects.filter(object_id=slip.pk, role="cage_cashier").count() == 1


def test_concurrent_slip_requests_get_consecutive_numbers(opened, staff, casino, sector):  # GEN-10
    # Two pit bosses of the table's sector (issue 12 §1: only they request its slips).
    second = make_staff(casino, "pit_boss_p1", Role.PIT_BOSS)
    sector.pit_bosses.add(second)
    pits = [acting_as(u, Role.PIT_BOSS) for u in (staff["pit_boss"], second)] * 5
    results = run_at_once(
        [
            (
                lambda a=a: (
                    services.slip_request(
                        actor=a, session=opened, kind="fill", lines=[("25", 20)]
                    ).number
                )
            )
            for a in pits
        ]
    )
    assert sorted(results) == list(range(1, 11))
    assert Slip.objects.count() == 10


def test_cash_threshold_crossed_at_two_tables_at_once_alerts_once(  # issue 6 item 10
    opened, staff, casino, chip_set, sector, gaming_day, counts, player
):
    other = make_session(
        make_table(casino, chip_set, sector, number=2), gaming_day, staff["supervisor2"]
    )
    jobs = []
    for session, who in ((opened, "supervisor"), (other, "supervisor2")):
        actor = acting_as(staff[who], Role.SUPERVISOR)
        jobs.append(
            lambda s=session, a=actor: (
                services.buyin_record(
                    actor=a,
                    session=s,
                    seat=1,
                    amount="1000",
                    croupier=staff["croupier"],
                    player=player,
                    cash=[{"value": "1000", "count": 1}],
                    chips=[("1000", 1)],
                ).alerts
            )
        )
    # 2,000 already today: either buy-in crosses 3,000, and only one alert is raised.
    services.buyin_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=opened,
        seat=5,
        amount="1000",
        croupier=staff["croupier"],
        player=player,
        cash=[{"value": "1000", "count": 1}],
        chips=[("1000", 1)],
    )
    services.player_departure_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR), session=opened, seat=5, stack="0"
    )
    services.buyin_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=opened,
        seat=5,
        amount="1000",
        croupier=staff["croupier"],
        player=player,
        cash=[{"value": "1000", "count": 1}],
        chips=[("1000", 1)],
    )
    services.player_departure_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR), session=opened, seat=5, stack="0"
    )
    results = run_at_once(jobs)
    assert sorted(len(r) for r in results) == [0, 1], results
    assert CashAlert.objects.filter(player=player).count() == 1
    assert CashAlert.objects.get(player=player).total in (D("3000"), D("4000"))
