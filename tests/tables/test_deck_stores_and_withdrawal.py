"""Deck stores and the withdrawal of a pack, as the mutation run of
``tables/services/decks.py`` found them untested (issue 16 §1; DECK-01, DECK-10, DECK-13).

The custody tests used a store as a fixture and withdrew packs only through a rotation or
after damage: creating a store (its refusals, its sector, its audit event) and withdrawing a
pack by hand (the reason it needs, the replacement's checks, what the event records) could
each lose a check unnoticed.
"""

from __future__ import annotations

import pytest

from casino.errors import Conflict, NotFound, PermissionRefused, ValidationFailed
from casino.models import AuditEvent, Casino, Sector
from casino.roles import Role
from tables import services
from tables.models import DeckEvent, DeckFinalControl, DeckStore, Pack, PackState
from tests.helpers import make_staff

from .conftest import act, deliver, open_table, ready_decks

pytestmark = pytest.mark.django_db
P = PackState


def _refusal(err, code, field, es, en):
    """The refusal's code, field and words in both languages."""
    e = err.value
    assert (e.code, e.field, e.message_es, e.message_en) == (code, field, es, en)


def _manager(staff):
    return act(staff["shift_manager"], Role.SHIFT_MANAGER)


def test_deck_01_a_store_is_created_with_its_sector_name_and_audit_event(staff, casino, sector):
    store = services.deck_store_create(
        actor=_manager(staff), code="P1-DEP", name="Depósito del sector 1", sector=sector
    )
    store.refresh_from_db()
    assert (store.casino, store.code, store.name, store.sector) == (
        casino,
        "P1-DEP",
        "Depósito del sector 1",
        sector,
    )
    event = AuditEvent.objects.get(action="deck_store.create", object_id=str(store.pk))
    assert event.actor == staff["shift_manager"]
    assert event.after == {"code": "P1-DEP", "name": "Depósito del sector 1"}
    # Without a name the code names it; without a sector it is the casino's.
    bare = services.deck_store_create(actor=_manager(staff), code="CENTRAL", name="")
    bare.refresh_from_db()
    assert (bare.name, bare.sector) == ("CENTRAL", None)


def test_deck_01_a_store_code_is_required_and_unique_in_its_casino(staff, casino):
    manager = _manager(staff)
    services.deck_store_create(actor=manager, code="SEG", name="Seguridad")
    before = (DeckStore.objects.count(), AuditEvent.objects.count())
    with pytest.raises(ValidationFailed) as blank:
        services.deck_store_create(actor=manager, code="  ", name="x")
    _refusal(
        blank,
        "CODE_REQUIRED",
        "code",
        "Indique un código.",
        "Give a code.",
    )
    with pytest.raises(Conflict) as taken:
        services.deck_store_create(actor=manager, code="SEG", name="otra")
    t = taken.value
    assert (t.code, t.field, t.status_code, t.message_es, t.message_en) == (
        "STORE_CODE_TAKEN",
        "code",
        409,
        "Ya existe ese depósito.",
        "That store already exists.",
    )
    assert (DeckStore.objects.count(), AuditEvent.objects.count()) == before
    # Another casino's "SEG" is its own: codes are unique per casino, not across them.
    other = Casino.objects.create(code="OTRO", name="Otro casino")
    theirs = make_staff(other, "gerente_otro", Role.SHIFT_MANAGER)
    store = services.deck_store_create(
        actor=act(theirs, Role.SHIFT_MANAGER), code="SEG", name="Seguridad"
    )
    assert store.casino == other


def test_deck_01_another_casinos_sector_is_not_found(staff, casino):
    other = Casino.objects.create(code="OTRO", name="Otro casino")
    foreign = Sector.objects.create(casino=other, code="X1", name="Ajeno")
    before = DeckStore.objects.count()
    with pytest.raises(NotFound):
        services.deck_store_create(actor=_manager(staff), code="X", name="x", sector=foreign)
    assert DeckStore.objects.count() == before


