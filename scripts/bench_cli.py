"""Benchmark: command-line start-up, `python -m evals --help` and `runs` on a store of many runs.

Each command is run as a user runs it (a fresh interpreter) several times; the minimum wall time is
printed (the least disturbed by other work on the machine), with the median beside it. Given several
checkouts (`--checkout main --checkout .`), their tries alternate, so a busy machine slows all alike.

    .venv/bin/python scripts/bench_cli.py [--runs 2000] [--repeats 5] [--db FILE] [--checkout DIR ...]
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


def startup_times(db: Path, repeats: int, checkouts: list[Path]) -> dict[tuple[Path, str], list[float]]:
    """Wall seconds of each try, by (checkout, command), against the store `db`."""
    env = {**os.environ, "RUNS_DB": str(db.resolve()), "CHAT_INTAKE_BOOTSTRAP": "0"}
    walls: dict[tuple[Path, str], list[float]] = {}
    for _ in range(repeats):
        for command in COMMANDS:
            for checkout in checkouts:
                mark = time.perf_counter()
                done = subprocess.run([sys.executable, "-m", "evals", *command], cwd=checkout, env=env,
                                      capture_output=True, text=True, timeout=300)
                walls.setdefault((checkout, " ".join(command)), []).append(time.perf_counter() - mark)
                if done.returncode != 0:
                    raise SystemExit(f"`python -m evals {' '.join(command)}` in {checkout} failed: {done.stderr}")
    return walls


def report(db: Path, runs: int, repeats: int, checkouts: list[Path]) -> dict[tuple[str, str], float]:
    """Print the table; return the minimum seconds by (checkout, command)."""
    print(f"{'checkout':<16} {'command':<22} {'min s':>6} {'median s':>9}   "
          f"target < {TARGET_S} s ({runs:,} runs, {repeats} tries)")
    best = {}
    for (checkout, command), walls in startup_times(db, repeats, checkouts).items():
        best[(str(checkout), command)] = min(walls)
        print(f"{checkout.name:<16} python -m evals {command:<6} {min(walls):>6.2f} {statistics.median(walls):>9.2f}"
              f"   {'ok' if min(walls) < TARGET_S else 'SLOW'}")
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--db", type=Path, help="an existing store to list (else a temp one is filled)")
    parser.add_argument("--checkout", type=Path, action="append", help="a checkout whose CLI is timed (repeatable)")
    parser.add_argument("--sgd", help="an SGD-layout folder (else SGD_DIR, data/sgd or the shared copy)")
    args = parser.parse_args()
    checkouts = [c.resolve() for c in args.checkout or [ROOT]]
    if args.db:
        best = report(args.db, args.runs, args.repeats, checkouts)
    else:
        from core.store import Store
        from scripts.bench_store import fill

        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "runs.duckdb"
            os.environ["RUNS_DB"], os.environ["CHAT_INTAKE_BOOTSTRAP"] = str(path), "0"
            cases, seconds = fill(Store(path), args.runs, args.sgd)
            print(f"store: {args.runs:,} runs, {cases:,} cases, filled in {seconds:.1f} s")
            best = report(path, args.runs, args.repeats, checkouts)
    return 0 if all(s < TARGET_S for s in best.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
