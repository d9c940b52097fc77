"""Plain dicts of table records for the API and the pages (shaping only, no rules)."""

from __future__ import annotations

from typing import Any

from casino.errors import DomainError
from casino.models import User

from .conduct import CONDUCT_BY_CODE, Conduct
from .models import (
    ClosingSheet,
    DealerChange,
    DeckEvent,
    DeckReceipt,
    Discrepancy,
    OpeningSheet,
    Pack,
    SanctionEntry,
    SessionEvent,
    SheetCopyDeposit,
    SupervisorRelief,
    TableSession,
)
from .selectors import (
    EffectiveSanction,
    TableState,
    croupier_on_duty,
    packs_at_session,
    sanction_effective,
    session_ready_for_play,
    session_supervisor,
)


def username(user: User | None) -> str | None:
    return user.username if user is not None else None


def reason(err: DomainError) -> dict[str, Any]:
    return {"code": err.code, "message": {"es": err.message_es, "en": err.message_en}}


def pack(p: Pack) -> dict[str, Any]:
    return {
        "id": p.pk,
        "serial": p.serial,
        "colour": p.colour,
        "design": p.design,
        "is_new": p.is_new,
        "state": p.state,
        "state_changed_at": p.state_changed_at,
        "store": p.store_id,
        "session": p.session_id,
    }


def deck_event(e: DeckEvent) -> dict[str, Any]:
    return {
        "id": e.pk,
        "pack": e.pack_id,
        "pack_serial": e.pack.serial,
        "from_state": e.from_state,
        "to_state": e.to_state,
        "at": e.at,
        "actor": e.actor.username,
        "role": e.role,
        "with_user": username(e.with_user),
        "session": e.session_id,
        "table": str(e.session.table) if e.session else None,
        "related_pack": e.related_pack.serial if e.related_pack else None,
        "hand_number": e.hand_number,
        "note": e.note,
        "data": e.data,
    }


def receipt(r: DeckReceipt) -> dict[str, Any]:
    return {
        "id": r.pk,
        "serial": r.serial,
        "store": r.store_id,
        "delivered_by": r.delivered_by.username,
        "created_at": r.created_at,
        "locked": r.is_locked,
        "missing_roles": [x.value for x in r.missing_roles()],
        "packs": [pack(p) for p in r.packs.order_by("serial")],
    }


def session_event(e: SessionEvent) -> dict[str, Any]:
    return {
        "id": e.pk,
        "kind": e.kind,
        "at": e.at,
        "recorded_by": e.recorded_by.username,
        "role": e.role,
        "person": username(e.person),
        "note": e.note,
        "data": e.data,
    }


def dealer_change(c: DealerChange) -> dict[str, Any]:
    return {
        "id": c.pk,
        "at": c.at,
        "outgoing": username(c.outgoing),
        "incoming": c.incoming.username,
        "recorded_by": c.recorded_by.username,
        "handover_note": c.handover_note,
        "warnings": c.warnings,
        "pending": c.pending,
        "pack_out": c.pack_out.serial if c.pack_out else None,
        "pack_in": c.pack_in.serial if c.pack_in else None,
    }


def session(s: TableSession, *, detail: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": s.pk,
        "table": s.table_id,
        "table_name": str(s.table),
        "gaming_day": s.gaming_day.business_date,
        "number": s.number,
        "status": s.status,
        "settings_version": s.settings.version,
        # The supervisor now: a recorded relief takes over (issue 12 §1).
        "supervisor": session_supervisor(s).username,
        "croupier": username(croupier_on_duty(s)),
        "opened_at": s.opened_at,
        "closed_at": s.closed_at,
        "last_hand_number": s.last_hand_number,
        "hand_in_progress": s.hand_in_progress,
        "opening_sheet": getattr(getattr(s, "opening_sheet", None), "pk", None),
        "closing_sheet": getattr(getattr(s, "closing_sheet", None), "pk", None),
    }
    if detail:
        data["not_ready"] = [reason(r) for r in session_ready_for_play(s)]
        data["packs"] = [pack(p) for p in packs_at_session(s)]
        data["events"] = [
            session_event(e) for e in s.events.select_related("recorded_by", "person")
        ]
        data["dealer_changes"] = [
            dealer_change(c)
            for c in s.dealer_changes.select_related(
                "outgoing", "incoming", "recorded_by", "pack_out", "pack_in"
            )
        ]
        data["supervisor_reliefs"] = [
            supervisor_relief(r)
            for r in s.supervisor_reliefs.select_related("outgoing", "incoming", "recorded_by")
        ]
    return data


