"""Accounts: what ``tests/casino/test_accounts.py`` leaves open (issue 9 §7).

Already proven there: lockout after five failures (API and page), password rules, CSRF
on the login form, ``check --deploy`` clean, production refusing DEBUG and the default
key. Here:

- CSRF on **every** form: each ``<form method="post">`` of every template carries the
  token, htmx requests send it in a header, and every page that accepts a POST (from the
  permission matrix) refuses one without the token, changing nothing; the API refuses a
  session-authenticated POST without it, while a token-authenticated one needs none;
- sessions expire (idle for a shift) and **API tokens expire** too (they did not);
- the production settings' cookies and headers, on a real response;
- secrets only from the environment: none in the code.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone

from tests.casino.test_api import assert_error_shape
from tests.helpers import PASSWORD, RoleClient

from .changes import ChangeDetector
from .matrix import ENTRIES
from .test_permission_matrix import _base, routes, url_of

ROOT = Path(__file__).resolve().parents[2]
FORM = re.compile(r"<form\b[^>]*>.*?</form>", re.S | re.I)
POST_FORM = re.compile(r"<form\b[^>]*method=[\"']post[\"']", re.I)


def _templates() -> list[Path]:
    dirs = [ROOT / "templates", *ROOT.glob("*/templates")]
    return sorted(p for d in dirs for p in d.rglob("*.html"))


def test_every_post_form_in_every_template_carries_the_csrf_token():
    # issue 9 §7: "CSRF on every form"
    checked = 0
    for path in _templates():
        text = path.read_text()
        for form in FORM.findall(text):
            if POST_FORM.search(form):
                checked += 1
                assert "{% csrf_token %}" in form, f"{path.relative_to(ROOT)}: {form[:120]}"
    assert checked >= 40
    base = (ROOT / "templates" / "base.html").read_text()
    # htmx posts (hx-post outside a form) send the token in a header set on <body>.
    assert re.search(r"<body[^>]*hx-headers='\{\"X-CSRFToken\": \"\{\{ csrf_token \}\}\"\}'", base)


@pytest.mark.django_db
def test_every_page_that_accepts_a_post_refuses_one_without_the_csrf_token(
    staff, casino, gaming_day, sector, settings, tmp_path
):
    # issue 9 §7: every POST page of the permission matrix, in a role allowed to use it
    from .world import build_world

    settings.MEDIA_ROOT = tmp_path
    world = build_world(staff, casino, gaming_day, sector)
    detector = ChangeDetector().install()
    found = routes()
    checked = []
    for entry in ENTRIES:
        route = found[_base(entry)[0]]
        if route.is_api or entry.method != "POST":
            continue
        role = next(iter(sorted(entry.roles, key=lambda r: r.value)), None)
        client = Client(enforce_csrf_checks=True)
        if role is not None and entry.name != "login":
            client.force_login(staff[role.value])
        url = url_of(entry, route, world.id_of(entry.obj))
        mark = detector.mark()
        response = client.post(url, {k: str(v) for k, v in entry.body.items()})
        assert response.status_code == 403, (entry.key, response.status_code)
        assert b"CSRF" in response.content, entry.key
        assert not detector.since(mark), entry.key
        checked.append(entry.key)
    assert len(checked) >= 40


@pytest.mark.django_db
def test_the_api_needs_the_csrf_token_with_a_session_but_not_with_a_token(staff):
    # issue 9 §7: DRF's SessionAuthentication enforces CSRF; tokens are not cookies
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(staff["shift_manager"])
    refused = browser.post(
        "/api/gaming-days/",
        {"business_date": "2031-02-01"},
        content_type="application/json",
        HTTP_X_MESA_ROLE="shift_manager",
    )
    assert refused.status_code == 403
    assert_error_shape(refused.json(), "PERMISSION_DENIED")
    token = RoleClient().post(
        "/api/auth/token/", {"username": "shift_manager", "password": PASSWORD}, format="json"
    )
    client = RoleClient()
    client.credentials(
        HTTP_AUTHORIZATION=f"Token {token.json()['token']}", HTTP_X_MESA_ROLE="shift_manager"
    )
    created = client.post("/api/gaming-days/", {"business_date": "2031-02-01"}, format="json")
    assert created.status_code == 201, created.json()


@pytest.mark.django_db
def test_an_idle_session_expires_and_activity_keeps_it_alive(staff, settings):
    # issue 9 §7: one shift of inactivity (SESSION_COOKIE_AGE), renewed on every request
    from django.contrib.sessions.models import Session

    assert settings.SESSION_COOKIE_AGE <= 8 * 3600
    assert settings.SESSION_SAVE_EVERY_REQUEST and settings.SESSION_EXPIRE_AT_BROWSER_CLOSE
    client = Client()
    client.force_login(staff["supervisor"])
    key = client.session.session_key
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() + timedelta(hours=1))
    assert client.get("/tables/").status_code == 200
    renewed = Session.objects.get(session_key=key).expire_date
    assert renewed > timezone.now() + timedelta(seconds=settings.SESSION_COOKIE_AGE - 60)
    Session.objects.filter(session_key=key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    expired = client.get("/tables/")
    assert expired.status_code == 302 and "/login/" in expired["Location"]


@pytest.mark.django_db
def test_an_api_token_expires_after_a_shift_and_a_new_login_issues_a_new_one(staff, settings):
    # issue 9 §7 (gap closed): DRF tokens never expired
    from casino.models import ApiToken

    anonymous = RoleClient()
    login = {"username": "auditor", "password": PASSWORD}
    key = anonymous.post("/api/auth/token/", login, format="json").json()["token"]
    client = RoleClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/me/").status_code == 200
    # One shift later (issue 12 §9: the token's expiry is stored with it).
    ApiToken.objects.filter(key_digest=ApiToken.digest(key)).update(
        created_at=timezone.now() - timedelta(seconds=settings.API_TOKEN_AGE + 1),
        expires_at=timezone.now() - timedelta(seconds=1),
    )
    late = client.get("/api/me/")
    assert late.status_code == 401
    assert_error_shape(late.json(), "AUTHENTICATION_FAILED")
    again = anonymous.post("/api/auth/token/", login, format="json").json()["token"]
    assert again != key
    client.credentials(HTTP_AUTHORIZATION=f"Token {again}")
    assert client.get("/api/me/").status_code == 200


PROBE = """
import django, json
django.setup()
from django.conf import settings
# No collectstatic here: the manifest storage is irrelevant to cookies and headers.
settings.STORAGES = {**settings.STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
from django.test import Client
c = Client()
plain = c.get("/login/")
secure = c.get("/login/", secure=True)
cookie = secure.cookies.get("csrftoken")
from django.conf import settings as s
print(json.dumps({
    "redirect": [plain.status_code, plain.get("Location", "")],
    "headers": {k: secure.get(k, "") for k in (
        "Strict-Transport-Security", "X-Frame-Options", "X-Content-Type-Options",
        "Referrer-Policy", "Cross-Origin-Opener-Policy")},
    "csrf_cookie": {"secure": bool(cookie and cookie["secure"]),
                    "httponly": bool(cookie and cookie["httponly"])},
    "session": [s.SESSION_COOKIE_SECURE, s.SESSION_COOKIE_HTTPONLY, s.SESSION_COOKIE_SAMESITE],
}))
"""


def test_production_sends_secure_cookies_and_security_headers():
    # issue 9 §7: on a real response of the production settings, not only in the file
    env = {k: v for k, v in os.environ.items() if k != "DEBUG"}
    env.update(
        DJANGO_SETTINGS_MODULE="casino.settings.prod",
        SECRET_KEY="k" * 30 + "-Q7v!k2#pL9zR4mW8sT1yB6nC3dF0gH5jK",
        DATABASE_URL=os.environ.get("DATABASE_URL", "postgres://u@127.0.0.1:5432/x"),
        MESA_SEAL_KEYS="p1:cHJvZC10ZXN0LXNlYWwta2V5LTMyLWJ5dGVzLWxvbmch",
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="1",
    )
    out = subprocess.run(  # noqa: S603
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr[-2000:]
    import json

    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["redirect"][0] == 301 and got["redirect"][1].startswith("https://")
    headers = got["headers"]
    assert "max-age=31536000" in headers["Strict-Transport-Security"]
    assert "includeSubDomains" in headers["Strict-Transport-Security"]
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert got["csrf_cookie"] == {"secure": True, "httponly": True}
    assert got["session"] == [True, True, "Lax"]


SECRET_PATTERNS = {
    "private key": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    "AWS key": re.compile(r"\bAKIA[0-9A-Z]{16}\b"),
    "password in a URL": re.compile(
        r"\b(?:postgres|postgresql|redis|amqp)://[^/\s:@]+:(?!pass@|password@)[^@\s/$]+@"
    ),
    "literal secret setting": re.compile(
        r"^\s*(?:SECRET_KEY|PASSWORD|API_KEY|TOKEN)\s*=\s*[\"'][^\"']{8,}[\"']", re.M
    ),
}
# The development key is known on purpose: production refuses to start with it
# (tests/casino/test_sqlite_and_settings.py). "user:pass@" is the documented placeholder.
ALLOWED = {"DEFAULT_SECRET_KEY"}


def _tracked(*globs: str) -> list[Path]:
    out = subprocess.run(  # noqa: S603, S607
        ["git", "ls-files", *globs], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return [ROOT / line for line in out.stdout.splitlines() if line]


def test_no_secret_is_written_in_the_code_or_the_settings():
    # issue 9 §7: "secrets only from the environment"
    files = [
        p
        for p in _tracked("*.py", "*.sh", "*.toml", "*.cfg", "*.ini", "*.env", "Dockerfile")
        if p.relative_to(ROOT).parts[0] not in ("tests", "docs") and p.exists()
    ]
    assert len(files) > 100
    found = []
    for path in files:
        text = path.read_text(errors="replace")
        for name, pattern in SECRET_PATTERNS.items():
            for match in pattern.finditer(text):
                if not any(a in match.group(0) for a in ALLOWED):
                    found.append(f"{path.relative_to(ROOT)}: {name}: {match.group(0)[:60]}")
    assert not found, found
    assert not _tracked(".env", "*.pem", "*.key"), "a secrets file is tracked"
    base = (ROOT / "casino" / "settings" / "base.py").read_text()
    for name in ("SECRET_KEY", "DATABASE_URL", "CELERY_BROKER_URL"):
        assert f'os.environ.get("{name}"' in base, name


def test_the_compose_stack_takes_its_database_password_from_the_environment():
    # issue 9 §7: the compose stack reads the database password from the environment
    text = (ROOT / "docker-compose.yml").read_text()
    assert not SECRET_PATTERNS["password in a URL"].search(text)
    assert "POSTGRES_PASSWORD: mesa" not in text
    assert "POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?" in text


@pytest.mark.django_db
def test_a_manager_cannot_give_a_new_member_of_staff_a_weak_password(staff, casino):
    # issue 9 §7 / AUTH: Django's validators run for staff created by a manager (the
    # admin's forms ran them already; the service did not). Nothing is written.
    from casino.access import acting_as
    from casino.errors import ValidationFailed
    from casino.models import User
    from casino.roles import Role
    from casino.services import staff_create

    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    before = User.objects.count()
    for weak in ("1234567890", "nuevo-croupier", "password123"):
        with pytest.raises(ValidationFailed) as refused:
            staff_create(
                actor=manager,
                casino=casino,
                username="nuevo-croupier",
                password=weak,
                roles=[Role.CROUPIER],
            )
        assert refused.value.code == "PASSWORD_TOO_WEAK"
        assert refused.value.field == "password"
        assert refused.value.message_es != refused.value.message_en  # both languages
    assert User.objects.count() == before
    staff_create(
        actor=manager,
        casino=casino,
        username="nuevo-croupier",
        password=PASSWORD,
        roles=[Role.CROUPIER],
    )
    assert User.objects.count() == before + 1
