"""What a Spanish page or report must not print (issue 40 "One vocabulary", GEN-07).

- a **bare code**: a violation or finding code (``SHOWDOWN_INVALID``), a stored value
  (``in_play``, ``drop_box``), an audit action or record type (``hand.live.start``,
  ``cage.rakeentry``), a requirement or rule id (``OPEN-17``, ``RUL-23``), cards in the
  record's notation (``Kh7d2cQs3h``). On a page a code may stand *beside its words*, for
  the auditor, as ``<code class="small detail">CODE</code>`` (``tests/floor/test_words.py``);
  a stored value never (``left_seat_during_action`` is no code an auditor looks up).
- an **English word**: a word of the English msgids that no Spanish text of the
  catalogues uses (``fold``, ``override``, ``pending`` …);
- an **amount in English format**: ``500.00``, ``1,234.50``, ``12.5 %``.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

UPPER = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
SNAKE = re.compile(r"(?<![\w.])[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
DOTTED = re.compile(r"(?<![\w/])[a-z_]{3,}\.[a-z_]{3,}(?:\.[a-z_]+)*\b")
REQUIREMENT = re.compile(r"\b[A-Z]{2,8}-\d{1,3}\b")
CARDS = re.compile(r"\b(?:(?:10|[2-9TJQKA])[hdcs]){2,}\b")
CODE_PATTERNS = (UPPER, SNAKE, DOTTED, REQUIREMENT, CARDS)
# An auditor's reference beside the words: a code as the API publishes it or a rule id.
AUDITOR_CODE = re.compile(
    r"^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*|[A-Z]{2,8}-\d{1,3}[a-z]?(?:\([a-z0-9]+\))?"
    r"|[a-z_]+(?:\.[a-z_]+)+)(?:[ ,·]+\S+)*$"
)

ENGLISH_AMOUNT = re.compile(
    r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+\.\d{2})(?![\d,.]?\d)|\b\d+\.\d\s?%"
)

# Words of the English msgids that are Spanish too, or names: never a sign of English.
NOT_ENGLISH = {
    "mesa",
    "drop",
    "rake",
    "hold",
    "croupier",
    "pin",
    "phh",
    "pdf",
    "csv",
    "json",
    "api",
    "final",
    "total",
    "normal",
    "general",
    "no",
    "sector",
    "manual",
    "hand",
    "flop",
    "turn",
    "river",
    "all",
    "straddle",
    "ante",
    "bet",
    "pot",
    "vip",
    "ars",
    "usd",
    "cut",
    "big",
    "button",
    "email",
    "online",
    "ok",
    "id",
    "min",
    "max",
    "pba",
    "caba",
    "mtd",
    "svg",
    "series",
    "error",
    "local",
    "control",
    "hotel",
    "radio",
    "plan",
    "club",
}


def _catalogue_words() -> tuple[set[str], set[str]]:
    english: set[str] = set()
    spanish: set[str] = set()
    word = re.compile(r"[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]{3,}")
    for path in (ROOT / "locale" / "es" / "catalog").glob("*.json"):
        for msgid, msgstr in json.loads(path.read_text(encoding="utf-8")).items():
            english |= {w.lower() for w in word.findall(re.sub(r"%\(\w+\)s|\{\w+\}", "", msgid))}
            spanish |= {w.lower() for w in word.findall(str(msgstr))}
    return english, spanish


@cache
def english_only() -> frozenset[str]:
    english, spanish = _catalogue_words()
    return frozenset(english - spanish - NOT_ENGLISH)


# Names that look like a code and are not one: the hash algorithm a report page names.
NOT_CODES = {"SHA-256"}


def codes_in(text: str) -> list[str]:
    found: set[str] = set()
    for pattern in CODE_PATTERNS:
        found |= set(pattern.findall(text))
    return sorted(found - NOT_CODES)


def english_words(text: str) -> list[str]:
    words = set(re.findall(r"(?<![\w@./-])[A-Za-z]{3,}(?![\w@/-])", text))
    only = english_only()
    return sorted(w for w in words if w.lower() in only)


def english_amounts(text: str) -> list[str]:
    return sorted(set(ENGLISH_AMOUNT.findall(text)))


def auditor_codes_alone(codes: list[tuple[str, str]]) -> list[str]:
    """Codes shown apart (``<code class="detail">``) with no words beside them, or that
    are no auditor's code (a stored value such as ``dead_hand``)."""
    bad = []
    for code, line in codes:
        words = re.sub(r"\s+", " ", line).strip(" ·—-()")
        stored_value = SNAKE.search(code) and "." not in code  # dead_hand; not cage.rake.post
        if not words or not AUDITOR_CODE.match(code) or stored_value:
            bad.append(code)
    return bad
