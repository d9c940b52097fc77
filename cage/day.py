"""The gaming day's books: every session reconciled alone, then the day's findings.

The day adds the cage's own checks of the room (the slips' numbering, GEN-10; the cash
thresholds per player; the audit trail and the evidence chain, ``cage.integrity``) and
the findings other apps register in ``cage.hooks`` (the tables app's deck custody and
sheet exceptions, :func:`tables_day_findings`, registered by ``cage.apps``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from casino.models import GamingDay, SerialCounter
from tables import selectors as tables_selectors
from tables.models import Table, TableSession

from . import hooks, selectors
from .figures import Cause, DayFigures, group_causes
from .findings import EXCEPTION, INFO, ZERO, Finding, Record, _fmt, _tx_record
from .integrity import audit_trail_findings, evidence_chain_findings
from .models import (
    AlertLevel,
    BuyinSource,
    CashAlert,
    Slip,
    SlipKind,
    TableTransaction,
    TransactionKind,
)
from .session_books import SessionReconciliation, reconcile_session


@dataclass
class DayReconciliation:
    gaming_day: GamingDay
    sessions: list[SessionReconciliation]
    findings: list[Finding]

    @property
    def all_findings(self) -> list[Finding]:
        out: list[Finding] = []
        for s in self.sessions:
            out.extend(s.findings)
        return out + self.findings

    @property
    def balanced(self) -> bool:
        return not any(f.severity != INFO for f in self.all_findings)

    @property
    def causes(self) -> list[Cause]:
        """Each cause once: the sessions' (with the effects they explain), then the day's."""
        out: list[Cause] = []
        for s in self.sessions:
            out.extend(s.causes)
        return out + group_causes(self.findings)

    @property
    def figures(self) -> DayFigures:
        return DayFigures.of([s.figures for s in self.sessions])

    def waiting(self, lang: str = "es") -> list[str]:
        """What each session left out of the day's total waits for, in words (issue 40):
        its closing, its closing count, the count of its drop and rake boxes."""
        en = lang.startswith("en")
        out = []
        for rec in self.sessions:
            f = rec.figures
            if f.result is not None:
                continue
            session = rec.session
            parts = []
            if session.status != session.Status.CLOSED:
                parts.append("its closing" if en else "su cierre")
            elif f.closing_count is None:
                parts.append("its closing count" if en else "su conteo de cierre")
            if f.counted_drop is None or f.rake_box is None:
                parts.append(
                    "the count of its drop and rake boxes"
                    if en
                    else "el conteo de sus cajas de drop y de comisión"
                )
            table = f"table {session.table.number}" if en else f"mesa {session.table.number}"
            out.append(f"{table}: {' and '.join(parts) if en else ' y '.join(parts)}")
        return out

    def as_dict(self) -> dict[str, Any]:
        return {
            "gaming_day": self.gaming_day.business_date.isoformat(),
            "gaming_day_id": self.gaming_day.pk,
            "casino": self.gaming_day.casino.code,
            "balanced": self.balanced,
            "figures": self.figures.as_dict(),
            "causes": [c.as_dict() for c in self.causes],
            "findings": [f.as_dict() for f in self.all_findings],
            "sessions": [s.as_dict() for s in self.sessions],
        }


def reconcile_day(
    gaming_day: GamingDay, *, tables: Collection[int] | None = None
) -> DayReconciliation:
    """The day's books: each session reconciled, then the day's own checks.

    ``tables`` (table numbers) reconciles those tables only: their sessions, and of the
    day's own checks the findings that name one of them (deck custody, sheets). The
    room's checks, whose findings name no table (numbering gaps, cash thresholds per
    player, the audit trail, the evidence chain), are not run: a report of some tables
    leaves them to the room's report, which reconciles the whole day (``tables=None``).
    """
    queryset = selectors.sessions_of_day(gaming_day)
    if tables is not None:
        queryset = queryset.filter(table__number__in=list(tables))
    sessions = [reconcile_session(s) for s in queryset]
    return DayReconciliation(
        gaming_day=gaming_day,
        sessions=sessions,
        findings=_day_findings(gaming_day, sessions, tables),
    )


def reconcile_session_of_day(session: TableSession) -> DayReconciliation:
    """One session's reconciliation with the day's own checks (serial gaps, cash
    thresholds, the audit trail, deck custody...), for the session's documents (the
    control sheet): only this session's books are reconciled, not every table's. The
    day's findings are all there; a reader keeps those of the session's table
    (``reports.kinds._causes.cause_rows``)."""
    sessions = [reconcile_session(session)]
    day = session.gaming_day
    return DayReconciliation(
        gaming_day=day, sessions=sessions, findings=_day_findings(day, sessions)
    )


def _day_findings(
    gaming_day: GamingDay,
    sessions: list[SessionReconciliation],
    tables: Collection[int] | None = None,
) -> list[Finding]:
    """The day's findings beyond the sessions' books, each fact once (not one a session's
    own findings in ``sessions`` already names). ``tables``: only those naming one of
    these tables (see :func:`reconcile_day`)."""
    findings: list[Finding] = []
    own = {(f.kind, f.session) for s in sessions for f in s.findings}
    if tables is not None:
        for provider in hooks.day_finding_providers():
            findings.extend(
                f
                for f in provider(gaming_day)
                if f.table in tables and (f.kind, f.session) not in own
            )
        return findings
    findings.extend(serial_gap_findings(gaming_day))
    findings.extend(cash_threshold_findings(gaming_day))
    findings.extend(audit_trail_findings(gaming_day))
    # The chain names records the other checks may already name: each fact once.
    seen = {(f.kind, f.detail) for s in sessions for f in s.findings} | {
        (f.kind, f.detail) for f in findings
    }
    findings.extend(
        f for f in evidence_chain_findings(gaming_day) if (f.kind, f.detail) not in seen
    )
    for provider in hooks.day_finding_providers():
        # The same fact seen by two books (e.g. a session not closed) is listed once.
        findings.extend(f for f in provider(gaming_day) if (f.kind, f.session) not in own)
    return findings


def tables_day_findings(day: GamingDay) -> list[Finding]:
    """Deck custody and sheet exceptions of the tables app (``tables.selectors.day_exceptions``),
    as findings with the table's number."""
    numbers: dict[Any, int] = dict(
        Table.objects.filter(casino=day.casino).values_list("pk", "number")
    )
    out = []
    for item in tables_selectors.day_exceptions(day):
        data = item if isinstance(item, dict) else getattr(item, "__dict__", {})
        message = data.get("message") or {}
        out.append(
            Finding(
                str(data.get("kind", "TABLES_EXCEPTION")),
                EXCEPTION,
                str(message.get("es", data.get("es", ""))),
                str(message.get("en", data.get("en", ""))),
                table=numbers.get(data.get("table"), data.get("table")),  # its id -> number
                session=data.get("session"),
                detail=str(data.get("detail", "")),
                amount=data.get("amount"),
                note=str(data.get("note") or ""),
                records=tuple(
                    Record(str(r.get("type", "")), r.get("id", ""), str(r.get("label", "")))
                    for r in data.get("records", [])
                    if isinstance(r, dict)
                ),
            )
        )
    return out


