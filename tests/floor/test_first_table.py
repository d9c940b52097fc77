"""README "Your first table", followed through the pages on a freshly seeded demo (issue 13 §7,
issue 40: the whole day).

Each step is what a newcomer does with the demo users: log in with the username and
password of the README, open the page named there, and send the form on it as a browser
would (the form's own fields and one-time token, an unticked box sends nothing and none
comes ticked, a select offers only its options, the button pressed sends its own value).
Nothing is made through the services or the admin: the card store and its packs come from
``seed_demo`` alone (DECK-03). The walk opens the table (OPEN-12), records the buy-ins
(BUYIN-06), announces the last hand with its number (CLOSE-01), returns the packs
(DECK-14) and closes the table (CLOSE-08); the pit boss reads the closing's figures before
signing, and the floor shows no alert. The hand of step 9 is the hand recorder's (its own
browser tests play it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urldefrag, urljoin

import pytest
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db


# --- a browser's forms, read from the page ------------------------------------------------


@dataclass
class Form:
    action: str
    method: str
    values: dict[str, str] = field(default_factory=dict)  # text, hidden, textarea
    boxes: dict[str, bool] = field(default_factory=dict)  # checkbox name -> ticked
    selects: dict[str, list[str]] = field(default_factory=dict)  # name -> option values
    buttons: list[str] = field(default_factory=list)
    pressed: dict[str, tuple[str, str]] = field(default_factory=dict)  # label -> name, value

    def fill(self, name: str, value: str) -> None:
        if name in self.selects:
            assert value in self.selects[name], (name, value, self.selects[name])
        else:
            assert name in self.values, (name, sorted(self.values))
        self.values[name] = value

    def tick_all(self) -> None:
        self.boxes = dict.fromkeys(self.boxes, True)

    def tick(self, *names: str) -> None:
        for name in names:
            assert name in self.boxes, (name, sorted(self.boxes))
            self.boxes[name] = True

    def data(self, button: str = "") -> dict[str, str]:
        sent = {**self.values, **{k: "on" for k, on in self.boxes.items() if on}}
        if button in self.pressed:  # the button pressed sends its own name and value
            name, value = self.pressed[button]
            sent[name] = value
        return sent


class _FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.links: list[tuple[str, str]] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._textarea: str | None = None
        self._button: list[str] | None = None
        self._link: list[str] | None = None
        self._href = ""
        self._pressed = ("", "")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a":
            self._link, self._href = [], a.get("href", "")
        if tag == "form":
            self._form = Form(a.get("action", ""), a.get("method", "get").lower())
            self.forms.append(self._form)
        form = self._form
        if form is None:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                form.boxes[a["name"]] = "checked" in a
            elif kind != "submit":
                form.values[a["name"]] = a.get("value", "")
        elif tag == "select":
            self._select = a.get("name", "")
            form.selects[self._select] = []
        elif tag == "option" and self._select is not None:
            form.selects[self._select].append(a.get("value", ""))
            if "selected" in a or self._select not in form.values:
                form.values[self._select] = a.get("value", "")
        elif tag == "textarea":
            self._textarea = a.get("name", "")
            form.values[self._textarea] = ""
        elif tag == "button":
            self._button = []
            self._pressed = (a.get("name", ""), a.get("value", ""))

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.append(data)
        if self._link is not None:
            self._link.append(data)
        if self._textarea and self._form is not None:
            self._form.values[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._link is not None:
            self.links.append((" ".join("".join(self._link).split()), self._href))
            self._link = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None
        elif tag == "button" and self._button is not None and self._form is not None:
            label = " ".join("".join(self._button).split())
            self._form.buttons.append(label)
            if self._pressed[0]:
                self._form.pressed[label] = self._pressed
            self._button = None
        elif tag == "form":
            self._form = None


class Person:
    """One demo user on their own device, logged in with the README's password."""

    def __init__(self, username: str) -> None:
        self.client = Client()
        self.username = username
        response = self.client.post(
            "/login/", {"username": username, "password": f"{username}-2026"}
        )
        assert response.status_code == 302, f"{username} cannot log in"
        self.html = ""
        self.url = "/"

    def open(self, url: str) -> str:
        response = self.client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        self.html, self.url = response.content.decode(), url
        return self.html

    def link(self, text: str) -> str:
        """The href of the link whose text contains ``text`` on the page open now."""
        parser = _FormParser()
        parser.feed(self.html)
        hrefs = [href for label, href in parser.links if text in label]
        assert hrefs, f"no link {text!r} on the page of {self.username}"
        return urldefrag(urljoin(self.url, hrefs[0])).url

    def form(self, button: str) -> Form:
        parser = _FormParser()
        parser.feed(self.html)
        found = [f for f in parser.forms if any(button == b for b in f.buttons)]
        assert found, f"no form with the button {button!r} for {self.username}"
        return found[0]

    def send(self, form: Form, button: str = "") -> str:
        """Post the form (``button`` pressed) and follow to the page that answers; the
        answer is no refusal."""
        assert form.method == "post"
        response = self.client.post(form.action, form.data(button), follow=True)
        assert response.status_code == 200, (form.action, response.status_code)
        self.html = response.content.decode()
        errors = re.findall(r'class="msg msg-error"[^>]*>([^<]*)<', self.html)
        assert not errors, (self.username, form.action, errors)
        return self.html


