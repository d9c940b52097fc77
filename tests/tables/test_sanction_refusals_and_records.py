"""The sanctions ledger's refusals and records, word for word (issue 16 §1: mutation).

``python scripts/mutate.py --fresh tables/services/sanctions.py`` left the refusals of
the ledger's services mostly unchecked: their words, their fields, who may lift or
reduce which level, what an amendment and its audit event record. Each test here
reads the module's rule as a person meets it (SANC-01, SANC-02, SANC-03, SANC-07,
SANC-08, SANC-09, GEN-09) and fails on the mutants of it.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.models import AuditEvent
from casino.roles import Perm, Role
from tables import services
from tables.conduct import Step
from tables.models import SanctionEntry, SanctionLevel

from .conftest import act, make_table, open_table
from .test_sanctions import ledger_rows

pytestmark = pytest.mark.django_db
L = SanctionLevel


def _words(levels, lang):
    """The levels by their words, as a message lists them (issue 41 §2)."""
    from django.utils import translation

    with translation.override(lang):
        return ", ".join(str(L(level).label) for level in levels)


K = SanctionEntry.Kind


@pytest.fixture
def tournament_table(casino, chip_set):
    return make_table(casino, chip_set, number=9, is_tournament=True, rake_pct=Decimal("0"))


def _severe_refused(err):
    """SANC-02: the level in force is management's (removal, disqualification, expulsion)."""
    assert (err.value.code, err.value.details["permission"]) == (
        "PERMISSION_DENIED",
        Perm.IMPOSE_SEVERE_SANCTION.value,
    )


def _refusal(err, code, field, es, en):
    """The refusal's code, field and words in both languages."""
    e = err.value
    assert (e.code, e.field, e.message_es, e.message_en) == (code, field, es, en)


def _boss(staff):
    return act(staff["pit_boss"], Role.PIT_BOSS)


def _manager(staff, who="shift_manager"):
    return act(staff[who], Role.SHIFT_MANAGER)


def _impose(actor, session, player, **kw):
    args = {
        "conduct_code": "disruptive",
        "level": L.WARNING,
        "player": player,
        "session": session,
        "hand_number": 3,
        **kw,
    }
    return services.sanction_impose(actor=actor, **args)


def _sit_out(actor, session, player, vueltas, players):
    """Rounds of sitting out, chosen over the suggested warning (SANC-07: with a reason)."""
    return _impose(
        actor,
        session,
        player,
        level=L.SIT_OUT,
        vueltas=vueltas,
        players_in_hand=players,
        override_reason="x",
    )


def _event(entry, action):
    return AuditEvent.objects.get(object_id=str(entry.pk), action=action)


# --- who issues, what conduct, which player ----------------------------------------------


def test_an_issuer_is_named_on_a_proposal_and_an_imposition(staff, gaming_day, table, player):
    session = open_table(staff, table)
    before = ledger_rows()
    for service in (services.sanction_propose, services.sanction_impose):
        kw = {"level": L.WARNING} if service is services.sanction_impose else {}
        with pytest.raises(ValidationFailed) as err:
            service(actor=None, conduct_code="disruptive", player=player, session=session, **kw)
        _refusal(
            err,
            "ISSUER_REQUIRED",
            "issued_by",
            "Toda sanción lleva quién la emite.",
            "Every sanction names who issues it.",
        )
    assert ledger_rows() == before


def test_the_conduct_and_the_player_are_refused_in_words(staff, gaming_day, table, player):
    session = open_table(staff, table)
    boss = _boss(staff)
    with pytest.raises(ValidationFailed) as err:
        _impose(boss, session, player, conduct_code="")
    _refusal(
        err,
        "CONDUCT_REQUIRED",
        "conduct",
        "Indique la conducta sancionada (lista del manual u «otra» con descripción).",
        "Give the conduct sanctioned (the manual's list, or 'other' with a description).",
    )
    with pytest.raises(ValidationFailed) as err:
        _impose(boss, session, player, conduct_code="mala_suerte")
    _refusal(
        err,
        "CONDUCT_UNKNOWN",
        "conduct",
        "Conducta desconocida: «mala_suerte».",
        "Unknown conduct: 'mala_suerte'.",
    )
    assert "disruptive" in err.value.details["allowed"]
    assert err.value.details["allowed"] == sorted(err.value.details["allowed"])
    with pytest.raises(ValidationFailed) as err:
        _impose(boss, session, player, conduct_code="other", conduct_text="   ")
    _refusal(
        err,
        "CONDUCT_TEXT_REQUIRED",
        "conduct_text",
        "Describa la conducta.",
        "Describe the conduct.",
    )
    with pytest.raises(ValidationFailed) as err:
        _impose(boss, session, None, player_description="  ")
    _refusal(
        err,
        "PLAYER_REQUIRED",
        "player",
        "Indique el jugador (registrado o por descripción/asiento).",
        "Name the player (registered, or by description/seat).",
    )
    # A player by description only (no registered player) is a sanction of its own.
    entry = _impose(boss, session, None, player_description="  Asiento 4, gorra roja ")
    assert (entry.player, entry.player_description) == (None, "Asiento 4, gorra roja")


# --- the step: level, rounds, players in the hand ---------------------------------------


def test_a_level_off_the_scale_names_the_scale(staff, gaming_day, table, player):
    session = open_table(staff, table)
    with pytest.raises(ValidationFailed) as err:
        _impose(_boss(staff), session, player, level=L.VUELTAS, vueltas=1, players_in_hand=9)
    allowed = err.value.details["allowed"]
    assert allowed[0] == L.WARNING and L.SIT_OUT in allowed and L.VUELTAS not in allowed
    _refusal(
        err,
        "LEVEL_NOT_IN_SCALE",
        "level",
        # issue 41 §2: one message for LEVEL_NOT_IN_SCALE; the levels by their words
        f"Ese nivel no está en la escala de esta mesa ({_words(allowed, 'es')}).",
        f"That level is not on this table's scale ({_words(allowed, 'en')}).",
    )


