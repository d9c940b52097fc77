"""Parameter serializers shared by report kinds."""

from __future__ import annotations

from rest_framework import serializers

from casino.models import Ruleset


class DateParams(serializers.Serializer):
    date = serializers.DateField(required=False, help_text="Gaming day (business date).")


class TableDateParams(DateParams):
    table = serializers.IntegerField(min_value=1, max_value=9999, required=False)


class RulesetParams(serializers.Serializer):
    ruleset = serializers.ChoiceField(choices=Ruleset.choices, default=Ruleset.MANUAL)


class SessionOrTableParams(serializers.Serializer):
    """One table session: by id, or by table number and gaming day (the last session that day)."""

    session = serializers.IntegerField(min_value=1, required=False, help_text="Table session id.")
    table = serializers.IntegerField(min_value=1, max_value=9999, required=False)
    date = serializers.DateField(required=False, help_text="Gaming day (business date).")

    def validate(self, attrs):
        if not attrs.get("session") and not attrs.get("table"):
            raise serializers.ValidationError(
                {"session": "Indique la sesión o la mesa / give the session or the table."}
            )
        return attrs


class SlipParams(SessionOrTableParams):
    """One slip (by id), or every slip of a session or of a table's gaming day."""

    slip = serializers.IntegerField(min_value=1, required=False, help_text="Slip id.")

    def validate(self, attrs):
        if attrs.get("slip"):
            return attrs
        return super().validate(attrs)


class HandParams(serializers.Serializer):
    """One hand (by id), or a session's hands, optionally a range of hand numbers (RPT-12)."""

    hand = serializers.IntegerField(min_value=1, required=False, help_text="Hand id.")
    first = serializers.IntegerField(min_value=1, required=False, help_text="First hand number.")
    last = serializers.IntegerField(min_value=1, required=False, help_text="Last hand number.")
    session = serializers.IntegerField(min_value=1, required=False, help_text="Table session id.")
    table = serializers.IntegerField(min_value=1, max_value=9999, required=False)
    date = serializers.DateField(required=False, help_text="Gaming day (business date).")

    def validate(self, attrs):
        if not (attrs.get("hand") or attrs.get("session") or attrs.get("table")):
            raise serializers.ValidationError(
                {"hand": "Indique la mano, la sesión o la mesa / give the hand, session or table."}
            )
        if attrs.get("first") and attrs.get("last") and attrs["first"] > attrs["last"]:
            raise serializers.ValidationError(
                {"last": "La última mano es anterior a la primera / last is before first."}
            )
        return attrs


class OptionalPeriodParams(serializers.Serializer):
    """A period (default: the gaming day ``date``, or today), optionally one table."""

    date = serializers.DateField(required=False, help_text="One gaming day.")
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)
    table = serializers.IntegerField(min_value=1, max_value=9999, required=False)

    def validate(self, attrs):
        start, end = attrs.get("date_from"), attrs.get("date_to")
        if (start is None) != (end is None):
            raise serializers.ValidationError(
                {"date_to": "Indique las dos fechas / give both dates."}
            )
        if start and end:
            if start > end:
                raise serializers.ValidationError(
                    {
                        "date_to": "La fecha final es anterior a la inicial / "
                        "the end date is before the start."
                    }
                )
            if (end - start).days > 366:
                raise serializers.ValidationError({"date_to": "Máximo un año / at most one year."})
        return attrs
