"""Django admin is not a back door (issue 12 §6).

Regulated records (append-only rows, signed documents, ledger entries, audit events,
signatures) are read-only here: they are written only by the services. Configuration
that past records depend on is read-only once used, or changed only through the audited
services. Every change the admin may still make (staff and their roles, sectors,
configuration) writes a Mesa audit event, ``admin.add`` / ``admin.change`` /
``admin.delete`` with before and after, in the admin's own transaction.
"""

from __future__ import annotations

import zoneinfo
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin as BaseGroupAdmin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.models import Group
from django.db import models
from django.http import HttpRequest
from django.utils import timezone

from .audit import audit_record, snapshot
from .effective import effective_on
from .errors import ValidationFailed
from .formatting import active_lang
from .models import AuditEvent, Casino, GamingDay, Sector, Signature, User
from .shifts import ShiftDefinition, ShiftPattern, pattern_problems

# Never copied into an audit event.
SECRET_FIELDS = {"password", "pin_hash"}


@dataclass(frozen=True)
class _AdminRole:
    value: str = "admin"


@dataclass(frozen=True)
class AdminActor:
    """The superuser acting in Django's admin, who holds no Mesa role as such."""

    user: User
    role: _AdminRole = _AdminRole()


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class AuditedAdmin(admin.ModelAdmin):
    """Every add, change and delete made here is a Mesa audit event (issue 12 §6)."""

    audit_m2m: tuple[str, ...] = ()

    def audit_state(self, obj: models.Model) -> dict[str, Any]:
        fields = [f.attname for f in obj._meta.concrete_fields if f.attname not in SECRET_FIELDS]
        data = snapshot(obj, fields)
        for name in self.audit_m2m:
            data[name] = sorted(str(x) for x in getattr(obj, name).all())
        return data

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        before = None
        if change and obj.pk is not None:
            stored = type(obj)._default_manager.filter(pk=obj.pk).first()
            before = self.audit_state(stored) if stored is not None else None
        request._mesa_admin_before = before  # type: ignore[attr-defined]
        super().save_model(request, obj, form, change)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        obj = form.instance
        before = getattr(request, "_mesa_admin_before", None)
        after = self.audit_state(obj)
        if change and before == after:
            return
        audit_record(
            actor=AdminActor(request.user),  # type: ignore[arg-type]
            action="admin.change" if change else "admin.add",
            obj=obj,
            before=before,
            after=after,
            casino_id=self._casino_id(obj),
        )

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        before, casino_id, pk = self.audit_state(obj), self._casino_id(obj), obj.pk
        super().delete_model(request, obj)
        audit_record(
            actor=AdminActor(request.user),  # type: ignore[arg-type]
            action="admin.delete",
            object_type=obj._meta.label_lower,
            object_id=pk,
            before=before,
            casino_id=casino_id,
        )

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        for obj in queryset:  # one event per row, never a silent bulk delete
            self.delete_model(request, obj)

    @staticmethod
    def _casino_id(obj: Any) -> int | None:
        if isinstance(obj, Casino):
            return obj.pk
        casino_id = getattr(obj, "casino_id", None)
        if casino_id is None:
            for name in ("table", "chip_set", "session"):
                related = getattr(obj, name, None)
                casino_id = getattr(related, "casino_id", None)
                if casino_id is not None:
                    break
        return casino_id


@admin.register(User)
class UserAdmin(AuditedAdmin, BaseUserAdmin):
    """Staff and their roles (groups): every change audited, the password never copied."""

    audit_m2m = ("groups", "user_permissions")
    fieldsets = (
        *(BaseUserAdmin.fieldsets or ()),
        ("Mesa", {"fields": ("casino", "employee_number")}),
    )
    list_display = ("username", "first_name", "last_name", "casino", "is_active")
    list_filter = ("groups", "is_active", "casino")

    # Issue 39 §3: a changed password, a changed set of roles or a deactivation ends the
    # API tokens issued before it at once, each revocation audited with its reason.
    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        if change:
            _end_stale_tokens(request, form.instance)

    def user_change_password(self, request: HttpRequest, id: str, form_url: str = "") -> Any:
        response = super().user_change_password(request, id, form_url)
        user = User.objects.filter(pk=id).first()
        if request.method == "POST" and user is not None:
            _end_stale_tokens(request, user)
        return response


def _end_stale_tokens(request: HttpRequest, user: User) -> None:
    from .api.authentication import tokens_revoke_stale

    tokens_revoke_stale(user=user, actor=AdminActor(request.user))  # type: ignore[arg-type]


# Roles are groups whose permissions come from casino.roles (sync_roles), one source of truth.
admin.site.unregister(Group)


@admin.register(Group)
class GroupAdmin(ReadOnlyAdmin, BaseGroupAdmin):
    pass


@admin.register(Casino)
class CasinoAdmin(AuditedAdmin):
    list_display = ("code", "name", "currency", "time_zone", "default_ruleset")


@admin.register(Sector)
class SectorAdmin(AuditedAdmin):
    audit_m2m = ("pit_bosses",)
    list_display = ("code", "name", "casino")
    filter_horizontal = ("pit_bosses",)


@admin.register(GamingDay)
class GamingDayAdmin(ReadOnlyAdmin):
    """Opened and closed by the shift manager through the services only."""

    list_display = ("business_date", "casino", "status", "opened_at", "closed_at")


class ShiftDefinitionFormSet(forms.BaseInlineFormSet):
    def clean(self) -> None:
        super().clean()
        rows = [
            f.cleaned_data
            for f in self.forms
            if f.cleaned_data and not f.cleaned_data.get("DELETE")
        ]
        rows.sort(key=lambda r: r.get("position") or 0)
        problems = pattern_problems(
            [(r.get("name") or "", r.get("starts_at")) for r in rows if r.get("starts_at")]
        )
        if problems:
            raise forms.ValidationError(problems)


class ShiftDefinitionInline(admin.TabularInline):
    model = ShiftDefinition
    formset = ShiftDefinitionFormSet
    extra = 3
    min_num = 1

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ShiftPatternForm(forms.ModelForm):
    """A new pattern applies from today's business date (the casino's) or later, never
    to gaming days already played (issue 39 §2, ``casino.effective``)."""

    class Meta:
        model = ShiftPattern
        fields = ("casino", "effective_from", "reason")

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        casino, day = data.get("casino"), data.get("effective_from")
        if casino is not None and day is not None:
            today = timezone.localdate(timezone=zoneinfo.ZoneInfo(casino.time_zone))
            try:
                effective_on(day, today=today)
            except ValidationFailed as err:
                self.add_error("effective_from", err.message(active_lang()))
        return data


@admin.register(ShiftPattern)
class ShiftPatternAdmin(AuditedAdmin):
    """The manager adds a new pattern to change the shifts; a pattern is never edited
    (append-only), so past gaming days keep their shifts (issue 14 §3)."""

    form = ShiftPatternForm
    list_display = ("effective_from", "casino", "created_at", "created_by", "reason")
    inlines = (ShiftDefinitionInline,)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    def audit_state(self, obj: models.Model) -> dict[str, Any]:
        data = super().audit_state(obj)
        data["shifts"] = [
            [s.position, s.name, s.starts_at.isoformat()]
            for s in ShiftDefinition.objects.filter(pattern_id=obj.pk).order_by("position")
        ]
        return data


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
