"""API of the hand recorder: one view per use case (issue 4 §7).

Each view: the actor (``X-Mesa-Role``), parse the input, call one service or
selector, shape the output. Roles: supervisors and croupiers log hands; pit
bosses review and sign; managers re-validate; auditors read.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import ROLE_HEADER, Actor, actor_for, require
from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import GuardedJSONParser, GuardedMultiPartParser, parse
from casino.api.query import query_choice, query_date, query_int, query_int_renamed
from casino.api.renames import OLD_TABLE_NUMBER
from casino.api.responses import CreatesMixin
from casino.api.serializers import ErrorSerializer, represent
from casino.errors import DomainError
from casino.formdata import as_id
from casino.roles import Perm
from tables import selectors as table_selectors
from tables import services as table_services
from tables.selectors import access_session

from .. import presenters, selectors, services
from ..codes import HandsCode
from ..models import HandSource, HandStatus
from ..services.live import UNSHOWN
from . import serializers as s

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TAG = ["hands"]
SEATING = ["hands: seating"]


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


def _hand_fixer(request: Request) -> Actor:
    """Who logs hands or reviews them may correct or override one (``hand_correct``,
    ``hand_override``): refused before the hand is fetched (issue 9 §1)."""
    actor = _actor(request, Perm.VIEW_HANDS)
    if not (actor.can(Perm.LOG_HAND) or actor.can(Perm.REVIEW_HAND)):
        require(actor, Perm.LOG_HAND)
    return actor


def _fixer_perm(actor: Actor) -> Perm:
    """The permission a hand fixer acts under, so the hand's table scopes them (issue 12)."""
    return Perm.LOG_HAND if actor.can(Perm.LOG_HAND) else Perm.REVIEW_HAND


def _hand_args(data: dict[str, Any]) -> dict[str, Any]:
    # ``parse`` gives plain dicts and lists already, new for this request (the light
    # validator's or DRF's): not copied again (issue 43).
    record = {
        k: data[k]
        for k in ("button", "structure", "blinds", "seats", "actions", "result", "cut")
        if k in data
    }
    return {
        "data": record,
        "dealer": data.get("dealer") or None,
        "started_at": data.get("started_at"),
        "ended_at": data.get("ended_at"),
    }


def _detail(hand_pk: int, actor: Actor) -> dict[str, Any]:
    hand = selectors.access_hand(actor, hand_pk)
    return presenters.detail(hand)


LIST_FILTERS = [
    OpenApiParameter("table_number", int, description="Table number (the number on the felt)."),
    OpenApiParameter("table", int, deprecated=True, description=OLD_TABLE_NUMBER),
    OpenApiParameter("session", int),
    OpenApiParameter("date_from", OpenApiTypes.DATE, description="Business date from"),
    OpenApiParameter("date_to", OpenApiTypes.DATE, description="Business date to"),
    OpenApiParameter("dealer", str, description="Croupier's username"),
    OpenApiParameter("player", str, description="Player id or name"),
    OpenApiParameter("status", str, enum=list(HandStatus.values)),
    OpenApiParameter("code", str, description="Violation code"),
    OpenApiParameter("unresolved", bool, description="Invalid hands without a signed review"),
    OpenApiParameter("revisions", bool, description="Include correction revisions"),
]


