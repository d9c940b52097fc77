"""Exceptions of a gaming day for the manager's reconciliation (GEN-10, OPEN-10, DECK-19, SANC-11).

The cage's day reconciliation (issue 6) reads :func:`day_exceptions`; each item is a
plain dict ``{kind, message: {es, en}, table, session, detail, records: [...]}``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from casino.formatting import en, es, money, number
from casino.models import GamingDay, User

from ..conduct import CONDUCT_BY_CODE
from ..deckrules import AT_TABLE
from ..models import (
    ClosingSheet,
    DealerChange,
    Discrepancy,
    OpeningSheet,
    Pack,
    TableSession,
)
from .sanctions import mandatory_not_imposed
from .sessions import last_signed_closing

S = TableSession.Status


def _item(
    kind: str,
    es: str,
    en: str,
    *,
    table: int | None = None,
    session: int | None = None,
    detail: str = "",
    records: list[dict[str, Any]] | None = None,
    amount: Decimal | None = None,
    note: str = "",
) -> dict[str, Any]:
    return {
        "kind": kind,
        "message": {"es": es, "en": en},
        "table": table,
        "session": session,
        "detail": detail,
        "records": records or [],
        "amount": amount,
        "note": note,  # how a person already dealt with it (an acknowledgement)
    }


def _record(obj: Any, label: str) -> dict[str, Any]:
    return {"type": obj._meta.label_lower, "id": obj.pk, "label": label}


def _discrepancy_item(
    disc: Discrepancy, opening: OpeningSheet, session: TableSession, table: str, table_en: str
) -> dict[str, Any]:
    """An opening count difference, with how a person acknowledged it if they did."""
    ack = getattr(disc, "acknowledgement", None)
    state_es = "reconocida" if ack else "sin reconocer"
    state_en = "acknowledged" if ack else "not acknowledged"
    return _item(
        "OPENING_DISCREPANCY",
        f"{table}: diferencia de apertura en fichas de {money(disc.value, 'es')}: "
        f"{number(disc.variance_chips, 'es', sign=True)} fichas ({money(disc.variance_value, 'es', sign=True)})"
        f", {state_es}.",
        f"{table_en}: opening difference in {money(disc.value, 'en')} chips: "
        f"{number(disc.variance_chips, 'en', sign=True)} chips ({money(disc.variance_value, 'en', sign=True)})"
        f", {state_en}.",
        table=session.table_id,
        session=session.pk,
        detail=str(disc.value),
        records=[_record(disc, opening.serial)],
        amount=disc.variance_value,
        note=(
            f"{ack.note} ({ack.by.get_full_name() or ack.by.username})" if ack is not None else ""
        ),
    )


def _session_exceptions(session: TableSession) -> list[dict[str, Any]]:
    """A session not closed, its opening not compared with the last signed closing, and
    its opening count differences."""
    out: list[dict[str, Any]] = []
    table = str(session.table)
    table_en = session.table.label("en")
    if session.status != S.CLOSED:
        state = S(session.status).label
        out.append(
            _item(
                "SESSION_NOT_CLOSED",
                f"{table}: la sesión n.º {session.number} no está cerrada (estado «{es(state)}»).",
                f"{table_en}: session no. {session.number} is not closed (state '{en(state)}').",
                table=session.table_id,
                session=session.pk,
                detail=session.status,
            )
        )
    opening = OpeningSheet.objects.filter(session=session).first()
    if opening is None:
        return out
    # GEN-10, PREP-01: the opening must point at the table's previous signed closing.
    previous = last_signed_closing(session.table, before=opening.created_at)
    if (previous.pk if previous else None) != opening.previous_closing_id:
        out.append(
            _item(
                "OPENING_LINK_MISMATCH",
                f"{table}: la planilla {opening.serial} no se comparó con el último cierre firmado.",
                f"{table_en}: sheet {opening.serial} was not compared with the last signed closing.",
                table=session.table_id,
                session=session.pk,
                detail=opening.serial,
                records=[_record(opening, opening.serial)],
            )
        )
    for disc in Discrepancy.objects.filter(
        sheet=opening, count_version=opening.count_version
    ).select_related("acknowledgement"):
        out.append(_discrepancy_item(disc, opening, session, table, table_en))
    return out


def _sheet_serial_gaps(gaming_day: GamingDay) -> list[dict[str, Any]]:
    """Sheet numbers of the year missing between 1 and the last one issued."""
    out: list[dict[str, Any]] = []
    serials = sorted(
        set(
            OpeningSheet.objects.filter(
                casino=gaming_day.casino, serial_year=gaming_day.business_date.year
            ).values_list("serial_number", flat=True)
        )
    )
    if serials:
        gaps = sorted(set(range(1, serials[-1] + 1)) - set(serials))
        if gaps:
            out.append(
                _item(
                    "SHEET_SERIAL_GAP",
                    f"Faltan números de planilla: {', '.join(map(str, gaps))}.",
                    f"Sheet numbers missing: {', '.join(map(str, gaps))}.",
                    detail=",".join(map(str, gaps)),
                )
            )
    return out


def _packs_not_returned(gaming_day: GamingDay) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for pack in Pack.objects.filter(
        session__gaming_day=gaming_day, state__in=AT_TABLE, session__status=S.CLOSED
    ).select_related("session"):
        out.append(
            _item(
                "PACK_NOT_RETURNED",
                f"El mazo {pack.serial} sigue en una mesa cerrada.",
                f"Pack {pack.serial} is still at a closed table.",
                table=pack.session.table_id if pack.session else None,
                session=pack.session_id,
                detail=pack.serial,
                records=[_record(pack, pack.serial)],
            )
        )
    return out


def _mandatory_not_imposed(gaming_day: GamingDay) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for proposal in mandatory_not_imposed(gaming_day.casino):
        if proposal.gaming_day_id != gaming_day.pk:
            continue
        known = CONDUCT_BY_CODE.get(proposal.conduct_code)
        conduct = known.label if known else proposal.conduct_code
        out.append(
            _item(
                "MANDATORY_SANCTION_NOT_IMPOSED",
                f"Propuesta de sanción obligatoria sin resolver («{es(conduct)}»).",
                f"Mandatory sanction proposal not decided ('{en(conduct)}').",
                table=proposal.table_id,
                session=proposal.session_id,
                detail=proposal.conduct_code,
                records=[_record(proposal, proposal.player_label)],
            )
        )
    return out


def day_exceptions(gaming_day: GamingDay) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    sessions = TableSession.objects.filter(gaming_day=gaming_day).select_related("table")
    for session in sessions:
        out.extend(_session_exceptions(session))
    out.extend(_sheet_serial_gaps(gaming_day))
    out.extend(_packs_not_returned(gaming_day))
    out.extend(_mandatory_not_imposed(gaming_day))
    return out


def session_staff(session: TableSession) -> set[User]:
    """Everyone who worked the session at the table: its supervisor, every croupier on duty,
    and the signers of its sheets (the cage keeps them away from its drop count)."""
    ids: set[int] = {session.supervisor_id}
    for outgoing, incoming in DealerChange.objects.filter(session=session).values_list(
        "outgoing_id", "incoming_id"
    ):
        ids.update(x for x in (outgoing, incoming) if x)
    for model in (OpeningSheet, ClosingSheet):
        sheet = model.objects.filter(session=session).first()
        if sheet is not None:
            ids.update(sheet.signatures().values_list("signer_id", flat=True))
    return set(User.objects.filter(pk__in=ids))
