"""Opening and closing counts: record, compare, acknowledge, sign, lock, deposit copies.

§6.4 and §9.1: the croupier counts the float denomination by denomination,
highest first (OPEN-07), as full 20-chip stacks plus loose chips (OPEN-08),
announcing value → chips → total (OPEN-09). The opening is compared with the
table's last signed closing after fills and credits (OPEN-06); any difference
opens a discrepancy the pit boss must acknowledge before anyone signs
(OPEN-10). Croupier, supervisor and pit boss — three people — sign; the third
signature locks the sheet and moves the session on (OPEN-12, CLOSE-08).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, TypeVar

from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.access import Actor, require
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError, require_text
from casino.models import Denomination, User
from casino.roles import Perm, Role
from casino.serials import serial_next
from casino.signatures import SignResult, assert_not_signed, document_sign

from ..codes import TablesCode
from ..models import (
    STACK_SIZE,
    ClosingLine,
    ClosingSheet,
    Discrepancy,
    DiscrepancyAcknowledgement,
    OpeningLine,
    OpeningSheet,
    SessionEvent,
    SheetCopyDeposit,
    ShiftChange,
    TableSession,
)
from ..models.sheets import SHEET_SERIES, CountSheet
from ..selectors.assignment import lock_session
from ..selectors.sessions import expected_float, ops_settings, prep_missing
from ._common import (
    S,
    check_pin,
    check_staff,
    lock,
    money_amount,
    record_event,
    require_at_table,
    require_named,
    require_status,
    session_move,
    whole_chips,
)

E = SessionEvent.Kind

#: The opening or the closing sheet, as the caller gave it.
Sheet = TypeVar("Sheet", bound=CountSheet)


# --- creating the sheets ----------------------------------------------------------------


def _denominations(session: TableSession, extra: set[int]) -> list[Denomination]:
    qs = Denomination.objects.filter(chip_set_id=session.table.chip_set_id)
    chosen = [d for d in qs if d.is_active or d.pk in extra]
    return sorted(chosen, key=lambda d: d.value, reverse=True)  # OPEN-07: highest first


def opening_sheet_create(actor: Actor, session: TableSession) -> OpeningSheet:
    """The opening part, numbered (GEN-10), with the expected float per denomination."""
    expected = expected_float(session.table)
    year = session.gaming_day.business_date.year
    sheet = OpeningSheet.objects.create(
        casino_id=session.casino_id,
        session=session,
        table_id=session.table_id,
        gaming_day_id=session.gaming_day_id,
        serial_year=year,
        serial_number=serial_next(casino=actor.casino, series=SHEET_SERIES, year=year),
        created_by=actor.user,
        previous_closing=expected.previous_closing,
        expected_source=expected.source,
    )
    for denomination in _denominations(session, set(expected.counts)):
        OpeningLine.objects.create(
            sheet=sheet,
            denomination=denomination,
            value=denomination.value,
            expected_count=max(0, expected.counts.get(denomination.pk, 0)),
            par_count=expected.par.get(denomination.pk),
        )
    return sheet


def closing_sheet_create(actor: Actor, session: TableSession) -> ClosingSheet:
    """The closing part of the same numbered sheet (OQ-25); lines carry the par (CLOSE-07)."""
    from tables.models import FloatPar

    opening = OpeningSheet.objects.filter(session=session).first()
    if opening is not None:
        year, number = opening.serial_year, opening.serial_number
    else:  # pragma: no cover - every session gets its opening sheet when it opens
        year = session.gaming_day.business_date.year
        number = serial_next(casino=actor.casino, series=SHEET_SERIES, year=year)
    par = {p.denomination_id: p.count for p in FloatPar.objects.filter(table_id=session.table_id)}
    sheet = ClosingSheet.objects.create(
        casino_id=session.casino_id,
        session=session,
        table_id=session.table_id,
        gaming_day_id=session.gaming_day_id,
        serial_year=year,
        serial_number=number,
        created_by=actor.user,
        opening=opening,
    )
    for denomination in _denominations(session, set(par)):
        ClosingLine.objects.create(
            sheet=sheet,
            denomination=denomination,
            value=denomination.value,
            expected_count=par.get(denomination.pk, 0),
            par_count=par.get(denomination.pk),
        )
    return sheet


# --- counting ---------------------------------------------------------------------------


def _count_line_denomination(
    item: dict[str, Any], prefix: str, sheet_lines: dict[int, Any], parsed: dict[int, Any]
) -> tuple[int, Any]:
    """The line's denomination: given, in the table's chip set, and counted once."""
    raw_id = item.get("denomination")
    try:
        denomination_id = int(raw_id)  # type: ignore[arg-type]
        if isinstance(raw_id, bool):
            raise TypeError
    except (TypeError, ValueError):
        raise DomainError.of(
            TablesCode.DENOMINATION_REQUIRED, field=f"{prefix}.denomination"
        ) from None
    line = sheet_lines.get(denomination_id)
    if line is None:
        raise DomainError.of(
            TablesCode.DENOMINATION_NOT_IN_CHIP_SET,
            field=f"{prefix}.denomination",
            details={"denomination": raw_id},
        )
    if denomination_id in parsed:
        raise DomainError.of(
            TablesCode.DENOMINATION_REPEATED, value=line.value, field=f"{prefix}.denomination"
        )
    return denomination_id, line


def _count_line_figures(
    item: dict[str, Any], prefix: str, line: Any
) -> tuple[int, int, int, Decimal]:
    """Stacks, loose chips, chips and total of one line; a count or total stated beside
    them must agree."""
    stacks = whole_chips(item.get("stacks"), field=f"{prefix}.stacks")
    loose = whole_chips(item.get("loose"), field=f"{prefix}.loose")
    if loose >= STACK_SIZE:
        # OPEN-08: loose chips are what is left after the full 20-chip stacks.
        raise DomainError.of(
            TablesCode.LOOSE_CHIPS_MAKE_A_STACK,
            loose=loose,
            stack_size=STACK_SIZE,
            field=f"{prefix}.loose",
        )
    count = STACK_SIZE * stacks + loose
    if item.get("count") not in (None, ""):
        stated = whole_chips(item.get("count"), field=f"{prefix}.count")
        if stated != count:
            raise DomainError.of(
                TablesCode.COUNT_MISMATCH,
                stacks=stacks,
                stack_size=STACK_SIZE,
                loose=loose,
                count=count,
                stated=stated,
                field=f"{prefix}.count",
            )
    total = line.value * count  # OPEN-09: value × chips = total
    if item.get("total") not in (None, ""):
        stated_total = money_amount(item.get("total"), field=f"{prefix}.total")
        if stated_total != total:
            raise DomainError.of(
                TablesCode.TOTAL_MISMATCH,
                value=line.value,
                count=count,
                total=total,
                stated_total=stated_total,
                field=f"{prefix}.total",
            )
    return stacks, loose, count, total


def _parse_count(
    sheet: CountSheet | ShiftChange, lines: Any, grand_total: Any
) -> dict[int, tuple[int, int, int, Decimal]]:
    """Validate a count against the sheet's denominations; nothing is written here."""
    if not isinstance(lines, list | tuple) or not lines:
        raise DomainError.of(TablesCode.COUNT_EMPTY, field="lines")
    # the concrete sheet's lines (the abstract CountSheet declares no reverse relation)
    sheet_lines = {line.denomination_id: line for line in sheet.lines.all()}  # type: ignore[union-attr]
    parsed: dict[int, tuple[int, int, int, Decimal]] = {}
    for index, item in enumerate(lines):
        prefix = f"lines[{index}]"
        if not isinstance(item, dict):
            raise DomainError.of(TablesCode.LINE_INVALID, field=prefix)
        denomination_id, line = _count_line_denomination(item, prefix, sheet_lines, parsed)
        parsed[denomination_id] = _count_line_figures(item, prefix, line)
    missing = [line for d, line in sheet_lines.items() if d not in parsed]
    if missing:
        values = ", ".join(f"{line.value:,}" for line in sorted(missing, key=lambda x: -x.value))
        raise DomainError.of(
            TablesCode.COUNT_INCOMPLETE,
            values=values,
            field="lines",
            details={"missing": [line.denomination_id for line in missing]},
        )
    if grand_total not in (None, ""):
        stated_grand = money_amount(grand_total, field="grand_total")
        actual = sum((t for *_rest, t in parsed.values()), Decimal("0"))
        if stated_grand != actual:
            raise DomainError.of(
                TablesCode.GRAND_TOTAL_MISMATCH,
                actual=actual,
                stated_grand=stated_grand,
                field="grand_total",
            )
    return parsed


