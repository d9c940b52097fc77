"""The permission matrix: every API endpoint and every page × every role (issue 9 §1).

One declaration of who may call what. ``tests/security/test_permission_matrix.py``
calls each entry as anonymous and as each of the eight roles and compares the
answer with this table; a URL pattern (or a ``tables:act`` action, or an API
method) that has no entry here fails the test, so a new endpoint cannot ship
without someone deciding who may use it.

The role sets are written out by hand on purpose, not derived from
``casino.roles.ROLE_PERMISSIONS``: if a permission is granted to the wrong role,
the matrix and the code disagree and the test says so.

Letters: C croupier, S supervisor, P pit boss, M shift manager, X security,
K cage cashier, V surveillance, A auditor.

Fields of an :class:`Entry`:

- ``roles``: the roles allowed; every other role must be refused (401/403, or on
  a page a refusal message) and nothing may change in the database.
- ``anonymous``: whether a request without login is allowed (login, health...).
- ``late``: the view fetches the record before it refuses the role, so with an id
  that does not exist a refused role gets 404 instead of 403 (it can tell whether
  an id exists, nothing more). The refusal itself is proven with real records.
  Each one is listed in docs/reliability.md as a gap to close.
- ``body``: the JSON (API) or form (page) sent, so that a view that reads its input
  before it checks the role reaches the check.
- ``obj``: the model whose id fills ``<pk>`` in the real-records pass.
- ``variant``: distinguishes entries of one URL whose permission depends on the input
  (a pack's target state, an attestation's kind, a sanction's level).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from casino.roles import Role

C = Role.CROUPIER
S = Role.SUPERVISOR
P = Role.PIT_BOSS
M = Role.SHIFT_MANAGER
X = Role.SECURITY
K = Role.CAGE_CASHIER
V = Role.SURVEILLANCE
A = Role.AUDITOR

ALL = frozenset(Role)
NONE: frozenset[Role] = frozenset()
# Read permissions as granted in ROLE-01/ROLE-02 (written out, see the module doc).
TABLES_READ = ALL
DECKS_READ = frozenset({S, P, M, X, V, A})
SANCTIONS_READ = frozenset({S, P, M, A})
HANDS_READ = frozenset({C, S, P, M, V, A})
CAGE_READ = frozenset({S, P, M, K, A})
CAGE_EXPECTED = frozenset({S, P, M, A})  # the cage counts blind (issue 6 item 8)
REPORTS_READ = frozenset({S, P, M, K, A})
# The cage cashier requests reports too: the slips it issues (RPT-03, roles f9e30ad).
REPORTS_REQUEST = frozenset({S, P, M, K, A})
REPORT_SIGNERS = frozenset({S, P})  # CLOSE-11: control, sector and player tracking sheets
SLIP_QUEUE = frozenset({S, P, M, X, K, A})  # the cage, the floor and security (carries)
FLOOR = frozenset({S, P})  # open/close sessions, counts, dealer changes, seating
BOSSES = frozenset({P, M})  # suspend, acknowledge, sanctions, voids, explanations
HAND_LOGGERS = frozenset({C, S})
HAND_FIXERS = frozenset({C, S, P, M})  # correct a hand: who logs it or who reviews it
SHEET_SIGNERS = frozenset({C, S, P})  # ROLE-14
SLIP_SIGNERS = frozenset({P, K, X, C, S})  # the five signatures of a slip
KEY_KEEPERS = frozenset({S, P, M})  # OPEN-01
# Issue 17 §1, §2: names for the floor; the identity for pit boss, manager, surveillance.
PLAYERS_READ = frozenset({S, P, M, V, A})
INCIDENTS_READ = frozenset({C, S, P, M, V, A})  # issue 17 §3
INCIDENTS_WRITE = frozenset({C, S, P, M})  # AUTH-01: the escalation path
IDENTITY_READ = frozenset({P, M, V})
EXCLUSIONS_READ = frozenset({P, M, V, A})
ONLY = frozenset


@dataclass(frozen=True)
class Entry:
    name: str  # URL name, "namespace:name" for pages, "tables:act[<action>]" for actions
    method: str
    roles: frozenset[Role]
    anonymous: bool = False
    late: bool = False
    body: dict[str, Any] = field(default_factory=dict)
    obj: str | None = None
    variant: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.name, self.method, self.variant)


def _e(name: str, method: str, roles: frozenset[Role], **kw: Any) -> Entry:
    return Entry(name, method, roles, **kw)


SESSION = "tables.TableSession"
TABLE = "tables.Table"
SHIFT_CHANGE = "tables.ShiftChange"
FUND = "promotions.Fund"
CLAIM = "promotions.JackpotClaim"
CLAIM_SIGNERS = frozenset({S, V, M})  # issue 44: the table's supervisor, surveillance, manager
# The three signatures of a shift change, by slot: the slot names the role signed in.
SHIFT_CHANGE_SLOTS: list[tuple[str, frozenset[Role], dict[str, Any]]] = [
    ("outgoing_supervisor", ONLY({S}), {"slot": "outgoing_supervisor"}),
    ("pit_boss", BOSSES, {"slot": "pit_boss", "override_reason": "x"}),
    ("incoming_supervisor", ONLY({S}), {"slot": "incoming_supervisor"}),
]

# The rota of the world's day (tests/security/world.py): plan the world's table, re-plan it.
ROTA = "rota.RotaPlan"
ROTA_PLAN = {
    "croupiers": ["croupier"],
    "tables": ["$table"],
    "starts_at": "2030-01-01T10:00:00Z",
    "ends_at": "2030-01-01T18:00:00Z",
}
ROTA_REPLAN = {"table": "$table", "change": "close"}

# Tournaments (issue 42), as casino/roles.py grants their permissions (written out).
TOURNAMENT = "tournaments.Tournament"
TOUR_READ = frozenset({C, S, P, M, K, A})  # VIEW_TOURNAMENTS
TOUR_MANAGE = BOSSES  # MANAGE_TOURNAMENTS: structures, tournaments, payout tables
TOUR_RUN = frozenset({S, P, M})  # RUN_TOURNAMENT: draw, clock, moves, busts, deals
TOUR_MOVE = frozenset({C, S, P})  # CONFIRM_TOURNAMENT_MOVE: the dealer's move slip
TOUR_CAGE = ONLY({K})  # RECORD_TOURNAMENT_ENTRY, PAY_TOURNAMENT_PRIZE
TOUR_APPROVE = ONLY({M})  # APPROVE_TOURNAMENT_PAYOUTS: payouts, deals, the settlement
# The page's forms (tournaments.views.ACTIONS), by the permission of the service each calls.
TOURNAMENT_ACTIONS: dict[str, frozenset[Role]] = {
    "register": TOUR_CAGE,
    "waiting": TOUR_CAGE,
    "purchase": TOUR_CAGE,
    "unregister": TOUR_CAGE,
    "arrive": TOUR_RUN,
    "draw": TOUR_RUN,
    "table-add": TOUR_RUN,
    "balance": TOUR_RUN,
    "confirm": TOUR_MOVE,
    "clock": TOUR_RUN,
    "bust": TOUR_RUN,
    "correct": TOUR_RUN,
    "absentees": TOUR_RUN,
    "payouts": TOUR_MANAGE,
    "approve": TOUR_APPROVE,
    "pay": TOUR_CAGE,
    "deal": TOUR_RUN,
    "consent": TOUR_RUN,
    "deal-approve": TOUR_APPROVE,
    "settle": TOUR_CAGE,
    "settle-sign": TOUR_APPROVE,
}

# --------------------------------------------------------------------------------- API
API: list[Entry] = [
    # kernel
    _e("health", "GET", ALL, anonymous=True),
    _e("health-slash", "GET", ALL, anonymous=True),  # issue 40: /health/ answers too
    _e("api-schema", "GET", ALL, anonymous=True),
    _e("api-docs", "GET", ALL, anonymous=True),
    _e("api-me", "GET", ALL),
    _e("api-token", "POST", ALL, anonymous=True, body={"username": "nobody", "password": "x"}),
    # issue 12 §9: every user logs out, lists and revokes their own tokens (others': 404)
    _e("api-logout", "POST", ALL),
    _e("api-tokens", "GET", ALL),
    _e("api-token-revoke", "DELETE", ALL),
    # issue 12 §3: a pit boss (or the shift manager) lifts a croupier's PIN lock
    _e("api-staff-pin-unlock", "POST", BOSSES, obj="casino.User", body={"reason": "x"}),
    _e("api-audit-events", "GET", ONLY({M, V, A})),
    _e("api-gaming-days", "GET", TABLES_READ),
    _e("api-gaming-days", "POST", ONLY({M}), body={"business_date": "2031-01-02"}),
    _e("api-gaming-day-close", "POST", ONLY({M}), obj="casino.GamingDay"),
    # tables: tables, settings, sessions
    _e("api-tables-list", "GET", TABLES_READ),
    _e("api-tables-list", "POST", ONLY({M}), body={}),  # issue 15 §5: MANAGE_SETTINGS
    _e("api-tables-detail", "GET", TABLES_READ, obj=TABLE),
    _e("api-tables-settings", "POST", ONLY({M}), obj=TABLE, body={"reason": "x"}),
    _e("api-tables-settings", "GET", TABLES_READ, obj=TABLE),  # issue 15 §5
    # What an opening needs (issue 15 §5): read by everyone who sees the tables.
    _e("api-tables-settings-history", "GET", TABLES_READ, obj=TABLE),
    _e("api-tables-chip-set", "GET", TABLES_READ, obj=TABLE),
    _e("api-tables-checklists", "GET", TABLES_READ),
    _e(
        "api-tables-session-open",
        "POST",
        FLOOR,
        obj=TABLE,
        body={"supervisor": "supervisor", "croupier": "croupier"},
    ),
    _e("api-tables-ops-settings", "GET", TABLES_READ),
    _e("api-tables-ops-settings", "POST", ONLY({M}), body={"reason": "x"}),
    # PREP-01 (issue 17 §4): the day's checklist, read by all, signed by the shift manager.
    _e("api-tables-preparation-checklist", "GET", TABLES_READ),
    _e("api-tables-preparation-checklist", "POST", ONLY({M}), body={"spaces_inspected": True}),
    _e("api-tables-session", "GET", TABLES_READ, obj=SESSION),
    _e("api-tables-session-readiness", "GET", TABLES_READ, obj=SESSION),
    _e("api-tables-session-start-play", "POST", FLOOR, obj=SESSION),
    _e("api-tables-session-suspend", "POST", BOSSES, obj=SESSION, body={"reason": "x"}),
    _e("api-tables-session-resume", "POST", BOSSES, obj=SESSION),
    _e(
        "api-tables-session-last-hand",
        "POST",
        FLOOR,
        obj=SESSION,
        body={"last_hand_number": 99},
    ),
    _e(
        "api-tables-session-closing",
        "POST",
        FLOOR,
        obj=SESSION,
        body={"security_officer": "security"},
    ),
    _e("api-tables-dealer-change", "POST", FLOOR, obj=SESSION, body={"incoming": "croupier2"}),
    _e(
        "api-tables-supervisor-relief",
        "POST",
        BOSSES,
        obj=SESSION,
        body={"incoming": "supervisor2", "reason": "descanso del supervisor"},
    ),  # issue 12 §1
    _e(
        "api-tables-session-event",
        "POST",
        ONLY({V}),
        obj=SESSION,
        variant="surveillance_notified",
        body={"kind": "surveillance_notified"},
    ),
    _e(
        "api-tables-session-event",
        "POST",
        ONLY({X}),
        obj=SESSION,
        variant="security_present",
        body={"kind": "security_present"},
    ),
    _e(
        "api-tables-session-event",
        "POST",
        FLOOR,
        obj=SESSION,
        variant="lids_removal_authorised",
        body={"kind": "lids_removal_authorised", "person": "shift_manager"},
    ),
    _e(
        "api-tables-session-event",
        "POST",
        BOSSES,  # CLOSE-14: the pit boss inspects, not the supervisor
        obj=SESSION,
        variant="table_inspected",
        body={"kind": "table_inspected"},
    ),
    _e(
        "api-tables-session-event",
        "POST",
        BOSSES,
        obj=SESSION,
        variant="croupier_released",
        body={"kind": "croupier_released", "person": "croupier"},
    ),
    _e("api-tables-deck-rotate", "POST", ONLY({C, S, P}), obj=SESSION, body={}),
    _e("api-tables-prep-checklist", "POST", FLOOR, obj=SESSION, body={"items": {}}),
    _e("api-tables-prep-override", "POST", FLOOR, obj=SESSION, body={"reason": "x"}),
    _e("api-tables-closing-checklist", "POST", FLOOR, obj=SESSION, body={"items": {}}),
    # tables: shift changes (issue 14 §3): recorded by the sector's pit boss or the shift
    # manager; signed by the outgoing supervisor, the pit boss (the shift manager only as
    # an override with a reason) and the incoming supervisor, one entry per slot.
    _e("api-tables-shift-changes", "GET", TABLES_READ, obj=SESSION),
    _e(
        "api-tables-shift-changes",
        "POST",
        BOSSES,
        obj=SESSION,
        body={"incoming": "supervisor2", "lines": []},
    ),
    _e("api-tables-shift-change", "GET", TABLES_READ, obj=SHIFT_CHANGE),
    *[
        _e(
            "api-tables-shift-change-sign",
            "POST",
            roles,
            late=True,
            obj="signable:shift_change",
            variant=slot,
            body=body,
        )
        for slot, roles, body in SHIFT_CHANGE_SLOTS
    ],
    # tables: sheets
    _e("api-tables-sheets-to-sign", "GET", TABLES_READ),
    _e("api-tables-opening", "GET", TABLES_READ, obj="tables.OpeningSheet"),
    _e(
        "api-tables-opening-count",
        "POST",
        FLOOR,
        obj="tables.OpeningSheet",
        body={"lines": []},
    ),
    # Who signs is decided by the document: the roles it requires (ROLE-14).
    _e(
        "api-tables-opening-sign",
        "POST",
        SHEET_SIGNERS,
        late=True,
        obj="signable:opening",
        body={"role": "$role"},
    ),
    _e(
        "api-tables-opening-copies",
        "POST",
        FLOOR,
        obj="tables.OpeningSheet",
        body={"copy": "drop_box"},
    ),
    _e(
        "api-tables-discrepancy-acknowledge",
        "POST",
        BOSSES,
        obj="tables.Discrepancy",
        body={"note": "x"},
    ),
    _e("api-tables-closing", "GET", TABLES_READ, obj="tables.ClosingSheet"),
    _e(
        "api-tables-closing-count",
        "POST",
        FLOOR,
        obj="tables.ClosingSheet",
        body={"lines": []},
    ),
    _e(
        "api-tables-closing-empty-bank",
        "POST",
        FLOOR,
        obj="tables.ClosingSheet",
        body={"croupier": "croupier", "pin": "1234"},
    ),
    _e(
        "api-tables-closing-sign",
        "POST",
        SHEET_SIGNERS,
        late=True,
        obj="signable:closing",
        body={"role": "$role"},
    ),
    _e(
        "api-tables-closing-copies",
        "POST",
        FLOOR,
        obj="tables.ClosingSheet",
        body={"copy": "drop_box"},
    ),
    # tables: decks
    _e("api-tables-packs", "GET", DECKS_READ),
    _e("api-tables-pack", "GET", DECKS_READ, obj="tables.Pack"),
    _e(
        "api-tables-pack-move",
        "POST",
        ONLY({P}),
        obj="tables.Pack",
        variant="issued",
        body={"to": "issued"},
    ),
    _e(
        "api-tables-pack-move",
        "POST",
        ONLY({X}),
        obj="tables.Pack",
        variant="destroyed",
        body={"to": "destroyed"},
    ),
    _e(
        "api-tables-pack-move",
        "POST",
        ONLY({C, S, P}),
        obj="tables.Pack",
        variant="in_play",
        body={"to": "in_play"},
    ),
    _e("api-tables-deck-events", "GET", DECKS_READ),
    _e(
        "api-tables-deck-delivery",
        "POST",
        ONLY({X}),
        body={"store": "$store", "packs": [{"serial": "Z9", "colour": "rojo"}]},
    ),
    _e("api-tables-deck-receipt-sign", "POST", ONLY({P}), obj="tables.DeckReceipt"),
    _e("api-tables-deck-alerts", "GET", DECKS_READ),
    _e("api-tables-deck-stores", "GET", DECKS_READ),
    _e("api-tables-deck-stores", "POST", ONLY({M}), body={"code": "Z9"}),  # issue 15 §5
    _e("api-tables-deck-reconciliation", "GET", DECKS_READ, obj="tables.DeckStore"),
    _e(
        "api-tables-deck-final-control",
        "POST",
        ONLY({M}),
        obj="tables.DeckStore",
        body={"counted": []},
    ),
    # tables: sanctions
    _e("api-tables-sanctions", "GET", SANCTIONS_READ),
    _e(
        "api-tables-sanctions",
        "POST",
        BOSSES,
        variant="warning",
        body={"conduct": "disruptive", "level": "warning", "player": "$player", "reason": "x"},
    ),
    _e(
        "api-tables-sanctions",
        "POST",
        ONLY({M}),
        variant="expulsion",
        body={"conduct": "chip_dumping", "level": "expulsion", "player": "$player", "reason": "x"},
    ),
    _e(
        "api-tables-sanction-propose",
        "POST",
        FLOOR,
        body={"conduct": "disruptive", "player": "$player", "reason": "x"},
    ),
    _e("api-tables-sanction-suggestion", "GET", SANCTIONS_READ),
    _e("api-tables-conducts", "GET", SANCTIONS_READ),
    _e("api-tables-sanction", "GET", SANCTIONS_READ, obj="tables.SanctionEntry"),
    _e(
        "api-tables-sanction-lift",
        "POST",
        BOSSES,
        obj="tables.SanctionEntry",
        body={"reason": "x"},
    ),
    _e(
        "api-tables-sanction-reduce",
        "POST",
        BOSSES,
        obj="tables.SanctionEntry",
        body={"level": "warning", "reason": "x"},
    ),
    # SANC-01: a player's appeal, taken by the floor (who proposes); decided by the bosses
    # (the level's authority, SANC-02: a severe level by management only).
    _e(
        "api-tables-sanction-appeal",
        "POST",
        FLOOR,
        obj="tables.SanctionEntry",
        body={"grounds": "x"},
    ),
    _e(
        "api-tables-sanction-appeal-decide",
        "POST",
        BOSSES,
        obj="tables.SanctionEntry",
        body={"outcome": "upheld", "reason": "x"},
    ),
    _e("api-tables-player-sanctions", "GET", SANCTIONS_READ, obj="players.Player"),
    # hands: the incident log (issue 17 §3; ROLE-06, AUTH-01): read by the floor,
    # surveillance and the auditor; recorded and held by the escalation path's four levels
    # (a level that does not hold the incident gets 409, not 403).
    _e("api-incident-list", "GET", INCIDENTS_READ),
    _e(
        "api-incident-list",
        "POST",
        INCIDENTS_WRITE,
        body={"kind": "player_request", "description": "Pide cambio de mesa."},
    ),
    _e("api-incident-detail", "GET", INCIDENTS_READ, obj="hands.Incident"),
    _e(
        "api-incident-escalate",
        "POST",
        INCIDENTS_WRITE,
        obj="hands.Incident",
        body={"to_level": "shift_manager", "reason": "x"},
    ),
    _e(
        "api-incident-decide", "POST", INCIDENTS_WRITE, obj="hands.Incident", body={"decision": "x"}
    ),
    _e("api-incident-close", "POST", INCIDENTS_WRITE, obj="hands.Incident", body={"outcome": "x"}),
    # tables: players and exclusions (issue 17 §1, §2)
    _e("api-tables-players", "GET", PLAYERS_READ),
    _e(
        "api-tables-players",
        "POST",
        ONLY({S, P, M}),
        body={"display_name": "Eva", "document_type": "dni", "document_number": "20111222"},
    ),
    _e("api-tables-player", "GET", PLAYERS_READ, obj="players.Player"),
    _e("api-tables-player-identity", "GET", IDENTITY_READ, obj="players.Player"),
    _e("api-tables-exclusions", "GET", EXCLUSIONS_READ),
    _e(
        "api-tables-exclusions",
        "POST",
        BOSSES,
        body={"player": "$player", "ends_on": "2099-01-01"},
    ),
    _e("api-tables-exclusion", "GET", EXCLUSIONS_READ, obj="players.Exclusion"),
    _e(
        "api-tables-exclusion-lift",
        "POST",
        BOSSES,
        obj="players.Exclusion",
        body={"reason": "x"},
    ),
    _e("api-tables-exclusion-lists", "GET", EXCLUSIONS_READ),
    _e(
        "api-tables-exclusion-lists",
        "POST",
        ONLY({M}),
        body={"source": "R", "list_date": "2026-01-01", "content": "x"},
    ),
    _e("api-tables-exclusion-list", "GET", EXCLUSIONS_READ, obj="players.ExclusionList"),
    _e("api-tables-exclusion-hits", "GET", EXCLUSIONS_READ),
    # SEAT-12, RPT-14: the supervisor (or the sector's pit boss) refers; management reads.
    _e("api-tables-vip-referrals", "GET", ONLY({P, M, A})),
    _e(
        "api-tables-vip-referrals",
        "POST",
        ONLY({S, P}),
        body={"player": "$player", "session": "$session", "reason": "x"},
    ),
    # tables: keys (OPEN-01: the shift manager, pit bosses and supervisors keep the keys)
    _e("api-tables-keys", "GET", TABLES_READ),
    _e(
        "api-tables-keys",
        "POST",
        KEY_KEEPERS,
        late=True,
        body={"key_label": "Llave 9", "holder": "pit_boss"},
    ),
    _e("api-tables-key-return", "POST", KEY_KEEPERS, late=True, obj="tables.KeyHandout"),
    # cage: the table
    _e("api-cage-table-card", "GET", CAGE_EXPECTED, obj=SESSION),
    _e("api-cage-buyins", "POST", ONLY({S}), obj=SESSION, body={}),
    _e("api-cage-colour-changes", "POST", ONLY({S}), obj=SESSION, body={}),
    _e("api-cage-cash-outs", "POST", ONLY({S}), obj=SESSION, body={}),
    _e("api-cage-tip-changes", "POST", ONLY({S}), obj=SESSION, body={}),
    _e("api-cage-in-hand-changes", "POST", ONLY({S}), obj=SESSION, body={}),
    _e("api-cage-departures", "POST", ONLY({S}), obj=SESSION, body={}),
    _e(
        "api-cage-reverse",
        "POST",
        FLOOR,
        obj="cage.TableTransaction",
        body={"reason": "x"},
    ),
    # cage: fills and credits
    _e("api-cage-slip-request", "POST", ONLY({P}), obj=SESSION, body={}),
    _e("api-cage-slips", "GET", SLIP_QUEUE),
    _e("api-cage-slip", "GET", SLIP_QUEUE, obj="cage.Slip"),
    _e(
        "api-cage-slip-sign",
        "POST",
        SLIP_SIGNERS,
        late=True,
        obj="cage.Slip",
        body={"role": "$role"},
    ),
    _e("api-cage-slip-void", "POST", BOSSES, obj="cage.Slip", body={"reason": "x"}),
    _e("api-cage-void-confirm", "POST", BOSSES, obj="cage.SlipVoid"),
    # cage: the books
    _e("api-cage-drop-counts", "POST", ONLY({K}), obj=SESSION, body={}),
    _e("api-cage-session-reconciliation", "GET", CAGE_EXPECTED, obj=SESSION),
    _e("api-cage-explanations", "POST", BOSSES, obj=SESSION, body={}),
    _e("api-cage-par-restoration", "GET", CAGE_READ, obj=SESSION),
    _e("api-cage-day-reconciliation", "GET", CAGE_EXPECTED, obj="casino.GamingDay"),
    _e("api-cage-cash-alerts", "GET", CAGE_READ),
    _e("api-cage-policy", "GET", CAGE_READ),
    _e("api-cage-policy", "POST", ONLY({M}), body={}),
    # hands
    _e("api-hands-list", "GET", HANDS_READ),
    _e("api-hands-list", "POST", HAND_LOGGERS, body={}),
    _e("api-hands-detail", "GET", HANDS_READ, obj="hands.Hand"),
    _e("api-hands-replay", "GET", HANDS_READ, obj="hands.Hand"),
    _e("api-hands-correct", "POST", HAND_FIXERS, obj="hands.Hand", body={"reason": "x"}),
    _e("api-hands-override", "POST", HAND_FIXERS, obj="hands.Hand", body={"reason": "x"}),
    _e("api-hands-review", "POST", BOSSES, obj="hands.Hand", body={}),
    _e("api-hands-live-start", "POST", HAND_LOGGERS, body={}),
    _e("api-hands-live", "GET", HAND_LOGGERS, obj="hands.LiveHand"),
    _e("api-hands-live-act", "POST", HAND_LOGGERS, obj="hands.LiveHand", body={}),
    _e("api-hands-live-undo", "POST", HAND_LOGGERS, obj="hands.LiveHand"),
    _e("api-hands-live-finish", "POST", HAND_LOGGERS, obj="hands.LiveHand", body={}),
    _e("api-hands-live-abandon", "POST", HAND_LOGGERS, obj="hands.LiveHand", body={}),
    _e("api-hands-export", "GET", HANDS_READ, obj=SESSION),
    _e("api-hands-import", "POST", FLOOR, obj=SESSION, body={}),
    _e("api-hands-import-job", "GET", HANDS_READ, obj="hands.ImportJob"),
    _e("api-hands-revalidate", "POST", ONLY({M}), body={}),
    _e("api-hands-revalidation", "GET", HANDS_READ, obj="hands.RevalidationRun"),
    _e("api-hands-seats", "GET", HANDS_READ, obj=SESSION),
    _e("api-hands-seats", "POST", FLOOR, obj=SESSION, body={}),
    _e("api-hands-seat-status", "POST", FLOOR, obj=SESSION, body={}),
    _e("api-hands-button-draw", "POST", FLOOR, obj=SESSION, body={}),
    _e("api-hands-waiting-list", "GET", HANDS_READ, obj=TABLE),
    _e("api-hands-waiting-list", "POST", FLOOR, obj=TABLE, body={}),
    _e("api-hands-waiting-seat", "POST", FLOOR, obj="tables.WaitingEntry", body={}),
    _e("api-hands-waiting-cancel", "POST", FLOOR, obj="tables.WaitingEntry", body={}),
    # reports (RPT-17 narrows what each role sees inside; these are the gates)
    _e("api-reports-kinds", "GET", REPORTS_READ),
    _e("api-reports", "GET", REPORTS_READ),
    _e("api-reports", "POST", REPORTS_REQUEST, body={}),
    _e("api-reports-detail", "GET", REPORTS_READ, obj="reports.Report"),
    _e("api-reports-download", "GET", REPORTS_READ, obj="reports.Report"),
    _e("api-reports-reprint", "POST", REPORTS_REQUEST, obj="reports.Report"),
    # Signing the closing reports (CLOSE-11): the sheets name supervisors and pit bosses;
    # whoever may see a report sees its signatures; a signed copy is a report request.
    _e("api-reports-signatures", "GET", REPORTS_READ, obj="reports.Report"),
    _e("api-reports-signatures", "POST", REPORT_SIGNERS, obj="reports.Report"),
    _e("api-reports-signed-copy", "POST", REPORTS_REQUEST, obj="reports.Report"),
    # the dealers' rota (issue 44 §3): every floor role reads it, the bosses plan it
    _e("api-rotations", "GET", TABLES_READ),
    _e("api-rotations", "POST", BOSSES, body=ROTA_PLAN),
    _e("api-rotation", "GET", TABLES_READ, obj=ROTA),
    _e("api-rotation-replan", "POST", BOSSES, obj=ROTA, body=ROTA_REPLAN),
    _e("api-rotation-actual", "GET", TABLES_READ, obj=ROTA),
    # Promotion funds (issue 44): paths with "jackpot".
    _e("api-jackpots", "GET", HANDS_READ),
    _e("api-jackpot", "GET", HANDS_READ, obj=FUND),
    _e("api-jackpot-ledger", "GET", HANDS_READ, obj=FUND),
    _e("api-jackpot-count", "POST", ONLY({K}), obj=FUND, body={}),
    _e("api-jackpot-claims", "POST", HAND_LOGGERS, obj=FUND, body={}),
    _e("api-jackpot-period", "GET", HANDS_READ, obj=FUND),
    _e("api-jackpot-period-claims", "POST", HAND_LOGGERS, obj=FUND, body={}),
    _e("api-jackpot-hand", "GET", HANDS_READ, obj="hands.Hand"),
    _e("api-jackpot-claim", "GET", HANDS_READ, obj=CLAIM),
    _e("api-jackpot-claim-sign", "POST", CLAIM_SIGNERS, obj=CLAIM, body={"role": "$role"}),
    _e("api-jackpot-slip-pay", "POST", ONLY({K}), obj="promotions.JackpotSlip"),
    # Tournaments (issue 42): every route reads its permission before the body.
    _e("api-tournaments", "GET", TOUR_READ),
    _e("api-tournaments", "POST", TOUR_MANAGE, body={}),
    _e("api-tournament-structures", "GET", TOUR_READ),
    _e("api-tournament-structures", "POST", TOUR_MANAGE, body={}),
    _e(
        "api-tournament-structure-versions",
        "POST",
        TOUR_MANAGE,
        obj="tournaments.StructureTemplate",
        body={},
    ),
    _e("api-tournament", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-entries", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-entries", "POST", TOUR_CAGE, obj=TOURNAMENT, body={}),
    _e("api-tournament-purchases", "POST", TOUR_CAGE, obj=TOURNAMENT, body={}),
    _e("api-tournament-unregister", "POST", TOUR_CAGE, obj=TOURNAMENT, body={}),
    _e("api-tournament-arrive", "POST", TOUR_RUN, obj=TOURNAMENT),
    _e("api-tournament-waiting", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-waiting", "POST", TOUR_CAGE, obj=TOURNAMENT, body={}),
    _e("api-tournament-ledger", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-draw", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-draw", "POST", TOUR_RUN, obj=TOURNAMENT, body={}),
    _e("api-tournament-tables", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-tables", "POST", TOUR_RUN, obj=TOURNAMENT, body={}),
    _e("api-tournament-balance", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-balance", "POST", TOUR_RUN, obj=TOURNAMENT, body={}),
    _e("api-tournament-moves", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-move-confirm", "POST", TOUR_MOVE, obj=TOURNAMENT, body={}),
    _e("api-tournament-clock", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-clock", "POST", TOUR_RUN, obj=TOURNAMENT, body={}),
    _e("api-tournament-eliminations", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-eliminations", "POST", TOUR_RUN, obj=TOURNAMENT, body={}),
    _e("api-tournament-corrections", "POST", TOUR_RUN, obj=TOURNAMENT, body={}),
    _e("api-tournament-hidden", "POST", TOUR_RUN, obj=TOURNAMENT, body={}),
    _e("api-tournament-sanctions", "POST", BOSSES, obj=TOURNAMENT, body={}),  # IMPOSE_SANCTION
    _e("api-tournament-chip-races", "POST", TOUR_RUN, obj=TOURNAMENT, body={}),
    _e("api-tournament-remove-absentees", "POST", TOUR_RUN, obj=TOURNAMENT),
    _e("api-tournament-payouts", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-payouts", "POST", TOUR_MANAGE, obj=TOURNAMENT, body={}),
    _e("api-tournament-payouts-approve", "POST", TOUR_APPROVE, obj=TOURNAMENT),
    _e("api-tournament-slips", "POST", TOUR_CAGE, obj=TOURNAMENT, body={}),
    _e("api-tournament-deals", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-deals", "POST", TOUR_RUN, obj=TOURNAMENT, body={}),
    _e("api-tournament-deal-consents", "POST", TOUR_RUN, obj=TOURNAMENT, body={}),
    _e("api-tournament-deal-approve", "POST", TOUR_APPROVE, obj=TOURNAMENT),
    _e("api-tournament-results", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-qualifiers", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("api-tournament-settlement", "POST", TOUR_CAGE, obj=TOURNAMENT, body={}),
    _e("api-tournament-settlement-sign", "POST", TOUR_APPROVE, obj=TOURNAMENT),
]

# ------------------------------------------------------------------------------- pages
PAGES: list[Entry] = [
    _e("login", "GET", ALL, anonymous=True),
    _e("logout", "POST", ALL, anonymous=True),
    _e("set_language", "POST", ALL, anonymous=True, body={"language": "en"}),
    _e("home", "GET", ALL),
    _e("switch-role", "POST", ALL, body={"role": "auditor"}),
    # tables
    _e("tables:index", "GET", TABLES_READ),
    _e("tables:table", "GET", TABLES_READ, obj=TABLE),
    _e("tables:queue", "GET", TABLES_READ),
    _e("tables:opening", "GET", TABLES_READ, obj="tables.OpeningSheet"),
    _e("tables:closing", "GET", TABLES_READ, obj="tables.ClosingSheet"),
    _e("tables:decks", "GET", DECKS_READ),
    _e("tables:pack", "GET", DECKS_READ, obj="tables.Pack"),
    _e("tables:store", "GET", DECKS_READ, obj="tables.DeckStore"),
    _e("tables:sanctions", "GET", SANCTIONS_READ),
    _e("tables:sanction", "GET", SANCTIONS_READ, obj="tables.SanctionEntry"),
    _e("tables:shift-change", "GET", TABLES_READ, obj=SESSION),  # issue 14 §3
    # cage
    _e("cage:index", "GET", ALL),
    _e("cage:session", "GET", CAGE_EXPECTED, obj=SESSION),
    _e("cage:buyin", "POST", ONLY({S}), obj=SESSION, body={"seat": "1", "amount": "100"}),
    _e("cage:change", "POST", ONLY({S}), obj=SESSION, body={"kind": "colour_change"}),
    _e("cage:departure", "POST", ONLY({S}), obj=SESSION, body={"seat": "1", "stack": "1"}),
    _e("cage:reverse", "POST", FLOOR, obj="cage.TableTransaction", body={"reason": "x"}),
    _e("cage:slips", "GET", SLIP_QUEUE),
    _e("cage:slip-request", "POST", ONLY({P}), body={"session": "$session", "kind": "fill"}),
    _e("cage:slip-sign", "POST", SLIP_SIGNERS, late=True, obj="cage.Slip", body={"role": "$role"}),
    _e("cage:slip-void", "POST", BOSSES, obj="cage.Slip", body={"reason": "x"}),
    _e("cage:void-confirm", "POST", BOSSES, obj="cage.SlipVoid"),
    _e("cage:drop", "GET", ONLY({K}), obj=SESSION),
    _e("cage:drop", "POST", ONLY({K}), obj=SESSION),
    _e("cage:reconciliation", "GET", CAGE_EXPECTED, obj=SESSION),
    _e("cage:explain", "POST", BOSSES, obj=SESSION, body={"finding_key": "x", "explanation": "x"}),
    _e("cage:day-latest", "GET", CAGE_EXPECTED),
    _e("cage:day", "GET", CAGE_EXPECTED, obj="casino.GamingDay"),
    # The page refuses the cage cashier (it shows the tables' cash), the API lets the
    # cage read the alerts (api-cage-cash-alerts): listed in docs/reliability.md.
    _e("cage:alerts", "GET", CAGE_EXPECTED),
    # hands
    _e("hands:list", "GET", HANDS_READ),
    _e("hands:detail", "GET", HANDS_READ, obj="hands.Hand"),
    _e("hands:replay", "GET", HANDS_READ, obj="hands.Hand"),
    _e(
        "hands:resolve",
        "POST",
        HAND_FIXERS,
        obj="hands.Hand",
        variant="override",
        body={"op": "override", "reason": "x"},
    ),
    _e(
        "hands:resolve",
        "POST",
        BOSSES,
        obj="hands.Hand",
        variant="review",
        body={"op": "review", "correction": "0"},
    ),
    _e("hands:correct", "POST", HAND_LOGGERS, obj="hands.Hand"),  # issue 38 §3
    _e("hands:session", "GET", HANDS_READ, obj=SESSION),
    _e("hands:export", "GET", HANDS_READ, obj=SESSION),
    _e("hands:live_start", "GET", HAND_LOGGERS, obj=SESSION),
    _e("hands:live_start", "POST", HAND_LOGGERS, obj=SESSION),
    _e("hands:live", "GET", HAND_LOGGERS, obj="hands.LiveHand"),
    _e("hands:live", "POST", HAND_LOGGERS, obj="hands.LiveHand"),
    _e("hands:import", "GET", HANDS_READ, obj="hands.ImportJob"),
    _e("hands:revalidate", "GET", HANDS_READ),
    _e(
        "hands:revalidate",
        "POST",
        ONLY({M}),
        body={"date_from": "2030-01-01", "date_to": "2030-01-02"},
    ),
    _e("hands:revalidation", "GET", HANDS_READ, obj="hands.RevalidationRun"),
    # reports
    _e("reports:list", "GET", REPORTS_READ),
    _e("reports:create", "POST", REPORTS_REQUEST, body={"kind": "house_rules"}),
    _e("reports:status", "GET", REPORTS_READ, obj="reports.Report"),
    _e("reports:download", "GET", REPORTS_READ, obj="reports.Report"),
    _e("reports:detail", "GET", REPORTS_READ, obj="reports.Report"),
    _e("reports:sign", "POST", REPORT_SIGNERS, obj="reports.Report", body={"role": "$role"}),
    _e("reports:signed-copy", "POST", REPORTS_REQUEST, obj="reports.Report"),
    # the dealers' rota (issue 44 §3)
    _e("rota:index", "GET", TABLES_READ),
    _e("rota:plan", "POST", BOSSES, body=ROTA_PLAN),
    _e("rota:detail", "GET", TABLES_READ, obj=ROTA),
    _e("rota:replan", "POST", BOSSES, obj=ROTA, body=ROTA_REPLAN),
    # the games each croupier may deal: every floor role reads them, the manager records
    _e("rota:croupiers", "GET", TABLES_READ),
    _e(
        "rota:croupier-games",
        "POST",
        ONLY({M}),  # MANAGE_STAFF
        obj="casino.User",
        body={"games": ["no_limit"], "reason": "x"},
    ),
    _e("promotions:index", "GET", HANDS_READ | {K}),
    _e("promotions:fund", "GET", HANDS_READ | {K}, obj=FUND),
    _e("promotions:ledger", "GET", HANDS_READ | {K}, obj=FUND),
    _e("promotions:box-count", "POST", ONLY({K}), obj=FUND, body={}),
    _e("promotions:hand", "GET", HANDS_READ, obj="hands.Hand"),
    _e("promotions:claim-file", "POST", HAND_LOGGERS, obj="hands.Hand"),
    _e("promotions:period-claim", "POST", HAND_LOGGERS, obj=FUND),
    _e("promotions:claim", "GET", HANDS_READ | {K}, obj=CLAIM),
    _e("promotions:claim-sign", "POST", CLAIM_SIGNERS, obj=CLAIM),
    _e("promotions:slip-pay", "POST", ONLY({K}), late=True, obj="promotions.JackpotSlip"),
    # Tournaments (issue 42): the pages read VIEW_TOURNAMENTS; each form by its service.
    _e("tournaments:index", "GET", TOUR_READ),
    _e("tournaments:detail", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("tournaments:tables", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("tournaments:tables-live", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("tournaments:moves", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("tournaments:busts", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("tournaments:clock", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("tournaments:tv", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("tournaments:tv-live", "GET", TOUR_READ, obj=TOURNAMENT),
    _e("tournaments:create[structure]", "POST", TOUR_MANAGE),
    _e("tournaments:create[tournament]", "POST", TOUR_MANAGE),
    # the view finds the tournament (VIEW_TOURNAMENTS) before the form's service refuses
    *(
        _e(f"tournaments:act[{what}]", "POST", roles, late=True, obj=TOURNAMENT)
        for what, roles in TOURNAMENT_ACTIONS.items()
    ),
]

# The floor (issue 8): the supervisor's table screen, the signing queue, the day's dashboard.
FLOOR_PAGES: list[Entry] = [
    _e("floor:tables", "GET", ALL),
    _e("floor:tables-live", "GET", ALL),  # the tiles' poll (issue 13 §8)
    _e("floor:table", "GET", TABLES_READ, obj=TABLE),
    _e("floor:buyin", "GET", ONLY({S}), obj=SESSION),
    _e("floor:buyin", "POST", ONLY({S}), obj=SESSION, body={"seat": "7", "amount": "100"}),
    _e("floor:change", "GET", ONLY({S}), obj=SESSION),
    _e("floor:change", "POST", ONLY({S}), obj=SESSION, body={"kind": "colour_change"}),
    _e("floor:proposal", "GET", CAGE_READ, obj=SESSION),
    _e("floor:phh", "POST", FLOOR, obj=SESSION, body={"content": "variant = 'NT'"}),
    _e("floor:waiting", "POST", FLOOR, obj=SESSION, body={"op": "add", "name": "Eva"}),
    # SEAT-12: a VIP referral from the table screen (its supervisor or the sector's pit boss).
    _e(
        "floor:vip-referral",
        "POST",
        FLOOR,
        obj=SESSION,
        body={"player": "$player", "reason": "Juega seguido"},
    ),
    _e("floor:queue", "GET", ALL),
    # The queue's poll: the roles whose menu offers the queue (issue 13 §8).
    _e("floor:queue-live", "GET", ONLY({S, P, M, X, K})),
    _e("floor:day", "GET", ONLY({M, A})),  # the master report's figures (RPT-07, RPT-17)
    _e("floor:audit", "GET", ONLY({M, V, A})),
    # Issue 17 §2: the refused buy-ins and seatings (a pit boss: his sectors' tables).
    _e("floor:refused-attempts", "GET", EXCLUSIONS_READ),
]


def _queue(kind: str, roles: frozenset[Role], obj: str | None, **kw: Any) -> Entry:
    # The view fetches the record first, then the service answers for the role.
    return Entry(f"floor:queue-act[{kind}]", "POST", roles, late=True, obj=obj, **kw)


QUEUE_ACTIONS: list[Entry] = [
    _queue("opening", SHEET_SIGNERS, "signable:opening"),
    _queue("closing", SHEET_SIGNERS, "signable:closing"),
    _queue("receipt", ONLY({P}), "tables.DeckReceipt"),
    _queue("discrepancy", BOSSES, "tables.Discrepancy", body={"note": "x"}),
    _queue("void", BOSSES, "cage.SlipVoid"),
    # A fill or credit slip's step from the queue: the same service as cage:slip-sign.
    _queue("slip", SLIP_SIGNERS, "cage.Slip", body={"role": "$role"}),
    _queue("variance", BOSSES, SESSION, body={"finding_key": "x", "explanation": "x"}),
    _queue("hand", BOSSES, "hands.Hand", body={"correction": "0"}),
    # A shift change's signature from the queue (issue 14 §3): the same service and slots
    # as api-tables-shift-change-sign.
    *[
        _queue("shift_change", roles, "signable:shift_change", variant=slot, body=body)
        for slot, roles, body in SHIFT_CHANGE_SLOTS
    ],
]

# The table pages post every action to one URL, ``tables:act`` with the action's name.
_ACT = "tables:act"


def _act(action: str, roles: frozenset[Role], obj: str | None, **kw: Any) -> Entry:
    return Entry(f"{_ACT}[{action}]", "POST", roles, late=True, obj=obj, **kw)


ACTIONS: list[Entry] = [
    _act("session-open", FLOOR, TABLE, body={"supervisor": "supervisor", "croupier": "croupier"}),
    _act("checklist", FLOOR, SESSION),
    _act("prep-override", FLOOR, SESSION, body={"reason": "x"}),
    _act("closing-checklist", FLOOR, SESSION),
    _act("start-play", FLOOR, SESSION),
    _act("suspend", BOSSES, SESSION, body={"reason": "x", "cards_handed_to": "pit_boss"}),
    _act("resume", BOSSES, SESSION),
    _act("last-hand", FLOOR, SESSION, body={"last_hand_number": "99"}),
    _act("closing", FLOOR, SESSION, body={"security_officer": "security"}),
    _act("dealer-change", FLOOR, SESSION, body={"incoming": "croupier2"}),
    _act(
        "supervisor-relief",
        BOSSES,
        SESSION,
        body={"incoming": "supervisor2", "reason": "descanso del supervisor"},
    ),  # issue 12 §1
    _act(
        "event",
        ONLY({V}),
        SESSION,
        variant="surveillance_notified",
        body={"kind": "surveillance_notified"},
    ),
    _act("rotate", ONLY({C, S, P}), SESSION, body={"incoming_pack": "$pack"}),
    _act("count", FLOOR, "tables.OpeningSheet", body={"sheet": "opening"}),
    _act("sign", SHEET_SIGNERS, "signable:opening", body={"sheet": "opening", "role": "$role"}),
    _act("shift-change", BOSSES, SESSION, body={"incoming": "supervisor2"}),  # issue 14 §3
    *[
        _act("shift-change-sign", roles, "signable:shift_change", variant=slot, body=body)
        for slot, roles, body in SHIFT_CHANGE_SLOTS
    ],
    _act("acknowledge", BOSSES, "tables.Discrepancy", body={"note": "x"}),
    _act("copy", FLOOR, "tables.OpeningSheet", body={"sheet": "opening", "copy": "drop_box"}),
    _act("empty-bank", FLOOR, "tables.ClosingSheet", body={"croupier": "croupier", "pin": "1"}),
    _act("move", ONLY({P}), "tables.Pack", variant="issued", body={"to": "issued"}),
    _act("move", ONLY({X}), "tables.Pack", variant="destroyed", body={"to": "destroyed"}),
    _act("delivery", ONLY({X}), "tables.DeckStore", body={"serials": "Z1"}),
    _act("receipt-sign", ONLY({P}), "tables.DeckReceipt"),
    _act("final-control", ONLY({M}), "tables.DeckStore"),
    _act(
        "impose",
        BOSSES,
        None,
        variant="warning",
        body={"conduct": "disruptive", "level": "warning", "reason": "x"},
    ),
    _act("propose", FLOOR, None, body={"conduct": "disruptive", "reason": "x"}),
    _act("lift", BOSSES, "tables.SanctionEntry", body={"reason": "x"}),
    _act("reduce", BOSSES, "tables.SanctionEntry", body={"level": "warning", "reason": "x"}),
    _act("appeal", FLOOR, "tables.SanctionEntry", body={"grounds": "x"}),
    _act(
        "decide_appeal",
        BOSSES,
        "tables.SanctionEntry",
        body={"outcome": "upheld", "reason": "x"},
    ),
]

# Django's admin answers to ``is_staff``, which no Mesa role grants: every role and
# anonymous are sent to the admin login, whatever the admin URL.
ADMIN_NAMESPACE = "admin"
ADMIN_ROLES = NONE

ENTRIES: list[Entry] = [*API, *PAGES, *FLOOR_PAGES, *ACTIONS, *QUEUE_ACTIONS]
