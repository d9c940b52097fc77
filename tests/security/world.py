"""A populated casino for the security tests: one full gaming day, every kind of record.

The day is the reports' scenario (``tests.reports.scenario.play_day``: a table opened,
played, corrected and closed through the services of tables, cage and hands, with a
discrepancy, an invalid hand, a voided fill, sanctions, slips, drop counts and the
deck control). On top of it a few working records the scenario does not leave
behind (a hand being logged, a waiting-list entry, an import, a re-validation, a
report), so that every URL with an id has a real record to point at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from django.apps import apps

from casino.access import acting_as
from casino.errors import Conflict
from casino.models import GamingDay
from casino.roles import Role
from hands import adapter
from hands.models import ImportJob, LiveHand, RevalidationRun
from hands.services.recording.terms import forced_defaults
from reports.models import Report
from tables.models import WaitingEntry
from tests.helpers import inspect_pack
from tests.reports.scenario import Day, make_table, play_day, prep_checklists, seats


@dataclass
class World:
    day: Day
    gaming_day: GamingDay
    ids: dict[str, int] = field(default_factory=dict)

    def id_of(self, label: str | None) -> int:
        if label is None:
            return 0
        if label not in self.ids:
            obj = apps.get_model(label).objects.order_by("-pk").first()
            assert obj is not None, f"the world has no {label}"
            self.ids[label] = obj.pk
        return self.ids[label]

    def placeholders(self, role: Role | None) -> dict[str, Any]:
        return {
            "$role": role.value if role else "",
            "$player": self.day.players["Ana Gómez"].pk,
            "$store": self.day.store.pk,
            "$session": self.day.session.pk,
            "$pack": self.id_of("tables.Pack"),
            "$table": self.day.table.pk,
        }


def build_world(staff: dict[str, Any], casino: Any, gaming_day: GamingDay, sector: Any) -> World:
    day = play_day(staff, casino, gaming_day, sector)
    session = day.session
    # A hand being logged: the record as ``live_hand_start`` normalises it (the session is
    # closed by now, so the service itself would refuse to open one).
    settings = session.settings
    record = adapter.normalise(
        {"button": 1, "seats": seats({1: 500, 3: 500, 5: 500}), "actions": []},
        defaults=forced_defaults(settings, settings.variant),
    )
    record["structure"] = settings.variant
    LiveHand.objects.create(
        casino=casino,
        session=session,
        number=99,
        started_by=staff["supervisor"],
        role=Role.SUPERVISOR,
        record=record,
    )
    WaitingEntry.objects.create(
        casino=casino, table=day.table, name="Dora Paz", added_by=staff["supervisor"]
    )
    ImportJob.objects.create(
        casino=casino,
        session=session,
        created_by=staff["supervisor"],
        role=Role.SUPERVISOR,
        content="",
    )
    RevalidationRun.objects.create(
        casino=casino,
        created_by=staff["shift_manager"],
        role=Role.SHIFT_MANAGER,
        date_from=date(2030, 1, 1),
        date_to=date(2030, 1, 2),
    )
    _signed_control_sheet(staff, session)  # before the house rules: that stays the newest
    Report.objects.create(
        casino=casino,
        kind="house_rules",
        requested_by=staff["shift_manager"],
        role=Role.SHIFT_MANAGER,
    )
    opening, closing = _sheets_to_sign(staff, casino, sector)
    in_play = _table_in_play(staff, casino, sector)
    _shift_pattern(staff, casino, gaming_day)
    to_sign = _shift_changes(staff, in_play)
    _players_and_exclusions(staff, in_play)
    incident = _incident(staff)
    _preparation_checklist(staff)
    _rota(staff, day.table, gaming_day)
    _croupier_games(staff)
    _promotions(staff, day, gaming_day)
    room, tournament = _tournaments(staff, casino, gaming_day)
    world = World(day=day, gaming_day=gaming_day)
    world.tournament_room = room  # type: ignore[attr-defined]
    world.ids["tournaments.Tournament"] = tournament.pk
    world.ids["session:in_play"] = in_play.pk
    world.ids["signable:shift_change"] = to_sign.pk
    world.ids["hands.Incident"] = incident.pk
    world.ids["signable:opening"] = opening.pk
    world.ids["signable:closing"] = closing.pk
    world.ids.update(
        {
            "tables.Table": day.table.pk,
            "tables.TableSession": session.pk,
            "tables.OpeningSheet": day.opening.pk,
            "tables.ClosingSheet": day.closing.pk,
            "hands.Hand": day.hands[-1].pk,
            "casino.GamingDay": gaming_day.pk,
            "tables.DeckStore": day.store.pk,
        }
    )
    return world


def _rota(staff: dict[str, Any], table: Any, gaming_day: GamingDay) -> Any:
    """The day's dealers' rota (issue 44 §3), as ``rota_plan`` stores it: the world's table
    and croupier from 10:00 to 18:00 (the day is closed by now, so the service refuses)."""
    from datetime import timedelta

    from django.utils import timezone

    from rota import planning
    from rota.codec import plan_to_data
    from rota.models import RotaPlan

    croupier = staff["croupier"]
    plan = planning.plan_rota(
        [planning.Croupier(str(croupier.pk), frozenset({"holdem"}), 0, 480)],
        [planning.Table(str(table.pk), "holdem", 0)],
        start=0,
        end=480,
    )
    start = timezone.now().replace(hour=10, minute=0, second=0, microsecond=0)
    return RotaPlan.objects.create(
        casino=table.casino,
        gaming_day=gaming_day,
        version=1,
        starts_at=start,
        ends_at=start + timedelta(hours=8),
        on_minutes=30,
        off_minutes=15,
        late_after_minutes=5,
        plan=plan_to_data(plan),
        planned_by=staff["pit_boss"],
        role=Role.PIT_BOSS.value,
    )


def _croupier_games(staff: dict[str, Any]) -> Any:
    """The games the croupier may deal (issue 44 §3), recorded by the manager: every game,
    so the world's plans are the same as with no record."""
    from rota.models import GAMES
    from rota.services import croupier_games_record

    return croupier_games_record(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER),
        croupier=staff["croupier"],
        games=list(GAMES),
        reason="habilitado en todos los juegos",
    )


