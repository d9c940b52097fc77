"""The gaming-day master report for managers (issue 7 §7; RPT-07, RPT-13, CLOSE-16, GEN-10).

Per table session: opening float, fills, credits, closing float, drop, rake,
result and hold (result ÷ drop), hands logged, invalid hands, continuity
violations, variances and their explanations, sanctions, deck exceptions,
unsigned documents, voided slips; the day's serial-number gaps; totals for the
day and for the month to date; charts (rake per hour, hands per table) drawn as
SVG on the server.

Large data stays in the database: hands, rake and month-to-date figures are
aggregated with SQL (``values().annotate()``), never loaded hand by hand; the
per-session reconciliation is the cage's (``cage.reconciliation.reconcile_day``).
"""

from __future__ import annotations

import zoneinfo
from collections import defaultdict
from datetime import date
from decimal import Decimal
from typing import Any

from django.db.models import Count, Exists, F, OuterRef, Q, Sum
from django.db.models.functions import Coalesce, TruncHour
from django.utils.safestring import mark_safe

from cage import selectors as cage_selectors
from cage.models import (
    BuyinSource,
    CashLine,
    DropCount,
    RakeEntry,
    Slip,
    SlipLine,
    TransactionKind,
)
from cage.reconciliation import reconcile_day
from casino.access import Actor
from casino.models import Casino, GamingDay
from casino.roles import Perm
from hands.models import Hand, HandReview, HandStatus, HandViolation
from promotions import selectors as promotions
from tables.models import (
    ClosingSheet,
    DeckFinalControl,
    DeckReceipt,
    OpeningSheet,
    SanctionEntry,
)
from tables.selectors import unaccounted_reason
from tournaments.selectors import fees_and_pool_of_day

from ..access import gaming_day_for
from ..charts import bar_chart
from ..formatting import chips, money
from ..formatting import day as day_text
from ..params import DateParams
from ..registry import BuildContext, ReportSpec, register
from ._causes import cash_alert_rows, cause_rows, cells_by_session, formulas
from ._common import MONEY_OUT, bilingual
from ._shifts import shift_rows
from .sanctions import conduct_label, level_label

ZERO = Decimal("0")
CONTINUITY = "CONTINUITY_MISMATCH"


def _signed_sum(qs: Any, amount: str, sign: str) -> Decimal:
    value = qs.aggregate(
        total=Coalesce(
            Sum(F(amount) * F(sign), output_field=MONEY_OUT), ZERO, output_field=MONEY_OUT
        )
    )["total"]
    return Decimal(value)


def _slip_values(casino: Casino, start: date, end: date) -> dict[str, Decimal]:
    """Fills and credits (signed by all five, not void) by kind, for a period."""
    counted = Slip.objects.filter(
        casino=casino,
        gaming_day__business_date__gte=start,
        gaming_day__business_date__lte=end,
        locked_at__isnull=False,
    ).exclude(void__confirmation__isnull=False)
    rows = (
        SlipLine.objects.filter(slip__in=counted)
        .values("slip__kind")
        .annotate(
            total=Sum(F("count") * F("denomination__value"), output_field=MONEY_OUT),
        )
    )
    return {r["slip__kind"]: Decimal(r["total"] or 0) for r in rows}


def _period_totals(casino: Casino, start: date, end: date) -> dict[str, Any]:
    in_period = {"gaming_day__business_date__gte": start, "gaming_day__business_date__lte": end}
    hands = Hand.objects.filter(casino=casino, revision_of__isnull=True, **in_period).aggregate(
        total=Count("id"), invalid=Count("id", filter=Q(status=HandStatus.INVALID))
    )
    rake = _signed_sum(RakeEntry.objects.filter(casino=casino, **in_period), "amount", "sign")
    drop = Decimal(
        CashLine.objects.filter(
            transaction__casino=casino,
            transaction__kind=TransactionKind.BUYIN,
            transaction__source=BuyinSource.CASH,
            transaction__gaming_day__business_date__gte=start,
            transaction__gaming_day__business_date__lte=end,
            returned=False,
        ).aggregate(
            total=Coalesce(
                Sum(F("value") * F("count") * F("transaction__sign"), output_field=MONEY_OUT),
                ZERO,
                output_field=MONEY_OUT,
            )
        )["total"]
    )
    slips = _slip_values(casino, start, end)
    sanctions = SanctionEntry.objects.filter(
        casino=casino, kind=SanctionEntry.Kind.IMPOSITION, **in_period
    ).count()
    return {
        "hands": hands["total"],
        "invalid": hands["invalid"],
        "rake": rake,
        "drop_expected": drop,
        "fills": slips.get("fill", ZERO),
        "credits": slips.get("credit", ZERO),
        "sanctions": sanctions,
    }


