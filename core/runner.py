"""Runs an extractor over a case set, grades every case and records it all in the store.

A run is written as it goes (in batches) and closed as `finished`; an exception or an
interrupt closes it as `incomplete`, so a half-done run is never mistaken for a result.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict

from core.corpus import Case, Corpus
from core.grade import CaseGrade, grade_case, summarize
from core.guards import run_guards
from core.store import Store
from core.turn import TurnResult, take_turn

BATCH = 100
Progress = Callable[[int, int], None]


class BudgetExhausted(RuntimeError):
    """The shared daily call budget ran out; the run stops cleanly as partial."""


def case_row(run_id: str, case: Case, result: TurnResult, grade: CaseGrade, repeat: int = 0) -> dict:
    calls = result.extraction.calls
    tokens_in = sum(c.input_tokens or 0 for c in calls) if calls else None
    tokens_out = sum(c.output_tokens or 0 for c in calls) if calls else None
    latency = sum(c.latency_ms or 0 for c in calls) if calls else result.timings_ms.get("extract_total")
    return {
        "run_id": run_id, "case_id": case.case_id, "repeat": repeat, "dialogue_id": case.dialogue_id,
        "turn_index": case.turn_index, "intent": case.intent, "gold": {k: list(v) for k, v in case.gold.items()},
        "reported": result.extraction.collected, "collected": result.collected, "missing": result.missing,
        "decision": result.decision, "gold_decision": case.gold_decision, "decision_correct": grade.decision_correct,
        "stopped_early": grade.stopped_early, "outcomes": dict(grade.outcomes), "n_correct": grade.count("correct"),
        "n_wrong": grade.count("wrong"), "n_missed": grade.count("missed"), "n_open": grade.count("open"),
        "status": result.extraction.status, "codes": result.codes,
        "findings": [f.to_json() for f in result.verdict.findings], "next_question": result.next_question,
        "prompt": result.extraction.prompt, "raw_reply": result.extraction.raw_reply,
        "input_tokens": tokens_in, "output_tokens": tokens_out, "latency_ms": latency,
        "timings": result.timings_ms,
    }


def call_rows(run_id: str, case_id: str, result: TurnResult, repeat: int = 0) -> list[dict]:
    rows = []
    for call in result.extraction.calls:
        row = asdict(call)
        row.update(run_id=run_id, case_id=case_id, repeat=repeat, called_at=None)
        rows.append(row)
    return rows


def code_counts(rows: Sequence[dict]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in rows:
        for code in row["codes"]:
            counts[code] = counts.get(code, 0) + 1
    return counts


def run_eval(
    store: Store,
    corpus: Corpus,
    cases: Sequence[Case],
    extractor,
    *,
    split: str,
    settings: dict,
    prompt_fingerprint: str,
    concurrency: int = 1,
    progress: Progress | None = None,
    provider: str | None = None,
    model: str | None = None,
) -> tuple[str, dict]:
    """Run, grade and record; returns (run_id, summary)."""
    guards = run_guards(corpus, cases, prompt_fingerprint, settings)
    run_id = store.start_run(
        kind="eval", tier=extractor.tier, tier_kind=extractor.kind, guards=guards, settings=settings,
        n_planned=len(cases), service=corpus.checklist.service, sgd_split=corpus.split, corpus_source=corpus.source,
        split=split, segment=corpus.segment, schema_variant=corpus.schema_variant, provider=provider, model=model,
    )
    started = time.perf_counter()
    grades: list[CaseGrade] = []
    rows: list[dict] = []
    pending_cases: list[dict] = []
    pending_calls: list[dict] = []
    status, note = "finished", None

    def one(case: Case) -> tuple[Case, TurnResult]:
        return case, take_turn(corpus.checklist, case.intent, case.lines, extractor, case_id=case.case_id)

    def flush() -> None:
        store.add_cases(pending_cases)
        store.add_calls(pending_calls)
        pending_cases.clear()
        pending_calls.clear()

    try:
        with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
            for done, (case, result) in enumerate(pool.map(one, cases), start=1):
                grade = grade_case(corpus.checklist, case, result.collected, result.decision)
                grades.append(grade)
                row = case_row(run_id, case, result, grade)
                rows.append(row)
                pending_cases.append(row)
                pending_calls.extend(call_rows(run_id, case.case_id, result))
                if len(pending_cases) >= BATCH:
                    flush()
                if progress:
                    progress(done, len(cases))
        flush()
    except BudgetExhausted as exc:
        status, note = "partial", str(exc)
        flush()
    except BaseException as exc:
        try:
            flush()
        finally:
            store.finish_run(run_id, "incomplete", summarize(grades) | {"wall_s": time.perf_counter() - started},
                             note=f"stopped after {len(grades)} of {len(cases)} cases: {type(exc).__name__}: {exc}")
        raise
    summary = summarize(grades) | {
        "wall_s": round(time.perf_counter() - started, 3),
        "codes": code_counts(rows),
        "failed_extractions": sum(r["status"] != "ok" for r in rows),
        "floor_always_stop": sum(c.complete for c in cases) / len(cases) if cases else None,
    }
    store.finish_run(run_id, status, summary, note=note)
    return run_id, summary