def supervisor_relief(r: SupervisorRelief) -> dict[str, Any]:
    return {
        "id": r.pk,
        "session": r.session_id,
        "at": r.at,
        "outgoing": r.outgoing.username,
        "incoming": r.incoming.username,
        "recorded_by": r.recorded_by.username,
        "role": r.role,
        "reason": r.reason,
    }


def table_state(state: TableState) -> dict[str, Any]:
    return {
        "id": state.table.pk,
        "number": state.table.number,
        "name": str(state.table),
        "status": state.status,
        "session": session(state.session) if state.session else None,
        "croupier": username(state.croupier),
        "packs": [pack(p) for p in state.packs],
        "not_ready": [reason(r) for r in state.not_ready],
        "sanctions": [effective(e) for e in state.sanctions],
    }


def discrepancy(d: Discrepancy) -> dict[str, Any]:
    ack = getattr(d, "acknowledgement", None)
    return {
        "id": d.pk,
        "denomination": d.denomination_id,
        "value": d.value,
        "expected_count": d.expected_count,
        "counted_count": d.counted_count,
        "variance_chips": d.variance_chips,
        "variance_value": d.variance_value,
        "short": d.is_short,
        "needs_written_report": d.needs_written_report,
        "acknowledged": ack is not None,
        "acknowledged_by": username(ack.by) if ack else None,
        "acknowledged_at": ack.at if ack else None,
        "note": ack.note if ack else "",
    }


def copy_deposit(c: SheetCopyDeposit) -> dict[str, Any]:
    return {"copy": c.copy, "deposited_by": c.deposited_by.username, "at": c.at, "note": c.note}


def sheet(doc: OpeningSheet | ClosingSheet) -> dict[str, Any]:
    from casino.roles import Role

    is_opening = isinstance(doc, OpeningSheet)
    lines = doc.ordered_lines()
    missing = doc.missing_roles()
    blockers = doc.signing_blockers(missing[0] if missing else Role.PIT_BOSS) if missing else []
    data: dict[str, Any] = {
        "id": doc.pk,
        "part": "opening" if is_opening else "closing",
        "serial": doc.serial,
        "table": doc.table_id,
        "table_name": str(doc.table),
        "session": doc.session_id,
        "session_status": doc.session.status,
        "gaming_day": doc.gaming_day.business_date,
        "count_version": doc.count_version,
        "counted_at": doc.counted_at,
        "counted_by": username(doc.counted_by),
        "count_note": doc.count_note,
        "locked": doc.is_locked,
        "locked_at": doc.locked_at,
        "lines": [
            {
                "denomination": line.denomination_id,
                "value": line.value,
                "colour": line.denomination.colour,
                "stacks": line.stacks,
                "loose": line.loose,
                "count": line.count,
                "total": line.total,
                "expected_count": line.expected_count,
                "expected_total": line.expected_total,
                "par_count": line.par_count,
                "variance_chips": line.variance_chips,
                "variance_value": line.variance_value,
            }
            for line in lines
        ],
        "grand_total": doc.grand_total() if doc.is_counted else None,
        "expected_total": doc.expected_total(),
        "signatures": [
            {
                "role": sig.role,
                "signer": sig.signer.username,
                "signer_name": str(sig.signer),
                "method": sig.method,
                "signed_at": sig.signed_at,
            }
            for sig in doc.signatures()
        ],
        "missing_roles": [r.value for r in missing],
        "blockers": [reason(b) for b in blockers],
        "copies": [copy_deposit(c) for c in doc.copies.select_related("deposited_by")],
        "expected_source": doc.expected_source if isinstance(doc, OpeningSheet) else "par",
        "previous_closing": doc.previous_closing_id if isinstance(doc, OpeningSheet) else None,
        "discrepancies": [],
    }
    if isinstance(doc, OpeningSheet):
        data["discrepancies"] = [
            discrepancy(d)
            for d in doc.discrepancies.filter(count_version=doc.count_version).select_related(
                "acknowledgement__by"
            )
        ]
    return data