def test_a_tournament_level_off_its_scale_names_the_tournament_scale(
    staff, gaming_day, tournament_table, player
):
    session = open_table(staff, tournament_table)
    with pytest.raises(ValidationFailed) as err:
        _impose(_boss(staff), session, player, level=L.SIT_OUT, vueltas=1, players_in_hand=9)
    allowed = err.value.details["allowed"]
    assert L.VUELTAS in allowed and L.SIT_OUT not in allowed
    assert err.value.message_es == (
        f"Ese nivel no está en la escala de esta mesa ({_words(allowed, 'es')})."
    )
    assert err.value.message_en == (
        f"That level is not on this table's scale ({_words(allowed, 'en')})."
    )


@pytest.mark.parametrize("vueltas", [0, 5, True, "2", None])
def test_penalty_rounds_are_one_to_four(staff, gaming_day, table, player, vueltas):  # SANC-03
    session = open_table(staff, table)
    with pytest.raises(ValidationFailed) as err:
        _impose(_boss(staff), session, player, level=L.SIT_OUT, vueltas=vueltas, players_in_hand=9)
    _refusal(
        err,
        "VUELTAS_INVALID",
        "vueltas",
        "Las vueltas de sanción son de 1 a 4.",
        "Penalty rounds are 1 to 4 (SANC-03).",
    )


@pytest.mark.parametrize("players", [1, 11, True, "9", None])
def test_players_in_the_hand_are_two_to_ten(staff, gaming_day, table, player, players):  # SANC-04
    session = open_table(staff, table)
    with pytest.raises(ValidationFailed) as err:
        _impose(_boss(staff), session, player, level=L.SIT_OUT, vueltas=1, players_in_hand=players)
    _refusal(
        err,
        "PLAYERS_IN_HAND_INVALID",
        "players_in_hand",
        "Indique cuántos jugadores recibieron cartas en la mano sancionada (2 a 10).",
        "Say how many players were dealt into the offending hand (2 to 10).",
    )


@pytest.mark.parametrize(("vueltas", "players"), [(1, 2), (4, 10)])
def test_the_edges_of_rounds_and_players_are_accepted(
    staff, gaming_day, table, player, vueltas, players
):  # SANC-03, SANC-04: 1..4 rounds of 2..10 players
    session = open_table(staff, table)
    entry = _impose(
        _boss(staff),
        session,
        player,
        level=L.SIT_OUT,
        vueltas=vueltas,
        players_in_hand=players,
        override_reason="decisión del jefe",
    )
    assert (entry.vueltas, entry.players_in_hand, entry.hands_total) == (
        vueltas,
        players,
        vueltas * players,
    )


def test_a_level_without_rounds_takes_none_and_keeps_the_players(staff, gaming_day, table, player):
    session = open_table(staff, table)
    with pytest.raises(ValidationFailed) as err:
        _impose(_boss(staff), session, player, vueltas=2)
    _refusal(
        err,
        "VUELTAS_NOT_APPLICABLE",
        "vueltas",
        "Ese nivel no lleva vueltas.",
        "That level has no penalty rounds.",
    )
    entry = _impose(_boss(staff), session, player, players_in_hand=7)
    assert (entry.level, entry.vueltas, entry.players_in_hand, entry.hands_total) == (
        L.WARNING,
        None,
        7,
        None,
    )


@pytest.mark.parametrize("hand", [0, -1, True, "3"])
def test_a_hand_number_is_a_positive_whole_number(staff, gaming_day, table, player, hand):
    session = open_table(staff, table)
    with pytest.raises(ValidationFailed) as err:
        _impose(_boss(staff), session, player, hand_number=hand)
    _refusal(
        err,
        "HAND_NUMBER_INVALID",
        "hand_number",
        "Número de mano inválido.",
        "Invalid hand number.",
    )


def test_the_first_hand_is_a_hand(staff, gaming_day, table, player):
    session = open_table(staff, table)
    entry = _impose(_boss(staff), session, player, hand_number=1)
    assert (entry.hand_number, entry.starts_after_hand) == (1, 1)


# --- imposing --------------------------------------------------------------------------


def test_an_imposition_without_a_level_is_refused(staff, gaming_day, table, player):
    session = open_table(staff, table)
    for level in (None, ""):
        with pytest.raises(ValidationFailed) as err:
            _impose(_boss(staff), session, player, level=level)
        _refusal(err, "LEVEL_REQUIRED", "level", "Indique la sanción.", "Give the sanction.")


def test_a_pit_boss_imposes_rounds_but_not_a_removal(staff, gaming_day, table, player):
    # SANC-02: warnings and rounds are the pit boss's; removal, disqualification and
    # expulsion management's.
    session = open_table(staff, table)
    before = ledger_rows()
    with pytest.raises(PermissionRefused) as err:
        _impose(_boss(staff), session, player, level=L.REMOVAL, override_reason="grave")
    _severe_refused(err)
    assert ledger_rows() == before
    removal = _impose(_manager(staff), session, player, level=L.REMOVAL, override_reason="grave")
    assert removal.level == L.REMOVAL