def _write_count(
    actor: Actor,
    sheet: CountSheet,
    parsed: dict[int, tuple[int, int, int, Decimal]],
    note: str,
) -> list[Any]:
    lines = list(sheet.lines.all())  # type: ignore[attr-defined]
    for line in lines:
        line.stacks, line.loose, line.count, line.total = parsed[line.denomination_id]
        line.save(update_fields=["stacks", "loose", "count", "total"])
    sheet.count_version += 1
    sheet.counted_at = timezone.now()
    sheet.counted_by = actor.user
    sheet.count_note = note
    sheet.save(update_fields=["count_version", "counted_at", "counted_by", "count_note"])
    return lines


def _count_record(
    *,
    actor: Actor,
    model: type[Sheet],
    sheet: Sheet,
    lines: Any,
    grand_total: Any,
    note: str,
    perm: Perm,
    status: str,
) -> tuple[Sheet, list[Any]]:
    require(actor, perm)
    with transaction.atomic():
        session = lock_session(sheet.session_id, actor)  # type: ignore[attr-defined]
        sheet = lock(model, sheet.pk, actor)
        require_at_table(actor, session=session)  # issue 12 §1
        require_status(session, status)
        assert_not_signed(sheet)
        missing = prep_missing(session) if model is OpeningSheet else []
        if missing:
            # PREP-05: the opening starts once both checklists are done (or overridden).
            raise DomainError.of(TablesCode.PREP_CHECKLISTS_MISSING, details={"missing": missing})
        parsed = _parse_count(sheet, lines, grand_total)
        written = _write_count(actor, sheet, parsed, note)
        audit_record(
            actor=actor,
            action=f"{model.DOCUMENT_KIND}.count",
            obj=sheet,
            after={
                "count_version": sheet.count_version,
                "lines": [
                    [str(x.value), x.stacks, x.loose, x.count, str(x.total)] for x in written
                ],
            },
            reason=note,
        )
    return sheet, written


