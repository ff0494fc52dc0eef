"""The grader's four outcomes, the derived decision, stopped_early and stopped_wrong, and the statistics."""

import pytest

from core.checklist import Checklist
from core.corpus import Case, Line
from core.grade import Rate, accepts, fact_outcome, grade_case, paired_decisions, summarize
from tests.test_checklist import SCHEMA

CHECKLIST = Checklist.from_schema(SCHEMA)


def _case(gold, complete):
    return Case("d#1", "d", "Loans_1", "Apply", 1, (Line("customer", "hi"),), gold, complete)


def test_each_fact_gets_exactly_one_of_four_outcomes():
    assert fact_outcome(["$500", "500 dollars"], "500 dollars") == "correct"
    assert fact_outcome(["$500"], "$600") == "wrong"
    assert fact_outcome(None, "$600") == "wrong"  # a fact gold does not carry is wrong, not open
    assert fact_outcome(["$500"], None) == "missed"
    assert fact_outcome(None, None) == "open"


def test_match_is_casefold_and_whitespace_only():
    assert accepts(["Peter  Kim"], " peter kim ")
    assert not accepts(["Peter Kim"], "Peter")  # no substrings
    assert not accepts(["$1,500"], "1500")  # no number normalisation
    assert not accepts(["savings"], "savings account")


def test_case_grade_derives_decision_and_stopped_early():
    incomplete = _case({"amount": ("$500",)}, complete=False)
    grade = grade_case(CHECKLIST, incomplete, {"amount": "$500", "term": "12"}, "stop")
    assert dict(grade.outcomes) == {"amount": "correct", "term": "wrong"}
    assert grade.stopped_early and not grade.decision_correct
    fine = grade_case(CHECKLIST, incomplete, {"amount": "$500"}, "ask")
    assert dict(fine.outcomes) == {"amount": "correct", "term": "open"}
    assert fine.decision_correct and not fine.stopped_early


def test_a_stop_on_a_wrong_fact_is_counted_apart_though_the_decision_is_right():
    complete = _case({"amount": ("$500",), "term": ("12",)}, complete=True)
    wrong = grade_case(CHECKLIST, complete, {"amount": "$600", "term": "12"}, "stop")
    assert wrong.decision_correct and wrong.stopped_wrong and not wrong.stopped_early
    right = grade_case(CHECKLIST, complete, {"amount": "$500", "term": "12"}, "stop")
    asked = grade_case(CHECKLIST, complete, {"amount": "$600"}, "ask")  # wrong, but it asked again
    assert not right.stopped_wrong and not asked.stopped_wrong
    assert summarize([wrong, right, asked])["stopped_wrong"] == 1


def test_a_stop_while_gold_still_asks_is_stopped_early_only():
    incomplete = _case({"amount": ("$500",)}, complete=False)
    early = grade_case(CHECKLIST, incomplete, {"amount": "$500", "term": "12"}, "stop")
    assert dict(early.outcomes) == {"amount": "correct", "term": "wrong"}
    assert early.stopped_early and not early.stopped_wrong


def test_summary_counts_with_denominators_and_interval():
    complete = _case({"amount": ("$500",), "term": ("12",)}, complete=True)
    incomplete = _case({"amount": ("$500",)}, complete=False)
    grades = [
        grade_case(CHECKLIST, complete, {"amount": "$500", "term": "12"}, "stop"),
        grade_case(CHECKLIST, complete, {"amount": "$500"}, "ask"),
        grade_case(CHECKLIST, incomplete, {"amount": "$9", "term": "12"}, "stop"),
    ]
    summary = summarize(grades)
    assert (summary["n"], summary["decisions_correct"], summary["stopped_early"]) == (3, 1, 1)
    assert (summary["correct"], summary["wrong"], summary["missed"], summary["open"]) == (3, 2, 1, 0)
    low, high = summary["decision_accuracy_ci"]
    assert low < 1 / 3 < high


def test_wilson_interval_matches_the_textbook_value():
    # 162 of 298: the always-stop floor on Banks_1 held-out.
    rate = Rate(162, 298)
    assert rate.value == pytest.approx(0.5436, abs=1e-4)
    low, high = rate.interval
    assert low == pytest.approx(0.4870, abs=1e-3) and high == pytest.approx(0.5991, abs=1e-3)
    assert "54.4% (162/298" in str(rate)
    assert Rate(0, 0).interval is None


def test_paired_test_on_decisions():
    same = paired_decisions([True, False, True], [True, False, True])
    assert same["p_value"] == 1.0
    lopsided = paired_decisions([True] * 12, [False] * 12)
    assert lopsided["only_a_correct"] == 12 and lopsided["p_value"] < 0.001
    with pytest.raises(ValueError):
        paired_decisions([True], [True, False])


def test_the_exact_mcnemar_p_value_matches_scipys_binomtest():
    from scipy.stats import binomtest

    from core.grade import mcnemar_exact

    for n in [*range(1, 40), 101, 1340]:
        for k in range(0, n + 1, max(1, n // 25)):
            assert mcnemar_exact(k, n) == pytest.approx(binomtest(k, n, 0.5).pvalue, rel=1e-9)
