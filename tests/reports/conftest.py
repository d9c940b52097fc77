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
