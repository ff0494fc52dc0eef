"""Benchmark: the analysis core (core.compare, core.bands, core.cost) on 200 runs of 1,340 cases.

Records one real offline run over all 1,340 Banks_1 cases, then copies it in SQL into the other
runs: every second copy as a model tier ("fast", priced at openai/gpt-4.1-mini) with tokens per
turn, cached tokens in its calls and jittered latency, so every figure has something to compute.
Each function the pages call is timed on its first call in this process (the figures of finished
runs not yet known) and at best of five.

    .venv/bin/python scripts/bench_analysis.py [--runs 200] [--sgd DIR] [--db FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import bands, compare, cost, tiers  # noqa: E402
from core.corpus import build_corpus  # noqa: E402
from core.runner import run_eval  # noqa: E402
from core.store import Store  # noqa: E402

FAST = {"provider": "openai", "model": "gpt-4.1-mini", "strategy": "transcript", "rate": "openai/gpt-4.1-mini"}


def fill(store: Store, runs: int, sgd: str | None) -> None:
    corpus = build_corpus("Banks_1", "dialogue", sgd_dir=sgd, download=sgd is None)
    extractor, settings, fingerprint = tiers.build("offline")
    seed, _ = run_eval(store, corpus, corpus.select("all"), extractor, split="all", settings=settings,
                       prompt_fingerprint=fingerprint)
    with store.connect() as db:
        for number in range(1, runs):
            run_id, model = f"bench-{number:04d}", number % 2 == 0
            db.execute(
                """INSERT INTO runs BY NAME SELECT * REPLACE (
                       ? AS run_id, CASE WHEN ? THEN 'fast' ELSE tier END AS tier,
                       CASE WHEN ? THEN 'model' ELSE tier_kind END AS tier_kind,
                       CASE WHEN ? THEN ?::JSON ELSE settings END AS settings,
                       CASE WHEN ? THEN 'bench-fast' ELSE guard_key END AS guard_key,
                       started_at - to_seconds(?) AS started_at, NULL::JSON AS summary)
                   FROM runs WHERE run_id = ?""",
                [run_id, model, model, model, json.dumps(FAST), model, runs - number, seed])
            db.execute(
                """INSERT INTO cases BY NAME SELECT * REPLACE (
                       ? AS run_id,
                       CASE WHEN ? THEN 500 + 60 * (turn_index // 2) + hash(case_id || ?) % 7 END AS input_tokens,
                       CASE WHEN ? THEN 40 + hash(case_id) % 9 END AS output_tokens,
                       CASE WHEN ? THEN 900 + hash(case_id || ?) % 1500 ELSE latency_ms END AS latency_ms)
                   FROM cases WHERE run_id = ?""",
                [run_id, model, run_id, model, model, run_id, seed])
            if model:
                db.execute(
                    """INSERT INTO calls (run_id, case_id, repeat, attempt, provider, model, prompt, raw_reply,
                           input_tokens, output_tokens, reasoning_tokens, cached_tokens, latency_ms, called_at)
                       SELECT run_id, case_id, repeat, 1, 'openai', 'gpt-4.1-mini', prompt, raw_reply,
                           input_tokens, output_tokens, 0, 256, latency_ms, now()
                       FROM cases WHERE run_id = ?""", [run_id])


def timed(label: str, fn, repeat: int = 5) -> object:
    times, out = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - started)
    print(f"{label:<44} first {1000 * times[0]:7.1f} ms   best of {repeat} {1000 * min(times):7.1f} ms")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--sgd", help="an SGD-layout folder (else the usual places)")
    parser.add_argument("--db", help="reuse (or fill) this store instead of a temporary one")
    args = parser.parse_args()
    if args.db:
        return bench(Path(args.db), args)
    with tempfile.TemporaryDirectory() as tmp:
        return bench(Path(tmp) / "bench.duckdb", args)


def bench(path: Path, args: argparse.Namespace) -> int:
    fresh = not path.exists()
    store = Store(path)
    if fresh:
        started = time.perf_counter()
        fill(store, args.runs, args.sgd)
        print(f"filled {path} in {time.perf_counter() - started:.1f} s")
    counts = {t: int(store.query(f"SELECT count(*) AS n FROM {t}")["n"].iloc[0]) for t in ("runs", "cases", "calls")}
    print(", ".join(f"{n:,} {t}" for t, n in counts.items()))

    table = timed("run_table(store)", lambda: compare.run_table(store))
    timed("run_table(store, kind='eval')", lambda: compare.run_table(store, "eval"))
    groups = timed("comparable_groups(store)", lambda: bands.comparable_groups(store))
    largest = max(groups, key=lambda g: len(g.runs))
    timed("band(metric) for every watched metric", lambda: [bands.band(m, largest.runs) for m in bands.WATCHED])
    timed("check(store): the latest run's deviations", lambda: bands.check(store))
    model_runs = list(table[table["tier"] == "fast"]["run_id"])
    timed("compare_runs(two model runs)", lambda: compare.compare_runs(store, model_runs[0], model_runs[1]))
    timed("stopped_early_queue(store)", lambda: compare.stopped_early_queue(store))
    timed("verdict_counts(store)", lambda: compare.verdict_counts(store))
    timed("turn_tokens(a model run)", lambda: cost.turn_tokens(store, model_runs[0]))
    timed("rate_card(store)", lambda: cost.rate_card(store))
    return 0


if __name__ == "__main__":
    sys.exit(main())
