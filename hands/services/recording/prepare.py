"""A hand computed and checked, ready to be written: the recorder's pipeline.

:func:`prepare` reads as its steps, each called once and in this order: parse the
input (``parse``), take in the pot the books carry (``books.carry_in``), judge it with
the engine (``judge``), check it against the books (``books.book_checks``), word the
verdict (``word``). Nothing is written; :func:`..admit.admit` and :func:`..write.write`
follow (``log.hand_log``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from casino.models import User
from players.models import Player
from tables.models import TableSettings

from ... import adapter
from ...models import Hand, ImportJob
from .book import SessionBook
from .books import book_checks, carry_in
from .judge import judge, status_of
from .parse import parse
from .word import word


@dataclass
class Prepared:
    """A hand computed and checked, ready to be written."""

    number: int
    record: dict[str, Any]
    rules: adapter.Rules
    settings: TableSettings
    built: adapter.Built
    verdict: adapter.VerdictData
    violations: list[adapter.ViolationData]
    status: str
    dealer: User | None
    started_at: datetime
    ended_at: datetime
    source: str
    revision_of: Hand | None = None
    redeal_of: Hand | None = None
    import_job: ImportJob | None = None
    notes: str = ""
    players: dict[int, Player | None] = field(default_factory=dict)
    penalised: set[int] = field(default_factory=set)
    hand: Hand | None = None

    @property
    def codes(self) -> list[str]:
        return [v.code for v in self.violations]


def prepare(
    book: SessionBook,
    data: dict[str, Any],
    *,
    source: str,
    number: int | None = None,
    dealer: str | None = None,
    started_at: datetime | None = None,
    ended_at: datetime | None = None,
    revision_of: Hand | None = None,
    redeal_of: Hand | None = None,
    import_job: ImportJob | None = None,
    notes: str = "",
    check_refusals: bool = True,
) -> Prepared:
    """Compute one hand and its verdict (nothing written). Bad input raises a 400."""
    hand = parse(
        book,
        data,
        source=source,
        number=number,
        started_at=started_at,
        ended_at=ended_at,
        revision_of=revision_of,
        check_refusals=check_refusals,
    )
    carried = carry_in(book, hand.record, hand.number, revision_of)
    built, verdict = judge(hand)
    checks = book_checks(book, hand, carried)
    violations = word(verdict, built, checks, hand.penalised)
    return Prepared(
        number=hand.number,
        record=hand.record,
        rules=hand.terms.rules,
        settings=hand.settings,
        built=built,
        verdict=verdict,
        violations=violations,
        status=status_of(violations, verdict),
        dealer=book.dealer(dealer),
        started_at=hand.started,
        ended_at=hand.ended,
        source=source,
        revision_of=revision_of,
        redeal_of=redeal_of,
        import_job=import_job,
        notes=notes,
        players=hand.players,
        penalised=hand.penalised,
    )
