"""Segregation of duties, across every document type, in one place (issue 9 §2).

The rules live in the services of each app (ROLE-14, CASH-09, CHIP-04, BUYIN-09, issue 6
items 7–8); here each is tried by someone who holds two roles, on real records of a full
gaming day, and must be refused with its code while the database does not change at all:

- **one person, one role per document**: every signed document type (the test fails if a
  new ``SignableDocument`` appears without a case here): opening and closing sheets, fill
  and credit slips, deck receipts; a document that takes one signature (the day's deck
  control, a drop count, a hand review) takes exactly one;
- **the counter is not the approver**: the croupier who makes a buy-in or a change is never
  the one who approves it, a buy-in over the limit is authorised by another pit boss, a
  session's croupier and supervisor are two people, a slip's void is confirmed by someone
  who neither asked for it nor signed the slip;
- **the count team is independent of the session**: nobody who worked a session counts
  its drop, and one counter counting twice never makes an agreed count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import Group

from cage import selectors as cage_selectors
from cage import services as cage
from casino.access import acting_as
from casino.errors import DomainError
from casino.models import SignableDocument
from casino.roles import Role
from hands.models import HandReview
from tables import services as tables
from tables.models import ClosingSheet, DeckFinalControl, OpeningSheet, TableSession
from tests.helpers import make_staff

from .changes import ChangeDetector
from .world import apply_corrections, build_world

pytestmark = pytest.mark.django_db

C, S, P, M, X, K = (
    Role.CROUPIER,
    Role.SUPERVISOR,
    Role.PIT_BOSS,
    Role.SHIFT_MANAGER,
    Role.SECURITY,
    Role.CAGE_CASHIER,
)


class Refusals:
    """Try something that must be refused: the code, and not one row changed."""

    def __init__(self) -> None:
        self.detector = ChangeDetector().install()
        self.proven: list[str] = []

    def __call__(self, rule: str, code: str, attempt: Callable[[], Any]) -> None:
        mark = self.detector.mark()
        with pytest.raises(DomainError) as err:
            attempt()
        assert err.value.code == code, (rule, err.value.code, err.value.message_en)
        changed = self.detector.since(mark)
        assert not changed, (rule, sorted({f"{c.op} {c.table}" for c in changed}))
        self.proven.append(rule)


@pytest.fixture
def world(staff, casino, gaming_day, sector, settings, tmp_path):  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = tmp_path
    return build_world(staff, casino, gaming_day, sector)


def _two(casino: Any, name: str, *roles: Role) -> Any:
    return make_staff(casino, name, *roles, pin="4321")


def _grant(user: Any, role: Role) -> None:
    user.groups.add(Group.objects.get(name=role.value))
    user._mesa_roles = None


def _relieve(session: Any, staff: dict[str, Any], user: Any) -> None:
    """``user`` takes over ``session`` as its supervisor (issue 12 §1: only the session's
    supervisor or a recorded relief signs and records as supervisor)."""
    tables.session_supervisor_relieve(
        actor=acting_as(staff["pit_boss"], P),
        session=session,
        incoming=user,
        reason="relevo para la prueba de segregación",
    )


def _on_duty(session: Any, user: Any, staff: dict[str, Any]) -> None:
    """``user`` is the croupier on duty at ``session`` (a dealer change as the record)."""
    from tables.models import DealerChange

    DealerChange.objects.create(
        casino=session.casino,
        session=session,
        gaming_day=session.gaming_day,
        incoming=user,
        recorded_by=staff["supervisor"],
        role=S.value,
    )


def _in_sector(session: Any, user: Any) -> None:
    session.table.sector.pit_bosses.add(user)


# --------------------------------------------------------------- one person, one role


def _opening(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    sheet = OpeningSheet.objects.get(pk=world.ids["signable:opening"])
    both = _two(casino, "sup_y_jefe", S, P)
    _relieve(sheet.session, staff, both)  # assigned in both roles (issue 12 §1)
    _in_sector(sheet.session, both)
    tables.opening_sign(actor=acting_as(both, S), sheet=sheet, role=S)
    refuse(
        "opening sheet: supervisor then pit boss",
        "SIGNER_ALREADY_SIGNED",
        lambda: tables.opening_sign(actor=acting_as(both, P), sheet=sheet, role=P),
    )


def _closing(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    sheet = ClosingSheet.objects.get(pk=world.ids["signable:closing"])
    both = _two(casino, "jefe_y_croupier", P, C)
    _in_sector(sheet.session, both)  # assigned in both roles (issue 12 §1)
    _on_duty(sheet.session, both, staff)
    tables.closing_sign(actor=acting_as(both, P), sheet=sheet, role=P)
    terminal = acting_as(staff["supervisor"], S)
    refuse(
        "closing sheet: pit boss, then croupier with a PIN on the supervisor's terminal",
        "SIGNER_ALREADY_SIGNED",
        lambda: tables.closing_sign(actor=terminal, sheet=sheet, role=C, signer=both, pin="4321"),
    )


def _slip(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    session = TableSession.objects.get(pk=world.ids["session:in_play"])
    requester = _two(casino, "jefe_y_caja", P, K)
    _in_sector(session, requester)  # a pit boss of the table's sector (issue 12 §1)
    slip = cage.slip_request(
        actor=acting_as(requester, P), session=session, kind="fill", lines=[("25", 10)]
    )
    refuse(
        "slip: the pit boss who requested it issues it at the cage",
        "SIGNER_ALREADY_SIGNED",
        lambda: cage.slip_sign(actor=acting_as(requester, K), slip=slip, role=K),
    )
    both = _two(casino, "caja_y_seguridad", K, X)
    cage.slip_sign(actor=acting_as(both, K), slip=slip, role=K)
    refuse(
        "slip: the cashier who issued it carries it",
        "SIGNER_ALREADY_SIGNED",
        lambda: cage.slip_sign(actor=acting_as(both, X), slip=slip, role=X),
    )


def _deck_receipt(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    both = _two(casino, "seguridad_y_jefe", X, P)
    if world.day.store.sector_id:  # a store of a sector: its pit boss signs (issue 12 §1)
        world.day.store.sector.pit_bosses.add(both)
    receipt = tables.deck_delivery_record(
        actor=acting_as(both, X),
        store=world.day.store,
        packs=[{"serial": "SOD1", "colour": "rojo"}],
    )
    refuse(
        "deck receipt: security delivers, then signs the receipt as pit boss",
        "SIGNER_ALREADY_SIGNED",
        lambda: tables.deck_receipt_sign(actor=acting_as(both, P), receipt=receipt),
    )


def _final_control(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    from casino.signatures import document_sign

    control = DeckFinalControl.objects.order_by("-pk").first()
    other = _two(casino, "gerente2", M)
    refuse(
        "deck final control: one signature, then locked",
        "DOCUMENT_LOCKED",
        lambda: document_sign(actor=acting_as(other, M), document=control, role=M),
    )


def _drop_count(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    session = ClosingSheet.objects.get(pk=world.ids["signable:closing"]).session
    cash: list[dict[str, Any]] = []
    supervisor = staff["supervisor"]
    _grant(supervisor, K)  # the session's supervisor also holds the cage cashier's role
    refuse(
        "drop count: the supervisor of the session counts its drop",
        "COUNTER_WORKED_SESSION",
        lambda: cage.drop_count_record(
            actor=acting_as(supervisor, K), session=session, cash=cash, rake_chips=[]
        ),
    )
    cashier = acting_as(staff["cage_cashier"], K)
    first = cage.drop_count_record(actor=cashier, session=session, cash=cash, rake_chips=[])
    again = cage.drop_count_record(actor=cashier, session=session, cash=cash, rake_chips=[])
    assert (first.status, again.status) == ("first", "first")
    assert cage_selectors.agreed_drop_count(session) is None  # one counter never agrees
    second = cage.drop_count_record(
        actor=acting_as(staff["cage_cashier2"], K), session=session, cash=cash, rake_chips=[]
    )
    assert second.status == "agreed"
    from casino.signatures import document_sign

    refuse(
        "drop count: one counter's count takes one signature",
        "DOCUMENT_LOCKED",
        lambda: document_sign(
            actor=acting_as(staff["cage_cashier2"], K), document=first.count, role=K
        ),
    )
    refuse.proven.append("drop count: one counter counting twice is not an agreed count")


def _hand_review(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    from casino.signatures import document_sign

    apply_corrections(world, staff)  # the invalid hand is overridden and reviewed
    review = HandReview.objects.get(hand=world.day.hands[-1])
    assert review.is_locked
    _in_sector(world.day.session, staff["pit_boss2"])  # a second pit boss who may sign
    refuse(
        "hand review: one pit boss's signature, then locked",
        "DOCUMENT_LOCKED",
        lambda: document_sign(actor=acting_as(staff["pit_boss2"], P), document=review, role=P),
    )


def _hand_revision_approval(
    world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals
) -> None:
    from casino.signatures import document_sign
    from hands.models import HandRevisionApproval

    if not HandRevisionApproval.objects.filter(locked_at__isnull=False).exists():
        apply_corrections(world, staff)  # a closed hand's correction, signed by the pit boss
    approval = HandRevisionApproval.objects.filter(locked_at__isnull=False).first()
    assert approval is not None
    _in_sector(world.day.session, staff["pit_boss2"])
    refuse(
        "hand revision approval: one pit boss's signature, then locked",
        "DOCUMENT_LOCKED",
        lambda: document_sign(actor=acting_as(staff["pit_boss2"], P), document=approval, role=P),
    )


def _closing_report(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    from reports import services as reports
    from reports.signing import report_sign

    session = world.day.session
    supervisor = staff["supervisor"]  # the session's supervisor, also a pit boss of its sector
    _grant(supervisor, P)
    session.table.sector.pit_bosses.add(supervisor)
    sup = acting_as(supervisor, S)
    report = reports.report_request(
        actor=sup, kind="player_tracking", params={"session": session.pk}
    )
    report = reports.report_render(report.pk)
    report_sign(actor=sup, report=report)
    refuse(
        "player tracking sheet: the supervisor who handed it over receives it as pit boss",
        "SIGNER_ALREADY_SIGNED",
        lambda: report_sign(actor=acting_as(supervisor, P), report=report),
    )


def _shift_change_at(world: Any, staff: dict[str, Any], outgoing: Any, incoming: Any) -> Any:
    """A shift change at table 10 with ``outgoing`` supervising until now (issue 14 §3),
    recorded by the sector's pit boss through the service, the float counted exactly."""
    from tables.selectors import session_supervisor
    from tables.services.shifts import shift_change_record

    from .world import _float_count

    session = TableSession.objects.get(pk=world.ids["session:in_play"])
    if session_supervisor(session) != outgoing:
        _relieve(session, staff, outgoing)
    return shift_change_record(
        actor=acting_as(staff["pit_boss"], P),
        session=session,
        incoming=incoming,
        lines=_float_count(session),
    )


