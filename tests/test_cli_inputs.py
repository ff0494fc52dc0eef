"""Every CLI input checked: a bad number or URL is one `error:` line naming the flag, exit 2;
an unknown run is an error; a read-only store can be listed."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import core.store
from core.store import Store
from evals.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BAD = [
    (["redteam", "--tier", "simulated", "--base-url", "::::"], "argument --base-url"),
    (["redteam", "--tier", "simulated", "--base-url", "http://127.0.0.1:99999/v1"], "argument --base-url"),
    (["simulate", "--port", "70000"], "argument --port"),
    (["simulate", "--port", "-1"], "argument --port"),
    (["simulate", "--hang-s", "-1"], "argument --hang-s"),
    (["simulate", "--latency-ms", "nan"], "argument --latency-ms"),
    (["cost", "--conversations", "nan"], "argument --conversations"),
    (["cost", "--conversations", "-3"], "argument --conversations"),
    (["cost", "--turns", "0"], "argument --turns"),
    (["bench-prompt", "--turns", "-1", "--service", "Banks_1"], "argument --turns"),
    (["bench-concurrency", "--concurrency", "0"], "argument --concurrency"),
    (["redteam", "--attempts", "1000000000"], "argument --attempts"),
    (["run", "--service", "Banks_1", "--concurrency", "0"], "argument --concurrency"),
    (["run", "--service", "Banks_1", "--limit", "-5"], "argument --limit"),
    (["run", "--service", "Banks_1", "--repeats", "x"], "argument --repeats"),
    (["runs", "--limit", "0"], "argument --limit"),
    (["check", "--against", "r-nope"], "--against: no run 'r-nope'"),
]


@pytest.mark.parametrize(("argv", "names"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bad_input_is_one_error_line_naming_the_flag(tmp_path, capsys, argv, names):
    code = main([*argv, *(["--db", str(tmp_path / "r.duckdb")] if argv[0] in ("check", "cost") else [])])
    err = capsys.readouterr().err.strip()
    assert code == 2 and err.startswith("error: ") and names in err and len(err.splitlines()) == 1


def test_a_non_utf8_store_path_is_one_clear_error(tmp_path):
    env = {**os.environ, "RUNS_DB": os.fsdecode(bytes(tmp_path) + b"/\xff\xfe.duckdb"), "CHAT_INTAKE_BOOTSTRAP": "0"}
    done = subprocess.run([sys.executable, "-m", "evals", "runs"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.startswith("error: the run store path") and "UTF-8" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_read_only_store_can_be_listed(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    store = Store(folder / "runs.duckdb")
    run_id = store.start_run(kind="eval", tier="offline", tier_kind="offline", guards={}, settings={}, n_planned=1)
    with store.connect() as db:  # a run whose process died, in a store nobody may write
        db.execute("UPDATE runs SET pid = ? WHERE run_id = ?", [2**22 + 4321, run_id])
    os.chmod(store.path, 0o444)
    os.chmod(folder, 0o555)
    try:
        if os.geteuid() == 0:  # root writes through permission bits: say the store is read-only as a user sees it
            monkeypatch.setattr(core.store, "_read_only", lambda _path: True)
        assert main(["runs", "--json", "--db", str(store.path)]) == 0
        rows = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["runs"]
        assert [(r["run_id"], r["status"], r["n"]) for r in rows] == [(run_id, "incomplete", 0)]  # never n: null
        assert Store(store.path).read_only
    finally:
        os.chmod(folder, 0o755)
        os.chmod(store.path, 0o644)
