"""A sanction form filled from a hand's irregularity (HREC-10).

An irregularity whose ruling proposes a sanction links to the sanctions page with the
hand's facts as the form's initial values: ``?new_session=…&new_hand_number=…``. The
``new_`` prefix keeps them apart from the ledger's filters (``player``, ``conduct``…).
They are proposals in a form: the sanction services check every one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

INITIAL_PREFIX = "new_"
INITIAL_FIELDS = (
    "session",
    "player",
    "player_description",
    "conduct",
    "conduct_text",
    "hand_number",
    "players_in_hand",
    "reason",
)

# The engine's conduct codes (poker.rulings_common.ConductCode) as the sanction
# catalogue's (tables.conduct.CONDUCTS): the same conduct, two vocabularies.
ENGINE_CONDUCT: dict[str, str] = {
    "SANC-10a": "third_party",
    "SANC-10b": "disruptive",
    "SANC-10c": "chip_dumping",
    "SANC-10d": "staff_disrespect",
    "SANC-10e": "showing_hand",
    "SANC-10f": "commenting_hand",
    "SANC-10g": "reading_cards",
    "SANC-10h": "no_bet_agreement",
    "SANC-12-out-of-turn": "out_of_turn",
    "SANC-12-misstated-hand": "misstated_hand",
    "SANC-12-hidden-chips": "hidden_chips",
    "SANC-12-defective-card": "undeclared_defective_card",
    "SANC-12-left-seat": "left_seat_in_action",
    "CONDUCT-01": "phone_use",
    "CONDUCT-02": "information_advice",
    "CONDUCT-04": "information_advice",
    "PLAY-02": "chips_not_visible",
}


def _get(obj: Any, key: str) -> Any:
    """A field of a record or of its plain-data view (``hands.presenters``)."""
    if isinstance(obj, Mapping):
        return obj.get(key)
    return getattr(obj, key, None)


def proposes_sanction(irregularity: Any) -> bool:
    ruling = _get(irregularity, "ruling") or {}
    return bool(ruling.get("sanctions")) or _get(irregularity, "outcome") == "sanction_proposal"


def initial_values(hand: Any, irregularity: Any = None) -> dict[str, str]:
    """The form's fields from the hand (``hands.models.Hand``) and one of its irregularities,
    or from the hand alone (HREC-10: any hand record offers the form, with its reference)."""
    sanctions = (_get(irregularity, "ruling") or {}).get("sanctions") or [{}]
    proposal = sanctions[0]
    seat = proposal.get("seat") or _get(irregularity, "seat")
    seated = next((s for s in hand.seats.all() if s.seat == seat), None) if seat else None
    name = (seated.name if seated else "") or "—"
    engine_code = str(proposal.get("conduct") or "")
    conduct = ENGINE_CONDUCT.get(engine_code, "other" if engine_code else "")
    values = {
        "session": hand.session_id,
        "player": seated.player_id if seated else None,
        "player_description": _("Seat %(seat)s · %(name)s") % {"seat": seat, "name": name}
        if seat
        else "",
        "conduct": conduct,
        "conduct_text": engine_code if conduct == "other" else "",
        "hand_number": hand.number,
        "players_in_hand": hand.players_dealt,
        "reason": (
            _("Hand %(number)s at table %(table)s (record %(id)s): %(kind)s.")
            % {
                "number": hand.number,
                "table": hand.table.number,
                "id": hand.pk,
                "kind": _get(irregularity, "kind"),
            }
            if irregularity is not None
            else _("Hand %(number)s at table %(table)s (record %(id)s).")
            % {"number": hand.number, "table": hand.table.number, "id": hand.pk}
        ),
    }
    return {k: str(v) for k, v in values.items() if v not in (None, "")}


def form_url(hand: Any, irregularity: Any = None) -> str:
    query = {INITIAL_PREFIX + k: v for k, v in initial_values(hand, irregularity).items()}
    return f"{reverse('tables:sanctions')}?{urlencode(query)}#impose"


def initial_from_query(query: Mapping[str, Any]) -> dict[str, str]:
    """The initial values the sanctions page read from its query string."""
    return {
        name: str(query.get(INITIAL_PREFIX + name))
        for name in INITIAL_FIELDS
        if query.get(INITIAL_PREFIX + name)
    }
