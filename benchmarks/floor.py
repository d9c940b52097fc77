"""The floor's pace (issue 38 §5): the typical hand logged by tapping, in Chromium at 1024 x 768.

    make bench-floor
    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m benchmarks.floor [--hands N]

Not a test: it prints figures (``docs/benchmarks.md`` keeps them). Against the throwaway
PostgreSQL of ``scripts/testenv.py`` it builds a no-limit 5/10 table ready for play
(``benchmarks.hands._world``), ten players buy in for 500 at the cage, and a real
Django server (a thread of this process, the product's WSGI handler and its static
files) answers a headless Chromium driven by Playwright, as the supervisor's tablet.

The typical hand (issue 38): ten seats, blinds 5/10. Everyone folds to the cut-off; the
cut-off raises to 30; the button and the small blind fold; the big blind calls. Flop:
check, bet 40, call. Turn: check, check. River: check, check. Both show, the best hand
takes the pot; it is stored and valid. The hand starts from the table screen; the hole
cards are not typed beforehand: each shown hand is picked at the showdown.

Printed: taps (clicks), keystrokes, taps whose target was not on the screen before the
tap (it would have needed a scroll), jumps (the page scrolled by itself after a tap),
full page loads after the table screen opened, and the server's time per request (the
WSGI call, database included) at the median and p95. Targets: at most 16 taps, 0
scrolls, 0 full page loads, every request under 150 ms.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

TABLET_1024: ViewportSize = {"width": 1024, "height": 768}
SEATS = range(1, 11)
FLOP, TURN, RIVER = ("Ah", "7d", "2c"), ("Js",), ("5d",)
BIG_BLIND_SHOWS, CUT_OFF_SHOWS = ("Kc", "Kd"), ("Qh", "Qc")  # the big blind's kings win


@dataclass
class Tally:
    """What the supervisor did on the tablet, and what the page did after each tap."""

    taps: int = 0
    keystrokes: int = 0
    scrolled_taps: list[str] = field(default_factory=list)  # targets off the first screen
    jumps: list[str] = field(default_factory=list)  # the page scrolled by itself
    loads: int = 0
    off_screen: list[str] = field(default_factory=list)  # what the check found off screen


class Tablet:
    """The supervisor's taps on a page, each checked against the viewport before it."""

    def __init__(self, page: Any, shots: str | None = None) -> None:
        self.page = page
        self.tally = Tally()
        self.shots = shots
        self._on_load = lambda _page: self._loaded()
        page.on("load", self._on_load)

    def done(self) -> None:
        """Stop counting this page's loads (the next hand counts its own)."""
        self.page.remove_listener("load", self._on_load)

    def _loaded(self) -> None:
        self.tally.loads += 1

    def on_screen(self, locator: Any) -> bool:
        """Whether the element is wholly inside the viewport as the page stands."""
        box = locator.bounding_box()
        size = self.page.viewport_size
        return bool(
            box
            and box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= size["width"]
            and box["y"] + box["height"] <= size["height"]
        )

    def _scroll(self) -> float:
        return float(self.page.evaluate("window.scrollY"))

    def tap(self, locator: Any, what: str, *, swaps: bool = True) -> None:
        """A tap; with ``swaps`` the server answers and htmx swaps the live panel in."""
        locator.wait_for(state="visible")
        if not self.on_screen(locator):
            self.tally.scrolled_taps.append(what)
        before = self._scroll()
        old = self.page.locator("#live-panel").element_handle() if swaps else None
        self.tally.taps += 1
        locator.click()
        if swaps:
            self.wait_swap(old)
        if self._scroll() != before:
            self.tally.jumps.append(what)
        if self.shots:
            name = "".join(c if c.isalnum() else "-" for c in what)
            self.page.screenshot(path=f"{self.shots}/{self.tally.taps:02d}-{name}.png")

    def wait_swap(self, old: Any) -> None:
        if old is None:
            self.page.wait_for_selector("#live-panel")
        else:
            self.page.wait_for_function(
                "el => !el.isConnected && !document.querySelector("
                "'.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')",
                arg=old,
            )

    def type_amount(self, field_id: str, amount: str, what: str) -> None:
        """Tap the amount field (its content is selected), type the amount, send it with
        the keyboard's Enter: one tap, the rest keystrokes."""
        locator = self.page.locator(f"#{field_id}")
        self.tap(locator, what, swaps=False)
        old = self.page.locator("#live-panel").element_handle()
        self.page.keyboard.type(amount)
        self.page.keyboard.press("Enter")
        self.tally.keystrokes += len(amount) + 1
        self.wait_swap(old)

    def cards(self, cards: tuple[str, ...], what: str) -> None:
        """Tap cards in the picker; the last one sends them (the server answers)."""
        *first, last = cards
        for card in first:
            self.tap(self.picker(card), f"{what} {card}", swaps=False)
        self.tap(self.picker(last), f"{what} {last}")

    def picker(self, card: str) -> Any:
        return self.page.locator(f'#live-panel .picker [data-card="{card}"]')

    def seen(self, what: str, *selectors: str) -> None:
        """The layout check (issue 38 §4): what the next tap needs is on the screen."""
        for selector in selectors:
            locator = self.page.locator(selector).first
            if locator.count() and not self.on_screen(locator):
                self.tally.off_screen.append(f"{what}: {selector}")


