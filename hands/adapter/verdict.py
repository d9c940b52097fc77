"""The engine's verdict as plain data keyed by seat, with ``Decimal`` money and messages in
Spanish and English."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from poker.irregularities import (
    Outcome,  # noqa: F401  (re-exported: the API publishes its values)
)
from poker.validate import Status, validate

from .build import Built, build
from .profile import Rules
from .units import money, money_text

# ---------------------------------------------------------------------------
# Verdicts


@dataclass(frozen=True, slots=True)
class ViolationData:
    code: str
    action: int | None  # index in the record's action list
    field: str | None
    message_es: str
    message_en: str
    source: str = "engine"  # "engine" or "recorder" (sequence, continuity, seating)
    severity: str = "error"  # "error" makes the hand invalid; "warning" does not

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "action": self.action,
            "field": self.field,
            "message": {"es": self.message_es, "en": self.message_en},
            "source": self.source,
            "severity": self.severity,
        }


@dataclass(frozen=True, slots=True)
class PotData:
    amount: Decimal
    eligible: tuple[int, ...]  # seats
    rake: Decimal
    winners: tuple[int, ...]  # seats
    shares: tuple[Decimal, ...]
    odd_chips: tuple[int, ...]  # seats
    carried: bool = False  # carried in from a voided hand (POT-09)
    # A promotion fund's drop the engine took from this pot, apart from the rake (issue
    # 44 §1); stored only when there is one, so a hand without a fund keeps its old form.
    drop: Decimal = Decimal("0.00")

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "amount": str(self.amount),
            "eligible": list(self.eligible),
            "rake": str(self.rake),
            "winners": list(self.winners),
            "shares": [str(s) for s in self.shares],
            "odd_chips": list(self.odd_chips),
        }
        if self.carried:
            out["carried"] = True
        if self.drop:
            out["drop"] = str(self.drop)
        return out


@dataclass(frozen=True, slots=True)
class VerdictData:
    status: str  # valid / invalid / void
    violations: tuple[ViolationData, ...]
    pots: tuple[PotData, ...]
    rake: Decimal
    finishing: dict[int, Decimal]  # seat -> chips after the hand
    payouts: dict[int, Decimal]  # seat -> chips won from the pots
    returned: dict[int, Decimal]  # seat -> uncalled bet returned
    showdown_order: tuple[int, ...]
    incomplete: bool
    malformed: bool
    # Chips kept for the next hand (IRREG-03, POT-09), in their stored form.
    carry_out: tuple[dict[str, Any], ...] = ()
    # Pots (settlement order) the record does not say who won: no award, and not every
    # hand claiming them read (SHOW-14, issue 38 §2).
    unread_pots: tuple[int, ...] = ()
    # A promotion fund's drop the engine took from the pots (issue 44 §1; the pots' sum).
    drop: Decimal = Decimal("0.00")

    @property
    def pot_total(self) -> Decimal:
        return sum((p.amount for p in self.pots), Decimal("0.00"))


_SEAT_REF = re.compile(r"\bp(\d+)\b")
_NUMBER = re.compile(r"(?<![\w.])(\d+)(?![\w.])")
_AMOUNT_CODES = frozenset(
    {
        "BET_BELOW_MINIMUM",
        "RAISE_BELOW_MINIMUM",
        "RAISE_ABOVE_POT",
        "LIMIT_SIZE",
        "EXCEEDS_STACK",
        "AMOUNT_NOT_CHIP_MULTIPLE",
        "CHECK_NOT_ALLOWED",
    }
)


def _message(code: str, text: str, order: Sequence[int], lang: str) -> str:
    if code in _AMOUNT_CODES:
        text = _NUMBER.sub(lambda mo: money_text(int(mo.group(1))), text)
    word = "asiento" if lang == "es" else "seat"

    def seat(mo: re.Match[str]) -> str:
        k = int(mo.group(1)) - 1
        return f"{word} {order[k]}" if 0 <= k < len(order) else mo.group(0)

    return _SEAT_REF.sub(seat, text)


def judge(built: Built, rules: Rules) -> VerdictData:
    """Validate a built hand under the table's profile (HREC-04..06)."""
    verdict = validate(built.hand, rules.profile)
    order = built.order
    out: list[ViolationData] = []
    incomplete = malformed = False
    for v in verdict.violations:
        code = v.code.value
        index = v.action
        record_index: int | None = None
        field_name: str | None = None
        if index is not None and 0 <= index < len(built.origin):
            record_index, field_name = built.origin[index]
        if code == "HAND_INCOMPLETE":
            incomplete = True
        elif code == "MALFORMED":
            malformed = True
        out.append(
            ViolationData(
                code,
                record_index,
                field_name,
                _message(code, v.message_es, order, "es"),
                _message(code, v.message_en, order, "en"),
            )
        )
    pots = tuple(
        PotData(
            money(p.amount),
            tuple(order[i] for i in p.eligible),
            money(p.rake),
            tuple(order[i] for i in p.winners),
            tuple(money(s) for s in p.shares),
            tuple(order[i] for i in p.odd_chips),
            p.carried,
            money(p.drop),
        )
        for p in verdict.pots
    )
    carry_out = tuple(
        {
            "amount": str(money(p.amount)),
            "eligible": [dict(built.people[order[i]]) for i in p.eligible],
        }
        for p in verdict.carry_out
    ) + tuple(built.carry_through)
    n = len(order)
    fin = verdict.finishing_stacks or tuple(built.hand.starting_stacks)
    pay = verdict.payouts or (0,) * n
    ret = verdict.uncalled_returned or (0,) * n
    return VerdictData(
        status=verdict.status.value if verdict.status is not Status.SKIPPED else "invalid",
        violations=tuple(out),
        pots=pots,
        rake=money(verdict.rake),
        finishing={order[i]: money(fin[i]) for i in range(n)},
        payouts={order[i]: money(pay[i]) for i in range(n)},
        returned={order[i]: money(ret[i]) for i in range(n)},
        showdown_order=tuple(order[i] for i in verdict.showdown_order),
        incomplete=incomplete,
        malformed=malformed,
        carry_out=carry_out,
        unread_pots=tuple(verdict.unread_pots),
        drop=money(verdict.drop),
    )


def verdict_of(record: Mapping[str, Any], rules: Rules) -> tuple[Built, VerdictData]:
    built = build(record, rules)
    return built, judge(built, rules)


# ---------------------------------------------------------------------------
# Re-validation summaries


def summary(verdict: VerdictData) -> dict[str, Any]:
    """The parts of a verdict compared by re-validation (issue 4 §8)."""
    return {
        "status": verdict.status,
        "codes": sorted(v.code for v in verdict.violations if v.source == "engine"),
        "rake": str(verdict.rake),
        "payouts": {str(k): str(v) for k, v in sorted(verdict.payouts.items())},
    }
