"""Fills and credits: a slip's void and its confirmation, its status and next signers,
the slips of a casino, its number as printed, what the closing slips moved, and the
slips still open at a table (ROLE-04)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import QuerySet

from casino.formatting import active_lang
from casino.models import Casino
from casino.roles import Role
from tables.models import TableSession

from .. import slip_order
from ..models import (
    Slip,
    SlipKind,
    SlipPurpose,
    SlipVoid,
    SlipVoidConfirmation,
)


def void_of(slip: Slip) -> SlipVoid | None:
    try:
        return slip.void
    except SlipVoid.DoesNotExist:
        return None


def confirmation_of(void: SlipVoid) -> SlipVoidConfirmation | None:
    try:
        return void.confirmation
    except SlipVoidConfirmation.DoesNotExist:
        return None


def slip_is_void(slip: Slip) -> bool:
    void = void_of(slip)
    return void is not None and confirmation_of(void) is not None


def slip_status(slip: Slip) -> str:
    """requested / issued / carried / received / void_pending / void.

    In the slip's kind's order (``cage.slip_order``, CLOSE-07): "issued" once the side
    the chips leave has signed (the cage for a fill; the croupier and the supervisor
    for a credit), "carried" once security has, "received" when all have signed.
    """
    void = void_of(slip)
    if void is not None:
        return "void" if confirmation_of(void) is not None else "void_pending"
    signed = slip.signed_roles()
    if slip.is_locked and not slip_order.next_signers(slip.kind, signed):
        return "received"
    if Role.SECURITY.value in signed:
        return "carried"
    if all(r.value in signed for r in slip_order.signs_after(slip.kind, Role.SECURITY)):
        return "issued"
    return "requested"


def slip_next_signers(slip: Slip) -> tuple[Role, ...]:
    """The roles whose turn it is to sign the slip (none when void, being voided or
    complete), in its kind's order (``cage.slip_order``): what the signing queue,
    the inbox and the cage's page show."""
    if void_of(slip) is not None:
        return ()
    return slip_order.next_signers(slip.kind, slip.signed_roles())


def slip_step_for(role: Role, slip: Slip) -> Role | None:
    """The role a terminal acting as ``role`` signs the slip in now, or ``None``.

    The supervisor's terminal also takes the croupier's PIN (OQ-34): the croupier's
    step first when it is the croupier's turn too.
    """
    turn = slip_next_signers(slip)
    if role == Role.SUPERVISOR and Role.CROUPIER in turn:
        return Role.CROUPIER
    return role if role in turn else None


def slip_counts(slip: Slip) -> bool:
    """A slip enters the float only when all five have signed and it is not void."""
    return slip.is_locked and not slip_is_void(slip)


def slips_for(casino: Casino, **filters: Any) -> QuerySet[Slip]:
    return (
        Slip.objects.filter(casino=casino, **filters)
        .select_related("table", "session", "requested_by", "void", "void__confirmation")
        .prefetch_related("lines__denomination")
    )


def slip_kind_series(kind: str) -> str:
    """The stored series of a kind's numbers (GEN-10); never changes, so numbers already
    issued stay as they are (``slip_number_label`` is what people read)."""
    return "FILL" if kind == SlipKind.FILL else "CREDIT"


def slip_number(slip: Slip) -> str:
    """The slip's number within its kind's series and year: "2026-000123"."""
    return f"{slip.year}-{slip.number:06d}"


def slip_number_label(slip: Slip, lang: str | None = None) -> str:
    """The slip's number as forms and pages print it, in the manual's words:
    "Relleno N.º 2026-000123", "Crédito N.º 2026-000007" ("Fill no. …" in English).
    ``lang`` defaults to the request's language (``casino.formatting.active_lang``).

    The stored serial (``Slip.serial``, series FILL / CREDIT) stays the machine's
    reference (API, audit trail); only the words shown change (issue 14 §5).
    """
    fill = slip.kind == SlipKind.FILL
    if (lang or active_lang()) == "en":
        return f"{'Fill' if fill else 'Credit'} no. {slip_number(slip)}"
    return f"{'Relleno' if fill else 'Crédito'} N.º {slip_number(slip)}"


def closing_slip_adjustments(session: TableSession) -> dict[int, int]:
    """Chips the closing fills (+) and credits (-) moved, per denomination (CLOSE-07).

    Registered with ``tables.hooks``: the next opening expects the closing count
    after these slips (OPEN-06). Only slips signed by all five and not void count.
    """
    net: dict[int, int] = defaultdict(int)
    for slip in Slip.objects.filter(session=session, purpose=SlipPurpose.CLOSING).prefetch_related(
        "lines"
    ):
        if slip_counts(slip):
            for line in slip.lines.all():
                net[line.denomination_id] += slip.float_sign * line.count
    return dict(net)


_SLIP_STATUS_TEXT: dict[tuple[str, str], tuple[str, str]] = {
    # The table's side of a fill: the chips come to the table.
    (SlipKind.FILL, "requested"): (
        "pedido, sin emitir por la caja",
        "requested, not issued by the cage",
    ),
    (SlipKind.FILL, "issued"): ("emitido, sin traer a la mesa", "issued, not carried to the table"),
    (SlipKind.FILL, "carried"): (
        "traído, sin recibir en la mesa",
        "carried, not received at the table",
    ),
    # A credit's: the chips leave the table. Once security has carried them, what is
    # left (the cage's confirmation) is not the table's work.
    (SlipKind.CREDIT, "requested"): (
        "pedido, sin firmar por el croupier y el supervisor",
        "requested, not signed by the croupier and the supervisor",
    ),
    (SlipKind.CREDIT, "issued"): (
        "firmado en la mesa, sin retirar por seguridad",
        "signed at the table, not yet taken by security",
    ),
}


_VOID_PENDING_TEXT = ("anulación sin confirmar", "void not confirmed")


def pending_table_work(session: TableSession) -> list[dict[str, Any]]:
    """The cage's work still open at a table (ROLE-04): fills not yet received at the
    table, credits whose chips security has not yet taken from it, and voids waiting for
    their confirmation.

    Registered with ``tables.hooks``: a dealer change warns about each, so the outgoing
    croupier hands it over. Buy-ins, changes and cash-outs are recorded whole, in one
    transaction: none is ever left open.
    """
    out: list[dict[str, Any]] = []
    slips = Slip.objects.filter(session=session, locked_at__isnull=True).order_by(
        "requested_at", "id"
    )
    for slip in slips:
        status = slip_status(slip)
        if status == "void_pending":
            es, en = _VOID_PENDING_TEXT
        elif (slip.kind, status) in _SLIP_STATUS_TEXT:
            es, en = _SLIP_STATUS_TEXT[(slip.kind, status)]
        else:  # void, received, or a credit already carried to the cage
            continue
        out.append(
            {
                "code": "SLIP_PENDING",
                "message": {
                    "es": f"{slip_number_label(slip, 'es')} pendiente ({es}): infórmelo al "
                    "croupier entrante (ROLE-04).",
                    "en": f"{slip_number_label(slip, 'en')} still open ({en}): tell the "
                    "incoming croupier (ROLE-04).",
                },
                "details": {"slip": slip.serial, "kind": slip.kind, "status": status},
            }
        )
    return out
