"""Promotion funds: the reads (balance, the day's drops, the tables, the claims, the
high-hand period's winner, the box's reconciliation)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Q, QuerySet, Sum
from django.utils import timezone

from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.formatting import money
from casino.hotqueries import HotQuery, transaction_memo
from casino.models import GamingDay
from casino.roles import Perm
from hands.models import Hand, HandStatus
from hands.selectors import record_in_force, revisions_in_force
from poker.promotions import Candidate, Drop, FundKind, HighHandQualified, high_hand_winners

from . import judging
from .models import (
    EntryKind,
    Fund,
    FundEntry,
    FundRulesVersion,
    FundTable,
    JackpotBoxCount,
    JackpotClaim,
)

ZERO = Decimal("0.00")


def access_fund(actor: Actor, pk: Any, perm: Perm = Perm.VIEW_HANDS) -> Fund:
    require(actor, perm)
    fund = Fund.objects.filter(pk=pk, casino_id=actor.casino_id).first()
    if fund is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Fund)
    return fund


def access_claim(actor: Actor, pk: Any, perm: Perm = Perm.VIEW_HANDS) -> JackpotClaim:
    if not actor.can(perm):
        require(actor, Perm.VIEW_CAGE)  # the cage pays the slips
    claim = JackpotClaim.objects.filter(pk=pk, casino_id=actor.casino_id).first()
    if claim is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=JackpotClaim)
    return claim


def funds(casino_id: int) -> QuerySet[Fund]:
    return Fund.objects.filter(casino_id=casino_id)


# Asked for every hand (issue 43: built once, as ``QuerySet.first()`` writes them).
_TABLE_EVENT = HotQuery(
    lambda table, when: (
        FundTable.objects.filter(table_id=table, at__lte=when)
        .order_by("-at", "-id")
        .select_related("fund")[:1]
    ),
    table=int,
    when=datetime,
)
_RULES_AT = HotQuery(
    lambda fund, when: FundRulesVersion.objects.filter(
        fund_id=fund, effective_from__lte=when
    ).order_by("-effective_from", "-version")[:1],
    fund=int,
    when=datetime,
)
_TERMS = "promotions.fund_terms"


def fund_of_table(table: Any, when: datetime | None = None) -> Fund | None:
    """The fund a table offers at ``when`` (now by default): its latest attach/detach."""
    last = _TABLE_EVENT.first(table=getattr(table, "pk", table), when=when or timezone.now())
    if last is None or last.action != FundTable.Action.ATTACH:
        return None
    return last.fund


def fund_terms_at(table_id: int, at: datetime) -> tuple[Fund | None, FundRulesVersion | None]:
    """The fund ``table_id`` offers at ``at`` and its rules version in force then
    (``Fund.rules_at``), read once per transaction (issue 43): a hand asks for them
    when its engine's rules are built (``drop_rule_at``) and again when its drop is
    posted (``services.drop_post_for_hand``). The services that attach or detach a table
    or change a fund's rules forget them (``forget_fund_terms``)."""
    memo = transaction_memo(_TERMS)
    key = (table_id, at)
    terms = memo.get(key)
    if terms is None:
        fund = fund_of_table(table_id, at)
        version = None
        if fund is not None:
            version = _RULES_AT.first(fund=fund.pk, when=at or timezone.now())
            if version is not None:
                version.fund = fund  # as ``fund.rules_versions`` gives it
        terms = memo[key] = (fund, version)
    return terms


def forget_fund_terms() -> None:
    """A fund's tables or rules changed in this transaction: read them again."""
    transaction_memo(_TERMS).clear()


def drop_rule_at(table_id: int, at: datetime) -> Drop | None:
    """The drop rule of the fund ``table_id`` offers at ``at``, under the rules version
    in force then (issue 44 §1): the recorder's engine takes it from the pot beside the
    rake (registered as ``hands.hooks.register_fund_drop``)."""
    _fund, version = fund_terms_at(table_id, at)
    return version.fund_rules().drop if version is not None else None


