"""Write: prepared hands stored with bulk inserts, their seats handed to the seating.

A hand, its verdict, its seats, its violations and its irregularities (each an
append-only row), then the seats the admitted hands changed (``tables.services.seating``,
the one owner of the stack between hands).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from django.utils import timezone

from casino.access import Actor
from casino.hotqueries import hot_insert
from tables.services.seating import seats_write_after_hands

from ... import adapter
from ...models import Hand, HandIrregularity, HandSeat, HandVerdict, HandViolation
from .book import ZERO, SessionBook
from .prepare import Prepared


def write(book: SessionBook, actor: Actor, batch: list[Prepared]) -> list[Hand]:
    """Store prepared hands (bulk inserts) and keep the book's seat memory in step."""
    if not batch:
        return []
    now = timezone.now()
    hands = [_hand_row(book, actor, p, now) for p in batch]
    # The session row is locked and ``prepare`` refused a number already taken, so the
    # unique constraint is only the database's backstop here (no savepoint needed).
    hot_insert(hands)  # the ORM's INSERTs, built once (issue 43)
    verdicts = []
    seats = []
    violations = []
    irregularities = []
    for p, hand in zip(batch, hands, strict=True):
        p.hand = hand
        verdicts.append(_verdict_row(hand, p, now))
        seats.extend(_seat_rows(hand, p))
        violations.extend(_violation_rows(hand, p))
        irregularities.extend(_irregularity_rows(hand, p, actor))
    hot_insert(verdicts)
    hot_insert(seats)
    hot_insert(violations)
    hot_insert(irregularities)
    _attach(hands, verdicts, seats, irregularities)
    _flush_seats(book)
    return hands


def _hand_row(book: SessionBook, actor: Actor, p: Prepared, now: datetime) -> Hand:
    session = book.session
    return Hand(
        casino_id=session.casino_id,
        table=session.table,
        session=session,
        gaming_day=session.gaming_day,
        settings=p.settings,
        number=p.number,
        revision_of=p.revision_of,
        redeal_of=p.redeal_of,
        structure=p.rules.structure,
        ruleset=adapter.ruleset_of(p.rules),
        dealer=p.dealer,
        recorded_by=actor.user,
        recorded_role=actor.role.value,
        source=p.source,
        import_job=p.import_job,
        started_at=p.started_at,
        ended_at=p.ended_at,
        recorded_at=now,
        button_seat=p.record["button"],
        chip_unit=book.unit,
        players_dealt=len(p.record["seats"]),
        record=p.record,
        status=p.status,
        engine_status=p.verdict.status,
        pot_total=p.verdict.pot_total,
        rake=p.verdict.rake,
        recorded_rake=(
            Decimal(p.record["result"]["rake"]) if "rake" in p.record["result"] else None
        ),
        notes=p.notes,
    )


def _verdict_row(hand: Hand, p: Prepared, now: datetime) -> HandVerdict:
    v = p.verdict
    return HandVerdict(
        hand=hand,
        engine_tag=adapter.ENGINE_TAG,
        status=p.status,
        engine_status=v.status,
        violations=[x.as_dict() for x in p.violations],
        pots=[pot.as_dict() for pot in v.pots],
        rake=v.rake,
        payouts={str(k): str(x) for k, x in v.payouts.items()},
        finishing={str(k): str(x) for k, x in v.finishing.items()},
        returned={str(k): str(x) for k, x in v.returned.items() if x},
        showdown_order=list(v.showdown_order),
        rulings={str(k): x for k, x in p.built.rulings.items()},
        carry_out=list(v.carry_out),
        computed_at=now,
    )


def _seat_rows(hand: Hand, p: Prepared) -> list[HandSeat]:
    v = p.verdict
    labels = adapter.positions(p.built.order)
    seats = []
    for s in p.record["seats"]:
        seat = s["seat"]
        seats.append(
            HandSeat(
                hand=hand,
                seat=seat,
                position=labels.get(seat, ""),
                player=p.players.get(seat),
                name=s.get("name") or "",
                starting_stack=Decimal(s["stack"]),
                finishing_stack=v.finishing.get(seat, Decimal(s["stack"])),
                won=v.payouts.get(seat, ZERO) + v.returned.get(seat, ZERO),
                penalised=seat in p.penalised,
            )
        )
    return seats


def _violation_rows(hand: Hand, p: Prepared) -> list[HandViolation]:
    return [
        HandViolation(
            hand=hand,
            code=x.code,
            action_index=x.action,
            field=(x.field or "")[:64],
            source=x.source,
            severity=x.severity,
            message_es=x.message_es,
            message_en=x.message_en,
        )
        for x in p.violations
    ]


def _irregularity_rows(hand: Hand, p: Prepared, actor: Actor) -> list[HandIrregularity]:
    irregularities = []
    for irr in p.built.irregularities:
        facts = irr["facts"]
        irregularities.append(
            HandIrregularity(
                hand=hand,
                action_index=irr["action_index"],
                kind=irr["kind"],
                seat=irr["seat"],
                street=irr["street"],
                facts=facts,
                outcome=irr["outcome"],
                rule_ids=",".join(irr["rule_ids"])[:200],
                ruling=irr["ruling"],
                ruleset=hand.ruleset,
                decided_by=actor.user,
                escalated_to=str(facts.get("escalated_to") or "")[:16],
                override_reason=str(facts.get("override_reason") or ""),
            )
        )
    return irregularities


def _attach(
    hands: list[Hand],
    verdicts: list[HandVerdict],
    seats: list[HandSeat],
    irregularities: list[HandIrregularity],
) -> None:
    """Give the new hands their (append-only) related rows, so showing them needs no query."""
    by_hand: dict[int, dict[str, list[Any]]] = {
        h.pk: {"seats": [], "irregularities": []} for h in hands
    }
    for row in seats:
        by_hand[row.hand_id]["seats"].append(row)
    for irr in irregularities:
        by_hand[irr.hand_id]["irregularities"].append(irr)
    for hand, verdict in zip(hands, verdicts, strict=True):
        hand._state.fields_cache["verdict"] = verdict
        cache: dict[str, Any] = {}
        for name, model in (("seats", HandSeat), ("irregularities", HandIrregularity)):
            qs: Any = model.objects.filter(hand_id=hand.pk)  # the ORM's prefetch state
            qs._result_cache = by_hand[hand.pk][name]
            qs._prefetch_done = True
            cache[name] = qs
        hand._prefetched_objects_cache = cache  # type: ignore[attr-defined]  # set by prefetch


def _flush_seats(book: SessionBook) -> None:
    """Hand the seats the admitted hands changed to the seating's owner (issue 13 §1)."""
    touched, events = book.touched, book.events
    book.touched, book.events = {}, []
    seats_write_after_hands(book.session, touched, events)
