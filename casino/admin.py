"""Django admin: staff management; audit events and signatures are read-only."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.http import HttpRequest

from .models import AuditEvent, Casino, GamingDay, Sector, Signature, User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    fieldsets = (
        *BaseUserAdmin.fieldsets,
        ("Mesa", {"fields": ("casino", "employee_number")}),
    )
    list_display = ("username", "first_name", "last_name", "casino", "is_active")
    list_filter = ("groups", "is_active", "casino")


@admin.register(Casino)
class CasinoAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "currency", "time_zone", "default_ruleset")


@admin.register(Sector)
class SectorAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "casino")
    filter_horizontal = ("pit_bosses",)


@admin.register(GamingDay)
class GamingDayAdmin(admin.ModelAdmin):
    list_display = ("business_date", "casino", "status", "opened_at", "closed_at")
    readonly_fields = ("opened_at", "opened_by", "closed_at", "closed_by", "status")


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    list_display = ("at", "actor", "role", "action", "object_type", "object_id", "object_repr")
    list_filter = ("role", "object_type")
    search_fields = ("action", "object_id", "object_repr", "actor__username", "reason")
    date_hierarchy = "at"


@admin.register(Signature)
class SignatureAdmin(ReadOnlyAdmin):
    list_display = ("signed_at", "signer", "role", "content_type", "object_id", "method")
    list_filter = ("role", "method", "content_type")
