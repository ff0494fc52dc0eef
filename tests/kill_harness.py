"""Kill a real `python -m evals run` and count what the store kept (tests/test_durability.py,
scripts/bench_kill.py).

The provider is the simulated one, in this process, so the calls it served are counted here
and compared with the call rows of the killed run in its DuckDB file.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from core.simulated import SimulatedProvider
from core.store import Store

ROOT = Path(__file__).resolve().parent.parent


def tiers_file(folder: Path, port: int) -> Path:
    """A tiers file with the simulated provider on `port` (`sim`) and a metered paid-wire tier
    pointed at it (`paid`, its key in KILL_TEST_KEY)."""
    path = folder / "tiers.toml"
    path.write_text(f"""
[sim]
provider = "simulated"
wire = "openai"
model = "offline-answers"
base_url = "http://127.0.0.1:{port}/v1"
timeout_s = 10

[paid]
provider = "openai"
model = "paid-model"
base_url = "http://127.0.0.1:{port}/v1"
key_env = "KILL_TEST_KEY"
rate = "openai/gpt-4.1-mini"
metered = true
attempts = 1
timeout_s = 10
""")
    return path


def start_cli(db: Path, tiers: Path, sgd_dir: Path, *, tier: str = "sim", concurrency: int = 8,
              env: dict | None = None, extra: tuple[str, ...] = ()) -> subprocess.Popen:
    command = [sys.executable, "-m", "evals", "run", "--tier", tier, "--service", "Banks_1", "--split", "all",
               "--concurrency", str(concurrency), "--db", str(db), "--sgd", str(sgd_dir), "--json", *extra]
    environment = {**os.environ, "CHAT_INTAKE_TIERS": str(tiers), "CHAT_INTAKE_BOOTSTRAP": "0",
                   "KILL_TEST_KEY": "sk-kill-test-0123456789", **(env or {})}
    return subprocess.Popen(command, cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def served(provider: SimulatedProvider) -> int:
    return sum(provider.faults.served.values())


def kill_after(folder: Path, sgd_dir: Path, seconds: float, *, latency_ms: float = 300.0,
               concurrency: int = 8) -> dict:
    """Start a run, `kill -9` it `seconds` after the server served its first call, and count:
    calls served, call rows recorded, the run's status after the next open of the store."""
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "runs.duckdb"
    with SimulatedProvider(0, latency_ms=latency_ms) as provider:
        process = start_cli(db, tiers_file(folder, provider.port), sgd_dir, concurrency=concurrency)
        deadline = time.monotonic() + 120
        while served(provider) == 0:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the run never called the server: {process.communicate()[1].decode()[-2000:]}")
            time.sleep(0.01)
        time.sleep(seconds)
        process.send_signal(signal.SIGKILL)
        process.communicate()
        time.sleep(latency_ms / 1000 + 0.5)  # requests in flight finish being served after the kill
        total_served = served(provider)
    store = Store(db)  # the next open: closes the dead run
    runs = store.runs()
    run = runs.iloc[0]
    recorded = int(store.query("SELECT count(*) AS n FROM calls WHERE run_id = ?", [run["run_id"]])["n"].iloc[0])
    cases = int(store.query("SELECT count(*) AS n FROM cases WHERE run_id = ?", [run["run_id"]])["n"].iloc[0])
    status = store.query("SELECT status, status_note, summary FROM runs WHERE run_id = ?", [run["run_id"]])
    return {"kill_after_s": seconds, "served": total_served, "recorded": recorded, "lost": total_served - recorded,
            "cases": cases, "status": status["status"].iloc[0], "note": status["status_note"].iloc[0],
            "summary": status["summary"].iloc[0], "run_id": run["run_id"]}
