"""Benchmark: evals at provider scale, in one run, so the ratios read true on a busy machine.

Against the SIMULATED provider in its own process (`python -m evals simulate --latency-ms 500`), the
1,340 Banks_1 cases run at concurrency 32, 128 and 256; each run is timed against the floor
`ceil(N / C) x latency` (waves of C calls, each a full latency) and its decisions compared with the
offline tier's. Then the command line's start-up and the dashboard's page times and memory at 2,000
runs (scripts/bench_cli.py, scripts/bench_dashboard.py) on one store filled in bulk.

    .venv/bin/python scripts/bench_scale.py [--latency-ms 500] [--concurrency 32 128 256]
                                            [--runs 2000] [--skip-dashboard] [--skip-cli]

Every figure of the provider runs is simulated.
"""

from __future__ import annotations

import argparse
import math
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import tiers  # noqa: E402
from core.corpus import build_corpus  # noqa: E402
from core.extractors.offline import OfflineExtractor  # noqa: E402
from core.runner import run_eval  # noqa: E402
from core.store import Store  # noqa: E402
from core.turn import take_turn  # noqa: E402


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_provider(latency_ms: float) -> tuple[subprocess.Popen, str]:
    """The simulated provider in a process of its own; returns it and its base URL once it answers."""
    import httpx

    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "evals", "simulate", "--port", str(port),
                                "--latency-ms", f"{latency_ms:g}"], cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the simulated provider did not start")


def provider_runs(latency_ms: float, levels: list[int], sgd: str | None) -> list[dict]:
    corpus = build_corpus("Banks_1", "dialogue", sgd_dir=sgd, download=sgd is None)
    cases = corpus.select("all")
    offline = {c.case_id: take_turn(corpus.checklist, c.intent, c.lines, OfflineExtractor()).decision for c in cases}
    process, url = start_provider(latency_ms)
    rows = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            store = Store(Path(tmp) / "runs.duckdb")
            for concurrency in levels:
                extractor, settings, fingerprint = tiers.build("simulated", base_url=url + "/v1",
                                                               timeout_s=max(10.0, 4 * latency_ms / 1000))
                cpu = time.process_time()
                try:
                    run_id, summary = run_eval(store, corpus, cases, extractor, split="all", settings=settings,
                                               prompt_fingerprint=fingerprint, concurrency=concurrency)
                finally:
                    extractor.close()
                cpu = time.process_time() - cpu
                frame = store.cases(run_id, "case_id, decision")
                decided = dict(zip(frame["case_id"], frame["decision"], strict=True))
                floor = math.ceil(len(cases) / concurrency) * latency_ms / 1000
                rows.append({"concurrency": concurrency, "n": len(cases), "wall_s": summary["wall_s"],
                             "floor_s": floor, "over_floor": summary["wall_s"] / floor,
                             "cases_per_s": len(cases) / summary["wall_s"], "cpu_ms_per_case": 1000 * cpu / len(cases),
                             "differing": sum(decided.get(cid) != d for cid, d in offline.items()),
                             "failed": summary["failed_extractions"]})
    finally:
        process.terminate()
        process.wait(timeout=30)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency-ms", type=float, default=500.0)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[32, 128, 256])
    parser.add_argument("--runs", type=int, default=2000, help="runs in the store for the CLI and dashboard")
    parser.add_argument("--sgd", help="an SGD-layout folder (else SGD_DIR, data/sgd or the shared copy)")
    parser.add_argument("--skip-cli", action="store_true")
    parser.add_argument("--skip-dashboard", action="store_true")
    args = parser.parse_args()
    os.environ["CHAT_INTAKE_BOOTSTRAP"] = "0"

    print(f"SIMULATED provider in its own process at {args.latency_ms:g} ms; 1,340 Banks_1 cases")
    print(f"{'C':>4} {'wall s':>7} {'floor s':>8} {'x floor':>8} {'cases/s':>8} {'CPU ms/case':>12} "
          f"{'differ':>7} {'failed':>7}")
    for row in provider_runs(args.latency_ms, args.concurrency, args.sgd):
        print(f"{row['concurrency']:>4} {row['wall_s']:>7.2f} {row['floor_s']:>8.2f} {row['over_floor']:>8.3f} "
              f"{row['cases_per_s']:>8.1f} {row['cpu_ms_per_case']:>12.2f} {row['differing']:>7} {row['failed']:>7}")
    if args.skip_cli and args.skip_dashboard:
        return 0
    from scripts import bench_cli, bench_dashboard
    from scripts.bench_store import fill

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "runs.duckdb"
        os.environ["RUNS_DB"] = str(path)
        cases, seconds = fill(Store(path), args.runs, args.sgd)
        print(f"store: {args.runs:,} runs, {cases:,} cases, filled in {seconds:.1f} s")
        if not args.skip_cli:
            bench_cli.report(path, args.runs, 5, [ROOT])
        if not args.skip_dashboard:
            bench_dashboard.report(path, f"{args.runs} runs", [ROOT])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
