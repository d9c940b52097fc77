"""The promotion funds' report of a gaming day (issue 44 §4): per fund, the rules in
force as posted, the balance at the start of the day, each ledger line of the day
(contributions, payouts, re-seeds, corrections), the balance at its end, and the
jackpot box counted against the day's drops. CSV and XLSX come from the printed tables
(``reports.export``)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from rest_framework import serializers

from poker.promotions import posted_rules
from promotions import selectors as promotions
from promotions.judging import money_in
from promotions.models import SHARE_LABELS, EntryKind, Fund

from ..access import gaming_day_for, require_room_scope
from ..formatting import day as day_text
from ..params import DateParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name

KIND_WORDS = {
    EntryKind.SEED: ("Pozo inicial", "Seed"),
    EntryKind.CONTRIBUTION: ("Aporte", "Contribution"),
    EntryKind.PAYOUT: ("Pago", "Payout"),
    EntryKind.RESEED: ("Reposición del pozo", "Re-seed"),
    EntryKind.CORRECTION: ("Corrección", "Correction"),
}


class JackpotParams(DateParams):
    fund = serializers.IntegerField(min_value=1, required=False, help_text="Fund id.")


def _prize(entry: Any, lang: str) -> dict[str, Any]:
    """A payout of the day as the prizes' table prints it: the share, the claim's hand or
    high-hand period, the table, hand, seat and cards, the amount."""
    slip, claim = entry.slip, entry.claim
    hand = slip.hand or claim.hand
    shown = next(
        (
            h
            for h in claim.judgement.get("hands", [])
            if h.get("seat") == slip.seat and h.get("hand_id", claim.hand_id) == hand.pk
        ),
        None,
    )
    period = ""
    if claim.is_period:
        start = timezone.localtime(claim.period_start)
        end = timezone.localtime(claim.period_end)
        period = f"{start:%d/%m %H:%M} – {end:%d/%m %H:%M}"
    return {
        "at": entry.posted_at,
        "share": str(SHARE_LABELS.get(slip.share, slip.share)),
        "period": period,
        "table": hand.table.number,
        "hand": hand.number,
        "seat": slip.seat,
        "cards": shown["cards"] if shown else "",
        "name": shown["hand"][lang if lang in ("es", "en") else "es"] if shown else "",
        "amount": slip.amount,
    }


def fund_section(fund: Fund, day: Any, lang: str) -> dict[str, Any]:
    version = fund.rules_at()
    rules = version.fund_rules() if version else None
    entries = list(
        promotions.ledger(fund)
        .filter(gaming_day=day)
        .select_related("posted_by", "slip", "slip__hand__table", "claim__hand__table")
    )
    opening = promotions.balance(fund, entries[0].posted_at) if entries else None
    lines, total = [], opening
    prizes: list[dict[str, Any]] = []
    for e in entries:
        total = (total or 0) + e.signed_amount
        es, en = KIND_WORDS[EntryKind(e.kind)]
        detail = ""
        if e.hand and e.table:
            detail = bilingual(lang, "Mesa", "Table") + f" {e.table.number} · "
            detail += bilingual(lang, "mano", "hand") + f" {e.hand.number}"
        elif e.slip:
            prize = _prize(e, lang)
            prizes.append(prize)
            detail = prize["share"]
            if prize["hand"]:
                detail += " · " + bilingual(lang, "Mesa", "Table") + f" {prize['table']} · "
                detail += bilingual(lang, "mano", "hand") + f" {prize['hand']}"
            detail += " · " + bilingual(lang, "asiento", "seat") + f" {e.slip.seat}"
        if e.reason:
            detail = f"{detail} · {e.reason}" if detail else e.reason
        lines.append(
            {
                "at": e.posted_at,
                "kind": bilingual(lang, es, en),
                "detail": detail,
                "version": e.rules_version.version,
                "amount": e.signed_amount,
                "balance": total,
                "by": name(e.posted_by),
            }
        )
    closing = promotions.balance(fund)
    if opening is None:
        opening = closing
    findings = promotions.box_findings(fund, day)
    count = fund.box_counts.filter(gaming_day=day).order_by("-counted_at", "-id").first()
    return {
        "fund": fund,
        "kind": bilingual(
            lang,
            *(
                ("Jackpot bad beat", "Bad-beat jackpot")
                if fund.kind == "bad_beat"
                else ("Premio a la mano alta", "High-hand prize")
            ),
        ),
        "version": version,
        "rules": posted_rules(rules, lang, money=money_in(lang)) if rules else (),
        "tables": ", ".join(str(t.number) for t in promotions.fund_tables(fund)) or "—",
        "opening": opening,
        "closing": closing,
        "lines": lines,
        "contributions": sum(
            (
                x["amount"]
                for x, e in zip(lines, entries, strict=True)
                if e.kind == EntryKind.CONTRIBUTION
            ),
            start=0,
        ),
        "payouts": -sum(
            (
                x["amount"]
                for x, e in zip(lines, entries, strict=True)
                if e.kind == EntryKind.PAYOUT
            ),
            start=0,
        ),
        "prizes": prizes,
        "day_drops": promotions.day_drops(fund, day),
        "counted": count.counted if count else None,
        "findings": [f.message(lang) for f in findings],
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    day = gaming_day_for(ctx.casino, ctx.params)
    ctx.progress(20, "jackpot")
    funds = promotions.funds(ctx.casino.pk)
    if ctx.params.get("fund"):
        funds = funds.filter(pk=ctx.params["fund"])
    scope = bilingual(ctx.lang, "Jornada", "Gaming day")
    return {
        "gaming_day": day,
        "header_scope": f"{scope} {day_text(day.business_date, ctx.lang)}",
        "funds": [fund_section(f, day, ctx.lang) for f in funds],
    }


def access(actor: Any, params: dict[str, Any]) -> None:
    require_room_scope(actor, pit_boss=True)


register(
    ReportSpec(
        kind="jackpot",
        title_es="Fondos de promoción (jackpot)",
        title_en="Promotion funds (jackpot)",
        template="pdf/jackpot.html",
        params=JackpotParams,
        build=build,
        access=access,
        landscape=True,
        description_es="Por fondo: las reglas vigentes publicadas, el saldo al inicio y al "
        "cierre, cada aporte, pago, reposición y corrección de la jornada, y la caja del "
        "jackpot contada contra el libro.",
        description_en="Per fund: the posted rules in force, the opening and closing balance, "
        "each contribution, payout, re-seed and correction of the day, and the jackpot box "
        "counted against the ledger.",
    )
)
