"""API of table operations: one view per use case (issue 5 §6).

Each view: the actor (``X-Mesa-Role``), parse the input, call one service or
selector, shape the output with ``tables.presenters``. POSTs that create
records go through ``idempotent``. No rule lives here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import ROLE_HEADER, Actor, actor_for
from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import parse
from casino.api.query import query_choice, query_int, query_int_renamed
from casino.api.renames import GAMING_DAY_FILTER, field_names
from casino.api.responses import CreatesMixin
from casino.api.serializers import ErrorSerializer
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.formdata import read_date, read_datetime
from casino.models import ChipSet, GamingDay, Sector, User
from casino.roles import Perm, Role
from casino.selectors import open_gaming_day

from .. import presenters, selectors, services
from ..codes import TablesCode
from ..conduct import CONDUCTS, SEVERE_LEVELS
from ..deckrules import allowed_moves
from ..models import (
    ClosingSheet,
    DeckFinalControl,
    DeckStore,
    KeyHandout,
    OpeningSheet,
    Pack,
    SanctionEntry,
    SanctionLevel,
    Table,
    TableSession,
    TableSettings,
)
from ..services import ATTESTATIONS
from . import serializers as s

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TABLES = ["tables"]
SHEETS = ["tables: sheets"]
DECKS = ["tables: decks"]
SANCTIONS = ["tables: sanctions"]


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


def _out(
    serializer: type[s.serializers.Serializer],
    data: Any,
    *,
    many: bool = False,
    created: bool = False,
) -> Response:
    """Shape a presenter's dict(s) with the output serializer (money as strings)."""
    body = serializer(data, many=many).data
    return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


def _user(actor: Actor, username: str | None, role: Role, field: str) -> User:
    return selectors.staff_member(actor, username, role, field=field)


def _pack(actor: Actor, pk: int | None, field: str) -> Pack | None:
    if pk is None:
        return None
    found = Pack.objects.filter(casino=actor.casino, pk=pk).first()
    if found is None:
        raise DomainError.of(TablesCode.PACK_NOT_FOUND, field=field)
    return found


# --- tables and settings ------------------------------------------------------------------


