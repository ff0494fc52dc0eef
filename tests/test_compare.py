"""The run table, two runs side by side and the review queue, on real stores with real runs."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from core import tiers
from core.compare import RUN_COLUMNS, compare_runs, run_table, stopped_early_queue, verdict_counts
from core.cost import rates_by_key
from core.floors import run_floors
from core.grade import CaseGrade, fact_outcome, wilson
from core.grade import Rate as Proportion
from core.runner import run_eval
from core.store import JSON_CASE_COLUMNS, Store

SUBSET = 30
FAST = {"provider": "openai", "model": "gpt-4.1-mini", "strategy": "transcript", "rate": "openai/gpt-4.1-mini"}


def offline_run(store: Store, corpus, limit: int = SUBSET, split: str = "held-out") -> str:
    extractor, settings, fingerprint = tiers.build("offline")
    run_id, _ = run_eval(store, corpus, corpus.select(split, limit), extractor, split=split, settings=settings,
                         prompt_fingerprint=fingerprint)
    return run_id


def case_rows(store: Store, run_id: str) -> list[dict]:
    """A run's case rows as add_cases takes them (JSON columns decoded)."""
    rows = store.cases(run_id).to_dict("records")
    for row in rows:
        for col in JSON_CASE_COLUMNS:
            if isinstance(row[col], str):
                row[col] = json.loads(row[col])
    return rows


def copy_run(store: Store, source: str, mutate: Callable[[list[dict]], None] | None = None, *,
             tier: str | None = None, tier_kind: str | None = None, settings: dict | None = None,
             guards: dict | None = None, calls: Callable[[dict], dict | None] | None = None) -> str:
    """A new finished run over the source run's cases, recorded through the store's own API.

    `mutate` edits the case rows in place; settings/guards replace the source's (tier_settings guard
    follows settings when guards are not given); `calls` turns a case row into a call row.
    """
    run = store.run(source)
    new_guards = dict(guards or run["guards"])
    if settings is not None and guards is None:
        new_guards["tier_settings"] = json.dumps(settings, sort_keys=True)
    run_id = store.start_run(kind=run["kind"], tier=tier or run["tier"], tier_kind=tier_kind or run["tier_kind"],
                             guards=new_guards, settings=settings if settings is not None else run["settings"],
                             n_planned=run["n_planned"], service=run["service"], split=run["split"],
                             segment=run["segment"], provider=(settings or {}).get("provider"),
                             model=(settings or {}).get("model"))
    rows = case_rows(store, source)
    for row in rows:
        row["run_id"] = run_id
    if mutate:
        mutate(rows)
    store.add_cases(rows)
    if calls:
        store.add_calls([call for call in (calls(row) for row in rows) if call])
    store.finish_run(run_id, "finished", {"n": len(rows)})
    return run_id


def flip_first(rows: list[dict], wanted: str = "ask") -> str:
    """Flip the decision of the first case whose gold decision is `wanted` to the wrong one."""
    row = next(r for r in rows if r["gold_decision"] == wanted)
    row["decision"] = "stop" if wanted == "ask" else "ask"
    row["decision_correct"] = False
    row["stopped_early"] = wanted == "ask"
    return row["case_id"]


def wrong_first_stop(rows: list[dict]) -> str:
    """Give the first right stop on a right record a value gold does not accept, regraded by the grader: the
    decision stays right and nothing stops early, but the record is wrong (`stopped_wrong`)."""
    row = next(r for r in rows if r["decision"] == r["gold_decision"] == "stop" and r["n_wrong"] == 0
               and r["n_correct"] > 0)
    fact = next(f for f, outcome in row["outcomes"].items() if outcome == "correct")
    row["collected"] = {**row["collected"], fact: "not what the customer said"}
    row["outcomes"] = {**row["outcomes"], fact: fact_outcome(row["gold"].get(fact), row["collected"][fact])}
    grade = CaseGrade(row["outcomes"], row["decision"], row["gold_decision"])
    assert grade.stopped_wrong and grade.decision_correct and not grade.stopped_early
    row["n_correct"], row["n_wrong"] = grade.count("correct"), grade.count("wrong")
    return row["case_id"]