def seat_of(page: Any, selector: str) -> int:
    return int(page.locator(f"#live-panel {selector}").first.inner_text().split()[0])


def play_typical_hand(
    page: Any, table_url: str, started: Any = None, shots: str | None = None
) -> Tally:
    """From the table screen to the stored hand, as the supervisor taps it. ``started`` is
    called once the table screen is open (what is measured begins there)."""
    from playwright.sync_api import expect

    page.goto(table_url)
    t = Tablet(page, shots)
    t.tally.loads = 0  # the table screen itself is not counted
    if started is not None:
        started()
    t.tap(page.get_by_role("button", name="Nueva mano", exact=True), "new hand", swaps=False)
    t.wait_swap(None)
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')")
    button = int(page.locator("#live-panel .map-seat:has(.puck) .map-no").inner_text())
    order = [s for s in SEATS if s > button] + [s for s in SEATS if s <= button]
    bb, cut_off = order[1], order[-2]
    act = "#live-panel .live-act"
    # Pre-flop: everyone folds to the cut-off, who raises to 30 (typed, sent with Enter).
    t.seen("pre-flop", f"{act} .options button", f'{act} .fold-to [data-until="{cut_off}"]')
    t.tap(page.locator(f'#live-panel .fold-to button[data-until="{cut_off}"]'), "fold to CO")
    t.seen("raise", f"{act} #amt-raise", f"{act} .options button")
    t.type_amount("amt-raise", "30", "raise to 30")
    # The button and the small blind fold: fold up to the big blind.
    t.tap(page.locator(f'#live-panel .fold-to button[data-until="{bb}"]'), "fold to BB")
    # The big blind calls and the flop comes: the picker says "first: seat BB calls 20".
    t.seen("flop", f"{act} .picker", f"{act} .options button", f"{act} .pick-what")
    expect(page.locator("#live-panel .pick-what")).to_contain_text(f"asiento {bb} iguala")
    t.cards(FLOP, "flop")
    # Flop: check, bet 40, call (the call closes the street: the turn card).
    t.tap(
        page.locator(f"{act} .options").get_by_role("button", name="Pasa", exact=True), "BB checks"
    )
    t.seen("bet", f"{act} #amt-bet", f"{act} .picker")
    t.type_amount("amt-bet", "40", "bet 40")
    expect(page.locator("#live-panel .pick-what")).to_contain_text(f"asiento {bb} iguala")
    t.cards(TURN, "turn")
    # Turn: check, check (the river card); river: check, check (the big blind shows).
    t.seen("turn", f"{act} .picker", f"{act} .options button")
    t.cards(RIVER, "river")
    t.seen("river", f"{act} .picker", f"{act} .options button")
    expect(page.locator("#live-panel .pick-what")).to_contain_text(f"asiento {bb}")
    t.cards(BIG_BLIND_SHOWS, "BB shows")
    t.seen("showdown", f"{act} .picker")
    t.cards(CUT_OFF_SHOWS, "CO shows")
    t.seen("store", f"{act} .live-foot button")
    t.tap(
        page.locator(f"{act} .live-foot").get_by_role("button", name="Registrar la mano"), "store"
    )
    expect(page.locator("#live-panel")).to_contain_text("Válida")
    t.done()
    return t.tally


