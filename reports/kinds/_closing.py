"""What a table session did, summed up for the closing paperwork (RPT-06, RPT-07; CLOSE-11).

Seed 000 §9.1(9): at closing the table supervisor completes the table control
sheet and the pit bosses finish their sector sheets. Both print the same figures
of a session: hands dealt (valid, invalid, void), buy-ins and re-buys, changes,
cash-outs, the commission, irregularities, sanctions, dealer changes and deck
rotations. Everything here is a read, aggregated in the database (a session may
have hundreds of hands); the lists are read with ``.iterator()``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Count, Exists, F, Max, Min, OuterRef, Q, Sum
from django.db.models.functions import Coalesce

from cage import selectors as cage_selectors
from cage.models import BuyinSource, CashLine, TableTransaction, TransactionKind
from hands.labels import irregularity_label, outcome_label
from hands.models import Hand, HandIrregularity, HandReview, HandStatus, HandViolation
from tables.models import DealerChange, DeckEvent, PackState, SanctionEntry, TableSession

from ._common import MONEY_OUT, bilingual, name, role_label
from .irregularities import rules_text
from .sanctions import KINDS as SANCTION_KINDS
from .sanctions import conduct_label, level_label

ZERO = Decimal("0")
CONTINUITY = "CONTINUITY_MISMATCH"
K = TransactionKind

# Rotation reasons as the tables app records them (DECK-09: dealer change, or time in play).
ROTATION_REASONS = {
    "dealer_change": ("cambio de croupier", "dealer change"),
    "timer": ("tiempo de juego", "time in play"),
    "time": ("tiempo de juego", "time in play"),
}

# The movements of a table card, in the order the control sheet prints them.
MOVEMENTS = (
    ("buyin", "Compras", "Buy-ins"),
    ("rebuy", "Recompras", "Re-buys"),
    (K.COLOUR_CHANGE, "Cambios de color", "Colour changes"),
    (K.TIP_CHANGE, "Cambios de propina", "Tip changes"),
    (K.IN_HAND_CHANGE, "Cambios en mano (del pozo)", "In-hand changes (from the pot)"),
    (K.CASH_OUT, "Cambios de valor", "Cash-outs (colour-ups)"),
)


def _money(qs: Any, expression: Any) -> Decimal:
    value = qs.aggregate(
        total=Coalesce(Sum(expression, output_field=MONEY_OUT), ZERO, output_field=MONEY_OUT)
    )["total"]
    return Decimal(value)


def hand_counts(session: TableSession) -> dict[str, Any]:
    """Hands dealt at the session: originals only (a correction is a revision of the same hand)."""
    resolved = HandReview.objects.filter(hand=OuterRef("pk"), locked_at__isnull=False)
    counts = (
        Hand.objects.filter(session=session, revision_of__isnull=True)
        .annotate(resolved=Exists(resolved))
        .aggregate(
            dealt=Count("id"),
            valid=Count("id", filter=Q(status=HandStatus.VALID)),
            invalid=Count("id", filter=Q(status=HandStatus.INVALID)),
            unresolved=Count("id", filter=Q(status=HandStatus.INVALID, resolved=False)),
            void=Count("id", filter=Q(status=HandStatus.VOID)),
            first=Min("number"),
            last=Max("number"),
            pots=Coalesce(
                Sum("pot_total", filter=Q(status=HandStatus.VALID)),
                ZERO,
                output_field=MONEY_OUT,
            ),
            computed_rake=Coalesce(
                Sum("rake", filter=Q(status=HandStatus.VALID)), ZERO, output_field=MONEY_OUT
            ),
        )
    )
    counts["continuity"] = HandViolation.objects.filter(
        hand__session=session, hand__revision_of__isnull=True, code=CONTINUITY
    ).count()
    return counts


def movement_totals(session: TableSession, lang: str) -> dict[str, Any]:
    """Buy-ins, re-buys and every change of the table card, net of reversals (BUYIN-10)."""
    totals: dict[str, dict[str, Any]] = {
        key: {"count": 0, "amount": ZERO} for key, _es, _en in MOVEMENTS
    }
    for row in (
        TableTransaction.objects.filter(session=session)
        .values("kind", "is_rebuy")
        .annotate(
            n=Sum("sign"),
            amount=Sum(F("amount") * F("sign"), output_field=MONEY_OUT),
        )
    ):
        key = ("rebuy" if row["is_rebuy"] else "buyin") if row["kind"] == K.BUYIN else row["kind"]
        if key in totals:
            totals[key]["count"] += row["n"] or 0
            totals[key]["amount"] += Decimal(row["amount"] or 0)
    reversals = TableTransaction.objects.filter(session=session, sign=-1).count()
    cash_in = _money(
        CashLine.objects.filter(
            transaction__session=session,
            transaction__kind=K.BUYIN,
            transaction__source=BuyinSource.CASH,
            returned=False,
        ),
        F("value") * F("count") * F("transaction__sign"),
    )
    rows = [
        {
            "key": key,
            "label": bilingual(lang, es, en),
            "count": totals[key]["count"],
            "amount": totals[key]["amount"],
        }
        for key, es, en in MOVEMENTS
    ]
    bought = totals["buyin"]["amount"] + totals["rebuy"]["amount"]
    return {
        "rows": rows,
        "by_key": totals,
        "bought": bought,
        "bought_count": totals["buyin"]["count"] + totals["rebuy"]["count"],
        "cash_in": cash_in,
        "reversals": reversals,
    }


def irregularities(session: TableSession, lang: str) -> list[dict[str, Any]]:
    out = []
    for irr in (
        HandIrregularity.objects.filter(hand__session=session)
        .select_related("hand", "decided_by")
        .order_by("hand__number", "action_index", "id")
        .iterator(chunk_size=500)
    ):
        explanation = (irr.ruling or {}).get("explanation") or {}
        out.append(
            {
                "hand": irr.hand.number,
                "at": irr.hand.started_at,
                "kind": irregularity_label(irr.kind),
                "seat": irr.seat,
                "outcome": outcome_label(irr.outcome),
                "rules": rules_text(irr.rule_ids, lang),
                "decided_by": name(irr.decided_by),
                "override": irr.override_reason,
                "explanation": explanation.get("en" if lang == "en" else "es", ""),
            }
        )
    return out


def sanctions(session: TableSession, lang: str) -> list[dict[str, Any]]:
    out = []
    for entry in (
        SanctionEntry.objects.filter(session=session)
        .select_related("player", "issued_by")
        .order_by("at", "id")
    ):
        out.append(
            {
                "at": entry.at,
                "kind_key": entry.kind,
                "kind": bilingual(lang, *SANCTION_KINDS.get(entry.kind, (entry.kind,) * 2)),
                "notice": entry.notice,
                "player_id": entry.player_id,
                "player": entry.player_label,
                "conduct": conduct_label(entry.conduct_code),
                "level": level_label(entry.level, entry.vueltas, lang) if entry.level else "",
                "hand": entry.hand_number,
                "by": name(entry.issued_by),
                "role": role_label(entry.role),
                "reason": entry.reason or entry.override_reason,
            }
        )
    return out


def dealer_changes(session: TableSession) -> list[dict[str, Any]]:
    """Every croupier on duty: the first one at the opening, then each change (ROLE-03)."""
    return [
        {
            "at": change.at,
            "outgoing": name(change.outgoing) if change.outgoing_id else "",
            "incoming": name(change.incoming),
            "pack_out": change.pack_out.serial if change.pack_out else "",
            "pack_in": change.pack_in.serial if change.pack_in else "",
            "by": name(change.recorded_by),
            "note": change.handover_note,
            "is_change": change.outgoing_id is not None,
        }
        for change in DealerChange.objects.filter(session=session)
        .select_related("outgoing", "incoming", "recorded_by", "pack_out", "pack_in")
        .order_by("at", "id")
    ]


def deck_rotations(session: TableSession, lang: str) -> list[dict[str, Any]]:
    """Each rotation: the pack that came into play and the one it relieved (DECK-09).

    A rotation writes two pack moves with the same reason (the outgoing pack rests or is
    withdrawn, the incoming one goes into play); the incoming move stands for it."""
    out = []
    for event in (
        DeckEvent.objects.filter(
            session=session, to_state=PackState.IN_PLAY, data__has_key="reason"
        )
        .select_related("pack", "related_pack", "actor")
        .order_by("at", "id")
    ):
        reason = str((event.data or {}).get("reason", ""))
        out.append(
            {
                "at": event.at,
                "pack_in": f"{event.pack.serial} {event.pack.colour}",
                "pack_out": (
                    f"{event.related_pack.serial} {event.related_pack.colour}"
                    if event.related_pack
                    else ""
                ),
                "reason": bilingual(lang, *ROTATION_REASONS.get(reason, (reason, reason))),
                "complete": (event.data or {}).get("complete", True),
                "by": name(event.actor),
            }
        )
    return out


def pack_replacements(session: TableSession) -> int:
    """Packs taken out of play at the table as unfit (rejected, damaged or withdrawn)."""
    return DeckEvent.objects.filter(
        session=session,
        to_state__in=(PackState.REJECTED, PackState.DAMAGED, PackState.WITHDRAWN),
    ).count()


def session_summary(session: TableSession, lang: str) -> dict[str, Any]:
    """The figures of RPT-06 for one session (the sector sheet prints them per table too)."""
    hands = hand_counts(session)
    moves = movement_totals(session, lang)
    recorded = cage_selectors.rake_ledger(session)
    sanction_rows = sanctions(session, lang)
    changes = dealer_changes(session)
    rotations = deck_rotations(session, lang)
    irregular = irregularities(session, lang)
    return {
        "hands": hands,
        "moves": moves,
        "rake": {
            "recorded": recorded,
            "computed": hands["computed_rake"],
            "difference": recorded - hands["computed_rake"],
        },
        "irregularities": irregular,
        "sanctions": sanction_rows,
        "impositions": sum(
            1 for s in sanction_rows if s["kind_key"] == SanctionEntry.Kind.IMPOSITION
        ),
        "proposals": sum(1 for s in sanction_rows if s["kind_key"] == SanctionEntry.Kind.PROPOSAL),
        "dealer_changes": changes,
        "dealer_change_count": sum(1 for c in changes if c["is_change"]),
        "croupiers": list(dict.fromkeys(c["incoming"] for c in changes)),
        "rotations": rotations,
        "replacements": pack_replacements(session),
    }