def test_what_an_imposition_records(staff, gaming_day, table, player):
    session = open_table(staff, table)
    boss = _boss(staff)
    entry = _impose(
        boss,
        session,
        player,
        conduct_code="other",
        conduct_text="  Golpeó la mesa  ",
        event_name="  Torneo de verano ",
        reason="  Tercera advertencia verbal ",
    )
    entry.refresh_from_db()
    assert (entry.kind, entry.table, entry.session, entry.gaming_day) == (
        K.IMPOSITION,
        table,
        session,
        gaming_day,
    )
    assert (entry.conduct_code, entry.conduct_text, entry.event_name, entry.reason) == (
        "other",
        "Golpeó la mesa",
        "Torneo de verano",
        "Tercera advertencia verbal",
    )
    assert (entry.issued_by, entry.role, entry.proposal, entry.proposed_by) == (
        staff["pit_boss"],
        Role.PIT_BOSS.value,
        None,
        None,
    )
    assert (entry.immediate, entry.immediate_reason, entry.starts_after_hand) == (False, "", 3)
    assert (entry.suggested_level, entry.override_reason, entry.is_tournament) == (
        L.WARNING,
        "",
        False,
    )
    assert entry.serial_number >= 1 and entry.serial_year >= 2026
    event = _event(entry, "sanction.impose")
    assert event.after["level"] == L.WARNING and event.reason == "  Tercera advertencia verbal "


def test_an_immediate_sanction_needs_its_reason_and_starts_now(staff, gaming_day, table, player):
    # SANC-09: a penalty starts after the hand unless immediate, with a serious reason.
    session = open_table(staff, table)
    boss = _boss(staff)
    with pytest.raises(ValidationFailed) as err:
        _impose(boss, session, player, immediate=True, immediate_reason="  ")
    assert (err.value.code, err.value.field) == ("IMMEDIATE_REASON_REQUIRED", "immediate_reason")
    assert err.value.message_es == "Una sanción inmediata (durante la mano) exige un motivo grave."
    assert err.value.message_en == "An immediate sanction (during the hand) needs a serious reason."
    entry = _impose(boss, session, player, immediate=True, immediate_reason="Agresión")
    assert (entry.immediate, entry.immediate_reason, entry.starts_after_hand) == (
        True,
        "Agresión",
        None,
    )
    # Not immediate: a reason given by mistake is not kept as an immediate one.
    later = _impose(boss, session, player, immediate_reason="no aplica", override_reason="x")
    assert (later.immediate, later.immediate_reason, later.starts_after_hand) == (False, "", 3)


def test_rounds_at_a_session_need_the_offending_hand(staff, gaming_day, table, player):
    session = open_table(staff, table)
    kw = {"level": L.SIT_OUT, "vueltas": 1, "players_in_hand": 9, "hand_number": None}
    with pytest.raises(ValidationFailed) as err:
        _impose(_boss(staff), session, player, override_reason="x", **kw)
    _refusal(
        err,
        "HAND_NUMBER_REQUIRED",
        "hand_number",
        "Indique la mano de la infracción: la sanción empieza en la siguiente (SANC-09).",
        "Give the offending hand: the sanction starts with the next one (SANC-09).",
    )
    # Immediate rounds need no hand; a warning needs none either.
    entry = _impose(
        _boss(staff),
        session,
        player,
        immediate=True,
        immediate_reason="Grave",
        override_reason="x",
        **kw,
    )
    assert entry.hand_number is None
    warning = _impose(_boss(staff), session, player, hand_number=None, override_reason="x")
    assert warning.hand_number is None


def test_another_level_than_suggested_needs_a_reason(staff, gaming_day, table, player):
    # SANC-07.
    session = open_table(staff, table)
    with pytest.raises(ValidationFailed) as err:
        _impose(_boss(staff), session, player, level=L.SIT_OUT, vueltas=2, players_in_hand=9)
    _refusal(
        err,
        "OVERRIDE_REASON_REQUIRED",
        "override_reason",
        # issue 41 §2: one message for OVERRIDE_REASON_REQUIRED; the suggestion is a detail
        "Esta excepción necesita un motivo escrito.",
        "This override needs a written reason.",
    )
    assert err.value.details == {
        "suggested_level": L.WARNING,
        "suggested_vueltas": None,
        "prior": [],
    }
    with pytest.raises(ValidationFailed):
        _impose(
            _boss(staff),
            session,
            player,
            level=L.SIT_OUT,
            vueltas=2,
            players_in_hand=9,
            override_reason="   ",
        )
    entry = _impose(
        _boss(staff),
        session,
        player,
        level=L.SIT_OUT,
        vueltas=2,
        players_in_hand=9,
        override_reason="  Reincidente ",
    )
    assert (entry.override_reason, entry.suggested_level, entry.suggested_vueltas) == (
        "Reincidente",
        L.WARNING,
        None,
    )
    assert _event(entry, "sanction.impose").reason == "  Reincidente "


def test_the_heads_up_exemption_is_refused_in_words(staff, gaming_day, tournament_table, player):
    session = open_table(staff, tournament_table)
    with pytest.raises(ValidationFailed) as err:
        _impose(_boss(staff), session, player, conduct_code="showing_hand", final_heads_up=True)
    _refusal(
        err,
        "CONDUCT_EXEMPT_HEADS_UP",
        "conduct",
        "Mostrar, comentar o mirar cartas no se sanciona en el mano a mano final.",
        "Showing, commenting on or peeking at cards is not sanctioned at the final heads-up.",
    )
    # A conduct that is not exempt is sanctioned at the final heads-up too.
    entry = _impose(_boss(staff), session, player, final_heads_up=True)
    assert entry.is_tournament is True


# --- proposals -------------------------------------------------------------------------


