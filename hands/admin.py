"""Read-only admin views of the hand recorder's records (changes go through the services)."""

from __future__ import annotations

from django.contrib import admin

from casino.admin import ReadOnlyAdmin

from .models import Hand, HandCorrection, HandReview, ImportJob, RevalidationRun


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ("table", "number", "started_at", "status", "rake", "dealer", "revision_of")
    list_filter = ("status", "source", "ruleset")
    search_fields = ("number",)
    date_hierarchy = "started_at"


@admin.register(HandCorrection)
class HandCorrectionAdmin(ReadOnlyAdmin):
    list_display = ("original", "kind", "created_by", "created_at")


@admin.register(HandReview)
class HandReviewAdmin(ReadOnlyAdmin):
    list_display = ("hand", "correction", "created_by", "locked_at")


@admin.register(ImportJob)
class ImportJobAdmin(ReadOnlyAdmin):
    list_display = ("session", "filename", "status", "processed", "total", "stored")
    exclude = ("content",)


@admin.register(RevalidationRun)
class RevalidationRunAdmin(ReadOnlyAdmin):
    list_display = ("date_from", "date_to", "status", "processed", "differences_count")
