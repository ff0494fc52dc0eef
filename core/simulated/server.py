"""The simulated provider's HTTP server: `POST /v1/chat/completions` and `POST /v1/messages`.

Each request draws a fault and otherwise answers with what the offline tier extracts from the
prompt, the configured latency (± jitter) after it arrived: its own work is inside that latency,
as a real provider's is, so hundreds of replies falling due at once are not held up by it. Usage numbers are approximate
(characters / 4); every reply carries `x-simulated: true` and a `simulated:` model name.
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
import threading
import time
import uuid
from collections.abc import Callable
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from core.extractors.model import HINT_HEADER
from core.extractors.offline import extract_facts
from core.simulated.faults import FaultPlan
from core.simulated.prompt_reader import PromptNotUnderstood, read_prompt

DEFAULT_PORT = 8765
HOST = "127.0.0.1"
OPENAI_PATH = "/v1/chat/completions"
ANTHROPIC_PATH = "/v1/messages"


def approx_tokens(text: str) -> int:
    return max(1, len(text) // 4)


def _user_text(messages: object) -> str:
    """The last user message's text, whether content is a string or a list of text parts."""
    if not isinstance(messages, list):
        return ""
    for message in reversed(messages):
        if isinstance(message, dict) and message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, str):
                return content
            if isinstance(content, list):
                return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def answer(user_text: str, hint_header: str | None, structured: bool) -> dict:
    """The offline tier's answer to a rendered prompt, in the answer contract's shape."""
    try:
        hint = json.loads(hint_header) if hint_header else None
    except json.JSONDecodeError:
        hint = None
    read = read_prompt(user_text, hint)
    collected: dict[str, str | None] = {**read.carried, **extract_facts(read.checklist, read.intent, read.lines)}
    if structured:  # a strict schema names every fact; the unstated ones are null
        collected = {name: collected.get(name) for name in read.checklist.required(read.intent)}
    return {"intent": read.intent, "collected": collected, "notes": "simulated reply"}


