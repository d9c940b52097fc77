"""The manager's audit (exception) report for a gaming day or a period (RPT-13).

Only what needs a manager's eye: opening and closing variances, unsigned or
incompletely signed documents, reconciliation differences (CLOSE-16), commission
differences, engine overrides (a staff decision kept over the engine's verdict),
buy-in limit overrides, mandatory sanctions not imposed (SANC-11), packs not
accounted for, and gaps in the document numbers (GEN-10). A period is walked one
gaming day at a time, so a month never sits in memory at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cage.reconciliation import INFO, reconcile_day
from casino.access import Actor
from casino.models import GamingDay
from casino.roles import Perm
from hands.labels import irregularity_label, outcome_label
from hands.models import HandCorrection, HandIrregularity

from ..access import period, table_by_number
from ..formatting import day as day_text
from ..params import OptionalPeriodParams
from ..registry import BuildContext, ReportSpec, register
from ._causes import cause_rows
from ._common import bilingual, name
from .gaming_day import _unsigned
from .irregularities import rules_text

# Finding kind -> section of the report.
SECTIONS = (
    ("variances", ("Diferencias de apertura y cierre", "Opening and closing variances")),
    ("reconciliation", ("Diferencias de conciliación", "Reconciliation differences")),
    ("rake", ("Comisión: manos inválidas y diferencias", "Rake: invalid hands and differences")),
    ("overrides", ("Excepciones autorizadas", "Authorised overrides")),
    ("unsigned", ("Documentos sin firmar o incompletos", "Unsigned or incomplete documents")),
    ("sanctions", ("Sanciones obligatorias no impuestas", "Mandatory sanctions not imposed")),
    ("decks", ("Naipes sin justificar", "Packs not accounted for")),
    ("cash", ("Alertas de efectivo", "Cash alerts")),
    ("gaps", ("Saltos de numeración", "Gaps in document numbers")),
    ("integrity", ("Integridad de los registros", "Integrity of the records")),
    ("other", ("Otras excepciones", "Other exceptions")),
)
KIND_SECTION = {
    "OPENING_DISCREPANCY": "variances",
    "FLOAT_VARIANCE": "variances",
    "OPENING_LINK_MISMATCH": "variances",
    "DROP_VARIANCE": "reconciliation",
    "RESULT_VARIANCE": "reconciliation",
    "DROP_COUNTS_DISAGREE": "reconciliation",
    "DROP_NOT_COUNTED": "reconciliation",
    "RAKE_BOX_VARIANCE": "rake",
    "HAND_UNRESOLVED": "rake",
    "RAKE_MISMATCH": "rake",
    "RAKE_NOT_ALLOWED": "rake",
    "BUYIN_OVERRIDE": "overrides",
    "OPENING_COUNT_UNSIGNED": "unsigned",
    "CLOSING_COUNT_UNSIGNED": "unsigned",
    "SLIP_UNSIGNED": "unsigned",
    "SLIP_VOID_PENDING": "unsigned",
    "MANDATORY_SANCTION_NOT_IMPOSED": "sanctions",
    "PACK_NOT_RETURNED": "decks",
    "DECK_FINAL_CONTROL_MISSING": "decks",
    "CASH_ALERT_MISSING": "cash",
    "SERIAL_GAP": "gaps",
    "SHEET_SERIAL_GAP": "gaps",
    "RECORD_ALTERED": "integrity",
    "RECORD_MISSING": "integrity",
    "RECORD_UNAUDITED": "integrity",
    # issue 12 §5: keyed seals, the day's evidence chain, audit events against the rows
    "CHAIN_BROKEN": "integrity",
    "UNCHAINED": "integrity",
    "AUDIT_MISMATCH": "integrity",
    "SEAL_KEY_UNKNOWN": "integrity",
}


def _cause_item(cause: Any) -> dict[str, Any]:
    """One cause of the day, as printed in its section."""
    return {
        "number": cause.number,
        "table": cause.table_label,
        "table_number": cause.table,
        "kind": cause.title,
        "message": cause.detail,
        "effects": cause.effects,
        "amount": cause.amount,
        "explanation": cause.status,
        "pending": cause.pending,
        "cause": True,
    }


def _limit_overrides(recon: Any, lang: str) -> list[dict[str, Any]]:
    """The authorised buy-in limit overrides: no fault, but a manager's eye."""
    out = []
    for finding in recon.all_findings:
        if finding.severity == INFO and KIND_SECTION.get(finding.kind) == "overrides":
            out.append(
                {
                    "table": finding.table or "—",
                    "table_number": finding.table,
                    "kind": bilingual(
                        lang, "Excepción al límite de compra", "Buy-in limit override"
                    ),
                    "message": finding.message(lang),
                    "amount": finding.amount,
                    "explanation": "",
                }
            )
    return out


