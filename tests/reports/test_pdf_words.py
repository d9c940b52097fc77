"""One vocabulary in every PDF of a played day (issue 40, GEN-07).

Each report kind of the catalogue, rendered for real over the shared day (the scenario of
``test_no_codes_printed``) and read back with pdftotext, in Spanish: no English word, no
amount in English format, no cards in the record's notation, no audit or record code.
(``test_no_codes_printed`` already refuses stored codes in both languages.)
"""

from __future__ import annotations

import re

import pytest

from tests.floor.words import CARDS, DOTTED, REQUIREMENT, english_amounts, english_words

from .conftest import pdf_text, render
from .test_no_codes_printed import KINDS, params_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", KINDS)
def test_gen_07_every_pdf_reads_spanish(kind, day, staff, casino, tmp_path):  # GEN-07
    for n, user in enumerate(staff.values()):  # people's names, not "Security", "Surveillance"
        user.first_name, user.last_name = f"Nombre{n}", "Apellido"
        user.save(update_fields=["first_name", "last_name"])
    text = pdf_text(render(kind, casino, params_for(kind, day), lang="es").pdf, tmp_path)
    flat = re.sub(r"\s+", " ", text)
    found = {
        "English": english_words(flat),
        "amounts": english_amounts(flat),
        "cards": CARDS.findall(flat),
        "codes": DOTTED.findall(flat),
        "ids": [i for i in REQUIREMENT.findall(flat) if i != "SHA-256"],
    }
    problems = {what: sorted(set(items)) for what, items in found.items() if items}
    assert not problems, problems
