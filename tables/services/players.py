"""The player registry and exclusions: register, read an identity, bar, lift, refuse
(issue 17 §1, §2; GEN-08, SEAT-11).

- ``player_register`` finds or creates the one player of a document (casino, type,
  number); a birth date below ``min_player_age`` is refused (GEN-08).
- ``player_identity_read``: the document, nationality and birth date, for the roles that
  may see them (pit boss, shift manager, surveillance); every read is audited.
- Exclusions are append-only: a house ban written by the sanctions ledger with an
  expulsion (``exclusion_house_ban``), a self-exclusion with its dates, a regulator's list
  imported whole as a new version (``exclusion_list_import``); a lift is a new row.
- ``admission_check`` refuses a buy-in or a seating of an excluded or under-age player
  (409) and notes an ``ExclusionHit``. The refusal rolls the caller's transaction back, so
  the hit is written once the request's transactions have ended (``exclusion_hits``,
  installed for every request by ``tables.middleware.ExclusionHitsMiddleware``), the way
  PIN failures are (``casino.pins``).
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.refusals import Words
from casino.roles import Perm

from ..codes import TablesCode
from ..identity import COUNTRIES, document_problem, normalise_document
from ..models import (
    DocumentType,
    Exclusion,
    ExclusionHit,
    ExclusionKind,
    ExclusionList,
    HitReason,
    Player,
    SanctionEntry,
    TableSession,
    VipReferral,
)
from ..selectors.assignment import require_at
from ..selectors.players import age_on, exclusions_in_force
from ..selectors.sessions import ops_settings
from ._common import require_text

IDENTITY_FIELDS = ("document_type", "document_number", "nationality", "birth_date")
KIND_ES = {
    ExclusionKind.HOUSE_BAN: "expulsión de la casa",
    ExclusionKind.SELF_EXCLUSION: "autoexclusión",
    ExclusionKind.REGULATOR: "lista del regulador",
}
KIND_EN = {
    ExclusionKind.HOUSE_BAN: "house ban",
    ExclusionKind.SELF_EXCLUSION: "self-exclusion",
    ExclusionKind.REGULATOR: "regulator's list",
}


def _document(document_type: str, document_number: str, field: str) -> tuple[str, str]:
    number = normalise_document(document_number)
    problem = document_problem(document_type, number)
    if problem is not None:
        if document_type not in DocumentType.values:
            raise DomainError.of(
                TablesCode.DOCUMENT_TYPE_INVALID, problem=Words(*problem), field="document_type"
            )
        raise DomainError.of(
            TablesCode.DOCUMENT_NUMBER_INVALID, problem=Words(*problem), field=field
        )
    return document_type, number


def _today() -> date:
    return timezone.localdate()


def player_register(
    *,
    actor: Actor,
    display_name: str,
    document_type: str,
    document_number: str,
    nationality: str = "",
    birth_date: date | None = None,
) -> tuple[Player, bool]:
    """Find the player of a document, or register him (issue 17 §1). Returns (player, created).

    The document is the player's key: a second visit finds the first record and changes
    nothing in it.
    """
    require(actor, Perm.REGISTER_PLAYER)
    name = require_text(display_name, field="display_name", code=TablesCode.NAME_REQUIRED)[:120]
    document_type, number = _document(document_type, document_number, "document_number")
    nationality = (nationality or "").strip().upper()
    if nationality and nationality not in COUNTRIES:
        raise DomainError.of(
            TablesCode.NATIONALITY_INVALID, nationality=nationality, field="nationality"
        )
    today = _today()
    if birth_date is not None:
        if birth_date > today:
            raise DomainError.of(TablesCode.BIRTH_DATE_IN_FUTURE, field="birth_date")
        minimum = ops_settings(actor.casino).min_player_age
        if age_on(birth_date, today) < minimum:
            # GEN-08: where the casino records identity, a player below the age is refused.
            raise DomainError.of(
                TablesCode.BIRTH_DATE_UNDER_AGE,
                minimum=minimum,
                field="birth_date",
                details={"min_player_age": minimum},
            )
    with transaction.atomic():
        found = (
            Player.objects.select_for_update()
            .filter(casino=actor.casino, document_type=document_type, document_number=number)
            .first()
        )
        if found is not None:
            return found, False
        try:
            with transaction.atomic():
                player = Player.objects.create(
                    casino=actor.casino,
                    display_name=name,
                    document_type=document_type,
                    document_number=number,
                    nationality=nationality,
                    birth_date=birth_date,
                )
        except IntegrityError:  # registered by someone else at this instant: the same one
            return (
                Player.objects.get(
                    casino=actor.casino, document_type=document_type, document_number=number
                ),
                False,
            )
        # The audit says who registered whom, never the document (issue 17 §1).
        audit_record(
            actor=actor,
            action="player.register",
            obj=player,
            after={"display_name": name, "document_type": document_type},
        )
    return player, True


def player_identity_read(*, actor: Actor, player: Player, purpose: str = "") -> dict[str, Any]:
    """The player's identity for a role that may read it; the read is audited (issue 17 §1)."""
    require(actor, Perm.READ_PLAYER_IDENTITY)
    same_casino(actor, player)
    with transaction.atomic():
        audit_record(
            actor=actor,
            action="player.identity_read",
            obj=player,
            after={"fields": list(IDENTITY_FIELDS)},
            reason=purpose,
        )
    return {f: getattr(player, f) for f in IDENTITY_FIELDS}


