"""The player registry and exclusions: register, read an identity, bar, lift (issue 17 §1,
§2; GEN-08, SEAT-11; issue 41).

- ``player_register`` finds or creates the one player of a document (casino, type,
  number); a birth date below the casino's minimum age is refused (GEN-08). The minimum
  is a table-operations setting, owned by tables: the caller passes it in
  (``min_player_age``), so the registry reads no setting of an app above it.
- ``player_identity_read``: the document, nationality and birth date, for the roles that
  may see them (pit boss, shift manager, surveillance); every read is audited.
- Exclusions are append-only: a house ban written by the sanctions ledger with an
  expulsion (``exclusion_house_ban``), a self-exclusion with its dates, a regulator's list
  imported whole as a new version (``exclusion_list_import``); a lift is a new row.

The refusal of an excluded or under-age player at a table (a buy-in, a seating, a
tournament entry) is the tables' ``tables.services.players.admission_check``: it reads
``players.selectors.exclusions_in_force`` and notes the attempt at the table.
"""

from __future__ import annotations

import csv
import hashlib
import io
from dataclasses import dataclass
from datetime import date
from typing import Any, Protocol

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError, require_text
from casino.models import GamingDay
from casino.refusals import Words
from casino.roles import Perm

from .codes import PlayersCode
from .identity import COUNTRIES, document_problem, normalise_document
from .models import DocumentType, Exclusion, ExclusionKind, ExclusionList, Player
from .selectors import age_on


class Expulsion(Protocol):
    """What a house ban reads of the sanctions ledger's expulsion (``tables.SanctionEntry``,
    an app above this one: named by its shape, never imported)."""

    @property
    def pk(self) -> Any: ...
    @property
    def casino_id(self) -> int: ...
    @property
    def player_id(self) -> int | None: ...
    @property
    def player(self) -> Player | None: ...
    @property
    def gaming_day(self) -> GamingDay: ...
    @property
    def notice(self) -> str: ...
    @property
    def reason(self) -> str: ...


IDENTITY_FIELDS = ("document_type", "document_number", "nationality", "birth_date")


def _document(document_type: str, document_number: str, field: str) -> tuple[str, str]:
    number = normalise_document(document_number)
    problem = document_problem(document_type, number)
    if problem is not None:
        if document_type not in DocumentType.values:
            raise DomainError.of(
                PlayersCode.DOCUMENT_TYPE_INVALID, problem=Words(*problem), field="document_type"
            )
        raise DomainError.of(
            PlayersCode.DOCUMENT_NUMBER_INVALID, problem=Words(*problem), field=field
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
    min_player_age: int,
) -> tuple[Player, bool]:
    """Find the player of a document, or register him (issue 17 §1). Returns (player, created).

    The document is the player's key: a second visit finds the first record and changes
    nothing in it. ``min_player_age`` is the casino's setting in force (GEN-08), read by the
    caller (``tables.selectors.ops_settings``).
    """
    require(actor, Perm.REGISTER_PLAYER)
    name = require_text(display_name, field="display_name", code=CasinoCode.NAME_REQUIRED)[:120]
    document_type, number = _document(document_type, document_number, "document_number")
    nationality = (nationality or "").strip().upper()
    if nationality and nationality not in COUNTRIES:
        raise DomainError.of(
            PlayersCode.NATIONALITY_INVALID, nationality=nationality, field="nationality"
        )
    today = _today()
    if birth_date is not None:
        if birth_date > today:
            raise DomainError.of(PlayersCode.BIRTH_DATE_IN_FUTURE, field="birth_date")
        minimum = min_player_age
        if age_on(birth_date, today) < minimum:
            # GEN-08: where the casino records identity, a player below the age is refused.
            raise DomainError.of(
                PlayersCode.BIRTH_DATE_UNDER_AGE,
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


# --- exclusions -------------------------------------------------------------------------


def _dates(starts_on: date | None, ends_on: date | None) -> tuple[date, date | None]:
    start = starts_on or _today()
    if ends_on is not None and ends_on < start:
        raise DomainError.of(PlayersCode.EXCLUSION_DATES_INVALID, field="ends_on")
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
        raise DomainError.of(PlayersCode.EXCLUSION_END_REQUIRED, field="ends_on")
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


def exclusion_house_ban(*, actor: Actor, sanction: Expulsion) -> Exclusion | None:
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
        sanction_id=sanction.pk,
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
        raise DomainError.of(PlayersCode.EXCLUSION_NOT_LIFTABLE, field="exclusion")
    if exclusion.kind == ExclusionKind.HOUSE_BAN:
        require(actor, Perm.IMPOSE_SEVERE_SANCTION)
    with transaction.atomic():
        original = Exclusion.objects.select_for_update().get(pk=exclusion.pk)
        if original.lifts_id is not None:
            raise DomainError.of(PlayersCode.NOT_AN_EXCLUSION, field="exclusion")
        if Exclusion.objects.filter(lifts=original).exists():
            raise DomainError.of(PlayersCode.EXCLUSION_ALREADY_LIFTED, field="exclusion")
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


def exclusion_house_ban_lift(*, actor: Actor, sanction: Expulsion, reason: str) -> Exclusion | None:
    """Lift the house ban of an expulsion when the ledger lifts or reduces it (issue 17 §2).

    Called by ``sanction_lift`` and ``sanction_reduce`` inside their transaction, after
    their own authority check (an expulsion is management's, SANC-02), so the sanction and
    its ban cannot disagree. Append-only: a new lifting row; a ban already lifted by hand
    is left as it is. Returns the lifting row, or None when there was no ban in force.
    """
    ban = (
        Exclusion.objects.select_for_update()
        .filter(sanction_id=sanction.pk, kind=ExclusionKind.HOUSE_BAN, lifts__isnull=True)
        .first()
    )
    if ban is None or Exclusion.objects.filter(lifts=ban).exists():
        return None
    return _lift_row(actor, ban, reason)


LIST_COLUMNS = ("document_type", "document_number", "full_name", "starts_on", "ends_on")


def _row_error(line: int, problem: DomainError, column: str | None = None) -> DomainError:
    """A row of an exclusion list that cannot be read: the whole file is refused."""
    return DomainError.of(
        PlayersCode.EXCLUSION_LIST_ROW_INVALID,
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
            line, DomainError.of(PlayersCode.EXCLUSION_ROW_DATE, value=value, column=column), column
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
        raise _row_error(1, DomainError.of(PlayersCode.EXCLUSION_ROW_HEADER, columns=LIST_COLUMNS))
    entries: list[_Entry] = []
    for cells in reader:
        line = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != len(LIST_COLUMNS):
            raise _row_error(
                line,
                DomainError.of(
                    PlayersCode.EXCLUSION_ROW_COLUMNS,
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
                DomainError.of(PlayersCode.EXCLUSION_ROW_DOCUMENT, problem=Words(*problem)),
                column,
            )
        start = _date_cell(cells[3], line, "starts_on") or list_date
        end = _date_cell(cells[4], line, "ends_on")
        if end is not None and end < start:
            raise _row_error(
                line,
                DomainError.of(PlayersCode.EXCLUSION_ROW_ENDS_EARLY),
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
    source = require_text(source, field="source", code=PlayersCode.SOURCE_REQUIRED)[:80]
    if list_date is None:
        raise DomainError.of(PlayersCode.LIST_DATE_REQUIRED, field="date")
    raw = content.encode() if isinstance(content, str) else content
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _row_error(1, DomainError.of(PlayersCode.EXCLUSION_ROW_ENCODING)) from None
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
