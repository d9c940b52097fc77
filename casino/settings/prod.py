"""Production: refuses to start unsafely (issue 2, issue 9)."""

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.db.backends.signals import connection_created

from casino.dbroles import refuse_superuser_connection

from .base import *  # noqa: F403
from .base import (
    CELERY_BROKER_URL,
    DATABASE_MIGRATE_URL,
    DATABASES,
    DEFAULT_SECRET_KEY,
    MESA_DB_APP_ROLE,
    SECRET_KEY,
    env_bool,
)

if env_bool("DEBUG", False):
    raise ImproperlyConfigured("DEBUG must be off in production (unset DEBUG).")
DEBUG = False
if not SECRET_KEY or SECRET_KEY == DEFAULT_SECRET_KEY or len(SECRET_KEY) < 50:
    raise ImproperlyConfigured(
        "SECRET_KEY must be set in the environment to a random value of 50+ characters."
    )
_dev_seal_key = "ZGV2LW9ubHktbWVzYS1zZWFs"  # the start of dev.py's key
if not (MESA_SEAL_KEYS or MESA_SEAL_KEYS_FILE) or _dev_seal_key in MESA_SEAL_KEYS:  # noqa: F405
    raise ImproperlyConfigured(  # issue 12 §5: seals keyed with a secret outside the database
        "Set MESA_SEAL_KEYS ('<key_id>:<base64 of 32 random bytes>', current first) or "
        "MESA_SEAL_KEYS_FILE to a file holding them (docs/reliability.md, Tamper evidence)."
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    raise ImproperlyConfigured("Production runs on PostgreSQL: set DATABASE_URL.")
_owner = dj_database_url.parse(DATABASE_MIGRATE_URL)["USER"] if DATABASE_MIGRATE_URL else None
if _owner is not None and _owner == MESA_DB_APP_ROLE:
    raise ImproperlyConfigured(
        "DATABASE_URL (the app role) and DATABASE_MIGRATE_URL (the owner) must be two roles."
    )
# issue 12 §4: a superuser bypasses every privilege and can switch the guard triggers off;
# the app refuses such a connection (checked on each new connection, at no query's cost).
connection_created.connect(refuse_superuser_connection, dispatch_uid="mesa_refuse_superuser")

# One cache for every web process (login throttles, issue 12 §3): Redis when configured.
_cache_url = __import__("os").environ.get("CACHE_URL") or CELERY_BROKER_URL
if _cache_url.startswith(("redis://", "rediss://")):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": _cache_url,
            "KEY_PREFIX": "mesa",
        }
    }
    # Several web processes behind one address (issue 18 §4): sessions read from the shared
    # Redis, written through to the database, so a Redis restart logs nobody out.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
SECURE_HSTS_SECONDS = int(__import__("os").environ.get("SECURE_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