def _unsigned_items(day: GamingDay, lang: str, skip: set[str]) -> list[dict[str, Any]]:
    """Documents still to sign, but those already printed as a cause (``skip``)."""
    out = []
    for doc in _unsigned(day, lang):
        if doc["serial"] in skip:
            continue  # the slip is a cause already: one line
        out.append(
            {
                "table": doc["table"] or "—",
                "table_number": doc["table"],
                "kind": doc["what"],
                "message": f"{doc['shown']}: "
                + bilingual(lang, "faltan ", "missing ")
                + (doc["missing"] or "—"),
                "amount": None,
                "explanation": bilingual(lang, "Faltan firmas", "Signatures missing"),
                "pending": True,
            }
        )
    return out


def _engine_overridden(day: GamingDay, lang: str) -> list[dict[str, Any]]:
    """Hands where the staff decision was kept over the engine's."""
    out = []
    for correction in HandCorrection.objects.filter(
        original__gaming_day=day, kind=HandCorrection.Kind.OVERRIDE
    ).select_related("original__table", "created_by"):
        out.append(
            {
                "table": correction.original.table.number,
                "table_number": correction.original.table.number,
                "kind": bilingual(lang, "Decisión contra el motor", "Engine overridden"),
                "message": bilingual(
                    lang,
                    f"Mano {correction.original.number}: se mantuvo la decisión del personal "
                    f"contra el motor ({name(correction.created_by)}): {correction.reason}",
                    f"Hand {correction.original.number}: the staff decision was kept over the "
                    f"engine ({name(correction.created_by)}): {correction.reason}",
                ),
                "amount": None,
                "explanation": "",
            }
        )
    return out


def _hand_revisions(day: GamingDay, lang: str) -> list[dict[str, Any]]:
    """HREC-09, issue 38 §3: a closed hand corrected by a linked revision: who, when, why,
    and the pit boss's signature when the next hand had started."""
    out = []
    for correction in (
        HandCorrection.objects.filter(
            original__gaming_day=day, kind=HandCorrection.Kind.REVISION, review__isnull=True
        )
        .exclude(original__status="invalid", approval__isnull=True)
        .select_related("original__table", "created_by", "revision", "approval")
        .order_by("original__table__number", "original__number", "created_at", "id")
    ):
        approval = getattr(correction, "approval", None)
        signer = approval.signatures().first() if approval is not None else None
        if approval is None:
            when_es, when_en = "vale desde su registro", "counts from when it was stored"
        elif signer is None:
            when_es, when_en = "espera la firma del jefe de sector", "waiting for the pit boss"
        else:
            when_es = f"firmada por {name(signer.signer)}"
            when_en = f"signed by {name(signer.signer)}"
        out.append(
            {
                "table": correction.original.table.number,
                "table_number": correction.original.table.number,
                "kind": bilingual(lang, "Mano corregida", "Hand corrected"),
                "message": bilingual(
                    lang,
                    f"Mano {correction.original.number}: revisión por "
                    f"{name(correction.created_by)} ({when_es}): {correction.reason}",
                    f"Hand {correction.original.number}: revised by "
                    f"{name(correction.created_by)} ({when_en}): {correction.reason}",
                ),
                "amount": None,
                "explanation": "",
                "pending": approval is not None and signer is None,
            }
        )
    return out


def _rulings_overridden(day: GamingDay, lang: str) -> list[dict[str, Any]]:
    """HREC-07, AUTH-04: a ruling of the engine the staff decided against, with the reason."""
    out = []
    for irr in (
        HandIrregularity.objects.filter(hand__gaming_day=day)
        .exclude(override_reason="")
        .select_related("hand__table", "decided_by")
        .order_by("hand__table__number", "hand__number", "action_index", "id")
    ):
        what = f"{irregularity_label(irr.kind)} → {outcome_label(irr.outcome)}"
        rules = rules_text(irr.rule_ids, lang)
        out.append(
            {
                "table": irr.hand.table.number,
                "table_number": irr.hand.table.number,
                "kind": bilingual(lang, "Fallo del motor no aplicado", "Engine ruling overridden"),
                "message": bilingual(
                    lang,
                    f"Mano {irr.hand.number}: {what} ({rules}); decidió "
                    f"{name(irr.decided_by)}: {irr.override_reason}",
                    f"Hand {irr.hand.number}: {what} ({rules}); decided by "
                    f"{name(irr.decided_by)}: {irr.override_reason}",
                ),
                "amount": None,
                "explanation": "",
            }
        )
    return out