def opening_count_record(
    *,
    actor: Actor,
    sheet: OpeningSheet,
    lines: list[dict[str, Any]],
    grand_total: Any = None,
    note: str = "",
) -> OpeningSheet:
    """Record (or, before any signature, redo) the opening count; open discrepancies.

    ``lines``: ``[{"denomination": id, "stacks": n, "loose": n, "count"?: n, "total"?: x}]``
    with every denomination of the sheet (OPEN-07..11).
    """
    with transaction.atomic():
        counted, written = _count_record(
            actor=actor,
            model=OpeningSheet,
            sheet=sheet,
            lines=lines,
            grand_total=grand_total,
            note=note,
            perm=Perm.OPEN_SESSION,
            status=S.OPENING,
        )
        settings = ops_settings(counted.casino)
        for line in written:
            variance = line.count - line.expected_count
            if variance == 0:
                continue
            # OPEN-10: any difference, short or over, per denomination, in chips and value.
            value = line.value * variance
            Discrepancy.objects.create(
                casino_id=counted.casino_id,
                sheet=counted,
                count_version=counted.count_version,
                denomination_id=line.denomination_id,
                value=line.value,
                expected_count=line.expected_count,
                counted_count=line.count,
                variance_chips=variance,
                variance_value=value,
                needs_written_report=abs(variance) >= settings.discrepancy_report_min_chips
                or abs(value) >= settings.discrepancy_report_min_value,
            )
    return counted


