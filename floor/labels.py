"""Names the floor reads on screen for the engine's codes (the engine speaks in codes).

``IRREGULARITIES`` follows ``poker.irregularities.IrregularityKind`` in its order, grouped
as the manual groups them (MISDEAL-02, RUL-27..67); ``OUTCOMES`` names the rulings.
A test checks that every kind and outcome of the engine has its name here.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from casino.formatting import active_lang
from hands.labels import (  # noqa: E402, F401 - the hand recorder's vocabulary, re-exported
    ACTIONS,
    IRREGULARITIES,
    IRREGULARITY_GROUPS,
    OUTCOMES,
    irregularity_label,
    outcome_label,
)

REPORT_PARAMS: dict[str, Promise] = {
    "date": _("Gaming day"),
    "table": _("Table"),
    "session": _("Session"),
    "date_from": _("From"),
    "date_to": _("To"),
    "hand": _("Hand"),
    "first": _("First hand"),
    "last": _("Last hand"),
    "slip": _("Slip"),
    "ruleset": _("Rules"),
}


# --- The label catalogue (issue 13 §5): every code a person sees, in words -----------
#
# ``label(kind, code)`` is what the page reads; ``explain(kind, code)`` one line more.
# Violations: the engine's codes (``poker.violations.Code``) and the recorder's own
# (``hands.services.recording``); findings: the reconciliation's (``cage.reconciliation``)
# and the tables' exceptions it carries. ``tests/floor/test_labels.py`` reads the codes
# from the source and fails when one has no Spanish label here.

VIOLATIONS: dict[str, tuple[Promise, Promise | None]] = {
    "MALFORMED": (_("Malformed hand data"), _("The record cannot be read as a hand.")),
    "CARD_INVALID": (_("Not a card"), _("A card written in the record does not exist.")),
    "CARD_DUPLICATE": (_("Duplicate card"), _("The same card appears twice in the hand.")),
    "HOLE_CARDS_COUNT": (
        _("Wrong number of hole cards"),
        _("Each player must be dealt exactly two cards."),
    ),
    "BOARD_COUNT": (
        _("Wrong number of board cards"),
        _("The flop has three cards, the turn and the river one each."),
    ),
    "DEAL_ORDER": (
        _("Cards dealt out of order"),
        _("Cards go clockwise, starting left of the button."),
    ),
    "BLINDS_INVALID": (
        _("Wrong blinds or forced bets"),
        _("The blinds posted do not match the table's structure."),
    ),
    "STRADDLE_NOT_ALLOWED": (
        _("Straddle not allowed"),
        _("The table's rules do not allow this straddle."),
    ),
    "OUT_OF_TURN": (
        _("Action out of turn"),
        _("A player acted before the player whose turn it was."),
    ),
    "STREET_INCOMPLETE": (
        _("Betting round not finished"),
        _("Cards were dealt before every player had acted."),
    ),
    "ACTION_AFTER_END": (
        _("Action after the hand ended"),
        _("An action was recorded once the hand was over."),
    ),
    "CHECK_NOT_ALLOWED": (
        _("Check not allowed"),
        _("The player had a bet to call and could not check."),
    ),
    "CALL_NOT_ALLOWED": (
        _("Nothing to call"),
        _("There was no bet to call: the player could only check."),
    ),
    "BET_BELOW_MINIMUM": (_("Bet below the minimum"), _("A bet must be at least the big blind.")),
    "RAISE_BELOW_MINIMUM": (
        _("Raise below the minimum"),
        _("A raise must be at least the size of the previous bet or raise."),
    ),
    "RAISE_ABOVE_POT": (
        _("Bet above the pot limit"),
        _("In pot limit a bet cannot exceed the pot."),
    ),
    "LIMIT_SIZE": (
        _("Wrong bet size in fixed limit"),
        _("In fixed limit every bet and raise has one size."),
    ),
    "RAISE_CAP": (
        _("Raise cap reached"),
        _("No more raises are allowed in this round: only call or fold."),
    ),
    "ACTION_NOT_REOPENED": (
        _("Betting not reopened"),
        _("A short all-in does not give the players who acted a new raise."),
    ),
    "EXCEEDS_STACK": (
        _("Bet larger than the stack"),
        _("A player cannot bet more chips than he has."),
    ),
    "AMOUNT_NOT_CHIP_MULTIPLE": (
        _("Amount not in whole chips"),
        _("Every amount must be a multiple of the smallest chip."),
    ),
    "SHOWDOWN_INVALID": (
        _("Invalid showdown"),
        _("The cards shown at the showdown do not fit the hand."),
    ),
    "HAND_INCOMPLETE": (_("Hand incomplete"), _("The record stops before the hand ends.")),
    "MISDEAL_AFTER_ACTION": (
        _("Misdeal after the action started"),
        _("No misdeal can be called once two players have acted."),
    ),
    "FINISHING_STACKS_MISMATCH": (
        _("Finishing stacks do not add up"),
        _("The stacks recorded at the end differ from the engine's count."),
    ),
    "WINNINGS_MISMATCH": (
        _("Winnings do not add up"),
        _("The amounts recorded as won differ from the pots."),
    ),
    "RAKE_MISMATCH": (
        _("Rake does not match"),
        _("The rake recorded differs from the rake the rules give."),
    ),
    "ODD_CHIP": (
        _("Odd chip split"),
        _("A split pot cannot divide a chip below the smallest unit."),
    ),
    "AWARD_MISMATCH": (  # SHOW-14, issue 38 §2
        _("Pot awarded against the cards"),
        _("The floor pushed a pot to other seats than the cards shown give."),
    ),
    "AWARD_INVALID": (
        _("Pot awarded to a seat not in it"),
        _("A pot was recorded as won by a seat that was not contesting it."),
    ),
    "AWARD_BY_FLOOR": (
        _("Pot awarded by the floor"),
        _("The cards did not say who won the pot: the staff recorded who took it, and why."),
    ),
    "PENALISED_DEALT_DEAD": (
        _("Penalised player dealt a dead hand"),
        _("A penalised player is dealt in and posts, but his hand is dead."),
    ),
    "CARRIED_POT": (_("Pot carried over"), _("A pot from a void hand is carried into this one.")),
    "CARRY_IN_MISMATCH": (
        _("Carried pot does not match"),
        _("The carried pot declared differs from what the previous hand left."),
    ),
    "SEQUENCE_GAP": (
        _("Hands missing in the sequence"),
        _("Hand numbers were skipped at this table."),
    ),
    "BUTTON_NOT_MOVED_ONE_SEAT": (
        _("Button did not move one seat"),
        _("The button must move one seat to the left after each hand."),
    ),
    "CONTINUITY_MISMATCH": (
        _("Chips do not follow from the last hand"),
        _("A starting stack differs from the last finishing stack plus buy-ins."),
    ),
    "NEW_PLAYER_IN_BLINDS": (
        _("New player in the button or blinds"),
        _("A new player does not enter on the button or in the blinds."),
    ),
    "NEW_PLAYER_MUST_POST": (
        _("New player must post"),
        _("A new player posts the entry blind or waits for the big blind."),
    ),
    "MISSED_BLINDS_NOT_POSTED": (
        _("Missed blinds not posted"),
        _("A returning player must post the blinds he missed."),
    ),
    "FORCED_BETS_MISMATCH": (  # GAME-04, issue 17 §4
        _("Forced bets differ from the table's"),
        _("The hand did not post the table's ante or blinds."),
    ),
}

FINDINGS: dict[str, tuple[Promise, Promise | None]] = {
    "AUDIT_MISMATCH": (
        _("Audit trail does not match"),
        _("The audit events do not match the records they describe."),
    ),
    "BUYIN_OVERRIDE": (_("Buy-in limit overridden"), _("A buy-in above the limit was authorised.")),
    "CASH_ALERT_MISSING": (
        _("Cash alert missing"),
        _("A cash transaction above the threshold has no alert."),
    ),
    "CASH_THRESHOLD": (
        _("Cash above the threshold"),
        _("A player's cash reached the reporting threshold."),
    ),
    "CHAIN_BROKEN": (
        _("Record chain broken"),
        _("A sealed record no longer follows the one before it."),
    ),
    "CLOSING_COUNT_MISSING": (_("Closing count missing"), _("The session has no closing count.")),
    "CLOSING_COUNT_UNSIGNED": (
        _("Closing count not signed"),
        _("The closing sheet is missing signatures."),
    ),
    "DROP_COUNTS_DISAGREE": (
        _("Drop counts disagree"),
        _("The two counts of the drop box differ."),
    ),
    "DROP_NOT_COUNTED": (_("Drop not counted"), _("The drop box has not been counted.")),
    "DROP_VARIANCE": (_("Drop variance"), _("The drop counted differs from the cash buy-ins.")),
    "FLOAT_VARIANCE": (_("Float variance"), _("The closing float differs from the expected one.")),
    "OPENING_COUNT_MISSING": (_("Opening count missing"), _("The session has no opening count.")),
    "OPENING_COUNT_UNSIGNED": (
        _("Opening count not signed"),
        _("The opening sheet is missing signatures."),
    ),
    "RAKE_BOX_VARIANCE": (
        _("Rake box variance"),
        _("The rake box counted differs from the rake of the hands."),
    ),
    "RAKE_NOT_ALLOWED": (_("Rake not allowed"), _("Rake was taken where the rules allow none.")),
    "RAKE_MISMATCH": (
        _("Rake does not match"),
        _("The rake taken in a hand differs from the rake the rules give."),
    ),
    "RECORD_ALTERED": (_("Record altered"), _("A sealed record no longer matches its seal.")),
    "RECORD_MISSING": (_("Record missing"), _("A record in the chain cannot be found.")),
    "RECORD_UNAUDITED": (_("Record without audit event"), _("A record has no audit event.")),
    "RESULT_VARIANCE": (
        _("Result variance"),
        _("The table's result differs from the drop and the float."),
    ),
    "SEAL_KEY_UNKNOWN": (
        _("Unknown seal key"),
        _("A record is sealed with a key Mesa does not know."),
    ),
    "SERIAL_GAP": (
        _("Serial numbers skipped"),
        _("Serial numbers of a document series were skipped."),
    ),
    "SESSION_NOT_CLOSED": (_("Session not closed"), _("A table session of the day is still open.")),
    "SLIP_UNSIGNED": (_("Slip not signed"), _("A fill or credit slip is missing signatures.")),
    "SLIP_VOIDED": (_("Slip voided"), _("A slip was voided.")),
    "SLIP_VOID_PENDING": (_("Slip void to confirm"), _("A slip void waits for a second person.")),
    "TABLES_EXCEPTION": (_("Tables exception"), _("An exception reported by the tables.")),
    "UNCHAINED": (_("Record outside the chain"), _("A record is not part of the sealed chain.")),
    "MANDATORY_SANCTION_NOT_IMPOSED": (
        _("Mandatory sanction not imposed"),
        _("The manual says the conduct must be sanctioned."),
    ),
    "OPENING_DISCREPANCY": (
        _("Opening count difference"),
        _("The opening count differs from the last closing."),
    ),
    "OPENING_LINK_MISMATCH": (
        _("Opening does not follow the last closing"),
        _("The opening sheet does not point at the table's last closing."),
    ),
    "PACK_NOT_RETURNED": (_("Pack not returned"), _("A pack issued to a table was not returned.")),
    "SHEET_SERIAL_GAP": (_("Sheet numbers skipped"), _("Sheet serial numbers were skipped.")),
}

METHODS: dict[str, tuple[Promise, Promise | None]] = {
    "pin": (_("with PIN"), _("Signed with the PIN on the supervisor's terminal.")),
    "session": (_("in his session"), _("Signed while logged in.")),
}

SLIP_STATUSES: dict[str, tuple[Promise, Promise | None]] = {
    "requested": (_("Requested: the cage issues it"), None),
    "issued": (_("Issued: security carries it"), None),
    "carried": (_("At the table: to receive"), None),
    "received": (_("Received"), None),
    "void_pending": (_("Void waiting for confirmation"), None),
    "void": (_("Voided"), None),
}

#: Kinds whose labels the models own (TextChoices): the catalogue reads them there.
#: A sanction's status (``tables.selectors.sanctions.EffectiveSanction.status``, SANC-01).
SANCTION_STATUSES: dict[str, tuple[Promise, Promise | None]] = {
    "active": (_("In force"), None),
    "served": (_("Served"), None),
    "lifted": (_("Lifted"), None),
    "appealed": (_("Appealed: waiting for the decision"), None),
}

#: A tournament clock's log (``poker.tournament.ClockEventKind``) and its state
#: (``ClockStatus``), in words: the engine speaks in codes.
CLOCK_EVENTS: dict[str, tuple[Promise, Promise | None]] = {
    "start": (_("Clock started"), None),
    "pause": (_("Clock paused"), None),
    "resume": (_("Clock resumed"), None),
    "go_to_level": (_("Moved to a level"), None),
    "adjust": (_("Clock adjusted"), None),
    "hand_for_hand_on": (_("Hand-for-hand started"), None),
    "hand_for_hand_hand": (_("Hand-for-hand hand finished"), None),
    "hand_for_hand_off": (_("Hand-for-hand ended"), None),
    "end": (_("Clock stopped"), None),
}

CLOCK_STATUSES: dict[str, tuple[Promise, Promise | None]] = {
    "not_started": (_("Not started"), None),
    "running": (_("Running"), None),
    "paused": (_("Clock paused"), None),
    "hand_for_hand": (_("Hand-for-hand"), None),
    "ended": (_("Finished"), None),
}

#: Where a tournament entry stands (``tournaments.presenters.entries``).
TOURNAMENT_ENTRY_STATES: dict[str, tuple[Promise, Promise | None]] = {
    "in_play": (_("In play"), None),
    "eliminated": (_("Eliminated"), None),
    "refunded": (_("Refunded"), None),
}

_CHOICES = (
    "role",
    "conduct",
    "seat",
    "pack",
    "session",
    "hand_status",
    "correction",
    "sanction_level",
    "sanction_kind",
    "tournament_entry",
    "tournament_exit",
    "tournament_ledger",
    "deal_method",
    "promotion_entry",
)

_TABLES: dict[str, dict[str, tuple[Promise, Promise | None]]] = {
    "violation": VIOLATIONS,
    "finding": FINDINGS,
    "method": METHODS,
    "slip": SLIP_STATUSES,
    "sanction_status": SANCTION_STATUSES,
    "clock_event": CLOCK_EVENTS,
    "clock_status": CLOCK_STATUSES,
    "tournament_entry_state": TOURNAMENT_ENTRY_STATES,
}


def _choices(kind: str) -> dict[str, str]:
    if kind == "role":
        from casino.roles import Role

        return {str(v): str(lbl) for v, lbl in Role.choices}
    if kind == "conduct":
        from tables.conduct import CONDUCTS

        return {c.code: str(c.label) for c in CONDUCTS}
    if kind == "seat":
        from tables.models import SeatStatus

        return {str(v): str(lbl) for v, lbl in SeatStatus.choices}
    if kind == "pack":
        from tables.models import PackState

        return {str(v): str(lbl) for v, lbl in PackState.choices}
    if kind == "session":
        from tables.models import TableSession

        return {str(v): str(lbl) for v, lbl in TableSession.Status.choices}
    if kind == "hand_status":
        from hands.models import HandStatus

        return {str(v): str(lbl) for v, lbl in HandStatus.choices}
    if kind == "correction":
        from hands.models import HandCorrection

        return {str(v): str(lbl) for v, lbl in HandCorrection.Kind.choices}
    if kind == "sanction_level":
        from tables.models.sanctions import SanctionLevel

        return {str(v): str(lbl) for v, lbl in SanctionLevel.choices}
    if kind == "sanction_kind":
        from tables.models.sanctions import SanctionEntry

        return {str(v): str(lbl) for v, lbl in SanctionEntry.Kind.choices}
    if kind in ("tournament_entry", "tournament_exit", "tournament_ledger", "deal_method"):
        from tournaments.models import DealMethod, EntryKind, ExitKind, LedgerKind

        found = {
            "tournament_entry": EntryKind,
            "tournament_exit": ExitKind,
            "tournament_ledger": LedgerKind,
            "deal_method": DealMethod,
        }[kind]
        return {str(v): str(lbl) for v, lbl in found.choices}
    if kind == "promotion_entry":
        from promotions.models import EntryKind as FundEntryKind

        return {str(v): str(lbl) for v, lbl in FundEntryKind.choices}
    return {}


def readable(code: object) -> str:
    """An unknown code as words: ``SOME_NEW_CODE`` -> "Some new code"."""
    text = str(code if code is not None else "").replace("_", " ").replace(".", " ").strip()
    return text[:1].upper() + text[1:].lower() if text else "—"


def label(kind: str, code: object) -> str:
    """The words for ``code`` of ``kind`` in the active language; never raises."""
    key = "" if code is None else str(code)
    table = _TABLES.get(kind)
    if table is not None and key in table:
        return str(table[key][0])
    if kind == "irregularity" and key in IRREGULARITIES:
        return str(IRREGULARITIES[key])
    if kind == "outcome" and key in OUTCOMES:
        return str(OUTCOMES[key])
    if kind == "action" and key in ACTIONS:
        return str(ACTIONS[key])
    if kind in _CHOICES:
        found = _choices(kind).get(key)
        if found:
            return found
    if kind == "finding":  # the kinds an app's providers add title themselves (cage.hooks)
        from cage.figures import cause_title
        from cage.hooks import PROVIDED_CAUSE_TITLES

        if key in PROVIDED_CAUSE_TITLES:
            return cause_title(key, active_lang())
    return readable(key)


def explain(kind: str, code: object) -> str:
    """One line on what the code means, or "" when the catalogue has none."""
    entry = _TABLES.get(kind, {}).get("" if code is None else str(code))
    return str(entry[1]) if entry is not None and entry[1] is not None else ""


def person(user: object) -> str:
    """A person's name as pages show it: the full name, else the username."""
    if user is None or user == "":
        return "—"
    if isinstance(user, str):  # a username kept in plain data (presenters, the API's shape)
        from casino.models import User

        found = User.objects.filter(username=user).first()
        return person(found) if found is not None else user
    full = getattr(user, "get_full_name", None)
    if callable(full):
        return str(full() or getattr(user, "username", "") or "—")
    return str(user)


