"""The casino's cage settings: a new version for every change (never edited)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import transaction

from casino import effective
from casino.access import Actor, require
from casino.audit import audit_record, snapshot
from casino.errors import DomainError
from casino.roles import Perm
from tables.codes import TablesCode

from ..codes import CageCode
from ..models import CagePolicy
from .common import parse_money

MONEY_FIELDS = ("id_threshold", "report_threshold", "large_cash_threshold")
CHOICE_FIELDS = {
    "table_cash_change_policy": CagePolicy.CashChangePolicy,
    "foreign_chips_policy": CagePolicy.ForeignChips,
}


def cage_policy_set(
    *, actor: Actor, effective_from: datetime | None = None, reason: str = "", **values: Any
) -> CagePolicy:
    """A new version of the casino's cage settings (thresholds, policies, note values).

    The version in force is never edited: the new one starts at ``effective_from`` (now by
    default) and the earlier ones stay, so a buy-in is always judged by the settings of its
    time. A change that changes nothing is refused (NO_CHANGES), as for a table's settings.
    """
    require(actor, Perm.MANAGE_SETTINGS)
    from ..selectors import cage_policy

    # Issue 39 §2: as a table's settings, never backwards (a buy-in is judged by the
    # policy of its time; a version back-dated would judge it again).
    starts = effective.effective_from(effective_from)

    current = cage_policy(actor.casino)
    fields = {
        f.name: getattr(current, f.name)
        for f in CagePolicy._meta.concrete_fields
        if f.name not in ("id", "casino", "effective_from", "created_at", "created_by")
    }
    unknown = set(values) - set(fields)
    if unknown:
        raise DomainError.of(CageCode.SETTING_UNKNOWN, unknown=sorted(unknown))
    for name, value in values.items():
        if name in MONEY_FIELDS and value is not None:
            value = parse_money(value, name)
        if name in CHOICE_FIELDS and value not in CHOICE_FIELDS[name].values:
            allowed = ", ".join(CHOICE_FIELDS[name].values)
            raise DomainError.of(
                CageCode.CAGE_POLICY_VALUE_INVALID,
                value=value,
                name=name,
                allowed=allowed,
                field=name,
                details={"allowed": list(CHOICE_FIELDS[name].values)},
            )
        if name == "note_values":
            value = [str(parse_money(v, "note_values")) for v in value or []]
        fields[name] = value
    if all(fields[name] == getattr(current, name) for name in values):
        raise DomainError.of(TablesCode.NO_CHANGES, field="settings")
    if Decimal(fields["report_threshold"]) < Decimal(fields["id_threshold"]):
        raise DomainError.of(CageCode.THRESHOLDS_ORDER, field="report_threshold")
    with transaction.atomic():
        policy = CagePolicy(
            casino=actor.casino,
            effective_from=starts,
            created_by=actor.user,
            **fields,
        )
        policy.full_clean(exclude=["casino", "created_by"])
        policy.save()
        audit_record(
            actor=actor,
            action="cage.policy.set",
            obj=policy,
            before=snapshot(current) if current.pk else None,
            after=snapshot(policy),
            reason=reason,
        )
    return policy