# --- VIP referrals (SEAT-12, RPT-14) ----------------------------------------------------


def vip_referral_record(
    *, actor: Actor, player: Player, session: TableSession, reason: str
) -> VipReferral:
    """Refer a player for VIP membership from a table's session (SEAT-12); append-only,
    audited. Only who works the table may refer from it (``require_at``: its supervisor,
    or a pit boss of its sector)."""
    require(actor, Perm.REFER_VIP)
    same_casino(actor, player)
    same_casino(actor, session)
    reason = require_text(reason, field="reason", code=CasinoCode.REASON_REQUIRED)
    require_at(actor, session=session)
    with transaction.atomic():
        row = VipReferral.objects.create(
            casino=actor.casino,
            player=player,
            table_id=session.table_id,
            session=session,
            reason=reason,
            referred_by=actor.user,
            role=actor.role.value,
        )
        audit_record(
            actor=actor,
            action="player.vip_referral",
            obj=row,
            after={"player": player.pk, "table": session.table_id, "session": session.pk},
            reason=reason,
        )
    return row


# --- exclusions -------------------------------------------------------------------------


def _dates(starts_on: date | None, ends_on: date | None) -> tuple[date, date | None]:
    start = starts_on or _today()
    if ends_on is not None and ends_on < start:
        raise DomainError.of(TablesCode.EXCLUSION_DATES_INVALID, field="ends_on")
    return start, ends_on


def exclusion_self_record(
    *,
    actor: Actor,
    player: Player,
    ends_on: date | None,
    starts_on: date | None = None,
    reason: str = "",
) -> Exclusion:
    """A self-exclusion the player asks for, recorded by a pit boss or manager."""
    require(actor, Perm.RECORD_EXCLUSION)
    same_casino(actor, player)
    if ends_on is None:
        raise DomainError.of(TablesCode.EXCLUSION_END_REQUIRED, field="ends_on")
    start, end = _dates(starts_on, ends_on)
    with transaction.atomic():
        row = Exclusion.objects.create(
            casino=actor.casino,
            kind=ExclusionKind.SELF_EXCLUSION,
            player=player,
            document_type=player.document_type,
            document_number=player.document_number,
            full_name=player.display_name,
            starts_on=start,
            ends_on=end,
            source="self",
            reason=(reason or "").strip(),
            recorded_by=actor.user,
            role=actor.role.value,
        )
        audit_record(
            actor=actor,
            action="exclusion.self_record",
            obj=row,
            after={"player": player.pk, "starts_on": start, "ends_on": end},
            reason=row.reason,
        )
    return row


