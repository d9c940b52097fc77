"""Fill and credit slips, each copy labelled with its destination (RPT-03, CLOSE-07).

The seeds do not say where a slip's copies go; by analogy with the table sheet
(OQ-25) a slip prints as the original for the main cage, copy 1 for the table's
drop box and copy 2 for the chip rack, with the same number on each. A void slip
is printed with its void (reason, who asked, who confirmed) across every copy.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from cage import selectors as cage_selectors
from cage import slip_order
from cage.models import Slip
from casino.access import Actor
from casino.errors import DomainError
from casino.models import Casino
from casino.roles import Perm, Role
from casino.selectors import shift_at
from casino.shifts import shift_title

from ..access import require_session_scope, resolve_session
from ..codes import ReportsCode
from ..formatting import day as day_text
from ..params import SlipParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name, role_label, signature_rows

ZERO = Decimal("0")
COPIES = (
    ("original_cage", "Original — caja principal del casino", "Original — main cage"),
    ("drop_box", "Copia 1 — caja de drop de la mesa", "Copy 1 — the table's drop box"),
    ("chip_rack", "Copia 2 — fichero de la mesa", "Copy 2 — the table's chip rack"),
)
# Each kind's own wording (CLOSE-07; glossary "fill; crédito"): a fill carries chips
# from the cage to the table, a credit from the table to the cage, so the chips change
# hands in the opposite order and each signature attests a different act.
FILL_STATUS = {
    "requested": ("solicitado (firma del jefe de sector)", "requested (pit boss signed)"),
    "issued": ("entregado por la caja", "issued by the cage"),
    "carried": ("en traslado a la mesa (seguridad)", "carried to the table by security"),
    "received": ("recibido en la mesa: completo", "received at the table: complete"),
    "void_pending": ("anulación pendiente de confirmar", "void awaiting confirmation"),
    "void": ("ANULADO", "VOID"),
}
CREDIT_STATUS = {
    "requested": ("solicitado (firma del jefe de sector)", "requested (pit boss signed)"),
    "issued": ("entregado por la mesa", "handed over by the table"),
    "carried": ("en traslado a la caja (seguridad)", "carried to the cage by security"),
    "received": ("recibido en la caja: completo", "received at the cage: complete"),
    "void_pending": ("anulación pendiente de confirmar", "void awaiting confirmation"),
    "void": ("ANULADO", "VOID"),
}
# What each signature attests, per kind; the order they are signed and printed in is
# the cage's (``cage.slip_order``, the one the service enforces), never a copy here.
ATTESTS: dict[str, dict[Role, tuple[str, str]]] = {
    "fill": {
        Role.PIT_BOSS: ("solicita el relleno", "requests the fill"),
        Role.CAGE_CASHIER: ("entrega las fichas de la caja", "hands over the cage's chips"),
        Role.SECURITY: ("traslada las fichas a la mesa", "carries the chips to the table"),
        Role.CROUPIER: ("recibe y cuenta en la mesa", "receives and counts at the table"),
        Role.SUPERVISOR: ("recibe y controla en la mesa", "receives and checks at the table"),
    },
    "credit": {
        Role.PIT_BOSS: ("solicita el crédito", "requests the credit"),
        Role.CROUPIER: ("cuenta y entrega las fichas de la mesa", "counts and hands over"),
        Role.SUPERVISOR: ("controla la entrega en la mesa", "checks the hand-over"),
        Role.SECURITY: ("traslada las fichas a la caja", "carries the chips to the cage"),
        Role.CAGE_CASHIER: ("recibe y confirma en la caja", "receives and confirms at the cage"),
    },
}


def status_label(slip: Slip, lang: str) -> str:
    """The slip's state (``cage.selectors.slip_status``) in its own kind's words."""
    status = cage_selectors.slip_status(slip)
    labels = CREDIT_STATUS if slip.kind == "credit" else FILL_STATUS
    return bilingual(lang, *labels.get(status, (status, status)))


def _signatures(slip: Slip, lang: str) -> list[dict[str, Any]]:
    """The signature rows in the kind's order, each with what the signer attests."""
    rows = {row["role_value"]: row for row in signature_rows(slip)}
    attests = ATTESTS.get(slip.kind, {})
    out = []
    for role in slip_order.signing_order(slip.kind):
        row = rows.pop(role.value, None)
        if row is not None:
            out.append({**row, "note": bilingual(lang, *attests.get(role, ("", "")))})
    return out + list(rows.values())