def test_what_a_proposal_records(staff, gaming_day, table, player):
    session = open_table(staff, table)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    proposal = services.sanction_propose(
        actor=sup,
        conduct_code="other",
        conduct_text="  Discutió con el crupier ",
        player=player,
        session=session,
        hand_number=12,
        event_name=" Noche de cash ",
        reason="  Tercera vez ",
    )
    proposal.refresh_from_db()
    assert (proposal.kind, proposal.proposed_by, proposal.issued_by, proposal.role) == (
        K.PROPOSAL,
        staff["supervisor"],
        staff["supervisor"],
        Role.SUPERVISOR.value,
    )
    assert (proposal.conduct_text, proposal.event_name, proposal.reason, proposal.hand_number) == (
        "Discutió con el crupier",
        "Noche de cash",
        "Tercera vez",
        12,
    )
    # No level given: the suggestion is proposed.
    assert (proposal.level, proposal.suggested_level, proposal.suggested_vueltas) == (
        L.WARNING,
        L.WARNING,
        None,
    )
    assert _event(proposal, "sanction.propose").after["kind"] == K.PROPOSAL
    # A level given: rounds take the players in the hand.
    rounds = services.sanction_propose(
        actor=sup,
        conduct_code="disruptive",
        player=player,
        session=session,
        level=L.SIT_OUT,
        vueltas=2,
        players_in_hand=8,
    )
    assert (rounds.level, rounds.vueltas, rounds.players_in_hand, rounds.hands_total) == (
        L.SIT_OUT,
        2,
        8,
        16,
    )
    with pytest.raises(ValidationFailed) as err:
        services.sanction_propose(
            actor=sup, conduct_code="disruptive", player=player, session=session, hand_number=0
        )
    assert err.value.code == "HAND_NUMBER_INVALID"


def test_an_imposition_from_a_proposal_takes_its_facts_and_decides_it_once(
    staff, gaming_day, table, player
):
    session = open_table(staff, table)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    proposal = services.sanction_propose(
        actor=sup,
        conduct_code="other",
        conduct_text="Insultó",
        player=player,
        session=session,
        hand_number=5,
        event_name="Cash",
    )
    entry = services.sanction_impose(
        actor=_boss(staff), conduct_code=None, level=L.WARNING, proposal=proposal
    )
    assert (entry.player, entry.conduct_code, entry.conduct_text) == (player, "other", "Insultó")
    assert (entry.session, entry.table, entry.hand_number, entry.event_name) == (
        session,
        table,
        5,
        "Cash",
    )
    assert (entry.proposal, entry.proposed_by) == (proposal, staff["supervisor"])
    before = ledger_rows()
    with pytest.raises(Conflict) as err:
        services.sanction_impose(
            actor=_boss(staff), conduct_code=None, level=L.WARNING, proposal=proposal
        )
    _refusal(
        err,
        "PROPOSAL_ALREADY_DECIDED",
        "proposal",
        "Esa propuesta ya fue resuelta.",
        "That proposal was already decided.",
    )
    with pytest.raises(ValidationFailed) as err:
        services.sanction_impose(
            actor=_boss(staff), conduct_code=None, level=L.WARNING, proposal=entry
        )
    _refusal(
        err,
        "NOT_A_PROPOSAL",
        "proposal",
        "Eso no es una propuesta de sanción.",
        "That is not a sanction proposal.",
    )
    assert ledger_rows() == before


def test_a_proposal_by_description_is_imposed_on_that_description(staff, gaming_day, table):
    session = open_table(staff, table)
    proposal = services.sanction_propose(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        conduct_code="disruptive",
        player_description="Asiento 2",
        session=session,
        hand_number=4,
    )
    entry = services.sanction_impose(
        actor=_boss(staff), conduct_code=None, level=L.WARNING, proposal=proposal
    )
    assert (entry.player, entry.player_description, entry.proposed_by) == (
        None,
        "Asiento 2",
        staff["supervisor"],
    )


# --- lifting and reducing --------------------------------------------------------------


def test_only_an_imposition_is_lifted_or_reduced(staff, gaming_day, table, player):
    session = open_table(staff, table)
    boss = _boss(staff)
    proposal = services.sanction_propose(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        conduct_code="disruptive",
        player=player,
        session=session,
    )
    for call in (
        lambda: services.sanction_lift(actor=boss, sanction=proposal, reason="x"),
        lambda: services.sanction_reduce(
            actor=boss, sanction=proposal, level=L.WARNING, reason="x"
        ),
    ):
        with pytest.raises(ValidationFailed) as err:
            call()
        _refusal(
            err,
            "NOT_AN_IMPOSITION",
            "sanction",
            "Solo se levanta o reduce una sanción impuesta.",
            "Only an imposed sanction can be lifted or reduced.",
        )


def test_a_lift_and_a_reduction_need_a_reason(staff, gaming_day, table, player):
    session = open_table(staff, table)
    entry = _impose(_boss(staff), session, player)
    for call in (
        lambda: services.sanction_lift(actor=_boss(staff), sanction=entry, reason="  "),
        lambda: services.sanction_reduce(
            actor=_boss(staff), sanction=entry, level=L.WARNING, reason=""
        ),
    ):
        with pytest.raises(ValidationFailed) as err:
            call()
        _refusal(err, "REASON_REQUIRED", "reason", "Indique el motivo.", "Give the reason.")


