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

from cage.models import VarianceExplanation
from cage.reconciliation import INFO, reconcile_day
from casino.access import Actor
from casino.models import GamingDay
from casino.roles import Role
from hands.models import HandCorrection
from tables.models import DeckFinalControl

from ..access import period
from ..formatting import day as day_text
from ..params import OptionalPeriodParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name
from .gaming_day import _unsigned

# Finding kind -> section of the report.
SECTIONS = (
    ("variances", ("Diferencias de apertura y cierre", "Opening and closing variances")),
    ("reconciliation", ("Diferencias de conciliación", "Reconciliation differences")),
    ("rake", ("Diferencias de comisión", "Commission differences")),
    ("overrides", ("Excepciones autorizadas", "Authorised overrides")),
    ("unsigned", ("Documentos sin firmar o incompletos", "Unsigned or incomplete documents")),
    ("sanctions", ("Sanciones obligatorias no impuestas", "Mandatory sanctions not imposed")),
    ("decks", ("Naipes sin justificar", "Packs not accounted for")),
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
    "RAKE_MISMATCH": "rake",
    "RAKE_NOT_ALLOWED": "rake",
    "BUYIN_OVERRIDE": "overrides",
    "OPENING_COUNT_UNSIGNED": "unsigned",
    "CLOSING_COUNT_UNSIGNED": "unsigned",
    "SLIP_UNSIGNED": "unsigned",
    "SLIP_VOID_PENDING": "unsigned",
    "MANDATORY_SANCTION_NOT_IMPOSED": "sanctions",
    "PACK_NOT_RETURNED": "decks",
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


def _day_items(day: GamingDay, lang: str) -> dict[str, list[dict[str, Any]]]:
    sections: dict[str, list[dict[str, Any]]] = {key: [] for key, _label in SECTIONS}
    recon = reconcile_day(day)
    tables = {s.session.pk: s.session.table.number for s in recon.sessions}
    explanations = {
        (e.session_id, e.finding_key): f"{e.explanation} ({name(e.explained_by)})"
        for e in VarianceExplanation.objects.filter(session__gaming_day=day).select_related(
            "explained_by"
        )
    }
    for finding in recon.all_findings:
        section = KIND_SECTION.get(finding.kind, "other")
        if finding.severity == INFO and section != "overrides":
            continue  # information only (a voided slip, a cash alert raised as it should be)
        table = finding.table or tables.get(finding.session or 0)
        sections[section].append(
            {
                "table": table,
                "kind": finding.kind,
                "message": finding.message(lang),
                "amount": finding.amount,
                "explanation": explanations.get((finding.session, finding.key), "")
                if finding.session
                else "",
            }
        )
    for doc in _unsigned(day, lang):
        sections["unsigned"].append(
            {
                "table": doc["table"],
                "kind": doc["what"],
                "message": f"{doc['serial']}: "
                + bilingual(lang, "faltan ", "missing ")
                + (doc["missing"] or "—"),
                "amount": None,
                "explanation": "",
            }
        )
    if not DeckFinalControl.objects.filter(gaming_day=day, locked_at__isnull=False).exists():
        sections["decks"].append(
            {
                "table": None,
                "kind": "DECK_FINAL_CONTROL_MISSING",
                "message": bilingual(
                    lang,
                    "No hay control final de naipes firmado por el gerente de turno (DECK-16).",
                    "No deck final control signed by the shift manager (DECK-16).",
                ),
                "amount": None,
                "explanation": "",
            }
        )
    for correction in HandCorrection.objects.filter(
        original__gaming_day=day, kind=HandCorrection.Kind.OVERRIDE
    ).select_related("original__table", "created_by"):
        sections["overrides"].append(
            {
                "table": correction.original.table.number,
                "kind": "ENGINE_OVERRIDE",
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
    return sections


def iter_days(
    casino: Any, params: dict[str, Any], lang: str, progress: Any
) -> Iterator[dict[str, Any]]:
    start, end = period(casino, params)
    days = list(
        GamingDay.objects.filter(
            casino=casino, business_date__gte=start, business_date__lte=end
        ).order_by("business_date")
    )
    for index, day in enumerate(days):
        progress(10 + 40 * index // max(1, len(days)), f"day {day.business_date}")
        sections = _day_items(day, lang)
        yield {
            "day": day,
            "sections": [
                {"key": key, "label": bilingual(lang, *label), "items": sections[key]}
                for key, label in SECTIONS
                if sections[key]
            ],
            "count": sum(len(v) for v in sections.values()),
        }


def build(ctx: BuildContext) -> dict[str, Any]:
    start, end = period(ctx.casino, ctx.params)
    scope = (
        day_text(start, ctx.lang)
        if start == end
        else f"{day_text(start, ctx.lang)} – {day_text(end, ctx.lang)}"
    )
    return {
        "start": start,
        "end": end,
        "days": iter_days(ctx.casino, ctx.params, ctx.lang, ctx.progress),
        "header_scope": scope,
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
        roles=frozenset({Role.SHIFT_MANAGER, Role.AUDITOR}),
        description_es="Diferencias, documentos sin firmar, conciliación, comisión, excepciones "
        "autorizadas, sanciones obligatorias, naipes y saltos de numeración (RPT-13).",
        description_en="Variances, unsigned documents, reconciliation, commission, overrides, "
        "mandatory sanctions, decks and numbering gaps (RPT-13).",
    )
)
