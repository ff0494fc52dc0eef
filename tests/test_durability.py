"""Nothing lost on a kill: every attempt and every finished case is in the store within about
a second, and a killed run reads `incomplete` on the next open, with the count it wrote."""

from __future__ import annotations

import json
import os
import threading
import time

import pytest

from core.run_writer import RunWriter
from core.store import HOST, Store
from tests.kill_harness import kill_after

MAX_LOST = 35


@pytest.mark.parametrize("seconds", [1.0, 3.5, 7.0])
def test_kill_9_loses_at_most_the_calls_in_flight_and_a_second(tmp_path, sgd_dir, seconds):
    result = kill_after(tmp_path, sgd_dir, seconds, latency_ms=300, concurrency=8)
    assert result["served"] > 0
    assert result["lost"] <= MAX_LOST, result
    assert result["status"] == "incomplete" and "is gone" in result["note"]
    summary = json.loads(result["summary"])
    assert summary["n"] == result["cases"] and summary["calls"] == result["recorded"]


def test_a_running_run_of_a_dead_process_is_closed_on_the_next_open(store):
    run_id = store.start_run(kind="eval", tier="offline", tier_kind="offline", guards={}, settings={}, n_planned=3)
    with store.connect() as db:
        db.execute("UPDATE runs SET pid = ? WHERE run_id = ?", [2**22 + 12345, run_id])  # no such process
    assert store.runs()["status"].iloc[0] == "incomplete"  # readers agree before any write
    again = Store(store.path)
    row = again.run(run_id)
    assert row["status"] == "incomplete" and row["summary"]["n"] == 0 and "is gone" in row["status_note"]


def test_a_live_run_is_left_running(store):
    run_id = store.start_run(kind="eval", tier="offline", tier_kind="offline", guards={}, settings={}, n_planned=3)
    assert Store(store.path).run(run_id)["status"] == "running"
    assert store.run(run_id)["host"] == HOST and store.run(run_id)["pid"] == os.getpid()


def test_the_writer_writes_within_a_second_without_the_caller_waiting(store):
    run_id = store.start_run(kind="eval", tier="offline", tier_kind="offline", guards={}, settings={}, n_planned=1)
    writer = RunWriter(store, run_id)
    started = time.perf_counter()
    writer.attempt({"run_id": run_id, "case_id": "c1", "repeat": 0, "attempt": 1, "provider": "openai",
                    "model": "m", "error": "HTTP 500", "http_status": 500})
    assert time.perf_counter() - started < 0.05
    deadline = time.monotonic() + 1.5
    while len(store.calls(run_id)) < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(store.calls(run_id)) == 1  # an attempt of a case that has not finished
    writer.case({"run_id": run_id, "case_id": "c1", "repeat": 0, "decision": "ask", "codes": []},
                [{"run_id": run_id, "case_id": "c1", "repeat": 0, "attempt": 1, "provider": "openai", "model": "m",
                  "error": "HTTP 500", "http_status": 500},
                 {"run_id": run_id, "case_id": "c1", "repeat": 0, "attempt": 2, "provider": "openai", "model": "m",
                  "http_status": 200, "input_tokens": 10}])
    writer.close()
    calls = store.calls(run_id)
    assert sorted(calls["attempt"]) == [1, 2]  # the provisional row was replaced, not doubled
    assert len(store.cases(run_id)) == 1
    assert not [t for t in threading.enumerate() if t.name == f"writer-{run_id}"]


def test_many_repeats_stream_to_the_store_and_sigterm_closes_the_run(tmp_path, sgd_dir):
    import signal
    import subprocess
    import sys

    db = tmp_path / "runs.duckdb"
    env = {**os.environ, "CHAT_INTAKE_BOOTSTRAP": "0"}
    process = subprocess.Popen([sys.executable, "-m", "evals", "run", "--tier", "offline", "--service", "Banks_1",
                                "--limit", "1", "--repeats", "200000", "--db", str(db), "--sgd", str(sgd_dir),
                                "--json"], cwd=os.path.dirname(os.path.dirname(__file__)), env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        written, deadline = 0, time.monotonic() + 90
        while written < 200 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.5)
            if db.exists():
                written = int(Store(db).query("SELECT count(*) AS n FROM cases")["n"].iloc[0])
        assert process.poll() is None and written >= 200  # written while it runs, not held to the end
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    run = Store(db).runs().iloc[0]
    assert run["status"] == "incomplete" and "KeyboardInterrupt" in run["status_note"]
