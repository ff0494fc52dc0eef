"""Every path and environment variable Chat Intake reads, in one module.

Values are read when asked for, never at import, so a test (or a second store in one process) can
point them elsewhere. Keys themselves are read by core/secrets.py alone, through `env()`.

    RUNS_DB                 the run store (default ./runs.duckdb in the project)
    SGD_DIR                 an SGD-layout folder (else data/sgd, then a shared/sgd beside the checkout)
    SGD_BASE_URL            where the downloader fetches shards (default: the dataset's public repository)
    CHAT_INTAKE_TIERS       the tiers file (default data/tiers.toml)
    CHAT_INTAKE_SECRETS     the secrets file (default .streamlit/secrets.toml)
    CHAT_INTAKE_CACHE       built case sets (default data/cache)
    CHAT_INTAKE_BOOTSTRAP   0: open an empty store as it is
    CHAT_INTAKE_LOG         the log level of the command line (default WARNING)
    MAX_CALLS_PER_DAY       the shared daily call budget (core/budget.py)
    a tier's key_env, base_url_env and model_env (data/tiers.toml names them)
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = PROJECT_ROOT / "data"
DEFAULT_DB = PROJECT_ROOT / "runs.duckdb"
TIERS_FILE = DATA_DIR / "tiers.toml"
RATES_FILE = DATA_DIR / "rates.toml"
FIXTURES_DIR = DATA_DIR / "contract"
ATTACKS_FILE = DATA_DIR / "attacks.json"
DOWNLOAD_DIR = DATA_DIR / "sgd"  # the downloader's own cache (git-ignored)
SIBLING_COPY = PROJECT_ROOT.parent / "shared" / "sgd"
DEFAULT_CACHE_DIR = DATA_DIR / "cache"
SECRETS_FILE = PROJECT_ROOT / ".streamlit" / "secrets.toml"
KEY_SUFFIXES = ("_KEY", "_TOKEN", "_SECRET")  # variables that may hold a key, whatever a tier calls them

RUNS_DB_ENV = "RUNS_DB"
SGD_DIR_ENV = "SGD_DIR"
SGD_BASE_URL_ENV = "SGD_BASE_URL"
TIERS_ENV = "CHAT_INTAKE_TIERS"
SECRETS_ENV = "CHAT_INTAKE_SECRETS"
CACHE_ENV = "CHAT_INTAKE_CACHE"
BOOTSTRAP_ENV = "CHAT_INTAKE_BOOTSTRAP"
LOG_ENV = "CHAT_INTAKE_LOG"
BUDGET_ENV = "MAX_CALLS_PER_DAY"


def env(name: str) -> str | None:
    """One environment variable, or None when unset or empty."""
    return os.environ.get(name) or None


def runs_db() -> Path:
    return Path(env(RUNS_DB_ENV) or DEFAULT_DB)


def sgd_dir() -> Path | None:
    value = env(SGD_DIR_ENV)
    return Path(value) if value else None


def sgd_base_url(default: str) -> str:
    return (env(SGD_BASE_URL_ENV) or default).rstrip("/")


def tiers_file() -> Path:
    return Path(env(TIERS_ENV) or TIERS_FILE)


def secrets_file() -> Path:
    return Path(env(SECRETS_ENV) or SECRETS_FILE)


def cache_dir() -> Path:
    return Path(env(CACHE_ENV) or DEFAULT_CACHE_DIR)


def bootstrap_enabled() -> bool:
    return os.environ.get(BOOTSTRAP_ENV, "1") != "0"


def log_level() -> str:
    return (env(LOG_ENV) or "WARNING").upper()


def budget_limit_text() -> str | None:
    return env(BUDGET_ENV)


def key_like_names() -> set[str]:
    """Every environment variable whose name says it may hold a key (`*_KEY`, `*_TOKEN`, `*_SECRET`)."""
    return {name for name in os.environ if name.upper().endswith(KEY_SUFFIXES)}
