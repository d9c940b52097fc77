"""A refused form comes back as typed, with the field named (issue 13 §6).

Each form is posted the way a browser posts it, with one bad value; the page answers
with the error's status (never a redirect that loses the input, never a 500), the
typed values are back in the fields, the message next to the field the error names
and, at the top, the message naming the field in words ("Importe: número inválido.").
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from casino.roles import Role
from players.models import Player
from tables.models import SanctionEntry, SanctionLevel

from .conftest import client_for

pytestmark = pytest.mark.django_db


def field_value(html: str, name: str) -> str | None:
    """The value of the input ``name`` as the browser would show it."""
    for tag in re.findall(r"<input\b[^>]*>", html):
        if re.search(rf'\bname="{re.escape(name)}"', tag):
            found = re.search(r'\bvalue="([^"]*)"', tag)
            return unescape(found.group(1)) if found else ""
    textarea = re.search(
        rf'<textarea[^>]*name="{re.escape(name)}"[^>]*>(.*?)</textarea>', html, re.S
    )
    return unescape(textarea.group(1)) if textarea else None


def value_of(html: str, dom_id: str) -> str | None:
    """The value of the input with id ``dom_id`` (a page may have two fields of one name)."""
    tag = re.search(rf'<input id="{re.escape(dom_id)}"[^>]*>', html)
    if tag is None:
        return None
    found = re.search(r'\bvalue="([^"]*)"', tag.group(0))
    return unescape(found.group(1)) if found else ""


def selected(html: str, dom_id: str) -> str | None:
    """The option chosen in the select with id ``dom_id``."""
    select = re.search(rf'<select id="{re.escape(dom_id)}"[^>]*>(.*?)</select>', html, re.S)
    assert select, f"no select {dom_id}"
    option = re.search(r'<option value="([^"]*)"\s+selected', select.group(1))
    return option.group(1) if option else None


def error_next_to(html: str, name: str) -> str:
    """The message shown beside the field (``{% field_error %}``)."""
    found = re.search(rf'<p class="field-error" id="error-{re.escape(name)}"[^>]*>(.*?)</p>', html)
    assert found, f"no error next to {name}"
    return unescape(found.group(1))


def top_messages(html: str) -> str:
    found = re.search(r'<div id="messages"[^>]*>(.*?)</div>', html, re.S)
    return unescape(found.group(1)) if found else ""


# --- tables: the sanction form ------------------------------------------------------------


def test_sanction_form_refused_keeps_what_was_typed_and_names_the_field(
    staff, casino, in_play
):  # SANC-01, issue 13 §6
    player = Player.objects.create(casino=casino, display_name="Ana Gómez")
    page = client_for(staff["pit_boss"], Role.PIT_BOSS)
    typed = {
        "next": reverse("tables:sanctions"),
        "player": str(player.pk),
        "player_description": "Asiento 3, gorra roja",
        "conduct": "disruptive",
        "conduct_text": "Tiró las cartas al croupier",
        "session": str(in_play.pk),
        "hand_number": "12x",  # the bad value
        "event_name": "Torneo de los jueves",
        "vueltas": "2",
        "players_in_hand": "6",
        "immediate_reason": "",
        "reason": "Segunda vez hoy",
    }
    shown = page.post(reverse("tables:act", args=["impose", 0]), typed)
    assert shown.status_code == 400  # not a redirect that loses what was typed
    html = shown.content.decode()
    for name in ("player_description", "conduct_text", "hand_number", "event_name", "vueltas"):
        assert field_value(html, name) == typed[name], name
    assert field_value(html, "reason") == "Segunda vez hoy"
    assert selected(html, "s-player") == str(player.pk)
    assert selected(html, "s-conduct") == "disruptive"
    assert selected(html, "s-session") == str(in_play.pk)
    assert 'name="immediate" checked' not in html  # the box was not ticked: it stays so
    assert error_next_to(html, "hand_number") == "Número de mano: número inválido."
    assert "Número de mano: número inválido." in top_messages(html)
    # the page's next is the sanctions page again, not the action it posted to
    assert field_value(html, "next") == reverse("tables:sanctions")
    assert not SanctionEntry.objects.exists()


def test_sanction_form_refused_by_the_service_names_the_field_in_english(
    staff, casino, in_play
):  # SANC-09, issue 13 §6
    page = client_for(staff["pit_boss"], Role.PIT_BOSS, lang="en")
    shown = page.post(
        reverse("tables:act", args=["impose", 0]),
        {
            "next": reverse("tables:sanctions"),
            "conduct": "disruptive",
            "player_description": "Seat 4",
            "session": str(in_play.pk),
            "level": SanctionLevel.WARNING,
            "immediate": "on",  # ticked, without the reason it needs (SANC-09)
            "reason": "x",
        },
    )
    assert shown.status_code == 400
    html = shown.content.decode()
    assert 'name="immediate" checked' in html
    assert field_value(html, "player_description") == "Seat 4"
    assert error_next_to(html, "immediate_reason").startswith("Reason for immediate removal: ")


# --- tables: the table page's forms ----------------------------------------------------


def test_last_hand_form_refused_keeps_the_number_and_opens_its_section(
    staff, in_play
):  # TABLE-12, issue 13 §6
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    here = reverse("tables:table", args=[in_play.table_id])
    shown = page.post(
        reverse("tables:act", args=["last-hand", in_play.pk]),
        {"next": here, "last_hand_number": "3O", "instructed_by": "pit_boss"},
    )
    assert shown.status_code == 400
    html = shown.content.decode()
    assert field_value(html, "last_hand_number") == "3O"
    assert selected(html, "l-by") == "pit_boss"
    assert error_next_to(html, "last_hand_number") == "Número de la última mano: número inválido."
    # the other forms of the page that have a "reason" keep theirs empty
    assert field_value(html, "reason") in ("", None)
    in_play.refresh_from_db()
    assert in_play.last_hand_number is None


def test_count_form_refused_keeps_every_line_typed(staff, sector, casino, gaming_day):
    # OPEN-03: a count line that is not a number is refused; the other lines stay typed.
    from tables import services as tables
    from tables.models import OpeningSheet
    from tests.reports.scenario import act, make_table, prep_checklists

    boss, sup = act(staff["pit_boss"], Role.PIT_BOSS), act(staff["supervisor"], Role.SUPERVISOR)
    session = tables.session_open(
        actor=boss,
        table=make_table(casino, sector, number=8),
        supervisor=staff["supervisor"],
        croupier=staff["croupier"],
    )
    prep_checklists(boss, sup, session)
    sheet = OpeningSheet.objects.get(session=session)
    lines = list(sheet.ordered_lines())
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    here = reverse("tables:opening", args=[sheet.pk])
    form = {"next": here, "part": "opening", "note": "contado dos veces"}
    for line in lines:
        form[f"stacks_{line.denomination_id}"] = "3"
        form[f"loose_{line.denomination_id}"] = "7"
    bad = f"stacks_{lines[0].denomination_id}"
    form[bad] = "tres"
    shown = page.post(reverse("tables:act", args=["count", sheet.pk]), form)
    assert shown.status_code == 400, top_messages(shown.content.decode())
    html = shown.content.decode()
    assert field_value(html, bad) == "tres"
    assert field_value(html, f"loose_{lines[0].denomination_id}") == "7"
    assert field_value(html, f"stacks_{lines[1].denomination_id}") == "3"
    assert field_value(html, "note") == "contado dos veces"
    assert not sheet.lines.filter(count__isnull=False).exists()


# --- cage: the table card, the slips, the drop ---------------------------------------------


def test_cage_buyin_refused_keeps_the_notes_and_names_the_amount(staff, in_play):
    # BUYIN-06, issue 13 §6: the confirm step (chips given) with an amount that is no number
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    shown = page.post(
        reverse("cage:buyin", args=[in_play.pk]),
        {
            "seat": "2",
            "player_name": "Lucía",
            "croupier": "croupier",
            "note-100": "3",
            "amount": "3OO",
            "chip-100.00": "3",
        },
    )
    assert shown.status_code == 400
    html = shown.content.decode()
    assert field_value(html, "amount") == "3OO"
    assert field_value(html, "player_name") == "Lucía"
    assert field_value(html, "note-100") == "3"
    assert selected(html, "b-seat") == "2"
    assert error_next_to(html, "amount").startswith("Importe: ")
    assert in_play.cage_transactions.count() == 3  # the three of the fixture, no more


def test_cage_change_refused_keeps_the_chips(staff, in_play):  # CHIP-06, issue 13 §6
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    shown = page.post(
        reverse("cage:change", args=[in_play.pk]),
        {"kind": "colour_change", "croupier": "croupier", "seat": "1", "in-100.00": "x"},
    )
    assert shown.status_code in (400, 409)
    html = shown.content.decode()
    assert field_value(html, "in-100.00") == "x"
    assert value_of(html, "c-seat") == "1"
    assert selected(html, "c-kind") == "colour_change"
    assert 'class="field-error"' in html


def test_slip_request_refused_keeps_the_lines(staff, in_play):  # FILL-01, issue 13 §6
    page = client_for(staff["pit_boss"], Role.PIT_BOSS)
    shown = page.post(
        reverse("cage:slip-request"),
        {"session": str(in_play.pk), "kind": "credit", "purpose": "play", "line-100.00": "-4"},
    )
    assert shown.status_code in (400, 409)
    html = shown.content.decode()
    assert field_value(html, "line-100.00") == "-4"
    assert selected(html, "s-kind") == "credit"
    assert 'class="field-error"' in html


def test_drop_count_refused_keeps_the_count(staff, in_play):  # DROP-02, issue 13 §6
    # Refused because the table is still in play: the form stays as counted and the
    # message at the top names what it is about (the session).
    page = client_for(staff["cage_cashier"], Role.CAGE_CASHIER)
    shown = page.post(
        reverse("cage:drop", args=[in_play.pk]), {"note-100": "15", "chip-5.00": "dos"}
    )
    assert shown.status_code in (400, 409)
    html = shown.content.decode()
    assert field_value(html, "note-100") == "15"
    assert field_value(html, "chip-5.00") == "dos"
    assert top_messages(html).count("Sesión de mesa: ") == 1


# --- floor: the buy-in panel ------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_floor_buyin_panel_refused_keeps_what_was_typed(staff, in_play, htmx):
    # BUYIN-06, issue 13 §6: without JavaScript the error's status; in place (htmx) 200,
    # because htmx swaps no 4xx answer
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    shown = page.post(
        reverse("floor:buyin", args=[in_play.pk]),
        {
            "seat": "2",
            "amount": "5OO",
            "player_name": "Marta",
            "croupier": "croupier",
            "source": "cash",
            "note-100": "5",
            "chip-100.00": "5",
            "override_reason": "cliente habitual",
        },
        **headers,
    )
    assert shown.status_code == (200 if htmx else 400)
    html = shown.content.decode()
    assert field_value(html, "amount") == "5OO"
    assert field_value(html, "player_name") == "Marta"
    assert field_value(html, "note-100") == "5"
    assert field_value(html, "override_reason") == "cliente habitual"
    assert error_next_to(html, "amount").startswith("Importe: ")
    assert in_play.cage_transactions.count() == 3
