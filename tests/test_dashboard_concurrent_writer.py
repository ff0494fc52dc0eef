"""The dashboard keeps working while `python -m evals run` writes to the same store from another process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from core import tiers
from core.simulated.server import SimulatedProvider
from core.store import Store
from tests.dashboard_store import record_eager
from tests.test_dashboard_pages import open_app, shown

PROJECT = Path(__file__).resolve().parent.parent
CASES = 600


def test_pages_and_a_review_land_while_a_cli_run_writes(monkeypatch, tmp_path, banks1, sgd_dir):
    db = tmp_path / "runs.duckdb"
    eager = record_eager(Store(db), banks1)  # stopped-early cases to review
    cases_page = open_app(monkeypatch, db, "cases")  # opened first, so what follows is a rerun, not an import
    # The CLI run calls a simulated provider that answers in 50 ms, one call at a time: 600 cases
    # take half a minute however fast the machine, so the review below lands while it writes.
    provider = SimulatedProvider(0, latency_ms=50).start()
    spec = tiers.load_tiers()["simulated"].settings | {"base_url": provider.url + "/v1"}
    (tmp_path / "tiers.toml").write_text("[simulated]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in spec.items()))
    writer = subprocess.Popen(
        [sys.executable, "-m", "evals", "run", "--tier", "simulated", "--service", "Banks_1", "--segment", "intent",
         "--split", "all", "--limit", str(CASES), "--concurrency", "1", "--sgd", str(sgd_dir), "--db", str(db),
         "--json"],
        cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "CHAT_INTAKE_TIERS": str(tmp_path / "tiers.toml")})
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
        provider.stop()
    assert writer.returncode == 0, err
    assert overlapped, "the review was saved after the CLI run had finished: no concurrency was exercised"

    store = Store(db)
    written = store.runs("eval")
    cli_run = written[written["run_id"] != eager].iloc[0]
    assert cli_run["status"] == "finished"
    assert len(store.cases(cli_run["run_id"], "case_id")) == CASES
    reviews = store.reviews(run_id)
    assert list(reviews["note"]) == ["saved while another process wrote a run"]
