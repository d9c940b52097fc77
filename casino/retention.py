"""How long each kind of regulated record is kept (issue 17 §5).

Mesa never deletes a regulated record: the database refuses ``DELETE`` on every
protected table (``casino.immutability``), so nothing can be purged before its
period, or after it, from the application. The retention period says from when the
operator may take a gaming day's archive out of the live database (by a documented
procedure with the database owner, after the export of ``manage.py export_day`` has
been verified and handed over). Each export's manifest prints, per group of records,
the date until which it must be kept.

The defaults are the longest period that commonly applies in the region, and a
casino shortens none of them without its regulator's word; ``MESA_RETENTION_YEARS``
(a dict in the settings) overrides any of them. The reasons are in
``docs/reports.md`` ("The archive of a gaming day").
"""

from __future__ import annotations

from datetime import date

from django.conf import settings

# group -> years. The groups are what an auditor asks for, not Django apps.
DEFAULT_RETENTION_YEARS: dict[str, int] = {
    # Cash and chips: buy-ins, changes, cash-outs, slips, counts, drop, rake. They are
    # the casino's accounting books (10 years is the commercial-books period of several
    # civil codes of the region, for example Argentina's CCyC art. 328).
    "books": 10,
    # Opening and closing sheets, deck custody, keys, sanctions, shift changes.
    "table_records": 10,
    # Hands with their verdicts and reviews.
    "hand_records": 5,
    # Audit events, signatures and the evidence chain: as long as the books they prove.
    "evidence": 10,
    # Archived PDF reports.
    "reports": 10,
}

# app label -> group; a model of another app falls back to "table_records".
APP_GROUP: dict[str, str] = {
    "cage": "books",
    "tables": "table_records",
    "hands": "hand_records",
    "casino": "evidence",
    "reports": "reports",
}


def retention_years() -> dict[str, int]:
    """The periods in force: the defaults, overridden by ``MESA_RETENTION_YEARS``."""
    configured = getattr(settings, "MESA_RETENTION_YEARS", None) or {}
    years = dict(DEFAULT_RETENTION_YEARS)
    for group, value in configured.items():
        if group not in years:
            raise ValueError(f"MESA_RETENTION_YEARS: unknown group {group!r}")
        if not isinstance(value, int) or value < 1:
            raise ValueError(f"MESA_RETENTION_YEARS[{group!r}] must be a whole number of years")
        years[group] = value
    return years


def group_of(app_label: str) -> str:
    return APP_GROUP.get(app_label, "table_records")


def keep_until(business_date: date, group: str) -> date:
    """The last day a record of ``business_date`` in ``group`` must still be kept."""
    years = retention_years()[group]
    try:
        return business_date.replace(year=business_date.year + years)
    except ValueError:  # 29 February
        return business_date.replace(year=business_date.year + years, day=28)
