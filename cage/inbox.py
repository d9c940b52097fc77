"""The cage's next tasks per role (registered with ``casino.inbox`` in ``apps.py``).

Cage cashier: fills to issue, credits to receive, drops to count. Security: slips to
carry. Supervisor: fills to receive, credits to hand over. Pit boss and shift manager: voids to confirm and
variances to explain on the open gaming day.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from casino.access import Actor
from casino.inbox import InboxItem
from casino.roles import Role
from casino.selectors import on_open_gaming_day
from tables.models import TableSession

from . import selectors
from .models import Slip, SlipVoid


def _open_slips(actor: Actor) -> list[Slip]:
    return [
        s
        for s in Slip.objects.filter(casino_id=actor.casino_id, locked_at__isnull=True)
        .select_related("table")
        .order_by("requested_at")[:200]
        if selectors.void_of(s) is None
    ]


# What each role does with a slip at its step, per kind (CLOSE-07): whose turn it is
# comes from the kind's order (``selectors.slip_next_signers``).
_SLIP_TASKS = {
    ("fill", Role.CAGE_CASHIER): gettext_lazy("Issue slip %(serial)s for %(table)s"),
    ("fill", Role.SECURITY): gettext_lazy("Carry slip %(serial)s to %(table)s"),
    ("fill", Role.SUPERVISOR): gettext_lazy("Receive slip %(serial)s at %(table)s"),
    ("credit", Role.CAGE_CASHIER): gettext_lazy("Receive slip %(serial)s from %(table)s"),
    ("credit", Role.SECURITY): gettext_lazy("Carry slip %(serial)s from %(table)s to the cage"),
    ("credit", Role.SUPERVISOR): gettext_lazy("Hand over slip %(serial)s at %(table)s"),
}


def slips_to_sign(actor: Actor) -> list[InboxItem]:
    if actor.role not in (Role.CAGE_CASHIER, Role.SECURITY, Role.SUPERVISOR):
        return []
    if actor.user.casino_id is None:
        return []
    items = []
    for slip in _open_slips(actor):
        step = selectors.slip_step_for(actor.role, slip)
        # A slip the supervisor has signed already waits only for the croupier's PIN
        # (the signing queue shows that one).
        if step is None or (step == Role.CROUPIER and Role.SUPERVISOR.value in slip.signed_roles()):
            continue
        title = str(_SLIP_TASKS[(slip.kind, actor.role)]) % {
            "serial": slip.serial,
            "table": slip.table,
        }
        items.append(
            InboxItem(
                kind=f"cage.slip.{actor.role.value}",
                title=title,
                # Signed in place in the signing queue (issue 8 §2), on the slip's item.
                url=f"{reverse('floor:queue')}#q-slip-{slip.pk}",
                detail=slip.get_kind_display(),
                created_at=slip.requested_at,
            )
        )
    return items


def drops_to_count(actor: Actor) -> list[InboxItem]:
    if actor.role != Role.CAGE_CASHIER or actor.user.casino_id is None:
        return []
    items = []
    for session in TableSession.objects.filter(
        on_open_gaming_day(),
        casino_id=actor.casino_id,
        status=TableSession.Status.CLOSED,
    ).select_related("table"):
        if selectors.agreed_drop_count(session) is not None:
            continue
        if any(c.counter_id == actor.user.pk for c in selectors.drop_counts(session)):
            continue
        items.append(
            InboxItem(
                kind="cage.drop.count",
                title=_("Count the drop of %(table)s") % {"table": session.table},
                url=reverse("cage:drop", args=[session.pk]),
                created_at=session.closed_at,
            )
        )
    return items


def voids_to_confirm(actor: Actor) -> list[InboxItem]:
    if actor.role not in (Role.PIT_BOSS, Role.SHIFT_MANAGER) or actor.user.casino_id is None:
        return []
    items = []
    for void in (
        SlipVoid.objects.filter(slip__casino_id=actor.casino_id, confirmation__isnull=True)
        .exclude(requested_by=actor.user)
        .select_related("slip")
    ):
        items.append(
            InboxItem(
                kind="cage.slip.void_confirm",
                title=_("Confirm the void of slip %(serial)s") % {"serial": void.slip.serial},
                url=reverse("cage:slips"),
                detail=void.reason,
                urgent=True,
                created_at=void.requested_at,
            )
        )
    return items


def variances_to_explain(actor: Actor) -> list[InboxItem]:
    if actor.role not in (Role.PIT_BOSS, Role.SHIFT_MANAGER) or actor.user.casino_id is None:
        return []
    from .reconciliation import VARIANCE, reconcile_session

    items = []
    for session in TableSession.objects.filter(
        on_open_gaming_day(),
        casino_id=actor.casino_id,
        status=TableSession.Status.CLOSED,
    ).select_related("table", "settings", "gaming_day"):
        explained = set(session.variance_explanations.values_list("finding_key", flat=True))
        open_variances = [
            f
            for f in reconcile_session(session).findings
            if f.severity == VARIANCE and f.key not in explained
        ]
        if open_variances:
            items.append(
                InboxItem(
                    kind="cage.variance.explain",
                    title=_("Explain %(n)s variance(s) of %(table)s")
                    % {"n": len(open_variances), "table": session.table},
                    url=reverse("cage:reconciliation", args=[session.pk]),
                    urgent=True,
                    created_at=session.closed_at,
                )
            )
    return items


PROVIDERS = [slips_to_sign, drops_to_count, voids_to_confirm, variances_to_explain]