def test_a_lifted_sanction_is_not_lifted_reduced_or_appealed_again(
    staff, gaming_day, table, player
):
    session = open_table(staff, table)
    boss = _boss(staff)
    entry = _impose(
        boss, session, player, level=L.SIT_OUT, vueltas=3, players_in_hand=9, override_reason="x"
    )
    lift = services.sanction_lift(actor=boss, sanction=entry, reason="  Error de identidad ")
    assert (lift.kind, lift.amends, lift.reason, lift.issued_by) == (
        K.LIFT,
        entry,
        "Error de identidad",
        staff["pit_boss"],
    )
    # The lift restates the sanction it lifts (it reads alone).
    assert (lift.level, lift.vueltas, lift.players_in_hand, lift.hands_total) == (
        L.SIT_OUT,
        3,
        9,
        27,
    )
    assert (lift.player, lift.session, lift.hand_number, lift.starts_after_hand) == (
        player,
        session,
        3,
        3,
    )
    event = _event(lift, "sanction.lift")
    assert event.before == {"imposition": entry.pk, "level": L.SIT_OUT}
    assert event.after == {"lifted": True, "appeal": None}
    assert event.reason == "Error de identidad"
    before = ledger_rows()
    for call in (
        lambda: services.sanction_lift(actor=boss, sanction=entry, reason="otra vez"),
        lambda: services.sanction_reduce(
            actor=boss, sanction=entry, level=L.SIT_OUT, vueltas=1, reason="x"
        ),
        lambda: services.sanction_appeal(
            actor=act(staff["supervisor"], Role.SUPERVISOR), sanction=entry, grounds="injusta"
        ),
    ):
        with pytest.raises(Conflict) as err:
            call()
        _refusal(
            err,
            "SANCTION_ALREADY_LIFTED",
            None,
            "La sanción ya fue levantada.",
            "The sanction was already lifted.",
        )
    assert ledger_rows() == before


def test_a_pit_boss_neither_lifts_nor_reduces_a_removal(staff, gaming_day, table, player):
    # SANC-02: who may impose the level in force may lift or reduce it.
    session = open_table(staff, table)
    removal = _impose(_manager(staff), session, player, level=L.REMOVAL, override_reason="grave")
    boss = _boss(staff)
    before = ledger_rows()
    with pytest.raises(PermissionRefused) as err:
        services.sanction_lift(actor=boss, sanction=removal, reason="x")
    _severe_refused(err)
    with pytest.raises(PermissionRefused) as err:
        services.sanction_reduce(actor=boss, sanction=removal, level=L.WARNING, reason="x")
    _severe_refused(err)
    assert ledger_rows() == before
    reduced = services.sanction_reduce(
        actor=_manager(staff), sanction=removal, level=L.WARNING, reason="  Se disculpó "
    )
    assert (reduced.kind, reduced.level, reduced.vueltas, reduced.reason) == (
        K.REDUCTION,
        L.WARNING,
        None,
        "Se disculpó",
    )
    # Reduced to a warning, the pit boss may now lift what is in force.
    assert services.sanction_lift(actor=boss, sanction=removal, reason="x").kind == K.LIFT


def test_a_removal_has_no_players_in_hand_to_become_rounds(staff, gaming_day, table, player):
    session = open_table(staff, table)
    removal = _impose(_manager(staff), session, player, level=L.REMOVAL, override_reason="grave")
    assert removal.players_in_hand is None
    with pytest.raises(ValidationFailed) as err:
        services.sanction_reduce(
            actor=_manager(staff), sanction=removal, level=L.SIT_OUT, vueltas=2, reason="x"
        )
    _refusal(
        err,
        "PLAYERS_IN_HAND_INVALID",
        "level",
        # issue 41 §2: one message for PLAYERS_IN_HAND_INVALID
        "Indique cuántos jugadores recibieron cartas en la mano sancionada (2 a 10).",
        "Say how many players were dealt into the offending hand (2 to 10).",
    )


def test_a_reduction_is_lighter_and_says_which_is_heavier(staff, gaming_day, table, player):
    session = open_table(staff, table)
    boss = _boss(staff)
    entry = _impose(
        boss, session, player, level=L.SIT_OUT, vueltas=2, players_in_hand=9, override_reason="x"
    )
    for level, vueltas in ((L.SIT_OUT, 2), (L.SIT_OUT, 3)):
        with pytest.raises(ValidationFailed) as err:
            services.sanction_reduce(
                actor=boss, sanction=entry, level=level, vueltas=vueltas, reason="x"
            )
        new, old = Step(level, vueltas).label(), Step(L.SIT_OUT, 2).label()
        _refusal(
            err,
            "REDUCTION_NOT_LIGHTER",
            "level",
            f"«{new}» no es más leve que «{old}».",
            f"'{new}' is not lighter than '{old}'.",
        )
    reduced = services.sanction_reduce(
        actor=boss, sanction=entry, level=L.SIT_OUT, vueltas=1, reason="x"
    )
    assert (reduced.level, reduced.vueltas, reduced.players_in_hand, reduced.hands_total) == (
        L.SIT_OUT,
        1,
        9,
        9,
    )
    assert (reduced.amends, reduced.appeal, reduced.session, reduced.player) == (
        entry,
        None,
        session,
        player,
    )
    event = _event(reduced, "sanction.reduce")
    assert event.before == {"level": L.SIT_OUT, "vueltas": 2}
    assert event.after == {"level": L.SIT_OUT, "vueltas": 1, "appeal": None}
    # The reduction is measured against what is in force now (1 round), not the original.
    with pytest.raises(ValidationFailed) as err:
        services.sanction_reduce(actor=boss, sanction=entry, level=L.SIT_OUT, vueltas=1, reason="x")
    assert err.value.code == "REDUCTION_NOT_LIGHTER"
    assert (
        services.sanction_reduce(actor=boss, sanction=entry, level=L.WARNING, reason="x").level
        == L.WARNING
    )


# --- appeals ---------------------------------------------------------------------------


