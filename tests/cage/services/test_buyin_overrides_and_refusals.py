"""Buy-ins as the mutation run of ``cage/services/transactions.py`` found them (issue 16 §1):
the override of the buy-in limits (who, the PIN, the reason: each refusal's words and
field), a buy-in paid in chips from the cage or another table, the 20-minute return rule's
departure (this table, this player, the latest, above the maximum), and what an in-hand
change and a departure keep."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from cage import services
from cage.models import CagePolicy, SeatDeparture, TableTransaction
from casino.access import acting_as
from casino.errors import Conflict, DomainError, NotFound, ValidationFailed
from casino.models import AuditEvent
from casino.roles import Role
from players.models import Player
from tables.models import Seat, TableSession
from tables.selectors import seat_at
from tests.cage.conftest import chips, make_session, make_table, notes
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db
D = Decimal
ABOVE_MAX = dict(amount="2000", cash=notes(("1000", 2)), chips=chips(("1000", 2)))


def buy(sup, session, staff, seat=3, **kw):
    kw = {**dict(amount="500", cash=notes(("500", 1)), chips=chips(("100", 5))), **kw}
    return services.buyin_record(
        actor=sup, session=session, seat=seat, croupier=staff["croupier"], **kw
    )


def refused(call, *args, **kwargs) -> DomainError:
    before = TableTransaction.objects.count()
    with pytest.raises(DomainError) as err:
        call(*args, **kwargs)
    assert TableTransaction.objects.count() == before
    return err.value


# --------------------------------------------------------------------------- the override


def test_an_override_names_its_pit_boss(opened, sup, staff, other_casino):  # BUYIN-09
    theirs = make_staff(other_casino, "jefe_ajeno", Role.PIT_BOSS, pin="1234")
    e = refused(
        buy,
        sup,
        opened,
        staff,
        **ABOVE_MAX,
        override_by=theirs,
        override_pin="1234",
        override_reason="VIP",
    )
    assert isinstance(e, NotFound) and (e.code, e.field) == ("NOT_FOUND", "override_by")


def test_the_override_is_not_the_recorders_own(opened, staff, casino):  # BUYIN-09
    both = make_staff(casino, "sup_jefe", Role.SUPERVISOR, Role.PIT_BOSS, pin="4321")
    TableSession.objects.filter(pk=opened.pk).update(supervisor=both)
    opened.refresh_from_db()
    actor = acting_as(both, Role.SUPERVISOR)
    e = refused(
        buy,
        actor,
        opened,
        staff,
        **ABOVE_MAX,
        override_by=both,
        override_pin="4321",
        override_reason="VIP",
    )
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "OVERRIDE_NOT_INDEPENDENT",
        "override_by",
        "La excepción la autoriza un jefe de sector distinto de quien registra la compra.",
        "The override is authorised by a pit boss other than the person recording the buy-in.",
    )


@pytest.mark.parametrize(("pin", "code"), [(None, "PIN_REQUIRED"), ("0000", "PIN_INVALID")])
def test_the_override_pin_is_named_in_its_field(opened, sup, staff, pin, code):
    e = refused(
        buy,
        sup,
        opened,
        staff,
        **ABOVE_MAX,
        override_by=staff["pit_boss"],
        override_pin=pin,
        override_reason="VIP",
    )
    assert (e.code, e.field) == (code, "override_pin")


@pytest.mark.parametrize("reason", ["", "   "])
def test_the_override_needs_a_reason_in_words(opened, sup, staff, reason):
    e = refused(
        buy,
        sup,
        opened,
        staff,
        **ABOVE_MAX,
        override_by=staff["pit_boss"],
        override_pin="1234",
        override_reason=reason,
    )
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "OVERRIDE_REASON_REQUIRED",
        "override_reason",
        "Esta excepción necesita un motivo escrito.",  # issue 41 §2: one message
        "This override needs a written reason.",
    )


# --------------------------------------------------------------------------- chips brought


@pytest.mark.parametrize(
    ("moves", "field"),
    [
        ({"chips": chips(("100", 5)), "cash": []}, "chips"),
        ({"chips": [], "cash": notes(("500", 1))}, "cash"),
        ({"chips": chips(("100", 5)), "cash": notes(("500", 1))}, "chips"),
    ],
)
def test_a_buyin_in_chips_moves_nothing_of_the_float(opened, sup, staff, moves, field):  # CHIP-01
    e = refused(buy, sup, opened, staff, source="other_table", **moves)
    assert (e.code, e.field) == ("NO_FLOAT_MOVEMENT", field)
    assert e.message_es == (
        "Una compra con fichas de la caja o de otra mesa no mueve efectivo ni fichas de la "
        "banca; registre un cambio de color si hace falta."
    )
    assert e.message_en == (
        "A buy-in with chips from the cage or another table moves no cash and no float "
        "chips; record a colour change if needed."
    )


def test_foreign_chips_are_refused_in_words_by_the_policy(opened, sup, staff):  # CHIP-01, OQ-36
    e = refused(
        buy, sup, opened, staff, source="other_table", chips=[], cash=[], foreign_colour_chips=True
    )
    assert isinstance(e, Conflict)
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "FOREIGN_CHIPS_REFUSED",
        "source",
        "El casino no admite en esta mesa fichas traídas de otras mesas.",
        "The casino does not accept chips brought from other tables here.",
    )
    CagePolicy.objects.create(casino=opened.casino, foreign_chips_policy="none")
    e = refused(buy, sup, opened, staff, source="other_table", chips=[], cash=[])
    assert (e.message_es, e.message_en) == (
        "El casino no admite en esta mesa fichas traídas de otras mesas.",
        "The casino does not accept chips brought from other tables here.",
    )
    CagePolicy.objects.create(casino=opened.casino, foreign_chips_policy="all")
    ok = buy(sup, opened, staff, source="other_table", chips=[], cash=[], foreign_colour_chips=True)
    assert ok.transaction.source == "other_table"


# --------------------------------------------------------------------------- the return rule


def _left(session, staff, player, stack, minutes_ago, table=None):
    return SeatDeparture.objects.create(
        casino=session.casino,
        gaming_day=session.gaming_day,
        table=table or session.table,
        session=session,
        seat=2,
        player=player,
        stack=D(stack),
        left_at=timezone.now() - timedelta(minutes=minutes_ago),
        recorded_by=staff["supervisor"],
    )


def _rebuy(sup, opened, staff, player, amount="1500"):
    return buy(
        sup,
        opened,
        staff,
        seat=6,
        player=player,
        amount=amount,
        cash=notes(("100", int(D(amount) // 100))),
        chips=chips(("100", int(D(amount) // 100))),
    )


def test_the_return_rule_counts_this_players_departure_from_this_table(
    opened, sup, staff, player, casino, chip_set, sector, gaming_day
):  # BUYIN-03
    other_table = make_table(casino, chip_set, sector, number=2)
    elsewhere = make_session(other_table, gaming_day, staff["supervisor2"])
    _left(elsewhere, staff, player, "1500", 5, table=other_table)
    someone = Player.objects.create(casino=casino, display_name="Otro", document_number="1")
    _left(opened, staff, someone, "1500", 5)
    e = refused(_rebuy, sup, opened, staff, player)
    assert e.code == "BUYIN_ABOVE_MAXIMUM"


def test_the_latest_departure_is_the_one_that_counts(opened, sup, staff, player):  # BUYIN-03
    later = _left(opened, staff, player, "1200", 2)
    _left(opened, staff, player, "1500", 5)  # earlier, but written after: a higher id
    tx = _rebuy(sup, opened, staff, player, amount="1200").transaction
    assert (tx.exemption_applied, tx.limit_max) == (True, later.stack)


# --------------------------------------------------------------------------- what is kept


def test_an_in_hand_change_keeps_its_seat_and_no_invented_reference(opened, sup, staff):
    TableSession.objects.filter(pk=opened.pk).update(hand_in_progress=True)
    opened.refresh_from_db()
    tx = services.in_hand_change_record(
        actor=sup,
        session=opened,
        croupier=staff["croupier"],
        chips_in=chips(("100", 1)),
        chips_out=chips(("25", 4)),
        seat=4,
        hand_number=7,
    ).transaction
    tx.refresh_from_db()
    assert (tx.kind, tx.seat, tx.hand_number, tx.hand_ref) == ("in_hand_change", 4, 7, "")


def test_a_departures_stack_is_named_in_its_field(opened, sup, staff):
    buy(sup, opened, staff)
    with pytest.raises(ValidationFailed) as err:
        services.player_departure_record(actor=sup, session=opened, seat=3, stack="12.345")
    assert (err.value.code, err.value.field) == ("AMOUNT_INVALID", "stack")


# --------------------------------------------------------------------------- reversals


@pytest.mark.parametrize("reason", ["", "   ", None])
def test_a_reversal_needs_a_reason_in_words(opened, sup, staff, pit, reason):
    original = buy(sup, opened, staff).transaction
    e = refused(services.transaction_reverse, actor=pit, transaction_=original, reason=reason)
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "REASON_REQUIRED",
        "reason",
        "Indique el motivo.",  # issue 41 §2: one message for REASON_REQUIRED
        "Give the reason.",
    )


def test_a_reversal_is_made_once_and_never_reversed_in_words(opened, sup, staff, pit):
    original = buy(sup, opened, staff).transaction
    rev = services.transaction_reverse(actor=pit, transaction_=original, reason="error")
    e = refused(services.transaction_reverse, actor=pit, transaction_=original, reason="otra")
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "ALREADY_REVERSED",
        None,
        "Esto ya fue anulado.",  # issue 41 §2: one message for ALREADY_REVERSED
        "This has already been reversed.",
    )
    e = refused(services.transaction_reverse, actor=pit, transaction_=rev, reason="x")
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "REVERSAL_OF_REVERSAL",
        None,
        "Una anulación no se anula: registre la transacción de nuevo.",
        "A reversal is not reversed: record the transaction again.",
    )


def test_a_reversal_copies_the_original_and_is_audited_under_its_author(opened, sup, staff, pit):
    original = buy(
        sup,
        opened,
        staff,
        amount="1000",
        cash=[{"value": "500", "count": 1, "kind": "plaque"}, {"value": "500", "count": 1}],
        chips=chips(("500", 2)),
    ).transaction
    rev = services.transaction_reverse(
        actor=pit, transaction_=original, reason=" cargada dos veces "
    )
    rev.refresh_from_db()
    assert (rev.kind, rev.amount, rev.sign, rev.reverses_id, rev.reason) == (
        "buyin",
        D("1000.00"),
        -1,
        original.pk,
        "cargada dos veces",
    )
    assert sorted((c.kind, c.value, c.count) for c in rev.cash_lines.all()) == [
        ("note", D("500.00"), 1),
        ("plaque", D("500.00"), 1),
    ]
    event = AuditEvent.objects.get(action="cage.buyin.reverse")
    assert (event.actor, event.object_id, event.reason) == (
        staff["pit_boss"],
        str(rev.pk),
        "cargada dos veces",
    )


def test_reversing_a_cash_out_leaves_the_seats_stack(opened, sup, staff, pit):
    buy(sup, opened, staff)  # seat 3: 500
    out = services.cash_out_record(
        actor=sup,
        session=opened,
        croupier=staff["croupier"],
        chips_in=chips(("100", 5)),
        chips_out=chips(("500", 1)),
        seat=3,
    ).transaction
    before = seat_at(opened, 3).stack
    services.transaction_reverse(actor=pit, transaction_=out, reason="error")
    assert seat_at(opened, 3).stack == before


def test_reversing_a_buyin_from_before_the_seats_last_hand_leaves_its_stack(
    opened, sup, staff, pit
):  # HREC-08: the hand's finishing stack already says what the player had
    original = buy(sup, opened, staff).transaction
    Seat.objects.filter(session=opened, seat=3).update(
        last_hand_number=1,
        last_hand_ended_at=timezone.now(),
        stack=D("650"),
        hands_played=1,
    )
    services.transaction_reverse(actor=pit, transaction_=original, reason="error")
    assert seat_at(opened, 3).stack == D("650.00")
