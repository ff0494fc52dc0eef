"""Reviewed gold errata: checked against the corpus, counted beside the graded figures, never folded in."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from core.corpus import build_corpus
from core.gold_errata import NONE, Erratum, GoldErrata, GoldErrataError, default_errata, load_errata, problems
from core.runner import run_eval
from tests.dashboard_store import EagerExtractor


def test_every_shipped_erratum_fits_its_case_and_explains_a_stop(sgd_dir):
    errata = default_errata()
    assert errata.errata, "data/gold_errata.json lists no erratum"
    for service in sorted({e.service for e in errata.errata}):
        corpus = build_corpus(service, "intent", sgd_dir=sgd_dir, download=False, sgd_split="train")
        mine = [e for e in errata.errata if e.service == service]
        for erratum in mine:
            assert problems(erratum, corpus.cases, corpus.checklist) == []
        assert set(errata.explained(corpus)) == {e.case_id for e in mine}


def test_an_erratum_that_no_longer_fits_the_data_is_reported(banks1_intent):
    erratum = next(e for e in default_errata().errata if e.case_id == "40_00053#8")
    cases, checklist = banks1_intent.cases, banks1_intent.checklist
    assert problems(replace(erratum, quote="What is my savings account balance?"), cases, checklist) == [
        "Banks_1 40_00053#8 (CheckBalance): the quote is in no customer line of the case"]
    assert "is in no customer line" in problems(replace(erratum, facts={"account_type": "money market"}), cases,
                                                checklist)[0]
    assert "no such case" in problems(replace(erratum, case_id="40_00053#99"), cases, checklist)[0]
    # a fact gold already holds is no erratum: 40_00053#6's TransferMoney state records the savings account
    holds = next(c for c in cases if c.gold.get("account_type") == ("savings",) and c.case_id.startswith("40_00053"))
    kept = replace(erratum, case_id=holds.case_id, intent=holds.intent, quote="My savings account.",
                   facts={"account_type": "savings"})
    assert any("gold already accepts" in p for p in problems(kept, cases, checklist))


def test_errata_count_the_stops_they_explain_and_change_no_graded_figure(store, banks1_intent):
    errata = default_errata()
    listed = {e.case_id for e in errata.errata if e.service == "Banks_1"}
    cases = [c for c in banks1_intent.cases if c.case_id in listed or c.dialogue_id == "40_00053"]
    eager = EagerExtractor()

    def run(with_errata: GoldErrata) -> tuple[str, dict]:
        return run_eval(store, banks1_intent, cases, eager, split="all", settings={"tier": "eager"},
                        prompt_fingerprint="none", errata=with_errata)

    _, plain = run(NONE)
    run_id, summary = run(errata)
    graded = ("n", "decisions_correct", "stopped_early", "correct", "wrong", "missed", "open")
    assert {k: summary[k] for k in graded} == {k: plain[k] for k in graded}
    assert plain["stopped_early_gold_errata"] == 0
    rows = store.cases(run_id)
    marked = rows[rows["extra"].map(lambda extra: isinstance(extra, str) and "gold_erratum" in json.loads(extra))]
    assert set(marked["case_id"]) <= listed
    assert marked["stopped_early"].all()
    assert summary["stopped_early_gold_errata"] == len(marked) > 0
    assert summary["gold_errata"] == {"file": "data/gold_errata.json", "fingerprint": errata.fingerprint,
                                      "errata": len(errata.errata)}
    # the eager stand-in stops on every listed case: each stop there is explained, none elsewhere
    early = set(rows[rows["stopped_early"]]["case_id"])
    assert set(marked["case_id"]) == early & listed


@pytest.mark.parametrize("body, message", [
    ({"version": 1, "errata": [{"service": "Banks_1", "split": "train", "case_id": "1_00000#0", "intent": "X",
                                "facts": {}, "quote": "q", "why": "w"}]}, "$.errata[0].facts"),
    ({"version": 1, "errata": [{"service": "Banks_1", "split": "train", "case_id": "no-hash", "intent": "X",
                                "facts": {"a": "b"}, "quote": "q", "why": "w"}]}, "$.errata[0].case_id"),
    ({"version": 2, "errata": []}, "$.version"),
])
def test_a_malformed_errata_file_is_refused_with_the_field_named(tmp_path, body, message):
    path = tmp_path / "errata.json"
    path.write_text(json.dumps(body))
    with pytest.raises(GoldErrataError, match=message.replace("$", r"\$").replace("[", r"\[").replace("]", r"\]")):
        load_errata(path)


def test_an_erratum_listed_twice_is_refused(tmp_path):
    one = {"service": "Banks_1", "split": "train", "case_id": "1_00000#0", "intent": "X", "facts": {"a": "b"},
           "quote": "q", "why": "w"}
    path = tmp_path / "errata.json"
    path.write_text(json.dumps({"version": 1, "errata": [one, one]}))
    with pytest.raises(GoldErrataError, match="listed twice"):
        load_errata(path)


def test_an_erratum_moves_a_value_gold_put_under_another_fact(banks1_intent):
    erratum = next(e for e in default_errata().errata if e.case_id == "64_00076#8")
    case = next(c for c in banks1_intent.cases if c.case_id == "64_00076#8" and c.intent == "TransferMoney")
    assert case.gold["recipient_account_type"] == ("savings",)
    corrected = erratum.corrected_gold(case)
    assert corrected["account_type"] == ("savings",)
    assert "recipient_account_type" not in corrected
    assert isinstance(erratum, Erratum) and erratum.explains_stop(case, banks1_intent.checklist)
