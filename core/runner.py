"""Runs an extractor over a case set, grades every case and records it all in the store.

Cases run concurrently under a bound that halves when a provider rate-limits: a model tier on
one event loop (an async client, a window of cases refilled the moment one ends, no thread per
call), any other tier on a pool of threads; the same steps either way (core/turn.py's
begin_turn / end_turn around the extraction), so the decisions are the same. A daily call
budget shared through the store is reserved before every metered attempt and can stop a run,
which then closes as `partial` with the reason. Every attempt and every finished case goes to
the run writer (core/run_writer.py) as it happens, so a killed run loses about a second; the
runner keeps running figures, not rows, so `--repeats 200000` holds no more than `--repeats 1`.
A run whose extractions failed beyond DEGRADED_ABOVE closes as `degraded`; an exception or an
interrupt closes it as `incomplete`, so a half-done run is never mistaken for a result.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, fields

from core.budget import Budget, BudgetExhausted
from core.case import Case
from core.corpus import Corpus
from core.errors import UsageError
from core.extraction import FAILED_STATUSES, PROVIDER_ERROR, Call
from core.gold_errata import GoldErrata, default_errata
from core.grade import CaseGrade, Rate, counts, grade_case
from core.guards import eval_guards
from core.http_retry import AdaptiveLimit, AsyncAdaptiveLimit, Attempt, watch
from core.recorder import RunRecorder
from core.run_writer import RunWriter
from core.serving import server_report
from core.store import Store, _now
from core.turn import TurnResult, begin_turn, end_turn, take_turn

__all__ = ["BudgetExhausted", "call_rows", "case_row", "graded_row", "run_eval"]
UNMETERED = ("simulated",)  # providers whose calls cost nothing and use no budget
STEPS = ("render", "call", "parse", "extract", "contract", "decide")
DEGRADED_ABOVE = 0.05  # a run whose extractions failed more often than this is `degraded`
STOPPED_ANSWERING = 3  # this many cases in a row ending with no reply at all: the server stopped answering
COUNTED_REPEAT = 0  # the repeat whose decision stands for its case in n, rates, intervals and paired tests
PER_CASE = "the first repeat"  # how the summary and the pages name that choice
KEEP_DECISIONS_UP_TO = 50  # repeats whose per-case decision lists are kept in cases.extra
RAW_LIMIT = 20_000
SERVER_CALLS_KEPT = 5_000  # answered calls the server report reads (a sample beyond that)
SERVER_FIELDS = ("http_status", "served_model", "input_tokens", "cached_tokens", "cache_write_tokens", "server_ms",
                 "queue_ms", "processing_ms", "latency_ms")
Progress = Callable[[int, int], None]
log = logging.getLogger(__name__)


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
    # A call's fields are all plain values: a shallow copy is what asdict's deep copy gave, at a tenth the cost.
    return [{name: getattr(call, name) for name in _call_fields()} | {"run_id": run_id, "case_id": case_id,
                                                                       "repeat": repeat, "called_at": None}
            for call in result.extraction.calls]


@functools.cache
def _call_fields() -> tuple[str, ...]:
    return tuple(f.name for f in fields(Call))


def attempt_row(run_id: str, case_id: str | None, repeat: int, attempt: Attempt, adapter) -> dict:
    """A call row from an attempt alone, written the moment it is back (before its case is read):
    status, error, latency, request id and body, without the tokens the case's own rows add."""
    response = attempt.response
    status = attempt.status
    error = attempt.error or (f"HTTP {status}" if status is not None and status != 200 else None)
    header = getattr(adapter, "request_id_header", "x-request-id")
    return {"run_id": run_id, "case_id": case_id, "repeat": repeat, "attempt": attempt.number,
            "provider": getattr(adapter, "provider", None), "model": getattr(adapter, "model", None),
            "prompt": None, "raw_reply": response.text[:RAW_LIMIT] if response is not None else None,
            "latency_ms": attempt.latency_ms, "http_status": status, "error": error,
            "request_id": response.headers.get(header) if response is not None else None, "called_at": _now()}


class AttemptRecorder:
    """The attempt watch of one case: reserves each metered try, records each one as it is back."""

    def __init__(self, writer: RunWriter | None, budget: Budget | None, run_id: str, case_id: str | None,
                 repeat: int, adapter) -> None:
        self.writer, self.budget, self.run_id = writer, budget, run_id
        self.case_id, self.repeat, self.adapter = case_id, repeat, adapter
        self.blocking = budget is not None  # before() may open the store: off the event loop, then

    def before(self) -> None:
        if self.budget is not None:
            self.budget.reserve()

    def after(self, attempt: Attempt) -> None:
        if self.writer is not None:
            self.writer.attempt(attempt_row(self.run_id, self.case_id, self.repeat, attempt, self.adapter))


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


