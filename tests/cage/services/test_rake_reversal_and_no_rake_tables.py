"""The rake ledger's reversal and the tables that take no rake, field by field (issue 16 §1).

``python scripts/mutate.py --fresh cage/services/rake.py`` found ``rake_reverse`` checked
only for who may call it and its sign: its refusals, what the reversing entry copies from
the posting it reverses, its seal, its audit event and its chain link were not. Nor was
the zero of a table that takes no rake (RAKE-02 tournaments, RAKE-04 a seat charge).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from cage import services
from cage.models import RakeEntry
from casino import sealing
from casino.access import acting_as
from casino.errors import Conflict, NotFound, ValidationFailed
from casino.models import AuditEvent, ChainLink
from casino.roles import Role
from tables.models import RakeMode, TableSession, TableSettings
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db
D = Decimal


def _settings(table, **changes) -> TableSettings:
    current = table.settings_at()
    fields = {f.name: getattr(current, f.name) for f in current._meta.concrete_fields}
    return TableSettings(**{**fields, "id": None, **changes})


def _refusal(err, code, field, es, en):
    """The refusal's code, field and words in both languages."""
    e = err.value
    assert (e.code, e.field, e.message_es, e.message_en) == (code, field, es, en)


def test_rake_02_04_a_table_that_takes_no_rake_expects_exactly_zero(table):
    for changes in ({"is_tournament": True}, {"rake_mode": RakeMode.SEAT_CHARGE}):
        expected = services.expected_rake(_settings(table, **changes), [D("300")], D("1"))
        assert expected == D("0") and str(expected) == "0"
    assert services.expected_rake(_settings(table), [D("300")], D("1")) == D("9.00")


def _boss(staff):
    return acting_as(staff["pit_boss"], Role.PIT_BOSS)


def _post(sup, session, hand=4, amount="9", pot="300", hand_ref=None):
    """A hand's rake posted as the recorder posts it, with its pot; the RakePosting."""
    return services.rake_post(
        actor=sup,
        session=session,
        hand_number=hand,
        amount=amount,
        pots=[pot],
        hand_ref=f"H{hand}" if hand_ref is None else hand_ref,
    )


def _posted(sup, session, hand=4, amount="9"):
    return _post(sup, session, hand, amount).entry


def test_a_reversal_needs_a_reason_in_words(opened, sup, staff):
    entry = _posted(sup, opened)
    for reason in ("", "   ", None):
        with pytest.raises(ValidationFailed) as err:
            services.rake_reverse(actor=_boss(staff), entry=entry, reason=reason)
        _refusal(
            err,
            "REASON_REQUIRED",
            "reason",
            "Indique el motivo.",
            "Give the reason.",
        )
    assert RakeEntry.objects.filter(sign=-1).count() == 0


def test_a_reversal_copies_its_posting_and_is_sealed_audited_and_chained(opened, sup, staff):
    entry = _posted(sup, opened)
    before = timezone.now()
    rev = services.rake_reverse(actor=_boss(staff), entry=entry, reason="  Mano anulada  ")
    rev = RakeEntry.objects.get(pk=rev.pk)
    copied = (
        "casino_id",
        "gaming_day_id",
        "table_id",
        "session_id",
        "settings_id",
        "hand_number",
        "hand_ref",
        "hand_started_at",
        "posting",
        "amount",
        "pots",
        "expected_amount",
    )
    assert {f: getattr(rev, f) for f in copied} == {f: getattr(entry, f) for f in copied}
    assert (rev.sign, rev.reverses, rev.reason, rev.posted_by) == (
        -1,
        entry,
        "Mano anulada",
        staff["pit_boss"],
    )
    assert before <= rev.posted_at <= timezone.now()
    assert rev.seal == rev.compute_seal() and rev.seal != entry.seal
    assert sealing.current_record_seal(rev) == rev.seal
    event = AuditEvent.objects.get(object_id=str(rev.pk), action="cage.rake.reverse")
    assert (event.actor, event.reason, event.after) == (
        staff["pit_boss"],
        "Mano anulada",
        rev.seal_payload(),
    )
    link = ChainLink.objects.get(record_type="cage.rakeentry", record_id=str(rev.pk))
    assert link.record_seal == rev.seal
    # The ledger nets the hand to zero.
    rows = RakeEntry.objects.filter(session=opened, hand_number=4)
    assert sum(r.sign * r.amount for r in rows) == D("0.00")


