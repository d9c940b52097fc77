"""The colour-ups at closing on the closing sheet, read back from the PDF (§9.1(2))."""

from __future__ import annotations

import re

import pytest

from .conftest import pdf_text, render

pytestmark = pytest.mark.django_db


def test_close_02_closing_colour_ups_are_printed_on_the_closing_sheet(day, casino, tmp_path):
    # The day: a colour change at seat 1 during play, the last hand announced (n.º 3), then
    # seat 1's colour-up of 4 × 25 into one 100 (a cash-out, CHIP-15) before the count.
    rendered = render("sheet", casino, {"session": day.session.pk})
    text = pdf_text(rendered.pdf, tmp_path)
    flat = re.sub(r"\s+", " ", text)
    assert "Cambios de color al cierre" in flat
    section = flat[flat.index("Cambios de color al cierre") :]
    row = re.search(r"\d\d:\d\d 1 \$ 100,00 (\S+) (\S+)", section)
    assert row is not None, section[:400]
    assert row.groups() == ("Croupier2", "Supervisor")  # who coloured up, who approved
    # Only the colour-ups after the last hand: the colour change during play is not one.
    assert len(re.findall(r"\d\d:\d\d \d+ \$ [\d.,]+ Croupier2 Supervisor", section[:600])) == 1
    english = re.sub(
        r"\s+",
        " ",
        pdf_text(render("sheet", casino, {"session": day.session.pk}, lang="en").pdf, tmp_path),
    )
    assert "Colour-ups at closing" in english