def _appeal(staff, entry, grounds="No fue él"):
    return services.sanction_appeal(
        actor=act(staff["supervisor"], Role.SUPERVISOR), sanction=entry, grounds=grounds
    )


def test_an_appeal_restates_the_sanction_and_waits_alone(staff, gaming_day, table, player):
    session = open_table(staff, table)
    entry = _sit_out(_boss(staff), session, player, 2, 6)
    with pytest.raises(ValidationFailed) as err:
        _appeal(staff, entry, grounds="  ")
    _refusal(
        err,
        "GROUNDS_REQUIRED",
        "grounds",
        "Indique los motivos de la apelación.",
        "Give the grounds of the appeal.",
    )
    appeal = _appeal(staff, entry, grounds="  Se le resbalaron ")
    assert (appeal.kind, appeal.amends, appeal.reason, appeal.issued_by) == (
        K.APPEAL,
        entry,
        "Se le resbalaron",
        staff["supervisor"],
    )
    assert (appeal.level, appeal.vueltas, appeal.players_in_hand, appeal.hands_total) == (
        L.SIT_OUT,
        2,
        6,
        12,
    )
    event = _event(appeal, "sanction.appeal")
    assert (
        event.before == {"imposition": entry.pk, "status": "in_force"}
        or event.before["imposition"] == entry.pk
    )
    assert event.after == {"status": "appealed"} and event.reason == "Se le resbalaron"
    before = ledger_rows()
    with pytest.raises(Conflict) as err:
        _appeal(staff, entry)
    assert (err.value.code, err.value.field, err.value.details) == (
        "APPEAL_PENDING",
        None,
        {"appeal": appeal.pk},
    )
    assert err.value.message_es == "La sanción ya tiene una apelación sin resolver."
    assert err.value.message_en == "The sanction already has an appeal waiting for its decision."
    assert ledger_rows() == before


def test_an_appeals_decision_is_refused_in_words(staff, gaming_day, table, player):
    session = open_table(staff, table)
    entry = _impose(_boss(staff), session, player)
    appeal = _appeal(staff, entry)
    other = _manager(staff)
    with pytest.raises(ValidationFailed) as err:
        services.sanction_appeal_decide(actor=other, appeal=appeal, outcome="pardoned", reason="x")
    _refusal(
        err,
        "APPEAL_OUTCOME_INVALID",
        "outcome",
        "La decisión es confirmar, reducir o levantar.",
        "The decision is upheld, reduced or lifted.",
    )
    assert err.value.details == {"allowed": ["upheld", "reduced", "lifted"]}
    with pytest.raises(ValidationFailed) as err:
        services.sanction_appeal_decide(actor=other, appeal=appeal, outcome="reduced", reason="x")
    _refusal(err, "LEVEL_REQUIRED", "level", "Indique la sanción.", "Give the sanction.")
    with pytest.raises(ValidationFailed) as err:
        services.sanction_appeal_decide(actor=other, appeal=appeal, outcome="upheld", reason=" ")
    assert (err.value.code, err.value.field) == ("REASON_REQUIRED", "reason")
    for not_appeal in (entry,):
        with pytest.raises(ValidationFailed) as err:
            services.sanction_appeal_decide(
                actor=other, appeal=not_appeal, outcome="upheld", reason="x"
            )
        _refusal(
            err,
            "NOT_AN_APPEAL",
            "appeal",
            "Solo se resuelve una apelación.",
            "Only an appeal is decided.",
        )


def test_an_appeal_upheld_restates_the_sanction_once(staff, gaming_day, table, player):
    session = open_table(staff, table)
    entry = _sit_out(_boss(staff), session, player, 1, 5)
    appeal = _appeal(staff, entry)
    upheld = services.sanction_appeal_decide(
        actor=_manager(staff), appeal=appeal, outcome="upheld", reason="  Lo vio el crupier "
    )
    assert (upheld.kind, upheld.amends, upheld.appeal, upheld.reason) == (
        K.UPHELD,
        entry,
        appeal,
        "Lo vio el crupier",
    )
    assert (upheld.level, upheld.vueltas, upheld.players_in_hand, upheld.hands_total) == (
        L.SIT_OUT,
        1,
        5,
        5,
    )
    assert (upheld.issued_by, upheld.role) == (staff["shift_manager"], Role.SHIFT_MANAGER.value)
    event = _event(upheld, "sanction.appeal_upheld")
    assert event.before == {"appeal": appeal.pk, "status": "appealed"}
    assert event.after == {"level": L.SIT_OUT, "vueltas": 1}
    assert event.reason == "Lo vio el crupier"
    before = ledger_rows()
    for outcome in ("upheld", "lifted"):
        with pytest.raises(Conflict) as err:
            services.sanction_appeal_decide(
                actor=_manager(staff), appeal=appeal, outcome=outcome, reason="x"
            )
        _refusal(
            err,
            "APPEAL_DECIDED",
            None,
            "La apelación ya fue resuelta.",
            "The appeal was already decided.",
        )
    assert ledger_rows() == before


def test_an_appeal_lifted_or_reduced_is_linked_to_its_appeal(staff, gaming_day, table, player):
    session = open_table(staff, table)
    first = _sit_out(_boss(staff), session, player, 3, 9)
    appeal = _appeal(staff, first)
    reduced = services.sanction_appeal_decide(
        actor=_manager(staff),
        appeal=appeal,
        outcome="reduced",
        reason="x",
        level=L.SIT_OUT,
        vueltas=1,
    )
    assert (reduced.kind, reduced.appeal, reduced.level, reduced.vueltas) == (
        K.REDUCTION,
        appeal,
        L.SIT_OUT,
        1,
    )
    assert _event(reduced, "sanction.reduce").after["appeal"] == appeal.pk
    second = _impose(_boss(staff), session, player, override_reason="x", hand_number=9)
    appeal2 = _appeal(staff, second)
    lifted = services.sanction_appeal_decide(
        actor=_manager(staff), appeal=appeal2, outcome="lifted", reason="x"
    )
    assert (lifted.kind, lifted.appeal, lifted.amends) == (K.LIFT, appeal2, second)
    assert _event(lifted, "sanction.lift").after == {"lifted": True, "appeal": appeal2.pk}


