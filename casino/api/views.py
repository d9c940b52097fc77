"""API of the shared kernel: health, identity, tokens, gaming days, audit trail."""

from __future__ import annotations

import django_filters
from axes.backends import AxesBackendPermissionDenied
from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth import logout as session_logout
from django.db import connection
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from casino import services
from casino.access import ROLE_HEADER, actor_for, signed_in
from casino.errors import DomainError
from casino.logins import client_ip
from casino.models import ApiToken, AuditEvent, GamingDay, User
from casino.pins import UNLOCK_PERM, pin_unlock
from casino.roles import Perm, Role

from ..codes import CasinoCode
from ..errorcodes import ApiCode
from .authentication import token_issue, token_revoke, tokens_live
from .idempotency import idempotent
from .pagination import Pagination, paginated
from .parsing import parse
from .serializers import (
    AuditEventSerializer,
    ErrorSerializer,
    GamingDayOpenSerializer,
    GamingDaySerializer,
    HealthSerializer,
    MeSerializer,
    PinUnlockInputSerializer,
    PinUnlockOutputSerializer,
    TokenInfoSerializer,
    TokenInputSerializer,
    TokenOutputSerializer,
)

ERRORS = {400: ErrorSerializer, 401: ErrorSerializer, 403: ErrorSerializer, 409: ErrorSerializer}


def broker_status() -> dict[str, object]:
    url = settings.CELERY_BROKER_URL
    if not url:
        return {"ok": True, "mode": "eager"}
    try:
        import redis

        client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
        client.ping()
        return {"ok": True, "mode": "redis"}
    except Exception as exc:  # noqa: BLE001 - any failure means "down"
        return {"ok": False, "mode": "redis", "error": exc.__class__.__name__}


def database_status() -> dict[str, object]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return {"ok": True, "vendor": connection.vendor}
    except Exception as exc:  # noqa: BLE001
        return {"ok": False, "vendor": connection.vendor, "error": exc.__class__.__name__}


class HealthView(APIView):
    """Database and broker status; 503 when either is down."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    @extend_schema(responses={200: HealthSerializer, 503: HealthSerializer}, tags=["system"])
    def get(self, request: Request) -> Response:
        db = database_status()
        broker = broker_status()
        ok = bool(db["ok"]) and bool(broker["ok"])
        body = {"status": "ok" if ok else "degraded", "database": db, "broker": broker}
        return Response(body, status=200 if ok else 503)


class MeView(APIView):
    @extend_schema(responses={200: MeSerializer, **ERRORS}, tags=["system"])
    def get(self, request: Request) -> Response:
        user = signed_in(request.user)
        return Response(
            {
                "username": user.username,
                "name": str(user),
                "casino": user.casino.code if user.casino else None,
                "roles": [r.value for r in Role if user.holds_role(r)],
            }
        )


class LoginRateThrottle(ScopedRateThrottle):
    """The login rate per client, the client as the trusted proxies saw it (issue 39 §5):
    DRF's own reading took every address of X-Forwarded-For, which a client writes."""

    def get_ident(self, request: Request) -> str:
        return client_ip(request) or ""


