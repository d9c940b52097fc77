"""Keys: a key handed out and returned (OPEN-01, CLOSE-17)."""

from __future__ import annotations

from rest_framework import serializers


class KeyHandoutInputSerializer(serializers.Serializer):
    key_label = serializers.CharField(max_length=60, allow_blank=True)
    holder = serializers.CharField(max_length=150)
    table = serializers.IntegerField(required=False, allow_null=True)
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)


class KeyHandoutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    key_label = serializers.CharField()
    table = serializers.IntegerField(allow_null=True)
    holder = serializers.CharField()
    handed_by = serializers.CharField()
    out_at = serializers.DateTimeField()
    returned_at = serializers.DateTimeField(allow_null=True)
    received_by = serializers.CharField(allow_null=True)