def choices(kind: str) -> list[tuple[str, str]]:
    """Every code of ``kind`` with its words, sorted by the words (for a filter's select)."""
    table = _TABLES.get(kind)
    codes = list(table) if table is not None else list(_choices(kind))
    return sorted(((c, label(kind, c)) for c in codes), key=lambda pair: pair[1].lower())


# --- The audit trail's words (issue 40): each action and each record type, in words -----
#
# An action is ``<area>.<what>`` (``hand.live.start``, ``cage.rake.post``,
# ``opening_sheet.sign``); the page reads "<area>: <what>", the code beside it for the
# auditor. ``tests/floor/test_one_vocabulary.py`` walks the audit page of a played day.

AUDIT_AREAS: dict[str, Promise] = {
    "admin": _("Administration"),
    "button": _("Button"),
    "cage": _("Cage"),
    "closing_sheet": _("Closing sheet"),
    "opening_sheet": _("Opening sheet"),
    "deck_receipt": _("Card receipt"),
    "deck_store": _("Card store"),
    "deck_final_control": _("Deck final control"),
    "pack_inspection": _("Pack inspection"),
    "exclusion": _("Exclusions"),
    "gaming_day": _("Gaming day"),
    "hand": _("Hands"),
    "hand_review": _("Hand review"),
    "incident": _("Incidents"),
    "key": _("Keys"),
    "pack": _("Card packs"),
    "player": _("Players"),
    "report": _("Reports"),
    "sanction": _("Sanctions"),
    "seat": _("Seating"),
    "session": _("Table session"),
    "shift_change": _("Shift change"),
    "shift_change_acceptance": _("Shift change acceptance"),
    "staff": _("Staff"),
    "table": _("Tables"),
    "tables": _("Table operations"),
    "waiting": _("Waiting list"),
    "tournament": _("Tournaments"),
    "tournaments": _("Tournaments"),
    "promotions": _("Promotions"),
    "rota": _("Dealers' rota"),
}

