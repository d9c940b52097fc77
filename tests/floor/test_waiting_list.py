"""The waiting list on the table screen (issue 13 §3; SEAT-04): the table's supervisor adds
names, sees them in order with the time each asked, and seats the first in line on an
empty seat; a supervisor who does not work the table is refused and nothing changes.

The forms are posted as the browser posts them (the fields the template sends)."""

from __future__ import annotations

import re
import zoneinfo

import pytest
from django.urls import reverse
from django.utils import timezone

from casino.roles import Role
from tables.models import WaitingEntry
from tables.selectors import seat_at, waiting_list

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _screen(client, session) -> str:
    response = client.get(reverse("floor:table", args=[session.table_id]))
    assert response.status_code == 200
    return response.content.decode()


def _waiting_section(html: str) -> str:
    found = re.search(r'<section[^>]*aria-labelledby="waiting-title".*?</section>', html, re.S)
    assert found, "the table screen has no waiting list"
    return found.group(0)


def _post(client, session, form: dict[str, str]):
    """The form as the table screen's template sends it (with its ``next``)."""
    here = reverse("floor:table", args=[session.table_id])
    url = reverse("floor:waiting", args=[session.pk])
    return client.post(url, {**form, "next": here}, follow=True)


def _error(response) -> str:
    """The page's refusal message (the kernel's guard puts the field's name before it)."""
    found = re.search(r'<p class="msg msg-error">(.*?)</p>', response.content.decode(), re.S)
    assert found, "no refusal shown"
    return found.group(1)


def _add(client, session, name: str):
    return _post(client, session, {"op": "add", "name": name})


def _sit(client, session, entry: WaitingEntry, seat: int):
    return _post(client, session, {"op": "seat", "entry": str(entry.pk), "seat": str(seat)})


def _names(session) -> list[str]:
    return list(waiting_list(session.table).values_list("name", flat=True))


def test_the_tables_supervisor_adds_sees_and_seats_the_first_in_line(staff, in_play):
    # SEAT-04: the list in order, with the time each asked; the first sits on an empty seat.
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    assert "Nadie está esperando." in _waiting_section(_screen(page, in_play))
    for name in ("Eva", "Fede"):
        response = _add(page, in_play, name)
        assert response.redirect_chain[-1][0] == reverse("floor:table", args=[in_play.table_id])
        assert f"{name} está en la lista de espera." in response.content.decode()
    assert _names(in_play) == ["Eva", "Fede"]
    section = _waiting_section(_screen(page, in_play))
    assert section.index("Eva") < section.index("Fede")
    zone = zoneinfo.ZoneInfo(in_play.table.casino.time_zone)
    for entry in waiting_list(in_play.table):
        asked = timezone.localtime(entry.requested_at, zone).strftime("%H:%M")
        assert f"pidió a las {asked}" in section
    # "Sentar" once, on the first in line; the empty seats to choose from (1, 3, 5 are taken).
    assert section.count(">Sentar<") == 1
    assert re.findall(r'<option value="(\d+)"', section)[:3] == ["2", "4", "6"]
    eva, fede = waiting_list(in_play.table)
    # The list goes in order: Fede cannot sit before Eva.
    refused = _sit(page, in_play, fede, 4)
    assert "primero se sienta eva" in _error(refused).lower()
    assert seat_at(in_play, 4) is None
    response = _sit(page, in_play, eva, 2)
    assert "Eva se sienta en el asiento 2." in response.content.decode()
    seated = seat_at(in_play, 2)
    assert seated is not None and seated.name == "Eva"
    assert _names(in_play) == ["Fede"]
    html = _screen(page, in_play)
    assert re.search(r'id="seat-2">Asiento 2</span>\s*<span class="seat-name">Eva<', html)
    assert "Eva" not in _waiting_section(html)


def test_a_name_is_required(staff, in_play):
    # SEAT-04: an entry without a name is refused and not written.
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    response = _add(page, in_play, "   ")
    assert "indique el nombre." in _error(response).lower()
    assert _names(in_play) == []


def test_a_supervisor_who_does_not_work_the_table_is_refused_and_nothing_changes(staff, in_play):
    # SEAT-04 with issue 12 §1: the list is kept by who works the table now.
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    _add(page, in_play, "Eva")
    eva = waiting_list(in_play.table).get()
    other = client_for(staff["supervisor2"], Role.SUPERVISOR)
    url = reverse("floor:waiting", args=[in_play.pk])
    for form in ({"op": "add", "name": "Gus"}, {"op": "seat", "entry": str(eva.pk), "seat": "2"}):
        refused = other.post(url, form, HTTP_REFERER=reverse("floor:tables"), follow=True)
        html = refused.content.decode()
        assert 'class="msg msg-error"' in html, html[:3000]
        assert "lista de espera." not in html and "se sienta en el asiento" not in html
    assert _names(in_play) == ["Eva"]
    assert seat_at(in_play, 2) is None
    eva.refresh_from_db()
    assert eva.status == WaitingEntry.Status.WAITING
