"""Deck custody for a gaming day, or one table's day (RPT-08, DECK-21; seed 000 §6.1, §6.5, §9.2*).

Per table: every pack's moves (received, issued, inspected, in play, rotated,
replaced with the reason, returned, classified) with who, the second person and
when; the store's moves (deliveries, destruction); the day's reconciliation of
each store — the shift manager's signed control when there is one (its figures
as signed), else the live figures marked provisional — and its exceptions.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from casino.models import GamingDay
from tables import selectors as tables_selectors
from tables.models import DeckEvent, DeckFinalControl, DeckReceipt, DeckStore, PackState

from ..access import gaming_day_for, require_day_or_table_scope
from ..formatting import day as day_text
from ..params import TableDateParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name, role_label, signature_rows

P = PackState
STATE_LABELS: dict[str, tuple[str, str]] = {
    P.RECEIVED: ("recibido de seguridad", "received from security"),
    P.STORED: ("en depósito", "in store"),
    P.ISSUED: ("entregado a la mesa", "issued to the table"),
    P.INSPECTED: ("inspeccionado", "inspected"),
    P.REJECTED: ("rechazado en la inspección", "rejected at inspection"),
    P.IN_PLAY: ("en juego", "in play"),
    P.RESERVE: ("de reserva", "in reserve"),
    P.RESTED: ("en descanso (rotación)", "rested (rotation)"),
    P.DAMAGED: ("carta dañada", "damaged card"),
    P.WITHDRAWN: ("retirado del juego", "withdrawn from play"),
    P.RETURNED: ("devuelto al jefe de sector", "returned to the pit boss"),
    P.REUSABLE: ("clasificado reutilizable", "classified reusable"),
    P.DISCARD: ("clasificado descarte", "classified discard"),
    P.REPLACEMENT: ("clasificado para reposición", "classified for replacement"),
    P.CANCELLED: ("anulado por seguridad", "cancelled by security"),
    P.DESTROYED: ("destruido por seguridad", "destroyed by security"),
}
REASONS = {
    "dealer_change": ("cambio de croupier", "dealer change"),
    "time": ("tiempo de juego", "time in play"),
}


def state_label(state: str, lang: str) -> str:
    return bilingual(lang, *STATE_LABELS.get(state, (state, state)))


def _event_row(event: DeckEvent, lang: str) -> dict[str, Any]:
    data = event.data or {}
    details = []
    if data.get("reason"):
        details.append(bilingual(lang, *REASONS.get(data["reason"], (data["reason"],) * 2)))
    if data.get("replaces"):
        details.append(bilingual(lang, "reemplaza a ", "replaces ") + str(data["replaces"]))
    if event.related_pack:
        details.append(bilingual(lang, "con ", "with ") + event.related_pack.serial)
    if data.get("receipt"):
        details.append(bilingual(lang, "constancia ", "receipt ") + str(data["receipt"]))
    if event.hand_number:
        details.append(bilingual(lang, "mano ", "hand ") + str(event.hand_number))
    if data.get("complete") is False:
        details.append(bilingual(lang, "INCOMPLETO", "INCOMPLETE"))
    if event.note:
        details.append(event.note)
    return {
        "at": event.at,
        "pack": event.pack.serial,
        "colour": event.pack.colour,
        "from": state_label(event.from_state, lang) if event.from_state else "",
        "to": state_label(event.to_state, lang),
        "to_state": event.to_state,
        "by": name(event.actor),
        "role": role_label(event.role),
        "with": name(event.with_user) if event.with_user_id else "",
        "detail": "; ".join(details),
    }


def _reconciliations(day: GamingDay, lang: str) -> list[dict[str, Any]]:
    out = []
    for store in DeckStore.objects.filter(casino=day.casino).order_by("code"):
        control = DeckFinalControl.objects.filter(store=store, gaming_day=day).first()
        if control is not None:
            figures = dict(control.figures)
            signed = signature_rows(control)
        else:
            if not DeckEvent.objects.filter(gaming_day=day, pack__store=store).exists():
                continue
            figures = tables_selectors.deck_reconciliation(store, day).figures()
            signed = []
        unaccounted = [
            {
                "serial": s,
                "state": state_label(st, lang),
                "reason": tables_selectors.unaccounted_reason(r, lang),
            }
            for s, st, r in figures.get("unaccounted", [])
        ]
        out.append(
            {
                "store": store,
                "final": control is not None and control.is_locked,
                "signatures": signed,
                "received": figures.get("received", 0),
                "received_today": figures.get("received_today", 0),
                "in_store": figures.get("in_store", 0),
                "at_tables": figures.get("at_tables", 0),
                "returned": figures.get("returned", 0),
                "destroyed": figures.get("destroyed", 0),
                "balanced": figures.get("balanced", False),
                "unaccounted": unaccounted,
                "unexpected": figures.get("unexpected", []),
            }
        )
    return out


def custody_data(day: GamingDay, table_number: int | None, lang: str) -> dict[str, Any]:
    events = (
        DeckEvent.objects.filter(casino=day.casino, gaming_day=day)
        .select_related("pack", "actor", "with_user", "related_pack", "session__table")
        .order_by("at", "id")
    )
    if table_number:
        events = events.filter(session__table__number=table_number)
    tables: OrderedDict[str, dict[str, Any]] = OrderedDict()
    store_rows: list[dict[str, Any]] = []
    for event in events.iterator(chunk_size=1000):
        row = _event_row(event, lang)
        if event.session is None:
            store_rows.append(row)
            continue
        table = event.session.table
        key = f"{table.number:05d}"
        group = tables.setdefault(
            key,
            {
                "number": table.number,
                "name": str(table),
                "events": [],
                "packs": set(),
                "rotations": 0,
                "replacements": 0,
                "inspections": 0,
            },
        )
        group["events"].append(row)
        group["packs"].add(row["pack"])
        if event.to_state == P.INSPECTED:
            group["inspections"] += 1
        if (event.data or {}).get("reason") in REASONS:
            group["rotations"] += 1
        if event.to_state in (P.WITHDRAWN, P.REJECTED):
            group["replacements"] += 1
    per_table = []
    for group in (tables[k] for k in sorted(tables)):
        group["packs"] = sorted(group["packs"])
        per_table.append(group)
    receipts = [
        {
            "serial": r.serial,
            "store": r.store.name,
            "by": name(r.delivered_by),
            "at": r.created_at,
            "packs": ", ".join(p.serial for p in r.packs.order_by("serial")),
            "signed": r.is_locked,
        }
        for r in DeckReceipt.objects.filter(gaming_day=day)
        .select_related("store", "delivered_by")
        .order_by("serial_number")
    ]
    exceptions = [
        item["message"]["en" if lang == "en" else "es"]
        for item in tables_selectors.day_exceptions(day)
        if item["kind"].startswith("PACK") and (not table_number or _item_table(item, table_number))
    ]
    recon = [] if table_number else _reconciliations(day, lang)
    for r in recon:
        if not r["final"]:
            exceptions.append(
                bilingual(
                    lang,
                    f"{r['store'].name}: sin control final firmado del gerente de turno (DECK-16).",
                    f"{r['store'].name}: no final control signed by the shift manager (DECK-16).",
                )
            )
    scope = bilingual(lang, "Jornada", "Gaming day") + f" {day_text(day.business_date, lang)}"
    if table_number:
        scope += " · " + bilingual(lang, "Mesa", "Table") + f" {table_number}"
    return {
        "gaming_day": day,
        "table_number": table_number,
        "header_scope": scope,
        "per_table": per_table,
        "store_rows": store_rows,
        "receipts": receipts,
        "reconciliations": recon,
        "exceptions": exceptions,
    }


def _item_table(item: dict[str, Any], number: int) -> bool:
    from tables.models import Table

    table_id = item.get("table")
    return table_id is not None and Table.objects.filter(pk=table_id, number=number).exists()


def build(ctx: BuildContext) -> dict[str, Any]:
    day = gaming_day_for(ctx.casino, ctx.params)
    ctx.progress(20, "decks")
    return custody_data(day, ctx.params.get("table"), ctx.lang)


register(
    ReportSpec(
        kind="deck_custody",
        title_es="Custodia de naipes",
        title_en="Deck custody log",
        template="pdf/deck_custody.html",
        params=TableDateParams,
        build=build,
        access=require_day_or_table_scope,
        landscape=True,
        description_es="Los movimientos de cada mazo de la jornada (o de una mesa), quién y "
        "cuándo; la conciliación diaria del depósito y sus excepciones (DECK-21).",
        description_en="Every pack's moves in the gaming day (or at one table), who and when; "
        "the store's daily reconciliation and its exceptions (DECK-21).",
    )
)
