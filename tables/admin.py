"""Django admin for table operations.

Tables and stores are configuration, every change audited (issue 12 §6);
a table's chip set is read-only once the table has had a session. Every regulated record (settings
versions, sheets, deck movements, sanctions, events) is read-only here — it is
written only by the services, which check permissions and write the audit trail.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from casino.admin import AuditedAdmin, ReadOnlyAdmin

from .models import (
    ClosingSheet,
    DealerChange,
    DeckEvent,
    DeckReceipt,
    DeckStore,
    Discrepancy,
    KeyHandout,
    OpeningSheet,
    OpsSettings,
    Pack,
    SanctionEntry,
    Seat,
    SessionEvent,
    Table,
    TableSession,
    TableSettings,
)


@admin.register(Table)
class TableAdmin(AuditedAdmin):
    list_display = ("number", "name", "casino", "sector", "chip_set", "is_active")
    list_filter = ("casino", "is_active")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = tuple(super().get_readonly_fields(request, obj))
        if obj is not None and obj.sessions.exists():
            fields += ("chip_set", "casino")  # past counts and transactions depend on them
        return fields


@admin.register(DeckStore)
class DeckStoreAdmin(AuditedAdmin):
    list_display = ("code", "name", "casino", "sector")


@admin.register(TableSettings)
class TableSettingsAdmin(ReadOnlyAdmin):
    list_display = (
        "table",
        "version",
        "effective_from",
        "variant",
        "ruleset",
        "big_blind",
        "new_player_entry",
        "absent_player_policy",
    )
    list_filter = (
        "new_player_entry",
        "absent_player_policy",
        "rebuy_only_when_busted",
        "rake_rounding",
    )


@admin.register(OpsSettings)
class OpsSettingsAdmin(ReadOnlyAdmin):
    list_display = ("casino", "version", "effective_from", "deck_rotation_minutes", "rake_rounding")


@admin.register(TableSession)
class TableSessionAdmin(ReadOnlyAdmin):
    list_display = ("table", "gaming_day", "number", "status", "opened_at", "closed_at")
    list_filter = ("status",)


@admin.register(OpeningSheet, ClosingSheet)
class SheetAdmin(ReadOnlyAdmin):
    list_display = ("serial", "table", "gaming_day", "count_version", "locked_at")


@admin.register(Discrepancy)
class DiscrepancyAdmin(ReadOnlyAdmin):
    list_display = ("sheet", "value", "expected_count", "counted_count", "variance_chips")


@admin.register(Pack)
class PackAdmin(ReadOnlyAdmin):
    list_display = ("serial", "colour", "state", "store", "session")
    list_filter = ("state", "colour")
    search_fields = ("serial",)


@admin.register(DeckEvent, DeckReceipt, SessionEvent, DealerChange, KeyHandout)
class RecordAdmin(ReadOnlyAdmin):
    pass


@admin.register(SanctionEntry)
class SanctionAdmin(ReadOnlyAdmin):
    list_display = ("notice", "kind", "player_label", "conduct_code", "level", "at")
    list_filter = ("kind", "level", "conduct_code")


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    """The live seating plan, read-only: it changes only through the seating services."""

    list_display = ("session", "seat", "status", "name", "stack")
