"""Live hand benchmark (issue 13 §4, §7): not a test, prints figures.

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m benchmarks.live_hand [--hands N]

Against the throwaway PostgreSQL of ``scripts/testenv.py`` (the world of
``benchmarks.hands``: a no-limit 5/10 table ready for play) five players buy in and
the supervisor logs hands through the real page, ``/hands/live/<id>/``, with Django's
test client and the htmx headers, the way the tablet does: the typical hand of
``tests/e2e/test_live_hand.py`` (the fold up to the button, two calls, a check, the
flop, everyone checks, the turn, everyone checks, the river, a bet, a fold, a call,
everyone shows, store) — 14 requests per hand, each answered by the panel fragment.
It prints the median and p95 server time per request (target: under 150 ms) and, as
the reference, the same run's full page GET of the live hand.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from decimal import Decimal
from typing import Any

from benchmarks.hands import _django, _world

CARDS = {1: "KsKd", 2: "QhQc", 3: "9s8s", 4: "Tc9c", 5: "4h3h"}
BOARDS = ("Ah7d2c", "Js", "5d")


def _client(user: Any) -> Any:
    from django.test import Client

    from casino.access import ROLE_SESSION_KEY

    client = Client()
    client.force_login(user)
    session = client.session
    session[ROLE_SESSION_KEY] = "supervisor"
    session.save()
    return client


def _buy_in(staff: dict[str, Any], session: Any) -> None:
    from cage import services as cage
    from casino.access import acting_as
    from casino.roles import Role

    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    for seat in CARDS:
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


def _steps(state: dict[str, Any], button: int) -> dict[str, str] | None:
    """The next form the supervisor taps in the typical hand, from what the page shows."""
    options = {o["action"]: o for o in state["options"]}
    if state["complete"] and not state["expected"]:
        return {"op": "finish"}
    expected = state["expected"] or {}
    if expected.get("action") == "board":
        return {
            "op": "act",
            "action": "board",
            "cards": BOARDS[{0: 0, 6: 1}.get(len(state["board"]), 2)],
        }
    if expected.get("action") == "show_or_muck":
        return {"op": "many", "action": "show"}
    seat = state["next_seat"]
    street = state["street"]
    if (
        street == "preflop"
        and seat != button
        and state["positions"].get(str(seat))
        not in (
            "SB",
            "BB",
        )
    ):
        return {"op": "many", "action": "fold", "until": str(button)}
    if street in ("flop", "turn"):
        return {"op": "many", "action": "check"}
    if "call" in options:
        return {
            "op": "act",
            "seat": str(seat),
            "action": "call",
            "amount": options["call"]["amount"],
        }
    if street == "river" and "bet" in options and state["positions"].get(str(seat)) == "SB":
        return {"op": "act", "seat": str(seat), "action": "bet", "amount": options["bet"]["min"]}
    if street == "river" and "check" not in options:
        return {"op": "act", "seat": str(seat), "action": "fold"}
    if street == "river":  # the big blind folds to the bet: reached through "call" above
        return {"op": "act", "seat": str(seat), "action": "fold"}
    return {"op": "act", "seat": str(seat), "action": "check"}


def bench_live(count: int) -> dict[str, Any]:
    from casino.access import acting_as
    from casino.roles import Role
    from casino.templatetags.mesa_forms import new_form_token
    from hands import services
    from hands.models import Hand, LiveHand

    _casino, staff, session = _world("live", 30, ("RL", "AL"))
    _buy_in(staff, session)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    client = _client(staff["supervisor"])
    stacks = {seat: Decimal("500") for seat in CARDS}
    times: list[float] = []
    by_kind: dict[str, list[float]] = {}
    pages: list[float] = []
    requests_per_hand: list[int] = []
    for number in range(count):
        button = number % 5 + 1
        live = services.live_hand_start(
            actor=sup,
            session=session,
            data={
                "button": button,
                "seats": [
                    {"seat": s, "stack": str(stacks[s]), "cards": CARDS[s], "name": f"J{s}"}
                    for s in CARDS
                ],
            },
        )
        url = f"/hands/live/{live.pk}/"
        start = time.perf_counter()
        page = client.get(url)
        pages.append((time.perf_counter() - start) * 1000)
        if page.status_code != 200:
            sys.exit(f"GET {url}: {page.status_code}")
        made = 0
        while True:
            live = LiveHand.objects.get(pk=live.pk)
            if live.status != LiveHand.Status.OPEN:
                break
            form = _steps(services.live_state(live), button)
            if form is None or made > 30:
                sys.exit(f"hand {number}: no step ({made} made)")
            form["form_token"] = new_form_token()
            form["version"] = str(live.version)  # the hand as the page showed it (issue 38 §1)
            start = time.perf_counter()
            response = client.post(url, form, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="live-panel")
            elapsed = (time.perf_counter() - start) * 1000
            body = response.content.decode()
            if response.status_code != 200 or 'role="alert"' in body:
                sys.exit(f"hand {number}, {form}: {response.status_code} {body[:400]}")
            made += 1
            if number >= 2:  # the first hands warm the caches up
                times.append(elapsed)
                kind = form["op"] if form["op"] == "finish" else f"{form['op']} {form['action']}"
                by_kind.setdefault(kind, []).append(elapsed)
        requests_per_hand.append(made)
        if live.hand_id is None:
            raise RuntimeError(f"live hand {live.pk} finished without its hand")
        hand = Hand.objects.get(pk=live.hand_id)
        stacks = {int(k): Decimal(v) for k, v in hand.verdict.finishing.items()}
    valid = Hand.objects.filter(session=session, status="valid").count()
    return {
        "hands": count,
        "valid": valid,
        "requests": len(times),
        "per_hand": statistics.median(requests_per_hand),
        "median_ms": statistics.median(times),
        "p95_ms": statistics.quantiles(times, n=20)[-1],
        "max_ms": max(times),
        "by_kind": {k: statistics.median(v) for k, v in sorted(by_kind.items())},
        "page_median_ms": statistics.median(pages[2:] or pages),
        "page_p95_ms": statistics.quantiles(pages[2:], n=20)[-1] if len(pages) > 4 else max(pages),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=30, help="typical hands logged live")
    args = parser.parse_args()
    _django()
    r = bench_live(args.hands)
    print(
        f"live hand, one tap answered by the panel (htmx, PostgreSQL): median "
        f"{r['median_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, max {r['max_ms']:.1f} ms over "
        f"{r['requests']} requests ({r['per_hand']:.0f} per hand, {r['hands']} hands, "
        f"{r['valid']} valid) — target < 150 ms"
    )
    print("  median per form: " + ", ".join(f"{k} {v:.1f} ms" for k, v in r["by_kind"].items()))
    print(
        f"reference, the full page GET of the live hand: median {r['page_median_ms']:.1f} ms, "
        f"p95 {r['page_p95_ms']:.1f} ms"
    )


if __name__ == "__main__":
    main()
