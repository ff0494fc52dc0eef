"""Contaminated fixtures: each bad answer caught by exactly its code, every clean one passes."""

import json
import shutil

import pytest

from core.contract import ALL_CODES
from core.fixtures import FIXTURES_DIR, FixtureError, load_fixtures, record_fixtures, run_fixtures, summarize
from evals.cli import main


@pytest.fixture(scope="module")
def results(sgd_dir):
    return run_fixtures(load_fixtures(), sgd_dir=sgd_dir)


def test_every_bad_fixture_is_caught_by_exactly_its_code(results):
    bad = [r for r in results if r.fixture.kind == "bad"]
    assert len(bad) >= 12
    for result in bad:
        assert result.got == [result.fixture.expect], result.fixture.id
    assert {r.fixture.expect for r in bad} == set(ALL_CODES)


def test_every_clean_fixture_passes(results):
    clean = [r for r in results if r.fixture.kind == "clean"]
    assert len(clean) >= 12
    for result in clean:
        assert result.got == [] and result.passed, result.fixture.id


def test_summary_and_recorded_run(results, store, sgd_dir):
    summary = summarize(results)
    assert summary["bad_rejected_as_expected"] == summary["bad_total"] >= 12
    assert summary["clean_passed"] == summary["clean_total"] >= 12
    assert summary["all_passed"] and summary["codes_not_covered"] == []
    run_id, recorded, _ = record_fixtures(store, load_fixtures(), sgd_dir=sgd_dir)
    assert {k: v for k, v in recorded.items() if k != "run_id"} == summary  # recording judges them the same way
    run = store.run(run_id)
    assert (run["kind"], run["status"], run["summary"]["bad_total"]) == ("contract", "finished", summary["bad_total"])
    row = store.case(run_id, "bad-invented-amount")
    assert row["extra"]["expected"] == row["extra"]["got"] == ["value_not_in_conversation"]
    assert "amount" not in row["collected"] and row["reported"]["amount"] == "$11,800"


def test_no_dataset_text_in_the_fixture_files(sgd_dir):
    # Answers are our words or references to gold, never a copied utterance.
    results = run_fixtures(load_fixtures(), sgd_dir=sgd_dir)
    text = "".join(p.read_text() for p in FIXTURES_DIR.glob("*.json"))
    for result in results:
        corpus_lines = result.case.lines[: len(result.case.lines) - len(result.fixture.then)]
        for line in corpus_lines:
            assert len(line.text) < 25 or line.text not in text


def _write(folder, fixtures) -> None:
    folder.mkdir(exist_ok=True)
    (folder / "mine.json").write_text(json.dumps({"version": 1, "fixtures": fixtures}))


def test_a_user_folder_runs_through_the_cli_and_a_failure_exits_1(tmp_path, sgd_dir, capsys):
    folder = tmp_path / "mine"
    case = {"service": "Banks_1", "segment": "intent", "case_id": "32_00011#2"}
    _write(folder, [
        {"id": "mine-bad", "kind": "bad", "expect": "value_not_allowed", "case": case,
         "answer": {"account_type": "gold bullion"}, "why": "not in the vocabulary"},
        {"id": "mine-wrongly-clean", "kind": "clean", "case": case, "answer": {"account_type": "platinum"},
         "why": "written as clean but it is not: the run must say so"},
    ])
    code = main(["contract", "--fixtures", str(folder), "--sgd", str(sgd_dir), "--db", str(tmp_path / "r.duckdb"),
                 "--json"])
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 1
    assert (summary["bad_total"], summary["bad_rejected_as_expected"]) == (1, 1)
    assert (summary["clean_total"], summary["clean_passed"]) == (1, 0)
    failed = next(f for f in summary["per_fixture"] if f["id"] == "mine-wrongly-clean")
    assert failed["expected"] == [] and failed["got"] == ["value_not_allowed"]


@pytest.mark.parametrize(("fixtures", "message"), [
    ([{"id": "x", "kind": "bad", "case": {"service": "Banks_1", "segment": "intent", "case_id": "1"},
       "answer": {}, "why": "no expect"}], "expect"),
    ([{"id": "x", "kind": "clean", "case": {"service": "Banks_1", "segment": "turns", "case_id": "1"},
       "answer": {}, "why": "bad segment"}], "turns"),
    ([{"id": "x", "kind": "clean", "case": {"service": "Banks_1", "segment": "intent", "case_id": "1"},
       "answer": {"a": {"gold": "a", "upper": True, "first_chars": 2}}, "why": "two transforms"}], "mine.json"),
])
def test_an_invalid_file_is_one_clear_error_naming_it(tmp_path, fixtures, message):
    _write(tmp_path / "f", fixtures)
    with pytest.raises(FixtureError) as caught:
        load_fixtures(tmp_path / "f")
    assert "mine.json" in str(caught.value) and message in str(caught.value) and "\n" not in str(caught.value)


def test_duplicate_ids_and_unknown_cases_are_refused(tmp_path, sgd_dir):
    folder = tmp_path / "dup"
    shutil.copytree(FIXTURES_DIR, folder)
    (folder / "again.json").write_text((FIXTURES_DIR / "clean.json").read_text())
    with pytest.raises(FixtureError, match="already used"):
        load_fixtures(folder)
    _write(tmp_path / "unknown", [{"id": "x", "kind": "clean", "why": "no such case", "answer": {},
                                   "case": {"service": "Banks_1", "segment": "intent", "case_id": "nope#0"}}])
    with pytest.raises(FixtureError, match="no case 'nope#0'"):
        run_fixtures(load_fixtures(tmp_path / "unknown"), sgd_dir=sgd_dir)
    with pytest.raises(FixtureError, match="does not exist"):
        load_fixtures(tmp_path / "absent")
