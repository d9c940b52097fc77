"""The signing queue's items, one builder per kind of document (issue 8 §2).

``floor.selectors.signing_queue`` gathers them for the actor's role and permissions;
each builder here reads one kind of document waiting for a signature or a decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from cage import selectors as cage_selectors
from cage.models import SlipVoid
from cage.reconciliation import reconcile_session
from casino.access import Actor
from casino.models import Casino
from hands import selectors as hand_selectors
from tables import selectors as table_selectors
from tables.models import DeckReceipt, Discrepancy, OpeningSheet, SanctionEntry

from .labels import label as code_label


@dataclass
class QueueItem:
    kind: str  # opening, closing, receipt, discrepancy, void, variance, hand, proposal
    pk: int
    title: str
    url: str
    table: str = ""
    detail: str = ""
    urgent: bool = False
    created_at: datetime | None = None
    blockers: list[str] = field(default_factory=list)
    # What the pit boss does in place: "sign" (one tap), "note" (a note then sign),
    # "explain" (a text), "confirm" (one tap), "link" (opens the document).
    form: str = "sign"
    needs_report: bool = False
    finding_key: str = ""
    correction: int | None = None
    # Fill and credit slips (form "slip"): the role the step signs in, the slip's total,
    # and for the croupier's step the croupiers to choose from (username, name), the one
    # on duty first.
    step: str = ""
    slip_kind: str = ""  # "fill" or "credit": the step's words differ (issue 14 §5)
    amount: Decimal | None = None
    signers: list[tuple[str, str]] = field(default_factory=list)
    # What a signature vouches for, read before signing (issue 40): (words, amount, bad).
    figures: list[tuple[str, Decimal | None, bool]] = field(default_factory=list)

    @property
    def dom_id(self) -> str:
        suffix = f"-{self.finding_key}" if self.finding_key else ""
        return f"q-{self.kind}-{self.pk}{suffix}".replace(":", "-").replace("/", "-")


def sheet_figures(sheet: Any) -> list[tuple[str, Decimal | None, bool]]:
    """An opening or closing sheet's totals as its signers read them in the queue (issue
    40): the count, what was expected and the difference; for a closing, the books'
    figures (``cage.reconciliation``: the chips sold at the buy-ins left the float for the
    drop box, they are no difference) and the standard float it is compared with."""
    counted = sheet.grand_total() if sheet.is_counted else None
    if isinstance(sheet, OpeningSheet):
        expected = sheet.expected_total()
        difference = None if counted is None else counted - expected
        return [
            (_("Counted"), counted, False),
            (_("Expected"), expected, False),
            (_("Difference"), difference, bool(difference)),
        ]
    lines = reconcile_session(sheet.session).lines.values()
    books = sum((line.value * line.expected for line in lines), Decimal("0"))
    sold = sum((line.value * line.sold for line in lines), Decimal("0"))
    difference = None if counted is None else counted - books
    return [
        (_("Counted"), counted, False),
        (_("Expected by the books"), books, False),
        (_("Difference"), difference, bool(difference)),
        (_("Chips sold at buy-ins"), sold, False),
        (_("Standard float"), sheet.expected_total(), False),
    ]


def sheet_items(actor: Actor, lang: str) -> list[QueueItem]:
    """Opening and closing sheets at the actor's role, with the figures they vouch for."""
    items: list[QueueItem] = []
    for item in table_selectors.sheets_to_sign(actor.casino, [actor.role]):
        sheet = item.sheet
        label = _("Opening sheet") if item.kind == "opening" else _("Closing sheet")
        items.append(
            QueueItem(
                kind=item.kind,
                pk=sheet.pk,
                title=f"{label} {sheet.serial}",
                table=str(sheet.table),
                url=reverse(f"tables:{item.kind}", args=[sheet.pk]),
                created_at=sheet.counted_at or sheet.created_at,
                blockers=[b.message(lang) for b in item.blockers],
                form="sign",
                figures=sheet_figures(sheet),
            )
        )
    return items


