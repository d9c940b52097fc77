from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def media_root(tmp_path, settings):  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def pdf_text(path_or_bytes: Path | bytes, tmp_path: Path | None = None, layout: bool = True) -> str:
    """Read a PDF back with pdftotext (poppler), as a reader would see it."""
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is missing: install poppler-utils (make test does)")
    if isinstance(path_or_bytes, bytes):
        assert tmp_path is not None
        path = tmp_path / "doc.pdf"
        path.write_bytes(path_or_bytes)
    else:
        path = path_or_bytes
    args = ["pdftotext", *(["-layout"] if layout else []), str(path), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


@pytest.fixture
def day(staff, casino, gaming_day, sector):  # type: ignore[no-untyped-def]
    """A full gaming day at table 7 through the services (see tests/reports/scenario.py)."""
    from .scenario import play_day

    return play_day(staff, casino, gaming_day, sector)


def render(kind: str, casino, params: dict, lang: str = "es", paper: str = "A4", **kw):  # type: ignore[no-untyped-def]
    """Render ``kind`` synchronously with the code the Celery task runs."""
    from reports.registry import get_spec
    from reports.rendering import render_report
    from reports.services import validate_params

    spec = get_spec(kind)
    assert spec is not None, kind
    return render_report(
        spec, casino=casino, params=validate_params(spec, params), lang=lang, paper=paper, **kw
    )
