"""Comparable groups, bands from evidence and deviations, on real stores with real runs."""

from __future__ import annotations

import pytest

from core.bands import (
    WATCHED,
    NotComparable,
    band,
    check,
    comparable_groups,
    deviations,
    incomparable_reason,
)
from core.compare import run_figures
from core.floors import run_floors
from tests.test_compare import FAST, SUBSET, copy_run, flip_first, offline_run, with_tokens, wrong_first_stop


def set_git_rev(store, run_id: str, rev: str) -> None:
    with store.connect() as db:
        db.execute("UPDATE runs SET git_rev = ? WHERE run_id = ?", [rev, run_id])


def group_of(store, run_id: str):
    return next(g for g in comparable_groups(store) if run_id in set(g.runs["run_id"]))


def test_two_identical_offline_runs_give_exact_bands(store, banks1):
    first, second = offline_run(store, banks1), offline_run(store, banks1)
    group = group_of(store, first)
    assert list(group.runs["run_id"]) == [first, second]  # oldest first
    assert set(group.guards) == {"case_set", "checklist", "prompt", "grader", "tier_settings", "intent_mode"}
    for metric in ("decision_accuracy", "stopped_early", "stopped_wrong", "wrong", "missed", "unparsed"):
        limits = band(metric, group.runs)
        assert limits.basis == "exact", metric
        assert limits.low == limits.high == group.runs[metric].iloc[-1]
        assert first in limits.evidence and second in limits.evidence
    assert band("cost_per_turn_usd", group.runs).basis == "not measured"  # offline: no tokens
    latency = band("latency_p50_ms", group.runs)
    assert latency.basis == "measured drift" and latency.low < latency.reference < latency.high
    assert check(store).deviations == []


def test_a_changed_figure_is_a_deviation_naming_metric_runs_band_and_change(store, banks1):
    first, second = offline_run(store, banks1), offline_run(store, banks1)
    flipped: list[str] = []
    third = copy_run(store, second, lambda rows: flipped.append(flip_first(rows)))
    set_git_rev(store, third, "feedbee")
    found = {d.metric: d for d in deviations(store)}
    assert set(found) == {"decision_accuracy", "stopped_early"}
    accuracy = found["decision_accuracy"]
    assert (accuracy.run_a, accuracy.run_b) == (second, third)
    assert accuracy.value_b == pytest.approx(accuracy.value_a - 1 / SUBSET)
    assert accuracy.band.basis == "exact" and accuracy.crossed
    assert any(c.startswith("git_rev") and c.endswith("feedbee") for c in accuracy.changed)
    assert found["stopped_early"].value_b == found["stopped_early"].value_a + 1
    assert "stopped_early" in found["stopped_early"].describe() and third in found["stopped_early"].describe()
    # the same change measured against the first run explicitly
    against_first = {d.metric for d in deviations(store, run_id=third, against=first)}
    assert against_first == {"decision_accuracy", "stopped_early"}


def test_a_stop_on_a_wrong_fact_crosses_its_exact_band(store, banks1):
    first, second = offline_run(store, banks1), offline_run(store, banks1)
    third = copy_run(store, second, wrong_first_stop)
    found = {d.metric: d for d in deviations(store)}
    # a right stop on a wrong record: one more wrong fact, the decisions and stopped early unchanged
    assert set(found) == {"stopped_wrong", "wrong"}
    wrong_stops = found["stopped_wrong"]
    assert (wrong_stops.run_a, wrong_stops.run_b, wrong_stops.value_a, wrong_stops.value_b) == (second, third, 0, 1)
    assert wrong_stops.band.basis == "exact" and (wrong_stops.band.low, wrong_stops.band.high) == (0, 0)
    assert first in wrong_stops.band.evidence and "stopped_wrong: 0 in" in wrong_stops.describe()
    # on a run with no evidence of reproduction, a count is banded by one case: one more stop stays inside
    runs = group_of(store, first).runs
    alone = band("stopped_wrong", runs[runs["run_id"] == third])
    assert alone.basis == "one case" and (alone.low, alone.high) == (0, 2)


