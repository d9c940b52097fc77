"""The sanctions ledger for a period: by player, by conduct, and the penalties running (RPT-10, SANC-14).

Every ledger entry of the period (proposals, impositions with their notice
number, lifts and reductions pointing at what they amend), grouped by player and
by conduct code, the sanctions still active now, and the proposals for a
conduct that "must be sanctioned" that no imposition followed (SANC-11).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from casino.access import Actor
from casino.roles import Perm
from tables import selectors as tables_selectors
from tables.conduct import CONDUCT_BY_CODE
from tables.models import SanctionEntry, SanctionLevel

from ..access import period, require_room_scope, require_table_scope, table_by_number
from ..formatting import day as day_text
from ..params import OptionalPeriodParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name, role_label

L = SanctionLevel
K = SanctionEntry.Kind
LEVELS: dict[str, tuple[str, str]] = {
    L.WARNING: ("Advertencia verbal", "Verbal warning"),
    L.VUELTAS: ("Vueltas de penalización", "Penalty rounds"),
    L.SIT_OUT: ("Fuera de juego por manos", "Sit out hands"),
    L.HAND_ANNULMENT: ("Anulación de la mano", "Annulment of the hand"),
    L.REMOVAL: ("Retiro de la mesa por la sesión", "Removal from the table for the session"),
    L.DISQUALIFICATION: ("Descalificación", "Disqualification"),
    L.EXPULSION: ("Expulsión", "Expulsion"),
}
KINDS: dict[str, tuple[str, str]] = {
    K.PROPOSAL: ("Propuesta", "Proposal"),
    K.IMPOSITION: ("Sanción", "Imposition"),
    K.LIFT: ("Levantamiento", "Lift"),
    K.REDUCTION: ("Reducción", "Reduction"),
    K.APPEAL: ("Apelación", "Appeal"),
    K.UPHELD: ("Confirmada en apelación", "Upheld on appeal"),
}
STATUS = {
    "active": ("vigente", "active"),
    "served": ("cumplida", "served"),
    "lifted": ("levantada", "lifted"),
    "appealed": ("apelada", "appealed"),
}


def level_label(level: str, vueltas: int | None, lang: str) -> str:
    text = bilingual(lang, *LEVELS.get(level, (level, level)))
    if vueltas:
        text += f" ({vueltas})"
    return text


def conduct_label(code: str) -> str:
    conduct = CONDUCT_BY_CODE.get(code)
    return str(conduct.label) if conduct else code


def _row(entry: SanctionEntry, lang: str) -> dict[str, Any]:
    return {
        "at": entry.at,
        "kind": bilingual(lang, *KINDS.get(entry.kind, (entry.kind, entry.kind))),
        "is_imposition": entry.kind == K.IMPOSITION,
        "notice": entry.notice,
        "player": entry.player_label,
        "conduct": conduct_label(entry.conduct_code),
        "level": level_label(entry.level, entry.vueltas, lang),
        "table": entry.table.number if entry.table else None,
        "hand": entry.hand_number,
        "event": entry.event_name,
        "by": name(entry.issued_by),
        "role": role_label(entry.role),
        "amends": entry.amends.notice if entry.amends else "",
        "reason": entry.reason or entry.override_reason,
    }


def sanctions_data(casino: Any, params: dict[str, Any], lang: str) -> dict[str, Any]:
    start, end = period(casino, params)
    table = table_by_number(casino, params["table"]) if params.get("table") else None
    ledger = tables_selectors.sanctions_ledger(
        casino, table=table.pk if table else None, since=start, until=end
    ).order_by("at", "id")
    rows = []
    by_player: OrderedDict[str, dict[str, Any]] = OrderedDict()
    by_conduct: dict[str, dict[str, Any]] = {}
    for entry in ledger.iterator(chunk_size=500):
        row = _row(entry, lang)
        rows.append(row)
        player = by_player.setdefault(
            row["player"],
            {"player": row["player"], "impositions": 0, "proposals": 0, "entries": []},
        )
        conduct = by_conduct.setdefault(
            entry.conduct_code,
            {
                "code": entry.conduct_code,
                "label": row["conduct"],
                "must": bool(
                    CONDUCT_BY_CODE.get(entry.conduct_code)
                    and CONDUCT_BY_CODE[entry.conduct_code].must
                ),
                "proposals": 0,
                "impositions": 0,
                "amendments": 0,
                "players": set(),
            },
        )
        if entry.kind == K.IMPOSITION:
            player["impositions"] += 1
            conduct["impositions"] += 1
            player["entries"].append(f"{row['notice']} {row['level']}")
        elif entry.kind == K.PROPOSAL:
            player["proposals"] += 1
            conduct["proposals"] += 1
        else:
            conduct["amendments"] += 1
        conduct["players"].add(row["player"])
    players = sorted(by_player.values(), key=lambda p: (-p["impositions"], p["player"]))
    conducts = sorted(by_conduct.values(), key=lambda c: (-c["impositions"], c["code"]))
    for c in conducts:
        c["players"] = len(c["players"])
    active = []
    for effective in tables_selectors.active_sanctions(casino):
        imposition = effective.imposition
        if table is not None and imposition.table_id != table.pk:
            continue
        status = effective.status()
        active.append(
            {
                "notice": imposition.notice,
                "player": imposition.player_label,
                "conduct": conduct_label(imposition.conduct_code),
                "level": level_label(effective.level, effective.vueltas, lang),
                "since": imposition.at,
                "table": imposition.table.number if imposition.table else None,
                "status": bilingual(lang, *STATUS.get(status, (status, status))),
            }
        )
    pending = [
        {
            "at": p.at,
            "player": p.player_label,
            "conduct": conduct_label(p.conduct_code),
            "table": p.table.number if p.table else None,
            "by": name(p.issued_by),
        }
        for p in tables_selectors.mandatory_not_imposed(casino)
        if start <= p.gaming_day.business_date <= end and (table is None or p.table_id == table.pk)
    ]
    scope = (
        day_text(start, lang)
        if start == end
        else f"{day_text(start, lang)} – {day_text(end, lang)}"
    )
    if table is not None:
        scope += f" · {bilingual(lang, 'Mesa', 'Table')} {table.number}"
    return {
        "start": start,
        "end": end,
        "table": table,
        "header_scope": scope,
        "rows": rows,
        "players": players,
        "conducts": conducts,
        "active": active,
        "pending": pending,
        "impositions": sum(p["impositions"] for p in players),
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    ctx.progress(20, "sanctions")
    return sanctions_data(ctx.casino, ctx.params, ctx.lang)


def access(actor: Actor, params: dict[str, Any]) -> None:
    start, end = period(actor.casino, params)
    if params.get("table"):
        require_table_scope(actor, actor.casino, params["table"], start, end)
    else:
        require_room_scope(actor, pit_boss=True)


register(
    ReportSpec(
        kind="sanctions",
        title_es="Registro de sanciones",
        title_en="Sanctions ledger report",
        template="pdf/sanctions.html",
        params=OptionalPeriodParams,
        build=build,
        access=access,
        landscape=True,
        perm=Perm.VIEW_TABLE_REPORTS,
        description_es="Las sanciones de un período por jugador y por conducta, las vigentes y "
        "las obligatorias no impuestas (SANC-14, SANC-11).",
        description_en="The sanctions of a period by player and by conduct, those in force and "
        "mandatory ones not imposed (SANC-14, SANC-11).",
    )
)
