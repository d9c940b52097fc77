"""Forms mean what the person ticked (issue 13 §2): every checkbox on every page.

A browser sends a ticked box as ``name=value`` and an unticked one not at all. The
list of boxes is read from the templates, so a new checkbox without a case here fails
``test_every_checkbox_of_the_templates_has_a_case``; each case posts its form as a
browser does with the box unticked (the key absent) and checks the record says false.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.urls import reverse

from casino.access import acting_as
from casino.roles import Role
from hands import services as hands
from hands.models import HandIrregularity, LiveHand
from tables import services as tables
from tables.checklists import CLOSING_ITEMS, PIT_BOSS_ITEMS
from tables.models import DeckStore, Pack, PackState, SanctionEntry, SanctionLevel, TableSession
from tests.hands.conftest import showdown_hand

from .conftest import client_for

pytestmark = pytest.mark.django_db
P = PackState
TEMPLATES = Path(settings.BASE_DIR) / "templates"
CHECKBOX = re.compile(r"<input\b[^>]*\btype=\"checkbox\"[^>]*>", re.S)


def template_checkboxes() -> set[tuple[str, str]]:
    """(template, name) of every checkbox; ``{{ … }}`` in a name reads as ``*``."""
    found = set()
    for path in sorted(TEMPLATES.rglob("*.html")):
        for tag in CHECKBOX.findall(path.read_text(encoding="utf-8")):
            name = re.search(r'\bname="([^"]+)"', tag)
            assert name, f"{path}: a checkbox without a name sends nothing at all: {tag}"
            key = re.sub(r"\{\{.*?\}\}", "*", name.group(1))
            found.add((str(path.relative_to(TEMPLATES)), key))
    return found


# --- the cases: each posts its form with the box unticked ---------------------------------

Case = Callable[[dict[str, Any], Any, TableSession], None]
CASES: dict[tuple[str, str], Case] = {}


def case(*keys: tuple[str, str]) -> Callable[[Case], Case]:
    def register(fn: Case) -> Case:
        for key in keys:
            CASES[key] = fn
        return fn

    return register


def post(staff: dict[str, Any], who: str, url: str, form: dict[str, Any]) -> Any:
    return client_for(staff[who], Role(who)).post(url, form)


def packs_of(session: TableSession) -> tuple[Pack, Pack]:
    packs = Pack.objects.filter(session=session)
    return packs.get(state=P.IN_PLAY), packs.get(state=P.RESERVE)


@case(("tables/table.html", "outgoing_complete"), ("floor/table.html", "outgoing_complete"))
def _rotate(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # DECK-10: the outgoing pack not declared complete is withdrawn, never rested
    red, blue = packs_of(session)
    post(
        staff,
        "supervisor",
        reverse("tables:act", args=["rotate", session.pk]),
        {
            "incoming_pack": blue.pk,
        },
    )
    red.refresh_from_db()
    blue.refresh_from_db()
    assert (red.state, blue.state) == (P.WITHDRAWN, P.IN_PLAY)


@case(
    ("tables/table.html", "outgoing_pack_complete"), ("rota/detail.html", "outgoing_pack_complete")
)
def _dealer_change(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # DECK-09, DECK-10: at a dealer change the pack going out, unticked, is withdrawn
    red, blue = packs_of(session)
    post(
        staff,
        "supervisor",
        reverse("tables:act", args=["dealer-change", session.pk]),
        {
            "incoming": "croupier2",
            "incoming_pack": blue.pk,
            "handover_note": "",
        },
    )
    red.refresh_from_db()
    assert red.state == P.WITHDRAWN
    assert session.dealer_changes.filter(incoming=staff["croupier2"]).count() == 1


@case(("tables/table.html", "float_locked"))
def _suspend(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # OPEN-16, DECK-12: the pit boss suspends only with the float locked; unticked = not
    post(
        staff,
        "pit_boss",
        reverse("tables:act", args=["suspend", session.pk]),
        {
            "reason": "Corte de luz",
            "cards_handed_to": "pit_boss",
        },
    )
    session.refresh_from_db()
    assert session.status == TableSession.Status.IN_PLAY


@case(("tables/table.html", "item_*"))
def _checklists(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # PREP-02, CLOSE-02: a checklist with one point unticked is not complete
    opening = _other_table(staff, casino, session)
    first, *rest = PIT_BOSS_ITEMS
    post(
        staff,
        "pit_boss",
        reverse("tables:act", args=["checklist", opening.pk]),
        {
            **{f"item_{key}": "on" for key in rest},
            "note": "",
        },
    )
    assert not opening.events.filter(kind="prep_pit_boss").exists()
    tables.session_announce_last_hand(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR), session=session, last_hand_number=0
    )
    tables.closing_start(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=session,
        security_officer=staff["security"],
    )
    first, *rest = CLOSING_ITEMS
    post(
        staff,
        "supervisor",
        reverse("tables:act", args=["closing-checklist", session.pk]),
        {
            **{f"item_{key}": "on" for key in rest},
            "note": "",
        },
    )
    assert not session.events.filter(kind__startswith="closing_check").exists()


def _other_table(staff: dict[str, Any], casino: Any, session: TableSession) -> TableSession:
    """Table 9 at its opening, croupier2 dealing: no pack at the table yet."""
    from tests.reports.scenario import make_table

    return tables.session_open(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        table=make_table(casino, session.table.sector, number=9),
        supervisor=staff["supervisor"],
        croupier=staff["croupier2"],
    )


@case(("tables/pack.html", "face_up_ok"), ("tables/pack.html", "face_down_ok"))
def _inspection(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # DECK-06, DECK-07: a face not checked is not an inspected pack
    opening = _other_table(staff, casino, session)
    receipt = tables.deck_delivery_record(
        actor=acting_as(staff["security"], Role.SECURITY),
        store=DeckStore.objects.get(casino=casino, code="SEG"),
        packs=[{"serial": "V1", "colour": "verde"}],
    )
    tables.deck_receipt_sign(actor=acting_as(staff["pit_boss"], Role.PIT_BOSS), receipt=receipt)
    pack = Pack.objects.get(serial="V1")
    tables.deck_move(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS), pack=pack, to=P.ISSUED, session=opening
    )
    for ticked in ("face_up_ok", "face_down_ok"):
        post(
            staff,
            "supervisor",
            reverse("tables:act", args=["move", pack.pk]),
            {
                "to": P.INSPECTED,
                "session": opening.pk,
                "with_user": "croupier2",
                ticked: "on",  # the other box unticked
                "complete": "on",
                "note": "",
            },
        )
        pack.refresh_from_db()
        assert pack.state == P.ISSUED


@case(("tables/pack.html", "complete"))
def _rest(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # DECK-10: resting a pack not declared complete is refused
    red, _blue = packs_of(session)
    post(
        staff,
        "supervisor",
        reverse("tables:act", args=["move", red.pk]),
        {
            "to": P.RESTED,
            "session": session.pk,
            "face_up_ok": "on",
            "face_down_ok": "on",
        },
    )
    red.refresh_from_db()
    assert red.state == P.IN_PLAY


@case(("tables/_sanction_fields.html", "immediate"))
def _sanction(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # SANC-09: an unticked "immediate removal" is a sanction from the next hand, even with
    # a reason typed in the field beside it
    post(
        staff,
        "pit_boss",
        reverse("tables:act", args=["impose", 0]),
        {
            "conduct": "disruptive",
            "player_description": "Asiento 3",
            "session": session.pk,
            "level": SanctionLevel.WARNING,
            "immediate_reason": "lo pensé, pero no",
            "reason": "",
        },
    )
    entry = SanctionEntry.objects.get()
    assert entry.immediate is False


@case(("hands/list.html", "unresolved"))
def _hand_list(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # HREC-12: the filter "only invalid hands not yet reviewed" unticked lists every hand
    hand = hands.hand_log(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR), session=session, data=showdown_hand()
    )
    page = client_for(staff["pit_boss"], Role.PIT_BOSS)
    link = reverse("hands:detail", args=[hand.pk])
    assert link in page.get(reverse("hands:list"), {"table": ""}).content.decode()
    assert link not in page.get(reverse("hands:list"), {"unresolved": "1"}).content.decode()


@case(("hands/detail.html", "first_or_second_card"))
def _raise_irregularity(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # HREC-10, MISDEAL-02: a card exposed by the dealer, "among the first two dealt" unticked,
    # is one exposed card (replaced by the burn card), not a misdeal
    data = showdown_hand()
    data["result"] = {"rake": "2.00"}  # invalid (the engine computes 1.00): a correction is due
    hand = hands.hand_log(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR), session=session, data=data
    )
    post(
        staff,
        "supervisor",
        reverse("hands:resolve", args=[hand.pk]),
        {
            "op": "irregularity",
            "kind": "dealer_exposed_card",
            "seat": "3",
            "at": "0",
            "override_reason": "",
            "reason": "Carta expuesta por el croupier",
        },
    )
    irregularity = HandIrregularity.objects.get(hand__correction_entry__original=hand)
    assert irregularity.facts.get("first_or_second_card", False) is False
    assert irregularity.outcome == "replace_card_with_burn"


@case(("hands/live_start.html", "in_*"))
def _live_start(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # HREC-08: a seat left unticked is not dealt in
    post(
        staff,
        "supervisor",
        reverse("hands:live_start", args=[session.pk]),
        {
            "button": "1",
            "dealer": "",
            **{f"name_{s}": f"Jugador {s}" for s in (1, 3, 5)},
            **{f"stack_{s}": "500" for s in (1, 3, 5)},
            "in_1": "1",
            "in_3": "1",
        },
    )
    live = LiveHand.objects.get(session=session)
    assert sorted(s["seat"] for s in live.record["seats"]) == [1, 3]


@case(("hands/_live_panel.html", "force"))
def _force(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # HREC-05: without the box ticked an action the engine finds illegal is not recorded
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    live = hands.live_hand_start(
        actor=sup,
        session=session,
        data={"button": 1, "seats": [{"seat": s, "stack": "500"} for s in (1, 3)]},
    )
    # heads-up, the button (seat 1) is the small blind and faces the big blind: no check
    post(
        staff,
        "supervisor",
        reverse("hands:live", args=[live.pk]),
        {
            "op": "act",
            "action": "check",
            "seat": "1",
            "version": "0",  # the hand as the page showed it (issue 38 §1)
        },
    )
    live.refresh_from_db()
    assert live.record["actions"] == []


@case(("tournaments/moves.html", "chips_visible"))
def _tournament_move(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # TOUR-05: a dealer who does not tick "chips in view" confirms a move without them
    from tests.tournaments.conftest import World, make_chips, new_tournament
    from tournaments import selectors as tournament_selectors
    from tournaments import services as tournament_services
    from tournaments.models import MoveConfirmation

    world = World(casino, staff, session.gaming_day, make_chips(casino))
    world.tables(11, 12)
    t = new_tournament(world)
    for p in world.players(14):
        tournament_services.entry_register(actor=world.cash, tournament=t, player=p)
    tournament_services.draw_initial(actor=world.sup, tournament=t, tables=[11, 12])
    tournament_services.clock_record(actor=world.sup, tournament=t, kind="start")
    seats = tournament_selectors.seating(t).seats.values()
    for info in [i for i in seats if i.tt.table.number == 11][:3]:
        tournament_services.elimination_record(actor=world.sup, tournament=t, entry=info.entry)
    plan = tournament_selectors.balance_plan(t)
    draw = tournament_services.balance_confirm(actor=world.sup, tournament=t, version=plan.version)
    move = draw.moves.get()
    post(
        staff,
        "supervisor",
        reverse("tournaments:act", args=[t.pk, "confirm"]),
        {
            "move": move.pk,
            "side": "to",
            "croupier": world.croupiers[move.to_table].username,
            "pin": "4321",
        },
    )
    assert MoveConfirmation.objects.get(move=move).chips_visible is False


@case(("hands/_live_panel.html", "seats"))
def _award_seats(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # SHOW-14, issue 38 §2: a pot's award with no seat ticked names nobody: nothing recorded
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    live = hands.live_hand_start(
        actor=sup,
        session=session,
        data={"button": 1, "seats": [{"seat": s, "stack": "500"} for s in (1, 3)]},
    )
    steps = [{"action": "call", "seat": 1}, {"action": "check", "seat": 3}]
    for cards in ("2h7d9s", "Jc", "3s"):
        steps += [{"action": "board", "cards": cards}]
        steps += [{"action": "check", "seat": 3}, {"action": "check", "seat": 1}]
    steps += [{"action": "show", "seat": 3}, {"action": "show", "seat": 1}]
    for step in steps:
        hands.live_hand_act(actor=sup, live=live, action=step)
    live.refresh_from_db()
    post(
        staff,
        "supervisor",
        reverse("hands:live", args=[live.pk]),
        {
            "op": "act",
            "action": "award",
            "pot": "0",
            "reason": "unreadable",
            "version": str(live.version),
        },
    )
    live.refresh_from_db()
    assert live.record["actions"][-1]["action"] == "show"


@case(("rota/plan.html", "croupiers"), ("rota/plan.html", "tables"))
def _rota_nobody_ticked(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # Issue 44 §3: a rota with no croupier and no table ticked plans nobody: refused, no plan
    from django.utils import timezone

    from rota.models import RotaPlan

    now = timezone.localtime()
    response = post(
        staff,
        "pit_boss",
        reverse("rota:plan"),
        {
            "starts_at": now.strftime("%H:%M"),
            "ends_at": (now + timedelta(hours=8)).strftime("%H:%M"),
            "on_minutes": "30",
            "off_minutes": "15",
            "late_after_minutes": "5",
        },
    )
    assert response.status_code in (400, 409), response.status_code
    assert not RotaPlan.objects.exists()


@case(("rota/croupiers.html", "games"))
def _croupier_games_none_ticked(staff: dict[str, Any], casino: Any, session: TableSession) -> None:
    # Issue 44 §3: a croupier's games with no box ticked are no games: refused (the games
    # form sends only ticked boxes), nothing recorded
    from rota.models import CroupierGames

    response = post(
        staff,
        "shift_manager",
        reverse("rota:croupier-games", args=[staff["croupier"].pk]),
        {"reason": "prueba"},
    )
    assert response.status_code in (302, 400, 409), response.status_code
    assert not CroupierGames.objects.exists()


# --- the tests -----------------------------------------------------------------------------


def test_every_checkbox_of_the_templates_has_a_case():
    found = template_checkboxes()
    assert found, "no checkbox found: is the template directory right?"
    missing = sorted(found - set(CASES))
    stale = sorted(set(CASES) - found)
    assert not missing, f"checkboxes without an unticked case in this file: {missing}"
    assert not stale, f"cases for checkboxes no template has any more: {stale}"


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[0]}:{k[1]}")
def test_an_unticked_box_is_read_as_false(key, staff, casino, in_play):
    CASES[key](staff, casino, in_play)
