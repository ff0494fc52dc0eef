"""The contract over SGD gold: rejecting codes never fire on the train corpora."""

import json

import pytest

from core import gold_check
from core.contract import check_value, closed_value_supported, stated_span
from core.corpus import build_corpus
from core.gold_check import DEFAULT_SERVICES, run_gold_check

# The contract is gated on train services only: Banks_2 (dev) and Payment_1 (test) are in the
# command's default set to be measured (`python -m evals gold-check`), never gated here.
TRAIN_SERVICES = ("Banks_1", "Services_3", "RideSharing_1")


@pytest.fixture(scope="module")
def gold_summary(sgd_dir):
    return run_gold_check(None, TRAIN_SERVICES, "intent", sgd_dir=sgd_dir)[1]


# What the contract refuses on SGD gold by design: a closed value inferred from other words, and
# a value only the agent said that the customer never took. Nothing else may fire on gold.
BY_DESIGN = set(gold_check.BY_DESIGN)


def test_gold_said_by_the_customer_raises_no_code(gold_summary):
    assert set(TRAIN_SERVICES) < set(DEFAULT_SERVICES)
    assert [c["service"] for c in gold_summary["corpora"]] == list(TRAIN_SERVICES)
    banks = next(c for c in gold_summary["corpora"] if c["service"] == "Banks_1")  # a train service
    # Banks_1's gold is all in the customer's words, but a few sit in sentences that state nothing of this
    # request as the offline tier reads them ("I told her I would send ..."): refused by design, never a
    # false positive.
    assert banks["values_checked"] > 0 and banks["false_positives"] == 0
    for corpus in gold_summary["corpora"]:
        assert corpus["false_positives"] == 0, corpus["service"]
        assert set(corpus["refused_by_design_codes"]) <= BY_DESIGN, corpus["service"]
    assert gold_summary["false_positives_total"] == 0 and gold_summary["rejecting_codes_zero"]
    # What the contract collects (the conversation's own spelling) still grades as gold.
    assert gold_summary["respelled_off_gold_total"] == 0


def test_every_refused_gold_value_is_really_not_in_the_customers_words(sgd_dir):
    corpus = build_corpus("RideSharing_1", "intent", sgd_dir=sgd_dir, download=False)
    refused = 0
    for case in corpus.cases[:400]:
        for fact, values in case.gold.items():
            if fact not in corpus.checklist.required(case.intent):
                continue
            kept, found = check_value(corpus.checklist, case.intent, fact, values[0], case.lines)
            if kept is None:
                refused += 1
                assert found[0].code in BY_DESIGN
                if corpus.checklist.facts[fact].allowed:
                    checklist = corpus.checklist
                    assert not closed_value_supported(checklist, case.intent, checklist.facts[fact], values[0],
                                                       case.lines)
                else:
                    assert stated_span(corpus.checklist, values[0], case.lines) is None
    assert refused > 0


def test_a_gold_check_is_recorded_as_a_contract_run(store, sgd_dir):
    run_id, _ = run_gold_check(store, ["RideSharing_1"], "intent", sgd_dir=sgd_dir)
    run = store.run(run_id)
    assert (run["kind"], run["tier"], run["status"]) == ("contract", "gold", "finished")
    flagged = store.cases(run_id, "case_id, codes")
    assert len(flagged) > 0
    assert {code for codes in flagged["codes"] for code in json.loads(codes)} <= BY_DESIGN
