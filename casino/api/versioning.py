"""The API's version, in the media type (issue 15 §6).

A client pins the version it was written for in ``Accept``, with the plain JSON type or
Mesa's own: ``Accept: application/json; version=1`` or
``Accept: application/vnd.mesa+json; version=1``. The body is the same JSON either way;
who asks for the vendor type gets it back in ``Content-Type``, with the version served
(``application/vnd.mesa+json; version=1``). Without a version it gets the current one (1).
A version the server does not serve answers 406 ``API_VERSION_UNSUPPORTED`` with the
versions it does serve in ``details.allowed``, whichever of the two types named it. The
URLs stay ``/api/...`` in every version; ``docs/api.md`` keeps the change policy and the
changelog.

The schema lists ``application/json`` only: the vendor type names the same bodies, and a
second content type on every answer would double the document and the generated client's
code. The schema's description names the vendor type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.versioning import AcceptHeaderVersioning

from casino.codes import CasinoCode
from casino.errors import DomainError

CURRENT = "1"
SERVED = (CURRENT,)
VENDOR_MEDIA_TYPE = "application/vnd.mesa+json"


class VendorJSONRenderer(JSONRenderer):
    """JSON under Mesa's own media type (``REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"]``).

    Content negotiation picks it only for a client that names the vendor type in
    ``Accept``; its answer says the type and the version it was served in."""

    media_type = VENDOR_MEDIA_TYPE
    format = "mesa-json"

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        context = renderer_context or {}
        response, request = context.get("response"), context.get("request")
        version = getattr(request, "version", None) or CURRENT
        if response is not None and response.content_type is None:
            response["Content-Type"] = f"{VENDOR_MEDIA_TYPE}; version={version}"
        return super().render(data, accepted_media_type, renderer_context)


class MediaTypeVersioning(AcceptHeaderVersioning):
    default_version = CURRENT
    allowed_versions = SERVED
    version_param = "version"

    def determine_version(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        media_type = getattr(request, "accepted_media_type", "") or ""
        params = dict(
            part.strip().split("=", 1) for part in media_type.split(";")[1:] if "=" in part
        )
        version = params.get(self.version_param, "").strip() or self.default_version
        if version not in self.allowed_versions:
            raise DomainError.of(
                CasinoCode.API_VERSION_UNSUPPORTED,
                version=version,
                served=SERVED,
                field="Accept",
                details={"allowed": list(SERVED)},
            )
        return version


class FormatNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, but a ``?format=`` no renderer serves answers 406 NOT_ACCEPTABLE
    (declared on every operation) instead of DRF's 404, which the schema does not describe
    where the path names no record (``GET /api/me/?format=²`` failed the hostile walk)."""

    def filter_renderers(self, renderers: Any, format: str) -> Any:  # noqa: A002 - DRF's name
        served = [renderer for renderer in renderers if renderer.format == format]
        if not served:
            raise NotAcceptable
        return served
