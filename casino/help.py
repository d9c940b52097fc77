"""Help where the work is done (issue 17 §6): each procedure's steps, one tap away.

One registry: :data:`TOPICS` holds each procedure's steps, written for the floor in our
own words from the spec's requirement texts and the rulings, each step citing the IDs it
comes from; :data:`PAGES` names the topics shown on each page (by URL name). The base
layout shows the current page's topics in a ``<details>`` panel at the top of the page
(``casino.templatetags.help_tags.page_help``); a page may also place one topic itself
with ``{% help "opening" %}``.

Msgids are English (gettext); the Spanish is in ``locale/es/catalog/help.json``.
tests/tables/test_help.py renders every page listed here, in both languages, and fails
if a procedure page has no help.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Step:
    text: str | Promise
    refs: tuple[str, ...]


@dataclass(frozen=True)
class HelpTopic:
    key: str
    title: str | Promise
    steps: tuple[Step, ...]

    @property
    def refs(self) -> tuple[str, ...]:
        """Every requirement or ruling ID the topic cites, in order, once each."""
        seen: dict[str, None] = {}
        for step in self.steps:
            for ref in step.refs:
                seen.setdefault(ref, None)
        return tuple(seen)


def _s(text: str | Promise, *refs: str) -> Step:
    return Step(text, refs)


TOPICS: dict[str, HelpTopic] = {
    t.key: t
    for t in (
        HelpTopic(
            "opening",
            _("Opening count and signatures"),
            (
                _s(
                    _(
                        "Before counting, surveillance is told and a security officer "
                        "attends: record both on the sheet."
                    ),
                    "OPEN-03",
                ),
                _s(
                    _(
                        "No player sits at the table during the count. The lids come off "
                        "only when the manager authorises it; record the time."
                    ),
                    "OPEN-04",
                    "OPEN-05",
                ),
                _s(
                    _(
                        "The croupier takes the previous closing sheet out of the chip rack: "
                        "its float is the float expected now."
                    ),
                    "OPEN-06",
                ),
                _s(
                    _(
                        "Enter the chips from the highest denomination to the lowest. Cut "
                        "each guide stack into four groups of five to prove it holds 20."
                    ),
                    "OPEN-07",
                    "OPEN-08",
                ),
                _s(
                    _(
                        "The croupier calls each denomination aloud: value, number of chips, "
                        "total. The screen shows the difference per denomination and for "
                        "the whole float."
                    ),
                    "OPEN-09",
                    "OPEN-11",
                ),
                _s(
                    _(
                        "A chip missing or over: show it to the supervisor, who tells the "
                        "pit boss; write the note of the difference."
                    ),
                    "OPEN-10",
                ),
                _s(
                    _(
                        "Croupier, supervisor and pit boss sign, three different people. "
                        "Until all three have signed, the table cannot open."
                    ),
                    "OPEN-12",
                    "ROLE-14",
                ),
                _s(
                    _(
                        "The drop-box copy goes into the drop box. After surveillance "
                        "authorises it, the float is locked: record who locked it, who "
                        "checked it and where the keys went."
                    ),
                    "OPEN-13",
                    "OPEN-14",
                    "OPEN-15",
                ),
            ),
        ),
        HelpTopic(
            "decks",
            _("Deck custody"),
            (
                _s(
                    _(
                        "Security delivers the packs; the pit boss signs the receipt with "
                        "their serials."
                    ),
                    "DECK-03",
                ),
                _s(
                    _("Each table gets two packs of different back colours for the session."),
                    "DECK-04",
                ),
                _s(
                    _(
                        "Inspect every pack before play, new or reused: the backs for an "
                        "even colour and marks, then the faces, fanned by suit, to confirm "
                        "all 52 cards."
                    ),
                    "DECK-05",
                    "DECK-06",
                ),
                _s(
                    _(
                        "One imperfect card sends the whole pack back to the pit boss for a "
                        "replacement; record the rejection."
                    ),
                    "DECK-07",
                ),
                _s(
                    _(
                        "One pack is in play, spread face up for the players to see; the "
                        "other stays in reserve with the supervisor."
                    ),
                    "DECK-08",
                ),
                _s(
                    _(
                        "Change the pack about every two hours and at each dealer change; "
                        "the incoming dealer brings the other colour."
                    ),
                    "DECK-09",
                ),
                _s(
                    _(
                        "A damaged or marked card stays in play until the hand ends; then "
                        "the whole pack is replaced."
                    ),
                    "DECK-13",
                ),
                _s(
                    _(
                        "At the end of the day every pack issued is returned, withdrawn or "
                        "destroyed, and the shift manager signs the deck reconciliation."
                    ),
                    "DECK-15",
                    "DECK-16",
                    "DECK-19",
                ),
            ),
        ),
        HelpTopic(
            "chips",
            _("Buy-in, cash change, colour change and cash-out"),
            (
                _s(
                    _(
                        "A buy-in lies between the table's minimum and maximum; only a pit "
                        "boss may go past them, with a reason."
                    ),
                    "BUYIN-01",
                    "BUYIN-02",
                    "BUYIN-09",
                ),
                _s(
                    _("Change cash between hands only, never during a betting round."),
                    "CASH-11",
                    "BUYIN-05",
                ),
                _s(
                    _(
                        "The player lays the cash on the layout; the croupier never takes "
                        "it from the player's hand. Sort the notes by denomination and "
                        "count them in fives, announcing every twenty."
                    ),
                    "CASH-03",
                    "CASH-05",
                    "CASH-07",
                ),
                _s(
                    _(
                        "A note the table cannot change goes back to the player; record it "
                        "apart from the amount changed."
                    ),
                    "CASH-08",
                ),
                _s(
                    _(
                        "A large amount: the supervisor calls the pit boss before the change "
                        "(the screen warns above the casino's threshold)."
                    ),
                    "CASH-06",
                ),
                _s(
                    _(
                        "Colour change and cash-out: take the chips only from the layout; "
                        "the value in must equal the value out; leave small chips for the "
                        "blinds."
                    ),
                    "CHIP-02",
                    "CHIP-05",
                    "CHIP-06",
                    "CHIP-15",
                ),
                _s(
                    _(
                        "The supervisor approves every change and every cash-out, whatever "
                        "its size, before the croupier hands over the chips."
                    ),
                    "CASH-09",
                    "CHIP-04",
                    "CHIP-13",
                ),
                _s(
                    _(
                        "A player who is excluded or under age is refused: call the pit "
                        "boss; the attempt is recorded."
                    ),
                    "GEN-08",
                    "SEAT-11",
                ),
            ),
        ),
        HelpTopic(
            "slips",
            _("Fill and credit slips"),
            (
                _s(
                    _(
                        "The float returns to its standard level: chips missing come from "
                        "the cage on a fill slip, chips over go to the cage on a credit "
                        "slip."
                    ),
                    "CLOSE-07",
                    "RPT-03",
                ),
                _s(_("Every slip has its own serial number."), "GEN-10"),
                _s(
                    _(
                        "Each person signs their step: the table requests, the cage issues, "
                        "security carries, the table receives."
                    ),
                    "ROLE-02",
                ),
                _s(
                    _(
                        "A signed slip is never edited: a mistake is voided, and a second "
                        "person who signed nothing on the slip confirms the void."
                    ),
                    "GEN-09",
                ),
            ),
        ),
        HelpTopic(
            "closing",
            _("Closing the table"),
            (
                _s(
                    _("Announce the last hand before it starts; no hand can be recorded after it."),
                    "CLOSE-01",
                ),
                _s(
                    _("Colour up the players' chips so the small denominations stay in the rack."),
                    "CLOSE-02",
                ),
                _s(
                    _("Tell security before the closing starts; record the time and officer."),
                    "CLOSE-04",
                ),
                _s(
                    _(
                        "Count as at the opening: highest to lowest, stacks of 20 proved by "
                        "cutting, value, chips, total."
                    ),
                    "CLOSE-05",
                ),
                _s(
                    _("Supervisor and croupier both confirm the rack is empty."),
                    "CLOSE-06",
                ),
                _s(
                    _("Fills or credits bring the float back to its standard level."),
                    "CLOSE-07",
                ),
                _s(
                    _(
                        "Pit boss, supervisor and croupier sign; the float is locked and "
                        "the pit boss checks the lock."
                    ),
                    "CLOSE-08",
                    "CLOSE-09",
                ),
                _s(
                    _(
                        "Three copies: one locked in the chip rack, one in the drop box, "
                        "the original to the cage. Return the keys."
                    ),
                    "CLOSE-10",
                    "CLOSE-17",
                ),
            ),
        ),
        HelpTopic(
            "shift_change",
            _("Shift change at an open table"),
            (
                _s(
                    _(
                        "Record it between hands, with the table open, in play or "
                        "suspended; nothing pending stays with the outgoing staff."
                    ),
                    "ROLE-04",
                    "BUYIN-05",
                ),
                _s(
                    _(
                        "Count the float per denomination as at the opening (stacks of 20 "
                        "and loose chips) against the float expected now."
                    ),
                    "OPEN-08",
                    "OPEN-11",
                ),
                _s(
                    _(
                        "The outgoing supervisor and the sector's pit boss sign the count; "
                        "the incoming supervisor signs its acceptance."
                    ),
                    "ROLE-14",
                ),
                _s(
                    _("What was recorded before the change stays in the shift it was recorded in."),
                    "GEN-02",
                ),
            ),
        ),
        HelpTopic(
            "sanctions",
            _("Sanctions"),
            (
                _s(
                    _(
                        "The supervisor proposes; the pit boss imposes warnings and penalty "
                        "rounds; management imposes removal, disqualification and "
                        "expulsion."
                    ),
                    "SANC-02",
                ),
                _s(
                    _(
                        "Choose the conduct: the screen suggests the level from the "
                        "player's prior sanctions; a different level needs a reason."
                    ),
                    "SANC-07",
                    "SANC-11",
                ),
                _s(
                    _(
                        "Penalty rounds: the player sits out as many hands as the players "
                        "in that hand times the rounds."
                    ),
                    "SANC-04",
                ),
                _s(
                    _(
                        "The penalty starts after the hand in progress, unless the case is "
                        "so serious that the player must leave at once (give the reason)."
                    ),
                    "SANC-09",
                ),
                _s(
                    _(
                        "An expulsion bars the player from the room until it is lifted; "
                        "lifting or reducing it lifts the bar."
                    ),
                    "SANC-06",
                    "SANC-08",
                ),
                _s(
                    _(
                        "Nothing is erased: a lift or a reduction is a new entry with its "
                        "reason. Print the numbered notice."
                    ),
                    "GEN-09",
                    "SANC-14",
                ),
            ),
        ),
        HelpTopic(
            "incident",
            _("Irregularities and incidents"),
            (
                _s(
                    _(
                        "Complaints and player requests are recorded as incidents and go "
                        "to the supervisor first."
                    ),
                    "ROLE-06",
                ),
                _s(
                    _(
                        "Escalate in order: croupier, supervisor, pit boss, shift manager; "
                        "each level and its decision is recorded."
                    ),
                    "AUTH-01",
                ),
                _s(
                    _(
                        "Record the hand, street, type, the rule applied, who decided and "
                        "any chips returned or sanction raised."
                    ),
                    "IRREG-14",
                    "HREC-10",
                ),
                _s(
                    _(
                        "A card with another back, two identical cards or cards missing: "
                        "link it to the pack, which is withdrawn."
                    ),
                    "DECK-20",
                ),
                _s(
                    _("Players do not take part in deciding an irregularity."),
                    "AUTH-03",
                ),
            ),
        ),
        HelpTopic(
            "hand_recorder",
            _("Recording a hand"),
            (
                _s(
                    _(
                        "Log the hand live or afterwards from the paper notes; both are "
                        "checked the same way."
                    ),
                    "HREC-02",
                ),
                _s(
                    _(
                        "Record each action as seen and heard: the seat, the words and "
                        "whether they came before the chips landed, the chips put in."
                    ),
                    "HREC-03",
                    "RUL-02",
                    "RUL-03",
                ),
                _s(
                    _(
                        "Each action is checked as you save it: turn, legal options, "
                        "minimum and maximum, table stakes."
                    ),
                    "HREC-04",
                ),
                _s(
                    _(
                        "Cards must be distinct cards of one pack: two hole cards each and "
                        "a board of three, four or five."
                    ),
                    "HREC-05",
                ),
                _s(
                    _(
                        "At the end the engine computes pots, winners and rake and compares "
                        "them with what you recorded."
                    ),
                    "HREC-06",
                ),
                _s(
                    _(
                        "The engine advises and shows its rule; you may accept it or decide "
                        "otherwise with a reason."
                    ),
                    "HREC-07",
                    "AUTH-04",
                ),
                _s(
                    _(
                        "Sign the hand to close it; afterwards only a new revision with a "
                        "reason changes it."
                    ),
                    "HREC-09",
                ),
            ),
        ),
        # Issue 42: the floor's part of a tournament.
        HelpTopic(
            "tournament_floor",
            _("Tournament tables"),
            (
                _s(
                    _(
                        "The seats are drawn: give the tables in the order they will break; "
                        "the last one hosts the final table."
                    ),
                    "TOUR-01",
                ),
                _s(
                    _(
                        "Mark each player who sits down; an absent player is dealt in and "
                        "blinded until late registration closes, then his stack comes off."
                    ),
                    "TOUR-02",
                ),
                _s(
                    _(
                        "After each bust look at the plan: confirm it, then each dealer "
                        "confirms the player left and arrived with his chips in view."
                    ),
                    "TOUR-05",
                ),
            ),
        ),
    )
}

#: The topics of each procedure page, by URL name.
PAGES: dict[str, tuple[str, ...]] = {
    "floor:table": ("chips", "slips", "incident"),
    "floor:buyin": ("chips",),
    "floor:change": ("chips",),
    "tables:table": ("opening", "closing"),
    "tables:opening": ("opening",),
    "tables:closing": ("closing", "slips"),
    "tables:decks": ("decks",),
    "tables:pack": ("decks",),
    "tables:store": ("decks",),
    "tables:shift-change": ("shift_change",),
    "tables:sanctions": ("sanctions",),
    "tables:sanction": ("sanctions",),
    "cage:slips": ("slips",),
    "cage:session": ("chips", "slips"),
    "hands:session": ("hand_recorder",),
    "hands:live_start": ("hand_recorder",),
    "hands:live": ("hand_recorder", "incident"),
    "hands:detail": ("hand_recorder", "incident"),
    "tournaments:tables": ("tournament_floor",),
    "tournaments:moves": ("tournament_floor",),
}


def topic(key: str) -> HelpTopic:
    """The topic ``key``; an unknown key is a programming error (KeyError)."""
    return TOPICS[key]


def topics_for(url_name: str | None) -> list[HelpTopic]:
    """The help topics of the page named ``url_name`` (none for a page without help)."""
    return [TOPICS[k] for k in PAGES.get(url_name or "", ())]
