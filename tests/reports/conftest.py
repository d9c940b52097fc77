from __future__ import annotations

import copy
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def media_root(tmp_path, settings):  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def pdf_text(path_or_bytes: Path | bytes, tmp_path: Path | None = None, layout: bool = True) -> str:
    """Read a PDF back with pdftotext (poppler), as a reader would see it."""
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is missing: install poppler-utils (make test does)")
    if isinstance(path_or_bytes, bytes):
        assert tmp_path is not None
        path = tmp_path / "doc.pdf"
        path.write_bytes(path_or_bytes)
    else:
        path = path_or_bytes
    args = ["pdftotext", *(["-layout"] if layout else []), str(path), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


# --- One simulated day shared by the tests that only need it (issue 16 §6) ---------------
#
# ``day`` used to be played anew for each of about 80 tests. It is now played once and kept
# in an open transaction, the way Django's ``TestCase.setUpTestData`` keeps its data: each
# test's own transaction is a savepoint inside it, rolled back after the test, so a test that
# signs, voids or adds to the day changes nothing for the next one. Each test gets its own
# deep copy of the Python objects (``setUpTestData`` does the same). A test that does not use
# the day never sees it: the shared transaction is rolled back before such a test's database
# setup, and played again for the next test that uses the day. A test with a real
# transaction (``transactional_db``: a Celery worker, a live server) plays its own day.
# ``MESA_TEST_SHARED_DAY=0`` makes every test play its own day, as before (to compare).
# ``casino``, ``staff``, ``sector`` and ``gaming_day`` below are the day's in a test that
# shares it, and the root conftest's otherwise.


class _SharedDay:
    atomic: Any = None
    world: tuple[Any, ...] | None = None

    def close(self) -> None:
        if self.atomic is not None:
            from django.db import transaction

            transaction.set_rollback(True)
            atomic, self.atomic, self.world = self.atomic, None, None
            atomic.__exit__(None, None, None)


_SHARED = _SharedDay()


def _plain(fixture: Any) -> Any:
    """The function under a root conftest fixture, to call it outside a test's setup."""
    return fixture.__wrapped__


def _shares_the_day(request) -> bool:  # type: ignore[no-untyped-def]
    if os.environ.get("MESA_TEST_SHARED_DAY", "1") == "0":  # each test plays its own day
        return False
    names = request.fixturenames
    if "day" not in names or "transactional_db" in names or "live_server" in names:
        return False
    marker = request.node.get_closest_marker("django_db")
    return not (
        marker and (marker.kwargs.get("transaction") or marker.kwargs.get("serialized_rollback"))
    )


@pytest.fixture(scope="package")
def _shared_day_closer(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    yield _SHARED
    with django_db_blocker.unblock():
        _SHARED.close()


@pytest.fixture
def _shared_day(request, _shared_day_closer, django_db_blocker):  # type: ignore[no-untyped-def]
    """The shared day's (day, staff, casino, gaming_day, sector), copied for this test, or
    ``None`` when this test does not share it (the shared day is then rolled back)."""
    shared = _shared_day_closer
    if not _shares_the_day(request):
        if shared.atomic is not None:
            with django_db_blocker.unblock():
                shared.close()
        return None
    if shared.world is None:
        from django.db import transaction

        from tests import conftest as root

        from .scenario import play_day

        with django_db_blocker.unblock():
            shared.atomic = transaction.atomic()
            shared.atomic.__enter__()
            try:
                casino = _plain(root.casino)(None)
                staff = _plain(root.staff)(casino)
                sector = _plain(root.sector)(casino, staff)
                gaming_day = _plain(root.gaming_day)(casino, staff)
                played = play_day(staff, casino, gaming_day, sector)
            except BaseException:
                shared.close()
                raise
            shared.world = (played, staff, casino, gaming_day, sector)
    return copy.deepcopy(shared.world)


@pytest.fixture
def _django_db_helper(_shared_day, _django_db_helper):  # type: ignore[no-untyped-def]
    """pytest-django's database setup of each test, after the shared day is opened or
    rolled back (so this test's transaction nests inside it, or stands alone)."""
    return _django_db_helper


@pytest.fixture
def casino(request, db, _shared_day):  # type: ignore[no-untyped-def]
    from tests import conftest as root

    return _shared_day[2] if _shared_day else _plain(root.casino)(db)


@pytest.fixture
def staff(casino, _shared_day):  # type: ignore[no-untyped-def]
    from tests import conftest as root

    return _shared_day[1] if _shared_day else _plain(root.staff)(casino)


@pytest.fixture
def sector(casino, staff, _shared_day):  # type: ignore[no-untyped-def]
    from tests import conftest as root

    return _shared_day[4] if _shared_day else _plain(root.sector)(casino, staff)


@pytest.fixture
def gaming_day(casino, staff, _shared_day):  # type: ignore[no-untyped-def]
    from tests import conftest as root

    return _shared_day[3] if _shared_day else _plain(root.gaming_day)(casino, staff)


@pytest.fixture
def day(staff, casino, gaming_day, sector, _shared_day):  # type: ignore[no-untyped-def]
    """A full gaming day at table 7 through the services (see tests/reports/scenario.py)."""
    from .scenario import play_day

    if _shared_day:
        return _shared_day[0]
    return play_day(staff, casino, gaming_day, sector)


def render(kind: str, casino, params: dict, lang: str = "es", paper: str = "A4", **kw):  # type: ignore[no-untyped-def]
    """Render ``kind`` synchronously with the code the Celery task runs."""
    from reports.registry import get_spec
    from reports.rendering import render_report
    from reports.services import validate_params

    spec = get_spec(kind)
    assert spec is not None, kind
    return render_report(
        spec, casino=casino, params=validate_params(spec, params), lang=lang, paper=paper, **kw
    )


def report_tournament(casino):  # type: ignore[no-untyped-def]
    """A tournament of ``casino`` for the tournament kinds (``tournament``,
    ``tournament_record``): the one it holds, or one its pit boss creates through the
    services on the tournament tests' structure (tests/tournaments/conftest.py). Nobody
    registered: the reports print its structure, its empty pool and results."""
    from casino.access import acting_as
    from casino.models import User
    from casino.roles import Role
    from tests.tournaments.conftest import structure
    from tournaments import services
    from tournaments.models import Tournament

    found = Tournament.objects.filter(casino=casino).order_by("pk").first()
    if found is not None:
        return found
    boss = User.objects.get(casino=casino, username=Role.PIT_BOSS.value)
    pit = acting_as(boss, Role.PIT_BOSS)
    version = services.structure_create(actor=pit, name="Estructura Viernes", structure=structure())
    return services.tournament_create(actor=pit, name="Viernes", structure=version)