def fund_tables(fund: Fund) -> list[Any]:
    """The tables attached to ``fund`` now."""
    tables = {}
    for row in (
        FundTable.objects.filter(table__in=fund.table_events.values("table"))
        .order_by("at", "id")
        .select_related("table")
    ):
        tables[row.table_id] = row
    return [r.table for r in tables.values() if r.fund_id == fund.pk and r.action == "attach"]


def balance(fund: Fund, until: datetime | None = None) -> Decimal:
    qs = FundEntry.objects.filter(fund=fund)
    if until is not None:
        qs = qs.filter(posted_at__lt=until)
    plus = qs.filter(sign=1).aggregate(s=Sum("amount"))["s"] or ZERO
    minus = qs.filter(sign=-1).aggregate(s=Sum("amount"))["s"] or ZERO
    return plus - minus


def ledger(fund: Fund) -> QuerySet[FundEntry]:
    return (
        FundEntry.objects.filter(fund=fund)
        .select_related("hand", "table", "posted_by", "rules_version")
        .order_by("posted_at", "id")
    )


def live_contributions(fund: Fund, hand_id: int) -> list[FundEntry]:
    return list(
        FundEntry.objects.filter(fund=fund, hand_id=hand_id, kind=EntryKind.CONTRIBUTION).filter(
            correction__isnull=True
        )
    )


def day_drops(fund: Fund, gaming_day: GamingDay | int) -> Decimal:
    """What the jackpot box should hold for a day: the day's drops, less the drops
    corrected (a corrected drop is a chip the dealer should not have dropped)."""
    day_id = gaming_day.pk if isinstance(gaming_day, GamingDay) else gaming_day
    qs = FundEntry.objects.filter(fund=fund, gaming_day_id=day_id)
    plus = qs.filter(kind=EntryKind.CONTRIBUTION).aggregate(s=Sum("amount"))["s"] or ZERO
    minus = (
        qs.filter(kind=EntryKind.CORRECTION, corrects__kind=EntryKind.CONTRIBUTION).aggregate(
            s=Sum("amount")
        )["s"]
        or ZERO
    )
    return plus - minus


def open_claims(fund: Fund) -> QuerySet[JackpotClaim]:
    """Claims not yet paid: unlocked, or locked with a slip not paid (a claim replaced
    by another is not open: its replacement is)."""
    return (
        JackpotClaim.objects.filter(fund=fund, replaced_by__isnull=True)
        .filter(Q(locked_at__isnull=True) | Q(slips__locked_at__isnull=True))
        .distinct()
    )


@dataclass(frozen=True)
class BoxFinding:
    code: str
    fund: int
    gaming_day: int
    expected: Decimal
    counted: Decimal
    difference: Decimal

    @property
    def message_es(self) -> str:
        return self.message("es")

    @property
    def message_en(self) -> str:
        return self.message("en")

    def message(self, lang: str = "es") -> str:
        diff = money(self.difference, lang, sign=True)
        if lang == "es":
            return (
                f"La caja del jackpot contó {money(self.counted, 'es')}; el libro del fondo "
                f"dice {money(self.expected, 'es')} (diferencia {diff})."
            )
        return (
            f"The jackpot box counted {money(self.counted, 'en')}; the fund's ledger says "
            f"{money(self.expected, 'en')} (difference {diff})."
        )


def box_findings(fund: Fund, gaming_day: GamingDay | int) -> list[BoxFinding]:
    """The day's latest count against the ledger now; a difference of a cent is a finding
    (JACKPOT_BOX_VARIANCE), a day with drops and no count is one too."""
    day_id = gaming_day.pk if isinstance(gaming_day, GamingDay) else gaming_day
    expected = day_drops(fund, day_id)
    count = (
        JackpotBoxCount.objects.filter(fund=fund, gaming_day_id=day_id)
        .order_by("-counted_at", "-id")
        .first()
    )
    if count is None:
        if expected:
            return [
                BoxFinding("JACKPOT_BOX_NOT_COUNTED", fund.pk, day_id, expected, ZERO, -expected)
            ]
        return []
    if count.counted != expected:
        return [
            BoxFinding(
                "JACKPOT_BOX_VARIANCE",
                fund.pk,
                day_id,
                expected,
                count.counted,
                count.counted - expected,
            )
        ]
    return []


