"""Judge: the engine's verdict of a parsed hand, and the refusals it leads to.

A hand the engine cannot read (malformed, incomplete) is refused, and so is a showdown
that does not say who won each pot (:func:`_require_awards`); every other hand is judged
and stored with its verdict, valid, void or invalid (:func:`status_of`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from casino.errors import DomainError

from ... import adapter
from ...codes import HandsCode
from ...models import HandSource, HandStatus

if TYPE_CHECKING:
    from .parse import Parsed


def judge(hand: Parsed) -> tuple[adapter.Built, adapter.VerdictData]:
    """The engine builds and judges the record under the hand's rules."""
    built, verdict = adapter.verdict_of(hand.record, hand.terms.rules)
    if verdict.malformed or verdict.incomplete:
        v = next(x for x in verdict.violations if x.code in ("MALFORMED", "HAND_INCOMPLETE"))
        where = f"actions[{v.action}]" if v.action is not None else (v.field or "actions")
        if v.code == "HAND_INCOMPLETE":
            raise DomainError.of(
                HandsCode.HAND_INCOMPLETE, violation=v, field=where, details={"action": v.action}
            )
        raise DomainError.of(
            HandsCode.HAND_MALFORMED, violation=v, field=where, details={"action": v.action}
        )
    _require_awards(verdict, hand.source)
    return built, verdict


def status_of(violations: list[adapter.ViolationData], verdict: adapter.VerdictData) -> str:
    """Invalid with any error (the engine's or the book's), else the engine's status."""
    errors = [v for v in violations if v.severity == "error"]
    if errors:
        return HandStatus.INVALID
    if verdict.status == "void":
        return HandStatus.VOID
    return HandStatus.VALID


def _require_awards(verdict: adapter.VerdictData, source: str) -> None:
    """Issue 38 §2 (SHOW-14, HREC-06): a hand that reaches a showdown is stored only once
    it says who won each pot: the cards shown, read by the engine, or the seats the
    croupier pushed the pot to (an ``award`` action, with the reason). A PHH history may
    leave a hand shown as ``????`` beside the winner's (the file's convention for a hand
    not revealed): it is imported as the file has it, but never a pot nobody won."""
    if not verdict.unread_pots or verdict.status == "void":
        return
    unpaid = [k for k in verdict.unread_pots if not verdict.pots[k].winners]
    if source == HandSource.IMPORT and not unpaid:
        return
    pots = [_pot_label(k) for k in verdict.unread_pots]
    raise DomainError.of(
        HandsCode.AWARD_REQUIRED,
        pots=pots,
        field="actions",
        details={"pots": list(verdict.unread_pots)},
    )


def _pot_label(k: int) -> Any:
    """A pot by its name, in the language the refusal is read in."""
    return gettext_lazy("main pot") if k == 0 else format_lazy(gettext_lazy("side pot {k}"), k=k)
