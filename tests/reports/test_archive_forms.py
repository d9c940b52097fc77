"""Forms fit for the archive (issue 14 §5): the printed forms read as a casino's paper.

Every test renders the real PDF with the code the Celery task runs
(``reports.rendering.render_report``) from a day built through the services
(tests/reports/scenario.py) and reads it back with ``pdftotext``.
"""

from __future__ import annotations

import re
import subprocess
from decimal import Decimal

import pytest

from casino.access import acting_as
from casino.formatting import money
from casino.roles import Role
from reports.registry import all_specs

from .conftest import pdf_text, render, report_tournament
from .scenario import open_session, ready_for_hands, showdown

pytestmark = pytest.mark.django_db

REQUIREMENT_ID = re.compile(r"\b[A-Z]{2,8}-\d{2}\b")
UPPER_SNAKE = re.compile(r"\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b")
# Colour changes on a table card that put its signature block across an A4 page end
# when nothing keeps it whole (found by rendering without the .sigblock rule).
SPLIT_MOVEMENTS = 33


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def casino_of(day):  # type: ignore[no-untyped-def]
    return day.session.table.casino


def params_for(kind: str, day) -> dict:  # type: ignore[no-untyped-def]
    date = day.session.gaming_day.business_date.isoformat()
    session = {"session": day.session.pk}
    if kind in ("tournament", "tournament_record"):  # a tournament, not a date
        return {"tournament": report_tournament(casino_of(day)).pk}
    return {
        "sheet": session,
        "table_card": session,
        "slips": session,
        "hands": session,
        "control_sheet": session,
        "player_tracking": session,
        "house_rules": {"ruleset": "manual"},
        "sector_sheet": {"date": date, "sector": "P1"},
        "sanctions": {"date": date},
    }.get(kind, {"date": date})


def test_no_requirement_id_or_code_on_any_form(day, casino, tmp_path):  # issue 14 §5, GEN-10
    """No "(GEN-10)", "RPT-07", "DECK-16" and no UPPER_SNAKE code on a Spanish form."""
    offenders = {}
    kinds = [spec.kind for spec in all_specs()]
    assert len(kinds) >= 15 and "sheet" in kinds, kinds
    for kind in kinds:
        text = squash(pdf_text(render(kind, casino, params_for(kind, day)).pdf, tmp_path))
        found = sorted(set(REQUIREMENT_ID.findall(text)) | set(UPPER_SNAKE.findall(text)))
        if found:
            offenders[kind] = found
    assert not offenders, "\n".join(f"{k}: {v}" for k, v in offenders.items())


