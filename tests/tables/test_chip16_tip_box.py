"""CHIP-16: the tip box is locked to the table, checked before the opening (PREP-03).

Posted from the table page as the browser sends it: the supervisor's checklist with every
point ticked but "drop box and tip box locked" (an unticked box sends nothing) is refused,
names the point in Spanish, records nothing, and the opening count keeps waiting for it.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.errors import Conflict
from casino.roles import Role
from tables import services
from tables.checklists import PIT_BOSS_ITEMS, SUPERVISOR_ITEMS
from tables.models import OpeningSheet

from .conftest import act, count_lines, open_session
from .test_pages import client_for

pytestmark = pytest.mark.django_db


def test_chip_16_the_opening_waits_until_the_tip_box_is_locked(staff, gaming_day, table):
    session = open_session(staff, table, checklists=False)
    sheet = OpeningSheet.objects.get(session=session)
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    url = reverse("tables:act", args=["checklist", session.pk])
    boss.post(url, {f"item_{k}": "on" for k in PIT_BOSS_ITEMS})

    unticked = {f"item_{k}": "on" for k in SUPERVISOR_ITEMS if k != "boxes_locked"}
    page = sup.post(url, unticked, follow=True).content.decode()
    assert "Caja de drop y caja de propinas aseguradas a la mesa" in page
    assert not session.events.filter(kind="prep_supervisor").exists()
    with pytest.raises(Conflict) as waiting:
        services.opening_count_record(
            actor=act(staff["supervisor"], Role.SUPERVISOR), sheet=sheet, lines=count_lines(sheet)
        )
    assert waiting.value.details == {"missing": ["prep_supervisor"]}

    sup.post(url, {f"item_{k}": "on" for k in SUPERVISOR_ITEMS})
    recorded = session.events.get(kind="prep_supervisor")
    assert "boxes_locked" in recorded.data["items"]  # the points checked, by key
    services.opening_count_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR), sheet=sheet, lines=count_lines(sheet)
    )
