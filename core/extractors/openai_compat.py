"""OpenAI-compatible chat completions over httpx: OpenAI itself or any local server by base URL.

Usage is read as the API reports it: `prompt_tokens`, `completion_tokens`,
`completion_tokens_details.reasoning_tokens`, `prompt_tokens_details.cached_tokens`.
"""

from __future__ import annotations

from collections.abc import Mapping

import httpx

from core.extraction import Call
from core.extractors.wire import RAW_LIMIT, WireAdapter, error_message
from core.extractors.wire import int_or_none as _int
from core.http_retry import Attempt, RetryPolicy
from core.prompt import RenderedPrompt

__all__ = ["RAW_LIMIT", "OpenAICompatAdapter", "error_message", "read_completion", "refusal_of"]


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


def refusal_of(body: object) -> str | None:
    """The model's refusal (`message.refusal`, sent with content null), or None."""
    try:
        refusal = body["choices"][0]["message"].get("refusal")
    except (KeyError, IndexError, TypeError, AttributeError):
        return None
    return refusal if isinstance(refusal, str) and refusal.strip() else None


class OpenAICompatAdapter(WireAdapter):
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

    def auth_headers(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self._key}"}

    def read_body(self, body: Mapping) -> tuple[str | None, str | None, dict]:
        return read_completion(body)

    def _read(self, prompt: RenderedPrompt, attempt: Attempt) -> tuple[Call, str | None, str | None, str | None]:
        call, text, finish, error = super()._read(prompt, attempt)
        if error is None and attempt.response is not None:
            # A refusal is an answer of its own kind, not an empty reply: name it on the call.
            refusal = refusal_of(attempt.response.json())
            if refusal:
                call.error = f"refused: {refusal[:500]}"
                return call, text, finish, call.error
        return call, text, finish, error
