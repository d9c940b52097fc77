"""The drop is taken at the table, from the pot, beside the rake (issue 44 §1).

The engine takes the fund's drop at the settlement (docs/promotions.md "The drop"), so
the winner's stack in the record, on the table's screen and in the next hand is what is
really left after the dealer dropped the chips into the jackpot box; the fund's ledger
posts the figure the engine took (the stored verdict), never a second computation.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from hands import services as hands
from hands.models import Hand, HandSeat, LiveHand
from poker.promotions import Drop
from promotions import selectors, services
from promotions.models import EntryKind, FundEntry
from tests.hands.test_live_panel import HX, version
from tests.hands.test_pages import browser

from .conftest import BAD_BEAT, bad_beat_hand

pytestmark = pytest.mark.django_db
D = Decimal


def row_of(page: str, seat: int) -> str:
    """The hand page's row of one seat (seat, position, player, start, end, won)."""
    match = re.search(rf'<tr><th scope="row">{seat}</th>(.*?)</tr>', page, re.S)
    assert match is not None, page[:400]
    return match.group(1)


def test_the_live_hand_through_the_pages_leaves_the_winner_the_pot_after_rake_and_drop(
    fund, staff, ready_session
):  # HREC-02, RAKE-05, issue 44
    client = browser(staff["supervisor"], "supervisor")
    start = f"/hands/sessions/{ready_session.pk}/live/"
    form = {"button": "7"}
    for seat in (1, 3, 5, 7):
        form |= {f"in_{seat}": "1", f"name_{seat}": "", f"stack_{seat}": "500"}
    assert client.post(start, form).status_code == 302
    url = f"/hands/live/{LiveHand.objects.get().pk}/"
    body = client.get(url).content.decode()

    def tap(**fields: str) -> str:
        answer = client.post(url, {**fields, "version": version(body)}, **HX)
        assert answer.status_code == 200
        assert 'role="alert"' not in answer.content.decode(), answer.content.decode()[:600]
        return answer.content.decode()

    # Seats 5 and 7 fold, seat 1 (SB) raises to 20, seat 3 (BB) calls: a pot of 40.
    body = tap(op="act", seat="5", action="fold")
    body = tap(op="act", seat="7", action="fold")
    body = tap(op="act", seat="1", action="raise", amount="20")
    body = tap(op="act", seat="3", action="call")
    for cards in ("8d 8c 6d", "7d", "Kc"):
        body = tap(op="act", action="board", cards=cards)
        body = tap(op="act", seat="1", action="check")
        body = tap(op="act", seat="3", action="check")
    body = tap(op="act", seat="1", action="show", cards="8s 8h")
    body = tap(op="act", seat="3", action="show", cards="9d Td")
    body = tap(op="finish")
    hand = Hand.objects.get()
    assert hand.status == "valid" and "Válida" in body
    # The pot of 40.00: 1.00 of rake, 1.00 dropped into the jackpot box, 38.00 to seat 3.
    seat3 = HandSeat.objects.get(hand=hand, seat=3)
    assert (seat3.finishing_stack, seat3.won) == (D("518.00"), D("38.00"))
    assert (hand.rake, hand.verdict.drop) == (D("1.00"), D("1.00"))
    assert FundEntry.objects.get(hand=hand, kind=EntryKind.CONTRIBUTION).amount == D("1.00")
    # The hand's page: the drop beside the rake, and seat 3 ends with 518,00.
    page = client.get(f"/hands/{hand.pk}/").content.decode()
    assert "comisión 1,00 · aporte al jackpot 1,00" in page
    assert "518,00" in row_of(page, 3) and "519,00" not in page
    # The table's screen for the next hand proposes seat 3 with the chips really there.
    screen = client.get(start).content.decode()
    assert re.search(r'name="stack_3"[^>]*value="518(\.00|,00)?"', screen), re.findall(
        r'name="stack_3"[^>]*', screen
    )


def test_the_ledger_posts_the_engines_figure_not_a_second_computation(
    fund, manager, sup, ready_session
):  # issue 44: one owner for the drop
    hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    drop = FundEntry.objects.get(hand=hand, kind=EntryKind.CONTRIBUTION)
    assert drop.amount == hand.verdict.drop == D("1.00")
    # New rules in force later change nothing of a hand already taken: posting it again
    # is the same line, from its verdict.
    services.fund_rules_change(
        actor=manager,
        fund=fund,
        rules=replace(BAD_BEAT, drop=Drop(amount=300, min_pot=2000, flop_required=True)),
        reason="sube el aporte",
        effective_from=timezone.now() + timedelta(seconds=1),
    )
    assert services.drop_post_for_hand(sup, hand) == drop
    assert FundEntry.objects.filter(kind=EntryKind.CONTRIBUTION).count() == 1


def test_a_revision_reverses_its_originals_drop_and_posts_its_own(
    fund, sup, ready_session
):  # HREC-09, issue 44
    original = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    assert selectors.balance(fund) == D("5001.00")
    # Corrected while it is the last hand: seat 1 raised to 30, not 20 (a pot of 60).
    data = bad_beat_hand()
    data["actions"][2] = {"action": "raise", "seat": 1, "amount": "30"}
    revision = hands.hand_correct(actor=sup, hand=original, data=data, reason="era 30")
    assert revision.status == "valid"
    winner = HandSeat.objects.get(hand=revision, seat=3)
    assert winner.finishing_stack == D("500") - 30 + 60 - revision.rake - D("1.00")
    assert revision.verdict.drop == D("1.00")
    lines = list(selectors.ledger(fund).exclude(kind=EntryKind.SEED))
    assert [(e.kind, e.sign, e.amount, e.hand_id) for e in lines] == [
        (EntryKind.CONTRIBUTION, 1, D("1.00"), original.pk),
        (EntryKind.CORRECTION, -1, D("1.00"), None),
        (EntryKind.CONTRIBUTION, 1, D("1.00"), revision.pk),
    ]
    assert lines[1].corrects == lines[0]
    assert selectors.balance(fund) == D("5001.00")


def test_a_hand_with_a_drop_reads_its_tables_fund_and_rules_once(fund, sup, ready_session):
    """Issue 43: the engine's rules (``drop_rule_at``) and the drop's posting
    (``drop_post_for_hand``) share one reading of the fund the table offers and its rules
    in force, within the hand's transaction; the drop posted is the same."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    sql = [q["sql"] for q in ctx.captured_queries]
    assert sum('FROM "promotions_fundtable"' in q for q in sql) == 1, sql
    assert sum('FROM "promotions_fundrulesversion"' in q for q in sql) == 1, sql
    drop = FundEntry.objects.get(hand=hand, kind=EntryKind.CONTRIBUTION)
    assert drop.amount == hand.verdict.drop == D("1.00") and drop.fund_id == fund.pk