def closing_count_record(
    *,
    actor: Actor,
    sheet: ClosingSheet,
    lines: list[dict[str, Any]],
    grand_total: Any = None,
    note: str = "",
) -> ClosingSheet:
    """The closing count, recorded exactly like the opening (CLOSE-05)."""
    counted, _written = _count_record(
        actor=actor,
        model=ClosingSheet,
        sheet=sheet,
        lines=lines,
        grand_total=grand_total,
        note=note,
        perm=Perm.CLOSE_SESSION,
        status=S.CLOSING,
    )
    return counted


def discrepancy_acknowledge(
    *, actor: Actor, discrepancy: Discrepancy, note: str, written_report: str = ""
) -> DiscrepancyAcknowledgement:
    """The pit boss (or shift manager) acknowledges a difference (OPEN-10), with a note and,
    above the configured thresholds, a written report."""
    require(actor, Perm.ACKNOWLEDGE_DISCREPANCY)
    note = require_text(note, field="note", code=TablesCode.NOTE_REQUIRED)
    with transaction.atomic():
        sheet = lock(OpeningSheet, discrepancy.sheet_id, actor)
        # Issue 12 §1: a pit boss of the table's sector; the shift manager is casino-wide.
        require_at_table(actor, session=sheet.session)
        if sheet.is_locked:
            raise DomainError.of(CasinoCode.DOCUMENT_LOCKED)
        if discrepancy.count_version != sheet.count_version:
            raise DomainError.of(TablesCode.DISCREPANCY_SUPERSEDED)
        if DiscrepancyAcknowledgement.objects.filter(discrepancy=discrepancy).exists():
            raise DomainError.of(TablesCode.DISCREPANCY_ALREADY_ACKNOWLEDGED)
        report = (written_report or "").strip()
        if discrepancy.needs_written_report and not report:
            raise DomainError.of(TablesCode.WRITTEN_REPORT_REQUIRED, field="written_report")
        try:
            with transaction.atomic():
                ack = DiscrepancyAcknowledgement.objects.create(
                    discrepancy=discrepancy,
                    by=actor.user,
                    role=actor.role.value,
                    note=note,
                    written_report=report,
                )
        except IntegrityError:  # pragma: no cover - the sheet lock serialises this
            raise DomainError.of(TablesCode.DISCREPANCY_ALREADY_ACKNOWLEDGED) from None
        audit_record(
            actor=actor,
            action="opening_sheet.discrepancy_acknowledge",
            obj=sheet,
            after={
                "discrepancy": discrepancy.pk,
                "variance_chips": discrepancy.variance_chips,
                "variance_value": str(discrepancy.variance_value),
                "written_report": bool(report),
            },
            reason=note,
        )
    return ack


# --- signing ----------------------------------------------------------------------------


def _sign(
    *,
    actor: Actor,
    model: type[CountSheet],
    sheet: CountSheet,
    role: Role | str,
    signer: User | None,
    pin: str | None,
    status: str,
    to: str,
    event: str,
    override_reason: str = "",
) -> SignResult:
    with transaction.atomic():
        # Lock order everywhere: session, then sheet (document_sign locks the sheet).
        session = lock_session(sheet.session_id, actor)  # type: ignore[attr-defined]
        require_status(session, status)
        # The signer's assignment (issue 12 §1) is the sheet's: ``signing_assignment``.
        result = document_sign(
            actor=actor,
            document=sheet,
            role=role,
            signer=signer,
            pin=pin,
            override_reason=override_reason,
        )
        if result.locked:
            session_move(actor, session, to, action=f"session.{event}")
            record_event(actor, session, event, data={"sheet": sheet.pk})
    return result


def opening_sign(
    *,
    actor: Actor,
    sheet: OpeningSheet,
    role: Role | str,
    signer: User | None = None,
    pin: str | None = None,
    override_reason: str = "",
) -> SignResult:
    """One of the three opening signatures (OPEN-12); the third opens the table.

    The shift manager signs the pit boss's line only with ``override_reason``."""
    return _sign(
        actor=actor,
        model=OpeningSheet,
        sheet=sheet,
        role=role,
        signer=signer,
        pin=pin,
        override_reason=override_reason,
        status=S.OPENING,
        to=S.OPEN,
        event=E.OPENED,
    )


