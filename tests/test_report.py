"""`python -m evals report` over a whole folder (a tiny SGD-shaped one written here): a row per service and
split, both intent modes, floors, SGD-X where variants exist, group totals, the recorded run, bad input."""

from __future__ import annotations

import json

from core import generality
from core.store import Store
from evals.cli import main

ROWS = [("Loans_1", "train", "train", 7, 4), ("Rides_1", "train", "train", 2, 1), ("Loans_1", "dev", "other", 2, 1),
        ("Pets_1", "dev", "unseen", 4, 2), ("Parcels_1", "test", "unseen", 1, 1)]  # service, split, group, cases, stop


def report(capsys, tiny, db, *extra: str) -> dict:
    code = main(["report", "--sgd", str(tiny), "--db", str(db), "--workers", "1", "--json", *extra])
    out = capsys.readouterr().out
    assert code == 0, out
    return json.loads(out.strip().splitlines()[-1])


def test_report_covers_every_service_of_the_folder_in_both_intent_modes(capsys, tiny, tmp_path):
    body = report(capsys, tiny, tmp_path / "runs.duckdb")
    got = [(r["service"], r["split"], r["group"], r["cases"], r["gold"]["always_stop"]["hits"]) for r in body["rows"]]
    assert got == ROWS
    for row in body["rows"]:
        for mode in ("gold", "predicted"):
            figures = row[mode]
            assert figures["decisions"]["n"] == figures["always_stop"]["n"] == row["cases"]
            assert figures["gold_ask"] == row["cases"] - figures["always_stop"]["hits"]
            assert figures["decisions"]["low"] <= figures["decisions"]["value"] <= figures["decisions"]["high"]
            assert figures["above_floor"] == (figures["decisions"]["hits"] > figures["always_stop"]["hits"])
            assert figures["precision"]["n"] == figures["stated"] == figures["correct"] + figures["wrong"]
    by_service = {(r["service"], r["split"]): r for r in body["rows"]}
    assert by_service[("Parcels_1", "test")]["sgd_x"] is None  # the test split has no variant schema here
    variants = by_service[("Loans_1", "train")]["sgd_x"]
    assert sorted(variants["variants"]) == ["v1", "v2", "v3", "v4", "v5"] and variants["n"] == 7
    assert variants["changed"] <= variants["n"] and all(v <= variants["changed"] for v in variants["variants"].values())


def test_group_totals_are_the_sums_of_their_rows_with_intervals(capsys, tiny, tmp_path):
    body = report(capsys, tiny, tmp_path / "runs.duckdb")
    groups = body["groups"]
    assert list(groups) == ["train", "unseen", "other", "all"]
    assert groups["unseen"]["services"] == ["Parcels_1", "Pets_1"] and groups["other"]["services"] == ["Loans_1"]
    for name, group in groups.items():
        rows = [r for r in body["rows"] if name == "all" or r["group"] == name]
        assert group["cases"] == sum(r["cases"] for r in rows)
        for mode in ("gold", "predicted"):
            total = group[mode]
            assert total["decisions"]["hits"] == sum(r[mode]["decisions"]["hits"] for r in rows)
            assert total["always_stop"]["hits"] == sum(r[mode]["always_stop"]["hits"] for r in rows)
            assert total["stopped_early_rate"]["n"] == sum(r[mode]["gold_ask"] for r in rows)
            assert total["decisions"]["low"] is not None and total["decisions"]["high"] is not None
            assert total["below_floor"] == sorted(f"{r['service']} ({r['split']})" for r in rows
                                                  if not r[mode]["above_floor"]
                                                  and r[mode]["decisions"]["hits"] < r[mode]["decisions"]["n"])
        with_variants = [r["sgd_x"] for r in rows if r["sgd_x"]]
        assert group["sgd_x"]["n"] == sum(v["n"] for v in with_variants)