def _tournaments(staff: dict[str, Any], casino: Any, gaming_day: GamingDay) -> tuple[Any, Any]:
    """Two tournaments through their services (issue 42), so every tournaments table holds
    a row: one at tables 31 and 32 with busts, a corrected bust, a balancing move confirmed
    by its dealer, a chip race at the colour-up, approved payouts and an approved deal; a
    small one whose winner is paid at the cage and whose cash is settled and signed."""
    import time
    from decimal import Decimal

    from tests.tournaments.conftest import World as Room
    from tests.tournaments.conftest import make_chips, new_tournament
    from tournaments import selectors
    from tournaments import services as tournaments

    room = Room(casino, staff, gaming_day, make_chips(casino))

    def running(name: str, players: int, tables: list[int]) -> tuple[Any, list[Any]]:
        t = new_tournament(room, name)
        for n in tables:
            room.table(n)
        entries = [
            tournaments.entry_register(actor=room.cash, tournament=t, player=p)
            for p in room.players(players)
        ]
        tournaments.draw_initial(actor=room.sup, tournament=t, tables=tables)
        for e in entries:
            tournaments.entry_arrive(actor=room.sup, entry=e)
        tournaments.clock_record(actor=room.sup, tournament=t, kind="start")
        return t, entries

    t, _entries = running("Mundo", 14, [31, 32])
    short = [i for i in selectors.seating(t).seats.values() if i.tt.table.number == 31]
    busts = [
        tournaments.elimination_record(actor=room.sup, tournament=t, entry=info.entry)
        for info in short[:3]
    ]
    tournaments.elimination_correct(
        actor=room.sup, elimination=busts[0], reason="jugador equivocado", chips=10000
    )
    plan = selectors.balance_plan(t)
    draw = tournaments.balance_confirm(actor=room.sup, tournament=t, version=plan.version)
    move = draw.moves.first()
    if move is not None:
        tournaments.move_confirm(actor=room.croupier(move.from_table), move=move, side="from")
    # TDA 24: the chip race at the break after level 4 (its last second run out).
    tournaments.clock_record(actor=room.sup, tournament=t, kind="go_to_level", level=4)
    tournaments.clock_record(actor=room.sup, tournament=t, kind="adjust", seconds=-1199)
    time.sleep(1.3)
    seated = sorted(i.seat for i in selectors.seating(t).seats.values() if i.tt.table.number == 32)
    tournaments.chip_race_record(
        actor=room.sup,
        tournament=t,
        table=32,
        stacks={seat: {100: 100} for seat in seated},
    )
    tournaments.clock_record(actor=room.sup, tournament=t, kind="go_to_level", level=5)
    table = tournaments.payouts_propose(actor=room.pit, tournament=t)
    tournaments.payouts_approve(actor=room.mgr, table=table)
    for entry in list(selectors.entry_states(t).live)[:2]:  # a deal is for ten at most
        tournaments.elimination_record(actor=room.sup, tournament=t, entry=entry)
    deal = tournaments.deal_propose(actor=room.sup, tournament=t, method="chip_chop")
    for entry in selectors.entry_states(t).live:
        tournaments.deal_consent(actor=room.sup, deal=deal, entry=entry)
    tournaments.deal_approve(actor=room.mgr, deal=deal)

    small, (loser, winner) = running("Pequeño", 2, [33])
    tournaments.clock_record(actor=room.sup, tournament=small, kind="go_to_level", level=5)
    small_table = tournaments.payouts_propose(actor=room.pit, tournament=small)
    tournaments.payouts_approve(actor=room.mgr, table=small_table)
    tournaments.elimination_record(actor=room.sup, tournament=small, entry=loser)
    tournaments.prize_pay(actor=room.cash, tournament=small, entry=winner, player_signed_name="X")
    settled = tournaments.settlement_record(actor=room.cash, tournament=small, counted=Decimal("0"))
    tournaments.settlement_sign(actor=room.mgr, settlement=settled)
    return room, t


