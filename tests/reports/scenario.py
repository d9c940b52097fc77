"""A full gaming day at one table, driven only through the services of tables, cage and hands.

Used by the report tests: every figure a report prints comes from records these
services wrote. Table 7 (sector P1), no-limit 5/10, chips 100/50/25/5/1.

Opening: the 50s are one chip short (discrepancy acknowledged by the pit boss);
three players buy in 500 each in cash (Ana Gómez seat 1, Beto Ruiz seat 3,
Carla Díaz seat 5); hands 1 (showdown, rake 1.00) and 2 are valid, hand 3 is
invalid (continuity); a dealer change rotates the packs; a re-buy of 200, a
colour change and a cash-out at closing; a fill slip requested during play and
voided; two sanctions (warning after a proposal, removal); closing counted as
the cage expects, fills and credits back to par, three signatures, three copies;
the drop counted short by 100 by two cashiers and explained; packs returned,
classified and the day's deck control signed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.utils import timezone

from cage import selectors as cage_selectors
from cage import services as cage
from cage.models import RakeEntry, Slip
from cage.reconciliation import reconcile_session
from casino.access import Actor, acting_as
from casino.models import ChipSet, Denomination, Sector
from casino.roles import Role
from hands import services as hands
from hands.models import Hand
from players.models import Player
from tables import services as tables
from tables.models import (
    ClosingSheet,
    DeckStore,
    Discrepancy,
    FloatPar,
    OpeningSheet,
    Pack,
    PackState,
    SanctionEntry,
    Table,
    TableSession,
    TableSettings,
    Variant,
)
from tests.helpers import inspect_pack

D = Decimal
# value, colour, par
CHIPS = [
    ("100", "negro", 120),
    ("50", "naranja", 80),
    ("25", "verde", 100),
    ("5", "rojo", 200),
    ("1", "blanco", 100),
]


def act(user: Any, role: Role) -> Actor:
    return acting_as(user, role)


def chip_set_for(casino: Any) -> ChipSet:
    chip_set, created = ChipSet.objects.get_or_create(casino=casino, name="Fichas de valor")
    if created:
        for value, colour, _par in CHIPS:
            Denomination.objects.create(chip_set=chip_set, value=D(value), colour=colour)
    return chip_set


def make_table(casino: Any, sector: Sector | None, number: int = 7) -> Table:
    chip_set = chip_set_for(casino)
    table = Table.objects.create(
        casino=casino, number=number, name=f"Mesa {number}", chip_set=chip_set, sector=sector
    )
    TableSettings.objects.create(
        table=table,
        version=1,
        effective_from=timezone.now() - timedelta(days=1),
        variant=Variant.NO_LIMIT,
        small_blind=D("5"),
        big_blind=D("10"),
        min_buyin=D("100"),
        max_buyin=D("2000"),
    )
    denoms = {d.value: d for d in chip_set.denominations.all()}
    for value, _colour, par in CHIPS:
        FloatPar.objects.create(table=table, denomination=denoms[D(value)], count=par)
    return table


def prep_checklists(boss: Actor, sup: Actor, session: TableSession) -> None:
    """PREP-02..05: both pre-opening checklists, when the tables app asks for them."""
    record = getattr(tables, "prep_checklist_record", None)
    if record is None:
        return
    from tables import checklists

    record(actor=boss, session=session, items=dict.fromkeys(checklists.PIT_BOSS_ITEMS, True))
    record(actor=sup, session=session, items=dict.fromkeys(checklists.SUPERVISOR_ITEMS, True))


def seats(stacks: dict[int, Any], cards: dict[int, str] | None = None) -> list[dict[str, Any]]:
    return [
        {"seat": s, "stack": str(v), **({"cards": cards[s]} if cards and s in cards else {})}
        for s, v in sorted(stacks.items())
    ]


def order(stacks: dict[int, Any], button: int) -> list[int]:
    ordered = sorted(stacks)
    return [s for s in ordered if s > button] + [s for s in ordered if s <= button]


def fold_to_big_blind(button: int, stacks: dict[int, Any]) -> dict[str, Any]:
    o = order(stacks, button)
    actions = [{"action": "fold", "seat": s} for s in (*o[2:], o[0])]
    return {"button": button, "seats": seats(stacks), "actions": actions}


def showdown(button: int = 5) -> dict[str, Any]:
    """Seats 1, 3, 5 with 500; seat 1 wins a 60 pot with aces (rake 1.00)."""
    checks = [{"action": "check", "seat": s} for s in (1, 3, 5)]
    return {
        "button": button,
        "seats": seats({1: 500, 3: 500, 5: 500}, {1: "AsAd", 3: "KcKh", 5: "7c2d"}),
        "actions": [
            {"action": "raise", "seat": 5, "amount": "20"},
            {"action": "call", "seat": 1},
            {"action": "call", "seat": 3},
            {"action": "board", "cards": "2h7d9s"},
            *checks,
            {"action": "board", "cards": "Jc"},
            *checks,
            {"action": "board", "cards": "3s"},
            *checks,
            {"action": "show", "seat": 1},
            {"action": "show", "seat": 3},
            {"action": "muck", "seat": 5},
        ],
    }


def open_session(
    staff: dict[str, Any], casino: Any, sector: Sector | None, number: int
) -> TableSession:
    """A new table with its session opened through the services: counted as expected, signed."""
    boss, sup = act(staff["pit_boss"], Role.PIT_BOSS), act(staff["supervisor"], Role.SUPERVISOR)
    table = make_table(casino, sector, number=number)
    session = tables.session_open(
        actor=boss, table=table, supervisor=staff["supervisor"], croupier=staff["croupier"]
    )
    prep_checklists(boss, sup, session)
    sheet = OpeningSheet.objects.get(session=session)
    tables.opening_count_record(
        actor=sup,
        sheet=sheet,
        lines=[
            {
                "denomination": x.denomination_id,
                "stacks": x.expected_count // 20,
                "loose": x.expected_count % 20,
            }
            for x in sheet.ordered_lines()
        ],
    )
    _sign_three(staff, sheet, tables.opening_sign, "croupier", "1234")
    session.refresh_from_db()
    return session


def ready_for_hands(
    staff: dict[str, Any], casino: Any, sector: Sector | None, number: int
) -> TableSession:
    """An open session with two inspected packs (one in play) and three players of 500."""
    boss, sup = act(staff["pit_boss"], Role.PIT_BOSS), act(staff["supervisor"], Role.SUPERVISOR)
    session = open_session(staff, casino, sector, number)
    store, _created = DeckStore.objects.get_or_create(
        casino=casino, code="SEG", defaults={"name": "Depósito de seguridad"}
    )
    receipt = tables.deck_delivery_record(
        actor=act(staff["security"], Role.SECURITY),
        store=store,
        packs=[
            {"serial": f"R{number}", "colour": "rojo"},
            {"serial": f"A{number}", "colour": "azul"},
        ],
    )
    tables.deck_receipt_sign(actor=boss, receipt=receipt)
    for serial in (f"R{number}", f"A{number}"):
        pack = Pack.objects.get(serial=serial)
        tables.deck_move(actor=boss, pack=pack, to=PackState.ISSUED, session=session)
        inspect_pack(sup, pack)
    tables.deck_move(actor=sup, pack=Pack.objects.get(serial=f"R{number}"), to=PackState.IN_PLAY)
    tables.deck_move(actor=sup, pack=Pack.objects.get(serial=f"A{number}"), to=PackState.RESERVE)
    session.refresh_from_db()
    tables.session_start_play(actor=sup, session=session)
    for seat in (1, 3, 5):
        cage.buyin_record(
            actor=sup,
            session=session,
            seat=seat,
            amount="500",
            croupier=staff["croupier"],
            player_name=f"Jugador {seat}",
            cash=[{"value": "100", "count": 5}],
            chips=[("100", 5)],
        )
    session.refresh_from_db()
    return session


@dataclass
class Day:
    table: Table
    session: TableSession
    store: DeckStore
    players: dict[str, Player]
    opening: OpeningSheet
    closing: ClosingSheet
    hands: list[Hand]
    slips: list[Slip]
    voided: Slip
    sanctions: list[SanctionEntry]
    drop_expected: Decimal
    drop_counted: Decimal
    rake: Decimal
    extra: dict[str, Any] = field(default_factory=dict)


def play_day(staff: dict[str, Any], casino: Any, gaming_day: Any, sector: Sector) -> Day:
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    security = act(staff["security"], Role.SECURITY)
    cameras = act(staff["surveillance"], Role.SURVEILLANCE)
    cashier = act(staff["cage_cashier"], Role.CAGE_CASHIER)
    sector.pit_bosses.add(staff["pit_boss"])
    table = make_table(casino, sector)
    store = DeckStore.objects.create(casino=casino, code="SEG", name="Depósito de seguridad")
    players = {
        n: Player.objects.create(casino=casino, display_name=n)
        for n in ("Ana Gómez", "Beto Ruiz", "Carla Díaz")
    }

    # Cards from security, receipt signed by the pit boss (DECK-03).
    receipt = tables.deck_delivery_record(
        actor=security,
        store=store,
        packs=[
            {"serial": s, "colour": c} for s, c in (("R1", "rojo"), ("A1", "azul"), ("R2", "rojo"))
        ],
    )
    tables.deck_receipt_sign(actor=boss, receipt=receipt)
    packs = {p.serial: p for p in Pack.objects.filter(receipt=receipt)}

    # --- opening ------------------------------------------------------------------------
    key = tables.key_hand_out(
        actor=manager, key_label="Banca mesa 7", holder=staff["pit_boss"], table=table
    )
    session = tables.session_open(
        actor=boss, table=table, supervisor=staff["supervisor"], croupier=staff["croupier"]
    )
    tables.session_event_record(actor=cameras, session=session, kind="surveillance_notified")
    tables.session_event_record(actor=security, session=session, kind="security_present")
    tables.session_event_record(
        actor=boss, session=session, kind="lids_removal_authorised", person=staff["shift_manager"]
    )
    prep_checklists(boss, sup, session)
    opening = OpeningSheet.objects.get(session=session)
    lines = []
    for line in opening.ordered_lines():
        chips = line.expected_count - (1 if line.value == D("50") else 0)
        lines.append(
            {"denomination": line.denomination_id, "stacks": chips // 20, "loose": chips % 20}
        )
    tables.opening_count_record(actor=sup, sheet=opening, lines=lines)
    for disc in Discrepancy.objects.filter(sheet=opening):
        tables.discrepancy_acknowledge(
            actor=boss, discrepancy=disc, note="Ficha de 50 faltante desde el cierre anterior"
        )
    _sign_three(staff, opening, tables.opening_sign, "croupier", "1234")
    tables.sheet_copy_deposit(actor=sup, sheet=opening, copy="drop_box")
    tables.session_event_record(actor=cameras, session=session, kind="surveillance_authorised")
    tables.session_event_record(
        actor=sup, session=session, kind="float_locked", person=staff["pit_boss"]
    )

    for serial in ("R1", "A1"):
        tables.deck_move(actor=boss, pack=packs[serial], to=PackState.ISSUED, session=session)
        inspect_pack(sup, packs[serial])
    tables.deck_move(actor=sup, pack=packs["R1"], to=PackState.IN_PLAY)
    tables.deck_move(actor=sup, pack=packs["A1"], to=PackState.RESERVE)
    session.refresh_from_db()
    tables.session_start_play(actor=sup, session=session)

    # --- play -------------------------------------------------------------------------------
    for seat, who in ((1, "Ana Gómez"), (3, "Beto Ruiz"), (5, "Carla Díaz")):
        cage.buyin_record(
            actor=sup,
            session=session,
            seat=seat,
            amount="500",
            croupier=staff["croupier"],
            player=players[who],
            cash=[{"value": "100", "count": 5}],
            chips=[("100", 5)],
        )
    played = [hands.hand_log(actor=sup, session=session, data=showdown(5))]
    played.append(
        hands.hand_log(
            actor=sup, session=session, data=fold_to_big_blind(1, {1: 539, 3: 480, 5: 480})
        )
    )
    tables.dealer_change_record(
        actor=sup, session=session, incoming=staff["croupier2"], incoming_pack=packs["A1"]
    )
    # Seat 1's stack is wrong: a continuity violation, the hand is stored invalid.
    played.append(
        hands.hand_log(
            actor=sup, session=session, data=fold_to_big_blind(3, {1: 600, 3: 475, 5: 485})
        )
    )
    session.refresh_from_db()
    cage.buyin_record(
        actor=sup,
        session=session,
        seat=5,
        amount="200",
        croupier=staff["croupier2"],
        player=players["Carla Díaz"],
        # After hand 3 (seat 5 posted the small blind and folded): 485 - 5 (issue 12 §7).
        stack_before="480",
        cash=[{"value": "100", "count": 2}],
        chips=[("100", 2)],
    )
    cage.colour_change_record(
        actor=sup,
        session=session,
        chips_in=[("5", 20)],
        chips_out=[("100", 1)],
        croupier=staff["croupier2"],
        seat=1,
    )
    voided = cage.slip_request(
        actor=boss, session=session, kind="fill", lines=[("25", 40)], note="relleno de 25"
    )
    void = cage.slip_void_request(actor=boss, slip=voided, reason="Pedido por error")
    cage.slip_void_confirm(actor=manager, void=void)

    proposal = tables.sanction_propose(
        actor=sup,
        conduct_code="disruptive",
        player=players["Beto Ruiz"],
        session=session,
        hand_number=2,
        reason="Arrojó las cartas al croupier",
    )
    sanctions = [
        tables.sanction_impose(
            actor=boss,
            conduct_code="disruptive",
            level="warning",
            player=players["Beto Ruiz"],
            session=session,
            hand_number=2,
            proposal=proposal,
            reason="Advertencia verbal",
        ),
        tables.sanction_impose(
            actor=manager,
            conduct_code="staff_disrespect",
            level="removal",
            player=players["Carla Díaz"],
            session=session,
            hand_number=3,
            override_reason="Insultos reiterados al croupier",
            reason="Insultos al croupier",
        ),
    ]

    # --- closing ----------------------------------------------------------------------------
    session = tables.session_announce_last_hand(actor=boss, session=session, last_hand_number=3)
    cage.cash_out_record(
        actor=sup,
        session=session,
        chips_in=[("25", 4)],
        chips_out=[("100", 1)],
        croupier=staff["croupier2"],
        seat=1,
    )
    tables.closing_start(actor=boss, session=session, security_officer=staff["security"])
    session.refresh_from_db()
    closing = ClosingSheet.objects.get(session=session)
    expected = cage_selectors.expected_float(session) or {}
    tables.closing_count_record(
        actor=sup,
        sheet=closing,
        lines=[
            {
                "denomination": line.denomination_id,
                "stacks": expected.get(line.denomination_id, 0) // 20,
                "loose": expected.get(line.denomination_id, 0) % 20,
            }
            for line in closing.ordered_lines()
        ],
    )
    tables.closing_confirm_empty_bank(
        actor=sup, sheet=closing, croupier=staff["croupier2"], pin="5678"
    )
    slips = []
    need = cage.par_restoration(session)
    denoms = {d.pk: d.value for d in Denomination.objects.filter(chip_set=table.chip_set)}
    for kind in ("fill", "credit"):
        if need[kind]:
            slip = cage.slip_request(
                actor=boss,
                session=session,
                kind=kind,
                purpose="closing",
                lines=[(str(denoms[d]), n) for d, n in need[kind]],
            )
            _sign_slip(staff, slip)
            slips.append(slip)
    _sign_three(staff, closing, tables.closing_sign, "croupier2", "5678")
    session.refresh_from_db()
    for copy in ("chip_rack", "drop_box", "original_cage"):
        tables.sheet_copy_deposit(actor=sup, sheet=closing, copy=copy)
    tables.session_event_record(
        actor=sup, session=session, kind="float_locked", person=staff["pit_boss"]
    )
    tables.key_return(actor=boss, handout=key)

    # --- drop count, short by 100, explained ------------------------------------------------
    rake = sum((e.sign * e.amount for e in RakeEntry.objects.filter(session=session)), D("0"))
    drop_expected = D("1700")
    drop_counted = D("1600")
    for who in ("cage_cashier", "cage_cashier2"):
        cage.drop_count_record(
            actor=act(staff[who], Role.CAGE_CASHIER),
            session=session,
            cash=[{"value": "100", "count": 16}],
            rake_chips=[("1", int(rake))] if rake else [],
        )
    rec = reconcile_session(session)
    drop_finding = next(f for f in rec.findings if f.kind == "DROP_VARIANCE")
    cage.variance_explain(
        actor=boss,
        session=session,
        finding_key=drop_finding.key,
        explanation="Billete de 100 devuelto al jugador sin registrar",
    )

    # --- cards back, classified, the day's control --------------------------------------------
    for serial in ("R1", "A1"):
        tables.deck_move(
            actor=sup,
            pack=packs[serial],
            to=PackState.RETURNED,
            with_user=staff["croupier2"],
            complete=True,
        )
    tables.deck_move(actor=sup, pack=packs["R1"], to=PackState.REUSABLE, complete=True)
    tables.deck_move(actor=sup, pack=packs["A1"], to=PackState.DISCARD)
    tables.deck_final_control_sign(actor=manager, store=store, counted_serials=["R1", "A1", "R2"])

    del cashier
    return Day(
        table=table,
        session=session,
        store=store,
        players=players,
        opening=OpeningSheet.objects.get(pk=opening.pk),
        closing=ClosingSheet.objects.get(pk=closing.pk),
        hands=played,
        slips=slips,
        voided=voided,
        sanctions=sanctions,
        drop_expected=drop_expected,
        drop_counted=drop_counted,
        rake=rake,
        extra={"proposal": proposal, "expected_closing": expected},
    )


def _sign_three(staff: dict[str, Any], sheet: Any, sign: Any, croupier: str, pin: str) -> None:
    terminal = act(staff["supervisor"], Role.SUPERVISOR)
    sign(actor=terminal, sheet=sheet, role=Role.CROUPIER, signer=staff[croupier], pin=pin)
    sign(actor=terminal, sheet=sheet, role=Role.SUPERVISOR)
    sign(actor=act(staff["pit_boss"], Role.PIT_BOSS), sheet=sheet, role=Role.PIT_BOSS)


def _sign_slip(
    staff: dict[str, Any], slip: Slip, croupier: str = "croupier2", pin: str = "5678"
) -> None:
    # In the slip's kind's order (CLOSE-07): a credit leaves the table before the cage signs;
    # the croupier on duty signs at the supervisor's terminal.
    terminal = act(staff["supervisor"], Role.SUPERVISOR)
    cage.slip_sign_in_order(
        slip=slip,
        signers={
            Role.CAGE_CASHIER: cage.SlipSigner(act(staff["cage_cashier"], Role.CAGE_CASHIER)),
            Role.SECURITY: cage.SlipSigner(act(staff["security"], Role.SECURITY)),
            Role.CROUPIER: cage.SlipSigner(terminal, staff[croupier], pin),
            Role.SUPERVISOR: cage.SlipSigner(terminal),
        },
    )