def exclusion_house_ban(*, actor: Actor, sanction: SanctionEntry) -> Exclusion | None:
    """The house ban of an expulsion (SANC-06, SANC-08), in the sanction's transaction.

    It bars the registered player from the sanction's gaming day until lifted; a player
    known only by a description cannot be barred (SEAT-11: no identity to match).
    """
    if sanction.player_id is None:
        return None
    player = sanction.player
    assert player is not None
    row = Exclusion.objects.create(
        casino_id=sanction.casino_id,
        kind=ExclusionKind.HOUSE_BAN,
        player=player,
        document_type=player.document_type,
        document_number=player.document_number,
        full_name=player.display_name,
        starts_on=sanction.gaming_day.business_date,
        ends_on=None,
        source=sanction.notice,
        sanction=sanction,
        reason=sanction.reason,
        recorded_by=actor.user,
        role=actor.role.value,
    )
    audit_record(
        actor=actor,
        action="exclusion.house_ban",
        obj=row,
        after={"player": player.pk, "sanction": sanction.pk, "starts_on": row.starts_on},
    )
    return row


def exclusion_lift(*, actor: Actor, exclusion: Exclusion, reason: str) -> Exclusion:
    """Lift an exclusion: a new row pointing at it; the original stays as it was.

    A self-exclusion is lifted by a pit boss or manager; a house ban by management (it
    came from an expulsion, SANC-02); a regulator's entry only by a new version of its list.
    """
    require(actor, Perm.RECORD_EXCLUSION)
    same_casino(actor, exclusion)
    reason = require_text(reason, field="reason", code=CasinoCode.REASON_REQUIRED)
    if exclusion.kind == ExclusionKind.REGULATOR:
        raise DomainError.of(TablesCode.EXCLUSION_NOT_LIFTABLE, field="exclusion")
    if exclusion.kind == ExclusionKind.HOUSE_BAN:
        require(actor, Perm.IMPOSE_SEVERE_SANCTION)
    with transaction.atomic():
        original = Exclusion.objects.select_for_update().get(pk=exclusion.pk)
        if original.lifts_id is not None:
            raise DomainError.of(TablesCode.NOT_AN_EXCLUSION, field="exclusion")
        if Exclusion.objects.filter(lifts=original).exists():
            raise DomainError.of(TablesCode.EXCLUSION_ALREADY_LIFTED, field="exclusion")
        row = _lift_row(actor, original, reason)
    return row


def _lift_row(actor: Actor, original: Exclusion, reason: str) -> Exclusion:
    """The lifting row of ``original`` (locked by the caller) and its audit event."""
    row = Exclusion.objects.create(
        casino_id=original.casino_id,
        kind=original.kind,
        player=original.player,
        document_type=original.document_type,
        document_number=original.document_number,
        full_name=original.full_name,
        starts_on=_today() if _today() >= original.starts_on else original.starts_on,
        ends_on=None,
        source=original.source,
        sanction=original.sanction,
        lifts=original,
        reason=reason,
        recorded_by=actor.user,
        role=actor.role.value,
    )
    audit_record(
        actor=actor,
        action="exclusion.lift",
        obj=row,
        before={"exclusion": original.pk, "lifted": False},
        after={"lifted": True},
        reason=reason,
    )
    return row


def exclusion_house_ban_lift(
    *, actor: Actor, sanction: SanctionEntry, reason: str
) -> Exclusion | None:
    """Lift the house ban of an expulsion when the ledger lifts or reduces it (issue 17 §2).

    Called by ``sanction_lift`` and ``sanction_reduce`` inside their transaction, after
    their own authority check (an expulsion is management's, SANC-02), so the sanction and
    its ban cannot disagree. Append-only: a new lifting row; a ban already lifted by hand
    is left as it is. Returns the lifting row, or None when there was no ban in force.
    """
    ban = (
        Exclusion.objects.select_for_update()
        .filter(sanction=sanction, kind=ExclusionKind.HOUSE_BAN, lifts__isnull=True)
        .first()
    )
    if ban is None or Exclusion.objects.filter(lifts=ban).exists():
        return None
    return _lift_row(actor, ban, reason)


LIST_COLUMNS = ("document_type", "document_number", "full_name", "starts_on", "ends_on")


def _row_error(line: int, problem: DomainError, column: str | None = None) -> DomainError:
    """A row of an exclusion list that cannot be read: the whole file is refused."""
    return DomainError.of(
        TablesCode.EXCLUSION_LIST_ROW_INVALID,
        line=line,
        problem=problem,
        field="file",
        details={"line": line, "problem": problem.code, **({"column": column} if column else {})},
    )