def test_deck_10_withdrawing_a_sound_pack_needs_the_reason(staff, gaming_day, table, store):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    events = DeckEvent.objects.count()
    with pytest.raises(ValidationFailed) as err:
        services.deck_move(actor=sup, pack=red, to=P.WITHDRAWN, note="  ")
    _refusal(
        err,
        "NOTE_REQUIRED",
        "note",
        "Escriba una nota que lo explique.",  # issue 41 §2: one message for NOTE_REQUIRED
        "Write a note explaining it.",
    )
    red.refresh_from_db()
    assert (red.state, red.session_id, DeckEvent.objects.count()) == (
        P.IN_PLAY,
        session.pk,
        events,
    )
    services.deck_move(
        actor=sup,
        pack=red,
        to=P.WITHDRAWN,
        note="Cartas marcadas",
        with_user=staff["croupier"],
        complete=False,
    )
    red.refresh_from_db()
    assert (red.state, red.session_id) == (P.WITHDRAWN, None)  # off the table
    event = DeckEvent.objects.get(pack=red, to_state=P.WITHDRAWN)
    assert (event.session, event.with_user, event.note, event.related_pack) == (
        session,
        staff["croupier"],
        "Cartas marcadas",
        None,
    )
    assert event.data == {"was": P.IN_PLAY, "complete": False}
    blue.refresh_from_db()
    assert blue.state == P.RESERVE  # no replacement named: the reserve stays in reserve


def test_deck_13_the_replacement_comes_into_play_for_the_pack_in_play(
    staff, gaming_day, table, store
):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    # The pack in play withdrawn with the reserve (another colour) as its replacement: a
    # sound pack's replacement may be of any colour; it comes into play at once.
    services.deck_move(actor=sup, pack=red, to=P.WITHDRAWN, note="Rotura", replacement=blue)
    red.refresh_from_db()
    blue.refresh_from_db()
    assert (red.state, blue.state, blue.session_id) == (P.WITHDRAWN, P.IN_PLAY, session.pk)
    came_in = DeckEvent.objects.get(pack=blue, to_state=P.IN_PLAY, related_pack=red)
    assert (came_in.data, came_in.note) == ({"replaces": "R1"}, "Rotura")
    assert DeckEvent.objects.get(pack=red, to_state=P.WITHDRAWN).related_pack == blue


def test_deck_13_a_replacement_not_ready_or_not_at_the_table_is_refused(
    staff, gaming_day, table, store
):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    services.deck_move(actor=sup, pack=blue, to=P.RETURNED)  # the reserve goes back
    (issued,) = deliver(staff, store, ("V2", "verde"))
    (stored,) = deliver(staff, store, ("N3", "negro"))
    services.deck_move(actor=boss, pack=issued, to=P.ISSUED, session=session)  # not inspected
    events = DeckEvent.objects.count()
    with pytest.raises(Conflict) as err:
        services.deck_move(actor=sup, pack=red, to=P.WITHDRAWN, note="x", replacement=issued)
    e = err.value
    assert (e.code, e.field, e.details) == (
        "REPLACEMENT_NOT_READY",
        "replacement",
        {"state": P.ISSUED},
    )
    assert e.message_es == "El mazo V2 no está inspeccionado y listo."
    assert e.message_en == "Pack V2 is not inspected and ready."
    with pytest.raises(ValidationFailed) as away:
        services.deck_move(actor=sup, pack=red, to=P.WITHDRAWN, note="x", replacement=stored)
    assert (away.value.code, away.value.field) == ("PACK_NOT_AT_TABLE", "replacement")
    red.refresh_from_db()
    assert (red.state, DeckEvent.objects.count()) == (P.IN_PLAY, events)
    assert Pack.objects.get(pk=issued.pk).state == P.ISSUED


def test_deck_13_a_damaged_pack_is_replaced_by_its_colour_and_needs_no_reason(
    staff, gaming_day, table, store
):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.deck_move(actor=sup, pack=red, to=P.DAMAGED, note="Esquina doblada")
    with pytest.raises(ValidationFailed) as err:  # the blue reserve cannot stand in for red
        services.deck_move(actor=sup, pack=red, to=P.WITHDRAWN, replacement=blue)
    e = err.value
    assert (e.code, e.field) == ("REPLACEMENT_COLOUR", "replacement")
    # issue 41 §2: one message for REPLACEMENT_COLOUR
    assert e.message_es == "El reemplazo debe ser del mismo color (rojo)."
    assert e.message_en == "The replacement must be the same colour (rojo)."
    services.deck_move(actor=sup, pack=red, to=P.WITHDRAWN)  # no reason: the damage is it
    event = DeckEvent.objects.get(pack=red, to_state=P.WITHDRAWN)
    assert event.data == {"was": P.DAMAGED, "complete": False}  # nobody declared it


