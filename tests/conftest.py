"""Shared fixtures: the local SGD copy, a fresh DuckDB store in a temp dir, and a configuration
that is the test run's own (no developer key, secrets file, run store or cache is read or written)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core import config, shard_index
from core.corpus import build_corpus
from core.sgd_source import SIBLING_COPY
from core.store import Store
from tests.loopback import Clients
from tests.tiny_sgd import write_tiny_sgd

SGD_DIR = Path(os.environ.get("SGD_DIR") or SIBLING_COPY)


# Set by the developer, cleared for the tests: every key variable (by name shape) and these.
CLEARED = (config.TIERS_ENV, config.BOOTSTRAP_ENV, config.BUDGET_ENV, config.SGD_BASE_URL_ENV, config.LOG_ENV)


@pytest.fixture(scope="session", autouse=True)
def _own_configuration(tmp_path_factory):
    """The whole session (and every process it starts) reads its config from a temp folder: the
    secrets file is absent, the run store and the corpus cache are temp ones, and no key variable
    is set, so no test reaches a real API with a developer's key or writes into the checkout.
    SGD_DIR stays: it is where the corpus is read from. Tests that need a key or a setting set it
    with monkeypatch."""
    home = tmp_path_factory.mktemp("config")
    with pytest.MonkeyPatch.context() as patch:
        for name in sorted(config.key_like_names()) + list(CLEARED):
            patch.delenv(name, raising=False)
        patch.setenv(config.SECRETS_ENV, str(home / "secrets.toml"))  # no such file: no secret in it
        patch.setenv(config.CACHE_ENV, str(home / "cache"))
        patch.setenv(config.RUNS_DB_ENV, str(home / "runs.duckdb"))
        yield home


@pytest.fixture(scope="session")
def sgd_dir() -> Path:
    if not (SGD_DIR / "train" / "schema.json").exists():
        pytest.fail(f"the SGD copy is missing at {SGD_DIR}: set SGD_DIR to an SGD-layout folder")
    return SGD_DIR


@pytest.fixture(scope="session")
def banks1(sgd_dir):
    return build_corpus("Banks_1", "dialogue", sgd_dir=sgd_dir, download=False)


@pytest.fixture(scope="session")
def banks1_intent(sgd_dir):
    return build_corpus("Banks_1", "intent", sgd_dir=sgd_dir, download=False)


@pytest.fixture()
def store(tmp_path) -> Store:
    return Store(tmp_path / "runs.duckdb")


@pytest.fixture()
def clients():
    """Makes httpx clients for a test and closes them all after it."""
    made = Clients()
    yield made
    made.close()


@pytest.fixture(autouse=True)
def _fresh_probes():
    """Server probes are remembered per base URL for minutes; a test's loopback port may be reused."""
    from core.extractors import probe

    probe.clear()
    yield
    probe.clear()


@pytest.fixture(scope="session")
def dashboard_filled(tmp_path_factory, banks1, sgd_dir) -> tuple[Path, dict[str, str]]:
    """One store with real runs of every kind, shared by the dashboard's AppTest modules (built once: ~20 s)."""
    from tests.dashboard_store import filled_store, record_command, record_generality

    path = tmp_path_factory.mktemp("dashboard") / "runs.duckdb"
    ids = filled_store(path, banks1, sgd_dir)
    record_generality(path, tmp_path_factory.mktemp("tiny-sgd"))
    # the gold check last: the newest contract run is then the gold one, as after `python -m evals gold-check`
    # (on train services: a page test reads it, and no test reads a dev or test service's figures)
    record_command(["gold-check", "--services", "Banks_1", "RideSharing_1", "--sgd", str(sgd_dir), "--db", str(path)])
    return path, ids


@pytest.fixture()
def tiny(tmp_path, monkeypatch):
    """A tiny SGD-shaped folder (tests/tiny_sgd.py) with its own case cache and a fresh shard index."""
    monkeypatch.setenv(config.CACHE_ENV, str(tmp_path / "cache"))  # worker processes inherit it
    shard_index.clear_memo()
    yield write_tiny_sgd(tmp_path / "sgd")
    shard_index.clear_memo()
