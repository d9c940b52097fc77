"""Each report rendered for real from a day built through the services, read back with pdftotext.

One full day at table 7 (tests/reports/scenario.py); every figure checked here is
derived from what the services recorded (issue 7 "done when").
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from cage.selectors import slip_number_label

from .conftest import pdf_text, render

pytestmark = pytest.mark.django_db


def text_of(rendered, tmp_path, layout: bool = True) -> str:  # type: ignore[no-untyped-def]
    return pdf_text(rendered.pdf, tmp_path, layout=layout)


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def assert_numbered(text: str, pages: int, lang: str = "es") -> None:
    word, of = ("page", "of") if lang == "en" else ("página", "de")
    found = [int(n) for n, m in re.findall(rf"{word} (\d+) {of} (\d+)", text) if int(m) == pages]
    assert found == list(range(1, pages + 1)), found


def test_sheet_prints_three_copies_with_destination_serial_and_fingerprint(
    day, casino, tmp_path
):  # RPT-02, OPEN-18, CLOSE-18, CLOSE-10, OQ-25
    rendered = render("sheet", casino, {"session": day.session.pk})
    text = text_of(rendered, tmp_path)
    flat = squash(text)
    serial = day.opening.serial
    assert serial == day.closing.serial
    labels = [
        "Original — caja principal del casino",
        "Copia 1 — caja de drop (efectivo)",
        "Copia 2 — fichero de la mesa, bajo llave",
    ]
    positions = [flat.index(f"Ejemplar: {label} · N° {serial}") for label in labels]
    assert positions == sorted(positions)  # original, drop box, chip rack: one after the other
    # The content fingerprint is printed in every copy's body and on every page's footer.
    fingerprint = rendered.content_sha256[:16]
    assert flat.count(fingerprint) >= 3 + rendered.pages
    assert_numbered(text, rendered.pages)
    # Opening: value -> chips -> total, highest first; the short 50s and their acknowledgement.
    assert re.search(r"\$ 100,00\s+negro\s+6\s+0\s+120\s+\$ 12\.000,00", text)
    assert re.search(
        r"\$ 50,00\s+naranja\s+3\s+19\s+79\s+\$ 3\.950,00\s+80\s+−1 \(−\$ 50,00\)", text
    )
    assert (
        flat.index("$ 100,00 negro") < flat.index("$ 50,00 naranja") < flat.index("$ 1,00 blanco")
    )
    assert "$ 19.550,00" in text and "esperado $ 19.600,00" in flat
    raw = squash(text_of(rendered, tmp_path, layout=False))
    assert "Ficha de 50 faltante desde el cierre anterior" in raw
    # Closing: the count the cage expected, slips with their numbers, float back at par.
    assert "$ 17.850,00" in text and "Total $ 19.600,00" in flat
    for slip in (*day.slips, day.voided):  # in the manual's words, not the stored series
        word = "Relleno" if slip.kind == "fill" else "Crédito"
        assert f"{word} N.º {slip.year}-{slip.number:06d}" in text
    assert "ANULADO" in text and "FILL-" not in text and "CREDIT-" not in text
    assert "anunciada n.º 3" in flat and "última registrada n.º 3" in flat
    assert "Drop contado $ 1.600,00" in flat and "Drop esperado $ 1.700,00" in flat
    # Three signatures on each part, with the names and the croupier's PIN.
    assert flat.count("Croupier2 ") >= 3
    assert "PIN en terminal" in text and "Pit_boss" in text and "Supervisor de mesa" in text
    assert "Oficial de seguridad presente" in flat and "Cierre iniciado; seguridad avisada" in flat
    assert "Banca mesa 7" in text  # key log (OPEN-01)


def test_sheet_reprint_is_marked_and_keeps_the_fingerprint(day, casino, tmp_path):  # RPT-01
    original = render("sheet", casino, {"session": day.session.pk}, serial="INF-2026-000007")
    copy = render(
        "sheet",
        casino,
        {"session": day.session.pk},
        serial="INF-2026-000007",
        copy_of="INF-2026-000007",
    )
    assert copy.content_sha256 == original.content_sha256
    text = text_of(copy, tmp_path)
    assert text.count("COPIA — reimpresión del informe INF-2026-000007") == 3  # once per copy
    assert "COPIA" not in text_of(original, tmp_path)


def test_sheet_by_table_and_day_in_english_on_letter(day, casino, tmp_path):  # RPT-02
    rendered = render(
        "sheet",
        casino,
        {"table": 7, "date": day.session.gaming_day.business_date.isoformat()},
        lang="en",
        paper="LETTER",
    )
    text = text_of(rendered, tmp_path)
    assert "Copy: Original — main cage" in text and "Copy 2 — chip rack, locked" in text
    assert "19,550.00" in text and "17,850.00" in text
    assert_numbered(text, rendered.pages, "en")


def test_table_card_lists_every_movement_with_people_and_totals(
    day, casino, tmp_path
):  # RPT-04, RPT-05, BUYIN-10
    rendered = render("table_card", casino, {"session": day.session.pk})
    text = text_of(rendered, tmp_path)
    flat = squash(text)
    for seat, player in ((1, "Ana Gómez"), (3, "Beto Ruiz"), (5, "Carla Díaz")):
        assert re.search(rf"Compra\s+{seat}\s+{player}\s+\$ 500,00\s+efectivo", text), player
    assert re.search(r"Recompra\s+5\s+Carla Díaz\s+\$ 200,00", text)
    assert "Cambio de color" in text and "Cambio de valor" in text
    assert "20 × 5,00" in text and "4 × 25,00" in text
    assert flat.count("Supervisor (Supervisor de mesa)") == 6
    assert "Croupier2" in text
    assert re.search(r"Compras y recompras\s+4\s+\$ 1\.700,00", text)
    assert re.search(r"Efectivo que debe estar en la caja de drop\s+\$ 1\.700,00", text)
    assert re.search(r"5\s+Carla Díaz.*1 · \$ 200,00\s+\$ 700,00", text)  # per seat, one re-buy
    english = text_of(
        render("table_card", casino, {"session": day.session.pk}, lang="en"), tmp_path
    )
    assert "Re-buy" in english and "1,700.00" in english


def test_slips_print_each_copy_with_its_destination(day, casino, tmp_path):  # RPT-03, CLOSE-07
    rendered = render("slips", casino, {"session": day.session.pk})
    text = text_of(rendered, tmp_path)
    flat = squash(text)
    slips = [day.voided, *day.slips]
    assert rendered.pages == 3 * len(slips)
    for slip in slips:
        for label in ("Original — caja principal", "Copia 1 — caja de drop", "Copia 2 — fichero"):
            number = re.escape(slip_number_label(slip))  # "Relleno N.º 2026-000001"
            assert re.search(rf"Ejemplar: {label}[^·]*· {number}", flat), (label, slip)
    assert flat.count("VALE ANULADO") == 3
    assert "Pedido por error" in text and "Confirmada por Shift_manager" in flat
    fill = day.slips[0]
    value = sum(line.denomination.value * line.count for line in fill.lines.all())
    from reports.formatting import money

    assert "Total del vale" in text and money(value) in text
    for name in ("Pit_boss", "Cage_cashier", "Security", "Croupier2", "Supervisor"):
        assert name in text
    one = text_of(render("slips", casino, {"slip": fill.pk}, lang="en"), tmp_path)
    assert slip_number_label(fill, "en") in one and "Copy 2 — the table's chip rack" in one
    assert day.voided.serial not in one


def test_deck_custody_log_of_the_day(day, casino, tmp_path):  # RPT-08, DECK-21
    date = day.session.gaming_day.business_date.isoformat()
    rendered = render("deck_custody", casino, {"date": date})
    text = text_of(rendered, tmp_path)
    flat = squash(text)
    assert re.search(r"Depósito de seguridad\s+3\s+3\s+1\s+0\s+2\s+0\s+sí\s+Shift_manager", text)
    assert "CNP-2026-000001" in text and "A1, R1, R2" in text
    assert re.search(r"R1 rojo\s+en juego\s+en descanso \(rotación\)\s+Supervisor", text)
    assert "cambio de croupier" in text
    assert re.search(
        r"A1 azul\s+en juego\s+devuelto al jefe de sector\s+Supervisor.*Croupier2", text
    )
    assert "clasificado descarte" in flat and "clasificado reutilizable" in flat
    assert "Excepciones" not in text  # the day's packs are all accounted for
    one_table = text_of(render("deck_custody", casino, {"date": date, "table": 7}), tmp_path)
    assert "Mesa 7" in one_table and "Conciliación diaria" not in one_table


def test_sanctions_report_by_player_and_conduct(day, casino, tmp_path):  # RPT-10, SANC-14
    date = day.session.gaming_day.business_date.isoformat()
    rendered = render("sanctions", casino, {"date_from": date, "date_to": date})
    text = text_of(rendered, tmp_path)
    flat = squash(text)
    notices = [s.notice for s in day.sanctions]
    assert notices == ["SAN-2026-000001", "SAN-2026-000002"]
    assert re.search(r"Beto Ruiz\s+1\s+1\s+SAN-2026-000001 Advertencia verbal", text)
    assert re.search(r"Carla Díaz\s+1\s+0\s+SAN-2026-000002 Retiro de la mesa", text)
    # By conduct, in its words (GEN-07): never the stored code (disruptive, staff_disrespect).
    assert re.search(r"Gritos, desprecio, .* lanzar cartas o fichas\s+no\s+1\s+1\s+0\s+1", text)
    assert re.search(r"Falta de respeto al croupier o al personal\s+sí\s+0\s+1\s+0\s+1", text)
    assert "disruptive" not in text and "staff_disrespect" not in text
    assert "Arrojó las cartas al croupier" in squash(text_of(rendered, tmp_path, layout=False))
    # The warning is served at once and the removal ended with the closed session.
    assert re.search(r"Sanciones vigentes.*?Ninguna\.", flat)
    english = text_of(render("sanctions", casino, {"date": date}, lang="en"), tmp_path)
    assert "By conduct" in english and "Verbal warning" in english


def test_hand_report_lists_invalid_hands_first(day, casino, tmp_path):  # RPT-12
    rendered = render("hands", casino, {"session": day.session.pk})
    text = text_of(rendered, tmp_path)
    flat = squash(text)
    assert flat.index("Mano 3 — INVÁLIDA") < flat.index("Mano 1 — VÁLIDA") < flat.index("Mano 2")
    # The violation in words, never its code (issue 14 §5).
    assert "Continuidad de fichas, asiento 1" in flat and "sin resolver" in text
    assert "CONTINUITY_MISMATCH" not in text
    assert "2♥ 7♦ 9♠ J♣ 3♠" in text and "A♠ A♦" in text
    assert "Asiento 5 sube a 20,00" in flat
    assert re.search(r"1 SB\s+Ana Gómez\s+A♠ A♦\s+\$ 500,00", text)  # names from the table card
    assert re.search(r"principal\s+\$ 60,00\s+1, 3, 5\s+1\s+\$ 1,00", text)
    assert "pozo $ 60,00 · comisión $ 1,00" in flat and "asiento 1 $ 59,00" in flat
    one = text_of(render("hands", casino, {"hand": day.hands[0].pk}, lang="en"), tmp_path)
    assert (
        "Hand 1 — VALID" in one and "Hand 3" not in one and "Seat 5 raises to 20.00" in squash(one)
    )


def test_gaming_day_master_report(day, casino, tmp_path):  # issue 7 §7, RPT-07, RPT-13
    date = day.session.gaming_day.business_date.isoformat()
    rendered = render("gaming_day", casino, {"date": date})
    text = text_of(rendered, tmp_path)
    flat = squash(text)
    # Table 7 (issue 14 §1): opening 19,550, fills 1,950 (closing), credits 200, final float
    # 19,600 (after the closing slips), drop 1,600 counted, rake box 1, result −99, rake
    # recorded 1, difference −100 (the drop is 100 short), hold −6.2 %; 3 hands, 1 invalid.
    row = r"7\s+\$ 19\.550,00\s+\$ 1\.950,00\s+\$ 200,00\s+\$ 19\.600,00\s+\$ 1\.600,00\s+\$ 1,00\s+−\$ 99,00\s+\$ 1,00\s+−\$ 100,00\s+−6,2 %\s+3\s+1"
    assert re.search(row, text), text[:3000]
    assert "La jornada NO concilia: 3 causas" in text
    assert "Billete de 100 devuelto al jugador sin registrar" in flat  # the explanation
    raw = squash(text_of(rendered, tmp_path, layout=False))
    assert "Diferencia en la caja de drop" in raw and "Mano inválida sin resolver" in raw
    assert "_VARIANCE" not in text
    assert f"Relleno N.º {day.voided.year}-{day.voided.number:06d}" in text
    assert "Pedido por error" in text and "FILL-" not in text
    assert "SAN-2026-000001" in text and "Retiro de la mesa por la sesión" in flat
    assert "Sin saltos en las series" in flat
    assert "Rellenos del mes $ 1.950,00" in flat and "drop esperado del mes $ 1.700,00" in flat
    assert "Comisión por hora" in text and "Manos por mesa" in text  # the SVG charts
    assert_numbered(text, rendered.pages)


def test_same_report_twice_over_the_same_data_gives_the_same_text(day, casino, tmp_path):
    # Issue 7 §8: the content fingerprint and the text (without the stamp) do not change.
    date = day.session.gaming_day.business_date.isoformat()
    for kind, params in (("gaming_day", {"date": date}), ("sheet", {"session": day.session.pk})):
        a = render(kind, casino, params, generated_by="ana")
        b = render(kind, casino, params, generated_by="beto")
        assert a.content_sha256 == b.content_sha256, kind

        def strip(text: str) -> str:
            return re.sub(r"Generado por .*", "", text)

        assert strip(text_of(a, tmp_path)) == strip(text_of(b, tmp_path))


def test_rake_report_computed_recorded_and_counted(day, casino, tmp_path):  # RPT-09, RAKE-09
    date = day.session.gaming_day.business_date.isoformat()
    rendered = render("rake", casino, {"date": date})
    text = text_of(rendered, tmp_path)
    # Table 7: 3 hands, 2 valid, pots 70 (60 + 10), computed 1, recorded 1, box counted 1.
    assert re.search(
        r"7\s+3,0 %\s+—\s+3\s+2\s+\$ 70,00\s+\$ 1,00\s+\$ 1,00\s+\$ 0,00\s+1\s*/\s*0\s+\$ 1,00\s+\$ 0,00",
        text,
    ), text[:2000]
    assert "Ninguna." in text
    english = text_of(render("rake", casino, {"date": date, "table": 7}, lang="en"), tmp_path)
    assert "Rake computed" in english and "Table 7" in english


def test_exception_report_lists_what_needs_a_manager(day, casino, tmp_path):  # RPT-13
    date = day.session.gaming_day.business_date.isoformat()
    rendered = render("exceptions", casino, {"date": date})
    text = text_of(rendered, tmp_path)
    flat = squash(text_of(rendered, tmp_path, layout=False))
    # Each cause once (issue 14 §2): the drop shortage explains the result's difference.
    assert "3 causas" in text
    assert "Diferencias de apertura y cierre" in text and "Diferencia en la apertura" in flat
    assert "Diferencias de conciliación" in text and "Diferencia en la caja de drop" in flat
    assert "Billete de 100 devuelto al jugador sin registrar (Pit_boss)" in flat
    assert "Mano 3 inválida" in flat  # the invalid hand waiting for its review
    assert "_VARIANCE" not in text and "OPENING_DISCREPANCY" not in text
    # Nothing unsigned, no gap, the deck control signed: those sections are absent.
    for absent in ("Documentos sin firmar", "Saltos de numeración", "Naipes sin justificar"):
        assert absent not in text


def test_render_report_command_for_data_reports(day, casino, tmp_path):  # issue 7 §9
    from django.core.management import call_command

    date = day.session.gaming_day.business_date.isoformat()
    out = tmp_path / "hoja.pdf"
    call_command("render_report", "sheet", "--table", "7", "--date", date, "--out", str(out))
    assert "HAC-2026-000001" in pdf_text(out)
    out = tmp_path / "hands.pdf"
    call_command(
        "render_report",
        "hands",
        "--session",
        str(day.session.pk),
        "--first",
        "2",
        "--last",
        "3",
        "--lang",
        "en",
        "--paper",
        "Letter",
        "--out",
        str(out),
    )
    text = squash(pdf_text(out))
    assert "Hand 3 — INVALID" in text and "Hand 2 — VALID" in text and "Hand 1 " not in text
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="SESSION_NOT_FOUND|TABLE_NOT_FOUND|not found"):
        call_command("render_report", "sheet", "--table", "99", "--out", str(tmp_path / "x.pdf"))


def test_sheet_of_a_table_still_open_prints_its_opening_part(
    staff, casino, gaming_day, sector, tmp_path
):  # OQ-25: the opening part is printed at the opening; the closing completes it later
    from .scenario import open_session

    session = open_session(staff, casino, sector, number=9)
    rendered = render("sheet", casino, {"table": 9})
    flat = squash(text_of(rendered, tmp_path))
    assert flat.count("La sesión todavía no tiene planilla de cierre.") == 3
    assert "banca estándar (no hay cierre anterior)" in flat
    assert "Total de la banca 600 $ 19.600,00 esperado $ 19.600,00" in flat
    assert f"Mesa 9 · {session.gaming_day.business_date:%d/%m/%Y} · sesión 1" in flat


def test_key_custody_log(day, casino, tmp_path):  # RPT-15, OPEN-01, CLOSE-17
    date = day.session.gaming_day.business_date.isoformat()
    text = text_of(render("keys", casino, {"date": date}), tmp_path)
    assert re.search(r"Banca mesa 7\s+7\s+Pit_boss\s+Shift_manager \(Gerente de turno\)", text)
    assert re.search(r"SIN DEVOLVER\n.*\s1\s+0\n", text) and "NO DEVUELTA" not in text


def test_irregularities_and_misdeals(staff, casino, gaming_day, sector, tmp_path):  # RPT-11
    from casino.access import acting_as
    from casino.roles import Role
    from hands import services as hands

    from .scenario import ready_for_hands, showdown

    session = ready_for_hands(staff, casino, sector, number=9)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    misdeal = {
        "button": 5,
        "seats": [{"seat": s, "stack": "500"} for s in (1, 3, 5)],
        "actions": [
            {
                "action": "irregularity",
                "irregularity": {
                    "kind": "dealer_exposed_card",
                    "seat": 1,
                    "first_or_second_card": True,
                },
            }
        ],
    }
    void = hands.hand_log(actor=sup, session=session, data=misdeal)
    assert void.status == "void"
    hands.hand_log(actor=sup, session=session, data=showdown(5), redeal_of=void)
    date = gaming_day.business_date.isoformat()
    rendered = render("irregularities", casino, {"date": date, "table": 9})
    text = text_of(rendered, tmp_path)
    flat = squash(text_of(rendered, tmp_path, layout=False))
    # Words, not codes (issue 14 §5): the irregularity, the ruling and the house rule's number.
    assert "El croupier expuso una carta" in flat and "Reparto erróneo" in flat
    assert "regla 49" in flat and "dealer_exposed_card" not in text and "RUL-49" not in text
    assert "MANUAL" in text and "Supervisor" in text
    assert re.search(r"9\s+1\s+\d\d:\d\d\s+\S+\s+2", text)  # hand 1 void, redealt as hand 2
    assert "Irregularidades y decisiones aplicadas" in flat


def test_master_report_reads_hands_in_aggregate(staff, casino, gaming_day, sector):
    # Issue 7: large reports aggregate in the database — the master report makes the same
    # number of queries whether a table logged two hands or six.
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from casino.access import acting_as
    from casino.roles import Role
    from hands import services as hands
    from reports.kinds.gaming_day import master_data

    from .scenario import fold_to_big_blind, ready_for_hands

    session = ready_for_hands(staff, casino, sector, number=9)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    stacks = {1: 500, 3: 500, 5: 500}

    def play(n: int) -> None:
        for _ in range(n):
            hand = hands.hand_log(
                actor=sup, session=session, data=fold_to_big_blind(button, dict(stacks))
            )
            for seat, chips in hand.verdict.finishing.items():
                stacks[int(seat)] = int(Decimal(chips))

    def queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            data = master_data(gaming_day, "es", lambda p, m: None)
        return len(ctx.captured_queries), data["counters"]["hands"]

    button = 5
    play(1)
    button = 1
    play(1)
    queries()  # warm the content-type cache
    few, total = queries()
    assert total == 2
    for b in (3, 5, 1, 3):
        button = b
        play(1)
    many, total = queries()
    assert total == 6 and many == few


def test_the_audit_report_of_one_table_lists_only_that_tables_lines(day, casino, tmp_path):
    # RPT-13 with the period's optional table (OptionalPeriodParams): the table asked is
    # honoured, not ignored. Table 7 holds every cause of the day; table 8 none of them.
    from casino.errors import NotFound

    from .scenario import make_table

    date = day.session.gaming_day.business_date.isoformat()
    seven = text_of(render("exceptions", casino, {"date": date, "table": 7}), tmp_path)
    assert "3 causas" in seven and "Mesa 7" in seven
    # Reconciled alone (issue 18 §2), it says where the room's checks are.
    assert "están en el informe de la sala" in squash(seven)
    room = text_of(render("exceptions", casino, {"date": date}), tmp_path)
    assert "3 causas" in room and "informe de la sala" not in squash(room)
    make_table(casino, day.session.table.sector, number=8)
    eight = text_of(render("exceptions", casino, {"date": date, "table": 8}), tmp_path)
    assert "Mesa 8" in eight and "sin causas de diferencia ni excepciones" in eight
    assert "Diferencia en la caja de drop" not in squash(eight)
    with pytest.raises(NotFound) as err:
        render("exceptions", casino, {"date": date, "table": 9})
    assert err.value.code == "TABLE_NOT_FOUND"
