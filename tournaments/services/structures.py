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
from casino.errors import Conflict, ValidationFailed
from casino.roles import Perm
from poker.tournament import TournamentStructure, structure_from_dict

from ..models import StructureTemplate, StructureVersion, Tournament
from ._common import ask, cents, current_gaming_day, money, require_text

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
                raise ValidationFailed(
                    "AMOUNT_INVALID",
                    f"{name}: se espera un importe en texto decimal («1000.00»).",
                    f'{name}: an amount as a decimal string is expected ("1000.00").',
                    field=name,
                )
            try:
                value = Decimal(str(raw).strip())
            except InvalidOperation:
                value = Decimal("NaN")
            if not value.is_finite() or value != value.quantize(Decimal("0.01")):
                raise ValidationFailed(
                    "AMOUNT_INVALID",
                    f"{name}: «{raw}» no es un importe con a lo sumo dos decimales.",
                    f"{name}: '{raw}' is not an amount with at most two decimals.",
                    field=name,
                )
            holder[path[-1]] = cents(value)
        else:
            holder[path[-1]] = str(money(raw))
    return out


def structure_from_input(data: Any) -> TournamentStructure:
    """A structure as the API and the pages send it (money as decimal strings), checked
    whole by the engine: a refusal names the field (``levels[3].big_blind``)."""
    if not isinstance(data, Mapping):
        raise ValidationFailed(
            "STRUCTURE_INVALID",
            "La estructura debe ser un objeto.",
            "The structure must be an object.",
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
    name = require_text(
        name,
        code="NAME_REQUIRED",
        field="name",
        es="Indique el nombre de la estructura.",
        en="Give the structure's name.",
    )[:120]
    checked = structure_from_input(structure)
    with transaction.atomic():
        if StructureTemplate.objects.filter(casino=actor.casino, name=name).exists():
            raise Conflict(
                "STRUCTURE_NAME_TAKEN",
                f"Ya existe una estructura «{name}»: cree una versión nueva de ella.",
                f"A structure '{name}' already exists: make a new version of it.",
                field="name",
            )
        try:
            with transaction.atomic():
                template = StructureTemplate.objects.create(
                    casino=actor.casino, name=name, created_by=actor.user
                )
        except IntegrityError:
            raise Conflict(
                "STRUCTURE_NAME_TAKEN",
                f"Ya existe una estructura «{name}».",
                f"A structure '{name}' already exists.",
                field="name",
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
    reason = require_text(
        reason,
        code="REASON_REQUIRED",
        field="reason",
        es="Indique el motivo del cambio de estructura.",
        en="Give the reason for the structure's change.",
    )
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
    name = require_text(
        name,
        code="NAME_REQUIRED",
        field="name",
        es="Indique el nombre del torneo.",
        en="Give the tournament's name.",
    )[:160]
    if structure.casino_id != actor.user.casino_id:
        raise ValidationFailed(
            "STRUCTURE_UNKNOWN", "Estructura desconocida.", "Unknown structure.", field="structure"
        )
    if max_players is not None and (
        isinstance(max_players, bool) or not isinstance(max_players, int) or max_players < 2
    ):
        raise ValidationFailed(
            "MAX_PLAYERS_INVALID",
            "El cupo de jugadores es de al menos 2.",
            "The player limit is at least 2.",
            field="max_players",
        )
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
