"""Counts of the float (opening and closing) belong to the tables app (issue 5). The
cage reads them through :data:`count_source` (``session_opening_count`` and
``session_closing_count`` of ``tables.selectors`` when they exist), normalised to
:class:`FloatCount`; tests and the simulator may point it elsewhere (set
``cage.selectors.counts.count_source``). Also who worked a session."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol

from casino.models import Denomination
from casino.roles import Role
from tables.models import OpeningSheet, TableSession
from tables.selectors import session_opening_lines

from ..models import (
    RakeEntry,
    SeatDeparture,
    Slip,
    TableTransaction,
)


@dataclass(frozen=True)
class FloatCount:
    """A counted float: chips per denomination id, and the document it comes from."""

    lines: dict[int, int]
    reference: str = ""
    signed: bool = False

    def value(self, denominations: dict[int, Decimal]) -> Decimal:
        return sum((denominations[d] * n for d, n in self.lines.items()), Decimal("0"))


class CountSource(Protocol):
    def opening(self, session: TableSession) -> FloatCount | None: ...

    def closing(self, session: TableSession) -> FloatCount | None: ...


def normalise_count(raw: Any, reference: str = "") -> FloatCount | None:
    """Turn what the tables app returns into a :class:`FloatCount`.

    Accepts ``None``, a mapping ``{denomination or id: count}``, a count sheet
    with ``lines`` (each with ``denomination_id`` and ``count``), or an iterable
    of such lines. Lines not yet counted (``count is None``) make the count absent.
    """
    if raw is None:
        return None
    if isinstance(raw, FloatCount):
        return raw
    if getattr(raw, "is_counted", True) is False:
        return None  # a sheet created but not counted yet
    signed = bool(getattr(raw, "is_locked", False))
    if not reference and hasattr(raw, "_meta") and getattr(raw, "pk", None):
        reference = f"{raw._meta.label_lower}#{raw.pk}"
    if isinstance(raw, dict):
        items: Iterable[tuple[Any, Any]] = raw.items()
    else:
        lines = getattr(raw, "lines", raw)
        if hasattr(lines, "all"):
            lines = lines.all()
        items = [(line.denomination_id, line.count) for line in lines]
    out: dict[int, int] = {}
    for key, count in items:
        if count is None:
            return None
        denom_id = key.pk if isinstance(key, Denomination) else int(key)
        out[denom_id] = out.get(denom_id, 0) + int(count)
    return FloatCount(lines=out, reference=reference, signed=signed)


class TablesCountSource:
    """Reads the counts from ``tables.selectors`` (issue 5)."""

    def opening(self, session: TableSession) -> FloatCount | None:
        # Every buy-in and change reads it (issue 43): the sheet and its lines in one query.
        read = session_opening_lines(session)
        if read is None or not read.counted or any(n is None for n in read.lines.values()):
            return None
        return FloatCount(
            lines=dict(read.lines),  # type: ignore[arg-type]
            reference=f"{OpeningSheet._meta.label_lower}#{read.sheet_id}",
            signed=read.locked,
        )

    def closing(self, session: TableSession) -> FloatCount | None:
        from tables import selectors as tables_selectors

        return normalise_count(tables_selectors.session_closing_count(session))


count_source: CountSource = TablesCountSource()


def session_opening_count(session: TableSession) -> FloatCount | None:
    return count_source.opening(session)


def session_closing_count(session: TableSession) -> FloatCount | None:
    return count_source.closing(session)


def session_staff_from_tables(session: TableSession) -> set[int]:
    """Croupiers and supervisors the tables app knows worked the session (dealer changes)."""
    from tables import selectors as tables_selectors

    return {u if isinstance(u, int) else u.pk for u in tables_selectors.session_staff(session)}


def session_workers(session: TableSession) -> set[int]:
    """Everyone who worked the session: they may not count its drop (issue 6 item 8)."""
    workers: set[int] = {session.supervisor_id}
    for croupier, approver, pit_boss in TableTransaction.objects.filter(
        session=session
    ).values_list("croupier_id", "approved_by_id", "pit_boss_id"):
        workers.update(x for x in (croupier, approver, pit_boss) if x)
    from django.contrib.contenttypes.models import ContentType

    from casino.models import Signature

    slip_ids = list(Slip.objects.filter(session=session).values_list("pk", flat=True))
    workers.update(
        Signature.objects.filter(
            content_type=ContentType.objects.get_for_model(Slip),
            object_id__in=slip_ids,
            role__in=[Role.CROUPIER, Role.SUPERVISOR],
        ).values_list("signer_id", flat=True)
    )
    workers.update(RakeEntry.objects.filter(session=session).values_list("posted_by_id", flat=True))
    workers.update(
        SeatDeparture.objects.filter(session=session).values_list("recorded_by_id", flat=True)
    )
    workers.update(session_staff_from_tables(session))
    return workers