def _signed_control_sheet(staff: dict[str, Any], session: Any) -> Report:
    """The day's table control sheet, archived and signed by its supervisor and pit boss
    (CLOSE-11, reports/signing.py): a locked ``reports.SignableReport``."""
    from reports import services as reports
    from reports.signing import report_sign

    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    report = reports.report_request(actor=sup, kind="control_sheet", params={"session": session.pk})
    report = reports.report_render(report.pk)
    report_sign(actor=sup, report=report)
    report_sign(actor=acting_as(staff["pit_boss"], Role.PIT_BOSS), report=report)
    return report


def _count(sheet: Any) -> list[dict[str, int]]:
    counts = [(line.denomination_id, line.expected_count) for line in sheet.ordered_lines()]
    return [{"denomination": d, "stacks": n // 20, "loose": n % 20} for d, n in counts]


def _sheets_to_sign(staff: dict[str, Any], casino: Any, sector: Any) -> tuple[Any, Any]:
    """Two more tables whose sheets wait for their signatures: table 8's opening is counted
    (session at the opening), table 9 opened and went straight to its closing, counted."""
    from tables import services as tables
    from tables.models import ClosingSheet, OpeningSheet

    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    sheets = []
    for number, croupier in ((8, "croupier"), (9, "croupier2")):
        table = make_table(casino, sector, number)
        session = tables.session_open(
            actor=boss, table=table, supervisor=staff["supervisor"], croupier=staff[croupier]
        )
        prep_checklists(boss, sup, session)
        sheet = OpeningSheet.objects.get(session=session)
        tables.opening_count_record(actor=sup, sheet=sheet, lines=_count(sheet))
        sheets.append((session, sheet, croupier))
    session, opening, croupier = sheets[1]
    pin = "1234" if croupier == "croupier" else "5678"
    tables.opening_sign(
        actor=sup, sheet=opening, role=Role.CROUPIER, signer=staff[croupier], pin=pin
    )
    tables.opening_sign(actor=sup, sheet=opening, role=Role.SUPERVISOR)
    tables.opening_sign(actor=boss, sheet=opening, role=Role.PIT_BOSS)
    session.refresh_from_db()
    tables.closing_start(actor=boss, session=session, security_officer=staff["security"])
    closing = ClosingSheet.objects.get(session=session)
    tables.closing_count_record(actor=sup, sheet=closing, lines=_count(closing))
    tables.closing_confirm_empty_bank(actor=sup, sheet=closing, croupier=staff[croupier], pin=pin)
    return sheets[0][1], closing


def _table_in_play(staff: dict[str, Any], casino: Any, sector: Any) -> Any:
    """Table 10 in play: settings versions, seating and a button draw, a cash alert, a
    misdealt hand (an irregularity) and a departure: the records the day above lacks."""
    from cage import services as cage
    from hands import services as hands
    from tables import services as tables
    from tables.models import OpeningSheet, Pack, PackState
    from tests.helpers import make_staff

    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    security = acting_as(staff["security"], Role.SECURITY)
    croupier = make_staff(casino, "croupier3", Role.CROUPIER, pin="9999")
    tables.ops_settings_change(actor=manager, reason="Rotación cada hora", deck_rotation_minutes=60)
    cage.cage_policy_set(actor=manager, id_threshold=Decimal("1500"))
    table = make_table(casino, sector, 10)
    session = tables.session_open(
        actor=boss, table=table, supervisor=staff["supervisor"], croupier=croupier
    )
    prep_checklists(boss, sup, session)
    opening = OpeningSheet.objects.get(session=session)
    tables.opening_count_record(actor=sup, sheet=opening, lines=_count(opening))
    tables.opening_sign(actor=sup, sheet=opening, role=Role.CROUPIER, signer=croupier, pin="9999")
    tables.opening_sign(actor=sup, sheet=opening, role=Role.SUPERVISOR)
    tables.opening_sign(actor=boss, sheet=opening, role=Role.PIT_BOSS)
    receipt = tables.deck_delivery_record(
        actor=security,
        store=world_store(casino),
        packs=[{"serial": "R10", "colour": "rojo"}, {"serial": "A10", "colour": "azul"}],
    )
    tables.deck_receipt_sign(actor=boss, receipt=receipt)
    red, blue = Pack.objects.get(serial="R10"), Pack.objects.get(serial="A10")
    for pack in (red, blue):
        tables.deck_move(actor=boss, pack=pack, to=PackState.ISSUED, session=session)
        inspect_pack(sup, pack, pin="9999")  # croupier3 witnesses
    tables.deck_move(actor=sup, pack=red, to=PackState.IN_PLAY)
    tables.deck_move(actor=sup, pack=blue, to=PackState.RESERVE)
    session.refresh_from_db()
    tables.session_start_play(actor=sup, session=session)
    hands.button_draw_record(actor=sup, session=session, cards={1: "As", 3: "Kd", 5: "2c"})
    for seat, amount in ((1, "2000"), (3, "500"), (5, "500")):
        cage.buyin_record(
            actor=sup,
            session=session,
            seat=seat,
            amount=amount,
            croupier=croupier,
            player_name=f"Jugador {seat}",
            cash=[{"value": "100", "count": int(amount) // 100}],
            chips=[("100", int(amount) // 100)],
        )
    misdeal = {
        "button": 5,
        "seats": seats({1: 2000, 3: 500, 5: 500}),
        "actions": [
            {
                "action": "irregularity",
                "irregularity": {
                    "kind": "dealer_exposed_card",
                    "seat": 1,
                    "first_or_second_card": True,
                },
            }
        ],
    }
    hands.hand_log(actor=sup, session=session, data=misdeal)
    cage.player_departure_record(actor=sup, session=session, seat=5, stack="500")
    # A rake posting on the table still in play: the rake reversal of ``apply_corrections``
    # needs a session whose closing has not begun (require_not_closing, issue 39 §2).
    cage.rake_post(actor=sup, session=session, hand_number=2, amount="3")
    # A relief and the return of the session's supervisor (issue 12 §1): the table keeps
    # its supervisor, and the world holds SupervisorRelief rows for the raw-SQL tests.
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    for incoming, reason in (
        (staff["supervisor2"], "descanso del supervisor"),
        (sup.user, "fin del descanso"),
    ):
        tables.session_supervisor_relieve(
            actor=boss, session=session, incoming=incoming, reason=reason
        )
    return session


def _preparation_checklist(staff: dict[str, Any]) -> Any:
    """The day's management checklist (PREP-01, issue 17 §4), signed by the shift manager."""
    from tables.services.procedure import preparation_checklist_record

    return preparation_checklist_record(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER),
        spaces_inspected=True,
        cards_checked=True,
        documents_compared=True,
        deficiencies="Mesa 10: paño cambiado",
    )


def _shift_pattern(staff: dict[str, Any], casino: Any, gaming_day: GamingDay) -> Any:
    """The next shift pattern, added as the manager does in the admin (casino/admin.py
    writes the model): effective from the next business date, so the world's own day
    keeps its shifts (GEN-02: a new pattern never re-labels an opened day)."""
    from datetime import time, timedelta

    from casino.shifts import ShiftDefinition, ShiftPattern

    pattern = ShiftPattern.objects.create(
        casino=casino,
        effective_from=gaming_day.business_date + timedelta(days=1),
        created_by=staff["shift_manager"],
        reason="Tres turnos de ocho horas",
    )
    for position, (name, start) in enumerate(
        (("Mañana", time(6)), ("Tarde", time(14)), ("Noche", time(22))), start=1
    ):
        ShiftDefinition.objects.create(
            pattern=pattern, position=position, name=name, starts_at=start
        )
    return pattern


def _shift_changes(staff: dict[str, Any], session: Any) -> Any:
    """Two shift changes at table 10 through ``tables.services.shifts`` (issue 14 §3): the
    supervisor hands over to supervisor2, signed by the three and locked; then supervisor2
    hands back, counted and waiting for its signatures (returned)."""
    from tables.services.shifts import shift_change_record, shift_change_sign

    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    sup2 = acting_as(staff["supervisor2"], Role.SUPERVISOR)
    session.refresh_from_db()
    lines = _float_count(session)
    change = shift_change_record(
        actor=boss, session=session, incoming=sup2.user, lines=lines, note="Cambio de turno"
    )
    shift_change_sign(actor=sup, shift_change=change, slot="outgoing_supervisor")
    shift_change_sign(actor=boss, shift_change=change, slot="pit_boss")
    result = shift_change_sign(actor=sup2, shift_change=change, slot="incoming_supervisor")
    assert result.locked
    change.refresh_from_db()
    assert change.is_locked and change.acceptance.is_locked
    return shift_change_record(actor=boss, session=session, incoming=sup.user, lines=lines)


def _float_count(session: Any) -> list[dict[str, int]]:
    """The float expected now, counted exactly, in full stacks and loose chips."""
    from cage.selectors import expected_float

    expected = expected_float(session) or {}
    return [
        {
            "denomination": d.pk,
            "stacks": expected.get(d.pk, 0) // 20,
            "loose": expected.get(d.pk, 0) % 20,
        }
        for d in session.table.chip_set.denominations.order_by("-value")
    ]


def _promotions(staff: dict[str, Any], day: Any, gaming_day: GamingDay) -> None:
    """A promotion fund with its rules, a table, its ledger and a box count through the
    services; a claim and its slip locked as signed (issue 44), written directly since
    the day's session is closed by now and takes no hand to claim."""
    from django.utils import timezone

    from promotions import services as promotions
    from promotions.models import JackpotClaim, JackpotSlip
    from tests.promotions.conftest import BAD_BEAT

    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    fund = promotions.fund_create(actor=manager, name="Jackpot", rules=BAD_BEAT)
    promotions.fund_table_attach(actor=manager, fund=fund, table=day.table)
    promotions.box_count_record(
        actor=acting_as(staff["cage_cashier"], Role.CAGE_CASHIER),
        fund=fund,
        gaming_day=gaming_day,
        counted=Decimal("0"),
    )
    now = timezone.now()
    claim = JackpotClaim.objects.create(
        casino_id=fund.casino_id,
        fund=fund,
        rules_version=fund.rules_at(),
        hand=day.hands[-1],
        balance=Decimal("5000.00"),
        judgement={},
        payout={"awards": []},
        filed_by=staff["supervisor"],
        locked_at=now,
    )
    JackpotSlip.objects.create(
        claim=claim, line=1, share="losing_hand", seat=1, amount=Decimal("1"), locked_at=now
    )


def world_store(casino: Any) -> Any:
    from tables.models import DeckStore

    return DeckStore.objects.filter(casino=casino).order_by("pk").first()


@dataclass
class Correction:
    """One kind of correction: the original row, the new row, and how they are linked."""

    kind: str
    original: Any
    new: Any
    link: str  # the new row's field that points at the original


def apply_corrections(world: World, staff: dict[str, Any]) -> list[Correction]:
    """One correction of each kind, each through its service (issue 9 §3)."""
    from cage import services as cage
    from cage.models import RakeEntry, SlipVoid, TableTransaction
    from hands import services as hands
    from hands.models import HandCorrection, HandReview, HandRevisionApproval
    from tables import services as tables
    from tables.models import TableSettings

    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    day = world.day
    out = []
    # The cage's reversals act on the table still in play: the day's session is closed and
    # no cage write reaches a session whose closing has begun (require_not_closing, OPEN-16).
    in_play = world.ids["session:in_play"]
    buyin = TableTransaction.objects.filter(session_id=in_play, sign=1).order_by("pk").first()
    reversal = cage.transaction_reverse(actor=sup, transaction_=buyin, reason="Seat mistyped")
    out.append(Correction("cage transaction reversal", buyin, reversal, "reverses_id"))
    rake = RakeEntry.objects.filter(session_id=in_play, sign=1).order_by("pk").first()
    rake_back = cage.rake_reverse(actor=boss, entry=rake, reason="Wrong pot")
    out.append(Correction("rake reversal", rake, rake_back, "reverses_id"))
    out.append(
        Correction("slip void", day.voided, SlipVoid.objects.get(slip=day.voided), "slip_id")
    )
    warning = day.sanctions[0]
    lifted = tables.sanction_lift(actor=boss, sanction=warning, reason="Se disculpó")
    out.append(Correction("sanction lift", warning, lifted, "amends_id"))
    invalid = day.hands[-1]
    override = hands.hand_override(actor=sup, hand=invalid, reason="The stack was recounted")
    out.append(Correction("hand override", invalid, override, "original_id"))
    hands.hand_review(actor=boss, hand=invalid, correction_id=override.pk, note="Visto")
    out.append(Correction("hand review", invalid, HandReview.objects.get(hand=invalid), "hand_id"))
    assert HandCorrection.objects.filter(original=invalid).exists()
    # Issue 38 §3: a valid hand corrected after the next hand, signed by the pit boss.
    closed = next(h for h in day.hands if h.status == "valid" and 1 < h.number < invalid.number)
    revision = hands.hand_correct(actor=sup, hand=closed, data=closed.record, reason="Repaso")
    approval = HandRevisionApproval.objects.get(correction__revision=revision)
    hands.hand_review(actor=boss, hand=closed, correction_id=approval.correction_id, note="Vista")
    out.append(Correction("hand revision approval", closed, approval, "hand_id"))
    current = TableSettings.objects.filter(table=day.table).order_by("-version").first()
    newer = tables.table_settings_change(
        actor=manager,
        table=day.table,
        reason="Nueva ciega",
        big_blind=Decimal("20"),
        small_blind=Decimal("10"),
    )
    out.append(Correction("table settings version", current, newer, "table_id"))
    return out


def _incident(staff: dict[str, Any]) -> Any:
    """Issue 17 §3: a player's request recorded by the supervisor, away from any table, and
    decided by them (every step is a row of ``hands.IncidentStep``)."""
    from hands.services.incidents import incident_decide, incident_open

    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    incident = incident_open(
        actor=sup, kind="player_request", description="Pide el libro de reclamos."
    )
    incident_decide(actor=sup, incident=incident, decision="Se le entrega el libro.")
    return incident


def _players_and_exclusions(staff: dict[str, Any], session: Any) -> None:
    """Issue 17 §1, §2: a regulator's list, an identified player self-excluded (the newest
    exclusion, so the lift route has one a pit boss may lift) and his refused seating."""
    from players import services as registry
    from tables.selectors import ops_settings
    from tables.services import players as table_players
    from tables.services.seating import seat_sit

    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    registry.exclusion_list_import(
        actor=manager,
        source="Regulador",
        list_date=date(2030, 1, 1),
        content="document_type,document_number,full_name,starts_on,ends_on\n"
        "dni,30999888,Pablo Lista,,\n",
    )
    player, _created = registry.player_register(
        actor=boss,
        min_player_age=ops_settings(boss.casino).min_player_age,
        display_name="Eva Ríos",
        document_type="dni",
        document_number="27.444.555",
        nationality="AR",
        birth_date=date(1990, 5, 1),
    )
    registry.exclusion_self_record(actor=boss, player=player, ends_on=date(2099, 1, 1))
    with table_players.exclusion_hits():
        try:
            seat_sit(
                actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
                session=session,
                seat=9,
                player_id=player.pk,
            )
        except Conflict:
            pass  # refused: the attempt is the record
    # SEAT-12: the supervisor refers the player for VIP membership (append-only).
    table_players.vip_referral_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        player=player,
        session=session,
        reason="Juega seguido en mesas altas",
    )
