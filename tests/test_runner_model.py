"""The runner with model tiers: concurrency that yields to 429s, repeats, step timings, the CLI contract."""

from __future__ import annotations

import json

import pytest

from core import tiers
from core.extractors.offline import OfflineExtractor
from core.http_retry import AdaptiveLimit
from core.runner import run_eval
from core.simulated import SimulatedProvider
from core.simulated.server import answer
from core.turn import take_turn
from evals.cli import main
from tests.loopback import Loopback, Reply

STEPS = {"render", "call", "parse", "contract", "decide"}


def chat_reply(content: str) -> dict:
    return {"id": "c", "object": "chat.completion", "model": "m",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5}}


def offline_answer(request) -> str:
    """What the simulated provider would say to this request (it answers from the offline tier)."""
    body = request.json()
    return json.dumps(answer(body["messages"][-1]["content"], request.headers.get("x-simulated-hint"), False))


def run(store, corpus, cases, tier: str, base_url: str, **kwargs):
    overrides = {k: kwargs.pop(k) for k in ("strategy", "timeout_s", "base_wait_s") if k in kwargs}
    extractor, settings, prompt_fp = tiers.build(tier, base_url=base_url, **overrides)
    try:
        return run_eval(store, corpus, cases, extractor, split="held-out", settings=settings,
                        prompt_fingerprint=prompt_fp, **kwargs)
    finally:
        extractor.close()


def test_repeats_make_fresh_calls_and_record_agreement_and_step_timings(store, banks1):
    cases = banks1.select("held-out", limit=12)
    with SimulatedProvider(0) as provider:
        run_id, summary = run(store, banks1, cases, "simulated", provider.url + "/v1", concurrency=4, repeats=3)
    rows = store.cases(run_id)
    assert len(rows) == 36 and sorted(set(rows["repeat"])) == [0, 1, 2]
    assert (summary["repeats"], summary["cases"], summary["flipped"], summary["agreement"]) == (3, 12, 0, 1.0)
    # a case is one case however often it ran: n and the rate count the first repeat only
    assert summary["n"] == 12 and summary["per_case"] == "the first repeat" and summary["extractions"] == 36
    calls = store.calls(run_id)
    assert len(calls) == 36 and calls["request_id"].nunique() == 36  # no reply reused between repeats
    one = store.case(run_id, cases[0].case_id, repeat=2)
    assert one["extra"]["agreement"] == 1.0 and len(one["extra"]["decisions"]) == 3
    assert set(one["timings"]) >= STEPS and set(summary["step_ms"]) >= STEPS


def test_a_decision_that_flips_between_repeats_is_counted(store, banks1):
    cases = banks1.select("held-out", limit=10)
    offline_stops = sum(take_turn(banks1.checklist, c.intent, c.lines, OfflineExtractor()).decision == "stop"
                        for c in cases)
    assert offline_stops > 0

    def alternate(request, number: int) -> Reply:  # every other reply reports nothing
        return Reply(200, chat_reply(offline_answer(request) if number % 2 == 0 else '{"collected": {}}'))

    with Loopback(alternate) as server:
        run_id, summary = run(store, banks1, cases, "simulated", server.url + "/v1", concurrency=1, repeats=2)
    assert summary["flipped"] == offline_stops
    # the first repeat (the offline answer) stands for each case; the flips lower agreement, not n
    first = store.cases(run_id, "repeat, decision_correct").query("repeat == 0")
    assert summary["n"] == len(cases) and summary["decisions_correct"] == int(first["decision_correct"].sum())
    assert summary["agreement"] == pytest.approx(1 - 0.5 * offline_stops / len(cases))
    flipped = store.cases(run_id, "case_id, extra")
    assert sum(json.loads(e)["agreement"] == 0.5 for e in flipped["extra"]) == 2 * offline_stops


def test_rate_limits_halve_the_concurrency_and_the_run_still_finishes(store, banks1):
    cases = banks1.select("held-out", limit=16)

    def limited_at_first(request, number: int) -> Reply:
        # Fewer 429s than a case's four attempts: however they fall on the cases in flight, none runs out.
        if number < 3:
            return Reply(429, {"error": {"message": "rate limited"}}, {"retry-after": "0"})
        return Reply(200, chat_reply(offline_answer(request)))

    with Loopback(limited_at_first) as server:
        run_id, summary = run(store, banks1, cases, "simulated", server.url + "/v1", concurrency=4)
    assert store.run(run_id)["status"] == "finished"
    assert summary["concurrency"]["throttled_cases"] >= 1 and summary["concurrency"]["lowest"] < 4
    assert summary["call_failures"] == {"http_429": 3} and summary["failed_extractions"] == 0


