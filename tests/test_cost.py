"""The rate card, measured and estimated tokens per turn, and the bill at a volume."""

from __future__ import annotations

import math
from datetime import date

import pytest

from core.compare import run_table
from core.cost import (
    PROMPT_PARTS,
    Rate,
    estimate_by_turn,
    estimate_turn_tokens,
    load_rates_file,
    monthly_bill,
    per_turn_from,
    prompt_parts,
    rate_card,
    rates_by_key,
    reset_rate,
    save_rate,
    turn_tokens,
    volume_curve,
)
from core.prompt import render
from tests.test_compare import FAST, cached_call, case_rows, copy_run, offline_run, with_tokens

MINI = Rate("openai", "gpt-4.1-mini", 0.40, 1.60, 0.10, date(2026, 12, 2), "test")


def test_the_shipped_rate_card_names_every_tier_rate_with_date_and_source(store):
    from core.tiers import load_tiers

    card = rates_by_key(store)
    assert {"openai/gpt-4.1-mini", "openai/gpt-4.1", "openai/gpt-5-mini", "anthropic/claude-haiku-4-5",
            "anthropic/claude-sonnet-4-5"} <= set(card)
    for rate in card.values():
        assert isinstance(rate.checked_on, date) and rate.source
        assert rate.input_per_m > 0 and rate.output_per_m > rate.input_per_m
    named = {t.settings["rate"] for t in load_tiers().values() if "rate" in t.settings}
    assert named <= set(card), "every rate a tier names is on the card"


def test_saved_edits_overlay_the_file_and_bad_edits_change_nothing(store):
    save_rate(store, Rate("openai", "gpt-4.1-mini", 0.5, 2.0, None, "2026-12-01", "edited in the dashboard"))
    edited = rates_by_key(store)["openai/gpt-4.1-mini"]
    assert (edited.input_per_m, edited.output_per_m, edited.cached_input_per_m) == (0.5, 2.0, None)
    assert edited.checked_on == date(2026, 12, 1) and edited.source == "edited in the dashboard"
    save_rate(store, Rate("local", "my-model", 0, 0, 0, date(2026, 12, 2), "own hardware"))
    assert "local/my-model" in rates_by_key(store)
    before = rate_card(store)
    for bad, message in ((Rate("openai", "x", -1, 1, None, date.today(), ""), "non-negative"),
                         (Rate("openai", "x", 1, float("nan"), None, date.today(), ""), "non-negative"),
                         (Rate("openai", "x", 1, 1, None, "yesterday", ""), "date"),
                         (Rate("", "x", 1, 1, None, date.today(), ""), "vendor")):
        with pytest.raises(ValueError, match=message):
            save_rate(store, bad)
    assert rate_card(store) == before
    assert reset_rate(store, "openai/gpt-4.1-mini") and not reset_rate(store, "openai/gpt-4.1-mini")
    assert rates_by_key(store)["openai/gpt-4.1-mini"].input_per_m == 0.40  # the published rate again


def test_a_broken_rate_file_is_one_clear_error(tmp_path):
    path = tmp_path / "rates.toml"
    path.write_text('[[rate]]\nvendor = "openai"\nmodel = "m"\ninput_per_m = 1\n')
    with pytest.raises(ValueError, match="lacks 'output_per_m'"):
        load_rates_file(path)
    path.write_text("[[rate]\n")
    with pytest.raises(ValueError, match="cannot read the rate card"):
        load_rates_file(path)


def test_price_bills_cached_input_at_the_cache_rate():
    assert MINI.price(1_000_000, 0) == pytest.approx(0.40)
    assert MINI.price(1_000_000, 1_000_000, cached_tokens=500_000) == pytest.approx(0.20 + 0.05 + 1.60)
    no_cache_rate = Rate("v", "m", 1.0, 2.0, None, date.today(), "")
    assert no_cache_rate.price(1000, 0, cached_tokens=1000) == pytest.approx(0.001)


