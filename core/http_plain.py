"""A lean async transport for plain-HTTP servers (the simulated provider, local model servers).

httpcore spends about 0.8 ms of CPU per request on its pool's bookkeeping, its network-stream
abstraction and two writes per request; at hundreds of calls a second on one core that is the
largest share of a run's work. This transport speaks HTTP/1.1 on asyncio streams directly: one
write per request, keep-alive connections in a free list, a `content-length` or chunked body read
whole. Failures surface as the httpx exceptions the retry policy reads (core/http_retry.py), so a
timeout, a refused connection or a server that hangs up is judged exactly as over httpcore.
Only `http://` is spoken: TLS and proxies stay with httpx's own transport (core/http_pool.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import httpx

MAX_HEAD = 64 * 1024  # bytes of status line and headers accepted


class PlainHTTPTransport(httpx.AsyncBaseTransport):
    """At most `connections` open at once; a request waits for a free one beyond that."""

    def __init__(self, connections: int) -> None:
        self._slots = asyncio.Semaphore(max(1, connections))
        self._idle: dict[tuple[str, int], list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]] = {}
        self._open: set[asyncio.StreamWriter] = set()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.scheme != "http":
            raise httpx.UnsupportedProtocol(f"this transport speaks http:// only, not {request.url.scheme}://",
                                            request=request)
        timeouts: Mapping[str, float | None] = request.extensions.get("timeout") or {}
        body = await request.aread()
        origin = (request.url.host, request.url.port or 80)
        async with self._slots:
            reader, writer = await self._connection(origin, timeouts.get("connect"), request)
            try:
                status, headers, content, keep = await self._exchange(reader, writer, request, body, timeouts)
            except BaseException:
                self._close(writer)
                raise
            if keep:
                self._idle.setdefault(origin, []).append((reader, writer))
            else:
                self._close(writer)
        return httpx.Response(status, headers=headers, content=content, request=request,
                              extensions={"http_version": b"HTTP/1.1"})

    async def _connection(self, origin: tuple[str, int], timeout: float | None,
                          request: httpx.Request) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        idle = self._idle.get(origin)
        while idle:
            reader, writer = idle.pop()
            if not reader.at_eof() and not writer.is_closing():
                return reader, writer
            self._close(writer)  # the server closed it while it waited
        try:
            async with asyncio.timeout(timeout):
                reader, writer = await asyncio.open_connection(*origin, limit=MAX_HEAD)
        except TimeoutError as exc:
            raise httpx.ConnectTimeout(f"connect timeout ({timeout} s)", request=request) from exc
        except OSError as exc:
            raise httpx.ConnectError(str(exc), request=request) from exc
        self._open.add(writer)
        return reader, writer

    async def _exchange(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: httpx.Request,
                        body: bytes, timeouts: Mapping[str, float | None]) -> tuple[int, list, bytes, bool]:
        target = request.url.raw_path.decode("ascii")
        head = [f"{request.method} {target} HTTP/1.1".encode("ascii")]
        head += [name + b": " + value for name, value in request.headers.raw]
        writer.write(b"\r\n".join(head) + b"\r\n\r\n" + body)  # one write: no wait between header and body
        try:
            async with asyncio.timeout(timeouts.get("write")):
                await writer.drain()
        except TimeoutError as exc:
            raise httpx.WriteTimeout("write timeout", request=request) from exc
        except OSError as exc:
            raise httpx.WriteError(str(exc), request=request) from exc
        try:
            async with asyncio.timeout(timeouts.get("read")):
                return await _read_response(reader, request)
        except TimeoutError as exc:
            raise httpx.ReadTimeout("read timeout", request=request) from exc
        except asyncio.IncompleteReadError as exc:
            raise httpx.RemoteProtocolError("server disconnected without sending a complete response",
                                            request=request) from exc
        except (asyncio.LimitOverrunError, ValueError) as exc:
            raise httpx.RemoteProtocolError(f"malformed response: {exc}", request=request) from exc
        except OSError as exc:
            raise httpx.ReadError(str(exc), request=request) from exc

    def _close(self, writer: asyncio.StreamWriter) -> None:
        self._open.discard(writer)
        writer.close()

    async def aclose(self) -> None:
        for writer in list(self._open):
            self._close(writer)
        self._idle.clear()


async def _read_response(reader: asyncio.StreamReader, request: httpx.Request) -> tuple[int, list, bytes, bool]:
    """(status, headers, body, keep the connection) of one HTTP/1.1 response."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head[:-4].split(b"\r\n")
    parts = lines[0].split(b" ", 2)
    if len(parts) < 2 or not parts[0].startswith(b"HTTP/1."):
        raise ValueError(f"not an HTTP/1.x status line: {lines[0][:80]!r}")
    status = int(parts[1])
    headers = []
    length: int | None = None
    chunked = False
    keep = parts[0] == b"HTTP/1.1"
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        name, value = name.strip(), value.strip()
        headers.append((name, value))
        lowered = name.lower()
        if lowered == b"content-length":
            length = int(value)
        elif lowered == b"transfer-encoding":
            chunked = b"chunked" in value.lower()
        elif lowered == b"connection":
            keep = value.lower() == b"keep-alive" or (keep and value.lower() != b"close")
    if request.method == "HEAD" or status in (204, 304) or 100 <= status < 200:
        return status, headers, b"", keep
    if chunked:
        return status, headers, await _read_chunked(reader), keep
    if length is not None:
        return status, headers, await reader.readexactly(length), keep
    return status, headers, await reader.read(), False  # the body runs to the end of the connection


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    body = bytearray()
    while True:
        size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0].strip(), 16)
        if size == 0:
            while (await reader.readuntil(b"\r\n")) != b"\r\n":  # trailers, then the blank line
                pass
            return bytes(body)
        body += await reader.readexactly(size)
        await reader.readexactly(2)
