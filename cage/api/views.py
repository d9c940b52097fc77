"""The cage API: one view per use case; parse -> service -> output (STYLE, django.md).

Supervisor at the table: table card, buy-ins, changes, departures. Cage: the fill
and credit queue, issuing slips, blind drop counts. Security: carrying slips. Pit
boss: slip requests, voids, reversals, reconciliation and explanations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import (
    ROLE_HEADER,
    Actor,
    acting_as,
    actor_for,
    parse_role,
    require,
    signed_in,
)
from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import parse
from casino.api.query import query_choice, query_int_renamed
from casino.api.renames import GAMING_DAY_FILTER
from casino.api.responses import CreatesMixin
from casino.api.serializers import ErrorSerializer
from casino.atomic import request_transaction
from casino.errorcodes import ApiCode
from casino.errors import DomainError, PermissionRefused
from casino.models import User
from casino.roles import Perm, Role
from casino.selectors import staff_by_username
from players.models import Player
from tables.selectors import access_session

from .. import selectors, services
from ..models import CashAlert, Slip, SlipVoid
from ..reconciliation import reconcile_day, reconcile_session
from . import serializers as s

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TAG_TABLE = ["cage: table"]
TAG_SLIPS = ["cage: fills and credits"]
TAG_BOOKS = ["cage: reconciliation"]


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


def _staff(actor: Actor, username: str | None, field: str) -> User | None:
    if not username:
        return None
    user = staff_by_username(actor.casino_id, username)
    if user is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=User, field=field)
    return user


def _player(actor: Actor, player_id: int | None) -> Player | None:
    if player_id is None:
        return None
    player = Player.objects.filter(pk=player_id, casino_id=actor.casino_id).first()
    if player is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Player, field="player")
    return player


def _lines(items: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
    return [(i["value"], i["count"]) for i in items]


def _created(payload: Any) -> Response:
    return Response(payload, status=status.HTTP_201_CREATED)


# --------------------------------------------------------------------------- table


class TableCardView(APIView):
    """The table card (tarjeta de registro de mesa): buy-ins per seat (BUYIN-06, BUYIN-07)."""

    @extend_schema(tags=TAG_TABLE, responses={200: s.TableCardSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_CAGE)
        selectors.require_sees_expected(actor)
        session = access_session(actor, pk, Perm.VIEW_CAGE)
        seats = sorted(selectors.seat_summaries(session).values(), key=lambda x: x.seat)
        body = {
            "session": session.pk,
            "table": session.table.number,
            "status": session.status,
            "min_buyin": session.settings.min_buyin,
            "max_buyin": session.settings.max_buyin,
            "seats": [{**vars(x), "minutes_seated": x.minutes_seated} for x in seats],
            "entries": list(selectors.buyins(session)),
        }
        return Response(s.TableCardSerializer(body).data)


class BuyinView(APIView):
    @extend_schema(
        tags=TAG_TABLE,
        request=s.BuyinInputSerializer,
        responses={201: s.CageRecordedSerializer, **ERRORS},
        summary="Record a buy-in or re-buy (the supervisor's approval)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RECORD_BUYIN)
        # Issue 43: one transaction; the access check reads the session locked, before the
        # body (a person not assigned is refused 403 whatever was sent), and the service
        # reuses the locked row and its assignment.
        with request_transaction():
            session = access_session(actor, pk, Perm.RECORD_BUYIN, lock=True)
            data = parse(s.BuyinInputSerializer, request.data)

            def handle() -> Response:
                recorded = services.buyin_record(
                    actor=actor,
                    session=session,
                    seat=data["seat"],
                    amount=data["amount"],
                    croupier=_staff(actor, data["croupier"], "croupier"),
                    chips=_lines(data["chips"]),
                    cash=data["cash"],
                    source=data["source"],
                    player=_player(actor, data.get("player")),
                    player_name=data["player_name"],
                    stack_before=data.get("stack_before"),
                    foreign_colour_chips=data["foreign_colour_chips"],
                    override_by=_staff(actor, data.get("override_by"), "override_by"),
                    override_pin=data.get("override_pin"),
                    override_reason=data["override_reason"],
                    pit_boss=_staff(actor, data.get("pit_boss"), "pit_boss"),
                    large_cash_handling=data["large_cash_handling"],
                )
                return _created(s.CageRecordedSerializer.of(recorded))

            return idempotent(request, handle)


class _ChangeView(APIView):
    # the service each view records with (they differ in whether a seat is named)
    record: Callable[..., services.Recorded] = staticmethod(services.colour_change_record)
    # The one input serializer: parsed below and read by the schema (no ``request=``
    # override in ``_change_schema``), so the two cannot drift (issue 15 §1).
    serializer_class: type[s.ChipChangeInputSerializer] = s.ChipChangeInputSerializer
    has_seat = True

    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RECORD_CHANGE)
        with request_transaction():  # as a buy-in: one access check, under the lock
            session = access_session(actor, pk, Perm.RECORD_CHANGE, lock=True)
            data = parse(self.serializer_class, request.data)
            extra: dict[str, Any] = {k: data[k] for k in ("hand_number", "hand_ref") if k in data}
            if self.has_seat:
                extra["seat"] = data.get("seat")

            def handle() -> Response:
                recorded = type(self).record(
                    actor=actor,
                    session=session,
                    croupier=_staff(actor, data["croupier"], "croupier"),
                    chips_in=_lines(data["chips_in"]),
                    chips_out=_lines(data["chips_out"]),
                    **extra,
                )
                return _created(s.CageRecordedSerializer.of(recorded))

            return idempotent(request, handle)


def _change_schema(summary: str):
    return extend_schema(
        tags=TAG_TABLE,
        responses={201: s.CageRecordedSerializer, **ERRORS},
        summary=summary,
    )


class ColourChangeView(_ChangeView):
    record = staticmethod(services.colour_change_record)

    @_change_schema("Colour change: equal value in and out (CHIP-02..06)")
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class CashOutView(_ChangeView):
    record = staticmethod(services.cash_out_record)

    @_change_schema("Cash-out / colour-up, always approved (CHIP-07..15)")
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class TipChangeView(_ChangeView):
    record = staticmethod(services.tip_change_record)
    has_seat = False

    @_change_schema("Tip change, apart from the float (CHIP-17, CHIP-18)")
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class InHandChangeView(_ChangeView):
    record = staticmethod(services.in_hand_change_record)
    serializer_class = s.InHandChipChangeInputSerializer

    @_change_schema("In-hand change from the pot (CHIP-14)")
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class DepartureView(APIView):
    @extend_schema(
        tags=TAG_TABLE,
        request=s.SeatDepartureInputSerializer,
        responses={201: s.SeatDepartureSerializer, **ERRORS},
        summary="A player leaves a seat with a stack (BUYIN-03)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RECORD_BUYIN)
        session = access_session(actor, pk, Perm.RECORD_BUYIN)
        data = parse(s.SeatDepartureInputSerializer, request.data)

        def handle() -> Response:
            departure = services.player_departure_record(
                actor=actor, session=session, seat=data["seat"], stack=data["stack"]
            )
            return _created(s.SeatDepartureSerializer(departure).data)

        return idempotent(request, handle)


class ReverseView(APIView):
    @extend_schema(
        tags=TAG_TABLE,
        request=s.CageReasonInputSerializer,
        responses={200: s.TableTransactionSerializer, **ERRORS},
        summary="Correct a mistake with a reversing entry that points at the original",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.APPROVE_CHANGE)
        original = selectors.access_transaction(actor, pk, Perm.APPROVE_CHANGE)
        data = parse(s.CageReasonInputSerializer, request.data)

        def handle() -> Response:
            tx = services.transaction_reverse(
                actor=actor, transaction_=original, reason=data["reason"]
            )
            return Response(s.TableTransactionSerializer(tx).data)

        return idempotent(request, handle)


# --------------------------------------------------------------------------- slips


def _slip_reader(request: Request) -> Actor:
    """The cage, the floor and security (who carries slips) read the slip queue."""
    user = request.user
    role = request.headers.get(ROLE_HEADER)
    try:
        return actor_for(user, Perm.VIEW_CAGE, role)
    except PermissionRefused:
        return actor_for(user, Perm.CARRY_SLIP, role)


#: What ``selectors.slip_status`` answers, in the order a slip goes through them.
SLIP_STATUSES = s.SLIP_STATUSES


class SlipListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=TAG_SLIPS,
        parameters=[
            OpenApiParameter("status", str, enum=list(SLIP_STATUSES)),
            *GAMING_DAY_FILTER,
        ],
        responses={200: s.SlipSerializer(many=True), **ERRORS},
        summary="The fill and credit queue",
    )
    def get(self, request: Request) -> Response:
        actor = _slip_reader(request)
        qs: QuerySet[Slip] = selectors.slips_for(actor.casino)
        day = query_int_renamed(request.query_params, "gaming_day_id", old="gaming_day")
        wanted = query_choice(request.query_params, "status", SLIP_STATUSES)
        if day is not None:
            qs = qs.filter(gaming_day_id=day)
        qs = qs.order_by("-requested_at", "-id")
        if wanted:  # the status is computed from the signatures, not stored
            return paginated(
                request,
                self,
                [x for x in qs if selectors.slip_status(x) == wanted],
                s.SlipSerializer,
            )
        return paginated(request, self, qs, s.SlipSerializer)


class SlipRequestView(CreatesMixin, APIView):
    location_route = "api-cage-slip"

    @extend_schema(
        tags=TAG_SLIPS,
        request=s.SlipRequestInputSerializer,
        responses={201: s.SlipSerializer, **ERRORS},
        summary="The pit boss requests a fill or credit (numbered, signed by them)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.REQUEST_FILL)
        session = access_session(actor, pk, Perm.REQUEST_FILL)
        data = parse(s.SlipRequestInputSerializer, request.data)

        def handle() -> Response:
            slip = services.slip_request(
                actor=actor,
                session=session,
                kind=data["kind"],
                lines=_lines(data["lines"]),
                purpose=data["purpose"],
                note=data["note"],
            )
            return _created(s.SlipSerializer(slip).data)

        return idempotent(request, handle)


class SlipDetailView(APIView):
    @extend_schema(tags=TAG_SLIPS, responses={200: s.SlipSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _slip_reader(request)
        slip = selectors.slips_for(actor.casino, pk=pk).first()
        if slip is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=Slip)
        return Response(s.SlipSerializer(slip).data)


class SlipSignView(APIView):
    @extend_schema(
        tags=TAG_SLIPS,
        request=s.SlipSignInputSerializer,
        responses={200: s.SlipSignResultSerializer, **ERRORS},
        summary="Issue (cage), carry (security) or receive (croupier with PIN, supervisor)",
    )
    def post(self, request: Request, pk: int) -> Response:
        data = parse(s.SlipSignInputSerializer, request.data)
        role = data["role"]
        if role == Role.CROUPIER.value and data.get("signer"):
            actor = _actor(request, Perm.APPROVE_CHANGE)  # the supervisor's terminal
        else:
            actor = acting_as(
                signed_in(request.user), request.headers.get(ROLE_HEADER) or parse_role(role)
            )
        slip = selectors.slips_for(actor.casino, pk=pk).first()
        if slip is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=Slip)
        signer = _staff(actor, data.get("signer"), "signer")
        result = services.slip_sign(
            actor=actor, slip=slip, role=role, signer=signer, pin=data.get("pin")
        )
        slip.refresh_from_db()
        return Response(
            s.SlipSignResultSerializer(
                {"slip": slip, "locked": result.locked, "role": result.signature.role}
            ).data
        )


class SlipVoidView(APIView):
    @extend_schema(
        tags=TAG_SLIPS,
        request=s.CageReasonInputSerializer,
        responses={200: s.SlipSerializer, **ERRORS},
        summary="Ask to void a slip, with a reason (a second person confirms)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VOID_SLIP)
        slip = selectors.access_slip(actor, pk, Perm.VOID_SLIP)
        data = parse(s.CageReasonInputSerializer, request.data)

        def handle() -> Response:
            services.slip_void_request(actor=actor, slip=slip, reason=data["reason"])
            return Response(s.SlipSerializer(selectors.slips_for(actor.casino, pk=pk).get()).data)

        return idempotent(request, handle)


class SlipVoidConfirmView(APIView):
    @extend_schema(
        tags=TAG_SLIPS,
        request=None,
        responses={200: s.SlipSerializer, **ERRORS},
        summary="The second, independent signer confirms a void",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VOID_SLIP)
        void = SlipVoid.objects.filter(pk=pk, slip__casino_id=actor.casino_id).first()
        if void is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=SlipVoid)

        def handle() -> Response:
            services.slip_void_confirm(actor=actor, void=void)
            slip = selectors.slips_for(actor.casino, pk=void.slip_id).get()
            return Response(s.SlipSerializer(slip).data)

        return idempotent(request, handle)


# --------------------------------------------------------------------------- books


class DropCountView(APIView):
    @extend_schema(
        tags=TAG_BOOKS,
        request=s.DropCountInputSerializer,
        responses={201: s.DropCountResultSerializer, **ERRORS},
        summary="One counter's blind count of the drop box and rake box",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.COUNT_DROP)
        session = access_session(actor, pk, Perm.COUNT_DROP)
        data = parse(s.DropCountInputSerializer, request.data)

        def handle() -> Response:
            result = services.drop_count_record(
                actor=actor,
                session=session,
                cash=data["cash"],
                rake_chips=_lines(data["rake_chips"]),
            )
            return _created({"id": result.count.pk, "status": result.status})

        return idempotent(request, handle)


def _with_explained(payload: dict[str, Any], explained: set[str]) -> dict[str, Any]:
    for finding in payload["findings"]:
        finding["explained"] = finding["key"] in explained
    return payload


class SessionReconciliationView(APIView):
    @extend_schema(
        tags=TAG_BOOKS,
        responses={200: s.SessionReconciliationSerializer, **ERRORS},
        summary="Expected and counted float, drop and rake box per denomination, with variances",
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_CAGE)
        selectors.require_sees_expected(actor)
        session = access_session(actor, pk, Perm.VIEW_CAGE)
        explained = set(session.variance_explanations.values_list("finding_key", flat=True))
        payload = _with_explained(reconcile_session(session).as_dict(), explained)
        return Response(s.SessionReconciliationSerializer(payload).data)


class DayReconciliationView(APIView):
    @extend_schema(
        tags=TAG_BOOKS,
        responses={200: s.DayReconciliationSerializer, **ERRORS},
        summary="Every finding of a gaming day (as `manage.py reconcile_day --json`)",
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_CAGE)
        selectors.require_sees_expected(actor)
        day = selectors.access_gaming_day(actor, pk, Perm.VIEW_CAGE)
        return Response(s.DayReconciliationSerializer(reconcile_day(day).as_dict()).data)


class ExplanationView(APIView):
    @extend_schema(
        tags=TAG_BOOKS,
        request=s.VarianceExplanationInputSerializer,
        responses={201: s.VarianceExplanationSerializer, **ERRORS},
        summary="The pit boss explains a variance (the variance stays)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.EXPLAIN_VARIANCE)
        session = access_session(actor, pk, Perm.EXPLAIN_VARIANCE)
        data = parse(s.VarianceExplanationInputSerializer, request.data)

        def handle() -> Response:
            row = services.variance_explain(
                actor=actor,
                session=session,
                finding_key=data["finding_key"],
                explanation=data["explanation"],
            )
            return _created(s.VarianceExplanationSerializer(row).data)

        return idempotent(request, handle)


class ParRestorationView(APIView):
    @extend_schema(
        tags=TAG_SLIPS,
        responses={200: s.ParRestorationSerializer, **ERRORS},
        summary="Fills and credits that bring the counted float back to par (CLOSE-07)",
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_CAGE)
        session = access_session(actor, pk, Perm.VIEW_CAGE)
        needs = services.par_restoration(session)
        values = {d.pk: d.value for d in selectors.table_denominations(session.table).values()}
        body = {k: [{"value": values.get(d), "count": n} for d, n in v] for k, v in needs.items()}
        return Response(s.ParRestorationSerializer(body).data)


class CashAlertListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=TAG_BOOKS,
        parameters=GAMING_DAY_FILTER,
        responses={200: s.CashAlertSerializer(many=True), **ERRORS},
        summary="Cash buy-ins per player and gaming day over the thresholds",
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_CAGE)
        require(actor, Perm.VIEW_CAGE)
        qs = CashAlert.objects.filter(casino=actor.casino)
        day = query_int_renamed(request.query_params, "gaming_day_id", old="gaming_day")
        if day is not None:
            qs = qs.filter(gaming_day_id=day)
        return paginated(request, self, qs, s.CashAlertSerializer)


class CagePolicyView(APIView):
    """The casino's cage settings (thresholds, cash and foreign-chip policies, note values):
    the version in force, and a new version from a time (never an edit)."""

    @extend_schema(
        tags=TAG_BOOKS,
        responses={200: s.CagePolicySerializer, **ERRORS},
        summary="The cage settings in force",
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_CAGE)
        return Response(s.CagePolicySerializer(selectors.cage_policy(actor.casino)).data)

    @extend_schema(
        tags=TAG_BOOKS,
        request=s.CagePolicyInputSerializer,
        responses={201: s.CagePolicySerializer, **ERRORS},
        summary="A new version of the cage settings (MANAGE_SETTINGS)",
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.MANAGE_SETTINGS)
        data = parse(s.CagePolicyInputSerializer, request.data)

        def handle() -> Response:
            policy = services.cage_policy_set(actor=actor, **data)
            return _created(s.CagePolicySerializer(policy).data)

        return idempotent(request, handle)