def test_turn_tokens_are_measured_by_turn_position(store, banks1):
    source = offline_run(store, banks1)
    assert turn_tokens(store, source).empty  # offline: nothing measured
    model = copy_run(store, source, with_tokens, tier="fast", tier_kind="model", settings=FAST,
                     calls=cached_call(50))
    by_turn = turn_tokens(store, model)
    rows = case_rows(store, model)
    assert list(by_turn["turn"]) == sorted({r["turn_index"] // 2 + 1 for r in rows})
    for rec in by_turn.to_dict("records"):
        assert rec["input_tokens"] == pytest.approx(500 + 100 * (rec["turn"] - 1))
        assert rec["output_tokens"] == 40 and rec["cached_tokens"] == 50
    assert by_turn["n"].sum() == len(rows) and set(by_turn["basis"]) == {"measured"}


def test_the_anthropic_wire_adds_cache_reads_back_to_the_prompt(store, banks1):
    source = offline_run(store, banks1)
    settings = {"provider": "anthropic", "model": "claude-sonnet-4-5", "strategy": "transcript",
                "rate": "anthropic/claude-sonnet-4-5"}
    run = copy_run(store, source, with_tokens, tier="deliberate", tier_kind="model", settings=settings,
                   calls=cached_call(300))
    openai_run = copy_run(store, source, with_tokens, tier="fast", tier_kind="model", settings=FAST,
                          calls=cached_call(300))
    table = run_table(store).set_index("run_id")
    assert table.loc[run, "input_tokens_per_turn"] == pytest.approx(
        table.loc[openai_run, "input_tokens_per_turn"] + 300)
    by_turn = turn_tokens(store, run)
    assert by_turn["input_tokens"].iloc[0] == pytest.approx(500 + 300)


def test_estimate_splits_the_prompt_into_parts(banks1):
    case = max(banks1.cases[:200], key=lambda c: len(c.lines))
    estimate = estimate_turn_tokens(banks1.checklist, case.intent, case.lines, "transcript")
    prompt = render(banks1.checklist, case.intent, case.lines, "transcript")
    assert estimate["basis"] == "estimate"
    assert estimate["total"] == sum(estimate[p] for p in PROMPT_PARTS)
    assert estimate["conversation"] == math.ceil(len(prompt.parts["conversation"]) / 4)
    parts = prompt_parts(prompt)
    assert list(parts["part"]) == list(PROMPT_PARTS)
    assert parts["share"].sum() == pytest.approx(1.0)
    assert parts["tokens"].sum() == estimate["total"]


def test_transcript_prompts_grow_with_the_conversation_and_carried_prompts_do_not(banks1):
    transcript = estimate_by_turn(banks1.checklist, banks1.cases, "transcript").set_index("turn")
    carried = estimate_by_turn(banks1.checklist, banks1.cases, "carried").set_index("turn")
    assert set(transcript["basis"]) == {"estimate"}
    first, last = transcript.index.min(), transcript.index.max()
    assert last >= 3
    growth = transcript.loc[last, "input_tokens"] - transcript.loc[first, "input_tokens"]
    carried_growth = carried.loc[last, "input_tokens"] - carried.loc[first, "input_tokens"]
    assert growth > 3 * max(carried_growth, 1)
    with pytest.raises(ValueError, match="unknown prompt strategy"):
        estimate_by_turn(banks1.checklist, banks1.cases[:5], "whole-novel")


def test_monthly_bill_sums_every_turn_of_every_conversation():
    flat = monthly_bill(MINI, lambda k: (1000, 100), conversations_per_month=10_000, turns_per_conversation=5)
    per_conversation = 5 * (1000 * 0.40 + 100 * 1.60) / 1e6
    assert flat["per_conversation_usd"] == pytest.approx(per_conversation)
    assert flat["total_usd"] == pytest.approx(10_000 * per_conversation)
    assert flat["input_tokens"] == 10_000 * 5 * 1000
    growing = monthly_bill(MINI, lambda k: (500 + 200 * k, 50), 1, 10)
    assert growing["input_tokens"] == 10 * 500 + 200 * 55  # sum of an arithmetic series: quadratic in turns
    with pytest.raises(ValueError):
        monthly_bill(MINI, lambda k: (1, 1), 10, 0)


def test_projection_extends_a_measured_table_along_its_trend():
    import pandas as pd

    table = pd.DataFrame({"turn": [1, 2, 3], "input_tokens": [500.0, 700.0, 900.0], "output_tokens": [40.0] * 3,
                          "cached_tokens": [0.0] * 3, "n": [10, 8, 5]})
    per_turn = per_turn_from(table)
    assert per_turn(2)[0] == 700.0
    assert per_turn(6)[0] == pytest.approx(1500.0)
    assert per_turn(6)[1] == pytest.approx(40.0)
    with pytest.raises(ValueError, match="no tokens per turn"):
        per_turn_from(table.iloc[0:0])


def test_volume_curve_shows_the_transcripts_quadratic_growth(banks1):
    strategies = {s: per_turn_from(estimate_by_turn(banks1.checklist, banks1.cases, s))
                  for s in ("transcript", "carried")}
    curve = volume_curve(MINI, strategies, conversations_per_month=1000, vary="turns", points=range(1, 13))
    assert len(curve) == 24 and set(curve["strategy"]) == {"transcript", "carried"}
    transcript_bills = curve[curve["strategy"] == "transcript"].sort_values("turns_per_conversation")
    second_difference = transcript_bills["total_usd"].diff().diff().to_numpy()[2:]
    assert (second_difference[6:] > 0).all()  # convex past the corpus: each extra turn costs more than the last
    transcript = curve[curve["strategy"] == "transcript"].set_index("turns_per_conversation")["total_usd"]
    carried = curve[curve["strategy"] == "carried"].set_index("turns_per_conversation")["total_usd"]
    assert transcript[12] > carried[12]
    # the twelfth turn alone: the transcript re-sends eleven exchanges, the carried prompt one
    assert transcript[12] - transcript[11] > 1.5 * (carried[12] - carried[11])
    by_volume = volume_curve(MINI, strategies, conversations_per_month=1000, turns_per_conversation=4,
                             vary="conversations", points=[0, 1000, 2000])
    linear = by_volume[by_volume["strategy"] == "carried"]["total_usd"].to_numpy()
    assert linear[0] == 0 and linear[2] == pytest.approx(2 * linear[1])


def test_bills_per_tier_use_a_measured_run_when_one_exists(store, banks1):
    from core.cost import bills, strategy_estimates

    estimates = strategy_estimates(banks1.checklist, banks1.cases[:300])
    specs = {"fast": FAST, "cheap": {**FAST, "strategy": "carried", "rate": "openai/gpt-5-mini"},
             "mystery": {**FAST, "rate": "acme/unknown"}, "offline": {"provider": "offline"}}
    before = bills(store, 1000, 4, estimates=estimates, tier_specs=specs)
    assert set(before["tiers"]["tier"]) == {"fast", "cheap"} and set(before["tiers"]["basis"]) == {"estimate"}
    assert any("acme/unknown" in note for note in before["notes"])
    assert len(before["rates"]) == 2 * len(rate_card(store))

    source = offline_run(store, banks1)
    measured = copy_run(store, source, with_tokens, tier="fast", tier_kind="model", settings=FAST)
    after = bills(store, 1000, 4, estimates=estimates, tier_specs=specs, run_id=measured).copy()
    fast = after["tiers"].set_index("tier").loc["fast"]
    assert fast["basis"] == f"measured in {measured}"
    own = after["run"][after["run"]["own_rate"]]
    assert list(own["rate"]) == ["openai/gpt-4.1-mini"]
    assert own["total_usd"].iloc[0] == pytest.approx(fast["total_usd"])


def simulated_run(store, corpus, url: str, strategy: str = "transcript", limit: int = 12) -> str:
    """A real model-tier run against the loopback simulated provider, priced at a named rate."""
    from core import tiers
    from core.runner import run_eval

    extractor, settings, fingerprint = tiers.build("simulated", base_url=url + "/v1", strategy=strategy,
                                                   rate="openai/gpt-4.1-mini")
    try:
        run_id, _ = run_eval(store, corpus, corpus.select("held-out", limit), extractor, split="held-out",
                             settings=settings, prompt_fingerprint=fingerprint, concurrency=2)
    finally:
        extractor.close()
    return run_id


def test_a_simulated_runs_provider_usage_is_priced_and_reproduced_exactly(store, banks1):
    from core.bands import band, comparable_groups
    from core.simulated import SimulatedProvider

    with SimulatedProvider(port=0) as provider:
        first = simulated_run(store, banks1, provider.url)
        second = simulated_run(store, banks1, provider.url)
    calls = store.calls(first)
    assert len(calls) == 12 and calls["input_tokens"].notna().all()
    row = run_table(store).set_index("run_id").loc[first]
    assert row["label"] == "simulated" and row["simulated"]
    rate = rates_by_key(store)["openai/gpt-4.1-mini"]
    expected = rate.price(calls["input_tokens"].mean(), calls["output_tokens"].mean(), calls["cached_tokens"].mean())
    assert row["input_tokens_per_turn"] == pytest.approx(calls["input_tokens"].mean())
    assert row["cost_per_turn_usd"] == pytest.approx(expected)
    by_turn = turn_tokens(store, first)
    assert (by_turn["n"].sum(), set(by_turn["basis"])) == (12, {"measured"})
    group = next(g for g in comparable_groups(store) if first in set(g.runs["run_id"]))
    assert second in set(group.runs["run_id"])
    for metric in ("input_tokens_per_turn", "output_tokens_per_turn", "cost_per_turn_usd", "decision_accuracy"):
        assert band(metric, group.runs).basis == "exact", metric  # the simulated provider is deterministic
