"""What both provider adapters share: one POST with retries, each attempt read into a Call.

A wire adapter supplies only what differs between providers: its auth headers, the header
carrying the request id, the request body, and how a reply body is read.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

import httpx

from core.extraction import Call
from core.extractors.model import Reply
from core.http_plain import PlainHTTPTransport
from core.http_pool import ShardedTransport
from core.http_retry import Attempt, RetryPolicy, post_with_retries, post_with_retries_async
from core.prompt import RenderedPrompt
from core.secrets import scrub

RAW_LIMIT = 20_000  # characters of a response body kept per call
log = logging.getLogger(__name__)


def int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) else None


def error_message(response: httpx.Response) -> str:
    """The provider's own error line when it sent one (OpenAI and Anthropic both nest it under `error`)."""
    try:
        detail = response.json().get("error") or {}
        message = detail.get("message") if isinstance(detail, dict) else str(detail)
    except (ValueError, AttributeError):
        message = None
    return f"HTTP {response.status_code}" + (f": {message}" if message else "")


class WireAdapter:
    """Base of the provider adapters; subclasses set `url`, `model`, `provider`, `policy`."""

    request_id_header = "x-request-id"
    client: httpx.Client
    async_client: httpx.AsyncClient | None = None
    url: str
    model: str
    provider: str
    policy: RetryPolicy
    _key: str | None

    def auth_headers(self) -> dict[str, str]:
        raise NotImplementedError

    def base_headers(self) -> dict[str, str]:
        """Headers every request carries, key or not (an API version, say)."""
        return {}

    def request_body(self, prompt: RenderedPrompt, schema: Mapping | None) -> dict:
        raise NotImplementedError

    def read_body(self, body: Mapping) -> tuple[str | None, str | None, dict]:
        """(text, finish reason, usage) from a reply body; raises ValueError when not in shape."""
        raise NotImplementedError

    def _headers(self, extra_headers: Mapping[str, str] | None) -> dict[str, str]:
        headers = {"content-type": "application/json", **self.base_headers(), **(extra_headers or {})}
        if self._key:
            headers.update(self.auth_headers())
        return headers

    def _recorder(self, prompt: RenderedPrompt) -> tuple[list[Call], dict, Callable[[Attempt], None]]:
        calls: list[Call] = []
        outcome: dict = {}

        def record(attempt: Attempt) -> None:
            call, text, finish, error = self._read(prompt, attempt)
            calls.append(call)
            outcome.update(text=text, finish=finish, error=error)

        return calls, outcome, record

    def _reply(self, calls: list[Call], outcome: dict) -> Reply:
        error = outcome.get("error")
        if error:  # the call row keeps the detail; the log says it happened (never a header)
            log.warning("%s %s: no reply after %d attempt(s): %s", self.provider, self.model, len(calls),
                        (scrub(str(error)) or "")[:200])
        else:
            log.debug("%s %s: reply after %d attempt(s), finish %s", self.provider, self.model, len(calls),
                      outcome.get("finish"))
        return Reply(outcome.get("text"), outcome.get("finish"), calls, outcome.get("error"))

    def complete(self, prompt: RenderedPrompt, schema: Mapping | None,
                 extra_headers: Mapping[str, str] | None = None) -> Reply:
        calls, outcome, record = self._recorder(prompt)
        post_with_retries(self.client, self.url, body=self.request_body(prompt, schema),
                          headers=self._headers(extra_headers), policy=self.policy, record=record)
        return self._reply(calls, outcome)

    # --- the async path (core/runner.py runs model tiers on one event loop) ---------------
    def can_complete_async(self) -> bool:
        """Whether this adapter can open an async client like its own: a plain httpx client with its
        default transport (a test's stand-in or mounted transport keeps the thread path)."""
        return type(self.client) is httpx.Client and type(getattr(self.client, "_transport", None)) is \
            httpx.HTTPTransport

    def open_async(self, connections: int) -> None:
        """An async client for `connections` calls in flight, on the running event loop, with the
        sync client's timeouts; closed by `close_async()`. A plain-http server (the simulated one, a
        local model server) gets the lean transport; TLS goes through httpx's pools."""
        plain = httpx.URL(self.url).scheme == "http"
        transport = PlainHTTPTransport(connections) if plain else ShardedTransport(connections)
        self.async_client = httpx.AsyncClient(timeout=self.client.timeout, transport=transport)

    async def close_async(self) -> None:
        client, self.async_client = self.async_client, None
        if client is not None:
            await client.aclose()

    async def complete_async(self, prompt: RenderedPrompt, schema: Mapping | None,
                             extra_headers: Mapping[str, str] | None = None) -> Reply:
        if self.async_client is None:
            raise RuntimeError("open_async() first")
        calls, outcome, record = self._recorder(prompt)
        await post_with_retries_async(self.async_client, self.url, body=self.request_body(prompt, schema),
                                      headers=self._headers(extra_headers), policy=self.policy, record=record)
        return self._reply(calls, outcome)

    def _read(self, prompt: RenderedPrompt, attempt: Attempt) -> tuple[Call, str | None, str | None, str | None]:
        call = Call(provider=self.provider, model=self.model, prompt=prompt.text, latency_ms=attempt.latency_ms,
                    http_status=attempt.status, attempt=attempt.number, error=attempt.error)
        response = attempt.response
        if response is None:
            return call, None, None, attempt.error
        call.request_id = response.headers.get(self.request_id_header)
        call.raw_reply = response.text[:RAW_LIMIT]
        if response.status_code != 200:
            call.error = error_message(response)
            if attempt.invalid_request and response.status_code >= 500:
                call.error += " (the server refused the request itself as invalid: not retried)"
            return call, None, None, call.error
        try:
            text, finish, usage = self.read_body(response.json())
        except (ValueError, AttributeError) as exc:  # JSONDecodeError is a ValueError
            call.error = f"malformed response body: {str(exc)[:200]}"
            return call, None, None, call.error
        call.finish_reason = finish
        for name, value in usage.items():
            setattr(call, name, value)
        return call, text, finish, None