def test_the_carried_strategy_carries_facts_turn_to_turn_within_a_dialogue(store, banks1):
    cases = banks1.select("held-out", limit=40)
    with SimulatedProvider(0) as provider:
        run_id, _ = run(store, banks1, cases, "simulated", provider.url + "/v1", strategy="carried", concurrency=4)
    rows = store.cases(run_id, "dialogue_id, turn_index, prompt, reported").sort_values(["dialogue_id", "turn_index"])
    later = rows[rows.duplicated("dialogue_id")]  # every turn after a dialogue's first
    assert not later.empty
    assert later["prompt"].str.contains('Facts already collected on earlier turns: {"').any()
    assert store.run(run_id)["settings"]["strategy"] == "carried"


def test_the_run_command_keeps_its_json_contract(tmp_path, monkeypatch, capsys, sgd_dir):
    with SimulatedProvider(0) as provider:
        spec = tiers.load_tiers()["simulated"].settings | {"base_url": provider.url + "/v1"}
        lines = ["[simulated]"] + [f"{k} = {json.dumps(v)}" for k, v in spec.items()]
        (tmp_path / "tiers.toml").write_text("\n".join(lines) + "\n")
        monkeypatch.setenv("CHAT_INTAKE_TIERS", str(tmp_path / "tiers.toml"))
        code = main(["run", "--tier", "simulated", "--service", "Banks_1", "--sgd", str(sgd_dir), "--limit", "8",
                     "--concurrency", "4", "--repeats", "2", "--db", str(tmp_path / "runs.duckdb"), "--json"])
    assert code == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for key in ("run_id", "n", "decisions_correct", "decision_accuracy", "stopped_early", "correct", "wrong",
                "missed", "open", "floor_always_stop"):
        assert key in result
    assert result["n"] == 8 and result["cases"] == 8 and result["tier_kind"] == "simulated" and result["flipped"] == 0
    assert result["agreement"] == 1.0 and result["per_case"] == "the first repeat"


@pytest.mark.parametrize("flag", ["--concurrency", "--repeats"])
def test_a_bad_count_is_one_clear_error(flag, capsys, sgd_dir, tmp_path):
    code = main(["run", "--service", "Banks_1", "--sgd", str(sgd_dir), flag, "0", "--db", str(tmp_path / "r.db")])
    assert code == 2
    top = "512" if flag == "--concurrency" else "10,000,000"
    assert capsys.readouterr().err.strip() == f"error: argument {flag}: 0 is outside 1..{top} (see --help)"


def test_the_concurrency_benchmark_reports_its_figures(tmp_path, capsys, sgd_dir):
    code = main(["bench-concurrency", "--sgd", str(sgd_dir), "--latency-ms", "20", "--concurrency", "8",
                 "--serial-cases", "3", "--limit", "24", "--db", str(tmp_path / "runs.duckdb"), "--json"])
    assert code == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["simulated"] is True and result["decisions_identical_to_offline"] is True
    assert result["floor_s"] == pytest.approx(3 * 0.02)  # ceil(24 / 8) waves of one latency each
    assert result["over_floor"] is not None
    assert {"concurrent_s", "serial_per_case_s", "speedup_vs_serial"} <= set(result)
    # the seed's real-provider time is a reference, never divided by a simulated one
    assert result["seed_serial_s_reference"] == 798.8 and "speedup_vs_seed" not in result


def test_the_prompt_benchmark_shows_carried_flat_and_transcript_growing(capsys, sgd_dir):
    code = main(["bench-prompt", "--service", "Banks_1", "--sgd", str(sgd_dir), "--json"])
    assert code == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["carried_flat"] is True and result["carried_max_over_turn1"] <= 1.2
    assert result["transcript_growth"] > 1.2
    assert len(result["transcript"]) == len(result["carried"]) == 10


def test_the_adaptive_limit_halves_once_per_cooldown_and_creeps_back():
    limit = AdaptiveLimit(8, recover_step=1.0, cooldown_s=60.0)
    for _ in range(3):
        limit.acquire()
    limit.release(throttled=True)
    limit.release(throttled=True)  # a second 429 inside the cooldown does not halve again
    assert (limit.limit, limit.lowest, limit.throttled) == (4.0, 4, 2)
    limit.release()
    assert limit.limit == 5.0


def test_from_run_with_a_live_tier_is_refused(capsys, sgd_dir, tmp_path):
    code = main(["run", "--tier", "offline", "--from-run", "r1", "--service", "Banks_1", "--sgd", str(sgd_dir),
                 "--db", str(tmp_path / "r.db")])
    assert code == 2 and "--from-run only applies to a replay tier" in capsys.readouterr().err