# --------------------------------------------------------------------------- the world


def _players(staff: dict[str, Any], session: Any) -> None:
    from cage import services as cage
    from casino.access import acting_as
    from casino.roles import Role
    from tables import services as tables

    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    tables.session_start_play(actor=sup, session=session)
    for seat in SEATS:
        cage.buyin_record(
            actor=sup,
            session=session,
            seat=seat,
            amount="500",
            croupier=staff["croupier"],
            player_name=f"Jugador {seat}",
            cash=[{"value": "100", "count": 5}],
            chips=[("100", 5)],
        )


class _Timings:
    """The server's time per request (the WSGI call, database included), pages only."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests: list[tuple[str, str, int, float]] = []

    def handler(self) -> Any:
        from django.contrib.staticfiles.handlers import StaticFilesHandler

        timings = self

        class Timed(StaticFilesHandler):
            def __call__(self, environ: Any, start_response: Any) -> Any:
                path = environ.get("PATH_INFO", "")
                if path.startswith("/static/"):
                    return super().__call__(environ, start_response)
                status: list[int] = []
                kind = environ["REQUEST_METHOD"] + " " + path
                if environ["REQUEST_METHOD"] == "POST":  # the form's op, read and put back
                    size = int(environ.get("CONTENT_LENGTH") or 0)
                    body_in = environ["wsgi.input"].read(size)
                    environ["wsgi.input"] = io.BytesIO(body_in)
                    form = urllib.parse.parse_qs(body_in.decode("latin-1"))
                    kind = " ".join(
                        ["POST", "start" if "/sessions/" in path else "tap"]
                        + [form.get(k, [""])[0] for k in ("op", "action")]
                    ).strip()
                elif "v=" in environ.get("QUERY_STRING", ""):
                    kind = "GET poll"

                def starting(code: str, headers: Any, *rest: Any) -> Any:
                    status.append(int(code.split()[0]))
                    return start_response(code, headers, *rest)

                begun = time.perf_counter()
                body = list(super().__call__(environ, starting))
                elapsed = (time.perf_counter() - begun) * 1000
                with timings.lock:
                    timings.requests.append((kind, path, status[0] if status else 0, elapsed))
                return body

        return Timed


def _server(timings: _Timings) -> Any:
    from django.test.testcases import LiveServerThread

    thread = LiveServerThread("127.0.0.1", timings.handler())
    thread.daemon = True
    thread.start()
    thread.is_ready.wait()
    if thread.error:
        raise thread.error
    return thread


def bench_floor(
    hands: int, shots: str | None = None, viewport: ViewportSize = TABLET_1024
) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright runs an event loop
    from benchmarks.hands import _world
    from hands.models import Hand
    from tests.e2e.conftest import CHROMIUM_ARGS, chromium_path
    from tests.helpers import PASSWORD

    tallies: list[Tally] = []
    marks: list[int] = []
    measured: list[tuple[str, str, int, float]] = []  # from "Nueva mano" on; hand 1 warms up
    timings = _Timings()
    server = _server(timings)
    base = f"http://127.0.0.1:{server.port}"
    path = chromium_path()
    if path is None:
        sys.exit("Chromium is missing: install the Debian package chromium")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
            # One table plays the hands one after the other, as a table does: the first
            # hand (play begins, caches warm up) is not timed; each hand starts from the
            # table screen.
            _casino, staff, session = _world("floor", 40, ("RF", "AF"))
            _players(staff, session)
            context = browser.new_context(viewport=viewport, locale="es-AR", base_url=base)
            page = context.new_page()
            page.set_default_timeout(20_000)
            page.goto("/login/")
            page.get_by_label("Usuario").fill(staff["supervisor"].username)
            page.get_by_label("Contraseña").fill(PASSWORD)
            page.get_by_role("button", name="Iniciar sesión").click()
            page.wait_for_url(lambda url: "/login" not in url)
            table = f"/floor/tables/{session.table_id}/"
            for run in range(hands + 1):
                marks.append(len(timings.requests))
                tallies.append(
                    play_typical_hand(
                        page, table, lambda: marks.__setitem__(-1, len(timings.requests)), shots
                    )
                )
                if run:
                    measured.extend(timings.requests[marks[-1] :])
                hand = Hand.objects.get(session=session, number=run + 1, revision_of=None)
                if hand.status != "valid":
                    codes = [v.code for v in hand.violation_rows.all()]
                    sys.exit(f"hand {run + 1}: {hand.status} {codes}")
            context.close()
            browser.close()
    finally:
        server.terminate()
    pages = measured
    times = [r[3] for r in pages]
    worst = max(pages, key=lambda r: r[3])
    first = tallies[1]  # a hand in the middle of the session, as the others
    return {
        "hands": hands,
        "taps": first.taps,
        "keystrokes": first.keystrokes,
        "scrolled": first.scrolled_taps,
        "jumps": first.jumps,
        "off_screen": first.off_screen,
        "loads": first.loads,
        "same": all(
            (t.taps, t.keystrokes, t.loads) == (first.taps, first.keystrokes, first.loads)
            for t in tallies[1:]
        ),
        "requests": len(times),
        "median_ms": statistics.median(times),
        "p95_ms": statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0],
        "max_ms": worst[3],
        "worst": worst[0],
        "over_150": sum(1 for x in times if x >= 150),
        "by_kind": {
            kind: statistics.median([r[3] for r in pages if r[0] == kind])
            for kind in sorted({r[0] for r in pages})
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5, help="typical hands timed, one table")
    parser.add_argument("--shots", help="a folder: the screen after each tap, as PNG")
    parser.add_argument("--size", default="1024x768", help="the tablet's viewport, WxH")
    args = parser.parse_args()
    from benchmarks.hands import _django

    _django()
    width, height = (int(x) for x in args.size.lower().split("x"))
    r = bench_floor(args.hands, args.shots, {"width": width, "height": height})
    print(
        f"the typical hand at {args.size} (Chromium, {r['hands']} hands): {r['taps']} taps "
        f"(target <= 16), {r['keystrokes']} keystrokes, {len(r['scrolled'])} taps needing a "
        f"scroll (target 0){' ' + str(r['scrolled']) if r['scrolled'] else ''}, "
        f"{len(r['jumps'])} jumps after a tap, {r['loads']} full page loads (target 0)"
        + ("" if r["same"] else " [the hands differ]")
    )
    if r["off_screen"]:
        print(f"  off the first screen: {r['off_screen']}")
    print(
        f"server time per request: median {r['median_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, "
        f"max {r['max_ms']:.1f} ms ({r['worst']}) over {r['requests']} requests; "
        f"{r['over_150']} at or over 150 ms (target: none)"
    )
    print("  median per request: " + ", ".join(f"{k} {v:.1f} ms" for k, v in r["by_kind"].items()))
    print(f"  load average during the run: {os.getloadavg()[0]:.1f} (2 shared cores)")


if __name__ == "__main__":
    main()