def _month_days(casino: Casino, start: date, end: date) -> list[dict[str, Any]]:
    in_period = {"gaming_day__business_date__gte": start, "gaming_day__business_date__lte": end}
    days: dict[date, dict[str, Any]] = defaultdict(lambda: {"hands": 0, "invalid": 0, "rake": ZERO})
    for row in (
        Hand.objects.filter(casino=casino, revision_of__isnull=True, **in_period)
        .values("gaming_day__business_date")
        .annotate(total=Count("id"), invalid=Count("id", filter=Q(status=HandStatus.INVALID)))
    ):
        d = days[row["gaming_day__business_date"]]
        d["hands"], d["invalid"] = row["total"], row["invalid"]
    for rake in (
        RakeEntry.objects.filter(casino=casino, **in_period)
        .values("gaming_day__business_date")
        .annotate(total=Sum(F("amount") * F("sign"), output_field=MONEY_OUT))
    ):
        days[rake["gaming_day__business_date"]]["rake"] = Decimal(rake["total"] or 0)
    return [{"date": k, **v} for k, v in sorted(days.items())]


def _hands_by_session(day: GamingDay) -> dict[int, dict[str, Any]]:
    resolved = HandReview.objects.filter(hand=OuterRef("pk"), locked_at__isnull=False)
    out: dict[int, dict[str, Any]] = {}
    for row in (
        Hand.objects.filter(gaming_day=day, revision_of__isnull=True)
        .annotate(resolved=Exists(resolved))
        .values("session_id")
        .annotate(
            total=Count("id"),
            invalid=Count("id", filter=Q(status=HandStatus.INVALID)),
            unresolved=Count("id", filter=Q(status=HandStatus.INVALID, resolved=False)),
            void=Count("id", filter=Q(status=HandStatus.VOID)),
        )
    ):
        out[row["session_id"]] = dict(row)
    for breach in (
        HandViolation.objects.filter(
            hand__gaming_day=day, hand__revision_of__isnull=True, code=CONTINUITY
        )
        .values("hand__session_id")
        .annotate(n=Count("id"))
    ):
        out.setdefault(breach["hand__session_id"], {})["continuity"] = breach["n"]
    return out


def _rake_per_hour(day: GamingDay, tz: zoneinfo.ZoneInfo) -> list[tuple[str, Decimal]]:
    rows = (
        RakeEntry.objects.filter(gaming_day=day)
        .annotate(hour=TruncHour("hand_started_at", tzinfo=tz))
        .values("hour")
        .annotate(total=Sum(F("amount") * F("sign"), output_field=MONEY_OUT))
        .order_by("hour")
    )
    return [(f"{r['hour'].astimezone(tz):%H}h", Decimal(r["total"] or 0)) for r in rows]


