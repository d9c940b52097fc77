"""A refused form comes back as it was typed, with the field named (issue 13 §6).

One way for every page form: when a service refuses (``DomainError``), the page the form
came from is rendered again — not redirected — with the refusal on the request. The
``{% typed %}``, ``{% chosen %}``, ``{% box %}`` and ``{% field_error %}`` tags
(``casino/templatetags/refusals.py``) put the posted values back into the fields and the
message next to the field the error names; the message at the top of the page names the
field in words ("Importe: número inválido."). The status is the error's (400, 403, 409…).

Reading a checkbox is :func:`casino.formdata.ticked` (absent = not ticked).
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect
from django.urls import Resolver404, resolve
from django.utils.translation import gettext_lazy

from casino.formatting import active_lang as _lang

from .errors import DomainError

REFUSAL_ATTR = "mesa_refusal"
# The refusal's machine code on a re-rendered page, as the API's error shape carries it.
REFUSAL_HEADER = "X-Mesa-Refusal"
# A refusal that no correction of the form can put right: 401, 403, 404.
NOT_A_FORM_PROBLEM = frozenset({401, 403, 404})

# The words for each form field a service can name (DomainError.field). A field such as
# ``lines[2].count`` or ``cash.0`` is named by its head (``lines``, ``cash``).
FIELD_LABELS: dict[str, Any] = {
    "amount": gettext_lazy("Amount"),
    "name": gettext_lazy("Name"),
    "seat": gettext_lazy("Seat"),
    "player": gettext_lazy("Player"),
    "player_name": gettext_lazy("Player"),
    "player_description": gettext_lazy("Player"),
    "stack": gettext_lazy("Stack"),
    "stack_before": gettext_lazy("Stack before the buy-in"),
    "croupier": gettext_lazy("Croupier"),
    "source": gettext_lazy("Paid with"),
    "cash": gettext_lazy("Notes received"),
    "notes": gettext_lazy("Notes received"),
    "chips": gettext_lazy("Chips handed over"),
    "chips_in": gettext_lazy("Chips in"),
    "chips_out": gettext_lazy("Chips out"),
    "lines": gettext_lazy("Chips"),
    "rake_chips": gettext_lazy("Rake chips"),
    "kind": gettext_lazy("Kind"),
    "purpose": gettext_lazy("Purpose"),
    "session": gettext_lazy("Table session"),
    "table": gettext_lazy("Table"),
    "hand_number": gettext_lazy("Hand number"),
    "last_hand_number": gettext_lazy("Last hand number"),
    "conduct": gettext_lazy("Conduct"),
    "conduct_code": gettext_lazy("Conduct"),
    "conduct_text": gettext_lazy("What happened"),
    "event_name": gettext_lazy("Event or tournament"),
    "level": gettext_lazy("Penalty"),
    "vueltas": gettext_lazy("Penalty rounds"),
    "players_in_hand": gettext_lazy("Players dealt into that hand"),
    "immediate_reason": gettext_lazy("Reason for immediate removal"),
    "override_reason": gettext_lazy("Reason for the override"),
    "override_by": gettext_lazy("Authorised by"),
    "override_pin": gettext_lazy("PIN"),
    "pin": gettext_lazy("PIN"),
    "signer": gettext_lazy("Signer"),
    "role": gettext_lazy("Role"),
    "reason": gettext_lazy("Reason"),
    "note": gettext_lazy("Note"),
    "written_report": gettext_lazy("Written report"),
    "explanation": gettext_lazy("Explanation"),
    "finding_key": gettext_lazy("Finding"),
    "supervisor": gettext_lazy("Supervisor"),
    "incoming": gettext_lazy("Incoming"),
    "incoming_pack": gettext_lazy("Pack coming in"),
    "security_officer": gettext_lazy("Security officer"),
    "cards_handed_to": gettext_lazy("Cards handed to"),
    "instructed_by": gettext_lazy("Instructed by"),
    "grand_total": gettext_lazy("Grand total"),
    "stacks": gettext_lazy("Stacks"),
    "loose": gettext_lazy("Loose chips"),
    "packs": gettext_lazy("Packs"),
    "counted": gettext_lazy("Serials counted"),
    "to": gettext_lazy("New state"),
    "with_user": gettext_lazy("With"),
    "replaces": gettext_lazy("Pack replaced"),
    "replacement": gettext_lazy("Replacement pack"),
    "copy": gettext_lazy("Copy"),
}

_HEAD = re.compile(r"^[A-Za-z_]+")


def field_name(raw: str | None) -> str | None:
    """The form field an error names: ``lines[2].count`` -> ``lines``; ``stacks_4`` stays."""
    if not raw:
        return None
    head = _HEAD.match(raw)
    return head.group(0) if head else raw


def field_label(name: str | None) -> str:
    if not name:
        return ""
    label = FIELD_LABELS.get(name)
    if label is None:
        # stacks_<id> / loose_<id> / note-<value>: named by their kind
        label = FIELD_LABELS.get(re.split(r"[_-]\d", name)[0])
    return str(label) if label is not None else name.replace("_", " ").capitalize()


@dataclass(frozen=True)
class Refusal:
    """A refused form: what was typed, the field named, the message in words."""

    code: str
    status: int
    field: str | None  # the form field (``DomainError.field``'s head)
    label: str  # the field in words, in the page's language
    message: str  # the service's message, in the page's language
    # dataclasses.field by its module: the class's own ``field`` above shadows the name
    data: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    action: str = ""  # the URL the refused form was posted to

    @property
    def text(self) -> str:
        """The message naming the field: "Importe: número inválido."."""
        if not self.label:
            return self.message
        body = self.message[:1].lower() + self.message[1:] if self.message else ""
        if body.lower().startswith(self.label.lower()):
            return self.message  # the message already starts with the field's name
        return f"{self.label}: {body}"

    def value(self, name: str) -> str:
        data = self.data
        if isinstance(data, QueryDict):
            return data.get(name, "")
        got = data.get(name, "")
        return "" if got is None else str(got)

    def has(self, name: str) -> bool:
        return name in self.data


def refusal_of(err: DomainError, data: Mapping[str, Any], action: str = "") -> Refusal:
    name = field_name(err.field)
    return Refusal(
        code=err.code,
        status=err.status_code,
        field=name,
        label=field_label(name),
        message=str(err.message(_lang())),
        data=data,
        action=action,
    )


def refusal(request: HttpRequest) -> Refusal | None:
    """The refusal being shown on this page, if any."""
    return getattr(request, REFUSAL_ATTR, None)


def refuse(
    request: HttpRequest,
    err: DomainError,
    render_page: Callable[[HttpRequest], HttpResponse],
    *,
    top_message: bool = True,
) -> HttpResponse:
    """Render the form's page again with what was posted and the refusal, at its status."""
    found = refusal_of(err, request.POST, request.path)
    setattr(request, REFUSAL_ATTR, found)
    if top_message:
        messages.error(request, found.text)
    response = render_page(request)
    response.status_code = found.status
    response[REFUSAL_HEADER] = found.code
    return response


