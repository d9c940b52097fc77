"""The recorder's record of a hand: normalised from what a client sent (HREC-03), carried
pots (IRREG-03, POT-09) and declared irregularities (IRREG-14)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from casino.errors import DomainError
from hands.cut import normalise_cut
from poker.irregularities import (
    Outcome,  # noqa: F401  (re-exported: the API publishes its values)
)

from ..codes import HandsCode
from .units import CENT

# ---------------------------------------------------------------------------
# Normalised records


def normalise(data: Mapping[str, Any], *, defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The stored JSON form of a hand (money as strings), from parsed input.

    ``defaults`` holds the table's forced bets (``small``, ``big``, ``ante``,
    ``small_bet``, ``big_bet``) and ``structure``; the record keeps what was
    actually posted so that it can be judged again later without the table.
    """
    blinds_in = dict(data.get("blinds") or {})

    def amount(value: Any) -> str | None:
        return None if value is None else str(Decimal(str(value)).quantize(CENT))

    blinds = {
        "small": amount(blinds_in.get("small", defaults["small"])),
        "big": amount(blinds_in.get("big", defaults["big"])),
        "ante": amount(blinds_in.get("ante", defaults.get("ante") or 0)),
        "straddle": amount(blinds_in.get("straddle") or 0),
        "small_bet": amount(blinds_in.get("small_bet", defaults.get("small_bet"))),
        "big_bet": amount(blinds_in.get("big_bet", defaults.get("big_bet"))),
    }
    seats = []
    for s in data.get("seats") or ():
        seats.append(
            {
                "seat": int(s["seat"]),
                "player": s.get("player"),
                "name": s.get("name") or "",
                "stack": amount(s["stack"]),
                "cards": (s.get("cards") or "").strip(),
                "post": amount(s.get("post") or 0),
                "dead_post": amount(s.get("dead_post") or 0),
                "penalised": bool(s.get("penalised", False)),
            }
        )
    actions = [normalise_action(a) for a in data.get("actions") or ()]
    result_in = data.get("result") or {}
    result: dict[str, Any] = {}
    if result_in.get("rake") is not None:
        result["rake"] = amount(result_in["rake"])
    if result_in.get("finishing_stacks"):
        result["finishing_stacks"] = {
            str(int(k)): amount(v) for k, v in dict(result_in["finishing_stacks"]).items()
        }
    record = {
        "v": 1,
        "structure": data.get("structure") or defaults["structure"],
        "button": int(data["button"]),
        "blinds": blinds,
        "seats": sorted(seats, key=lambda s: s["seat"]),
        "actions": actions,
        "result": result,
    }
    if data.get("carry_in"):
        record["carry_in"] = normalise_carried(data["carry_in"])
    cut = normalise_cut(data.get("cut"), (s["seat"] for s in seats), record["button"])
    if cut is not None:  # SHUF-08: only when the recorder was told
        record["cut"] = cut
    return record


def normalise_carried(pots: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Carried pots in their stored form (IRREG-03, POT-09): the amount, and the
    eligible seats with who sat there (a bare seat number is accepted)."""
    out: list[dict[str, Any]] = []
    for pot in pots:
        eligible: list[dict[str, Any]] = []
        for e in pot.get("eligible") or ():
            entry = e if isinstance(e, Mapping) else {"seat": e}
            player = entry.get("player")
            eligible.append(
                {
                    "seat": int(entry["seat"]),
                    "player": None if player is None else int(player),
                    "name": str(entry.get("name") or ""),
                }
            )
        out.append(
            {
                "amount": str(Decimal(str(pot["amount"])).quantize(CENT)),
                "eligible": sorted(eligible, key=lambda e: e["seat"]),
            }
        )
    return out


def carried_key(pots: Iterable[Mapping[str, Any]] | None) -> list[tuple[str, tuple[int, ...]]]:
    """What two lists of carried pots must agree on: amounts and eligible seats."""
    return sorted(
        (
            str(Decimal(str(p["amount"])).quantize(CENT)),
            tuple(sorted(e["seat"] for e in p["eligible"])),
        )
        for p in normalise_carried(pots or ())
    )


def _same_player(eligible: Mapping[str, Any], seat: Mapping[str, Any]) -> bool:
    """Whether the player now in a seat is the one who was eligible in it (POT-09)."""
    was, now = eligible.get("player"), seat.get("player")
    if was is not None and now is not None:
        return int(was) == int(now)
    was_name = str(eligible.get("name") or "").strip()
    now_name = str(seat.get("name") or "").strip()
    if was_name and now_name:
        return was_name == now_name
    return True  # the records do not say who: the seat decides


def normalise_action(a: Mapping[str, Any]) -> dict[str, Any]:
    """One action of a record, in its stored form."""
    entry: dict[str, Any] = {"action": a["action"]}
    if a.get("seat") is not None:
        entry["seat"] = int(a["seat"])
    if a.get("amount") is not None:
        entry["amount"] = str(Decimal(str(a["amount"])).quantize(CENT))
    if a.get("cards"):
        entry["cards"] = str(a["cards"]).strip()
    if a.get("reason"):
        entry["reason"] = str(a["reason"])
    if a.get("forfeits"):
        entry["forfeits"] = sorted({int(s) for s in a["forfeits"]})
    if a.get("observed"):
        entry["observed"] = _json_safe(a["observed"])
    if a.get("irregularity"):
        entry["irregularity"] = _json_safe(a["irregularity"])
    if a.get("override_reason"):
        entry["override_reason"] = str(a["override_reason"])
    if a.get("pot") is not None:
        entry["pot"] = a["pot"]
    if a.get("seats") is not None:
        entry["seats"] = sorted({int(s) for s in a["seats"]})
    return entry


def record_with_irregularity(
    record: Mapping[str, Any], *, at: int, irregularity: Mapping[str, Any]
) -> dict[str, Any]:
    """HREC-10: the hand's record with an irregularity declared before its action ``at``
    (``len(actions)`` = after the last one), for a linked correction of the hand; the
    engine rules on it as on one declared live (IRREG-14)."""
    actions = [dict(a) for a in record.get("actions") or ()]
    if not 0 <= at <= len(actions):
        raise DomainError.of(
            HandsCode.ACTION_INDEX_INVALID, index=at, last=len(actions), field="at"
        )
    entry = {"action": "irregularity", "irregularity": _json_safe(dict(irregularity))}
    return {**_json_safe(dict(record)), "actions": [*actions[:at], entry, *actions[at:]]}


def _json_safe(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)
    return value
