"""Parse request input with a serializer, with error messages in both languages.

Views call ``parse(InputSerializer, request.data)``: it validates once under
Spanish; if that fails it validates again under English and raises one error
listing each problem with ``message: {es, en}``. Validation is pure, so the
second run has no side effects.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation
from rest_framework import serializers

from .errors import BilingualValidationError, _flatten


def _errors_in(lang: str, serializer_class: type[serializers.Serializer], data: Any, **kw: Any):
    with translation.override(lang):
        serializer = serializer_class(data=data, **kw)
        ok = serializer.is_valid()
        return serializer, ok, (None if ok else _flatten(serializer.errors))


def parse(
    serializer_class: type[serializers.Serializer], data: Any, **kwargs: Any
) -> dict[str, Any]:
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
