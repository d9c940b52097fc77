"""The cage's parsers and guards (``cage/services/common.py``), each refusal by its code, its
field and its words in both languages (issue 16 §1: the module's mutation run).

The API's serializers catch most malformed input before it reaches these parsers; the
pages, the imports and the services' other callers reach them directly, so each is tested
here as it answers, not only through the API."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cage.models import TenderKind
from cage.services.common import (
    MAX_COUNT,
    Notice,
    Tender,
    check_pin,
    chips_value,
    fmt,
    parse_cash,
    parse_chip_lines,
    parse_count,
    parse_money,
    require_accepts_transactions,
    require_croupier,
    require_float_holds,
    require_no_hand_in_progress,
    require_player,
    require_staff_role,
)
from casino.access import acting_as, same_casino
from casino.errors import Conflict, DomainError, NotFound
from casino.models import Denomination
from casino.roles import Role
from players.models import Player
from tables.models import TableSession
from tests.helpers import make_staff

D = Decimal


def refusal(call, *args, **kwargs) -> DomainError:
    with pytest.raises(DomainError) as err:
        call(*args, **kwargs)
    return err.value


def said(e: DomainError) -> tuple[str, str | None, str, str]:
    return (e.code, e.field, e.message_es, e.message_en)


# --------------------------------------------------------------------------- amounts


@pytest.mark.parametrize(
    ("raw", "allow_zero", "expected"),
    [
        (
            "abc",
            False,
            (
                "AMOUNT_INVALID",
                "«abc» no es un importe válido: indique un número no negativo con dos decimales como máximo.",
                "'abc' is not a valid amount: give a number, not negative, with at most two decimals.",
            ),
        ),
        (
            True,
            False,
            (
                "AMOUNT_INVALID",
                "«True» no es un importe válido: indique un número no negativo con dos decimales como máximo.",
                "'True' is not a valid amount: give a number, not negative, with at most two decimals.",
            ),
        ),
        (
            "1.234",
            False,
            (
                "AMOUNT_INVALID",
                "«1.234» no es un importe válido: indique un número no negativo con dos decimales como máximo.",
                "'1.234' is not a valid amount: give a number, not negative, with at most two decimals.",
            ),
        ),
        (
            "NaN",
            False,
            (
                "AMOUNT_INVALID",
                "«NaN» no es un importe válido: indique un número no negativo con dos decimales como máximo.",
                "'NaN' is not a valid amount: give a number, not negative, with at most two decimals.",
            ),
        ),
        (
            "Infinity",
            False,
            (
                "AMOUNT_INVALID",
                "«Infinity» no es un importe válido: indique un número no negativo con dos decimales como máximo.",
                "'Infinity' is not a valid amount: give a number, not negative, with at most two decimals.",
            ),
        ),
        (
            "0",
            False,
            (
                "AMOUNT_NOT_POSITIVE",
                "El importe debe ser mayor que cero (o no negativo, donde se admite cero).",
                "The amount must be greater than zero (or not negative, where zero is allowed).",
            ),
        ),
        (
            "-1",
            False,
            (
                "AMOUNT_NOT_POSITIVE",
                "El importe debe ser mayor que cero (o no negativo, donde se admite cero).",
                "The amount must be greater than zero (or not negative, where zero is allowed).",
            ),
        ),
        (
            "-0.01",
            True,
            (
                "AMOUNT_NOT_POSITIVE",
                "El importe debe ser mayor que cero (o no negativo, donde se admite cero).",
                "The amount must be greater than zero (or not negative, where zero is allowed).",
            ),
        ),
    ],
)
def test_an_amount_that_is_not_one_is_refused_in_words(raw, allow_zero, expected):  # GEN-13
    e = refusal(parse_money, raw, "amount", allow_zero=allow_zero)
    assert said(e) == (expected[0], "amount", expected[1], expected[2])


def test_a_float_is_never_an_amount():  # GEN-13: money is exact
    for raw in (1.5, 0.1 + 0.2, 100.0):
        e = refusal(parse_money, raw, "stack_before")
        assert (e.code, e.field) == ("AMOUNT_NOT_DECIMAL_STRING", "stack_before")
        assert e.message_es.startswith("«stack_before» es un importe")
        assert e.message_en.startswith("“stack_before” is an amount")


def test_amounts_are_read_exactly_to_the_cent():
    assert parse_money(" 12.5 ", "a") == D("12.50")
    assert str(parse_money("12.5", "a")) == "12.50"
    assert parse_money(7, "a") == D("7.00")
    assert parse_money("0", "a", allow_zero=True) == D("0.00")
    assert parse_money("0.01", "a") == D("0.01")


# --------------------------------------------------------------------------- counts


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            "x",
            (
                "COUNT_INVALID",
                "«x» no es una cantidad de fichas válida.",
                "'x' is not a valid number of chips.",
            ),
        ),
        (
            True,
            (
                "COUNT_INVALID",
                "«bool» no es una cantidad de fichas válida.",
                "'bool' is not a valid number of chips.",
            ),
        ),
        (
            "1.5",
            (
                "COUNT_NOT_WHOLE",
                "«1.5» no es un número entero de fichas: no hay fracciones de ficha.",
                "'1.5' is not a whole number of chips: there are no fractions of a chip.",
            ),
        ),
        (
            "inf",
            (
                "COUNT_NOT_WHOLE",
                "«inf» no es un número entero de fichas: no hay fracciones de ficha.",
                "'inf' is not a whole number of chips: there are no fractions of a chip.",
            ),
        ),
        (-3, ("COUNT_NEGATIVE", "La cantidad -3 es negativa.", "The count -3 is negative.")),
        ("-3", ("COUNT_NEGATIVE", "La cantidad -3 es negativa.", "The count -3 is negative.")),
        (
            100_001,
            (
                "COUNT_TOO_LARGE",
                "La cantidad 100.001 supera el máximo de 100.000 por denominación.",
                "The count 100,001 exceeds the maximum of 100,000 per denomination.",
            ),
        ),
        (
            10**20,
            (
                "COUNT_TOO_LARGE",
                "La cantidad 100000000000000000000 supera el máximo de 100.000 por denominación.",
                "The count 100000000000000000000 exceeds the maximum of 100,000 per denomination.",
            ),
        ),
        (
            "100001",
            (
                "COUNT_TOO_LARGE",
                "La cantidad 100001 supera el máximo de 100.000 por denominación.",
                "The count 100001 exceeds the maximum of 100,000 per denomination.",
            ),
        ),
        (
            "1e999999999",
            (
                "COUNT_TOO_LARGE",
                "La cantidad 1e999999999 supera el máximo de 100.000 por denominación.",
                "The count 1e999999999 exceeds the maximum of 100,000 per denomination.",
            ),
        ),
    ],
)
def test_a_count_that_is_not_one_is_refused_in_words(raw, expected):  # issue 12 §7
    e = refusal(parse_count, raw, "chips.0.count")
    assert said(e) == (expected[0], "chips.0.count", expected[1], expected[2])
    if expected[0] == "COUNT_TOO_LARGE":
        assert e.details == {"maximum": MAX_COUNT}


def test_counts_up_to_the_maximum_are_whole_numbers():
    assert parse_count(" 7 ", "c") == 7
    assert parse_count("7.0", "c") == 7
    assert parse_count(0, "c") == 0
    assert parse_count(MAX_COUNT, "c") == MAX_COUNT
    assert parse_count(str(MAX_COUNT), "c") == MAX_COUNT
    assert isinstance(parse_count("12", "c"), int)


# --------------------------------------------------------------------------- lines


def _set() -> dict[Decimal, Denomination]:
    return {
        D(v): Denomination(pk=i, value=D(v)) for i, v in enumerate(("100.00", "25.00", "5.00"), 1)
    }


def test_chip_lines_in_every_shape_come_out_largest_first_without_zeros():  # GEN-05
    chipset = _set()
    for items in (
        [("5", 4), ("100", 2), ("25", 0)],
        {"5": 4, "100": 2},
        [{"value": "5", "count": 4}, {"denomination": "100", "count": "2"}],
        [(chipset[D("5")], 4), (chipset[D("100")], 2)],
    ):
        lines = parse_chip_lines(chipset, items, "chips")
        assert [(d.value, n) for d, n in lines] == [(D("100"), 2), (D("5"), 4)]
    assert parse_chip_lines(chipset, None, "chips") == []
    assert chips_value(parse_chip_lines(chipset, [("5", 4), ("100", 2)], "chips")) == D("220")
    assert chips_value([]) == D("0")


def test_a_chip_outside_the_set_or_twice_is_refused_at_its_line():
    chipset = _set()
    e = refusal(parse_chip_lines, chipset, [("100", 1), ("50", 1)], "chips_out")
    assert said(e) == (
        "DENOMINATION_NOT_IN_CHIP_SET",
        "chips_out.1.value",
        "Esa denominación no pertenece al juego de fichas de la mesa.",
        "That denomination is not in the table's chip set.",
    )
    assert e.details == {"offered": ["100.00", "25.00", "5.00"]}
    e = refusal(parse_chip_lines, chipset, [("25", 1), ("100", 1), ("25.00", 2)], "chips_in")
    assert said(e) == (
        "DENOMINATION_REPEATED",
        "chips_in.2.value",
        "La denominación 25,00 aparece dos veces.",
        "The denomination 25.00 appears twice.",
    )
    assert refusal(parse_chip_lines, chipset, [("100", "x")], "chips").field == "chips.0.count"
    assert refusal(parse_chip_lines, chipset, [("abc", 1)], "chips").field == "chips.0.value"


def test_cash_in_every_shape_keeps_its_kind_and_drops_empty_lines():  # GEN-06
    tenders = parse_cash(
        [
            {"value": "100", "count": 2},
            ("50", 0),
            ("20", 3),
            {"value": "1000", "count": 1, "kind": "plaque"},
            Tender(D("500"), 1, TenderKind.PLAQUE),
        ],
        "cash",
    )
    assert [(t.value, t.count, t.kind) for t in tenders] == [
        (D("100.00"), 2, TenderKind.NOTE),
        (D("20.00"), 3, TenderKind.NOTE),
        (D("1000.00"), 1, TenderKind.PLAQUE),
        (D("500.00"), 1, TenderKind.PLAQUE),
    ]
    assert parse_cash(None, "cash") == []
    assert Tender(D("100"), 3).total == D("300") and Tender(D("100"), 3).kind == TenderKind.NOTE


def test_coins_and_unknown_cash_are_refused_at_their_line():  # GEN-06, §7.3 j
    e = refusal(parse_cash, [("100", 1), {"value": "1", "count": 3, "kind": "coin"}], "cash")
    assert said(e) == (
        "COINS_REFUSED",
        "cash.1.kind",
        "No se aceptan monedas para jugar, cambiar ni apostar: solo billetes y placas.",
        "Coins are not accepted for play, change or bets: notes and plaques only.",
    )
    e = refusal(parse_cash, [{"value": "100", "count": 1, "kind": "cheque"}], "drop")
    assert said(e) == (
        "TENDER_KIND_INVALID",
        "drop.0.kind",
        "Tipo de efectivo desconocido: «cheque» (billete o placa).",
        "Unknown kind of cash: 'cheque' (note or plaque).",
    )
    assert refusal(parse_cash, [("x", 1)], "cash").field == "cash.0.value"
    assert refusal(parse_cash, [("100", -1)], "cash").field == "cash.0.count"


def test_notices_and_amounts_in_messages():
    notice = Notice("FLOAT_LOW", "pocas fichas", "few chips")
    assert notice.as_dict() == {
        "code": "FLOAT_LOW",
        "message": {"es": "pocas fichas", "en": "few chips"},
    }
    assert (notice.message(), notice.message("es"), notice.message("en-GB")) == (
        "pocas fichas",
        "pocas fichas",
        "few chips",
    )
    assert fmt(D("1234.5")) == "1,234.50"


# --------------------------------------------------------------------------- guards


@pytest.mark.django_db
def test_the_croupier_named_must_be_one_on_duty_and_not_the_approver(
    opened, staff, casino, other_casino
):
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    e = refusal(require_croupier, None, sup, session=opened)
    assert said(e) == (
        "CROUPIER_REQUIRED",
        "croupier",
        "Indique el croupier que hizo el cambio.",
        "Say which croupier made the change.",
    )
    stranger = make_staff(other_casino, "ajeno", Role.CROUPIER)
    e = refusal(require_croupier, stranger, sup, "dealer", session=opened)
    assert isinstance(e, NotFound) and said(e) == (
        "NOT_FOUND",
        "dealer",
        "Croupier inexistente.",
        "Croupier not found.",
    )
    gone = make_staff(casino, "retirado", Role.CROUPIER)
    gone.is_active = False
    gone.save(update_fields=["is_active"])
    assert refusal(require_croupier, gone, sup, session=opened).code == "NOT_FOUND"
    e = refusal(require_croupier, staff["pit_boss"], sup, session=opened)
    assert said(e) == (
        "NOT_A_CROUPIER",
        "croupier",
        "Pit_boss no tiene el rol de croupier.",
        "Pit_boss does not hold the croupier role.",
    )
    both = make_staff(casino, "doble", Role.SUPERVISOR, Role.CROUPIER)
    e = refusal(require_croupier, both, acting_as(both, Role.SUPERVISOR), session=opened)
    assert said(e) == (
        "APPROVER_IS_CROUPIER",
        "croupier",
        "Quien aprueba el cambio no puede ser el croupier que lo hace.",
        "The person approving a change cannot be the croupier making it.",
    )
    # A croupier of the casino who is not on duty at this table (issue 12 §1), named in
    # the field the caller gave.
    e = refusal(require_croupier, staff["croupier2"], sup, "croupier_out", session=opened)
    assert (e.code, e.field) == ("NOT_CROUPIER_ON_DUTY", "croupier_out")
    assert require_croupier(staff["croupier"], sup, session=opened) == staff["croupier"]


@pytest.mark.django_db
def test_people_and_players_of_another_casino_are_not_found(opened, staff, other_casino):
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    theirs = Player.objects.create(casino=other_casino, display_name="Otro")
    e = refusal(require_player, theirs, sup)
    assert said(e) == ("NOT_FOUND", "player", "Jugador inexistente.", "Player not found.")
    ours = Player.objects.create(casino=opened.casino, display_name="Ana")
    assert require_player(ours, sup) is ours and require_player(None, sup) is None

    e = refusal(require_staff_role, None, sup, [Role.PIT_BOSS], "pit_boss")
    assert said(e) == ("NOT_FOUND", "pit_boss", "Empleado inexistente.", "Staff member not found.")
    stranger = make_staff(other_casino, "jefe_ajeno", Role.PIT_BOSS)
    assert (
        refusal(require_staff_role, stranger, sup, [Role.PIT_BOSS], "pit_boss").code == "NOT_FOUND"
    )
    e = refusal(
        require_staff_role,
        staff["croupier"],
        sup,
        [Role.PIT_BOSS, Role.SHIFT_MANAGER],
        "override_by",
    )
    assert said(e) == (  # issue 41 §2: renamed from ROLE_NOT_HELD (the actor's own, 403)
        "PERSON_LACKS_ROLE",
        "override_by",
        "Croupier no tiene el rol necesario (Jefe de sector, Gerente de turno).",
        "Croupier does not hold the role required (Pit boss, Shift manager).",
    )
    assert (
        require_staff_role(staff["shift_manager"], sup, [Role.PIT_BOSS, Role.SHIFT_MANAGER], "x")
        == staff["shift_manager"]
    )


@pytest.mark.django_db
def test_a_pin_is_asked_for_by_name_and_checked(opened, staff):
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    for pin in (None, ""):
        e = refusal(check_pin, sup, staff["pit_boss"], pin, "override_pin")
        assert said(e) == (
            "PIN_REQUIRED",
            "override_pin",
            "Pit_boss debe confirmar con su PIN personal.",
            "Pit_boss must confirm with their personal PIN.",
        )
    assert refusal(check_pin, sup, staff["pit_boss"], "0000").field == "pin"
    check_pin(sup, staff["pit_boss"], "1234")  # the staff fixture's PIN


@pytest.mark.django_db
def test_a_session_of_another_casino_is_not_found(opened, staff, other_casino):
    theirs = make_staff(other_casino, "sup_ajeno", Role.SUPERVISOR)
    e = refusal(same_casino, acting_as(theirs, Role.SUPERVISOR), opened)
    assert said(e) == (
        "NOT_FOUND",
        None,
        "Sesión de mesa inexistente.",
        "Table session not found.",
    )
    same_casino(acting_as(staff["supervisor"], Role.SUPERVISOR), opened)


@pytest.mark.django_db
def test_a_session_that_takes_no_transactions_says_its_state(opened):
    TableSession.objects.filter(pk=opened.pk).update(status=TableSession.Status.CLOSING)
    opened.refresh_from_db()
    e = refusal(require_accepts_transactions, opened)
    assert isinstance(e, Conflict)
    assert (e.code, e.field, e.details) == (
        "SESSION_NOT_ACCEPTING",
        "session",
        {"status": "closing"},
    )
    assert e.message_es == ("Mesa 1 está en estado «En cierre»: ahora no admite esta operación.")
    # GEN-07: the state in words in each language; the table by the name it was given.
    assert opened.table.name == "Mesa 1"
    assert e.message_en == "Mesa 1 is 'Closing': it does not take this operation now."


@pytest.mark.django_db
def test_a_hand_in_progress_stops_rebuys_and_float_changes_in_words(opened):
    require_no_hand_in_progress(opened)
    opened.hand_in_progress = True
    e = refusal(require_no_hand_in_progress, opened)
    assert said(e) == (
        "HAND_IN_PROGRESS",
        "session",
        "Hay una mano en juego en esta mesa: espere a que termine.",
        "A hand is in progress at this table: wait until it ends.",
    )


def test_the_float_pays_only_what_it_holds_counting_what_comes_in_first():  # issue 12 §7
    chipset = _set()
    hundred, five = chipset[D("100")], chipset[D("5")]
    holdings = {hundred.pk: 3, five.pk: 0}
    require_float_holds(None, [(hundred, 3)], holdings=holdings)
    require_float_holds(None, [(hundred, 5)], ins=[(hundred, 1), (hundred, 1)], holdings=holdings)
    e = refusal(require_float_holds, None, [(hundred, 4)], holdings=holdings)
    assert isinstance(e, Conflict)
    assert said(e) == (
        "FLOAT_INSUFFICIENT",
        "chips_out",
        "La banca tiene 3 fichas de 100,00 y se piden 4: no se pagan fichas que la banca "
        "no tiene; pida un relleno.",
        "The float holds 3 chips of 100.00 and 4 are asked for: chips the float does not "
        "hold are not paid out; request a fill.",
    )
    assert e.details == {"denomination": "100.00", "available": 3, "requested": 4}
    e = refusal(require_float_holds, None, [(five, 1)], holdings={hundred.pk: -2})
    assert e.details == {"denomination": "5.00", "available": 0, "requested": 1}


@pytest.mark.parametrize("raw", [10**15, 2 * 10**15])
def test_a_count_too_large_to_print_is_shown_against_the_maximum(raw):
    # issue 41 §2: a count too long to group is shown as sent, cut to 24 characters
    e = refusal(parse_count, raw, "c")
    assert e.message_es.startswith(f"La cantidad {str(raw)[:24]} supera")
    assert e.message_en.startswith(f"The count {str(raw)[:24]} exceeds")
    below = refusal(parse_count, 10**15 - 1, "c")
    assert below.message_en.startswith("The count 999,999,999,999,999 exceeds")


def test_a_long_count_is_cut_to_24_characters_in_the_words():
    raw = "1" + "0" * 29
    e = refusal(parse_count, raw, "c")
    assert e.message_en == f"The count {raw[:24]} exceeds the maximum of 100,000 per denomination."


@pytest.mark.django_db(transaction=True)
def test_the_advisory_lock_is_held_until_the_transaction_ends():
    from django.db import connection, transaction

    from cage.services.common import advisory_lock

    held = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
    with transaction.atomic():
        advisory_lock("cage-cash:test")
        with connection.cursor() as cursor:
            cursor.execute(held)
            assert cursor.fetchone()[0] == 1
    with connection.cursor() as cursor:
        cursor.execute(held)
        assert cursor.fetchone()[0] == 0


@pytest.mark.django_db
def test_a_wrong_pin_is_refused_in_the_field_it_was_typed_in(opened, staff):
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    e = refusal(check_pin, sup, staff["pit_boss"], "0000", "override_pin")
    assert e.field == "override_pin"