def test_deck_10_a_complete_pack_rests_at_the_table_an_incomplete_one_does_not(
    staff, gaming_day, table, store
):
    session = open_table(staff, table)
    red, _blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    events = DeckEvent.objects.count()
    with pytest.raises(ValidationFailed) as err:
        services.deck_move(actor=sup, pack=red, to=P.RESTED, complete=False)
    _refusal(
        err,
        "PACK_INCOMPLETE",
        "complete",
        "Un mazo incompleto no descansa: retírelo del juego.",
        "An incomplete pack does not rest: withdraw it.",
    )
    session.hand_in_progress = True
    session.save(update_fields=["hand_in_progress"])
    with pytest.raises(Conflict) as busy:
        services.deck_move(actor=sup, pack=red, to=P.RESTED, complete=True)
    assert busy.value.code == "HAND_IN_PROGRESS"
    assert DeckEvent.objects.count() == events
    session.hand_in_progress = False
    session.save(update_fields=["hand_in_progress"])
    services.deck_move(
        actor=sup,
        pack=red,
        to=P.RESTED,
        with_user=staff["croupier"],
        note="Contado: 52",
        complete=True,
    )
    red.refresh_from_db()
    assert (red.state, red.session_id) == (P.RESTED, session.pk)  # rests at the table
    event = DeckEvent.objects.get(pack=red, to_state=P.RESTED)
    assert (event.session, event.with_user, event.note, event.data) == (
        session,
        staff["croupier"],
        "Contado: 52",
        {"complete": True},
    )


def test_deck_13_a_damaged_card_is_described_and_the_pack_stays_at_the_table(
    staff, gaming_day, table, store
):
    session = open_table(staff, table)
    red, _blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    with pytest.raises(ValidationFailed) as err:
        services.deck_move(actor=sup, pack=red, to=P.DAMAGED, note=" ")
    _refusal(
        err,
        "NOTE_REQUIRED",
        "note",
        "Escriba una nota que lo explique.",  # issue 41 §2: one message for NOTE_REQUIRED
        "Write a note explaining it.",
    )
    services.deck_move(
        actor=sup,
        pack=red,
        to=P.DAMAGED,
        note="Dorso marcado",
        hand_number=7,
        with_user=staff["croupier"],
    )
    red.refresh_from_db()
    assert (red.state, red.session_id) == (P.DAMAGED, session.pk)
    event = DeckEvent.objects.get(pack=red, to_state=P.DAMAGED)
    assert (event.session, event.with_user, event.hand_number, event.note) == (
        session,
        staff["croupier"],
        7,
        "Dorso marcado",
    )


def test_deck_07_a_rejection_describes_the_card_and_keeps_both_faces_checked(
    staff, gaming_day, table, store
):
    session = open_table(staff, table)
    (red,) = deliver(staff, store, ("R1", "rojo"))
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.deck_move(actor=boss, pack=red, to=P.ISSUED, session=session)
    with pytest.raises(ValidationFailed) as err:
        services.deck_move(
            actor=sup, pack=red, to=P.REJECTED, with_user=staff["croupier"], pin="1234"
        )
    _refusal(
        err,
        "NOTE_REQUIRED",
        "note",
        "Escriba una nota que lo explique.",  # issue 41 §2: one message for NOTE_REQUIRED
        "Write a note explaining it.",
    )
    services.deck_move(
        actor=sup,
        pack=red,
        to=P.REJECTED,
        face_up_ok=True,
        face_down_ok=False,
        complete=True,
        note="Dorso",
        with_user=staff["croupier"],
        pin="1234",
    )
    event = DeckEvent.objects.get(pack=red, to_state=P.REJECTED)
    assert (event.session, event.with_user, event.note) == (session, staff["croupier"], "Dorso")
    inspection = red.inspections.get()
    assert event.data == {
        "face_up_ok": True,
        "face_down_ok": False,
        "complete": True,
        "inspection": inspection.pk,
    }
    red.refresh_from_db()
    assert red.session_id is None