def test_a_posting_is_reversed_once_and_a_reversal_never(opened, sup, staff):
    entry = _posted(sup, opened)
    rev = services.rake_reverse(actor=_boss(staff), entry=entry, reason="x")
    rows = RakeEntry.objects.count(), AuditEvent.objects.count()
    for target in (entry, rev):
        with pytest.raises(Conflict) as err:
            services.rake_reverse(actor=_boss(staff), entry=target, reason="otra vez")
        _refusal(
            err,
            "ALREADY_REVERSED",
            None,
            "Esto ya fue anulado.",  # issue 41 §2: one message for ALREADY_REVERSED
            "This has already been reversed.",
        )
    assert (RakeEntry.objects.count(), AuditEvent.objects.count()) == rows


def test_another_casinos_pit_boss_reverses_nothing(opened, sup, other_casino):
    entry = _posted(sup, opened)
    outsider = acting_as(make_staff(other_casino, "jefe_otro", Role.PIT_BOSS), Role.PIT_BOSS)
    with pytest.raises(NotFound):
        services.rake_reverse(actor=outsider, entry=entry, reason="x")
    assert not RakeEntry.objects.filter(reverses=entry).exists()


def _refused(err, code, field):
    assert (err.value.code, err.value.field) == (code, field)


def test_a_posting_names_the_field_it_refuses(opened, sup):
    def post(**kw):
        args = {"actor": sup, "session": opened, "hand_number": 5, "amount": "9", **kw}
        return services.rake_post(**args)

    with pytest.raises(ValidationFailed) as err:
        post(amount="nueve")
    _refused(err, "AMOUNT_INVALID", "amount")
    with pytest.raises(ValidationFailed) as err:
        post(pots=["300", "mucho"])
    _refused(err, "AMOUNT_INVALID", "pots.1")
    with pytest.raises(ValidationFailed) as err:
        post(expected_amount="siete")
    _refused(err, "AMOUNT_INVALID", "expected_amount")
    for hand in (0, -2, True, "5"):
        with pytest.raises(ValidationFailed) as err:
            post(hand_number=hand)
        _refusal(
            err,
            "HAND_NUMBER_INVALID",
            "hand_number",
            "Número de mano inválido.",  # issue 41 §2: one message for HAND_NUMBER_INVALID
            "Invalid hand number.",
        )
    assert RakeEntry.objects.count() == 0
    # Zero is a rake (a hand that took none), a pot of zero is a pot, an expected amount
    # of zero is an expectation; an empty expected amount is none.
    nothing = post(hand_number=6, amount="0", pots=["0"]).entry
    assert (nothing.amount, nothing.pots, nothing.expected_amount) == (D("0"), ["0.00"], D("0"))
    stated = post(hand_number=7, expected_amount="7.50").entry
    assert (stated.expected_amount, stated.pots, stated.hand_ref) == (D("7.50"), None, "")
    zero = post(hand_number=8, amount="0", expected_amount="0").entry
    assert zero.expected_amount == D("0")
    blank = post(hand_number=9, expected_amount="").entry
    assert blank.expected_amount is None


def test_a_table_opening_or_closed_takes_no_rake_in_words(opened, sup):
    from django.utils import translation

    from tests.cage.conftest import close_session

    # GEN-07: the Spanish words name the state in Spanish even when English is active.
    for status, state, state_en, lang in (
        (TableSession.Status.OPENING, "En apertura", "Opening", "es"),
        (TableSession.Status.CLOSED, "Cerrada", "Closed", "en"),
    ):
        if status == TableSession.Status.CLOSED:
            close_session(opened)
        else:
            TableSession.objects.filter(pk=opened.pk).update(status=status)
        opened.refresh_from_db()
        with translation.override(lang), pytest.raises(Conflict) as err:
            services.rake_post(actor=sup, session=opened, hand_number=3, amount="9")
        e = err.value
        assert (e.code, e.field) == ("SESSION_NOT_ACCEPTING", "session")
        # issue 41 §2: one message for SESSION_NOT_ACCEPTING, the table by its name
        name = opened.table.label("es")
        assert e.message_es == f"{name} está en estado «{state}»: ahora no admite esta operación."
        assert e.message_en == f"{name} is '{state_en}': it does not take this operation now."
    assert RakeEntry.objects.count() == 0


