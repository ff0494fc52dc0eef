"""Anthropic Messages over httpx: `x-api-key`, `anthropic-version`, content blocks, tool use.

Structured output is a forced tool call whose input is the answer; thinking is
`{type: enabled, budget_tokens}` and counts against `max_tokens`, as the API defines it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import httpx

from core.extraction import Call
from core.extractors.model import Reply
from core.extractors.openai_compat import RAW_LIMIT, error_message
from core.http_retry import Attempt, RetryPolicy, post_with_retries
from core.prompt import RenderedPrompt

API_VERSION = "2023-06-01"
ANSWER_TOOL = "report_facts"
MIN_THINKING_BUDGET = 1024  # the API's floor for budget_tokens


def _int(value: object) -> int | None:
    return value if isinstance(value, int) else None


def read_message(body: Mapping) -> tuple[str | None, str | None, dict]:
    """(text, stop_reason, usage) from a Messages body; raises ValueError if not that shape."""
    blocks = body.get("content") if isinstance(body, Mapping) else None
    if not isinstance(blocks, list):
        raise ValueError("no content block list in the reply")
    texts = []
    for block in blocks:
        if not isinstance(block, Mapping):
            raise ValueError("a content block is not an object")
        if block.get("type") == "text":
            texts.append(str(block.get("text", "")))
        elif block.get("type") == "tool_use" and block.get("name") == ANSWER_TOOL:
            texts.append(json.dumps(block.get("input"), ensure_ascii=False))
    usage = body.get("usage") or {}
    return ("".join(texts) if texts else None), body.get("stop_reason"), {
        "input_tokens": _int(usage.get("input_tokens")),
        "output_tokens": _int(usage.get("output_tokens")),  # includes thinking; not reported apart
        "cached_tokens": _int(usage.get("cache_read_input_tokens")),
        "cache_write_tokens": _int(usage.get("cache_creation_input_tokens")),
    }


class AnthropicAdapter:
    """POST {base_url}/v1/messages."""

    def __init__(self, *, client: httpx.Client, base_url: str, model: str, api_key: str | None,
                 max_output_tokens: int, thinking_budget: int | None = None, policy: RetryPolicy | None = None,
                 provider: str = "anthropic") -> None:
        if thinking_budget is not None and not MIN_THINKING_BUDGET <= thinking_budget < max_output_tokens:
            raise ValueError(f"thinking budget must be at least {MIN_THINKING_BUDGET} and below the output "
                             f"ceiling ({max_output_tokens}); got {thinking_budget}")
        self.client = client
        self.url = base_url.rstrip("/") + "/v1/messages"
        self.model = model
        self._key = api_key
        self.max_output_tokens = max_output_tokens
        self.thinking_budget = thinking_budget
        self.policy = policy or RetryPolicy()
        self.provider = provider

    def request_body(self, prompt: RenderedPrompt, schema: Mapping | None) -> dict:
        body: dict = {
            "model": self.model,
            "max_tokens": self.max_output_tokens,
            "system": prompt.system,
            "messages": [{"role": "user", "content": prompt.user}],
        }
        if self.thinking_budget:
            body["thinking"] = {"type": "enabled", "budget_tokens": self.thinking_budget}
        if schema is not None:
            body["tools"] = [{"name": ANSWER_TOOL, "description": "Report the required facts the customer stated.",
                              "input_schema": dict(schema)}]
            # The API refuses a forced tool choice while thinking is on; `any` is not allowed either.
            body["tool_choice"] = ({"type": "auto"} if self.thinking_budget
                                   else {"type": "tool", "name": ANSWER_TOOL})
        return body

    def complete(self, prompt: RenderedPrompt, schema: Mapping | None,
                 extra_headers: Mapping[str, str] | None = None) -> Reply:
        headers = {"content-type": "application/json", "anthropic-version": API_VERSION, **(extra_headers or {})}
        if self._key:
            headers["x-api-key"] = self._key
        calls: list[Call] = []
        outcome: dict = {}

        def record(attempt: Attempt) -> None:
            call, text, finish, error = self._read(prompt, attempt)
            calls.append(call)
            outcome.update(text=text, finish=finish, error=error)

        post_with_retries(self.client, self.url, body=self.request_body(prompt, schema), headers=headers,
                          policy=self.policy, record=record)
        return Reply(outcome.get("text"), outcome.get("finish"), calls, outcome.get("error"))

    def _read(self, prompt: RenderedPrompt, attempt: Attempt) -> tuple[Call, str | None, str | None, str | None]:
        call = Call(provider=self.provider, model=self.model, prompt=prompt.text, latency_ms=attempt.latency_ms,
                    http_status=attempt.status, attempt=attempt.number, error=attempt.error)
        response = attempt.response
        if response is None:
            return call, None, None, attempt.error
        call.request_id = response.headers.get("request-id")
        call.raw_reply = response.text[:RAW_LIMIT]
        if response.status_code != 200:
            call.error = error_message(response)
            return call, None, None, call.error
        try:
            text, finish, usage = read_message(response.json())
        except (ValueError, AttributeError) as exc:
            call.error = f"malformed response body: {str(exc)[:200]}"
            return call, None, None, call.error
        call.finish_reason = finish
        for name, value in usage.items():
            setattr(call, name, value)
        return call, text, finish, None
