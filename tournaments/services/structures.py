"""Structures (templates a manager reuses, versioned, never edited) and tournaments."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max

from casino.access import Actor, require
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError, require_text
from casino.roles import Perm
from hands.codes import HandsCode
from poker.tournament import TournamentStructure, structure_from_dict
from tables.codes import TablesCode

from ..codes import TournamentsCode
from ..models import StructureTemplate, StructureVersion, Tournament
from ._common import ask, cents, current_gaming_day, money

# The money fields of a structure (engine: cents; API: decimal strings), by path.
MONEY_FIELDS: tuple[tuple[str, ...], ...] = (
    ("buy_in",),
    ("fee",),
    ("guarantee",),
    ("payout_unit",),
    ("rebuy", "price"),
    ("rebuy", "fee"),
    ("add_on", "price"),
    ("add_on", "fee"),
    ("satellite", "seat_value"),
)


def _convert(data: Mapping[str, Any], to_cents: bool) -> dict[str, Any]:
    out: dict[str, Any] = {k: (dict(v) if isinstance(v, Mapping) else v) for k, v in data.items()}
    for path in MONEY_FIELDS:
        holder: Any = out
        for key in path[:-1]:
            holder = holder.get(key) if isinstance(holder, dict) else None
        if not isinstance(holder, dict) or path[-1] not in holder:
            continue
        raw = holder[path[-1]]
        name = ".".join(path)
        if to_cents:
            if isinstance(raw, bool) or not isinstance(raw, str | int):
                raise DomainError.of(TablesCode.AMOUNT_INVALID, value=str(raw), field=name)
            try:
                value = Decimal(str(raw).strip())
            except InvalidOperation:
                value = Decimal("NaN")
            if not value.is_finite() or value != value.quantize(Decimal("0.01")):
                raise DomainError.of(TablesCode.AMOUNT_INVALID, value=str(raw), field=name)
            holder[path[-1]] = cents(value)
        else:
            holder[path[-1]] = str(money(raw))
    return out


def structure_from_input(data: Any) -> TournamentStructure:
    """A structure as the API and the pages send it (money as decimal strings), checked
    whole by the engine: a refusal names the field (``levels[3].big_blind``)."""
    if not isinstance(data, Mapping):
        raise DomainError.of(
            HandsCode.STRUCTURE_INVALID,
            problem=DomainError.of(TournamentsCode.STRUCTURE_NOT_AN_OBJECT),
            field="structure",
        )
    return ask(structure_from_dict, _convert(data, to_cents=True))


def structure_output(structure: TournamentStructure) -> dict[str, Any]:
    """The structure as the API shows it: money as decimal strings."""
    return _convert(structure.to_dict(), to_cents=False)


def structure_create(
    *, actor: Actor, name: str, structure: Any, reason: str = ""
) -> StructureVersion:
    """A new template with its first version (a manager's reusable structure)."""
    require(actor, Perm.MANAGE_TOURNAMENTS)
    name = require_text(name, field="name", code=CasinoCode.NAME_REQUIRED)[:120]
    checked = structure_from_input(structure)
    with transaction.atomic():
        if StructureTemplate.objects.filter(casino=actor.casino, name=name).exists():
            raise DomainError.of(TournamentsCode.STRUCTURE_NAME_TAKEN, name=name, field="name")
        try:
            with transaction.atomic():
                template = StructureTemplate.objects.create(
                    casino=actor.casino, name=name, created_by=actor.user
                )
        except IntegrityError:
            raise DomainError.of(
                TournamentsCode.STRUCTURE_NAME_TAKEN, name=name, field="name"
            ) from None
        version = StructureVersion.objects.create(
            casino=actor.casino,
            template=template,
            version=1,
            data=checked.to_dict(),
            created_by=actor.user,
            reason=reason.strip()[:300],
        )
        audit_record(
            actor=actor,
            action="tournament.structure.create",
            obj=version,
            after={"name": name, "version": 1, "structure": version.data},
            reason=reason,
        )
    return version


def structure_revise(
    *, actor: Actor, template: StructureTemplate, structure: Any, reason: str
) -> StructureVersion:
    """A change to a structure is a new version; the versions in use stay as they were."""
    require(actor, Perm.MANAGE_TOURNAMENTS)
    reason = require_text(reason, field="reason", code=CasinoCode.REASON_REQUIRED)
    checked = structure_from_input(structure)
    with transaction.atomic():
        row = StructureTemplate.objects.select_for_update().get(pk=template.pk)
        last = row.versions.aggregate(n=Max("version"))["n"] or 0
        version = StructureVersion.objects.create(
            casino=actor.casino,
            template=row,
            version=last + 1,
            data=checked.to_dict(),
            created_by=actor.user,
            reason=reason[:300],
        )
        audit_record(
            actor=actor,
            action="tournament.structure.revise",
            obj=version,
            after={"version": version.version, "structure": version.data},
            reason=reason,
        )
    return version


def tournament_create(
    *,
    actor: Actor,
    name: str,
    structure: StructureVersion,
    event_name: str = "",
    max_players: int | None = None,
) -> Tournament:
    """A tournament on a structure version (registration opens now: PLANNED)."""
    require(actor, Perm.MANAGE_TOURNAMENTS)
    name = require_text(name, field="name", code=CasinoCode.NAME_REQUIRED)[:160]
    if structure.casino_id != actor.user.casino_id:
        raise DomainError.of(TournamentsCode.STRUCTURE_UNKNOWN, field="structure")
    if max_players is not None and (
        isinstance(max_players, bool) or not isinstance(max_players, int) or max_players < 2
    ):
        raise DomainError.of(TournamentsCode.MAX_PLAYERS_INVALID, field="max_players")
    with transaction.atomic():
        day = current_gaming_day(actor)
        tournament = Tournament.objects.create(
            casino=actor.casino,
            gaming_day=day,
            name=name,
            event_name=(event_name or name).strip()[:120],
            structure=structure,
            seed=str(secrets.randbits(128)),
            max_players=max_players,
            created_by=actor.user,
        )
        audit_record(
            actor=actor,
            action="tournament.create",
            obj=tournament,
            after={
                "name": name,
                "event": tournament.event_name,
                "structure": structure.pk,
                "seed": tournament.seed,
                "max_players": max_players,
            },
        )
    return tournament
