"""OpenAI-compatible chat completions over httpx: OpenAI itself or any local server by base URL.

Usage is read as the API reports it: `prompt_tokens`, `completion_tokens`,
`completion_tokens_details.reasoning_tokens`, `prompt_tokens_details.cached_tokens`.

Structured output has one form per server kind (`STRUCTURED_FORMS`); a server that does not know
a form may refuse it (llama-cpp-python: HTTP 500 on `json_schema`) or, worse, ignore it silently,
which is why `core/extractors/probe.py` checks that a form is honoured before a run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx

from core.errors import UsageError
from core.extraction import Call
from core.extractors.wire import RAW_LIMIT, WireAdapter, error_message
from core.extractors.wire import int_or_none as _int
from core.http_retry import Attempt, RetryPolicy
from core.prompt import RenderedPrompt

__all__ = ["RAW_LIMIT", "STRUCTURED_FORMS", "OpenAICompatAdapter", "error_message", "read_completion", "refusal_of",
           "server_timing", "structured_fields"]

# form -> the server kind that speaks it
STRUCTURED_FORMS = {
    "json_schema": "OpenAI: response_format {type: json_schema, json_schema: {name, strict, schema}}",
    "json_object_schema": "llama.cpp / llama-cpp-python: response_format {type: json_object, schema}",
    "ollama_format": "Ollama: format = the schema",
    "vllm_guided": "vLLM: guided_json = the schema",
}


def structured_fields(form: str, schema: Mapping) -> dict:
    """The request fields that ask a server of this kind for output in the schema."""
    if form == "json_schema":
        return {"response_format": {"type": "json_schema",
                                    "json_schema": {"name": "extraction", "strict": True, "schema": dict(schema)}}}
    if form == "json_object_schema":
        return {"response_format": {"type": "json_object", "schema": dict(schema)}}
    if form == "ollama_format":
        return {"format": dict(schema)}
    if form == "vllm_guided":
        return {"guided_json": dict(schema)}
    raise UsageError(f"unknown structured output form {form!r}; choose one of {', '.join(STRUCTURED_FORMS)}")


def _ms(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0 else None


def server_timing(body: Mapping) -> float | None:
    """Compute time the server reports for this request, in ms, or None.

    llama.cpp's own server sends `timings` (prompt_ms, predicted_ms); Ollama's native replies send
    `total_duration` in nanoseconds. llama-cpp-python and vLLM send neither.
    """
    timings = body.get("timings")
    if isinstance(timings, Mapping):
        parts = [_ms(timings.get("prompt_ms")), _ms(timings.get("predicted_ms"))]
        if any(p is not None for p in parts):
            return round(sum(p or 0.0 for p in parts), 3)
    total = _ms(body.get("total_duration"))
    return round(total / 1e6, 3) if total is not None else None


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
    served = body.get("model")
    return text, choice.get("finish_reason"), {
        "input_tokens": _int(usage.get("prompt_tokens")),
        "output_tokens": _int(usage.get("completion_tokens")),
        "reasoning_tokens": _int(details_out.get("reasoning_tokens")),
        "cached_tokens": _int(details_in.get("cached_tokens")),
        "served_model": served if isinstance(served, str) and served else None,
        "server_ms": server_timing(body),
    }


def refusal_of(body: Any) -> str | None:
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
                 provider: str = "openai", structured_form: str = "json_schema", temperature: float | None = None,
                 seed: int | None = None, instructions_in_user: bool = False) -> None:
        if structured_form not in STRUCTURED_FORMS:
            raise UsageError(f"unknown structured output form {structured_form!r}; "
                             f"choose one of {', '.join(STRUCTURED_FORMS)}")
        self.client = client
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        self._key = api_key
        self.max_output_tokens = max_output_tokens
        self.ceiling_param = ceiling_param
        self.reasoning_effort = reasoning_effort
        self.policy = policy or RetryPolicy()
        self.provider = provider
        self.structured_form = structured_form
        self.temperature = temperature
        self.seed = seed
        self.instructions_in_user = instructions_in_user

    def messages(self, prompt: RenderedPrompt) -> list[dict]:
        if self.instructions_in_user:
            # For a chat template that drops the system message: the same text, all in the user turn.
            return [{"role": "user", "content": f"{prompt.system}\n\n{prompt.user}"}]
        return [{"role": "system", "content": prompt.system}, {"role": "user", "content": prompt.user}]

    def request_body(self, prompt: RenderedPrompt, schema: Mapping | None) -> dict:
        body: dict = {"model": self.model, "messages": self.messages(prompt),
                      self.ceiling_param: self.max_output_tokens}
        if self.temperature is not None:
            body["temperature"] = self.temperature
        if self.seed is not None:
            body["seed"] = self.seed
        if self.reasoning_effort:
            body["reasoning_effort"] = self.reasoning_effort
        if schema is not None:
            body.update(structured_fields(self.structured_form, schema))
        return body

    def auth_headers(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self._key}"}

    def read_body(self, body: Mapping) -> tuple[str | None, str | None, dict]:
        return read_completion(body)

    def _read(self, prompt: RenderedPrompt, attempt: Attempt) -> tuple[Call, str | None, str | None, str | None]:
        call, text, finish, error = super()._read(prompt, attempt)
        if attempt.response is not None:
            call.processing_ms = _ms(_float(attempt.response.headers.get("openai-processing-ms")))
        if call.server_ms is not None and call.latency_ms is not None:
            call.queue_ms = round(max(0.0, call.latency_ms - call.server_ms), 3)
        if error is None and attempt.response is not None:
            # A refusal is an answer of its own kind, not an empty reply: name it on the call.
            refusal = refusal_of(attempt.response.json())
            if refusal:
                call.error = f"refused: {refusal[:500]}"
                return call, text, finish, call.error
        return call, text, finish, error


def _float(value: str | None) -> float | None:
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None
