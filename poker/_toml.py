"""A small, fast reader for the subset of TOML that PHH files use.

``tomllib`` is correct but slow (pure Python, general). PHH documents are
simple: ``key = value`` lines, strings, integers, decimals, booleans, local
times, one-level arrays (possibly over several lines, with comments and a
trailing comma) and, in ``.phhs`` files, tables ``[1]``, ``[2]`` ...
:func:`loads` reads exactly that subset and returns ``None`` for anything
else, and the caller then falls back to ``tomllib`` (``loads_any``). Both give
identical results on the subset (tested on the corpus and with hypothesis):
floats are read as ``decimal.Decimal`` so amounts stay exact.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from typing import Any

_TOKEN = re.compile(
    r"""
    (?P<ws>[ \t]+)
  | (?P<comment>\#[^\n]*)
  | (?P<nl>\r?\n)
  | '(?P<lit>[^'\n\r\x00-\x08\x0b-\x1f\x7f]*)'
  | "(?P<basic>[^"\\\n\r\x00-\x08\x0b-\x1f\x7f]*)"
  | (?P<time>[0-2]\d:[0-5]\d:[0-5]\d)(?![\w.:+-])
  | (?P<num>-?(?:0|[1-9]\d*)(?:\.\d+)?)(?![\w.:+-])
  | (?P<bool>true|false)(?![\w-])
  | (?P<key>[A-Za-z0-9_-]+)
  | (?P<punct>[=\[\],])
    """,
    re.VERBOSE,
)
_COMMENT_OK = re.compile(r"[^\x00-\x08\x0a-\x1f\x7f]*")


class _Fallback(Exception):
    """The text leaves the fast subset: let tomllib read it."""


class TooLarge(ValueError):
    """A document or array beyond what a hand history can need (bounded memory)."""


#: Items in one array: a hand has at most a few thousand actions.
MAX_ARRAY_ITEMS = 200_000
#: Documents larger than this are read only by the fast path (tomllib needs far more memory).
MAX_GENERAL_BYTES = 4 * 1024 * 1024


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    end = len(text)
    match = _TOKEN.match
    append = out.append
    while pos < end:
        m = match(text, pos)
        if m is None:
            raise _Fallback
        kind = m.lastgroup
        assert kind is not None
        pos = m.end()
        if kind == "ws":
            continue
        if kind == "comment":
            if not _COMMENT_OK.fullmatch(m.group(kind)):
                raise _Fallback
            continue
        if kind == "nl":
            append(("nl", ""))
            continue
        append((kind, m.group(kind)))
    append(("nl", ""))
    return out


def _scalar(kind: str, text: str) -> Any:
    if kind == "lit" or kind == "basic":
        return text
    if kind == "num":
        if "." in text:
            return Decimal(text)
        return int(text)
    if kind == "bool":
        return text == "true"
    if kind == "time":
        return datetime.time.fromisoformat(text)
    raise _Fallback


def loads(text: str) -> dict[str, Any] | None:
    """Parse ``text`` if it stays in the PHH subset of TOML, else return None."""
    try:
        result = _loads_lines(text)
        if result is not None:
            return result
        if len(text) > MAX_GENERAL_BYTES:
            raise TooLarge(f"a document of {len(text)} characters outside the PHH layout")
        return _loads(text)
    except TooLarge:
        raise
    except _Fallback:
        return None
    except (ValueError, IndexError):
        return None


# Line-at-a-time path: one or two C-level regex matches per line. Handles documents
# whose every value fits on its line (PokerKit's output, the HandHQ .phhs files).
_WS = r"[ \t]*"
_COMMENT_RE = r"(?:\#[^\x00-\x08\x0a-\x1f\x7f]*)?"
_LIT = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'"
_BAS = r'"[^"\\\x00-\x08\x0a-\x1f\x7f]*"'
_NUM = r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"
_STR = f"(?:{_LIT}|{_BAS})"
_KEYVAL = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*")
_HEADER = re.compile(rf"\[{_WS}([A-Za-z0-9_-]+){_WS}\]{_WS}{_COMMENT_RE}")
_SCALAR = re.compile(
    rf"(?:'([^'\x00-\x08\x0a-\x1f\x7f]*)'|\"([^\"\\\x00-\x08\x0a-\x1f\x7f]*)\"|({_NUM})|(true|false)"
    rf"|([0-2][0-9]:[0-5][0-9]:[0-5][0-9])){_WS}{_COMMENT_RE}"
)
_STR_ARRAY = re.compile(
    rf"(\[{_WS}(?:{_STR}{_WS},{_WS})*(?:{_STR}{_WS},?{_WS})?\]){_WS}{_COMMENT_RE}"
)
_NUM_ARRAY = re.compile(
    rf"(\[{_WS}(?:{_NUM}{_WS},{_WS})*(?:{_NUM}{_WS},?{_WS})?\]){_WS}{_COMMENT_RE}"
)
_STR_ITEM = re.compile(r"'([^']*)'|\"([^\"]*)\"")
_LIT_ITEM = re.compile(r"'([^']*)'")
_NUM_ITEM = re.compile(_NUM)
_COMMENT_LINE = re.compile(rf"{_COMMENT_RE}")


def _number(text: str) -> int | Decimal:
    return Decimal(text) if "." in text else int(text)


_COMMON_KEYS = frozenset(
    "variant antes blinds_or_straddles min_bet small_bet big_bet starting_stacks actions "
    "ante_trimming_status finishing_stacks winnings players seats hand author event year "
    "month day time venue table currency currency_symbol time_zone_abbreviation".split()
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # a plain class: fast scan
_LONE_CR = re.compile(r"\r(?!\n)")


def _loads_lines(text: str) -> dict[str, Any] | None:
    if _CONTROL.search(text) or ("\r" in text and _LONE_CR.search(text)):
        return None
    root: dict[str, Any] = {}
    table = root
    keyval = _KEYVAL.match
    for raw in text.split("\n"):
        if raw.endswith("\r"):
            raw = raw[:-1]
        line = raw.strip(" \t")
        if not line:
            continue
        first = line[0]
        if first == "#":
            if not _COMMENT_LINE.fullmatch(line):
                return None
            continue
        if first == "[":
            m = _HEADER.fullmatch(line)
            if m is None or m.group(1) in root:
                return None
            table = {}
            root[m.group(1)] = table
            continue
        key, sep, rest = line.partition(" = ")
        if not sep or key not in _COMMON_KEYS:
            m = keyval(line)
            if m is None:
                return None
            key = m.group(1)
            rest = line[m.end() :]
        if key in table or not rest:
            return None
        first = rest[0]
        if first == "'":
            if rest.count("'") == 2 and rest[-1] == "'":
                table[key] = rest[1:-1]  # the common 'literal string' (control chars checked)
                continue
        elif first in "123456789" and rest.isdigit() and rest.isascii():
            table[key] = int(rest)
            continue
        if first == "[":
            if rest.count(",") > MAX_ARRAY_ITEMS:
                raise TooLarge(f"an array of more than {MAX_ARRAY_ITEMS} items")
            if rest[-1] == "]":
                body = rest[1:-1]
                if body[:1] == "'" and body[-1:] == "'" and '"' not in body and len(body) > 1:
                    # PokerKit's own layout: ['a', 'b', ...]; no item can hold a quote.
                    items = body[1:-1].split("', '")
                    if body.count("'") == 2 * len(items):  # no quote inside an item
                        table[key] = items
                        continue
            m = _STR_ARRAY.fullmatch(rest)
            if m is not None:
                body = m.group(1)
                if '"' in body:
                    table[key] = [
                        x.group(1) if x.group(1) is not None else x.group(2)
                        for x in _STR_ITEM.finditer(body)
                    ]
                else:
                    table[key] = _LIT_ITEM.findall(body)
                continue
            m = _NUM_ARRAY.fullmatch(rest)
            if m is None:
                return None
            body = m.group(1)[1:-1]
            if "." in body:
                table[key] = [_number(x) for x in _NUM_ITEM.findall(body)]
            else:
                parts = body.split(",")
                if not parts[-1].strip(" \t"):
                    parts.pop()  # a trailing comma, or an empty array
                table[key] = list(map(int, parts))
            continue
        m = _SCALAR.fullmatch(rest)
        if m is None:
            return None
        lit, basic, num, boolean, time = m.groups()
        if lit is not None:
            table[key] = lit
        elif basic is not None:
            table[key] = basic
        elif num is not None:
            table[key] = _number(num)
        elif boolean is not None:
            table[key] = boolean == "true"
        else:
            table[key] = datetime.time.fromisoformat(time)
    return root


def _loads(text: str) -> dict[str, Any]:
    tokens = _tokens(text)
    root: dict[str, Any] = {}
    table = root
    i = 0
    count = len(tokens)
    while i < count:
        kind, value = tokens[i]
        if kind == "nl":
            i += 1
            continue
        if kind == "punct" and value == "[":
            # Table header: [name] on its own line.
            k2, name = tokens[i + 1]
            if k2 not in ("key", "num", "bool") or tokens[i + 2] != ("punct", "]"):
                raise _Fallback
            if tokens[i + 3][0] != "nl" or name in root:
                raise _Fallback
            if k2 == "num" and (name.startswith("-") or "." in name):
                raise _Fallback
            table = {}
            root[name] = table
            i += 4
            continue
        if kind not in ("key", "num", "bool") or "." in value:
            raise _Fallback
        key = value
        if tokens[i + 1] != ("punct", "="):
            raise _Fallback
        if key in table:
            raise _Fallback
        i += 2
        kind, value = tokens[i]
        if kind == "punct" and value == "[":
            items: list[Any] = []
            i += 1
            expect_value = True
            while True:
                kind, value = tokens[i]
                if kind == "nl":
                    i += 1
                    continue
                if kind == "punct":
                    if value == "]":
                        i += 1
                        break
                    if value == "," and not expect_value:
                        expect_value = True
                        i += 1
                        continue
                    raise _Fallback
                if not expect_value or kind == "key":
                    raise _Fallback
                items.append(_scalar(kind, value))
                expect_value = False
                i += 1
            table[key] = items
        elif kind == "key" or kind == "punct" or kind == "nl":
            raise _Fallback
        else:
            table[key] = _scalar(kind, value)
            i += 1
        if tokens[i][0] != "nl":
            raise _Fallback
    return root


def loads_any(text: str) -> dict[str, Any]:
    """Fast path if possible, else ``tomllib`` (raises ``tomllib.TOMLDecodeError``)."""
    result = loads(text)
    if result is not None:
        return result
    if len(text) > MAX_GENERAL_BYTES:
        raise TooLarge(f"a document of {len(text)} characters outside the PHH layout")
    import tomllib  # only for documents off the fast path (saves start-up time)

    return tomllib.loads(text, parse_float=Decimal)
