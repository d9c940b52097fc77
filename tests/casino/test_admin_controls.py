"""Admin is not a back door (issue 12 §6): a superuser's form posts cannot revalue or
deactivate chips that past records used, regulated records are read-only, and every
admin change of staff, roles, sectors and configuration writes a Mesa audit event."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from casino.models import AuditEvent, ChipSet, Denomination, Sector, User
from casino.roles import Role
from tests.helpers import PASSWORD
from tests.tables.conftest import CHIPS, make_table, open_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(casino):
    superuser = User.objects.create_superuser("root", "root@example.org", PASSWORD, casino=casino)
    client = Client()
    client.force_login(superuser)
    client.superuser = superuser
    return client


def make_chip_set(casino, name="Fichas"):
    chip_set = ChipSet.objects.create(casino=casino, name=name)
    for value, colour, _par in CHIPS:
        Denomination.objects.create(chip_set=chip_set, value=Decimal(value), colour=colour)
    return chip_set


def chip_set_form(chip_set, *, value_of=None, active=True) -> dict:
    denoms = list(chip_set.denominations.order_by("pk"))
    data = {
        "name": chip_set.name,
        "casino": chip_set.casino_id,
        "denominations-TOTAL_FORMS": len(denoms),
        "denominations-INITIAL_FORMS": len(denoms),
        "denominations-MIN_NUM_FORMS": 0,
        "denominations-MAX_NUM_FORMS": 1000,
    }
    for i, d in enumerate(denoms):
        value = (value_of or {}).get(str(int(d.value)), d.value)
        data |= {
            f"denominations-{i}-id": d.pk,
            f"denominations-{i}-chip_set": chip_set.pk,
            f"denominations-{i}-value": str(value),
            f"denominations-{i}-colour": d.colour,
            f"denominations-{i}-kind": d.kind,
        }
        if active:
            data[f"denominations-{i}-is_active"] = "on"
    return data


@pytest.fixture
def used_chip_set(casino, staff, sector, gaming_day):
    """A chip set whose table has had a session: past records depend on its values."""
    chip_set = make_chip_set(casino)
    table = make_table(casino, chip_set)
    table.sector = sector
    table.save(update_fields=["sector"])
    open_session(staff, table)
    return chip_set


def values(chip_set):
    return sorted((d.value, d.is_active) for d in chip_set.denominations.all())


def test_a_used_denominations_value_cannot_be_changed_in_admin(admin_client, used_chip_set):
    # issue 12 §6: "a superuser changed the value of a chip denomination that past
    # transactions used (every past transaction silently revalued)"
    before, events = values(used_chip_set), AuditEvent.objects.count()
    url = f"/admin/casino/chipset/{used_chip_set.pk}/change/"
    response = admin_client.post(url, chip_set_form(used_chip_set, value_of={"100": "1000"}))
    assert response.status_code == 403
    assert values(used_chip_set) == before
    assert AuditEvent.objects.count() == events
    # The page still shows the set, read-only.
    assert admin_client.get(url).status_code == 200


def test_deactivating_all_denominations_is_refused(admin_client, used_chip_set):
    # issue 12 §6: "deactivated all denominations (every table stopped)"
    before = values(used_chip_set)
    url = f"/admin/casino/chipset/{used_chip_set.pk}/change/"
    response = admin_client.post(url, chip_set_form(used_chip_set, active=False))
    assert response.status_code == 403
    assert values(used_chip_set) == before
    assert all(active for _v, active in values(used_chip_set))
    delete = admin_client.post(f"/admin/casino/chipset/{used_chip_set.pk}/delete/", {"post": "yes"})
    assert delete.status_code == 403
    assert ChipSet.objects.filter(pk=used_chip_set.pk).exists()


def test_a_chip_set_not_yet_used_is_edited_and_the_change_audited(admin_client, casino):
    # issue 12 §6: "every admin change of ... configuration writes a Mesa audit event"
    chip_set = make_chip_set(casino, "Nuevas")
    url = f"/admin/casino/chipset/{chip_set.pk}/change/"
    response = admin_client.post(url, chip_set_form(chip_set, value_of={"5": "10"}))
    assert response.status_code == 302, response.content[:2000]
    (event,) = AuditEvent.objects.filter(action="admin.change", object_type="casino.chipset")
    assert event.actor == admin_client.superuser and event.role == "admin"
    assert {d["value"] for d in event.before["denominations"]} >= {"5.00"}
    assert {d["value"] for d in event.after["denominations"]} >= {"10.00"}
    assert "5.00" not in {d["value"] for d in event.after["denominations"]}


def test_float_pars_and_regulated_records_are_read_only_in_admin(admin_client, used_chip_set):
    # issue 12 §6: float pars, settings versions, ledgers, audit events, signatures
    from tables.models import FloatPar, TableSettings

    par = FloatPar.objects.first()
    settings_version = TableSettings.objects.first()
    event = AuditEvent.objects.first()
    for url in (
        f"/admin/tables/floatpar/{par.pk}/change/",
        f"/admin/tables/tablesettings/{settings_version.pk}/change/",
        f"/admin/casino/auditevent/{event.pk}/change/",
    ):
        assert admin_client.post(url, {"count": 1}).status_code == 403, url
        assert (
            admin_client.post(url.replace("change", "delete"), {"post": "yes"}).status_code == 403
        )
    for add in ("tables/floatpar", "cage/tabletransaction", "casino/signature", "auth/group"):
        assert admin_client.get(f"/admin/{add}/add/").status_code == 403, add
    par.refresh_from_db()
    assert par.count != 1


def test_changing_a_users_roles_in_admin_writes_an_audit_event(admin_client, casino, staff):
    # issue 12 §6: "every admin change of staff, roles ... writes a Mesa audit event"
    user = staff["croupier"]
    pit_boss = Group.objects.get(name=Role.PIT_BOSS.value)
    croupier = Group.objects.get(name=Role.CROUPIER.value)
    data = {
        "username": user.username,
        "first_name": user.first_name,
        "last_name": "",
        "email": "",
        "is_active": "on",
        "groups": [croupier.pk, pit_boss.pk],
        "date_joined_0": "2026-01-01",
        "date_joined_1": "10:00:00",
        "casino": casino.pk,
        "employee_number": "",
    }
    response = admin_client.post(f"/admin/casino/user/{user.pk}/change/", data)
    assert response.status_code == 302, response.content[:3000]
    user.refresh_from_db()
    assert set(user.groups.values_list("name", flat=True)) == {"croupier", "pit_boss"}
    (event,) = AuditEvent.objects.filter(action="admin.change", object_type="casino.user")
    assert event.object_id == str(user.pk)
    assert event.actor == admin_client.superuser
    assert event.before["groups"] == ["croupier"]
    assert event.after["groups"] == ["croupier", "pit_boss"]
    assert "password" not in event.after and "pin_hash" not in event.after


def test_changing_a_sectors_pit_bosses_in_admin_writes_an_audit_event(admin_client, staff, sector):
    # issue 12 §6: sectors decide who signs as pit boss (issue 12 §1): audited
    data = {
        "casino": sector.casino_id,
        "code": sector.code,
        "name": sector.name,
        "pit_bosses": [staff["pit_boss"].pk, staff["pit_boss2"].pk],
    }
    response = admin_client.post(f"/admin/casino/sector/{sector.pk}/change/", data)
    assert response.status_code == 302
    assert set(Sector.objects.get(pk=sector.pk).pit_bosses.all()) == {
        staff["pit_boss"],
        staff["pit_boss2"],
    }
    (event,) = AuditEvent.objects.filter(action="admin.change", object_type="casino.sector")
    assert len(event.after["pit_bosses"]) == 2 and len(event.before["pit_bosses"]) == 1
