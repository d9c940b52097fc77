"""The words of a hand's verdict: the engine's violations and the recorder's notes.

Every note the recorder adds to a hand is a :func:`violation` (a code, the Spanish and
the English sentence, a severity); :func:`word` puts the hand's list together in the
order it is stored and shown.
"""

from __future__ import annotations

from typing import Any

from ... import adapter
from ...labels import AWARD_REASON_WORDS


def violation(
    code: str, es: str, en: str, *, field_name: str | None = None, severity: str = "error"
) -> adapter.ViolationData:
    """A note of the recorder's own (not the engine's) on a hand."""
    return adapter.ViolationData(code, None, field_name, es, en, "recorder", severity)


def word(
    verdict: adapter.VerdictData,
    built: adapter.Built,
    checks: list[adapter.ViolationData],
    penalised: set[int],
) -> list[adapter.ViolationData]:
    """A hand's violations, in order: the engine's, the pots the staff awarded, the
    book's checks (:func:`..books.book_checks`) and the seats dealt in dead (SANC-13)."""
    violations = list(verdict.violations)
    violations.extend(_award_notes(built))
    violations.extend(checks)
    if penalised:
        violations.append(_penalised_note(penalised))
    return violations


def _penalised_note(penalised: set[int]) -> Any:
    seats_text = ", ".join(str(s) for s in sorted(penalised))
    return violation(
        "PENALISED_DEALT_DEAD",
        f"Sancionado: asiento {seats_text} recibe cartas y pone ciegas; su mano está "
        "muerta (SANC-13).",
        f"Penalised: seat {seats_text} is dealt in and posts; the hand is dead (SANC-13).",
        severity="info",
    )


def _pot_name(k: int, lang: str) -> str:
    if lang == "es":
        return "bote principal" if k == 0 else f"bote lateral {k}"
    return "main pot" if k == 0 else f"side pot {k}"


def _award_notes(built: adapter.Built) -> list[adapter.ViolationData]:
    """HREC-07, AUTH-04: each pot the staff awarded without the cards saying so, kept with
    the hand as a note (the verdict names who decided where the chips went, and why)."""
    out = []
    for pot, (seats, reason, _i) in sorted(built.awards.items()):
        if not reason:
            continue  # the cards said it: the award only confirms them
        es, en = AWARD_REASON_WORDS[reason]
        who = ", ".join(str(s) for s in seats)
        out.append(
            violation(
                "AWARD_BY_FLOOR",
                f"{_pot_name(pot, 'es').capitalize()}: el croupier lo empujó al asiento {who} "
                f"sin que las cartas lo digan ({es}).",
                f"{_pot_name(pot, 'en').capitalize()}: the croupier pushed it to seat {who} "
                f"without the cards saying so ({en}).",
                field_name="actions",
                severity="info",
            )
        )
    return out
