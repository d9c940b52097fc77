from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from .access import ROLE_SESSION_KEY
from .roles import Role


def mesa(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if not user or not user.is_authenticated:
        return {"mesa_roles": [], "mesa_acting_role": None}
    held = [r for r in Role if user.holds_role(r)]
    acting = request.session.get(ROLE_SESSION_KEY) if hasattr(request, "session") else None
    if acting not in {r.value for r in held}:
        acting = held[0].value if held else None
    return {
        "mesa_roles": held,
        "mesa_acting_role": Role(acting) if acting else None,
        "mesa_casino": getattr(user, "casino", None),
    }
