"""A model case's prompt is stored once, on its calls, and read back the same everywhere; an old
store that held it twice migrates and reads the same."""

from __future__ import annotations

import duckdb

from core import tiers
from core.extractors.replay import ReplayExtractor
from core.migrations import MIGRATIONS
from core.runner import run_eval
from core.simulated import SimulatedProvider
from core.store import Store


def _simulated_run(store, corpus, cases):
    with SimulatedProvider(0) as provider:
        extractor, settings, prompt_fp = tiers.build("simulated", base_url=provider.url + "/v1")
        try:
            return run_eval(store, corpus, cases, extractor, split="held-out", settings=settings,
                            prompt_fingerprint=prompt_fp, concurrency=4)[0]
        finally:
            extractor.close()


def test_a_model_case_keeps_its_prompt_on_its_call_and_reads_it_back(store, banks1):
    cases = banks1.select("held-out", limit=6)
    run_id = _simulated_run(store, banks1, cases)
    stored = store.query("SELECT count(prompt) AS kept FROM cases WHERE run_id = ?", [run_id])
    assert int(stored["kept"][0]) == 0  # no case row holds a second copy
    for case in cases:
        calls = store.calls(run_id, case.case_id)
        row = store.case(run_id, case.case_id)
        assert row["prompt"] and row["prompt"] == calls["prompt"].iloc[0]
        assert case.lines[-1].text in row["prompt"]
    # the replay tier reads the same prompts and reproduces every decision
    replay = ReplayExtractor.from_store(store, run_id)
    assert {cid: entry["prompt"] for cid, entry in replay.recorded.items()} == {
        c.case_id: store.case(run_id, c.case_id)["prompt"] for c in cases}


def _old_store(path, prompt: str) -> None:
    """A store at the schema before m012, holding one case whose prompt is also on its call."""
    db = duckdb.connect(str(path))
    db.execute("CREATE TABLE migrations (name VARCHAR PRIMARY KEY, applied_at TIMESTAMP)")
    for name, step in MIGRATIONS:
        if name == "m012_prompt_once":
            break
        step(db)
        db.execute("INSERT INTO migrations VALUES (?, now())", [name])
    db.execute("INSERT INTO runs (run_id, kind, tier, tier_kind, status, started_at) "
               "VALUES ('r-old', 'eval', 'sim', 'simulated', 'finished', now())")
    db.execute("INSERT INTO cases (run_id, case_id, repeat, prompt, decision) VALUES "
               "('r-old', 'c1', 0, ?, 'ask'), ('r-old', 'c2', 0, 'only here', 'stop')", [prompt])
    db.execute("INSERT INTO calls (run_id, case_id, repeat, attempt, prompt) VALUES "
               "('r-old', 'c1', 0, 1, ?), ('r-old', 'c1', 0, 2, ?)", [prompt, prompt])
    db.close()


def test_an_old_store_that_held_the_prompt_twice_reads_the_same(tmp_path):
    path = tmp_path / "old.duckdb"
    _old_store(path, "SYSTEM\nthe rendered prompt")
    store = Store(path)
    assert "m012_prompt_once" in store.query("SELECT name FROM migrations")["name"].tolist()
    kept = store.query("SELECT case_id, prompt FROM cases ORDER BY case_id")
    assert kept["prompt"].isna().tolist() == [True, False]  # c1's copy went; c2 has no call holding it
    assert store.case("r-old", "c1")["prompt"] == "SYSTEM\nthe rendered prompt"
    assert store.case("r-old", "c2")["prompt"] == "only here"
    replay = ReplayExtractor.from_store(store, "r-old")
    assert replay.recorded["c1"]["prompt"] == "SYSTEM\nthe rendered prompt"
    assert replay.recorded["c2"]["prompt"] == "only here"