def test_deck_15_18_classified_then_finished_before_a_witness_of_the_casino(
    staff, gaming_day, table, store, casino
):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    security = act(staff["security"], Role.SECURITY)
    for pack in (red, blue):
        services.deck_move(actor=sup, pack=pack, to=P.RETURNED, with_user=staff["croupier"])
    services.deck_move(
        actor=sup, pack=red, to=P.DISCARD, with_user=staff["pit_boss"], complete=False
    )
    services.deck_move(actor=sup, pack=blue, to=P.REPLACEMENT, note="Para reponer")
    red.refresh_from_db()
    blue.refresh_from_db()
    assert (red.state, blue.state, red.session_id) == (P.DISCARD, P.REPLACEMENT, None)
    event = DeckEvent.objects.get(pack=red, to_state=P.DISCARD)
    assert (event.with_user, event.data, event.session) == (
        staff["pit_boss"],
        {"complete": False},
        None,
    )
    assert DeckEvent.objects.get(pack=blue, to_state=P.REPLACEMENT).note == "Para reponer"
    with pytest.raises(ValidationFailed) as method:
        services.deck_move(actor=security, pack=red, to=P.CANCELLED, with_user=staff["pit_boss"])
    _refusal(
        method,
        "METHOD_REQUIRED",
        "note",
        "Indique el método de cancelación o destrucción.",
        "Give the cancellation or destruction method.",
    )
    other = Casino.objects.create(code="OTRO", name="Otro casino")
    stranger = make_staff(other, "ajeno", Role.PIT_BOSS)
    for witness in (None, staff["security"], stranger):
        with pytest.raises(ValidationFailed) as err:
            services.deck_move(
                actor=security, pack=red, to=P.CANCELLED, note="Perforado", with_user=witness
            )
        _refusal(
            err,
            "WITNESS_REQUIRED",
            "with_user",
            "Indique un testigo distinto de quien destruye.",
            "Name a witness other than the person destroying the pack.",
        )
    services.deck_move(
        actor=security, pack=red, to=P.CANCELLED, note="Perforado", with_user=staff["pit_boss"]
    )
    red.refresh_from_db()
    assert (red.state, red.session_id) == (P.CANCELLED, None)
    done = DeckEvent.objects.get(pack=red, to_state=P.CANCELLED)
    assert (done.actor, done.with_user, done.note, done.session) == (
        staff["security"],
        staff["pit_boss"],
        "Perforado",
        None,
    )


def test_deck_03_a_pack_received_waits_for_the_signed_receipt_a_reusable_one_is_stored(
    staff, gaming_day, table, store
):
    receipt = services.deck_delivery_record(
        actor=act(staff["security"], Role.SECURITY),
        store=store,
        packs=[{"serial": "R7", "colour": "rojo"}],
    )
    (fresh,) = Pack.objects.filter(receipt=receipt)
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    with pytest.raises(Conflict) as err:
        services.deck_move(actor=boss, pack=fresh, to=P.STORED)
    e = err.value
    assert (e.code, e.details) == ("RECEIPT_NOT_SIGNED", {"receipt": receipt.pk})
    assert e.message_es == (
        "Los mazos entran al depósito cuando el jefe de sector firma la constancia."
    )
    assert e.message_en == "Packs enter the store when the pit boss signs the receipt."
    session = open_table(staff, table)
    red, _blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.deck_move(
        actor=sup, pack=red, to=P.RETURNED, with_user=staff["croupier"], complete=True
    )
    services.deck_move(actor=sup, pack=red, to=P.REUSABLE, complete=True)
    services.deck_move(actor=boss, pack=red, to=P.STORED, note="Al gabinete")
    red.refresh_from_db()
    assert (red.state, red.session_id) == (P.STORED, None)
    event = DeckEvent.objects.get(pack=red, from_state=P.REUSABLE, to_state=P.STORED)
    assert (event.actor, event.note, event.session) == (staff["pit_boss"], "Al gabinete", None)


def test_deck_09_rotation_refusals_say_what_is_wrong(staff, gaming_day, table, store):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    (red2,) = deliver(staff, store, ("R2", "rojo"))
    with pytest.raises(ValidationFailed) as away:
        services.deck_rotate(actor=sup, session=session, incoming_pack=red2)
    assert (away.value.code, away.value.field) == ("PACK_NOT_AT_TABLE", "incoming_pack")
    assert away.value.message_es == "El mazo R2 no está en esta mesa."
    assert away.value.message_en == "Pack R2 is not at this table."
    services.deck_move(actor=sup, pack=red, to=P.RESTED, complete=True)
    with pytest.raises(Conflict) as none:
        services.deck_rotate(actor=sup, session=session, incoming_pack=blue)
    assert (none.value.code, none.value.message_es, none.value.message_en) == (
        "NO_PACK_IN_PLAY",
        "Ningún mazo está en juego en la mesa.",
        "No pack is in play at the table.",
    )
    services.deck_move(actor=sup, pack=blue, to=P.IN_PLAY)
    services.deck_rotate(actor=sup, session=session, incoming_pack=red, note="Cambio de croupier")
    rested = DeckEvent.objects.get(pack=blue, to_state=P.RESTED)
    # The croupier on duty checks the outgoing pack; the note is the reason.
    assert rested.with_user == staff["croupier"]
    assert rested.data == {"reason": "Cambio de croupier", "complete": True}
    assert rested.related_pack == red
    came_in = DeckEvent.objects.filter(pack=red, to_state=P.IN_PLAY).latest("id")
    assert (came_in.related_pack, came_in.data) == (blue, rested.data)


