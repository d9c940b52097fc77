"""Reads of deck custody: the log, the alerts and the daily reconciliation (DECK-09, DECK-16, DECK-19)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from casino.models import Casino, GamingDay

from ..deckrules import AT_TABLE, FINISHED, IN_STORE, RETURNED, location_of
from ..models import DeckEvent, DeckStore, Pack, PackState, TableSession
from .sessions import ops_settings

S = TableSession.Status


def deck_events(casino: Casino) -> QuerySet[DeckEvent]:
    return DeckEvent.objects.filter(casino=casino).select_related(
        "pack", "actor", "with_user", "session__table", "related_pack"
    )


# --- alerts -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckAlert:
    code: str
    message_es: str
    message_en: str
    pack: Pack | None = None
    session: TableSession | None = None

    def message(self, lang: str = "es") -> str:
        return self.message_en if lang.startswith("en") else self.message_es


def deck_alerts(casino: Casino, now: datetime | None = None) -> list[DeckAlert]:
    """Packs in play too long (DECK-09), tables without two colours (DECK-04), packs not
    returned after their table closed (DECK-19), damaged packs not yet replaced (DECK-13)."""
    now = now or timezone.now()
    settings = ops_settings(casino, now)
    limit = timedelta(minutes=settings.deck_rotation_minutes)
    alerts: list[DeckAlert] = []
    at_table = Pack.objects.filter(casino=casino, state__in=AT_TABLE).select_related(
        "session__table", "session__gaming_day"
    )
    for pack in at_table:
        session = pack.session
        table = str(session.table) if session else "?"
        if pack.state == PackState.IN_PLAY and now - pack.state_changed_at > limit:
            minutes = int((now - pack.state_changed_at).total_seconds() // 60)
            alerts.append(
                DeckAlert(
                    "PACK_IN_PLAY_TOO_LONG",
                    f"{table}: el mazo {pack.serial} lleva {minutes} min en juego; rótelo.",
                    f"{table}: pack {pack.serial} has been in play {minutes} min; rotate it.",
                    pack,
                    session,
                )
            )
        if pack.state == PackState.DAMAGED and session and not session.hand_in_progress:
            alerts.append(
                DeckAlert(
                    "PACK_DAMAGED_NOT_REPLACED",
                    f"{table}: el mazo {pack.serial} tiene una carta dañada; reemplácelo.",
                    f"{table}: pack {pack.serial} has a damaged card; replace it.",
                    pack,
                    session,
                )
            )
        if session is None or session.status == S.CLOSED or not session.gaming_day.is_open:
            alerts.append(
                DeckAlert(
                    "PACK_NOT_RETURNED",
                    f"{table}: el mazo {pack.serial} se entregó y no se devolvió.",
                    f"{table}: pack {pack.serial} was issued and not returned.",
                    pack,
                    session,
                )
            )
    live = TableSession.objects.filter(casino=casino, status__in=[S.OPEN, S.IN_PLAY])
    for session in live.select_related("table"):
        colours = {
            p.colour.strip().lower()
            for p in at_table
            if p.session_id == session.pk and p.state != PackState.ISSUED
        }
        if len(colours) < 2:
            alerts.append(
                DeckAlert(
                    "TABLE_WITHOUT_TWO_COLOURS",
                    f"{session.table}: no tiene sus dos mazos inspeccionados de colores distintos.",
                    f"{session.table}: it does not have its two inspected packs of different "
                    "colours.",
                    None,
                    session,
                )
            )
    return alerts


# --- daily reconciliation ---------------------------------------------------------------


# Why a pack is unaccounted for, in words (es, en): the one place that names each reason.
UNACCOUNTED_REASONS = {
    "not_returned": ("no devuelto", "not returned"),
    "missing_from_count": ("falta en el conteo", "missing from the count"),
}


def unaccounted_reason(reason: str, lang: str) -> str:
    es, en = UNACCOUNTED_REASONS.get(reason, (reason, reason))
    return en if lang == "en" else es


@dataclass(frozen=True)
class UnaccountedPack:
    serial: str
    state: str
    reason: str  # a key of UNACCOUNTED_REASONS


@dataclass(frozen=True)
class DeckReconciliation:
    """received = in store + at tables + returned + destroyed (issue 5 §3), per store."""

    store: DeckStore
    gaming_day: GamingDay
    received: int
    received_today: int
    in_store: int
    at_tables: int
    returned: int
    destroyed: int
    unaccounted: list[UnaccountedPack] = field(default_factory=list)
    unexpected_serials: list[str] = field(default_factory=list)
    counted: bool = False

    @property
    def balanced(self) -> bool:
        return self.received == self.in_store + self.at_tables + self.returned + self.destroyed

    @property
    def clean(self) -> bool:
        return self.balanced and not self.unaccounted and not self.unexpected_serials

    def figures(self) -> dict[str, object]:
        return {
            "received": self.received,
            "received_today": self.received_today,
            "in_store": self.in_store,
            "at_tables": self.at_tables,
            "returned": self.returned,
            "destroyed": self.destroyed,
            "balanced": self.balanced,
            "unaccounted": [[u.serial, u.state, u.reason] for u in self.unaccounted],
            "unexpected": list(self.unexpected_serials),
        }


def deck_reconciliation(
    store: DeckStore,
    gaming_day: GamingDay,
    counted_serials: list[str] | None = None,
    *,
    final: bool = False,
) -> DeckReconciliation:
    """The store's packs for the day, as of now.

    ``received`` counts every pack the store held during the day (packs destroyed
    on an earlier day are gone). With ``counted_serials`` — the packs physically
    found in the store and the pit boss's returns — any pack the records place
    there but the count missed is unaccounted for; a serial the records do not
    know there is unexpected. Packs still at a table whose session closed are
    unaccounted for; with ``final`` (the shift manager's control, DECK-19) every
    pack still at a table is.
    """
    packs = list(
        Pack.objects.filter(store=store)
        .exclude(state__in=FINISHED, state_changed_at__lt=gaming_day.opened_at)
        .select_related("session", "receipt")
    )
    by_location: dict[str, int] = {"in_store": 0, "at_table": 0, "returned": 0, "destroyed": 0}
    unaccounted: list[UnaccountedPack] = []
    for pack in packs:
        by_location[location_of(pack.state)] += 1
        if pack.state in AT_TABLE:
            session_over = pack.session is None or pack.session.status == S.CLOSED
            if final or session_over:
                unaccounted.append(UnaccountedPack(pack.serial, pack.state, "not_returned"))
    unexpected: list[str] = []
    if counted_serials is not None:
        counted = {s.strip() for s in counted_serials if s and s.strip()}
        present = {p.serial for p in packs if p.state in IN_STORE | RETURNED}
        unaccounted += [
            UnaccountedPack(p.serial, p.state, "missing_from_count")
            for p in packs
            if p.serial in present - counted
        ]
        unexpected = sorted(counted - present)
    return DeckReconciliation(
        store=store,
        gaming_day=gaming_day,
        received=len(packs),
        received_today=sum(1 for p in packs if p.receipt.gaming_day_id == gaming_day.pk),
        in_store=by_location["in_store"],
        at_tables=by_location["at_table"],
        returned=by_location["returned"],
        destroyed=by_location["destroyed"],
        unaccounted=sorted(unaccounted, key=lambda u: u.serial),
        unexpected_serials=unexpected,
        counted=counted_serials is not None,
    )
