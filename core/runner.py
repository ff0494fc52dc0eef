"""Runs an extractor over a case set, grades every case and records it all in the store.

Cases run concurrently under a bound that halves when a provider rate-limits; a daily call
budget shared through the store can stop a run, which then closes as `partial` with the
reason. A run is written as it goes (in batches) and closed as `finished`; an exception or
an interrupt closes it as `incomplete`, so a half-done run is never mistaken for a result.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass

from core.corpus import Case, Corpus
from core.extraction import FAILED_STATUSES
from core.grade import CaseGrade, Rate, grade_case, summarize
from core.guards import run_guards
from core.http_retry import AdaptiveLimit
from core.store import Store
from core.turn import TurnResult, take_turn

BATCH = 100
FLUSH_EVERY_S = 15.0  # write (or at least heartbeat) this often, well inside the store's STALE_AFTER
UNMETERED = ("simulated",)  # providers whose calls cost nothing and use no budget
STEPS = ("render", "call", "parse", "extract", "contract", "decide")
Progress = Callable[[int, int], None]


class BudgetExhausted(RuntimeError):
    """The shared daily call budget ran out; the run stops cleanly as partial."""


@dataclass
class Outcome:
    case: Case
    repeat: int
    result: TurnResult


def graded_row(run_id: str, case: Case, grade: CaseGrade, repeat: int = 0) -> dict:
    """The fields of a case row that come from the case and its grade, whatever decided it."""
    return {
        "run_id": run_id, "case_id": case.case_id, "repeat": repeat, "dialogue_id": case.dialogue_id,
        "turn_index": case.turn_index, "intent": case.intent, "gold": {k: list(v) for k, v in case.gold.items()},
        "decision": grade.decision, "gold_decision": case.gold_decision, "decision_correct": grade.decision_correct,
        "stopped_early": grade.stopped_early, "outcomes": dict(grade.outcomes), "n_correct": grade.count("correct"),
        "n_wrong": grade.count("wrong"), "n_missed": grade.count("missed"), "n_open": grade.count("open"),
    }


def case_row(run_id: str, case: Case, result: TurnResult, grade: CaseGrade, repeat: int = 0) -> dict:
    calls = result.extraction.calls
    tokens_in = sum(c.input_tokens or 0 for c in calls) if calls else None
    tokens_out = sum(c.output_tokens or 0 for c in calls) if calls else None
    latency = sum(c.latency_ms or 0 for c in calls) if calls else result.timings_ms.get("extract_total")
    return graded_row(run_id, case, grade, repeat) | {
        "reported": result.extraction.collected, "collected": result.collected, "missing": result.missing,
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


def call_failure_kind(row: dict) -> str | None:
    """What went wrong with one attempt, or None when it brought a reply back."""
    error = row.get("error") or ""
    status = row.get("http_status")
    if error.startswith("timeout"):
        return "timeout"
    if error.startswith("connection"):
        return "connection"
    if error.startswith("malformed response body"):
        return "malformed_body"
    if status is not None and status != 200:
        return f"http_{status}"
    return "error" if error else None


def failure_summary(rows: Sequence[dict], calls: Sequence[dict]) -> dict:
    by_status = Counter(r["status"] for r in rows if r["status"] in FAILED_STATUSES)
    by_call = Counter(kind for c in calls if (kind := call_failure_kind(c)))
    return {
        "failed_extractions": sum(by_status.values()),
        "failures": {status: by_status.get(status, 0) for status in FAILED_STATUSES},
        "calls": len(calls),
        "call_failures": dict(sorted(by_call.items())),
        "retried_calls": sum((c.get("attempt") or 1) > 1 for c in calls),
    }


INTENT_MODES = ("gold", "predicted")


def intent_extra(result: TurnResult) -> dict:
    """What a case row keeps of the turn's own reading of the intent."""
    reading = result.reading
    return {"predicted_intent": result.intent, "intent_settled": result.intent_settled,
            "intent_confidence": round(reading.confidence, 3) if reading else None}


