"""The sessions API: open a session, read it and its readiness, move it through play,
suspension, last hand and closing, and record what happens at the table (dealer changes,
supervisor reliefs, attestations, checklists)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.idempotency import idempotent
from casino.api.parsing import parse
from casino.api.query import query_int
from casino.api.responses import CreatesMixin
from casino.roles import Perm, Role

from ... import presenters, selectors, services
from ...models import TableSession
from ...services import ATTESTATIONS
from ..serializers.common import ReasonSerializer
from ..serializers.sessions import (
    ChecklistInputSerializer,
    ClosingStartInputSerializer,
    DealerChangeInputSerializer,
    DealerChangeSerializer,
    LastHandInputSerializer,
    NoteInputSerializer,
    OverrideInputSerializer,
    SessionDetailSerializer,
    SessionEventInputSerializer,
    SessionEventSerializer,
    SessionOpenInputSerializer,
    StartPlayInputSerializer,
    SupervisorReliefInputSerializer,
    SupervisorReliefSerializer,
    SuspendInputSerializer,
)
from .common import ERRORS, TABLES, _actor, _out, _pack, _user


def _session_out(session: TableSession, detail: bool = False) -> dict[str, Any]:
    session = TableSession.objects.select_related(
        "table", "gaming_day", "settings", "supervisor"
    ).get(pk=session.pk)
    return presenters.session(session, detail=detail)


class SessionOpenView(CreatesMixin, APIView):
    location_route = "api-tables-session"

    @extend_schema(
        tags=TABLES,
        request=SessionOpenInputSerializer,
        responses={201: SessionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.OPEN_SESSION)
        table = selectors.access_table(actor, pk)
        data = parse(SessionOpenInputSerializer, request.data)
        supervisor = _user(actor, data["supervisor"], Role.SUPERVISOR, "supervisor")
        croupier = _user(actor, data["croupier"], Role.CROUPIER, "croupier")

        def handle() -> Response:
            session = services.session_open(
                actor=actor,
                table=table,
                supervisor=supervisor,
                croupier=croupier,
                note=data["note"],
            )
            return _out(SessionDetailSerializer, _session_out(session, True), created=True)

        return idempotent(request, handle)


class SessionDetailView(APIView):
    @extend_schema(tags=TABLES, responses={200: SessionDetailSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        return _out(
            SessionDetailSerializer, _session_out(selectors.access_session(actor, pk), True)
        )


class SessionReadinessView(APIView):
    @extend_schema(
        tags=TABLES,
        parameters=[OpenApiParameter("hand_number", int, description="Next hand's number")],
        responses={200: ReasonSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        session = selectors.access_session(actor, pk)
        hand = query_int(request.query_params, "hand_number")
        if hand is not None:
            reasons = selectors.session_accepts_hand(session, hand)
        else:
            reasons = selectors.session_ready_for_play(session)
        return _out(ReasonSerializer, [presenters.reason(r) for r in reasons], many=True)


# The actions below each change the session's state and answer with the session; the
# session is fetched with the action's permission, so the actor must be assigned to it
# (issue 12).


class SessionStartPlayView(APIView):
    @extend_schema(
        tags=TABLES,
        request=StartPlayInputSerializer,
        description="Start play: OPEN → IN PLAY when the table is ready (OPEN-12, DECK-04); the "
        "supervisor or pit boss is told that play begins, with the players present (OPEN-17).",
        responses={200: SessionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.OPEN_SESSION)
        session = selectors.access_session(actor, pk, Perm.OPEN_SESSION)
        data = parse(StartPlayInputSerializer, request.data)
        services.session_start_play(
            actor=actor, session=session, players_present=data.get("players_present")
        )
        return _out(SessionDetailSerializer, _session_out(session, True))


class SessionSuspendView(APIView):
    @extend_schema(
        tags=TABLES,
        request=SuspendInputSerializer,
        description="Suspend the table: float locked, cards to the pit boss (OPEN-16, DECK-12).",
        responses={200: SessionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.SUSPEND_SESSION)
        session = selectors.access_session(actor, pk, Perm.SUSPEND_SESSION)
        data = parse(SuspendInputSerializer, request.data)
        services.session_suspend(
            actor=actor,
            session=session,
            reason=data["reason"],
            float_locked=data["float_locked"],
            cards_handed_to=_user(actor, data["cards_handed_to"], Role.PIT_BOSS, "cards_handed_to"),
        )
        return _out(SessionDetailSerializer, _session_out(session, True))


class SessionResumeView(APIView):
    @extend_schema(
        tags=TABLES,
        request=NoteInputSerializer,
        description="Resume play after a suspension.",
        responses={200: SessionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.SUSPEND_SESSION)
        session = selectors.access_session(actor, pk, Perm.SUSPEND_SESSION)
        data = parse(NoteInputSerializer, request.data)
        services.session_resume(actor=actor, session=session, note=data["note"])
        return _out(SessionDetailSerializer, _session_out(session, True))


class SessionLastHandView(APIView):
    @extend_schema(
        tags=TABLES,
        request=LastHandInputSerializer,
        description="Last hand announced; later hands are refused (CLOSE-01).",
        responses={200: SessionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.CLOSE_SESSION)
        session = selectors.access_session(actor, pk, Perm.CLOSE_SESSION)
        data = parse(LastHandInputSerializer, request.data)
        services.session_announce_last_hand(
            actor=actor,
            session=session,
            last_hand_number=data["last_hand_number"],
            instructed_by=selectors.staff_user(
                actor, data.get("instructed_by"), field="instructed_by"
            ),
        )
        return _out(SessionDetailSerializer, _session_out(session, True))


class SessionClosingView(APIView):
    @extend_schema(
        tags=TABLES,
        request=ClosingStartInputSerializer,
        description="Closing begins: security told, the closing sheet prepared (CLOSE-04).",
        responses={200: SessionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.CLOSE_SESSION)
        session = selectors.access_session(actor, pk, Perm.CLOSE_SESSION)
        data = parse(ClosingStartInputSerializer, request.data)
        services.closing_start(
            actor=actor,
            session=session,
            note=data["note"],
            security_officer=_user(
                actor, data["security_officer"], Role.SECURITY, "security_officer"
            ),
        )
        return _out(SessionDetailSerializer, _session_out(session, True))


class DealerChangeView(APIView):
    @extend_schema(
        tags=TABLES,
        request=DealerChangeInputSerializer,
        responses={201: DealerChangeSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RECORD_DEALER_CHANGE)
        session = selectors.access_session(actor, pk)
        data = parse(DealerChangeInputSerializer, request.data)
        incoming = _user(actor, data["incoming"], Role.CROUPIER, "incoming")
        pack = _pack(actor, data.get("incoming_pack"), "incoming_pack")

        def handle() -> Response:
            change = services.dealer_change_record(
                actor=actor,
                session=session,
                incoming=incoming,
                handover_note=data["handover_note"],
                incoming_pack=pack,
                outgoing_pack_complete=data["outgoing_pack_complete"],
            )
            return _out(DealerChangeSerializer, presenters.dealer_change(change), created=True)

        return idempotent(request, handle)


class SupervisorReliefView(APIView):
    @extend_schema(
        tags=TABLES,
        request=SupervisorReliefInputSerializer,
        description="A relief supervisor takes over the session, with the reason; recorded "
        "by a pit boss of the table's sector or the shift manager (issue 12 §1).",
        responses={201: SupervisorReliefSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.SUSPEND_SESSION)
        session = selectors.access_session(actor, pk)
        data = parse(SupervisorReliefInputSerializer, request.data)
        incoming = _user(actor, data["incoming"], Role.SUPERVISOR, "incoming")

        def handle() -> Response:
            relief = services.session_supervisor_relieve(
                actor=actor, session=session, incoming=incoming, reason=data["reason"]
            )
            return _out(
                SupervisorReliefSerializer, presenters.supervisor_relief(relief), created=True
            )

        return idempotent(request, handle)


class SessionEventView(APIView):
    @extend_schema(
        tags=TABLES,
        request=SessionEventInputSerializer,
        description="Attestations: surveillance, security, lid removal, float locked, "
        "table inspected, croupier released (OPEN-03/05/14/15, CLOSE-09/14/15).",
        responses={201: SessionEventSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        data = parse(SessionEventInputSerializer, request.data)
        # An unknown kind is refused by the service (EVENT_KIND_INVALID), not here.
        perm = ATTESTATIONS.get(data["kind"], (Perm.VIEW_TABLES,))[0]
        actor = _actor(request, perm)
        session = selectors.access_session(actor, pk)
        person = selectors.staff_user(actor, data.get("person"), field="person")
        keys_to = selectors.staff_user(actor, data.get("keys_to"), field="keys_to")

        def handle() -> Response:
            event = services.session_event_record(
                actor=actor,
                session=session,
                kind=data["kind"],
                person=person,
                note=data["note"],
                keys_to=keys_to,
            )
            return _out(SessionEventSerializer, presenters.session_event(event), created=True)

        return idempotent(request, handle)


# The checklists and the override each record one event on the session and answer with it;
# the session is fetched with the view's permission (assigned there, issue 12).


class PrepChecklistView(APIView):
    @extend_schema(
        tags=TABLES,
        request=ChecklistInputSerializer,
        description="The acting pit boss's (PREP-02) or supervisor's (PREP-03) pre-opening "
        "checklist; both are needed before the opening count (PREP-05).",
        responses={201: SessionEventSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.OPEN_SESSION)
        session = selectors.access_session(actor, pk, Perm.OPEN_SESSION)
        data = parse(ChecklistInputSerializer, request.data)

        def handle() -> Response:
            event = services.prep_checklist_record(
                actor=actor, session=session, items=data["items"], note=data["note"]
            )
            return _out(SessionEventSerializer, presenters.session_event(event), created=True)

        return idempotent(request, handle)


class PrepOverrideView(APIView):
    @extend_schema(
        tags=TABLES,
        request=OverrideInputSerializer,
        description="The pit boss lets the opening start without the checklists, with a reason "
        "(PREP-05).",
        responses={200: SessionEventSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.OPEN_SESSION)
        session = selectors.access_session(actor, pk, Perm.OPEN_SESSION)
        data = parse(OverrideInputSerializer, request.data)

        def handle() -> Response:
            event = services.prep_override(actor=actor, session=session, reason=data["reason"])
            # an action on the session: 200 (casino.api.responses)
            return _out(SessionEventSerializer, presenters.session_event(event))

        return idempotent(request, handle)


class ClosingChecklistView(APIView):
    @extend_schema(
        tags=TABLES,
        request=ChecklistInputSerializer,
        description="Equipment secured after the closing (CLOSE-12).",
        responses={201: SessionEventSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.CLOSE_SESSION)
        session = selectors.access_session(actor, pk, Perm.CLOSE_SESSION)
        data = parse(ChecklistInputSerializer, request.data)

        def handle() -> Response:
            event = services.closing_checklist_record(
                actor=actor, session=session, items=data["items"], note=data["note"]
            )
            return _out(SessionEventSerializer, presenters.session_event(event), created=True)

        return idempotent(request, handle)
