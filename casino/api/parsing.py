"""Parse request input with a serializer, with error messages in both languages.

Views call ``parse(InputSerializer, request.data)``: it validates once under
Spanish; if that fails it validates again under English and raises one error
listing each problem with ``message: {es, en}``. Validation is pure, so the
second run has no side effects.
"""

from __future__ import annotations

import io
import re
import threading
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.utils import translation
from rest_framework import serializers
from rest_framework.parsers import JSONParser, MultiPartParser

from ..codes import CasinoCode
from ..errors import DomainError
from .amounts import float_amount_errors, non_ascii_number_errors
from .errors import BilingualValidationError, _flatten
from .light import light_parse


def _errors_in(lang: str, serializer_class: type[serializers.Serializer], data: Any, **kw: Any):
    with translation.override(lang):
        serializer = serializer_class(data=data, **kw)
        ok = serializer.is_valid()
        return serializer, ok, (None if ok else _flatten(serializer.errors))


_SHARED = threading.local()


def _shared(serializer_class: type[serializers.Serializer]) -> serializers.Serializer:
    """One instance of ``serializer_class`` per thread: DRF deep-copies a serializer's
    declared fields into every new instance, and a valid body needs none (issue 43).

    Only for accepting a body: DRF formats some messages once per field instance (its
    ``lazy_format``), so the messages of a refusal come from new instances, one per
    language, as before."""
    by_class = _SHARED.__dict__.setdefault("by_class", {})
    serializer = by_class.get(serializer_class)
    if serializer is None:
        serializer = by_class[serializer_class] = serializer_class()
    return serializer


def parse(
    serializer_class: type[serializers.Serializer], data: Any, **kwargs: Any
) -> dict[str, Any]:
    # A body of plain values the serializer takes as they are: its validated data without
    # DRF's machinery (casino.api.light, issue 43); anything else is the serializer's.
    if not kwargs and (light := light_parse(serializer_class, data)) is not None:
        return light
    checker = serializer_class(data=data, **kwargs) if kwargs else _shared(serializer_class)
    # Issue 15 §4: an amount sent as a JSON float is refused, never rounded.
    if floats := float_amount_errors(checker, data):
        raise BilingualValidationError(floats)
    # Issue 39 §4: "١" is 1 to Python's int() and Decimal(); a number is written in 0-9.
    if others := non_ascii_number_errors(checker, data):
        raise BilingualValidationError(others)
    if not kwargs:
        try:
            return dict(checker.run_validation(data))  # one parse of a valid body
        except serializers.ValidationError:
            pass  # refused: the messages below, in both languages
    serializer, ok, es_errors = _errors_in("es", serializer_class, data, **kwargs)
    if ok:
        return dict(serializer.validated_data)
    _ser, _ok, en_errors = _errors_in("en", serializer_class, data, **kwargs)
    en_by_position = list(en_errors or [])
    errors = []
    for index, (field, code, es_msg) in enumerate(es_errors or []):
        en_msg = en_by_position[index][2] if index < len(en_by_position) else es_msg
        errors.append(
            {
                "code": code.upper(),
                "message": {"es": es_msg, "en": en_msg},
                "field": field,
            }
        )
    raise BilingualValidationError(errors)


# --- Hostile bodies (issue 12 §8) -------------------------------------------------
# A body is refused before any parser recurses into it: nesting deeper than
# MAX_JSON_DEPTH answers 400 JSON_TOO_DEEP (50,000 ``[`` made json.loads raise
# RecursionError, a 500, even anonymously on /api/auth/token/), a body over
# DATA_UPLOAD_MAX_MEMORY_SIZE answers 413, and a bidirectional control character in
# any string answers 400 BIDI_CONTROL naming the field; a control character (a NUL
# byte, which PostgreSQL refuses in text) 400 CONTROL_CHARACTER (issue 39 §4).

MAX_JSON_DEPTH = 32

#: Bidirectional embedding, override and isolate controls, and the invisible marks
#: (LRM, RLM, ALM): they make a name print reversed or hide what follows it.
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
_BIDI_RE = re.compile("[" + "".join(sorted(BIDI_CONTROLS)) + "]")
# A JSON string literal (possessive, so a long one costs one linear pass).
_JSON_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def json_too_deep(raw: bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether ``raw`` nests arrays/objects deeper than ``limit``, without parsing it."""
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False  # cannot nest deeper than the brackets it has
    brackets = _JSON_STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    depth = 0
    for byte in brackets:
        if byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def json_depth_refusal() -> DomainError:
    return DomainError.of(CasinoCode.JSON_TOO_DEEP, max_json_depth=MAX_JSON_DEPTH)


def has_bidi_control(text: str) -> bool:
    return _BIDI_RE.search(text) is not None


def bidi_refusal(field: str | None) -> DomainError:
    name = field or "—"
    return DomainError.of(CasinoCode.BIDI_CONTROL, name=name, field=field)


def _refusal_of(text: str, field: str | None) -> DomainError | None:
    from casino.formdata import control_refusal, has_control_character

    if has_control_character(text):
        return control_refusal(field)
    if has_bidi_control(text):
        return bidi_refusal(field)
    return None


def first_hostile_field(data: Any, path: str | None = None) -> DomainError | None:
    """The refusal of the first string in ``data`` (``lines[0].label``) holding a control
    character (a NUL byte…, issue 39 §4) or a bidi control (issue 12 §8); ``None``."""
    if isinstance(data, str):
        return _refusal_of(data, path or "")
    if isinstance(data, dict):
        for key, value in data.items():
            sub = f"{path}.{key}" if path else str(key)
            if isinstance(key, str) and (found := _refusal_of(key, sub)) is not None:
                return found
            if (found := first_hostile_field(value, sub)) is not None:
                return found
    elif isinstance(data, list | tuple):
        for index, value in enumerate(data):
            if (found := first_hostile_field(value, f"{path or ''}[{index}]")) is not None:
                return found
    return None


def refuse_hostile_text(data: Any) -> None:
    refusal = first_hostile_field(data)
    if refusal is not None:
        raise refusal


def _read_capped(stream: Any) -> bytes:
    """The body, refused with 413 when it is over DATA_UPLOAD_MAX_MEMORY_SIZE."""
    if stream is None:
        return b""
    cap = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    raw = stream.read() if cap is None else stream.read(cap + 1)
    if cap is not None and len(raw) > cap:
        raise RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.")
    return raw


class GuardedJSONParser(JSONParser):
    """DRF's JSON parser behind the depth, size, bidi and control-character guards
    (issue 12 §8, issue 39 §4)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None):
        raw = _read_capped(stream)
        if json_too_deep(raw):
            raise json_depth_refusal()
        data = super().parse(io.BytesIO(raw), media_type, parser_context)
        # A body with no control written out, no \u escape and no bidi control holds none:
        # not walked (issue 43); otherwise every string is (issue 39 §4).
        from casino.formdata import has_control_character

        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        text = raw.decode(encoding, "replace")
        if b"\\u" in raw or _BIDI_RE.search(text) or has_control_character(text):
            refuse_hostile_text(data)
        return data


class GuardedMultiPartParser(MultiPartParser):
    """For the views that take a file upload only (issue 15 §1: every other body is JSON)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None):
        from casino.formdata import hostile_text_refusal

        result = super().parse(stream, media_type, parser_context)
        if (refusal := hostile_text_refusal(result.data)) is not None:
            raise refusal
        return result
