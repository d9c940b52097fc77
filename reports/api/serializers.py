from __future__ import annotations

from rest_framework import serializers

from reports.models import Report


class ReportRequestSerializer(serializers.Serializer):
    kind = serializers.CharField(max_length=32)
    params = serializers.DictField(required=False, default=dict)
    lang = serializers.ChoiceField(choices=["es", "en"], default="es")
    paper = serializers.ChoiceField(choices=["A4", "LETTER"], default="A4")


class ReportSerializer(serializers.ModelSerializer):
    requested_by = serializers.CharField(source="requested_by.username")
    download_url = serializers.SerializerMethodField()
    reprint_of = serializers.CharField(source="reprint_of.serial", default=None, allow_null=True)

    class Meta:
        model = Report
        fields = [
            "id",
            "serial",
            "kind",
            "params",
            "lang",
            "paper",
            "status",
            "progress",
            "message",
            "requested_by",
            "role",
            "requested_at",
            "finished_at",
            "sha256",
            "content_sha256",
            "size",
            "pages",
            "reprint_of",
            "download_url",
        ]

    def get_download_url(self, obj: Report) -> str | None:
        return f"/api/reports/{obj.pk}/download/" if obj.is_done else None


class ReportKindSerializer(serializers.Serializer):
    kind = serializers.CharField()
    title = serializers.DictField(child=serializers.CharField())
    description = serializers.DictField(child=serializers.CharField())
    roles = serializers.ListField(child=serializers.CharField())
    params = serializers.ListField(child=serializers.CharField())
