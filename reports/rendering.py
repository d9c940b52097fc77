"""Render a report to PDF with WeasyPrint: the one code path of the task and the command.

Every page has the header (casino, report, serial, parameters) and the footer
"página N de M" with casino, report, parameters and the generation stamp (RPT-01);
tables repeat their headers across pages (print CSS in ``templates/pdf/base.html``).
The content fingerprint is the SHA-256 of the rendered body without the
generation stamp: the same report over the same closed data has the same
fingerprint and the same text, whoever prints it and whenever (issue 7 §8).
"""

from __future__ import annotations

import hashlib
import zoneinfo
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation

from casino import sealing
from casino.models import Casino

from .formatting import currency_override
from .registry import BuildContext, ProgressFn, ReportSpec

GENERATED_MARK = "\u2063MESA-GENERATED\u2063"
PAPERS = {"A4": "A4", "LETTER": "letter"}


@dataclass(frozen=True)
class Rendered:
    pdf: bytes
    sha256: str
    content_sha256: str
    pages: int
    # The gaming day's evidence chain head when it was printed (issue 12 §5): "seq·link".
    chain_head: str = ""
    # The HTML WeasyPrint laid out: archived beside the PDF, so an export of the
    # report's tables gives the printed figures (reports/export.py, issue 14 §4).
    html: str = ""


# The signed closing documents print the day's evidence chain head in their footer
# (issue 12 §5): whoever rewrites the day's records later cannot make the chain end
# where the signed paper says it ended.
CHAIN_HEAD_KINDS = frozenset({"sheet", "control_sheet"})


def _chain_head(spec: ReportSpec, context: dict[str, Any]) -> str:
    day = context.get("gaming_day")
    if spec.kind not in CHAIN_HEAD_KINDS or day is None:
        return ""
    return sealing.chain_head_text(day.pk)


def _no_progress(percent: int, message: str) -> None:
    return None


PARAM_LABELS = {
    "session": ("sesión", "session"),
    "table": ("mesa", "table"),
    "date": ("jornada", "gaming day"),
    "date_from": ("desde", "from"),
    "date_to": ("hasta", "to"),
    "hand": ("mano", "hand"),
    "first": ("desde la mano", "from hand"),
    "last": ("hasta la mano", "to hand"),
    "slip": ("vale", "slip"),
    "ruleset": ("reglamento", "ruleset"),
    "tournament": ("torneo", "tournament"),
}


def param_summary(spec: ReportSpec, params: dict[str, Any], lang: str = "es") -> str:
    """The parameters as the footer prints them: ``mesa 7, jornada 30/11/2026``."""
    from .formatting import day

    parts = []
    for key in sorted(params):
        value = params[key]
        if value in (None, "", [], {}):
            continue
        es, en = PARAM_LABELS.get(key, (key, key))
        if key.startswith("date"):
            try:
                value = day(date.fromisoformat(str(value)), lang)
            except ValueError:
                pass
        parts.append(f"{en if lang == 'en' else es} {value}")
    return ", ".join(parts)


def _body(
    spec: ReportSpec,
    *,
    casino: Casino,
    params: dict[str, Any],
    lang: str,
    paper_key: str,
    serial: str,
    progress: ProgressFn,
) -> tuple[dict[str, Any], str]:
    """The template context and the body (without the stamp); run inside the overrides."""
    data = spec.build(BuildContext(casino=casino, params=params, lang=lang, progress=progress))
    progress(50, "layout")
    context = {
        **data,
        "spec": spec,
        "title": spec.title(lang),
        "casino": casino,
        "params": params,
        "param_summary": param_summary(spec, params, lang),
        "serial": serial,
        "lang": lang,
        "paper": PAPERS[paper_key],
        "landscape": spec.landscape,
        "copies": spec.copy_labels(lang),
        "generated": GENERATED_MARK,
    }
    return context, render_to_string(spec.template, context)


