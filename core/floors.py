"""Free floors: what a decision rule scores having read nothing.

Every accuracy is read against these. `copy-nothing` is an extractor that reports no fact,
so its decision is derived like any tier's (it stops only for intents that require nothing).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.checklist import decide
from core.corpus import Case, Corpus
from core.grade import GRADER_VERSION, grade_case, summarize
from core.guards import floor_guards
from core.runner import graded_row
from core.store import Store

FLOORS = ("always-stop", "always-ask", "copy-nothing")


def floor_decision(floor: str, corpus: Corpus, case: Case) -> str:
    if floor == "always-stop":
        return "stop"
    if floor == "always-ask":
        return "ask"
    if floor == "copy-nothing":
        return decide(corpus.checklist, case.intent, {})
    raise ValueError(f"unknown floor {floor!r}")


def run_floors(store: Store, corpus: Corpus, cases: Sequence[Case], split: str) -> dict[str, dict]:
    """Record one run per floor; returns floor -> summary (with run_id)."""
    results = {}
    for floor in FLOORS:
        settings = {"floor": floor}
        guards = floor_guards(corpus, cases, floor, settings).to_json()
        run_id = store.start_run(kind="floor", tier=floor, tier_kind="floor", guards=guards, settings=settings,
                                 n_planned=len(cases), service=corpus.checklist.service, sgd_split=corpus.split,
                                 corpus_source=corpus.source, split=split, segment=corpus.segment,
                                 schema_variant=corpus.schema_variant)
        grades, rows = [], []
        for case in cases:
            decision = floor_decision(floor, corpus, case)
            grade = grade_case(corpus.checklist, case, {}, decision)
            grades.append(grade)
            rows.append(graded_row(run_id, case, grade) | {
                "reported": {}, "collected": {}, "missing": corpus.checklist.missing(case.intent, {}),
                "status": "ok", "codes": [], "findings": [],
            })
        store.add_cases(rows)
        summary = summarize(grades) | {"floor": floor, "grader": GRADER_VERSION}
        store.finish_run(run_id, "finished", summary)
        results[floor] = summary | {"run_id": run_id}
    return results
