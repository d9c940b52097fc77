"""What the hand recorder tells the cage's reconciliation about a session (issue 14 §2).

An invalid hand waits for the pit boss's signed review (HREC-09); until then its
rake is not posted to the rake ledger, although the croupier put it in the rake
box. Each such hand is a cause of its own on every report, and the reconciliation
links it to the rake box variance it explains (``cage.reconciliation.group_causes``).
"""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Exists, OuterRef

from cage.models import RakeEntry
from cage.reconciliation import EXCEPTION, Finding, Record
from casino.formatting import money
from tables.models import TableSession

from .models import Hand, HandReview, HandStatus, HandViolation

ZERO = Decimal("0")


def unresolved_hand_findings(session: TableSession) -> list[Finding]:
    """One finding per invalid hand of the session without a signed review."""
    resolved = HandReview.objects.filter(hand=OuterRef("pk"), locked_at__isnull=False)
    hands = list(
        Hand.objects.filter(session=session, revision_of__isnull=True, status=HandStatus.INVALID)
        .annotate(
            resolved=Exists(resolved),
            wrong_rake=Exists(
                HandViolation.objects.filter(hand=OuterRef("pk"), code="RAKE_MISMATCH")
            ),
        )
        .filter(resolved=False)
        .order_by("number")
    )
    if not hands:
        return []
    posted = set(
        RakeEntry.objects.filter(session=session, sign=1).values_list("hand_number", flat=True)
    )
    out = []
    for hand in hands:
        taken = hand.recorded_rake if hand.recorded_rake is not None else hand.rake
        unposted = ZERO if hand.number in posted else (taken or ZERO)
        due = hand.rake if hand.rake is not None else ZERO
        wrong_rake = hand.wrong_rake
        es = f"Mano {hand.number} inválida, sin la revisión firmada del jefe de sector"
        en = f"Hand {hand.number} is invalid, without the pit boss's signed review"
        if wrong_rake:
            es += f": comisión tomada {money(taken, 'en')}, correspondía {money(due, 'en')}"
            en += f": rake taken {money(taken, 'en')}, due {money(due, 'en')}"
        if unposted:
            es += f"; su comisión ({money(unposted, 'en')}) está en la caja y no en los libros."
            en += f"; its rake ({money(unposted, 'en')}) is in the box, not in the ledger."
        else:
            es += "."
            en += "."
        out.append(
            Finding(
                "HAND_UNRESOLVED",
                EXCEPTION,
                es,
                en,
                table=session.table.number,
                session=session.pk,
                amount=unposted,
                expected=due,
                counted=taken,
                detail=str(hand.number),
                records=(Record("hand", hand.pk, f"hand {hand.number}"),),
            )
        )
    return out