class HandListView(CreatesMixin, APIView):
    location_route = "api-hands-detail"
    pagination_class = Pagination

    @extend_schema(
        tags=TAG,
        parameters=LIST_FILTERS,
        responses={200: s.HandSummarySerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        q = request.query_params

        def flag(name: str) -> bool | None:
            value = q.get(name)
            if value in (None, ""):
                return None
            return value.lower() in ("1", "true", "yes")

        qs = selectors.filter_hands(
            selectors.hands_for(actor),
            table=query_int_renamed(q, "table_number", old="table"),
            session=query_int(q, "session"),
            date_from=query_date(q, "date_from"),
            date_to=query_date(q, "date_to"),
            dealer=q.get("dealer") or None,
            player=q.get("player") or None,
            status=query_choice(q, "status", HandStatus.values),
            code=q.get("code") or None,
            unresolved=flag("unresolved"),
            revisions=bool(flag("revisions")),
        )
        qs = presenters.with_related(qs).order_by("-started_at", "-id")
        return paginated(request, self, qs, s.HandSummarySerializer, presenters.summary)

    @extend_schema(
        tags=TAG,
        request=s.HandInputSerializer,
        responses={201: s.HandDetailSerializer, **ERRORS},
        description="Log a complete hand: validated on save; an illegal hand is stored "
        "with its invalid verdict. Send an Idempotency-Key to make retries land once.",
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.LOG_HAND)
        data = parse(s.HandInputSerializer, request.data)
        session = data["session"]  # the service locks it and checks the casino
        redeal_of = None
        if data.get("redeal_of"):
            redeal_of = selectors.access_hand(actor, data["redeal_of"])

        def handle() -> Response:
            hand = services.hand_log(
                actor=actor,
                session=session,
                number=data.get("number"),
                notes=data.get("notes", ""),
                source=HandSource.API,
                redeal_of=redeal_of,
                **_hand_args(data),
            )
            body = represent(s.HandDetailSerializer, presenters.detail(hand, new=True))
            return Response(body, status=status.HTTP_201_CREATED)

        return idempotent(request, handle)


class HandDetailView(APIView):
    @extend_schema(tags=TAG, responses={200: s.HandDetailSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        return Response(s.HandDetailSerializer(_detail(pk, actor)).data)


class HandReplayView(APIView):
    @extend_schema(tags=TAG, responses={200: s.HandReplaySerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        hand = selectors.access_hand(actor, pk)
        return Response(s.HandReplaySerializer(presenters.replay(hand)).data)


class HandCorrectView(CreatesMixin, APIView):
    # A POST to the hand's corrections: a new hand record, with its own URL (issue 15 §4).
    location_route = "api-hands-detail"

    @extend_schema(
        tags=TAG,
        request=s.HandCorrectionInputSerializer,
        responses={201: s.HandDetailSerializer, **ERRORS},
        description="A corrected revision of a stored hand, linked to it; the original "
        "stays unchanged (HREC-09). An invalid hand waiting for its review: the correction "
        "entry its review rests on. A closed hand (valid, void or resolved): the revision "
        "must stand (409 CORRECTION_INVALID otherwise); after the next hand has started it "
        "counts once the pit boss signs it.",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _hand_fixer(request)
        hand = selectors.access_hand(actor, pk, _fixer_perm(actor))
        data = parse(s.HandCorrectionInputSerializer, request.data)

        def handle() -> Response:
            revision = services.hand_correct(
                actor=actor, hand=hand, reason=data["reason"], **_hand_args(data)
            )
            body = s.HandDetailSerializer(_detail(revision.pk, actor)).data
            return Response(body, status=status.HTTP_201_CREATED)

        return idempotent(request, handle)


class HandOverrideView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.HandOverrideInputSerializer,
        responses={200: s.HandCorrectionOutSerializer, **ERRORS},
        description="The staff decision stands as recorded (HREC-07, AUTH-04), with a reason.",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _hand_fixer(request)
        hand = selectors.access_hand(actor, pk, _fixer_perm(actor))
        data = parse(s.HandOverrideInputSerializer, request.data)

        def handle() -> Response:
            c = services.hand_override(actor=actor, hand=hand, reason=data["reason"])
            body = {
                "id": c.pk,
                "kind": c.kind,
                "reason": c.reason,
                "revision": None,
                "revision_status": None,
                "created_by": c.created_by.username,
                "created_at": c.created_at,
            }
            return Response(s.HandCorrectionOutSerializer(body).data)

        return idempotent(request, handle)


class HandReviewView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.HandReviewInputSerializer,
        responses={200: s.HandDetailSerializer, **ERRORS},
        description="The pit boss's signed review resolving an invalid hand (issue 4 §3).",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.REVIEW_HAND)
        hand = selectors.access_hand(actor, pk, Perm.REVIEW_HAND)
        data = parse(s.HandReviewInputSerializer, request.data)
        services.hand_review(
            actor=actor,
            hand=hand,
            correction_id=data["correction"],
            note=data.get("note", ""),
            override_reason=data.get("override_reason", ""),
        )
        return Response(s.HandDetailSerializer(_detail(hand.pk, actor)).data)


# ------------------------------------------------------------------------ live


def _live_body(live: Any) -> dict[str, Any]:
    state = services.live_state(live)
    state["id"] = live.pk
    return state


def _live_version(request: Request, data: dict[str, Any]) -> int:
    """Issue 38 §1: the version of the hand the client shows, from ``If-Match`` (the ETag
    of the live state) or the body's ``version``. Without one, the request cannot say
    what state it was meant for: the service refuses it (400 VERSION_REQUIRED) once the
    actor's rights are checked, and writes nothing."""
    header = request.headers.get("If-Match", "").strip()
    if header:  # ASCII digits only: "²" passes isdigit() and fails int() (issue 39 §4)
        version, field = as_id(header.removeprefix("W/").strip('"')), "If-Match"
    else:
        sent, field = data.pop("version", None), "version"
        if sent is None:
            return UNSHOWN  # the service refuses UNSHOWN
        plain = isinstance(sent, int | str) and not isinstance(sent, bool)
        version = as_id(str(sent)) if plain else None  # what a column holds, never below 0
    if version is None:
        raise DomainError.of(HandsCode.VERSION_INVALID, field=field)
    return version


def _live_response(state: dict[str, Any], status_code: int = 200) -> Response:
    response = Response(s.LiveStateSerializer(state).data, status=status_code)
    response["ETag"] = f'"{state["version"]}"'
    return response


class LiveHandStartView(CreatesMixin, APIView):
    location_route = "api-hands-live"

    @extend_schema(
        tags=TAG,
        request=s.HandSetupSerializer,
        responses={201: s.LiveStateSerializer, **ERRORS},
        description="Start logging a hand at the table: it is in progress until finished "
        "(re-buys wait meanwhile). The answer offers the next legal actions.",
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.LOG_HAND)
        data = parse(s.HandSetupSerializer, request.data)
        session = access_session(actor, data["session"], Perm.LOG_HAND)
        record: dict[str, Any] = {
            k: s.plain(data[k])
            for k in ("button", "structure", "blinds", "seats", "cut")  # SHUF-08: the cut
            if k in data
        }

        def handle() -> Response:
            live = services.live_hand_start(
                actor=actor, session=session, data=record, dealer=data.get("dealer") or None
            )
            return _live_response(_live_body(live), status.HTTP_201_CREATED)

        return idempotent(request, handle)


class LiveHandView(APIView):
    @extend_schema(tags=TAG, responses={200: s.LiveStateSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.LOG_HAND)
        live = selectors.access_live_hand(actor, pk)
        return _live_response(_live_body(live))


class LiveHandActionView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.LiveActionInputSerializer,
        responses={200: s.LiveStateSerializer, **ERRORS},
        description="Add one action. An illegal action is refused (400 ACTION_ILLEGAL, with "
        "the legal options in details) unless force=true.",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.LOG_HAND)
        live = selectors.access_live_hand(actor, pk)
        data = s.plain(parse(s.LiveActionInputSerializer, request.data))
        force = bool(data.pop("force", False))
        version = _live_version(request, data)

        def handle() -> Response:
            state = services.live_hand_act(
                actor=actor, live=live, action=data, force=force, version=version
            )
            state["id"] = live.pk
            return _live_response(state)

        return idempotent(request, handle)


class LiveHandUndoView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.LiveVersionInputSerializer,
        responses={200: s.LiveStateSerializer, **ERRORS},
        description="Take back the last action of the version the client shows.",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.LOG_HAND)
        live = selectors.access_live_hand(actor, pk)
        data = s.plain(parse(s.LiveVersionInputSerializer, request.data))
        state = services.live_hand_undo(
            actor=actor, live=live, version=_live_version(request, data)
        )
        state["id"] = live.pk
        return _live_response(state)


class LiveHandFinishView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.LiveFinishInputSerializer,
        responses={200: s.HandDetailSerializer, **ERRORS},
        description="Finish the live hand: an action on it, so 200 with the hand record it "
        "became (its own URL: /api/hands/{id}/).",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.LOG_HAND)
        live = selectors.access_live_hand(actor, pk)
        data = s.plain(parse(s.LiveFinishInputSerializer, request.data))
        version = _live_version(request, data)

        def handle() -> Response:
            hand = services.live_hand_finish(
                actor=actor,
                live=live,
                result=data.get("result"),
                notes=data.get("notes", ""),
                version=version,
            )
            body = represent(s.HandDetailSerializer, presenters.detail(hand, new=True))
            return Response(body)

        return idempotent(request, handle)


class LiveHandAbandonView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.HandReasonInputSerializer,
        responses={200: s.LiveStateSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.LOG_HAND)
        live = selectors.access_live_hand(actor, pk)
        data = s.plain(parse(s.HandReasonInputSerializer, request.data))
        version = _live_version(request, data)
        row = services.live_hand_abandon(
            actor=actor, live=live, reason=data["reason"], version=version
        )
        return _live_response(_live_body(row))


# ------------------------------------------------------------- PHH, jobs


class SessionExportView(APIView):
    @extend_schema(
        tags=TAG,
        responses={(200, "text/plain"): OpenApiTypes.STR, **ERRORS},
        description="The session's hands as a PHH .phhs document.",
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        actor = _actor(request, Perm.VIEW_HANDS)
        session = access_session(actor, pk, Perm.VIEW_HANDS)
        text = services.session_export_phhs(actor=actor, session=session)
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        name = f"mesa-{session.table.number}-{session.gaming_day.business_date}-{session.number}"
        response["Content-Disposition"] = f'attachment; filename="{name}.phhs"'
        return response


class ImportCreateView(CreatesMixin, APIView):
    location_route = "api-hands-import-job"
    location_id = "job"
    # The one upload of the API (issue 15 §1): PHH as JSON text or as a file.
    parser_classes = [GuardedJSONParser, GuardedMultiPartParser]

    @extend_schema(
        tags=TAG,
        request={
            "application/json": s.HandImportInputSerializer,
            "multipart/form-data": s.HandImportInputSerializer,
        },
        responses={202: s.HandImportJobSerializer, **ERRORS},
        description="Import PHH hands into the session (a Celery task; poll the job).",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.IMPORT_HANDS)
        session = access_session(actor, pk, Perm.IMPORT_HANDS)
        data = parse(s.HandImportInputSerializer, request.data)
        upload = data.get("file")
        filename = data.get("filename") or (upload.name if upload else "")
        if upload is not None:
            try:
                content = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise DomainError.of(HandsCode.FILE_NOT_UTF8, field="file") from None
        else:
            content = data["content"]
        job = services.import_job_create(
            actor=actor, session=session, content=content, filename=filename
        )
        job.refresh_from_db()
        body = s.HandImportJobSerializer(services.import_summary(job)).data
        return Response(body, status=status.HTTP_202_ACCEPTED)


class ImportDetailView(APIView):
    @extend_schema(tags=TAG, responses={200: s.HandImportJobSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        job = selectors.access_import(actor, pk)
        return Response(s.HandImportJobSerializer(services.import_summary(job)).data)


class RevalidationCreateView(CreatesMixin, APIView):
    location_route = "api-hands-revalidation"
    location_id = "run"

    @extend_schema(
        tags=TAG,
        request=s.HandRevalidationInputSerializer,
        responses={202: s.HandRevalidationSerializer, **ERRORS},
        description="Re-validate every hand of a date range under the current engine.",
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.REVALIDATE_HANDS)
        data = parse(s.HandRevalidationInputSerializer, request.data)
        run = services.revalidation_create(
            actor=actor, date_from=data["date_from"], date_to=data["date_to"]
        )
        run.refresh_from_db()
        body = s.HandRevalidationSerializer(services.revalidation_report(run)).data
        return Response(body, status=status.HTTP_202_ACCEPTED)


class RevalidationDetailView(APIView):
    @extend_schema(tags=TAG, responses={200: s.HandRevalidationSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        run = selectors.access_revalidation(actor, pk)
        return Response(s.HandRevalidationSerializer(services.revalidation_report(run)).data)


# ------------------------------------------------------------------ seating


class SeatPlanView(APIView):
    @extend_schema(tags=SEATING, responses={200: s.SeatingPlanSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        session = access_session(actor, pk, Perm.VIEW_HANDS)
        return Response(s.SeatingPlanSerializer(presenters.seat_plan(session)).data)

    @extend_schema(
        tags=SEATING,
        request=s.SeatingSitInputSerializer,
        responses={201: s.SeatingSeatSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.MANAGE_SEATING)
        session = access_session(actor, pk, Perm.MANAGE_SEATING)
        data = parse(s.SeatingSitInputSerializer, request.data)

        def handle() -> Response:
            seat = table_services.seat_sit(
                actor=actor,
                session=session,
                seat=data["seat"],
                player_id=data.get("player"),
                name=data.get("name", ""),
            )
            return Response(s.SeatingSeatSerializer(seat).data, status=status.HTTP_201_CREATED)

        return idempotent(request, handle)


class SeatStatusView(APIView):
    @extend_schema(
        tags=SEATING,
        request=s.SeatingStatusInputSerializer,
        responses={200: s.SeatingSeatSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int, seat: int) -> Response:
        actor = _actor(request, Perm.MANAGE_SEATING)
        session = access_session(actor, pk, Perm.MANAGE_SEATING)
        data = parse(s.SeatingStatusInputSerializer, request.data)
        row = table_services.seat_set_status(
            actor=actor,
            session=session,
            seat=seat,
            status=data["status"],
            reserved_minutes=data.get("reserved_minutes"),
        )
        return Response(s.SeatingSeatSerializer(row).data)


class ButtonDrawView(APIView):
    @extend_schema(
        tags=SEATING,
        request=s.SeatingButtonDrawInputSerializer,
        responses={200: s.SeatingButtonDrawSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.MANAGE_SEATING)
        session = access_session(actor, pk, Perm.MANAGE_SEATING)
        data = parse(s.SeatingButtonDrawInputSerializer, request.data)
        draw = services.button_draw_record(actor=actor, session=session, cards=data["cards"])
        body = {"id": draw.pk, "cards": draw.cards, "winner_seat": draw.winner_seat, "at": draw.at}
        return Response(s.SeatingButtonDrawSerializer(body).data)


class WaitingListView(APIView):
    @extend_schema(
        tags=SEATING, responses={200: s.SeatingWaitingEntrySerializer(many=True), **ERRORS}
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_HANDS)
        table = table_selectors.access_table(actor, pk, Perm.VIEW_HANDS)
        entries = table_selectors.waiting_list(table)
        return Response(s.SeatingWaitingEntrySerializer(entries, many=True).data)

    @extend_schema(
        tags=SEATING,
        request=s.SeatingWaitingInputSerializer,
        responses={201: s.SeatingWaitingEntrySerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.MANAGE_SEATING)
        table = table_selectors.access_table(actor, pk, Perm.MANAGE_SEATING)
        data = parse(s.SeatingWaitingInputSerializer, request.data)

        def handle() -> Response:
            entry = table_services.waiting_add(
                actor=actor, table=table, name=data.get("name", ""), player_id=data.get("player")
            )
            return Response(
                s.SeatingWaitingEntrySerializer(entry).data, status=status.HTTP_201_CREATED
            )

        return idempotent(request, handle)


class WaitingSeatView(APIView):
    @extend_schema(
        tags=SEATING,
        request=s.SeatingWaitingSeatInputSerializer,
        responses={200: s.SeatingSeatSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.MANAGE_SEATING)
        entry = selectors.access_waiting_entry(actor, pk)
        data = parse(s.SeatingWaitingSeatInputSerializer, request.data)
        session = access_session(actor, data["session"], Perm.MANAGE_SEATING)
        seat = table_services.waiting_seat(
            actor=actor, entry=entry, session=session, seat=data["seat"]
        )
        return Response(s.SeatingSeatSerializer(seat).data)


class WaitingCancelView(APIView):
    @extend_schema(
        tags=SEATING, request=None, responses={200: s.SeatingWaitingEntrySerializer, **ERRORS}
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.MANAGE_SEATING)
        entry = selectors.access_waiting_entry(actor, pk)
        row = table_services.waiting_cancel(actor=actor, entry=entry)
        return Response(s.SeatingWaitingEntrySerializer(row).data)