def test_deck_09_a_pack_not_ready_or_of_the_same_colour_does_not_rotate_in(
    staff, gaming_day, table, store
):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    services.deck_move(actor=sup, pack=blue, to=P.RETURNED)
    (green,) = deliver(staff, store, ("V1", "verde"))
    services.deck_move(actor=boss, pack=green, to=P.ISSUED, session=session)
    with pytest.raises(Conflict) as err:
        services.deck_rotate(actor=sup, session=session, incoming_pack=green)
    e = err.value
    assert (e.code, e.field, e.details) == (
        "ROTATION_PACK_NOT_READY",
        "incoming_pack",
        {"state": P.ISSUED},
    )
    assert e.message_es == "El mazo V1 no está listo para entrar (estado «issued»)."
    assert e.message_en == "Pack V1 is not ready to come in (state 'issued')."
    green.refresh_from_db()
    red.refresh_from_db()
    assert (green.state, red.state) == (P.ISSUED, P.IN_PLAY)


def test_deck_16_the_final_control_needs_the_count_and_is_signed_once(staff, gaming_day, store):
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    deliver(staff, store, ("R1", "rojo"))
    with pytest.raises(ValidationFailed) as err:
        services.deck_final_control_sign(actor=manager, store=store, counted_serials="R1")
    _refusal(
        err, "COUNTED_REQUIRED", "counted", "Indique los mazos contados.", "List the packs counted."
    )
    with pytest.raises(Conflict) as short:
        services.deck_final_control_sign(actor=manager, store=store, counted_serials=["ZZ"])
    assert short.value.message_es == (
        "Hay mazos sin justificar: R1 (falta en el conteo); desconocidos: ZZ"
    )
    assert (
        short.value.message_en == "Packs unaccounted for: R1 (missing from the count); unknown: ZZ"
    )
    control = services.deck_final_control_sign(actor=manager, store=store, counted_serials=["R1"])
    assert control.counted_serials == ["R1"] and control.created_by == staff["shift_manager"]
    with pytest.raises(Conflict) as again:
        services.deck_final_control_sign(actor=manager, store=store, counted_serials=["R1"])
    assert (again.value.code, again.value.message_es, again.value.message_en) == (
        "FINAL_CONTROL_DONE",
        "El control final de hoy ya está firmado.",
        "Today's final control is already signed.",
    )
    # Another store's control the same day is its own.
    other = services.deck_store_create(actor=manager, code="OTRO", name="Otro")
    assert services.deck_final_control_sign(actor=manager, store=other, counted_serials=[])


def test_deck_09_rotation_in_play_and_while_suspended_and_only_by_who_works_the_table(
    staff, gaming_day, table, store, casino
):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    # Another supervisor of the casino, not this table's: refused, nothing moves (issue 12 §1).
    with pytest.raises(PermissionRefused):
        services.deck_rotate(
            actor=act(staff["supervisor2"], Role.SUPERVISOR), session=session, incoming_pack=blue
        )
    blue.refresh_from_db()
    assert blue.state == P.RESERVE
    services.session_start_play(actor=sup, session=session)
    session.refresh_from_db()
    assert session.status == "in_play"
    services.deck_rotate(actor=sup, session=session, incoming_pack=blue)  # in play: yes
    services.session_suspend(
        actor=boss,
        session=session,
        reason="Corte de luz",
        float_locked=True,
        cards_handed_to=staff["pit_boss"],
    )
    session.refresh_from_db()
    assert session.status == "suspended"
    services.deck_rotate(actor=sup, session=session, incoming_pack=red)  # suspended: yes
    red.refresh_from_db()
    assert red.state == P.IN_PLAY


