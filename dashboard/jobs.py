"""Work started from the dashboard (an eval run, a red team, the contract checks) in a background thread.

The thread never touches streamlit; it only updates its Job, which the page polls from a fragment,
so the page stays usable while the work goes on.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

from core import tiers
from core.corpus import build_corpus
from core.runner import run_eval
from core.secrets import scrub
from core.store import Store

Progress = Callable[[int, int], None]
log = logging.getLogger(__name__)


@dataclass
class Job:
    job_id: str
    label: str
    done: int = 0
    total: int = 0
    run_id: str | None = None
    summary: dict | None = None
    outcome: str | None = None  # one sentence on what the finished work found
    error: str | None = None
    finished: bool = False
    thread: threading.Thread | None = field(default=None, repr=False)

    @property
    def share(self) -> float:
        return min(self.done / self.total, 1.0) if self.total else 0.0


def _sentence(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    text = text[:1].upper() + text[1:]
    return scrub(text if text.endswith(".") else text + ".")


def start_task(registry: dict[str, Job], label: str,
               work: Callable[[Job, Progress], tuple[str | None, dict, str]]) -> Job:
    """Run `work(job, progress)` in a daemon thread; it returns (run_id, summary, outcome sentence)."""
    job = Job(job_id=uuid.uuid4().hex[:8], label=label)
    registry[job.job_id] = job

    def progress(done: int, total: int) -> None:
        job.done, job.total = done, total

    def body() -> None:
        log.info("job %s started: %s", job.job_id, label)
        try:
            job.run_id, job.summary, job.outcome = work(job, progress)
            log.info("job %s done: run %s", job.job_id, job.run_id)
        except Exception as exc:  # shown on the page as one sentence; a run itself is closed as incomplete
            job.error = _sentence(exc)
            # the sentence, scrubbed, not the traceback: a provider's message may quote a header
            log.error("job %s (%s) failed: %s: %s", job.job_id, label, type(exc).__name__, job.error)
        finally:
            job.finished = True

    job.thread = threading.Thread(target=body, name=f"job-{job.job_id}", daemon=True)
    job.thread.start()
    return job


def start(registry: dict[str, Job], db_path: str, tier: str, service: str, split: str, concurrency: int,
          segment: str = "dialogue", from_run: str | None = None, overrides: dict | None = None) -> Job:
    """Start an eval run in a daemon thread and return its Job at once."""
    if concurrency < 1:
        raise ValueError("concurrency must be at least 1")

    def work(job: Job, progress: Progress) -> tuple[str, dict, str]:
        store = Store(db_path)
        corpus = build_corpus(service, segment)
        cases = corpus.select(split)
        if not cases:
            raise ValueError(f"the {split} split of {service} holds no case: pick another split")
        job.total = len(cases)
        extractor, settings, prompt_fp = tiers.build(tier, from_run=from_run, store=store, **(overrides or {}))
        run_id, summary = run_eval(store, corpus, cases, extractor, split=split, settings=settings,
                                   prompt_fingerprint=prompt_fp, concurrency=concurrency, progress=progress)
        return run_id, summary, (f"{summary['decisions_correct']:,} of {summary['n']:,} decisions right, "
                                 f"{summary.get('stopped_early', 0):,} stopped early")

    return start_task(registry, f"{tier} on {service} {split} (concurrency {concurrency})", work)


def start_redteam(registry: dict[str, Job], db_path: str, tier: str, attempts: int, attacks_path: str,
                  overrides: dict | None = None) -> Job:
    from core.redteam import checklist_loader, load_attacks, run_redteam

    if attempts < 1:
        raise ValueError("attempts must be at least 1")

    def work(job: Job, progress: Progress) -> tuple[str, dict, str]:
        checklists = checklist_loader()
        attacks = load_attacks(attacks_path, checklists)
        job.total = len(attacks) * attempts * 2
        extractor, settings, prompt_fp = tiers.build(tier, **(overrides or {}))
        run_id, summary = run_redteam(Store(db_path), attacks, extractor, attempts=attempts, settings=settings,
                                      prompt_fingerprint=prompt_fp, checklists=checklists, attacks_path=attacks_path,
                                      progress=progress)
        return run_id, summary, (f"held {summary['held']}, defeated {summary['defeated']}, unmeasurable "
                                 f"{summary['unmeasurable']} of {summary['attacks']} attacks")

    return start_task(registry, f"red team on {tier}, {attempts} attempt(s) per attack", work)


def start_contract(registry: dict[str, Job], db_path: str, which: str, services: list[str] | None = None) -> Job:
    """`which` is `fixtures` (the contaminated fixtures) or `gold` (the contract over every gold value)."""

    def fixtures(job: Job, progress: Progress) -> tuple[str, dict, str]:
        from core.fixtures import load_fixtures, record_fixtures

        found = load_fixtures(None)
        job.total = len(found)
        run_id, summary, _ = record_fixtures(Store(db_path), found)
        job.done = job.total
        return run_id, summary, (f"{summary['bad_rejected_as_expected']} of {summary['bad_total']} bad answers "
                                 f"rejected as expected, {summary['clean_passed']} of {summary['clean_total']} "
                                 "clean answers passed")

    def gold(job: Job, progress: Progress) -> tuple[str | None, dict, str]:
        from core.gold_check import run_gold_check

        run_id, summary = run_gold_check(Store(db_path), services) if services else run_gold_check(Store(db_path))
        return run_id, summary, f"{summary['false_positives_total']} false positives on gold values"

    label = "the contract against its fixtures" if which == "fixtures" else "the contract over every gold value"
    return start_task(registry, label, fixtures if which == "fixtures" else gold)


def start_generality(registry: dict[str, Job], db_path: str, workers: int = 2, agent_asks: bool = True) -> Job:
    """The generality report over every service of the local SGD folder (core.generality), recorded."""
    import time

    from core import generality

    def work(job: Job, progress: Progress) -> tuple[str, dict, str]:
        root = generality.find_folder()
        started = time.perf_counter()
        result = generality.report(root, generality.Settings(agent_asks=agent_asks), workers=workers,
                                   progress=progress)
        run_id = generality.record(Store(db_path), result, wall_s=time.perf_counter() - started)
        every = result["groups"]["all"]
        return run_id, every, (f"{every['rows']:,} services measured over {every['cases']:,} cases, "
                               f"{every['gold']['decisions']['hits']:,} decisions right with the intent given")

    return start_task(registry, "the generality report over every service", work)
