"""What the table pages share: the kernel's page guard, the way back, the staff lists, a
user, a number or a pack read from a form, and the session a form changes."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django.urls import reverse

from casino.access import Actor
from casino.formdata import read_int
from casino.models import User
from casino.pages import page_view
from casino.roles import Perm, Role
from casino.urlsafety import safe_next

from .. import selectors
from ..models import Pack, TableSession

# The kernel's page guard (casino.pages): a refused form shows again on its page.
page = page_view(template="tables/error.html", fallback="tables:index")


def _back(request: HttpRequest) -> str:
    # issue 12 §8: same-site paths only
    return safe_next(
        request,
        request.POST.get("next"),
        request.META.get("HTTP_REFERER"),
        fallback=reverse("tables:index"),
    )


def _staff(actor: Actor, role: Role) -> list[User]:
    return list(
        User.objects.filter(casino=actor.casino, is_active=True, groups__name=role.value).order_by(
            "username"
        )
    )


def _user(actor: Actor, request: HttpRequest, name: str) -> User | None:
    return selectors.staff_user(actor, request.POST.get(name) or None, field=name)


def _int(value: str | None, field: str) -> int | None:
    return read_int({field: value}, field)  # the one parser (issue 39 §4)


def _pack_ref(actor: Actor, value: str | None, field: str) -> Pack | None:
    pk = _int(value, field)
    return selectors.access_pack(actor, pk, Perm.VIEW_TABLES) if pk else None


Handler = Callable[[HttpRequest, Actor, int], str]


def _session(actor: Actor, pk: int) -> TableSession:
    """The session an action changes: only the people assigned there (issue 12 §1), refused
    before the form is read."""
    session = selectors.access_session(actor, pk)
    selectors.require_assigned(actor, session=session)
    return session
