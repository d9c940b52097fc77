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
