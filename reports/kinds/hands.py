"""Hand history: one hand, or a session's hands, invalid hands first (RPT-12).

Per hand: table, number, times, dealer, button, the seats with their stacks
before and after, the board, every action in order, the pots with their
eligible seats, winners and rake, the payouts and the stored verdict with its
violations, corrections and the pit boss's review. The verdict printed is the
one stored with the hand (issue 4 §3), never recomputed.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from django.db.models import Case, IntegerField, QuerySet, Value, When

from casino.access import Actor
from casino.errors import DomainError
from casino.formatting import es_amounts
from casino.models import Casino
from hands.labels import ACTIONS
from hands.labels import AWARD_REASON_WORDS as AWARD_REASONS
from hands.models import Hand, HandReview, HandStatus
from hands.presenters import revision_chain

from ..access import require_session_scope, resolve_session
from ..codes import ReportsCode
from ..formatting import day as day_text
from ..formatting import money
from ..params import HandParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name

SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
STREETS = (("Preflop", "Preflop"), ("Flop", "Flop"), ("Turn", "Turn"), ("River", "River"))
STATUS: dict[str, tuple[str, str]] = {
    HandStatus.VALID: ("VÁLIDA", "VALID"),
    HandStatus.INVALID: ("INVÁLIDA", "INVALID"),
    HandStatus.VOID: ("ANULADA", "VOID"),
}


def cards(text: str | None) -> str:
    """``AsKd`` -> ``A♠ K♦`` (ten as T; unknown cards as ??)."""
    text = (text or "").replace(" ", "")
    out = []
    for i in range(0, len(text) - 1, 2):
        rank, suit = text[i], text[i + 1].lower()
        out.append(f"{rank}{SUITS.get(suit, suit)}")
    return " ".join(out)


def _actions(record: dict[str, Any], lang: str) -> tuple[list[dict[str, Any]], list[str]]:
    streets: list[dict[str, Any]] = [{"name": bilingual(lang, *STREETS[0]), "steps": []}]
    board: list[str] = []
    for entry in record.get("actions") or ():
        kind = entry.get("action")
        if kind == "board":
            board.append(cards(entry.get("cards")))
            index = min(len(streets), len(STREETS) - 1)
            streets.append(
                {
                    "name": bilingual(lang, *STREETS[index]) + f": {cards(entry.get('cards'))}",
                    "steps": [],
                }
            )
            continue
        if kind == "award":  # SHOW-14, issue 38 §2: who the croupier pushed a pot to
            seats = ", ".join(str(x) for x in entry.get("seats") or ())
            pot = int(entry.get("pot") or 0)
            text = bilingual(
                lang,
                f"Bote {'principal' if pot == 0 else f'lateral {pot}'} al asiento {seats}",
                f"{'Main' if pot == 0 else f'Side {pot}'} pot to seat {seats}",
            )
            reason = AWARD_REASONS.get(entry.get("reason") or "")
            if reason:
                text += f" ({bilingual(lang, *reason)})"
            streets[-1]["steps"].append(text)
            continue
        # The floor's one word for each action (``hands.labels.ACTIONS``): the page's and
        # the PDF's alike, in the report's language (rendered under its translation).
        verb = str(ACTIONS[kind]) if kind in ACTIONS else str(kind)
        seat = entry.get("seat")
        text = f"{bilingual(lang, 'Asiento', 'Seat')} {seat} {verb}" if seat else verb
        if entry.get("amount"):
            text += f" {money(entry['amount'], lang)}"
        if entry.get("cards") and kind == "show":
            text += f" {cards(entry['cards'])}"
        if entry.get("reason"):
            text += f" ({entry['reason']})"
        streets[-1]["steps"].append(text)
    return streets, board


def seat_players(session_id: int) -> dict[int, list[tuple[Any, str]]]:
    """Per seat, the players the cage's table card seated there, by time (BUYIN-06)."""
    from cage.models import TableTransaction, TransactionKind

    out: dict[int, list[tuple[Any, str]]] = {}
    for seat, at, player, player_name in (
        TableTransaction.objects.filter(
            session_id=session_id, kind=TransactionKind.BUYIN, sign=1, seat__isnull=False
        )
        .order_by("recorded_at", "id")
        .values_list("seat", "recorded_at", "player__display_name", "player_name")
    ):
        if seat is not None:  # always (the filter); the column may be empty
            out.setdefault(seat, []).append((at, player or player_name))
    return out


def _player_at(players: dict[int, list[tuple[Any, str]]], seat: int, at: Any) -> str:
    named = [who for when, who in players.get(seat, []) if when <= at and who]
    return named[-1] if named else ""