def test_settings_of_another_table_are_refused_in_words(opened, sup, casino, chip_set, sector):
    from tests.cage.conftest import make_table

    other = make_table(casino, chip_set, sector, number=2).settings_at()
    with pytest.raises(ValidationFailed) as err:
        services.rake_post(actor=sup, session=opened, hand_number=3, amount="9", settings=other)
    _refusal(
        err,
        "SETTINGS_NOT_OF_TABLE",
        "settings",
        "La configuración indicada no es de esta mesa.",
        "The settings given are not this table's.",
    )
    own = opened.table.settings_at()
    entry = services.rake_post(actor=sup, session=opened, hand_number=3, amount="9", settings=own)
    assert entry.entry.settings == own


@pytest.mark.parametrize("amount", ["0.50", "1", "9"])
def test_a_tournament_takes_no_rake_not_even_a_chip(opened, sup, amount):
    # RAKE-02: any amount above zero is refused; zero is the record of a hand that took none.
    from tests.cage.services.test_rake_and_drop import new_version

    new_version(opened.table, is_tournament=True)
    with pytest.raises(ValidationFailed) as err:
        services.rake_post(actor=sup, session=opened, hand_number=3, amount=amount)
    _refusal(
        err,
        "RAKE_NOT_ALLOWED",
        "amount",
        "Esta mesa no cobra comisión por bote (torneo o cargo por asiento).",
        "This table takes no pot rake (tournament or seat charge).",
    )
    assert services.rake_post(actor=sup, session=opened, hand_number=3, amount="0").created


def test_a_second_posting_of_a_hand_is_the_same_one_or_refused_in_words(opened, sup):
    """A hand has one live rake. The same amount again (a retry) is the posting
    already there; another amount is refused until the first is reversed."""
    first = _posted(sup, opened)
    again = _post(sup, opened)
    assert again.created is False and again.entry.pk == first.pk
    rows = RakeEntry.objects.count(), AuditEvent.objects.count()
    with pytest.raises(Conflict) as err:
        _post(sup, opened, amount="12", pot="400")
    _refusal(
        err,
        "RAKE_ALREADY_POSTED",
        "amount",
        "La mano 4 ya tiene comisión registrada: anúlela antes de registrar otra.",
        "Hand 4 already has a rake posted: reverse it before posting another.",
    )
    assert (RakeEntry.objects.count(), AuditEvent.objects.count()) == rows


def test_a_hand_posted_again_after_its_reversal_is_its_second_posting(opened, sup, staff):
    first = _posted(sup, opened)
    services.rake_reverse(actor=_boss(staff), entry=first, reason="Mal contado")
    second = _post(sup, opened, amount="6", pot="200")
    assert second.created is True
    assert (first.posting, second.entry.posting, second.entry.amount) == (1, 2, D("6.00"))
    rows = RakeEntry.objects.filter(session=opened, hand_number=4)
    assert sorted(e.posting for e in rows if e.sign == 1) == [1, 2]
    # The ledger holds the second posting alone: the first is netted by its reversal.
    assert sum(r.sign * r.amount for r in rows) == D("6.00")


def test_a_posting_keeps_64_characters_of_its_hand_reference_and_is_audited(opened, sup):
    long_ref = "R" * 70
    entry = _post(sup, opened, hand=5, hand_ref=long_ref).entry
    assert RakeEntry.objects.get(pk=entry.pk).hand_ref == "R" * 64
    bare = services.rake_post(actor=sup, session=opened, hand_number=6, amount="9", hand_ref=None)
    assert RakeEntry.objects.get(pk=bare.entry.pk).hand_ref == ""
    event = AuditEvent.objects.get(object_id=str(entry.pk), action="cage.rake.post")
    assert (event.actor, event.after) == (sup.user, entry.seal_payload())
