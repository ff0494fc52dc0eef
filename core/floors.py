"""Free floors: what a decision rule scores having read nothing.

Every accuracy is read against these. `copy-nothing` is an extractor that reports no fact,
so its decision is derived like any tier's (it stops only for intents that require nothing).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from core.case import Case
from core.checklist import decide
from core.corpus import Corpus
from core.grade import GRADER_VERSION, CaseGrade, grade_case, summarize
from core.guards import floor_guards
from core.recorder import RunRecorder
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
        grades: list[CaseGrade] = []
        with RunRecorder(store, kind="floor", tier=floor, tier_kind="floor",
                         guards=floor_guards(corpus, cases, floor, settings), settings=settings,
                         n_planned=len(cases), service=corpus.checklist.service, sgd_split=corpus.split,
                         corpus_source=corpus.source, split=split, segment=corpus.segment,
                         schema_variant=corpus.schema_variant) as run:
            run.so_far = functools.partial(summarize, grades)
            for case in cases:
                decision = floor_decision(floor, corpus, case)
                grade = grade_case(corpus.checklist, case, {}, decision)
                grades.append(grade)
                run.case(graded_row(run.run_id, case, grade) | {
                    "reported": {}, "collected": {}, "missing": corpus.checklist.missing(case.intent, {}),
                    "status": "ok", "codes": [], "findings": [],
                })
            summary = summarize(grades) | {"floor": floor, "grader": GRADER_VERSION}
            run.finish("finished", summary)
        results[floor] = summary | {"run_id": run.run_id}
    return results