def test_an_appeal_of_a_removal_is_decided_by_management_only(staff, gaming_day, table, player):
    # SANC-02 through the appeal: a pit boss may not uphold a removal either.
    session = open_table(staff, table)
    removal = _impose(_manager(staff), session, player, level=L.REMOVAL, override_reason="grave")
    appeal = _appeal(staff, removal)
    before = ledger_rows()
    for outcome, extra in (("upheld", {}), ("lifted", {}), ("reduced", {"level": L.WARNING})):
        with pytest.raises(PermissionRefused) as err:
            services.sanction_appeal_decide(
                actor=_boss(staff), appeal=appeal, outcome=outcome, reason="x", **extra
            )
        _severe_refused(err)
    assert ledger_rows() == before


# --- second batch: the first run's survivors in proposals and appeals -------------------


def test_a_supervisor_not_at_the_table_proposes_nothing_there(staff, gaming_day, table, player):
    # Issue 12 §1: the session's supervisor proposes there; another supervisor does not,
    # by the session or by the table.
    session = open_table(staff, table)
    other = act(staff["supervisor2"], Role.SUPERVISOR)
    before = ledger_rows()
    for where in ({"session": session}, {"table": table}):
        with pytest.raises(PermissionRefused) as err:
            services.sanction_propose(
                actor=other, conduct_code="disruptive", player=player, **where
            )
        assert err.value.code == "NOT_SESSION_SUPERVISOR"
    assert ledger_rows() == before
    by_table = services.sanction_propose(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        conduct_code="disruptive",
        player=player,
        table=table,
    )
    assert (by_table.table, by_table.session, by_table.gaming_day) == (table, None, gaming_day)


def test_a_proposal_suggests_from_the_players_own_record(staff, gaming_day, table, player):
    # SANC-05, SANC-06: the suggestion escalates with the player's earlier sanctions.
    session = open_table(staff, table)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    _impose(_boss(staff), session, player)  # a first warning
    again = services.sanction_propose(
        actor=sup, conduct_code="disruptive", player=player, session=session, players_in_hand=9
    )
    assert again.suggested_level != L.WARNING and again.level == again.suggested_level
    stranger = services.sanction_propose(
        actor=sup, conduct_code="disruptive", player_description="Asiento 6", session=session
    )
    assert (stranger.suggested_level, stranger.level) == (L.WARNING, L.WARNING)


def test_a_proposed_level_keeps_its_rounds_and_drops_players_without_rounds(
    staff, gaming_day, table, player
):
    session = open_table(staff, table)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    warning = services.sanction_propose(
        actor=sup,
        conduct_code="disruptive",
        player=player,
        session=session,
        level=L.WARNING,
        players_in_hand=7,
    )
    assert (warning.level, warning.vueltas, warning.players_in_hand) == (L.WARNING, None, None)
    with pytest.raises(ValidationFailed) as err:
        services.sanction_propose(
            actor=sup,
            conduct_code="disruptive",
            player=player,
            session=session,
            level=L.SIT_OUT,
            vueltas=2,
        )
    assert err.value.code == "PLAYERS_IN_HAND_INVALID"
    event = _event(warning, "sanction.propose")
    assert (event.actor, event.object_type) == (staff["supervisor"], "tables.sanctionentry")


def test_a_tournament_proposal_is_on_the_tournament_scale(
    staff, gaming_day, tournament_table, player
):
    session = open_table(staff, tournament_table)
    proposal = services.sanction_propose(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        conduct_code="disruptive",
        player=player,
        session=session,
        level=L.VUELTAS,
        vueltas=1,
        players_in_hand=6,
    )
    assert (proposal.is_tournament, proposal.level, proposal.hands_total) == (True, L.VUELTAS, 6)


def test_who_imposed_a_sanction_does_not_decide_its_appeal_in_words(
    staff, gaming_day, table, player
):
    session = open_table(staff, table)
    entry = _impose(_boss(staff), session, player)
    appeal = _appeal(staff, entry)
    before = ledger_rows()
    with pytest.raises(PermissionRefused) as err:
        services.sanction_appeal_decide(
            actor=_boss(staff), appeal=appeal, outcome="lifted", reason="x"
        )
    _refusal(
        err,
        "APPEAL_NOT_INDEPENDENT",
        "appeal",
        "Quien impuso la sanción no resuelve su apelación: la resuelve otro jefe de sector o "
        "la gerencia.",
        "Whoever imposed the sanction does not decide its appeal: another pit boss or "
        "management decides it.",
    )
    assert ledger_rows() == before


def test_a_lift_or_a_reduction_is_no_appeal_to_decide(staff, gaming_day, table, player):
    session = open_table(staff, table)
    entry = _sit_out(_boss(staff), session, player, 2, 9)
    reduced = services.sanction_reduce(
        actor=_boss(staff), sanction=entry, level=L.SIT_OUT, vueltas=1, reason="x"
    )
    lifted = services.sanction_lift(actor=_boss(staff), sanction=entry, reason="x")
    for not_appeal in (reduced, lifted):
        with pytest.raises(ValidationFailed) as err:
            services.sanction_appeal_decide(
                actor=_manager(staff), appeal=not_appeal, outcome="upheld", reason="x"
            )
        assert (err.value.code, err.value.field) == ("NOT_AN_APPEAL", "appeal")


