"""Parameter serializers shared by report kinds."""

from __future__ import annotations

from rest_framework import serializers

from casino.models import Ruleset


class NoParams(serializers.Serializer):
    pass


class DateParams(serializers.Serializer):
    date = serializers.DateField(required=False, help_text="Gaming day (business date).")


class TableDateParams(DateParams):
    table = serializers.IntegerField(min_value=1, max_value=9999, required=False)


class SessionParams(serializers.Serializer):
    session = serializers.IntegerField(min_value=1, help_text="Table session id.")


class PeriodParams(serializers.Serializer):
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    table = serializers.IntegerField(min_value=1, max_value=9999, required=False)

    def validate(self, attrs):  # type: ignore[no-untyped-def]
        if attrs["date_from"] > attrs["date_to"]:
            raise serializers.ValidationError(
                {
                    "date_to": "La fecha final es anterior a la inicial / the end date is before the start."
                }
            )
        if (attrs["date_to"] - attrs["date_from"]).days > 366:
            raise serializers.ValidationError({"date_to": "Máximo un año / at most one year."})
        return attrs


class RulesetParams(serializers.Serializer):
    ruleset = serializers.ChoiceField(choices=Ruleset.choices, default=Ruleset.MANUAL)
