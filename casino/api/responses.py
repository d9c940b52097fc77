"""One rule for the answer to a POST (issue 15 §4).

The last word of the path says which kind of POST it is, and the kind fixes the answer:

- **A create**: a POST to a collection, named by a noun for what it adds (``/tables/``,
  ``/sessions/{id}/events/``, ``/cage/sessions/{id}/buyins/``, ``/hands/{id}/corrections/``)
  answers 201 Created, or 202 Accepted when the work is queued (a report, an import, a
  re-validation), with ``Location`` naming the new record's own URL when it has one. A
  find-or-register that finds the record already there answers 200 (``/players/``).
- **An action**: a POST that does something to the record the path names, named by a verb
  or an act (``/{id}/sign/``, ``/{id}/void/``, ``/{id}/reverse/``, ``/{id}/lift/``,
  ``/{id}/finish/``, ``/{id}/copies/``, ``/{id}/move/``, ``/{id}/close/``…) answers 200 with
  the record's new state or the action's result; 202 with ``Location`` when it queues work
  (``/reports/{id}/reprint/``); 204 when there is nothing to answer (``/auth/logout/``).

An action answers 200 even when it writes a row of its own, as the append-only records do: a
reversal is a new transaction, a lift a new sanction or exclusion entry, a signature a new
signature row, a finished live hand a hand record with its own URL (``/api/hands/{id}/``).
The client addressed the record it acted on, not a collection; the new row is the action's
result, in the body with its id. So the kind is read from the URL alone, as an integrator
reads it: :data:`ACTIONS` and :data:`COLLECTIONS` name every last word of a POST path, and
``tests/casino/test_api_schema_rules.py`` holds the schema to them (a new POST must be
named in one of the two). Signing is an action everywhere: ``/sign/`` and
``/reports/{id}/signatures/`` (which answers the report's signing state) both answer 200.

A create view inherits :class:`CreatesMixin` and names its detail route; the mixin adds
the header in ``finalize_response``, so a retried request replayed from its
``Idempotency-Key`` gets the same ``Location``. The schema declares the header on every
201 and 202 answer (``casino.api.schema``).
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from rest_framework.request import Request
from rest_framework.response import Response

LOCATION = "Location"
CREATED_STATUSES = frozenset({201, 202})

#: The last word of every POST path that acts on the record the path names: 200 (202 queued).
ACTIONS = frozenset(
    {
        "acknowledge",
        "abandon",
        "approve",  # a tournament's payout table or deal, signed by the manager (issue 42)
        "arrive",  # a tournament player sat down at his drawn seat (TOUR-02)
        "balance",  # the tournament's balancing plan confirmed: the moves are made
        "actions",  # a poker action applied to the live hand: its new state
        "button-draw",
        "cancel",
        "checklist-override",
        "clock",  # an event of a tournament's clock: its new state
        "close",
        "closing",
        "confirm",
        "copies",  # where a printed copy of the sheet went
        "count",
        "decide",
        "draw",  # a tournament's initial seat draw
        "empty-bank",
        "escalate",
        "final-control",
        "finish",
        "last-hand",
        "lift",
        "logout",
        "move",
        "override",
        "pay",  # a jackpot slip paid at the cage (issue 44)
        "pin-unlock",
        "reduce",
        "remove-absentees",  # TOUR-02: late registration closed
        "replan",  # a rota re-planned from now: its new version (issue 44 §3)
        "reprint",
        "resume",
        "return",
        "reverse",
        "review",
        "rotate-deck",
        "seat",
        "sign",
        "signatures",  # signs the report, answers its signing state
        "signed-copy",
        "start-play",
        "status",
        "suspend",
        "token",
        "undo",
        "unregister",  # a tournament entry refunded before the start
        "void",
    }
)
#: The last word of every POST path that adds a record to a collection: 201 (202 queued).
COLLECTIONS = frozenset(
    {
        "appeals",  # a player's appeal of a sanction (SANC-01)
        "box-counts",  # a jackpot box counted (issue 44)
        "buyins",
        "cash-outs",
        "checklists",
        "claims",  # a jackpot claim filed for a hand (issue 44)
        "chip-races",  # a tournament table's colour-up (TDA 24, 25)
        "closing-checklist",
        "consents",  # a player's consent to a tournament deal
        "colour-changes",
        "corrections",
        "dealer-changes",
        "deals",  # a tournament deal proposed
        "deck-deliveries",
        "deck-stores",
        "departures",
        "drop-counts",
        "eliminations",  # a tournament bust
        "entries",  # a tournament entry or re-entry, paid at the cage
        "events",
        "exclusion-lists",
        "exclusions",
        "explanations",
        "gaming-days",
        "hands",
        "hidden-chips",  # TOUR-04
        "imports",
        "in-hand-changes",
        "incidents",
        "key-handouts",
        "live",
        "payouts",  # a tournament payout table proposed
        "players",
        "policy",  # a new version of the cage settings (GEN-04)
        "preparation-checklist",  # the gaming day's (issue 17 §4)
        "proposals",
        "purchases",  # a tournament rebuy or add-on
        "reports",
        "revalidations",
        "rotations",  # the dealers' rota of the day (issue 44 §3)
        "sanctions",
        "seats",
        "sessions",
        "settings",
        "settlement",  # a tournament's cash counted at the cage
        "shift-changes",
        "slips",
        "structures",  # a tournament structure
        "supervisor-relief",
        "table-ops-settings",
        "tables",
        "tip-changes",
        "tournaments",
        "versions",  # a new version of a tournament structure
        "vip-referrals",
        "waiting-list",
    }
)


def post_kind(path: str) -> str:
    """``"action"`` or ``"create"`` for a POST path, from its last word ("" if unnamed)."""
    last = [part for part in path.strip("/").split("/") if not part.startswith("{")][-1]
    if last in ACTIONS:
        return "action"
    if last in COLLECTIONS:
        return "create"
    return ""


def _dig(data: Any, path: str) -> Any:
    for key in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


class CreatesMixin:
    """For an API view whose POST creates a record with a detail route of its own."""

    #: The URL name of the new record's detail route (it takes ``pk``).
    location_route: str = ""
    #: Where the new record's id is in the answer: ``id``, ``entry.id``, ``job``…
    location_id: str = "id"

    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Response:
        response = super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
        if request.method == "POST" and response.status_code in CREATED_STATUSES:
            pk = _dig(getattr(response, "data", None), self.location_id)
            if pk is not None and self.location_route:
                url = reverse(self.location_route, kwargs={"pk": pk})
                response[LOCATION] = request.build_absolute_uri(url)
        return response