AUDIT_WHAT: dict[str, Promise] = {
    "change": _("changed"),
    "delete": _("deleted"),
    "draw": _("drawn"),
    "cash_alert.raise": _("cash alert raised"),
    "departure.record": _("departure recorded"),
    "drop_count.record": _("drop count recorded"),
    "drop_count.sign": _("drop count signed"),
    "policy.set": _("policy set"),
    "rake.post": _("rake posted"),
    "rake.reverse": _("rake reversed"),
    "slip.request": _("slip requested"),
    "slip.sign": _("slip signed"),
    "slip.void_confirm": _("void confirmed"),
    "slip.void_request": _("void requested"),
    "variance.explain": _("variance explained"),
    "bank_emptied": _("chip rack emptied and counted"),
    "delivery": _("delivery recorded"),
    "create": _("created"),
    "hit": _("excluded player found"),
    "house_ban": _("house ban"),
    "lift": _("lifted"),
    "list_import": _("list imported"),
    "self_record": _("self-exclusion recorded"),
    "close": _("closed"),
    "open": _("opened"),
    "correct": _("corrected"),
    "import": _("imported"),
    "import.queue": _("import queued"),
    "live.abandon": _("live hand abandoned"),
    "live.start": _("live hand started"),
    "live.undo": _("action undone"),
    "log": _("recorded"),
    "override": _("staff decision stands"),
    "revalidate.queue": _("revalidation queued"),
    "review": _("reviewed"),
    "hand_out": _("handed out"),
    "return": _("returned"),
    "discrepancy_acknowledge": _("difference acknowledged"),
    "move": _("moved"),
    "identity_read": _("identity read"),
    "register": _("registered"),
    "vip_referral": _("VIP referral"),
    "download": _("downloaded"),
    "export": _("exported"),
    "request": _("requested"),
    "signed_copy_request": _("signed copy requested"),
    "appeal": _("appealed"),
    "appeal_upheld": _("appeal upheld"),
    "impose": _("imposed"),
    "propose": _("proposed"),
    "reduce": _("reduced"),
    "closing_start": _("closing started"),
    "dealer_change": _("dealer change"),
    "last_hand": _("last hand announced"),
    "play_begins": _("play begins"),
    "start_play": _("play started"),
    "resume": _("play resumed"),
    "suspend": _("suspended"),
    "supervisor_relief": _("supervisor relief"),
    "record": _("recorded"),
    "pin_failure": _("wrong PIN"),
    "pin_lock": _("PIN locked"),
    "pin_refused_locked": _("locked PIN refused"),
    "pin_unlock": _("PIN unlocked"),
    "settings_change": _("settings changed"),
    "ops_settings_change": _("operating settings changed"),
    "preparation_checklist": _("preparation checklist"),
    "add": _("added"),
    "cancel": _("cancelled"),
    "sign": _("signed"),
    "count": _("count recorded"),
    "copy_deposit": _("copy deposited"),
    "escalate": _("escalated"),
    "decide": _("decided"),
    # Tournaments (issue 42), promotions and the rota (issue 44).
    "absentees_remove": _("absent players' stacks removed"),
    "balance": _("tables balanced"),
    "chip_race": _("chip race"),
    "deal.consent": _("deal accepted by a player"),
    "deal.propose": _("deal proposed"),
    "deal.sign": _("deal signed"),
    "elimination.correct": _("elimination corrected"),
    "entry.arrive": _("player arrived"),
    "entry.re_enter": _("re-entry registered"),
    "entry.register": _("entry registered"),
    "finish": _("finished"),
    "hidden_chips": _("hidden chips recorded"),
    "move.confirm": _("move confirmed"),
    "payouts.propose": _("payouts proposed"),
    "payout_table.sign": _("payouts signed"),
    "payout_slip.sign": _("prize slip signed"),
    "settlement": _("cash settlement recorded"),
    "settlement.sign": _("cash settlement signed"),
    "structure.create": _("structure created"),
    "structure.revise": _("structure revised"),
    "table_add": _("table added"),
    "waiting.add": _("added to the waiting list"),
    "waiting.cancel": _("waiting list place cancelled"),
    "fund.create": _("fund created"),
    "fund.rules_change": _("fund rules changed"),
    "fund.attach": _("fund attached to a table"),
    "fund.detach": _("fund detached from a table"),
    "box.count": _("box counted"),
    "claim": _("claim recorded"),
    "claim.file": _("claim filed"),
    "claim.file_period": _("period claim filed"),
    "claim.paid": _("claim paid"),
    "claim.sign": _("claim signed"),
    "plan": _("rota planned"),
    "replan": _("rota replanned"),
    "croupier_games": _("croupier's games recorded"),
}