def intent_figures(rows: Sequence[dict]) -> dict:
    """Intent accuracy and stops on a wrong intent, each with its denominator and 95% interval."""
    n = len(rows)
    right = sum(r["extra"]["predicted_intent"] == r["intent"] for r in rows)
    stops = [r for r in rows if r["decision"] == "stop"]
    wrong_stops = sum(r["extra"]["predicted_intent"] != r["intent"] for r in stops)
    return {"intent_accuracy": Rate(right, n).to_json(), "wrong_intent_stops": Rate(wrong_stops, n).to_json(),
            "wrong_intent_stops_of_stops": Rate(wrong_stops, len(stops)).to_json(),
            "intent_unsettled": sum(not r["extra"]["intent_settled"] for r in rows)}


def agreement(decisions: Sequence[str]) -> float:
    """Share of repeats that agree with the case's most common decision."""
    return Counter(decisions).most_common(1)[0][1] / len(decisions) if decisions else 1.0


def step_means(rows: Sequence[dict]) -> dict[str, float]:
    means = {}
    for step in STEPS:
        values = [r["timings"][step] for r in rows if step in (r["timings"] or {})]
        if values:
            means[step] = round(sum(values) / len(values), 3)
    return means


def _units(cases: Sequence[Case], carried: bool) -> list[list[Case]]:
    """Work units: one case each, or, when facts carry over, one dialogue's cases in turn order."""
    if not carried:
        return [[case] for case in cases]
    by_dialogue: dict[str, list[Case]] = {}
    for case in cases:
        by_dialogue.setdefault(case.dialogue_id, []).append(case)
    return [sorted(group, key=lambda c: c.turn_index) for group in by_dialogue.values()]


def _default_budget(store: Store, extractor):
    if getattr(extractor, "kind", "") != "model":
        return None  # offline, replay and simulated tiers call no paid provider
    from core.budget import Budget

    return Budget.from_env(store)