def _paper_key(paper: str) -> str:
    paper_key = paper.upper()
    if paper_key not in PAPERS:
        raise ValueError(f"unknown paper size {paper!r}")
    return paper_key


def content_fingerprint(
    spec: ReportSpec,
    *,
    casino: Casino,
    params: dict[str, Any],
    lang: str = "es",
    paper: str = "A4",
    serial: str = "",
) -> str:
    """The content fingerprint the report would have if rendered now (no PDF is made).

    Equal to an archived report's ``content_sha256`` exactly when the same serial over
    the same data gives the same body: how a signature finds a report gone stale.
    """
    paper_key = _paper_key(paper)
    tz = zoneinfo.ZoneInfo(casino.time_zone)
    with translation.override(lang), timezone.override(tz), currency_override(casino.currency):
        _context, body = _body(
            spec,
            casino=casino,
            params=params,
            lang=lang,
            paper_key=paper_key,
            serial=serial,
            progress=_no_progress,
        )
    return hashlib.sha256(body.encode()).hexdigest()


def render_report(
    spec: ReportSpec,
    *,
    casino: Casino,
    params: dict[str, Any],
    lang: str = "es",
    paper: str = "A4",
    serial: str = "",
    generated_by: str = "",
    copy_of: str | None = None,
    progress: ProgressFn = _no_progress,
    now: datetime | None = None,
    overlay: dict[str, Any] | None = None,
    banner_text: str | None = None,
) -> Rendered:
    """Render ``spec`` to PDF.

    ``overlay`` is context added *after* the fingerprint is taken (a signed copy's
    signatures), so it does not change ``content_sha256``; ``banner_text`` replaces the
    re-print banner's wording of a copy.
    """
    import weasyprint  # imported here: heavy, and only workers and commands render

    paper_key = _paper_key(paper)
    tz = zoneinfo.ZoneInfo(casino.time_zone)
    with translation.override(lang), timezone.override(tz), currency_override(casino.currency):
        progress(5, "data")
        context, body = _body(
            spec,
            casino=casino,
            params=params,
            lang=lang,
            paper_key=paper_key,
            serial=serial,
            progress=progress,
        )
        stamp_time = timezone.localtime(now or timezone.now(), tz)
        content_sha256 = hashlib.sha256(body.encode()).hexdigest()
        if overlay:
            body = render_to_string(spec.template, {**context, **overlay})
        stamp_es = f"Generado por {generated_by or 'sistema'} el {stamp_time:%d/%m/%Y %H:%M}"
        stamp_en = f"Generated by {generated_by or 'system'} on {stamp_time:%Y-%m-%d %H:%M}"
        html = body.replace(GENERATED_MARK, stamp_en if lang == "en" else stamp_es)
        html = html.replace("@@CONTENT_SHA256@@", content_sha256[:16])
        # After hashing too: the chain grows with every record, the content does not.
        chain_head = _chain_head(spec, context)
        word = "chain" if lang == "en" else "cadena"
        chain_text = f" · {word} {chain_head}" if chain_head else ""
        html = html.replace("@@CHAIN_HEAD@@", chain_text)
        # The re-print banner is added after hashing: a re-print of the same data has
        # the same fingerprint as its original (RPT-01).
        banner = ""
        if copy_of:
            text = banner_text or (
                f"COPY — reprint of report {copy_of}"
                if lang == "en"
                else f"COPIA — reimpresión del informe {copy_of}"
            )
            banner = f'<div class="reprint">{text}</div>'
        html = html.replace("@@REPRINT@@", banner)
        progress(60, "pdf")
        document = weasyprint.HTML(string=html, base_url=str(settings.BASE_DIR)).render()
        pdf = document.write_pdf()
    progress(95, "store")
    return Rendered(
        pdf=pdf,
        sha256=hashlib.sha256(pdf).hexdigest(),
        content_sha256=content_sha256,
        pages=len(document.pages),
        chain_head=chain_head,
        html=html,
    )


def write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".part")
    tmp.write_bytes(data)
    tmp.replace(path)
