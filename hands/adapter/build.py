"""A normalised record built into the engine's ``Hand``: observed facts through
``poker.rulings``, declared irregularities through ``poker.irregularities``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from casino.errors import DomainError, ValidationFailed
from poker.cards import format_card
from poker.irregularities import (
    BurnError,
    HandContext,
    Irregularity,
    IrregularityKind,
    Outcome,  # noqa: F401  (re-exported: the API publishes its values)
    decide,
    irregularity_actions,
)
from poker.machine import BETTING, OVER, SHOWDOWN, Machine
from poker.model import (
    UNKNOWN_CARD,
    Action,
    ActionKind,
    CarriedPot,
    PotAward,
    Variant,
    VoidReason,
)
from poker.model import Hand as EngineHand
from poker.rulings import BettingContext, EffectiveKind, ObservedAction, Word, interpret
from poker.rulings import Status as RulingStatus
from poker.rulings import effective_actions as _effective_actions
from poker.rulings_common import ConductCode, Street
from tables.codes import TablesCode

from ..codes import HandsCode
from .profile import Rules, phh_order
from .record import _same_player, normalise_carried
from .units import _VARIANTS, AWARD_REASONS, VOID_REASONS, money_text, parse_cards_text, units

# ---------------------------------------------------------------------------
# Building an engine hand from a record


@dataclass(slots=True)
class Built:
    """An engine hand built from a record, with the maps back to the record."""

    hand: EngineHand
    machine: Machine  # replayed up to the last action (live state)
    order: tuple[int, ...]  # seats in PHH order
    index_of: dict[int, int]  # seat -> player index
    origin: list[tuple[int | None, str | None]]  # engine action -> (record action, field)
    rulings: dict[int, dict[str, Any]]  # record action index -> ruling (observed facts)
    irregularities: list[dict[str, Any]]  # declared irregularities with their rulings
    dead_post: dict[int, int]  # seat -> dead blind (units)
    # Carried pots with nobody eligible in this hand, passed on unchanged (POT-09).
    carry_through: tuple[dict[str, Any], ...] = ()
    people: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat -> who sat there
    # SHOW-14: the floor's awards, pot -> (seats, reason, record action index).
    awards: dict[int, tuple[tuple[int, ...], str, int]] = field(default_factory=dict)


class _Builder:
    __slots__ = (
        "record",
        "rules",
        "unit",
        "order",
        "index_of",
        "machine",
        "actions",
        "origin",
        "rulings",
        "irregularities",
        "seen",
        "dup_declared",
        "lenient",
        "forced",
        "forfeits",
        "carry_through",
        "people",
        "awards",
    )

    def __init__(self, record: Mapping[str, Any], rules: Rules, *, lenient: bool) -> None:
        self.record = record
        self.rules = rules
        self.unit = rules.chip_unit
        self.lenient = lenient
        self.actions: list[Action] = []
        self.origin: list[tuple[int | None, str | None]] = []
        self.rulings: dict[int, dict[str, Any]] = {}
        self.irregularities: list[dict[str, Any]] = []
        self.seen: set[int] = set()
        self.forced: tuple[tuple[int, int], ...] = ()
        self.forfeits: set[int] = set()  # players whose chips a void keeps (IRREG-03)
        self.carry_through: tuple[dict[str, Any], ...] = ()
        self.people: dict[int, dict[str, Any]] = {}
        self.awards: dict[int, tuple[tuple[int, ...], str, int]] = {}
        # IRREG-03: two identical cards are a fact, not a typing error, when the floor
        # declared them (the irregularity, or a void for that reason).
        self.dup_declared = any(
            (a.get("irregularity") or {}).get("kind") == IrregularityKind.DUPLICATE_CARDS.value
            if a.get("action") == "irregularity"
            else a.get("action") == "void" and a.get("reason") == VoidReason.DUPLICATE_CARD.value
            for a in record.get("actions") or ()
        )

    # -- cards -------------------------------------------------------------
    def see(self, cards: Sequence[int], field_name: str) -> None:
        for c in cards:
            if c < 0:
                continue
            if c in self.seen and not self.dup_declared:
                # HREC-05: a duplicate is a typing error unless the floor declared the
                # irregularity (IRREG-03), which then opens its own workflow.
                raise DomainError.of(
                    HandsCode.CARD_DUPLICATE, field=field_name, details={"card": format_card(c)}
                )
            self.seen.add(c)

    # -- seats -------------------------------------------------------------
    def player(self, seat: Any, field_name: str) -> int:
        try:
            return self.index_of[int(seat)]
        except (KeyError, TypeError, ValueError):
            raise DomainError.of(
                HandsCode.SEAT_NOT_IN_HAND, seat=seat, field=field_name, details={"seat": seat}
            ) from None

    def push(self, action: Action, origin: int | None, field_name: str | None) -> None:
        index = len(self.actions)
        self.actions.append(action)
        self.origin.append((origin, field_name))
        self.machine.apply(action, index)

    def build(self) -> Built:
        rec = self.record
        rules = self.rules
        unit = self.unit
        by_seat = self._seats(rec)
        order, position_of = self._order(rec, by_seat)
        n = len(order)
        blinds = rec.get("blinds") or {}
        stacks, antes, forced, dead_post, big = self._posts(blinds, by_seat, order, position_of)
        structure = rec.get("structure") or rules.structure
        if structure not in _VARIANTS:
            raise DomainError.of(
                HandsCode.STRUCTURE_INVALID,
                problem=DomainError.of(HandsCode.BETTING_STRUCTURE_UNKNOWN, structure=structure),
                field="structure",
            )
        variant = _VARIANTS[structure]
        self.forced = tuple(
            (order[i], antes[i] + abs(forced[i])) for i in range(n) if antes[i] or forced[i]
        )
        if n == 2:
            # PHH reverse-assigns heads-up antes as it does the blinds (OQ-32): the list the
            # engine reads names the big blind's ante second (a big-blind ante, issue 42).
            antes = antes[::-1]
        small_bet = big_bet = min_bet = None
        if variant is Variant.FIXED_LIMIT:
            small_bet = units(blinds.get("small_bet") or big or 0, "blinds.small_bet", unit)
            big_bet = units(blinds.get("big_bet") or 2 * small_bet, "blinds.big_bet", unit)
        else:
            min_bet = big
        self.people = {
            seat: {
                "seat": seat,
                "player": None if s.get("player") is None else int(s["player"]),
                "name": str(s.get("name") or ""),
            }
            for seat, s in by_seat.items()
        }
        carry_in = self.carried(rec.get("carry_in") or (), by_seat)
        self.machine = Machine(
            variant,
            stacks,
            antes,
            forced,
            min_bet=min_bet,
            small_bet=small_bet,
            big_bet=big_bet,
            chip_unit=unit,
            profile=rules.profile,
            carry_in=carry_in,
        )
        self._deal(by_seat, order, position_of)
        for i, entry in enumerate(rec.get("actions") or ()):
            self.action(i, entry)
        awards = tuple(
            PotAward(pot, tuple(sorted(self.index_of[seat] for seat in seats)))
            for pot, (seats, _reason, _i) in sorted(self.awards.items())
        )
        self.machine.awards = {a.pot: a.winners for a in awards}
        finishing, rake = _declared_result(rec, order)
        hand = EngineHand(
            variant=variant,
            starting_stacks=tuple(stacks),
            antes=tuple(antes),
            blinds_or_straddles=tuple(forced),
            actions=tuple(self.actions),
            min_bet=min_bet,
            small_bet=small_bet,
            big_bet=big_bet,
            seats=order,
            players=_names(by_seat, order),
            finishing_stacks=finishing,
            rake=rake,
            chip_unit=unit,
            scale=2,
            carry_in=carry_in,
            forfeits=tuple(sorted(self.forfeits)),
            awards=awards,
        )
        return Built(
            hand,
            self.machine,
            order,
            self.index_of,
            self.origin,
            self.rulings,
            self.irregularities,
            dead_post,
            self.carry_through,
            self.people,
            dict(self.awards),
        )

    def _seats(self, rec: Mapping[str, Any]) -> dict[int, Mapping[str, Any]]:
        """The seats dealt in, by number: 2 to 10 of them, each once."""
        seats = rec.get("seats") or []
        if not 2 <= len(seats) <= 10:
            raise DomainError.of(HandsCode.SEATS_COUNT, field="seats")
        by_seat: dict[int, Mapping[str, Any]] = {}
        for k, s in enumerate(seats):
            seat = int(s["seat"])
            if not 1 <= seat <= 10 or seat in by_seat:
                raise DomainError.of(
                    TablesCode.SEAT_INVALID, max_seats=10, field=f"seats[{k}].seat"
                )
            by_seat[seat] = s
        return by_seat

    def _order(
        self, rec: Mapping[str, Any], by_seat: dict[int, Mapping[str, Any]]
    ) -> tuple[tuple[int, ...], dict[int, int]]:
        """The seats in PHH order from the button, and each seat's place in the record."""
        seats = rec.get("seats") or []
        button = int(rec["button"])
        if button not in by_seat:
            raise DomainError.of(HandsCode.BUTTON_SEAT_EMPTY, button=button, field="button")
        order = phh_order(by_seat, button)
        self.order = order
        self.index_of = {seat: i for i, seat in enumerate(order)}
        position_of = {seat: k for k, seat in enumerate(s["seat"] for s in seats)}
        return order, position_of

    def _posts(
        self,
        blinds: Mapping[str, Any],
        by_seat: dict[int, Mapping[str, Any]],
        order: tuple[int, ...],
        position_of: dict[int, int],
    ) -> tuple[list[int], list[int], list[int], dict[int, int], int]:
        """Stacks, antes (with dead posts), blinds or straddles (a live post negative) in
        PHH order, the dead posts by seat, and the big blind in units."""
        unit = self.unit
        n = len(order)
        small = units(blinds.get("small") or 0, "blinds.small", None)
        big = units(blinds.get("big") or 0, "blinds.big", None)
        ante = units(blinds.get("ante") or 0, "blinds.ante", None)
        straddle = units(blinds.get("straddle") or 0, "blinds.straddle", unit)
        stacks = []
        antes = []
        forced = [0] * n
        forced[0] = small
        forced[1] = big
        if n == 2:
            # PHH lists heads-up blinds as (SB, BB) and reverse-assigns them (OQ-32).
            forced = [small, big]
        if straddle:
            if n < 4:
                raise DomainError.of(HandsCode.STRADDLE_SEAT, field="blinds.straddle")
            forced[2] = straddle
        dead_post: dict[int, int] = {}
        for i, seat in enumerate(order):
            s = by_seat[seat]
            k = position_of[seat]
            stack = units(s["stack"], f"seats[{k}].stack", unit)
            if stack <= 0:
                raise DomainError.of(
                    HandsCode.STACK_NOT_POSITIVE, seat=seat, field=f"seats[{k}].stack"
                )
            stacks.append(stack)
            dead = units(s.get("dead_post") or 0, f"seats[{k}].dead_post", unit)
            antes.append(ante + dead)
            if dead:
                dead_post[seat] = dead
            post = units(s.get("post") or 0, f"seats[{k}].post", unit)
            if post:
                if forced[i] and n > 2:
                    raise DomainError.of(
                        HandsCode.POST_ON_BLIND, seat=seat, field=f"seats[{k}].post"
                    )
                forced[i] = -post  # a live post by a new or returning player (SEAT-05)
        return stacks, antes, forced, dead_post, big

    def _deal(
        self,
        by_seat: dict[int, Mapping[str, Any]],
        order: tuple[int, ...],
        position_of: dict[int, int],
    ) -> None:
        """The hole cards, then a penalised player's dead hand (SANC-13)."""
        # Hole cards: dealt one per player in PHH order (DEAL-01); unknown cards as "??".
        for seat in order:
            s = by_seat[seat]
            k = position_of[seat]
            text = s.get("cards") or ""
            cards = parse_cards_text(text, f"seats[{k}].cards") if text else ()
            if not cards:
                cards = (UNKNOWN_CARD, UNKNOWN_CARD)
            elif len(cards) != 2 and not self.lenient:
                raise DomainError.of(
                    HandsCode.HOLE_CARDS_COUNT, seat=seat, field=f"seats[{k}].cards"
                )
            self.see(cards, f"seats[{k}].cards")
            self.push(Action.deal_hole(self.index_of[seat], cards), None, f"seats[{k}].cards")
        # SANC-13: a penalised player is dealt in and posts, and the hand is dead at once.
        for seat in order:
            s = by_seat[seat]
            if s.get("penalised"):
                self.push(Action.dead(self.index_of[seat]), None, f"seats[{position_of[seat]}]")

    def carried(
        self, entries: Sequence[Mapping[str, Any]], by_seat: Mapping[int, Mapping[str, Any]]
    ) -> tuple[CarriedPot, ...]:
        """The pots carried into this hand (POT-09), open to the voided hand's players
        who are in it; a pot with none of them here is passed on unchanged."""
        pots: list[CarriedPot] = []
        through: list[dict[str, Any]] = []
        for k, entry in enumerate(normalise_carried(entries)):
            amount = units(entry["amount"], f"carry_in[{k}].amount", None)
            if amount <= 0:
                raise DomainError.of(HandsCode.CARRY_IN_INVALID, field=f"carry_in[{k}].amount")
            eligible = tuple(
                sorted(
                    self.index_of[e["seat"]]
                    for e in entry["eligible"]
                    if e["seat"] in by_seat and _same_player(e, by_seat[e["seat"]])
                )
            )
            if eligible:
                pots.append(CarriedPot(amount, eligible))
            else:
                through.append(entry)
        self.carry_through = tuple(through)
        return tuple(pots)

    def forfeit(self, seats: Iterable[Any], field_name: str) -> None:
        """IRREG-03: these seats knew of two identical cards and still bet or raised: if
        the hand is void their chips stay for the next hand."""
        for seat in seats:
            self.forfeits.add(self.player(seat, field_name))
        self.machine.forfeits = tuple(sorted(self.forfeits))

    # -- one record action -------------------------------------------------
    def action(self, i: int, entry: Mapping[str, Any]) -> None:
        kind = entry.get("action")
        f = f"actions[{i}]"
        m = self.machine
        if kind == "board":
            cards = parse_cards_text(entry.get("cards") or "", f"{f}.cards", allow_unknown=False)
            if not cards:
                raise DomainError.of(HandsCode.BOARD_CARDS_MISSING, field=f"{f}.cards")
            self.see(cards, f"{f}.cards")
            self.push(Action.deal_board(cards), i, f)
            return
        if kind == "void":
            reason = entry.get("reason") or VoidReason.MISDEAL.value
            if reason not in VOID_REASONS:
                reason = VoidReason.OTHER.value
            if entry.get("forfeits"):
                self.forfeit(entry["forfeits"], f"{f}.forfeits")
            self.push(Action.void(VoidReason(reason)), i, f)
            return
        if kind == "irregularity":
            self.irregularity(i, entry)
            return
        if kind == "award":
            self.award(i, entry)
            return
        player = self.player(entry.get("seat"), f"{f}.seat")
        if kind == "fold":
            self.push(Action.fold(player), i, f)
        elif kind == "check":
            self.push(Action.check(player), i, f)
        elif kind == "call":
            self.push(Action.call(player), i, f)
        elif kind in ("bet", "raise"):
            if entry.get("amount") is None:
                raise DomainError.of(HandsCode.AMOUNT_REQUIRED, field=f"{f}.amount")
            to = units(entry["amount"], f"{f}.amount", None)
            available = m.stacks[player] + m.bets[player]
            if to != available and to % self.unit:
                # BET-02: only an all-in may be something else than whole chips.
                units(entry["amount"], f"{f}.amount", self.unit)
            self.push(Action.bet_raise(player, to), i, f)
        elif kind == "all_in":
            if m.phase == BETTING:
                available = m.stacks[player] + m.bets[player]
                if available > m.current_bet:
                    self.push(Action.bet_raise(player, available), i, f)
                    return
            self.push(Action.call(player), i, f)
        elif kind == "show":
            text = entry.get("cards") or ""
            cards = parse_cards_text(text, f"{f}.cards") if text else ()
            dealt = m.hole[player] or ()
            fresh = [c for c in cards if c >= 0 and c not in dealt]
            self.see(fresh, f"{f}.cards")
            self.push(Action.show(player, cards), i, f)
        elif kind == "muck":
            self.push(Action.muck(player), i, f)
        elif kind == "dead":
            self.push(Action.dead(player), i, f)
        elif kind == "observed":
            self.observed(i, entry, player)
        else:
            raise DomainError.of(TablesCode.ACTION_UNKNOWN, action=kind, field=f"{f}.action")

    def award(self, i: int, entry: Mapping[str, Any]) -> None:
        """SHOW-14, issue 38 §2: the seats the croupier pushed one pot to, once the hand is
        over. A pot whose cards do not say who won it for certain needs the reason the
        floor decided it (``AWARD_REASONS``); the engine then pays it as recorded."""
        f = f"actions[{i}]"
        m = self.machine
        if m.phase not in (SHOWDOWN, OVER) or m.incomplete_reason() is not None:
            raise DomainError.of(
                HandsCode.AWARD_INVALID,
                problem=DomainError.of(HandsCode.AWARD_BEFORE_HAND_END),
                field=f,
            )
        pot = entry.get("pot")
        settled = m.copy()
        settled.awards = {}
        pots = settled.settle(finished=True).pots
        if type(pot) is not int or not 0 <= pot < len(pots):
            raise DomainError.of(
                HandsCode.AWARD_INVALID,
                problem=DomainError.of(HandsCode.AWARD_POT_UNKNOWN, pot=pot),
                field=f"{f}.pot",
            )
        if pot in self.awards:
            raise DomainError.of(
                HandsCode.AWARD_INVALID,
                problem=DomainError.of(HandsCode.AWARD_ALREADY_RECORDED),
                field=f"{f}.pot",
            )
        seats = sorted({int(s) for s in entry.get("seats") or ()})
        if not seats:
            raise DomainError.of(
                HandsCode.AWARD_INVALID,
                problem=DomainError.of(HandsCode.AWARD_SEATS_REQUIRED),
                field=f"{f}.seats",
            )
        eligible = {self.order[p] for p in pots[pot].eligible}
        for seat in seats:
            self.player(seat, f"{f}.seats")
            if seat not in eligible:
                raise DomainError.of(
                    HandsCode.AWARD_INVALID,
                    problem=DomainError.of(HandsCode.AWARD_SEAT_NOT_CONTESTING, seat=seat),
                    field=f"{f}.seats",
                )
        reason = str(entry.get("reason") or "")
        if reason and reason not in AWARD_REASONS:
            raise DomainError.of(
                HandsCode.AWARD_INVALID,
                problem=DomainError.of(HandsCode.AWARD_REASON_UNKNOWN, reason=reason),
                field=f"{f}.reason",
            )
        if not reason and pot in settled.unread:
            raise DomainError.of(HandsCode.AWARD_REASON_REQUIRED, field=f"{f}.reason")
        self.awards[pot] = (tuple(seats), reason, i)

    def observed(self, i: int, entry: Mapping[str, Any], player: int) -> None:
        """HREC-03: the floor's facts become the effective action (rulings.md A-C)."""
        f = f"actions[{i}]"
        m = self.machine
        facts = dict(entry.get("observed") or {})
        if m.phase != BETTING:
            raise DomainError.of(HandsCode.OBSERVED_OUT_OF_BETTING, field=f"{f}.observed")
        try:
            amount = facts.get("amount")
            observed = ObservedAction(
                word=Word(facts.get("word") or "none"),
                amount=None if amount in (None, "") else units(amount, f"{f}.observed.amount"),
                amount_is_increment=bool(facts.get("amount_is_increment", False)),
                declared_before_chips=bool(facts.get("declared_before_chips", True)),
                chips=tuple(
                    units(c, f"{f}.observed.chips", self.unit) for c in facts.get("chips") or ()
                ),
                movements=int(facts.get("movements", 1)),
                first_movement_chips=facts.get("first_movement_chips"),
                released=bool(facts.get("released", True)),
                taps=int(facts.get("taps", 0)),
                in_turn=bool(facts.get("in_turn", player == m.next_actor())),
                players_acted_after=int(facts.get("players_acted_after", 0)),
                later_choice=Word(facts.get("later_choice") or "none"),
                cards_forward=bool(facts.get("cards_forward", False)),
                left_seat=bool(facts.get("left_seat", False)),
                deliberate=bool(facts.get("deliberate", False)),
            )
            context = self.betting_context(player)
            ruling = interpret(observed, context, self.rules.profile)
        except ValidationFailed:
            raise
        except (ValueError, TypeError) as exc:
            raise DomainError.of(
                HandsCode.OBSERVED_INVALID, exc=exc, field=f"{f}.observed"
            ) from None
        self.rulings[i] = {
            "kind": ruling.kind.value,
            "amount_to": money_text(ruling.amount_to),
            "chips_to_add": money_text(ruling.chips_to_add),
            "change": money_text(ruling.change),
            "status": ruling.status.value,
            "rule_ids": list(ruling.rule_ids),
            "requirement_ids": list(ruling.requirement_ids),
            "sources": list(ruling.sources),
            "explanation": {"es": ruling.explanation_es, "en": ruling.explanation_en},
            "sanction": None
            if ruling.sanction is None
            else {"conduct": ruling.sanction.conduct.value, "mandatory": ruling.sanction.mandatory},
        }
        if ruling.status is RulingStatus.INVALID or ruling.kind is EffectiveKind.NONE_YET:
            return  # the engine only proposes; nothing is played until the floor decides
        for action in _effective_actions(ruling, player, context):
            self.push(action, i, f)

    def betting_context(self, player: int) -> BettingContext:
        m = self.machine
        current = m.current_bet
        low, high = m.raise_bounds(player)
        if low <= current:
            low = current + self.unit
        fixed = m.variant is Variant.FIXED_LIMIT
        return BettingContext(
            to_call=min(m.to_call(player), current),
            current_bet=current,
            min_raise_to=low,
            stack=m.stacks[player],
            street=Street(min(m.street, 3)),
            max_raise_to=high if m.variant is Variant.POT_LIMIT and high >= low else None,
            limit_size=(high - current) if fixed else None,
            betting_open=m.may_raise(player) and not m.cap_reached(),
            chip_unit=self.unit,
        )

    def irregularity(self, i: int, entry: Mapping[str, Any]) -> None:
        """IRREG-14: the floor declares an irregularity; the engine rules on it."""
        f = f"actions[{i}].irregularity"
        facts = dict(entry.get("irregularity") or {})
        try:
            kind = IrregularityKind(str(facts.get("kind")))
        except ValueError:
            raise DomainError.of(
                HandsCode.IRREGULARITY_UNKNOWN, kind=facts.get("kind"), field=f"{f}.kind"
            ) from None
        seat = facts.get("seat", entry.get("seat"))
        if seat is not None and int(seat) not in self.index_of:
            self.player(seat, f"{f}.seat")
        try:
            irregularity = Irregularity(
                kind=kind,
                seat=None if seat is None else int(seat),
                cards=int(facts.get("cards", 1)),
                first_or_second_card=bool(facts.get("first_or_second_card", False)),
                partially_seen=bool(facts.get("partially_seen", False)),
                already_dealt=bool(facts.get("already_dealt", False)),
                in_hand=bool(facts.get("in_hand", True)),
                knowing_seats=tuple(int(s) for s in facts.get("knowing_seats") or ()),
                extra_card_was_burn=bool(facts.get("extra_card_was_burn", False)),
                exposed_by_dealer=bool(facts.get("exposed_by_dealer", False)),
                facing_bet=bool(facts.get("facing_bet", False)),
                threw_cards=bool(facts.get("threw_cards", False)),
                deliberate=bool(facts.get("deliberate", False)),
                burn_error=BurnError(facts["burn_error"]) if facts.get("burn_error") else None,
                board_exposed=bool(facts.get("board_exposed", False)),
                button_from=facts.get("button_from"),
                button_to=facts.get("button_to"),
                noticed_in_next_hand=bool(facts.get("noticed_in_next_hand", True)),
                amount=units(facts.get("amount") or 0, f"{f}.amount"),
                conduct=ConductCode(facts["conduct"]) if facts.get("conduct") else None,
                immediate_removal=bool(facts.get("immediate_removal", False)),
            )
        except (ValueError, TypeError) as exc:
            raise DomainError.of(HandsCode.IRREGULARITY_INVALID, exc=exc, field=f) from None
        ruling = decide(irregularity, self.hand_context(), self.rules.profile)
        street = min(self.machine.street, 3)
        self.irregularities.append(
            {
                "action_index": i,
                "kind": kind.value,
                "seat": irregularity.seat,
                "street": street,
                "facts": facts,
                "outcome": ruling.outcome.value,
                "ruling": {
                    "outcomes": [o.value for o in ruling.outcomes],
                    "dead_seats": list(ruling.dead_seats),
                    "refunds": [
                        {"seat": r.seat, "amount": money_text(r.amount)} for r in ruling.refunds
                    ],
                    "misdeal_cause": ruling.misdeal_cause,
                    "button_seat": ruling.button_seat,
                    "following_button_seat": ruling.following_button_seat,
                    "sanctions": [
                        {
                            "seat": s.seat,
                            "conduct": s.conduct.value,
                            "mandatory": s.mandatory,
                            "starts": s.starts.value,
                        }
                        for s in ruling.sanctions
                    ],
                    "rule_ids": list(ruling.rule_ids),
                    "requirement_ids": list(ruling.requirement_ids),
                    "sources": list(ruling.sources),
                    "needs_supervisor": ruling.needs_supervisor,
                    "final_decision": ruling.final_decision,
                    "explanation": {"es": ruling.explanation_es, "en": ruling.explanation_en},
                },
                "rule_ids": list(ruling.rule_ids),
            }
        )
        if ruling.carry_over is not None:  # IRREG-03, RUL-34: the knowing players' chips
            self.forfeit((r.seat for r in ruling.carry_over.contributors), f"{f}.knowing_seats")
        seat_to_player = {seat: idx for seat, idx in self.index_of.items()}
        for action in irregularity_actions(ruling, seat_to_player):
            if action.kind is ActionKind.DEAD and self.machine.folded[action.player]:
                continue
            self.push(action, i, f"actions[{i}]")

    def hand_context(self) -> HandContext:
        m = self.machine
        order = self.order
        players_acted = bin(m.actors).count("1")
        contributions = tuple((order[i], m.contrib[i]) for i in range(m.n))
        return HandContext(
            street=Street(min(m.street, 3)),
            players_acted=players_acted,
            seats=order,
            contributions=contributions,
            forced=self.forced,
            street_bets=tuple((order[i], m.bets[i]) for i in range(m.n)),
            all_in_seats=tuple(
                order[i] for i in range(m.n) if m.stacks[i] == 0 and not m.folded[i]
            ),
            action_on_street=m.round_acted,
            tournament=self.rules.profile.tournament,
        )


def _declared_result(
    rec: Mapping[str, Any], order: tuple[int, ...]
) -> tuple[tuple[int, ...] | None, int | None]:
    """The finishing stacks and the rake the record declares, in units (else ``None``)."""
    result = rec.get("result") or {}
    finishing = None
    if result.get("finishing_stacks"):
        fs = result["finishing_stacks"]
        finishing = tuple(
            units(fs.get(str(seat), fs.get(seat, 0)), f"result.finishing_stacks.{seat}")
            for seat in order
        )
    rake = None
    if result.get("rake") is not None:
        rake = units(result["rake"], "result.rake")
    return finishing, rake


def _names(
    by_seat: Mapping[int, Mapping[str, Any]], order: Sequence[int]
) -> tuple[str, ...] | None:
    names = tuple(str(by_seat[s].get("name") or "") for s in order)
    return names if any(names) else None


def build(record: Mapping[str, Any], rules: Rules, *, lenient: bool = False) -> Built:
    """The engine hand of a record. Bad input raises ``ValidationFailed`` (400)."""
    return _Builder(record, rules, lenient=lenient).build()
