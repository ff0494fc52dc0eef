"""`python -m evals check` as a CI gate, and `python -m evals cost`, against real stores."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from evals.cli import main
from tests.test_compare import FAST, cached_call, copy_run, flip_first, offline_run, with_tokens

ROOT = Path(__file__).resolve().parent.parent


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_on_an_empty_store_passes_with_a_clear_line(store, capsys):
    code, out, _ = run_cli(capsys, "check", "--db", str(store.path))
    assert code == 0 and out.strip() == "no finished eval run recorded yet"


def test_check_says_when_nothing_is_comparable(store, banks1, capsys):
    only = offline_run(store, banks1)
    code, out, _ = run_cli(capsys, "check", "--db", str(store.path))
    assert code == 0
    assert out.startswith(f"nothing comparable: {only} is the first finished run with its guards")


def test_check_passes_two_identical_runs_and_fails_a_changed_one(store, banks1, capsys):
    first, second = offline_run(store, banks1), offline_run(store, banks1)
    code, out, _ = run_cli(capsys, "check", "--db", str(store.path))
    assert code == 0
    assert f"run {second}" in out and f"against {first}" in out and "0 bands crossed" in out

    flipped: list[str] = []
    third = copy_run(store, second, lambda rows: flipped.append(flip_first(rows)))
    code, out, _ = run_cli(capsys, "check", "--db", str(store.path))
    assert code == 1
    crossed = [line for line in out.splitlines() if line.strip().startswith("CROSSED")]
    assert len(crossed) == 2
    line = next(x for x in crossed if "decision_accuracy" in x)
    assert second in line and third in line and "band exact" in line and "changed:" in line
    assert "2 bands crossed" in out

    code, out, _ = run_cli(capsys, "check", "--db", str(store.path), "--json")
    payload = json.loads(out.strip().splitlines()[-1])
    assert code == 1 and payload["crossed"] == 2 and payload["run"] == third and payload["against"] == second
    assert {d["metric"] for d in payload["deviations"]} == {"decision_accuracy", "stopped_early"}
    assert all(d["band"]["basis"] == "exact" for d in payload["deviations"])

    # checking the earlier run against the first: the same figures, so the gate passes
    code, _, _ = run_cli(capsys, "check", "--db", str(store.path), "--run", second, "--against", first)
    assert code == 0


def test_check_refuses_runs_whose_guards_differ_in_one_line(store, banks1, capsys):
    offline = offline_run(store, banks1)
    model = copy_run(store, offline, with_tokens, tier="fast", tier_kind="model", settings=FAST)
    code, out, err = run_cli(capsys, "check", "--db", str(store.path), "--run", model, "--against", offline)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "guards differ (tier_settings)" in err
    code, _, err = run_cli(capsys, "check", "--db", str(store.path), "--run", "r-nope")
    assert code == 2 and "no run 'r-nope'" in err


def test_the_gate_exit_code_through_the_real_command(store, banks1):
    offline_run(store, banks1)
    second = offline_run(store, banks1)
    third = copy_run(store, second, flip_first)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "evals", "check", "--db", str(store.path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "CROSSED decision_accuracy" in done.stdout
    assert done.stdout.startswith(f"run {third}") and f"against {second}" in done.stdout


def test_cost_bills_tiers_rates_and_a_measured_run(store, banks1, capsys):
    source = offline_run(store, banks1)
    model = copy_run(store, source, with_tokens, tier="fast", tier_kind="model", settings=FAST,
                     calls=cached_call(0))
    code, out, _ = run_cli(capsys, "cost", "--db", str(store.path), "--run", model, "--conversations", "20000",
                           "--turns", "3", "--json")
    assert code == 0
    payload = json.loads(out.strip().splitlines()[-1])
    assert payload["conversations_per_month"] == 20000 and payload["turns_per_conversation"] == 3
    fast = next(row for row in payload["tiers"] if row["tier"] == "fast")
    assert fast["basis"] == f"measured in {model}" and fast["rate"] == "openai/gpt-4.1-mini"
    # measured tokens: 500, 600, 700 input and 40 output over three turns at $0.40 / $1.60 per million
    per_conversation = ((500 + 600 + 700) * 0.40 + 3 * 40 * 1.60) / 1e6
    assert fast["per_conversation_usd"] == fast["total_usd"] / 20000
    own = next(row for row in payload["run"] if row["own_rate"])
    assert own["rate"] == "openai/gpt-4.1-mini" and own["per_conversation_usd"] == pytest.approx(per_conversation)
    strategies = {row["strategy"] for row in payload["rates"]}
    assert strategies == {"transcript", "carried"} and all(row["basis"] == "estimate" for row in payload["rates"])

    code, out, _ = run_cli(capsys, "cost", "--db", str(store.path), "--turns", "10")
    assert code == 0 and "by rate and prompt strategy (estimate)" in out and "openai/gpt-4.1-mini" in out

    code, _, err = run_cli(capsys, "cost", "--db", str(store.path), "--run", source)
    assert code == 2 and "recorded no tokens" in err
    code, _, err = run_cli(capsys, "cost", "--db", str(store.path), "--turns", "0")
    assert code == 2 and err.startswith("error: argument --turns: 0 is outside 1..1,000")
