"""Buy-ins and re-buys: the table card, limits, cash rules and thresholds (issue 6 items 2, 10)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from cage import selectors, services
from cage.models import (
    AlertLevel,
    CagePolicy,
    CashAlert,
    CashLine,
    ChipLine,
    SeatDeparture,
    TableTransaction,
)
from casino.access import acting_as
from casino.errors import Conflict, NotFound, PermissionRefused, ValidationFailed
from casino.models import AuditEvent, ChipSet, Denomination
from casino.roles import Role
from players.models import Player
from tables.models import Variant
from tables.selectors import seat_at
from tests.cage.conftest import (
    chips,
    close_session,
    make_session,
    make_table,
    notes,
    played_down_to,
    set_hand_in_progress,
)

pytestmark = pytest.mark.django_db
D = Decimal


def rows() -> tuple[int, ...]:
    return (
        TableTransaction.objects.count(),
        ChipLine.objects.count(),
        CashLine.objects.count(),
        CashAlert.objects.count(),
        AuditEvent.objects.count(),
    )


def buy(sup, session, staff, amount="500", seat=3, **kw):
    kw.setdefault("cash", notes((amount, 1)))
    kw.setdefault("chips", chips(("100", int(D(amount) // 100))))
    return services.buyin_record(
        actor=sup, session=session, seat=seat, amount=amount, croupier=staff["croupier"], **kw
    )


def test_buyin_is_recorded_on_the_table_card(opened, sup, staff, player):  # BUYIN-06, CASH-12
    result = services.buyin_record(
        actor=sup,
        session=opened,
        seat=4,
        amount="600",
        croupier=staff["croupier"],
        player=player,
        cash=notes(("200", 2), ("100", 2)),
        chips=chips(("100", 5), ("25", 4)),
    )
    tx = result.transaction
    assert tx.kind == "buyin" and tx.source == "cash"  # BUYIN-08
    assert (tx.seat, tx.amount, tx.player, tx.player_name) == (4, D("600.00"), player, "")
    assert tx.croupier == staff["croupier"] and tx.approved_by == staff["supervisor"]  # CASH-09
    assert tx.recorded_at is not None and not tx.is_rebuy
    assert sorted((c.value, c.count, c.returned) for c in tx.cash_lines.all()) == [
        (D("100.00"), 2, False),
        (D("200.00"), 2, False),
    ]
    assert sorted((c.denomination.value, c.direction, c.count) for c in tx.chip_lines.all()) == [
        (D("25.00"), "out", 4),
        (D("100.00"), "out", 5),
    ]
    event = AuditEvent.objects.get(action="cage.buyin.record", object_id=str(tx.pk))
    assert event.actor == staff["supervisor"] and event.after["amount"] == "600.00"
    summary = selectors.seat_summaries(opened)[4]
    assert (summary.player_name, summary.total_buyin, summary.rebuys, summary.seated) == (
        "Juan Pérez",
        D("600.00"),
        0,
        True,
    )


def test_buyin_moves_chips_out_of_the_float(opened, sup, staff):  # CLOSE-16
    buy(sup, opened, staff, "500")
    expected = selectors.expected_float(opened)
    hundred = selectors.table_denominations(opened.table)[D("100")]
    assert expected[hundred.pk] == 100 - 5


def test_minimum_buyin_is_enforced_and_nothing_is_written(opened, sup, staff):  # BUYIN-01, BUYIN-09
    before = rows()
    with pytest.raises(ValidationFailed) as err:
        buy(sup, opened, staff, "50", chips=chips(("25", 2)))
    assert err.value.code == "BUYIN_BELOW_MINIMUM"
    assert "100,00" in err.value.message_es and "100.00" in err.value.message_en
    assert rows() == before


def test_maximum_buyin_is_enforced(opened, sup, staff):  # BUYIN-02, BUYIN-09
    before = rows()
    with pytest.raises(ValidationFailed) as err:
        buy(
            sup,
            opened,
            staff,
            "1100",
            cash=notes(("100", 11)),
            chips=chips(("1000", 1), ("100", 1)),
        )
    assert err.value.code == "BUYIN_ABOVE_MAXIMUM"
    assert rows() == before
    assert buy(sup, opened, staff, "1000", cash=notes(("1000", 1)), chips=chips(("500", 2)))


def test_limit_table_has_no_maximum(
    casino, chip_set, sector, gaming_day, staff, sup, counts
):  # BUYIN-02
    table = make_table(
        casino,
        chip_set,
        sector,
        number=5,
        variant=Variant.LIMIT,
        min_buyin=D("200"),
        max_buyin=None,
    )
    session = make_session(table, gaming_day, staff["supervisor"])
    result = buy(sup, session, staff, "5000", cash=notes(("1000", 5)), chips=chips(("1000", 5)))
    assert result.transaction.limit_max is None
    with pytest.raises(ValidationFailed) as err:
        buy(sup, session, staff, "100", seat=2, cash=notes(("100", 1)), chips=chips(("100", 1)))
    assert err.value.code == "BUYIN_BELOW_MINIMUM"


def test_rebuy_tops_up_to_the_maximum_only(opened, sup, staff):  # BUYIN-05, BUYIN-09, OQ-08
    buy(sup, opened, staff, "500")
    with pytest.raises(ValidationFailed) as err:
        buy(sup, opened, staff, "300", cash=notes(("100", 3)), chips=chips(("100", 3)))
    assert err.value.code == "REBUY_STACK_REQUIRED"
    with pytest.raises(ValidationFailed) as err:
        buy(
            sup,
            opened,
            staff,
            "300",
            cash=notes(("100", 3)),
            chips=chips(("100", 3)),
            stack_before=played_down_to(opened, 3, "800"),
        )
    assert err.value.code == "BUYIN_ABOVE_MAXIMUM"
    # A re-buy is not bound by the minimum: a top-up of 50 is fine.
    before = played_down_to(opened, 3, "400")
    result = buy(
        sup, opened, staff, "50", cash=notes(("50", 1)), chips=chips(("25", 2)), stack_before=before
    )
    assert result.transaction.is_rebuy and result.transaction.stack_before == D("400.00")
    summary = selectors.seat_summaries(opened)[3]
    assert (summary.total_buyin, summary.rebuys) == (D("550.00"), 1)  # BUYIN-07


def test_rebuy_during_a_hand_is_refused(opened, sup, staff):  # BUYIN-05, CASH-11
    buy(sup, opened, staff, "500")
    set_hand_in_progress(opened, True)
    before = rows()
    with pytest.raises(Conflict) as err:
        buy(
            sup,
            opened,
            staff,
            "100",
            cash=notes(("100", 1)),
            chips=chips(("100", 1)),
            stack_before="100",
        )
    assert err.value.code == "HAND_IN_PROGRESS" and err.value.status_code == 409
    assert rows() == before
    set_hand_in_progress(opened, False)
    assert buy(
        sup,
        opened,
        staff,
        "100",
        cash=notes(("100", 1)),
        chips=chips(("100", 1)),
        stack_before=played_down_to(opened, 3, "100"),
    )


def test_return_within_twenty_minutes_waives_the_maximum(
    opened, sup, staff, player
):  # BUYIN-03, A-15
    buy(sup, opened, staff, "1000", cash=notes(("1000", 1)), chips=chips(("500", 2)), player=player)
    departure = services.player_departure_record(actor=sup, session=opened, seat=3, stack="1500")
    assert (departure.player, departure.stack, departure.seat) == (player, D("1500.00"), 3)
    result = buy(
        sup,
        opened,
        staff,
        "1500",
        seat=6,
        player=player,
        cash=notes(("500", 3)),
        chips=chips(("500", 3)),
    )
    assert result.transaction.exemption_applied and result.transaction.limit_max == D("1500.00")
    # Never above what they left with.
    services.player_departure_record(actor=sup, session=opened, seat=6, stack="1500")
    with pytest.raises(ValidationFailed):
        buy(
            sup,
            opened,
            staff,
            "2000",
            seat=6,
            player=player,
            cash=notes(("1000", 2)),
            chips=chips(("1000", 2)),
        )


def test_return_after_twenty_minutes_gets_the_normal_maximum(
    opened, sup, staff, player
):  # BUYIN-03
    SeatDeparture.objects.create(
        casino=opened.casino,
        gaming_day=opened.gaming_day,
        table=opened.table,
        session=opened,
        seat=2,
        player=player,
        stack=D("1500"),
        left_at=timezone.now() - timedelta(minutes=25),
        recorded_by=staff["supervisor"],
    )
    with pytest.raises(ValidationFailed) as err:
        buy(
            sup,
            opened,
            staff,
            "1500",
            seat=6,
            player=player,
            cash=notes(("500", 3)),
            chips=chips(("500", 3)),
        )
    assert err.value.code == "BUYIN_ABOVE_MAXIMUM"


def test_pit_boss_override_with_reason(opened, sup, staff):  # BUYIN-09
    kw = dict(cash=notes(("1000", 2)), chips=chips(("1000", 2)))
    with pytest.raises(PermissionRefused) as err:
        buy(
            sup,
            opened,
            staff,
            "2000",
            override_by=staff["pit_boss"],
            override_pin="0000",
            override_reason="cliente VIP",
            **kw,
        )
    assert err.value.code == "PIN_INVALID"
    with pytest.raises(ValidationFailed) as err:
        buy(sup, opened, staff, "2000", override_by=staff["pit_boss"], override_pin="1234", **kw)
    assert err.value.code == "OVERRIDE_REASON_REQUIRED"
    with pytest.raises(ValidationFailed) as err:
        buy(
            sup,
            opened,
            staff,
            "2000",
            override_by=staff["supervisor2"],
            override_pin="1234",
            override_reason="x",
            **kw,
        )
    assert err.value.code == "PERSON_LACKS_ROLE"  # issue 41 §2: was ROLE_NOT_HELD (400)
    result = buy(
        sup,
        opened,
        staff,
        "2000",
        override_by=staff["pit_boss"],
        override_pin="1234",
        override_reason="torneo satélite",
        **kw,
    )
    tx = result.transaction
    assert tx.override_by == staff["pit_boss"] and tx.override_reason == "torneo satélite"


def test_unchangeable_note_is_returned_and_recorded(
    casino, sector, gaming_day, staff, sup
):  # CASH-08, A-05
    big = ChipSet.objects.create(casino=casino, name="Fichas grandes")
    for value in ("500", "100", "25", "5"):
        Denomination.objects.create(chip_set=big, value=D(value), colour="x")
    table = Table_with(big, casino, sector)
    session = make_session(table, gaming_day, staff["supervisor"])
    result = services.buyin_record(
        actor=sup,
        session=session,
        seat=1,
        amount="200",
        croupier=staff["croupier"],
        cash=notes(("100", 2), ("2", 1)),
        chips=chips(("100", 2)),
    )
    tx = result.transaction
    returned = [(c.value, c.count) for c in tx.cash_lines.filter(returned=True)]
    assert returned == [(D("2.00"), 1)]
    assert tx.amount == D("200.00")
    assert [w.code for w in result.warnings] == ["NOTE_RETURNED"]


def Table_with(chip_set, casino, sector):  # noqa: N802 - a table on another chip set
    from tables.models import Table, TableSettings

    table = Table.objects.create(casino=casino, number=9, chip_set=chip_set, sector=sector)
    TableSettings.objects.create(
        table=table,
        version=1,
        effective_from=timezone.now() - timedelta(days=1),
        variant=Variant.NO_LIMIT,
        small_blind=D("5"),
        big_blind=D("10"),
        min_buyin=D("100"),
        max_buyin=D("1000"),
    )
    return table


def test_coins_are_refused(opened, sup, staff):  # GEN-06, §7.3 j
    before = rows()
    with pytest.raises(ValidationFailed) as err:
        buy(sup, opened, staff, "500", cash=[{"value": "1", "count": 500, "kind": "coin"}])
    assert err.value.code == "COINS_REFUSED"
    assert rows() == before


def test_plaques_are_cash_equivalents(opened, sup, staff):  # GEN-06
    result = buy(sup, opened, staff, "500", cash=[{"value": "500", "count": 1, "kind": "plaque"}])
    assert result.transaction.cash_lines.get().kind == "plaque"


@pytest.mark.parametrize(
    ("kw", "code"),
    [
        ({"chips": [("100", -5)]}, "COUNT_NEGATIVE"),
        ({"chips": [("100", "4.5")]}, "COUNT_NOT_WHOLE"),
        ({"chips": [("100", 4.5)]}, "COUNT_NOT_WHOLE"),
        ({"chips": [("50", 10)]}, "DENOMINATION_NOT_IN_CHIP_SET"),
        ({"chips": [("100", 2), ("100", 3)]}, "DENOMINATION_REPEATED"),
        ({"chips": [("100", 4)]}, "CHIPS_AMOUNT_MISMATCH"),
        ({"chips": []}, "CHIPS_REQUIRED"),
        ({"cash": notes(("100", 4))}, "CASH_AMOUNT_MISMATCH"),
        ({"cash": []}, "CASH_REQUIRED"),
        ({"amount": "-500"}, "AMOUNT_NOT_POSITIVE"),
        ({"amount": "500.001"}, "AMOUNT_INVALID"),
        ({"seat": 11}, "SEAT_INVALID"),
        ({"seat": 0}, "SEAT_INVALID"),
        ({"source": "credit_card"}, "SOURCE_INVALID"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_recorded(
    opened, sup, staff, kw, code
):  # issue 6 bad input
    before = rows()
    args = {"amount": "500", "seat": 3, "cash": notes(("500", 1)), "chips": chips(("100", 5))}
    args.update(kw)
    with pytest.raises(ValidationFailed) as err:
        services.buyin_record(actor=sup, session=opened, croupier=staff["croupier"], **args)
    assert err.value.code == code
    assert err.value.message_es and err.value.message_en
    assert rows() == before


def test_transaction_on_a_closed_session_is_refused(opened, sup, staff):  # OPEN-16
    close_session(opened)
    before = rows()
    with pytest.raises(Conflict) as err:
        buy(sup, opened, staff, "500")
    assert err.value.code == "SESSION_NOT_ACCEPTING"
    assert rows() == before


def test_croupier_records_nothing_and_must_be_a_croupier(opened, staff, sup):  # CASH-09
    with pytest.raises(PermissionRefused):
        services.buyin_record(
            actor=acting_as(staff["croupier"], Role.CROUPIER),
            session=opened,
            seat=1,
            amount="500",
            croupier=staff["croupier2"],
            cash=notes(("500", 1)),
            chips=chips(("100", 5)),
        )
    with pytest.raises(ValidationFailed) as err:
        services.buyin_record(
            actor=sup,
            session=opened,
            seat=1,
            amount="500",
            croupier=staff["supervisor2"],
            cash=notes(("500", 1)),
            chips=chips(("100", 5)),
        )
    assert err.value.code == "NOT_A_CROUPIER"
    with pytest.raises(ValidationFailed) as err:
        services.buyin_record(
            actor=sup,
            session=opened,
            seat=1,
            amount="500",
            croupier=None,
            cash=notes(("500", 1)),
            chips=chips(("100", 5)),
        )
    assert err.value.code == "CROUPIER_REQUIRED"


def test_other_casino_session_is_not_found(opened, other_casino, staff):
    from tests.conftest import make_staff

    stranger = make_staff(other_casino, "ajeno", Role.SUPERVISOR)
    with pytest.raises(NotFound):
        services.buyin_record(
            actor=acting_as(stranger, Role.SUPERVISOR),
            session=opened,
            seat=1,
            amount="500",
            croupier=staff["croupier"],
            cash=notes(("500", 1)),
            chips=chips(("100", 5)),
        )


def test_cage_only_house_refuses_cash_at_the_table(opened, sup, staff):  # CASH-01, OQ-50
    CagePolicy.objects.create(
        casino=opened.casino, table_cash_change_policy=CagePolicy.CashChangePolicy.CAGE_ONLY
    )
    with pytest.raises(Conflict) as err:
        buy(sup, opened, staff, "500")
    assert err.value.code == "CASH_CHANGE_AT_CAGE_ONLY"
    # Chips bought at the cage still go on the table card, with no float movement (BUYIN-08).
    result = services.buyin_record(
        actor=sup,
        session=opened,
        seat=3,
        amount="500",
        croupier=staff["croupier"],
        source="cage_chips",
    )
    assert result.transaction.source == "cage_chips"
    assert not result.transaction.chip_lines.exists()
    assert selectors.float_movements(opened) == {}


def test_chips_from_other_tables_follow_the_policy(opened, sup, staff):  # CHIP-01, OQ-36
    ok = services.buyin_record(
        actor=sup,
        session=opened,
        seat=3,
        amount="500",
        croupier=staff["croupier"],
        source="other_table",
    )
    assert ok.transaction.source == "other_table"
    with pytest.raises(Conflict) as err:
        services.buyin_record(
            actor=sup,
            session=opened,
            seat=4,
            amount="500",
            croupier=staff["croupier"],
            source="other_table",
            foreign_colour_chips=True,
        )
    assert err.value.code == "FOREIGN_CHIPS_REFUSED"
    CagePolicy.objects.create(casino=opened.casino, foreign_chips_policy="none")
    with pytest.raises(Conflict):
        services.buyin_record(
            actor=sup,
            session=opened,
            seat=4,
            amount="500",
            croupier=staff["croupier"],
            source="other_table",
        )


def test_large_cash_warns_the_pit_boss(opened, sup, staff):  # CASH-06
    CagePolicy.objects.create(casino=opened.casino, large_cash_threshold=D("1000"))
    result = buy(sup, opened, staff, "1000", cash=notes(("1000", 1)), chips=chips(("500", 2)))
    assert "LARGE_CASH" in [w.code for w in result.warnings]
    result = buy(
        sup,
        opened,
        staff,
        "1000",
        seat=5,
        cash=notes(("1000", 1)),
        chips=chips(("500", 2)),
        pit_boss=staff["pit_boss"],
        large_cash_handling="transfer_to_cage",
    )
    assert "LARGE_CASH" not in [w.code for w in result.warnings]
    assert result.transaction.pit_boss == staff["pit_boss"]


def test_cash_thresholds_raise_alerts_once_per_level(  # issue 6 item 10
    opened, sup, staff, casino, chip_set, sector, gaming_day
):
    anon = Player.objects.create(casino=casino, display_name="Sin documento")
    big = dict(cash=notes(("1000", 1)), chips=chips(("500", 2)), player=anon)
    r1 = buy(sup, opened, staff, "1000", **big)
    assert r1.alerts == []
    r2 = buy(sup, opened, staff, "1000", stack_before=played_down_to(opened, 3), **big)
    assert r2.alerts == []
    r3 = buy(sup, opened, staff, "1000", stack_before=played_down_to(opened, 3), **big)  # 3,000
    assert [a.level for a in r3.alerts] == [AlertLevel.IDENTIFY]
    assert r3.alerts[0].total == D("3000.00")
    assert "IDENTIFICATION_REQUIRED" in [w.code for w in r3.warnings]
    # Another table the same day adds up (per player per gaming day).
    other = make_session(
        make_table(casino, chip_set, sector, number=2), gaming_day, staff["supervisor2"]
    )
    sup2 = acting_as(staff["supervisor2"], Role.SUPERVISOR)
    for _ in range(6):
        r = buy(sup2, other, staff, "1000", stack_before=played_down_to(other, 3), **big)
        assert r.alerts == []  # 4,000 .. 9,000
    r10 = buy(sup2, other, staff, "1000", stack_before=played_down_to(other, 3), **big)
    assert [a.level for a in r10.alerts] == [AlertLevel.REPORT]
    assert r10.alerts[0].total == D("10000.00")
    r11 = buy(sup2, other, staff, "1000", stack_before=played_down_to(other, 3), **big)
    assert r11.alerts == []
    assert CashAlert.objects.filter(player=anon).count() == 2


def test_thresholds_by_name_when_no_player_record(opened, sup, staff):  # issue 6 item 10
    CagePolicy.objects.create(
        casino=opened.casino, id_threshold=D("1000"), report_threshold=D("2000")
    )
    buy(sup, opened, staff, "500", player_name="María  López")
    result = buy(sup, opened, staff, "500", seat=7, player_name="maría lópez")
    assert [a.level for a in result.alerts] == [AlertLevel.IDENTIFY]
    assert result.alerts[0].player_key == "name:maría lópez"


def test_cage_chips_do_not_count_towards_cash_thresholds(opened, sup, staff, player):
    CagePolicy.objects.create(
        casino=opened.casino, id_threshold=D("100"), report_threshold=D("200")
    )
    result = services.buyin_record(
        actor=sup,
        session=opened,
        seat=3,
        amount="500",
        croupier=staff["croupier"],
        source="cage_chips",
        player=player,
    )
    assert result.alerts == []


def test_reversal_points_at_the_original(opened, sup, staff, pit):  # issue 6 "append-only"
    original = buy(sup, opened, staff, "500").transaction
    with pytest.raises(ValidationFailed):
        services.transaction_reverse(actor=pit, transaction_=original, reason=" ")
    rev = services.transaction_reverse(actor=pit, transaction_=original, reason="cargado dos veces")
    assert rev.sign == -1 and rev.reverses == original and rev.amount == original.amount
    assert selectors.float_movements(opened) == {d: 0 for d in selectors.float_movements(opened)}
    assert not selectors.seat_summaries(opened)[3].seated
    with pytest.raises(Conflict) as err:
        services.transaction_reverse(actor=pit, transaction_=original, reason="otra vez")
    assert err.value.code == "ALREADY_REVERSED"
    with pytest.raises(Conflict):
        services.transaction_reverse(actor=pit, transaction_=rev, reason="x")


def test_a_seat_whose_every_buyin_was_reversed_is_empty(opened, sup, staff, pit):  # BUYIN-07
    # A reversal takes effect when its original did, so reversing the re-buy and then the
    # first buy-in leaves the re-buy last in time: the seat must still come out empty.
    first = buy(sup, opened, staff, "500").transaction
    rebuy = buy(
        sup,
        opened,
        staff,
        "100",
        cash=notes(("100", 1)),
        chips=chips(("100", 1)),
        stack_before=played_down_to(opened, 3),
    ).transaction
    assert rebuy.is_rebuy
    services.transaction_reverse(actor=pit, transaction_=rebuy, reason="cargado dos veces")
    assert selectors.seat_summaries(opened)[3].seated
    services.transaction_reverse(actor=pit, transaction_=first, reason="mesa equivocada")
    summary = selectors.seat_summaries(opened)[3]
    assert not summary.seated and summary.total_buyin == 0
    assert seat_at(opened, 3) is None  # issue 13 §1: the plan forgets a reversed first buy-in


def test_seat_movements_between_two_hands(opened, sup, staff, player):  # HREC-08
    t0 = timezone.now()
    buy(sup, opened, staff, "500", player=player)
    t1 = timezone.now()
    buy(
        sup,
        opened,
        staff,
        "200",
        stack_before=played_down_to(opened, 3, "300"),
        cash=notes(("100", 2)),
        chips=chips(("100", 2)),
    )
    buy(
        sup,
        opened,
        staff,
        "300",
        seat=5,
        cash=notes(("100", 3)),
        chips=chips(("100", 3)),
        player_name="Ana",
    )
    services.player_departure_record(actor=sup, session=opened, seat=5, stack="450")
    t2 = timezone.now()
    first = selectors.seat_movements(opened, since=t0, until=t1)
    assert first[3].added == D("500.00") and first[3].removed == 0
    later = selectors.seat_movements(opened, since=t1, until=t2)
    assert later[3].net == D("200.00")
    assert (later[5].added, later[5].removed, later[5].net) == (D("300"), D("450"), D("-150"))


def test_departure_needs_an_occupied_seat_and_no_hand(opened, sup, staff):
    with pytest.raises(Conflict) as err:
        services.player_departure_record(actor=sup, session=opened, seat=8, stack="0")
    assert err.value.code == "SEAT_NOT_OCCUPIED"


def test_note_bundles_of_twenty():  # CASH-07, A-04
    # The count of a note value as the table card prints it (groups, bundles, loose).
    assert CashLine(count=137).bundles == (1, 1, 17)
    assert CashLine(count=20).bundles == (0, 1, 0)
    assert CashLine(count=19).bundles == (0, 0, 19)


@pytest.mark.parametrize(
    ("ago", "waived"),
    [(timedelta(minutes=19, seconds=30), True), (timedelta(minutes=20, seconds=30), False)],
    ids=["19m30s", "20m30s"],
)
def test_the_twenty_minutes_of_the_return_rule_at_their_boundary(
    opened, sup, staff, player, ago, waived
):  # BUYIN-03, OQ-08; issue 16 §2: time windows at their boundaries
    SeatDeparture.objects.create(
        casino=opened.casino,
        gaming_day=opened.gaming_day,
        table=opened.table,
        session=opened,
        seat=2,
        player=player,
        stack=D("1500"),
        left_at=timezone.now() - ago,
        recorded_by=staff["supervisor"],
    )

    def back() -> Any:
        return buy(
            sup,
            opened,
            staff,
            "1500",
            seat=6,
            player=player,
            cash=notes(("500", 3)),
            chips=chips(("500", 3)),
        )

    if waived:
        assert back().transaction.exemption_applied
    else:
        with pytest.raises(ValidationFailed) as err:
            back()
        assert err.value.code == "BUYIN_ABOVE_MAXIMUM"
