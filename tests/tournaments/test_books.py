"""The tournament's ledger reconciles to the cage (issue 42 §2): sealed, chained, settled
and signed; the day does not reconcile while a tournament of it does not; two cashiers
registering the same player at once land exactly once."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connection

from cage.reconciliation import reconcile_day
from casino import sealing
from casino.access import acting_as
from casino.errors import DomainError
from casino.models import ChainLink
from casino.roles import Role
from tournaments import selectors, services
from tournaments.models import Entry, LedgerEntry

from .conftest import new_tournament
from .test_rules import running


def kinds(day) -> set[str]:  # type: ignore[no-untyped-def]
    return {f.kind for f in reconcile_day(day).findings if f.kind.startswith("TOURNAMENT")}


@pytest.mark.django_db
def test_the_ledger_is_sealed_chained_and_settled_with_the_cage(world):
    t = new_tournament(world, "Chico", guarantee="3000.00")
    entries = running(world, t, 2, (1,))
    services.clock_record(actor=world.sup, tournament=t, kind="go_to_level", level=5)
    rows = list(LedgerEntry.objects.filter(tournament=t))
    assert all(r.seal_verdict() == sealing.OK for r in rows)
    linked = set(
        ChainLink.objects.filter(record_type="tournaments.ledgerentry").values_list(
            "record_id", flat=True
        )
    )
    assert {str(r.pk) for r in rows} <= linked  # in the day's evidence chain
    table = services.payouts_propose(actor=world.pit, tournament=t)
    assert table.overlay == Decimal("1000.00")  # 2,000 collected, 3,000 guaranteed
    services.payouts_approve(actor=world.mgr, table=table)
    services.elimination_record(actor=world.sup, tournament=t, entry=entries[0])
    assert kinds(world.day) == {"TOURNAMENT_NOT_SETTLED", "TOURNAMENT_PRIZES_UNPAID"}
    # A tournament table has no float, drop or rake: the cage's sessions of the day are
    # the cash tables (its money is the tournament's ledger, settled below).
    assert [s.session for s in reconcile_day(world.day).sessions] == []
    # One place paid (15 % of two entries, rounded up): the winner takes the guarantee.
    services.prize_pay(actor=world.cash, tournament=t, entry=entries[1], player_signed_name="X")
    totals = selectors.ledger_totals(t)
    # In: 2 × 1,100 from the players and the house's 1,000; out: the 3,000 pool.
    assert (totals.cash_in, totals.cash_out, totals.cash_held) == (
        Decimal("3200.00"),
        Decimal("3000.00"),
        Decimal("200.00"),
    )
    settled = services.settlement_record(actor=world.cash, tournament=t, counted=Decimal("150"))
    assert settled.difference == Decimal("-50.00")
    services.settlement_sign(actor=world.mgr, settlement=settled)
    assert kinds(world.day) == {"TOURNAMENT_CASH_VARIANCE"}
    # A ledger row changed behind the application's back is found.
    from tests.pg_roles import as_superuser

    as_superuser('UPDATE "tournaments_ledgerentry" SET pool_amount = 1 WHERE id = %s', [rows[0].pk])
    assert "TOURNAMENT_LEDGER_ALTERED" in kinds(world.day)


@pytest.mark.django_db(transaction=True)
def test_two_cashiers_register_the_same_player_at_once_and_it_lands_once(world):
    t = new_tournament(world)
    player = world.player()
    cashiers = [world.cash, acting_as(world.staff["cage_cashier2"], Role.CAGE_CASHIER)]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def register(actor) -> None:  # type: ignore[no-untyped-def]
        barrier.wait()
        try:
            services.entry_register(actor=actor, tournament=t, player=player)
            outcomes.append("ok")
        except DomainError as err:
            outcomes.append(err.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(a,)) for a in cashiers]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(outcomes) == ["PLAYER_ALREADY_REGISTERED", "ok"]
    assert Entry.objects.filter(tournament=t).count() == 1
    assert LedgerEntry.objects.filter(tournament=t).count() == 1
