"""Tests: ``make test`` points DATABASE_URL at a throwaway PostgreSQL it starts."""

from .base import *  # noqa: F403
from .base import REST_FRAMEWORK

DEBUG = False
# A fixed seal key for tests (issue 12 §5); tests of rotation override it.
MESA_SEAL_KEYS = "test1:dGVzdC1vbmx5LW1lc2Etc2VhbC1rZXktMzItYnl0ZXMh"
MESA_SEAL_KEYS_FILE = ""
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
REST_FRAMEWORK = {**REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"login": "1000/min"}}

# A test-only app with a sample signable document (tests/kernelapp).
INSTALLED_APPS = [*INSTALLED_APPS, "tests.kernelapp"]  # noqa: F405
import os  # noqa: E402

# Tests run tasks eagerly unless a test starts a real worker (tests/conftest.py celery_worker);
# the worker process itself runs with MESA_CELERY_EAGER=0.
CELERY_TASK_ALWAYS_EAGER = os.environ.get("MESA_CELERY_EAGER", "1") == "1"

# pytest-xdist (make test runs two processes, issue 16 §6): each worker its own Redis
# databases (broker 2n+2, results 2n+3; scripts/testenv.py starts Redis with 64) and its own
# media folder. Celery reads the two URLs from the environment before the settings, so the
# environment is rewritten too; a worker's Celery subprocess inherits it (the rewrite is
# idempotent).
_XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if _XDIST_WORKER.startswith("gw") and _XDIST_WORKER[2:].isdigit():
    from .base import CELERY_BROKER_URL as _BROKER
    from .base import CELERY_RESULT_BACKEND as _RESULTS
    from .base import MEDIA_ROOT as _MEDIA

    _n = int(_XDIST_WORKER[2:])
    if _BROKER.startswith("redis://"):
        CELERY_BROKER_URL = f"{_BROKER.rsplit('/', 1)[0]}/{2 * _n + 2}"
        os.environ["CELERY_BROKER_URL"] = CELERY_BROKER_URL
    if _RESULTS and _RESULTS.startswith("redis://"):
        CELERY_RESULT_BACKEND = f"{_RESULTS.rsplit('/', 1)[0]}/{2 * _n + 3}"
        os.environ["CELERY_RESULT_BACKEND"] = CELERY_RESULT_BACKEND
    if "MEDIA_ROOT" not in os.environ:
        MEDIA_ROOT = _MEDIA / _XDIST_WORKER

# Issue 43: every hot query (casino.hotqueries) also compiles the plain ORM query and
# fails if the statement differs, wherever a test runs it.
MESA_HOT_QUERY_CHECK = True
