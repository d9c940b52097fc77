"""The sheets' pages and forms: the signing queue, the opening and closing sheets, their
counts, signatures and copies, a discrepancy acknowledged, the emptied bank confirmed."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from casino.access import Actor, require
from casino.formatting import active_lang as _lang
from casino.roles import Perm, Role

from .. import presenters, selectors, services
from ..models import ClosingSheet, OpeningSheet, SheetCopyDeposit
from ..selectors.sessions import sheet_roles_signed_by
from .common import Handler, _staff, _user, page


@page
def queue(request: HttpRequest, actor: Actor) -> HttpResponse:
    require(actor, Perm.VIEW_TABLES)
    roles = sheet_roles_signed_by(actor.role)
    # Issue 12 §1: my work is the sessions I am assigned to (a supervisor's own, a pit
    # boss's sector); the other roles are casino-wide.
    mine = [
        item
        for item in selectors.sheets_to_sign(actor.casino, roles)
        if selectors.is_assigned(actor, item.sheet.session)
    ]
    return render(
        request,
        "tables/queue.html",
        {
            "actor": actor,
            "items": mine,
            "all_items": selectors.sheets_to_sign(actor.casino),
            "lang": _lang(),
        },
    )


def _sheet_page(
    request: HttpRequest, actor: Actor, sheet: OpeningSheet | ClosingSheet, part: str
) -> HttpResponse:
    data = presenters.sheet(sheet)
    return render(
        request,
        "tables/sheet.html",
        {
            "actor": actor,
            "sheet": sheet,
            "part": part,
            "data": data,
            "rows": presenters.sheet_rows(sheet),
            # Once anyone signed, the count is what they vouched for: shown, not editable.
            "editable": not sheet.is_locked and not data["signatures"],
            "croupiers": _staff(actor, Role.CROUPIER),
            "copies": SheetCopyDeposit.Copy.choices
            if part == "closing"
            else [(SheetCopyDeposit.Copy.DROP_BOX, SheetCopyDeposit.Copy.DROP_BOX.label)],
            "needs": selectors.closing_float_needs(sheet.session) if part == "closing" else [],
            "signing_roles": [Role.CROUPIER, Role.SUPERVISOR, Role.PIT_BOSS],
        },
    )


@page
def opening(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    return _sheet_page(request, actor, selectors.access_opening(actor, pk), "opening")


@page
def closing(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    return _sheet_page(request, actor, selectors.access_closing(actor, pk), "closing")


def _count_lines(request: HttpRequest, sheet: OpeningSheet | ClosingSheet) -> list[dict]:
    return [
        {
            "denomination": line.denomination_id,
            "stacks": request.POST.get(f"stacks_{line.denomination_id}", ""),
            "loose": request.POST.get(f"loose_{line.denomination_id}", ""),
        }
        for line in sheet.ordered_lines()
    ]


def _sheet_of(actor: Actor, request: HttpRequest, pk: int) -> OpeningSheet | ClosingSheet:
    if request.POST.get("part") == "closing":
        sheet: OpeningSheet | ClosingSheet = selectors.access_closing(actor, pk)
    else:
        sheet = selectors.access_opening(actor, pk)
    selectors.require_assigned(actor, session=sheet.session)  # issue 12 §1
    return sheet


def _count(request: HttpRequest, actor: Actor, pk: int) -> str:
    sheet = _sheet_of(actor, request, pk)
    count: dict[str, Any] = {
        "lines": _count_lines(request, sheet),
        "grand_total": request.POST.get("grand_total") or None,
        "note": request.POST.get("note", ""),
    }
    if isinstance(sheet, OpeningSheet):
        services.opening_count_record(actor=actor, sheet=sheet, **count)
    else:
        services.closing_count_record(actor=actor, sheet=sheet, **count)
    return _("Count recorded.")


def _sign(request: HttpRequest, actor: Actor, pk: int) -> str:
    sheet = _sheet_of(actor, request, pk)
    signature: dict[str, Any] = {
        "role": request.POST.get("role", ""),
        "signer": _user(actor, request, "signer"),
        "pin": request.POST.get("pin") or None,
        "override_reason": request.POST.get("override_reason", ""),
    }
    if isinstance(sheet, OpeningSheet):
        result = services.opening_sign(actor=actor, sheet=sheet, **signature)
    else:
        result = services.closing_sign(actor=actor, sheet=sheet, **signature)
    return _("Signed and locked.") if result.locked else _("Signature recorded.")


def _acknowledge(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.discrepancy_acknowledge(
        actor=actor,
        discrepancy=selectors.access_discrepancy(actor, pk),
        note=request.POST.get("note", ""),
        written_report=request.POST.get("written_report", ""),
    )
    return _("Difference acknowledged.")


def _copy(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.sheet_copy_deposit(
        actor=actor,
        sheet=_sheet_of(actor, request, pk),
        copy=request.POST.get("copy", ""),
        note=request.POST.get("note", ""),
    )
    return _("Copy deposit recorded.")


def _empty_bank(request: HttpRequest, actor: Actor, pk: int) -> str:
    sheet = selectors.access_closing(actor, pk)
    selectors.require_assigned(actor, session=sheet.session)  # issue 12 §1
    services.closing_confirm_empty_bank(
        actor=actor,
        sheet=sheet,
        croupier=selectors.staff_member(
            actor, request.POST.get("croupier"), Role.CROUPIER, field="croupier"
        ),
        pin=request.POST.get("pin"),
    )
    return _("Empty rack confirmed.")


#: This area's forms, by the name each posts to (``tables.views.actions``).
ACTIONS: dict[str, Handler] = {
    "count": _count,
    "sign": _sign,
    "acknowledge": _acknowledge,
    "copy": _copy,
    "empty-bank": _empty_bank,
}