def test_runs_with_different_guards_are_never_differenced(store, banks1):
    offline = offline_run(store, banks1)
    other_cases = offline_run(store, banks1, limit=SUBSET - 4)
    model = copy_run(store, offline, with_tokens, tier="fast", tier_kind="model", settings=FAST)
    assert incomparable_reason(store, offline, other_cases) == ["case_set"]
    assert incomparable_reason(store, offline, model) == ["tier_settings"]
    assert incomparable_reason(store, offline, offline) == []
    groups = comparable_groups(store)
    assert len(groups) == 3 and all(len(g.runs) == 1 for g in groups)
    assert groups[0].runs["run_id"].iloc[0] == model  # newest activity first
    with pytest.raises(NotComparable, match="tier_settings"):
        check(store, run_id=model, against=offline)
    result = check(store)  # the latest run has no comparable run before it
    assert result.against is None and result.deviations == []
    assert "nothing comparable" in result.reason and "tier_settings" in result.reason


def test_one_run_gives_one_case_bands_and_no_drift_evidence(store, banks1):
    only = offline_run(store, banks1)
    runs = group_of(store, only).runs
    accuracy = band("decision_accuracy", runs)
    assert accuracy.basis == "one case" and accuracy.tolerance == pytest.approx(1 / SUBSET)
    assert band("wrong", runs).tolerance == 1
    assert band("latency_p95_ms", runs).basis == "no evidence"
    with pytest.raises(ValueError, match="unknown watched metric"):
        band("vibes", runs)


def test_a_model_tier_is_never_exact_and_its_drift_widens_rate_bands(store, banks1):
    source = offline_run(store, banks1)
    first = copy_run(store, source, with_tokens, tier="fast", tier_kind="model", settings=FAST)
    second = copy_run(store, source, with_tokens, tier="fast", tier_kind="model", settings=FAST)
    runs = group_of(store, first).runs
    assert band("decision_accuracy", runs).basis == "one case"  # equal figures, but not a deterministic tier
    assert band("input_tokens_per_turn", runs).basis == "measured drift"

    def three_wrong(rows):
        for _ in range(3):
            flip_first([r for r in rows if r["decision_correct"]])

    drifted = copy_run(store, source, lambda rows: (with_tokens(rows), three_wrong(rows)), tier="fast",
                       tier_kind="model", settings=FAST)
    runs = group_of(store, drifted).runs
    accuracy = band("decision_accuracy", runs)
    assert accuracy.basis == "measured drift" and accuracy.tolerance == pytest.approx(3 / SUBSET)
    assert {second, drifted} <= set(runs["run_id"])


def test_check_skips_unfinished_runs_and_reports_every_band(store, banks1):
    first, second = offline_run(store, banks1), offline_run(store, banks1)
    run = store.run(second)
    running = store.start_run(kind="eval", tier="offline", tier_kind="offline", guards=run["guards"],
                              settings=run["settings"], n_planned=SUBSET, service="Banks_1", split="held-out")
    result = check(store)
    assert result.run["run_id"] == second and result.against["run_id"] == first
    assert set(result.bands) == set(WATCHED)
    assert running in set(run_figures(store)["run_id"])
    with pytest.raises(ValueError, match="not finished"):
        check(store, run_id=second, against=running)
    with pytest.raises(ValueError, match="not final"):
        check(store, run_id=running)
    with pytest.raises(KeyError):
        check(store, run_id="r-missing")


def test_check_on_an_empty_store_says_so(store):
    result = check(store)
    assert result.run is None and result.deviations == [] and "no finished eval run" in result.reason


def test_exactness_is_reestablished_after_a_deliberate_change(store, banks1):
    first = offline_run(store, banks1)
    changed = copy_run(store, first, flip_first)  # e.g. the rules changed at a new git revision
    runs = group_of(store, changed).runs
    assert band("decision_accuracy", runs).basis == "one case"  # the new figure is not yet reproduced
    again = copy_run(store, changed)
    runs = group_of(store, again).runs
    accuracy = band("decision_accuracy", runs)
    assert accuracy.basis == "exact" and changed in accuracy.evidence and again in accuracy.evidence
    assert first not in accuracy.evidence


def test_check_reuses_figures_already_read(store, banks1):
    first, second = offline_run(store, banks1), offline_run(store, banks1)
    run_floors(store, banks1, banks1.select("held-out", SUBSET), "held-out")  # newer, but another kind
    figures = run_figures(store)
    passed_in = check(store, frame=figures)
    assert (passed_in.run["run_id"], passed_in.against["run_id"]) == (second, first)
    assert [d.metric for d in passed_in.within] == [d.metric for d in check(store).within]
