"""Who is assigned to a table right now, and whether a person may act or sign there (issue 12 §1).

A role says what kind of work a person does; an *assignment* says where. The
tables app owns the facts (the session's supervisor and any recorded relief,
the croupier on duty from the dealer changes, the pit bosses of the table's
sector) and hands them to the kernel as a plain :class:`Assignment`, so
signatures (:mod:`casino.signatures`) and every recording service apply one
rule without the kernel importing the tables app.

The rule, per role:
- croupier: only the croupier on duty at the session;
- supervisor: only the session's supervisor, or the relief supervisor whose
  takeover is recorded (``tables.SupervisorRelief``);
- pit boss: only a pit boss of the table's sector; the shift manager may stand
  in for the pit boss as an *override*, only with a written reason, and the
  override is audited by the caller;
- every other role (shift manager acting as such, cage, security, surveillance,
  auditor) is casino-wide: its permissions alone decide.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .codes import CasinoCode
from .errors import DomainError
from .roles import Role


@dataclass(frozen=True)
class Assignment:
    """The people assigned to one table (session) at one moment."""

    table_label: str  # the table number as people say it
    supervisor_ids: frozenset[int] = field(default_factory=frozenset)
    croupier_ids: frozenset[int] = field(default_factory=frozenset)
    pit_boss_ids: frozenset[int] = field(default_factory=frozenset)

    def covers(self, user_id: int) -> bool:
        """Whether the person works at this table now in any assigned role."""
        return (
            user_id in self.supervisor_ids
            or user_id in self.croupier_ids
            or user_id in self.pit_boss_ids
        )


@dataclass(frozen=True)
class Override:
    """A shift manager standing in for the sector's pit boss, with the reason given."""

    role: Role
    reason: str


OVERRIDE_REASON_MIN = 10


def check_assignment(
    assignment: Assignment | None,
    *,
    user_id: int,
    role: Role,
) -> None:
    """Refuse ``user_id`` acting in ``role`` at the table unless assigned there."""
    if assignment is None:
        return None
    table = assignment.table_label
    if role == Role.CROUPIER:
        if user_id not in assignment.croupier_ids:
            raise DomainError.of(
                CasinoCode.NOT_CROUPIER_ON_DUTY,
                problem=DomainError.of(CasinoCode.ONLY_CROUPIER_ON_DUTY, table=table),
                field="signer",
                details={"table": table},
            )
        return None
    if role == Role.SUPERVISOR:
        if user_id not in assignment.supervisor_ids:
            raise DomainError.of(
                CasinoCode.NOT_SESSION_SUPERVISOR,
                table=table,
                field="role",
                details={"table": table},
            )
        return None
    if role == Role.PIT_BOSS:
        if user_id in assignment.pit_boss_ids:
            return None
        raise DomainError.of(
            CasinoCode.NOT_SECTOR_PIT_BOSS, table=table, field="role", details={"table": table}
        )
    return None


def check_pit_boss_or_override(
    assignment: Assignment | None,
    *,
    user_id: int,
    holds_pit_boss: bool,
    holds_shift_manager: bool,
    override_reason: str,
) -> Override | None:
    """The pit boss's slot: a pit boss of the sector, or the shift manager with a reason."""
    if assignment is None or (holds_pit_boss and user_id in assignment.pit_boss_ids):
        return None
    if holds_shift_manager:
        reason = (override_reason or "").strip()
        if len(reason) < OVERRIDE_REASON_MIN:
            raise DomainError.of(CasinoCode.OVERRIDE_REASON_REQUIRED, field="override_reason")
        return Override(role=Role.PIT_BOSS, reason=reason)
    check_assignment(assignment, user_id=user_id, role=Role.PIT_BOSS)
    return None
