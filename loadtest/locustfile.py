"""50 supervisors on 6 tables: buy-ins, colour changes and complete hands (issue 9 §5).

Run by ``loadtest/run.py`` (headless, loopback only, bounded in time); the plan it
prepared is read from ``MESA_LOAD_PLAN`` and the log of accepted requests written to
``MESA_LOAD_LOG`` when the run stops.

Each user is one supervisor (API token, ``X-Mesa-Role: supervisor``) at one table. Every
request carries its own ``Idempotency-Key``; a few are sent twice on purpose (a client
that lost the answer) and the replay must be the same answer, marked
``Idempotent-Replayed``. A 503 (database restarting, ``drills/``) is retried with the same
key until it lands. Hands at one table are dealt one at a time: a user waits for the
table (not timed) and posts the next hand of the table's chain.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import time
import uuid
from pathlib import Path
from typing import Any

from gevent.lock import Semaphore
from locust import FastHttpUser, between, events, task

PLAN = json.loads(Path(os.environ["MESA_LOAD_PLAN"]).read_text())
LOG_PATH = Path(os.environ.get("MESA_LOAD_LOG", "/tmp/mesa-load-log.json"))
REPLAY_SHARE = float(os.environ.get("MESA_LOAD_REPLAY_SHARE", "0.03"))
THINK = (
    float(os.environ.get("MESA_LOAD_THINK_MIN", "1")),
    float(os.environ.get("MESA_LOAD_THINK_MAX", "3")),
)
BUYIN_SEATS = (6, 7, 8, 9)

ACCEPTED: list[dict[str, Any]] = []
COUNTERS = {"replays": 0, "replays_identical": 0, "retries_503": 0, "failed": 0}
_users = itertools.count()


class Table:
    def __init__(self, plan: dict[str, Any]) -> None:
        self.session = plan["session"]
        self.number = plan["number"]
        self.croupier = plan["croupier"]
        self.hands = plan["hands"]
        self.next_hand = 0
        self.lock = Semaphore()


TABLES = [Table(t) for t in PLAN["tables"]]


class Supervisor(FastHttpUser):
    # FastHttpUser (geventhttpclient): the client shares the two cores with the server, and
    # costs a fraction of HttpUser's CPU per request, so the run measures the server.
    wait_time = between(*THINK)

    def on_start(self) -> None:
        index = next(_users)
        who = PLAN["supervisors"][index % len(PLAN["supervisors"])]
        self.table = TABLES[index % len(TABLES)]
        self.headers = {
            "Authorization": f"Token {who['token']}",
            "X-Mesa-Role": "supervisor",
            "Content-Type": "application/json",
        }
        self.rng = random.Random(index)
        self.colour_up = False

    # ------------------------------------------------------------------ posting

    def _post(self, name: str, path: str, body: dict[str, Any]) -> dict[str, Any] | None:
        """POST with an idempotency key; retry a 503 with the same key; maybe replay."""
        key = uuid.uuid4().hex
        data = json.dumps(body)
        headers = {**self.headers, "Idempotency-Key": key}
        while True:
            with self.client.post(
                path, data=data, headers=headers, name=name, catch_response=True
            ) as response:
                if response.status_code == 503:
                    COUNTERS["retries_503"] += 1
                    response.failure("503 (retried with the same key)")
                    time.sleep(1.0)
                    continue
                if response.status_code != 201:
                    COUNTERS["failed"] += 1
                    response.failure(f"{response.status_code}: {response.text[:200]}")
                    return None
                response.success()
                answer: dict[str, Any] = response.json()
            break
        if self.rng.random() < REPLAY_SHARE:
            again = self.client.post(path, data=data, headers=headers, name=f"{name} (replay)")
            COUNTERS["replays"] += 1
            if (
                again.status_code == 201
                and again.headers is not None
                and again.headers.get("Idempotent-Replayed") == "true"
                and again.json() == answer
            ):
                COUNTERS["replays_identical"] += 1
        answer["_key"] = key
        return answer

    # ------------------------------------------------------------------ tasks

    @task(5)
    def buyin(self) -> None:
        amount = self.rng.choice((100, 200, 500, 1000))
        seat = self.rng.choice(BUYIN_SEATS)
        cash = [{"value": "100", "count": amount // 100}]
        # Mostly 100s and four 25s, as a croupier pays a buy-in (the float lasts the run).
        chips = [{"value": "25", "count": 4}]
        if amount > 100:
            chips.insert(0, {"value": "100", "count": amount // 100 - 1})
        body = {
            "seat": seat,
            "amount": str(amount),
            "croupier": self.table.croupier,
            "cash": cash,
            "chips": chips,
            "player_name": f"Mesa {self.table.number} asiento {seat}",
        }
        path = f"/api/cage/sessions/{self.table.session}/buyins/"
        answer = self._post("buy-in", path, body)
        if answer is not None:
            ACCEPTED.append(
                {
                    "kind": "buyin",
                    "session": self.table.session,
                    "key": answer["_key"],
                    "id": answer.get("transaction", {}).get("id"),
                    "cash": cash,
                    "chips": chips,
                }
            )

    @task(3)
    def colour_change(self) -> None:
        big, small = [{"value": "100", "count": 1}], [{"value": "25", "count": 4}]
        chips_in, chips_out = (small, big) if self.colour_up else (big, small)
        self.colour_up = not self.colour_up
        body = {
            "croupier": self.table.croupier,
            "chips_in": chips_in,
            "chips_out": chips_out,
            "seat": self.rng.choice(BUYIN_SEATS),
        }
        path = f"/api/cage/sessions/{self.table.session}/colour-changes/"
        answer = self._post("colour change", path, body)
        if answer is not None:
            ACCEPTED.append(
                {
                    "kind": "change",
                    "session": self.table.session,
                    "key": answer["_key"],
                    "id": answer.get("transaction", {}).get("id"),
                    "chips_in": chips_in,
                    "chips_out": chips_out,
                }
            )

    @task(2)
    def hand(self) -> None:
        table = self.table
        with table.lock:  # one hand at a time at a table (waiting is not timed)
            if table.next_hand >= len(table.hands):
                return
            number = table.next_hand + 1
            body = {"session": table.session, "number": number, **table.hands[table.next_hand]}
            answer = self._post("complete hand", "/api/hands/", body)
            if answer is None:
                return
            table.next_hand += 1
        ACCEPTED.append(
            {
                "kind": "hand",
                "session": table.session,
                "key": answer["_key"],
                "id": answer.get("id"),
                "number": number,
                "status": answer.get("status"),
                "rake": str(answer.get("rake") or "0"),
            }
        )


class Probe(FastHttpUser):
    """The reference of ``run.py --saturate``: the cheapest authenticated API request
    (``GET /api/me/``: token, role header, middleware, DRF, two queries), as fast as the
    users can, to show what the machine serves at that moment."""

    wait_time = between(*THINK)

    def on_start(self) -> None:
        index = next(_users)
        who = PLAN["supervisors"][index % len(PLAN["supervisors"])]
        self.headers = {"Authorization": f"Token {who['token']}", "X-Mesa-Role": "supervisor"}

    @task
    def me(self) -> None:
        self.client.get("/api/me/", headers=self.headers, name="reference: GET /api/me/")


@events.test_stop.add_listener
def _write_log(**_kwargs: Any) -> None:
    LOG_PATH.write_text(json.dumps({"accepted": ACCEPTED, "counters": COUNTERS}))
