"""The embedded default: a fresh store gets the Banks_1 floors and offline-tier runs.

On first start, build the corpus (local SGD copy, else download), then record the floors and
an offline run on the held-out split, and an offline run on the rest of the corpus (the sample
split): the offline tier stops early on none of the held-out cases but on a few sample ones, so
a fresh store has stopped-early cases to review. The default counts as recorded only once a finished run
of it exists, so a first start cut short (a closed tab, a killed process) is completed by the
next start. Safe when two processes start together: a file lock beside the store serialises
them, and whoever comes second finds the default there and does nothing.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from core import config, queries, tiers
from core.corpus import build_corpus
from core.errors import UsageError
from core.floors import FLOORS, run_floors
from core.runner import run_eval
from core.store import Store

DEFAULT_SERVICE = "Banks_1"
DEFAULT_SPLIT = "held-out"
DEFAULT_TIER = "offline"
REVIEW_SPLIT = "sample"  # where the offline tier does stop early (2 of 1,042 Banks_1 cases)
DISABLE_ENV = config.BOOTSTRAP_ENV  # set to 0 to open an empty store as it is

Progress = Callable[[str, float], None]  # (what is happening, share done 0..1)


@dataclass
class BootstrapResult:
    ran: bool
    reason: str
    run_ids: list[str] = field(default_factory=list)


def enabled() -> bool:
    return config.bootstrap_enabled()


def store_is_empty(store: Store) -> bool:
    with store.connect() as db:
        return queries.run_count(db) == 0


def _finished(store: Store, service: str, split: str) -> set[tuple[str, str]]:
    with store.connect() as db:
        return queries.finished_kinds(db, service, split)


def missing_parts(store: Store, service: str = DEFAULT_SERVICE, split: str = DEFAULT_SPLIT) -> dict[str, bool]:
    """Which parts of the default a store still lacks: the floors, the offline run, the run to review."""
    done = _finished(store, service, split)
    return {"floors": not {("floor", f) for f in FLOORS} <= done, "offline": ("eval", DEFAULT_TIER) not in done,
            "review": ("eval", DEFAULT_TIER) not in _finished(store, service, REVIEW_SPLIT)}


def needs_default(store: Store) -> bool:
    """True for an empty store, or one whose first start was cut short; a store with runs of
    its own and no default is left alone."""
    if store_is_empty(store):
        return True
    with store.connect() as db:
        own = queries.runs_beyond_default(db, DEFAULT_SERVICE, DEFAULT_SPLIT, DEFAULT_TIER, REVIEW_SPLIT)
    return own == 0 and any(missing_parts(store).values())


@contextmanager
def _exclusive(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `path` (created if needed) for the block."""
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def bootstrap(
    store: Store,
    service: str = DEFAULT_SERVICE,
    split: str = DEFAULT_SPLIT,
    sgd_dir: str | os.PathLike | None = None,
    progress: Progress | None = None,
) -> BootstrapResult:
    """Fill an empty store with the floors and an offline run; leave any other store alone."""
    report = progress or (lambda _message, _share: None)
    if not needs_default(store):
        return BootstrapResult(False, "the store already holds runs")
    with _exclusive(store.path.with_name(store.path.name + ".bootstrap.lock")):
        if not needs_default(store):  # another process filled it while we waited
            return BootstrapResult(False, "another process filled the store")
        todo = missing_parts(store, service, split)
        report(f"building the {service} corpus (local SGD copy, or a download)", 0.0)
        corpus = build_corpus(service, "dialogue", sgd_dir=sgd_dir, download=sgd_dir is None)
        cases = corpus.select(split)
        if not cases:
            raise UsageError(f"no cases in split {split!r} of {service}")
        floors = {}
        if todo["floors"]:
            report(f"recording the floors on {len(cases)} {split} cases", 0.1)
            floors = run_floors(store, corpus, cases, split)
        extractor, settings, prompt_fp = tiers.build(DEFAULT_TIER)
        run_ids = [s["run_id"] for s in floors.values()]
        runs = [(split, cases, 0.2, 0.3)] if todo["offline"] else []
        if todo["review"]:
            runs.append((REVIEW_SPLIT, corpus.select(REVIEW_SPLIT), 0.5, 0.5))
        for name, chosen, start, width in runs:
            def step(done: int, total: int, name: str = name, start: float = start, width: float = width) -> None:
                report(f"{DEFAULT_TIER} tier on the {name} split: case {done} of {total}", start + width * done / total)

            run_id, _summary = run_eval(store, corpus, chosen, extractor, split=name, settings=settings,
                                        prompt_fingerprint=prompt_fp, progress=step)
            run_ids.append(run_id)
        report("done", 1.0)
        return BootstrapResult(True, f"recorded the floors and {DEFAULT_TIER} runs on {service} {split} and "
                                     f"{REVIEW_SPLIT}", run_ids)
