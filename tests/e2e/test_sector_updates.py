"""The pit boss sees the sector move without reloading (issue 13 §8), in a real browser.

The pit boss's tables page or signing queue is open; another user submits an opening
sheet for signature (through the services, as his own terminal would); within the poll interval (``MESA_POLL_SECONDS``, 1 s under test) the tile and the
queue show it, the page not reloaded (a marker set in the page survives), and the
CSP reports nothing (the poll's pause is a static script, no eval).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from casino.roles import Role
from tests.helpers import PASSWORD

from .conftest import login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def in_play(staff, casino, gaming_day, sector, settings):  # type: ignore[no-untyped-def]
    from tests.reports.scenario import ready_for_hands

    settings.MESA_POLL_SECONDS = 1
    sector.pit_bosses.add(staff["pit_boss"])
    return ready_for_hands(staff, casino, sector, 7)  # seats 1, 3 and 5 bought in


def _watch_csp(page):  # type: ignore[no-untyped-def]
    refused: list[str] = []
    page.on(
        "console",
        lambda msg: (
            refused.append(msg.text)
            if "Content Security Policy" in msg.text or msg.text.startswith("Refused to")
            else None
        ),
    )
    return refused


def submit_opening_sheet(  # type: ignore[no-untyped-def]
    staff, casino, sector, number: int, *, short: bool = False, croupier=None, pin="5678"
):
    """Another table's opening, counted and signed by croupier and supervisor on the
    supervisor's terminal: it now waits for the pit boss (OPEN-12). With ``short``, one
    chip of the smallest value is missing and the count stops at a difference the pit
    boss acknowledges with a note (OPEN-10)."""
    from tables import checklists
    from tables import services as tables
    from tables.models import OpeningSheet
    from tests.reports.scenario import act, make_table

    pit, sup = act(staff["pit_boss"], Role.PIT_BOSS), act(staff["supervisor"], Role.SUPERVISOR)
    session = tables.session_open(
        actor=pit,
        table=make_table(casino, sector, number),
        supervisor=staff["supervisor"],
        croupier=croupier or staff["croupier2"],
    )
    tables.prep_checklist_record(
        actor=pit, session=session, items=dict.fromkeys(checklists.PIT_BOSS_ITEMS, True)
    )
    tables.prep_checklist_record(
        actor=sup, session=session, items=dict.fromkeys(checklists.SUPERVISOR_ITEMS, True)
    )
    sheet = OpeningSheet.objects.get(session=session)
    lines = [
        {
            "denomination": x.denomination_id,
            "stacks": x.expected_count // 20,
            "loose": x.expected_count % 20,
        }
        for x in sheet.ordered_lines()
    ]
    if short:
        last = lines[-1]
        last["stacks"], last["loose"] = last["stacks"] - 1, last["loose"] + 19
    tables.opening_count_record(actor=sup, sheet=sheet, lines=lines)
    if short:
        return sheet
    tables.opening_sign(
        actor=sup, sheet=sheet, role=Role.CROUPIER, signer=croupier or staff["croupier2"], pin=pin
    )
    tables.opening_sign(actor=sup, sheet=sheet, role=Role.SUPERVISOR)
    return sheet


def test_the_tiles_show_a_sheet_waiting_without_reload(page, staff, casino, sector, in_play):
    refused = _watch_csp(page)
    login(page, "pit_boss", PASSWORD)
    page.goto("/floor/tables/")
    expect(page.locator(f"#tile-{in_play.table_id}")).to_be_visible()
    page.evaluate("window.__notReloaded = true")
    sheet = submit_opening_sheet(staff, casino, sector, 8)
    tile = page.locator(f"#tile-{sheet.table_id}").locator("xpath=..")
    expect(tile).to_contain_text(f"Sin firmar: Planilla de apertura {sheet.serial}", timeout=6_000)
    expect(page.locator("#sector-live .lead")).to_contain_text("mesas con alertas: 1")
    assert page.evaluate("window.__notReloaded === true")
    assert refused == []


def test_the_queue_shows_a_sheet_submitted_for_signature(page, staff, casino, sector, in_play):
    # OPEN-12: the opening sheet of Mesa 8, counted and signed by croupier and
    # supervisor, reaches the pit boss's open queue.
    refused = _watch_csp(page)
    login(page, "pit_boss", PASSWORD)
    page.goto("/floor/queue/")
    expect(page.locator("#queue-live")).to_be_visible()
    page.evaluate("window.__notReloaded = true")
    sheet = submit_opening_sheet(staff, casino, sector, 8)
    item = page.locator(f"#q-opening-{sheet.pk}")
    expect(item).to_contain_text(sheet.serial, timeout=6_000)
    assert page.evaluate("window.__notReloaded === true")
    # Signed in place from the refreshed list, as before.
    item.get_by_role("button", name="Firmar como Jefe de sector").click()
    expect(page.locator(f"#q-opening-{sheet.pk}")).to_contain_text("Firmada y cerrada")
    # The outcome stays while the list would have been polled three times (poll.js holds
    # the poll after an action done in place).
    page.wait_for_timeout(3_000)
    expect(page.locator(f"#q-opening-{sheet.pk}")).to_contain_text("Firmada y cerrada")
    assert refused == []


def test_a_note_being_typed_in_the_queue_is_not_lost(page, staff, casino, sector, in_play):
    # OPEN-10: the pit boss types his note on a difference; meanwhile another sheet
    # arrives. The list is not redrawn under his fingers; once the note is sent, it is.
    from tables.models import Discrepancy
    from tests.helpers import make_staff

    login(page, "pit_boss", PASSWORD)
    first = submit_opening_sheet(staff, casino, sector, 8, short=True)
    disc = Discrepancy.objects.get(sheet=first)
    page.goto("/floor/queue/")
    note = page.locator(f"#n-q-discrepancy-{disc.pk}")
    note.fill("Falta una ficha de 1, recontada")
    page.evaluate("window.__notReloaded = true")
    croupier3 = make_staff(casino, "croupier3", Role.CROUPIER, pin="2468")
    second = submit_opening_sheet(staff, casino, sector, 9, croupier=croupier3, pin="2468")
    page.wait_for_timeout(3_000)  # three poll intervals
    expect(note).to_have_value("Falta una ficha de 1, recontada")
    expect(page.locator(f"#q-opening-{second.pk}")).to_have_count(0)
    # The note sent (in place), the list catches up once the outcome has been shown.
    page.locator(f"#q-discrepancy-{disc.pk}").get_by_role("button", name="Reconocer").click()
    expect(page.locator(f"#q-discrepancy-{disc.pk}")).to_contain_text("✓")
    assert page.evaluate("window.__notReloaded === true")