def with_tokens(rows: list[dict], base: int = 500, per_turn: int = 100, output: int = 40) -> None:
    for row in rows:
        row["input_tokens"] = base + per_turn * (row["turn_index"] // 2)
        row["output_tokens"] = output
        row["latency_ms"] = 800.0 + row["turn_index"]


def cached_call(cached: int) -> Callable[[dict], dict]:
    def call(row: dict) -> dict:
        return {"run_id": row["run_id"], "case_id": row["case_id"], "repeat": 0, "attempt": 1, "provider": "openai",
                "model": "gpt-4.1-mini", "prompt": "p", "raw_reply": "{}", "input_tokens": row["input_tokens"],
                "output_tokens": row["output_tokens"], "cached_tokens": cached, "latency_ms": row["latency_ms"]}
    return call


def test_run_table_reads_each_runs_figures_from_its_cases(store, banks1):
    first = offline_run(store, banks1)
    second = offline_run(store, banks1, limit=20)
    table = run_table(store)
    assert tuple(table.columns) == RUN_COLUMNS
    assert list(table["run_id"]) == [second, first]  # newest first
    for run_id, n in ((first, SUBSET), (second, 20)):
        row = table.set_index("run_id").loc[run_id]
        summary = store.run(run_id)["summary"]
        assert row["n"] == n == summary["n"]
        assert row["decision_accuracy"] == pytest.approx(summary["decision_accuracy"])
        assert (row["acc_low"], row["acc_high"]) == pytest.approx(tuple(summary["decision_accuracy_ci"]))
        assert row["stopped_early"] == summary["stopped_early"]
        assert row["stopped_wrong"] == summary["stopped_wrong"]
        assert row["wrong"] == summary["wrong"] and row["missed"] == summary["missed"]
        assert row["unparsed"] == summary["failed_extractions"]
        assert row["latency_p50_ms"] <= row["latency_p95_ms"]
        assert row["cost_per_turn_usd"] is None  # offline: no tokens, no price
        assert row["label"] == "" and not row["simulated"] and row["status"] == "finished"


def test_a_stop_on_a_wrong_fact_is_counted_in_the_table_and_side_by_side(store, banks1):
    source = offline_run(store, banks1)
    wrong: list[str] = []
    copy = copy_run(store, source, lambda rows: wrong.append(wrong_first_stop(rows)))
    table = run_table(store).set_index("run_id")
    assert list(RUN_COLUMNS).index("stopped_wrong") == list(RUN_COLUMNS).index("stopped_early") + 1
    assert table.loc[source, "stopped_wrong"] == 0 and table.loc[copy, "stopped_wrong"] == 1
    # one more wrong fact on a right stop: decisions and stopped early do not move
    assert table.loc[copy, "wrong"] == table.loc[source, "wrong"] + 1
    assert table.loc[copy, "stopped_early"] == table.loc[source, "stopped_early"]
    assert table.loc[copy, "decision_accuracy"] == table.loc[source, "decision_accuracy"]
    assert store.run(copy)["summary"]["figures"]["stopped_wrong"] == 1  # saved when the run ended
    side = compare_runs(store, source, copy)
    assert (side["a"]["stopped_wrong"], side["b"]["stopped_wrong"]) == (0, 1)
    assert side["disagreements"].empty  # the same decisions: only the record differs
    row = store.query("SELECT decision, n_wrong, stopped_early FROM cases WHERE run_id = ? AND case_id = ?",
                      [copy, wrong[0]]).iloc[0]
    assert (row["decision"], int(row["n_wrong"]), bool(row["stopped_early"])) == ("stop", 1, False)


def test_stopped_wrong_is_the_graders_count_on_a_tier_that_stops_on_wrong_facts(store, banks1):
    from tests.dashboard_store import EagerExtractor

    run_id, summary = run_eval(store, banks1, banks1.select("held-out", 60), EagerExtractor(), split="held-out",
                               settings={"tier": "eager", "simulated": True}, prompt_fingerprint="eager-test")
    graded = [CaseGrade(r["outcomes"], r["decision"], r["gold_decision"]) for r in case_rows(store, run_id)]
    by_grader = sum(g.stopped_wrong for g in graded)
    assert summary["stopped_wrong"] == by_grader > 0
    assert not any(g.stopped_wrong and g.stopped_early for g in graded)  # the two never count one case
    assert run_table(store).set_index("run_id").loc[run_id, "stopped_wrong"] == by_grader
    assert compare_runs(store, run_id, run_id)["a"]["stopped_wrong"] == by_grader


def test_run_table_prices_a_model_run_and_labels_kinds(store, banks1):
    source = offline_run(store, banks1)
    model_run = copy_run(store, source, with_tokens, tier="fast", tier_kind="model", settings=FAST,
                         calls=cached_call(200))
    simulated = copy_run(store, source, with_tokens, tier="simulated", tier_kind="simulated",
                         settings={"provider": "simulated", "strategy": "transcript"})
    run_floors(store, banks1, banks1.select("held-out", 10), "held-out")
    table = run_table(store).set_index("run_id")
    rows = case_rows(store, model_run)
    mean_in = sum(r["input_tokens"] for r in rows) / len(rows)
    rate = rates_by_key(store)["openai/gpt-4.1-mini"]
    expected = ((mean_in - 200) * rate.input_per_m + 200 * rate.cached_input_per_m + 40 * rate.output_per_m) / 1e6
    assert table.loc[model_run, "input_tokens_per_turn"] == pytest.approx(mean_in)
    assert table.loc[model_run, "output_tokens_per_turn"] == pytest.approx(40)
    assert table.loc[model_run, "cost_per_turn_usd"] == pytest.approx(expected)
    assert table.loc[simulated, "label"] == "simulated" and table.loc[simulated, "simulated"]
    assert table.loc[simulated, "cost_per_turn_usd"] is None  # tokens but no rate named: no price
    floors = run_table(store, kind="floor")
    assert len(floors) == 3 and set(floors["label"]) == {"floor"}
    assert set(run_table(store, kind="eval")["run_id"]) == {source, model_run, simulated}


def test_run_table_of_an_empty_store_has_the_columns(store):
    table = run_table(store)
    assert table.empty and tuple(table.columns) == RUN_COLUMNS


def test_the_one_wilson_interval_matches_scipys_and_every_rate_uses_it():
    import numpy as np
    from scipy.stats import binomtest

    hits, n = np.array([0, 7, 273, 298]), np.array([10, 10, 298, 298])
    low, high = wilson(hits, n)
    for i in range(len(n)):
        ci = binomtest(int(hits[i]), int(n[i])).proportion_ci(confidence_level=0.95, method="wilson")
        assert (low[i], high[i]) == pytest.approx((ci.low, ci.high))
        assert Proportion(int(hits[i]), int(n[i])).interval == (low[i], high[i])


def test_compare_runs_side_by_side_with_a_paired_test_and_disagreements(store, banks1):
    first = offline_run(store, banks1)
    same = offline_run(store, banks1)
    identical = compare_runs(store, first, same)
    assert identical["guards_differ"] == []
    assert identical["disagreements"].empty
    assert identical["paired"] == {"n": SUBSET, "only_a_correct": 0, "only_b_correct": 0, "p_value": 1.0}
    assert identical["a"]["decision_accuracy"] == identical["b"]["decision_accuracy"]

    flipped: list[str] = []
    worse = copy_run(store, first, lambda rows: flipped.append(flip_first(rows)), tier="fast", tier_kind="model",
                     settings=FAST)
    result = compare_runs(store, first, worse)
    assert result["guards_differ"] == ["tier_settings"]
    assert list(result["disagreements"]["case_id"]) == flipped
    row = result["disagreements"].iloc[0]
    assert (row["decision_a"], row["decision_b"], row["gold_decision"]) == ("ask", "stop", "ask")
    assert bool(row["correct_a"]) and not bool(row["correct_b"])
    a_hits = result["a"]["decision_accuracy"]["hits"]
    assert result["b"]["decision_accuracy"]["hits"] == a_hits - 1
    assert result["b"]["stopped_early"] == result["a"]["stopped_early"] + 1
    assert result["paired"]["only_a_correct"] == 1 and result["paired"]["only_b_correct"] == 0
    assert result["a"]["cost_per_turn_usd"] is None


def test_compare_runs_refuses_different_case_sets(store, banks1):
    first = offline_run(store, banks1, limit=SUBSET)
    shorter = offline_run(store, banks1, limit=SUBSET - 5)
    with pytest.raises(ValueError, match="same case set"):
        compare_runs(store, first, shorter)


def test_compare_runs_prices_turns_and_conversations(store, banks1):
    source = offline_run(store, banks1)
    model_run = copy_run(store, source, with_tokens, tier="fast", tier_kind="model", settings=FAST)
    side = compare_runs(store, source, model_run)["b"]
    rows = case_rows(store, model_run)
    rate = rates_by_key(store)["openai/gpt-4.1-mini"]
    total = sum(rate.price(r["input_tokens"], r["output_tokens"]) for r in rows)
    assert side["cost_per_turn_usd"] == pytest.approx(total / len(rows))
    assert side["cost_per_conversation_usd"] == pytest.approx(total / len({r["dialogue_id"] for r in rows}))
    assert side["rate"] == "openai/gpt-4.1-mini"


def test_stopped_early_queue_shows_the_latest_verdict_and_counts(store, banks1):
    source = offline_run(store, banks1)
    marked: list[str] = []
    early = copy_run(store, source, lambda rows: marked.append(flip_first(rows)))
    queue = stopped_early_queue(store)
    assert list(queue["case_id"]) == marked and queue["verdict"].isna().all()
    store.add_review(early, marked[0], "gold wrong", note="first look")
    store.add_review(early, marked[0], "model misread", note="second look")
    queue = stopped_early_queue(store)
    assert queue.iloc[0]["verdict"] == "model misread" and queue.iloc[0]["note"] == "second look"
    assert queue.iloc[0]["tier"] == "offline"
    counts = verdict_counts(store).set_index("run_id")
    assert counts.loc[early, "model misread"] == 1 and counts.loc[early, "gold wrong"] == 0
    assert counts.loc[early, "total"] == 1


def test_verdict_counts_of_an_empty_store(store):
    counts = verdict_counts(store)
    assert counts.empty and "total" in counts.columns and "attack" in counts.columns


def test_a_runs_figures_are_saved_when_it_ends_and_a_read_never_writes(store, banks1):
    from core import compare

    run_id = offline_run(store, banks1)
    figures = store.run(run_id)["summary"]["figures"]  # saved by the run's end, before anything read it
    first = run_table(store).iloc[0]
    assert figures["version"] == compare.FIGURES_VERSION and figures["n"] == SUBSET
    assert store.run(run_id)["summary"]["decision_accuracy"] == pytest.approx(first["decision_accuracy"])  # kept

    stale = {**store.run(run_id)["summary"], "figures": {**figures, "n": 999, "version": "f0"}}
    with store.connect() as db:
        db.execute("UPDATE runs SET summary = ? WHERE run_id = ?", [json.dumps(stale), run_id])
    compare._FINISHED_FIGURES.clear()
    again = run_table(store).iloc[0]
    assert again["n"] == SUBSET and again["decision_accuracy"] == first["decision_accuracy"]
    assert store.run(run_id)["summary"]["figures"]["version"] == "f0"  # recomputed for the reader, not written back


def test_a_run_saved_before_stopped_wrong_existed_is_recounted_from_its_cases(store, banks1):
    """Figures saved as f2 have no `stopped_wrong`: they are not read, so the count is the cases' own, not 0."""
    from core import compare

    source = offline_run(store, banks1)
    copy = copy_run(store, source, wrong_first_stop)
    figures = store.run(copy)["summary"]["figures"]
    assert figures["version"] == compare.FIGURES_VERSION == "f3"
    older = {name: value for name, value in figures.items() if name != "stopped_wrong"} | {"version": "f2"}
    with store.connect() as db:
        db.execute("UPDATE runs SET summary = ? WHERE run_id = ?",
                   [json.dumps({**store.run(copy)["summary"], "figures": older}), copy])
    assert "stopped_wrong" not in store.run(copy)["summary"]["figures"]
    compare._FINISHED_FIGURES.clear()
    assert run_table(store).set_index("run_id").loc[copy, "stopped_wrong"] == 1


def test_repeated_runs_are_paired_case_by_case_each_case_once(store, banks1):
    from core.simulated import SimulatedProvider

    cases = banks1.select("held-out", 6)
    with SimulatedProvider(port=0) as provider:
        run_ids = []
        for _ in range(2):
            extractor, settings, fingerprint = tiers.build("simulated", base_url=provider.url + "/v1",
                                                           rate="openai/gpt-4.1-mini")
            try:
                run_ids.append(run_eval(store, banks1, cases, extractor, split="held-out", settings=settings,
                                        prompt_fingerprint=fingerprint, repeats=2, concurrency=2)[0])
            finally:
                extractor.close()
    result = compare_runs(store, *run_ids)
    # six cases run twice are six cases: n, the interval and the paired test count each once
    assert result["paired"]["n"] == 6 and result["disagreements"].empty
    assert result["per_case"] == "the first repeat"
    side = result["a"]
    assert side["decision_accuracy"]["n"] == 6 and side["repeats"] == 2 and side["agreement"] == 1.0
    assert run_table(store).set_index("run_id").loc[run_ids[0], "n"] == 6
    # cost is per call: every repeat is a turn that was paid for
    assert side["conversations"] == 2 * len({c.dialogue_id for c in cases})
    assert side["cost_per_conversation_usd"] == pytest.approx(side["cost_per_turn_usd"] * 12 / side["conversations"])


def test_a_broken_rate_card_leaves_runs_unpriced_but_shown(store, banks1, tmp_path, monkeypatch):
    from core import cost

    source = offline_run(store, banks1)
    model_run = copy_run(store, source, with_tokens, tier="fast", tier_kind="model", settings=FAST)
    broken = tmp_path / "rates.toml"
    broken.write_text("[[rate]\n")
    monkeypatch.setattr(cost, "RATES_FILE", broken)
    with pytest.raises(ValueError, match="cannot read the rate card"):
        cost.rate_card(store)
    table = run_table(store).set_index("run_id")
    assert table.loc[model_run, "cost_per_turn_usd"] is None
    assert table.loc[model_run, "input_tokens_per_turn"] > 0
    assert compare_runs(store, source, model_run)["b"]["cost_per_turn_usd"] is None


def test_the_review_queue_counts_each_run_from_its_saved_figures_or_its_cases_alike(store, banks1):
    """The run list reads a finished run's saved stopped-early count (flat in history); a run without
    one of today's version is counted from its cases. Both give what the run's cases hold."""
    from core import review

    source = offline_run(store, banks1)
    saved = copy_run(store, source, lambda rows: flip_first(rows))
    stale = copy_run(store, source, lambda rows: flip_first(rows))
    with store.connect() as db:  # figures of an older definition: not trusted, counted from the cases
        db.execute("UPDATE runs SET summary = json_merge_patch(summary, '{\"figures\": {\"version\": \"f0\", "
                   "\"stopped_early\": 999}}') WHERE run_id = ?", [stale])
    truth = store.query("SELECT run_id, count(DISTINCT case_id) AS n FROM cases WHERE stopped_early "
                        "GROUP BY run_id").set_index("run_id")["n"].to_dict()
    queue = review.queue_runs(store).set_index("run_id")
    assert set(queue.index) == set(truth)
    assert {rid: int(queue.loc[rid, "stopped_early"]) for rid in truth} == truth
    assert int(queue.loc[stale, "stopped_early"]) == truth[stale] and saved in queue.index
    case_id = review.run_queue(store, saved)["case_id"].iloc[0]
    store.add_review(saved, case_id, "other")
    assert review.queue_runs(store).set_index("run_id").loc[saved, "reviewed"] == 1
