"""An async HTTP transport made of several small connection pools, for hundreds of calls in flight.

httpcore's pool re-scans every connection (and, for its keep-alive check, every connection again)
each time a request is queued or a response ends: at 256 connections in one pool that scan cost
17 ms of CPU per request, so one client could not keep 256 calls in flight. Here each request
goes to the least busy of several pools of at most PER_SHARD connections, so a scan stays short.
(httpcore also imports `sniffio` on every async request and close: requirements.txt pins it, since
a failed import there scans sys.path each time, 0.3 ms.)
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Callable

import httpx

PER_SHARD = 4  # connections per pool: its scans stay a few steps long


class _Released(httpx.AsyncByteStream):
    """A response body that gives its pool's slot back once, when it is closed."""

    def __init__(self, stream: httpx.AsyncByteStream, release: Callable[[], None]) -> None:
        self._stream = stream
        self._release: Callable[[], None] | None = release

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self._stream:
            yield chunk

    async def aclose(self) -> None:
        try:
            await self._stream.aclose()
        finally:
            release, self._release = self._release, None
            if release is not None:
                release()


class ShardedTransport(httpx.AsyncBaseTransport):
    """`connections` spread over pools of PER_SHARD; a request takes the pool with the fewest in use."""

    def __init__(self, connections: int, per_shard: int = PER_SHARD) -> None:
        shards = max(1, math.ceil(max(1, connections) / per_shard))
        size = max(1, min(per_shard, connections))
        limits = httpx.Limits(max_connections=size, max_keepalive_connections=size)
        tls = httpx.create_ssl_context()  # one for all pools: each costs ~20 ms of certificate loading
        self._pools = [httpx.AsyncHTTPTransport(limits=limits, verify=tls) for _ in range(shards)]
        self._busy = [0] * shards

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        index = min(range(len(self._pools)), key=self._busy.__getitem__)
        self._busy[index] += 1

        def release() -> None:
            self._busy[index] -= 1

        try:
            response = await self._pools[index].handle_async_request(request)
        except BaseException:
            release()
            raise
        stream = response.stream
        assert isinstance(stream, httpx.AsyncByteStream)
        response.stream = _Released(stream, release)
        return response

    async def aclose(self) -> None:
        for pool in self._pools:
            await pool.aclose()
