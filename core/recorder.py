"""The one run recorder: every kind of run (eval, floor, red team, contract fixtures, gold check,
generality report)
is started, written, kept alive and ended through it.

    with RunRecorder(store, kind="floor", tier=..., tier_kind=..., guards=guards, settings=...,
                     n_planned=len(cases)) as run:
        run.case(row)                      # rows go to the writer thread (core/run_writer.py)
        run.finish("finished", summary)    # or "partial" / "degraded" with a note

Start records the run as `running` with its typed guards; rows are written within about a
second, and the writer's heartbeat says the run is alive between batches. The run ends as
`finished`, `partial` or `degraded` when the caller says so, and as `incomplete` on any
exception (Ctrl-C and SIGTERM included), with what was counted so far and one line saying why;
a `kill -9` leaves it `running` until the next open of the store closes it (core/store.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from types import TracebackType

from core.guards import Guards
from core.run_writer import RunWriter
from core.secrets import scrub
from core.store import Store

log = logging.getLogger(__name__)

ENDINGS = ("finished", "partial", "degraded")  # what a caller may end a run as; `incomplete` is the recorder's


class RunRecorder:
    def __init__(self, store: Store, *, kind: str, tier: str, tier_kind: str, guards: Guards, settings: Mapping,
                 n_planned: int, **labels: str | None) -> None:
        if not isinstance(guards, Guards):
            raise TypeError("a run is started with typed Guards (core/guards.py), one builder per run kind")
        self.store = store
        self.kind, self.tier, self.tier_kind, self.guards = kind, tier, tier_kind, guards
        self.settings, self.n_planned, self.labels = dict(settings), n_planned, labels
        self._run_id: str | None = None
        self.writer: RunWriter | None = None
        self.status: str | None = None  # how it ended, once it has
        # What an interrupted run reports: the figures counted so far, and how far it got.
        self.so_far: Callable[[], dict] = dict
        self.progress: Callable[[], str] = lambda: f"{self.cases} cases written"
        self.cases = 0

    # --- start -----------------------------------------------------------------------
    def start(self) -> RunRecorder:
        self._run_id = self.store.start_run(kind=self.kind, tier=self.tier, tier_kind=self.tier_kind,
                                            guards=self.guards.to_json(), settings=self.settings,
                                            n_planned=self.n_planned, **self.labels)
        self.writer = RunWriter(self.store, self._run_id)
        return self

    @property
    def run_id(self) -> str:
        if self._run_id is None:
            raise RuntimeError("the run has not been started")
        return self._run_id

    def __enter__(self) -> RunRecorder:
        return self.start()

    # --- rows ------------------------------------------------------------------------
    def case(self, row: Mapping, calls: Sequence[Mapping] | None = None) -> None:
        """A finished case (and its calls), handed to the writer thread."""
        self._writer().case(row, list(calls or []))
        self.cases += 1

    def attempt(self, row: Mapping) -> None:
        """A call attempt as it comes back, before its case is finished (provisional)."""
        self._writer().attempt(row)

    def _writer(self) -> RunWriter:
        if self.writer is None:
            raise RuntimeError("the run has not been started")
        return self.writer

    def drain(self) -> None:
        """Write every row handed over and stop the writer (before reading the run's own rows back)."""
        self._writer().close()

    # --- end -------------------------------------------------------------------------
    def finish(self, status: str, summary: Mapping, note: str | None = None, figures: Mapping | None = None) -> None:
        """End the run: every row written first, then its status and summary (figures saved once:
        counted from the rows, or given by a run that writes none, a generality report)."""
        if status not in ENDINGS:
            raise ValueError(f"a run ends as one of {', '.join(ENDINGS)} (incomplete is the recorder's), "
                             f"not {status!r}")
        self._writer().close()
        self.store.finish_run(self.run_id, status, summary, note=note, figures=figures)
        self.status = status
        log.debug("run %s ended %s", self.run_id, status)

    def fail(self, exc: BaseException) -> None:
        """End the run as `incomplete` after an exception: what was handed over is written if the
        store allows, and the note says how far it got and why it stopped."""
        if self.status is not None or self._run_id is None:
            return
        try:
            if self.writer is not None:
                self.writer.close()
        except Exception as write_error:  # the store may be what failed; the run is still closed below
            log.warning("run %s: rows not written before it closed as incomplete: %s", self.run_id,
                        scrub(str(write_error)))
        finally:
            note = f"stopped after {self.progress()}: {type(exc).__name__}: {exc}"
            self.store.finish_run(self.run_id, "incomplete", self.so_far(), note=note)
            self.status = "incomplete"
            log.warning("run %s incomplete: %s", self.run_id, scrub(note))

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if exc is not None:
            self.fail(exc)
        elif self.status is None:
            missing = RuntimeError(f"run {self.run_id} ended without a result: call finish()")
            self.fail(missing)
            raise missing