def discrepancy_items(casino: Casino) -> list[QueueItem]:
    """Count differences to acknowledge, on the count version still shown."""
    items: list[QueueItem] = []
    for disc in Discrepancy.objects.filter(
        casino=casino, acknowledgement__isnull=True, sheet__locked_at__isnull=True
    ).select_related("sheet__table", "denomination"):
        if disc.count_version != disc.sheet.count_version:
            continue
        items.append(
            QueueItem(
                kind="discrepancy",
                pk=disc.pk,
                title=_("Count difference: %(chips)s chips of %(value)s")
                % {"chips": f"{disc.variance_chips:+d}", "value": disc.value},
                table=str(disc.sheet.table),
                url=reverse("tables:opening", args=[disc.sheet_id]),
                urgent=True,
                created_at=disc.created_at,
                form="note",
                needs_report=disc.needs_written_report,
            )
        )
    return items


def receipt_items(casino: Casino) -> list[QueueItem]:
    """Card receipts from security still to sign."""
    items: list[QueueItem] = []
    for receipt in DeckReceipt.objects.filter(casino=casino, locked_at__isnull=True):
        items.append(
            QueueItem(
                kind="receipt",
                pk=receipt.pk,
                title=_("Card receipt %(serial)s") % {"serial": receipt.serial},
                url=reverse("tables:decks"),
                detail=_("%(n)s pack(s) delivered by security") % {"n": receipt.packs.count()},
                created_at=receipt.created_at,
                form="sign",
            )
        )
    return items


def void_items(actor: Actor) -> list[QueueItem]:
    """Slip voids another person asked for, to confirm."""
    items: list[QueueItem] = []
    for void in (
        SlipVoid.objects.filter(slip__casino=actor.casino, confirmation__isnull=True)
        .exclude(requested_by=actor.user)
        .select_related("slip__table", "requested_by")
    ):
        items.append(
            QueueItem(
                kind="void",
                pk=void.pk,
                title=_("Void: %(slip)s") % {"slip": cage_selectors.slip_number_label(void.slip)},
                table=str(void.slip.table),
                url=reverse("cage:slips"),
                detail=f"{void.reason} · {void.requested_by}",
                urgent=True,
                created_at=void.requested_at,
                form="confirm",
            )
        )
    return items


def hand_items(actor: Actor) -> list[QueueItem]:
    """Invalid hands to review, and hand corrections waiting for the pit boss."""

    items: list[QueueItem] = []
    for hand in hand_selectors.unresolved_invalid_hands(actor)[:50]:
        corrections = list(hand.corrections.order_by("-created_at", "-id"))
        items.append(
            QueueItem(
                kind="hand",
                pk=hand.pk,
                title=_("Invalid hand %(number)s") % {"number": hand.number},
                table=str(hand.table),
                url=reverse("hands:detail", args=[hand.pk]),
                # The violations in words (issue 13 §5); the codes stay in the hand.
                detail=", ".join(
                    code_label("violation", v.code)
                    for v in hand.violation_rows.all()
                    if v.severity == "error"
                ),
                urgent=True,
                created_at=hand.recorded_at,
                form="review" if corrections else "link",
                correction=corrections[0].pk if corrections else None,
            )
        )
    # Issue 38 §3, HREC-09: a closed hand's correction made after the next hand started
    # counts once the pit boss signs it.
    for approval in hand_selectors.corrections_to_sign(actor)[:50]:
        correction = approval.correction
        items.append(
            QueueItem(
                kind="hand",
                pk=approval.hand_id,
                title=_("Correction of hand %(number)s") % {"number": approval.hand.number},
                table=str(approval.hand.table),
                url=reverse("hands:detail", args=[approval.hand_id]),
                detail=f"{correction.reason} · {correction.created_by.get_full_name() or correction.created_by}",
                urgent=True,
                created_at=approval.created_at,
                form="review",
                correction=correction.pk,
            )
        )
    return items


def proposal_items(casino: Casino) -> list[QueueItem]:
    """Sanction proposals not yet imposed."""
    items: list[QueueItem] = []
    for proposal in SanctionEntry.objects.filter(
        casino=casino, kind=SanctionEntry.Kind.PROPOSAL, impositions__isnull=True
    ).select_related("table"):
        items.append(
            QueueItem(
                kind="proposal",
                pk=proposal.pk,
                title=_("Sanction proposed for %(player)s") % {"player": proposal.player_label},
                table=str(proposal.table) if proposal.table_id else "",
                url=reverse("tables:sanction", args=[proposal.pk]),
                created_at=proposal.at,
                form="link",
            )
        )
    return items
