"""Settings shared by every environment, read from the environment.

With nothing set, Mesa runs on an embedded SQLite database and Celery runs
tasks eagerly in the web process (the "embedded default", issue 2). Setting
``DATABASE_URL`` and ``CELERY_BROKER_URL`` moves it to PostgreSQL and Redis
with real workers.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(os.environ.get("MESA_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# A development-only key; prod.py refuses to start with it.
DEFAULT_SECRET_KEY = "dev-insecure-mesa-key-change-me"
SECRET_KEY = os.environ.get("SECRET_KEY", DEFAULT_SECRET_KEY)
# Seal keys, held outside the database (issue 12 §5, casino/sealing.py): "k2:<base64>,k1:<base64>",
# the first is the current signing key; or MESA_SEAL_KEYS_FILE naming a file with the same pairs.
MESA_SEAL_KEYS = os.environ.get("MESA_SEAL_KEYS", "")
MESA_SEAL_KEYS_FILE = os.environ.get("MESA_SEAL_KEYS_FILE", "")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    "casino",
    "players",
    "tables",
    "cage",
    "hands",
    "tournaments",
    "rota",
    "promotions",
    "reports",
    "floor",
    "demo",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "casino.pins.PinAttemptsMiddleware",  # PIN failures outlive the refusal (issue 12 §3)
    "tables.middleware.ExclusionHitsMiddleware",  # refused attempts too (issue 17 §2)
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
    "casino.middleware.CasinoTimezoneMiddleware",
    # issue 12 §8: CSP on every page; page forms: no bidi controls, one-time tokens;
    # issue 39 §4: no control characters in a query string or a page's form
    "casino.middleware.ContentSecurityPolicyMiddleware",
    "casino.middleware.HostileTextMiddleware",
    "casino.middleware.FormTokenMiddleware",
]

ROOT_URLCONF = "casino.urls"
WSGI_APPLICATION = "casino.wsgi.application"
ASGI_APPLICATION = "casino.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "casino.context_processors.mesa",
            ],
        },
    },
]

# Database: DATABASE_URL (postgres://user:pass@host:port/name) or the embedded SQLite.
_default_sqlite = f"sqlite:///{VAR_DIR / 'mesa.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", _default_sqlite),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # Writers queue instead of failing with "database is locked" on the embedded default.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA foreign_keys=ON; PRAGMA journal_mode=WAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
else:
    # Issue 43 (docs/deployment.md, "Database connections"): the values travel apart from
    # the statement (server-side binding), and a statement a connection has run
    # DB_PREPARE_THRESHOLD times is prepared there, then only bound and executed. Behind a
    # pooler that moves a client between server connections (PgBouncer in transaction mode
    # before 1.21), set DB_PREPARE_THRESHOLD to "" (never prepare).
    _prepare = os.environ.get("DB_PREPARE_THRESHOLD", "5").strip()
    DATABASES["default"]["OPTIONS"] = {
        "server_side_binding": env_bool("DB_SERVER_SIDE_BINDING", True),
        "prepare_threshold": int(_prepare) if _prepare else None,
    }

# A read replica (issue 18 §4, casino/db_router.py): a PostgreSQL streaming standby of the
# primary. Report renderings and the archive export read from it when its lag guard
# (reports/replica.py) finds it has seen what they need; everything else uses the primary.
DATABASE_REPLICA_URL = os.environ.get("DATABASE_REPLICA_URL", "")
if DATABASE_REPLICA_URL and DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
    DATABASES["replica"] = dj_database_url.parse(
        DATABASE_REPLICA_URL,
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
    # Tests mirror the primary: no second test database is created on a read-only standby.
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
DATABASE_ROUTERS = ["casino.db_router.ReplicaRouter"]
MESA_REPLICA_WAIT_SECONDS = float(os.environ.get("MESA_REPLICA_WAIT_SECONDS", "1.0"))

# Two database roles (issue 12 §4, casino/dbroles.py): DATABASE_URL is the app role, which
# owns nothing; DATABASE_MIGRATE_URL is the owner of the schema, used only by the commands
# that change the schema or its grants, run through manage.py. Ignored on SQLite.
DATABASE_MIGRATE_URL = os.environ.get("DATABASE_MIGRATE_URL", "")
OWNER_COMMANDS = frozenset({"migrate", "db_grants"})
MESA_DB_APP_ROLE = ""
if DATABASE_MIGRATE_URL and DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
    MESA_DB_APP_ROLE = DATABASES["default"]["USER"]
    _argv = __import__("sys").argv
    if (
        len(_argv) > 1
        and Path(_argv[0]).name in {"manage.py", "django-admin", "__main__.py"}
        and _argv[1] in OWNER_COMMANDS
    ):
        DATABASES["default"] = dj_database_url.parse(DATABASE_MIGRATE_URL, conn_max_age=0)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "casino.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # lockout after repeated failures (issue 9 §7)
    "django.contrib.auth.backends.ModelBackend",
]
# Issue 39 §5 (casino/logins.py): locked per username at one address after
# AXES_FAILURE_LIMIT failures, per username anywhere after MESA_LOGIN_USERNAME_FAILURE_LIMIT;
# never per address alone (behind one proxy, or one room's address, that locked everyone).
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
MESA_LOGIN_USERNAME_FAILURE_LIMIT = int(os.environ.get("MESA_LOGIN_USERNAME_FAILURE_LIMIT", "20"))
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "0.25"))  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "username"]
# Failures are kept in the database every web process shares (not a process's memory).
AXES_HANDLER = "casino.logins.LoginLockHandler"
# The client's address: the proxies in front of Mesa append it to X-Forwarded-For;
# MESA_TRUSTED_PROXIES says how many there are (docker-compose.yml: nginx, 1).
MESA_TRUSTED_PROXIES = int(os.environ.get("MESA_TRUSTED_PROXIES", "0"))
AXES_CLIENT_IP_CALLABLE = "casino.logins.client_ip"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "casino/locked_out.html"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"
SESSION_COOKIE_AGE = int(os.environ.get("SESSION_COOKIE_AGE", str(8 * 3600)))  # one shift
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
SESSION_SAVE_EVERY_REQUEST = True  # idle sessions expire after SESSION_COOKIE_AGE
API_TOKEN_AGE = int(os.environ.get("API_TOKEN_AGE", str(SESSION_COOKIE_AGE)))  # issue 9 §7
# Croupier PINs: consecutive wrong PINs before a lock, and its length (issue 12 §3).
MESA_PIN_MAX_FAILURES = int(os.environ.get("MESA_PIN_MAX_FAILURES", "5"))
MESA_PIN_LOCK_MINUTES = int(os.environ.get("MESA_PIN_LOCK_MINUTES", "15"))
# Seconds between two refreshes of the sector overview and the signing queue (issue 13 §8).
MESA_POLL_SECONDS = int(os.environ.get("MESA_POLL_SECONDS", "10"))

# Language and time: Spanish first, English selectable (GEN-07); the casino's zone.
LANGUAGE_CODE = "es"
LANGUAGES = [("es", _("Español")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "America/Argentina/Buenos_Aires")
USE_I18N = True
USE_TZ = True
# No separator by default: ids and counts go into field names, ids and URLs as plain
# digits (with it, id 2105 rendered as "2.105" and broke the opening count's fields).
# Amounts are grouped where they are shown (floatformat "2g", casino.formatting).
USE_THOUSAND_SEPARATOR = False
# The casino's number format: 1.234.567,50 in Spanish (es-AR), as the printed reports.
FORMAT_MODULE_PATH = ["floor.formats"]

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
WHITENOISE_USE_FINDERS = True  # serve static files without collectstatic (embedded default)
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
MEDIA_URL = "/media/"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Django REST framework: one error shape for every 4xx (casino.api.errors).
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "casino.api.authentication.ExpiringTokenAuthentication",  # issue 9 §7
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # issue 15 §3: headers and error answers declared on every operation, in one place
    "DEFAULT_SCHEMA_CLASS": "casino.api.schema.MesaAutoSchema",
    # issue 12 §8: depth, size and bidi guards before any parser recurses.
    # issue 15 §1: JSON bodies only (a form body answers 415); a view that takes a file
    # upload adds GuardedMultiPartParser itself.
    "DEFAULT_PARSER_CLASSES": ["casino.api.parsing.GuardedJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "EXCEPTION_HANDLER": "casino.api.errors.exception_handler",
    # issue 15 §6: the version in the media type (Accept: application/json; version=1)
    "DEFAULT_VERSIONING_CLASS": "casino.api.versioning.MediaTypeVersioning",
    # ... or in Mesa's own media type (Accept: application/vnd.mesa+json; version=1)
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "casino.api.versioning.FormatNegotiation",
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "casino.api.versioning.VendorJSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "casino.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_RATES": {"login": os.environ.get("LOGIN_THROTTLE_RATE", "10/min")},
    "COERCE_DECIMAL_TO_STRING": True,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Mesa API",
    "DESCRIPTION": (
        "Back office of a casino poker room: tables, cage, hand recorder, reports. "
        "Every 4xx answer has the shape {code, message: {es, en}, field, details?, errors[]}; "
        "the codes and their meanings are the enum ErrorCode (docs/api.md). "
        "Request bodies are JSON; lists that grow are paginated. "
        "Send the role you act in with the X-Mesa-Role header when you hold several. "
        "API version 1: pin it with Accept: application/json; version=1, or with Mesa's "
        "own media type, Accept: application/vnd.mesa+json; version=1 (the same bodies, "
        "answered under that type; without a version you get the current one; another "
        "answers 406 API_VERSION_UNSUPPORTED). Fields "
        "marked deprecated are old names kept for version 1 (docs/api.md, changelog)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Issue 15 §4: one stable name per fixed set of values (drf-spectacular would name a
    # set after its field, "status", "kind"..., with a hash where two sets share a name).
    "ENUM_NAME_OVERRIDES": {
        "ErrorCode": "casino.api.codes.choices",
        "RoleEnum": "casino.roles.Role",
        "JackpotKindEnum": "promotions.models.Kind",
        "JackpotEntryKindEnum": "promotions.models.EntryKind",
        "SignatureMethodEnum": "casino.models.Signature.Method",
        "RulesetEnum": "casino.models.Ruleset",
        "SessionStatusEnum": "tables.models.TableSession.Status",
        "SessionEventKindEnum": "tables.models.SessionEvent.Kind",
        "PackStateEnum": "tables.models.PackState",
        "SanctionLevelEnum": "tables.models.SanctionLevel",
        "SanctionEntryKindEnum": "tables.models.SanctionEntry.Kind",
        "SanctionStatusEnum": "tables.api.serializers.sanctions.SANCTION_STATUSES",
        "SheetPartEnum": "tables.api.serializers.sheets.SHEET_PARTS",
        "SheetSignerRoleEnum": "tables.api.serializers.sheets.SHEET_SIGNING_ROLES",
        "SeatStatusEnum": "tables.models.SeatStatus",
        "WaitingEntryStatusEnum": "tables.models.WaitingEntry.Status",
        "VariantEnum": "tables.models.Variant",
        "SlipKindEnum": "cage.models.SlipKind",
        "SlipStatusEnum": "cage.api.serializers.SLIP_STATUSES",
        "SlipSignerRoleEnum": "cage.models.Slip.REQUIRED_SIGNATURE_ROLES",
        "TenderKindEnum": "cage.models.TenderKind",
        "BuyinSourceEnum": "cage.models.BuyinSource",
        "TransactionKindEnum": "cage.models.TransactionKind",
        "DropCountResultEnum": "cage.api.serializers.DROP_COUNT_RESULTS",
        "HandStatusEnum": "hands.models.HandStatus",
        "HandSourceEnum": "hands.models.HandSource",
        "HandActionKindEnum": "hands.adapter.ACTION_KINDS",
        "IncidentKindEnum": "hands.models.IncidentKind",
        "IncidentActionEnum": "hands.models.IncidentAction",
        "IncidentLevelEnum": "hands.api.incidents.LEVELS",
        "HandStructureEnum": "hands.adapter.STRUCTURES",
        "JobStatusEnum": "hands.models.JobStatus",
        "LiveHandStatusEnum": "hands.models.LiveHand.Status",
        "ViolationSourceEnum": "hands.models.HandViolation.Source",
        "ViolationSeverityEnum": "hands.api.serializers.VIOLATION_SEVERITIES",
        "CorrectionKindEnum": "hands.models.HandCorrection.Kind",
        "IrregularityKindEnum": "poker.irregularities.IrregularityKind",
        "IrregularityOutcomeEnum": "poker.irregularities.Outcome",
        "ReportKindEnum": "reports.api.serializers.report_kinds",
        "ReportStatusEnum": "reports.models.Report.Status",
        # Issue 44: why a rota version was planned (a hand's reason is its void/award word).
        "RotaPlanReasonEnum": "rota.models.RotaPlan.Reason",
        "HandActionReasonEnum": "hands.api.serializers.HAND_ACTION_REASONS",
        # Issue 42: tournaments.
        "TournamentStatusEnum": "tournaments.models.TournamentStatus",
        "TournamentEntryKindEnum": "tournaments.models.EntryKind",
        "TournamentEntryStateEnum": "tournaments.api.serializers.ENTRY_STATES",
        "TournamentLedgerKindEnum": "tournaments.models.LedgerKind",
        "TournamentLedgerViaEnum": "tournaments.models.LedgerVia",
        "TournamentDrawKindEnum": "tournaments.models.DrawKind",
        "TournamentExitKindEnum": "tournaments.models.ExitKind",
        "TournamentMoveSideEnum": "tournaments.models.MoveConfirmation.Side",
        "TournamentMoveReasonEnum": "tournaments.api.serializers.REASONS",
        "TournamentDealMethodEnum": "tournaments.models.DealMethod",
        "TournamentPayoutRuleEnum": "tournaments.api.serializers.PAYOUT_RULES",
        "TournamentClockEventKindEnum": "tournaments.api.serializers.CLOCK_EVENT_KINDS",
        "TournamentClockStatusEnum": "poker.tournament.ClockStatus",
        "TournamentAnteKindEnum": "poker.tournament.AnteKind",
        "TournamentPurchaseKindEnum": "tournaments.api.serializers.PURCHASE_KINDS",
        "TournamentRegistrationKindEnum": "tournaments.api.serializers.REGISTRATION_KINDS",
        "ChipRaceRoundingEnum": "tournaments.api.serializers.RACE_ROUNDINGS",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "casino.api.schema.add_header_components",
        "casino.api.schema.nullable_references",  # issue 39 §6: null where openapi-core reads it
    ],
}

# Celery: eager (in-process) unless a broker is configured.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", "") or None
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True  # a task killed mid-way is redelivered (issue 9)
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
# A report claimed by a worker that then died is re-queued by a watchdog (issue 12 §10).
MESA_REPORT_STALL_MINUTES = int(os.environ.get("MESA_REPORT_STALL_MINUTES", "5"))
CELERY_BEAT_SCHEDULE = {
    "reports-watchdog": {"task": "reports.watchdog", "schedule": 60.0},
}
# Three queues (issue 18 §4), so a long import never delays a sheet to sign: production runs
# one worker per queue (docker-compose.yml, `-Q`); a worker started without -Q (dev, tests,
# drills) consumes all three. Every task is named here: tests/reliability/test_replica_queues.py
# fails on a task without a queue.
MESA_TASK_QUEUES = {
    "reports.render": "reports",
    "reports.render_signed_copy": "reports",
    "hands.import_hands": "imports",
    "hands.revalidate_hands": "imports",
    "reports.watchdog": "default",  # re-queues stalled renders: never behind them
    "casino.ping": "default",
}
CELERY_TASK_DEFAULT_QUEUE = "default"
from kombu import Queue  # noqa: E402

CELERY_TASK_QUEUES = [Queue(name) for name in sorted(set(MESA_TASK_QUEUES.values()))]
CELERY_TASK_ROUTES = {task: {"queue": queue} for task, queue in MESA_TASK_QUEUES.items()}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {"mesa": {"level": os.environ.get("MESA_LOG_LEVEL", "INFO")}},
}

# Mesa
MESA_PHH_CORPUS = Path(
    os.environ.get("MESA_PHH_CORPUS", BASE_DIR.parent / "shared" / "corpus" / "phh")
)
MESA_DEMO_PASSWORD_SUFFIX = "-mesa-2026"
