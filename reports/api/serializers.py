from __future__ import annotations

from typing import Any

from rest_framework import serializers

from casino.api.enums import ServiceJudgedChoiceField, enum
from casino.models import Signature
from casino.roles import Role
from reports.models import Report
from reports.registry import all_specs


def report_kinds() -> list[str]:
    """The registered report kinds (ENUM_NAME_OVERRIDES names their enum ReportKindEnum)."""
    return [s.kind for s in all_specs()]


class ReportKindField(ServiceJudgedChoiceField):
    """A report kind: one of the registered kinds, published as the enum ReportKindEnum."""

    def __init__(self, **kw: Any) -> None:
        kw.pop("choices", None)
        super().__init__(choices=[(k, k) for k in report_kinds()], **kw)


class ReportRequestSerializer(serializers.Serializer):
    kind = ReportKindField()
    params = serializers.DictField(required=False, default=dict)
    lang = serializers.ChoiceField(choices=["es", "en"], default="es")
    paper = serializers.ChoiceField(choices=["A4", "LETTER"], default="A4")


class ReportSerializer(serializers.ModelSerializer):
    requested_by = serializers.CharField(source="requested_by.username")
    download_url = serializers.SerializerMethodField()
    reprint_of = serializers.CharField(source="reprint_of.serial", default=None, allow_null=True)
    kind = ReportKindField()
    role = enum(Role.choices)

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
    kind = ReportKindField()
    title = serializers.DictField(child=serializers.CharField())
    description = serializers.DictField(child=serializers.CharField())
    roles = serializers.ListField(child=enum(Role.choices))
    params = serializers.ListField(child=serializers.CharField())


class ReportSignInputSerializer(serializers.Serializer):
    role = enum(
        Role.choices,
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
    role = enum(Role.choices)
    label = serializers.CharField()  # type: ignore[assignment]  # a declared field: DRF's metaclass takes it off the class
    signer = serializers.CharField(allow_null=True)
    signer_name = serializers.CharField(allow_null=True)
    method = enum(Signature.Method.choices, allow_null=True)
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
    missing_roles = serializers.ListField(child=enum(Role.choices), required=False)
    next_role = enum(Role.choices, allow_null=True, required=False)
