"""A loopback HTTP server for tests: real sockets on 127.0.0.1, answers from a script or a function.

    with Loopback([Reply(429, {...}, {"retry-after": "2"}), Reply(200, {...})]) as server:
        ... point a client at server.url ...
        server.requests  # every request received: path, headers, body
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx


@dataclass
class Reply:
    status: int = 200
    body: dict | bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0  # sleep before answering (a hang, when longer than the client's timeout)


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> dict:
        return json.loads(self.body)


Answer = Callable[[Received, int], Reply]  # (request, 0-based request number) -> reply


class Loopback:
    """Serve `script` replies in order (the last one repeats), or whatever `answer(request, n)` returns;
    `gets` maps a GET path (e.g. "/v1/models") to its reply, any other GET is a 404."""

    def __init__(self, script: list[Reply] | Answer, gets: dict[str, Reply] | None = None) -> None:
        self._answer: Answer = script if callable(script) else self._from_script(list(script))
        self.requests: list[Received] = []
        self.gets: list[str] = []  # GET paths asked (kept apart, so a script's numbering counts POSTs only)
        self._gets = dict(gets or {})
        self._lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # no delayed-ACK wait between the header and body writes

            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                outer.gets.append(self.path)
                reply = outer._gets.get(self.path, Reply(404, {"error": {"message": f"no route {self.path}"}}))
                self._send(reply)

            def _send(self, reply: Reply) -> None:
                data = reply.body if isinstance(reply.body, bytes) else json.dumps(reply.body or {}).encode()
                self.send_response(reply.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                received = Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                with outer._lock:
                    number = len(outer.requests)
                    outer.requests.append(received)
                reply = outer._answer(received, number)
                if reply.delay_s:
                    time.sleep(reply.delay_s)
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client timed out and left
                    self._send(reply)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @staticmethod
    def _from_script(script: list[Reply]) -> Answer:
        return lambda _request, number: script[min(number, len(script) - 1)]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> Loopback:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


class Waits:
    """Stands in for `time.sleep` in a retry policy: records the backoff asked for, sleeps not at all."""

    def __init__(self) -> None:
        self.seconds: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.seconds.append(seconds)


class Clients:
    """httpx clients made during a test, all closed at the end (unclosed sockets warn, warnings fail)."""

    def __init__(self) -> None:
        self._made: list[httpx.Client] = []

    def __call__(self, timeout: float = 5.0) -> httpx.Client:
        self._made.append(httpx.Client(timeout=timeout))
        return self._made[-1]

    def close(self) -> None:
        for client in self._made:
            client.close()
