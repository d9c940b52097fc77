"""The tournaments API (issue 42): one view per use case; parse -> service -> output.

Under ``/api/tournaments/``: the tournament, its entries (register, re-enter, rebuy,
add-on, unregister), the draw and the tables, the clock, the eliminations, the balancing
plan, the moves and their confirmations, the payouts (propose, approve, pay), the deals,
the results; the conventions of the rest of the API (the role header, idempotent
creating POSTs, the one error shape).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import ROLE_HEADER, Actor, actor_for
from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import parse
from casino.api.responses import CreatesMixin
from casino.api.serializers import ErrorSerializer
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.models import User
from casino.roles import Perm

from .. import presenters, selectors, services
from ..codes import TournamentsCode
from ..models import (
    Deal,
    Elimination,
    Entry,
    PayoutTable,
    SeatDraw,
    SeatMove,
    Settlement,
    StructureTemplate,
    StructureVersion,
    WaitingPlayer,
)
from . import serializers as s

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TAG = ["tournaments"]
TAG_FLOOR = ["tournaments: floor"]
TAG_CAGE = ["tournaments: cage"]


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


def _created(payload: Any) -> Response:
    return Response(payload, status=status.HTTP_201_CREATED)


def _staff(actor: Actor, username: str | None, field: str) -> User | None:
    if not username:
        return None
    user = User.objects.filter(username=username, casino_id=actor.user.casino_id).first()
    if user is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=User, field=field)
    return user


def _entry(actor: Actor, tournament: Any, pk: Any, field: str = "entry") -> Any:
    entry = selectors.access_entry(actor, pk, Perm.VIEW_TOURNAMENTS)
    if entry.tournament_id != tournament.pk:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Entry, field=field)
    return entry


def _own(row: Any, tournament: Any, model: type) -> Any:
    if row is None or row.tournament_id != tournament.pk:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=model)
    return row


def _version(actor: Actor, pk: int) -> StructureVersion:
    row = StructureVersion.objects.filter(pk=pk, casino_id=actor.user.casino_id).first()
    if row is None:
        raise DomainError.of(
            ApiCode.NOT_FOUND, thing=StructureVersion, field="structure_version_id"
        )
    return row


def _version_out(v: StructureVersion) -> dict[str, Any]:
    return {
        "id": v.pk,
        "template_id": v.template_id,
        "name": v.template.name,
        "version": v.version,
        "structure": services.structure_output(v.structure()),
        "created_at": v.created_at,
        "reason": v.reason,
    }


# --------------------------------------------------------------------------- structures


class StructureListView(APIView):
    @extend_schema(tags=TAG, responses={200: s.StructureVersionSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        rows = StructureVersion.objects.filter(casino_id=actor.user.casino_id).select_related(
            "template"
        )
        return Response(s.of(s.StructureVersionSerializer, [_version_out(v) for v in rows], True))

    @extend_schema(
        tags=TAG,
        request=s.StructureInputSerializer,
        responses={201: s.StructureVersionSerializer, **ERRORS},
        summary="A structure template with its first version (a manager's)",
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.MANAGE_TOURNAMENTS)
        data = parse(s.StructureInputSerializer, request.data)

        def handle() -> Response:
            v = services.structure_create(
                actor=actor, name=data["name"], structure=data["structure"], reason=data["reason"]
            )
            return _created(s.of(s.StructureVersionSerializer, _version_out(v)))

        return idempotent(request, handle)


class StructureVersionsView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.StructureReviseInputSerializer,
        responses={201: s.StructureVersionSerializer, **ERRORS},
        summary="A new version of a structure (a structure in use is never edited)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.MANAGE_TOURNAMENTS)
        template = StructureTemplate.objects.filter(pk=pk, casino_id=actor.user.casino_id).first()
        if template is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=StructureVersion)
        data = parse(s.StructureReviseInputSerializer, request.data)

        def handle() -> Response:
            v = services.structure_revise(
                actor=actor, template=template, structure=data["structure"], reason=data["reason"]
            )
            return _created(s.of(s.StructureVersionSerializer, _version_out(v)))

        return idempotent(request, handle)


# --------------------------------------------------------------------------- tournaments


class TournamentListView(CreatesMixin, APIView):
    """Every tournament of the casino, one page at a time (it grows with the casino's life)."""

    location_route = "api-tournament"
    pagination_class = Pagination

    @extend_schema(tags=TAG, responses={200: s.TournamentListSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        return paginated(
            request,
            self,
            selectors.tournaments_for(actor).order_by("-pk"),
            s.TournamentListSerializer,
            lambda t: {
                "id": t.pk,
                "name": t.name,
                "event_name": t.event_name,
                "status": t.status,
                "gaming_day_id": t.gaming_day_id,
            },
        )

    @extend_schema(
        tags=TAG,
        request=s.TournamentInputSerializer,
        responses={201: s.TournamentSerializer, **ERRORS},
        summary="Create a tournament on a structure version",
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.MANAGE_TOURNAMENTS)
        data = parse(s.TournamentInputSerializer, request.data)

        def handle() -> Response:
            t = services.tournament_create(
                actor=actor,
                name=data["name"],
                structure=_version(actor, data["structure_version_id"]),
                event_name=data["event_name"],
                max_players=data["max_players"],
            )
            return _created(s.of(s.TournamentSerializer, presenters.tournament(t)))

        return idempotent(request, handle)


class TournamentDetailView(APIView):
    @extend_schema(tags=TAG, responses={200: s.TournamentSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        return Response(s.of(s.TournamentSerializer, presenters.tournament(t)))


# --------------------------------------------------------------------------- entries


class EntryListView(APIView):
    @extend_schema(tags=TAG_CAGE, responses={200: s.EntrySerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        return Response(s.of(s.EntrySerializer, presenters.entries(t), True))

    @extend_schema(
        tags=TAG_CAGE,
        request=s.RegisterInputSerializer,
        responses={201: s.EntrySerializer, **ERRORS},
        summary="Register a player, or a busted player's re-entry, at the cage",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RECORD_TOURNAMENT_ENTRY)
        t = selectors.access_tournament(actor, pk, Perm.RECORD_TOURNAMENT_ENTRY)
        data = parse(s.RegisterInputSerializer, request.data)

        def handle() -> Response:
            player = selectors.player_of(actor, data["player"])
            if data["kind"] == "re_entry":
                entry = services.entry_re_enter(actor=actor, tournament=t, player=player)
            elif data["kind"] == "entry":
                waiting = None
                if data["waiting"] is not None:
                    waiting = _own(
                        WaitingPlayer.objects.filter(pk=data["waiting"]).first(),
                        t,
                        WaitingPlayer,
                    )
                entry = services.entry_register(
                    actor=actor, tournament=t, player=player, waiting=waiting
                )
            else:
                raise DomainError.of(TournamentsCode.REGISTRATION_KIND_INVALID, field="kind")
            row = next(e for e in presenters.entries(t) if e["id"] == entry.pk)
            return _created(s.of(s.EntrySerializer, row))

        return idempotent(request, handle)


class PurchaseView(APIView):
    @extend_schema(
        tags=TAG_CAGE,
        request=s.PurchaseInputSerializer,
        responses={201: s.LedgerEntrySerializer, **ERRORS},
        summary="A rebuy or an add-on for a seated entry",
    )
    def post(self, request: Request, pk: int, entry: int) -> Response:
        actor = _actor(request, Perm.RECORD_TOURNAMENT_ENTRY)
        t = selectors.access_tournament(actor, pk, Perm.RECORD_TOURNAMENT_ENTRY)
        row = _entry(actor, t, entry)
        data = parse(s.PurchaseInputSerializer, request.data)

        def handle() -> Response:
            paid = services.entry_purchase(actor=actor, entry=row, kind=data["kind"])
            return _created(s.of(s.LedgerEntrySerializer, presenters.ledger_row(paid)))

        return idempotent(request, handle)


class UnregisterView(APIView):
    @extend_schema(
        tags=TAG_CAGE,
        request=s.ReasonInputSerializer,
        responses={200: s.LedgerEntrySerializer, **ERRORS},
        summary="Unregister before the start: the refund, numbered",
    )
    def post(self, request: Request, pk: int, entry: int) -> Response:
        actor = _actor(request, Perm.RECORD_TOURNAMENT_ENTRY)
        t = selectors.access_tournament(actor, pk, Perm.RECORD_TOURNAMENT_ENTRY)
        row = _entry(actor, t, entry)
        data = parse(s.ReasonInputSerializer, request.data)
        refund = services.entry_unregister(actor=actor, entry=row, reason=data["reason"])
        return Response(s.of(s.LedgerEntrySerializer, presenters.ledger_row(refund)))


class ArriveView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=None,
        responses={200: s.EntrySerializer, **ERRORS},
        summary="The player sat down at his drawn seat (TOUR-02)",
    )
    def post(self, request: Request, pk: int, entry: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        row = _entry(actor, t, entry)
        services.entry_arrive(actor=actor, entry=row)
        out = next(e for e in presenters.entries(t) if e["id"] == row.pk)
        return Response(s.of(s.EntrySerializer, out))


class WaitingListView(APIView):
    @extend_schema(tags=TAG_CAGE, responses={200: s.WaitingSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        rows = [
            {
                "id": w.pk,
                "player": w.player_id,
                "player_name": w.player.display_name,
                "requested_at": w.requested_at,
            }
            for w in selectors.waiting_list(t).select_related("player")
        ]
        return Response(s.of(s.WaitingSerializer, rows, True))

    @extend_schema(
        tags=TAG_CAGE,
        request=s.WaitingInputSerializer,
        responses={201: s.WaitingSerializer, **ERRORS},
        summary="Put a player on a full tournament's waiting list",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RECORD_TOURNAMENT_ENTRY)
        t = selectors.access_tournament(actor, pk, Perm.RECORD_TOURNAMENT_ENTRY)
        data = parse(s.WaitingInputSerializer, request.data)

        def handle() -> Response:
            w = services.waiting_add(
                actor=actor, tournament=t, player=selectors.player_of(actor, data["player"])
            )
            row = {
                "id": w.pk,
                "player": w.player_id,
                "player_name": w.player.display_name,
                "requested_at": w.requested_at,
            }
            return _created(s.of(s.WaitingSerializer, row))

        return idempotent(request, handle)


class LedgerView(APIView):
    @extend_schema(tags=TAG_CAGE, responses={200: s.LedgerEntrySerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        rows = [presenters.ledger_row(r) for r in selectors.ledger(t)]
        return Response(s.of(s.LedgerEntrySerializer, rows, True))


# --------------------------------------------------------------------------- seats


class DrawView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.DrawSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        draws = SeatDraw.objects.filter(tournament=t).order_by("at", "id")
        return Response(s.of(s.DrawSerializer, [presenters.draw(d) for d in draws], True))

    @extend_schema(
        tags=TAG_FLOOR,
        request=s.DrawInputSerializer,
        responses={200: s.DrawSerializer, **ERRORS},
        summary="The initial seat draw (TOUR-01, TDA 7) at the tables given, in break order",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.DrawInputSerializer, request.data)
        record = services.draw_initial(actor=actor, tournament=t, tables=data["tables"])
        return Response(s.of(s.DrawSerializer, presenters.draw(record)))


class TablesView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.TableSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        return Response(s.of(s.TableSerializer, presenters.tables(t), True))

    @extend_schema(
        tags=TAG_FLOOR,
        request=s.TableAddInputSerializer,
        responses={201: s.TableSerializer, **ERRORS},
        summary="Open one more table for the tournament (it breaks first)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.TableAddInputSerializer, request.data)

        def handle() -> Response:
            tt = services.table_add(actor=actor, tournament=t, table=data["table_number"])
            row = next(x for x in presenters.tables(t) if x["session"] == tt.session_id)
            return _created(s.of(s.TableSerializer, row))

        return idempotent(request, handle)


class BalanceView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.BalancePlanSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        return Response(s.of(s.BalancePlanSerializer, presenters.plan(selectors.balance_plan(t))))

    @extend_schema(
        tags=TAG_FLOOR,
        request=s.BalanceConfirmInputSerializer,
        responses={200: s.DrawSerializer, **ERRORS},
        summary="Confirm the plan shown (TDA 10, 11; the final table): the moves are made",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.BalanceConfirmInputSerializer, request.data)
        record = services.balance_confirm(actor=actor, tournament=t, version=data["version"])
        return Response(s.of(s.DrawSerializer, presenters.draw(record)))


class MovesView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.MoveSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        rows = [presenters.move(m) for m in selectors.moves_to_confirm(t)]
        return Response(s.of(s.MoveSerializer, rows, True))


class MoveConfirmView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=s.MoveConfirmInputSerializer,
        responses={200: s.MoveConfirmationSerializer, **ERRORS},
        summary="The dealer of a table confirms a move (TOUR-05)",
    )
    def post(self, request: Request, pk: int, move: int) -> Response:
        actor = _actor(request, Perm.CONFIRM_TOURNAMENT_MOVE)
        t = selectors.access_tournament(actor, pk, Perm.CONFIRM_TOURNAMENT_MOVE)
        row = selectors.access_move(actor, move, Perm.CONFIRM_TOURNAMENT_MOVE)
        if row.draw.tournament_id != t.pk:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=SeatMove)
        data = parse(s.MoveConfirmInputSerializer, request.data)
        c = services.move_confirm(
            actor=actor,
            move=row,
            side=data["side"],
            croupier=_staff(actor, data["croupier"], "croupier"),
            pin=data.get("pin"),
            chips_visible=data["chips_visible"],
        )
        out = {
            "move": row.pk,
            "side": c.side,
            "croupier": c.croupier.username,
            "method": c.method,
            "chips_visible": c.chips_visible,
        }
        return Response(s.of(s.MoveConfirmationSerializer, out))


# --------------------------------------------------------------------------- clock


class ClockView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.ClockSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        return Response(s.of(s.ClockSerializer, presenters.clock(t)))

    @extend_schema(
        tags=TAG_FLOOR,
        request=s.ClockEventInputSerializer,
        responses={200: s.ClockSerializer, **ERRORS},
        summary="Start, pause, resume, go to a level, adjust, hand-for-hand (TDA RP-8)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.ClockEventInputSerializer, request.data)
        services.clock_record(
            actor=actor,
            tournament=t,
            kind=data["kind"],
            level=data["level"],
            seconds=data["seconds"],
            reason=data["reason"],
        )
        t.refresh_from_db()
        return Response(s.of(s.ClockSerializer, presenters.clock(t)))


# --------------------------------------------------------------------------- eliminations


class EliminationListView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.EliminationSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        rows = Elimination.objects.filter(tournament=t).select_related("entry__player")
        return Response(
            s.of(s.EliminationSerializer, [presenters.elimination(e) for e in rows], True)
        )

    @extend_schema(
        tags=TAG_FLOOR,
        request=s.EliminationInputSerializer,
        responses={201: s.EliminationSerializer, **ERRORS},
        summary="Record a bust, with the hand it happened in where there is one",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.EliminationInputSerializer, request.data)

        def handle() -> Response:
            e = services.elimination_record(
                actor=actor,
                tournament=t,
                entry=_entry(actor, t, data["entry"]),
                hand_number=data["hand_number"],
                stack_at_start=data["stack_at_start"],
                reason=data["reason"],
            )
            return _created(s.of(s.EliminationSerializer, presenters.elimination(e)))

        return idempotent(request, handle)


class CorrectionView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=s.CorrectionInputSerializer,
        responses={201: s.CorrectionSerializer, **ERRORS},
        summary="Correct a mistaken elimination, with the reason: the player is reseated",
    )
    def post(self, request: Request, pk: int, elimination: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        row = _own(
            selectors.access_elimination(actor, elimination, Perm.RUN_TOURNAMENT),
            t,
            Elimination,
        )
        data = parse(s.CorrectionInputSerializer, request.data)

        def handle() -> Response:
            c = services.elimination_correct(
                actor=actor, elimination=row, reason=data["reason"], chips=data["chips"]
            )
            out = {
                "id": c.pk,
                "elimination": row.pk,
                "chips": c.chips,
                "table_number": c.move.to_table if c.move else None,
                "seat": c.move.to_seat if c.move else None,
            }
            return _created(s.of(s.CorrectionSerializer, out))

        return idempotent(request, handle)


class HiddenChipsView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=s.HiddenChipsInputSerializer,
        responses={201: s.EliminationSerializer, **ERRORS},
        summary="Hidden chips found after a covered all-in (TOUR-04)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.HiddenChipsInputSerializer, request.data)

        def handle() -> Response:
            e = services.hidden_chips_record(
                actor=actor,
                tournament=t,
                entry=_entry(actor, t, data["entry"]),
                chips=data["chips"],
                winner=_entry(actor, t, data["winner"], "winner") if data["winner"] else None,
                next_hand_started=data["next_hand_started"],
                reason=data["reason"],
            )
            assert e is not None
            return _created(s.of(s.EliminationSerializer, presenters.elimination(e)))

        return idempotent(request, handle)


class SanctionView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=s.TournamentSanctionInputSerializer,
        responses={201: s.TournamentSanctionSerializer, **ERRORS},
        summary="A sanction in the tournament, on the sanctions ledger (SANC-03..07)",
    )
    def post(self, request: Request, pk: int) -> Response:
        # The sanctions ledger checks who may impose which level (SANC-02).
        actor = _actor(request, Perm.IMPOSE_SANCTION)
        t = selectors.access_tournament(actor, pk)
        data = parse(s.TournamentSanctionInputSerializer, request.data)

        def handle() -> Response:
            row = services.sanction_record(
                actor=actor,
                tournament=t,
                entry=_entry(actor, t, data["entry"]),
                conduct_code=data["conduct"],
                conduct_text=data["conduct_text"],
                level=data["level"],
                vueltas=data["vueltas"],
                players_in_hand=data["players_in_hand"],
                hand_number=data["hand_number"],
                immediate=data["immediate"],
                immediate_reason=data["immediate_reason"],
                override_reason=data["override_reason"],
                reason=data["reason"],
                final_heads_up=data["final_heads_up"],
            )
            out = {
                "id": row.pk,
                "notice": row.notice,
                "sanction_level": row.level,
                "vueltas": row.vueltas,
                "hands_total": row.hands_total,
                "suggested_level": row.suggested_level,
                "event_name": row.event_name,
            }
            return _created(s.of(s.TournamentSanctionSerializer, out))

        return idempotent(request, handle)


class ChipRaceView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=s.ChipRaceInputSerializer,
        responses={201: s.ChipRaceSerializer, **ERRORS},
        summary="A table's chip race at a colour-up (TDA 24, 25)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.ChipRaceInputSerializer, request.data)

        def _ints(raw: dict[str, Any]) -> dict[int, Any]:
            try:
                return {int(k): v for k, v in raw.items()}
            except (TypeError, ValueError):
                raise DomainError.of(TournamentsCode.SEAT_KEY_INVALID, field="stacks") from None

        def handle() -> Response:
            stacks = {seat: _ints(chips) for seat, chips in _ints(data["stacks"]).items()}
            cards = _ints(data["cards"]) if data["cards"] else None
            r = services.chip_race_record(
                actor=actor,
                tournament=t,
                table=data["table_number"],
                stacks=stacks,
                cards=cards,
                rounding=data["rounding"],
            )
            out = {
                "id": r.pk,
                "table_number": r.table_number,
                "removed": r.removed,
                "seed": r.seed,
                "result": r.result,
            }
            return _created(s.of(s.ChipRaceSerializer, out))

        return idempotent(request, handle)


class RemoveAbsenteesView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=None,
        responses={200: s.RemovedSerializer, **ERRORS},
        summary="Late registration closed: the absent players' stacks come off (TOUR-02)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        removed = services.absentees_remove(actor=actor, tournament=t)
        return Response(s.of(s.RemovedSerializer, {"entries": removed}))


# --------------------------------------------------------------------------- payouts


class PayoutsView(APIView):
    @extend_schema(tags=TAG, responses={200: s.PayoutTableSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        rows = PayoutTable.objects.filter(tournament=t).order_by("-version")
        return Response(
            s.of(s.PayoutTableSerializer, [presenters.payout_table(p) for p in rows], True)
        )

    @extend_schema(
        tags=TAG,
        request=s.PayoutsInputSerializer,
        responses={201: s.PayoutTableSerializer, **ERRORS},
        summary="Propose the payout table (TOUR-07: a documented rule, or management's)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.MANAGE_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk, Perm.MANAGE_TOURNAMENTS)
        data = parse(s.PayoutsInputSerializer, request.data)

        def handle() -> Response:
            p = services.payouts_propose(
                actor=actor,
                tournament=t,
                places=data["places"],
                amounts=data["amounts"],
                note=data["note"],
            )
            return _created(s.of(s.PayoutTableSerializer, presenters.payout_table(p)))

        return idempotent(request, handle)


class PayoutsApproveView(APIView):
    @extend_schema(
        tags=TAG,
        request=None,
        responses={200: s.PayoutTableSerializer, **ERRORS},
        summary="The shift manager approves and signs the payout table (ROLE-09): locked",
    )
    def post(self, request: Request, pk: int, table: int) -> Response:
        actor = _actor(request, Perm.APPROVE_TOURNAMENT_PAYOUTS)
        t = selectors.access_tournament(actor, pk, Perm.APPROVE_TOURNAMENT_PAYOUTS)
        row = _own(PayoutTable.objects.filter(pk=table).first(), t, PayoutTable)
        p = services.payouts_approve(actor=actor, table=row)
        return Response(s.of(s.PayoutTableSerializer, presenters.payout_table(p)))


class PrizeSlipView(APIView):
    @extend_schema(
        tags=TAG_CAGE,
        request=s.PayInputSerializer,
        responses={201: s.PayoutSlipSerializer, **ERRORS},
        summary="Pay a prize at the cage against a numbered slip signed by player and cashier",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.PAY_TOURNAMENT_PRIZE)
        t = selectors.access_tournament(actor, pk, Perm.PAY_TOURNAMENT_PRIZE)
        data = parse(s.PayInputSerializer, request.data)

        def handle() -> Response:
            slip = services.prize_pay(
                actor=actor,
                tournament=t,
                entry=_entry(actor, t, data["entry"]),
                player_signed_name=data["player_signed_name"],
            )
            return _created(s.of(s.PayoutSlipSerializer, presenters.slip(slip)))

        return idempotent(request, handle)


# --------------------------------------------------------------------------- deals


class DealsView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.DealSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        rows = Deal.objects.filter(tournament=t).order_by("-proposed_at")
        return Response(s.of(s.DealSerializer, [presenters.deal(d) for d in rows], True))

    @extend_schema(
        tags=TAG_FLOOR,
        request=s.DealInputSerializer,
        responses={201: s.DealSerializer, **ERRORS},
        summary="Propose a deal: chip chop or ICM, exact to the unit (TOUR-07)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.DealInputSerializer, request.data)

        def handle() -> Response:
            stacks = None
            if data["stacks"] is not None:
                stacks = {}
                for key, chips in data["stacks"].items():
                    stacks[_entry(actor, t, key, "stacks").pk] = chips
            d = services.deal_propose(
                actor=actor,
                tournament=t,
                method=data["method"],
                to_play_for=Decimal(data["to_play_for"]),
                stacks=stacks,
                note=data["note"],
            )
            return _created(s.of(s.DealSerializer, presenters.deal(d)))

        return idempotent(request, handle)


class DealConsentView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=s.ConsentInputSerializer,
        responses={201: s.DealSerializer, **ERRORS},
        summary="A player left agrees to the deal",
    )
    def post(self, request: Request, pk: int, deal: int) -> Response:
        actor = _actor(request, Perm.RUN_TOURNAMENT)
        t = selectors.access_tournament(actor, pk, Perm.RUN_TOURNAMENT)
        row = _own(Deal.objects.filter(pk=deal).first(), t, Deal)
        data = parse(s.ConsentInputSerializer, request.data)

        def handle() -> Response:
            services.deal_consent(actor=actor, deal=row, entry=_entry(actor, t, data["entry"]))
            return _created(s.of(s.DealSerializer, presenters.deal(row)))

        return idempotent(request, handle)


class DealApproveView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=None,
        responses={200: s.DealSerializer, **ERRORS},
        summary="The manager signs the deal, every player having agreed",
    )
    def post(self, request: Request, pk: int, deal: int) -> Response:
        actor = _actor(request, Perm.APPROVE_TOURNAMENT_PAYOUTS)
        t = selectors.access_tournament(actor, pk, Perm.APPROVE_TOURNAMENT_PAYOUTS)
        row = _own(Deal.objects.filter(pk=deal).first(), t, Deal)
        d = services.deal_approve(actor=actor, deal=row)
        return Response(s.of(s.DealSerializer, presenters.deal(d)))


# --------------------------------------------------------------------------- results


class ResultsView(APIView):
    @extend_schema(tags=TAG, responses={200: s.ResultsSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        return Response(s.of(s.ResultsSerializer, presenters.results(t)))


class QualifiersView(APIView):
    @extend_schema(tags=TAG, responses={200: s.QualifierSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        t = selectors.access_tournament(actor, pk)
        states = {e.pk: e.number for e in selectors.entry_states(t).entries}
        rows = [
            {
                "table_number": q.table,
                "advance": [states[p] for p in q.advance],
                "tied": [states[p] for p in q.tied],
                "places_left": q.places_left,
            }
            for q in selectors.qualifiers_of(t)
        ]
        return Response(s.of(s.QualifierSerializer, rows, True))


class SettlementView(APIView):
    @extend_schema(
        tags=TAG_CAGE,
        request=s.SettlementInputSerializer,
        responses={201: s.SettlementSerializer, **ERRORS},
        summary="The tournament's cash counted at the cage against its ledger",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.PAY_TOURNAMENT_PRIZE)
        t = selectors.access_tournament(actor, pk, Perm.PAY_TOURNAMENT_PRIZE)
        data = parse(s.SettlementInputSerializer, request.data)

        def handle() -> Response:
            row = services.settlement_record(
                actor=actor, tournament=t, counted=data["counted"], note=data["note"]
            )
            return _created(s.of(s.SettlementSerializer, presenters.settlement(row)))

        return idempotent(request, handle)


class SettlementSignView(APIView):
    @extend_schema(
        tags=TAG_CAGE,
        request=None,
        responses={200: s.SettlementSerializer, **ERRORS},
        summary="The shift manager signs the settlement (it locks it)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.APPROVE_TOURNAMENT_PAYOUTS)
        t = selectors.access_tournament(actor, pk, Perm.APPROVE_TOURNAMENT_PAYOUTS)
        row = Settlement.objects.filter(tournament=t).first()
        if row is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=Settlement)
        row = services.settlement_sign(actor=actor, settlement=row)
        return Response(s.of(s.SettlementSerializer, presenters.settlement(row)))
