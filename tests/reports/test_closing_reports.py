"""The closing reports, rendered for real and read back with pdftotext (CLOSE-11, CLOSE-12).

- RPT-06 table control sheet (planilla de control de la mesa, seed 000 §9.1(9));
- RPT-07 sector sheet (planilla de sector, seed 000 §9.1(9));
- RPT-14 player tracking sheet (hoja de seguimiento del jugador, seed 000 §9.2*(1), §6.3(12)).

The day is tests/reports/scenario.py (table 7, sector P1) played through the services;
the figures checked are those its services recorded, cross-checked against the cage's
reconciliation and the table card where they must agree.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino.access import acting_as
from casino.formatting import money as plain_money
from casino.models import AuditEvent, Sector
from casino.roles import Role
from reports.models import Report
from tests.helpers import make_staff

from .conftest import pdf_text, render
from .scenario import fold_to_big_blind, open_session, ready_for_hands, showdown


def money(value, lang: str = "es") -> str:  # type: ignore[no-untyped-def]
    """An amount as the PDFs print it: with the casino's sign ($ for ARS, issue 14 §5)."""
    return plain_money(value, lang, currency="$")


pytestmark = pytest.mark.django_db


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def text_of(rendered, tmp_path, layout: bool = True) -> str:  # type: ignore[no-untyped-def]
    return pdf_text(rendered.pdf, tmp_path, layout=layout)


def assert_numbered(text: str, pages: int, lang: str = "es") -> None:
    word, of = ("page", "of") if lang == "en" else ("página", "de")
    found = [int(n) for n, m in re.findall(rf"{word} (\d+) {of} (\d+)", text) if int(m) == pages]
    assert found == list(range(1, pages + 1)), found


def more_tables(staff, casino, sector) -> Sector:  # type: ignore[no-untyped-def]
    """Table 9 opened (not closed) in the same sector; table 11 opened in another sector."""
    open_session(staff, casino, sector, number=9)
    other = Sector.objects.create(casino=casino, code="P2", name="Sector 2")
    croupier3 = make_staff(casino, "croupier3", Role.CROUPIER, pin="1234")
    # P2 has its own pit boss, who opens table 11 (issue 12 §1: a pit boss of the sector).
    boss_p2 = make_staff(casino, "jefe_p2", Role.PIT_BOSS, pin="1234")
    other.pit_bosses.add(boss_p2)
    open_session({**staff, "croupier": croupier3, "pit_boss": boss_p2}, casino, other, number=11)
    return other


# --------------------------------------------------------------------------- RPT-06