def serial_gap_findings(gaming_day: GamingDay) -> list[Finding]:
    """GEN-10: the day's slip numbers, with the series before them, leave no gap."""
    findings = []
    year = gaming_day.business_date.year
    for kind in (SlipKind.FILL, SlipKind.CREDIT):
        series = selectors.slip_kind_series(kind)
        all_numbers = set(
            Slip.objects.filter(casino=gaming_day.casino, series=series, year=year).values_list(
                "number", flat=True
            )
        )
        today = set(
            Slip.objects.filter(gaming_day=gaming_day, series=series, year=year).values_list(
                "number", flat=True
            )
        )
        earlier = set(
            Slip.objects.filter(
                casino=gaming_day.casino,
                series=series,
                year=year,
                gaming_day__business_date__lt=gaming_day.business_date,
            ).values_list("number", flat=True)
        )
        later_exists = Slip.objects.filter(
            casino=gaming_day.casino,
            series=series,
            year=year,
            gaming_day__business_date__gt=gaming_day.business_date,
        ).exists()
        low = (max(earlier) + 1) if earlier else 1
        high = max(today) if today else low - 1
        if not later_exists:
            counter = SerialCounter.objects.filter(
                casino=gaming_day.casino, series=series, year=year
            ).first()
            if counter is not None:
                high = max(high, counter.last_value)
        missing = [n for n in range(low, high + 1) if n not in all_numbers]
        if missing:
            labels = ", ".join(f"{series}-{year}-{n:06d}" for n in missing)
            numbers = ", ".join(f"{year}-{n:06d}" for n in missing)
            fill = series == selectors.slip_kind_series(SlipKind.FILL)
            findings.append(
                Finding(
                    "SERIAL_GAP",
                    EXCEPTION,
                    f"Faltan números en la serie de {'rellenos' if fill else 'créditos'}: "
                    f"N.º {numbers}.",
                    f"Numbers are missing from the {'fill' if fill else 'credit'} slip series: "
                    f"no. {numbers}.",
                    detail=labels,
                    records=tuple(Record("serial", f"{series}-{year}-{n:06d}") for n in missing),
                )
            )
    return findings


