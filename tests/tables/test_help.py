"""Help where the work is done (issue 17 §6): each procedure page shows its steps, in
Spanish and English, one tap away (a ``<details>`` panel at the top of the page).

The registry is ``casino.help``: its topics cite the requirement IDs their steps come
from; every procedure page below must be in it, and each renders its panel for the role
that works there, in both languages.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.urls import get_resolver, reverse
from django.utils import translation

from casino.help import PAGES, TOPICS, topic, topics_for
from casino.roles import Role
from hands import services as hand_services
from tables.models import Pack
from tests.floor.conftest import client_for
from tests.reports.scenario import act, play_day, ready_for_hands

pytestmark = pytest.mark.django_db

#: The procedure pages of issue 17 §6 (opening, decks, buy-in and changes, slips,
#: closing, shift change, sanctions, incidents, the hand recorder): each must have help.
PROCEDURE_PAGES = {
    "tables:opening",
    "tables:closing",
    "tables:decks",
    "tables:pack",
    "tables:store",
    "floor:table",
    "floor:buyin",
    "floor:change",
    "cage:session",
    "cage:slips",
    "tables:shift-change",
    "tables:sanctions",
    "tables:sanction",
    "hands:live_start",
    "hands:live",
    "hands:detail",
    "hands:session",
}
SPEC = Path(settings.BASE_DIR).parent / "shared" / "spec"


def _url_names() -> set[str]:
    names: set[str] = set()

    def walk(patterns: Any, prefix: str) -> None:
        for p in patterns:
            if hasattr(p, "url_patterns"):
                ns = f"{prefix}{p.namespace}:" if p.namespace else prefix
                walk(p.url_patterns, ns)
            elif p.name:
                names.add(prefix + p.name)

    walk(get_resolver().url_patterns, "")
    return names


def test_every_procedure_page_has_help_and_every_step_cites_the_spec():
    # Issue 17 §6: a procedure page without help fails here.
    missing = sorted(p for p in PROCEDURE_PAGES if not topics_for(p))
    assert not missing, f"procedure pages without help: {missing}"
    known = _url_names()
    assert set(PAGES) <= known, sorted(set(PAGES) - known)  # no stale page name
    for name, keys in PAGES.items():
        assert keys and all(k in TOPICS for k in keys), name
    spec = ""
    if SPEC.is_dir():
        spec = (SPEC / "requirements.md").read_text() + (SPEC / "rulings.md").read_text()
    for t in TOPICS.values():
        assert len(t.steps) >= 3, t.key
        for step in t.steps:
            assert step.refs, (t.key, str(step.text))
            for ref in step.refs:
                assert re.fullmatch(r"[A-Z]+-\d\d", ref), ref
                if spec:  # the ID is the spec's (a requirement or a ruling)
                    assert f"**{ref}**" in spec or f"| {ref} |" in spec, ref
            # Spanish for every step (locale/es/catalog/help.json), English as written.
            with translation.override("es"):
                spanish = str(step.text)
            with translation.override("en"):
                english = str(step.text)
            assert spanish != english, english


def _panel(html: str) -> str:
    assert 'id="page-help"' in html, "no help panel"
    return html.split('id="page-help"', 1)[1].split("</details>", 1)[0]


def _check(client_es: Any, client_en: Any, name: str, url: str) -> None:
    for client, lang in ((client_es, "es"), (client_en, "en")):
        response = client.get(url)
        assert response.status_code == 200, (name, lang, response.status_code)
        panel = _panel(response.content.decode())
        assert "<summary" in panel and "<ol>" in panel
        with translation.override(lang):
            for t in topics_for(name):
                assert f'data-topic="{t.key}"' in panel, (name, t.key)
                assert str(t.title) in panel, (name, lang, str(t.title))
                first = str(t.steps[0].text).replace("'", "&#x27;")
                assert first in panel, (name, lang, first)
                for ref in t.refs:
                    assert ref in panel, (name, ref)
        summary = "Ayuda: los pasos" if lang == "es" else "Help: the steps"
        assert summary in panel, (name, lang)


def _clients(staff: Any, role: str) -> tuple[Any, Any]:
    return client_for(staff[role], role, "es"), client_for(staff[role], role, "en")


def test_the_pages_of_a_played_day_show_their_help(staff, casino, gaming_day, sector):
    # Issue 17 §6: the records of a whole day (opening, closing, decks, slips, sanctions,
    # hands), each page as the role that works on it.
    day = play_day(staff, casino, gaming_day, sector)
    boss = _clients(staff, "pit_boss")
    sup = _clients(staff, "supervisor")
    pages = [
        (boss, "tables:opening", [day.opening.pk]),
        (boss, "tables:closing", [day.closing.pk]),
        (boss, "tables:decks", []),
        (boss, "tables:pack", [Pack.objects.filter(casino=casino).first().pk]),  # type: ignore[union-attr]
        (boss, "tables:store", [day.store.pk]),
        (boss, "tables:sanctions", []),
        (boss, "tables:sanction", [day.sanctions[0].pk]),
        (boss, "cage:slips", []),
        (boss, "cage:session", [day.session.pk]),
        (sup, "hands:session", [day.session.pk]),
        (sup, "hands:detail", [day.hands[0].pk]),
    ]
    for (es, en), name, args in pages:
        _check(es, en, name, reverse(name, args=args))


def test_the_pages_of_a_table_in_play_show_their_help(staff, casino, gaming_day, sector):
    # Issue 17 §6: the table screen, its buy-in and change panels, the shift change and
    # the hand recorder.
    session = ready_for_hands(staff, casino, sector, 7)
    boss = _clients(staff, "pit_boss")
    sup = _clients(staff, "supervisor")
    _check(*sup, "floor:table", reverse("floor:table", args=[session.table_id]))
    _check(*sup, "floor:buyin", reverse("floor:buyin", args=[session.pk]))
    _check(*sup, "floor:change", reverse("floor:change", args=[session.pk]))
    _check(*boss, "tables:shift-change", reverse("tables:shift-change", args=[session.pk]))
    _check(*sup, "hands:live_start", reverse("hands:live_start", args=[session.pk]))
    live = hand_services.live_hand_start(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        session=session,
        data={
            "button": 1,
            "seats": [
                {"seat": s, "name": f"Jugador {s}", "stack": Decimal("500")} for s in (1, 3, 5)
            ],
        },
    )
    _check(*sup, "hands:live", reverse("hands:live", args=[live.pk]))


def test_a_page_without_a_procedure_has_no_help_panel(staff, gaming_day):
    # The audit trail is not a procedure: no panel, nothing to tap.
    page = client_for(staff["auditor"], "auditor").get(reverse("floor:audit"))
    assert page.status_code == 200 and 'id="page-help"' not in page.content.decode()


def test_an_unknown_topic_is_an_error():
    # {% help "..." %} with a misspelt key fails loudly, never shows an empty panel.
    with pytest.raises(KeyError):
        topic("no-such-topic")
