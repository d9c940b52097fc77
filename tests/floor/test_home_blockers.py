"""Every role's home names what blocks the next step at its tables (issue 13 §7).

The items come from ``tables.inbox.next_step_blockers`` through ``casino.inbox``: a
pre-opening checklist not done (PREP-05), the two packs not issued or not inspected
(DECK-04, DECK-06), the count not recorded, a signature owed by someone else, and the
readiness conflicts of a table in play (``session_ready_for_play``). Each links to the
page where it is done, and only the people assigned to the table see it (issue 12 §1).
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from casino.roles import Role
from tests.reports.scenario import act, make_table, ready_for_hands

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _tasks(user: Any, role: Role) -> list[tuple[str, str]]:
    """The (text, href) of each item of the home's next tasks, as the page shows them."""
    page = client_for(user, role).get("/")
    assert page.status_code == 200
    body = page.content.decode()
    section = body.split('id="tasks-title"', 1)[1].split("</section>", 1)[0]
    return [
        (html.unescape(" ".join(text.split())), html.unescape(href))
        for href, text in re.findall(r'<a href="([^"]+)" class="task">([^<]+)</a>', section)
    ]


@pytest.fixture
def opening(staff, casino, gaming_day, sector):  # type: ignore[no-untyped-def]
    """Mesa 7 (sector P1) just opened: no checklist, no pack, nothing counted."""
    from tables import services as tables

    table = make_table(casino, sector, 7)
    return tables.session_open(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        table=table,
        supervisor=staff["supervisor"],
        croupier=staff["croupier"],
    )


def test_the_pit_boss_home_names_his_missing_checklist_and_links_to_it(staff, opening):
    # PREP-05: the pit boss's checklist blocks the opening count; his home says so.
    from tables import checklists
    from tables import services as tables

    tables.prep_checklist_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        session=opening,
        items=dict.fromkeys(checklists.SUPERVISOR_ITEMS, True),
    )
    tasks = _tasks(staff["pit_boss"], Role.PIT_BOSS)
    assert (
        "Complete su lista de control de apertura en Mesa 7",
        f"/tables/{opening.table_id}/#prep-title",
    ) in tasks, tasks
    # The supervisor, whose list is done, sees whom the table waits for.
    sup_tasks = _tasks(staff["supervisor"], Role.SUPERVISOR)
    assert any(
        t == "Mesa 7 espera la lista de control de apertura del jefe de sector"
        for t, _ in sup_tasks
    ), sup_tasks
    # The pit boss of no sector of this table sees none of it (issue 12 §1).
    assert not any("Mesa 7" in t for t, _ in _tasks(staff["pit_boss2"], Role.PIT_BOSS))
    # Done, the item goes.
    tables.prep_checklist_record(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        session=opening,
        items=dict.fromkeys(checklists.PIT_BOSS_ITEMS, True),
    )
    tasks = _tasks(staff["pit_boss"], Role.PIT_BOSS)
    assert not any("lista de control" in t for t, _ in tasks), tasks


def test_packs_missing_then_the_inspection_then_the_count(staff, casino, opening):
    # DECK-04, DECK-06: two packs issued and inspected before the table can play.
    from tables import checklists
    from tables import services as tables
    from tables.models import DeckStore, Pack, PackState

    boss, sup = act(staff["pit_boss"], Role.PIT_BOSS), act(staff["supervisor"], Role.SUPERVISOR)
    tables.prep_checklist_record(
        actor=boss, session=opening, items=dict.fromkeys(checklists.PIT_BOSS_ITEMS, True)
    )
    tables.prep_checklist_record(
        actor=sup, session=opening, items=dict.fromkeys(checklists.SUPERVISOR_ITEMS, True)
    )
    tasks = _tasks(staff["pit_boss"], Role.PIT_BOSS)
    assert ("Entregue dos mazos de colores distintos a Mesa 7", "/tables/decks/#packs-title") in (
        tasks
    ), tasks
    assert any(t.startswith("No hay mazos en depósito") for t, _ in tasks), tasks
    store = DeckStore.objects.create(casino=casino, code="SEG", name="Depósito")
    receipt = tables.deck_delivery_record(
        actor=act(staff["security"], Role.SECURITY),
        store=store,
        packs=[{"serial": "R7", "colour": "rojo"}, {"serial": "A7", "colour": "azul"}],
    )
    tables.deck_receipt_sign(actor=boss, receipt=receipt)
    for serial in ("R7", "A7"):
        tables.deck_move(
            actor=boss, pack=Pack.objects.get(serial=serial), to=PackState.ISSUED, session=opening
        )
    red = Pack.objects.get(serial="R7")
    sup_tasks = _tasks(staff["supervisor"], Role.SUPERVISOR)
    assert (
        "Inspeccione el mazo R7 con un testigo en Mesa 7",
        f"/tables/decks/{red.pk}/#inspect-title",  # the inspection's own form (issue 40)
    ) in sup_tasks, sup_tasks
    assert not any("Entregue" in t for t, _ in _tasks(staff["pit_boss"], Role.PIT_BOSS))
    # Nothing blocks the count now but the count itself: the supervisor is told to do it.
    sheet = opening.opening_sheet
    assert (
        "Registre el conteo de apertura de Mesa 7",
        f"/tables/openings/{sheet.pk}/#count-title",
    ) in sup_tasks, sup_tasks


def test_a_table_in_play_shows_its_readiness_conflict_to_its_people(
    staff, casino, gaming_day, sector
):
    # DECK-13 via session_ready_for_play: a damaged pack stops the next hand.
    from tables import services as tables
    from tables.models import Pack, PackState

    session = ready_for_hands(staff, casino, sector, 7)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    tables.deck_move(
        actor=sup,
        pack=Pack.objects.get(serial="R7"),
        to=PackState.DAMAGED,
        session=session,
        note="Carta marcada",
    )
    for user, role in ((staff["supervisor"], Role.SUPERVISOR), (staff["pit_boss"], Role.PIT_BOSS)):
        tasks = _tasks(user, role)
        assert any(
            t.startswith("Mesa 7: El mazo R7 tiene una carta dañada")
            and href == f"/floor/tables/{session.table_id}/#main"
            for t, href in tasks
        ), (role, tasks)
    # Another supervisor, not at this table, has no blocker of it (the casino-wide deck
    # alerts of ``tables.inbox.alerts`` are another provider's).
    others = _tasks(staff["supervisor2"], Role.SUPERVISOR)
    assert not any(href.startswith("/floor/tables/") for _t, href in others), others
