"""The floor's page of the dealers' rota (issue 44 §3): who deals now and who is next at
each table, one tap to record the change (posted to the tables app's own dealer-change
action: one record of who deals), re-plan when a table closes or opens, planned against
actual. Thin: parse the form, call one service or selector, render."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.access import Actor, require
from casino.codes import CasinoCode
from casino.formdata import invalid, read_int, read_time
from casino.models import User
from casino.pages import page_view
from casino.roles import Perm, Role
from casino.selectors import open_gaming_day
from tables.models import Table
from tables.selectors import access_table, staff_member

from . import selectors, services
from .models import GAMES, game_label

# A refused form answers at its status (400, 403, 409) with the message on the page.
page = page_view(template="rota/error.html", on_post="page", fallback="rota:index")


def _number(request: HttpRequest, field: str, default: int) -> int:
    value = read_int(request.POST, field)
    return default if value is None else value


def _clock(request: HttpRequest, field: str) -> time:
    value = read_time(request.POST, field)
    if value is None:
        raise invalid(field, CasinoCode.TIME_INVALID)
    return value


def _period(request: HttpRequest) -> tuple[datetime, datetime]:
    """The shift from the form's two times, today in the casino's time zone; an end at or
    before the start is the next morning."""
    today = timezone.localdate()
    zone = timezone.get_current_timezone()
    start = datetime.combine(today, _clock(request, "starts_at"), zone)
    end = datetime.combine(today, _clock(request, "ends_at"), zone)
    if end <= start:
        end += timedelta(days=1)
    return start, end


@page
def index(request: HttpRequest, actor: Actor) -> HttpResponse:
    """The rota in force today, or the form to plan it."""
    require(actor, Perm.VIEW_TABLES)
    day = open_gaming_day(actor.casino)
    rota = selectors.rota_in_force(day)
    if rota is not None:
        return redirect("rota:detail", pk=rota.pk)
    now = timezone.localtime().replace(second=0, microsecond=0)
    context = {
        "day": day,
        "can_plan": actor.can(Perm.PLAN_ROTA),
        "croupiers": User.objects.filter(
            casino=actor.casino, is_active=True, groups__name=Role.CROUPIER.value
        ).order_by("username"),
        "tables": Table.objects.filter(casino=actor.casino, is_active=True).order_by("number"),
        "start": now.strftime("%H:%M"),
        "end": (now + timedelta(hours=8)).strftime("%H:%M"),
    }
    return render(request, "rota/plan.html", context)


@require_POST
@page
def plan(request: HttpRequest, actor: Actor) -> HttpResponse:
    require(actor, Perm.PLAN_ROTA)
    tables = [
        access_table(actor, pk, Perm.PLAN_ROTA) for pk in request.POST.getlist("tables") if pk
    ]
    croupiers = [
        staff_member(actor, name, Role.CROUPIER, field="croupiers")
        for name in request.POST.getlist("croupiers")
        if name
    ]
    start, end = _period(request)
    rota = services.rota_plan(
        actor=actor,
        croupiers=croupiers,
        tables=tables,
        starts_at=start,
        ends_at=end,
        on_minutes=_number(request, "on_minutes", 30),
        off_minutes=_number(request, "off_minutes", 15),
        late_after_minutes=_number(request, "late_after_minutes", 5),
    )
    messages.success(request, _("Rota planned."))
    return redirect("rota:detail", pk=rota.pk)


@page
def detail(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    rota = selectors.access_rota(actor, pk)
    plan = selectors.plan_of(rota)
    in_plan = {int(t.id) for t in plan.tables}
    can_plan = actor.can(Perm.PLAN_ROTA)
    context = {
        "rota": rota,
        "in_force": selectors.is_in_force(rota),
        "current": selectors.rota_in_force(rota.gaming_day),
        "rows": selectors.floor_rows(rota),
        "actual": selectors.planned_vs_actual(rota),
        "versions": selectors.rota_versions(rota),
        "findings": selectors.plan_findings(rota),
        "can_plan": can_plan,
        "can_record": actor.can(Perm.RECORD_DEALER_CHANGE),
        "closed_tables": (
            Table.objects.filter(casino=actor.casino, is_active=True)
            .exclude(pk__in=in_plan)
            .order_by("number")
            if can_plan
            else []
        ),
    }
    return render(request, "rota/detail.html", context)


@require_POST
@page
def replan(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    require(actor, Perm.PLAN_ROTA)
    rota = selectors.access_rota(actor, pk)
    table = access_table(actor, request.POST.get("table"), Perm.PLAN_ROTA)
    fresh = services.rota_replan(
        actor=actor, rota=rota, table=table, change=request.POST.get("change", "")
    )
    messages.success(request, _("Rota re-planned from now: version %(v)s.") % {"v": fresh.version})
    return redirect("rota:detail", pk=fresh.pk)


@page
def croupiers(request: HttpRequest, actor: Actor) -> HttpResponse:
    """The games each croupier may deal, with their history; a manager records a change."""
    context = {
        "rows": selectors.croupiers_games(actor),
        "games": [(g, game_label(g)) for g in GAMES],
        "can_record": actor.can(Perm.MANAGE_STAFF),
    }
    return render(request, "rota/croupiers.html", context)


@require_POST
@page
def croupier_games(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    require(actor, Perm.MANAGE_STAFF)
    croupier = selectors.access_staff(actor, pk)
    services.croupier_games_record(
        actor=actor,
        croupier=croupier,
        games=request.POST.getlist("games"),  # only the ticked boxes are sent
        reason=request.POST.get("reason", ""),
    )
    messages.success(request, _("Games recorded for %(who)s.") % {"who": croupier})
    return redirect("rota:croupiers")