def page_texts(rendered, tmp_path) -> list[str]:  # type: ignore[no-untyped-def]
    """Each page of the PDF on its own, as ``pdftotext -f N -l N`` reads it."""
    path = tmp_path / "pages.pdf"
    path.write_bytes(rendered.pdf)
    return [
        subprocess.run(
            ["pdftotext", "-layout", "-f", str(n), "-l", str(n), str(path), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for n in range(1, rendered.pages + 1)
    ]


# --------------------------------------------------------------------------- the table card


def test_table_card_keeps_every_occupant_of_a_seat_with_totals(
    staff, casino, gaming_day, sector, tmp_path
):  # BUYIN-07, BUYIN-10, RPT-05
    """Seat 3 changes hands: both occupants, the seat's total and the table's, as stored."""
    from cage import services as cage
    from cage.models import TableTransaction, TransactionKind
    from hands import services as hands

    session = ready_for_hands(staff, casino, sector, number=9)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    first = hands.hand_log(actor=sup, session=session, data=showdown(5))
    stacks = {int(s): int(Decimal(v)) for s, v in first.verdict.finishing.items()}
    cage.player_departure_record(actor=sup, session=session, seat=3, stack=str(stacks[3]))
    # Dora Paz sits at seat 3 and buys in again before a hand (her stack: the 300).
    for amount, before in (("300", None), ("200", "300")):
        cage.buyin_record(
            actor=sup,
            session=session,
            seat=3,
            amount=amount,
            croupier=staff["croupier"],
            player_name="Dora Paz",
            cash=[{"value": "100", "count": int(amount) // 100}],
            chips=[("100", int(amount) // 100)],
            **({"stack_before": before} if before else {}),
        )
    text = pdf_text(render("table_card", casino, {"session": session.pk}).pdf, tmp_path)
    by_seat = text[text.index("Por asiento") :]
    # Seat 3: the first player, who left, then Dora Paz (a buy-in and a re-buy), in order.
    assert re.search(
        r"3\s+Jugador 3\s+\d\d:\d\d\s+\d\d:\d\d\s+1 · \$ 500,00\s+0 · \$ 0,00\s+\$ 500,00", by_seat
    ), by_seat
    assert re.search(
        r"Dora Paz\s+\d\d:\d\d\s+sigue al cierre\s+1 · \$ 300,00\s+1 · \$ 200,00\s+\$ 500,00",
        by_seat,
    )
    assert by_seat.index("Jugador 3") < by_seat.index("Dora Paz")
    assert re.search(r"Total del asiento 3\s+\$ 1\.000,00", by_seat)
    assert re.search(r"Total del asiento 1\s+\$ 500,00", by_seat)
    stored = sum(
        (
            tx.sign * tx.amount
            for tx in TableTransaction.objects.filter(session=session, kind=TransactionKind.BUYIN)
        ),
        Decimal("0"),
    )
    assert stored == Decimal("2000")
    total = re.search(r"Total de la mesa \(todos los asientos\)\s+\$ ([\d.]+,\d\d)", by_seat)
    assert total and Decimal(total.group(1).replace(".", "").replace(",", ".")) == stored


# --------------------------------------------------------------------------- the closing count


def test_closing_count_prints_expected_and_difference_per_denomination(
    staff, casino, gaming_day, sector, tmp_path
):  # CLOSE-16, CLOSE-18, OPEN-09
    """Expected = the reconciliation's expected closing; one 25 chip short shows as −1."""
    from cage.reconciliation import reconcile_session
    from hands import services as hands
    from tables import services as tables
    from tables.models import ClosingSheet

    session = ready_for_hands(staff, casino, sector, number=9)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    hands.hand_log(actor=sup, session=session, data=showdown(5))
    session = tables.session_announce_last_hand(actor=boss, session=session, last_hand_number=1)
    tables.closing_start(actor=boss, session=session, security_officer=staff["security"])
    closing = ClosingSheet.objects.get(session=session)
    lines = reconcile_session(session).lines
    counted = {
        d: line.expected - (1 if line.value == Decimal("25") else 0) for d, line in lines.items()
    }
    tables.closing_count_record(
        actor=sup,
        sheet=closing,
        lines=[{"denomination": d, "stacks": n // 20, "loose": n % 20} for d, n in counted.items()],
    )
    text = pdf_text(render("sheet", casino, {"session": session.pk}).pdf, tmp_path)
    part = text[text.index("Cierre") :]
    for line in sorted(lines.values(), key=lambda x: x.value, reverse=True):
        n = counted[line.denomination_id]
        diff = r"−1 \(−\$ 25,00\)" if line.value == Decimal("25") else "0"
        value = money(line.value, "es", currency="$")
        row = (
            rf"{re.escape(value)}\s+\w+\s+{n // 20}\s+{n % 20}\s+{n}\s+\S+ [\d.]+,\d\d\s+"
            rf"{line.expected}\s+{diff}\s+\d+"
        )
        assert re.search(row, part), (row, part[-2500:])
    expected_total = sum((x.value * x.expected for x in lines.values()), Decimal("0"))
    assert re.search(
        rf"Total de la banca al cierre\s+{sum(counted.values())}\s+\$ [\d.]+,\d\d\s+"
        rf"{re.escape(money(expected_total, 'es', currency='$'))}\s+−\$ 25,00\s+\$ [\d.]+,\d\d",
        text,
    )


# --------------------------------------------------------------------------- slips


def test_credit_slip_has_its_own_wording_and_signing_order(day, casino, tmp_path):  # CLOSE-07
    """A credit goes table → cage: the table hands over first, the cage receives last."""
    fill = next(s for s in day.slips if s.kind == "fill")
    credit = next(s for s in day.slips if s.kind == "credit")
    text = squash(pdf_text(render("slips", casino, {"slip": credit.pk}).pdf, tmp_path))
    assert "CRÉDITO (de la mesa a la caja)" in text
    assert "recibido en la caja: completo" in text and "recibido en la mesa" not in text
    assert "en traslado a la mesa" not in text and "entregado por la caja" not in text
    # (role names wrap inside their column: their first words are enough to place them)
    order = ["Jefe de sector", "Croupier", "Supervisor de", "Oficial de", "Cajero de caja"]
    roles = text.index("Firmas, en el orden en que se firma")
    positions = [text.index(role, roles) for role in order]
    assert positions == sorted(positions), positions
    assert "solicita el crédito" in text and "cuenta y entrega las" in text
    assert "recibe y confirma en" in text
    # The fill keeps the fill's order and words.
    text = squash(pdf_text(render("slips", casino, {"slip": fill.pk}).pdf, tmp_path))
    assert "RELLENO (de la caja a la mesa)" in text and "recibido en la mesa: completo" in text
    roles = text.index("Firmas, en el orden en que se firma")
    order = ["Jefe de sector", "Cajero de caja", "Oficial de", "Croupier", "Supervisor de"]
    positions = [text.index(role, roles) for role in order]
    assert positions == sorted(positions), positions


# --------------------------------------------------------------------------- signature blocks


def test_signature_block_is_never_split_from_its_label(
    staff, casino, gaming_day, sector, tmp_path
):  # RPT-01, issue 14 §5
    """A table card whose signature block falls at a page end: label and lines move together."""
    from cage import services as cage

    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    session = open_session(staff, casino, sector, number=8)
    for i in range(SPLIT_MOVEMENTS):
        small, big = [("5", 20)], [("100", 1)]
        cage.colour_change_record(
            actor=sup,
            session=session,
            chips_in=small if i % 2 else big,
            chips_out=big if i % 2 else small,
            croupier=staff["croupier"],
            seat=1 + i % 9,
        )
    rendered = render("table_card", casino, {"session": session.pk}, paper="A4")
    pages = page_texts(rendered, tmp_path)
    with_label = [n for n, page in enumerate(pages) if re.search(r"^\s*Firmas\s*$", page, re.M)]
    assert len(with_label) == 1, with_label
    page = pages[with_label[0]]
    for line in ("Rol", "Nombre", "Fecha", "Hora", "Firma"):
        assert re.search(rf"^\s*{line}\b", page, re.M), (line, page)
    assert "Supervisor de mesa" in page and "Jefe de sector" in page
    assert "Supervisor" in page.split("Nombre", 1)[1]  # the names are printed
    # No page but that one has a line of the block.
    for n, other in enumerate(pages):
        if n != with_label[0]:
            assert not re.search(r"^\s*(Nombre|Fecha)\b", other, re.M), n


def test_signed_block_prints_name_role_date_and_time(day, casino, tmp_path):  # CLOSE-18, OPEN-18
    text = pdf_text(render("sheet", casino, {"session": day.session.pk}).pdf, tmp_path)
    block = text[text.index("Firmas del cierre") :]
    date = day.closing.signatures().first().signed_at
    from django.utils import timezone

    local = timezone.localtime(date, __import__("zoneinfo").ZoneInfo(casino.time_zone))
    assert re.search(r"Nombre\s+Croupier2\s+Supervisor\s+Pit_boss", block), block[:1500]
    assert re.search(rf"Fecha\s+{local:%d/%m/%Y}\s+{local:%d/%m/%Y}", block)
    assert re.search(r"Hora\s+\d\d:\d\d\s+\d\d:\d\d\s+\d\d:\d\d", block)
    assert "PIN en terminal" in block


# --------------------------------------------------------------------------- currency sign


def test_amounts_carry_the_casino_currency_sign_and_chip_counts_do_not(
    day, casino, tmp_path
):  # issue 14 §5, RPT-01
    text = pdf_text(render("sheet", casino, {"session": day.session.pk}).pdf, tmp_path)
    # value → stacks → loose → chips (counts, no sign) → total (money, signed)
    assert re.search(r"\$ 100,00\s+negro\s+6\s+0\s+120\s+\$ 12\.000,00", text)
    assert re.search(
        r"\$ 50,00\s+naranja\s+3\s+19\s+79\s+\$ 3\.950,00\s+80\s+−1 \(−\$ 50,00\)", text
    )
    assert not re.search(r"\$ \d+\s+(negro|naranja)", text)
    english = pdf_text(
        render("table_card", casino, {"session": day.session.pk}, lang="en").pdf, tmp_path
    )
    assert re.search(r"Buy-ins and re-buys\s+4\s+\$1,700\.00", english)
    # Another currency, another sign; an unknown code prints as itself.
    casino.currency = "USD"
    casino.save(update_fields=["currency"])
    text = pdf_text(render("table_card", casino, {"session": day.session.pk}).pdf, tmp_path)
    assert re.search(r"Compras y recompras\s+4\s+US\$ 1\.700,00", text)


# --------------------------------------------------------------------------- house rules


@pytest.mark.parametrize(
    "ruleset,own,others",
    [
        ("manual", "3 % de cada pozo en las partidas con dinero", ("PBA", "CABA")),
        ("pba", "Cargo por asiento.", ("CABA", "MANUAL")),
        ("caba", "Un porcentaje de hasta el 5 %.", ("PBA", "MANUAL")),
    ],
)
def test_house_rules_state_only_their_own_ruleset(
    casino, tmp_path, ruleset, own, others
):  # GEN-12, RPT-16
    text = squash(pdf_text(render("house_rules", casino, {"ruleset": ruleset}).pdf, tmp_path))
    assert own in text
    assert ruleset.upper() in text  # the sheet names its own ruleset
    for other in others:
        assert not re.search(rf"\b{other}\b", text), (
            other,
            re.findall(rf".{{60}}\b{other}\b.{{20}}", text),
        )
    assert "en las tres reglas" not in text and not REQUIREMENT_ID.search(text)


# --------------------------------------------------------------------------- Spanish terms


def test_spanish_forms_use_the_manual_words(day, casino, tmp_path):  # issue 14 §5
    """ "Registro" (glossary: registro, tarjeta de registro) for ledger entries, never "asiento"."""
    date = day.session.gaming_day.business_date.isoformat()
    for kind, params in (("rake", {"date": date}), ("sanctions", {"date": date})):
        text = squash(pdf_text(render(kind, casino, params).pdf, tmp_path))
        assert not re.search(r"\basientos? (de comisión|del registro)|Sin asientos", text), kind
    sanctions = squash(pdf_text(render("sanctions", casino, {"date": date}).pdf, tmp_path))
    assert "registros del libro" in sanctions.lower()
