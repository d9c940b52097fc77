"""The pot carried from a voided hand to the next hand of the session (IRREG-03, POT-09).

Two identical cards void the hand: every chip goes back except those of the player who
knew and still bet or raised (RUL-34); they stay for the next hand, as a separate pot
open only to the voided hand's players who are in it. The recorder keeps the carried
chips with the void hand's verdict (``HandVerdict.carry_out``) and puts them into the
next hand it logs (``record["carry_in"]``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from casino.access import acting_as
from casino.roles import Role
from hands import adapter, services
from hands.models import Hand, HandIrregularity
from tests.helpers import inspect_pack
from tests.tables.conftest import deliver

from .conftest import seats

pytestmark = pytest.mark.django_db
D = Decimal


def _codes(hand: Hand, severity: str = "error") -> list[str]:
    return list(hand.violation_rows.filter(severity=severity).values_list("code", flat=True))


def void_with_a_knowing_raiser() -> dict[str, Any]:
    """Seats 1, 3, 5 (button 5: SB 1, BB 3). Seat 5 raises to 30 and both blinds call;
    the flop shows a second ace of spades; seat 5 knew (IRREG-03)."""
    return {
        "button": 5,
        "seats": seats({1: 500, 3: 500, 5: 500}, {1: "QcQd", 3: "KcKd", 5: "AsAd"}),
        "actions": [
            {"action": "raise", "seat": 5, "amount": "30"},
            {"action": "call", "seat": 1},
            {"action": "call", "seat": 3},
            {"action": "board", "cards": "As7h2c"},
            {
                "action": "irregularity",
                "irregularity": {"kind": "duplicate_cards", "knowing_seats": [5]},
            },
        ],
    }


def replace_packs(session) -> None:  # type: ignore[no-untyped-def]
    """DECK-20: the duplicate card withdrew the pack in play; a new pack of its colour is
    delivered, issued, inspected and put in play before the next hand, as the floor does."""
    from casino.models import User
    from tables import services as tables_services
    from tables.models import DeckEvent, DeckStore, Pack, PackState

    staff = {u.username: u for u in User.objects.filter(casino=session.casino)}
    withdrawn = (
        DeckEvent.objects.filter(session=session, to_state=PackState.WITHDRAWN).latest("pk").pack
    )
    store = DeckStore.objects.filter(casino=session.casino).order_by("pk").first()
    n = Pack.objects.filter(casino=session.casino).count()
    (pack,) = deliver(staff, store, (f"N{n + 1}", withdrawn.colour))
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    tables_services.deck_move(actor=boss, pack=pack, to=PackState.ISSUED, session=session)
    inspect_pack(sup, pack)
    tables_services.deck_move(actor=sup, pack=pack, to=PackState.IN_PLAY)


def checked_down(stacks: dict[int, int], cards: dict[int, str], button: int = 5) -> dict:  # type: ignore[type-arg]
    """Everybody limps and checks to the showdown; everybody shows."""
    order = adapter.phh_order(stacks, button)
    preflop = [{"action": "call", "seat": s} for s in (*order[2:], order[0])]
    preflop.append({"action": "check", "seat": order[1]})
    post = [{"action": "check", "seat": s} for s in order]
    return {
        "button": button,
        "seats": seats(stacks, cards),
        "actions": [
            *preflop,
            {"action": "board", "cards": "2h7d9s"},
            *post,
            {"action": "board", "cards": "Jc"},
            *post,
            {"action": "board", "cards": "3s"},
            *post,
            *({"action": "show", "seat": s} for s in order),
        ],
    }


def test_irreg_03_the_void_hand_keeps_the_knowing_raisers_chips(sup, ready_session):
    # RUL-34: hand void, chips returned, except seat 5's 30: kept for the next hand.
    hand = services.hand_log(actor=sup, session=ready_session, data=void_with_a_knowing_raiser())
    assert hand.status == "void", _codes(hand)
    finishing = {s.seat: s.finishing_stack for s in hand.seats.all()}
    assert finishing == {1: D("500"), 3: D("500"), 5: D("470")}
    (carried,) = hand.verdict.carry_out
    assert carried["amount"] == "30.00"
    assert [e["seat"] for e in carried["eligible"]] == [1, 3, 5]
    irregularity = HandIrregularity.objects.get(hand=hand)
    assert irregularity.kind == "duplicate_cards" and "RUL-34" in irregularity.rule_ids
    assert "carry_over_pot" in irregularity.ruling["outcomes"]


def test_pot_09_the_next_hand_carries_the_pot_for_the_void_hands_players_only(sup, ready_session):
    # POT-09: seat 4 joins and holds the best hand: it wins the main pot, not the
    # carried 30, which goes to the best hand of seats 1, 3 and 5 (kings, seat 3).
    services.hand_log(actor=sup, session=ready_session, data=void_with_a_knowing_raiser())
    replace_packs(ready_session)
    stacks = {1: 500, 3: 500, 4: 500, 5: 470}
    cards = {1: "QhQs", 3: "KhKs", 4: "AhAc", 5: "5h5d"}
    hand = services.hand_log(actor=sup, session=ready_session, data=checked_down(stacks, cards))
    assert hand.status == "valid", _codes(hand)
    assert hand.record["carry_in"][0]["amount"] == "30.00"
    assert _codes(hand, "info") == ["CARRIED_POT"]
    main, carried = hand.verdict.pots
    assert main["winners"] == [4] and "carried" not in main
    assert (carried["amount"], carried["eligible"], carried["winners"], carried["carried"]) == (
        "30.00",
        [1, 3, 5],
        [3],
        True,
    )
    assert carried["rake"] == "0.00" and hand.rake == D("1.00")  # 3 % of the 40 only
    finishing = {s.seat: s.finishing_stack for s in hand.seats.all()}
    assert finishing == {1: D("490"), 3: D("520"), 4: D("529"), 5: D("460")}
    # Chips are conserved: 1,970 started + 30 carried in = 1,999 finishing + 1 rake.
    assert sum(finishing.values()) + hand.rake == sum(stacks.values()) + 30
    assert hand.verdict.carry_out == []
    third = services.hand_log(
        actor=sup,
        session=ready_session,
        data=checked_down({1: 490, 3: 520, 4: 529, 5: 460}, cards, button=1),
    )
    assert "carry_in" not in third.record  # paid out once, never again
    assert all(not p.get("carried") for p in third.verdict.pots)


def test_pot_09_with_nobody_eligible_left_the_pot_waits_for_the_next_hand(sup, ready_session):
    # POT-09: seat 4 (not in the void hand) raises and everybody folds: the carried 30 is
    # carried on; in the hand after, seat 1 (eligible) wins it.
    services.hand_log(actor=sup, session=ready_session, data=void_with_a_knowing_raiser())
    replace_packs(ready_session)
    folded = {
        "button": 5,
        "seats": seats({1: 500, 3: 500, 4: 500, 5: 470}),
        "actions": [
            {"action": "raise", "seat": 4, "amount": "30"},
            {"action": "fold", "seat": 5},
            {"action": "fold", "seat": 1},
            {"action": "fold", "seat": 3},
        ],
    }
    second = services.hand_log(actor=sup, session=ready_session, data=folded)
    assert second.status == "valid", _codes(second)
    assert [p.get("carried", False) for p in second.verdict.pots] == [False]
    (waiting,) = second.verdict.carry_out
    assert waiting["amount"] == "30.00" and [e["seat"] for e in waiting["eligible"]] == [1, 3, 5]
    stacks = {1: 495, 3: 490, 4: 515, 5: 470}
    cards = {1: "AhAc", 3: "KhKs", 4: "QhQs", 5: "5h5d"}
    third = services.hand_log(
        actor=sup, session=ready_session, data=checked_down(stacks, cards, button=1)
    )
    assert third.status == "valid", _codes(third)
    carried = third.verdict.pots[-1]
    assert carried["carried"] and carried["winners"] == [1] and carried["amount"] == "30.00"


def test_pot_09_a_new_player_in_an_eligible_seat_is_not_eligible(sup, ready_session):
    # POT-09: eligibility follows the players, not the seats: Beto now sits in seat 1.
    data = void_with_a_knowing_raiser()
    for s in data["seats"]:
        s["name"] = {1: "Ana", 3: "Carla", 5: "Dario"}[s["seat"]]
    services.hand_log(actor=sup, session=ready_session, data=data)
    replace_packs(ready_session)
    stacks = {1: 500, 3: 500, 5: 470}
    nxt = checked_down(stacks, {1: "AhAc", 3: "KhKs", 5: "5h5d"})
    for s in nxt["seats"]:
        s["name"] = {1: "Beto", 3: "Carla", 5: "Dario"}[s["seat"]]
    hand = services.hand_log(actor=sup, session=ready_session, data=nxt)
    carried = hand.verdict.pots[-1]
    assert carried["carried"] and carried["eligible"] == [3, 5] and carried["winners"] == [3]


def test_a_declared_carry_that_differs_from_the_books_is_a_warning(sup, ready_session):
    # POT-09: the books decide what is carried; a different declaration is flagged.
    services.hand_log(actor=sup, session=ready_session, data=void_with_a_knowing_raiser())
    replace_packs(ready_session)
    nxt = checked_down({1: 500, 3: 500, 5: 470}, {1: "AhAc", 3: "KhKs", 5: "5h5d"})
    nxt["carry_in"] = [{"amount": "50.00", "eligible": [1, 3, 5]}]
    hand = services.hand_log(actor=sup, session=ready_session, data=nxt)
    assert _codes(hand, "warning") == ["CARRY_IN_MISMATCH"]
    assert hand.record["carry_in"][0]["amount"] == "30.00"
    assert hand.status == "valid", _codes(hand)


def test_void_forfeits_through_the_api_and_the_carried_pot_in_the_answer(staff, api, ready_session):
    # IRREG-03 through the API: a void action naming the seat that knew.
    client = api(staff["supervisor"], Role.SUPERVISOR)
    data = void_with_a_knowing_raiser()
    data["actions"][-1] = {"action": "void", "reason": "duplicate_card", "forfeits": [5]}
    first = client.post("/api/hands/", {"session": ready_session.pk, **data}, format="json")
    assert first.status_code == 201, first.json()
    body = first.json()
    assert body["status"] == "void"
    assert body["verdict"]["carry_out"] == [
        {
            "amount": "30.00",
            "eligible": [
                {"seat": 1, "player": None, "name": ""},
                {"seat": 3, "player": None, "name": ""},
                {"seat": 5, "player": None, "name": ""},
            ],
        }
    ]
    replace_packs(ready_session)
    nxt = checked_down({1: 500, 3: 500, 5: 470}, {1: "AhAc", 3: "KhKs", 5: "5h5d"})
    second = client.post("/api/hands/", {"session": ready_session.pk, **nxt}, format="json")
    assert second.status_code == 201, second.json()
    pots = second.json()["verdict"]["pots"]
    assert [p["carried"] for p in pots] == [False, True]
    assert pots[1]["winners"] == [1] and pots[1]["shares"] == ["30.00"]
    bad = data | {
        "actions": [
            *data["actions"][:-1],
            {"action": "void", "reason": "duplicate_card", "forfeits": [8]},
        ]
    }
    refused = client.post("/api/hands/", {"session": ready_session.pk, **bad}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "SEAT_NOT_IN_HAND"


def test_the_carry_survives_phh_export_and_import_and_revalidation(
    staff, sup, ready_session, other_session
):
    # POT-09, IRREG-03: export then import gives the same carried pot; re-validation of
    # the stored hands finds no difference.
    services.hand_log(actor=sup, session=ready_session, data=void_with_a_knowing_raiser())
    replace_packs(ready_session)
    stacks = {1: 500, 3: 500, 5: 470}
    services.hand_log(
        actor=sup,
        session=ready_session,
        data=checked_down(stacks, {1: "AhAc", 3: "KhKs", 5: "5h5d"}),
    )
    hands = list(Hand.objects.filter(session=ready_session).order_by("number"))
    items = [
        (
            h.record,
            adapter.rules_for(
                h.settings, chip_unit=h.chip_unit, structure=h.structure, at=h.started_at
            ),
            {"number": h.number},
        )
        for h in hands
    ]
    text = adapter.phh_export(items)
    assert "_forfeits" in text and "_carry_in = [30.00]" in text
    job = services.hands_import(actor=sup, session=other_session, content=text)
    assert (job.stored, job.void, job.valid) == (2, 1, 1), services.import_summary(job)
    imported = list(Hand.objects.filter(session=other_session).order_by("number"))
    assert imported[0].verdict.carry_out[0]["amount"] == "30.00"
    again = imported[1]
    assert _codes(again, "warning") == [] and again.verdict.pots[-1]["winners"] == [1]
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    day = ready_session.gaming_day.business_date
    run = services.revalidation_create(actor=manager, date_from=day, date_to=day, enqueue=False)
    run = services.revalidation_run(run.pk)
    assert run.processed == 4 and run.differences_count == 0


def test_a_live_hand_shows_the_carried_pot_and_stores_it(staff, api, sup, ready_session):
    # POT-09 while logging live (BET-24): the carried pot is listed from the first riffle.
    services.hand_log(actor=sup, session=ready_session, data=void_with_a_knowing_raiser())
    replace_packs(ready_session)
    client = api(staff["croupier"])
    start = client.post(
        "/api/hands/live/",
        {"session": ready_session.pk, "button": 5, "seats": seats({1: 500, 3: 500, 5: 470})},
        format="json",
    )
    assert start.status_code == 201, start.json()
    assert start.json()["pots"][-1] == {"amount": "30.00", "eligible": [1, 3, 5]}
    live_id = start.json()["id"]
    version = start.json()["version"]  # sent back with each change (issue 38 §1)
    for seat in (5, 1):
        state = client.post(
            f"/api/hands/live/{live_id}/actions/",
            {"action": "fold", "seat": seat, "version": version},
            format="json",
        )
        version = state.json()["version"]
    done = client.post(f"/api/hands/live/{live_id}/finish/", {"version": version}, format="json")
    assert done.status_code == 200, done.json()
    hand = Hand.objects.get(pk=done.json()["id"])
    assert hand.status == "valid", _codes(hand)
    assert _codes(hand, "warning") == []  # the live record's carry is the books'
    carried = hand.verdict.pots[-1]
    assert carried["carried"] and carried["winners"] == [3]  # the big blind, eligible