def test_control_sheet_prints_the_session_figures_and_signature_lines(
    day, casino, tmp_path
):  # RPT-06, CLOSE-11
    from hands.models import Hand

    rendered = render("control_sheet", casino, {"session": day.session.pk})
    text = text_of(rendered, tmp_path)
    flat = squash(text)
    hands = Hand.objects.filter(session=day.session, revision_of__isnull=True)
    valid = hands.filter(status="valid")
    assert (hands.count(), valid.count(), hands.filter(status="invalid").count()) == (3, 2, 1)
    pots = sum((h.pot_total for h in valid), Decimal("0"))
    assert re.search(r"Manos repartidas\s+3\s+n\.º 1–3", text)
    assert re.search(rf"válidas\s+2\s+{re.escape(money(pots))}", text)  # 60 + 10
    assert re.search(r"inválidas\s+1\s+sin resolver: 1 · violaciones de continuidad: 1", text)
    assert re.search(r"anuladas \(mal reparto\)\s+0", text)
    # The table card: three buy-ins of 500, a re-buy of 200, a colour change, a cash-out.
    assert re.search(r"Compras\s+3\s+\$ 1\.500,00", text)
    assert re.search(r"Recompras\s+1\s+\$ 200,00", text)
    assert re.search(r"Cambios de color\s+1\s+\$ 100,00", text)
    assert re.search(r"Cambios de valor\s+1\s+\$ 100,00", text)
    assert re.search(
        r"Compras y recompras\s+4\s+\$ 1\.700,00\s+efectivo a la caja de drop: \$ 1\.700,00", text
    )
    assert day.drop_expected == Decimal("1700")
    # The commission: the rake box ledger against the engine's computation.
    rake = re.escape(money(day.rake))
    assert re.search(
        rf"Comisión calculada \(manos\s+(válidas\)\s+)?{rake}\s+diferencia con la registrada \$ 0,00",
        text,
    )
    assert re.search(rf"Comisión registrada \(en\s+(los libros\)\s+)?{rake}", text)
    # The rake box counted with the drop, against the ledger (issue 14 §2).
    assert re.search(
        rf"Caja de comisión\s+(\(contada\)\s+)?{rake}\s+diferencia caja − registrada \$ 0,00", text
    )
    assert re.search(r"Irregularidades\s+0", text)
    assert re.search(r"Sanciones impuestas\s+2\s+propuestas: 1", text)
    for sanction in day.sanctions:
        assert sanction.notice in text
    assert "Retiro de la mesa por la sesión" in squash(text_of(rendered, tmp_path, layout=False))
    # One dealer change (the opening croupier, then croupier2 with the packs rotated).
    assert re.search(r"Cambios de croupier\s+1", text)
    assert re.search(r"apertura\s+Croupier\s+—\s+—", text)
    assert re.search(r"Croupier\s+Croupier2\s+R1\s+A1", text)
    assert re.search(r"Rotaciones de mazos\s+1\s+mazos retirados o rechazados: 0", text)
    assert re.search(r"R1 rojo\s+A1 azul\s+cambio de croupier", text)
    # Completed by the supervisor at closing: the signature lines are printed with the names.
    assert "Supervisor de mesa: Supervisor" in flat and "Jefe de sector: Pit_boss" in flat
    assert "Observaciones del supervisor" in text
    assert "cifras provisionales" not in text  # the session is closed
    assert_numbered(text, rendered.pages)
    english = render("control_sheet", casino, {"table": 7}, lang="en", paper="LETTER")
    en = text_of(english, tmp_path)
    assert "Table control sheet" in en and re.search(r"Hands dealt\s+3", en)
    assert re.search(r"Buy-ins and re-buys\s+4\s+\$1,700\.00", en)
    assert "Table supervisor: Supervisor" in squash(en)
    assert_numbered(en, english.pages, "en")


