"""Benchmark: how long each dashboard page takes to render with 200 runs of 1,340 cases in the store.

Records one real offline run over all 1,340 Banks_1 cases, then copies it into 199 more runs with
a bulk insert from a DataFrame: two thirds under twenty settings variants (many comparable groups),
a third as an always-stop `simulated` tier with tokens and jittered latency (tens of thousands of
stopped-early cases in the review queue, and figures for bands, charts and the cost page). Every page is then rendered
with AppTest, first with cold caches and then again warm, and the times are printed.

    .venv/bin/python scripts/bench_dashboard.py [--runs 200] [--sgd DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import tiers  # noqa: E402
from core.corpus import build_corpus  # noqa: E402
from core.runner import run_eval  # noqa: E402
from core.store import Store, guard_fingerprint  # noqa: E402

PAGES = {"chat": "Chat", "runs": "Runs", "cases": "Cases", "compare": "Compare two runs", "cost": "Cost at volume",
         "redteam": "Red team", "contract": "Answer contract"}  # page -> the title it must show
TARGET_S = 1.5


def fill(store: Store, runs: int, sgd: str | None) -> tuple[int, float]:
    """A store of `runs` runs of the whole Banks_1 case set; returns (cases written, seconds)."""
    started = time.perf_counter()
    corpus = build_corpus("Banks_1", "dialogue", sgd_dir=sgd, download=sgd is None)
    extractor, settings, fingerprint = tiers.build("offline")
    template, _ = run_eval(store, corpus, corpus.select("all"), extractor, split="all", settings=settings,
                           prompt_fingerprint=fingerprint)
    run_row = store.query("SELECT * FROM runs WHERE run_id = ?", [template])
    case_rows = store.query("SELECT * FROM cases WHERE run_id = ?", [template])
    rng = np.random.default_rng(7)
    run_frames, case_frames = [], []
    for number in range(1, runs):
        run_id = f"bench-{number:04d}"
        simulated = number % 3 == 0
        row = run_row.copy()
        row["run_id"] = run_id
        row["started_at"] = row["started_at"] - timedelta(minutes=runs - number)
        guards = json.loads(row["guards"].iloc[0])
        if simulated:
            row["tier"], row["tier_kind"] = "simulated", "simulated"
            row["settings"] = '{"tier": "simulated", "simulated": true, "strategy": "transcript"}'
            guards["tier_settings"] = "bench-simulated"
        else:  # twenty settings variants, so the history has many groups to draw apart
            guards["tier_settings"] = f"bench-{number % 20}"
        row["guards"] = json.dumps(guards)
        # the copies' cases differ from the template's: its saved figures are not theirs (a reader counts them)
        summary = json.loads(row["summary"].iloc[0])
        summary.pop("figures", None)
        row["summary"] = json.dumps(summary)
        row["guard_key"] = guard_fingerprint(guards)
        run_frames.append(row)
        cases = case_rows.copy()
        cases["run_id"] = run_id
        cases["latency_ms"] = rng.gamma(4.0, 40.0 if simulated else 0.05, len(cases))
        if simulated:  # an always-stop simulated tier: ~600 stopped-early cases a run for the review queue
            cases["decision"] = "stop"
            cases["stopped_early"] = cases["gold_decision"] == "ask"
            cases["decision_correct"] = cases["gold_decision"] == "stop"
            cases["input_tokens"] = 300 + 60 * cases["turn_index"] + rng.integers(0, 20, len(cases))
            cases["output_tokens"] = rng.integers(20, 60, len(cases))
        case_frames.append(cases)
    all_runs = pd.concat(run_frames, ignore_index=True)
    all_cases = pd.concat(case_frames, ignore_index=True)
    with store.connect() as db:
        db.register("bench_runs", all_runs)
        db.register("bench_cases", all_cases)
        db.execute("INSERT INTO runs BY NAME SELECT * FROM bench_runs")
        db.execute("INSERT INTO cases BY NAME SELECT * FROM bench_cases")
    total = int(store.query("SELECT count(*) AS n FROM cases")["n"].iloc[0])
    return total, time.perf_counter() - started


def render_times(app: Path) -> list[tuple[str, float, float]]:
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    AppTest.from_file(str(app), default_timeout=120).run()  # imports and the corpus, once, untimed
    times = []
    for page in PAGES:
        at = AppTest.from_file(str(app), default_timeout=120).run()  # the router registers every page
        if page != "chat":
            at.switch_page(f"views/{page}.py")
        st.cache_data.clear()  # cold: every cached store read is done again
        mark = time.perf_counter()
        at.run()
        cold = time.perf_counter() - mark
        mark = time.perf_counter()
        at.run()
        warm = time.perf_counter() - mark
        if at.exception:
            raise SystemExit(f"page {page} failed: {at.exception[0].value}")
        if at.title[0].value != PAGES[page]:
            raise SystemExit(f"page {page} did not render: it shows {at.title[0].value!r}")
        times.append((page, cold, warm))
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--sgd", help="an SGD-layout folder (else SGD_DIR, data/sgd or the shared copy)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "runs.duckdb"
        os.environ["RUNS_DB"] = str(path)
        os.environ["CHAT_INTAKE_BOOTSTRAP"] = "0"
        cases, seconds = fill(Store(path), args.runs, args.sgd)
        size_mb = path.stat().st_size / 1e6
        print(f"store: {args.runs} runs, {cases:,} cases, filled in {seconds:.1f} s ({size_mb:.0f} MB)")
        print(f"{'page':<10} {'cold s':>7} {'warm s':>7}   target < {TARGET_S} s")
        slow = []
        for page, cold, warm in render_times(ROOT / "dashboard" / "app.py"):
            print(f"{page:<10} {cold:>7.2f} {warm:>7.2f}   {'ok' if cold < TARGET_S else 'SLOW'}")
            if cold >= TARGET_S:
                slow.append(page)
    print("every page under target" if not slow else f"over target: {', '.join(slow)}")
    return 1 if slow else 0


if __name__ == "__main__":
    raise SystemExit(main())
