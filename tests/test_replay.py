"""Replay: an earlier run's raw replies re-served with no call, judged again by today's rules."""

from __future__ import annotations

import json

import pytest

from core import tiers
from core.extractors.replay import ReplayExtractor
from core.runner import run_eval
from core.simulated import FaultPlan, SimulatedProvider
from dashboard import ui
from evals.cli import main


@pytest.fixture()
def recorded(store, banks1):
    """A simulated run whose replies include cut, truncated and malformed ones."""
    cases = banks1.select("held-out", limit=30)
    faults = FaultPlan.parse("cut=0.15,truncated=0.15,malformed=0.1", seed=3)
    with SimulatedProvider(0, faults=faults) as provider:
        extractor, settings, prompt_fp = tiers.build("simulated", base_url=provider.url + "/v1")
        try:
            run_id, summary = run_eval(store, banks1, cases, extractor, split="held-out", settings=settings,
                                       prompt_fingerprint=prompt_fp, concurrency=4)
        finally:
            extractor.close()
    assert summary["failed_extractions"] > 0
    return run_id


def replay(store, corpus, cases, from_run: str):
    extractor, settings, prompt_fp = tiers.build("replay", from_run=from_run, store=store)
    return run_eval(store, corpus, cases, extractor, split="held-out", settings=settings,
                    prompt_fingerprint=prompt_fp)


def test_replay_reproduces_every_decision_and_status_without_a_call(store, banks1, recorded):
    run_id, summary = replay(store, banks1, banks1.select("held-out", limit=30), recorded)
    columns = "case_id, decision, status, collected, raw_reply"
    assert store.cases(run_id, columns).equals(store.cases(recorded, columns))
    assert store.calls(run_id).empty and summary["calls"] == 0
    run, source = store.run(run_id), store.run(recorded)
    assert run["tier_kind"] == "replay" and run["settings"]["from_run"] == recorded
    assert run["guards"]["prompt"] == source["guards"]["prompt"]  # same prompt: the replay is comparable
    assert run["guards"]["tier_settings"] != source["guards"]["tier_settings"]  # but not the same tier


def test_a_case_the_source_run_never_saw_fails_safe(store, banks1, recorded):
    run_id, _ = replay(store, banks1, banks1.select("held-out", limit=40), recorded)
    rows = store.cases(run_id)
    extra = rows[~rows["case_id"].isin(store.cases(recorded)["case_id"])]
    assert len(extra) == 10
    assert set(extra["status"]) == {"provider_error"} and set(extra["decision"]) == {"ask"}
    calls = store.calls(run_id)  # no call was made: the one row per missing case says why it failed
    assert sorted(calls["case_id"]) == sorted(extra["case_id"])
    assert set(calls["error"]) == {f"no recorded reply for this case in run {recorded}"}
    assert set(calls["provider"]) == {"replay"}


def test_a_replay_of_a_simulated_run_is_labelled_simulated(store, banks1, recorded, tmp_path, capsys):
    cases = banks1.select("held-out", limit=30)
    run_id, _ = replay(store, banks1, cases, recorded)
    again, _ = replay(store, banks1, cases, run_id)  # a replay of that replay is still simulated underneath
    for rid in (run_id, again):
        run = store.run(rid)
        assert run["tier"] == "replay of simulated" and run["tier_kind"] == "replay"
        assert run["settings"]["simulated"] is True
        assert ui.tier_label(run["tier"], run["tier_kind"]) == "replay of simulated"
    assert main(["runs", "--db", str(store.path)]) == 0
    listing = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert "replay (simulated)" in listing[run_id] and "replay (simulated)" in listing[again]
    assert listing[recorded].split()[3] == "simulated"
    assert main(["runs", "--db", str(store.path), "--json"]) == 0
    rows = {r["run_id"]: r for r in json.loads(capsys.readouterr().out.strip().splitlines()[-1])["runs"]}
    assert rows[run_id]["simulated"] and rows[recorded]["simulated"]


def test_a_replay_of_a_real_model_run_is_not_labelled_simulated():
    source = {"tier": "fast", "tier_kind": "model", "settings": {"tier": "fast", "kind": "model"}, "guards": {}}
    extractor = ReplayExtractor("r-model", {"c": {}}, source)
    assert extractor.tier == "replay" and "simulated" not in extractor.settings
    assert ui.tier_label(extractor.tier, extractor.kind) == "replay"


def test_replay_needs_a_run_with_replies(store, banks1):
    offline, settings, prompt_fp = tiers.build("offline")
    offline_run, _ = run_eval(store, banks1, banks1.select("held-out", limit=3), offline, split="held-out",
                              settings=settings, prompt_fingerprint=prompt_fp)
    with pytest.raises(ValueError, match="recorded no replies"):
        tiers.build("replay", from_run=offline_run, store=store)
    with pytest.raises(KeyError, match="no run 'r-missing'"):
        tiers.build("replay", from_run="r-missing", store=store)


def test_the_cli_asks_for_from_run_in_one_line(capsys, sgd_dir, tmp_path):
    code = main(["run", "--tier", "replay", "--service", "Banks_1", "--sgd", str(sgd_dir), "--limit", "2",
                 "--db", str(tmp_path / "runs.duckdb")])
    assert code == 2
    assert capsys.readouterr().err.strip() == ("error: the replay tier needs --from-run RUN_ID "
                                               "(a run recorded in this store)")
