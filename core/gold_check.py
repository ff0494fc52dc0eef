"""The contract's false-positive check: run it over SGD's own gold values.

Every accepted surface string of every required fact of every case is checked as if an
extractor had reported it. A rejecting code firing on gold is a false positive. Some are
by design: SGD gold sometimes holds a value only the agent said and the customer never
accepted, or a closed value inferred from other words; the contract refuses both, and those
are counted apart as `refused_by_design` (each costs one more question, never a wrong stop).
Gold values of facts the intent does not require are counted apart (`outside_checklist`): they
never decide a stop (the contract checks an intent's optional facts like any other and refuses the
rest as `unknown_fact`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence

from core.case import case_set_fingerprint
from core.contract import REJECTING, VALUE_NOT_STATED, VALUE_ONLY_IN_AGENT_WORDS, check_value, count_codes
from core.corpus import Corpus, build_corpus
from core.grade import accepts
from core.guards import contract_guards
from core.recorder import RunRecorder
from core.store import Store

DEFAULT_SERVICES = ("Banks_1", "Banks_2", "Payment_1", "Services_3", "RideSharing_1")
EXAMPLES_PER_CODE = 3
BY_DESIGN = (VALUE_NOT_STATED, VALUE_ONLY_IN_AGENT_WORDS)


def check_corpus(corpus: Corpus) -> tuple[dict, list[dict]]:
    """(per-corpus summary, one row per case where a code fired)."""
    fired: list[str] = []
    examples: dict[str, list[dict]] = {}
    rows: list[dict] = []
    values = outside = respelled = 0
    for case in corpus.cases:
        required = corpus.checklist.required(case.intent)
        findings = []
        for fact, accepted in case.gold.items():
            if fact not in required:
                outside += len(accepted)
                continue
            for value in accepted:
                values += 1
                kept, found = check_value(corpus.checklist, case.intent, fact, value, case.lines)
                findings += found
                # The contract collects the conversation's own spelling: it must still grade as gold.
                respelled += kept is not None and not accepts(accepted, kept)
        for finding in findings:
            fired.append(finding.code)
            bucket = examples.setdefault(finding.code, [])
            if len(bucket) < EXAMPLES_PER_CODE:
                bucket.append({"case_id": case.case_id, "fact": finding.fact, "value": finding.value})
        if findings:
            rows.append({"case": case, "findings": findings})
    counts = count_codes(fired)
    refused = {code: counts[code] for code in REJECTING if counts.get(code)}
    false_positives = {code: n for code, n in refused.items() if code not in BY_DESIGN}
    by_design = {code: n for code, n in refused.items() if code in BY_DESIGN}
    summary = {
        "service": corpus.service, "sgd_split": corpus.split, "segment": corpus.segment, "cases": len(corpus.cases),
        "values_checked": values, "outside_checklist": outside, "codes": counts, "respelled_off_gold": respelled,
        "false_positives": sum(false_positives.values()), "false_positive_codes": false_positives,
        "refused_by_design": sum(by_design.values()), "refused_by_design_codes": by_design,
        "examples": examples,
    }
    return summary, rows


def run_gold_check(
    store: Store | None,
    services: Sequence[str] = DEFAULT_SERVICES,
    segment: str = "intent",
    sgd_dir: str | os.PathLike | None = None,
) -> tuple[str | None, dict]:
    """Check every listed corpus; record one run of kind "contract" when a store is given, each
    corpus's flagged cases written as soon as it is checked."""
    started = time.perf_counter()
    corpora = [build_corpus(s, segment, sgd_dir=sgd_dir, download=False) for s in services]
    per_corpus: list[dict] = []

    def summary() -> dict:
        return {
            "check": "gold",
            "segment": segment,
            "services": list(services),
            "corpora": per_corpus,
            "false_positives_total": sum(c["false_positives"] for c in per_corpus),
            "refused_by_design_total": sum(c["refused_by_design"] for c in per_corpus),
            "rejecting_codes_zero": all(c["false_positives"] == 0 for c in per_corpus),
            "respelled_off_gold_total": sum(c["respelled_off_gold"] for c in per_corpus),
            "wall_s": round(time.perf_counter() - started, 3),
        }

    if store is None:
        per_corpus.extend(check_corpus(c)[0] for c in corpora)
        return None, summary()
    settings = {"check": "gold", "services": list(services)}
    guards = contract_guards([(c.service, case_set_fingerprint(c.cases)) for c in corpora],
                             [c.checklist.fingerprint() for c in corpora], settings)
    with RunRecorder(store, kind="contract", tier="gold", tier_kind="contract", guards=guards, settings=settings,
                     n_planned=sum(len(c.cases) for c in corpora), segment=segment, split="all") as run:
        run.so_far = summary
        run.progress = lambda: f"{len(per_corpus)} of {len(corpora)} corpora"
        for corpus in corpora:
            corpus_summary, rows = check_corpus(corpus)
            for row in rows:
                run.case(_flagged_row(run.run_id, corpus, segment, row["case"], row["findings"]))
            per_corpus.append(corpus_summary)
        result = summary() | {"run_id": run.run_id}
        run.finish("finished", result)
    return run.run_id, result


def _flagged_row(run_id: str | None, corpus: Corpus, segment: str, case, findings) -> dict:
    """A case where a code fired on gold, as a case row of the contract run."""
    return {
        "run_id": run_id, "case_id": f"{corpus.service}/{case.case_id}", "repeat": 0,
        "dialogue_id": case.dialogue_id, "turn_index": case.turn_index, "intent": case.intent,
        "gold": {k: list(v) for k, v in case.gold.items()}, "status": "ok",
        "codes": [f.code for f in findings], "findings": [f.to_json() for f in findings],
        "extra": {"check": "gold", "service": corpus.service, "segment": segment},
    }