@functools.lru_cache(maxsize=8192)
def answer_text(user_text: str, hint_header: str | None, structured: bool) -> str:
    """`answer` as the reply's text, kept for prompts seen before: the answer is a pure function of
    the prompt, and a provider's own work never runs on the client's cores, so the simulation
    should spend as little of them as it can (a benchmark sends the same prompts run after run)."""
    return json.dumps(answer(user_text, hint_header, structured), ensure_ascii=False)


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"
    # Headers and body leave in two writes; with Nagle's algorithm on, the second waits for the
    # client's delayed ACK (about 40 ms on loopback), a cost no real provider charges.
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: object) -> None:  # quiet: the run store keeps the record
        pass

    def do_GET(self) -> None:
        if self.path in ("/health", "/v1/health"):
            # the plan travels with every run against this server, into its guards
            self._send(200, {"status": "ok", "simulated": True, "plan": self.server.provider.plan()})
        else:
            self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})

    def do_POST(self) -> None:
        arrived = time.monotonic()
        wire = {OPENAI_PATH: "openai", ANTHROPIC_PATH: "anthropic"}.get(self.path)
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length)
        if wire is None:
            self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
            return
        provider = self.server.provider
        fault = provider.faults.draw()
        reply = self._reply(wire, raw, fault)
        provider.sleep_latency(since=arrived)
        if fault == "hang":
            time.sleep(provider.hang_s)
        reply()

    def _reply(self, wire: str, raw: bytes, fault: str | None) -> Callable[[], None]:
        """What to send (worked out before the latency is waited out)."""
        if fault in ("429", "500", "529"):
            return partial(self._send_error, wire, int(fault))
        if fault == "malformed":
            return partial(self._send, 200, None, raw_body=b'{"id": "simulated", "choices": [{"message": ', wire=wire)
        try:
            request = json.loads(raw)
            body = (self._openai if wire == "openai" else self._anthropic)(request, fault)
        except (json.JSONDecodeError, PromptNotUnderstood, AttributeError, TypeError) as exc:
            return partial(self._send, 400, {"type": "error", "error": {
                "type": "invalid_request_error", "message": f"simulated provider: {exc}"}}, wire=wire)
        return partial(self._send, 200, body, wire=wire)

    # --- wire formats ---------------------------------------------------------------
    def _reply_text(self, user_text: str, structured: bool, fault: str | None) -> str:
        text = answer_text(user_text, self.headers.get(HINT_HEADER), structured)
        return text[: len(text) // 2] if fault == "truncated" else text

    def _openai(self, request: dict, fault: str | None) -> dict:
        user_text = _user_text(request.get("messages"))
        ceiling = int(request.get("max_completion_tokens") or request.get("max_tokens") or 400)
        prompt_tokens = approx_tokens(json.dumps(request.get("messages"), ensure_ascii=False))
        if fault == "cut":
            content, finish, completion, reasoning = "", "length", ceiling, ceiling
        else:
            content = self._reply_text(user_text, "response_format" in request, fault)
            finish, completion, reasoning = "stop", approx_tokens(content), 0
        return {
            "id": f"chatcmpl-sim-{uuid.uuid4().hex[:12]}", "object": "chat.completion", "created": int(time.time()),
            "model": f"simulated:{request.get('model', '')}", "system_fingerprint": "simulated",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": finish}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion,
                      "total_tokens": prompt_tokens + completion,
                      "prompt_tokens_details": {"cached_tokens": 0},
                      "completion_tokens_details": {"reasoning_tokens": reasoning}},
        }

    def _anthropic(self, request: dict, fault: str | None) -> dict:
        user_text = _user_text(request.get("messages"))
        ceiling = int(request.get("max_tokens") or 400)
        input_tokens = approx_tokens(str(request.get("system", "")) + user_text)
        tools = request.get("tools") or []
        if fault == "cut":
            content = [{"type": "thinking", "thinking": "(simulated reasoning)", "signature": "simulated"}]
            stop, output = "max_tokens", ceiling
        else:
            text = self._reply_text(user_text, bool(tools), fault)
            if tools and fault != "truncated":
                content = [{"type": "tool_use", "id": f"toolu_sim_{uuid.uuid4().hex[:12]}",
                            "name": tools[0].get("name"), "input": json.loads(text)}]
                stop = "tool_use"
            else:
                content, stop = [{"type": "text", "text": text}], "end_turn"
            output = approx_tokens(text)
        return {
            "id": f"msg_sim_{uuid.uuid4().hex[:12]}", "type": "message", "role": "assistant",
            "model": f"simulated:{request.get('model', '')}", "content": content, "stop_reason": stop,
            "stop_sequence": None,
            "usage": {"input_tokens": input_tokens, "output_tokens": output,
                      "cache_read_input_tokens": 0, "cache_creation_input_tokens": 0},
        }

    def _send_error(self, wire: str, status: int) -> None:
        kinds = {429: "rate_limit_error", 500: "api_error", 529: "overloaded_error"}
        message = {429: "simulated rate limit", 500: "simulated server error", 529: "simulated overload"}[status]
        if wire == "anthropic":
            body = {"type": "error", "error": {"type": kinds[status], "message": message}}
        else:
            body = {"error": {"message": message, "type": kinds[status], "code": None}}
        extra = {"retry-after": f"{self.server.provider.retry_after_s:g}"} if status == 429 else {}
        self._send(status, body, wire=wire, extra=extra)

    def _send(self, status: int, body: dict | None, raw_body: bytes | None = None, wire: str = "openai",
              extra: dict | None = None) -> None:
        data = raw_body if raw_body is not None else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.send_header("x-simulated", "true")
        self.send_header("request-id" if wire == "anthropic" else "x-request-id", f"sim-{uuid.uuid4().hex[:16]}")
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        self.end_headers()
        # A client that gave up (a hang past its timeout) has closed the socket: nothing to deliver.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(data)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256
    provider: SimulatedProvider


class SimulatedProvider:
    """Start with `.start()` (a background thread) or `.serve_forever()`; `.url` is its base URL."""

    def __init__(self, port: int = DEFAULT_PORT, *, latency_ms: float = 0.0, jitter_ms: float = 0.0,
                 faults: FaultPlan | None = None, hang_s: float = 30.0, retry_after_s: float = 1.0,
                 seed: int | None = None) -> None:
        self.latency_ms = latency_ms
        self.jitter_ms = jitter_ms
        self.seed = seed
        self.faults = faults or FaultPlan()
        self.hang_s = hang_s
        self.retry_after_s = retry_after_s
        self._random = random.Random(seed)
        self._server = _Server((HOST, port), _Handler)
        self._server.provider = self
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def plan(self) -> dict:
        """What this server does besides answering: latency, jitter, faults and their seeds. Two runs
        against servers with different plans are different measurements (core/guards.py)."""
        return {"latency_ms": self.latency_ms, "jitter_ms": self.jitter_ms, "seed": self.seed,
                "faults": dict(sorted(self.faults.shares.items())), "fault_seed": self.faults.seed,
                "hang_s": self.hang_s, "retry_after_s": self.retry_after_s}

    def sleep_latency(self, since: float | None = None) -> None:
        """Wait out this request's latency, counted from `since` (its arrival, time.monotonic())."""
        delay = (self.latency_ms + self._random.uniform(-self.jitter_ms, self.jitter_ms)) / 1000
        if since is not None:
            delay -= time.monotonic() - since
        if delay > 0:
            time.sleep(delay)

    def start(self) -> SimulatedProvider:
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="simulated-provider", daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        self._server.serve_forever()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        if self._thread:
            self._thread.join(timeout=5)

    def __enter__(self) -> SimulatedProvider:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
