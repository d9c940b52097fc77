"""A tournament's books against the cage (issue 42 §2): the day's findings.

Registered with the cage's day reconciliation (``cage.reconciliation.DAY_FINDING_PROVIDERS``)
so that the day does not reconcile while a tournament of it does not:

* ``TOURNAMENT_LEDGER_ALTERED``: a ledger row whose keyed seal does not verify (changed
  outside the application; the day's evidence chain names it too);
* ``TOURNAMENT_NOT_SETTLED``: a finished tournament whose cash was not counted at the
  cage and signed (``Settlement``), or whose settlement lacks a signature;
* ``TOURNAMENT_CASH_VARIANCE``: the cash counted is not the ledger's (cash in less cash
  out: the fees kept, plus any prize not yet paid);
* ``TOURNAMENT_PRIZES_UNPAID``: a finished tournament's pool not paid out in full.
"""

from __future__ import annotations

from cage.reconciliation import EXCEPTION, VARIANCE, Finding, Record
from casino import sealing
from casino.formatting import money as fmt
from casino.models import GamingDay

from . import selectors
from .models import LedgerEntry, Settlement, Tournament, TournamentStatus
from .units import money

TITLES = {
    "TOURNAMENT_LEDGER_ALTERED": ("Libro del torneo alterado", "Tournament ledger altered"),
    "TOURNAMENT_NOT_SETTLED": ("Torneo sin cierre de caja", "Tournament not settled"),
    "TOURNAMENT_CASH_VARIANCE": ("Diferencia de caja del torneo", "Tournament cash variance"),
    "TOURNAMENT_PRIZES_UNPAID": ("Premios de torneo sin pagar", "Tournament prizes unpaid"),
}


def _record(t: Tournament) -> Record:
    return Record("tournament", t.pk, t.name)


def tournament_findings(t: Tournament) -> list[Finding]:
    out: list[Finding] = []
    for row in LedgerEntry.objects.filter(tournament=t).order_by("pk"):
        verdict = row.seal_verdict()
        if verdict not in (sealing.OK, sealing.KEY_UNKNOWN):
            out.append(
                Finding(
                    "TOURNAMENT_LEDGER_ALTERED",
                    EXCEPTION,
                    f"Torneo «{t.name}»: el comprobante {row.receipt} fue modificado fuera "
                    "de la aplicación.",
                    f"Tournament '{t.name}': receipt {row.receipt} was changed outside the "
                    "application.",
                    detail=f"tournamentledger#{row.pk}",
                    records=(Record("tournament_ledger", row.pk, row.receipt),),
                )
            )
    if t.status != TournamentStatus.FINISHED:
        return out
    settlement = Settlement.objects.filter(tournament=t).first()
    if settlement is None or not settlement.is_locked:
        out.append(
            Finding(
                "TOURNAMENT_NOT_SETTLED",
                EXCEPTION,
                f"Torneo «{t.name}» terminado: su caja no fue contada y firmada por el cajero "
                "y el gerente de turno.",
                f"Tournament '{t.name}' finished: its cash was not counted and signed by the "
                "cashier and the shift manager.",
                detail=f"tournament#{t.pk}",
                records=(_record(t),),
            )
        )
    elif settlement.counted != settlement.expected:
        diff = settlement.counted - settlement.expected
        out.append(
            Finding(
                "TOURNAMENT_CASH_VARIANCE",
                VARIANCE,
                f"Torneo «{t.name}»: se contaron {fmt(settlement.counted)} y el libro espera "
                f"{fmt(settlement.expected)} (diferencia {fmt(diff, sign=True)}).",
                f"Tournament '{t.name}': {fmt(settlement.counted, 'en')} counted, the ledger "
                f"expects {fmt(settlement.expected, 'en')} "
                f"(difference {fmt(diff, 'en', sign=True)}).",
                amount=diff,
                expected=settlement.expected,
                counted=settlement.counted,
                detail=f"tournament#{t.pk}",
                records=(_record(t),),
            )
        )
    pool = selectors.pool(t)
    paid = selectors.ledger_totals(t).prizes_paid
    unpaid = money(pool.total) - paid
    if unpaid > 0:
        out.append(
            Finding(
                "TOURNAMENT_PRIZES_UNPAID",
                EXCEPTION,
                f"Torneo «{t.name}»: quedan {fmt(unpaid)} del pozo sin pagar.",
                f"Tournament '{t.name}': {fmt(unpaid, 'en')} of the pool is unpaid.",
                amount=unpaid,
                detail=f"tournament#{t.pk}",
                records=(_record(t),),
            )
        )
    return out


def tournament_day_findings(gaming_day: GamingDay) -> list[Finding]:
    """Findings of the tournaments with money on the day, or finished on it."""
    ids = set(
        LedgerEntry.objects.filter(gaming_day=gaming_day).values_list("tournament_id", flat=True)
    ) | set(Tournament.objects.filter(gaming_day=gaming_day).values_list("pk", flat=True))
    out: list[Finding] = []
    for t in Tournament.objects.filter(pk__in=ids).select_related("structure").order_by("pk"):
        out.extend(tournament_findings(t))
    return out
