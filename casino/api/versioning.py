"""The API's version, in the media type (issue 15 §6).

A client pins the version it was written for in ``Accept``:
``Accept: application/json; version=1``. Without a version it gets the current one (1).
A version the server does not serve answers 406 ``API_VERSION_UNSUPPORTED`` with the
versions it does serve in ``details.allowed``. The URLs stay ``/api/...`` in every
version; ``docs/api.md`` keeps the change policy and the changelog.
"""

from __future__ import annotations

from typing import Any

from rest_framework.versioning import AcceptHeaderVersioning

from casino.errors import DomainError

CURRENT = "1"
SERVED = (CURRENT,)


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
            raise DomainError(
                "API_VERSION_UNSUPPORTED",
                f"Esta API no sirve la versión «{version}»; sirve: {', '.join(SERVED)}.",
                f"This API does not serve version “{version}”; it serves: {', '.join(SERVED)}.",
                field="Accept",
                status=406,
                details={"allowed": list(SERVED)},
            )
        return version