INTENT_MODES = ("gold", "predicted")


def intent_extra(result: TurnResult) -> dict:
    """What a case row keeps of the turn's own reading of the intent."""
    reading = result.reading
    return {"predicted_intent": result.intent, "intent_settled": result.intent_settled,
            "intent_confidence": round(reading.confidence, 3) if reading else None}


def _intent_rates(n: int, right: int, stops: int, wrong_stops: int, unsettled: int) -> dict:
    """Intent accuracy and stops on a wrong intent, each with its denominator and 95% interval."""
    return {"intent_accuracy": Rate(right, n).to_json(), "wrong_intent_stops": Rate(wrong_stops, n).to_json(),
            "wrong_intent_stops_of_stops": Rate(wrong_stops, stops).to_json(), "intent_unsettled": unsettled}


ADDITIVE = ("n", "decisions_correct", "stopped_early", "stopped_wrong", "asked_when_complete", "gold_ask", "gold_stop",
            "correct", "wrong", "missed", "open", "stated")


class Tally:
    """The run's figures, kept as running sums (thread-safe): never the rows themselves."""

    def __init__(self, keep_decisions: bool) -> None:
        self._lock = threading.Lock()
        self.sums: Counter = Counter()
        self.statuses: Counter = Counter()
        self.codes: Counter = Counter()
        self.call_failures: Counter = Counter()
        self.calls = 0
        self.retried = 0
        self.extractions = 0  # every repeat of every case: what failures are counted against
        self.step_sum: Counter = Counter()
        self.step_n: Counter = Counter()
        self.decisions: dict[str, Counter] = {}
        self.no_reply_streak = 0  # cases in a row, to the latest, whose every attempt got no reply
        self.streak_from = 0
        self.last_no_reply: str | None = None
        self.keep_decisions = keep_decisions
        self.intent: Counter = Counter()  # with predicted intents: n, right, stops, wrong_stops, unsettled
        self.server_calls: list[dict] = []  # what the server report reads of each answered call, bounded

    @property
    def n(self) -> int:
        """Cases counted (one per case, whatever the repeats)."""
        return self.sums["n"]

    def add(self, grade: CaseGrade, row: dict, calls: list[dict]) -> None:
        one = counts([grade])  # the sums only: a case's own interval is never read
        counted = row.get("repeat", 0) == COUNTED_REPEAT
        with self._lock:
            self.extractions += 1
            if counted:
                self.sums.update({k: one[k] for k in ADDITIVE})
                if grade.stopped_early and "gold_erratum" in (row.get("extra") or {}):
                    self.sums["stopped_early_gold_errata"] += 1
            self.statuses[row["status"]] += 1
            self.codes.update(row["codes"])
            self.calls += len(calls)
            self.retried += sum((c.get("attempt") or 1) > 1 for c in calls)
            for call in calls:
                if call.get("http_status") == 200 and len(self.server_calls) < SERVER_CALLS_KEPT:
                    self.server_calls.append({k: call.get(k) for k in SERVER_FIELDS}
                                             | {"prompt_chars": len(call.get("prompt") or "")})
            kinds = [call_failure_kind(c) for c in calls]
            self.call_failures.update(k for k in kinds if k)
            for step, value in (row["timings"] or {}).items():
                if step in STEPS:
                    self.step_sum[step] += value
                    self.step_n[step] += 1
            self.decisions.setdefault(row["case_id"], Counter())[row["decision"]] += 1
            predicted = (row.get("extra") or {}).get("predicted_intent", ...)
            if predicted is not ... and counted:
                stop = row["decision"] == "stop"
                self.intent.update(n=1, right=predicted == row["intent"], stops=stop,
                                   wrong_stops=stop and predicted != row["intent"],
                                   unsettled=not row["extra"]["intent_settled"])
            if row["status"] == PROVIDER_ERROR and kinds and all(k in ("connection", "timeout") for k in kinds):
                if self.no_reply_streak == 0:
                    self.streak_from = self.extractions - 1  # the extractions answered before the silence
                self.no_reply_streak += 1
                self.last_no_reply = kinds[-1]
            else:
                self.no_reply_streak = 0

    def summary(self) -> dict:
        s = dict(self.sums)
        n, stated = s.get("n", 0), s.get("stated", 0)
        accuracy = Rate(s.get("decisions_correct", 0), n)
        failed = sum(self.statuses[st] for st in FAILED_STATUSES)
        return {
            **{k: s.get(k, 0) for k in ADDITIVE},
            "stopped_early_gold_errata": s.get("stopped_early_gold_errata", 0),
            "decision_accuracy": accuracy.value,
            "decision_accuracy_ci": list(accuracy.interval) if accuracy.interval else None,
            "fact_precision": s.get("correct", 0) / stated if stated else None,
            "extractions": self.extractions,
            "failed_extractions": failed,
            "failures": {st: self.statuses.get(st, 0) for st in FAILED_STATUSES},
            "calls": self.calls,
            "call_failures": dict(sorted(self.call_failures.items())),
            "retried_calls": self.retried,
            "codes": dict(self.codes),
            "step_ms": {st: round(self.step_sum[st] / self.step_n[st], 3) for st in STEPS if self.step_n[st]},
            "degraded_threshold": DEGRADED_ABOVE,
        }

    def intent_summary(self) -> dict:
        i = self.intent
        return _intent_rates(i["n"], i["right"], i["stops"], i["wrong_stops"], i["unsettled"])

    def verdict(self) -> tuple[str, str | None]:
        """('degraded', why) when extractions failed beyond the threshold, else ('finished', None)."""
        failed = sum(self.statuses[st] for st in FAILED_STATUSES)
        total = self.extractions
        if not total or failed / total <= DEGRADED_ABOVE:
            return "finished", None
        kinds = ", ".join(f"{st} {self.statuses[st]}" for st in FAILED_STATUSES if self.statuses[st])
        why = (f"degraded: {failed} of {total} extractions failed ({kinds}), above the "
               f"{DEGRADED_ABOVE:.0%} threshold")
        if self.no_reply_streak >= STOPPED_ANSWERING:
            why = (f"degraded: the provider stopped answering after case {self.streak_from} of {total}: the last "
                   f"{self.no_reply_streak} cases got no reply ({self.last_no_reply}); {failed} of {total} "
                   f"extractions failed, above the {DEGRADED_ABOVE:.0%} threshold")
        return "degraded", why


