"""Django admin of the cage: chips and par are editable; the books are read-only
(append-only in the database; corrections go through the services)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import (
    CagePolicy,
    CashAlert,
    ChipSet,
    Denomination,
    DropCount,
    FloatPar,
    RakeEntry,
    SeatDeparture,
    Slip,
    TableTransaction,
)


class DenominationInline(admin.TabularInline):
    model = Denomination
    extra = 0


@admin.register(ChipSet)
class ChipSetAdmin(admin.ModelAdmin):
    list_display = ("name", "casino")
    inlines = [DenominationInline]


@admin.register(FloatPar)
class FloatParAdmin(admin.ModelAdmin):
    list_display = ("table", "denomination", "count")
    list_filter = ("table",)


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(CagePolicy)
class CagePolicyAdmin(ReadOnly):
    list_display = ("casino", "effective_from", "id_threshold", "report_threshold")


@admin.register(TableTransaction)
class TableTransactionAdmin(ReadOnly):
    list_display = ("id", "kind", "sign", "table", "seat", "amount", "approved_by", "recorded_at")
    list_filter = ("kind", "gaming_day")


@admin.register(Slip)
class SlipAdmin(ReadOnly):
    list_display = ("serial", "kind", "purpose", "table", "requested_at", "locked_at")
    list_filter = ("kind", "purpose")


@admin.register(RakeEntry)
class RakeEntryAdmin(ReadOnly):
    list_display = ("session", "hand_number", "posting", "sign", "amount", "expected_amount")


@admin.register(DropCount)
class DropCountAdmin(ReadOnly):
    list_display = ("session", "counter", "counted_at", "locked_at")


@admin.register(SeatDeparture)
class SeatDepartureAdmin(ReadOnly):
    list_display = ("session", "seat", "player_name", "stack", "left_at")


@admin.register(CashAlert)
class CashAlertAdmin(ReadOnly):
    list_display = ("gaming_day", "player_label", "level", "total", "created_at")
