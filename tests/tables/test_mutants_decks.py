"""Deck stores and the withdrawal of a pack, as the mutation run of
``tables/services/decks.py`` found them untested (issue 16 §1; DECK-01, DECK-10, DECK-13).

The custody tests used a store as a fixture and withdrew packs only through a rotation or
after damage: creating a store (its refusals, its sector, its audit event) and withdrawing a
pack by hand (the reason it needs, the replacement's checks, what the event records) could
each lose a check unnoticed.
"""

from __future__ import annotations

import pytest

from casino.errors import Conflict, NotFound, ValidationFailed
from casino.models import AuditEvent, Casino, Sector
from casino.roles import Role
from tables import services
from tables.models import DeckEvent, DeckStore, Pack, PackState
from tests.helpers import make_staff

from .conftest import act, deliver, open_table, ready_decks

pytestmark = pytest.mark.django_db
P = PackState


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
    e = blank.value
    assert (e.code, e.field, e.message_es, e.message_en) == (
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
    e = err.value
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "NOTE_REQUIRED",
        "note",
        "Indique por qué se retira el mazo.",
        "Say why the pack is withdrawn.",
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
    assert e.message_es == ("El mazo dañado se reemplaza por uno del mismo color (rojo, DECK-13).")
    assert e.message_en == "A damaged pack is replaced by one of the same colour (rojo, DECK-13)."
    services.deck_move(actor=sup, pack=red, to=P.WITHDRAWN)  # no reason: the damage is it
    event = DeckEvent.objects.get(pack=red, to_state=P.WITHDRAWN)
    assert event.data == {"was": P.DAMAGED, "complete": True}
