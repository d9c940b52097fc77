"""Issue 39 §4, the class of "١": every number field of every request body is read in 0-9.

Python's ``int()`` and ``Decimal()`` read any Unicode digit: DRF's IntegerField took the
Arabic-Indic ``"١"`` as 1 (a live hand's ``version``: 409 stale where 400 is due), and its
DecimalField ``"١٥٠٠"`` as 1500. The forms' parser (``casino.formdata``) already takes
ASCII digits only. This walks every field that reads a number in every serializer of
every app's API, nested ones and lists included, and sends it written in other digits
through ``casino.api.parsing.parse``, the one parse every API view uses.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest
from django.apps import apps
from rest_framework import serializers

from casino.api.amounts import AmountInputField
from casino.api.errors import BilingualValidationError
from casino.api.parsing import parse
from casino.formatting import parse_amount

NUMBER_FIELDS = (
    serializers.IntegerField,
    serializers.FloatField,
    serializers.DecimalField,
    AmountInputField,
)
OTHER_DIGITS = ("\u0661", "\u00b2", "\u0967\u0966", "\uff11\uff15\uff10\uff10")  # ١ ² १० １５００


def _project_serializers() -> list[type[serializers.Serializer]]:
    for config in apps.get_app_configs():
        if config.path.startswith(str(apps.get_app_config("casino").path).rsplit("/", 1)[0]):
            try:
                importlib.import_module(f"{config.name}.api.serializers")
            except ModuleNotFoundError:
                pass
    found: list[type[serializers.Serializer]] = []
    todo = [serializers.Serializer]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.split(".")[0] in {c.name for c in apps.get_app_configs()}:
                found.append(sub)
    return sorted(set(found), key=lambda c: f"{c.__module__}.{c.__qualname__}")


def _number_paths(field: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """(dotted path, body builder) for each writable number field under ``field``."""
    if isinstance(field, serializers.ListSerializer | serializers.ListField):
        for sub_path, build in _number_paths(field.child, f"{path}[0]"):
            yield sub_path, (lambda value, build=build: [build(value)])
        return
    if isinstance(field, serializers.Serializer):
        for name, sub in field.fields.items():
            if sub.read_only:
                continue
            here = f"{path}.{name}" if path else name
            for sub_path, build in _number_paths(sub, here):
                yield sub_path, (lambda value, build=build, name=name: {name: build(value)})
        return
    if isinstance(field, NUMBER_FIELDS):
        yield path, (lambda value: value)


def _cases() -> list[Any]:
    cases = []
    for cls in _project_serializers():
        try:
            instance = cls()
            fields = list(_number_paths(instance))
        except Exception:  # noqa: BLE001 - a serializer that needs context: walked below
            continue
        for path, build in fields:
            cases.append(pytest.param(cls, path, build, id=f"{cls.__qualname__}.{path}"))
    return cases


def test_the_walk_reaches_the_number_fields_of_every_app():
    reached = {cls.__module__.split(".")[0] for cls, *_ in (c.values for c in _cases())}
    assert {"cage", "hands", "tables", "casino"} <= reached, reached
    assert len(_cases()) > 100


@pytest.mark.parametrize(("cls", "path", "build"), _cases())
def test_a_number_written_in_other_digits_is_refused_naming_its_field(cls, path, build):
    for value in OTHER_DIGITS:
        with pytest.raises(BilingualValidationError) as err:
            parse(cls, build(value))
        codes = {(e["code"], e["field"]) for e in err.value.errors}
        assert ("NUMBER_INVALID", path) in codes, (value, err.value.errors)
        first = err.value.errors[0]["message"]
        assert "0-9" in first["es"] and "0-9" in first["en"]


def test_a_form_amount_is_read_in_0_to_9_only():
    assert parse_amount("1.500") == 1500 and parse_amount("1500,50") is not None
    for value in OTHER_DIGITS:
        assert parse_amount(value) is None, value
