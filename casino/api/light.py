"""A light validator read off a DRF input serializer, for the bodies it accepts as they are.

``parse`` (``casino.api.parsing``) validates a body with the view's input serializer. For a
complete hand that is some fifty nested fields a request, each through DRF's machinery
(issue 43). :func:`light_parse` reads the serializer's declared fields once and, for a
body made only of the plain values those fields take unchanged (integers for integer
fields, decimal strings within the field's digits, known choices, strings within their
length), returns exactly what the serializer would: the same values, the same defaults,
the same keys. Anything else (a value DRF would convert or refuse, a field type or option
not read here, a field with its own ``validate_<name>`` method) returns ``None``, and
``parse`` runs the serializer, which stays the one definition of the input and of every
refusal's words. ``tests/casino/test_light_parse.py`` compares the two on generated bodies.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db.models.manager import BaseManager
from rest_framework import fields as f
from rest_framework import serializers as s
from rest_framework.fields import SkipField, empty
from rest_framework.relations import PKOnlyObject

from .amounts import AmountInputField
from .enums import ServiceJudgedChoiceField


class _Refer(Exception):  # noqa: N818 - not an error: the serializer decides
    """The body is not one this validator reads as it is: the serializer decides."""


class _Unsupported(Exception):  # noqa: N818
    """A field this validator does not read (it refers any body that has it)."""


Check = Callable[[Any], Any]

_SURROGATES = re.compile("[\ud800-\udfff]")
_PLAIN_TYPES = (
    s.Serializer,
    s.ListSerializer,
    f.IntegerField,
    f.CharField,
    f.DecimalField,
    f.BooleanField,
    f.ChoiceField,
    f.ListField,
    f.DictField,
    AmountInputField,
)


def _refer(_value: Any) -> Any:
    raise _Refer


def _own_validators(field: f.Field, standard: int) -> bool:
    """Whether ``field`` has validators besides the ``standard`` ones DRF adds itself."""
    return len(field.validators) > standard


def _integer(field: f.IntegerField) -> Check:
    low, high = field.min_value, field.max_value
    if _own_validators(field, (low is not None) + (high is not None)):
        raise _Unsupported

    def check(value: Any) -> int:
        if type(value) is not int:
            raise _Refer
        if (low is not None and value < low) or (high is not None and value > high):
            raise _Refer
        return value

    return check


def _char(field: f.CharField) -> Check:
    if type(field) not in (f.CharField,):
        raise _Unsupported  # subclasses (email, slug…) validate more
    standard = 2 + (field.max_length is not None) + (field.min_length is not None)
    if _own_validators(field, standard):
        raise _Unsupported
    longest, shortest = field.max_length, field.min_length
    blank, trim = field.allow_blank, field.trim_whitespace

    def check(value: Any) -> str:
        if type(value) is not str or "\x00" in value or _SURROGATES.search(value):
            raise _Refer
        text = value.strip() if trim else value
        if value == "" or (trim and text == ""):
            if not blank:
                raise _Refer
            return ""
        if (longest is not None and len(text) > longest) or (
            shortest is not None and len(text) < shortest
        ):
            raise _Refer
        return text

    return check


def _decimal(field: f.DecimalField) -> Check:
    places, digits = field.decimal_places, field.max_digits
    if (
        places is None
        or digits is None
        or field.localize
        or field.rounding is not None
        or _own_validators(field, (field.min_value is not None) + (field.max_value is not None))
    ):
        raise _Unsupported
    whole = digits - places
    shape = re.compile(rf"-?(\d{{1,{whole}}})(?:\.(\d{{1,{places}}}))?", re.ASCII)
    step = Decimal(1).scaleb(-places)
    low, high = field.min_value, field.max_value

    def check(value: Any) -> Decimal:
        if type(value) is int:
            value = str(value)
        elif type(value) is not str:
            raise _Refer
        match = shape.fullmatch(value)
        if match is None or len(match[1]) + len(match[2] or "") > digits:
            raise _Refer
        number = Decimal(value).quantize(step)
        if (low is not None and number < low) or (high is not None and number > high):
            raise _Refer
        return number

    return check


def _boolean(field: f.BooleanField) -> Check:
    if _own_validators(field, 0):
        raise _Unsupported

    def check(value: Any) -> bool:
        if type(value) is not bool:
            raise _Refer
        return value

    return check


def _choice(field: f.ChoiceField) -> Check:
    judged = type(field) is ServiceJudgedChoiceField  # any string reaches the service
    if (type(field) is not f.ChoiceField and not judged) or _own_validators(field, 0):
        raise _Unsupported
    values = dict(field.choice_strings_to_values)
    blank = field.allow_blank

    def check(value: Any) -> Any:
        if type(value) is not str:
            raise _Refer
        if value == "" and blank:
            return ""
        if value in values:
            return values[value]
        if judged:
            return value
        raise _Refer

    return check


def _listed(field: f.ListField | s.ListSerializer, child: Check) -> Check:
    # both set them in __init__; the stubs declare them on ListField only
    longest, shortest = field.max_length, field.min_length  # type: ignore[union-attr]
    if isinstance(field, f.ListField) and _own_validators(
        field, (longest is not None) + (shortest is not None)
    ):
        raise _Unsupported
    allow_empty = field.allow_empty

    def check(value: Any) -> list[Any]:
        if type(value) is not list:
            raise _Refer
        if (not allow_empty and not value) or (
            (longest is not None and len(value) > longest)
            or (shortest is not None and len(value) < shortest)
        ):
            raise _Refer
        return [child(item) for item in value]

    return check


def _dict(field: f.DictField, child: Check) -> Check:
    if _own_validators(field, 0):
        raise _Unsupported
    allow_empty = field.allow_empty

    def check(value: Any) -> dict[str, Any]:
        if type(value) is not dict or (not allow_empty and not value):
            raise _Refer
        return {str(key): child(item) for key, item in value.items()}

    return check


def _amount(_field: AmountInputField) -> Check:
    def check(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise _Refer
        if type(value) is str and not value.isascii():
            raise _Refer  # digits other than 0-9: parse refuses them
        return value

    return check


def _serializer(serializer: s.Serializer) -> Check:
    if type(serializer).validate is not s.Serializer.validate or serializer.validators:
        raise _Unsupported
    members = []
    for name, field in serializer.fields.items():
        check: Check
        if field.read_only:
            continue
        if field.source != name or getattr(serializer, f"validate_{name}", None) is not None:
            check = _refer
        else:
            try:
                check = _field(field)
            except _Unsupported:
                check = _refer
        default = field.default
        if default is not empty and callable(default):
            if getattr(default, "requires_context", False):
                raise _Unsupported
        members.append((name, check, field.required, default, field.allow_null))

    def validate(value: Any) -> dict[str, Any]:
        if type(value) is not dict:
            raise _Refer
        out: dict[str, Any] = {}
        for name, check, required, default, allow_null in members:
            if name not in value:
                if required:
                    raise _Refer
                if default is not empty:
                    out[name] = default() if callable(default) else default
                continue
            item = value[name]
            if item is None:
                if not allow_null:
                    raise _Refer
                out[name] = None
                continue
            out[name] = check(item)
        return out

    return validate


def _field(field: f.Field) -> Check:
    if not isinstance(field, _PLAIN_TYPES) or isinstance(field, s.ModelSerializer):
        raise _Unsupported
    if isinstance(field, s.ListSerializer):
        child = field.child
        if not isinstance(child, s.Serializer):
            raise _Unsupported
        return _listed(field, _serializer(child))
    if isinstance(field, s.Serializer):
        return _serializer(field)
    if isinstance(field, AmountInputField):
        return _amount(field)
    if type(field) is f.IntegerField:
        return _integer(field)
    if type(field) is f.DecimalField:
        return _decimal(field)
    if type(field) is f.BooleanField:
        return _boolean(field)
    if type(field) is f.ListField:
        return _listed(field, _field(field.child))
    if type(field) is f.DictField:
        return _dict(field, _field(field.child))
    if isinstance(field, f.ChoiceField):
        return _choice(field)
    if isinstance(field, f.CharField):
        return _char(field)
    raise _Unsupported


_VALIDATORS: dict[type[s.Serializer], Check | None] = {}
_LOCK = threading.Lock()


def light_validator(serializer_class: type[s.Serializer]) -> Check | None:
    """The light validator of ``serializer_class`` (``None`` when it reads none)."""
    try:
        return _VALIDATORS[serializer_class]
    except KeyError:
        pass
    with _LOCK:
        try:
            validator: Check | None = _serializer(serializer_class())
        except _Unsupported:
            validator = None
        _VALIDATORS[serializer_class] = validator
    return validator


def light_parse(serializer_class: type[s.Serializer], data: Any) -> dict[str, Any] | None:
    """What ``serializer_class`` would validate ``data`` to, or ``None``: let it decide."""
    validator = light_validator(serializer_class)
    if validator is None:
        return None
    try:
        return validator(data)
    except _Refer:
        return None


# --------------------------------------------------------------------------- answers
# ``represent`` (``casino.api.serializers``) answers a write with one output serializer
# per thread. Its ``to_representation`` still asks every field for its attribute through
# DRF's general lookup (a mapping or an object, a callable to call, a missing key's
# default) and converts it. :func:`light_representer` reads the serializer's fields once:
# for each, the keys to follow and the conversion; a value DRF would treat specially (a
# callable, a missing key or attribute) is handed to the field's own ``get_attribute``,
# and every conversion beyond ``int``, ``str``, ``bool`` and plain JSON is the field's own
# ``to_representation``. With ``MESA_HOT_QUERY_CHECK`` (the tests) each answer is compared
# with the serializer's.

Represent = Callable[[Any], Any]
_SKIP = object()


def _leaf(field: f.Field) -> Represent:
    if type(field) is f.IntegerField:
        return lambda value: value if type(value) is int else int(value)
    if type(field) is f.CharField:
        return lambda value: value if type(value) is str else str(value)
    if type(field) is f.BooleanField:
        convert = field.to_representation
        return lambda value: value if type(value) is bool else convert(value)
    if type(field) is f.JSONField and not field.binary:
        return lambda value: value
    if type(field) is f.ListField:
        child = _representation(field.child)
        return lambda value: [child(item) if item is not None else None for item in value]
    if type(field) is f.DictField:
        child = _representation(field.child)
        return lambda value: {
            str(key): child(item) if item is not None else None for key, item in value.items()
        }
    return field.to_representation


def _representation(field: f.Field) -> Represent:
    if isinstance(field, s.ListSerializer):
        if field.child is None:  # DRF asserts a list serializer has its child
            raise TypeError(f"{field!r} has no child")
        child = _representation(field.child)
        return lambda value: [
            child(item) for item in (value.all() if isinstance(value, BaseManager) else value)
        ]
    if isinstance(field, s.Serializer) and type(field).to_representation is (
        s.Serializer.to_representation
    ):
        return _object(field)
    return _leaf(field)


def _getter(field: f.Field) -> Callable[[Any], Any]:
    """The field's attribute of an instance, as ``field.get_attribute`` finds it."""
    attrs = tuple(field.source_attrs)
    fallback = field.get_attribute

    def get(instance: Any) -> Any:
        value = instance
        for attr in attrs:
            try:
                value = value[attr] if isinstance(value, dict) else getattr(value, attr)
            except (KeyError, AttributeError, TypeError, ObjectDoesNotExist):
                return _ask(fallback, instance)
            if callable(value):
                return _ask(fallback, instance)
        return value

    return get


def _ask(get_attribute: Callable[[Any], Any], instance: Any) -> Any:
    try:
        return get_attribute(instance)
    except SkipField:
        return _SKIP


def _object(serializer: s.Serializer) -> Represent:
    members = [
        (name, _getter(field), _representation(field))
        for name, field in serializer.fields.items()
        if not field.write_only
    ]

    def represent(instance: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, get, convert in members:
            value = get(instance)
            if value is _SKIP:
                continue
            if isinstance(value, PKOnlyObject):
                out[name] = None if value.pk is None else convert(value)
            else:
                out[name] = None if value is None else convert(value)
        return out

    return represent


def light_representer(serializer: s.Serializer) -> Represent | None:
    """The light ``to_representation`` of ``serializer`` (an instance, kept by the caller)."""
    if type(serializer).to_representation is not s.Serializer.to_representation:
        return None
    return _object(serializer)