def _main(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.split("<main", 1)[-1]).split())


# --- the walk ---------------------------------------------------------------------------


def test_a_newcomer_opens_the_first_table_from_the_pages(settings: Any) -> None:
    # DECK-03, DECK-04, DECK-06, PREP-05, OPEN-09, OPEN-12, ROLE-13, BUYIN-06, CLOSE-01,
    # DECK-14, CLOSE-08
    from cage.models import TableTransaction
    from demo.management.commands.seed_demo import DEMO_CHIPS
    from tables.models import Pack, PackInspection, TableSession

    settings.LANGUAGE_CODE = "es"
    call_command("seed_demo", quiet=True)

    # 1. The pit boss receives the morning's packs: his home names the receipt, the
    #    signing queue signs it.
    boss = Person("pitboss")
    home = _main(boss.open("/"))
    assert "Constancia de naipes" in home, home
    boss.open("/floor/queue/")
    boss.send(boss.form("Firmar como Jefe de sector"))
    assert Pack.objects.filter(state="stored").count() == 12

    # 2. The supervisor opens a session at Mesa 1 with the croupier.
    sup = Person("supervisor")
    sup.open("/floor/tables/")
    sup.open(sup.link("Mesa 1"))
    sup.open(sup.link("Abrir una sesión"))
    opening = sup.form("Abrir la sesión")
    opening.fill("supervisor", "supervisor")
    opening.fill("croupier", "croupier")
    sup.send(opening)
    session = TableSession.objects.get(table__number=1)
    table_page = f"/tables/{session.table_id}/"

    # 3. Both checklists (PREP-05): the pit boss's home shows his is missing, with the link.
    home = _main(boss.open("/"))
    assert "lista de control" in home.lower(), home
    for person in (sup, boss):
        person.open(table_page)
        checklist = person.form("Registrar la lista")
        checklist.tick_all()
        person.send(checklist)

    # 4. The pit boss issues a red and a blue pack to the table (DECK-04); the supervisor
    #    inspects each (DECK-06): he ticks the three checks himself (none comes ticked),
    #    the croupier chooses his own name as the witness and types his PIN; then red in
    #    play, blue in reserve (DECK-08).
    for serial, place in (("R01", "in_play"), ("A01", "reserve")):
        boss.open("/tables/decks/")
        boss.open(boss.link(serial))
        move = boss.form("Mover")
        move.fill("to", "issued")
        move.fill("session", str(session.pk))
        boss.send(move)
        sup.open("/tables/decks/")
        sup.open(sup.link(serial))
        inspection = sup.form("Inspeccionado, listo")
        assert not any(inspection.boxes.values()), inspection.boxes  # nothing ticked for him
        inspection.tick("face_down_ok", "face_up_ok", "complete")
        inspection.fill("with_user", "croupier")
        inspection.fill("pin", "1111")
        sup.send(inspection, "Inspeccionado, listo")
        move = sup.form("Mover")
        move.fill("to", place)
        sup.send(move)
    assert {p.serial: p.state for p in Pack.objects.filter(session=session)} == {
        "R01": "in_play",
        "A01": "reserve",
    }
    # Each inspection is signed by both: the supervisor and the croupier with his PIN.
    inspection = PackInspection.objects.get(pack__serial="R01")
    assert {(s.role, s.method) for s in inspection.signatures()} == {
        ("supervisor", "session"),
        ("croupier", "pin"),
    }

    # 5. The opening count, as the rack holds it (the par of the README's table, OPEN-09).
    sup.open(table_page)
    sup.open(sup.link("Planilla de apertura"))
    count = sup.form("Registrar el conteo")
    par = {f"{int(v)},00": n for v, _c, _k, n in DEMO_CHIPS}
    sheet = session.opening_sheet
    for line in sheet.ordered_lines():
        n = par[f"{int(line.value)},00"]
        count.fill(f"stacks_{line.denomination_id}", str(n // 20))
        count.fill(f"loose_{line.denomination_id}", str(n % 20))
    sup.send(count)

    # 6. The croupier signs with PIN 1111 on the supervisor's tablet (ROLE-13), then the
    #    supervisor; the pit boss signs from his queue (OPEN-12).
    sign = sup.form("Firmar")
    sign.fill("role", "croupier")
    sign.fill("signer", "croupier")
    sign.fill("pin", "1111")
    sup.send(sign)
    sign = sup.form("Firmar")
    sign.fill("role", "supervisor")
    sup.send(sign)
    assert sheet.serial in _main(boss.open("/"))
    boss.open("/floor/queue/")
    boss.send(boss.form("Firmar como Jefe de sector"))
    session.refresh_from_db()
    assert session.status == TableSession.Status.OPEN

    # 7. Play starts; the buy-ins: 500 in one 500 note at seat 1, then at seat 2 (a hand
    #    needs two players).
    sup.open(table_page)
    sup.send(sup.form("Iniciar el juego"))
    for seat, name in ((1, "Ana"), (2, "Beto")):
        sup.open(f"/floor/tables/{session.table_id}/")
        # The seat's button opens the panel; typing 500 asks Mesa for the notes and chips
        # (the proposal the page fetches while the amount is typed).
        sup.open(sup.link(f"Compra en el asiento {seat}") + "&amount=500")
        buyin = sup.form("Confirmar la compra")
        assert buyin.values["note-500"] == "1", buyin.values
        buyin.fill("player_name", name)
        screen = _main(sup.send(buyin))
        assert f"Compra de 500,00 registrada en el asiento {seat}." in screen, screen
    assert TableTransaction.objects.filter(session=session, kind="buyin").count() == 2

    # (8. The first hand is the hand recorder's: README step 9, its own browser tests.)

    # 9. The last hand, announced with its number (CLOSE-01): no hand was dealt here, so
    #    the last one is number 0.
    sup.open(table_page)
    last = sup.form("Anunciar")
    last.fill("last_hand_number", "0")
    sup.send(last)
    session.refresh_from_db()
    assert session.last_hand_number == 0

    # 10. The packs go back to the pit boss, each declared complete (DECK-14), before the
    #     closing: the table then owes no pack.
    for serial in ("R01", "A01"):
        sup.open("/tables/decks/")
        sup.open(sup.link(serial))
        move = sup.form("Mover")
        move.fill("to", "returned")
        move.fill("with_user", "croupier")
        move.tick("complete")
        sup.send(move)
    assert set(Pack.objects.filter(serial__in=["R01", "A01"]).values_list("state", flat=True)) == {
        "returned"
    }

    # 11. The closing: security told, the closing checklist, the rack counted as the books
    #     say it holds (the par less the chips sold), the empty rack confirmed with the
    #     croupier's PIN, the signatures; the pit boss signs from his queue, where he reads
    #     the count, the books, the difference and the chips sold before he signs.
    sup.open(table_page)
    closing = sup.form("Iniciar el cierre")
    closing.fill("security_officer", "seguridad")
    sup.send(closing)
    checklist = sup.form("Registrar la lista")
    checklist.tick_all()
    sup.send(checklist)
    assert "Lista de cierre registrada" in _main(sup.html)
    sup.open(sup.link("Planilla de cierre"))
    count = sup.form("Registrar el conteo")
    for line, expected in _books(sup.html):
        count.fill(f"stacks_{line}", str(expected // 20))
        count.fill(f"loose_{line}", str(expected % 20))
    sup.send(count)
    empty = sup.form("Supervisor y croupier confirman que se contaron todas las fichas")
    empty.fill("croupier", "croupier")
    empty.fill("pin", "1111")
    sup.send(empty)
    sign = sup.form("Firmar")
    sign.fill("role", "croupier")
    sign.fill("signer", "croupier")
    sign.fill("pin", "1111")
    sup.send(sign)
    sign = sup.form("Firmar")
    sign.fill("role", "supervisor")
    sup.send(sign)
    queue = _main(boss.open("/floor/queue/"))
    for words in (
        "Esperado según los libros",
        "Diferencia 0,00",
        "Fichas vendidas en las compras 1.000,00",
    ):
        assert words in queue, (words, queue)
    boss.send(boss.form("Firmar como Jefe de sector"))
    session.refresh_from_db()
    assert session.status == TableSession.Status.CLOSED

    # The floor: the table closed, its packs back, no alert anywhere.
    tiles = _main(boss.open("/floor/tables/"))
    assert "mesas con alertas: 0" in tiles, tiles


def _books(html: str) -> list[tuple[str, int]]:
    """Each line of the closing sheet: its field id and the chips the books expect."""
    rows = re.findall(
        r'name="stacks_(\d+)".*?<td class="num">\d*</td>\s*<td class="num">[^<]*</td>\s*'
        r'<td class="num">\d+</td>\s*<td class="num">(\d+)</td>',
        html,
        re.S,
    )
    assert rows, "the closing sheet shows no expected count"
    return [(line, int(expected)) for line, expected in rows]


def test_the_demo_seed_runs_twice_without_a_second_delivery() -> None:
    # DECK-03: the store and its two receipts once; the second run changes nothing.
    from tables.models import DeckReceipt, DeckStore, Pack

    call_command("seed_demo", quiet=True)
    call_command("seed_demo", quiet=True)
    assert DeckStore.objects.count() == 1
    assert DeckReceipt.objects.count() == 2
    assert DeckReceipt.objects.filter(locked_at__isnull=True).count() == 1  # the pit boss's
    assert Pack.objects.filter(state="stored").count() == 8
    assert Pack.objects.filter(state="received").count() == 4
