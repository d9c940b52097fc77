"""Every control is a 48 × 48 px target at tablet width (issue 13 §9, docs/floor.md
"Touch, keyboard, offline").

At 1024 × 768 and 1280 × 800, as the supervisor and as the pit boss, the main pages are
opened and every visible ``a, button, input, select, summary`` is measured; a checkbox is
measured by its clickable label (``label > input[type=checkbox]``), which is what a finger
hits. The offenders are printed.

Exempt, and only these: a link inside a sentence (a paragraph or list item with text of
its own around the link): WCAG 2.5.8's inline exception — its size is set by the line
height of the text it sits in, and making it 48 px tall would break the sentence. A
visually hidden element (the skip link until focused, ``.sr-only``) has no box to tap.
"""

from __future__ import annotations

import pytest

from casino.roles import Role
from tests.helpers import PASSWORD

from .conftest import TABLET, login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL = {"width": 1024, "height": 768}
TAP = 48

MEASURE_JS = """
() => {
  const visible = (e) => {
    const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && e.checkVisibility();
  };
  const inSentence = (a) => {
    if (a.tagName !== 'A' || getComputedStyle(a).display !== 'inline') return false;
    const block = a.closest('p, li, dd, small, .lead, .detail');
    if (!block) return false;
    const own = block.textContent.replace(a.textContent, '').replace(/[\\s·—:,.()]/g, '');
    return own.length > 0;
  };
  const describe = (e) => {
    const text = (e.getAttribute('aria-label') || e.textContent || e.value || e.name || e.id || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 50);
    const where = [];
    for (let p = e.parentElement; p && where.length < 3; p = p.parentElement) {
      where.push(p.tagName.toLowerCase() + (p.className ? '.' + String(p.className).split(' ')[0] : ''));
    }
    return `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.name ? '[' + e.name + ']' : ''} "${text}" in ${where.join(' < ')}`;
  };
  const out = [];
  const seen = new Set();
  const targets = document.querySelectorAll('a, button, input, select, summary, textarea');
  for (const e of targets) {
    if (e.type === 'hidden') continue;
    let box = e;
    if (e.type === 'checkbox' || e.type === 'radio') {
      box = e.closest('label') || (e.id && document.querySelector(`label[for="${e.id}"]`)) || e;
    }
    if (seen.has(box) || !visible(box) || inSentence(box)) continue;
    seen.add(box);
    const r = box.getBoundingClientRect();
    if (r.width < %(tap)s - 0.5 || r.height < %(tap)s - 0.5) {
      out.push(`${describe(e)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
  }
  return out;
}
""".replace("%(tap)s", str(TAP))


@pytest.fixture
def floor(staff, casino, gaming_day, sector):
    """Table 7 in play with three players, a hand whose ruling proposes a sanction, a fill
    requested (slips to sign), a sanction in the ledger."""
    from cage import services as cage
    from casino.access import acting_as
    from hands import services as hands
    from tables import services as tables
    from tests.hands.conftest import showdown_hand
    from tests.reports.scenario import ready_for_hands

    sector.pit_bosses.add(staff["pit_boss"])
    session = ready_for_hands(staff, casino, sector, 7)
    data = showdown_hand()
    data["actions"].insert(
        3,
        {
            "action": "irregularity",
            "irregularity": {"kind": "conduct", "seat": 3, "conduct": "SANC-10d"},
        },
    )
    hand = hands.hand_log(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR), session=session, data=data
    )
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    cage.slip_request(actor=boss, session=session, kind="fill", lines=[("100", "10")])
    tables.sanction_impose(
        actor=boss,
        conduct_code="staff_disrespect",
        player_description="Asiento 3",
        session=session,
        hand_number=hand.number,
        level="warning",
    )
    return {"session": session, "hand": hand}


def pages(floor) -> dict[str, str]:  # type: ignore[no-untyped-def]
    session, hand = floor["session"], floor["hand"]
    return {
        "home": "/",
        "tables": "/floor/tables/",
        "table screen": f"/floor/tables/{session.table_id}/",
        "sheet": f"/tables/openings/{session.opening_sheet.pk}/",
        "slips": "/cage/slips/",
        "queue": "/floor/queue/",
        "sanctions": "/tables/sanctions/",
        "hand": f"/hands/{hand.pk}/",
        # the tables app's own pages, where the checkboxes are (checklists, pack boxes)
        "table page": f"/tables/{session.table_id}/",
        "pack": f"/tables/decks/{session.packs.first().pk}/",
    }


@pytest.mark.parametrize("viewport", [SMALL, TABLET], ids=["1024x768", "1280x800"])
@pytest.mark.parametrize("who", ["supervisor", "pit_boss"])
def test_every_control_is_at_least_48_px_square(browser, live_server, floor, who, viewport):
    context = browser.new_context(viewport=viewport, locale="es-AR", base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    offenders: dict[str, list[str]] = {}
    try:
        login(page, who, PASSWORD)
        for name, url in pages(floor).items():
            page.goto(url)
            page.wait_for_load_state()
            # what sits inside a closed <details> is measured once it is opened
            page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
            small = page.evaluate(MEASURE_JS)
            if small:
                offenders[f"{name} ({url})"] = small
    finally:
        context.close()
    report = "\n".join(
        f"{page_name}:\n  " + "\n  ".join(items) for page_name, items in offenders.items()
    )
    print(report)
    assert not offenders, f"controls under {TAP}×{TAP} px as {who}:\n{report}"
