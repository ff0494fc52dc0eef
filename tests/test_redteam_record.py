"""Red team on the record: every call it makes, the defences' probes included, is a stored
call row and is reserved in the daily budget."""

from __future__ import annotations

from core import tiers
from core.budget import Budget, today
from core.redteam import ATTACKS_FILE, checklist_loader, load_attacks, run_redteam
from core.simulated import SimulatedProvider


def _redteam(store, sgd_dir, tier: str, url: str, **overrides):
    checklists = checklist_loader(sgd_dir)
    attacks = load_attacks(ATTACKS_FILE, checklists)[:3]
    extractor, settings, prompt_fp = tiers.build(tier, base_url=url, **overrides)
    try:
        return run_redteam(store, attacks, extractor, attempts=1, settings=settings, prompt_fingerprint=prompt_fp,
                           checklists=checklists, attacks_path=ATTACKS_FILE)
    finally:
        extractor.close()


def test_every_red_team_call_is_recorded_probes_included(store, sgd_dir):
    with SimulatedProvider(0) as provider:
        run_id, _summary = _redteam(store, sgd_dir, "simulated", provider.url + "/v1")
        served = sum(provider.faults.served.values())
    calls = store.calls(run_id)
    assert served == len(calls) > 3 * 2  # the attacks, their controls and the probe calls
    assert (calls["case_id"] == "probe:defences").sum() == served - 3 * 2
    assert store.run(run_id)["status"] == "finished"


def test_red_team_calls_are_budgeted_and_a_spent_budget_stops_it_as_partial(store, sgd_dir, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-redteam-0123456789")
    monkeypatch.setenv("MAX_CALLS_PER_DAY", "4")
    with SimulatedProvider(0) as provider:
        run_id, _summary = _redteam(store, sgd_dir, "fast", provider.url + "/v1", metered=True)
        served = sum(provider.faults.served.values())
    run = store.run(run_id)
    assert served == 4 == len(store.calls(run_id)) == Budget(store, 4).used == store.calls_reserved(today())
    assert run["status"] == "partial" and "daily call budget reached" in run["status_note"]