def test_control_sheet_lists_irregularities_and_void_hands(
    staff, casino, gaming_day, sector, tmp_path
):  # RPT-06, RPT-11
    from hands import services as hands

    session = ready_for_hands(staff, casino, sector, number=9)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    misdeal = {
        "button": 5,
        "seats": [{"seat": s, "stack": "500"} for s in (1, 3, 5)],
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
    void = hands.hand_log(actor=sup, session=session, data=misdeal)
    hands.hand_log(actor=sup, session=session, data=showdown(5), redeal_of=void)
    rendered = render("control_sheet", casino, {"session": session.pk})
    text = text_of(rendered, tmp_path)
    assert re.search(r"Manos repartidas\s+2\s+n\.º 1–2", text)
    assert re.search(r"válidas\s+1\s+\$ 60,00", text)
    assert re.search(r"anuladas \(mal reparto\)\s+1", text)
    assert re.search(r"Irregularidades\s+1", text)
    # In words, with the house rule's number (issue 14 §5: no code on the form).
    assert re.search(r"1\s+\d\d:\d\d\s+El croupier expuso una", text)
    assert "regla 49" in text
    assert "dealer_exposed_card" not in text and "RUL-49" not in text
    assert "La sesión todavía no está cerrada: cifras provisionales." in squash(text)


# --------------------------------------------------------------------------- RPT-07


def test_sector_sheet_lists_the_tables_of_the_sector_with_totals(
    day, casino, staff, sector, tmp_path
):  # RPT-07, CLOSE-11
    from cage.reconciliation import reconcile_session

    more_tables(staff, casino, sector)
    date = day.session.gaming_day.business_date.isoformat()
    rendered = render("sector_sheet", casino, {"date": date, "sector": "P1"})
    text = text_of(rendered, tmp_path)
    flat = squash(text)
    raw = squash(text_of(rendered, tmp_path, layout=False))
    f = reconcile_session(day.session).figures
    figures = [f.opening, f.fills, f.credits, f.final_float, f.drop, f.rake_box, f.result]
    assert [money(v) for v in figures] == [
        "$ 19.550,00",
        "$ 1.950,00",
        "$ 200,00",
        "$ 19.600,00",
        "$ 1.600,00",
        "$ 1,00",
        "−$ 99,00",
    ]
    # Table 7: closed; the books (issue 14 §1: the final float is the float after the
    # closing slips); 3 hands, 1 invalid; no irregularity; 2 sanctions; 1 dealer change.
    row7 = r"7\s+Supervisor\s+cerrada\s+" + r"\s+".join(re.escape(money(v)) for v in figures)
    assert re.search(row7 + r"\s+\$ 1,00\s+−\$ 100,00\s+3\s+1\s+0\s+2\s+1", text), text[:3000]
    # Table 9 is still open: no closing, the drop expected (nothing bought in yet).
    assert re.search(
        r"9\s+Supervisor\s+abierta\s+\$ 19\.600,00\s+\$ 0,00\s+\$ 0,00\s+—\s+\$ 0,00\*\s+—\s+—\s+\$ 0,00\s+—",
        text,
    )
    # The total adds only the closed and counted table, marked; the sector does not balance.
    assert re.search(
        r"Total del sector\*\s+\$ 19\.550,00\s+\$ 1\.950,00\s+\$ 200,00\s+\$ 19\.600,00\s+\$ 1\.600,00\s+\$ 1,00\s+−\$ 99,00\s+\$ 1,00\s+−\$ 100,00\s+3\s+1\s+0\s+2\s+1",
        text,
    )
    assert "PROVISIONAL: hay mesas sin cerrar" in flat and "NO CONCILIA" in text
    assert not re.search(r"^\s*11\s", text, re.M) and "Sector 2" not in text  # other sector
    # Causes, each once, with the pit boss's acknowledgement and explanation.
    assert re.search(r"7\s+Ficha de \$ 50,00: esperadas 80, contadas 79 \(−1\)\s+−\$ 50,00", text)
    assert "Ficha de 50 faltante desde el cierre anterior (Pit_boss)" in raw
    assert "Diferencia en la caja de drop" in raw
    assert "Billete de 100 devuelto al jugador sin registrar" in raw
    assert "Mano inválida sin resolver" in raw and "Mesa abierta" in raw
    assert "_VARIANCE" not in text and "SESSION_NOT_CLOSED" not in text
    # Incidents: the invalid hand, the sanctions, the voided slip, the rotation.
    assert re.search(r"Manos inválidas\s+n\.º 3", text)
    for sanction in day.sanctions:
        assert sanction.notice in text
    assert f"Relleno N.º {day.voided.year}-{day.voided.number:06d}" in text
    assert "Pedido por error" in text and "FILL-" not in text
    assert re.search(r"Rotaciones de mazos\s+1", text)
    assert "Jefe de sector: Pit_boss" in flat
    assert_numbered(text, rendered.pages)


def test_sector_sheet_of_every_sector_and_in_english(
    day, casino, staff, sector, tmp_path
):  # RPT-07
    more_tables(staff, casino, sector)
    date = day.session.gaming_day.business_date.isoformat()
    rendered = render("sector_sheet", casino, {"date": date}, lang="en")
    text = text_of(rendered, tmp_path)
    flat = squash(text)
    assert flat.index("Sector 1 (P1)") < flat.index("Sector 2 (P2)")
    assert re.search(r"11\s+Supervisor\s+open\s+\$19,600\.00", text)
    assert re.search(
        r"Sector total\*\s+\$19,550\.00\s+\$1,950\.00\s+\$200\.00\s+\$19,600\.00", text
    )
    # Sector 2 has only an open table: nothing complete to add up (issue 14 §1).
    assert re.search(
        r"Sector total\*\s+—\s+\$0\.00\s+\$0\.00\s+—\s+\$0\.00\s+—\s+—\s+\$0\.00\s+—", text
    )
    assert "PROVISIONAL" in text
    assert flat.count("Pit boss: Pit_boss") == 1  # sector 2 has no pit boss named
    assert_numbered(text, rendered.pages, "en")


# --------------------------------------------------------------------------- RPT-14


def test_player_tracking_sheet_per_player(day, casino, tmp_path):  # RPT-14, CLOSE-12
    from players.models import Player

    # The data model's VIP flag (set in the admin; there is no service for it).
    Player.objects.filter(pk=day.players["Ana Gómez"].pk).update(is_vip=True)
    rendered = render("player_tracking", casino, {"session": day.session.pk})
    text = text_of(rendered, tmp_path)
    flat = squash(text)
    # seat, arrival, left (at the close), buy-ins, re-buys, total, cash-outs, left with, hands
    assert re.search(
        r"Ana Gómez VIP\s+1\s+\d\d:\d\d\s+al cierre\s+1 · \$ 500,00\s+0 · \$ 0,00\s+\$ 500,00\s+1 · \$ 100,00\s+—\s+3 \(1 inv\.\)\s+—",
        text,
    ), text[:3000]
    assert re.search(
        r"Beto Ruiz\s+3\s+\d\d:\d\d\s+al cierre\s+1 · \$ 500,00\s+0 · \$ 0,00\s+\$ 500,00\s+0 · \$ 0,00\s+—\s+3 \(1 inv\.\)\s+SAN-2026-000001 Advertencia verbal",
        flat,
    )
    assert re.search(
        r"Carla Díaz\s+5\s+\d\d:\d\d\s+al cierre\s+1 · \$ 500,00\s+1 · \$ 200,00\s+\$ 700,00\s+0 · \$ 0,00\s+—\s+3 \(1 inv\.\)\s+SAN-2026-000002 Retiro de la mesa",
        flat,
    )
    # The totals agree with the table card (BUYIN-10).
    card = text_of(render("table_card", casino, {"session": day.session.pk}), tmp_path)
    assert re.search(r"Compras y recompras\s+4\s+\$ 1\.700,00", card)
    assert re.search(
        r"Total\s+3 · \$ 1\.500,00\s+1 · \$ 200,00\s+\$ 1\.700,00\s+1 · \$ 100,00\s+\$ 0,00", text
    )
    # VIP list from the flag; the referrals are written by hand (no referral record exists).
    assert re.search(r"Jugadores VIP en la mesa.*?Ana Gómez 1 3 \$ 500,00", flat)
    assert "Referencias VIP (posibles jugadores VIP a evaluar)" in flat
    assert "Entrega: supervisor de mesa Supervisor" in flat
    assert "Recibe: jefe de sector Pit_boss" in flat
    assert_numbered(text, rendered.pages)
    english = text_of(render("player_tracking", casino, {"table": 7}, lang="en"), tmp_path)
    assert "Player tracking sheet" in english and "VIP referrals" in english
    assert re.search(
        r"Carla Díaz\s+5\s+\d\d:\d\d\s+at the close\s+1 · \$500\.00\s+1 · \$200\.00\s+\$700\.00",
        english,
    )


def test_player_tracking_follows_each_stay_at_a_seat(
    staff, casino, gaming_day, sector, tmp_path
):  # RPT-14
    from cage import services as cage
    from hands import services as hands

    session = ready_for_hands(staff, casino, sector, number=9)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    first = hands.hand_log(actor=sup, session=session, data=showdown(5))
    stacks = {int(s): int(Decimal(v)) for s, v in first.verdict.finishing.items()}
    cage.player_departure_record(actor=sup, session=session, seat=3, stack=str(stacks[3]))
    cage.buyin_record(
        actor=sup,
        session=session,
        seat=3,
        amount="300",
        croupier=staff["croupier"],
        player_name="Dora Paz",
        cash=[{"value": "100", "count": 3}],
        chips=[("100", 3)],
    )
    stacks[3] = 300
    hands.hand_log(actor=sup, session=session, data=fold_to_big_blind(1, stacks))
    text = text_of(render("player_tracking", casino, {"session": session.pk}), tmp_path)
    left = money(first.verdict.finishing["3"])
    # Seat 3: the first player left after hand 1 with their stack; Dora Paz sat for hand 2.
    assert re.search(
        rf"Jugador 3\s+3\s+\d\d:\d\d\s+\d\d:\d\d\s+1 · \$ 500,00\s+0 · \$ 0,00\s+\$ 500,00\s+0 · \$ 0,00\s+{re.escape(left)}\s+1\s",
        text,
    ), text[:3000]
    assert re.search(
        r"Dora Paz\s+3\s+\d\d:\d\d\s+sentado\s+1 · \$ 300,00\s+0 · \$ 0,00\s+\$ 300,00\s+0 · \$ 0,00\s+—\s+1\s",
        text,
    )
    assert re.search(r"Jugador 1\s+1\s+\d\d:\d\d\s+sentado\s+1 · \$ 500,00.*\s2\s", text)
    assert re.search(
        rf"Total\s+4 · \$ 1\.800,00\s+0 · \$ 0,00\s+\$ 1\.800,00\s+0 · \$ 0,00\s+{re.escape(left)}",
        text,
    )


# --------------------------------------------------------------------------- RPT-17 and entry points


def request(api, user, role, kind, params):  # type: ignore[no-untyped-def]
    return api(user, role).post("/api/reports/", {"kind": kind, "params": params}, format="json")


def counts() -> tuple[int, int]:
    return Report.objects.count(), AuditEvent.objects.filter(action="report.request").count()


def test_who_may_request_the_closing_reports(day, staff, api, casino, sector):  # RPT-17
    session = {"session": day.session.pk}
    date = day.session.gaming_day.business_date.isoformat()
    for kind in ("control_sheet", "player_tracking"):
        assert request(api, staff["supervisor"], Role.SUPERVISOR, kind, session).status_code == 202
        assert request(api, staff["pit_boss"], Role.PIT_BOSS, kind, session).status_code == 202
        assert request(api, staff["auditor"], Role.AUDITOR, kind, session).status_code == 202
    pit_sector = {"date": date, "sector": "P1"}
    assert (
        request(api, staff["pit_boss"], Role.PIT_BOSS, "sector_sheet", pit_sector).status_code
        == 202
    )
    # Every table of the day is in the pit boss's sector: the whole-room sheet is theirs too.
    assert (
        request(api, staff["pit_boss"], Role.PIT_BOSS, "sector_sheet", {"date": date}).status_code
        == 202
    )
    manager = staff["shift_manager"]
    assert (
        request(api, manager, Role.SHIFT_MANAGER, "sector_sheet", {"date": date}).status_code == 202
    )
    before = counts()
    for kind in ("control_sheet", "player_tracking"):
        refused = request(api, staff["supervisor2"], Role.SUPERVISOR, kind, session)
        assert refused.status_code == 403 and refused.json()["code"] == "REPORT_OUT_OF_SCOPE"
        refused = request(api, staff["pit_boss2"], Role.PIT_BOSS, kind, session)
        assert refused.status_code == 403 and refused.json()["code"] == "REPORT_OUT_OF_SCOPE"
    sup = request(api, staff["supervisor"], Role.SUPERVISOR, "sector_sheet", pit_sector)
    assert sup.status_code == 403 and sup.json()["code"] == "REPORT_NOT_ALLOWED"
    other = request(api, staff["pit_boss2"], Role.PIT_BOSS, "sector_sheet", pit_sector)
    assert other.status_code == 403 and other.json()["code"] == "REPORT_OUT_OF_SCOPE"
    assert other.json()["message"]["es"] and other.json()["message"]["en"]
    whole = request(api, staff["pit_boss2"], Role.PIT_BOSS, "sector_sheet", {"date": date})
    assert whole.status_code == 400 and whole.json()["code"] == "SECTOR_REQUIRED"
    assert whole.json()["field"] == "sector"
    unknown = request(
        api, manager, Role.SHIFT_MANAGER, "sector_sheet", {"date": date, "sector": "ZZ"}
    )
    assert unknown.status_code == 404 and unknown.json()["code"] == "SECTOR_NOT_FOUND"
    assert counts() == before  # refusals queue nothing


def test_closing_reports_in_the_catalogue_command_and_page(
    day, casino, staff, tmp_path, django_capture_on_commit_callbacks
):  # RPT-06, RPT-07, RPT-14
    from io import StringIO

    from django.core.management import call_command
    from django.test import Client

    out = StringIO()
    call_command("render_report", "--list", stdout=out)
    listed = out.getvalue()
    for line in (
        "control_sheet    Planilla de control de la mesa / Table control sheet",
        "sector_sheet     Planilla de sector / Sector sheet",
        "player_tracking  Hoja de seguimiento del jugador / Player tracking sheet",
    ):
        assert line in listed
    date = day.session.gaming_day.business_date.isoformat()
    pdf = tmp_path / "sector.pdf"
    call_command(
        "render_report",
        "sector_sheet",
        "--sector",
        "P1",
        "--date",
        date,
        "--out",
        str(pdf),
        stdout=StringIO(),
    )
    assert re.search(r"Total del sector\*?\s+\$ 19\.550,00", pdf_text(pdf))
    # The request page lists the kinds each role may ask for and takes the sector.
    client = Client()
    client.force_login(staff["pit_boss"])
    body = client.get("/reports/").content.decode()
    assert "Planilla de sector" in body and "Hoja de seguimiento del jugador" in body
    assert 'name="sector"' in body
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/reports/new/", {"kind": "sector_sheet", "date": date, "sector": "P1", "lang": "es"}
        )
    assert response.status_code == 302
    report = Report.objects.get()
    assert report.status == Report.Status.DONE and report.params == {"date": date, "sector": "P1"}
    supervisor = Client()
    supervisor.force_login(staff["supervisor"])
    page = supervisor.get("/reports/").content.decode()
    assert "Planilla de control de la mesa" in page and "Planilla de sector" not in page


