"""The one writer of a run's cases and calls: batches by time and size on its own thread.

Workers hand rows over (`case()`, `attempt()`) and never wait on the store; the writer thread
writes whatever has arrived at least every FLUSH_S (or at once when BATCH rows are waiting),
so a `kill -9` loses only the calls in flight and about a second of work. An attempt is
written as soon as it is back, as a provisional call row; when its case finishes, the case's
full call rows (tokens, finish reason) replace the provisional ones in the same transaction.
A case's prompt is written once, on its calls: the case row keeps it only when no call carries it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping

from core.secrets import scrub
from core.store import Store

FLUSH_S = 0.5  # the most a finished row waits before it is written
HEARTBEAT_S = 5.0  # an idle run still says it is alive this often (well inside STALE_AFTER)
BATCH = 2_000  # rows that trigger a write before FLUSH_S (each write opens the file and checkpoints on close)
BACKLOG = 20_000  # rows waiting beyond which a producer waits for the writer (a fast offline tier, say)
log = logging.getLogger(__name__)


class RunWriter:
    def __init__(self, store: Store, run_id: str, flush_s: float | None = None) -> None:
        self.store = store
        self.run_id = run_id
        self.flush_s = flush_s or FLUSH_S
        self.written_cases = 0
        self.error: BaseException | None = None
        self._cases: list[Mapping] = []
        self._calls: list[Mapping] = []
        self._provisional: dict[tuple[str, int], list[Mapping]] = {}  # by (case_id, repeat)
        self._flushed_provisional: set[tuple[str, int]] = set()  # cases with provisional rows in the store
        self._pending = 0  # provisional rows waiting
        self._cond = threading.Condition()
        self._closing = False
        self._last_write = time.monotonic()
        self._thread = threading.Thread(target=self._loop, name=f"writer-{run_id}", daemon=True)
        self._thread.start()

    # --- from any thread ---------------------------------------------------------------
    def attempt(self, row: Mapping) -> None:
        """A call attempt just made (provisional until its case finishes)."""
        with self._cond:
            self._provisional.setdefault((row["case_id"], row.get("repeat", 0)), []).append(row)
            self._pending += 1
            self._wake()

    def case(self, row: Mapping, calls: list[Mapping]) -> None:
        """A finished case and its full call rows."""
        with self._cond:
            while len(self._cases) + len(self._calls) >= BACKLOG and not self._closing and self._thread.is_alive():
                self._cond.wait(0.1)  # memory stays bounded however fast cases finish
            self._pending -= len(self._provisional.pop((row["case_id"], row.get("repeat", 0)), ()))
            if row.get("prompt") and any(call.get("prompt") == row["prompt"] for call in calls):
                row = {**row, "prompt": None}  # stored once, on its calls (queries.CASE_PROMPT reads it back)
            self._cases.append(row)
            self._calls.extend(calls)
            self._wake()

    def close(self) -> None:
        """Write everything still waiting and stop the thread; raises what a write raised."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        self._thread.join()
        self._write()  # anything handed over while the thread was stopping (raises if the store still refuses)
        self.error = None

    # --- the writer thread -------------------------------------------------------------
    def _wake(self) -> None:
        if len(self._cases) + len(self._calls) + self._pending >= BATCH:
            self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                if not self._closing:
                    self._cond.wait(self.flush_s)
                closing = self._closing
            try:
                self._write()
            except Exception as exc:  # the store stayed locked too long, say: keep the rows, try again
                log.warning("run %s: writing to the store failed, retrying: %s", self.run_id, scrub(str(exc)))
                self.error = exc
                if closing:
                    return  # close() tries once more and raises
                time.sleep(self.flush_s)
                continue
            self.error = None
            if closing:
                return

    def _write(self) -> None:
        with self._cond:
            cases, calls = self._cases, self._calls
            provisional = [row for rows in self._provisional.values() for row in rows]
            self._cases, self._calls, self._provisional, self._pending = [], [], {}, 0
            self._cond.notify_all()  # producers waiting on a full backlog
            finished = {(c["case_id"], c.get("repeat", 0)) for c in cases}
            replace = finished & self._flushed_provisional
        if not (cases or calls or provisional) and time.monotonic() - self._last_write < HEARTBEAT_S:
            return
        try:
            self.store.write_batch(self.run_id, cases, calls + provisional, replace)
        except BaseException:
            with self._cond:  # put them back, in front of anything newer
                self._cases[:0], self._calls[:0] = cases, calls
                for row in reversed(provisional):
                    key = (row["case_id"], row.get("repeat", 0))
                    if not any((c["case_id"], c.get("repeat", 0)) == key for c in self._cases):
                        self._provisional.setdefault(key, []).insert(0, row)
                        self._pending += 1
            raise
        self._last_write = time.monotonic()
        with self._cond:
            self._flushed_provisional -= replace
            # a case that finishes while this batch is being written is replaced in the next one
            self._flushed_provisional |= {(c["case_id"], c.get("repeat", 0)) for c in provisional}
            self.written_cases += len(cases)
