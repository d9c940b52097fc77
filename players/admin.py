"""Django admin for the player registry: a player is configuration, every change audited
(issue 12 §6); exclusions and the regulator's lists are written only by the services."""

from __future__ import annotations

from django.contrib import admin

from casino.admin import AuditedAdmin

from .models import Player


@admin.register(Player)
class PlayerAdmin(AuditedAdmin):
    list_display = ("display_name", "casino", "document_number", "is_vip")
    search_fields = ("display_name", "document_number")
