"""The embedded default: a fresh store gets floors and an offline run, once."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

from core.bootstrap import bootstrap
from core.store import Store

PROJECT = Path(__file__).resolve().parent.parent


def test_empty_store_gets_floors_and_an_offline_run_with_progress(store, sgd_dir):
    seen: list[tuple[str, float]] = []
    result = bootstrap(store, sgd_dir=sgd_dir, progress=lambda message, share: seen.append((message, share)))
    assert result.ran and len(result.run_ids) == 5
    runs = store.runs()
    assert sorted(runs["kind"]) == ["eval", "eval", "floor", "floor", "floor"]
    offline = runs[(runs["kind"] == "eval") & (runs["split"] == "held-out")].iloc[0]
    assert (offline["tier"], offline["service"], offline["split"], offline["status"]) == (
        "offline", "Banks_1", "held-out", "finished")
    assert len(store.cases(offline["run_id"], "case_id")) == 298  # the held-out split of product notes §2
    shares = [share for _, share in seen]
    assert shares[0] == 0.0 and shares[-1] == 1.0 and shares == sorted(shares)
    # the rest of the corpus, where the offline tier does stop early: a fresh store has cases to review
    review = runs[(runs["kind"] == "eval") & (runs["split"] == "sample")].iloc[0]
    early = store.query("SELECT count(*) AS n FROM cases WHERE run_id = ? AND stopped_early", [review["run_id"]])
    assert int(early["n"].iloc[0]) > 0


def test_second_start_changes_nothing(store, sgd_dir):
    bootstrap(store, sgd_dir=sgd_dir)
    again = bootstrap(store, sgd_dir=sgd_dir)
    assert not again.ran and "already" in again.reason
    assert len(store.runs()) == 5


def test_two_processes_starting_together_record_one_default(tmp_path, sgd_dir):
    db = tmp_path / "runs.duckdb"
    code = ("import sys; from core.bootstrap import bootstrap; from core.store import Store; "
            "print(bootstrap(Store(sys.argv[1]), sgd_dir=sys.argv[2]).ran)")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(db), str(sgd_dir)], cwd=PROJECT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _, err in outputs]
    assert sorted(out.strip() for out, _ in outputs) == ["False", "True"]
    runs = Store(db).runs()
    assert sorted(runs["kind"]) == ["eval", "eval", "floor", "floor", "floor"]


class CutShort(Exception):
    pass


def test_a_first_start_cut_short_is_completed_by_the_next(store, sgd_dir):
    def leave_after_a_few_cases(message: str, share: float) -> None:
        if share > 0.3:
            raise CutShort("the visitor closed the tab")

    with contextlib.suppress(CutShort):
        bootstrap(store, sgd_dir=sgd_dir, progress=leave_after_a_few_cases)
    first = store.runs()
    assert sorted(first["status"]) == ["finished", "finished", "finished", "incomplete"]
    result = bootstrap(store, sgd_dir=sgd_dir)
    assert result.ran and len(result.run_ids) == 2  # only the offline runs were missing
    offline = store.runs("eval")
    assert sorted(offline["status"]) == ["finished", "finished", "incomplete"]


def test_a_store_with_runs_of_its_own_is_left_alone(store, sgd_dir):
    run_id = store.start_run(kind="eval", tier="offline", tier_kind="offline", guards={}, settings={},
                             n_planned=1, service="Payment_1", split="all")
    store.finish_run(run_id, "finished", {"n": 1})
    assert not bootstrap(store, sgd_dir=sgd_dir).ran
    assert len(store.runs()) == 1