def cash_threshold_findings(gaming_day: GamingDay) -> list[Finding]:
    """Cash buy-ins per player in the day against the thresholds; alerts must exist."""
    policy = selectors.cage_policy(gaming_day.casino_id)
    totals: dict[str, Decimal] = defaultdict(lambda: ZERO)
    labels: dict[str, str] = {}
    txs = TableTransaction.objects.filter(
        gaming_day=gaming_day, kind=TransactionKind.BUYIN, source=BuyinSource.CASH
    ).select_related("player", "table")
    recs: dict[str, list[Record]] = defaultdict(list)
    for tx in txs:
        key, label = selectors.player_key(tx)
        totals[key] += tx.sign * tx.amount
        labels.setdefault(key, label)
        recs[key].append(_tx_record(tx))
    alerts = {(a.player_key, a.level): a for a in CashAlert.objects.filter(gaming_day=gaming_day)}
    findings = []
    for key, total in sorted(totals.items()):
        for level, threshold in (
            (AlertLevel.IDENTIFY, policy.id_threshold),
            (AlertLevel.REPORT, policy.report_threshold),
        ):
            alert = alerts.get((key, level))
            if alert is not None:
                findings.append(
                    Finding(
                        "CASH_THRESHOLD",
                        INFO,
                        f"{labels[key]}: {_fmt(total)} en efectivo en la jornada "
                        f"({alert.get_level_display()}, umbral {_fmt(alert.threshold)}).",
                        f"{labels[key]}: {_fmt(total)} in cash in the day "
                        f"({alert.level}, threshold {_fmt(alert.threshold)}).",
                        amount=total,
                        expected=alert.threshold,
                        detail=f"{key}:{level}",
                        records=(Record("cash_alert", alert.pk, level), *recs[key]),
                    )
                )
            elif total >= threshold:
                findings.append(
                    Finding(
                        "CASH_ALERT_MISSING",
                        EXCEPTION,
                        f"{labels[key]}: {_fmt(total)} en efectivo supera el umbral de "
                        f"{_fmt(threshold)} y no hay alerta registrada.",
                        f"{labels[key]}: {_fmt(total)} in cash exceeds the {_fmt(threshold)} "
                        "threshold and no alert was raised.",
                        amount=total,
                        expected=threshold,
                        detail=f"{key}:{level}",
                        records=tuple(recs[key]),
                    )
                )
    return findings
