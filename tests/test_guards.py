"""Guards catch what changed: the simulated provider's plan, a dirty tree, one builder per run kind."""

from __future__ import annotations

from dataclasses import replace

from core import tiers
from core.bands import band, comparable_groups, what_changed
from core.compare import run_figures
from core.fixtures import load_fixtures, record_fixtures
from core.gold_check import run_gold_check
from core.guards import GUARD_NAMES, Guards, differing, faulted
from core.runner import run_eval
from core.simulated import FaultPlan, SimulatedProvider
from core.store import git_dirty

FIVE = {"case_set", "checklist", "prompt", "grader", "tier_settings"}


def simulated_run(store, corpus, cases, provider: SimulatedProvider) -> str:
    extractor, settings, fingerprint = tiers.build("simulated", base_url=provider.url + "/v1")
    try:
        return run_eval(store, corpus, cases, extractor, split="sample", settings=settings,
                        prompt_fingerprint=fingerprint)[0]
    finally:
        extractor.close()


def test_the_simulated_providers_plan_is_a_guard_and_faults_are_not_deterministic(store, banks1):
    cases = banks1.select("sample", limit=8)
    with SimulatedProvider(0, seed=1) as plain:
        quiet = [simulated_run(store, banks1, cases, plain) for _ in range(2)]
    with SimulatedProvider(0, seed=1, jitter_ms=1.0, faults=FaultPlan.parse("500=0.2", seed=3)) as noisy:
        faulty = [simulated_run(store, banks1, cases, noisy) for _ in range(2)]
    recorded = store.run(faulty[0])
    assert {store.run(r)["status"] for r in faulty} == {"finished"}  # retries recover the 500s
    assert recorded["settings"]["simulated_plan"]["faults"] == {"500": 0.2}
    assert recorded["settings"]["simulated_plan"]["fault_seed"] == 3 and faulted(recorded["settings"])
    assert not faulted(store.run(quiet[0])["settings"])
    # the same tier, the same cases: only the provider's plan tells the two pairs apart
    assert "provider_plan" in differing(store.run(quiet[0])["guards"], recorded["guards"])
    groups = {g.runs["run_id"].iloc[0]: g for g in comparable_groups(store)}
    assert band("decision_accuracy", groups[quiet[0]].runs).basis == "exact"
    assert band("decision_accuracy", groups[faulty[0]].runs).basis != "exact"  # faults vary run to run


def test_a_server_that_does_not_describe_itself_counts_as_faulted():
    settings = {"simulated": True, "simulated_plan": None}
    assert faulted(settings) and not faulted({"tier": "offline"})


def test_a_dirty_tree_is_recorded_beside_the_revision_and_named_as_a_change(store, banks1):
    extractor, settings, fingerprint = tiers.build("offline")
    run_id, _ = run_eval(store, banks1, banks1.select("sample", limit=3), extractor, split="sample",
                         settings=settings, prompt_fingerprint=fingerprint)
    row = run_figures(store).set_index("run_id").loc[run_id]
    assert row["git_dirty"] == git_dirty()
    dirty = {"git_rev": "abc", "git_dirty": True}
    assert any("uncommitted" in change for change in what_changed(dirty, dirty))
    assert what_changed({"git_rev": "abc", "git_dirty": False}, {"git_rev": "abc", "git_dirty": False}) == []


def test_every_kind_of_run_records_the_same_guard_names(store, sgd_dir):
    fixtures = load_fixtures()[:3]
    fixture_run = record_fixtures(store, fixtures, sgd_dir=sgd_dir)[0]
    gold_run, _ = run_gold_check(store, ["RideSharing_1"], "intent", sgd_dir=sgd_dir)
    for run_id in (fixture_run, gold_run):
        guards = store.run(run_id)["guards"]
        assert set(guards) == FIVE and set(guards) <= set(GUARD_NAMES), run_id
    # an edited fixture under the same id is another case set
    edited = Guards(**store.run(fixture_run)["guards"])
    reworded = [replace(fixtures[0], why="reworded"), *fixtures[1:]]
    assert store.run(record_fixtures(store, reworded, sgd_dir=sgd_dir)[0])["guards"]["case_set"] != edited.case_set


def test_every_run_the_contract_judges_records_its_rules_version():
    from core.contract import RULES_VERSION
    from core.guards import contract_guards
    from core.tiers import build

    # a turn on any tier passes the contract, so its rules are part of the tier's settings; a contract run is
    # graded by the contract itself, so they are part of its grader
    assert build("offline")[1]["contract"] == RULES_VERSION
    assert contract_guards([("a", 1)], ["x"], {"check": "fixtures"}).grader == f"contract:{RULES_VERSION}"
    assert RULES_VERSION.startswith("contract-") and "offline-" in RULES_VERSION