class TokenView(APIView):
    """Exchange username and password for an API token (throttled)."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_classes = [LoginRateThrottle]
    throttle_scope = "login"

    @extend_schema(
        request=TokenInputSerializer,
        responses={200: TokenOutputSerializer, 429: ErrorSerializer, **ERRORS},
        tags=["system"],
    )
    def post(self, request: Request) -> Response:
        data = parse(TokenInputSerializer, request.data)
        locked = False
        try:
            user = authenticate(request, username=data["username"], password=data["password"])
        except AxesBackendPermissionDenied:
            user, locked = None, True
        if locked or getattr(request, "axes_locked_out", False):
            # Locked by address or by user (issue 12 §3): 429, as the page login.
            raise DomainError.of(CasinoCode.ACCOUNT_LOCKED)
        if user is None or not user.is_active:
            raise DomainError.of(CasinoCode.LOGIN_FAILED)
        token, key = token_issue(user=user)  # one token per login (issue 12 §9)
        return Response({"token": key, "id": token.pk, "expires_at": token.expires_at})


class LogoutView(APIView):
    """Revoke the token this request came with (a session is logged out instead)."""

    @extend_schema(request=None, responses={204: None, **ERRORS}, tags=["system"])
    def post(self, request: Request) -> Response:
        if isinstance(request.auth, ApiToken):
            token_revoke(user=signed_in(request.user), token_id=request.auth.pk, reason="logout")
        else:
            session_logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenListView(APIView):
    """The caller's own live tokens: when issued, when they expire, last used; no secret.

    One page at a time (issue 39 §6): every login issues a token, so the list grows."""

    pagination_class = Pagination

    @extend_schema(responses={200: TokenInfoSerializer(many=True), **ERRORS}, tags=["system"])
    def get(self, request: Request) -> Response:
        current = request.auth.pk if isinstance(request.auth, ApiToken) else None
        rows = [
            {
                "id": t.pk,
                "created_at": t.created_at,
                "expires_at": t.expires_at,
                "last_used_at": t.last_used_at,
                "current": t.pk == current,
            }
            for t in tokens_live(signed_in(request.user))
        ]
        return paginated(request, self, rows, TokenInfoSerializer)


class TokenRevokeView(APIView):
    """Revoke one of the caller's own tokens; anyone else's answers 404."""

    @extend_schema(
        request=None, responses={204: None, 404: ErrorSerializer, **ERRORS}, tags=["system"]
    )
    def delete(self, request: Request, pk: int) -> Response:
        token_revoke(user=signed_in(request.user), token_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PinUnlockView(APIView):
    """A pit boss lifts a croupier's PIN lock before it runs out (issue 12 §3)."""

    @extend_schema(
        request=PinUnlockInputSerializer,
        responses={200: PinUnlockOutputSerializer, 404: ErrorSerializer, **ERRORS},
        tags=["staff"],
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = actor_for(request.user, UNLOCK_PERM, request.headers.get(ROLE_HEADER))
        data = parse(PinUnlockInputSerializer, request.data)
        user = User.objects.filter(pk=pk, casino=actor.casino).first()
        if user is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=User)
        user = pin_unlock(actor=actor, user=user, reason=data["reason"])
        return Response({"username": user.username, "pin_locked": False})


class AuditEventFilter(django_filters.FilterSet):
    since = django_filters.IsoDateTimeFilter(field_name="at", lookup_expr="gte")
    until = django_filters.IsoDateTimeFilter(field_name="at", lookup_expr="lt")
    actor = django_filters.CharFilter(field_name="actor__username")
    action = django_filters.CharFilter(field_name="action", lookup_expr="startswith")
    # Issue 15 §4: the id filter is gaming_day_id; gaming_day stays for API v1.
    gaming_day_id = django_filters.NumberFilter(field_name="gaming_day")

    class Meta:
        model = AuditEvent
        fields = ["role", "object_type", "object_id", "gaming_day"]


class AuditEventListView(generics.ListAPIView):
    """The audit trail, newest first, filterable (read-only)."""

    serializer_class = AuditEventSerializer
    filterset_class = AuditEventFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return AuditEvent.objects.none()
        actor = actor_for(self.request.user, Perm.VIEW_AUDIT, self.request.headers.get(ROLE_HEADER))
        return AuditEvent.objects.filter(casino=actor.casino).select_related("actor")

    @extend_schema(tags=["audit"], responses={200: AuditEventSerializer(many=True), **ERRORS})
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)


class GamingDayListView(APIView):
    pagination_class = Pagination

    @extend_schema(tags=["gaming days"], responses={200: GamingDaySerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = actor_for(request.user, Perm.VIEW_TABLES, request.headers.get(ROLE_HEADER))
        days = GamingDay.objects.filter(casino=actor.casino)
        return paginated(request, self, days, GamingDaySerializer)

    @extend_schema(
        tags=["gaming days"],
        request=GamingDayOpenSerializer,
        responses={201: GamingDaySerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = actor_for(request.user, Perm.OPEN_GAMING_DAY, request.headers.get(ROLE_HEADER))
        data = parse(GamingDayOpenSerializer, request.data)

        def handle() -> Response:
            day = services.gaming_day_open(actor=actor, business_date=data["business_date"])
            return Response(GamingDaySerializer(day).data, status=status.HTTP_201_CREATED)

        return idempotent(request, handle)


class GamingDayCloseView(APIView):
    @extend_schema(
        tags=["gaming days"], request=None, responses={200: GamingDaySerializer, **ERRORS}
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = actor_for(request.user, Perm.CLOSE_GAMING_DAY, request.headers.get(ROLE_HEADER))
        day = GamingDay.objects.filter(casino=actor.casino, pk=pk).first()
        if day is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=GamingDay)
        day = services.gaming_day_close(actor=actor, gaming_day=day)
        return Response(GamingDaySerializer(day).data)
