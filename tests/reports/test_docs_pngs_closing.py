"""Writes the first page of each closing report as a small PNG for docs/reports/ (not a test).

    REPORT_PNG_DIR=docs/reports .venv/bin/python scripts/testenv.py -- \
        .venv/bin/pytest tests/reports/test_docs_pngs_closing.py -q

Skipped unless REPORT_PNG_DIR is set. The same day and resolution as test_docs_pngs.py.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from .conftest import render

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not os.environ.get("REPORT_PNG_DIR"), reason="REPORT_PNG_DIR not set"),
]


def test_write_first_pages_of_the_closing_reports(day, casino, tmp_path):
    out = Path(os.environ["REPORT_PNG_DIR"]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    date = day.session.gaming_day.business_date.isoformat()
    session = {"session": day.session.pk}
    kinds = {
        "control_sheet": session,
        "sector_sheet": {"date": date, "sector": "P1"},
        "player_tracking": session,
    }
    for kind, params in kinds.items():
        rendered = render(kind, casino, params, serial="INF-2026-000042", generated_by="Gerente")
        pdf = tmp_path / f"{kind}.pdf"
        pdf.write_bytes(rendered.pdf)
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile"]
            + [str(pdf), str(out / kind)],
            check=True,
        )
        assert (out / f"{kind}.png").stat().st_size < 200_000
