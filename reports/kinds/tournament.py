"""A tournament's report and the record a regulator asks for (issue 42 §10).

* ``tournament``: entries, re-entries, rebuys and add-ons, the fees and the prize pool,
  the payout table with its approval, every prize paid with its slip and signatures,
  the deal, the finishing places (TOUR-07, TOUR-08).
* ``tournament_record``: every participant (with the identity document the registry
  holds), the winners and their places, the prizes, and the amount the house kept (the
  fees less any overlay it added to reach the guarantee).

Both read the tournament through ``tournaments.selectors``; like every report they are
PDF, Spanish first, and CSV and XLSX from the tables printed (``reports.export``).
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from casino.access import Actor
from casino.errors import DomainError, permission_denied
from casino.roles import Perm
from tournaments import presenters
from tournaments import selectors as tsel
from tournaments.models import (
    Deal,
    EntryKind,
    LedgerKind,
    PayoutSlip,
    Tournament,
)

from ..codes import ReportsCode
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name, signature_rows


class TournamentParams(serializers.Serializer):
    tournament = serializers.IntegerField(min_value=1, help_text="Tournament id.")


def _tournament(casino: Any, params: dict[str, Any]) -> Tournament:
    number = params.get("tournament")
    t = (
        Tournament.objects.filter(casino=casino, pk=number)
        .select_related("structure__template", "gaming_day")
        .first()
        if number is not None
        else None
    )
    if t is None:
        raise DomainError.of(ReportsCode.TOURNAMENT_NOT_FOUND)
    return t


def access(actor: Actor, params: dict[str, Any]) -> None:
    if not actor.can(Perm.VIEW_TOURNAMENTS):
        raise permission_denied(Perm.VIEW_TOURNAMENTS.value, actor.role.value)
    _tournament(actor.casino, params)


def _common(t: Tournament, lang: str) -> dict[str, Any]:
    totals = tsel.ledger_totals(t)
    pool = presenters.pool(t)
    results = tsel.results(t)
    states = tsel.entry_states(t)
    counted = states.counted
    ranked: list[dict[str, Any]] = []
    for r in results.ranked:
        ranked.append(
            {
                "place": r.place,
                "place_to": r.place_to,
                "shared": r.shared,
                "entry": r.entry.number,
                "player": r.entry.player.display_name,
                "amount": r.amount,
                "seat_value": r.seat_value,
                "seat_in": r.seat_in,
                "slip": r.slip.serial if r.slip else "",
                "expelled": r.place == 0,
            }
        )
    return {
        "t": t,
        "header_scope": t.name,
        "structure": t.rules(),
        "structure_name": f"{t.structure.template.name} v{t.structure.version}",
        "totals": totals,
        "pool": pool,
        "entries_count": len(counted),
        "re_entries": sum(1 for e in counted if e.kind == EntryKind.RE_ENTRY),
        "players": len({e.player_id for e in counted}),
        "refunded": len(states.refunded),
        "results": ranked,
        "finished": results.finished,
        "house_kept": totals.fees - totals.overlay_paid_in,
        "prizes_total": sum((r["amount"] + r["seat_value"] for r in ranked), 0),
    }


def build_report(ctx: BuildContext) -> dict[str, Any]:
    t = _tournament(ctx.casino, ctx.params)
    lang = ctx.lang
    ctx.progress(20, "tournament")
    data = _common(t, lang)
    receipts = {
        r.entry_id: r.receipt
        for r in tsel.ledger(t).filter(kind__in=[LedgerKind.ENTRY, LedgerKind.RE_ENTRY])
    }
    states = tsel.entry_states(t)
    entries = [
        {
            "number": e.number,
            "player": e.player.display_name,
            "kind": bilingual(lang, "Reingreso", "Re-entry")
            if e.kind == EntryKind.RE_ENTRY
            else bilingual(lang, "Inscripción", "Entry"),
            "alternate": e.alternate,
            "receipt": receipts.get(e.pk, ""),
            "refunded": e.pk in states.refunded,
        }
        for e in states.entries
    ]
    table = tsel.approved_payouts(t)
    payout = None
    if table is not None:
        payout = {
            "row": presenters.payout_table(table),
            "signatures": signature_rows(table),
        }
    slips = []
    for slip in PayoutSlip.objects.filter(tournament=t).select_related("entry", "player"):
        sig = slip.signatures().first()
        slips.append(
            {
                "serial": slip.serial,
                "place": slip.place,
                "place_to": slip.place_to,
                "entry": slip.entry.number,
                "player": slip.player.display_name,
                "amount": slip.amount,
                "seat_in": slip.seat_in,
                "seat_value": slip.seat_value,
                "player_signed": slip.player_signed_name,
                "cashier": name(sig.signer) if sig else "",
                "at": sig.signed_at if sig else None,
            }
        )
    deals = []
    for d in Deal.objects.filter(tournament=t, locked_at__isnull=False):
        deals.append(
            {
                "row": presenters.deal(d),
                "method": bilingual(lang, "ICM", "ICM")
                if d.method == "icm"
                else bilingual(lang, "Por fichas (chip chop)", "Chip chop"),
                "signatures": signature_rows(d),
            }
        )
    ledger = [presenters.ledger_row(r) for r in tsel.ledger(t)]
    return {
        **data,
        "entries": entries,
        "payout": payout,
        "slips": slips,
        "deals": deals,
        "ledger": ledger,
    }


def build_record(ctx: BuildContext) -> dict[str, Any]:
    t = _tournament(ctx.casino, ctx.params)
    ctx.progress(20, "tournament")
    data = _common(t, ctx.lang)
    states = tsel.entry_states(t)
    seen: dict[int, dict[str, Any]] = {}
    for e in states.counted:
        p = e.player
        row = seen.setdefault(
            p.pk,
            {
                "player": p.display_name,
                "document": f"{p.get_document_type_display()} {p.document_number}".strip()
                if p.document_number
                else "—",
                "nationality": p.nationality,
                "entries": [],
            },
        )
        row["entries"].append(e.number)
    participants = sorted(seen.values(), key=lambda r: r["player"])
    return {**data, "participants": participants}


register(
    ReportSpec(
        kind="tournament",
        title_es="Informe del torneo",
        title_en="Tournament report",
        template="pdf/tournament.html",
        params=TournamentParams,
        build=build_report,
        access=access,
        perm=Perm.VIEW_SECTOR_REPORTS,
        description_es="Inscripciones, reingresos, comisiones, el pozo, la tabla de premios con su "
        "aprobación, cada premio pagado con su comprobante, los acuerdos y los puestos finales.",
        description_en="Entries, re-entries, fees, the prize pool, the payout table with its "
        "approval, every prize paid with its slip, the deals and the finishing places.",
    )
)

register(
    ReportSpec(
        kind="tournament_record",
        title_es="Registro del torneo para el regulador",
        title_en="Tournament record for the regulator",
        template="pdf/tournament_record.html",
        params=TournamentParams,
        build=build_record,
        access=access,
        # The record names each participant's identity document: those who read it.
        perm=Perm.ISSUE_TOURNAMENT_RECORD,
        description_es="Cada participante, los ganadores y sus puestos, los premios y lo que "
        "retuvo la casa.",
        description_en="Every participant, the winners and their places, the prizes and the "
        "amount the house kept.",
    )
)
