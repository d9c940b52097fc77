"""The refusals of tournaments (issue 41 §2): each code with its HTTP status and its
message, written once (the English msgid; its Spanish is in
``locale/es/catalog/tournaments.json``). Raise one with
``raise DomainError.of(TournamentsCode.<CODE>, name=value, ...)``.

``scripts/codemod_refusals.py`` adds the codes it converts and keeps every member
already here, including those written by hand."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from casino.refusals import RefusalCode
from poker.tournament import TCode


class TournamentsCode(RefusalCode):
    ALREADY_WAITING = 409, _("{display_name} is already waiting.")
    CHIPS_INVALID = 400, _("Give the chips (a whole number above zero).")
    CLOCK_EVENT_KIND_INVALID = 400, _("Unknown clock event.")
    CONSENT_ALREADY_RECORDED = 409, _("That player already agreed.")
    DEALER_ON_DUTY_CONFIRMS = 403, _("The dealer on duty at table {number} confirms.")
    DEALER_ON_DUTY_REQUIRED = (
        400,
        _("Name the dealer on duty at table {number}, who confirms with his PIN."),
    )
    DEAL_ALREADY_APPROVED = 409, _("The tournament already has an approved deal.")
    DEAL_CONSENT_MISSING = 409, _("Players' consents are missing: {numbers}.")
    DEAL_METHOD_INVALID = 400, _("A deal is by chip count ('chip_chop') or by ICM ('icm').")
    DEAL_PLAYERS_MISMATCH = (
        400,
        _("Give the chips of every player still in the tournament, and only theirs."),
    )
    DEAL_STALE = 409, _("The players still in are not those of the deal: propose it again.")
    ELIMINATION_ALREADY_CORRECTED = 409, _("That elimination was already corrected.")
    ENTRY_ALREADY_ARRIVED = 409, _("His arrival is already recorded.")
    ENTRY_ALREADY_REFUNDED = 409, _("The entry was already refunded.")
    ENTRY_INVALID = 400, _("The entry is not of this tournament.")
    ENTRY_NOT_IN_PLAY = 409, _("The entry is no longer in play.")
    ENTRY_NOT_SEATED = 409, _("The player has no seat.")
    EXPEL_LAST_PLAYER = (
        409,
        _("The last player standing is not expelled here: management decides (AUTH-02)."),
    )
    MAX_PLAYERS_INVALID = 400, _("The player limit is at least 2.")
    MOVE_ALREADY_CONFIRMED = 409, _("That move was already confirmed at that table.")
    MOVE_NOT_A_MOVE = 400, _("A seat drawn for a player coming in is not confirmed as a move.")
    MOVE_SIDE_INVALID = (
        400,
        _("Say whether the dealer confirms the departure ('from') or the arrival ('to')."),
    )
    NEXT_HAND_ALREADY_STARTED = (
        409,
        _("The next hand has already started at that table: the chips leave play (TOUR-04)."),
    )
    NEXT_HAND_NOT_STARTED = (
        409,
        _("The next hand has not started at that table: the chips go to the winner (TOUR-04)."),
    )
    NOT_A_COLOUR_UP_BREAK = 409, _("The chip race is run at a break with a colour-up (TDA 24).")
    NOT_IN_DEAL = 400, _("That player is not in the deal.")
    NO_ENTRIES = 409, _("The tournament has no entries.")
    NO_PRIZE = 409, _("Place {place} wins no prize.")
    PAYOUTS_LOCKED = 409, _("The payout table was already approved and is locked.")
    PAYOUTS_NOT_APPROVED = 409, _("The payout table is not approved: approve it first.")
    PAYOUTS_SUPERSEDED = 409, _("There is a newer proposal of the payout table.")
    PLACE_NOT_DECIDED = 409, _("The player is still in: his place is not decided yet.")
    PLAYER_ALREADY_REGISTERED = 409, _("{problem}")
    PLAYER_BUSTED_RE_ENTER = (
        409,
        _("{display_name} already played this tournament: he comes back by re-entry."),
    )
    PLAYER_CAME_BACK = 409, _("The player came back with another entry.")
    PLAYER_NOT_IDENTIFIED = (
        400,
        _("A tournament registers identified players: register his document first."),
    )
    PLAYER_REGISTERED_ALREADY = 409, _("{player} is already registered in the tournament.")
    PLAYER_SIGNATURE_REQUIRED = 400, _("The player signs the slip: type the name as he signed it.")
    POOL_CHANGED = (
        409,
        _("The pool changed since the proposal ({pool} → {total}): propose the table again."),
    )
    PRIZE_ALREADY_PAID = 409, _("That entry's prize was already paid.")
    PURCHASE_KIND_INVALID = 400, _("A chip purchase is a rebuy or an add-on.")
    REGISTRATION_KIND_INVALID = 400, _("A registration is 'entry' or 're_entry'.")
    REGISTRATION_OPEN_ABSENT_DEALT_IN = (
        409,
        _(
            "Late registration is still open: absent players are dealt in until it closes (TOUR-02)."
        ),
    )
    REGISTRATION_OPEN_POOL_GROWS = (
        409,
        _("Late registration is still open: the pool can still grow."),
    )
    REGISTRATION_STILL_OPEN = 409, _("{problem}")
    RE_ENTRY_AFTER_SANCTION = 409, _("{player} was {kind}: no re-entry.")
    ROUNDING_INVALID = 400, _("Unknown rounding (nearest, up, down).")
    SEAT_KEY_INVALID = 400, _("A seat is a whole number.")
    SETTLEMENT_EXISTS = 409, _("The tournament's settlement is already recorded.")
    STACK_INVALID = 400, _("The chips at the start of the hand are a whole number, not negative.")
    STRUCTURE_NAME_TAKEN = 409, _("A structure '{name}' already exists: make a new version of it.")
    STRUCTURE_NOT_AN_OBJECT = 400, _("The structure must be an object.")
    STRUCTURE_NOT_JSON = 400, _("The structure is not valid JSON.")
    STRUCTURE_UNKNOWN = 400, _("Unknown structure.")
    TABLES_REQUIRED = 400, _("Give the tournament's tables.")
    TABLE_ALREADY_IN_TOURNAMENT = 409, _("Table {number} is already the tournament's.")
    TABLE_NOT_IN_TOURNAMENT = 400, _("Table {table} does not play the tournament.")
    TABLE_NUMBER_UNKNOWN = 400, _("There is no table {number}.")
    TABLE_PLAYS_ANOTHER_TOURNAMENT = 409, _("Table {number} already plays another tournament.")
    TOURNAMENT_ALREADY_DRAWN = (
        409,
        _("The tournament's seats were already drawn: add tables or balance them."),
    )
    TOURNAMENT_BUST_CORRECT_FIRST = (
        409,
        _(
            "The correction changes who was busted in hand {number} ({names}) and the table has dealt its next hand: correct or record the bust in the tournament first."
        ),
    )
    TOURNAMENT_FULL = (
        409,
        _("The tournament is full ({limit} players): put him on the waiting list."),
    )
    TOURNAMENT_NEXT_HAND_DIFFERS = 409, _("{problem}")
    TOURNAMENT_NOT_DRAWN = 409, _("Draw the tournament's seats first.")
    TOURNAMENT_PLAN_EMPTY = 409, _("The tables are balanced: there are no moves to make.")
    TOURNAMENT_STARTED = 409, _("The tournament has started: entries are not refunded.")
    TOURNAMENT_STATE = 409, _("The tournament is '{status}': it does not take this action.")
    TOURNAMENT_TABLE_IN_USE = 409, _("{problem}")
    TOURNAMENT_TABLE_NOT_OPEN = (
        409,
        _("Table {number} has no open tournament session: open it as a tournament table first."),
    )
    WAITING_LIST_FIRST = 409, _("Players are waiting: {display_name} enters first.")
    WINNER_NOT_SEATED = 409, _("The winner of the hand is not seated in the tournament.")
    WINNER_REQUIRED = (
        400,
        _("Before the next hand the chips go to the player who beat him: name him (TOUR-04)."),
    )


class _EngineRule(RefusalCode):
    """A refusal of the tournament rules (``poker.tournament``): its words are the engine's
    catalogue's (``poker.tournament.errors.MESSAGES``, both languages), the engine's error
    the one parameter (``violation``); the published catalogue shows the engine's words."""

    def catalogue_words(self) -> tuple[str, str]:
        from poker.tournament.errors import MESSAGES

        es, en = MESSAGES[TCode(self.name.removeprefix("TOURNAMENT_"))]
        return es, en


def _rule_status(code: TCode) -> int:
    from .units import _CONFLICTS

    return 409 if code in _CONFLICTS else 400


#: The engine's refusals, answered as ``TOURNAMENT_<code>`` (``tournaments.units.refusal``).
#: mypy reads Enum's functional API on the standard library's enum classes only, so it would
#: take this call for a member's constructor: the class it makes is declared here.
_RULES = [(f"TOURNAMENT_{c.value}", (_rule_status(c), _("{violation}"))) for c in TCode]
TournamentRuleCode: type[_EngineRule] = _EngineRule("TournamentRuleCode", _RULES, module=__name__)  # type: ignore[call-arg, arg-type, assignment]
