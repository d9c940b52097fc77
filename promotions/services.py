"""Promotion funds: the writes (issue 44; docs/promotions.md).

Every write runs in one transaction, locks the fund row it changes, checks the actor's
permission, writes its rows and its audit event together. The fund's ledger is sealed
and append-only (as ``cage.RakeEntry``); a mistake is corrected by a linked entry.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from casino import effective
from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError, permission_denied
from casino.models import GamingDay
from casino.refusals import Words
from casino.roles import Perm, Role
from casino.selectors import open_gaming_days
from casino.signatures import SignResult, document_sign
from hands.models import Hand, HandStatus
from poker.promotions import FundRules, Payout, RulesError, pay_out, posted_rules, reseed
from tables.codes import TablesCode
from tables.models import Table
from tables.selectors import require_assigned

from . import judging, selectors
from .codes import PromotionsCode
from .models import (
    EntryKind,
    Fund,
    FundEntry,
    FundRulesVersion,
    FundTable,
    JackpotBoxCount,
    JackpotClaim,
    JackpotSlip,
    Kind,
    rules_to_data,
)

CENT = Decimal("0.01")


def _lock_fund(fund: Fund | int) -> Fund:
    pk = fund.pk if isinstance(fund, Fund) else fund
    return Fund.objects.select_for_update().get(pk=pk)


def _rules_refused(err: RulesError) -> DomainError:
    return DomainError.of(
        PromotionsCode.FUND_RULES_INVALID,
        code=err.code,
        field="rules",
        details={"rule": err.code, **{k: str(v) for k, v in err.params.items()}},
    )


def _entry(
    actor: Actor,
    fund: Fund,
    version: FundRulesVersion,
    kind: str,
    amount: Decimal,
    *,
    sign: int = 1,
    gaming_day: GamingDay | int | None = None,
    **links: Any,
) -> FundEntry:
    day_id = gaming_day.pk if isinstance(gaming_day, GamingDay) else gaming_day
    if day_id is None:
        day_id = open_gaming_days(fund.casino_id).values_list("pk", flat=True).first()
    entry = FundEntry(
        casino_id=fund.casino_id,
        fund=fund,
        rules_version=version,
        gaming_day_id=day_id,
        kind=kind,
        sign=sign,
        amount=Decimal(amount).quantize(CENT),
        posted_by=actor.user,
        posted_at=timezone.now(),
        **links,
    )
    payload = entry.seal_payload()
    entry.seal = entry.compute_seal()
    entry.save(force_insert=True)
    audit_record(
        actor=actor, action=f"promotions.entry.{kind}", obj=entry, after=payload, chain=(entry,)
    )
    return entry


# ----------------------------------------------------------------------- funds


def fund_create(
    *,
    actor: Actor,
    name: str,
    rules: FundRules,
    reason: str = "",
    effective_from: datetime | None = None,
) -> Fund:
    """A new fund with its first rules version and its seed on the ledger."""
    require(actor, Perm.MANAGE_SETTINGS)
    name = (name or "").strip()
    if not name:
        raise DomainError.of(PromotionsCode.FUND_NAME_REQUIRED, field="name")
    effective_from = effective.effective_from(effective_from)
    with transaction.atomic():
        if Fund.objects.filter(casino_id=actor.casino.pk, name=name).exists():
            raise DomainError.of(PromotionsCode.FUND_NAME_TAKEN, name=name, field="name")
        fund = Fund.objects.create(
            casino_id=actor.casino.pk, name=name[:80], kind=rules.kind.value, created_by=actor.user
        )
        version = FundRulesVersion.objects.create(
            fund=fund,
            version=1,
            effective_from=effective_from,
            created_by=actor.user,
            reason=(reason or "")[:200],
            rules=rules_to_data(rules),
        )
        audit_record(
            actor=actor,
            action="promotions.fund.create",
            obj=fund,
            after={"name": fund.name, "kind": fund.kind, "rules": version.rules},
            reason=reason,
        )
        if rules.seed:
            _entry(actor, fund, version, EntryKind.SEED, judging.amount(rules.seed))
    return fund


def fund_rules_change(
    *,
    actor: Actor,
    fund: Fund,
    rules: FundRules,
    reason: str,
    effective_from: datetime | None = None,
) -> FundRulesVersion:
    """A new version of the posted rules, never an edit (GEN-04's pattern)."""
    require(actor, Perm.MANAGE_SETTINGS)
    same_casino(actor, fund)
    if not (reason or "").strip():
        raise DomainError.of(CasinoCode.REASON_REQUIRED, field="reason")
    if rules.kind.value != fund.kind:
        raise DomainError.of(PromotionsCode.FUND_KIND_FIXED, field="kind")
    effective_from = effective.effective_from(effective_from)
    with transaction.atomic():
        fund = _lock_fund(fund)
        last = fund.rules_versions.order_by("-version").first()
        version = FundRulesVersion.objects.create(
            fund=fund,
            version=(last.version if last else 0) + 1,
            effective_from=effective_from,
            created_by=actor.user,
            reason=reason.strip()[:200],
            rules=rules_to_data(rules),
        )
        selectors.forget_fund_terms()  # the table's fund or rules changed (issue 43)
        audit_record(
            actor=actor,
            action="promotions.fund.rules_change",
            obj=version,
            before=last.rules if last else None,
            after=version.rules,
            reason=reason,
        )
    return version


def fund_table_attach(*, actor: Actor, fund: Fund, table: Table) -> FundTable:
    """Attach a table to a fund; a table offers one fund at a time (13:69F-14.19 (a))."""
    require(actor, Perm.MANAGE_SETTINGS)
    same_casino(actor, fund)
    same_casino(actor, table)
    with transaction.atomic():
        fund = _lock_fund(fund)
        Table.objects.select_for_update().get(pk=table.pk)
        current = selectors.fund_of_table(table)
        if current is not None:
            raise DomainError.of(
                PromotionsCode.TABLE_HAS_FUND, table=table, name=current.name, field="table"
            )
        row = FundTable.objects.create(
            fund=fund, table=table, action=FundTable.Action.ATTACH, by=actor.user
        )
        selectors.forget_fund_terms()  # the table's fund or rules changed (issue 43)
        audit_record(
            actor=actor, action="promotions.fund.attach", obj=row, after={"table": table.pk}
        )
    return row


def fund_table_detach(*, actor: Actor, fund: Fund, table: Table) -> FundTable:
    require(actor, Perm.MANAGE_SETTINGS)
    same_casino(actor, fund)
    with transaction.atomic():
        fund = _lock_fund(fund)
        Table.objects.select_for_update().get(pk=table.pk)
        current = selectors.fund_of_table(table)
        if current is None or current.pk != fund.pk:
            raise DomainError.of(PromotionsCode.TABLE_NOT_IN_FUND, field="table")
        row = FundTable.objects.create(
            fund=fund, table=table, action=FundTable.Action.DETACH, by=actor.user
        )
        selectors.forget_fund_terms()  # the table's fund or rules changed (issue 43)
        audit_record(
            actor=actor, action="promotions.fund.detach", obj=row, after={"table": table.pk}
        )
    return row


# ----------------------------------------------------------------------- the drop


def drop_post_for_hand(actor: Actor, hand: Hand, *, locked: bool = False) -> FundEntry | None:
    """The drop of a hand just posted by the recorder (beside its rake, issue 44 §1).

    The amount is the drop the engine took from the hand's pots, as the hand's stored
    verdict has it (``HandVerdict.drop``: the engine took it under the fund's rules in
    force when the hand started, ``selectors.drop_rule_at``); it is never computed again
    here. The fund is the one the hand's table offered then. A hand with no drop leaves
    no line. Posting the same hand again is a no-op; a revision that counts first
    reverses its original's drop (a linked correction), then posts its own.
    ``locked``: the recorder holds the session row; the fund row is locked here.
    """
    drop = hand.verdict.drop
    if drop <= 0 and hand.revision_of_id is None:
        return None  # no drop taken: nothing to post (and no query)
    fund, version = selectors.fund_terms_at(hand.table_id, hand.started_at)
    if fund is None or version is None:
        return None
    with transaction.atomic(savepoint=not locked):
        fund = _lock_fund(fund)
        if hand.revision_of_id is not None:
            for original in selectors.live_contributions(fund, hand.revision_of_id):
                _entry(
                    actor,
                    fund,
                    original.rules_version,
                    EntryKind.CORRECTION,
                    original.amount,
                    sign=-1,
                    gaming_day=original.gaming_day_id,
                    corrects=original,
                    hand=None,
                    table_id=original.table_id,
                    reason=f"Corrección de la mano {hand.number}",
                )
        existing = FundEntry.objects.filter(
            fund=fund, hand=hand, kind=EntryKind.CONTRIBUTION
        ).first()
        if existing is not None:
            return existing
        if drop <= 0:
            return None
        return _entry(
            actor,
            fund,
            version,
            EntryKind.CONTRIBUTION,
            drop,
            gaming_day=hand.gaming_day_id,
            hand=hand,
            table_id=hand.table_id,
        )


def fund_entry_correct(*, actor: Actor, entry: FundEntry, reason: str) -> FundEntry:
    """Reverse a ledger line with a reason (a linked correction, WAC 230-15-695)."""
    require(actor, Perm.MANAGE_SETTINGS)
    same_casino(actor, entry)
    if not (reason or "").strip():
        raise DomainError.of(CasinoCode.REASON_REQUIRED, field="reason")
    with transaction.atomic():
        fund = _lock_fund(entry.fund_id)
        original = FundEntry.objects.get(pk=entry.pk)
        if (
            original.kind == EntryKind.CORRECTION
            or FundEntry.objects.filter(corrects=original).exists()
        ):
            raise DomainError.of(PromotionsCode.ALREADY_CORRECTED)
        if original.sign > 0 and selectors.balance(fund) < original.amount:
            raise DomainError.of(PromotionsCode.FUND_BALANCE_SHORT)
        return _entry(
            actor,
            fund,
            original.rules_version,
            EntryKind.CORRECTION,
            original.amount,
            sign=-original.sign,
            gaming_day=original.gaming_day_id,
            corrects=original,
            table_id=original.table_id,
            reason=reason.strip(),
        )


# ----------------------------------------------------------------------- the box


def box_count_record(
    *, actor: Actor, fund: Fund, gaming_day: GamingDay, counted: Decimal, note: str = ""
) -> JackpotBoxCount:
    """The counted jackpot box of a day, set against the day's drops on the ledger."""
    require(actor, Perm.COUNT_DROP)
    same_casino(actor, fund)
    same_casino(actor, gaming_day)
    counted = Decimal(counted)
    if counted < 0 or counted != counted.quantize(CENT):
        raise DomainError.of(TablesCode.AMOUNT_INVALID, value=counted, field="counted")
    with transaction.atomic():
        fund = _lock_fund(fund)
        expected = selectors.day_drops(fund, gaming_day)
        row = JackpotBoxCount.objects.create(
            casino_id=fund.casino_id,
            fund=fund,
            gaming_day=gaming_day,
            counted=counted,
            expected=expected,
            counted_by=actor.user,
            note=(note or "").strip(),
        )
        audit_record(
            actor=actor,
            action="promotions.box.count",
            obj=row,
            after={"counted": str(counted), "expected": str(expected)},
        )
    return row


# ----------------------------------------------------------------------- claims


def claim_file(*, actor: Actor, fund: Fund, hand: Hand) -> JackpotClaim:
    """File a bad-beat claim for a stored hand the engine judges qualifying; the payout
    is computed now from the balance by the posted split (``pay_out``)."""
    require(actor, Perm.LOG_HAND)
    same_casino(actor, fund)
    same_casino(actor, hand)
    require_assigned(actor, session=hand.session)  # the table's own supervisor (issue 12 §1)
    if fund.kind != Kind.BAD_BEAT:
        raise DomainError.of(
            PromotionsCode.CLAIM_KIND_INVALID,
            problem=DomainError.of(PromotionsCode.CLAIM_BY_HAND_BAD_BEAT_ONLY),
            field="fund",
        )
    if selectors.fund_of_table(hand.table_id, hand.started_at) != fund:
        raise DomainError.of(PromotionsCode.HAND_NOT_IN_FUND, field="hand")
    version = fund.rules_at(hand.started_at)
    if version is None or hand.status != HandStatus.VALID:
        raise DomainError.of(
            PromotionsCode.HAND_DOES_NOT_QUALIFY,
            problem=DomainError.of(PromotionsCode.HAND_NOT_VALID_FOR_FUND),
            field="hand",
        )
    rules = version.fund_rules()
    judged = judging.judgement(rules, judging.hand_outcome(hand))
    if not judged.qualified:
        reason = judged.data["reason"]
        raise DomainError.of(
            PromotionsCode.HAND_DOES_NOT_QUALIFY,
            problem=DomainError.of(
                PromotionsCode.HAND_FAILS_FUND_RULE, reason=Words(reason["es"], reason["en"])
            ),
            field="hand",
            details={"reason": reason["code"]},
        )
    with transaction.atomic():
        fund = _lock_fund(fund)
        if selectors.open_claims(fund).exists():
            raise DomainError.of(PromotionsCode.CLAIM_OPEN)
        balance = selectors.balance(fund)
        payout = pay_out(
            rules,
            judging.cents(balance),
            losing=judged.data["losing"],
            winning=judged.data["winning"],
            others=judged.data["others"],
            unit=hand.chip_unit,
        )
        plan = {
            "balance": judging.cents(balance),
            "awards": [
                {"share": a.share.value, "seat": a.recipient, "amount": a.amount}
                for a in payout.awards
            ],
            "reserve": payout.reserve,
        }
        try:
            with transaction.atomic():
                claim = JackpotClaim.objects.create(
                    casino_id=fund.casino_id,
                    fund=fund,
                    rules_version=version,
                    hand=hand,
                    balance=balance,
                    judgement=judged.data,
                    payout=plan,
                    filed_by=actor.user,
                )
        except IntegrityError:
            raise DomainError.of(PromotionsCode.CLAIM_ALREADY_FILED, field="hand") from None
        audit_record(
            actor=actor, action="promotions.claim.file", obj=claim, after=claim.signing_payload()
        )
    return claim


def _period_claimed(
    fund: Fund, start: datetime, end: datetime, winners: list[list[int]] | None
) -> JackpotClaim | None:
    """Refuse a period overlapping one claimed (``PERIOD_ALREADY_CLAIMED``), except the
    same period's unlocked claim whose winners are no longer ``winners`` (a hand revised
    since): that claim is returned, to be replaced. ``winners`` None: not judged yet."""
    claimed = list(selectors.period_claims(fund, start, end))
    if (
        len(claimed) == 1
        and (claimed[0].period_start, claimed[0].period_end) == (start, end)
        and not claimed[0].is_locked
        and (winners is None or claimed[0].judgement.get("winners") != winners)
    ):
        return claimed[0]
    if claimed:
        raise DomainError.of(
            PromotionsCode.PERIOD_ALREADY_CLAIMED,
            field="start",
            details={"claims": [c.pk for c in claimed]},
        )
    return None


def _period_check(fund: Fund, start: datetime, end: datetime) -> None:
    """Refuse a fund that is not a high-hand fund, and a period that does not end after it
    starts or has not ended yet."""
    if fund.kind != Kind.HIGH_HAND:
        raise DomainError.of(
            PromotionsCode.CLAIM_KIND_INVALID,
            problem=DomainError.of(PromotionsCode.CLAIM_BY_PERIOD_HIGH_HAND_ONLY),
            field="fund",
        )
    if start is None or end is None or start >= end:
        raise DomainError.of(
            PromotionsCode.PERIOD_INVALID,
            problem=DomainError.of(PromotionsCode.PERIOD_END_NOT_AFTER_START),
            field="end",
        )
    if end > timezone.now():
        local = timezone.localtime(end).strftime("%d/%m/%Y %H:%M:%S")
        raise DomainError.of(PromotionsCode.PERIOD_NOT_ENDED, local=local, field="end")


def _period_plan(
    balance: Decimal, unit: int, payout: Payout, by_recipient: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """The payout of a period's claim, each award with the hand and seat it goes to."""
    return {
        "balance": judging.cents(balance),
        "unit": unit,
        "awards": [
            {
                "share": "high_hand",
                "hand": by_recipient[str(a.recipient)]["hand"].pk,
                "seat": by_recipient[str(a.recipient)]["seat"],
                "amount": a.amount,
            }
            for a in payout.awards
        ],
        "reserve": payout.reserve,
    }


def _period_judgement(
    rules: FundRules,
    start: datetime,
    end: datetime,
    key: list[list[int]],
    winners: list[dict[str, Any]],
) -> dict[str, Any]:
    """The judgement of a period as the claim keeps it: the period, the winners, the rules
    as posted in both languages, and each winning hand."""
    return {
        "kind": rules.kind.value,
        "period": {"start": start.isoformat(), "end": end.isoformat()},
        "winners": key,
        "ties": rules.ties.value,
        "board": winners[0]["board"],
        "rules": {
            lang: list(posted_rules(rules, lang, money=judging.money_in(lang)))
            for lang in ("es", "en")
        },
        "hands": [
            {
                "role": "high_hand",
                "table": w["hand"].table.number,
                "number": w["hand"].number,
                "seat": w["seat"],
                "cards": w["cards"],
                "best_five": w["best_five"],
                "board": w["board"],
                "value": w["value"],
                "hand": {"es": w["hand_es"], "en": w["hand_en"]},
                "hand_id": w["hand"].pk,
            }
            for w in winners
        ],
    }


def high_hand_claim_file(
    *, actor: Actor, fund: Fund, start: datetime, end: datetime
) -> JackpotClaim:
    """File the claim of a closed high-hand period (issue 44 §2): the period is judged
    now (``selectors.high_hand_period``: the records that count, ties as posted), and
    the payout computed from the balance by the posted split (``pay_out``: the winning
    share divided equally among the tied hands, each rounded down to the cage's unit;
    what the division leaves stays in the fund with the reserve).

    Refused: not a high-hand fund (``CLAIM_KIND_INVALID``), a period that does not end
    after it starts (``PERIOD_INVALID``) or has not ended (``PERIOD_NOT_ENDED``), no
    qualifying hand in it (``NO_HIGH_HAND``), a supervisor not assigned to the winning
    hand's table (``NOT_SESSION_SUPERVISOR``), another claim of the fund unpaid
    (``CLAIM_OPEN``), a period overlapping one claimed (``PERIOD_ALREADY_CLAIMED``).
    An unlocked claim of the same period whose winners changed since (a revision) is
    replaced: the new claim points at it.
    """
    require(actor, Perm.LOG_HAND)
    same_casino(actor, fund)
    _period_check(fund, start, end)
    _period_claimed(fund, start, end, None)  # again under the fund's lock below
    winners = selectors.high_hand_period(fund, start, end)
    if not winners:
        raise DomainError.of(PromotionsCode.NO_HIGH_HAND, field="start")
    first = winners[0]["hand"]
    require_assigned(actor, session=first.session)  # the winning table's own supervisor
    version = fund.rules_at(end)
    assert version is not None  # high_hand_period judged under it
    rules = version.fund_rules()
    key = selectors.period_winners_key(winners)
    recipients = [f"{hand}:{seat}" for hand, seat in key]
    by_recipient = {r: w for r, w in zip(recipients, winners, strict=True)}
    unit = min(w["hand"].chip_unit for w in winners)
    with transaction.atomic():
        fund = _lock_fund(fund)
        replaces = _period_claimed(fund, start, end, key)
        others = selectors.open_claims(fund)
        if replaces is not None:
            others = others.exclude(pk=replaces.pk)
        if others.exists():
            raise DomainError.of(PromotionsCode.CLAIM_OPEN)
        balance = selectors.balance(fund)
        payout = pay_out(rules, judging.cents(balance), winning=recipients, unit=unit)
        plan = _period_plan(balance, unit, payout, by_recipient)
        judgement = _period_judgement(rules, start, end, key, winners)
        try:
            with transaction.atomic():
                claim = JackpotClaim.objects.create(
                    casino_id=fund.casino_id,
                    fund=fund,
                    rules_version=version,
                    hand=first,
                    balance=balance,
                    judgement=judgement,
                    payout=plan,
                    filed_by=actor.user,
                    period_start=start,
                    period_end=end,
                    replaces=replaces,
                )
        except IntegrityError:
            raise DomainError.of(PromotionsCode.PERIOD_ALREADY_CLAIMED, field="start") from None
        audit_record(
            actor=actor,
            action="promotions.claim.file_period",
            obj=claim,
            after=claim.signing_payload(),
        )
    return claim


def require_claim_signer(actor: Actor) -> None:
    """Only the roles a claim takes sign it (before any lookup: a gate, not a state)."""
    if not actor.can(Perm.SIGN_JACKPOT_CLAIM):
        raise permission_denied(Perm.SIGN_JACKPOT_CLAIM.value, actor.role.value)


def claim_sign(
    *,
    actor: Actor,
    claim: JackpotClaim,
    role: Role | str,
    signer: Any = None,
    pin: str | None = None,
) -> SignResult:
    """One signature on a claim (supervisor, surveillance, then the shift manager's
    confirmation); when the last lands the claim is locked and its slips are issued."""
    require_claim_signer(actor)
    same_casino(actor, claim)
    if str(role) == Role.SHIFT_MANAGER and set(claim.signed_roles()) != {
        Role.SUPERVISOR.value,
        Role.SURVEILLANCE.value,
    }:
        raise DomainError.of(PromotionsCode.CLAIM_REVIEW_PENDING, field="role")
    with transaction.atomic():
        result = document_sign(actor=actor, document=claim, role=role, signer=signer, pin=pin)
        # After the signer's scope (answered first, issue 9 §1); a refusal here rolls the
        # signature back with the transaction.
        if claim.is_period:
            replacement = JackpotClaim.objects.filter(replaces=claim).first()
            if replacement is not None:
                raise DomainError.of(
                    PromotionsCode.CLAIM_REPLACED, details={"claim": replacement.pk}
                )
            if selectors.claim_is_stale(claim):
                raise DomainError.of(PromotionsCode.CLAIM_HAND_REVISED)
        if result.locked:
            for i, award in enumerate(claim.payout["awards"], start=1):
                JackpotSlip.objects.create(
                    claim=claim,
                    line=i,
                    share=award["share"],
                    seat=award["seat"],
                    hand_id=award.get("hand"),
                    amount=judging.amount(award["amount"]),
                )
    return result


def slip_pay(*, actor: Actor, slip: JackpotSlip) -> FundEntry:
    """The cage pays a slip: the cashier signs it and the payout leaves the fund; when
    the claim's last slip is paid the fund is re-seeded (``reseed``)."""
    require(actor, Perm.ISSUE_SLIP)
    claim = slip.claim
    same_casino(actor, claim)
    with transaction.atomic():
        fund = _lock_fund(claim.fund_id)
        document_sign(actor=actor, document=slip, role=Role.CAGE_CASHIER)
        entry = _entry(
            actor,
            fund,
            claim.rules_version,
            EntryKind.PAYOUT,
            slip.amount,
            sign=-1,
            claim=claim,
            slip=slip,
            table_id=(slip.hand or claim.hand).table_id,
        )
        if not claim.slips.filter(locked_at__isnull=True).exists():
            rules = claim.rules_version.fund_rules()
            current = fund.rules_at() or claim.rules_version
            again = reseed(current.fund_rules(), judging.cents(selectors.balance(fund)))
            if again.house_seed:
                _entry(
                    actor,
                    fund,
                    current,
                    EntryKind.RESEED,
                    judging.amount(again.house_seed),
                    claim=claim,
                )
            audit_record(
                actor=actor,
                action="promotions.claim.paid",
                obj=claim,
                after={"house_seed": again.house_seed, "seed": rules.seed},
            )
    return entry