def sanction_entry(e: SanctionEntry) -> dict[str, Any]:
    conduct = CONDUCT_BY_CODE.get(e.conduct_code)
    return {
        "id": e.pk,
        "kind": e.kind,
        "notice": e.notice,
        "amends": e.amends_id,
        "proposal": e.proposal_id,
        "appeal": e.appeal_id,
        "player": e.player_id,
        "player_label": e.player_label,
        "conduct": e.conduct_code,
        "conduct_label": str(conduct.label) if conduct else e.conduct_code,
        "conduct_text": e.conduct_text,
        "table": e.table_id,
        "session": e.session_id,
        "gaming_day": e.gaming_day.business_date,
        "hand_number": e.hand_number,
        "event_name": e.event_name,
        "is_tournament": e.is_tournament,
        "ruleset": e.ruleset,
        "level": e.level,
        "vueltas": e.vueltas,
        "players_in_hand": e.players_in_hand,
        "hands_total": e.hands_total,
        "starts_after_hand": e.starts_after_hand,
        "immediate": e.immediate,
        "immediate_reason": e.immediate_reason,
        "suggested_level": e.suggested_level,
        "suggested_vueltas": e.suggested_vueltas,
        "override_reason": e.override_reason,
        "issued_by": e.issued_by.username,
        "role": e.role,
        "at": e.at,
        "proposed_by": username(e.proposed_by),
        "reason": e.reason,
    }


def effective(eff: EffectiveSanction) -> dict[str, Any]:
    return {
        "imposition": sanction_entry(eff.imposition),
        "level": eff.level,
        "vueltas": eff.vueltas,
        "hands_total": eff.hands_total,
        "lifted": eff.lifted,
        "status": eff.status(),
        "last_amendment": eff.last_amendment.pk if eff.last_amendment else None,
        "pending_appeal": eff.pending_appeal.pk if eff.pending_appeal else None,
    }


def sanction_detail(e: SanctionEntry) -> dict[str, Any]:
    data: dict[str, Any] = {"entry": sanction_entry(e), "effective": None, "amendments": []}
    if e.kind == SanctionEntry.Kind.IMPOSITION:
        data["effective"] = effective(sanction_effective(e))
        data["amendments"] = [
            sanction_entry(a)
            for a in e.amendments.select_related("issued_by", "gaming_day").order_by("at", "id")
        ]
    return data


def conduct(c: Conduct) -> dict[str, Any]:
    return {
        "code": c.code,
        "label": str(c.label),
        "must": c.must,
        "default": c.default,
        "source": c.source,
        "heads_up_exempt": c.heads_up_exempt,
        "needs_text": c.needs_text,
    }


def sheet_rows(doc: OpeningSheet | ClosingSheet) -> dict[str, Any]:
    """The count as the sheet's page reads it (issue 40): per denomination the chips
    counted and what was expected, in chips, with their values apart (chips and money in
    one column misled). An opening is expected to hold what its sheet expects (the par
    or the last closing); a closing what the books say the float holds now (the opening
    plus fills, less credits and the chips sold: ``tables.hooks.expected_float_now``), so
    the chips sold at the buy-ins are no difference. The standard float (par) of a closing
    is shown beside it, for the fills and credits that bring it back."""
    from decimal import Decimal

    from .hooks import expected_float_now

    is_opening = isinstance(doc, OpeningSheet)
    books = {} if is_opening else expected_float_now(doc.session)
    rows = []
    totals = {"counted": Decimal("0"), "expected": Decimal("0"), "par": Decimal("0")}
    for line in doc.ordered_lines():
        expected = line.expected_count if is_opening else books.get(line.denomination_id, 0)
        par = line.expected_count if not is_opening else None
        difference = None if line.count is None else line.count - expected
        rows.append(
            {
                "line": line,
                "expected": expected,
                "expected_value": line.value * expected,
                "par": par,
                "difference": difference,
                "difference_value": None if difference is None else line.value * difference,
            }
        )
        totals["counted"] += line.total or 0
        totals["expected"] += line.value * expected
        totals["par"] += line.value * (par or 0)
    counted = doc.is_counted
    return {
        "lines": rows,
        "counted": totals["counted"] if counted else None,
        "expected": totals["expected"],
        "par": None if is_opening else totals["par"],
        "difference": totals["counted"] - totals["expected"] if counted else None,
    }