def _slips(casino: Casino, params: dict[str, Any]) -> list[Slip]:
    qs = cage_selectors.slips_for(casino).select_related(
        "gaming_day", "requested_by", "void__requested_by", "void__confirmation__confirmed_by"
    )
    if params.get("slip"):
        slip = qs.filter(pk=params["slip"]).first()
        if slip is None:
            raise DomainError.of(ReportsCode.SLIP_NOT_FOUND)
        return [slip]
    session = resolve_session(casino, params)
    return list(qs.filter(session=session).order_by("series", "number"))


def slip_data(slip: Slip, lang: str) -> dict[str, Any]:
    lines: list[dict[str, Any]] = [
        {
            "value": line.denomination.value,
            "colour": line.denomination.colour,
            "count": line.count,
            "total": line.denomination.value * line.count,
        }
        for line in slip.lines.all()
    ]
    status = cage_selectors.slip_status(slip)
    void = cage_selectors.void_of(slip)
    confirmation = cage_selectors.confirmation_of(void) if void else None
    return {
        "serial": slip.serial,
        # What the form prints: the number in the manual's words (issue 14 §5).
        "number": cage_selectors.slip_number(slip),
        "number_label": cage_selectors.slip_number_label(slip, lang),
        "kind": slip.kind,
        "kind_label": bilingual(
            lang,
            *(
                ("RELLENO (de la caja a la mesa)", "FILL (cage to table)")
                if slip.kind == "fill"
                else ("CRÉDITO (de la mesa a la caja)", "CREDIT (table to cage)")
            ),
        ),
        "purpose": bilingual(
            lang,
            *(
                (
                    "al cierre, para volver a la banca estándar",
                    "at closing, back to the standard float",
                )
                if slip.purpose == "closing"
                else ("durante el juego", "during play")
            ),
        ),
        "table": slip.table,
        "session": slip.session,
        "gaming_day": slip.gaming_day,
        "requested_at": slip.requested_at,
        # RPT-01, OPEN-18: a slip prints the shift of its time (issue 14 §3).
        "shift": shift_title([shift_at(slip.gaming_day, slip.requested_at)], lang),
        "requested_by": name(slip.requested_by),
        "note": slip.note,
        "lines": lines,
        "total": sum((line["total"] for line in lines), ZERO),
        "chips": sum((line["count"] for line in lines), 0),
        "status": status,
        "status_label": status_label(slip, lang),
        "void": None
        if void is None
        else {
            "reason": void.reason,
            "by": name(void.requested_by),
            "role": role_label(void.requested_role),
            "at": void.requested_at,
            "confirmed_by": name(confirmation.confirmed_by) if confirmation else "",
            "confirmed_at": confirmation.confirmed_at if confirmation else None,
        },
        "signatures": _signatures(slip, lang),
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    slips = _slips(ctx.casino, ctx.params)
    copies = [{"key": key, "label": en if ctx.lang == "en" else es} for key, es, en in COPIES]
    data = [slip_data(slip, ctx.lang) for slip in slips]
    scope = ""
    if slips:
        first = slips[0]
        scope = (
            f"{bilingual(ctx.lang, 'Mesa', 'Table')} {first.table.number} · "
            f"{day_text(first.gaming_day.business_date, ctx.lang)}"
        )
    return {"slips": data, "slip_copies": copies, "header_scope": scope}


def access(actor: Actor, params: dict[str, Any]) -> None:
    if actor.can(Perm.ISSUE_SLIP):
        return  # the cage issues and keeps every slip of the casino (RPT-03)
    for slip in _slips(actor.casino, params)[:1]:
        require_session_scope(actor, slip.session)
    if not params.get("slip"):
        require_session_scope(actor, resolve_session(actor.casino, params))


register(
    ReportSpec(
        kind="slips",
        title_es="Vales de relleno y crédito",
        title_en="Fill and credit slips",
        template="pdf/slips.html",
        params=SlipParams,
        build=build,
        access=access,
        perm=Perm.VIEW_SLIP_REPORTS,
        description_es="Un vale, o los vales de una sesión, en sus tres ejemplares con su "
        "destino, firmas y anulación (RPT-03, CLOSE-07).",
        description_en="One slip, or a session's slips, in three copies with their destination, "
        "signatures and any void (RPT-03, CLOSE-07).",
    )
)