def _metered(calls: Sequence) -> int:
    return sum(getattr(c, "provider", None) not in UNMETERED for c in calls)


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
    repeats: int = 1,
    budget=None,
    intent_mode: str = "gold",
) -> tuple[str, dict]:
    """Run, grade and record; returns (run_id, summary).

    `repeats` runs every case that many times with fresh calls; `budget` defaults to the
    shared daily budget for tiers that call a paid provider. `intent_mode` "predicted" lets
    every turn read the intent itself; the decision is still graded against gold's intent.
    """
    if repeats < 1:
        raise ValueError("repeats must be at least 1")
    if intent_mode not in INTENT_MODES:
        raise ValueError(f"intent mode must be one of {', '.join(INTENT_MODES)}, not {intent_mode!r}")
    adapter = getattr(extractor, "adapter", None)
    provider = provider or getattr(adapter, "provider", None)
    model = model or getattr(adapter, "model", None)
    budget = budget if budget is not None else _default_budget(store, extractor)
    carried = getattr(extractor, "strategy", None) == "carried"
    guards = run_guards(corpus, cases, prompt_fingerprint, settings, intent_mode)
    run_settings = {**settings, "repeats": repeats} if repeats > 1 else settings
    run_id = store.start_run(
        kind="eval", tier=extractor.tier, tier_kind=extractor.kind, guards=guards, settings=run_settings,
        n_planned=len(cases) * repeats, service=corpus.checklist.service, sgd_split=corpus.split,
        corpus_source=corpus.source, split=split, segment=corpus.segment, schema_variant=corpus.schema_variant,
        provider=provider, model=model,
    )
    started = time.perf_counter()
    limit = AdaptiveLimit(concurrency)
    halt = threading.Event()
    grades: list[CaseGrade] = []
    rows: list[dict] = []
    all_calls: list[dict] = []
    pending_cases: list[dict] = []
    pending_calls: list[dict] = []
    status, note = "finished", None

    def run_unit(group: list[Case]) -> tuple[list[Outcome], str | None]:
        """Every repeat of a unit's cases; stops early (returning what it has) if the budget runs out."""
        outcomes: list[Outcome] = []
        for repeat in range(repeats):
            carry, streak = None, 0
            for case in group:
                if halt.is_set():
                    return outcomes, None
                try:
                    if budget is not None:
                        budget.check()
                except BudgetExhausted as exc:
                    return outcomes, str(exc)
                limit.acquire()
                throttled = False
                try:
                    given = case.intent if intent_mode == "gold" else None
                    result = take_turn(corpus.checklist, given, case.lines, extractor, carried=carry,
                                       failed_before=streak, case_id=case.case_id)
                    throttled = any(c.http_status == 429 for c in result.extraction.calls)
                finally:
                    limit.release(throttled)
                if budget is not None:
                    budget.spend(_metered(result.extraction.calls))
                outcomes.append(Outcome(case, repeat, result))
                if carried:
                    carry, streak = result.collected, result.failed_streak
        return outcomes, None

    last_flush = time.monotonic()

    def flush() -> None:
        nonlocal last_flush
        last_flush = time.monotonic()
        if not pending_cases and not pending_calls:
            store.heartbeat(run_id)
            return
        store.add_cases(pending_cases)
        store.add_calls(pending_calls)
        if budget is not None:
            budget.synced(sum(c.get("provider") not in UNMETERED for c in pending_calls))
        pending_cases.clear()
        pending_calls.clear()

    def record(outcomes: list[Outcome]) -> None:
        decisions: dict[str, list[str]] = {}
        for item in outcomes:
            decisions.setdefault(item.case.case_id, []).append(item.result.decision)
        for item in outcomes:
            grade = grade_case(corpus.checklist, item.case, item.result.collected, item.result.decision)
            grades.append(grade)
            row = case_row(run_id, item.case, item.result, grade, repeat=item.repeat)
            extra = intent_extra(item.result) if intent_mode == "predicted" else {}
            if repeats > 1:
                seen = decisions[item.case.case_id]
                extra |= {"agreement": agreement(seen), "decisions": seen}
            if extra:
                row["extra"] = extra
            rows.append(row)
            pending_cases.append(row)
            calls = call_rows(run_id, item.case.case_id, item.result, repeat=item.repeat)
            pending_calls.extend(calls)
            all_calls.extend(calls)

    total = len(cases) * repeats
    pool = ThreadPoolExecutor(max_workers=max(1, concurrency), thread_name_prefix="case")
    try:
        # A window of `concurrency` units in flight, handled in submission order: a failure is
        # seen before later work starts, and a stopped run has not queued the rest.
        queue = iter(enumerate(_units(cases, carried)))
        futures: dict[Future, int] = {}

        def top_up() -> None:
            while len(futures) < max(1, concurrency) and not halt.is_set():
                item = next(queue, None)
                if item is None:
                    return
                futures[pool.submit(run_unit, item[1])] = item[0]

        top_up()
        while futures:
            done, _ = wait(futures, timeout=FLUSH_EVERY_S, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=futures.__getitem__):
                del futures[future]
                outcomes, exhausted = future.result()
                record(outcomes)
                if exhausted and note is None:
                    status, note = "partial", exhausted
                    halt.set()
                if len(pending_cases) >= BATCH:
                    flush()
                if progress:
                    progress(len(rows), total)
            if time.monotonic() - last_flush >= FLUSH_EVERY_S:
                flush()
            top_up()
        flush()
    except BaseException as exc:
        halt.set()
        pool.shutdown(wait=False, cancel_futures=True)
        try:
            flush()
        finally:
            store.finish_run(run_id, "incomplete", summarize(grades) | {"wall_s": time.perf_counter() - started},
                             note=f"stopped after {len(grades)} of {total} cases: {type(exc).__name__}: {exc}")
        raise
    pool.shutdown(wait=True)
    summary = summarize(grades) | failure_summary(rows, all_calls) | {
        "wall_s": round(time.perf_counter() - started, 3),
        "codes": code_counts(rows),
        "floor_always_stop": sum(c.complete for c in cases) / len(cases) if cases else None,
        "step_ms": step_means(rows),
        "concurrency": {"ceiling": limit.ceiling, "lowest": limit.lowest, "throttled_cases": limit.throttled},
        "intent_mode": intent_mode,
    }
    if intent_mode == "predicted":
        summary |= intent_figures(rows)
    if repeats > 1:
        by_case: dict[str, list[str]] = {}
        for row in rows:
            by_case.setdefault(row["case_id"], []).append(row["decision"])
        summary |= {
            "repeats": repeats,
            "cases": len(by_case),
            "flipped": sum(len(set(d)) > 1 for d in by_case.values()),
            "agreement": sum(agreement(d) for d in by_case.values()) / len(by_case) if by_case else None,
        }
    if budget is not None:
        summary["budget"] = {"limit": budget.limit, "used_today": budget.used}
    store.finish_run(run_id, status, summary, note=note)
    return run_id, summary
