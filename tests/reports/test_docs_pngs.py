"""Writes the first page of each report as a small PNG for docs/reports/ (not a test).

    REPORT_PNG_DIR=docs/reports .venv/bin/python scripts/testenv.py -- \
        .venv/bin/pytest tests/reports/test_docs_pngs.py -q

Skipped unless REPORT_PNG_DIR is set.
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


def test_write_first_pages(day, casino, tmp_path):
    out = Path(os.environ["REPORT_PNG_DIR"]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    date = day.session.gaming_day.business_date.isoformat()
    session = {"session": day.session.pk}
    kinds = {
        "house_rules": {"ruleset": "manual"},
        "sheet": session,
        "table_card": session,
        "slips": {"slip": day.slips[0].pk},
        "deck_custody": {"date": date},
        "sanctions": {"date": date},
        "hands": session,
        "gaming_day": {"date": date},
        "rake": {"date": date},
        "exceptions": {"date": date},
        "keys": {"date": date},
        "irregularities": {"date": date},
    }
    for kind, params in kinds.items():
        rendered = render(kind, casino, params, serial="INF-2026-000042", generated_by="Gerente")
        pdf = tmp_path / f"{kind}.pdf"
        pdf.write_bytes(rendered.pdf)
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                "60",
                "-f",
                "1",
                "-l",
                "1",
                "-singlefile",
                str(pdf),
                str(out / kind),
            ],
            check=True,
        )
        assert (out / f"{kind}.png").stat().st_size < 200_000
