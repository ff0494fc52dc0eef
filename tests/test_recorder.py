"""One recorder for every kind of run: stopped mid-way by an exception or a kill -9, each kind
reads `incomplete`, with the rows it wrote and a note saying how far it got."""

from __future__ import annotations

import pytest

from core.guards import Guards
from core.recorder import RunRecorder
from core.store import Store
from tests.kill_harness import KINDS, kill_midway, run_kind, stop_midway

KIND_OF = {"eval": "eval", "floor": "floor", "redteam": "redteam", "fixtures": "contract", "gold": "contract"}


@pytest.mark.parametrize("kind", KINDS)
def test_an_exception_mid_way_leaves_every_kind_incomplete(kind, tmp_path, sgd_dir, monkeypatch):
    def interrupt() -> None:
        raise KeyboardInterrupt("stopped by the test")

    stop_midway(kind, interrupt, monkeypatch.setattr)
    store = Store(tmp_path / "runs.duckdb")
    with pytest.raises(KeyboardInterrupt):
        run_kind(kind, store, sgd_dir)
    run = store.runs().iloc[0]
    assert (run["kind"], run["status"]) == (KIND_OF[kind], "incomplete")
    assert "stopped after" in run["status_note"] and "KeyboardInterrupt: stopped by the test" in run["status_note"]
    assert len(store.cases(run["run_id"], "case_id")) > 0 or kind == "gold"  # what was handed over is kept


@pytest.mark.parametrize("kind", KINDS)
def test_a_kill_9_mid_way_leaves_every_kind_incomplete_on_the_next_open(kind, tmp_path, sgd_dir):
    result = kill_midway(kind, tmp_path, sgd_dir)
    assert (result["kind"], result["status"]) == (KIND_OF[kind], "incomplete"), result
    assert "is gone" in result["note"]
    assert result["summary"]["n"] == result["cases"]


def test_a_run_is_started_with_typed_guards_and_must_say_how_it_ended(store):
    with pytest.raises(TypeError, match="typed Guards"):
        RunRecorder(store, kind="eval", tier="t", tier_kind="offline", guards={"case_set": "x"}, settings={},
                    n_planned=1)
    guards = Guards(case_set="c", checklist="k", prompt="p", grader="g", tier_settings="s")
    with pytest.raises(RuntimeError, match="without a result"), \
            RunRecorder(store, kind="eval", tier="t", tier_kind="offline", guards=guards, settings={},
                        n_planned=1):
        pass
    assert store.runs()["status"].iloc[0] == "incomplete"
    with RunRecorder(store, kind="eval", tier="t", tier_kind="offline", guards=guards, settings={},
                     n_planned=1) as run:
        with pytest.raises(ValueError, match="recorder's"):
            run.finish("incomplete", {})
        run.finish("finished", {"n": 0})
    assert store.run(run.run_id)["status"] == "finished"