def hand_data(
    hand: Hand, lang: str, players: dict[int, list[tuple[Any, str]]] | None = None
) -> dict[str, Any]:
    verdict = hand.verdict
    record = hand.record or {}
    streets, board = _actions(record, lang)
    seats = list(hand.seats.all())
    hole = {s["seat"]: cards(s.get("cards")) for s in record.get("seats") or ()}
    for entry in record.get("actions") or ():  # the cards shown at the showdown
        if entry.get("action") == "show" and entry.get("cards") and not hole.get(entry["seat"]):
            hole[entry["seat"]] = cards(entry["cards"])
    try:
        review: HandReview | None = hand.review
    except HandReview.DoesNotExist:
        review = None
    corrections = list(hand.corrections.all())
    return {
        "id": hand.pk,
        "number": hand.number,
        "table": hand.table.number,
        "session": hand.session.number,
        "revision_of": hand.revision_of_id,
        "started_at": hand.started_at,
        "ended_at": hand.ended_at,
        "dealer": name(hand.dealer),
        "recorded_by": name(hand.recorded_by),
        "button": hand.button_seat,
        "structure": hand.structure,
        "ruleset": hand.ruleset.upper(),
        "status": hand.status,
        "status_label": bilingual(lang, *STATUS.get(hand.status, (hand.status, hand.status))),
        "pot_total": hand.pot_total,
        "rake": hand.rake,
        "recorded_rake": hand.recorded_rake,
        "seats": [
            {
                "seat": s.seat,
                "position": s.position,
                "name": s.name
                or (s.player.display_name if s.player else "")
                or _player_at(players or {}, s.seat, hand.started_at),
                "cards": hole.get(s.seat, ""),
                "start": s.starting_stack,
                "finish": s.finishing_stack,
                "won": s.won,
                "net": s.finishing_stack - s.starting_stack,
            }
            for s in seats
        ],
        "board": " ".join(board),
        "streets": streets,
        "pots": [
            {
                "amount": Decimal(p["amount"]),
                "eligible": ", ".join(str(x) for x in p.get("eligible", [])),
                "winners": ", ".join(str(x) for x in p.get("winners", [])),
                "rake": Decimal(p.get("rake") or "0"),
            }
            for p in verdict.pots
        ],
        "payouts": sorted(
            ((int(seat), Decimal(amount)) for seat, amount in (verdict.payouts or {}).items()),
        ),
        "violations": [
            {
                "code": v.code,
                # The engine words amounts as it keeps them (539.00): the casino's format.
                "message": v.message_en if lang == "en" else es_amounts(v.message_es),
                "action": v.action_index,
                "severity": v.severity,
            }
            for v in hand.violation_rows.all()
        ],
        # HREC-09, issue 38 §3: the revision chain, who, when and why, and whether each
        # revision counts (signed, waiting for the pit boss, or at once).
        "corrections": [
            {
                "kind": str(c["kind_label"]),
                "reason": c["reason"],
                "by": name(c["by"]),
                "at": c["at"],
                "revision": c["revision"].pk if c["revision"] else None,
                "revision_status": bilingual(
                    lang, *STATUS.get(c["revision"].status, (c["revision"].status,) * 2)
                )
                if c["revision"]
                else "",
                "state": c["state"],
                "signed_by": name(c["signed_by"]) if c["signed_by"] else "",
                "signed_at": c["signed_at"],
            }
            for c in (revision_chain(hand) if corrections else [])
        ],
        "reviewed": bool(review and review.is_locked),
    }


def hands_queryset(casino: Casino, params: dict[str, Any]) -> QuerySet[Hand]:
    qs = Hand.objects.filter(casino=casino).select_related(
        "table", "session", "dealer", "recorded_by", "verdict", "review"
    )
    if params.get("hand"):
        return qs.filter(pk=params["hand"])
    session = resolve_session(casino, params)
    qs = qs.filter(session=session)
    if params.get("first"):
        qs = qs.filter(number__gte=params["first"])
    if params.get("last"):
        qs = qs.filter(number__lte=params["last"])
    # RPT-12 / issue 7: invalid hands first, then void, then valid, each by number.
    rank = Case(
        When(status=HandStatus.INVALID, then=Value(0)),
        When(status=HandStatus.VOID, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    return qs.annotate(rank=rank).order_by("rank", "number", "id")


def iter_hands(qs: QuerySet[Hand], lang: str) -> Iterator[dict[str, Any]]:
    qs = qs.prefetch_related("seats__player", "violation_rows", "corrections__created_by")
    players: dict[int, dict[int, list[tuple[Any, str]]]] = {}
    for hand in qs.iterator(chunk_size=200):
        if hand.session_id not in players:
            players[hand.session_id] = seat_players(hand.session_id)
        yield hand_data(hand, lang, players[hand.session_id])


def build(ctx: BuildContext) -> dict[str, Any]:
    qs = hands_queryset(ctx.casino, ctx.params)
    first = qs.first()
    if first is None:
        if ctx.params.get("hand"):
            raise DomainError.of(ReportsCode.HAND_NOT_FOUND)
    counts = {s: qs.filter(status=s).count() for s in HandStatus.values}
    ctx.progress(20, "hands")
    scope = ""
    if first is not None:
        scope = (
            f"{bilingual(ctx.lang, 'Mesa', 'Table')} {first.table.number} · "
            f"{day_text(first.session.gaming_day.business_date, ctx.lang)} · "
            f"{bilingual(ctx.lang, 'sesión', 'session')} {first.session.number}"
        )
    return {
        "hands": iter_hands(qs, ctx.lang),
        "counts": counts,
        "total": sum(counts.values()),
        "first": first,
        "header_scope": scope,
    }


def access(actor: Actor, params: dict[str, Any]) -> None:
    if params.get("hand"):
        hand = (
            Hand.objects.select_related("session__table__sector")
            .filter(casino=actor.casino, pk=params["hand"])
            .first()
        )
        if hand is None:
            raise DomainError.of(ReportsCode.HAND_NOT_FOUND)
        require_session_scope(actor, hand.session)
        return
    require_session_scope(actor, resolve_session(actor.casino, params))


register(
    ReportSpec(
        kind="hands",
        title_es="Historial de manos",
        title_en="Hand history",
        template="pdf/hands.html",
        params=HandParams,
        build=build,
        access=access,
        description_es="Una mano o las manos de una sesión, con cartas comunitarias, acciones, "
        "pozos, comisión, pagos y veredicto; primero las inválidas (RPT-12).",
        description_en="One hand or a session's hands with board, actions, pots, rake, payouts "
        "and verdict; invalid hands first (RPT-12).",
    )
)
