"""The hand-history PDF reads as the hand's page (issue 40, RPT-12, GEN-07).

A hand whose folds and checks the page calls *se retira* and *pasa*, whose showdown was
recorded as "muestra K♠ Q♠" (the cards in the show, not at the deal), and whose board runs
to the river: the PDF uses the page's words, prints the shown cards in the *Cartas* column
and keeps the board on one line.
"""

from __future__ import annotations

import re

import pytest

from casino.roles import Role
from hands import services as hands

from .conftest import pdf_text, render
from .scenario import act, ready_for_hands, seats

pytestmark = pytest.mark.django_db


def _hand(button: int = 5) -> dict:
    return {
        "button": button,
        "seats": seats({1: 500, 3: 500, 5: 500}),
        "actions": [
            {"action": "call", "seat": 5},
            {"action": "fold", "seat": 1},
            {"action": "check", "seat": 3},
            {"action": "board", "cards": "Kh7d2c"},
            {"action": "check", "seat": 3},
            {"action": "check", "seat": 5},
            {"action": "board", "cards": "Qd"},
            {"action": "check", "seat": 3},
            {"action": "check", "seat": 5},
            {"action": "board", "cards": "3h"},
            {"action": "check", "seat": 3},
            {"action": "check", "seat": 5},
            {"action": "show", "seat": 3, "cards": "7c7s"},
            {"action": "show", "seat": 5, "cards": "KsQs"},
        ],
    }


def test_rpt_12_the_hand_history_uses_the_pages_words_cards_and_board(
    staff, casino, gaming_day, sector, tmp_path
):
    session = ready_for_hands(staff, casino, sector, 7)
    hand = hands.hand_log(
        actor=act(staff["supervisor"], Role.SUPERVISOR), session=session, data=_hand()
    )
    text = pdf_text(render("hands", casino, {"hand": hand.pk}).pdf, tmp_path)
    flat = re.sub(r"\s+", " ", text)
    assert "Asiento 1 se retira" in flat, flat
    assert "Asiento 3 pasa" in flat, flat
    assert "(fold)" not in flat and "(check)" not in flat
    # The Cartas column: the seat's row carries the cards it showed.
    row = next(line for line in text.splitlines() if re.match(r"\s*5\s", line))
    assert "K♠ Q♠" in row, row
    # The board on one line, its last card with it.
    assert re.search(r"K♥ 7♦ 2♣ Q♦ 3♥", text), text
