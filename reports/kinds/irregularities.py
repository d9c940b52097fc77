"""Irregularities and rulings of a gaming day (RPT-11; seed 000 §7.5–§7.7).

Each irregularity the floor declared with the ruling applied — the rule IDs, the
ruleset, who decided, any escalation or override and the ruling's explanation —;
the hands voided (misdeals) with their redeal; and the day's violations by code.
"""

from __future__ import annotations

import re
from typing import Any

from casino.formatting import es_amounts
from hands.labels import irregularity_label, outcome_label
from hands.models import Hand, HandIrregularity, HandStatus, HandViolation

from ..access import gaming_day_for, require_day_or_table_scope
from ..formatting import day as day_text
from ..params import TableDateParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name
from .house_rules import rule_number

STREETS = ("preflop", "flop", "turn", "river")


def rules_text(rule_ids: str, lang: str) -> str:
    """``RUL-49`` -> ``regla 49``: the rule's number on the house-rules sheet.

    Only the house rules (``RUL-``) are printed; the spec's requirement IDs that a
    ruling may also cite are for the project, not for the form (issue 14 §5).
    """
    numbers = [rule_number(r) for r in re.split(r"[,;\s]+", rule_ids or "") if r.startswith("RUL-")]
    if not numbers:
        return "—"
    word = (
        bilingual(lang, "regla", "rule")
        if len(numbers) == 1
        else bilingual(lang, "reglas", "rules")
    )
    return f"{word} {', '.join(numbers)}"


def irregularities_data(day: Any, table_number: int | None, lang: str) -> dict[str, Any]:
    irregularities = (
        HandIrregularity.objects.filter(hand__gaming_day=day)
        .select_related("hand__table", "decided_by")
        .order_by("hand__table__number", "hand__number", "action_index", "id")
    )
    voids = (
        Hand.objects.filter(gaming_day=day, status=HandStatus.VOID)
        .select_related("table")
        .prefetch_related("redeals")
        .order_by("table__number", "number")
    )
    violations = HandViolation.objects.filter(hand__gaming_day=day, hand__revision_of__isnull=True)
    if table_number:
        irregularities = irregularities.filter(hand__table__number=table_number)
        voids = voids.filter(table__number=table_number)
        violations = violations.filter(hand__table__number=table_number)
    rows = []
    for irr in irregularities.iterator(chunk_size=500):
        explanation = (irr.ruling or {}).get("explanation") or {}
        rows.append(
            {
                "table": irr.hand.table.number,
                "hand": irr.hand.number,
                "at": irr.hand.started_at,
                "kind": irregularity_label(irr.kind),
                "seat": irr.seat,
                "street": STREETS[irr.street] if 0 <= irr.street < len(STREETS) else irr.street,
                "outcome": outcome_label(irr.outcome),
                "rules": rules_text(irr.rule_ids, lang),
                "ruleset": irr.ruleset.upper(),
                "decided_by": name(irr.decided_by),
                "escalated_to": irr.escalated_to,
                "override": irr.override_reason,
                "explanation": explanation.get("en" if lang == "en" else "es", ""),
            }
        )
    void_rows = []
    for hand in voids:
        reason = next(
            (
                a.get("reason", "")
                for a in (hand.record or {}).get("actions", [])
                if a.get("action") == "void"
            ),
            "",
        )
        redeal = next(iter(hand.redeals.all()), None)
        void_rows.append(
            {
                "table": hand.table.number,
                "hand": hand.number,
                "at": hand.started_at,
                "reason": reason,
                "redeal": redeal.number if redeal else None,
            }
        )
    # Each violation in words (the stored message), grouped by its kind: codes are for
    # machines and never printed on the form (issue 14 §5).
    message = "message_en" if lang == "en" else "message_es"
    by_code = [
        {
            "table": v["hand__table__number"],
            "hand": v["hand__number"],
            "message": v[message] if lang == "en" else es_amounts(v[message]),
        }
        for v in violations.order_by("code", "hand__table__number", "hand__number", "id").values(
            "hand__table__number", "hand__number", message
        )
    ]
    scope = bilingual(lang, "Jornada", "Gaming day") + f" {day_text(day.business_date, lang)}"
    if table_number:
        scope += " · " + bilingual(lang, "Mesa", "Table") + f" {table_number}"
    return {
        "gaming_day": day,
        "table_number": table_number,
        "header_scope": scope,
        "rows": rows,
        "voids": void_rows,
        "by_code": by_code,
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    day = gaming_day_for(ctx.casino, ctx.params)
    return irregularities_data(day, ctx.params.get("table"), ctx.lang)


register(
    ReportSpec(
        kind="irregularities",
        title_es="Irregularidades y decisiones",
        title_en="Irregularities and rulings",
        template="pdf/irregularities.html",
        params=TableDateParams,
        build=build,
        access=require_day_or_table_scope,
        landscape=True,
        description_es="Cada irregularidad declarada con la decisión aplicada, sus reglas, el "
        "reglamento y quién decidió; las manos anuladas y su redistribución (RPT-11).",
        description_en="Each irregularity declared with the ruling applied, its rules, the "
        "ruleset and who decided; the void hands and their redeal (RPT-11).",
    )
)
