"""API of the incident log (issue 17 §3; ROLE-06, AUTH-01): record, list, read, escalate,
decide, close.

Each view: the actor (``X-Mesa-Role``), parse the input, fetch and authorise, then one
service call; the POSTs go through ``idempotent``. No rule lives here
(``hands.services.incidents``).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Model
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
from casino.api.responses import CreatesMixin
from casino.api.serializers import ErrorSerializer
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm
from tables.models import Pack, Table, TableSession

from ..incident_selectors import (
    access_incident,
    filter_status,
    incidents_for,
    state_from_steps,
)
from ..models import INCIDENT_LEVELS, Hand, Incident, IncidentAction, IncidentKind
from ..services.incidents import incident_close, incident_decide, incident_escalate, incident_open

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TAGS = ["hands: incidents"]
LEVELS = [(r.value, r.label) for r in INCIDENT_LEVELS]
STATUSES = ("open", "escalated", "closed")


class IncidentInputSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=IncidentKind.choices)
    description = serializers.CharField(max_length=4000)
    session = serializers.IntegerField(min_value=1, required=False, help_text="Table session id.")
    table = serializers.IntegerField(min_value=1, required=False, help_text="Table id.")
    hand = serializers.IntegerField(min_value=1, required=False, help_text="Hand id.")
    pack = serializers.IntegerField(min_value=1, required=False, help_text="Pack id.")
    people = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")


class IncidentStepSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    action = serializers.ChoiceField(choices=IncidentAction.choices)
    level = serializers.ChoiceField(choices=LEVELS)
    to_level = serializers.ChoiceField(choices=LEVELS, allow_blank=True)
    text = serializers.CharField()
    by = serializers.CharField()
    at = serializers.DateTimeField()


class IncidentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    serial = serializers.CharField()
    kind = serializers.ChoiceField(choices=IncidentKind.choices)
    status = serializers.ChoiceField(choices=[(s, s) for s in STATUSES])
    level = serializers.ChoiceField(choices=LEVELS, help_text="The level holding it now.")
    levels_reached = serializers.ListField(child=serializers.ChoiceField(choices=LEVELS))
    gaming_day_id = serializers.IntegerField()
    table_number = serializers.IntegerField(allow_null=True)
    session = serializers.IntegerField(allow_null=True)
    hand = serializers.IntegerField(allow_null=True)
    pack = serializers.IntegerField(allow_null=True)
    people = serializers.CharField(allow_blank=True)
    description = serializers.CharField()
    reported_by = serializers.CharField()
    opened_at = serializers.DateTimeField()
    final_decision = serializers.CharField(allow_blank=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    steps = IncidentStepSerializer(many=True)


class EscalateInputSerializer(serializers.Serializer):
    to_level = serializers.ChoiceField(choices=LEVELS)
    reason = serializers.CharField(max_length=2000)


class DecideInputSerializer(serializers.Serializer):
    decision = serializers.CharField(max_length=4000)


class CloseInputSerializer(serializers.Serializer):
    outcome = serializers.CharField(max_length=2000)


def present(incident: Incident) -> dict[str, Any]:
    steps = list(incident.steps.all())
    state = state_from_steps(incident, steps)
    return {
        "id": incident.pk,
        "serial": incident.serial,
        "kind": incident.kind,
        "status": state.status,
        "level": state.level.value,
        "levels_reached": [r.value for r in state.levels_reached],
        "gaming_day_id": incident.gaming_day_id,
        "table_number": incident.table.number if incident.table else None,
        "session": incident.session_id,
        "hand": incident.hand_id,
        "pack": incident.pack_id,
        "people": incident.people,
        "description": incident.description,
        "reported_by": incident.reported_by.username,
        "opened_at": incident.opened_at,
        "final_decision": state.final_decision if state.closed else "",
        "closed_at": state.closed_at,
        "steps": [
            {
                "seq": s.seq,
                "action": s.action,
                "level": s.level,
                "to_level": s.to_level,
                "text": s.text,
                "by": s.by.username,
                "at": s.at,
            }
            for s in sorted(steps, key=lambda s: s.seq)
        ],
    }


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


def _related(actor: Actor, model: type[Model], pk: int | None, field: str) -> Any:
    if pk is None:
        return None
    row = model._default_manager.filter(pk=pk, casino_id=actor.casino_id).first()
    if row is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=model, field=field)
    return row


class IncidentListView(CreatesMixin, APIView):
    pagination_class = Pagination
    location_route = "api-incident-detail"

    @extend_schema(
        tags=TAGS,
        parameters=[
            OpenApiParameter("status", str, enum=list(STATUSES)),
            OpenApiParameter("kind", str, enum=list(IncidentKind.values)),
            OpenApiParameter("session", int),
        ],
        description="The incident log, newest first.",
        responses={200: IncidentSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_INCIDENTS)
        qs = incidents_for(actor)
        q = request.query_params
        if kind := query_choice(q, "kind", IncidentKind.values):
            qs = qs.filter(kind=kind)
        if (pk := query_int(q, "session")) is not None:
            qs = qs.filter(session=pk)
        if wanted := query_choice(q, "status", list(STATUSES)):
            qs = filter_status(qs, wanted)
        return paginated(request, self, qs, IncidentSerializer, present)

    @extend_schema(
        tags=TAGS,
        request=IncidentInputSerializer,
        description="Record an incident (ROLE-06): a complaint, a dispute, a player's request, "
        "an irregularity escalated from a hand, a deck fault. The recorder's level holds it.",
        responses={201: IncidentSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.RECORD_INCIDENT)
        data = parse(IncidentInputSerializer, request.data)
        session = _related(actor, TableSession, data.get("session"), "session")
        table = _related(actor, Table, data.get("table"), "table")
        hand = _related(actor, Hand, data.get("hand"), "hand")
        pack = _related(actor, Pack, data.get("pack"), "pack")

        def handle() -> Response:
            incident = incident_open(
                actor=actor,
                kind=data["kind"],
                description=data["description"],
                session=session,
                table=table,
                hand=hand,
                pack=pack,
                people=data["people"],
            )
            fresh = access_incident(actor, incident.pk)
            return Response(IncidentSerializer(present(fresh)).data, status=status.HTTP_201_CREATED)

        return idempotent(request, handle)


class IncidentDetailView(APIView):
    @extend_schema(tags=TAGS, responses={200: IncidentSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_INCIDENTS)
        return Response(IncidentSerializer(present(access_incident(actor, pk))).data)


def _action(request: Request, pk: int, serializer: type, run: Any) -> Response:
    actor = _actor(request, Perm.RECORD_INCIDENT)
    data = parse(serializer, request.data)
    incident = access_incident(actor, pk, Perm.RECORD_INCIDENT)

    def handle() -> Response:
        run(actor, incident, data)
        return Response(IncidentSerializer(present(access_incident(actor, pk))).data)

    return idempotent(request, handle)


class IncidentEscalateView(APIView):
    @extend_schema(
        tags=TAGS,
        request=EscalateInputSerializer,
        description="The level holding the incident passes it up (AUTH-01: croupier → table "
        "supervisor → pit boss → shift manager), saying why.",
        responses={200: IncidentSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        return _action(
            request,
            pk,
            EscalateInputSerializer,
            lambda actor, incident, data: incident_escalate(
                actor=actor, incident=incident, to_level=data["to_level"], reason=data["reason"]
            ),
        )


class IncidentDecideView(APIView):
    @extend_schema(
        tags=TAGS,
        request=DecideInputSerializer,
        description="The decision of the level holding the incident.",
        responses={200: IncidentSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        return _action(
            request,
            pk,
            DecideInputSerializer,
            lambda actor, incident, data: incident_decide(
                actor=actor, incident=incident, decision=data["decision"]
            ),
        )


class IncidentCloseView(APIView):
    @extend_schema(
        tags=TAGS,
        request=CloseInputSerializer,
        description="Close the incident, after a decision at the level holding it.",
        responses={200: IncidentSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        return _action(
            request,
            pk,
            CloseInputSerializer,
            lambda actor, incident, data: incident_close(
                actor=actor, incident=incident, outcome=data["outcome"]
            ),
        )
