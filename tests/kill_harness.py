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


# --- every kind of run, stopped mid-way (tests/test_recorder.py) -------------------------

KINDS = ("eval", "floor", "redteam", "fixtures", "gold")
# the step each kind repeats, and after how many calls it is stopped: by then rows have been handed over
STEPS = {"eval": ("core.runner", "grade_case", 3), "floor": ("core.floors", "grade_case", 3),
         "redteam": ("core.redteam", "take_turn", 4), "fixtures": ("core.fixtures", "run_fixture", 3),
         "gold": ("core.gold_check", "check_corpus", 1)}


def stop_midway(kind: str, then, patch=setattr) -> None:
    """Wrap the kind's repeated step so that, once it has run its calls, `then()` is called
    instead (raise to interrupt, sleep to be killed); `patch` sets it (a test's monkeypatch.setattr)."""
    import importlib

    module_name, name, after = STEPS[kind]
    module = importlib.import_module(module_name)
    original = getattr(module, name)
    calls = [0]

    def step(*args, **kwargs):
        calls[0] += 1
        if calls[0] > after:
            then()
        return original(*args, **kwargs)

    patch(module, name, step)


def run_kind(kind: str, store: Store, sgd_dir: Path) -> str:
    """One run of `kind` on a small train or sample case set; returns its run id."""
    from core import tiers
    from core.corpus import build_corpus

    if kind in ("eval", "floor"):
        corpus = build_corpus("Banks_1", "dialogue", sgd_dir=sgd_dir, download=False)
        cases = corpus.select("sample", limit=20)
        if kind == "floor":
            from core.floors import run_floors

            return run_floors(store, corpus, cases, "sample")["always-stop"]["run_id"]
        from core.runner import run_eval

        extractor, settings, fingerprint = tiers.build("offline")
        return run_eval(store, corpus, cases, extractor, split="sample", settings=settings,
                        prompt_fingerprint=fingerprint)[0]
    if kind == "redteam":
        from core.redteam import ATTACKS_FILE, checklist_loader, load_attacks, run_redteam

        checklists = checklist_loader(sgd_dir)
        extractor, settings, fingerprint = tiers.build("offline")
        return run_redteam(store, load_attacks(ATTACKS_FILE, checklists)[:6], extractor, attempts=1,
                           settings=settings, prompt_fingerprint=fingerprint, checklists=checklists,
                           attacks_path=ATTACKS_FILE)[0]
    if kind == "fixtures":
        from core.fixtures import load_fixtures, record_fixtures

        return record_fixtures(store, load_fixtures()[:8], sgd_dir=sgd_dir)[0]
    from core.gold_check import run_gold_check

    return run_gold_check(store, ["RideSharing_1", "Banks_1"], "intent", sgd_dir=sgd_dir)[0] or ""


def kill_midway(kind: str, folder: Path, sgd_dir: Path) -> dict:
    """Run `kind` in a child process that hangs mid-way, `kill -9` it once its first rows are in the
    store, and read the run back after the next open."""
    folder.mkdir(parents=True, exist_ok=True)
    db, marker = folder / "runs.duckdb", folder / "hanging"
    environment = {**os.environ, "CHAT_INTAKE_BOOTSTRAP": "0"}
    process = subprocess.Popen([sys.executable, "-m", "tests.kill_harness", kind, str(db), str(sgd_dir), str(marker)],
                               cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not marker.exists():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{kind} never reached its midpoint: {process.communicate()[1].decode()[-2000:]}")
            time.sleep(0.05)
        time.sleep(1.5)  # the writer flushes what was handed over within FLUSH_S
        process.send_signal(signal.SIGKILL)
        process.communicate()
    finally:
        if process.poll() is None:
            process.kill()
    store = Store(db)  # the next open closes the dead run
    run = store.runs().iloc[0]
    return {"kind": run["kind"], "status": run["status"], "note": run["status_note"],
            "cases": len(store.cases(run["run_id"], "case_id")), "summary": store.run(run["run_id"])["summary"]}


def _hang_midway(kind: str, db: str, sgd_dir: str, marker: str) -> None:
    def hang() -> None:
        Path(marker).touch()
        time.sleep(600)

    stop_midway(kind, hang)
    run_kind(kind, Store(db), Path(sgd_dir))


if __name__ == "__main__":
    _hang_midway(*sys.argv[1:5])
