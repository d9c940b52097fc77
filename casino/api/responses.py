"""One rule for the answer to a create (issue 15 §4).

A POST that creates a record answers 201 Created (202 Accepted when the work is queued:
a report, an import, a re-validation), with ``Location`` naming the new record's own URL
when it has one. An action on an existing record (``/{id}/move/``, ``/{id}/close/``…)
answers 200 with the record's new state.

A create view inherits :class:`CreatesMixin` and names its detail route; the mixin adds
the header in ``finalize_response``, so a retried request replayed from its
``Idempotency-Key`` gets the same ``Location``. The schema declares the header on every
201 and 202 answer (``casino.api.schema``).
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from rest_framework.request import Request
from rest_framework.response import Response

LOCATION = "Location"
CREATED_STATUSES = frozenset({201, 202})


def _dig(data: Any, path: str) -> Any:
    for key in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


class CreatesMixin:
    """For an API view whose POST creates a record with a detail route of its own."""

    #: The URL name of the new record's detail route (it takes ``pk``).
    location_route: str = ""
    #: Where the new record's id is in the answer: ``id``, ``entry.id``, ``job``…
    location_id: str = "id"

    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Response:
        response = super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
        if request.method == "POST" and response.status_code in CREATED_STATUSES:
            pk = _dig(getattr(response, "data", None), self.location_id)
            if pk is not None and self.location_route:
                url = reverse(self.location_route, kwargs={"pk": pk})
                response[LOCATION] = request.build_absolute_uri(url)
        return response
