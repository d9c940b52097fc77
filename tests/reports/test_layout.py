"""Print layout: A4 and Letter clean — nothing outside the margins, headers repeated, pages
numbered and footed (issue 7 "done when", RPT-01); generation through a real worker."""

from __future__ import annotations

import re
import subprocess
import time
from html.parser import HTMLParser

import pytest

from casino.roles import Role

from .conftest import pdf_text, render
from .scenario import act, open_session

pytestmark = pytest.mark.django_db
MM = 72 / 25.4  # points per millimetre


class _Words(HTMLParser):
    """Pages and word boxes from ``pdftotext -bbox``."""

    def __init__(self) -> None:
        super().__init__()
        self.pages: list[dict] = []

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        a = {
            k: float(v)
            for k, v in attrs
            if k in ("width", "height", "xmin", "xmax", "ymin", "ymax")
        }
        if tag == "page":
            self.pages.append({"width": a["width"], "height": a["height"], "words": []})
        elif tag == "word":
            self.pages[-1]["words"].append(a)


def word_boxes(pdf: bytes, tmp_path) -> list[dict]:  # type: ignore[no-untyped-def]
    path = tmp_path / "layout.pdf"
    path.write_bytes(pdf)
    html = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    parser = _Words()
    parser.feed(html)
    return parser.pages


def assert_inside_margins(pdf: bytes, tmp_path, size_mm: tuple[float, float]) -> None:  # type: ignore[no-untyped-def]
    pages = word_boxes(pdf, tmp_path)
    assert pages
    for number, page in enumerate(pages, 1):
        width, height = page["width"], page["height"]
        assert {round(width / MM), round(height / MM)} == {round(size_mm[0]), round(size_mm[1])}
        for w in page["words"]:
            # 14 mm side margins in the print CSS; nothing may come closer than 12 mm.
            assert w["xmin"] >= 12 * MM and w["xmax"] <= width - 12 * MM, (number, w)
            assert w["ymin"] >= 5 * MM and w["ymax"] <= height - 5 * MM, (number, w)


@pytest.mark.parametrize("paper", ["A4", "LETTER"])
def test_reports_stay_inside_the_margins_on_a4_and_letter(day, casino, tmp_path, paper):
    size = (210, 297) if paper == "A4" else (215.9, 279.4)
    date = day.session.gaming_day.business_date.isoformat()
    for kind, params in (
        ("gaming_day", {"date": date}),
        ("table_card", {"session": day.session.pk}),
        ("sheet", {"session": day.session.pk}),
        ("hands", {"session": day.session.pk}),
        ("deck_custody", {"date": date}),
        ("slips", {"session": day.session.pk}),
        ("sanctions", {"date": date}),
        ("rake", {"date": date}),
        ("exceptions", {"date": date}),
        ("house_rules", {"ruleset": "caba"}),
        ("keys", {"date": date}),
        ("irregularities", {"date": date}),
    ):
        rendered = render(kind, casino, params, paper=paper)
        assert_inside_margins(rendered.pdf, tmp_path, size)


def test_long_tables_repeat_their_header_on_every_page(staff, casino, gaming_day, sector, tmp_path):
    # A table card of 90 movements runs over several pages; each page repeats the header.
    from cage import services as cage

    sup = act(staff["supervisor"], Role.SUPERVISOR)
    session = open_session(staff, casino, sector, number=8)
    for i in range(90):
        # Colour up and back down, so the float never runs out of either chip.
        small, big = [("5", 20)], [("100", 1)]
        cage.colour_change_record(
            actor=sup,
            session=session,
            chips_in=small if i % 2 else big,
            chips_out=big if i % 2 else small,
            croupier=staff["croupier"],
            seat=1 + i % 9,
        )
    rendered = render("table_card", casino, {"session": session.pk}, paper="LETTER")
    assert rendered.pages >= 3
    for page in range(1, rendered.pages + 1):
        path = tmp_path / "card.pdf"
        path.write_bytes(rendered.pdf)
        text = subprocess.run(
            ["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(path), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        header = re.search(r"Hora\s+Movimiento\s+Asiento\s+Jugador\s+Importe", text)
        # Every page of the movements repeats the column header; the last may hold only the
        # totals or the signature block, which moves whole to a new page (issue 14 §5).
        last = page == rendered.pages and ("Totales" in text or "Firmas" in text)
        assert header or last, page
        assert f"página {page} de {rendered.pages}" in text
        assert (
            "Casino de Prueba · Registro de mesa (compras y cambios)" in text
        )  # header and footer
        assert f"sesión {session.pk}" in text and "Generado por" in text
    text = pdf_text(rendered.pdf, tmp_path)
    assert text.count("Cambio de color") >= 90


@pytest.mark.celery
def test_master_report_through_a_real_worker(day, staff, api, celery_worker, tmp_path):
    # Issue 7 §8: requested through the API, rendered by a Celery worker on Redis, archived.
    date = day.session.gaming_day.business_date.isoformat()
    client = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    response = client.post(
        "/api/reports/", {"kind": "gaming_day", "params": {"date": date}}, format="json"
    )
    assert response.status_code == 202, response.json()
    report_id = response.json()["id"]
    deadline = time.time() + 180
    while time.time() < deadline:
        status = client.get(f"/api/reports/{report_id}/").json()
        if status["status"] in ("done", "failed"):
            break
        time.sleep(0.5)
    assert status["status"] == "done", status
    body = b"".join(client.get(f"/api/reports/{report_id}/download/").streaming_content)
    import hashlib

    assert hashlib.sha256(body).hexdigest() == status["sha256"]
    text = pdf_text(body, tmp_path)
    assert "Informe maestro de la jornada" in text and status["serial"] in text
    assert re.search(
        r"7\s+\$ 19\.550,00\s+\$ 1\.950,00\s+\$ 200,00\s+\$ 19\.600,00\s+\$ 1\.600,00", text
    )
