"""Benchmark: how long each dashboard page takes to render, and the dashboard's memory, with years of history.

Fills a temp store with `--runs` runs of the 1,340 Banks_1 cases in bulk (scripts/bench_store.py: one
real offline run copied inside DuckDB; a third of the copies an always-stop `simulated` tier, so the
review queue holds hundreds of thousands of stopped-early cases). Then, in a fresh process of its own
(the dashboard's, as AppTest runs it), renders every page first with cold caches and then warm, and
prints the times and that process's peak resident memory.

    .venv/bin/python scripts/bench_dashboard.py [--runs 2000] [--sgd DIR] [--db FILE] [--checkout DIR ...] [--rounds N]

`--db` renders an existing store; `--checkout` renders another checkout's dashboard (for a before/after).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PAGES = {"chat": "Chat", "runs": "Runs", "cases": "Cases", "compare": "Compare two runs", "cost": "Cost at volume",
         "redteam": "Red team", "contract": "Answer contract"}  # page -> the title it must show
TARGET_S = 1.0
TARGET_MB = 400


def render_times(app: Path) -> list[tuple[str, float, float]]:
    """(page, cold s, warm s) of every page, rendered in this process."""
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


def peak_rss_mb() -> float:
    """This process's peak resident memory. VmHWM, not getrusage's ru_maxrss: that one survives exec,
    so a child of a big parent (the one that filled the store) would report the parent's peak."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # no /proc: an upper bound


def queue_times() -> dict[str, float]:
    """Seconds (min of 3) of the review queue's two reads: the run list, and the newest run's cases."""
    from core import review
    from core.store import Store

    store, best = Store(), {}
    for _ in range(3):
        mark = time.perf_counter()
        runs = review.queue_runs(store)
        best["queue_runs"] = min(best.get("queue_runs", 1e9), time.perf_counter() - mark)
        mark = time.perf_counter()
        review.run_queue(store, runs["run_id"].iloc[0])
        best["run_queue"] = min(best.get("run_queue", 1e9), time.perf_counter() - mark)
    return best


def render_in_child(db: Path, checkout: Path) -> tuple[list[tuple[str, float, float]], float, dict[str, float]]:
    """Every page's times and the peak memory (MB) of a fresh process that rendered them all."""
    env = {**os.environ, "RUNS_DB": str(db.resolve()), "CHAT_INTAKE_BOOTSTRAP": "0", "PYTHONPATH": str(checkout)}
    done = subprocess.run([sys.executable, __file__, "--render", str(checkout)], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        raise SystemExit(f"rendering failed: {done.stderr.strip()[-2000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return [tuple(t) for t in result["times"]], result["peak_mb"], result["queue"]


def report(db: Path, label: str, checkouts: list[Path], rounds: int = 1) -> bool:
    """Print page times (the minimum over rounds; checkouts alternate within a round, so a busy machine
    slows them alike) and each dashboard process's peak memory; True when all are in target."""
    best: dict[Path, dict[str, list[float]]] = {c: {} for c in checkouts}
    peak: dict[Path, float] = {}
    queue: dict[Path, dict[str, float]] = {c: {} for c in checkouts}
    for _ in range(rounds):
        for checkout in checkouts:
            times, peak_mb, reads = render_in_child(db, checkout)
            peak[checkout] = max(peak.get(checkout, 0.0), peak_mb)
            queue[checkout] = {k: min(queue[checkout].get(k, 1e9), v) for k, v in reads.items()}
            for page, cold, warm in times:
                was = best[checkout].get(page, [cold, warm])
                best[checkout][page] = [min(was[0], cold), min(was[1], warm)]
    fine = True
    for checkout in checkouts:
        name = f"{label} {checkout.name}"
        print(f"{name}: {'page':<10} {'cold s':>7} {'warm s':>7}   target < {TARGET_S} s cold (min of {rounds})")
        slow = [page for page, (cold, _) in best[checkout].items() if cold >= TARGET_S]
        for page, (cold, warm) in best[checkout].items():
            print(f"{name}: {page:<10} {cold:>7.2f} {warm:>7.2f}   {'ok' if cold < TARGET_S else 'SLOW'}")
        print(f"{name}: dashboard process peak memory {peak[checkout]:.0f} MB   target < {TARGET_MB} MB   "
              f"{'ok' if peak[checkout] < TARGET_MB else 'OVER'}")
        print(f"{name}: review queue reads: run list {queue[checkout]['queue_runs']:.3f} s, "
              f"one run's cases {queue[checkout]['run_queue']:.3f} s")
        print(f"{name}: " + ("every page under target" if not slow else f"over target: {', '.join(slow)}"))
        fine = fine and not slow and peak[checkout] < TARGET_MB
    return fine


def filled_store(tmp: str, runs: int, sgd: str | None) -> Path:
    sys.path.insert(0, str(ROOT))
    from core.store import Store
    from scripts.bench_store import fill

    path = Path(tmp) / "runs.duckdb"
    os.environ["RUNS_DB"], os.environ["CHAT_INTAKE_BOOTSTRAP"] = str(path), "0"
    cases, seconds = fill(Store(path), runs, sgd)
    print(f"store: {runs:,} runs, {cases:,} cases, filled in {seconds:.1f} s ({path.stat().st_size / 1e6:.0f} MB)")
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--sgd", help="an SGD-layout folder (else SGD_DIR, data/sgd or the shared copy)")
    parser.add_argument("--db", type=Path, help="render an existing store instead of filling one")
    parser.add_argument("--checkout", type=Path, action="append",
                        help="a checkout whose dashboard is rendered (repeatable; default this one)")
    parser.add_argument("--rounds", type=int, default=1, help="render each checkout this many times, keep the min")
    parser.add_argument("--render", type=Path, help=argparse.SUPPRESS)  # the child: render and print JSON
    args = parser.parse_args()
    if args.render:
        times = render_times(args.render / "dashboard" / "app.py")
        peak_mb = peak_rss_mb()
        print(json.dumps({"times": times, "peak_mb": peak_mb, "queue": queue_times()}))
        return 0
    checkouts = [c.resolve() for c in args.checkout or [ROOT]]
    if args.db:
        return 0 if report(args.db, f"{args.runs} runs", checkouts, args.rounds) else 1
    with tempfile.TemporaryDirectory() as tmp:
        store = filled_store(tmp, args.runs, args.sgd)
        return 0 if report(store, f"{args.runs} runs", checkouts, args.rounds) else 1


if __name__ == "__main__":
    raise SystemExit(main())
