"""The Generality page through AppTest: the latest generality run's group totals and per-service table in
both intent modes, and on an empty store the button that starts one (with progress) and the command to copy.
Every report here runs over a tiny SGD-shaped folder the tests write."""

from __future__ import annotations

import pytest

from core import config, shard_index
from core.store import Store
from tests.test_dashboard_pages import open_app, shown, wait_until_shown
from tests.tiny_sgd import write_tiny_sgd


def test_the_page_shows_group_totals_and_every_service_of_the_latest_report(monkeypatch, dashboard_filled):
    at = open_app(monkeypatch, dashboard_filled[0], "generality")
    groups, services = (frame.value for frame in at.dataframe)
    assert list(groups["services"]) == ["train services", "unseen services (schema in no train dialogue)",
                                        "other dev/test services", "every service"]
    assert list(services["service"]) == ["Loans_1", "Rides_1", "Loans_1", "Pets_1", "Parcels_1"]
    assert list(services["seen in training"]) == ["yes", "yes", "yes", "no", "no"]
    assert list(services["cases"]) == ["7", "2", "2", "4", "1"]
    assert services["always stopping would score"].iloc[0].startswith("57.1% (")  # 4 of 7 cases are complete
    assert services["decision changed by a reworded checklist"].iloc[4] == "no reworded checklist"
    assert "On the **2 services never seen in training**" in shown(at)
    assert at.radio(key="generality_mode").options == ["given (the corpus names it)", "read from the conversation"]
    at.radio(key="generality_mode").set_value("predicted").run()
    assert not at.exception and len(at.dataframe[1].value) == 5


@pytest.fixture()
def tiny_env(tmp_path, monkeypatch):
    monkeypatch.setenv(config.CACHE_ENV, str(tmp_path / "cache"))  # worker processes inherit it
    shard_index.clear_memo()
    monkeypatch.setenv("SGD_DIR", str(write_tiny_sgd(tmp_path / "sgd")))
    yield
    shard_index.clear_memo()


def test_an_empty_store_offers_the_button_and_the_command_and_the_button_fills_the_page(monkeypatch, tmp_path,
                                                                                       tiny_env):
    db = tmp_path / "runs.duckdb"
    at = open_app(monkeypatch, db, "generality")
    text = shown(at)
    assert "No generality report is recorded yet" in text and "-m evals report --db " in text
    at.button(key="generality_start").click().run()
    wait_until_shown(at, "finished, run")
    assert "the generality report over every service: finished, run" in shown(at)
    runs = Store(db).runs("generality")
    assert list(runs["status"]) == ["finished"]
    at.run()
    assert list(at.dataframe[1].value["service"]) == ["Loans_1", "Rides_1", "Loans_1", "Pets_1", "Parcels_1"]


def test_a_report_without_the_agents_questions_says_so_where_it_is_picked(monkeypatch, tmp_path, tiny_env):
    from tests.dashboard_store import record_command

    db = tmp_path / "runs.duckdb"
    record_command(["report", "--workers", "1", "--no-variants", "--db", str(db)])
    record_command(["report", "--workers", "1", "--no-variants", "--no-agent-asks", "--db", str(db)])
    at = open_app(monkeypatch, db, "generality")
    picker = at.selectbox(key="generality_run")
    newest, older = Store(db).runs("generality")["run_id"]
    assert "agent questions hidden" in picker.format_func(newest) and "hidden" not in picker.format_func(older)
    assert "the agent's own questions were hidden from the tier" in shown(at)
    picker.set_value(older).run()
    assert "the agent's own questions were kept" in shown(at)
    assert at.dataframe[1].value["decision changed by a reworded checklist"].iloc[0] == "no reworded checklist"

