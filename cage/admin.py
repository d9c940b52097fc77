"""Django admin of the cage (issue 12 §6): the books are read-only (append-only in the
database; corrections go through the services). A chip set is configuration every past
transaction depends on: once any of its denominations is used it is read-only here (its
values, colours and active flags cannot change); float pars change only through the
audited services. Every change still allowed is a Mesa audit event."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from casino.admin import AuditedAdmin, ReadOnlyAdmin
from casino.models import ChipSet, Denomination
from tables.models import FloatPar

from .models import (
    CagePolicy,
    CashAlert,
    DropCount,
    RakeEntry,
    SeatDeparture,
    Slip,
    TableTransaction,
)


def denomination_used(denomination: Denomination) -> bool:
    """Whether any record other than a float par names this denomination."""
    for rel in Denomination._meta.related_objects:
        model = rel.related_model
        if model is FloatPar or not rel.field.concrete:
            continue
        if model._default_manager.filter(**{rel.field.name: denomination}).exists():
            return True
    return False


def chip_set_used(chip_set: ChipSet | None) -> bool:
    if chip_set is None or chip_set.pk is None:
        return False
    if chip_set.tables.filter(sessions__isnull=False).exists():
        return True
    return any(denomination_used(d) for d in chip_set.denominations.all())


class DenominationInline(admin.TabularInline):
    model = Denomination
    extra = 0

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_change_permission(request, obj) and not chip_set_used(obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_delete_permission(request, obj) and not chip_set_used(obj)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_add_permission(request, obj) and not chip_set_used(obj)


@admin.register(ChipSet)
class ChipSetAdmin(AuditedAdmin):
    list_display = ("name", "casino")
    inlines = [DenominationInline]

    def audit_state(self, obj: Any) -> dict[str, Any]:
        data = super().audit_state(obj)
        data["denominations"] = [
            {"value": str(d.value), "colour": d.colour, "kind": d.kind, "active": d.is_active}
            for d in obj.denominations.order_by("value")
        ]
        return data

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_change_permission(request, obj) and not chip_set_used(obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_delete_permission(request, obj) and not chip_set_used(obj)


@admin.register(FloatPar)
class FloatParAdmin(ReadOnlyAdmin):
    list_display = ("table", "denomination", "count")
    list_filter = ("table",)


@admin.register(CagePolicy)
class CagePolicyAdmin(ReadOnlyAdmin):
    list_display = ("casino", "effective_from", "id_threshold", "report_threshold")


@admin.register(TableTransaction)
class TableTransactionAdmin(ReadOnlyAdmin):
    list_display = ("id", "kind", "sign", "table", "seat", "amount", "approved_by", "recorded_at")
    list_filter = ("kind", "gaming_day")


@admin.register(Slip)
class SlipAdmin(ReadOnlyAdmin):
    list_display = ("serial", "kind", "purpose", "table", "requested_at", "locked_at")
    list_filter = ("kind", "purpose")


@admin.register(RakeEntry)
class RakeEntryAdmin(ReadOnlyAdmin):
    list_display = ("session", "hand_number", "posting", "sign", "amount", "expected_amount")


@admin.register(DropCount)
class DropCountAdmin(ReadOnlyAdmin):
    list_display = ("session", "counter", "counted_at", "locked_at")


@admin.register(SeatDeparture)
class SeatDepartureAdmin(ReadOnlyAdmin):
    list_display = ("session", "seat", "player_name", "stack", "left_at")


@admin.register(CashAlert)
class CashAlertAdmin(ReadOnlyAdmin):
    list_display = ("gaming_day", "player_label", "level", "total", "created_at")
