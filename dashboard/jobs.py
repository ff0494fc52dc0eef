"""Runs started from the dashboard: core.runner.run_eval in a background thread.

The thread never touches streamlit; it only updates its Job, which the Runs page polls
from a fragment, so the page stays usable while the run goes on.
"""

from __future__ import annotations

import threading
import uuid
from dataclasses import dataclass, field

from core import tiers
from core.corpus import build_corpus
from core.runner import run_eval
from core.secrets import scrub
from core.store import Store


@dataclass
class Job:
    job_id: str
    label: str
    done: int = 0
    total: int = 0
    run_id: str | None = None
    summary: dict | None = None
    error: str | None = None
    finished: bool = False
    thread: threading.Thread | None = field(default=None, repr=False)

    @property
    def share(self) -> float:
        return self.done / self.total if self.total else 0.0


def start(registry: dict[str, Job], db_path: str, tier: str, service: str, split: str, concurrency: int,
          segment: str = "dialogue", from_run: str | None = None, overrides: dict | None = None) -> Job:
    """Start a run in a daemon thread and return its Job at once."""
    if concurrency < 1:
        raise ValueError("concurrency must be at least 1")
    job = Job(job_id=uuid.uuid4().hex[:8], label=f"{tier} on {service} {split} (concurrency {concurrency})")
    registry[job.job_id] = job

    def work() -> None:
        try:
            store = Store(db_path)
            corpus = build_corpus(service, segment)
            cases = corpus.select(split)
            if not cases:
                raise ValueError(f"no cases in split {split!r} of {service}")
            job.total = len(cases)
            extractor, settings, prompt_fp = tiers.build(tier, from_run=from_run, store=store, **(overrides or {}))

            def progress(done: int, total: int) -> None:
                job.done, job.total = done, total

            job.run_id, job.summary = run_eval(store, corpus, cases, extractor, split=split, settings=settings,
                                               prompt_fingerprint=prompt_fp, concurrency=concurrency,
                                               progress=progress)
        except Exception as exc:  # shown on the page as one line; the run itself is closed as incomplete
            job.error = scrub(f"{type(exc).__name__}: {exc}")
        finally:
            job.finished = True

    job.thread = threading.Thread(target=work, name=f"run-{job.job_id}", daemon=True)
    job.thread.start()
    return job
