"""The daily call budget: counted from the store, shared by processes, stops a run as partial."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core import tiers
from core.budget import Budget, limit_from_env, today_start
from core.runner import run_eval
from core.simulated import SimulatedProvider

KEY_ENV = "OPENAI_API_KEY"


def calls_made_elsewhere(store, n: int, provider: str = "openai", when=None) -> None:
    """Call rows as another process using the same store would have written them."""
    store.add_calls([{"run_id": "r-other", "case_id": f"c{i}", "attempt": 1, "provider": provider, "model": "m",
                      "prompt": "p", "called_at": when} for i in range(n)])


def paid_run(store, corpus, cases, provider_url: str, **kwargs):
    """The `fast` tier (a paid provider's wire) pointed at the loopback simulated server."""
    extractor, settings, prompt_fp = tiers.build("fast", base_url=provider_url + "/v1")
    try:
        return run_eval(store, corpus, cases, extractor, split="held-out", settings=settings,
                        prompt_fingerprint=prompt_fp, **kwargs)
    finally:
        extractor.close()


def test_only_todays_paid_calls_count(store):
    calls_made_elsewhere(store, 3)
    calls_made_elsewhere(store, 5, provider="simulated")
    calls_made_elsewhere(store, 4, when=today_start() - timedelta(hours=1))
    assert Budget(store, limit=10).used == 3


def test_reaching_the_budget_stops_the_run_as_partial(store, banks1, monkeypatch):
    monkeypatch.setenv(KEY_ENV, "sk-test-budget-0123456789")
    monkeypatch.setenv("MAX_CALLS_PER_DAY", "5")
    with SimulatedProvider(0) as provider:
        run_id, summary = paid_run(store, banks1, banks1.select("held-out", limit=12), provider.url)
    run = store.run(run_id)
    assert run["status"] == "partial"
    assert "daily call budget reached" in run["status_note"] and "MAX_CALLS_PER_DAY=5" in run["status_note"]
    assert summary["n"] == 5 and len(store.calls(run_id)) == 5
    assert summary["budget"] == {"limit": 5, "used_today": 5}


def test_the_budget_is_shared_with_other_processes_through_the_store(store, banks1, monkeypatch):
    monkeypatch.setenv(KEY_ENV, "sk-test-budget-0123456789")
    calls_made_elsewhere(store, 4)
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