def test_deck_07_a_rejection_needs_a_witness_who_signs_on_the_supervisors_terminal(
    staff, gaming_day, table, store
):
    # DECK-06, DECK-07, ROLE-13: the witness is named and signs with his PIN on the
    # supervisor's terminal; a croupier recording alone, or on his own device, is refused.
    session = open_table(staff, table)
    (red,) = deliver(staff, store, ("R1", "rojo"))
    services.deck_move(
        actor=act(staff["pit_boss"], Role.PIT_BOSS), pack=red, to=P.ISSUED, session=session
    )
    croupier = act(staff["croupier"], Role.CROUPIER)
    with pytest.raises(ValidationFailed) as err:  # alone: a witness must be named
        services.deck_move(actor=croupier, pack=red, to=P.REJECTED, note="Dorso marcado")
    assert (err.value.code, err.value.field) == ("INSPECTOR_REQUIRED", "with_user")
    with pytest.raises(PermissionRefused) as terminal:
        services.deck_move(
            actor=croupier,
            pack=red,
            to=P.REJECTED,
            note="Dorso marcado",
            with_user=staff["supervisor"],
            pin="1234",
        )
    assert terminal.value.code == "PIN_TERMINAL_NOT_SUPERVISOR"
    services.deck_move(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        pack=red,
        to=P.REJECTED,
        note="Dorso marcado",
        with_user=staff["croupier"],
        pin="1234",
    )
    event = DeckEvent.objects.get(pack=red, to_state=P.REJECTED)
    assert (event.actor, event.with_user) == (staff["supervisor"], staff["croupier"])


def test_deck_19_the_final_control_lists_what_is_missing_and_stores_its_reusable_packs(
    staff, gaming_day, table, store, casino
):
    manager = act(staff["shift_manager"], Role.SHIFT_MANAGER)
    deliver(staff, store, ("R1", "rojo"), ("A1", "azul"))
    with pytest.raises(Conflict) as err:  # two missing, nothing unknown: no "unknown" part
        services.deck_final_control_sign(actor=manager, store=store, counted_serials=[])
    assert err.value.message_es == (
        "Hay mazos sin justificar: A1 (falta en el conteo), R1 (falta en el conteo)"
    )
    assert err.value.message_en == (
        "Packs unaccounted for: A1 (missing from the count), R1 (missing from the count)"
    )
    # Another casino's store is not found; nothing signed.
    other = Casino.objects.create(code="OTRO", name="Otro casino")
    theirs = DeckStore.objects.create(casino=other, code="SEG", name="Ajeno")
    with pytest.raises(NotFound):
        services.deck_final_control_sign(actor=manager, store=theirs, counted_serials=[])
    # A pack made reusable at a table goes back to its own store's cabinet with the control
    # that sent it there; another store's reusable pack waits for that store's control.
    second = services.deck_store_create(actor=manager, code="P2", name="Sector 2")
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, second, serials=("R5", "A5"))
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    for pack in (red, blue):
        services.deck_move(
            actor=sup, pack=pack, to=P.RETURNED, with_user=staff["croupier"], complete=True
        )
        services.deck_move(actor=sup, pack=pack, to=P.REUSABLE, complete=True)
    control = services.deck_final_control_sign(
        actor=manager, store=store, counted_serials=["R1", "A1"]
    )
    red.refresh_from_db()
    assert red.state == P.REUSABLE  # not this store's pack
    services.deck_final_control_sign(actor=manager, store=second, counted_serials=["R5", "A5"])
    red.refresh_from_db()
    assert red.state == P.STORED
    back = DeckEvent.objects.get(pack=red, from_state=P.REUSABLE, to_state=P.STORED)
    mine = DeckFinalControl.objects.get(store=second)
    assert (back.note, back.data, back.session) == (
        "control final",
        {"final_control": mine.pk},
        None,
    )
    assert mine.pk != control.pk


def test_deck_19_an_illegal_move_names_the_state_in_spanish(staff, gaming_day, store):
    (red,) = deliver(staff, store, ("R1", "rojo"))
    with pytest.raises(Conflict) as err:
        services.deck_move(actor=act(staff["supervisor"], Role.SUPERVISOR), pack=red, to=P.IN_PLAY)
    assert err.value.message_es.startswith("El mazo R1 está «En depósito» y no puede pasar a «")