def _shift_change(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    from tables.services.shifts import shift_change_sign

    both = _two(casino, "sup_y_jefe3", S, P)
    change = _shift_change_at(world, staff, both, staff["supervisor2"])
    _in_sector(change.session, both)  # assigned in both roles (issue 12 §1)
    shift_change_sign(actor=acting_as(both, S), shift_change=change, slot="outgoing_supervisor")
    refuse(
        "shift change: the outgoing supervisor signs the handover as its pit boss",
        "SIGNER_ALREADY_SIGNED",
        lambda: shift_change_sign(actor=acting_as(both, P), shift_change=change, slot="pit_boss"),
    )


def _shift_change_acceptance(
    world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals
) -> None:
    from tables.services.shifts import shift_change_sign

    outgoing = staff["supervisor"]
    change = _shift_change_at(world, staff, outgoing, staff["supervisor2"])
    sup = acting_as(outgoing, S)
    shift_change_sign(actor=sup, shift_change=change, slot="outgoing_supervisor")
    refuse(
        "shift change acceptance: the outgoing supervisor accepts the table from himself",
        "NOT_SESSION_SUPERVISOR",
        lambda: shift_change_sign(actor=sup, shift_change=change, slot="incoming_supervisor"),
    )


def _pack_inspection(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    # DECK-06, issue 40: two people inspect a pack; the recorder is never his own witness,
    # and a signed inspection takes no further signature.
    from casino.signatures import document_sign
    from tables.models import OpeningSheet, Pack, PackInspection, PackState
    from tables.selectors import session_supervisor

    from .world import world_store

    session = OpeningSheet.objects.get(pk=world.ids["signable:opening"]).session  # table 8
    receipt = tables.deck_delivery_record(
        actor=acting_as(staff["security"], X),
        store=world_store(casino),
        packs=[{"serial": "SOD2", "colour": "verde"}],
    )
    tables.deck_receipt_sign(actor=acting_as(staff["pit_boss"], P), receipt=receipt)
    pack = Pack.objects.get(serial="SOD2")
    tables.deck_move(
        actor=acting_as(staff["pit_boss"], P), pack=pack, to=PackState.ISSUED, session=session
    )
    supervisor = session_supervisor(session)  # the table's supervisor now
    refuse(
        "pack inspection: the supervisor witnesses his own inspection",
        "INSPECTOR_REQUIRED",
        lambda: tables.deck_move(
            actor=acting_as(supervisor, S),
            pack=pack,
            to=PackState.INSPECTED,
            with_user=supervisor,
            pin="1234",
            face_up_ok=True,
            face_down_ok=True,
            complete=True,
        ),
    )
    signed = PackInspection.objects.filter(session=world.day.session).first()  # table 7
    assert signed is not None and signed.is_locked
    refuse(
        "pack inspection: signed by its two people, then locked",
        "DOCUMENT_LOCKED",
        lambda: document_sign(
            actor=acting_as(signed.recorded_by, Role(signed.recorder_role)),
            document=signed,
            role=signed.recorder_role,
        ),
    )


# ------------------------------------------------------------------ tournaments (issue 42)


def _tournament(world: Any, staff: dict[str, Any], casino: Any, payouts: bool = True) -> Any:
    """A small running tournament through its services (two players at one table, the
    clock started, the payouts proposed by the pit boss and approved by the manager)."""
    from tests.tournaments.conftest import World as Room
    from tests.tournaments.conftest import make_chips, new_tournament
    from tournaments import services as tournaments

    room = getattr(world, "tournament_room", None)
    if room is None:
        room = Room(casino, staff, world.gaming_day, make_chips(casino))
        world.tournament_room = room
    n = len(room.sessions) + 21  # tables the world does not use
    t = new_tournament(room, f"Segregación {n}")
    room.table(n)
    entries = [
        tournaments.entry_register(actor=room.cash, tournament=t, player=p) for p in room.players(2)
    ]
    tournaments.draw_initial(actor=room.sup, tournament=t, tables=[n])
    for e in entries:
        tournaments.entry_arrive(actor=room.sup, entry=e)
    tournaments.clock_record(actor=room.sup, tournament=t, kind="start")
    t.security_entries = entries
    if payouts:  # late registration closes after level 4 (as tests/tournaments/test_books.py)
        tournaments.clock_record(actor=room.sup, tournament=t, kind="go_to_level", level=5)
        table = tournaments.payouts_propose(actor=room.pit, tournament=t)
        tournaments.payouts_approve(actor=room.mgr, table=table)
        t.security_payouts = table
    return t


def _payout_table(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    from casino.signatures import document_sign

    table = _tournament(world, staff, casino).security_payouts
    other = _two(casino, "gerente_premios", M)
    refuse(
        "tournament payout table: one shift manager's approval, then locked",
        "DOCUMENT_LOCKED",
        lambda: document_sign(actor=acting_as(other, M), document=table, role=M),
    )


def _payout_slip(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    from casino.signatures import document_sign
    from tournaments import services as tournaments

    t = _tournament(world, staff, casino)
    loser, winner = t.security_entries
    tournaments.elimination_record(
        actor=acting_as(staff["supervisor"], S), tournament=t, entry=loser
    )
    slip = tournaments.prize_pay(
        actor=acting_as(staff["cage_cashier"], K),
        tournament=t,
        entry=winner,
        player_signed_name="X",
    )
    refuse(
        "tournament prize slip: one cashier's signature, then locked",
        "DOCUMENT_LOCKED",
        lambda: document_sign(actor=acting_as(staff["cage_cashier2"], K), document=slip, role=K),
    )


def _settlement(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    from decimal import Decimal

    from tournaments import services as tournaments

    t = _tournament(world, staff, casino)
    loser, winner = t.security_entries
    tournaments.elimination_record(
        actor=acting_as(staff["supervisor"], S), tournament=t, entry=loser
    )
    tournaments.prize_pay(
        actor=acting_as(staff["cage_cashier"], K),
        tournament=t,
        entry=winner,
        player_signed_name="X",
    )
    both = _two(casino, "caja_y_gerente", K, M)
    settled = tournaments.settlement_record(
        actor=acting_as(both, K), tournament=t, counted=Decimal("0")
    )
    refuse(
        "tournament settlement: the cashier who counted it signs it as shift manager",
        "SIGNER_ALREADY_SIGNED",
        lambda: tournaments.settlement_sign(actor=acting_as(both, M), settlement=settled),
    )


def _deal(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    from casino.signatures import document_sign
    from tournaments import services as tournaments

    t = _tournament(world, staff, casino)
    sup = acting_as(staff["supervisor"], S)
    deal = tournaments.deal_propose(actor=sup, tournament=t, method="chip_chop")
    for entry in t.security_entries:
        tournaments.deal_consent(actor=sup, deal=deal, entry=entry)
    deal = tournaments.deal_approve(actor=acting_as(staff["shift_manager"], M), deal=deal)
    other = _two(casino, "gerente_acuerdo", M)
    refuse(
        "tournament deal: one shift manager's approval, then locked",
        "DOCUMENT_LOCKED",
        lambda: document_sign(actor=acting_as(other, M), document=deal, role=M),
    )


# -------------------------------------------------------------- promotions (issue 44)


def _jackpot_claim(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    """A claim awaiting its signatures (written as the world writes its claim: the day's
    session is closed and takes no hand to claim): the table's supervisor, then the same
    person as surveillance."""
    from decimal import Decimal

    from promotions import services as promotions
    from promotions.models import Fund, JackpotClaim

    fund = Fund.objects.filter(casino=casino).order_by("pk").first()
    claim = JackpotClaim.objects.create(
        casino_id=fund.casino_id,
        fund=fund,
        rules_version=fund.rules_at(),
        hand=world.day.hands[-2],
        balance=Decimal("5000.00"),
        judgement={},
        payout={"awards": []},
        filed_by=staff["supervisor"],
    )
    supervisor = staff["supervisor"]  # the table's supervisor, also holding surveillance
    _grant(supervisor, Role.SURVEILLANCE)
    promotions.claim_sign(actor=acting_as(supervisor, S), claim=claim, role=S)
    refuse(
        "jackpot claim: the table's supervisor reviews it again as surveillance",
        "SIGNER_ALREADY_SIGNED",
        lambda: promotions.claim_sign(
            actor=acting_as(supervisor, Role.SURVEILLANCE), claim=claim, role=Role.SURVEILLANCE
        ),
    )


def _jackpot_slip(world: Any, staff: dict[str, Any], casino: Any, refuse: Refusals) -> None:
    from promotions import services as promotions
    from promotions.models import JackpotSlip

    slip = JackpotSlip.objects.filter(claim__casino_id=casino.pk, locked_at__isnull=False).first()
    assert slip is not None
    refuse(
        "jackpot slip: paid and signed once by the cage, then locked",
        "DOCUMENT_LOCKED",
        lambda: promotions.slip_pay(actor=acting_as(staff["cage_cashier2"], K), slip=slip),
    )


DOCUMENTS: dict[str, Callable[[Any, dict[str, Any], Any, Refusals], None]] = {
    "tables.OpeningSheet": _opening,
    "tables.ClosingSheet": _closing,
    "cage.Slip": _slip,
    "tables.DeckReceipt": _deck_receipt,
    "tables.DeckFinalControl": _final_control,
    "cage.DropCount": _drop_count,
    "hands.HandReview": _hand_review,
    "hands.HandRevisionApproval": _hand_revision_approval,
    "reports.SignableReport": _closing_report,
    "tables.ShiftChange": _shift_change,
    "tables.ShiftChangeAcceptance": _shift_change_acceptance,
    "tables.PackInspection": _pack_inspection,
    "tournaments.PayoutTable": _payout_table,
    "tournaments.PayoutSlip": _payout_slip,
    "tournaments.Settlement": _settlement,
    "tournaments.Deal": _deal,
    "promotions.JackpotClaim": _jackpot_claim,
    "promotions.JackpotSlip": _jackpot_slip,
}


def test_every_signed_document_type_has_a_segregation_case():
    # issue 9 §2: a new signed document cannot ship without its rule checked here
    signable = {
        m._meta.label
        for m in apps.get_models()
        if issubclass(m, SignableDocument) and m._meta.app_label != "kernelapp"
    }
    assert signable == set(DOCUMENTS)


def test_one_person_signs_a_document_once_across_every_document_type(world, staff, casino):
    # ROLE-14, issue 9 §2: for each document type, someone holding two of its roles
    refuse = Refusals()
    for label, case in DOCUMENTS.items():
        before = len(refuse.proven)
        case(world, staff, casino, refuse)
        assert len(refuse.proven) > before, f"{label}: no refusal proven"
    assert len(refuse.proven) >= 10


def test_the_croupier_is_never_the_approver_and_overrides_are_independent(
    world, staff, casino, sector
):
    # CASH-09, CHIP-04, CHIP-13, CHIP-17, BUYIN-09, ROLE-14, issue 9 §2
    from tables.selectors import croupier_on_duty

    refuse = Refusals()
    session = TableSession.objects.get(pk=world.ids["session:in_play"])
    dealing = croupier_on_duty(session)
    both = _two(casino, "sup_y_croupier", S, C)
    # A state the services never let happen (issue 12 §1 refuses the supervisor as the
    # croupier), set up to prove the approver check that stands behind it.
    _relieve(session, staff, both)
    _on_duty(session, both, staff)
    sup = acting_as(both, S)
    cash = [{"value": "100", "count": 3}]
    refuse(
        "buy-in approved by its own croupier",
        "APPROVER_IS_CROUPIER",
        lambda: cage.buyin_record(
            actor=sup,
            session=session,
            seat=7,
            amount="300",
            croupier=both,
            cash=cash,
            chips=[("100", 3)],
        ),
    )
    change = {"chips_in": [("100", 1)], "chips_out": [("25", 4)]}
    for name, record in (
        ("colour change", cage.colour_change_record),
        ("cash-out", cage.cash_out_record),
    ):
        refuse(
            f"{name} approved by its own croupier",
            "APPROVER_IS_CROUPIER",
            lambda record=record: record(
                actor=sup, session=session, croupier=both, seat=1, **change
            ),
        )
    refuse(
        "tip change approved by its own croupier",
        "APPROVER_IS_CROUPIER",
        lambda: cage.tip_change_record(actor=sup, session=session, croupier=both, **change),
    )
    boss_and_sup = _two(casino, "sup_y_jefe2", S, P)
    _relieve(session, staff, boss_and_sup)
    _on_duty(session, dealing, staff)
    refuse(
        "buy-in over the limit authorised by the supervisor recording it",
        "OVERRIDE_NOT_INDEPENDENT",
        lambda: cage.buyin_record(
            actor=acting_as(boss_and_sup, S),
            session=session,
            seat=7,
            amount="3000",
            croupier=dealing,
            cash=[{"value": "100", "count": 30}],
            chips=[("100", 30)],
            override_by=boss_and_sup,
            override_pin="4321",
            override_reason="Cliente conocido",
        ),
    )
    from tests.reports.scenario import make_table

    table = make_table(casino, sector, 11)
    refuse(
        "one person as the session's supervisor and croupier",
        "SAME_PERSON_TWO_ROLES",
        lambda: tables.session_open(
            actor=acting_as(staff["pit_boss"], P), table=table, supervisor=both, croupier=both
        ),
    )
    assert len(refuse.proven) == 6


def test_a_void_is_confirmed_by_a_second_independent_person(world, staff, casino):
    # issue 6 "who signs what", issue 9 §2: not the requester, not a signer of the slip
    refuse = Refusals()
    slip = world.day.slips[0]  # a closing slip signed by all five
    boss = acting_as(staff["pit_boss2"], P)
    void = cage.slip_void_request(actor=boss, slip=slip, reason="Número equivocado")
    refuse(
        "the void's requester confirms it",
        "VOID_SIGNER_NOT_INDEPENDENT",
        lambda: cage.slip_void_confirm(actor=boss, void=void),
    )
    signer = acting_as(staff["pit_boss"], P)  # requested the slip: its first signature
    refuse(
        "a signer of the slip confirms its void",
        "VOID_SIGNER_NOT_INDEPENDENT",
        lambda: cage.slip_void_confirm(actor=signer, void=void),
    )
    cage.slip_void_confirm(actor=acting_as(staff["shift_manager"], M), void=void)
    voided = cage_selectors.slips_for(casino, pk=slip.pk).get()
    assert cage_selectors.slip_status(voided) == "void"
