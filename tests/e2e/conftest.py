"""Browser tests: headless Debian Chromium driven by Playwright against a live server.

The live server is pytest-django's (a real threaded server on the test PostgreSQL
database). Chromium is the Debian package (no browser download); axe-core comes
inside the axe-playwright-python package (no network).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # The browser's own UI language: <input type=date> shows dd/mm/aaaa, not mm/dd/yyyy.
    "--lang=es-AR",
]
TABLET = {"width": 1280, "height": 800}  # a 10-inch tablet in landscape
TABLET_PORTRAIT = {"width": 800, "height": 1280}
DESKTOP = {"width": 1600, "height": 1000}
SCREENS_DIR = Path(__file__).resolve().parents[2] / "docs" / "screens"


def chromium_path() -> str | None:
    for candidate in (
        os.environ.get("MESA_CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
    ):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def browser():  # type: ignore[no-untyped-def]
    path = chromium_path()
    if path is None:
        pytest.fail("Chromium is missing: install the Debian package chromium (make test does)")
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright runs an event loop
    with sync_playwright() as p:
        # On Linux, Chromium takes its UI locale (which formats <input type=date>) from
        # LANGUAGE, not from --lang alone, and only if its locale files are installed
        # (Debian's chromium-l10n); without them it stays en-US (mm/dd/yyyy).
        env = {**os.environ, "LANGUAGE": "es_AR:es"}
        browser = p.chromium.launch(
            executable_path=path, headless=True, args=CHROMIUM_ARGS, env=env
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=TABLET, locale="es-AR", base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def login(page, username: str, password: str) -> None:  # type: ignore[no-untyped-def]
    page.goto("/login/")
    page.get_by_label("Usuario").fill(username)
    page.get_by_label("Contraseña").fill(password)
    page.get_by_role("button", name="Iniciar sesión").click()
    page.wait_for_url(lambda url: "/login" not in url)


def submit(page, tap) -> None:  # type: ignore[no-untyped-def]
    """Tap something that posts a form (``tap``, a callable) and wait for the outcome: a
    new page in place of the one tapped on, loaded.

    Not ``page.expect_navigation()``: a double tap starts two navigations and the browser
    aborts the first ("net::ERR_ABORTED; maybe frame was detached?"), which fails a test
    that waited for that one (issue 40). The page tapped on is marked; whichever
    navigation wins, the page that answers carries no mark. The caller then checks what
    the answer says (a message, a field), which is the outcome that matters."""
    page.evaluate("document.documentElement.setAttribute('data-mesa-tapped', '')")
    tap()
    expect(page.locator("html[data-mesa-tapped]")).to_have_count(0)
    page.wait_for_load_state()


def wait_swapped(page, old) -> None:  # type: ignore[no-untyped-def]
    """Wait until htmx has replaced ``old`` (an element handle) and settled the new one.

    Waiting for "hidden" on the handle raises when the swap has already detached it (a
    race the fast answer of the live hand wins on a quiet machine), and a key pressed
    while htmx is still swapping or settling the new panel finds no live button; so this
    waits for the old element to be detached and for htmx to be done."""
    page.wait_for_function(
        "el => !el.isConnected && !document.querySelector("
        "'.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')",
        arg=old,
    )


def axe_serious(page) -> list[dict]:  # type: ignore[no-untyped-def]
    """Serious and critical accessibility violations on the current page (axe-core)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]


def screenshot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    SCREENS_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENS_DIR / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture(autouse=True)
def large_ids(transactional_db, django_db_blocker):  # type: ignore[no-untyped-def]
    """Every id of the test above 100,000, as in a casino after its first months.

    Ids of four digits and more once came out of the templates as "2.105" (the Spanish
    thousand separator) in the pages' field names and broke the opening count; with
    small ids of a fresh database that never shows.
    """
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    from tests.pg_roles import as_owner

    # As the owner (tests/pg_roles.py): the app role may use sequences, not set them.
    with django_db_blocker.unblock():
        as_owner(
            """
            DO $$ DECLARE s record; BEGIN
              FOR s IN SELECT schemaname, sequencename, last_value FROM pg_sequences
                       WHERE schemaname = current_schema() LOOP
                PERFORM setval(format('%I.%I', s.schemaname, s.sequencename),
                               GREATEST(COALESCE(s.last_value, 1), 100000));
              END LOOP;
            END $$;
            """
        )
