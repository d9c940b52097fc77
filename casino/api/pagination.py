"""One pagination for every list that can grow (issue 15 §2).

A list view sets ``pagination_class = Pagination`` (so the schema shows the envelope
``{count, next, previous, results}``) and answers with :func:`paginated`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db.models import QuerySet
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500


def paginated(
    request: Request,
    view: Any,
    rows: QuerySet[Any] | Sequence[Any],
    serializer_class: type[serializers.BaseSerializer],
    present: Callable[[Any], Any] | None = None,
) -> Response:
    """One page of ``rows`` in the envelope; ``present`` shapes only the rows of the page."""
    paginator = Pagination()
    page = paginator.paginate_queryset(rows, request, view=view) or []
    items = [present(row) for row in page] if present else page
    return paginator.get_paginated_response(serializer_class(items, many=True).data)