def closing_sign(
    *,
    actor: Actor,
    sheet: ClosingSheet,
    role: Role | str,
    signer: User | None = None,
    pin: str | None = None,
    override_reason: str = "",
) -> SignResult:
    """One of the three closing signatures (CLOSE-08); the third closes the session.

    The shift manager signs the pit boss's line only with ``override_reason``."""
    return _sign(
        actor=actor,
        model=ClosingSheet,
        sheet=sheet,
        role=role,
        signer=signer,
        pin=pin,
        override_reason=override_reason,
        status=S.CLOSING,
        to=S.CLOSED,
        event=E.CLOSED,
    )


def closing_confirm_empty_bank(
    *, actor: Actor, sheet: ClosingSheet, croupier: User, pin: str | None
) -> SessionEvent:
    """CLOSE-06, OQ-26: supervisor and croupier confirm every chip was taken out and counted.

    The supervisor acts; the croupier confirms with a PIN on the same terminal.
    """
    require(actor, Perm.CLOSE_SESSION)
    if not actor.can(Perm.CONFIRM_EMPTY_BANK):
        raise DomainError.of(TablesCode.SUPERVISOR_REQUIRED, field="role")
    check_staff(actor, croupier, Role.CROUPIER, field="croupier")
    with transaction.atomic():
        session = lock_session(sheet.session_id, actor)
        sheet = lock(ClosingSheet, sheet.pk, actor)
        # Issue 12 §1: the session's supervisor, with the croupier on duty; the role and
        # the assignment are answered before the PIN (issue 12 §3).
        require_at_table(actor, session=session)
        require_named(session, croupier, Role.CROUPIER, field="croupier")
        check_pin(actor, croupier, pin)
        require_status(session, S.CLOSING)
        if not sheet.is_counted:
            raise DomainError.of(TablesCode.COUNT_NOT_RECORDED)
        assert_not_signed(sheet)
        event = record_event(
            actor,
            session,
            E.BANK_EMPTIED,
            person=croupier,
            data={"count_version": sheet.count_version},
        )
        audit_record(
            actor=actor,
            action="closing_sheet.bank_emptied",
            obj=sheet,
            after={"croupier": croupier.username, "count_version": sheet.count_version},
        )
    return event


def sheet_copy_deposit(
    *, actor: Actor, sheet: OpeningSheet | ClosingSheet, copy: str, note: str = ""
) -> SheetCopyDeposit:
    """Where a printed copy of a signed sheet went (OPEN-13, CLOSE-10, OQ-25).

    Opening: the drop-box copy. Closing: original to the main cage, copy 1 into the drop
    box, copy 2 locked in the chip rack (read at the next opening).
    """
    is_opening = isinstance(sheet, OpeningSheet)
    require(actor, Perm.OPEN_SESSION if is_opening else Perm.CLOSE_SESSION)
    if copy not in SheetCopyDeposit.Copy.values:
        raise DomainError.of(
            TablesCode.COPY_INVALID, field="copy", details={"allowed": SheetCopyDeposit.Copy.values}
        )
    if is_opening and copy != SheetCopyDeposit.Copy.DROP_BOX:
        raise DomainError.of(TablesCode.COPY_NOT_FOR_OPENING, field="copy")
    with transaction.atomic():
        locked = lock(type(sheet), sheet.pk, actor)
        require_at_table(actor, session=locked.session)  # issue 12 §1
        if not locked.is_locked:
            raise DomainError.of(TablesCode.SHEET_NOT_SIGNED)
        link = {"opening": locked} if is_opening else {"closing": locked}
        if SheetCopyDeposit.objects.filter(copy=copy, **link).exists():
            raise DomainError.of(TablesCode.COPY_ALREADY_DEPOSITED, field="copy")
        deposit = SheetCopyDeposit.objects.create(
            casino_id=locked.casino_id,
            copy=copy,
            deposited_by=actor.user,
            role=actor.role.value,
            note=note,
            **link,
        )
        audit_record(
            actor=actor,
            action=f"{locked.DOCUMENT_KIND}.copy_deposit",
            obj=locked,
            after={"copy": copy},
            reason=note,
        )
    return deposit
