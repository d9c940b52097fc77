"""The eliminations API and what happens at a table in play: busts and their corrections,
hidden chips, sanctions, chip races, the absentees' stacks removed."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.idempotency import idempotent
from casino.api.parsing import parse
from casino.errors import DomainError
from casino.roles import Perm

from ... import presenters, selectors, services
from ...codes import TournamentsCode
from ...models import Elimination
from .. import serializers as s
from .common import ERRORS, TAG_FLOOR, _acting, _actor, _created, _entry, _own, _read


class EliminationListView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.EliminationSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
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
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
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
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
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
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
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
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
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
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
        removed = services.absentees_remove(actor=actor, tournament=t)
        return Response(s.of(s.RemovedSerializer, {"entries": removed}))
