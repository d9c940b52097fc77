"""The sanctions API: the ledger, proposals, impositions, lifts, reductions, appeals, the
suggested level and a player's record at seating (SANC-*)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import Actor
from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import parse
from casino.api.query import query_choice, query_int
from casino.api.responses import CreatesMixin
from casino.errors import DomainError
from casino.formdata import read_date
from casino.roles import Perm
from players.selectors import access_player

from ... import presenters, selectors, services
from ...codes import TablesCode
from ...conduct import CONDUCTS, SEVERE_LEVELS
from ...models import SanctionEntry, SanctionLevel
from ..serializers.sanctions import (
    AppealDecisionInputSerializer,
    AppealInputSerializer,
    ConductSerializer,
    ImposeInputSerializer,
    LiftInputSerializer,
    ReduceInputSerializer,
    SanctionDetailSerializer,
    SanctionEntrySerializer,
    SanctionInputSerializer,
    SeatingSerializer,
    SuggestionSerializer,
)
from .common import ERRORS, SANCTIONS, _actor, _out

LEDGER_FILTERS = [
    OpenApiParameter("player", int),
    OpenApiParameter("table", int),
    OpenApiParameter("session", int),
    OpenApiParameter("conduct", str, enum=[c.code for c in CONDUCTS]),
    OpenApiParameter("level", str, enum=list(SanctionLevel.values)),
    OpenApiParameter("kind", str, enum=list(SanctionEntry.Kind.values)),
    OpenApiParameter("event", str),
    OpenApiParameter("since", OpenApiTypes.DATE),
    OpenApiParameter("until", OpenApiTypes.DATE),
]


class SanctionListView(CreatesMixin, APIView):
    location_route = "api-tables-sanction"
    location_id = "entry.id"
    pagination_class = Pagination

    @extend_schema(
        tags=SANCTIONS,
        parameters=LEDGER_FILTERS,
        responses={200: SanctionEntrySerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_SANCTIONS)
        q = request.query_params
        qs = selectors.sanctions_ledger(
            actor.casino,
            player=query_int(q, "player"),
            table=query_int(q, "table"),
            session=query_int(q, "session"),
            conduct=query_choice(q, "conduct", [c.code for c in CONDUCTS]),
            level=query_choice(q, "level", SanctionLevel.values),
            kind=query_choice(q, "kind", SanctionEntry.Kind.values),
            event_name=q.get("event") or None,
            since=read_date(q, "since"),
            until=read_date(q, "until"),
        ).select_related("gaming_day")
        return paginated(request, self, qs, SanctionEntrySerializer, presenters.sanction_entry)

    @extend_schema(
        tags=SANCTIONS,
        request=ImposeInputSerializer,
        description="Impose a sanction (pit boss: warnings and rounds; management: "
        "removal, disqualification, expulsion — SANC-02).",
        responses={201: SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = parse(ImposeInputSerializer, request.data)
        severe = data.get("level") in SEVERE_LEVELS
        actor = _actor(request, Perm.IMPOSE_SEVERE_SANCTION if severe else Perm.IMPOSE_SANCTION)
        refs = _sanction_refs(actor, data)
        proposal = None
        if data.get("proposal"):
            proposal = selectors.access_sanction(actor, data["proposal"])

        def handle() -> Response:
            entry = services.sanction_impose(
                actor=actor,
                conduct_code=data.get("conduct") or None,
                level=data.get("level"),
                conduct_text=data["conduct_text"],
                player_description=data["player_description"],
                hand_number=data.get("hand_number"),
                event_name=data["event_name"],
                is_tournament=data.get("is_tournament"),
                vueltas=data.get("vueltas"),
                players_in_hand=data.get("players_in_hand"),
                immediate=data["immediate"],
                immediate_reason=data["immediate_reason"],
                override_reason=data["override_reason"],
                proposal=proposal,
                final_heads_up=data["final_heads_up"],
                reason=data["reason"],
                **refs,
            )
            return _out(SanctionDetailSerializer, presenters.sanction_detail(entry), created=True)

        return idempotent(request, handle)


def _sanction_refs(actor: Actor, data: dict[str, Any]) -> dict[str, Any]:
    return {
        "player": access_player(actor, data["player"], Perm.VIEW_SANCTIONS)
        if data.get("player")
        else None,
        "session": selectors.access_session(actor, data["session"])
        if data.get("session")
        else None,
        "table": selectors.access_table(actor, data["table"]) if data.get("table") else None,
    }


class SanctionProposalView(CreatesMixin, APIView):
    location_route = "api-tables-sanction"
    location_id = "entry.id"

    @extend_schema(
        tags=SANCTIONS,
        request=SanctionInputSerializer,
        description="A supervisor proposes a sanction (SANC-01).",
        responses={201: SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.PROPOSE_SANCTION)
        data = parse(SanctionInputSerializer, request.data)
        refs = _sanction_refs(actor, data)

        def handle() -> Response:
            entry = services.sanction_propose(
                actor=actor,
                conduct_code=data.get("conduct") or None,
                conduct_text=data["conduct_text"],
                player_description=data["player_description"],
                hand_number=data.get("hand_number"),
                event_name=data["event_name"],
                is_tournament=data.get("is_tournament"),
                level=data.get("level"),
                vueltas=data.get("vueltas"),
                players_in_hand=data.get("players_in_hand"),
                reason=data["reason"],
                **refs,
            )
            return _out(SanctionDetailSerializer, presenters.sanction_detail(entry), created=True)

        return idempotent(request, handle)


class SanctionDetailView(APIView):
    @extend_schema(tags=SANCTIONS, responses={200: SanctionDetailSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_SANCTIONS)
        return _out(
            SanctionDetailSerializer,
            presenters.sanction_detail(selectors.access_sanction(actor, pk)),
        )


class SanctionLiftView(APIView):
    @extend_schema(
        tags=SANCTIONS,
        request=LiftInputSerializer,
        description="Lift: a new linked entry with a reason; the original stays.",
        responses={200: SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.IMPOSE_SANCTION)
        entry = selectors.access_sanction(actor, pk)
        data = parse(LiftInputSerializer, request.data)

        def handle() -> Response:
            services.sanction_lift(actor=actor, sanction=entry, reason=data["reason"])
            return _out(SanctionDetailSerializer, presenters.sanction_detail(entry))

        return idempotent(request, handle)


class SanctionReduceView(APIView):
    @extend_schema(
        tags=SANCTIONS,
        request=ReduceInputSerializer,
        responses={200: SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.IMPOSE_SANCTION)
        entry = selectors.access_sanction(actor, pk)
        data = parse(ReduceInputSerializer, request.data)

        def handle() -> Response:
            services.sanction_reduce(
                actor=actor,
                sanction=entry,
                level=data["level"],
                vueltas=data.get("vueltas"),
                reason=data["reason"],
            )
            return _out(SanctionDetailSerializer, presenters.sanction_detail(entry))

        return idempotent(request, handle)


class SanctionAppealView(CreatesMixin, APIView):
    location_route = "api-tables-sanction"
    location_id = "entry.id"

    @extend_schema(
        tags=SANCTIONS,
        request=AppealInputSerializer,
        description="The player's appeal of an imposed sanction, with its grounds (SANC-01): "
        "a new entry linked to the imposition; the sanction is 'appealed' until decided.",
        responses={201: SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.PROPOSE_SANCTION)  # the floor takes it (SANC-02)
        entry = selectors.access_sanction(actor, pk)
        data = parse(AppealInputSerializer, request.data)

        def handle() -> Response:
            appeal = services.sanction_appeal(actor=actor, sanction=entry, grounds=data["grounds"])
            return _out(SanctionDetailSerializer, presenters.sanction_detail(appeal), created=True)

        return idempotent(request, handle)


class SanctionAppealDecideView(APIView):
    @extend_schema(
        tags=SANCTIONS,
        request=AppealDecisionInputSerializer,
        description="Decide an appeal (the path names the appeal entry): upheld, reduced or "
        "lifted, with a reason, by whoever may impose the sanction's level (SANC-02). "
        "Answers the appealed sanction.",
        responses={200: SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.IMPOSE_SANCTION)
        appeal = selectors.access_sanction(actor, pk)
        data = parse(AppealDecisionInputSerializer, request.data)

        def handle() -> Response:
            services.sanction_appeal_decide(
                actor=actor,
                appeal=appeal,
                outcome=data["outcome"],
                reason=data["reason"],
                level=data.get("level"),
                vueltas=data.get("vueltas"),
            )
            imposition = appeal.amends or appeal
            return _out(SanctionDetailSerializer, presenters.sanction_detail(imposition))

        return idempotent(request, handle)


class SanctionSuggestionView(APIView):
    @extend_schema(
        tags=SANCTIONS,
        parameters=[
            OpenApiParameter("conduct", str, required=True),
            OpenApiParameter("player", int),
            OpenApiParameter("session", int),
            OpenApiParameter("is_tournament", bool),
            OpenApiParameter("event", str),
        ],
        description="The level suggested for a repeat offence (SANC-07).",
        responses={200: SuggestionSerializer, **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_SANCTIONS)
        q = request.query_params
        code = q.get("conduct", "")
        if code not in {c.code for c in CONDUCTS}:
            raise DomainError.of(TablesCode.CONDUCT_UNKNOWN, conduct=code, field="conduct")
        player = access_player(actor, q["player"], Perm.VIEW_SANCTIONS) if q.get("player") else None
        session = selectors.access_session(actor, q["session"]) if q.get("session") else None
        ruleset = session.settings.ruleset if session else actor.casino.default_ruleset
        tournament = q.get("is_tournament") in ("true", "1") or bool(
            session and session.settings.is_tournament
        )
        sug = selectors.sanction_suggestion(
            casino=actor.casino,
            conduct_code=code,
            is_tournament=tournament,
            ruleset=ruleset,
            player=player,
            event_name=q.get("event", ""),
        )

        def step(x: Any) -> dict[str, Any]:
            return {"level": x.level, "vueltas": x.vueltas, "label": x.label()}

        return _out(
            SuggestionSerializer,
            data={
                "step": step(sug.step),
                "scale": [step(x) for x in sug.scale],
                "prior": [presenters.effective(p) for p in sug.prior],
                "conduct": code,
            },
        )


class PlayerSanctionsView(APIView):
    @extend_schema(
        tags=SANCTIONS,
        description="History and active penalties at seating.",
        responses={200: SeatingSerializer, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_SANCTIONS)
        player = access_player(actor, pk, Perm.VIEW_SANCTIONS)
        check = selectors.seating_check(player)
        return _out(
            SeatingSerializer,
            data={
                "player": player.pk,
                "player_name": player.display_name,
                "active": [presenters.effective(e) for e in check.active],
                "history": [presenters.sanction_entry(e) for e in check.history],
                "history_count": check.history_count,
            },
        )


class ConductListView(APIView):
    @extend_schema(tags=SANCTIONS, responses={200: ConductSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        _actor(request, Perm.VIEW_SANCTIONS)
        return _out(ConductSerializer, [presenters.conduct(c) for c in CONDUCTS], many=True)