def _unsigned(day: GamingDay, lang: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def add(table: Any, what: str, serial: str, missing: list[Any], shown: str = "") -> None:
        out.append(
            {
                "table": table,
                "what": what,
                "serial": serial,  # the stored serial: the key the causes name
                "shown": shown or serial,  # as the form prints it
                "missing": ", ".join(str(r.label) for r in missing),
            }
        )

    for model, es, en in (
        (OpeningSheet, "Planilla de apertura", "Opening sheet"),
        (ClosingSheet, "Planilla de cierre", "Closing sheet"),
    ):
        for sheet in model.objects.filter(gaming_day=day, locked_at__isnull=True).select_related(
            "table"
        ):
            add(sheet.table.number, bilingual(lang, es, en), sheet.serial, sheet.missing_roles())
    for slip in (
        Slip.objects.filter(gaming_day=day, locked_at__isnull=True)
        .exclude(void__isnull=False)
        .select_related("table")
    ):
        add(
            slip.table.number,
            bilingual(lang, "Vale", "Slip"),
            slip.serial,
            slip.missing_roles(),
            shown=cage_selectors.slip_number_label(slip, lang),
        )
    for count in DropCount.objects.filter(gaming_day=day, locked_at__isnull=True).select_related(
        "table"
    ):
        add(
            count.table.number,
            bilingual(lang, "Conteo de drop", "Drop count"),
            f"#{count.pk}",
            count.missing_roles(),
        )
    for receipt in DeckReceipt.objects.filter(gaming_day=day, locked_at__isnull=True):
        add(
            None,
            bilingual(lang, "Constancia de naipes", "Card receipt"),
            receipt.serial,
            receipt.missing_roles(),
        )
    for control in DeckFinalControl.objects.filter(gaming_day=day, locked_at__isnull=True):
        add(
            None,
            bilingual(lang, "Control final de naipes", "Deck final control"),
            str(control.store),
            control.missing_roles(),
        )
    for review in HandReview.objects.filter(
        hand__gaming_day=day, locked_at__isnull=True
    ).select_related("hand__table"):
        add(
            review.hand.table.number,
            bilingual(lang, "Revisión de mano", "Hand review"),
            f"#{review.hand.number}",
            review.missing_roles(),
        )
    return out


def _voided(day: GamingDay, lang: str) -> list[dict[str, Any]]:
    out = []
    for slip in (
        Slip.objects.filter(gaming_day=day, void__isnull=False)
        .select_related("table", "void", "void__confirmation")
        .prefetch_related("lines__denomination")
        .order_by("series", "number")
    ):
        confirmed = cage_selectors.confirmation_of(slip.void) is not None
        out.append(
            {
                "serial": cage_selectors.slip_number_label(slip, lang),
                "table": slip.table.number,
                "value": sum((x.denomination.value * x.count for x in slip.lines.all()), ZERO),
                "reason": slip.void.reason,
                "confirmed": confirmed,
            }
        )
    return out


def _sanctions_of_day(day: GamingDay, lang: str) -> tuple[dict[int, int], list[dict[str, Any]]]:
    """The day's impositions: how many per table, and one printed row each."""
    sanctions_by_table: dict[int, int] = defaultdict(int)
    sanction_rows = []
    for entry in (
        SanctionEntry.objects.filter(gaming_day=day, kind=SanctionEntry.Kind.IMPOSITION)
        .select_related("table", "player")
        .order_by("at", "id")
    ):
        if entry.table_id:
            sanctions_by_table[entry.table_id] += 1
        sanction_rows.append(
            {
                "notice": entry.notice,
                "table": entry.table.number if entry.table else None,
                "player": entry.player_label,
                "conduct": conduct_label(entry.conduct_code),
                "level": level_label(entry.level, entry.vueltas, lang),
            }
        )
    return sanctions_by_table, sanction_rows


def _unaccounted_packs(day: GamingDay, lang: str) -> list[str]:
    """One sentence per pack the day's final deck controls left unaccounted for."""
    unaccounted = []
    for control in DeckFinalControl.objects.filter(gaming_day=day):
        for serial, _state, reason in control.figures.get("unaccounted", []):
            unaccounted.append(
                bilingual(
                    lang,
                    f"Mazo {serial} sin justificar ({unaccounted_reason(reason, 'es')}).",
                    f"Pack {serial} unaccounted for ({unaccounted_reason(reason, 'en')}).",
                )
            )
    return unaccounted


def _table_rows(
    recon: Any,
    hands: dict[int, dict[str, int]],
    cells: dict[int, set[str]],
    sanctions_by_table: dict[int, int],
) -> tuple[list[dict[str, Any]], list[int]]:
    """One row per session of the day, and the tables still open or uncounted."""
    rows = []
    open_tables = []
    for rec in recon.sessions:
        session = rec.session
        h = hands.get(session.pk, {})
        figures = rec.figures
        closed = session.status == session.Status.CLOSED
        if not closed or figures.result is None:
            open_tables.append(session.table.number)
        rows.append(
            {
                "table": session.table.number,
                "session": session.number,
                "status": session.get_status_display(),
                "closed": closed,
                "f": figures,
                "cells": cells.get(session.pk, set()),
                "hands": h.get("total", 0),
                "invalid": h.get("invalid", 0),
                "unresolved": h.get("unresolved", 0),
                "continuity": h.get("continuity", 0),
                "sanctions": sanctions_by_table.get(session.table_id, 0),
            }
        )
    return rows, open_tables


def _charts(
    rake_hours: list[tuple[str, Decimal]], rows: list[dict[str, Any]], lang: str
) -> dict[str, Any]:
    """The rake per hour and the hands per table, as bar charts."""
    hands_tables: dict[int, int] = defaultdict(int)
    for row in rows:
        hands_tables[row["table"]] += row["hands"]
    return {
        "rake": mark_safe(  # noqa: S308 - built from numbers and escaped labels
            bar_chart(
                rake_hours,
                title=bilingual(lang, "Comisión por hora", "Rake per hour"),
                fmt=lambda v: money(v, lang) if Decimal(v) % 1 else chips(v, lang),
            )
        ),
        "hands": mark_safe(  # noqa: S308
            bar_chart(
                [(str(t), n) for t, n in sorted(hands_tables.items())],
                title=bilingual(lang, "Manos por mesa", "Hands per table"),
                fmt=lambda v: chips(v, lang),
                colour="#5b8c3b",
            )
        ),
    }


def _jackpots(casino: Casino, day: GamingDay) -> list[dict[str, Any]]:
    """Issue 44: each promotion fund's balance and the day's drops, beside the rake."""
    return [
        {
            "name": f.name,
            "balance": promotions.balance(f),
            "drops": promotions.day_drops(f, day),
        }
        for f in promotions.funds(casino.pk)
    ]


def master_data(day: GamingDay, lang: str, progress: Any) -> dict[str, Any]:
    casino = day.casino
    tz = zoneinfo.ZoneInfo(casino.time_zone)
    progress(10, "reconciliation")
    recon = reconcile_day(day)
    causes = cause_rows(day, recon, lang)
    cells = cells_by_session(causes)
    progress(35, "hands")
    hands = _hands_by_session(day)
    sanctions_by_table, sanction_rows = _sanctions_of_day(day, lang)
    unaccounted = _unaccounted_packs(day, lang)
    progress(45, "tables")
    rows, open_tables = _table_rows(recon, hands, cells, sanctions_by_table)
    day_figures = recon.figures
    counters = {
        key: sum(r[key] for r in rows)
        for key in ("hands", "invalid", "unresolved", "continuity", "sanctions")
    }
    progress(65, "month")
    month_start = day.business_date.replace(day=1)
    mtd = _period_totals(casino, month_start, day.business_date)
    month_days = _month_days(casino, month_start, day.business_date)
    rake_hours = _rake_per_hour(day, tz)
    charts = _charts(rake_hours, rows, lang)
    provisional = bool(open_tables) or day.status != GamingDay.Status.CLOSED

    per_shift = shift_rows(day, lang)
    progress(80, "layout")
    scope = bilingual(lang, "Jornada", "Gaming day") + f" {day_text(day.business_date, lang)}"
    if open_tables:
        scope += bilingual(lang, " · PROVISIONAL", " · PROVISIONAL")
    return {
        "gaming_day": day,
        "header_scope": scope,
        "rows": rows,
        "total": day_figures.total,
        "pending": day_figures.pending,
        # Issue 40: while a table is open or uncounted, the figures so far, provisional,
        # with what each left-out table waits for; never a 0 beside rows that are not 0.
        "so_far": day_figures.so_far,
        "waiting": recon.waiting(lang),
        "counters": counters,
        "mtd": mtd,
        "month_start": month_start,
        "month_days": month_days,
        "causes": causes,
        "gap_causes": [c for c in causes if c.kind in ("SERIAL_GAP", "SHEET_SERIAL_GAP")],
        "pending_causes": sum(1 for c in causes if c.pending),
        "formulas": formulas(lang),
        "cash_alerts": cash_alert_rows(day, lang),
        "unsigned": _unsigned(day, lang),
        "voided": _voided(day, lang),
        "sanction_rows": sanction_rows,
        # Issue 42, TOUR-03: tournament fees and prize pools, apart from cash-game rake.
        "tournaments": fees_and_pool_of_day(day),
        "unaccounted_packs": unaccounted,
        "charts": charts,
        "shift_rows": per_shift,
        "sig_label": bilingual(lang, "Firmas", "Signatures"),
        "signatures": [
            {"role": bilingual(lang, "Gerente de turno", "Shift manager")},
            {"role": bilingual(lang, "Auditor", "Auditor")},
        ],
        "balanced": not causes,
        # Issue 44: each promotion fund's balance and the day's drops, beside the rake.
        "jackpots": _jackpots(casino, day),
        "provisional": provisional,
        "open_tables": open_tables,
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    day = gaming_day_for(ctx.casino, ctx.params)
    return master_data(day, ctx.lang, ctx.progress)


def access(actor: Actor, params: dict[str, Any]) -> None:
    gaming_day_for(actor.casino, params)


register(
    ReportSpec(
        kind="gaming_day",
        title_es="Informe maestro de la jornada",
        title_en="Gaming-day master report",
        template="pdf/gaming_day.html",
        params=DateParams,
        build=build,
        access=access,
        perm=Perm.VIEW_DAY_REPORTS,
        landscape=True,
        description_es="Por mesa: banca, rellenos, créditos, drop, comisión, resultado y hold, "
        "manos, inválidas, continuidad, diferencias explicadas, sanciones, naipes, documentos sin "
        "firmar, vales anulados y saltos de numeración; totales del día y del mes; gráficos.",
        description_en="Per table: float, fills, credits, drop, rake, result and hold, hands, "
        "invalid hands, continuity, explained variances, sanctions, decks, unsigned documents, "
        "voided slips and serial gaps; day and month-to-date totals; charts.",
    )
)