def test_another_casinos_sanction_is_not_found(staff, gaming_day, table, player, other_casino):
    from casino.errors import NotFound
    from tests.helpers import make_staff

    session = open_table(staff, table)
    entry = _impose(_boss(staff), session, player)
    appeal = _appeal(staff, entry)
    outsider = act(make_staff(other_casino, "gerente_otro", Role.SHIFT_MANAGER), Role.SHIFT_MANAGER)
    outside_sup = act(make_staff(other_casino, "sup_otro", Role.SUPERVISOR), Role.SUPERVISOR)
    before = ledger_rows()
    for call in (
        lambda: services.sanction_appeal_decide(
            actor=outsider, appeal=appeal, outcome="lifted", reason="x"
        ),
        lambda: services.sanction_lift(actor=outsider, sanction=entry, reason="x"),
        lambda: services.sanction_reduce(
            actor=outsider, sanction=entry, level=L.WARNING, reason="x"
        ),
        lambda: services.sanction_appeal(actor=outside_sup, sanction=entry, grounds="x"),
        lambda: services.sanction_impose(
            actor=outsider, conduct_code=None, level=L.WARNING, proposal=entry
        ),
        lambda: _impose(outsider, session, player),
        lambda: _impose(outsider, None, player, table=table),
        lambda: _impose(outsider, session, None, player_description="x"),
    ):
        with pytest.raises(NotFound):
            call()
    assert ledger_rows() == before


# --- third batch: the re-run's survivors ------------------------------------------------


def test_a_bare_proposal_stores_no_text_it_was_not_given(staff, gaming_day, table, player):
    session = open_table(staff, table)
    bare = services.sanction_propose(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        conduct_code="disruptive",
        player=player,
        session=session,
    )
    bare.refresh_from_db()
    assert (bare.player_description, bare.conduct_text, bare.event_name, bare.reason) == (
        "",
        "",
        "",
        "",
    )


@pytest.mark.parametrize(
    ("kind", "step"),
    [
        ("cash", (L.SIT_OUT, 1)),
        ("tournament", (L.VUELTAS, 1)),
        ("caba", (L.HAND_ANNULMENT, None)),
    ],
)
def test_the_proposals_suggestion_escalates_on_its_own_scale(
    staff, gaming_day, casino, chip_set, player, kind, step
):
    # SANC-07: after a warning, the next step of the table's own scale: the cash game's
    # first sit-out, the tournament's first penalty round, CABA's annulment of the hand.
    where = {
        "cash": {"number": 3},
        "tournament": {"number": 9, "is_tournament": True, "rake_pct": Decimal("0")},
        "caba": {"number": 5, "ruleset": "caba", "rake_pct": Decimal("5")},
    }[kind]
    session = open_table(staff, make_table(casino, chip_set, **where))
    _impose(_boss(staff), session, player, hand_number=2)
    proposal = services.sanction_propose(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        conduct_code="disruptive",
        player=player,
        session=session,
        players_in_hand=8,
    )
    assert (proposal.suggested_level, proposal.suggested_vueltas) == step
    assert (proposal.level, proposal.vueltas) == step


def test_a_proposal_by_table_may_say_it_is_a_tournament(staff, gaming_day, table, player):
    # No session named: the proposal says whether the event is a tournament.
    open_table(staff, table)
    proposal = services.sanction_propose(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        conduct_code="disruptive",
        player=player,
        table=table,
        is_tournament=True,
        level=L.VUELTAS,
        vueltas=2,
        players_in_hand=6,
    )
    assert (proposal.is_tournament, proposal.level, proposal.hands_total) == (True, L.VUELTAS, 12)


def test_a_lift_and_a_reduction_are_audited_under_who_did_them(staff, gaming_day, table, player):
    session = open_table(staff, table)
    entry = _sit_out(_boss(staff), session, player, 2, 9)
    reduced = services.sanction_reduce(
        actor=_boss(staff), sanction=entry, level=L.SIT_OUT, vueltas=1, reason="  Primera vez "
    )
    event = _event(reduced, "sanction.reduce")
    assert (event.actor, event.reason) == (staff["pit_boss"], "Primera vez")
    lift = services.sanction_lift(actor=_manager(staff), sanction=entry, reason="Error")
    assert _event(lift, "sanction.lift").actor == staff["shift_manager"]


def test_a_reduction_follows_the_tournament_scale(staff, gaming_day, tournament_table, player):
    tsession = open_table(staff, tournament_table)
    rounds = _impose(
        _boss(staff),
        tsession,
        player,
        level=L.VUELTAS,
        vueltas=3,
        players_in_hand=9,
        override_reason="x",
    )
    lighter = services.sanction_reduce(
        actor=_boss(staff), sanction=rounds, level=L.VUELTAS, vueltas=1, reason="x"
    )
    assert (lighter.level, lighter.vueltas, lighter.hands_total) == (L.VUELTAS, 1, 9)


def test_a_reduction_follows_the_caba_scale(staff, gaming_day, casino, chip_set, player):
    caba = make_table(casino, chip_set, number=5, ruleset="caba", rake_pct=Decimal("5"))
    csession = open_table(staff, caba)
    sit_out = _sit_out(_boss(staff), csession, player, 2, 9)
    annulled = services.sanction_reduce(
        actor=_boss(staff), sanction=sit_out, level=L.HAND_ANNULMENT, reason="x"
    )
    assert (annulled.level, annulled.vueltas, annulled.ruleset) == (L.HAND_ANNULMENT, None, "caba")
