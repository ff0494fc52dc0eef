"""Shared fixtures: the local SGD copy, a fresh DuckDB store in a temp dir."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core.corpus import build_corpus
from core.sgd_source import SIBLING_COPY
from core.store import Store
from tests.loopback import Clients

SGD_DIR = Path(os.environ.get("SGD_DIR") or SIBLING_COPY)


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
    record_command(["gold-check", "--services", "Banks_1", "Payment_1", "--sgd", str(sgd_dir), "--db", str(path)])
    return path, ids