def hand_judgement(hand: Hand) -> tuple[Fund, judging.Judgement] | None:
    """The fund the hand's table offered and the engine's judgement of the hand for it."""
    fund = fund_of_table(hand.table_id, hand.started_at)
    if fund is None:
        return None
    version = fund.rules_at(hand.started_at)
    if version is None:
        return None
    return fund, judging.judgement(version.fund_rules(), judging.hand_outcome(hand))


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _instant(when: datetime) -> int:
    """A moment as whole microseconds since the epoch, exactly (whole seconds put a hand
    of the period's last second after a period ending within that second)."""
    return (when - _EPOCH) // timedelta(microseconds=1)


def high_hand_period(fund: Fund, start: datetime, end: datetime) -> list[dict[str, Any]]:
    """The winner(s) of a high-hand period: the best qualifying hand recorded at the
    fund's tables between ``start`` and ``end`` (ties as the rules say), judged now.

    Only the record of each hand that counts now is judged (``record_in_force``): a hand
    revised after it was found best is judged again in its revision, and a revision
    waiting for the pit boss's signature does not count yet. Each winner: the hand
    record, its seat, cards, best five, board, value and the hand's name (es/en).
    """
    version = fund.rules_at(end)
    if version is None or fund.kind != FundKind.HIGH_HAND.value:
        return []
    rules = version.fund_rules()
    table_ids = {r.table_id for r in FundTable.objects.filter(fund=fund)}
    hands = revisions_in_force(
        Hand.objects.filter(
            table_id__in=table_ids,
            status=HandStatus.VALID,
            started_at__gte=start,
            started_at__lt=end,
            casino_id=fund.casino_id,
        )
    ).select_related("settings", "table", "session")
    candidates: list[Candidate] = []
    by_id: dict[str, tuple[Hand, str]] = {}
    for hand in hands:
        if record_in_force(hand).pk != hand.pk:
            continue
        if fund_of_table(hand.table_id, hand.started_at) != fund:
            continue
        outcome = judging.hand_outcome(hand)
        result = judging.judge(rules, outcome)
        if not isinstance(result, HighHandQualified):
            continue
        for played in result.hands:
            candidates.append(Candidate(str(hand.pk), _instant(hand.started_at), played))
        by_id[str(hand.pk)] = (hand, judging.format_cards(outcome.board, " "))
    winners = high_hand_winners(rules, candidates, start=_instant(start), end=_instant(end))
    return [
        {
            "hand": by_id[c.hand_id][0],
            "board": by_id[c.hand_id][1],
            "seat": c.hand.seat,
            "cards": judging.format_cards(c.hand.hole, " "),
            "best_five": judging.format_cards(c.hand.best_five, " "),
            "value": c.hand.value,
            "hand_es": c.hand.describe("es"),
            "hand_en": c.hand.describe("en"),
        }
        for c in winners
    ]


def period_claims(fund: Fund, start: datetime, end: datetime) -> QuerySet[JackpotClaim]:
    """The fund's high-hand claims in force (not replaced) whose period overlaps
    ``[start, end)``: a hand is paid in one period only."""
    return JackpotClaim.objects.filter(
        fund=fund,
        period_start__lt=end,
        period_end__gt=start,
        replaced_by__isnull=True,
    )


def period_winners_key(winners: list[dict[str, Any]]) -> list[list[int]]:
    """The winners of a period as ``[hand id, seat]`` pairs, in order (what a claim holds)."""
    return [[w["hand"].pk, w["seat"]] for w in winners]


def claim_is_stale(claim: JackpotClaim) -> bool:
    """A high-hand claim whose period, judged again now, has other winners (a hand revised
    since it was filed, HREC-09): it is not signed; a new claim for the period replaces
    it (``replaces``)."""
    if not claim.is_period:
        return False
    assert claim.period_start is not None and claim.period_end is not None
    now = period_winners_key(high_hand_period(claim.fund, claim.period_start, claim.period_end))
    return now != claim.judgement.get("winners")