def refuse_on_origin(
    request: HttpRequest,
    err: DomainError,
    origin: str,
    fallback: Callable[[HttpRequest], HttpResponse],
) -> HttpResponse:
    """A form posted to an action URL (``/tables/act/…``) is shown again on the page it
    came from (``origin``, a same-site path: ``next`` or the referrer): that page's view
    renders it as a GET of ``origin`` carrying the refusal, so every field it fills with
    ``{% typed %}`` shows what was posted and the ``next`` it writes is ``origin`` again.
    A refusal of the person (403) or of the record (404) goes back to ``origin`` instead."""
    if err.status_code in NOT_A_FORM_PROBLEM:
        # Not allowed at all, or no such record: nothing typed can be put right, so the
        # person goes back to the page with the message (issue 12 §8: same-site ``origin``).
        messages.error(request, refused_text(err))
        return redirect(origin)
    parts = urlsplit(origin)
    try:
        match = resolve(parts.path)
    except Resolver404:
        return refuse(request, err, fallback)
    page = copy.copy(request)
    page.method = "GET"
    page.path = page.path_info = parts.path
    page.GET = QueryDict(parts.query)
    page.META = {**request.META, "REQUEST_METHOD": "GET", "QUERY_STRING": parts.query}

    def render_origin(page_request: HttpRequest) -> HttpResponse:
        response = match.func(page_request, *match.args, **match.kwargs)
        if getattr(response, "status_code", 200) >= 300:  # the page itself refused: plain
            return fallback(request)
        return response

    found = refusal_of(err, request.POST, request.path)
    setattr(page, REFUSAL_ATTR, found)
    setattr(request, REFUSAL_ATTR, found)
    messages.error(request, found.text)
    response = render_origin(page)
    response.status_code = found.status
    response[REFUSAL_HEADER] = found.code
    return response


def refused_text(err: DomainError) -> str:
    """The message of a refusal naming its field, for a page that shows it without a form."""
    return refusal_of(err, {}).text


__all__ = [
    "FIELD_LABELS",
    "Refusal",
    "field_label",
    "refusal",
    "refuse",
    "refuse_on_origin",
    "refused_text",
]
