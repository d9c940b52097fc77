"""A whole table day through the generated API client (issue 15, "Done when").

An integrator has the served schema and nothing else: a client generated from
``/api/schema/`` with ``openapi-python-client`` (the ``client_package`` fixture), a live
server, and only the generated functions. Every answer is checked against the schema
(schemathesis' response checks) as it arrives: an answer that disagrees with the schema
fails the test, naming the operation and the field.

What the installation gives (no API writes it): the casino, its staff, the chip set and
the table with its float par (the admin). Everything else goes through the API: the
tokens, the gaming day, a card store, packs from delivery to play, the opening with its
three signatures, three buy-ins, ten hands, a colour change, a fill with its four
signatures, a cash-out, the closing with the slips back to par and its three
signatures, and the day's report requested and downloaded.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections import Counter
from decimal import Decimal
from typing import Any

import httpx
import pytest
import schemathesis
from django.utils import timezone

from tests.conftest import PASSWORD
from tests.reports.scenario import fold_to_big_blind, make_table, showdown

from .conftest import PACKAGE

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

D = Decimal


class Integrator:
    """The generated client, one token per person, every answer checked against the schema."""

    def __init__(self, base_url: str, document: dict[str, Any]) -> None:
        self.base_url = base_url
        self.schema = schemathesis.openapi.from_dict(document)
        self.models = importlib.import_module(f"{PACKAGE}.models")
        self.generated = importlib.import_module(f"{PACKAGE}.client")
        api = importlib.import_module(f"{PACKAGE}.api")
        self.modules: dict[str, str] = {}
        for tag in pkgutil.iter_modules(api.__path__):
            package = importlib.import_module(f"{PACKAGE}.api.{tag.name}")
            for module in pkgutil.iter_modules(package.__path__):
                self.modules[module.name] = f"{PACKAGE}.api.{tag.name}.{module.name}"
        self.tokens: dict[str, str] = {}
        self.checked: Counter[str] = Counter()

    def _check(self, response: httpx.Response) -> None:
        """httpx hook: the answer as the schema publishes it, or the test fails here."""
        response.read()
        path = response.request.url.path
        method = response.request.method
        found = self.schema.find_operation_by_path(method, path)
        assert found is not None, f"{method} {path}: no operation in the schema"
        try:
            found.validate_response(response)
        except Exception as exc:  # noqa: BLE001 - re-raised with the operation named
            raise AssertionError(
                f"{method} {path} ({found.label}) answered {response.status_code}, "
                f"which disagrees with the schema: {exc}\nbody: {response.text[:600]}"
            ) from None
        self.checked[found.label] += 1

    def client(self, username: str | None = None) -> Any:
        hooks = {"event_hooks": {"response": [self._check]}}
        if username is None:
            return self.generated.Client(base_url=self.base_url, httpx_args=hooks)
        return self.generated.AuthenticatedClient(
            base_url=self.base_url, token=self.tokens[username], prefix="Token", httpx_args=hooks
        )

    def login(self, username: str) -> None:
        answer = self.op("api_auth_token_create").sync_detailed(
            client=self.client(),
            body=self.models.TokenInputRequest(username=username, password=PASSWORD),
        )
        assert answer.status_code == 200, answer.content
        self.tokens[username] = answer.parsed.token

    def op(self, operation_id: str) -> Any:
        return importlib.import_module(self.modules[operation_id])

    def call(
        self,
        operation_id: str,
        username: str,
        role: str,
        *args: Any,
        body: Any = None,
        status: int = 200,
        **kwargs: Any,
    ) -> Any:
        """One operation as ``username`` acting in ``role``; the parsed answer of ``status``."""
        options: dict[str, Any] = {"x_mesa_role": self.models.ActingRole(role), **kwargs}
        if body is not None:
            name = self._body_model(operation_id)
            options["body"] = getattr(self.models, name).from_dict(body)
        answer = self.op(operation_id).sync_detailed(*args, client=self.client(username), **options)
        assert answer.status_code == status, (operation_id, answer.status_code, answer.content)
        return answer.parsed

    def _body_model(self, operation_id: str) -> str:
        module = self.op(operation_id)
        annotation = module.sync_detailed.__annotations__["body"]
        if isinstance(annotation, type):
            return annotation.__name__
        return str(annotation).split(".")[-1].strip("'\"> ")


def _dict(parsed: Any) -> dict[str, Any]:
    return parsed.to_dict()


@pytest.fixture
def installed(casino, staff, sector):  # type: ignore[no-untyped-def]
    """What the installation gives: the chip set and table 7 with its float par (admin)."""
    return make_table(casino, sector, number=7)


def test_a_whole_table_day_through_the_generated_client(
    client_package, live_server, installed, staff, settings, tmp_path
):
    # issue 15 "Done when": token, opening (OPEN-06..12), packs (DECK-03), buy-ins, ten
    # hands, a colour change, a fill signed by all (CLOSE-07), a cash-out, the closing
    # (CLOSE-07), the day's report downloaded (RPT-07)
    settings.MEDIA_ROOT = tmp_path
    document = json.loads(
        httpx.get(f"{live_server.url}/api/schema/?format=json", timeout=60).content
    )
    mesa = Integrator(live_server.url, document)
    for username in (
        "shift_manager",
        "security",
        "surveillance",
        "pit_boss",
        "supervisor",
        "cage_cashier",
    ):
        mesa.login(username)
    call = mesa.call
    table = installed.pk

    # --- the gaming day and the cards -------------------------------------------------------
    day = call(
        "api_gaming_days_create",
        "shift_manager",
        "shift_manager",
        body={"business_date": timezone.localdate().isoformat()},
        status=201,
    )
    store = call(
        "api_deck_stores_create",
        "shift_manager",
        "shift_manager",
        body={"code": "SEG", "name": "Depósito de seguridad"},
        status=201,
    )
    receipt = call(
        "api_deck_deliveries_create",
        "security",
        "security",
        body={
            "store": store.id,
            "packs": [{"serial": "R1", "colour": "rojo"}, {"serial": "A1", "colour": "azul"}],
        },
        status=201,
    )
    assert receipt.missing_roles == ["pit_boss"]
    signed = call("api_deck_receipts_sign_create", "pit_boss", "pit_boss", receipt.id)
    assert signed.locked is True
    packs = {p.serial: p.id for p in signed.packs}

    # --- the opening, three signatures -------------------------------------------------------
    session = call(
        "api_tables_sessions_create",
        "pit_boss",
        "pit_boss",
        table,
        body={"supervisor": "supervisor", "croupier": "croupier"},
        status=201,
    )
    assert session.status == "opening"
    sid = session.id
    for who, kind in (
        ("surveillance", "surveillance_notified"),
        ("security", "security_present"),
    ):
        call("api_sessions_events_create", who, who, sid, body={"kind": kind}, status=201)
    call(
        "api_sessions_events_create",
        "pit_boss",
        "pit_boss",
        sid,
        body={"kind": "lids_removal_authorised", "person": "shift_manager"},
        status=201,
    )
    # The checklist keys, from the catalogue (issue 15 §5).
    catalogue = {
        str(c.checklist): [i.key for i in c.items]
        for c in call("api_checklists_list", "pit_boss", "pit_boss")
    }
    for who in ("pit_boss", "supervisor"):
        call(
            "api_sessions_checklists_create",
            who,
            who,
            sid,
            body={"items": dict.fromkeys(catalogue[f"prep_{who}"], True)},
            status=201,
        )
    sheet = call("api_openings_retrieve", "supervisor", "supervisor", session.opening_sheet)
    lines = [
        {
            "denomination_id": x.denomination_id,
            "stacks": x.expected_count // 20,
            "loose": x.expected_count % 20,
        }
        for x in sheet.lines
    ]
    counted = call(
        "api_openings_count_create", "supervisor", "supervisor", sheet.id, body={"lines": lines}
    )
    assert counted.discrepancies == [] and D(counted.grand_total) == D(counted.expected_total)
    _sign_three(mesa, "api_openings_sign_create", sheet.id, "croupier", "1234")
    call(
        "api_openings_copies_create",
        "supervisor",
        "supervisor",
        sheet.id,
        body={"copy": "drop_box"},
        status=200,
    )
    call(
        "api_sessions_events_create",
        "surveillance",
        "surveillance",
        sid,
        body={"kind": "surveillance_authorised"},
        status=201,
    )
    call(
        "api_sessions_events_create",
        "supervisor",
        "supervisor",
        sid,
        body={"kind": "float_locked", "person": "pit_boss"},
        status=201,
    )

    # --- packs from the store to play (DECK-04) --------------------------------------------
    for serial in ("R1", "A1"):
        call(
            "api_packs_move_create",
            "pit_boss",
            "pit_boss",
            packs[serial],
            body={"to": "issued", "session": sid},
        )
        call(
            "api_packs_move_create",
            "supervisor",
            "supervisor",
            packs[serial],
            # DECK-06: the checks declared, the croupier on duty witnesses with his PIN.
            body={
                "to": "inspected",
                "with_user": "croupier",
                "pin": "1234",
                "face_up_ok": True,
                "face_down_ok": True,
                "complete": True,
            },
        )
    moved = call(
        "api_packs_move_create", "supervisor", "supervisor", packs["R1"], body={"to": "in_play"}
    )
    assert moved.state == "in_play"
    call("api_packs_move_create", "supervisor", "supervisor", packs["A1"], body={"to": "reserve"})
    started = call("api_sessions_start_play_create", "supervisor", "supervisor", sid)
    assert started.status == "in_play"

    # --- buy-ins and ten hands ---------------------------------------------------------------
    for seat in (1, 3, 5):
        call(
            "api_cage_sessions_buyins_create",
            "supervisor",
            "supervisor",
            sid,
            body={
                "seat": seat,
                "amount": "500.00",
                "croupier": "croupier",
                "player_name": f"Jugador {seat}",
                "cash": [{"value": "100", "count": 5}],
                "chips": [{"value": "100.00", "count": 5}],
            },
            status=201,
            idempotency_key=f"buyin-{seat}",
        )
    stacks = {1: D(500), 3: D(500), 5: D(500)}
    logged = []
    for number in range(1, 11):
        if number == 1:
            data = showdown(5)  # seat 1 wins a 60 pot with aces, rake 1.00
        else:
            button = (5, 1, 3)[(number - 1) % 3]
            data = fold_to_big_blind(button, stacks)
        hand = call(
            "api_hands_create",
            "supervisor",
            "supervisor",
            body={"session": sid, **data},
            status=201,
            idempotency_key=f"hand-{number}",
        )
        assert (hand.number, hand.status) == (number, "valid"), _dict(hand)["verdict"]
        logged.append(hand)
        for seat in hand.seats:
            stacks[seat.seat] = D(seat.finishing_stack)
    page = call("api_hands_list", "supervisor", "supervisor", session=sid)
    assert page.count == 10 and {h.number for h in page.results} == set(range(1, 11))
    assert sum(D(h.rake) for h in logged) == D("1.00")

    # --- a colour change, a fill signed by four, a cash-out --------------------------------
    call(
        "api_cage_sessions_colour_changes_create",
        "supervisor",
        "supervisor",
        sid,
        body={
            "croupier": "croupier",
            "seat": 1,
            "chips_in": [{"value": "5.00", "count": 20}],
            "chips_out": [{"value": "100.00", "count": 1}],
        },
        status=201,
    )
    fill = call(
        "api_cage_sessions_slips_create",
        "pit_boss",
        "pit_boss",
        sid,
        body={"kind": "fill", "lines": [{"value": "25.00", "count": 40}], "note": "relleno"},
        status=201,
    )
    signed_fill = _sign_slip(mesa, fill.id)
    assert signed_fill.locked is True and signed_fill.slip.missing_roles == []
    call(
        "api_sessions_last_hand_create",
        "pit_boss",
        "pit_boss",
        sid,
        body={"last_hand_number": 10},
    )
    call(
        "api_cage_sessions_cash_outs_create",
        "supervisor",
        "supervisor",
        sid,
        body={
            "croupier": "croupier",
            "seat": 1,
            "chips_in": [{"value": "25.00", "count": 4}],
            "chips_out": [{"value": "100.00", "count": 1}],
        },
        status=201,
    )

    # --- the closing: count, empty rack, back to par, three signatures ---------------------
    closing = call(
        "api_sessions_closing_create",
        "pit_boss",
        "pit_boss",
        sid,
        body={"security_officer": "security"},
    )
    sheet = call("api_closings_retrieve", "supervisor", "supervisor", closing.closing_sheet)
    # The rack as the supervisor finds it: par, less the buy-ins' chips, plus the fill,
    # the colour change and the cash-out (the records above, nothing read from the server).
    chip_set = call("api_tables_chip_set_retrieve", "supervisor", "supervisor", table)
    value_of = {d.id: D(d.value) for d in chip_set.denominations}
    moved_chips = {D("100"): -15 - 1 - 1, D("25"): 40 + 4, D("5"): 20}
    rack = {
        x.denomination_id: x.expected_count + moved_chips.get(value_of[x.denomination_id], 0)
        for x in sheet.lines
    }
    counted = call(
        "api_closings_count_create",
        "supervisor",
        "supervisor",
        sheet.id,
        body={
            "lines": [
                {"denomination_id": d, "stacks": n // 20, "loose": n % 20} for d, n in rack.items()
            ]
        },
    )
    call(
        "api_closings_empty_bank_create",
        "supervisor",
        "supervisor",
        sheet.id,
        body={"croupier": "croupier", "pin": "1234"},
        status=200,
    )
    need = call("api_cage_sessions_par_restoration_retrieve", "pit_boss", "pit_boss", sid)
    assert need.fill and need.credit  # 17 of 100 missing; 44 of 25 and 20 of 5 over
    for kind, lines_needed in (("fill", need.fill), ("credit", need.credit)):
        slip = call(
            "api_cage_sessions_slips_create",
            "pit_boss",
            "pit_boss",
            sid,
            body={
                "kind": kind,
                "purpose": "closing",
                "lines": [{"value": x.value, "count": x.count} for x in lines_needed],
            },
            status=201,
        )
        assert _sign_slip(mesa, slip.id).locked is True
    _sign_three(mesa, "api_closings_sign_create", sheet.id, "croupier", "1234")
    closed = call("api_closings_retrieve", "supervisor", "supervisor", sheet.id)
    assert closed.locked is True and closed.missing_roles == []
    assert counted.id == closed.id

    # --- the day's report, requested and downloaded --------------------------------------------
    report = call(
        "api_reports_create",
        "shift_manager",
        "shift_manager",
        body={"kind": "gaming_day", "params": {"date": day.business_date.isoformat()}},
        status=202,
    )
    done = call("api_reports_retrieve", "shift_manager", "shift_manager", report.id)
    assert str(done.status) == "done", _dict(done)
    download = mesa.op("api_reports_download_retrieve").sync_detailed(
        report.id,
        client=mesa.client("shift_manager"),
        x_mesa_role=mesa.models.ActingRole("shift_manager"),
    )
    assert download.status_code == 200
    assert download.content.startswith(b"%PDF")
    from tests.reports.conftest import pdf_text

    text = pdf_text(download.content, tmp_path)
    assert "Informe maestro de la jornada" in text
    # The day's row by shift: 10 hands, rake 1.00, 1,500 of buy-ins (three), the fills (40 x 25 in
    # play, 17 x 100 at the closing) and the credit (44 x 25 and 20 x 5 at the closing).
    (row,) = [line.split() for line in text.splitlines() if "Total de la jornada" in line]
    assert row[4:] == [
        "10", "$", "1,00", "$", "1.500,00", "3", "$", "1.500,00", "$", "0,00",
        "$", "2.700,00", "$", "1.200,00",
    ], row  # fmt: skip

    # Every answer went through the schema check, over the whole day.
    assert sum(mesa.checked.values()) >= 60, mesa.checked


def _sign_three(mesa: Integrator, operation_id: str, sheet: int, croupier: str, pin: str) -> None:
    """The croupier (PIN, on the supervisor's terminal), the supervisor, the pit boss."""
    mesa.call(
        operation_id,
        "supervisor",
        "supervisor",
        sheet,
        body={"role": "croupier", "signer": croupier, "pin": pin},
        status=200,
    )
    mesa.call(
        operation_id, "supervisor", "supervisor", sheet, body={"role": "supervisor"}, status=200
    )
    last = mesa.call(
        operation_id, "pit_boss", "pit_boss", sheet, body={"role": "pit_boss"}, status=200
    )
    assert last.locked is True


#: The order a slip is signed in, per kind (CLOSE-07): chips change hands from the cage
#: to the table for a fill, the other way for a credit.
SLIP_ORDER = {
    "fill": ("pit_boss", "cage_cashier", "security", "croupier", "supervisor"),
    "credit": ("pit_boss", "croupier", "supervisor", "security", "cage_cashier"),
}


def _sign_slip(mesa: Integrator, slip: int) -> Any:
    """Each missing signature, in the slip's signing order (CLOSE-07)."""
    signer = {
        "cage_cashier": ("cage_cashier", {"role": "cage_cashier"}),
        "security": ("security", {"role": "security"}),
        "croupier": ("supervisor", {"role": "croupier", "signer": "croupier", "pin": "1234"}),
        "supervisor": ("supervisor", {"role": "supervisor"}),
        "pit_boss": ("pit_boss", {"role": "pit_boss"}),
    }
    read = mesa.call("api_cage_slips_retrieve", "pit_boss", "pit_boss", slip)
    missing = {str(r) for r in read.missing_roles}
    assert missing, "a new slip waits for its signatures"
    result = None
    for role in SLIP_ORDER[str(read.kind)]:
        if role in missing:
            username, body = signer[role]
            result = mesa.call("api_cage_slips_sign_create", username, username, slip, body=body)
    assert result is not None and list(result.slip.missing_roles) == []
    return result
