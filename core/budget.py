"""The daily call budget (`MAX_CALLS_PER_DAY`), shared by every process using the same store.

Every attempt at a metered provider (retries and red-team probes included) is reserved in the
store's `budget_reservations` table before it is sent. A reservation is one transaction on
the store, and DuckDB lets one process at a time open the file, so two processes cannot both
take the last call. To keep that to a few opens a second, a process reserves a small block
and spends it locally; what it has not spent is handed back when the run ends (a killed
process keeps its block: the budget errs towards fewer calls, never more).

Metered means a paid provider: calls to a server on this machine (127.0.0.0/8, localhost,
::1), to the simulated provider and to a tier with no rate-card entry cost nothing and use no
budget, unless the tier says `metered = true`.
"""

from __future__ import annotations

import ipaddress
import threading
from collections.abc import Mapping
from datetime import UTC, date, datetime

import httpx

from core import config
from core.errors import ChatIntakeError, UsageError

ENV_NAME = config.BUDGET_ENV
DEFAULT_MAX_CALLS_PER_DAY = 1000
BLOCK = 4  # calls reserved per trip to the store


class BudgetExhausted(ChatIntakeError, RuntimeError):
    """The shared daily call budget ran out; the run stops cleanly as partial."""


def today() -> date:
    return datetime.now(UTC).date()


def today_start() -> datetime:
    now = datetime.now(UTC)
    return now.replace(hour=0, minute=0, second=0, microsecond=0, tzinfo=None)


def limit_from_env() -> int:
    raw = config.budget_limit_text()
    if not raw:
        return DEFAULT_MAX_CALLS_PER_DAY
    try:
        value = int(raw)
    except ValueError:
        raise UsageError(f"{ENV_NAME} must be a whole number of calls, got {raw!r}") from None
    if value < 0:
        raise UsageError(f"{ENV_NAME} must not be negative, got {value}")
    return value


def is_loopback(base_url: str | None) -> bool:
    """A base URL whose host is this machine: 127.0.0.0/8, localhost or ::1."""
    if not base_url:
        return False
    try:
        host = httpx.URL(base_url).host
    except httpx.InvalidURL:
        return False
    if host.lower() in ("localhost", "localhost.") or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_metered(provider: str, spec: Mapping) -> bool:
    """Whether a tier's calls count against the budget (see the module docstring)."""
    if spec.get("metered") is not None:
        return bool(spec["metered"])
    if provider in ("offline", "replay", "simulated"):
        return False
    return bool(spec.get("rate")) and not is_loopback(spec.get("base_url"))


class Budget:
    """`reserve()` before each metered attempt (raises BudgetExhausted when none is left);
    `check()` before starting work (cheap: no store trip); `close()` hands back the unspent."""

    def __init__(self, store, limit: int, run_id: str | None = None, block: int = BLOCK) -> None:
        self.store = store
        self.limit = limit
        self.run_id = run_id
        self.block = max(1, block)
        self.spent = 0  # calls this budget let through
        self._lease = 0  # reserved in the store, not yet spent
        self._refusal: str | None = None
        self._lock = threading.Lock()

    @classmethod
    def from_env(cls, store, run_id: str | None = None) -> Budget:
        return cls(store, limit_from_env(), run_id)

    @property
    def used(self) -> int:
        """Calls reserved today by every process on this store, less what we hold unspent."""
        with self._lock:
            return self.store.calls_reserved(today()) - self._lease

    def _message(self, used: int) -> str:
        return (f"daily call budget reached: {used} of {ENV_NAME}={self.limit} calls made today (UTC) with "
                f"this store; the run stops here as partial. Raise {ENV_NAME} or wait until tomorrow.")

    def check(self) -> None:
        if self._refusal:
            raise BudgetExhausted(self._refusal)

    def reserve(self) -> None:
        with self._lock:
            if self._refusal:
                raise BudgetExhausted(self._refusal)
            if self._lease == 0:
                granted, used = self.store.reserve_calls(today(), self.block, self.limit, self.run_id)
                if granted == 0:
                    self._refusal = self._message(used)
                    raise BudgetExhausted(self._refusal)
                self._lease = granted
            self._lease -= 1
            self.spent += 1

    # the attempt watch of core/http_retry: reserve before each try
    def before(self) -> None:
        self.reserve()

    def after(self, _attempt) -> None:
        pass

    def close(self) -> None:
        """Hand back the calls reserved and not spent."""
        with self._lock:
            unspent, self._lease = self._lease, 0
        if unspent:
            self.store.reserve_calls(today(), -unspent, self.limit, self.run_id)
