"""Each cause of a difference, in the words the auditor reads on the printed reports.

tests/cage/test_mutants_reconciliation.py pins the catalogue of titles as a literal copy
of ``cage.reconciliation.CAUSE_TITLES``; that proves the dictionary, not the page. Here
each fault is made the way the floor makes it, through the services of tables, cage
and hands (a table left open, a chip short at closing, a fill not fully signed, a drop
not counted, a pack kept back…), on a day that is otherwise clean; then the master
report of the day (page one, "Causas de las diferencias y excepciones") and the audit
report are rendered for real and read back with pdftotext, and the cause's title must
be printed there as the auditor sees it, in Spanish and in English. A clean day prints
none of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest

from cage import selectors as cage_selectors
from cage import services as cage
from cage.reconciliation import CAUSE_TITLES
from casino.models import Denomination
from casino.roles import Role
from hands import services as hands
from hands.models import HandStatus
from tables import services as tables
from tables.models import (
    ClosingSheet,
    DeckStore,
    Discrepancy,
    OpeningSheet,
    Pack,
    PackState,
    TableSession,
)

from .conftest import pdf_text, render
from .scenario import (
    _sign_slip,
    _sign_three,
    act,
    fold_to_big_blind,
    make_table,
    prep_checklists,
    ready_for_hands,
)

pytestmark = pytest.mark.django_db

D = Decimal

NO_FAULT = ""
# Faults of the opening: the table is opened and left open at that point.
NO_OPENING_COUNT = "no opening count"
OPENING_UNSIGNED = "opening count not signed"
OPENING_SHORT = "opening one 50 short, acknowledged and signed"
# Faults of the day: three buy-ins of 500, then closed and counted, but for the fault.
TABLE_OPEN = "table left in play"
CLOSING_SHORT = "closing count one 5 short"
FILL_UNSIGNED = "fill signed by the cage only"
VOID_PENDING = "fill void requested, not confirmed"
CLOSING_UNSIGNED = "closing sheet not signed"
DROP_NOT_COUNTED = "drop box never counted"
DROP_SHORT = "drop counted 100 short by both cashiers"
DROP_DISAGREE = "the two drop counts disagree"
RAKE_BOX_OVER = "a chip in the rake box no hand raked"
INVALID_HAND = "a hand stored invalid, not reviewed"
PACK_KEPT = "a pack never returned"
NO_DECK_CONTROL = "the deck final control never signed"
SANCTION_PROPOSED = "a mandatory sanction proposed, never imposed"

OPEN = "Mesa abierta"
NO_CONTROL = "Control final de naipes sin firmar"


@dataclass(frozen=True)
class Situation:
    fault: str
    es: str  # the cause's title on the Spanish report
    en: str  # and on the English one
    also: tuple[str, ...] = ()  # the other causes the same situation prints, in Spanish


SITUATIONS = [
    Situation(TABLE_OPEN, "Mesa abierta", "Table still open", (NO_CONTROL,)),
    Situation(NO_OPENING_COUNT, "Sin conteo de apertura", "No opening count", (OPEN, NO_CONTROL)),
    Situation(
        OPENING_UNSIGNED,
        "Planilla de apertura sin firmar",
        "Opening sheet not signed",
        (OPEN, NO_CONTROL),
    ),
    Situation(
        OPENING_SHORT, "Diferencia en la apertura", "Opening discrepancy", (OPEN, NO_CONTROL)
    ),
    Situation(CLOSING_SHORT, "Diferencia de fichas en la banca", "Chip variance in the float"),
    Situation(FILL_UNSIGNED, "Vale sin todas sus firmas", "Slip not fully signed"),
    Situation(VOID_PENDING, "Anulación de vale sin confirmar", "Slip void not confirmed"),
    Situation(
        CLOSING_UNSIGNED, "Planilla de cierre sin firmar", "Closing sheet not signed", (OPEN,)
    ),
    Situation(DROP_NOT_COUNTED, "Drop sin contar", "Drop not counted"),
    Situation(DROP_SHORT, "Diferencia en la caja de drop", "Drop box variance"),
    Situation(DROP_DISAGREE, "Conteos de drop distintos", "Drop counts disagree"),
    Situation(RAKE_BOX_OVER, "Diferencia en la caja de comisión", "Rake box variance"),
    Situation(INVALID_HAND, "Mano inválida sin resolver", "Invalid hand not resolved"),
    Situation(PACK_KEPT, "Mazo no devuelto", "Pack not returned"),
    Situation(NO_DECK_CONTROL, "Control final de naipes sin firmar", "No deck final control"),
    Situation(SANCTION_PROPOSED, "Sanción obligatoria no impuesta", "Mandatory sanction"),
]

# Page one of the master report: the causes table, between its heading and the next one.
CAUSES = {
    "es": ("Causas de las diferencias y excepciones", "Por mesa"),
    "en": ("Causes of the variances and exceptions", "Per table"),
}


def flat(rendered: Any, tmp_path: Any) -> str:
    # Reading order, whitespace squashed: a title wrapped in its narrow cell reads whole.
    return re.sub(r"\s+", " ", pdf_text(rendered.pdf, tmp_path, layout=False))


def causes_of(text: str, lang: str) -> str:
    heading, after = CAUSES[lang]
    assert heading in text, text[:1500]
    return text[text.index(heading) : text.index(after, text.index(heading))]


def titles_in(title: str, text: str) -> int:
    """How often ``title`` stands as a cause's title: not as the first words of a longer
    sentence (the English details of the deck control and of the mandatory sanction begin
    with their titles) nor of a longer word ("Mandatory sanctions not imposed")."""
    return len(re.findall(re.escape(title) + r"(?!\w)(?! [a-záéíóúñ])", text))


def codes_in(text: str) -> list[str]:
    """What the auditor should never read: a stored code instead of its words. A snake_case
    code (a conduct's ``no_bet_agreement``, a state's ``in_play``) or a one-word state in
    quotes or brackets (``'closing'``, ``(open)``)."""
    states = "|".join(TableSession.Status.values)
    return re.findall(r"\b[a-z]+(?:_[a-z]+)+\b|['(](?:" + states + r")[')]", text)


def counted(expected: int) -> dict[str, int]:
    return {"stacks": expected // 20, "loose": expected % 20}


def open_only(staff: dict[str, Any], casino: Any, sector: Any, fault: str) -> None:
    """Table 7 opened through the services and left open where the fault stops it."""
    boss, sup = act(staff["pit_boss"], Role.PIT_BOSS), act(staff["supervisor"], Role.SUPERVISOR)
    session = tables.session_open(
        actor=boss,
        table=make_table(casino, sector, number=7),
        supervisor=staff["supervisor"],
        croupier=staff["croupier"],
    )
    prep_checklists(boss, sup, session)
    if fault == NO_OPENING_COUNT:
        return
    sheet = OpeningSheet.objects.get(session=session)
    short = fault == OPENING_SHORT
    tables.opening_count_record(
        actor=sup,
        sheet=sheet,
        lines=[
            {
                "denomination": line.denomination_id,
                **counted(line.expected_count - (1 if short and line.value == D("50") else 0)),
            }
            for line in sheet.ordered_lines()
        ],
    )
    if fault == OPENING_UNSIGNED:
        return
    for disc in Discrepancy.objects.filter(sheet=sheet):
        tables.discrepancy_acknowledge(actor=boss, discrepancy=disc, note="Faltaba desde ayer")
    _sign_three(staff, sheet, tables.opening_sign, "croupier", "1234")


def play_and_close(staff: dict[str, Any], casino: Any, sector: Any, fault: str) -> None:
    """Table 7 opened, three buy-ins of 500, closed, counted and its packs back, but for
    the fault (tests/reports/scenario.py, without the faults of its day)."""
    boss, sup = act(staff["pit_boss"], Role.PIT_BOSS), act(staff["supervisor"], Role.SUPERVISOR)
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    session = ready_for_hands(staff, casino, sector, number=7)
    last_hand = 0
    if fault == INVALID_HAND:  # seat 1 claims 600 after buying 500: a continuity violation
        hand = hands.hand_log(
            actor=sup, session=session, data=fold_to_big_blind(3, {1: 600, 3: 500, 5: 500})
        )
        assert hand.status == HandStatus.INVALID
        last_hand = 1
    if fault in (FILL_UNSIGNED, VOID_PENDING):
        fill = cage.slip_request(actor=boss, session=session, kind="fill", lines=[("25", 40)])
        if fault == FILL_UNSIGNED:
            cashier = act(staff["cage_cashier"], Role.CAGE_CASHIER)
            cage.slip_sign(actor=cashier, slip=fill, role=Role.CAGE_CASHIER)
        else:
            cage.slip_void_request(actor=boss, slip=fill, reason="Pedido por error")
    if fault == SANCTION_PROPOSED:
        tables.sanction_propose(
            actor=sup,
            conduct_code="no_bet_agreement",
            player_description="Asiento 3",
            session=session,
            reason="Acordaron pasar con el all-in del asiento 5",
        )
    if fault == TABLE_OPEN:
        return

    session = tables.session_announce_last_hand(
        actor=boss, session=session, last_hand_number=last_hand
    )
    tables.closing_start(actor=boss, session=session, security_officer=staff["security"])
    session.refresh_from_db()
    closing = ClosingSheet.objects.get(session=session)
    expected = cage_selectors.expected_float(session) or {}
    short = fault == CLOSING_SHORT
    tables.closing_count_record(
        actor=sup,
        sheet=closing,
        lines=[
            {
                "denomination": line.denomination_id,
                **counted(
                    expected.get(line.denomination_id, 0)
                    - (1 if short and line.value == D("5") else 0)
                ),
            }
            for line in closing.ordered_lines()
        ],
    )
    tables.closing_confirm_empty_bank(
        actor=sup, sheet=closing, croupier=staff["croupier"], pin="1234"
    )
    need = cage.par_restoration(session)
    values = {d.pk: d.value for d in Denomination.objects.filter(chip_set=session.table.chip_set)}
    for kind in ("fill", "credit"):
        if need[kind]:
            slip = cage.slip_request(
                actor=boss,
                session=session,
                kind=kind,
                purpose="closing",
                lines=[(str(values[d]), n) for d, n in need[kind]],
            )
            _sign_slip(staff, slip, "croupier", "1234")
    if fault != CLOSING_UNSIGNED:
        _sign_three(staff, closing, tables.closing_sign, "croupier", "1234")
    session.refresh_from_db()

    if fault != DROP_NOT_COUNTED:
        notes = {DROP_SHORT: (14, 14), DROP_DISAGREE: (15, 14)}.get(fault, (15, 15))
        for who, hundreds in zip(("cage_cashier", "cage_cashier2"), notes, strict=True):
            cage.drop_count_record(
                actor=act(staff[who], Role.CAGE_CASHIER),
                session=session,
                cash=[{"value": "100", "count": hundreds}],
                rake_chips=[("1", 1)] if fault == RAKE_BOX_OVER else [],
            )

    for serial in ("R7", "A7"):
        if fault == PACK_KEPT and serial == "A7":
            continue
        pack = Pack.objects.get(serial=serial)
        tables.deck_move(
            actor=sup, pack=pack, to=PackState.RETURNED, with_user=staff["croupier"], complete=True
        )
        tables.deck_move(actor=sup, pack=pack, to=PackState.REUSABLE, complete=True)
    if fault not in (PACK_KEPT, NO_DECK_CONTROL):
        tables.deck_final_control_sign(
            actor=manager,
            store=DeckStore.objects.get(casino=casino, code="SEG"),
            counted_serials=["R7", "A7"],
        )


def play(staff: dict[str, Any], casino: Any, sector: Any, fault: str) -> None:
    sector.pit_bosses.add(staff["pit_boss"])
    if fault in (NO_OPENING_COUNT, OPENING_UNSIGNED, OPENING_SHORT):
        open_only(staff, casino, sector, fault)
    else:
        play_and_close(staff, casino, sector, fault)


@pytest.mark.parametrize("situation", SITUATIONS, ids=[s.fault for s in SITUATIONS])
def test_rpt_13_each_cause_prints_its_title_on_the_master_and_audit_reports(
    situation, staff, casino, sector, gaming_day, tmp_path
):  # RPT-13, CLOSE-16, GEN-07: the auditor reads each cause in words, once, in both languages
    play(staff, casino, sector, situation.fault)
    date = gaming_day.business_date.isoformat()

    master = flat(render("gaming_day", casino, {"date": date}), tmp_path)
    assert "La jornada NO concilia" in master
    causes = causes_of(master, "es")
    assert titles_in(situation.es, causes) == 1, causes
    # And no other cause than those the situation makes (every title the catalogue has).
    printed = {es for es, _en in CAUSE_TITLES.values() if titles_in(es, causes)}
    assert printed == {situation.es, *situation.also}, causes
    english = flat(render("gaming_day", casino, {"date": date}, lang="en"), tmp_path)
    assert titles_in(situation.en, causes_of(english, "en")) == 1, english

    audit = flat(render("exceptions", casino, {"date": date}), tmp_path)
    assert titles_in(situation.es, audit) == 1, audit
    audit_en = flat(render("exceptions", casino, {"date": date}, lang="en"), tmp_path)
    assert titles_in(situation.en, audit_en) == 1, audit_en
    # GEN-07: each detail names states and conducts in the report's language, never by code.
    for text in (master, english, audit, audit_en):
        assert codes_in(text) == [], text


def test_rpt_13_a_clean_day_prints_no_cause_title(staff, casino, sector, gaming_day, tmp_path):
    # RPT-13, CLOSE-16: the same day with no fault reconciles, and no title is printed.
    play(staff, casino, sector, NO_FAULT)
    date = gaming_day.business_date.isoformat()
    master_es, audit_es, master_en, audit_en = (
        flat(render(kind, casino, {"date": date}, lang=lang), tmp_path)
        for lang in ("es", "en")
        for kind in ("gaming_day", "exceptions")
    )
    assert "La jornada concilia: ninguna causa de diferencia ni excepción." in master_es
    assert "The day reconciles: no cause of variance or exception." in master_en
    assert CAUSES["es"][0] not in master_es and CAUSES["en"][0] not in master_en
    assert "sin causas de diferencia ni excepciones" in audit_es
    assert "no cause of variance or exception" in audit_en
    # None of the words of the situations above, nor any other the catalogue holds.
    titles_es = {s.es for s in SITUATIONS} | {es for es, _en in CAUSE_TITLES.values()}
    titles_en = {s.en for s in SITUATIONS} | {en for _es, en in CAUSE_TITLES.values()}
    for title in sorted(titles_es):
        assert title not in master_es and title not in audit_es, title
    for title in sorted(titles_en):
        assert title not in master_en and title not in audit_en, title