def _day_items(
    day: GamingDay, lang: str, table: int | None = None
) -> tuple[dict[str, list[dict[str, Any]]], int]:
    """The day's causes, each once, by section; then what needs a manager's eye although
    it is no fault (authorised overrides, documents still to sign). ``table``: that
    table's only, from its own reconciliation (the room's checks, which name no table,
    are the room's report's)."""
    sections: dict[str, list[dict[str, Any]]] = {key: [] for key, _label in SECTIONS}
    tables = None if table is None else {table}
    recon = reconcile_day(day, tables=tables)
    causes = cause_rows(day, recon, lang, tables=tables)
    covered = {c.detail for c in causes}
    cause_serials = {
        f.detail for c in recon.causes for f in (c.finding, *c.effects) if f.kind == "SLIP_UNSIGNED"
    }
    for cause in causes:
        sections[KIND_SECTION.get(cause.kind, "other")].append(_cause_item(cause))
    sections["overrides"].extend(_limit_overrides(recon, lang))
    sections["unsigned"].extend(_unsigned_items(day, lang, cause_serials | covered))
    sections["overrides"].extend(_engine_overridden(day, lang))
    sections["overrides"].extend(_hand_revisions(day, lang))
    sections["overrides"].extend(_rulings_overridden(day, lang))
    return sections, len(causes)


def iter_days(
    casino: Any, params: dict[str, Any], lang: str, progress: Any
) -> Iterator[dict[str, Any]]:
    start, end = period(casino, params)
    days = list(
        GamingDay.objects.filter(
            casino=casino, business_date__gte=start, business_date__lte=end
        ).order_by("business_date")
    )
    number = int(params["table"]) if params.get("table") else None
    for index, day in enumerate(days):
        progress(10 + 40 * index // max(1, len(days)), f"day {day.business_date}")
        sections, causes = _day_items(day, lang, number)
        if number is not None:
            # One table's audit: its own lines only (the room's, such as a numbering gap or
            # the deck control, have no table and are left to the room's report).
            sections = {
                key: [item for item in items if item["table_number"] == number]
                for key, items in sections.items()
            }
        yield {
            "day": day,
            "sections": [
                {"key": key, "label": bilingual(lang, *label), "items": sections[key]}
                for key, label in SECTIONS
                if sections[key]
            ],
            "count": causes,
            "notes": sum(len(v) for v in sections.values()) - causes,
        }


def build(ctx: BuildContext) -> dict[str, Any]:
    start, end = period(ctx.casino, ctx.params)
    scope = (
        day_text(start, ctx.lang)
        if start == end
        else f"{day_text(start, ctx.lang)} – {day_text(end, ctx.lang)}"
    )
    if ctx.params.get("table"):
        table = table_by_number(ctx.casino, ctx.params["table"])  # 404 for a table not there
        scope = f"{bilingual(ctx.lang, 'Mesa', 'Table')} {table.number} · {scope}"
    return {
        "start": start,
        "end": end,
        "days": iter_days(ctx.casino, ctx.params, ctx.lang, ctx.progress),
        "header_scope": scope,
        "one_table": bool(ctx.params.get("table")),
    }


def access(actor: Actor, params: dict[str, Any]) -> None:
    return None  # the roles (managers and auditors) are the whole rule (RPT-17)


register(
    ReportSpec(
        kind="exceptions",
        title_es="Informe de auditoría (excepciones)",
        title_en="Audit exception report",
        template="pdf/exceptions.html",
        params=OptionalPeriodParams,
        build=build,
        access=access,
        perm=Perm.VIEW_DAY_REPORTS,
        description_es="Diferencias, documentos sin firmar, conciliación, comisión, excepciones "
        "autorizadas, sanciones obligatorias, naipes y saltos de numeración (RPT-13).",
        description_en="Variances, unsigned documents, reconciliation, commission, overrides, "
        "mandatory sanctions, decks and numbering gaps (RPT-13).",
    )
)
