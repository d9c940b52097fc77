"""Refusals: a code with named parameters, its message written once (issue 41 §2).

Each app declares the codes it refuses with in ``<app>/codes.py``, as one
:class:`RefusalCode` enum. A member carries its HTTP status and its message, written once:
an English msgid with named placeholders, marked for gettext; its Spanish is in
``locale/es/catalog/<app>.json`` (``scripts/i18n.py`` fills the ``.po``)::

    class TablesCode(RefusalCode):
        FLOAT_NOT_LOCKED = 409, _("To suspend {table}, lock its float first.")

A service raises it with the values the message names
(``raise DomainError.of(TablesCode.FLOAT_NOT_LOCKED, table=session.table)``,
:func:`casino.errors.refusal`); the words are rendered when they are read, in the language
asked for, each parameter by its type (:func:`render`):

- ``Decimal``: money, by the one money formatter (``1.234,50`` / ``1,234.50``);
- ``int``: as is; ``{n:,}`` groups thousands the language's way;
- a date: ``31/01/2026`` in Spanish, ``2026-01-31`` in English (a ``strftime`` spec such as
  ``{at:%H:%M}`` is used as written);
- a choice (a role, a state, a permission) or a lazy text: its label, translated;
- a model instance with ``label(lang)`` (a table): that; a model class: its verbose name;
- another refusal (the reasons of a refusal): its message; an engine violation: its words;
- :class:`Words`: the one of its two texts for the language (words another catalogue owns);
- a list, tuple or set: its items, joined with ", " (refusals that are sentences with
  " "); an empty one, and ``None``, as "—";
- a text: as it is, whatever the spec.

The spec ``capfirst`` capitalises the first letter (``{thing:capfirst} not found.``);
``month`` writes a date's month (``01/2026`` / ``2026-01``).

The API's catalogue of error codes (the schema's ``ErrorCode``, the table of
``docs/api.md``) is :func:`all_codes`: every member of every enum, found by importing each
installed app's ``codes`` module.
"""

from __future__ import annotations

import datetime
import functools
import string
from collections.abc import Iterator, Mapping
from decimal import Decimal
from enum import Enum
from typing import Any, NamedTuple

#: The HTTP status of a refusal, by kind.
INVALID = 400  # well-formed but not acceptable
FORBIDDEN = 403  # the actor may not do this
NOT_FOUND = 404
CONFLICT = 409  # the state of the record does not allow it
UNAVAILABLE = 503

_ENUMS: list[type[RefusalCode]] = []


class _Message:
    """A member's value: compared by identity, so that two codes with the same status and
    words stay two codes (an ``Enum`` makes equal values aliases of one member)."""

    __slots__ = ("status", "msgid")

    def __init__(self, status: int, msgid: str) -> None:
        self.status = status
        self.msgid = msgid

    def __repr__(self) -> str:
        return f"({self.status}, {self.msgid!r})"


class RefusalCode(Enum):
    """The base of every app's enum of refusal codes: ``NAME = status, _("English msgid")``.
    The member's name is the machine code the API answers."""

    status: int
    msgid: str

    def __new__(cls, status: int, msgid: str) -> RefusalCode:
        member = object.__new__(cls)
        member._value_ = _Message(status, msgid)
        member.status = status
        member.msgid = msgid
        return member

    def __init_subclass__(cls, *, published: bool = True, **kwargs: Any) -> None:
        # ``published=False``: codes of a test app, not the API's (not in all_codes())
        super().__init_subclass__(**kwargs)
        if published:
            _ENUMS.append(cls)

    def __reduce_ex__(self, proto: object) -> tuple[Any, ...]:
        return getattr, (self.__class__, self._name_)

    @property
    def code(self) -> str:
        return self._name_

    def placeholders(self) -> list[Placeholder]:
        return placeholders(self.msgid)

    def catalogue_words(self) -> tuple[str, str]:
        """(Spanish, English) as the API's published catalogue shows them (docs/api.md)."""
        from django.utils import translation
        from django.utils.translation import gettext

        with translation.override("es"):
            return gettext(self.msgid), self.msgid

    def message(self, lang: str = "es", params: Mapping[str, Any] | None = None) -> str:
        """The message in ``lang`` (``es`` or ``en``), its parameters rendered."""
        from django.utils import translation
        from django.utils.translation import gettext

        lang = "en" if lang.startswith("en") else "es"
        with translation.override(lang):
            return _Formatter(lang).vformat(gettext(self.msgid), (), dict(params or {}))


