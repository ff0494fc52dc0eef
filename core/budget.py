"""The daily call budget (`MAX_CALLS_PER_DAY`), shared by every process using the same store.

Calls are counted from the store's `calls` table (today, UTC), plus the calls this process
made and has not written yet. Simulated calls cost nothing and are not counted.
"""

from __future__ import annotations

import os
import threading
from datetime import UTC, datetime

from core.runner import UNMETERED, BudgetExhausted

ENV_NAME = "MAX_CALLS_PER_DAY"
DEFAULT_MAX_CALLS_PER_DAY = 1000


def today_start() -> datetime:
    now = datetime.now(UTC)
    return now.replace(hour=0, minute=0, second=0, microsecond=0, tzinfo=None)


def limit_from_env() -> int:
    raw = os.environ.get(ENV_NAME)
    if not raw:
        return DEFAULT_MAX_CALLS_PER_DAY
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{ENV_NAME} must be a whole number of calls, got {raw!r}") from None
    if value < 0:
        raise ValueError(f"{ENV_NAME} must not be negative, got {value}")
    return value


class Budget:
    """Call `check()` before work that calls a provider, `spend(n)` after it, `synced(n)` after a write."""

    def __init__(self, store, limit: int) -> None:
        self.store = store
        self.limit = limit
        self._lock = threading.Lock()
        self._unwritten = 0
        self._recorded = self.count_recorded()

    @classmethod
    def from_env(cls, store) -> Budget:
        return cls(store, limit_from_env())

    def count_recorded(self) -> int:
        placeholders = ",".join("?" for _ in UNMETERED)
        frame = self.store.query(
            f"SELECT count(*) AS n FROM calls WHERE called_at >= ? AND coalesce(provider, '') NOT IN ({placeholders})",
            [today_start(), *UNMETERED])
        return int(frame["n"].iloc[0])

    @property
    def used(self) -> int:
        with self._lock:
            return self._recorded + self._unwritten

    def check(self) -> None:
        used = self.used
        if used >= self.limit:
            raise BudgetExhausted(
                f"daily call budget reached: {used} of {ENV_NAME}={self.limit} calls made today (UTC) "
                f"with this store; the run stops here as partial. Raise {ENV_NAME} or wait until tomorrow.")

    def spend(self, calls: int) -> None:
        with self._lock:
            self._unwritten += calls

    def synced(self, written: int) -> None:
        """`written` of our calls are now in the store: re-read the count, which also sees other processes."""
        recorded = self.count_recorded()
        with self._lock:
            self._unwritten = max(0, self._unwritten - written)
            self._recorded = recorded
