"""The dashboard keeps working while `python -m evals run` writes to the same store from another process."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from core.store import Store
from tests.dashboard_store import record_eager
from tests.test_dashboard_pages import open_app, shown

PROJECT = Path(__file__).resolve().parent.parent


def test_pages_and_a_review_land_while_a_cli_run_writes(monkeypatch, tmp_path, banks1, sgd_dir):
    db = tmp_path / "runs.duckdb"
    eager = record_eager(Store(db), banks1)  # stopped-early cases to review
    cases_page = open_app(monkeypatch, db, "cases")  # opened first, so what follows is a rerun, not an import
    writer = subprocess.Popen(
        [sys.executable, "-m", "evals", "run", "--tier", "offline", "--service", "Banks_1", "--segment", "intent",
         "--split", "all", "--repeats", "4", "--sgd", str(sgd_dir), "--db", str(db), "--json"],
        cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        store = Store(db)
        for _ in range(100):  # wait until the other process has started writing its run
            if len(store.runs()) == 2 or writer.poll() is not None:
                break
            time.sleep(0.2)
        assert writer.poll() is None, "the CLI run ended before the dashboard could read beside it"

        run_id, case_id = cases_page.selectbox(key="review_run").value, cases_page.session_state["review_case"]
        cases_page.radio(key="review_verdict").set_value("model misread")
        cases_page.text_area(key="review_note").input("saved while another process wrote a run")
        cases_page.form_submit_button[0].click().run()
        overlapped = writer.poll() is None
        assert not cases_page.exception and f"Saved: model misread on {case_id}" in shown(cases_page)
        runs_page = open_app(monkeypatch, db, "runs")
        assert "2 eval and floor runs in 2 comparable groups" in shown(runs_page)
        _out, err = writer.communicate(timeout=120)
    finally:
        if writer.poll() is None:
            writer.kill()
    assert writer.returncode == 0, err
    assert overlapped, "the review was saved after the CLI run had finished: no concurrency was exercised"

    store = Store(db)
    # The run repeats every case (4 x 1,722 rows) so it outlasts a page rerun on a loaded machine.
    written = store.runs("eval")
    cli_run = written[written["run_id"] != eager].iloc[0]
    assert cli_run["status"] == "finished"
    assert len(store.cases(cli_run["run_id"], "case_id")) == 4 * 1722  # Banks_1 per-intent mode, product notes §2
    reviews = store.reviews(run_id)
    assert list(reviews["note"]) == ["saved while another process wrote a run"]