class Placeholder(NamedTuple):
    name: str
    spec: str
    conversion: str | None


def placeholders(text: str) -> list[Placeholder]:
    """The named fields of a message, in order (``{table}``, ``{total:,}``)."""
    return [
        Placeholder(name, spec or "", conversion)
        for _literal, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    ]


class Words(NamedTuple):
    """A value that already comes in both languages from the catalogue that owns it (a
    report's title, a sheet's name): rendered as the text of the language."""

    es: Any
    en: Any


def render(value: Any, lang: str, spec: str = "") -> str:
    """One parameter of a message, in ``lang``, by its type (see the module's docstring).
    Called inside ``translation.override(lang)``."""
    from django.db import models
    from django.utils.functional import Promise

    from .formatting import money, number

    if spec == "capfirst":
        text = render(value, lang)
        return text[:1].upper() + text[1:]
    if isinstance(value, Words):
        return render(value.en if lang == "en" else value.es, lang, spec)
    if isinstance(value, Exception) and hasattr(value, "message"):
        return str(value.message(lang))
    if value is None:
        return "—"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, Decimal):
        return money(value, lang, sign=spec == "+")
    if isinstance(value, int | float) and not isinstance(value, Enum):
        if spec == ",":
            return number(value, lang)
        return format(value, spec)
    if isinstance(value, datetime.date):
        if spec == "month":
            return value.strftime("%Y-%m" if lang == "en" else "%m/%Y")
        if spec:
            return value.strftime(spec)
        return value.isoformat() if lang == "en" else value.strftime("%d/%m/%Y")
    if isinstance(value, models.Choices):
        return str(value.label)
    if isinstance(value, Promise):
        return str(value)
    if isinstance(value, type) and issubclass(value, models.Model):
        return str(value._meta.verbose_name)
    if callable(getattr(value, "label", None)):
        return str(value.label(lang))
    if hasattr(value, "message_es") and hasattr(value, "message_en"):
        return str(value.message_en if lang == "en" else value.message_es)
    if isinstance(value, list | tuple | set | frozenset):
        if not value:
            return "—"
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        texts = [render(item, lang) for item in items]
        # refusals that are sentences follow each other; words and phrases are listed
        sentences = all(isinstance(i, Exception) for i in items) and all(
            t.endswith(".") for t in texts
        )
        return (" " if sentences else ", ").join(texts)
    if isinstance(value, str):
        return value  # a text already (a serial, a name, a count cut to size)
    return format(value, spec) if spec else str(value)


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        return render(value, self.lang, format_spec)


@functools.cache
def all_codes() -> dict[str, RefusalCode]:
    """Every refusal code of every app, by name (importing each app's ``codes`` module
    first). A name declared by two enums is an error: each code has one owner."""
    from django.utils.module_loading import autodiscover_modules

    from . import errorcodes as _api_codes  # noqa: F401  (the API's own codes)

    autodiscover_modules("codes")
    found: dict[str, RefusalCode] = {}
    for enum in _ENUMS:
        for member in enum:
            other = found.setdefault(member.name, member)
            if other is not member:
                raise RuntimeError(
                    f"{member.name} is declared by {type(other).__name__} and {enum.__name__}"
                )
    return dict(sorted(found.items()))


def enums() -> Iterator[type[RefusalCode]]:
    all_codes()
    yield from _ENUMS