def _date_cell(value: str, line: int, column: str) -> date | None:
    value = value.strip()
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise _row_error(
            line, DomainError.of(TablesCode.EXCLUSION_ROW_DATE, value=value, column=column), column
        ) from None


@dataclass(frozen=True)
class _Entry:
    line: int
    document_type: str
    document_number: str
    full_name: str
    starts_on: date
    ends_on: date | None


def _parse_list(text: str, list_date: date) -> list[_Entry]:
    reader = csv.reader(io.StringIO(text))
    header = [h.strip().lower() for h in next(reader, [])]
    if tuple(header) != LIST_COLUMNS:
        raise _row_error(1, DomainError.of(TablesCode.EXCLUSION_ROW_HEADER, columns=LIST_COLUMNS))
    entries: list[_Entry] = []
    for cells in reader:
        line = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != len(LIST_COLUMNS):
            raise _row_error(
                line,
                DomainError.of(
                    TablesCode.EXCLUSION_ROW_COLUMNS,
                    expected=len(LIST_COLUMNS),
                    found=len(cells),
                ),
            )
        kind = cells[0].strip().lower()
        number = normalise_document(cells[1])
        problem = document_problem(kind, number)
        if problem is not None:
            column = "document_type" if kind not in DocumentType.values else "document_number"
            raise _row_error(
                line,
                DomainError.of(TablesCode.EXCLUSION_ROW_DOCUMENT, problem=Words(*problem)),
                column,
            )
        start = _date_cell(cells[3], line, "starts_on") or list_date
        end = _date_cell(cells[4], line, "ends_on")
        if end is not None and end < start:
            raise _row_error(
                line,
                DomainError.of(TablesCode.EXCLUSION_ROW_ENDS_EARLY),
                "ends_on",
            )
        entries.append(_Entry(line, kind, number, cells[2].strip()[:200], start, end))
    return entries


def exclusion_list_import(
    *,
    actor: Actor,
    source: str,
    list_date: date | None,
    content: str | bytes,
    file_name: str = "",
) -> ExclusionList:
    """Import a regulator's list (CSV) as the source's next version; all or nothing.

    Columns: document_type, document_number, full_name, starts_on, ends_on (dates
    YYYY-MM-DD; an empty start is the list's date, an empty end is open). A malformed row
    refuses the whole file with its line number. The new version replaces the previous
    one: only its entries bar anyone from now on.
    """
    require(actor, Perm.IMPORT_EXCLUSION_LIST)
    source = require_text(source, field="source", code=TablesCode.SOURCE_REQUIRED)[:80]
    if list_date is None:
        raise DomainError.of(TablesCode.LIST_DATE_REQUIRED, field="date")
    raw = content.encode() if isinstance(content, str) else content
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _row_error(1, DomainError.of(TablesCode.EXCLUSION_ROW_ENCODING)) from None
    entries = _parse_list(text, list_date)
    with transaction.atomic():
        last = (
            ExclusionList.objects.select_for_update()
            .filter(casino=actor.casino, source=source)
            .aggregate(v=Max("version"))["v"]
        )
        version = (last or 0) + 1
        listed = ExclusionList.objects.create(
            casino=actor.casino,
            source=source,
            list_date=list_date,
            version=version,
            file_name=file_name[:200],
            sha256=hashlib.sha256(raw).hexdigest(),
            entry_count=len(entries),
            imported_by=actor.user,
            role=actor.role.value,
        )
        players = {
            (p.document_type, p.document_number): p
            for p in Player.objects.filter(
                casino=actor.casino,
                document_number__in=[e.document_number for e in entries],
            )
        }
        Exclusion.objects.bulk_create(
            Exclusion(
                casino=actor.casino,
                kind=ExclusionKind.REGULATOR,
                player=players.get((e.document_type, e.document_number)),
                document_type=e.document_type,
                document_number=e.document_number,
                full_name=e.full_name,
                starts_on=e.starts_on,
                ends_on=e.ends_on,
                source=source,
                exclusion_list=listed,
                line=e.line,
                recorded_by=actor.user,
                role=actor.role.value,
            )
            for e in entries
        )
        audit_record(
            actor=actor,
            action="exclusion.list_import",
            obj=listed,
            after={
                "source": source,
                "version": version,
                "list_date": list_date,
                "entries": len(entries),
                "sha256": listed.sha256,
            },
        )
    return listed


