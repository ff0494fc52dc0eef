"""Anthropic Messages over httpx: `x-api-key`, `anthropic-version`, content blocks, tool use.

Structured output is a forced tool call whose input is the answer; thinking is
`{type: enabled, budget_tokens}` and counts against `max_tokens`, as the API defines it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import httpx

from core.errors import UsageError
from core.extractors.wire import WireAdapter
from core.extractors.wire import int_or_none as _int
from core.http_retry import RetryPolicy
from core.prompt import RenderedPrompt

API_VERSION = "2023-06-01"
ANSWER_TOOL = "report_facts"
MIN_THINKING_BUDGET = 1024  # the API's floor for budget_tokens


def read_message(body: Mapping) -> tuple[str | None, str | None, dict]:
    """(text, stop_reason, usage) from a Messages body; raises ValueError if not that shape."""
    blocks = body.get("content") if isinstance(body, Mapping) else None
    if not isinstance(blocks, list):
        raise ValueError("no content block list in the reply")
    texts, answer = [], None
    for block in blocks:
        if not isinstance(block, Mapping):
            raise ValueError("a content block is not an object")
        if block.get("type") == "text":
            texts.append(str(block.get("text", "")))
        elif block.get("type") == "tool_use" and block.get("name") == ANSWER_TOOL and answer is None:
            answer = json.dumps(block.get("input"), ensure_ascii=False)
    # With thinking on, tool choice is `auto` and the model may write text before its tool call:
    # the tool's input is then the answer, and the text only commentary.
    reply = answer if answer is not None else ("".join(texts) if texts else None)
    usage = body.get("usage") or {}
    return reply, body.get("stop_reason"), {
        "input_tokens": _int(usage.get("input_tokens")),
        "output_tokens": _int(usage.get("output_tokens")),  # includes thinking; not reported apart
        "cached_tokens": _int(usage.get("cache_read_input_tokens")),
        "cache_write_tokens": _int(usage.get("cache_creation_input_tokens")),
    }


class AnthropicAdapter(WireAdapter):
    """POST {base_url}/v1/messages."""

    request_id_header = "request-id"

    def __init__(self, *, client: httpx.Client, base_url: str, model: str, api_key: str | None,
                 max_output_tokens: int, thinking_budget: int | None = None, policy: RetryPolicy | None = None,
                 provider: str = "anthropic", temperature: float | None = None) -> None:
        if thinking_budget is not None and not MIN_THINKING_BUDGET <= thinking_budget < max_output_tokens:
            raise UsageError(f"thinking budget must be at least {MIN_THINKING_BUDGET} and below the output "
                             f"ceiling ({max_output_tokens}); got {thinking_budget}")
        self.client = client
        self.url = base_url.rstrip("/") + "/v1/messages"
        self.model = model
        self._key = api_key
        self.max_output_tokens = max_output_tokens
        self.thinking_budget = thinking_budget
        self.policy = policy or RetryPolicy()
        self.provider = provider
        self.temperature = temperature

    def request_body(self, prompt: RenderedPrompt, schema: Mapping | None) -> dict:
        body: dict = {
            "model": self.model,
            "max_tokens": self.max_output_tokens,
            "system": prompt.system,
            "messages": [{"role": "user", "content": prompt.user}],
        }
        if self.temperature is not None:
            body["temperature"] = self.temperature
        if self.thinking_budget:
            body["thinking"] = {"type": "enabled", "budget_tokens": self.thinking_budget}
        if schema is not None:
            body["tools"] = [{"name": ANSWER_TOOL, "description": "Report the required facts the customer stated.",
                              "input_schema": dict(schema)}]
            # The API refuses a forced tool choice while thinking is on; `any` is not allowed either.
            body["tool_choice"] = ({"type": "auto"} if self.thinking_budget
                                   else {"type": "tool", "name": ANSWER_TOOL})
        return body

    def auth_headers(self) -> dict[str, str]:
        return {"x-api-key": self._key or ""}

    def base_headers(self) -> dict[str, str]:
        return {"anthropic-version": API_VERSION}

    def read_body(self, body: Mapping) -> tuple[str | None, str | None, dict]:
        return read_message(body)
