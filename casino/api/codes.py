"""The published catalogue of the API's error codes (issue 15 §3, issue 41 §2).

Every 4xx answer of the API has a machine ``code`` (see :mod:`casino.api.errors`). The
codes are the members of the refusal enums (:class:`casino.refusals.RefusalCode`): each
app's ``<app>/codes.py`` (the refusals its services raise), and
:mod:`casino.errorcodes` (:class:`ApiCode`, the error handler's own codes and the two that
services share with it, ``NOT_FOUND`` and ``PERMISSION_DENIED``; :class:`ValidationCode`,
the codes of DRF's field validation). Nothing here is written by hand: the catalogue is
the enums' union (:func:`catalogue`).

The schema publishes :func:`choices` as the enum ``ErrorCode`` of the error body
(``SPECTACULAR_SETTINGS``); ``docs/api.md`` carries the table :func:`markdown` prints
(``python scripts/api_codes.py --write``). ``tests/casino/test_api_contract.py`` fails
when the page differs, and when the enum is not the union of the enums.
"""

from __future__ import annotations

from casino.errorcodes import RESOURCE, ApiCode, ValidationCode
from casino.refusals import all_codes, placeholders

__all__ = ["RESOURCE", "ApiCode", "ValidationCode", "catalogue", "choices", "markdown"]


def _shown(text: str) -> str:
    """A message as the catalogue shows it: each placeholder by its name."""
    for p in placeholders(text):
        spec = f":{p.spec}" if p.spec else ""
        conv = f"!{p.conversion}" if p.conversion else ""
        text = text.replace(f"{{{p.name}{conv}{spec}}}", f"{{{p.name}}}")
    return text.replace("|", "\\|")


def catalogue() -> dict[str, tuple[int, str, str]]:
    """Every code: (status, Spanish, English), in alphabetical order."""
    out: dict[str, tuple[int, str, str]] = {}
    for code, member in all_codes().items():
        es, en = member.catalogue_words()
        out[code] = (member.status, es, en)
    return dict(sorted(out.items()))


def choices() -> list[tuple[str, str]]:
    """The choices of the error body's ``code`` (the schema's enum ``ErrorCode``)."""
    return [(code, en) for code, (_status, _es, en) in catalogue().items()]


def markdown() -> str:
    """The table of ``docs/api.md`` (between the ``error-codes`` markers)."""
    rows = ["| code | HTTP | significado | meaning |", "|---|---|---|---|"]
    rows += [
        f"| `{code}` | {status or ''} | {_shown(es)} | {_shown(en)} |"
        for code, (status, es, en) in catalogue().items()
    ]
    return "\n".join(rows) + "\n"
