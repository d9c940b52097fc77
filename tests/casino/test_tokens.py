"""API tokens (issue 12 §9): they expire after a shift, logout revokes the one in use, and a
user lists (without the secret) and revokes their own tokens, never another user's."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from casino.models import ApiToken
from tests.casino.test_api import assert_error_shape
from tests.helpers import PASSWORD, RoleClient

pytestmark = pytest.mark.django_db


def login(username: str = "auditor") -> tuple[str, dict]:
    answer = RoleClient().post(
        "/api/auth/token/", {"username": username, "password": PASSWORD}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    return answer.json()["token"], answer.json()


def with_token(key: str):
    client = RoleClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_a_token_is_good_for_one_shift_and_not_after(staff, settings):
    # issue 12 §9: "API tokens expire after a shift (configurable)"
    key, body = login()
    token = ApiToken.objects.get(pk=body["id"])
    assert abs((token.expires_at - token.created_at).total_seconds() - settings.API_TOKEN_AGE) < 1
    assert settings.API_TOKEN_AGE == settings.SESSION_COOKIE_AGE <= 8 * 3600
    assert token.key_digest != key and key not in token.key_digest  # only its hash is stored
    assert with_token(key).get("/api/me/").status_code == 200
    ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    late = with_token(key).get("/api/me/")
    assert late.status_code == 401
    assert_error_shape(late.json(), "AUTHENTICATION_FAILED")


def test_the_token_age_is_configurable(staff, settings):
    # issue 12 §9: configurable
    settings.API_TOKEN_AGE = 600
    _key, body = login()
    token = ApiToken.objects.get(pk=body["id"])
    assert abs((token.expires_at - token.created_at).total_seconds() - 600) < 1


def test_logout_revokes_the_token_in_use_and_only_it(staff):
    # issue 12 §9: "can be revoked (logout)"
    first, _ = login()
    second, _ = login()
    out = with_token(first).post("/api/auth/logout/")
    assert out.status_code == 204
    refused = with_token(first).get("/api/me/")
    assert refused.status_code == 401
    assert_error_shape(refused.json(), "AUTHENTICATION_FAILED")
    assert with_token(second).get("/api/me/").status_code == 200
    assert with_token(first).post("/api/auth/logout/").status_code == 401


def test_a_user_lists_their_own_live_tokens_without_the_secret(staff):
    # issue 12 §9: "a user can list ... their own tokens"
    first, one = login()
    second, two = login()
    login("supervisor")  # someone else's: not in the list
    expired, three = login()
    ApiToken.objects.filter(pk=three["id"]).update(expires_at=timezone.now())
    with_token(first).get("/api/me/")  # used: last_used_at is set
    listed = with_token(second).get("/api/auth/tokens/")
    assert listed.status_code == 200
    rows = listed.json()["results"]  # one page at a time (issue 39 §6)
    assert listed.json()["count"] == 2
    assert [r["id"] for r in rows] == [two["id"], one["id"]]
    assert set(rows[0]) == {"id", "created_at", "expires_at", "last_used_at", "current"}
    assert [r["current"] for r in rows] == [True, False]
    assert rows[1]["last_used_at"] is not None
    text = listed.content.decode()
    for key in (first, second, expired):
        assert key not in text
        assert ApiToken.digest(key) not in text


def test_a_user_revokes_their_own_token_but_never_another_users(staff):
    # issue 12 §9: "... and revoke their own tokens"; another user's answers 404
    mine, _ = login()
    other, theirs = login("supervisor")
    client = with_token(mine)
    foreign = client.delete(f"/api/auth/tokens/{theirs['id']}/")
    assert foreign.status_code == 404
    assert_error_shape(foreign.json(), "TOKEN_NOT_FOUND")
    assert with_token(other).get("/api/me/").status_code == 200  # untouched
    spare, spare_body = login()
    assert client.delete(f"/api/auth/tokens/{spare_body['id']}/").status_code == 204
    assert with_token(spare).get("/api/me/").status_code == 401
    assert client.delete(f"/api/auth/tokens/{spare_body['id']}/").status_code == 404
    assert client.get("/api/me/").status_code == 200


def test_the_token_endpoints_need_a_login(staff):
    # issue 12 §9: anonymous callers are refused in the error shape
    anonymous = RoleClient()
    for response in (
        anonymous.get("/api/auth/tokens/"),
        anonymous.post("/api/auth/logout/"),
        anonymous.delete("/api/auth/tokens/1/"),
    ):
        assert response.status_code == 401
        assert_error_shape(response.json(), "NOT_AUTHENTICATED")


def test_a_request_reads_the_users_groups_once(staff):
    # Issue 43: the token's fingerprint (issue 39 §3) and the role the request acts in are
    # both read from the user's groups: one query for the two. GET /api/me/ is then two
    # statements (the token with its user, the groups); it was three.
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    key, _ = login("supervisor")
    client = with_token(key)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}", HTTP_X_MESA_ROLE="supervisor")
    assert client.get("/api/me/").status_code == 200  # the first use writes last_used_at
    with CaptureQueriesContext(connection) as ctx:
        answer = client.get("/api/me/")
    assert answer.status_code == 200, answer.json()
    sql = [q["sql"] for q in ctx.captured_queries]
    assert sum('FROM "auth_group"' in q for q in sql) == 1, sql
    assert len(sql) == 2, sql