def _audit_what(rest: str) -> str | None:
    if rest in AUDIT_WHAT:
        return str(AUDIT_WHAT[rest])
    from cage.models import TransactionKind

    thing, _sep, verb = rest.rpartition(".")
    if thing in TransactionKind.values and verb in ("record", "reverse"):  # cage.buyin.record
        done = _("recorded") if verb == "record" else _("reversed")
        return f"{TransactionKind(thing).label}: {done}"
    from tables.models import SeatEvent, SessionEvent

    kind = rest.removeprefix("event.")
    for choices in (SessionEvent.Kind, SeatEvent.Kind):
        if kind in choices.values:
            return str(choices(kind).label).lower()
    kinds = {  # tournament.clock.start, tournament.elimination.bust, promotions.entry.seed
        "clock": "clock_event",
        "elimination": "tournament_exit",
        "ledger": "tournament_ledger",
        "entry": "promotion_entry",
    }
    if thing in kinds and (verb in _TABLES.get(kinds[thing], {}) or verb in _choices(kinds[thing])):
        return label(kinds[thing], verb).lower()
    return None


def audit_area(area: str) -> str:
    found = AUDIT_AREAS.get(area)
    return str(found) if found is not None else readable(area)


def audit_action(action: object) -> str:
    """``hand.live.start`` -> "Hands: live hand started" (the code stays for the auditor)."""
    text = "" if action is None else str(action)
    area, _sep, rest = text.partition(".")
    what = _audit_what(rest)
    if what is None:
        return readable(text)
    return f"{audit_area(area)}: {what}"


def record_type(object_type: object) -> str:
    """``cage.rakeentry`` -> the model's name in words ("Rake entry" / "Apunte de comisión")."""
    from django.apps import apps

    text = "" if object_type is None else str(object_type)
    try:
        model = apps.get_model(text)
    except (LookupError, ValueError):
        return readable(text)
    name = str(model._meta.verbose_name)
    return name[:1].upper() + name[1:]
