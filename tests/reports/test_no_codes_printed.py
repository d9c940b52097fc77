"""No stored code reaches a printed page: every report kind, in Spanish and in English.

Each kind of the catalogue (``reports.registry``) is rendered for real, with the code the
Celery task runs, over the shared day at table 7 (tests/reports/scenario.py: an opening
one chip short and acknowledged, buy-ins, valid and invalid hands, a dealer change, a
colour change and a cash-out, a voided fill, a warning and a removal, closing fills and
credits, the drop short and explained, packs returned and classified, the key log and the
deck control) plus one proposal of a mandatory sanction never imposed, and read back with
pdftotext. The records hold codes (a conduct's ``staff_disrespect``, a state's
``in_play``, a level's ``warning``); the paper must print their words.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cage.models import SlipKind
from casino.roles import Role
from hands.models import HandStatus
from reports.registry import all_specs
from tables import services as tables
from tables.conduct import CONDUCTS
from tables.models import PackState, SanctionEntry, SanctionLevel, TableSession

from .conftest import pdf_text, render, report_tournament
from .scenario import act

pytestmark = pytest.mark.django_db

LANGS = ("es", "en")
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")  # in_play, no_bet_agreement, drop_box
UPPER = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")  # DROP_VARIANCE, SLIP_UNSIGNED
STATES = "|".join(TableSession.Status.values)
STATE = re.compile(r"['\"«(\[](?:" + STATES + r")['\"»)\]]")  # 'closing', (open), «closed»

# The one-word codes of what a report prints about (a state, a pack's state, a sanction's
# level and entry, a hand's verdict, a slip's kind, a conduct). None is a Spanish word, so
# on a Spanish report each one is a code that escaped its label; "vueltas" is left out:
# it is the Spanish word the level is named after ("Vueltas de penalización").
ONE_WORD_CODES = {
    value
    for choices in (
        TableSession.Status,
        PackState,
        SanctionLevel,
        SanctionEntry.Kind,
        HandStatus,
        SlipKind,
    )
    for value in choices.values
    if "_" not in value
} | {c.code for c in CONDUCTS if "_" not in c.code}
ONE_WORD_CODES -= {"vueltas"}
# On an English report most of them are English words ("open", "returned", "fill"); a
# conduct's code is not ("disruptive": the conduct reads "Shouting, contempt, …"), but
# for "other", which English prose uses.
ONE_WORD_CONDUCTS = {c.code for c in CONDUCTS if "_" not in c.code} - {"other"}

# Words that look like a code and are not, each where it is printed on purpose.
ALLOWED = {
    # The sheet prints, under each copy, where its opening and its closing part were
    # deposited: "(opening)" and "(closing)" name the sheet's parts, in the template's
    # words ("(apertura)" and "(cierre)" in Spanish), not a table's state.
    "en": ("Deposit of this copy (opening)", "Deposit of this copy (closing)"),
    "es": (),
}


def params_for(kind: str, day: Any) -> dict[str, Any]:
    """Each kind over all of the day: the whole session, every table, every slip, all hands;
    the tournament kinds over a tournament of the day's casino (``report_tournament``)."""
    date = day.session.gaming_day.business_date.isoformat()
    session = {"session": day.session.pk}
    if kind in ("tournament", "tournament_record"):
        return {"tournament": report_tournament(day.session.table.casino).pk}
    return {
        "control_sheet": session,
        "deck_custody": {"date": date},
        "exceptions": {"date": date},
        "gaming_day": {"date": date},
        "hands": session,
        "house_rules": {"ruleset": "manual"},
        "irregularities": {"date": date},
        "jackpot": {"date": date},
        "keys": {"date": date},
        "kpis": {"date": date},
        "player_tracking": session,
        "rake": {"date": date},
        "rota": {"date": date},
        "sanctions": {"date": date},
        "sector_sheet": {"date": date, "sector": "P1"},
        "sheet": session,
        "shift_register": {"date": date},
        "slips": session,
        "table_card": session,
    }[kind]


KINDS = [
    "control_sheet",
    "deck_custody",
    "exceptions",
    "gaming_day",
    "hands",
    "house_rules",
    "irregularities",
    "jackpot",
    "keys",
    "kpis",
    "player_tracking",
    "rake",
    "rota",
    "sanctions",
    "sector_sheet",
    "sheet",
    "shift_register",
    "slips",
    "table_card",
    "tournament",
    "tournament_record",
]


def codes_in(text: str, lang: str) -> list[str]:
    """Every stored code ``text`` prints, once each."""
    for words in ALLOWED[lang]:
        text = text.replace(words, "")
    found = set(SNAKE.findall(text)) | set(STATE.findall(text)) | set(UPPER.findall(text))
    words = ONE_WORD_CODES if lang == "es" else ONE_WORD_CONDUCTS
    for word in words:
        if re.search(rf"(?<![\w-]){word}(?![\w-])", text):
            found.add(word)
    return sorted(found)


def test_gen_07_the_codes_test_renders_every_kind_of_the_catalogue():  # GEN-07
    # A new report kind must join the test below, with its parameters.
    assert sorted(spec.kind for spec in all_specs()) == KINDS


def test_gen_07_the_checks_catch_each_way_a_code_was_printed():  # GEN-07
    assert codes_in("La mesa sigue 'in_play'", "es") == ["'in_play'", "in_play"]
    assert codes_in("Sanción obligatoria (no_bet_agreement)", "es") == ["no_bet_agreement"]
    assert codes_in("The table is still (closing)", "en") == ["(closing)"]
    assert codes_in("Causa DROP_VARIANCE", "es") == ["DROP_VARIANCE"]
    assert codes_in("Beto Ruiz · disruptive · Advertencia verbal", "es") == ["disruptive"]
    assert codes_in("Beto Ruiz · disruptive · Verbal warning", "en") == ["disruptive"]
    assert codes_in("Mazo R1 reusable", "es") == ["reusable"]
    assert codes_in("Pack R1 classified reusable; Vueltas de penalización (2)", "en") == []
    assert codes_in("Deposit of this copy (opening): Supervisor", "en") == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS)
def test_gen_07_no_report_prints_a_stored_code(kind, lang, day, staff, casino, tmp_path):
    # GEN-07: every report, in both languages, names states, conducts, levels, causes and
    # findings in the report's language, never by the code the records keep.
    # The day's one path the scenario leaves out: a mandatory conduct proposed, never
    # imposed, whose detail once printed "(no_bet_agreement)".
    tables.sanction_propose(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        conduct_code="no_bet_agreement",
        player_description="Asiento 3",
        session=day.session,
        reason="Acordaron pasar con el all-in del asiento 5",
    )
    text = pdf_text(render(kind, casino, params_for(kind, day), lang=lang).pdf, tmp_path)
    found = codes_in(text, lang)
    lines = [line.strip() for line in text.splitlines() if any(c in line for c in found)]
    assert found == [], "\n".join(lines)
