"""Bounded retries for provider calls: transient statuses and timeouts, backoff with jitter.

Every attempt (the failed ones too) is handed to a recorder, so the run store keeps a row
per attempt. A server's `Retry-After` is honoured, capped so one reply cannot stall a run.
Whoever runs the work can also `watch()` every attempt made on its thread: `before()` runs
before each try is sent (the budget reserves the call there, and may refuse by raising) and
`after(attempt)` as soon as it is back (the run writer stores it, whether or not its case ends).
`post_with_retries_async` and `AsyncAdaptiveLimit` are the same on an event loop (core/runner.py).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from typing import Protocol

import httpx
from tenacity import (
    AsyncRetrying,
    RetryCallState,
    Retrying,
    retry_if_exception_type,
    stop_after_attempt,
    wait_random_exponential,
)

from core.secrets import scrub

log = logging.getLogger(__name__)

# 529 is Anthropic's "overloaded"; the rest are the usual transient HTTP statuses.
RETRYABLE_STATUSES = frozenset({408, 429, 500, 502, 503, 504, 529})
# A 5xx whose body says the request itself was refused as invalid: another try sends the same bytes
# and gets the same answer. llama-cpp-python answers an unknown `response_format` with HTTP 500 and
# a pydantic "1 validation error: ... literal_error ... Input should be 'text' or 'json_object'".
INVALID_REQUEST_MARKERS = ("invalid_request_error", "validation error", "literal_error", "extra_forbidden",
                           "input should be", "field required", "extra inputs are not permitted",
                           "unrecognized request argument", "unsupported parameter", "unknown parameter")


def says_invalid_request(body: str | None) -> bool:
    """True when an error body says the request was malformed (not that the server had trouble)."""
    text = (body or "")[:4000].lower()
    return any(marker in text for marker in INVALID_REQUEST_MARKERS)
TRANSIENT_ERRORS = (httpx.TimeoutException, httpx.ConnectError, httpx.RemoteProtocolError, httpx.ReadError)


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 4  # total tries, the first included
    base_wait_s: float = 0.5
    max_wait_s: float = 20.0  # also the cap on a server's Retry-After
    sleep: Callable[[float], None] = field(default=time.sleep, compare=False)


@dataclass
class Attempt:
    """One try at a URL: a response, or the error that stood in for one."""

    number: int
    response: httpx.Response | None
    error: str | None
    latency_ms: float
    retry_after_s: float | None = None
    final: bool = False  # an error that another try cannot fix (a malformed URL or header)

    @property
    def status(self) -> int | None:
        return self.response.status_code if self.response is not None else None

    @property
    def invalid_request(self) -> bool:
        """The server refused the request itself (a 4xx, or a 5xx whose body says so): not worth a retry."""
        if self.response is None or self.response.status_code in (408, 429):
            return False
        code = self.response.status_code
        return 400 <= code < 500 or (code >= 500 and says_invalid_request(self.response.text))

    @property
    def transient(self) -> bool:
        if self.final or self.invalid_request:
            return False
        return self.response is None or self.response.status_code in RETRYABLE_STATUSES


class AttemptWatch(Protocol):
    def before(self) -> None: ...

    def after(self, attempt: Attempt) -> None: ...


_WATCH: ContextVar[AttemptWatch | None] = ContextVar("attempt_watch", default=None)


@contextmanager
def watch(watcher: AttemptWatch | None) -> Iterator[None]:
    """Every attempt made on this thread inside the block goes through `watcher`."""
    token = _WATCH.set(watcher)
    try:
        yield
    finally:
        _WATCH.reset(token)


class _Transient(Exception):
    def __init__(self, attempt: Attempt) -> None:
        super().__init__(attempt.error or f"HTTP {attempt.status}")
        self.attempt = attempt


def retry_after_seconds(headers: Mapping[str, str]) -> float | None:
    """Seconds a server asked us to wait: `retry-after-ms`, `Retry-After` seconds or an HTTP date."""
    millis = headers.get("retry-after-ms")
    if millis:
        try:
            return max(0.0, float(millis) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def _wait(policy: RetryPolicy) -> Callable[[RetryCallState], float]:
    jittered = wait_random_exponential(multiplier=policy.base_wait_s, max=policy.max_wait_s)

    def wait(state: RetryCallState) -> float:
        failure = state.outcome.exception() if state.outcome else None
        asked = failure.attempt.retry_after_s if isinstance(failure, _Transient) else None
        return min(asked, policy.max_wait_s) if asked is not None else jittered(state)

    return wait


def _answered(number: int, started: float, response: httpx.Response) -> Attempt:
    return Attempt(number, response, None, (time.perf_counter() - started) * 1000,
                   retry_after_seconds(response.headers))


def _failed(number: int, started: float, exc: httpx.HTTPError) -> Attempt:
    """The attempt that stands in for a response the transport could not get."""
    latency = (time.perf_counter() - started) * 1000
    if isinstance(exc, TRANSIENT_ERRORS):
        kind = "timeout" if isinstance(exc, httpx.TimeoutException) else "connection"
        return Attempt(number, None, f"{kind}: {type(exc).__name__}", latency)
    # Not retried, and recorded by its type and a scrubbed message: httpx quotes a bad
    # header's value, which may be the key itself.
    return Attempt(number, None, f"request failed: {type(exc).__name__}: {scrub(str(exc))}", latency, final=True)


def _judged(attempt: Attempt, url: str, record: Callable[[Attempt], None], watcher: AttemptWatch | None) -> Attempt:
    """Hand an attempt to the recorder and the watch; raise _Transient when another try may help."""
    record(attempt)
    if watcher is not None:
        watcher.after(attempt)
    if attempt.transient:
        log.info("attempt %d to %s: %s, retrying", attempt.number, httpx.URL(url).host,
                 attempt.error or f"HTTP {attempt.status}")
        raise _Transient(attempt)
    return attempt


def post_with_retries(
    client: httpx.Client,
    url: str,
    *,
    body: Mapping,
    headers: Mapping[str, str],
    policy: RetryPolicy,
    record: Callable[[Attempt], None],
) -> Attempt:
    """POST until a non-transient answer or the attempts run out; returns the last attempt."""
    number = 0
    watcher = _WATCH.get()

    def once() -> Attempt:
        nonlocal number
        if watcher is not None:
            watcher.before()  # may raise (no budget left): nothing is sent
        number += 1
        started = time.perf_counter()
        try:
            response = client.post(url, json=body, headers=dict(headers))
            response.read()
            attempt = _answered(number, started, response)
        except httpx.HTTPError as exc:
            attempt = _failed(number, started, exc)
        return _judged(attempt, url, record, watcher)

    retrying = Retrying(stop=stop_after_attempt(max(1, policy.attempts)), wait=_wait(policy),
                        retry=retry_if_exception_type(_Transient), sleep=policy.sleep, reraise=True)
    try:
        return retrying(once)
    except _Transient as exhausted:
        return exhausted.attempt


async def post_with_retries_async(
    client: httpx.AsyncClient,
    url: str,
    *,
    body: Mapping,
    headers: Mapping[str, str],
    policy: RetryPolicy,
    record: Callable[[Attempt], None],
) -> Attempt:
    """`post_with_retries` on an event loop: the same attempts, waits and records. A watch whose
    `before()` may touch the store (a budget) runs it on a worker thread, so the loop never waits."""
    number = 0
    watcher = _WATCH.get()
    sent = dict(headers)

    async def once() -> Attempt:
        nonlocal number
        if watcher is not None and getattr(watcher, "blocking", True):
            await asyncio.to_thread(watcher.before)  # may raise (no budget left): nothing is sent
        number += 1
        started = time.perf_counter()
        try:
            response = await client.post(url, json=body, headers=sent)
            await response.aread()
            attempt = _answered(number, started, response)
        except httpx.HTTPError as exc:
            attempt = _failed(number, started, exc)
        return _judged(attempt, url, record, watcher)

    async def sleep(seconds: float) -> None:
        if policy.sleep is time.sleep:
            await asyncio.sleep(seconds)
        else:
            policy.sleep(seconds)  # a test's stand-in clock

    retrying = AsyncRetrying(stop=stop_after_attempt(max(1, policy.attempts)), wait=_wait(policy),
                             retry=retry_if_exception_type(_Transient), sleep=sleep, reraise=True)
    try:
        return await retrying(once)
    except _Transient as exhausted:
        return exhausted.attempt


class AdaptiveLimit:
    """A concurrency bound that halves on a rate limit (at most once a second) and creeps back up.

    Callers `acquire()` before work and `release(throttled)` after; `throttled` means the work
    met a 429, so fewer pieces of work go out at once until the provider recovers.
    """

    def __init__(self, ceiling: int, recover_step: float = 0.5, cooldown_s: float = 1.0) -> None:
        self.ceiling = max(1, ceiling)
        self.limit = float(self.ceiling)
        self.lowest = self.ceiling
        self.throttled = 0
        self._recover_step = recover_step
        self._cooldown_s = cooldown_s
        self._last_cut = float("-inf")
        self._in_flight = 0
        self._cond = threading.Condition()

    def acquire(self) -> None:
        with self._cond:
            while self._in_flight >= int(self.limit):
                self._cond.wait()
            self._in_flight += 1

    def release(self, throttled: bool = False) -> None:
        with self._cond:
            self._released(throttled)
            self._cond.notify_all()

    def _released(self, throttled: bool) -> None:
        self._in_flight -= 1
        now = time.monotonic()
        if throttled:
            self.throttled += 1
            if now - self._last_cut >= self._cooldown_s:
                self.limit = max(1.0, self.limit / 2)
                self.lowest = min(self.lowest, int(self.limit))
                self._last_cut = now
        else:
            self.limit = min(float(self.ceiling), self.limit + self._recover_step)


class AsyncAdaptiveLimit(AdaptiveLimit):
    """The same bound for tasks on one event loop: a task waits for a slot without holding a thread."""

    def __init__(self, ceiling: int, recover_step: float = 0.5, cooldown_s: float = 1.0) -> None:
        super().__init__(ceiling, recover_step, cooldown_s)
        self._slots = asyncio.Condition()

    async def acquire_async(self) -> None:
        async with self._slots:
            await self._slots.wait_for(lambda: self._in_flight < int(self.limit))
            self._in_flight += 1

    async def release_async(self, throttled: bool = False) -> None:
        async with self._slots:
            self._released(throttled)
            self._slots.notify_all()
