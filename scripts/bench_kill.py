"""Benchmark: what a `kill -9` loses. A run at concurrency 8 against the simulated provider with
300 ms latency is killed at several moments; the calls the server served are counted against
the call rows the store kept, and the run's status is read after the next open of the store.
With `--budget`, also two processes under MAX_CALLS_PER_DAY=50 on one metered tier: calls served.

    .venv/bin/python scripts/bench_kill.py [--at 1 3.5 7] [--latency-ms 300] [--budget] [--sgd DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.sgd_source import SIBLING_COPY  # noqa: E402
from core.simulated import SimulatedProvider  # noqa: E402
from tests.kill_harness import kill_after, served, start_cli, tiers_file  # noqa: E402


def two_processes(folder: Path, sgd: Path, limit: int = 50) -> dict:
    folder.mkdir(parents=True, exist_ok=True)
    with SimulatedProvider(0, latency_ms=20) as provider:
        path = tiers_file(folder, provider.port)
        runs = [start_cli(folder / "runs.duckdb", path, sgd, tier="paid", concurrency=4,
                          env={"MAX_CALLS_PER_DAY": str(limit)}, extra=("--limit", "200")) for _ in range(2)]
        outs = [json.loads(p.communicate(timeout=300)[0].decode().strip().splitlines()[-1]) for p in runs]
        return {"limit": limit, "served": served(provider), "per_process": [o["calls"] for o in outs],
                "statuses": [o["status"] for o in outs]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", type=float, nargs="+", default=[1.0, 3.5, 7.0],
                        help="seconds after the first call served at which to kill")
    parser.add_argument("--latency-ms", type=float, default=300.0)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--budget", action="store_true", help="also measure two processes under a budget of 50")
    parser.add_argument("--sgd", type=Path, default=SIBLING_COPY)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print(f"kill -9 at concurrency {args.concurrency}, {args.latency_ms:g} ms latency:")
        worst = 0
        for seconds in args.at:
            r = kill_after(Path(tmp) / f"kill-{seconds}", args.sgd, seconds, latency_ms=args.latency_ms,
                           concurrency=args.concurrency)
            worst = max(worst, r["lost"])
            print(f"  after {seconds:>4g} s: served {r['served']:>4}, recorded {r['recorded']:>4}, lost {r['lost']:>3};"
                  f" cases written {r['cases']:>4}; status after the next open: {r['status']}")
        print(f"  worst loss {worst} calls (target: at most 35)")
        if args.budget:
            b = two_processes(Path(tmp) / "budget", args.sgd)
            print(f"two processes, MAX_CALLS_PER_DAY={b['limit']}, one metered tier: served {b['served']} "
                  f"(per process {b['per_process']}, {', '.join(b['statuses'])})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
