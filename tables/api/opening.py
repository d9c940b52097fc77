"""What an opening needs, read through the API (issue 15 §5).

- ``GET /api/checklists/``: the checklist catalogue, each item's key with its label in
  Spanish and English (PREP-02, PREP-03/04, CLOSE-12), so a client learns the keys before
  it posts a checklist, not from a ``CHECKLIST_INCOMPLETE`` error;
- ``GET /api/tables/{id}/chip-set/``: the table's chip set, with each denomination's id
  (the ``denomination_id`` of a count line), value and colour;
- ``GET /api/tables/{id}/settings/history/``: every settings version of the table, the
  newest first, paginated.

Reads only: each view fetches and authorises with the tables selectors.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import ROLE_HEADER, Actor, actor_for
from casino.api.enums import enum
from casino.api.pagination import Pagination, paginated
from casino.api.serializers import ErrorSerializer
from casino.chips import Denomination
from casino.models import MONEY
from casino.roles import Perm, Role, role_has

from .. import selectors
from ..checklists import CLOSING_ITEMS, PIT_BOSS_ITEMS, SUPERVISOR_ITEMS
from ..models import SessionEvent
from ..selectors.sessions import settings_history
from .serializers.tables import TableSettingsSerializer

ERRORS = {403: ErrorSerializer, 404: ErrorSerializer}
TABLES = ["tables"]

#: Each checklist: its key, where it is posted, who completes it, its items.
CHECKLISTS: list[tuple[str, str, list[Role], dict[str, object]]] = [
    (
        SessionEvent.Kind.PREP_PIT_BOSS,
        "/api/sessions/{id}/checklists/",
        [Role.PIT_BOSS],
        PIT_BOSS_ITEMS,
    ),
    (
        SessionEvent.Kind.PREP_SUPERVISOR,
        "/api/sessions/{id}/checklists/",
        [Role.SUPERVISOR],
        SUPERVISOR_ITEMS,
    ),
    (
        "closing",
        "/api/sessions/{id}/closing-checklist/",
        [r for r in Role if role_has(r, Perm.CLOSE_SESSION)],
        CLOSING_ITEMS,
    ),
]


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


class LabelSerializer(serializers.Serializer):
    es = serializers.CharField()
    en = serializers.CharField()


class ChecklistItemSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = LabelSerializer()  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class


class ChecklistSerializer(serializers.Serializer):
    checklist = enum([c[0] for c in CHECKLISTS])
    post_to = serializers.CharField(help_text="Where the checklist is posted.")
    roles = serializers.ListField(child=enum(Role.choices), help_text="Who completes it.")
    items = ChecklistItemSerializer(many=True)


def _label(text: object) -> dict[str, str]:
    labels = {}
    for lang in ("es", "en"):
        with translation.override(lang):
            labels[lang] = str(text)
    return labels


class ChecklistCatalogueView(APIView):
    @extend_schema(
        tags=TABLES,
        description="The keys of every checklist item, with their labels (PREP-02, "
        "PREP-03/04, CLOSE-12): post every key of your role's list, true when checked.",
        responses={200: ChecklistSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        _actor(request, Perm.VIEW_TABLES)
        body = [
            {
                "checklist": str(key),
                "post_to": post_to,
                "roles": roles,
                "items": [{"key": k, "label": _label(v)} for k, v in items.items()],
            }
            for key, post_to, roles, items in CHECKLISTS
        ]
        return Response(ChecklistSerializer(body, many=True).data)


class ChipSetDenominationSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The denomination_id of a count line.")
    value = serializers.DecimalField(**MONEY)
    colour = serializers.CharField()
    kind = enum(Denomination.Kind.choices)
    is_active = serializers.BooleanField()


class ChipSetSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    denominations = ChipSetDenominationSerializer(many=True)


class TableChipSetView(APIView):
    @extend_schema(
        tags=TABLES,
        description="The table's chip set: each denomination's id (denomination_id in a "
        "count), value and colour, the highest value first.",
        responses={200: ChipSetSerializer, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        table = selectors.access_table(actor, pk)
        chip_set = table.chip_set
        body: dict[str, Any] = {
            "id": chip_set.pk,
            "name": chip_set.name,
            "denominations": list(chip_set.denominations.order_by("-value", "id")),
        }
        return Response(ChipSetSerializer(body).data)


class TableSettingsHistoryView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=TABLES,
        description="Every settings version of the table, the newest first: the one in "
        "force, those before it, and any written to take effect later.",
        responses={200: TableSettingsSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        table = selectors.access_table(actor, pk)
        return paginated(request, self, settings_history(table), TableSettingsSerializer)
