"""The rows one template day wrote (``demo.history``): which tables a day's rows live in,
where the day starts and ends in each, and which of its models are numbered or signed."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Max

from casino.models import GamingDay, SerialCounter, Signature

# Apps whose rows are not part of a gaming day (permissions, sessions, migrations...).
SKIPPED_APPS = {"admin", "auth", "contenttypes", "sessions", "django_celery_results"}


def row_models() -> list[type[models.Model]]:
    out = []
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.app_label in SKIPPED_APPS or meta.proxy or not meta.managed:
            continue
        if not isinstance(meta.pk, models.AutoField | models.BigAutoField):
            continue
        out.append(model)
    return out


def max_ids() -> dict[type[models.Model], int]:
    return {m: m._base_manager.aggregate(m=Max("pk"))["m"] or 0 for m in row_models()}


# The serial series of each numbered model: (series of the counter, year field, number field).
_SERIAL_FIELDS: dict[type[models.Model], tuple[str | None, str, str] | None] = {}


def serial_fields(model: type[models.Model]) -> tuple[str | None, str, str] | None:
    if model not in _SERIAL_FIELDS:
        _SERIAL_FIELDS[model] = _find_serial_fields(model)
    return _SERIAL_FIELDS[model]


def _find_serial_fields(model: type[models.Model]) -> tuple[str | None, str, str] | None:
    names = {f.name for f in model._meta.concrete_fields}
    if {"series", "year", "number"} <= names:
        return (None, "year", "number")  # the row names its own series (slips)
    if {"serial_year", "serial_number"} <= names:
        series = getattr(model, "SERIAL_SERIES", None)
        if series is None:
            module = __import__(model.__module__, fromlist=["*"])
            series = next(
                (
                    getattr(module, n)
                    for n in ("SHEET_SERIES", "RECEIPT_SERIES", "NOTICE_SERIES")
                    if hasattr(module, n)
                ),
                None,
            )
        return (series, "serial_year", "serial_number")
    return None


class Template:
    """The rows one simulated day wrote, ready to be copied to other dates."""

    def __init__(
        self,
        casino_id: int,
        day: GamingDay,
        before: dict[type[models.Model], int],
        until: dict[type[models.Model], int] | None = None,
    ):
        self.casino_id = casino_id
        self.day = day
        self.before = before
        self.until = until or max_ids()  # the last row of the template, per table
        self.rows: dict[type[models.Model], list[dict[str, Any]]] = {}
        for model in row_models():
            qs = model._base_manager.filter(
                pk__gt=before.get(model, 0), pk__lte=self.until.get(model, 0)
            ).order_by("pk")
            rows = list(qs.values())
            if rows and model is not SerialCounter:  # numbers continue; see _renumber
                self.rows[model] = rows
        self.ids: dict[type[models.Model], set[int]] = {
            m: {r["id"] for r in rows} for m, rows in self.rows.items()
        }
        self.hands = sum(
            len(rows) for m, rows in self.rows.items() if m._meta.label_lower == "hands.hand"
        )
        self._check_hashes()

    def _check_hashes(self) -> None:
        """A copy's hashes are recomputed; that is right only if the template's are current."""
        # signable by their shape (is_signable), read through it: typed as such
        self.signables: list[type[Any]] = [m for m in self.rows if is_signable(m)]
        self.sig_current: dict[int, bool] = {}
        docs: dict[tuple[int, int], str] = {}
        for m in self.signables:
            ct = ContentType.objects.get_for_model(m)
            for obj in m._base_manager.filter(pk__in=self.ids[m]):
                docs[(ct.pk, obj.pk)] = obj.signing_hash()
                if obj.locked_at is not None and obj.locked_hash != docs[(ct.pk, obj.pk)]:
                    raise RuntimeError(f"{m._meta.label} #{obj.pk}: lock hash is not current")
        for row in self.rows.get(Signature, []):
            key = (row["content_type_id"], row["object_id"])
            self.sig_current[row["id"]] = docs.get(key) == row["content_hash"]


_SIGNABLE: dict[type[models.Model], bool] = {}


def is_signable(model: type[models.Model]) -> bool:
    if model not in _SIGNABLE:
        _SIGNABLE[model] = _find_signable(model)
    return _SIGNABLE[model]


def _find_signable(model: type[models.Model]) -> bool:
    return hasattr(model, "signing_payload") and any(
        f.name == "locked_at" for f in model._meta.concrete_fields
    )