# --- refusal at the table ---------------------------------------------------------------


@dataclass(frozen=True)
class _Hit:
    actor: Actor
    player_id: int
    reason: str
    exclusion_id: int | None
    where: str
    table_id: int | None
    session_id: int | None
    seat: int | None
    at: Any


_pending: ContextVar[list[_Hit] | None] = ContextVar("mesa_exclusion_hits", default=None)


@contextmanager
def exclusion_hits() -> Iterator[None]:
    """Write the refused attempts noted inside the block once it ends, whatever its outcome."""
    token = _pending.set([])
    try:
        yield
    finally:
        pending = _pending.get() or []
        _pending.reset(token)
        for hit in pending:
            _write_hit(hit)


def _write_hit(hit: _Hit) -> None:
    with transaction.atomic():
        row = ExclusionHit.objects.create(
            casino_id=hit.actor.user.casino_id,
            player_id=hit.player_id,
            reason=hit.reason,
            exclusion_id=hit.exclusion_id,
            where=hit.where,
            table_id=hit.table_id,
            session_id=hit.session_id,
            seat=hit.seat,
            actor=hit.actor.user,
            role=hit.actor.role.value,
            at=hit.at,
        )
        audit_record(
            actor=hit.actor,
            action="exclusion.hit",
            obj=row,
            after={"player": hit.player_id, "reason": hit.reason, "where": hit.where},
        )


def _note(hit: _Hit) -> None:
    pending = _pending.get()
    if pending is None or not transaction.get_connection().in_atomic_block:
        _write_hit(hit)
    else:
        pending.append(hit)


def _fmt_date(day: date | None, lang: str) -> str:
    if day is None:
        return "nueva orden" if lang == "es" else "further notice"
    return day.strftime("%d/%m/%Y")


def admission_check(
    actor: Actor,
    *,
    player: Player | None,
    session: TableSession | None,
    seat: int | None,
    where: str,
) -> None:
    """Refuse a buy-in or seating of an excluded or under-age identified player (409).

    Called inside the seating's transaction (the session row locked); nothing is written
    by the refusal, and the attempt is noted for the pit boss and surveillance. Without a
    session: a tournament entry bought at the cage before any seat (issue 42).
    """
    if player is None:
        return  # an anonymous or named-only player has no identity to check (SEAT-11)
    table_id = session.table_id if session is not None else None
    session_id = session.pk if session is not None else None
    today = _today()
    bar = exclusions_in_force(player, today).first()
    if bar is not None:
        _note(
            _Hit(
                actor,
                player.pk,
                HitReason.EXCLUDED,
                bar.pk,
                where,
                table_id,
                session_id,
                seat,
                timezone.now(),
            )
        )
        kind = ExclusionKind(bar.kind)
        raise DomainError.of(
            TablesCode.PLAYER_EXCLUDED,
            player=player.display_name,
            kind=Words(KIND_ES[kind], KIND_EN[kind]),
            until=Words(_fmt_date(bar.ends_on, "es"), _fmt_date(bar.ends_on, "en")),
            field="player",
            details={
                "reason": HitReason.EXCLUDED.value,
                "kind": kind.value,
                "ends_on": bar.ends_on.isoformat() if bar.ends_on else None,
                "exclusion": bar.pk,
            },
        )
    if player.birth_date is not None:
        minimum = ops_settings(player.casino).min_player_age
        age = age_on(player.birth_date, today)
        if age < minimum:
            _note(
                _Hit(
                    actor,
                    player.pk,
                    HitReason.UNDER_AGE,
                    None,
                    where,
                    table_id,
                    session_id,
                    seat,
                    timezone.now(),
                )
            )
            raise DomainError.of(
                TablesCode.PLAYER_UNDER_AGE,
                display_name=player.display_name,
                age=age,
                minimum=minimum,
                field="player",
                details={"reason": HitReason.UNDER_AGE.value, "min_player_age": minimum},
            )
