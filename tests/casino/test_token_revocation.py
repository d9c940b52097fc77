"""A changed password, a changed set of roles or a deactivation ends the API tokens issued
before it, and each revocation is audited (issue 39 §3).

The page session ended with a changed password; the API tokens issued under the old one
went on working. Walked as a class: each kind of change (password, roles, activity) made
by each path that can make it (the admin's forms as a superuser uses them, and a path that
revokes nothing by itself: ``manage.py changepassword``, a shell), each time with the
tokens of the changed user and of a bystander live. Afterwards the changed user's tokens
answer 401, each has its ``api_token.revoke`` event naming why, a token issued after the
change works, and the bystander's token still works.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.test import Client

from casino.models import ApiToken, AuditEvent, User
from casino.roles import Role
from tests.helpers import PASSWORD, RoleClient
from tests.security.test_hostile_params import forms_of

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "another-horse-battery-7"


def login(username: str, password: str = PASSWORD) -> str:
    answer = RoleClient().post(
        "/api/auth/token/", {"username": username, "password": password}, format="json"
    )
    assert answer.status_code == 200, answer.content
    return answer.json()["token"]


def me(key: str) -> int:
    client = RoleClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client.get("/api/me/").status_code


@pytest.fixture
def admin_client(casino) -> Client:
    root = User.objects.create_superuser(username="root", password=PASSWORD, casino=casino)
    client = Client()
    client.force_login(root)
    return client


def _admin_form(client: Client, url: str) -> dict[str, Any]:
    page = client.get(url)
    assert page.status_code == 200
    # The page's own form (the admin's header has a logout form too): the one with most fields.
    form = max((f for f in forms_of(page, url) if f.method == "post"), key=lambda f: len(f.fields))
    return {k: v for k, v in form.fields.items() if v}


def admin_password(client: Client, user: User) -> None:
    url = f"/admin/casino/user/{user.pk}/password/"
    data = _admin_form(client, url)
    data.update({"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"})
    assert client.post(url, data).status_code == 302


def admin_change(client: Client, user: User, **changes: Any) -> None:
    url = f"/admin/casino/user/{user.pk}/change/"
    data = _admin_form(client, url)
    data["groups"] = [str(g.pk) for g in user.groups.all()]
    data.pop("is_active", None)
    if user.is_active:
        data["is_active"] = "on"
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    answer = client.post(url, data)
    import re

    errors = re.findall(r"errorlist[^>]*>(.*?)</ul>", answer.content.decode(), re.S)
    assert answer.status_code == 302, (errors, sorted(data))


def command_password(client: Client, user: User) -> None:
    import getpass

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(getpass, "getpass", lambda *a, **k: NEW_PASSWORD)
        call_command("changepassword", user.username, stdout=open("/dev/null", "w"))  # noqa: SIM115


def shell_roles(client: Client, user: User) -> None:
    user.groups.add(Group.objects.get(name=Role.PIT_BOSS.value))


def shell_deactivate(client: Client, user: User) -> None:
    user.is_active = False
    user.save(update_fields=["is_active"])


def admin_roles(client: Client, user: User) -> None:
    groups = [str(g.pk) for g in user.groups.all()]
    groups.append(str(Group.objects.get(name=Role.PIT_BOSS.value).pk))
    admin_change(client, user, groups=groups)


def admin_deactivate(client: Client, user: User) -> None:
    admin_change(client, user, is_active=None)


# (how, change, the reason each revocation gives, whether the user may log in after it)
CHANGES: list[tuple[str, Callable[[Client, User], None], str, str | None]] = [
    ("admin: password", admin_password, "password_changed", NEW_PASSWORD),
    ("admin: roles", admin_roles, "roles_changed", PASSWORD),
    ("admin: deactivation", admin_deactivate, "deactivated", None),
    ("changepassword", command_password, "password_changed", NEW_PASSWORD),
    ("shell: roles", shell_roles, "roles_changed", PASSWORD),
    ("shell: deactivation", shell_deactivate, "deactivated", None),
]


@pytest.mark.parametrize(
    ("how", "change", "reason", "password"), CHANGES, ids=[c[0] for c in CHANGES]
)
def test_a_change_of_credentials_ends_the_tokens_issued_before_it(
    how, change, reason, password, staff, admin_client
):  # issue 39 §3
    user, bystander = staff["supervisor"], staff["auditor"]
    keys = [login(user.username), login(user.username)]
    other = login(bystander.username)
    assert [me(k) for k in (*keys, other)] == [200, 200, 200]
    change(admin_client, user)
    assert [me(k) for k in keys] == [401, 401], how
    tokens = ApiToken.objects.filter(user=user)
    assert all(t.revoked_at is not None for t in tokens), how
    events = AuditEvent.objects.filter(
        action="api_token.revoke", object_id__in=[t.pk for t in tokens]
    )
    assert sorted(e.reason for e in events) == [reason, reason], how
    assert all(e.after["user"] == user.username for e in events)
    assert me(other) == 200  # the bystander's token stands
    if password is not None:
        assert me(login(user.username, password)) == 200  # issued after: it works
    else:
        refused = RoleClient().post(
            "/api/auth/token/", {"username": user.username, "password": PASSWORD}, format="json"
        )
        assert refused.status_code in (401, 403)


def test_the_changed_users_tokens_leave_the_list_and_logout_is_audited_too(staff):
    # issue 39 §3: every revocation audited, the user's own and the logout as well
    user = staff["supervisor"]
    first, second = login(user.username), login(user.username)
    client = RoleClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {second}")
    assert client.post("/api/auth/logout/").status_code == 204
    assert AuditEvent.objects.filter(action="api_token.revoke", reason="logout").count() == 1
    user.set_password(NEW_PASSWORD)
    user.save()
    fresh = login(user.username, NEW_PASSWORD)
    listing = RoleClient()
    listing.credentials(HTTP_AUTHORIZATION=f"Token {fresh}")
    answer = listing.get("/api/auth/tokens/")
    rows = answer.json()["results"] if isinstance(answer.json(), dict) else answer.json()
    assert [r["current"] for r in rows] == [True]  # the first token left the list, revoked
    assert me(first) == 401
    assert (
        AuditEvent.objects.filter(action="api_token.revoke", reason="password_changed").count() == 1
    )
