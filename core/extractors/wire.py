"""What both provider adapters share: one POST with retries, each attempt read into a Call.

A wire adapter supplies only what differs between providers: its auth headers, the header
carrying the request id, the request body, and how a reply body is read.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

import httpx

from core.extraction import Call
from core.extractors.model import Reply
from core.http_retry import Attempt, RetryPolicy, post_with_retries
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

    def complete(self, prompt: RenderedPrompt, schema: Mapping | None,
                 extra_headers: Mapping[str, str] | None = None) -> Reply:
        headers = {"content-type": "application/json", **self.base_headers(), **(extra_headers or {})}
        if self._key:
            headers.update(self.auth_headers())
        calls: list[Call] = []
        outcome: dict = {}

        def record(attempt: Attempt) -> None:
            call, text, finish, error = self._read(prompt, attempt)
            calls.append(call)
            outcome.update(text=text, finish=finish, error=error)

        post_with_retries(self.client, self.url, body=self.request_body(prompt, schema), headers=headers,
                          policy=self.policy, record=record)
        error = outcome.get("error")
        if error:  # the call row keeps the detail; the log says it happened (never a header)
            log.warning("%s %s: no reply after %d attempt(s): %s", self.provider, self.model, len(calls),
                        (scrub(str(error)) or "")[:200])
        else:
            log.debug("%s %s: reply after %d attempt(s), finish %s", self.provider, self.model, len(calls),
                      outcome.get("finish"))
        return Reply(outcome.get("text"), outcome.get("finish"), calls, outcome.get("error"))

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
