"""Rake box ledger (issue 6 item 7, RAKE) and the blind drop count (item 8)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from cage import selectors, services
from cage.models import DropCount, RakeEntry
from casino.access import acting_as
from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.roles import Role
from tables.models import RakeMode, TableSession, TableSettings
from tests.cage.conftest import chips, close_session, deal, notes
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db
D = Decimal


def new_version(table, **changes):
    """A new settings version of the table (settings are never edited, GEN-04)."""
    v1 = table.settings_at()
    values = {
        f.name: getattr(v1, f.name)
        for f in v1._meta.concrete_fields
        if f.name not in ("id", "version", "effective_from")
    }
    values.update(changes)
    values.setdefault("effective_from", timezone.now() - timedelta(minutes=1))
    return TableSettings.objects.create(version=v1.version + 1, **values)


def test_expected_rake_rounds_down_per_pot_with_a_cap(table):  # RAKE-01, RAKE-07, A-27
    settings = table.settings_at()
    assert services.expected_rake(settings, [D("300")], D("1")) == D("9.00")
    assert services.expected_rake(settings, [D("300")], D("5")) == D("5.00")
    assert services.expected_rake(settings, [D("300"), D("200")], D("1")) == D("15.00")
    capped = TableSettings(
        **{
            **{
                f.name: getattr(settings, f.name)
                for f in settings._meta.concrete_fields
                if f.name != "id"
            },
            "rake_cap": D("10"),
        }
    )
    # RAKE-07, OQ-04: the cap limits each pot (9 and 6 are both under 10) by default ...
    assert services.expected_rake(capped, [D("300"), D("200")], D("1")) == D("15.00")
    capped.rake_cap = D("5")
    assert services.expected_rake(capped, [D("300"), D("200")], D("1")) == D("10.00")
    capped.rake_cap, capped.rake_cap_scope = D("10"), "per_hand"  # ... or the whole hand
    assert services.expected_rake(capped, [D("300"), D("200")], D("1")) == D("10.00")
    caba = TableSettings(
        **{
            **{
                f.name: getattr(settings, f.name)
                for f in settings._meta.concrete_fields
                if f.name != "id"
            },
            "rake_pct": D("5"),
        }
    )
    assert services.expected_rake(caba, [D("300")], D("1")) == D("15.00")  # RAKE-03 A-27


def test_expected_rake_follows_the_casinos_rounding(table):  # RAKE-07, OQ-04, RAKE-03
    settings = table.settings_at()

    def variant(**changes):  # type: ignore[no-untyped-def]
        fields = {
            f.name: getattr(settings, f.name)
            for f in settings._meta.concrete_fields
            if f.name != "id"
        }
        return TableSettings(**{**fields, **changes})

    down, nearest = variant(), variant(rake_rounding="nearest")
    # 3 % of 60 = 1.80: down 1, nearest 2; of 50 = 1.50, a tie, stays 1; per pot.
    assert services.expected_rake(down, [D("60")], D("1")) == D("1.00")
    assert services.expected_rake(nearest, [D("60")], D("1")) == D("2.00")
    assert services.expected_rake(nearest, [D("50")], D("1")) == D("1.00")
    assert services.expected_rake(nearest, [D("60"), D("60")], D("1")) == D("4.00")
    # CABA allows 5 % at most: 5 % of 31 = 1.55 rounds to 2, above 5 %, so it stays 1.
    caba = variant(ruleset="caba", rake_pct=D("5"), rake_rounding="nearest")
    assert services.expected_rake(caba, [D("31")], D("1")) == D("1.00")


def test_rake_post_is_idempotent_per_hand(opened, sup):  # RAKE-08, issue 6 (hand recorder)
    first = services.rake_post(
        actor=sup, session=opened, hand_number=1, amount="9", pots=["300"], hand_ref="H1"
    )
    assert first.created and first.entry.expected_amount == D("9.00")
    again = services.rake_post(actor=sup, session=opened, hand_number=1, amount="9.00")
    assert not again.created and again.entry.pk == first.entry.pk
    with pytest.raises(Conflict) as err:
        services.rake_post(actor=sup, session=opened, hand_number=1, amount="10")
    assert err.value.code == "RAKE_ALREADY_POSTED"
    assert RakeEntry.objects.count() == 1
    pit = acting_as(opened.supervisor, Role.SUPERVISOR)
    with pytest.raises(PermissionRefused):  # reversing is a review, not a supervisor's job
        services.rake_reverse(actor=pit, entry=first.entry, reason="mano anulada")


def test_rake_reversal_then_corrected_posting(opened, sup, staff):  # issue 6 append-only
    first = services.rake_post(actor=sup, session=opened, hand_number=2, amount="10")
    rev = services.rake_reverse(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        entry=first.entry,
        reason="comisión mal tomada",
    )
    assert rev.sign == -1 and rev.reverses == first.entry
    second = services.rake_post(actor=sup, session=opened, hand_number=2, amount="9")
    assert second.created and second.entry.posting == 2
    total = sum(e.sign * e.amount for e in RakeEntry.objects.filter(session=opened))
    assert total == D("9.00")


def test_rake_goes_to_the_rake_box_never_the_float(opened, sup):  # §8.3 l, RAKE-08
    services.rake_post(actor=sup, session=opened, hand_number=3, amount="9")
    assert selectors.float_movements(opened) == {}


def test_rate_change_applies_to_hands_that_start_after_it(opened, sup, table):  # RAKE-01, GEN-04
    change_at = timezone.now()
    v1 = table.settings_at()
    v2 = new_version(table, effective_from=change_at, rake_pct=D("5"))
    before = services.rake_post(
        actor=sup,
        session=opened,
        hand_number=4,
        amount="9",
        pots=["300"],
        hand_started_at=change_at - timedelta(seconds=5),
    )
    after = services.rake_post(
        actor=sup,
        session=opened,
        hand_number=5,
        amount="15",
        pots=["300"],
        hand_started_at=change_at + timedelta(seconds=5),
    )
    assert before.entry.settings == v1 and before.entry.expected_amount == D("9.00")
    assert after.entry.settings == v2 and after.entry.expected_amount == D("15.00")


def test_tournament_tables_take_no_rake(opened, sup, table):  # RAKE-02, TOUR-03
    new_version(table, is_tournament=True)
    with pytest.raises(ValidationFailed) as err:
        services.rake_post(actor=sup, session=opened, hand_number=6, amount="9")
    assert err.value.code == "RAKE_NOT_ALLOWED"
    assert services.rake_post(actor=sup, session=opened, hand_number=6, amount="0").created


def test_seat_charge_tables_take_no_pot_rake(opened, sup, table):  # RAKE-04
    new_version(table, rake_mode=RakeMode.SEAT_CHARGE)
    with pytest.raises(ValidationFailed):
        services.rake_post(actor=sup, session=opened, hand_number=7, amount="9")


def test_rake_bad_input(opened, sup, staff):
    with pytest.raises(ValidationFailed):
        services.rake_post(actor=sup, session=opened, hand_number=0, amount="9")
    with pytest.raises(ValidationFailed):
        services.rake_post(actor=sup, session=opened, hand_number=1, amount="-9")
    with pytest.raises(PermissionRefused):
        services.rake_post(
            actor=acting_as(staff["cage_cashier"], Role.CAGE_CASHIER),
            session=opened,
            hand_number=1,
            amount="9",
        )
    close_session(opened)
    with pytest.raises(Conflict):
        services.rake_post(actor=sup, session=opened, hand_number=1, amount="9")


# --------------------------------------------------------------------------- drop


def cashier(staff, who="cage_cashier"):
    return acting_as(staff[who], Role.CAGE_CASHIER)


def test_drop_is_counted_blind_by_two_people(opened, sup, staff):  # issue 6 item 8
    services.buyin_record(
        actor=sup,
        session=opened,
        seat=1,
        amount="500",
        croupier=staff["croupier"],
        cash=notes(("100", 5)),
        chips=chips(("100", 5)),
    )
    with pytest.raises(Conflict) as err:
        services.drop_count_record(
            actor=cashier(staff), session=opened, cash=notes(("100", 5)), rake_chips=[]
        )
    assert err.value.code == "SESSION_NOT_CLOSED"
    close_session(opened)
    first = services.drop_count_record(
        actor=cashier(staff), session=opened, cash=notes(("100", 5)), rake_chips=[("5", 2)]
    )
    assert first.status == "first" and first.count.is_locked
    assert selectors.agreed_drop_count(opened) is None
    wrong = services.drop_count_record(
        actor=cashier(staff, "cage_cashier2"),
        session=opened,
        cash=notes(("100", 4)),
        rake_chips=[("5", 2)],
    )
    assert wrong.status == "disagree"
    assert selectors.agreed_drop_count(opened) is None
    recount = services.drop_count_record(
        actor=cashier(staff), session=opened, cash=notes(("100", 5)), rake_chips=[("5", 2)]
    )
    assert recount.status == "disagree"  # still differs from the second counter's figures
    right = services.drop_count_record(
        actor=cashier(staff, "cage_cashier2"),
        session=opened,
        cash=notes(("100", 5)),
        rake_chips=[("5", 2)],
    )
    assert right.status == "agreed"
    assert selectors.agreed_drop_count(opened) == right.count
    assert DropCount.objects.count() == 4


def test_people_who_worked_the_session_do_not_count_its_drop(opened, sup, staff, casino):  # item 8
    both = make_staff(casino, "mixto", Role.CROUPIER, Role.CAGE_CASHIER)
    deal(opened, "mixto")  # the croupier named on a buy-in is on duty (issue 12 §1)
    services.buyin_record(
        actor=sup,
        session=opened,
        seat=1,
        amount="500",
        croupier=both,
        cash=notes(("100", 5)),
        chips=chips(("100", 5)),
    )
    TableSession.objects.filter(pk=opened.pk).update(status=TableSession.Status.CLOSED)
    with pytest.raises(Conflict) as err:
        services.drop_count_record(
            actor=acting_as(both, Role.CAGE_CASHIER),
            session=opened,
            cash=notes(("100", 5)),
            rake_chips=[],
        )
    assert err.value.code == "COUNTER_WORKED_SESSION"
    assert DropCount.objects.count() == 0


def test_the_cage_never_sees_expected_figures(staff):  # item 8, blind count
    with pytest.raises(PermissionRefused) as err:
        selectors.require_sees_expected(cashier(staff))
    assert err.value.code == "BLIND_COUNT"
    selectors.require_sees_expected(acting_as(staff["pit_boss"], Role.PIT_BOSS))


def test_drop_count_bad_input(opened, staff):
    close_session(opened)
    with pytest.raises(ValidationFailed) as err:
        services.drop_count_record(
            actor=cashier(staff),
            session=opened,
            cash=[{"value": "1", "count": 3, "kind": "coin"}],
            rake_chips=[],
        )
    assert err.value.code == "COINS_REFUSED"
    with pytest.raises(ValidationFailed) as err:
        services.drop_count_record(
            actor=cashier(staff), session=opened, cash=[], rake_chips=[("7", 1)]
        )
    assert err.value.code == "DENOMINATION_NOT_IN_CHIP_SET"
    with pytest.raises(PermissionRefused):
        services.drop_count_record(
            actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
            session=opened,
            cash=[],
            rake_chips=[],
        )
    assert DropCount.objects.count() == 0


def test_a_supervisor_reverses_rake_only_by_correcting_the_hand(opened, sup):  # RAKE-08
    # The hand recorder's path (issue 38 §3) lets the hand's logger reverse; the ledger's own
    # reversal stays the pit boss's review.
    first = services.rake_post(actor=sup, session=opened, hand_number=7, amount="9")
    with pytest.raises(PermissionRefused):
        services.rake_reverse(actor=sup, entry=first.entry, reason="mal tomada")
    rev = services.rake_reverse_for_revision(actor=sup, entry=first.entry, reason="corrección")
    assert rev.sign == -1 and rev.reverses == first.entry