class TableListView(CreatesMixin, APIView):
    location_route = "api-tables-detail"

    @extend_schema(tags=TABLES, responses={200: s.TableStateSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        tables = Table.objects.filter(casino=actor.casino, is_active=True).order_by("number")
        return _out(
            s.TableStateSerializer,
            [presenters.table_state(selectors.table_state(t)) for t in tables],
            many=True,
        )

    @extend_schema(
        tags=TABLES,
        request=s.TableCreateInputSerializer,
        responses={201: s.TableStateSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        """A new table; settings left out take the spec's defaults (Appendix B)."""
        actor = _actor(request, Perm.MANAGE_SETTINGS)
        data = parse(s.TableCreateInputSerializer, request.data)
        chip_set = ChipSet.objects.filter(casino=actor.casino, pk=data.pop("chip_set")).first()
        if chip_set is None:
            raise DomainError.of(TablesCode.CHIP_SET_NOT_FOUND, field="chip_set")
        sector_id = data.pop("sector", None)
        sector = None
        if sector_id is not None:
            sector = Sector.objects.filter(casino=actor.casino, pk=sector_id).first()
            if sector is None:
                raise DomainError.of(TablesCode.SECTOR_NOT_FOUND, sector=sector_id, field="sector")

        def handle() -> Response:
            table = services.table_create(actor=actor, chip_set=chip_set, sector=sector, **data)
            response = _out(
                s.TableStateSerializer,
                presenters.table_state(selectors.table_state(table)),
                created=True,
            )
            response["Location"] = reverse("api-tables-detail", args=[table.pk])
            return response

        return idempotent(request, handle)


class TableDetailView(APIView):
    @extend_schema(tags=TABLES, responses={200: s.TableStateSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        table = selectors.access_table(actor, pk)
        return _out(s.TableStateSerializer, presenters.table_state(selectors.table_state(table)))


class TableSettingsView(APIView):
    @extend_schema(
        tags=TABLES,
        description="The table's settings in force now (the latest version already "
        "effective); 404 TABLE_HAS_NO_SETTINGS before the first version.",
        responses={200: s.TableSettingsSerializer, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        table = selectors.access_table(actor, pk)
        version = table.settings_at()
        if version is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=TableSettings)
        return _out(s.TableSettingsSerializer, version)

    @extend_schema(
        tags=TABLES,
        request=s.TableSettingsInputSerializer,
        responses={201: s.TableSettingsSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.MANAGE_SETTINGS)
        table = selectors.access_table(actor, pk)
        data = parse(s.TableSettingsInputSerializer, request.data)
        reason = data.pop("reason")
        effective_from = data.pop("effective_from", None)

        def handle() -> Response:
            version = services.table_settings_change(
                actor=actor, table=table, reason=reason, effective_from=effective_from, **data
            )
            return _out(s.TableSettingsSerializer, version, created=True)

        return idempotent(request, handle)


class OpsSettingsView(APIView):
    @extend_schema(tags=TABLES, responses={200: s.OpsSettingsSerializer, **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        return _out(s.OpsSettingsSerializer, selectors.ops_settings(actor.casino))

    @extend_schema(
        tags=TABLES,
        request=s.OpsSettingsInputSerializer,
        responses={201: s.OpsSettingsSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.MANAGE_SETTINGS)
        data = parse(s.OpsSettingsInputSerializer, request.data)
        reason = data.pop("reason")

        def handle() -> Response:
            new = services.ops_settings_change(actor=actor, reason=reason, **data)
            return _out(s.OpsSettingsSerializer, new, created=True)

        return idempotent(request, handle)


# --- sessions -------------------------------------------------------------------------------


def _session_out(session: TableSession, detail: bool = False) -> dict[str, Any]:
    session = TableSession.objects.select_related(
        "table", "gaming_day", "settings", "supervisor"
    ).get(pk=session.pk)
    return presenters.session(session, detail=detail)


class SessionOpenView(CreatesMixin, APIView):
    location_route = "api-tables-session"

    @extend_schema(
        tags=TABLES,
        request=s.SessionOpenInputSerializer,
        responses={201: s.SessionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.OPEN_SESSION)
        table = selectors.access_table(actor, pk)
        data = parse(s.SessionOpenInputSerializer, request.data)
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
            return _out(s.SessionDetailSerializer, _session_out(session, True), created=True)

        return idempotent(request, handle)


class SessionDetailView(APIView):
    @extend_schema(tags=TABLES, responses={200: s.SessionDetailSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        return _out(
            s.SessionDetailSerializer, _session_out(selectors.access_session(actor, pk), True)
        )


class SessionReadinessView(APIView):
    @extend_schema(
        tags=TABLES,
        parameters=[OpenApiParameter("hand_number", int, description="Next hand's number")],
        responses={200: s.ReasonSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        session = selectors.access_session(actor, pk)
        hand = query_int(request.query_params, "hand_number")
        if hand is not None:
            reasons = selectors.session_accepts_hand(session, hand)
        else:
            reasons = selectors.session_ready_for_play(session)
        return _out(s.ReasonSerializer, [presenters.reason(r) for r in reasons], many=True)


def _session_action(
    perm: Perm,
    input_serializer: type[s.serializers.Serializer] | None,
    call: Callable[[Actor, TableSession, dict[str, Any]], Any],
    doc: str,
) -> type[APIView]:
    """A POST on a session that changes its state and answers with the session."""

    class View(APIView):
        @extend_schema(
            tags=TABLES,
            request=input_serializer,
            description=doc,
            responses={200: s.SessionDetailSerializer, **ERRORS},
        )
        def post(self, request: Request, pk: int) -> Response:
            actor = _actor(request, perm)
            session = selectors.access_session(actor, pk, perm)  # assigned there (issue 12)
            data = parse(input_serializer, request.data) if input_serializer else {}
            call(actor, session, data)
            return _out(s.SessionDetailSerializer, _session_out(session, True))

    View.__name__ = View.__qualname__ = f"Session{doc.split()[0]}View"
    return View


SessionStartPlayView = _session_action(
    Perm.OPEN_SESSION,
    s.StartPlayInputSerializer,
    lambda a, ses, d: services.session_start_play(
        actor=a, session=ses, players_present=d.get("players_present")
    ),
    "Start play: OPEN → IN PLAY when the table is ready (OPEN-12, DECK-04); the "
    "supervisor or pit boss is told that play begins, with the players present (OPEN-17).",
)
SessionSuspendView = _session_action(
    Perm.SUSPEND_SESSION,
    s.SuspendInputSerializer,
    lambda a, ses, d: services.session_suspend(
        actor=a,
        session=ses,
        reason=d["reason"],
        float_locked=d["float_locked"],
        cards_handed_to=_user(a, d["cards_handed_to"], Role.PIT_BOSS, "cards_handed_to"),
    ),
    "Suspend the table: float locked, cards to the pit boss (OPEN-16, DECK-12).",
)
SessionResumeView = _session_action(
    Perm.SUSPEND_SESSION,
    s.NoteInputSerializer,
    lambda a, ses, d: services.session_resume(actor=a, session=ses, note=d["note"]),
    "Resume play after a suspension.",
)
SessionLastHandView = _session_action(
    Perm.CLOSE_SESSION,
    s.LastHandInputSerializer,
    lambda a, ses, d: services.session_announce_last_hand(
        actor=a,
        session=ses,
        last_hand_number=d["last_hand_number"],
        instructed_by=selectors.staff_user(a, d.get("instructed_by"), field="instructed_by"),
    ),
    "Last hand announced; later hands are refused (CLOSE-01).",
)
SessionClosingView = _session_action(
    Perm.CLOSE_SESSION,
    s.ClosingStartInputSerializer,
    lambda a, ses, d: services.closing_start(
        actor=a,
        session=ses,
        note=d["note"],
        security_officer=_user(a, d["security_officer"], Role.SECURITY, "security_officer"),
    ),
    "Closing begins: security told, the closing sheet prepared (CLOSE-04).",
)


class DealerChangeView(APIView):
    @extend_schema(
        tags=TABLES,
        request=s.DealerChangeInputSerializer,
        responses={201: s.DealerChangeSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RECORD_DEALER_CHANGE)
        session = selectors.access_session(actor, pk)
        data = parse(s.DealerChangeInputSerializer, request.data)
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
            return _out(s.DealerChangeSerializer, presenters.dealer_change(change), created=True)

        return idempotent(request, handle)


class SupervisorReliefView(APIView):
    @extend_schema(
        tags=TABLES,
        request=s.SupervisorReliefInputSerializer,
        description="A relief supervisor takes over the session, with the reason; recorded "
        "by a pit boss of the table's sector or the shift manager (issue 12 §1).",
        responses={201: s.SupervisorReliefSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.SUSPEND_SESSION)
        session = selectors.access_session(actor, pk)
        data = parse(s.SupervisorReliefInputSerializer, request.data)
        incoming = _user(actor, data["incoming"], Role.SUPERVISOR, "incoming")

        def handle() -> Response:
            relief = services.session_supervisor_relieve(
                actor=actor, session=session, incoming=incoming, reason=data["reason"]
            )
            return _out(
                s.SupervisorReliefSerializer, presenters.supervisor_relief(relief), created=True
            )

        return idempotent(request, handle)


class SessionEventView(APIView):
    @extend_schema(
        tags=TABLES,
        request=s.SessionEventInputSerializer,
        description="Attestations: surveillance, security, lid removal, float locked, "
        "table inspected, croupier released (OPEN-03/05/14/15, CLOSE-09/14/15).",
        responses={201: s.SessionEventSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        data = parse(s.SessionEventInputSerializer, request.data)
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
            return _out(s.SessionEventSerializer, presenters.session_event(event), created=True)

        return idempotent(request, handle)


def _event_action(
    perm: Perm,
    input_serializer: type[s.serializers.Serializer],
    call: Callable[[Actor, TableSession, dict[str, Any]], Any],
    doc: str,
    name: str,
    *,
    action: bool = False,
) -> type[APIView]:
    """A POST on a session that records one event and answers with it: 201, or 200 for an
    action on the session (casino.api.responses)."""
    answer = 200 if action else 201

    class View(APIView):
        @extend_schema(
            tags=TABLES,
            request=input_serializer,
            description=doc,
            responses={answer: s.SessionEventSerializer, **ERRORS},
        )
        def post(self, request: Request, pk: int) -> Response:
            actor = _actor(request, perm)
            session = selectors.access_session(actor, pk, perm)  # assigned there (issue 12)
            data = parse(input_serializer, request.data)

            def handle() -> Response:
                event = call(actor, session, data)
                return _out(
                    s.SessionEventSerializer, presenters.session_event(event), created=not action
                )

            return idempotent(request, handle)

    View.__name__ = View.__qualname__ = name
    return View


PrepChecklistView = _event_action(
    Perm.OPEN_SESSION,
    s.ChecklistInputSerializer,
    lambda a, ses, d: services.prep_checklist_record(
        actor=a, session=ses, items=d["items"], note=d["note"]
    ),
    "The acting pit boss's (PREP-02) or supervisor's (PREP-03) pre-opening checklist; "
    "both are needed before the opening count (PREP-05).",
    "PrepChecklistView",
)
PrepOverrideView = _event_action(
    Perm.OPEN_SESSION,
    s.OverrideInputSerializer,
    lambda a, ses, d: services.prep_override(actor=a, session=ses, reason=d["reason"]),
    "The pit boss lets the opening start without the checklists, with a reason (PREP-05).",
    "PrepOverrideView",
    action=True,
)
ClosingChecklistView = _event_action(
    Perm.CLOSE_SESSION,
    s.ChecklistInputSerializer,
    lambda a, ses, d: services.closing_checklist_record(
        actor=a, session=ses, items=d["items"], note=d["note"]
    ),
    "Equipment secured after the closing (CLOSE-12).",
    "ClosingChecklistView",
)


class DeckRotateView(APIView):
    @extend_schema(
        tags=DECKS, request=s.RotateInputSerializer, responses={200: s.RotationSerializer, **ERRORS}
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.DECK_HANDLE)
        session = selectors.access_session(actor, pk, Perm.DECK_HANDLE)
        data = parse(s.RotateInputSerializer, request.data)
        incoming = _pack(actor, data["incoming_pack"], "incoming_pack")
        assert incoming is not None
        out, in_ = services.deck_rotate(
            actor=actor,
            session=session,
            incoming_pack=incoming,
            outgoing_complete=data["outgoing_complete"],
            note=data["note"],
        )
        return _out(
            s.RotationSerializer,
            {"pack_out": presenters.pack(out), "pack_in": presenters.pack(in_)},
        )


# --- sheets ---------------------------------------------------------------------------------

SheetModel = type[OpeningSheet] | type[ClosingSheet]


def _sheet(actor: Actor, model: SheetModel, pk: int) -> OpeningSheet | ClosingSheet:
    access = selectors.access_opening if model is OpeningSheet else selectors.access_closing
    return access(actor, pk)


def _sheet_out(sheet: OpeningSheet | ClosingSheet) -> dict[str, Any]:
    fresh = type(sheet).objects.select_related("session", "table", "gaming_day").get(pk=sheet.pk)
    return presenters.sheet(fresh)


def _sheet_views(model: SheetModel, part: str) -> tuple[type[APIView], ...]:
    is_opening = model is OpeningSheet
    count_perm = Perm.OPEN_SESSION if is_opening else Perm.CLOSE_SESSION
    count_service = services.opening_count_record if is_opening else services.closing_count_record
    sign_service = services.opening_sign if is_opening else services.closing_sign
    title = part.capitalize()

    class Detail(APIView):
        @extend_schema(tags=SHEETS, responses={200: s.SheetSerializer, **ERRORS})
        def get(self, request: Request, pk: int) -> Response:
            actor = _actor(request, Perm.VIEW_TABLES)
            return _out(s.SheetSerializer, _sheet_out(_sheet(actor, model, pk)))

    class Count(APIView):
        @extend_schema(
            tags=SHEETS,
            request=s.CountInputSerializer,
            description="Record the count, denomination by denomination: full "
            "20-chip stacks and loose chips; optional chips, total and grand total "
            "are cross-checked (OPEN-07..11, CLOSE-05).",
            responses={200: s.SheetSerializer, **ERRORS},
        )
        def post(self, request: Request, pk: int) -> Response:
            actor = _actor(request, count_perm)
            sheet = _sheet(actor, model, pk)
            data = parse(s.CountInputSerializer, request.data)
            with field_names({"denomination": "denomination_id"}):
                count_service(
                    actor=actor,
                    sheet=sheet,
                    lines=[dict(x) for x in data["lines"]],
                    grand_total=data.get("grand_total"),
                    note=data["note"],
                )
            return _out(s.SheetSerializer, _sheet_out(sheet))

    class Sign(APIView):
        @extend_schema(
            tags=SHEETS,
            request=s.SheetSignInputSerializer,
            description="One signature: croupier (PIN on the supervisor's "
            "terminal), supervisor, pit boss — three people (ROLE-13, ROLE-14).",
            responses={200: s.SignResultSerializer, **ERRORS},
        )
        def post(self, request: Request, pk: int) -> Response:
            actor = _actor(request, Perm.VIEW_TABLES)
            sheet = _sheet(actor, model, pk)
            data = parse(s.SheetSignInputSerializer, request.data)
            signer = None
            if data.get("signer"):
                signer = User.objects.filter(username=data["signer"], casino=actor.casino).first()
                if signer is None:
                    raise DomainError.of(
                        TablesCode.STAFF_NOT_FOUND, person=data["signer"], field="signer"
                    )

            def handle() -> Response:
                result = sign_service(
                    actor=actor,
                    sheet=sheet,
                    role=data["role"],
                    signer=signer,
                    pin=data.get("pin"),
                    override_reason=data["override_reason"],
                )
                return _out(
                    s.SignResultSerializer,
                    data={
                        "role": result.signature.role,
                        "signer": result.signature.signer.username,
                        "method": result.signature.method,
                        "locked": result.locked,
                        "sheet": _sheet_out(sheet),
                    },
                )

            return idempotent(request, handle)

    class Copies(APIView):
        @extend_schema(
            tags=SHEETS,
            request=s.CopyInputSerializer,
            description="Record where a printed copy went (OPEN-13, CLOSE-10).",
            responses={200: s.CopySerializer, **ERRORS},
        )
        def post(self, request: Request, pk: int) -> Response:
            actor = _actor(request, count_perm)
            sheet = _sheet(actor, model, pk)
            data = parse(s.CopyInputSerializer, request.data)

            def handle() -> Response:
                deposit = services.sheet_copy_deposit(
                    actor=actor, sheet=sheet, copy=data["copy"], note=data["note"]
                )
                return _out(s.CopySerializer, presenters.copy_deposit(deposit))

            return idempotent(request, handle)

    views = (Detail, Count, Sign, Copies)
    for view in views:
        view.__name__ = view.__qualname__ = f"{title}{view.__name__}View"
    return views


OpeningDetailView, OpeningCountView, OpeningSignView, OpeningCopiesView = _sheet_views(
    OpeningSheet, "opening"
)
ClosingDetailView, ClosingCountView, ClosingSignView, ClosingCopiesView = _sheet_views(
    ClosingSheet, "closing"
)


class DiscrepancyAcknowledgeView(APIView):
    @extend_schema(
        tags=SHEETS,
        request=s.AcknowledgeInputSerializer,
        responses={200: s.SheetSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.ACKNOWLEDGE_DISCREPANCY)
        disc = selectors.access_discrepancy(actor, pk)
        data = parse(s.AcknowledgeInputSerializer, request.data)
        services.discrepancy_acknowledge(
            actor=actor, discrepancy=disc, note=data["note"], written_report=data["written_report"]
        )
        return _out(s.SheetSerializer, _sheet_out(disc.sheet))


class ClosingEmptyBankView(APIView):
    @extend_schema(
        tags=SHEETS,
        request=s.EmptyBankInputSerializer,
        description="Supervisor and croupier (PIN) confirm the rack was emptied "
        "and every chip counted (CLOSE-06).",
        responses={200: s.SessionEventSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.CLOSE_SESSION)
        sheet = selectors.access_closing(actor, pk, Perm.CLOSE_SESSION)
        data = parse(s.EmptyBankInputSerializer, request.data)
        croupier = _user(actor, data["croupier"], Role.CROUPIER, "croupier")

        def handle() -> Response:
            event = services.closing_confirm_empty_bank(
                actor=actor, sheet=sheet, croupier=croupier, pin=data["pin"]
            )
            return _out(s.SessionEventSerializer, presenters.session_event(event))

        return idempotent(request, handle)


class SheetsToSignView(APIView):
    @extend_schema(
        tags=SHEETS,
        description="The signing queue of the acting role.",
        responses={200: s.SheetToSignSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        roles = [actor.role]
        if actor.role == Role.SUPERVISOR:
            roles.append(Role.CROUPIER)  # croupiers sign on the supervisor's terminal
        # Issue 12 §1: only the sessions the actor is assigned to.
        items = [
            item
            for item in selectors.sheets_to_sign(actor.casino, roles)
            if selectors.is_assigned(actor, item.sheet.session)
        ]
        return _out(
            s.SheetToSignSerializer,
            many=True,
            data=[
                {
                    "part": item.kind,
                    "id": item.sheet.pk,
                    "serial": item.sheet.serial,
                    "table_name": str(item.sheet.table),
                    "missing_roles": [r.value for r in item.missing_roles],
                    "blockers": [presenters.reason(b) for b in item.blockers],
                }
                for item in items
            ],
        )


# --- decks ----------------------------------------------------------------------------------

PACK_FILTERS = [
    OpenApiParameter("state", str, enum=list(s.PackState.values)),
    OpenApiParameter("session", int),
    OpenApiParameter("store", int),
    OpenApiParameter("colour", str),
    OpenApiParameter("serial", str),
]


class PackListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=DECKS, parameters=PACK_FILTERS, responses={200: s.PackSerializer(many=True), **ERRORS}
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        qs = Pack.objects.filter(casino=actor.casino)
        q = request.query_params
        if state := query_choice(q, "state", s.PackState.values):
            qs = qs.filter(state=state)
        for name in ("session", "store"):
            if (pk := query_int(q, name)) is not None:
                qs = qs.filter(**{name: pk})
        if q.get("colour"):
            qs = qs.filter(colour__iexact=q["colour"])
        if q.get("serial"):
            qs = qs.filter(serial__icontains=q["serial"])
        return paginated(
            request, self, qs.order_by("serial", "id"), s.PackSerializer, presenters.pack
        )


class PackDetailView(APIView):
    @extend_schema(tags=DECKS, responses={200: s.PackDetailSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        pack = selectors.access_pack(actor, pk)
        events = selectors.deck_events(actor.casino).filter(pack=pack)
        return _out(
            s.PackDetailSerializer,
            data={
                **presenters.pack(pack),
                "events": [presenters.deck_event(e) for e in events],
                "allowed_moves": allowed_moves(pack.state),
            },
        )


class DeckEventListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=DECKS,
        parameters=[
            OpenApiParameter("pack", int),
            OpenApiParameter("session", int),
            *GAMING_DAY_FILTER,
            OpenApiParameter("since", OpenApiTypes.DATETIME),
        ],
        description="The deck custody log, newest first.",
        responses={200: s.DeckEventSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        qs = selectors.deck_events(actor.casino)
        q = request.query_params
        for name in ("pack", "session"):
            if (pk := query_int(q, name)) is not None:
                qs = qs.filter(**{name: pk})
        if (day := query_int_renamed(q, "gaming_day_id", old="gaming_day")) is not None:
            qs = qs.filter(gaming_day=day)
        if (since := read_datetime(q, "since")) is not None:
            qs = qs.filter(at__gte=since)
        return paginated(
            request, self, qs.order_by("-at", "-id"), s.DeckEventSerializer, presenters.deck_event
        )


class PackMoveView(APIView):
    @extend_schema(
        tags=DECKS,
        request=s.MoveInputSerializer,
        description="Move a pack to another state; a move its state does not "
        "allow is refused with 409 DECK_MOVE_NOT_ALLOWED, naming the allowed moves.",
        responses={200: s.PackDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        data = parse(s.MoveInputSerializer, request.data)
        perm = services.perm_for_move(data["to"])
        actor = _actor(request, perm)
        pack = selectors.access_pack(actor, pk, perm)
        session = selectors.access_session(actor, data["session"]) if data.get("session") else None
        services.deck_move(
            actor=actor,
            pack=pack,
            to=data["to"],
            session=session,
            with_user=selectors.staff_user(actor, data.get("with_user"), field="with_user"),
            note=data["note"],
            hand_number=data.get("hand_number"),
            replaces=_pack(actor, data.get("replaces"), "replaces"),
            replacement=_pack(actor, data.get("replacement"), "replacement"),
            complete=data["complete"],
            face_up_ok=data["face_up_ok"],
            face_down_ok=data["face_down_ok"],
            pin=data.get("pin") or None,
        )
        pack.refresh_from_db()
        events = selectors.deck_events(actor.casino).filter(pack=pack)
        return _out(
            s.PackDetailSerializer,
            data={
                **presenters.pack(pack),
                "events": [presenters.deck_event(e) for e in events],
                "allowed_moves": allowed_moves(pack.state),
            },
        )


class DeckDeliveryView(APIView):
    @extend_schema(
        tags=DECKS,
        request=s.DeliveryInputSerializer,
        description="Security delivers packs to a store (DECK-03).",
        responses={201: s.ReceiptSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.DECK_DELIVER)
        data = parse(s.DeliveryInputSerializer, request.data)
        store = selectors.access_store(actor, data["store"])

        def handle() -> Response:
            receipt = services.deck_delivery_record(
                actor=actor,
                store=store,
                packs=[dict(p) for p in data["packs"]],
                note=data["note"],
            )
            return _out(s.ReceiptSerializer, presenters.receipt(receipt), created=True)

        return idempotent(request, handle)


class DeckReceiptSignView(APIView):
    @extend_schema(
        tags=DECKS,
        request=None,
        description="The pit boss signs the receipt: the packs enter the store.",
        responses={200: s.ReceiptSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.DECK_RECEIVE)
        receipt = selectors.access_receipt(actor, pk)
        receipt = services.deck_receipt_sign(actor=actor, receipt=receipt)
        return _out(s.ReceiptSerializer, presenters.receipt(receipt))


class DeckAlertListView(APIView):
    @extend_schema(tags=DECKS, responses={200: s.DeckAlertSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        return _out(
            s.DeckAlertSerializer,
            many=True,
            data=[
                {
                    "code": a.code,
                    "message": {"es": a.message_es, "en": a.message_en},
                    "pack": a.pack.serial if a.pack else None,
                    "session": a.session.pk if a.session else None,
                    "table": str(a.session.table) if a.session else None,
                }
                for a in selectors.deck_alerts(actor.casino)
            ],
        )


def _store_out(store: DeckStore) -> dict[str, Any]:
    return {"id": store.pk, "code": store.code, "name": store.name}


class DeckStoreListView(APIView):
    @extend_schema(tags=DECKS, responses={200: s.StoreSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        stores = DeckStore.objects.filter(casino=actor.casino)
        return _out(s.StoreSerializer, [_store_out(x) for x in stores], many=True)

    @extend_schema(
        tags=DECKS,
        request=s.StoreInputSerializer,
        description="Create a card store (DECK-01): packs are delivered into one before any "
        "opening. Same service as `manage.py tables_deck_store`.",
        responses={201: s.StoreSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.MANAGE_SETTINGS)
        data = parse(s.StoreInputSerializer, request.data)

        def handle() -> Response:
            store = services.deck_store_create(actor=actor, code=data["code"], name=data["name"])
            return _out(s.StoreSerializer, _store_out(store), created=True)

        return idempotent(request, handle)


def _current_day(actor: Actor) -> GamingDay:
    day = open_gaming_day(actor.casino)
    day = day or GamingDay.objects.filter(casino=actor.casino).order_by("-business_date").first()
    if day is None:
        raise DomainError.of(TablesCode.NO_GAMING_DAY)
    return day


class DeckReconciliationView(APIView):
    @extend_schema(
        tags=DECKS,
        parameters=[
            OpenApiParameter(
                "counted",
                str,
                description="Comma-separated pack numbers found in the store (physical count)",
            )
        ],
        description="received = in store + at tables + returned + destroyed (DECK-16).",
        responses={200: s.ReconciliationSerializer, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        store = selectors.access_store(actor, pk)
        day = _current_day(actor)
        raw = request.query_params.get("counted")
        counted = [x for x in raw.split(",")] if raw is not None else None
        recon = selectors.deck_reconciliation(store, day, counted)
        control = DeckFinalControl.objects.filter(store=store, gaming_day=day).first()
        return _out(
            s.ReconciliationSerializer,
            data={
                "store": store.pk,
                "gaming_day": day.business_date,
                "received": recon.received,
                "received_today": recon.received_today,
                "in_store": recon.in_store,
                "at_tables": recon.at_tables,
                "returned": recon.returned,
                "destroyed": recon.destroyed,
                "balanced": recon.balanced,
                "counted": recon.counted,
                "unaccounted": [u.__dict__ for u in recon.unaccounted],
                "unexpected_serials": recon.unexpected_serials,
                "final_control": control.pk if control else None,
            },
        )


class DeckFinalControlView(APIView):
    @extend_schema(
        tags=DECKS,
        request=s.FinalControlInputSerializer,
        description="The shift manager's final control of the day (DECK-16, "
        "DECK-19); refused while any pack is unaccounted for.",
        responses={200: s.FinalControlSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.DECK_FINAL_CONTROL)
        store = selectors.access_store(actor, pk)
        data = parse(s.FinalControlInputSerializer, request.data)

        def handle() -> Response:
            control = services.deck_final_control_sign(
                actor=actor, store=store, counted_serials=data["counted"]
            )
            control.refresh_from_db()
            return _out(
                s.FinalControlSerializer,
                data={
                    "id": control.pk,
                    "store": store.pk,
                    "gaming_day": control.gaming_day.business_date,
                    "locked": control.is_locked,
                    "figures": control.figures,
                },
            )

        return idempotent(request, handle)


# --- sanctions ------------------------------------------------------------------------------

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
        responses={200: s.SanctionEntrySerializer(many=True), **ERRORS},
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
        return paginated(request, self, qs, s.SanctionEntrySerializer, presenters.sanction_entry)

    @extend_schema(
        tags=SANCTIONS,
        request=s.ImposeInputSerializer,
        description="Impose a sanction (pit boss: warnings and rounds; management: "
        "removal, disqualification, expulsion — SANC-02).",
        responses={201: s.SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = parse(s.ImposeInputSerializer, request.data)
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
            return _out(s.SanctionDetailSerializer, presenters.sanction_detail(entry), created=True)

        return idempotent(request, handle)


def _sanction_refs(actor: Actor, data: dict[str, Any]) -> dict[str, Any]:
    return {
        "player": selectors.access_player(actor, data["player"]) if data.get("player") else None,
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
        request=s.SanctionInputSerializer,
        description="A supervisor proposes a sanction (SANC-01).",
        responses={201: s.SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.PROPOSE_SANCTION)
        data = parse(s.SanctionInputSerializer, request.data)
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
            return _out(s.SanctionDetailSerializer, presenters.sanction_detail(entry), created=True)

        return idempotent(request, handle)


class SanctionDetailView(APIView):
    @extend_schema(tags=SANCTIONS, responses={200: s.SanctionDetailSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_SANCTIONS)
        return _out(
            s.SanctionDetailSerializer,
            presenters.sanction_detail(selectors.access_sanction(actor, pk)),
        )


class SanctionLiftView(APIView):
    @extend_schema(
        tags=SANCTIONS,
        request=s.LiftInputSerializer,
        description="Lift: a new linked entry with a reason; the original stays.",
        responses={200: s.SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.IMPOSE_SANCTION)
        entry = selectors.access_sanction(actor, pk)
        data = parse(s.LiftInputSerializer, request.data)

        def handle() -> Response:
            services.sanction_lift(actor=actor, sanction=entry, reason=data["reason"])
            return _out(s.SanctionDetailSerializer, presenters.sanction_detail(entry))

        return idempotent(request, handle)


class SanctionReduceView(APIView):
    @extend_schema(
        tags=SANCTIONS,
        request=s.ReduceInputSerializer,
        responses={200: s.SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.IMPOSE_SANCTION)
        entry = selectors.access_sanction(actor, pk)
        data = parse(s.ReduceInputSerializer, request.data)

        def handle() -> Response:
            services.sanction_reduce(
                actor=actor,
                sanction=entry,
                level=data["level"],
                vueltas=data.get("vueltas"),
                reason=data["reason"],
            )
            return _out(s.SanctionDetailSerializer, presenters.sanction_detail(entry))

        return idempotent(request, handle)


class SanctionAppealView(CreatesMixin, APIView):
    location_route = "api-tables-sanction"
    location_id = "entry.id"

    @extend_schema(
        tags=SANCTIONS,
        request=s.AppealInputSerializer,
        description="The player's appeal of an imposed sanction, with its grounds (SANC-01): "
        "a new entry linked to the imposition; the sanction is 'appealed' until decided.",
        responses={201: s.SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.PROPOSE_SANCTION)  # the floor takes it (SANC-02)
        entry = selectors.access_sanction(actor, pk)
        data = parse(s.AppealInputSerializer, request.data)

        def handle() -> Response:
            appeal = services.sanction_appeal(actor=actor, sanction=entry, grounds=data["grounds"])
            return _out(
                s.SanctionDetailSerializer, presenters.sanction_detail(appeal), created=True
            )

        return idempotent(request, handle)


class SanctionAppealDecideView(APIView):
    @extend_schema(
        tags=SANCTIONS,
        request=s.AppealDecisionInputSerializer,
        description="Decide an appeal (the path names the appeal entry): upheld, reduced or "
        "lifted, with a reason, by whoever may impose the sanction's level (SANC-02). "
        "Answers the appealed sanction.",
        responses={200: s.SanctionDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.IMPOSE_SANCTION)
        appeal = selectors.access_sanction(actor, pk)
        data = parse(s.AppealDecisionInputSerializer, request.data)

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
            return _out(s.SanctionDetailSerializer, presenters.sanction_detail(imposition))

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
        responses={200: s.SuggestionSerializer, **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_SANCTIONS)
        q = request.query_params
        code = q.get("conduct", "")
        if code not in {c.code for c in CONDUCTS}:
            raise DomainError.of(TablesCode.CONDUCT_UNKNOWN, conduct=code, field="conduct")
        player = selectors.access_player(actor, q["player"]) if q.get("player") else None
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
            s.SuggestionSerializer,
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
        responses={200: s.SeatingSerializer, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_SANCTIONS)
        player = selectors.access_player(actor, pk)
        check = selectors.seating_check(player)
        return _out(
            s.SeatingSerializer,
            data={
                "player": player.pk,
                "player_name": player.display_name,
                "active": [presenters.effective(e) for e in check.active],
                "history": [presenters.sanction_entry(e) for e in check.history],
                "history_count": check.history_count,
            },
        )


class ConductListView(APIView):
    @extend_schema(tags=SANCTIONS, responses={200: s.ConductSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        _actor(request, Perm.VIEW_SANCTIONS)
        return _out(s.ConductSerializer, [presenters.conduct(c) for c in CONDUCTS], many=True)


# --- keys -----------------------------------------------------------------------------------


def _key_out(k: KeyHandout) -> dict[str, Any]:
    back = getattr(k, "returned", None)
    return {
        "id": k.pk,
        "key_label": k.key_label,
        "table": k.table_id,
        "holder": k.holder.username,
        "handed_by": k.handed_by.username,
        "out_at": k.out_at,
        "returned_at": back.at if back else None,
        "received_by": back.received_by.username if back else None,
    }


class KeyListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=TABLES,
        parameters=[OpenApiParameter("open", bool)],
        responses={200: s.KeyHandoutSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        qs = KeyHandout.objects.filter(casino=actor.casino).select_related(
            "holder", "handed_by", "returned__received_by"
        )
        if request.query_params.get("open") in ("true", "1"):
            qs = qs.filter(returned__isnull=True)
        return paginated(
            request, self, qs.order_by("-out_at", "-id"), s.KeyHandoutSerializer, _key_out
        )

    @extend_schema(
        tags=TABLES,
        request=s.KeyHandoutInputSerializer,
        description="A key handed to someone (OPEN-01).",
        responses={201: s.KeyHandoutSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        data = parse(s.KeyHandoutInputSerializer, request.data)
        holder = selectors.staff_user(actor, data["holder"], field="holder")
        table = selectors.access_table(actor, data["table"]) if data.get("table") else None

        def handle() -> Response:
            entry = services.key_hand_out(
                actor=actor,
                key_label=data["key_label"],
                holder=holder,
                table=table,
                note=data["note"],
            )
            return _out(s.KeyHandoutSerializer, _key_out(entry), created=True)

        return idempotent(request, handle)


class KeyReturnView(APIView):
    @extend_schema(
        tags=TABLES,
        request=s.NoteInputSerializer,
        description="The key came back (CLOSE-17).",
        responses={200: s.KeyHandoutSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        entry = KeyHandout.objects.filter(casino=actor.casino, pk=pk).first()
        if entry is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=KeyHandout)
        data = parse(s.NoteInputSerializer, request.data)
        services.key_return(actor=actor, handout=entry, note=data["note"])
        entry.refresh_from_db()
        return _out(
            s.KeyHandoutSerializer,
            data=_key_out(
                KeyHandout.objects.select_related(
                    "holder", "handed_by", "returned__received_by"
                ).get(pk=entry.pk)
            ),
        )
