"""Read-only admin views of the hand recorder's records (changes go through the services)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from .models import Hand, HandCorrection, HandReview, ImportJob, RevalidationRun, Seat


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(ReadOnly):
    list_display = ("table", "number", "started_at", "status", "rake", "dealer", "revision_of")
    list_filter = ("status", "source", "ruleset")
    search_fields = ("number",)
    date_hierarchy = "started_at"


@admin.register(HandCorrection)
class HandCorrectionAdmin(ReadOnly):
    list_display = ("original", "kind", "created_by", "created_at")


@admin.register(HandReview)
class HandReviewAdmin(ReadOnly):
    list_display = ("hand", "correction", "created_by", "locked_at")


@admin.register(Seat)
class SeatAdmin(ReadOnly):
    list_display = ("session", "seat", "status", "name", "stack")


@admin.register(ImportJob)
class ImportJobAdmin(ReadOnly):
    list_display = ("session", "filename", "status", "processed", "total", "stored")
    exclude = ("content",)


@admin.register(RevalidationRun)
class RevalidationRunAdmin(ReadOnly):
    list_display = ("date_from", "date_to", "status", "processed", "differences_count")
