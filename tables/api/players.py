"""API of the player registry and the exclusions (issue 17 §1, §2).

Each view: the actor (``X-Mesa-Role``), parse the input, fetch and authorise, then one
service or selector call; POSTs that create records go through ``idempotent`` and answer
201 with ``Location``. A player's identity (document, nationality, birth date) is read
only at ``/players/{id}/identity/``, by the roles that may, and every read is audited.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import ROLE_HEADER, Actor, actor_for
from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import parse
from casino.api.query import query_choice, query_int
from casino.api.serializers import ErrorSerializer
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm, Role
from players import selectors as registry
from players import services as registry_svc
from players.models import DocumentType, Exclusion, ExclusionKind, ExclusionList, Player

from ..models import ExclusionHit, HitReason, VipReferral
from ..selectors import access_session, ops_settings
from ..selectors import players as sel
from ..services import players as svc
from .serializers.common import choice

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TAGS = ["tables: players and exclusions"]


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


def _created(body: Any, location: str) -> Response:
    response = Response(body, status=status.HTTP_201_CREATED)
    response["Location"] = location
    return response


# --- serializers ------------------------------------------------------------------------


class PlayerSerializer(serializers.Serializer):
    """A player as every floor role sees him: the name, never the identity."""

    id = serializers.IntegerField()
    display_name = serializers.CharField()
    identified = serializers.BooleanField(help_text="Whether an identity document is recorded.")
    is_vip = serializers.BooleanField()


class PlayerRegisterInputSerializer(serializers.Serializer):
    display_name = serializers.CharField(max_length=120, allow_blank=True)
    document_type = choice(choices=DocumentType.choices)
    document_number = serializers.CharField(max_length=40, allow_blank=True)
    nationality = serializers.CharField(
        max_length=2, required=False, allow_blank=True, default="", help_text="ISO 3166 alpha-2."
    )
    birth_date = serializers.DateField(required=False, allow_null=True, default=None)


class PlayerIdentitySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    display_name = serializers.CharField()
    document_type = choice(choices=DocumentType.choices, allow_blank=True)
    document_number = serializers.CharField(allow_blank=True)
    nationality = serializers.CharField(allow_blank=True)
    birth_date = serializers.DateField(allow_null=True)


class ExclusionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    exclusion_kind = choice(choices=ExclusionKind.choices)
    player = serializers.IntegerField(allow_null=True)
    full_name = serializers.CharField(allow_blank=True)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(allow_null=True, help_text="Empty: until lifted.")
    source = serializers.CharField(allow_blank=True)  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class
    sanction = serializers.IntegerField(allow_null=True)
    exclusion_list = serializers.IntegerField(allow_null=True)
    line = serializers.IntegerField(allow_null=True)
    lifts = serializers.IntegerField(allow_null=True, help_text="The exclusion this row lifts.")
    lifted_by = serializers.IntegerField(allow_null=True)
    in_force = serializers.BooleanField()
    reason = serializers.CharField(allow_blank=True)
    recorded_by = serializers.CharField()
    role = choice(choices=Role.choices)
    at = serializers.DateTimeField()


class SelfExclusionInputSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="Player id.")
    starts_on = serializers.DateField(required=False, allow_null=True, default=None)
    ends_on = serializers.DateField(required=False, allow_null=True, default=None)
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class ExclusionLiftInputSerializer(serializers.Serializer):
    reason = serializers.CharField(allow_blank=True)


class ExclusionListSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    source = serializers.CharField()  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class
    list_date = serializers.DateField()
    version = serializers.IntegerField()
    current = serializers.BooleanField(help_text="The source's latest version: the one in force.")
    file_name = serializers.CharField(allow_blank=True)
    sha256 = serializers.CharField()
    entry_count = serializers.IntegerField()
    imported_by = serializers.CharField()
    imported_at = serializers.DateTimeField()


class ExclusionListInputSerializer(serializers.Serializer):
    source = serializers.CharField(max_length=80, allow_blank=True)  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class
    list_date = serializers.DateField(allow_null=True)
    file_name = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    content = serializers.CharField(
        allow_blank=True,
        trim_whitespace=False,
        help_text="The CSV text: document_type,document_number,full_name,starts_on,ends_on.",
    )


class ExclusionHitSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    hit_reason = choice(choices=HitReason.choices)
    exclusion = serializers.IntegerField(allow_null=True)
    refused_at = choice(choices=ExclusionHit.Where.choices, help_text="Buy-in or seating.")
    table = serializers.IntegerField(allow_null=True)
    session = serializers.IntegerField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    by = serializers.CharField()
    role = choice(choices=Role.choices)
    at = serializers.DateTimeField()


# --- presenters -------------------------------------------------------------------------


def _player(p: Player) -> dict[str, Any]:
    return {
        "id": p.pk,
        "display_name": p.display_name,
        "identified": p.identified,
        "is_vip": p.is_vip,
    }


def _exclusion(e: Exclusion) -> dict[str, Any]:
    today = timezone.localdate()
    lifted = getattr(e, "lifted_by", None) if e.lifts_id is None else None
    in_force = (
        e.lifts_id is None
        and lifted is None
        and e.starts_on <= today
        and (e.ends_on is None or e.ends_on >= today)
        and (e.exclusion_list_id is None or _is_current(e.exclusion_list))
    )
    return {
        "id": e.pk,
        "exclusion_kind": e.kind,
        "player": e.player_id,
        "full_name": e.full_name,
        "starts_on": e.starts_on,
        "ends_on": e.ends_on,
        "source": e.source,
        "sanction": e.sanction_id,
        "exclusion_list": e.exclusion_list_id,
        "line": e.line,
        "lifts": e.lifts_id,
        "lifted_by": lifted.pk if lifted is not None else None,
        "in_force": in_force,
        "reason": e.reason,
        "recorded_by": e.recorded_by.username,
        "role": e.role,
        "at": e.at,
    }


def _is_current(listed: ExclusionList | None) -> bool:
    return (
        listed is not None
        and registry.current_lists(listed.casino_id).filter(pk=listed.pk).exists()
    )


def _list(x: ExclusionList) -> dict[str, Any]:
    return {
        "id": x.pk,
        "source": x.source,
        "list_date": x.list_date,
        "version": x.version,
        "current": _is_current(x),
        "file_name": x.file_name,
        "sha256": x.sha256,
        "entry_count": x.entry_count,
        "imported_by": x.imported_by.username,
        "imported_at": x.imported_at,
    }


def _hit(h: ExclusionHit) -> dict[str, Any]:
    return {
        "id": h.pk,
        "player": h.player_id,
        "player_name": h.player.display_name,
        "hit_reason": h.reason,
        "exclusion": h.exclusion_id,
        "refused_at": h.where,
        "table": h.table_id,
        "session": h.session_id,
        "seat": h.seat,
        "by": h.actor.username,
        "role": h.role,
        "at": h.at,
    }


# --- views ------------------------------------------------------------------------------


class PlayerListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=TAGS,
        parameters=[OpenApiParameter("name", OpenApiTypes.STR, description="Part of the name.")],
        responses={200: PlayerSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_PLAYERS)
        rows = registry.players(actor, name=request.query_params.get("name") or None)
        return paginated(request, self, rows, PlayerSerializer, _player)

    @extend_schema(
        tags=TAGS,
        request=PlayerRegisterInputSerializer,
        description="Find the player of a document, or register him (issue 17 §1): 201 with "
        "Location when registered, 200 when the document was already known. A birth date "
        "below min_player_age is refused (GEN-08).",
        responses={200: PlayerSerializer, 201: PlayerSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.REGISTER_PLAYER)
        data = parse(PlayerRegisterInputSerializer, request.data)

        def handle() -> Response:
            player, created = registry_svc.player_register(
                actor=actor, min_player_age=ops_settings(actor.casino).min_player_age, **data
            )
            body = PlayerSerializer(_player(player)).data
            if not created:
                return Response(body)
            return _created(body, reverse("api-tables-player", args=[player.pk]))

        return idempotent(request, handle)


class PlayerDetailView(APIView):
    @extend_schema(tags=TAGS, responses={200: PlayerSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_PLAYERS)
        return Response(
            PlayerSerializer(_player(registry.access_player(actor, pk, Perm.VIEW_PLAYERS))).data
        )


class PlayerIdentityView(APIView):
    @extend_schema(
        tags=TAGS,
        description="The player's identity document, nationality and birth date: pit boss, "
        "shift manager and surveillance only; every read leaves an audit event.",
        responses={200: PlayerIdentitySerializer, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.READ_PLAYER_IDENTITY)
        player = registry.access_player(actor, pk, Perm.READ_PLAYER_IDENTITY)
        identity = registry_svc.player_identity_read(actor=actor, player=player)
        return Response(
            PlayerIdentitySerializer(
                {"id": player.pk, "display_name": player.display_name, **identity}
            ).data
        )


class ExclusionListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=TAGS,
        parameters=[
            OpenApiParameter("exclusion_kind", OpenApiTypes.STR, enum=ExclusionKind.values),
            OpenApiParameter("player", OpenApiTypes.INT),
        ],
        responses={200: ExclusionSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_EXCLUSIONS)
        q = request.query_params
        rows = registry.exclusions(
            actor,
            kind=query_choice(q, "exclusion_kind", ExclusionKind.values),
            player=query_int(q, "player"),
        )
        return paginated(request, self, rows, ExclusionSerializer, _exclusion)

    @extend_schema(
        tags=TAGS,
        request=SelfExclusionInputSerializer,
        description="Record a self-exclusion with its dates (pit boss or shift manager).",
        responses={201: ExclusionSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.RECORD_EXCLUSION)
        data = parse(SelfExclusionInputSerializer, request.data)
        player = registry.access_player(actor, data.pop("player"), Perm.RECORD_EXCLUSION)

        def handle() -> Response:
            row = registry_svc.exclusion_self_record(actor=actor, player=player, **data)
            return _created(
                ExclusionSerializer(_exclusion(row)).data,
                reverse("api-tables-exclusion", args=[row.pk]),
            )

        return idempotent(request, handle)


class ExclusionDetailView(APIView):
    @extend_schema(tags=TAGS, responses={200: ExclusionSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_EXCLUSIONS)
        return Response(ExclusionSerializer(_exclusion(registry.access_exclusion(actor, pk))).data)


class ExclusionLiftView(APIView):
    @extend_schema(
        tags=TAGS,
        request=ExclusionLiftInputSerializer,
        description="Lift an exclusion: a new row linked to it (a house ban: management). "
        "An action on the exclusion: 200 with the new row, whose URL is /api/exclusions/{id}/.",
        responses={200: ExclusionSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RECORD_EXCLUSION)
        data = parse(ExclusionLiftInputSerializer, request.data)
        exclusion = registry.access_exclusion(actor, pk, Perm.RECORD_EXCLUSION)

        def handle() -> Response:
            row = registry_svc.exclusion_lift(
                actor=actor, exclusion=exclusion, reason=data["reason"]
            )
            return Response(ExclusionSerializer(_exclusion(row)).data)

        return idempotent(request, handle)


class ExclusionListsView(APIView):
    pagination_class = Pagination

    @extend_schema(tags=TAGS, responses={200: ExclusionListSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_EXCLUSIONS)
        return paginated(
            request, self, registry.exclusion_lists(actor), ExclusionListSerializer, _list
        )

    @extend_schema(
        tags=TAGS,
        request=ExclusionListInputSerializer,
        description="Import a regulator's list (CSV text) as its source's next version, all "
        "or nothing: a malformed row refuses the file with its line number (shift manager).",
        responses={201: ExclusionListSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.IMPORT_EXCLUSION_LIST)
        data = parse(ExclusionListInputSerializer, request.data)

        def handle() -> Response:
            listed = registry_svc.exclusion_list_import(actor=actor, **data)
            return _created(
                ExclusionListSerializer(_list(listed)).data,
                reverse("api-tables-exclusion-list", args=[listed.pk]),
            )

        return idempotent(request, handle)


class ExclusionListDetailView(APIView):
    @extend_schema(tags=TAGS, responses={200: ExclusionListSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_EXCLUSIONS)
        listed = registry.exclusion_lists(actor).filter(pk=pk).first()
        if listed is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=ExclusionList)
        return Response(ExclusionListSerializer(_list(listed)).data)


class ExclusionHitListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=TAGS,
        description="Buy-ins and seatings refused because the player is excluded or under "
        "age, newest first (pit boss, shift manager, surveillance, auditor).",
        responses={200: ExclusionHitSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_EXCLUSIONS)
        return paginated(request, self, sel.exclusion_hits(actor), ExclusionHitSerializer, _hit)


# --- VIP referrals (SEAT-12, RPT-14) ------------------------------------------------------


class VipReferralSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    table = serializers.IntegerField()
    table_name = serializers.CharField()
    session = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField()
    by = serializers.CharField()
    role = choice(choices=Role.choices)
    at = serializers.DateTimeField()


class VipReferralInputSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    session = serializers.IntegerField(help_text="The table session the player is seen at.")
    reason = serializers.CharField(max_length=2000, allow_blank=True)


def _referral(r: VipReferral) -> dict[str, Any]:
    return {
        "id": r.pk,
        "player": r.player_id,
        "player_name": r.player.display_name,
        "table": r.table_id,
        "table_name": str(r.table),
        "session": r.session_id,
        "reason": r.reason,
        "by": r.referred_by.username,
        "role": r.role,
        "at": r.at,
    }


class VipReferralListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=TAGS,
        parameters=[OpenApiParameter("player", OpenApiTypes.INT)],
        description="The VIP referral list, newest first (RPT-14: pit boss, shift manager, "
        "auditor).",
        responses={200: VipReferralSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_VIP_REFERRALS)
        rows = sel.vip_referrals(actor, player=query_int(request.query_params, "player"))
        return paginated(request, self, rows, VipReferralSerializer, _referral)

    @extend_schema(
        tags=TAGS,
        request=VipReferralInputSerializer,
        description="Refer a player for VIP membership from a table's session (SEAT-12): "
        "its supervisor or a pit boss of its sector. Append-only, audited.",
        responses={201: VipReferralSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.REFER_VIP)
        data = parse(VipReferralInputSerializer, request.data)
        player = registry.access_player(actor, data["player"], Perm.REFER_VIP)
        session = access_session(actor, data["session"], Perm.REFER_VIP)

        def handle() -> Response:
            row = svc.vip_referral_record(
                actor=actor, player=player, session=session, reason=data["reason"]
            )
            return _created(
                VipReferralSerializer(_referral(row)).data,
                reverse("api-tables-vip-referrals") + f"?player={player.pk}",
            )

        return idempotent(request, handle)
