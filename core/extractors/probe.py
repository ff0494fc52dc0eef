"""What an OpenAI-compatible server is, asked before a run: the model it serves and the
structured-output form it honours.

`GET {base}/models` names the served model (llama-cpp-python lists its one `--model_alias`;
it echoes any requested `model` back in replies, so the reply alone cannot tell 0.5B from 1.5B).
A structured-output form is proven by one small request whose prompt does not ask for JSON:
only a server that constrains its output to the schema answers `{"ok": "yes"}`. That matters
because servers ignore fields they do not know (llama-cpp-python ignores `format` and
`guided_json` and answers "Hello! How can I assist you today?"), or refuse them (HTTP 500 on
`json_schema`).
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass

import httpx

from core.extractors.openai_compat import STRUCTURED_FORMS, structured_fields
from core.extractors.wire import error_message

PROBE_SCHEMA = {"type": "object", "properties": {"ok": {"type": "string", "enum": ["yes"]}}, "required": ["ok"],
                "additionalProperties": False}
PROBE_PROMPT = "Say hello."
PROBE_TTL_S = 300.0  # a chat page builds its tier every turn: ask the server again only this often
# `owned_by` in GET /models -> the form that kind of server speaks, tried first under "auto"
KIND_BY_OWNER = {"me": "llama.cpp", "llamacpp": "llama.cpp", "vllm": "vllm", "library": "ollama",
                 "ollama": "ollama", "openai": "openai", "system": "openai", "openai-internal": "openai"}
FORM_OF_KIND = {"llama.cpp": "json_object_schema", "vllm": "vllm_guided", "ollama": "ollama_format",
                "openai": "json_schema"}


@dataclass(frozen=True)
class ServerModels:
    """What GET /models said: the ids it lists, the kind of server its `owned_by` suggests."""

    ids: tuple[str, ...] = ()
    kind: str | None = None
    error: str | None = None

    def served(self, configured: str) -> str | None:
        """The served model: the configured name when listed, else the only model listed, else unknown."""
        if configured in self.ids:
            return configured
        return self.ids[0] if len(self.ids) == 1 else None


_MEMO: dict[tuple, tuple[float, object]] = {}
_MEMO_LOCK = threading.Lock()


def _memo(key: tuple, make):
    now = time.monotonic()
    with _MEMO_LOCK:
        hit = _MEMO.get(key)
        if hit and now - hit[0] < PROBE_TTL_S:
            return hit[1]
    value = make()
    with _MEMO_LOCK:
        _MEMO[key] = (now, value)
    return value


def clear() -> None:
    with _MEMO_LOCK:
        _MEMO.clear()


def _headers(api_key: str | None) -> dict[str, str]:
    return {"authorization": f"Bearer {api_key}"} if api_key else {}


def list_models(client: httpx.Client, base_url: str, api_key: str | None = None) -> ServerModels:
    """GET {base_url}/models; never raises (a server without the route just tells us nothing)."""
    def ask() -> ServerModels:
        try:
            response = client.get(base_url.rstrip("/") + "/models", headers=_headers(api_key), timeout=5.0)
        except httpx.HTTPError as exc:
            return ServerModels(error=f"{type(exc).__name__}")
        if response.status_code != 200:
            return ServerModels(error=error_message(response))
        try:
            data = response.json().get("data") or []
            ids = tuple(str(m["id"]) for m in data if isinstance(m, dict) and m.get("id"))
            owners = {str(m.get("owned_by", "")).lower() for m in data if isinstance(m, dict)}
        except (ValueError, AttributeError, TypeError):
            return ServerModels(error="GET /models: not a model list")
        kinds = {KIND_BY_OWNER[o] for o in owners if o in KIND_BY_OWNER}
        return ServerModels(ids=ids, kind=kinds.pop() if len(kinds) == 1 else None)

    return ask()  # never memoised: a server restarted with another model must be seen at once


def honours(client: httpx.Client, base_url: str, form: str, *, model: str, api_key: str | None = None,
            ceiling_param: str = "max_tokens", timeout_s: float = 60.0, served: str | None = None) -> tuple[bool, str]:
    """(True, "") when the server constrains a reply to a schema sent in this form, else (False, why).
    Remembered for a few minutes per server, form and served model."""
    def ask() -> tuple[bool, str]:
        body = {"model": model, "messages": [{"role": "user", "content": PROBE_PROMPT}], ceiling_param: 24,
                "temperature": 0, **structured_fields(form, PROBE_SCHEMA)}
        try:
            response = client.post(base_url.rstrip("/") + "/chat/completions", json=body,
                                   headers={"content-type": "application/json", **_headers(api_key)},
                                   timeout=timeout_s)
        except httpx.HTTPError as exc:
            return False, f"no answer ({type(exc).__name__})"
        if response.status_code != 200:
            return False, " ".join(error_message(response).split())[:240]
        try:
            text = response.json()["choices"][0]["message"]["content"] or ""
        except (ValueError, KeyError, IndexError, TypeError):
            return False, "the reply is not a chat completion"
        try:
            if json.loads(text) == {"ok": "yes"}:
                return True, ""
        except (ValueError, RecursionError):
            pass
        return False, f"the server ignored it (asked to say hello, it replied {text[:60]!r})"

    return _memo(("form", base_url, form, model, served, bool(api_key)), ask)


def find_form(client: httpx.Client, base_url: str, *, model: str, kind: str | None, api_key: str | None = None,
              ceiling_param: str = "max_tokens", timeout_s: float = 60.0,
              served: str | None = None) -> tuple[str | None, list[str]]:
    """The first form the server honours (its kind's own form first), and why each one before it failed."""
    first = FORM_OF_KIND.get(kind or "")
    order = [first] if first else []
    order += [form for form in STRUCTURED_FORMS if form != first]
    tried: list[str] = []
    for form in order:
        ok, why = honours(client, base_url, form, model=model, api_key=api_key, ceiling_param=ceiling_param,
                          timeout_s=timeout_s, served=served)
        if ok:
            return form, tried
        tried.append(f"{form}: {why}")
    return None, tried
