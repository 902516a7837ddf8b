"""Django settings, read from the environment with safe defaults for development."""

import os
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", default=True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# A form sent from a page open too long gets our page, in the phone's language.
CSRF_FAILURE_VIEW = "scorekeeper.serving.errors.csrf_failure"

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "scorekeeper",
    "scorekeeper.tournaments",
    "scorekeeper.clubs",
    "scorekeeper.photo",
]

MIDDLEWARE = [
    # Outermost: takes the headers only a page needs off the static files (after Security).
    "scorekeeper.serving.middleware.StaticFileHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Static files answer here, before the rest: already compressed (.br/.gz made at
    # collectstatic) or not worth compressing (PNG), so never gzipped again on the fly.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Every page gets these, also the 400 CommonMiddleware answers for a Host not ours (the
    # static files above are not pages).
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # Pages and swaps go out compressed (a 40-hand sheet: 13 KB raw, 1.5 KB gzipped). BREACH
    # gains nothing here: the CSRF token is masked per response, and the only text a visitor
    # can put on a page (a player's name) needs the table key that the page holds.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.messages.context_processors.messages",
            ],
            # Every template is translated and can isolate user-written text without loading
            # anything.
            "builtins": ["django.templatetags.i18n", "scorekeeper.templatetags.bidi"],
        },
    },
]

# SQLite by default, in WAL mode with IMMEDIATE transactions so that several phones saving at
# once queue for the write lock instead of failing with "database is locked".
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
}
# Connections persist across requests (checked before reuse), on PostgreSQL and on SQLite alike:
# opening one and running its PRAGMAs cost about as much as a trivial request. CONN_MAX_AGE=0
# opens a new one for every request.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", 600)),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # init_command runs once per connection, so the PRAGMAs run once per worker thread.
    DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)
    # Tests use a file, not shared memory: the live server's threads then lock like production.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get("TEST_SQLITE_NAME") or f"/tmp/scorekeeper-test-{os.getpid()}.sqlite3"
    }

# The page cache (scorekeeper.serving.pagecache) is correct with any of these, because the
# versions in its keys are read from the database on every request; a cache the workers share
# only renders each page once instead of once per worker. CACHE=file (the default without
# DEBUG): the workers of one machine share CACHE_DIR. CACHE=db: every server on the same
# database shares a table (run `manage.py createcachetable` once). CACHE=locmem: each process
# its own.


def cache_dir() -> Path:
    """Where CACHE=file keeps its files: CACHE_DIR, else the user's cache directory (outside the
    checkout, so a deploy's `git pull` never sees them)."""
    if os.environ.get("CACHE_DIR"):
        return Path(os.environ["CACHE_DIR"])
    home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(home) / "scorekeeper"


CACHE = os.environ.get("CACHE", "locmem" if DEBUG else "file")
CACHE_BACKENDS = {
    "locmem": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "file": {
        "BACKEND": "scorekeeper.serving.cache.PlainFileCache",
        "LOCATION": str(cache_dir()),
    },
    "db": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "scorekeeper_cache",
    },
}
if CACHE not in CACHE_BACKENDS:
    raise RuntimeError(f"CACHE must be one of {', '.join(CACHE_BACKENDS)}, not {CACHE!r}.")
CACHES = {
    "default": {**CACHE_BACKENDS[CACHE], "OPTIONS": {"MAX_ENTRIES": 5000, "CULL_FREQUENCY": 4}},
    # The parts of a page that change only with its table ({% cache %} in the match page): each
    # process draws them once, and a page drawn afresh for a new hand reads them from memory.
    "fragments": {**CACHE_BACKENDS["locmem"], "OPTIONS": {"MAX_ENTRIES": 5000}},
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365 * 2
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("es", _("Spanish")),
    ("sv", _("Swedish")),
]
LOCALE_PATHS = [BASE_DIR / "scorekeeper" / "locale"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365 * 2
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "America/New_York")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "scorekeeper.serving.storage.MinifiedStaticFilesStorage"
        )
    },
}
WHITENOISE_MAX_AGE = 60 * 60 * 24 * 365 if not DEBUG else 0
# Every static file is used by our own pages only: no "Access-Control-Allow-Origin: *" on each.
WHITENOISE_ALLOW_ALL_ORIGINS = False

# A strict policy: every script and style comes from our own origin, nothing inline.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "object-src": [CSP.NONE],
}

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if not DEBUG:
    # Behind a proxy that terminates TLS and says so in X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True

# Table creation per client address and hour, so a script cannot fill the database.
TABLES_PER_HOUR = int(os.environ.get("TABLES_PER_HOUR", 100))
# New or restored tournaments from one address in an hour (each makes its rounds' tables too).
TOURNAMENTS_PER_HOUR = int(os.environ.get("TOURNAMENTS_PER_HOUR", 10))
# New clubs from one address in an hour.
CLUBS_PER_HOUR = int(os.environ.get("CLUBS_PER_HOUR", 10))
# Photos counted from one address in an hour (each costs a fraction of a second of CPU).
PHOTOS_PER_HOUR = int(os.environ.get("PHOTOS_PER_HOUR", 60))
# The largest photo the photo count takes (the phone's script sends at most 1600 px, far less).
PHOTO_MAX_MB = 10
# New matches per table and hour: a real table plays a few; a script with a key gets no more.
MATCHES_PER_HOUR = int(os.environ.get("MATCHES_PER_HOUR", 30))
# The largest backup file an import takes (a table with years of matches is well under this).
# A tournament's watch page and big screen are drawn at most once in this many seconds, however
# many phones and screens refresh them (0: drawn for every request).
TOURNAMENT_KEEP_SECONDS = int(os.environ.get("TOURNAMENT_KEEP_SECONDS", 1))
IMPORT_MAX_BYTES = int(os.environ.get("IMPORT_MAX_BYTES", 2_000_000))
# How many proxies stand in front of the app and append to X-Forwarded-For. 0: the header is
# ignored (anybody can write it) and the client's address is REMOTE_ADDR. N: the Nth address
# from the right, the one the outermost proxy of ours saw.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", 0))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