@pytest.mark.parametrize("paper", ["A4", "LETTER"])
def test_closing_reports_stay_inside_the_margins(
    day, casino, staff, sector, tmp_path, paper
):  # RPT-01, RPT-06, RPT-07, RPT-14
    from .test_layout import assert_inside_margins

    more_tables(staff, casino, sector)
    size = (210, 297) if paper == "A4" else (215.9, 279.4)
    date = day.session.gaming_day.business_date.isoformat()
    for kind, params in (
        ("control_sheet", {"session": day.session.pk}),
        ("sector_sheet", {"date": date}),
        ("player_tracking", {"session": day.session.pk}),
    ):
        for lang in ("es", "en"):
            rendered = render(kind, casino, params, paper=paper, lang=lang)
            assert_inside_margins(rendered.pdf, tmp_path, size)


# --------------------------------------------------------------------------- invariant (RPT-14)

_TABLES = iter(range(40, 400))


@given(
    ops=st.lists(
        st.tuples(
            st.sampled_from(["buy", "buy", "leave", "reverse"]),
            st.sampled_from([1, 2, 4]),
            st.sampled_from([100, 200, 500]),
        ),
        min_size=1,
        max_size=8,
    )
)
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_player_stays_add_up_to_the_table_card(staff, casino, gaming_day, sector, ops):  # RPT-14
    """Whatever buy-ins, re-buys, departures and reversals the cage accepted, the tracking
    sheet's stays add up to the table card, and its seated players are the cage's."""
    from cage import selectors as cage_selectors
    from cage import services as cage
    from cage.models import TableTransaction, TransactionKind
    from casino.errors import DomainError
    from reports.kinds.player_tracking import tracking_data

    number = next(_TABLES)  # a new table and croupier per example (one table per croupier)
    croupier = make_staff(casino, f"croupier{number}", Role.CROUPIER, pin="1234")
    staff = {**staff, "croupier": croupier}
    session = open_session(staff, casino, sector, number=number)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    recorded: list = []
    for op, seat, amount in ops:
        try:
            if op == "buy":
                done = cage.buyin_record(
                    actor=sup,
                    session=session,
                    seat=seat,
                    amount=str(amount),
                    croupier=staff["croupier"],
                    player_name=f"P{seat}-{len(recorded)}",
                    stack_before="0",  # a re-buy states the stack (BUYIN-04); ignored otherwise
                    cash=[{"value": "100", "count": amount // 100}],
                    chips=[("100", amount // 100)],
                )
                recorded.append(done)
            elif op == "leave":
                cage.player_departure_record(actor=sup, session=session, seat=seat, stack="0")
            else:
                last = (
                    TableTransaction.objects.filter(
                        session=session, kind=TransactionKind.BUYIN, sign=1, reversal__isnull=True
                    )
                    .order_by("-id")
                    .first()
                )
                if last is not None:  # every buy-in may be reversed already
                    cage.transaction_reverse(actor=sup, transaction_=last, reason="error de carga")
        except DomainError:
            continue  # refused by the cage: nothing written, nothing to add up
    data = tracking_data(session, "es")
    card = sum(
        (
            tx.sign * tx.amount
            for tx in TableTransaction.objects.filter(session=session, kind=TransactionKind.BUYIN)
        ),
        Decimal("0"),
    )
    assert data["totals"]["bought"] == card
    assert sum((s.bought for s in data["stays"]), Decimal("0")) == card
    assert all(s.bought > 0 for s in data["stays"])
    seated = {n for n, s in cage_selectors.seat_summaries(session).items() if s.seated}
    assert {s.seat for s in data["stays"] if s.left is None} == seated