def test_the_report_is_recorded_as_a_generality_run_that_runs_lists(capsys, tiny, tmp_path):
    db = tmp_path / "runs.duckdb"
    body = report(capsys, tiny, db)
    run = Store(db).run(body["run_id"])
    assert (run["kind"], run["status"], run["tier"]) == ("generality", "finished", "offline")
    assert run["summary"]["rows"] == body["rows"] and run["summary"]["groups"] == body["groups"]
    assert run["summary"]["n"] == sum(r["cases"] for r in body["rows"])
    assert set(run["guards"]) >= {"case_set", "checklist", "tier_settings", "grader", "extractor", "agent_asks",
                                  "intent_mode"}
    assert run["guards"]["extractor"] == body["tier_settings"]["extractor"]
    from core.compare import run_figures

    listed = run_figures(Store(db))  # the Runs page's figures: the report's, though it writes no case row
    assert (listed["kind"].tolist(), int(listed["n"].iloc[0])) == (["generality"], run["summary"]["n"])
    assert int(listed["decisions_correct"].iloc[0]) == body["groups"]["all"]["gold"]["decisions"]["hits"]
    assert main(["runs", "--kind", "generality", "--db", str(db), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["runs"]
    assert [r["run_id"] for r in listed] == [body["run_id"]]


def test_without_agent_asks_the_same_cases_are_measured_under_another_guard(capsys, tiny, tmp_path, monkeypatch):
    seen_asks = []
    real = generality._decide

    def spy(corpus, extractor, gold_intent):
        seen_asks.extend(a for c in corpus.cases for ln in c.lines for a in ln.asks)
        return real(corpus, extractor, gold_intent)

    kept = report(capsys, tiny, tmp_path / "runs.duckdb", "--no-variants")
    monkeypatch.setattr(generality, "_decide", spy)
    bare = report(capsys, tiny, tmp_path / "runs.duckdb", "--no-variants", "--no-agent-asks")
    assert seen_asks == []  # the tier never saw a recorded question
    assert [r["case_set"] for r in bare["rows"]] == [r["case_set"] for r in kept["rows"]]
    assert (kept["guards"]["agent_asks"], bare["guards"]["agent_asks"]) == ("kept", "emptied")
    assert kept["guards"]["case_set"] == bare["guards"]["case_set"]


def test_services_and_one_intent_mode_can_be_chosen(capsys, tiny, tmp_path):
    body = report(capsys, tiny, tmp_path / "runs.duckdb", "--services", "Pets_1", "--intent", "predicted",
                  "--no-variants")
    assert [(r["service"], r["split"]) for r in body["rows"]] == [("Pets_1", "dev")]
    assert "gold" not in body["rows"][0] and body["rows"][0]["sgd_x"] is None
    assert list(body["groups"]) == ["unseen", "all"]


def test_two_worker_processes_give_the_same_rows(tiny):
    settings = generality.Settings(variants=False)
    one = generality.report(tiny, settings, workers=1)
    two = generality.report(tiny, settings, workers=2)
    assert two["rows"] == one["rows"]


def test_the_human_table_names_every_row_and_group(capsys, tiny, tmp_path):
    assert main(["report", "--sgd", str(tiny), "--db", str(tmp_path / "runs.duckdb"), "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "Pets_1         dev   NO" in out and "Loans_1        train seen" in out
    assert "unseen services (schema in no train dialogue) (2 rows, 5 cases)" in out
    assert "intent predicted" in out and "SGD-X" in out


def test_report_rejects_bad_input_with_one_line(capsys, tiny, tmp_path):
    db = str(tmp_path / "runs.duckdb")
    assert main(["report", "--sgd", str(tiny), "--db", db, "--intent", "guessed"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown intent mode guessed" in err[0]
    assert main(["report", "--sgd", str(tiny), "--db", db, "--services", "Nope_1"]) == 2
    assert "no dialogue of Nope_1" in capsys.readouterr().err
    assert main(["report", "--sgd", str(tiny), "--db", db, "--tier", "nope"]) == 2
    assert "unknown tier" in capsys.readouterr().err
    assert Store(db).runs().empty  # nothing recorded on the way


def test_matching_a_perfect_floor_is_not_below_it_and_any_other_tie_is():
    def figures(hits: int, floor: int, n: int) -> dict:
        return {"decisions": {"hits": hits, "n": n}, "always_stop": {"hits": floor, "n": n},
                "above_floor": hits > floor}
    assert generality.beats_floor(figures(141, 141, 141))  # every case complete, every decision right
    assert generality.floor_verdict(figures(141, 141, 141)) == "tie"
    assert not generality.beats_floor(figures(90, 90, 100))  # a tie short of perfect beats nothing
    assert not generality.beats_floor(figures(290, 306, 306))
    assert generality.beats_floor(figures(91, 90, 100))
