"""ROLE-07 (8): the supervisor makes sure the croupiers show clean hands, a point of the
supervisor's pre-opening checklist (PREP-03).

Posted from the table page as the browser sends it: every point ticked but the clean
hands (an unticked box sends nothing) is refused, names the point in Spanish, records
nothing, and the opening count waits for it.
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


def test_role_07_the_opening_waits_for_the_croupiers_clean_hands(staff, gaming_day, table):
    session = open_session(staff, table, checklists=False)
    sheet = OpeningSheet.objects.get(session=session)
    url = reverse("tables:act", args=["checklist", session.pk])
    client_for(staff["pit_boss"], Role.PIT_BOSS).post(
        url, {f"item_{k}": "on" for k in PIT_BOSS_ITEMS}
    )
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    form = sup.get(reverse("tables:table", args=[table.pk])).content.decode()
    assert 'name="item_clean_hands"' in form
    unticked = {f"item_{k}": "on" for k in SUPERVISOR_ITEMS if k != "clean_hands"}
    page = sup.post(url, unticked, follow=True).content.decode()
    assert "Los croupiers muestran las manos limpias al llegar a la mesa y al dejarla" in page
    assert not session.events.filter(kind="prep_supervisor").exists()
    with pytest.raises(Conflict) as waiting:
        services.opening_count_record(
            actor=act(staff["supervisor"], Role.SUPERVISOR), sheet=sheet, lines=count_lines(sheet)
        )
    assert waiting.value.details == {"missing": ["prep_supervisor"]}
    sup.post(url, {f"item_{k}": "on" for k in SUPERVISOR_ITEMS})
    assert "clean_hands" in session.events.get(kind="prep_supervisor").data["items"]
