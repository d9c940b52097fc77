"""Every code a person can see has its words in ``floor.labels`` (issue 13 §5, GEN-07).

The codes are read from the source that emits them — the engine (``poker/``), the hand
recorder (``hands/services/recording/``), the reconciliation (``cage/books.py``, ``day.py``,
``integrity.py``, ``figures.py``)
and the tables' exceptions it carries — not from the catalogue's own list, so a new code
without a Spanish label fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from floor import labels

ROOT = Path(__file__).resolve().parents[2]


def _read(*parts: str) -> str:
    return (ROOT.joinpath(*parts)).read_text(encoding="utf-8")


def engine_codes() -> set[str]:
    """Every violation code ``poker/`` can emit: the members of its ``Code`` enum and any
    ``Code.X`` a module of the package names."""
    codes: set[str] = set()
    for path in (ROOT / "poker").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r"\bCode\.([A-Z][A-Z_]+)\b", text))
    enum = _read("poker", "violations.py").split("class Code(StrEnum):", 1)[1].split("\n\n")[0]
    codes |= set(re.findall(r'^\s+[A-Z_]+ = "([A-Z_]+)"', enum, re.M))
    return codes


def recorder_codes() -> set[str]:
    """The recorder's own notes (``violation("CODE", …)``), in every step of its pipeline
    (``hands/services/recording/``)."""
    folder = ROOT / "hands" / "services" / "recording"
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py")))
    return set(re.findall(r'\bviolation\(\s*"([A-Z][A-Z_]+)"', text))


def finding_codes() -> set[str]:
    """The reconciliation's findings (``Finding("CODE", …)``, the first argument may be a
    conditional of two codes or a default) and the tables' exceptions (``_item("CODE"``)."""
    # The reconciliation's modules (issue 41 §3): the pure books, the day, the integrity
    # checks and the causes.
    text = "\n".join(
        _read("cage", name) for name in ("books.py", "day.py", "integrity.py", "figures.py")
    )
    codes: set[str] = set()
    for match in re.finditer(r"Finding\(\s*", text):
        head = text[match.end() : match.end() + 120].split("\n")[0]
        codes |= set(re.findall(r'"([A-Z][A-Z_]{3,})"', head))
    exceptions = _read("tables", "selectors", "exceptions.py")
    codes |= set(re.findall(r'_item\(\s*"([A-Z][A-Z_]+)"', exceptions))
    return codes


def slip_statuses() -> set[str]:
    text = (
        _read("cage", "selectors", "slips.py").split("def slip_status", 1)[1].split("\ndef ", 1)[0]
    )
    return set(re.findall(r'"([a-z_]+)"', text.split('"""', 2)[2]))


def sanction_statuses() -> set[str]:
    # status() (``appealed``, SANC-01) and the standing it falls back on (standing()).
    text = _read("tables", "selectors", "sanctions.py").split("def status(", 1)[1]
    return set(re.findall(r'return "([a-z_]+)"', text.split("\n\n\ndef ", 1)[0]))


def _has_spanish(kind: str, code: str) -> bool:
    with translation.override("es"):
        es = labels.label(kind, code)
    with translation.override("en"):
        en = labels.label(kind, code)
    return es != labels.readable(code) and es != en


def test_the_source_is_read():
    """The enumerations find what they should (a broken regex must not pass vacuously)."""
    assert {"OUT_OF_TURN", "RAKE_MISMATCH", "ODD_CHIP"} <= engine_codes()
    # One code from each module of the pipeline that words a note (books, word).
    assert {"CONTINUITY_MISMATCH", "BUTTON_NOT_MOVED_ONE_SEAT"} <= recorder_codes()
    assert {"PENALISED_DEALT_DEAD", "AWARD_BY_FLOOR", "CARRIED_POT"} <= recorder_codes()
    assert {"DROP_COUNTS_DISAGREE", "DROP_NOT_COUNTED", "TABLES_EXCEPTION"} <= finding_codes()
    assert {"SESSION_NOT_CLOSED", "PACK_NOT_RETURNED"} <= finding_codes()
    assert sanction_statuses() == {"appealed", "active", "served", "lifted"}
    assert {"requested", "issued", "carried", "received", "void", "void_pending"} == (
        slip_statuses()
    )


@pytest.mark.parametrize("source", [engine_codes, recorder_codes])
def test_every_violation_code_has_a_spanish_label_and_explanation(source):  # GEN-07
    missing = sorted(c for c in source() if not _has_spanish("violation", c))
    assert missing == []
    with translation.override("es"):
        unexplained = sorted(c for c in source() if not labels.explain("violation", c))
    assert unexplained == []


def test_every_finding_code_has_a_spanish_label():  # GEN-07
    missing = sorted(c for c in finding_codes() if not _has_spanish("finding", c))
    assert missing == []


def test_roles_methods_conducts_and_statuses_have_spanish_labels():  # GEN-07
    from casino.models import Signature
    from casino.roles import Role
    from tables.conduct import CONDUCTS
    from tables.models import PackState, SeatStatus
    from tables.models.sanctions import SanctionEntry, SanctionLevel

    kinds = {
        "role": [r.value for r in Role],
        "method": [m.value for m in Signature.Method],
        "conduct": [c.code for c in CONDUCTS],
        "seat": [s.value for s in SeatStatus],
        "pack": [p.value for p in PackState],
        "slip": sorted(slip_statuses()),
        "sanction_status": sorted(sanction_statuses()),
        "sanction_level": [v for v, _label in SanctionLevel.choices],
        "sanction_kind": [v for v, _label in SanctionEntry.Kind.choices],
    }
    with translation.override("es"):
        missing = [
            (kind, code)
            for kind, codes in kinds.items()
            for code in codes
            # "Croupier" and "Auditor" are Spanish too: the label only has to be words.
            if labels.label(kind, code) in (code, labels.readable(code))
            and (kind, code) not in {("role", "croupier"), ("role", "auditor")}
        ]
        assert missing == []
        assert labels.label("role", "pit_boss") == "Jefe de sector"
        assert labels.label("method", "pin") == "con PIN"
        assert labels.label("conduct", "phone_use") != "phone_use"
        assert labels.label("violation", "OUT_OF_TURN") == "Acción fuera de turno"


def test_an_unknown_code_reads_as_words_and_never_raises():
    assert labels.label("violation", "SOME_NEW_CODE") == "Some new code"
    assert labels.label("no_such_kind", "phone_use") == "Phone use"
    assert labels.label("violation", None) == "—"
    assert labels.label("finding", 42) == "42"
    assert labels.explain("violation", "SOME_NEW_CODE") == ""
    assert labels.explain("no_such_kind", None) == ""


def test_the_template_filter_shows_the_label():  # GEN-07
    template = Template(
        '{% load floor_tags %}{{ code|label:"violation" }} · {{ code|explain:"violation" }}'
        ' · {{ other|label:"violation" }}'
    )
    with translation.override("es"):
        html = template.render(Context({"code": "CONTINUITY_MISMATCH", "other": "NEW_THING"}))
    assert html.startswith("Las fichas no siguen de la mano anterior · Las fichas iniciales")
    assert html.endswith("New thing")
    with translation.override("en"):
        html = template.render(Context({"code": "CONTINUITY_MISMATCH", "other": "X"}))
    assert html.startswith("Chips do not follow from the last hand")
