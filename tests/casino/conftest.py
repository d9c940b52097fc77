"""Fixtures of the API client tests: a Python client generated from the served schema."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

GENERATOR = Path(sys.executable).with_name("openapi-python-client")
PACKAGE = "mesa_client"


@pytest.fixture(scope="module")
def client_package(tmp_path_factory):  # type: ignore[no-untyped-def]
    """Generated once for the module, from the schema as served to anyone (no login)."""
    from django.test import Client

    tmp_path = tmp_path_factory.mktemp("generated")
    served = Client().get("/api/schema/?format=json")
    assert served.status_code == 200
    schema = tmp_path / "schema.json"
    schema.write_bytes(served.content)
    config = tmp_path / "config.yaml"
    # No ruff run on the generated code; the generator reads bytes only for media types it
    # knows as binary, so an integrator maps the report formats to octet-stream (else a PDF
    # download is decoded as text: text/csv is the first media type it knows).
    config.write_text(
        "post_hooks: []\n"
        "content_type_overrides:\n"
        "  application/pdf: application/octet-stream\n"
        "  application/vnd.openxmlformats-officedocument.spreadsheetml.sheet:"
        " application/octet-stream\n"
    )
    out = subprocess.run(
        [
            str(GENERATOR),
            "generate",
            "--path",
            str(schema),
            "--meta",
            "none",
            "--output-path",
            str(tmp_path / PACKAGE),
            "--config",
            str(config),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Warning" not in out.stdout + out.stderr, out.stdout + out.stderr
    sys.path.insert(0, str(tmp_path))
    try:
        yield tmp_path / PACKAGE
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]
