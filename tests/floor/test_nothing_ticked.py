"""No control is ticked in advance (issue 40 §1, GEN-07): a check nobody made is not made.

Every form of every page of a played day (``walk.pages``), read as each role that may open
it: a checkbox that arrives ticked fails, unless it is listed below with the reason why
its tick is a fact the page shows and not a check someone must make.
"""

from __future__ import annotations

import re

import pytest

from .walk import pages, read, reader

pytestmark = pytest.mark.django_db

# (page, box name with ``*`` for a number) -> why it may come ticked.
TICKED_ON_PURPOSE = {
    ("hands:live_start", "in_*"): (
        "who is dealt in is the seating plan's fact (the players seated and not sitting "
        "out, SEAT-05); the supervisor unticks a player who sits this hand out"
    ),
    ("hands:list", "unresolved"): "a filter of the list, ticked when the query asks for it",
}


def _key(name: str, box: str) -> tuple[str, str]:
    return (name, re.sub(r"\d+", "*", box))


def test_gen_07_no_checkbox_of_any_page_comes_ticked(staff, casino, gaming_day, sector):
    # DECK-06, DECK-10, PREP-02, CLOSE-12: what a person declares, he ticks himself.
    from tests.security.world import build_world

    world = build_world(staff, casino, gaming_day, sector)
    ticked: list[str] = []
    boxes = shown = 0
    for page in pages(world):
        response = reader(staff, page.role).get(page.url)
        if response.status_code != 200:
            continue  # not this person's table, or not at this stage of the day
        shown += 1
        for box in read(response.content.decode()).boxes:
            boxes += 1
            if box.checked and _key(page.name, box.name) not in TICKED_ON_PURPOSE:
                ticked.append(f"{page.url} ({page.role.value}): {box.name} in {box.form}")
    assert shown > 150 and boxes > 20, (shown, boxes)
    assert not ticked, "\n".join(sorted(set(ticked)))
