"""One vocabulary on every page of a played day (issue 40, GEN-07).

Every page (``walk.pages``) of a full gaming day, as each role that may read it, in
Spanish: no bare code, no English word, no amount in English format, in the text a person
reads or in the values the fields are filled with. A code may stand beside its words, for
the auditor, in the style ``tests/floor/test_words.py`` allows.
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from .walk import pages, read, reader
from .words import auditor_codes_alone, codes_in, english_amounts, english_words

pytestmark = pytest.mark.django_db


def test_words_the_checks_catch_each_way_a_page_went_wrong():  # GEN-07
    # The examples of issue 40, each caught; the same things said right, not.
    assert codes_in("Inválida · SHOWDOWN_INVALID") == ["SHOWDOWN_INVALID"]
    assert codes_in("Iniciar el juego (OPEN-17)") == ["OPEN-17"]
    assert codes_in("left_seat_during_action · dead_hand") == [
        "dead_hand",
        "left_seat_during_action",
    ]
    assert codes_in("Área cage.rakeentry, hand.live.start") == ["cage.rakeentry", "hand.live.start"]
    assert codes_in("Mesa Kh7d2cQs3h") == ["Kh7d2cQs3h"]
    assert codes_in("Mesa K♥ 7♦ 2♣ Q♠ 3♥ · Ana Gómez · 12:30") == []
    assert english_words("Asiento 1 pasa (fold)") == ["fold"]
    assert english_words("Corrección (override) · pending") == ["override", "pending"]
    assert english_words("Asiento 1 se retira; el asiento 2 pasa") == []
    assert english_amounts("Fichas 500.00 · 1,234.50 · 12.5 %") == ["1,234.50", "12.5 %", "500.00"]
    assert english_amounts("Fichas 500,00 · 1.234,50 · 12,5 % · 1.234 · 12:30") == []
    assert auditor_codes_alone([("CONTINUITY_MISMATCH", "Las fichas no siguen")]) == []
    assert auditor_codes_alone([("CONTINUITY_MISMATCH", "")]) == ["CONTINUITY_MISMATCH"]
    assert auditor_codes_alone([("left_seat_during_action", "Se levantó")]) == [
        "left_seat_during_action"
    ]


def test_gen_07_every_page_of_a_played_day_reads_spanish(staff, casino, gaming_day, sector):
    # GEN-07: the floor's words, cards with their suits, amounts as the casino writes them.
    from tests.security.world import build_world

    world = build_world(staff, casino, gaming_day, sector)
    _named(staff)
    problems: dict[str, set[str]] = defaultdict(set)
    context: dict[str, str] = {}
    shown = 0
    for page in pages(world):
        response = reader(staff, page.role).get(page.url)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        shown += 1
        seen = read(response.content.decode())
        text = " ".join(seen.text)
        where = f"{page.name}"
        flat = re.sub(r"\s+", " ", text)
        everything = " ".join([flat, *seen.values])
        found = [
            *((f"code {c!r}", c) for c in codes_in(text)),
            *((f"English {w!r}", w) for w in english_words(text)),
            *((f"amount {a!r}", a) for a in english_amounts(everything)),
            *((f"code alone {c!r}", c) for c in auditor_codes_alone(seen.codes)),
        ]
        for what, token in found:
            problems[what].add(where)
            at = everything.find(token)
            context.setdefault(what, everything[max(0, at - 60) : at + 60])
    assert shown > 150, shown
    report = [
        f"{what}: {', '.join(sorted(where))}\n    … {context.get(what, '')} …"
        for what, where in sorted(problems.items())
    ]
    assert not report, "\n".join(report)


def _named(staff) -> None:  # type: ignore[no-untyped-def]
    """The staff with people's names: the test users are called after their roles
    ("Security", "Surveillance"), which would read as English words."""
    for n, user in enumerate(staff.values()):
        user.first_name, user.last_name = f"Nombre{n}", "Apellido"
        user.save(update_fields=["first_name", "last_name"])
