"""Django admin for table operations.

Tables, stores and players are configuration; every regulated record (settings
versions, sheets, deck movements, sanctions, events) is read-only here — it is
written only by the services, which check permissions and write the audit trail.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

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
    Player,
    SanctionEntry,
    SessionEvent,
    Table,
    TableSession,
    TableSettings,
)


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("number", "name", "casino", "sector", "chip_set", "is_active")
    list_filter = ("casino", "is_active")


@admin.register(DeckStore)
class DeckStoreAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "casino", "sector")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("display_name", "casino", "document_number", "is_vip")
    search_fields = ("display_name", "document_number")


@admin.register(TableSettings)
class TableSettingsAdmin(ReadOnly):
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
class OpsSettingsAdmin(ReadOnly):
    list_display = ("casino", "version", "effective_from", "deck_rotation_minutes", "rake_rounding")


@admin.register(TableSession)
class TableSessionAdmin(ReadOnly):
    list_display = ("table", "gaming_day", "number", "status", "opened_at", "closed_at")
    list_filter = ("status",)


@admin.register(OpeningSheet, ClosingSheet)
class SheetAdmin(ReadOnly):
    list_display = ("serial", "table", "gaming_day", "count_version", "locked_at")


@admin.register(Discrepancy)
class DiscrepancyAdmin(ReadOnly):
    list_display = ("sheet", "value", "expected_count", "counted_count", "variance_chips")


@admin.register(Pack)
class PackAdmin(ReadOnly):
    list_display = ("serial", "colour", "state", "store", "session")
    list_filter = ("state", "colour")
    search_fields = ("serial",)


@admin.register(DeckEvent, DeckReceipt, SessionEvent, DealerChange, KeyHandout)
class RecordAdmin(ReadOnly):
    pass


@admin.register(SanctionEntry)
class SanctionAdmin(ReadOnly):
    list_display = ("notice", "kind", "player_label", "conduct_code", "level", "at")
    list_filter = ("kind", "level", "conduct_code")
