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
            "signed_copy",
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


class ReportSignInputSerializer(serializers.Serializer):
    role = serializers.CharField(
        max_length=16,
        required=False,
        help_text="Role signed in (supervisor, pit_boss); the acting role when omitted.",
    )
    signer = serializers.CharField(
        max_length=150,
        required=False,
        help_text="Username of someone signing with their PIN on this terminal (OQ-34).",
    )
    pin = serializers.CharField(max_length=32, required=False, trim_whitespace=False)
    override_reason = serializers.CharField(
        max_length=300,
        required=False,
        allow_blank=True,
        default="",
        help_text="The shift manager signing the pit boss's line: why (issue 12 §1).",
    )


class ReportSignatureLineSerializer(serializers.Serializer):
    role = serializers.CharField()
    label = serializers.CharField()
    signer = serializers.CharField(allow_null=True)
    signer_name = serializers.CharField(allow_null=True)
    method = serializers.CharField(allow_null=True)
    signed_at = serializers.DateTimeField(allow_null=True)
    content_hash = serializers.CharField(allow_null=True)


class ReportSigningSerializer(serializers.Serializer):
    """The signatures of an archived closing report (CLOSE-11)."""

    signable = serializers.BooleanField()
    document = serializers.IntegerField(allow_null=True, required=False)
    locked = serializers.BooleanField(required=False)
    locked_at = serializers.DateTimeField(allow_null=True, required=False)
    file_sha256 = serializers.CharField(required=False)
    content_sha256 = serializers.CharField(required=False)
    signatures = ReportSignatureLineSerializer(many=True, required=False)
    missing_roles = serializers.ListField(child=serializers.CharField(), required=False)
    next_role = serializers.CharField(allow_null=True, required=False)
