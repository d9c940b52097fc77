"""Unbroken serial numbers per casino, series and year (GEN-10).

``serial_next`` locks the counter row, so two documents never get the same
number and no number is skipped; it must run inside the transaction that
creates the numbered document, so a rolled-back document gives its number back.
A voided document keeps its number in the series.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from .models import Casino, SerialCounter


def serial_next(*, casino: Casino, series: str, year: int) -> int:
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("serial_next must run inside the transaction that uses the number")
    counter, _created = SerialCounter.objects.select_for_update().get_or_create(
        casino=casino, series=series, year=year
    )
    SerialCounter.objects.filter(pk=counter.pk).update(last_value=F("last_value") + 1)
    counter.refresh_from_db(fields=["last_value"])
    return counter.last_value


def format_serial(series: str, year: int, number: int) -> str:
    return f"{series}-{year}-{number:06d}"