def _groups(cases: Sequence[Case], carried: bool) -> list[list[Case]]:
    """Work units: one case each, or, when facts carry over, one dialogue's cases in turn order."""
    if not carried:
        return [[case] for case in cases]
    by_dialogue: dict[str, list[Case]] = {}
    for case in cases:
        by_dialogue.setdefault(case.dialogue_id, []).append(case)
    return [sorted(group, key=lambda c: c.turn_index) for group in by_dialogue.values()]


def _units(groups: list[list[Case]], repeats: int) -> Iterator[tuple[list[Case], int]]:
    """(group, repeat) lazily: a million repeats queue nothing up front."""
    for group in groups:
        for repeat in range(repeats):
            yield group, repeat


def _loop_running() -> bool:
    """Whether this thread already runs an event loop (the run's own loop cannot start inside it)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def default_budget(store: Store, extractor, run_id: str | None = None) -> Budget | None:
    if getattr(extractor, "kind", "") != "model" or not getattr(extractor, "metered", False):
        return None  # offline, replay, simulated, loopback and unpriced tiers use no budget
    return Budget.from_env(store, run_id)


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
    budget: Budget | None = None,
    intent_mode: str = "gold",
    errata: GoldErrata | None = None,
) -> tuple[str, dict]:
    """Run, grade and record; returns (run_id, summary).

    `repeats` runs every case that many times with fresh calls; `budget` defaults to the
    shared daily budget for tiers whose calls are metered (core/budget.py). `intent_mode`
    "predicted" lets every turn read the intent itself; the decision is still graded against
    gold's intent. `errata` (default data/gold_errata.json) only counts the stopped-early cases a
    reviewed gold erratum explains, beside the graded figures, which it never changes.
    """
    errata = errata if errata is not None else default_errata()
    if repeats < 1:
        raise UsageError("repeats must be at least 1")
    if intent_mode not in INTENT_MODES:
        raise UsageError(f"intent mode must be one of {', '.join(INTENT_MODES)}, not {intent_mode!r}")
    adapter = getattr(extractor, "adapter", None)
    provider = provider or getattr(adapter, "provider", None)
    model = model or getattr(adapter, "model", None)
    carried = getattr(extractor, "strategy", None) == "carried"
    guards = eval_guards(corpus, cases, prompt_fingerprint, settings, intent_mode)
    run_settings = {**settings, "repeats": repeats} if repeats > 1 else settings
    budget = budget if budget is not None else default_budget(store, extractor)  # a bad limit fails before the run
    recorder = RunRecorder(
        store, kind="eval", tier=extractor.tier, tier_kind=extractor.kind, guards=guards, settings=run_settings,
        n_planned=len(cases) * repeats, service=corpus.checklist.service, sgd_split=corpus.split,
        corpus_source=corpus.source, split=split, segment=corpus.segment, schema_variant=corpus.schema_variant,
        provider=provider, model=model,
    ).start()
    run_id = recorder.run_id
    writer = recorder.writer
    if budget is not None and budget.run_id is None:
        budget.run_id = run_id
    started = time.perf_counter()
    on_loop = (callable(getattr(extractor, "can_extract_async", None)) and extractor.can_extract_async()
               and not _loop_running())
    limit = AsyncAdaptiveLimit(concurrency) if on_loop else AdaptiveLimit(concurrency)
    halt = threading.Event()
    tally = Tally(keep_decisions=repeats <= KEEP_DECISIONS_UP_TO)
    status, note = "finished", None
    total = len(cases) * repeats
    unit = "cases" if repeats == 1 else "extractions (cases x repeats)"
    log.info("run %s: %s on %s %s, %d cases x %d repeats, concurrency %d%s", run_id, extractor.tier,
             corpus.checklist.service, split, len(cases), repeats, concurrency, " (event loop)" if on_loop else "")
    recorder.so_far = lambda: tally.summary() | {"wall_s": time.perf_counter() - started}
    recorder.progress = lambda: f"{tally.extractions} of {total} {unit}"

    explained = errata.explained(corpus)

    def finish_case(case: Case, repeat: int, result: TurnResult) -> None:
        grade = grade_case(corpus.checklist, case, result.collected, result.decision)
        row = case_row(run_id, case, result, grade, repeat=repeat)
        if intent_mode == "predicted":
            row["extra"] = intent_extra(result)
        erratum = explained.get(case.case_id)
        if erratum is not None and grade.stopped_early:
            row["extra"] = (row.get("extra") or {}) | {"gold_erratum": {"facts": dict(erratum.facts),
                                                                        "quote": erratum.quote, "why": erratum.why}}
        calls = call_rows(run_id, case.case_id, result, repeat=repeat)
        tally.add(grade, row, calls)
        recorder.case(row, calls)

    def run_unit(group: list[Case], repeat: int) -> str | None:
        """One repeat of a unit's cases, each handed to the writer as it ends; returns why the
        budget stopped it, if it did."""
        carry, streak = None, 0
        for case in group:
            if halt.is_set():
                return None
            try:
                if budget is not None:
                    budget.check()
                limit.acquire()
                throttled = False
                try:
                    with watch(AttemptRecorder(writer, budget, run_id, case.case_id, repeat, adapter)):
                        given = case.intent if intent_mode == "gold" else None
                        result = take_turn(corpus.checklist, given, case.lines, extractor, carried=carry,
                                           failed_before=streak, case_id=case.case_id)
                    throttled = any(c.http_status == 429 for c in result.extraction.calls)
                finally:
                    limit.release(throttled)
            except BudgetExhausted as exc:
                return str(exc)
            finish_case(case, repeat, result)
            if carried:
                carry, streak = result.collected, result.failed_streak
        return None

    async def run_unit_async(group: list[Case], repeat: int) -> str | None:
        """run_unit as a task: the same steps, the provider call awaited instead of a thread blocked."""
        assert isinstance(limit, AsyncAdaptiveLimit)
        carry, streak = None, 0
        for case in group:
            if halt.is_set():
                return None
            try:
                if budget is not None:
                    budget.check()
                await limit.acquire_async()
                throttled = False
                try:
                    given = case.intent if intent_mode == "gold" else None
                    pending = begin_turn(corpus.checklist, given, case.lines, carry, streak, case.case_id)
                    if isinstance(pending, TurnResult):
                        result = pending
                    else:
                        mark = time.perf_counter()
                        with watch(AttemptRecorder(writer, budget, run_id, case.case_id, repeat, adapter)):
                            extraction = await extractor.extract_async(pending.request)
                        result = end_turn(pending, extraction, (time.perf_counter() - mark) * 1000)
                    throttled = any(c.http_status == 429 for c in result.extraction.calls)
                finally:
                    await limit.release_async(throttled)
            except BudgetExhausted as exc:
                return str(exc)
            finish_case(case, repeat, result)
            if carried:
                carry, streak = result.collected, result.failed_streak
        return None

    # A window of `concurrency` units in flight, handled in submission order: a failure is seen
    # before later work starts, and a stopped run has not queued the rest.
    queue = enumerate(_units(_groups(cases, carried), repeats))
    window = max(1, concurrency)

    def settle(done: Iterable[Future | asyncio.Task], pending: dict, exhausted: str | None) -> str | None:
        """Take finished units off `pending` in submission order; the first reason a unit stopped halts the run."""
        for unit in sorted(done, key=pending.__getitem__):
            del pending[unit]
            why = unit.result()
            if why and exhausted is None:
                exhausted = why
                halt.set()
        if progress:
            progress(tally.extractions, total)
        return exhausted

    def run_threads() -> str | None:
        pool = ThreadPoolExecutor(max_workers=window, thread_name_prefix="case")
        futures: dict[Future, int] = {}
        exhausted = None
        try:
            while True:
                while len(futures) < window and not halt.is_set() and (item := next(queue, None)) is not None:
                    futures[pool.submit(run_unit, *item[1])] = item[0]
                if not futures:
                    break
                done, _ = wait(futures, timeout=0.5, return_when=FIRST_COMPLETED)
                exhausted = settle(done, futures, exhausted)
        except BaseException:
            halt.set()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
        return exhausted

    async def run_tasks() -> str | None:
        # One thread, one event loop: a slot that frees is refilled at once, and hundreds of calls
        # in flight cost no thread each (a thread per call capped a run near 150 cases/s).
        extractor.open_async(window)
        tasks: dict[asyncio.Task, int] = {}
        exhausted = None
        try:
            while True:
                while len(tasks) < window and not halt.is_set() and (item := next(queue, None)) is not None:
                    tasks[asyncio.create_task(run_unit_async(*item[1]))] = item[0]
                if not tasks:
                    break
                done, _ = await asyncio.wait(tasks, timeout=0.5, return_when=asyncio.FIRST_COMPLETED)
                exhausted = settle(done, tasks, exhausted)
        finally:
            halt.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await extractor.close_async()
        return exhausted

    try:
        exhausted = asyncio.run(run_tasks()) if on_loop else run_threads()
        if exhausted:
            status, note = "partial", exhausted
    except BaseException as exc:
        halt.set()
        try:
            if budget is not None:
                budget.close()
        finally:
            recorder.fail(exc)
        raise
    recorder.drain()  # every case in the store before the agreement is read back from it
    if budget is not None:
        budget.close()
    summary = tally.summary() | {
        "wall_s": round(time.perf_counter() - started, 3),
        "floor_always_stop": sum(c.complete for c in cases) / len(cases) if cases else None,
        "concurrency": {"ceiling": limit.ceiling, "lowest": limit.lowest, "throttled_cases": limit.throttled},
        "intent_mode": intent_mode,
        "gold_errata": errata.describe(),
    }
    if intent_mode == "predicted":
        summary |= tally.intent_summary()
    if repeats > 1:
        by_case = tally.decisions
        summary |= {
            "repeats": repeats,
            "per_case": PER_CASE,  # the repeat n and every rate count; agreement below is on its own
            "cases": len(by_case),
            "flipped": sum(len(d) > 1 for d in by_case.values()),
            "agreement": (sum(d.most_common(1)[0][1] / sum(d.values()) for d in by_case.values()) / len(by_case)
                          if by_case else None),
        }
        store.record_agreement(run_id, keep_decisions=repeats <= KEEP_DECISIONS_UP_TO)
    if budget is not None:
        summary["budget"] = {"limit": budget.limit, "used_today": budget.used, "spent_by_run": budget.spent}
    if tally.server_calls and extractor.kind in ("model", "simulated"):
        summary["server"], summary["warnings"] = server_report(tally.server_calls, settings)
    if status == "finished":
        status, note = tally.verdict()
    recorder.finish(status, summary, note=note)
    (log.info if status == "finished" else log.warning)("run %s %s: %d of %d decisions right%s", run_id, status,
                                                        tally.sums["decisions_correct"], tally.n,
                                                        f"; {note}" if note else "")
    return run_id, summary
