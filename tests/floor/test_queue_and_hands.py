"""The pit boss's queue acts in place on each kind of document (issue 8 §2); the hand being
logged offers the engine's options and shows the ruling of an irregularity (issue 8 §1);
a new hand starts filled in from the seating plan and the cage's buy-ins (HREC-08)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from cage import services as cage
from cage.models import SlipVoid, TableTransaction
from cage.selectors import slip_number_label
from casino.models import AuditEvent
from casino.roles import Role
from floor.selectors import signing_queue
from hands import services as hands
from hands.models import Hand, HandReview, LiveHand
from hands.presenters import hand_start_rows
from tables import services as tables
from tables.models import Discrepancy, OpeningSheet
from tests.reports.scenario import make_table, prep_checklists, showdown

from .conftest import act

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def test_count_difference_acknowledged_in_place(staff, casino, gaming_day, sector, clients):
    """OPEN-10: a difference at the opening waits for the pit boss's note, in the queue."""
    boss, sup = act(staff["pit_boss"], Role.PIT_BOSS), act(staff["supervisor"], Role.SUPERVISOR)
    table = make_table(casino, sector, number=4)
    session = tables.session_open(
        actor=boss, table=table, supervisor=staff["supervisor"], croupier=staff["croupier"]
    )
    prep_checklists(boss, sup, session)
    sheet = OpeningSheet.objects.get(session=session)
    lines = []
    for x in sheet.ordered_lines():
        chips = x.expected_count - (1 if x.value == 100 else 0)  # one black chip short
        lines.append(
            {"denomination": x.denomination_id, "stacks": chips // 20, "loose": chips % 20}
        )
    tables.opening_count_record(actor=sup, sheet=sheet, lines=lines)
    disc = Discrepancy.objects.get(sheet=sheet)
    pit = clients("pit_boss")
    html = pit.get(reverse("floor:queue")).content.decode()
    assert f'id="q-discrepancy-{disc.pk}"' in html and "Diferencia de conteo: -1 fichas" in html
    url = reverse("floor:queue-act", args=["discrepancy", disc.pk])
    dom_id = f"q-discrepancy-{disc.pk}"
    # Without a note the service refuses: the item shows why, nothing is written.
    before = AuditEvent.objects.count()
    refused = pit.post(url, {"dom_id": dom_id, "note": ""}, **HX).content.decode()
    assert 'role="alert"' in refused and f'id="{dom_id}"' in refused
    assert AuditEvent.objects.count() == before
    done = pit.post(url, {"dom_id": dom_id, "note": "una negra menos"}, **HX).content.decode()
    assert "Diferencia reconocida." in done
    disc.refresh_from_db()
    assert disc.acknowledgement.note == "una negra menos"


def test_void_confirmed_by_a_second_person_in_place(staff, in_play, clients):  # issue 6
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    slip = cage.slip_request(
        actor=boss, session=in_play, kind="fill", lines=[("100", "5")], purpose="play"
    )
    cage.slip_void_request(actor=boss, slip=slip, reason="pedido por error")
    void = SlipVoid.objects.get()
    # The pit boss who asked for the void does not see it to confirm; the manager does.
    assert not [i for i in signing_queue(boss) if i.kind == "void"]
    manager = clients("shift_manager")
    dom_id = f"q-void-{void.pk}"
    assert dom_id in manager.get(reverse("floor:queue")).content.decode()
    done = manager.post(
        reverse("floor:queue-act", args=["void", void.pk]), {"dom_id": dom_id}, **HX
    ).content.decode()
    assert f"{slip_number_label(slip)} anulado." in done


def test_invalid_hand_reviewed_in_place(staff, in_play, clients):  # HREC-07
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    data = showdown(5)
    data["seats"][0]["stack"] = "600"  # seat 1 bought in 500: continuity broken
    hand = hands.hand_log(actor=sup, session=in_play, data=data)
    hand = hand if isinstance(hand, Hand) else Hand.objects.get(number=1)
    assert hand.status == "invalid"
    pit = clients("pit_boss")
    item = next(i for i in signing_queue(act(staff["pit_boss"], Role.PIT_BOSS)) if i.kind == "hand")
    assert item.form == "link"  # nothing to sign before a correction entry exists
    hands.hand_override(actor=sup, hand=hand, reason="el croupier contó mal la pila")
    item = next(i for i in signing_queue(act(staff["pit_boss"], Role.PIT_BOSS)) if i.kind == "hand")
    assert item.form == "review" and item.correction
    done = pit.post(
        reverse("floor:queue-act", args=["hand", hand.pk]),
        {"dom_id": item.dom_id, "correction": item.correction, "note": "visto"},
        **HX,
    ).content.decode()
    assert "La revisión está firmada" in done
    assert HandReview.objects.get(hand=hand).is_locked


def test_queue_refuses_a_role_that_does_not_sign(staff, in_play, clients):
    sheet = OpeningSheet.objects.get(session=in_play)
    response = clients("cage_cashier").post(
        reverse("floor:queue-act", args=["opening", sheet.pk]), {"dom_id": "x"}
    )
    assert response.status_code in (302, 403)
    assert len(sheet.signed_roles()) == 3  # unchanged


def test_buyin_refused_to_the_croupier_and_nothing_written(staff, in_play, clients):
    before = TableTransaction.objects.count()
    response = clients("croupier").post(
        reverse("floor:buyin", args=[in_play.pk]),
        {"seat": "2", "amount": "200", "croupier": "croupier", "note-200": "1", "chip-50.00": "4"},
    )
    assert response.status_code in (302, 403)
    assert TableTransaction.objects.count() == before
    page = clients("croupier").get(reverse("floor:buyin", args=[in_play.pk]))
    assert page.status_code == 403 and "permiso" in page.content.decode()


def test_live_hand_offers_the_engines_options_and_rules_on_irregularities(
    staff, in_play, clients
):  # BET-24, IRREG-14
    sup = clients("supervisor")
    start = sup.get(reverse("hands:live_start", args=[in_play.pk])).content.decode()
    assert 'id="in-1" name="in_1" value="1" checked' in start
    assert 'value="500"' in start  # the stacks the cage sold, as the casino writes them
    response = sup.post(
        reverse("hands:live_start", args=[in_play.pk]),
        {
            "button": "1",
            **{f"in_{s}": "1" for s in (1, 3, 5)},
            **{f"stack_{s}": "500" for s in (1, 3, 5)},
        },
    )
    live = LiveHand.objects.get()
    assert response["Location"] == reverse("hands:live", args=[live.pk])
    page = sup.get(response["Location"]).content.decode()
    assert "Le toca al asiento 1" in page and "Iguala 10,00" in page and "Se retira" in page
    # A phone at the table (RUL-44): the engine's ruling for the table's profile.
    sup.post(
        reverse("hands:live", args=[live.pk]),
        {"op": "act", "action": "irregularity", "kind": "phone_use", "seat": "3", "version": "0"},
    )
    page = sup.get(reverse("hands:live", args=[live.pk])).content.decode()
    assert "Teléfono en la mesa" in page and "RUL-44" in page
    live.refresh_from_db()
    assert live.record["actions"][-1]["irregularity"] == {"kind": "phone_use", "seat": 3}


def test_next_hand_starts_from_the_last_stacks_plus_rebuys(staff, in_play):  # HREC-08
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    rows = {r["seat"]: r for r in hand_start_rows(sup, in_play)["rows"]}
    assert [s for s, r in rows.items() if r["in"]] == [1, 3, 5]
    assert rows[1]["stack"] == Decimal("500")
    hands.hand_log(actor=sup, session=in_play, data=showdown(5))  # seat 1 wins: 539
    cage.buyin_record(
        actor=sup,
        session=in_play,
        seat=3,
        amount="100",
        croupier=staff["croupier"],
        cash=[{"value": "100", "count": 1}],
        chips=[("100", 1)],
        stack_before="480",
    )
    start = hand_start_rows(sup, in_play)
    rows = {r["seat"]: r for r in start["rows"]}
    assert rows[1]["stack"] == Decimal("539.00")
    assert rows[3]["stack"] == Decimal("580.00")  # 480 after the hand + the re-buy of 100
    assert start["button"] == 1  # one seat on from 5
