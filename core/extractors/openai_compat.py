"""OpenAI-compatible chat completions over httpx: OpenAI itself or any local server by base URL.

Usage is read as the API reports it: `prompt_tokens`, `completion_tokens`,
`completion_tokens_details.reasoning_tokens`, `prompt_tokens_details.cached_tokens`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import httpx

from core.extraction import Call
from core.extractors.model import Reply
from core.http_retry import Attempt, RetryPolicy, post_with_retries
from core.prompt import RenderedPrompt

RAW_LIMIT = 20_000  # characters of a response body kept per call


def _int(value: object) -> int | None:
    return value if isinstance(value, int) else None


def read_completion(body: Mapping) -> tuple[str | None, str | None, dict]:
    """(text, finish_reason, usage) from a chat-completions body; raises ValueError if not that shape."""
    try:
        choice = body["choices"][0]
        message = choice.get("message") or {}
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        raise ValueError(f"no choices[0].message in the reply ({exc})") from exc
    text = message.get("content")
    if text is not None and not isinstance(text, str):
        raise ValueError("choices[0].message.content is not a string")
    usage = body.get("usage") or {}
    details_out = usage.get("completion_tokens_details") or {}
    details_in = usage.get("prompt_tokens_details") or {}
    return text, choice.get("finish_reason"), {
        "input_tokens": _int(usage.get("prompt_tokens")),
        "output_tokens": _int(usage.get("completion_tokens")),
        "reasoning_tokens": _int(details_out.get("reasoning_tokens")),
        "cached_tokens": _int(details_in.get("cached_tokens")),
    }


def error_message(response: httpx.Response) -> str:
    """The provider's own error line when it sent one (OpenAI and Anthropic both nest it under `error`)."""
    try:
        detail = response.json().get("error") or {}
        message = detail.get("message") if isinstance(detail, dict) else str(detail)
    except (ValueError, AttributeError):
        message = None
    return f"HTTP {response.status_code}" + (f": {message}" if message else "")


class OpenAICompatAdapter:
    """POST {base_url}/chat/completions. The key, if any, is sent and never kept anywhere else."""

    def __init__(self, *, client: httpx.Client, base_url: str, model: str, api_key: str | None,
                 max_output_tokens: int, ceiling_param: str = "max_completion_tokens",
                 reasoning_effort: str | None = None, policy: RetryPolicy | None = None,
                 provider: str = "openai") -> None:
        self.client = client
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        self._key = api_key
        self.max_output_tokens = max_output_tokens
        self.ceiling_param = ceiling_param
        self.reasoning_effort = reasoning_effort
        self.policy = policy or RetryPolicy()
        self.provider = provider

    def request_body(self, prompt: RenderedPrompt, schema: Mapping | None) -> dict:
        body: dict = {
            "model": self.model,
            "messages": [{"role": "system", "content": prompt.system}, {"role": "user", "content": prompt.user}],
            self.ceiling_param: self.max_output_tokens,
        }
        if self.reasoning_effort:
            body["reasoning_effort"] = self.reasoning_effort
        if schema is not None:
            body["response_format"] = {"type": "json_schema",
                                       "json_schema": {"name": "extraction", "strict": True, "schema": dict(schema)}}
        return body

    def complete(self, prompt: RenderedPrompt, schema: Mapping | None,
                 extra_headers: Mapping[str, str] | None = None) -> Reply:
        headers = {"content-type": "application/json", **(extra_headers or {})}
        if self._key:
            headers["authorization"] = f"Bearer {self._key}"
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
        call.request_id = response.headers.get("x-request-id")
        call.raw_reply = response.text[:RAW_LIMIT]
        if response.status_code != 200:
            call.error = error_message(response)
            return call, None, None, call.error
        try:
            text, finish, usage = read_completion(response.json())
        except (ValueError, json.JSONDecodeError, AttributeError) as exc:
            call.error = f"malformed response body: {str(exc)[:200]}"
            return call, None, None, call.error
        call.finish_reason = finish
        for name, value in usage.items():
            setattr(call, name, value)
        return call, text, finish, None
