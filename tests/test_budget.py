"""The daily call budget: reserved in the store before each metered attempt, shared by
processes, stops a run as partial; loopback and unpriced tiers use none."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from core import tiers
from core.budget import Budget, is_loopback, is_metered, limit_from_env, today
from core.runner import run_eval
from core.simulated import SimulatedProvider
from tests.kill_harness import served, start_cli, tiers_file
from tests.loopback import Loopback, Reply

KEY_ENV = "OPENAI_API_KEY"


def calls_reserved_elsewhere(store, n: int, day=None) -> None:
    """Reservations as another process using the same store would have made them."""
    store.reserve_calls(day or today(), n, 10_000, "r-other")


def paid_run(store, corpus, cases, provider_url: str, **kwargs):
    """The `fast` tier (a paid provider's wire) pointed at the loopback simulated server, metered."""
    overrides = kwargs.pop("overrides", {})
    extractor, settings, prompt_fp = tiers.build("fast", base_url=provider_url + "/v1", metered=True, **overrides)
    try:
        return run_eval(store, corpus, cases, extractor, split="held-out", settings=settings,
                        prompt_fingerprint=prompt_fp, **kwargs)
    finally:
        extractor.close()


def test_only_todays_reservations_count(store):
    calls_reserved_elsewhere(store, 3)
    calls_reserved_elsewhere(store, 4, day=today() - timedelta(days=1))
    assert Budget(store, limit=10).used == 3


def test_a_reservation_never_goes_past_the_limit(store):
    assert store.reserve_calls(today(), 4, 6) == (4, 0)
    assert store.reserve_calls(today(), 4, 6) == (2, 4)
    assert store.reserve_calls(today(), 4, 6) == (0, 6)
    store.reserve_calls(today(), -1, 6)  # handed back unspent
    assert store.calls_reserved(today()) == 5


def test_reaching_the_budget_stops_the_run_as_partial(store, banks1, monkeypatch):
    monkeypatch.setenv(KEY_ENV, "sk-test-budget-0123456789")
    monkeypatch.setenv("MAX_CALLS_PER_DAY", "5")
    with SimulatedProvider(0) as provider:
        run_id, summary = paid_run(store, banks1, banks1.select("held-out", limit=12), provider.url)
    run = store.run(run_id)
    assert run["status"] == "partial"
    assert "daily call budget reached" in run["status_note"] and "MAX_CALLS_PER_DAY=5" in run["status_note"]
    assert summary["n"] == 5 and len(store.calls(run_id)) == 5
    assert summary["budget"] == {"limit": 5, "used_today": 5, "spent_by_run": 5}


def test_retries_count_and_a_refused_retry_stops_the_run(store, banks1, monkeypatch):
    monkeypatch.setenv(KEY_ENV, "sk-test-budget-0123456789")
    with Loopback([Reply(500, {"error": {"message": "busy"}})]) as server:
        run_id, summary = paid_run(store, banks1, banks1.select("held-out", limit=3), server.url,
                                   budget=Budget(store, limit=3), overrides={"attempts": 4, "base_wait_s": 0.0})
        assert len(server.requests) == 3
    run = store.run(run_id)
    assert run["status"] == "partial" and summary["n"] == 0
    assert len(store.calls(run_id)) == 3  # recorded although their case never finished


def test_the_budget_is_shared_with_other_processes_through_the_store(store, banks1, monkeypatch):
    monkeypatch.setenv(KEY_ENV, "sk-test-budget-0123456789")
    calls_reserved_elsewhere(store, 4)
    with SimulatedProvider(0) as provider:
        run_id, summary = paid_run(store, banks1, banks1.select("held-out", limit=12), provider.url,
                                   budget=Budget(store, limit=5), concurrency=1)
    assert store.run(run_id)["status"] == "partial" and summary["n"] == 1


def test_simulated_calls_use_no_budget(store, banks1, monkeypatch):
    monkeypatch.setenv("MAX_CALLS_PER_DAY", "0")
    with SimulatedProvider(0) as provider:
        extractor, settings, prompt_fp = tiers.build("simulated", base_url=provider.url + "/v1")
        try:
            run_id, summary = run_eval(store, banks1, banks1.select("held-out", limit=4), extractor,
                                       split="held-out", settings=settings, prompt_fingerprint=prompt_fp)
        finally:
            extractor.close()
    assert store.run(run_id)["status"] == "finished" and summary["n"] == 4 and "budget" not in summary


@pytest.mark.parametrize("raw", ["many", "-1"])
def test_a_bad_budget_setting_is_one_clear_error(monkeypatch, raw):
    monkeypatch.setenv("MAX_CALLS_PER_DAY", raw)
    with pytest.raises(ValueError, match="MAX_CALLS_PER_DAY must"):
        limit_from_env()


def test_loopback_and_unpriced_tiers_use_no_budget(store, banks1, monkeypatch):
    monkeypatch.setenv(KEY_ENV, "sk-test-budget-0123456789")
    monkeypatch.setenv("MAX_CALLS_PER_DAY", "0")
    with SimulatedProvider(0) as provider:
        extractor, settings, prompt_fp = tiers.build("fast", base_url=provider.url + "/v1")
        try:
            run_id, summary = run_eval(store, banks1, banks1.select("held-out", limit=3), extractor,
                                       split="held-out", settings=settings, prompt_fingerprint=prompt_fp)
        finally:
            extractor.close()
    assert store.run(run_id)["status"] == "finished" and "budget" not in summary
    assert store.calls_reserved(today()) == 0


@pytest.mark.parametrize(("provider", "spec", "metered"), [
    ("openai", {"rate": "openai/gpt-4.1-mini", "base_url": "https://api.example.com/v1"}, True),
    ("openai", {"base_url": "https://api.example.com/v1"}, False),  # unpriced
    ("openai", {"rate": "x", "base_url": "http://127.8.0.1:8080/v1"}, False),
    ("openai", {"rate": "x", "base_url": "http://localhost:8080/v1"}, False),
    ("openai", {"rate": "x", "base_url": "http://[::1]:8080/v1"}, False),
    ("openai", {"base_url": "http://127.0.0.1:8080/v1", "metered": True}, True),
    ("openai", {"rate": "x", "base_url": "https://api.example.com/v1", "metered": False}, False),
    ("simulated", {"base_url": "http://127.0.0.1:8765/v1"}, False),
])
def test_which_tiers_are_metered(provider, spec, metered):
    assert is_metered(provider, spec) is metered


def test_loopback_hosts():
    assert is_loopback("http://127.0.0.1:1/v1") and is_loopback("http://[::1]/") and is_loopback("http://localhost")
    assert not is_loopback("https://api.openai.com/v1") and not is_loopback("::::")


def test_two_processes_make_at_most_the_budget_together(tmp_path, sgd_dir):
    db = tmp_path / "runs.duckdb"
    with SimulatedProvider(0, latency_ms=20) as provider:
        path = tiers_file(tmp_path, provider.port)
        env = {"MAX_CALLS_PER_DAY": "50"}
        runs = [start_cli(db, path, sgd_dir, tier="paid", concurrency=4, env=env, extra=("--limit", "200"))
                for _ in range(2)]
        outs = [p.communicate(timeout=300) for p in runs]
        total = served(provider)
    assert total <= 50, total
    results = [json.loads(out.decode().strip().splitlines()[-1]) for out, _err in outs]
    assert [r["status"] for r in results] == ["partial", "partial"]
    assert sum(r["calls"] for r in results) == total


def test_a_run_that_makes_no_call_because_of_the_budget_exits_non_zero(tmp_path, sgd_dir):
    with SimulatedProvider(0) as provider:
        path = tiers_file(tmp_path, provider.port)
        process = start_cli(tmp_path / "runs.duckdb", path, sgd_dir, tier="paid", env={"MAX_CALLS_PER_DAY": "0"},
                            extra=("--limit", "3"))
        _out, err = process.communicate(timeout=120)
        assert served(provider) == 0
    assert process.returncode == 1, err.decode()
    assert "daily call budget reached" in err.decode()
