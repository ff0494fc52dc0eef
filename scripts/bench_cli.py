"""Benchmark: command-line start-up, `python -m evals --help` and `runs` on a store of many runs.

Each command is run as a user runs it (a fresh interpreter) several times; the minimum wall time is
printed (the least disturbed by other work on the machine), with the median beside it.

    .venv/bin/python scripts/bench_cli.py [--runs 2000] [--repeats 5] [--db FILE] [--checkout DIR]

`--checkout` times another checkout's `python -m evals` (say main's, for a before/after).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_S = 0.5
COMMANDS = (("--help",), ("runs",))


def startup_times(db: Path, repeats: int, checkout: Path = ROOT) -> list[tuple[str, float, float]]:
    """(command, min s, median s) of each command against the store `db`."""
    env = {**os.environ, "RUNS_DB": str(db), "CHAT_INTAKE_BOOTSTRAP": "0"}
    out = []
    for command in COMMANDS:
        walls = []
        for _ in range(repeats):
            mark = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "evals", *command], cwd=checkout, env=env,
                                  capture_output=True, text=True, timeout=300)
            walls.append(time.perf_counter() - mark)
            if done.returncode != 0:
                raise SystemExit(f"`python -m evals {' '.join(command)}` failed: {done.stderr.strip()}")
        out.append((" ".join(command), min(walls), statistics.median(walls)))
    return out


def report(db: Path, runs: int, repeats: int, checkout: Path = ROOT) -> bool:
    print(f"{'command':<22} {'min s':>6} {'median s':>9}   target < {TARGET_S} s ({runs:,} runs, {repeats} tries)")
    fast = True
    for command, best, median in startup_times(db, repeats, checkout):
        print(f"python -m evals {command:<6} {best:>6.2f} {median:>9.2f}   {'ok' if best < TARGET_S else 'SLOW'}")
        fast = fast and best < TARGET_S
    return fast


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--db", type=Path, help="an existing store to list (else a temp one is filled)")
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout whose CLI is timed")
    parser.add_argument("--sgd", help="an SGD-layout folder (else SGD_DIR, data/sgd or the shared copy)")
    args = parser.parse_args()
    if args.db:
        return 0 if report(args.db, args.runs, args.repeats, args.checkout) else 1
    from core.store import Store
    from scripts.bench_store import fill

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "runs.duckdb"
        os.environ["RUNS_DB"], os.environ["CHAT_INTAKE_BOOTSTRAP"] = str(path), "0"
        cases, seconds = fill(Store(path), args.runs, args.sgd)
        print(f"store: {args.runs:,} runs, {cases:,} cases, filled in {seconds:.1f} s")
        return 0 if report(path, args.runs, args.repeats, args.checkout) else 1


if __name__ == "__main__":
    raise SystemExit(main())
