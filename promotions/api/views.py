"""The promotion funds' API (issue 44): one view per use case; parse -> service -> output.
Paths carry "jackpot" (``/api/jackpots/...``)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cage.models import Slip
from casino.access import ROLE_HEADER, Actor, actor_for
from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import parse
from casino.api.query import query_datetime
from casino.api.serializers import ErrorSerializer
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.models import GamingDay
from casino.roles import Perm
from hands.models import Hand

from .. import selectors, services
from ..codes import PromotionsCode
from ..judging import money_in
from ..models import Fund, JackpotSlip
from . import serializers as s

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TAG = ["promotions: jackpots"]


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


def _fund_row(fund: Fund) -> dict[str, Any]:
    return {
        "id": fund.pk,
        "name": fund.name,
        "kind": fund.kind,
        "balance": selectors.balance(fund),
        "tables": [t.pk for t in selectors.fund_tables(fund)],
    }


class FundListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=TAG,
        responses={200: s.JackpotFundSerializer(many=True), **ERRORS},
        summary="The promotion funds (jackpots) with their balances",
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        rows = [_fund_row(f) for f in selectors.funds(actor.casino_id)]
        return paginated(request, self, rows, s.JackpotFundSerializer)


class FundDetailView(APIView):
    @extend_schema(
        tags=TAG,
        responses={200: s.JackpotFundDetailSerializer, **ERRORS},
        summary="A fund: balance, tables and the posted rules in force (es/en)",
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        fund = selectors.access_fund(actor, pk)
        version = fund.rules_at()
        rules = version.fund_rules() if version else None
        from poker.promotions import posted_rules

        data = {
            **_fund_row(fund),
            "rules_version": version.version if version else None,
            "rules_effective_from": version.effective_from if version else None,
            "posted_rules": {
                lang: list(posted_rules(rules, lang, money=money_in(lang))) if rules else []
                for lang in ("es", "en")
            },
            "rules": version.rules if version else None,
        }
        return Response(s.JackpotFundDetailSerializer(data).data)


class FundLedgerView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=TAG,
        responses={200: s.JackpotEntrySerializer(many=True), **ERRORS},
        summary="A fund's sealed ledger: seed, drops, payouts, re-seeds, corrections",
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        fund = selectors.access_fund(actor, pk)
        return paginated(request, self, selectors.ledger(fund), s.JackpotEntrySerializer)


class BoxCountView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.JackpotBoxCountInputSerializer,
        responses={201: s.JackpotBoxCountResultSerializer, **ERRORS},
        summary="Record the counted jackpot box of a day; findings when it differs",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.COUNT_DROP)
        fund = selectors.access_fund(actor, pk, Perm.COUNT_DROP)
        data = parse(s.JackpotBoxCountInputSerializer, request.data)
        day = GamingDay.objects.filter(pk=data["gaming_day_id"], casino_id=actor.casino_id).first()
        if day is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=GamingDay, field="gaming_day_id")

        def handle() -> Response:
            row = services.box_count_record(
                actor=actor,
                fund=fund,
                gaming_day=day,
                counted=data["counted"],
                note=data.get("note", ""),
            )
            out = {
                "id": row.pk,
                "counted": row.counted,
                "expected": row.expected,
                "findings": selectors.box_findings(fund, day),
            }
            return Response(
                s.JackpotBoxCountResultSerializer(out).data, status=status.HTTP_201_CREATED
            )

        return idempotent(request, handle)


def _hand(actor: Actor, pk: Any) -> Hand:
    hand = Hand.objects.filter(pk=pk, casino_id=actor.casino_id).first()
    if hand is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Hand, field="hand")
    return hand


class HandJudgementView(APIView):
    @extend_schema(
        tags=TAG,
        responses={200: s.JackpotJudgementSerializer, **ERRORS},
        summary="A stored hand judged for its table's jackpot: the rule and the cards",
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        found = selectors.hand_judgement(_hand(actor, pk))
        data: dict[str, Any]
        if found is None:
            data = {"fund": None, "qualified": False, "almost": False, "judgement": None}
        else:
            fund, judged = found
            data = {
                "fund": fund.pk,
                "qualified": judged.qualified,
                "almost": judged.almost,
                "judgement": judged.data,
            }
        return Response(s.JackpotJudgementSerializer(data).data)


class ClaimFileView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.JackpotClaimInputSerializer,
        responses={201: s.JackpotClaimSerializer, **ERRORS},
        summary="File a bad-beat claim for a qualifying hand",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.LOG_HAND)
        fund = selectors.access_fund(actor, pk, Perm.LOG_HAND)
        data = parse(s.JackpotClaimInputSerializer, request.data)
        hand = _hand(actor, data["hand"])

        def handle() -> Response:
            claim = services.claim_file(actor=actor, fund=fund, hand=hand)
            return Response(s.JackpotClaimSerializer(claim).data, status=status.HTTP_201_CREATED)

        return idempotent(request, handle)


class HighHandPeriodView(APIView):
    @extend_schema(
        tags=TAG,
        parameters=[
            OpenApiParameter("start", OpenApiTypes.DATETIME, required=True),
            OpenApiParameter("end", OpenApiTypes.DATETIME, required=True),
        ],
        responses={200: s.JackpotPeriodSerializer, **ERRORS},
        summary="A high-hand period: its winner(s) judged now, whether it ended, its claims",
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        fund = selectors.access_fund(actor, pk)
        start = query_datetime(request.query_params, "start")
        end = query_datetime(request.query_params, "end")
        if start is None or end is None or start >= end:
            raise DomainError.of(
                PromotionsCode.PERIOD_INVALID,
                problem=DomainError.of(PromotionsCode.PERIOD_END_NOT_AFTER_START),
                field="end" if start is not None else "start",
            )
        data = {
            "start": start,
            "end": end,
            "ended": end <= timezone.now(),
            "winners": selectors.high_hand_period(fund, start, end),
            "claims": [c.pk for c in selectors.period_claims(fund, start, end)],
        }
        return Response(s.JackpotPeriodSerializer(data).data)


class HighHandClaimFileView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.JackpotPeriodInputSerializer,
        responses={201: s.JackpotClaimSerializer, **ERRORS},
        summary="File the claim of a closed high-hand period (the winning table's supervisor)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.LOG_HAND)
        fund = selectors.access_fund(actor, pk, Perm.LOG_HAND)
        data = parse(s.JackpotPeriodInputSerializer, request.data)

        def handle() -> Response:
            claim = services.high_hand_claim_file(
                actor=actor, fund=fund, start=data["start"], end=data["end"]
            )
            return Response(s.JackpotClaimSerializer(claim).data, status=status.HTTP_201_CREATED)

        return idempotent(request, handle)


class ClaimDetailView(APIView):
    @extend_schema(
        tags=TAG,
        responses={200: s.JackpotClaimSerializer, **ERRORS},
        summary="A jackpot claim: the judgement, the payout, signatures and slips",
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        return Response(s.JackpotClaimSerializer(selectors.access_claim(actor, pk)).data)


class ClaimSignView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.JackpotClaimSignInputSerializer,
        responses={200: s.JackpotClaimSerializer, **ERRORS},
        summary="Sign a jackpot claim (supervisor, surveillance, shift manager)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = actor_for(request.user, Perm.VIEW_TABLES, request.headers.get(ROLE_HEADER))
        services.require_claim_signer(actor)
        data = parse(s.JackpotClaimSignInputSerializer, request.data)
        claim = selectors.access_claim(actor, pk, Perm.VIEW_TABLES)
        services.claim_sign(actor=actor, claim=claim, role=data["role"])
        claim.refresh_from_db()
        return Response(s.JackpotClaimSerializer(claim).data)


class SlipPayView(APIView):
    @extend_schema(
        tags=TAG,
        request=None,
        responses={200: s.JackpotSlipSerializer, **ERRORS},
        summary="The cage pays a jackpot slip (the cashier's signature)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.ISSUE_SLIP)
        slip = JackpotSlip.objects.filter(pk=pk, claim__casino_id=actor.casino_id).first()
        if slip is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=Slip)
        services.slip_pay(actor=actor, slip=slip)
        slip.refresh_from_db()
        return Response(s.JackpotSlipSerializer(slip).data)
