"""The async transports of the runner's event loop, over real loopback sockets: the lean plain-HTTP
transport (bodies by length and chunked, kept connections, hang-ups, timeouts, refusals) and the
sharded httpx pools."""

from __future__ import annotations

import asyncio
import socket

import httpx
import pytest

from core.http_plain import PlainHTTPTransport
from core.http_pool import ShardedTransport
from tests.loopback import Loopback, Reply

LENGTH = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{\"a\": \"b\"}\n"
CHUNKED = (b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\nx-request-id: r2\r\n\r\n"
           b"4\r\n{\"c\"\r\n6\r\n: \"d\"}\r\n0\r\n\r\n")


async def serve(replies: list[bytes | None]) -> tuple[asyncio.Server, list[int]]:
    """A raw HTTP/1.1 server answering each request with the next bytes (None: hang up unanswered);
    the list counts connections accepted."""
    accepted: list[int] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.append(1)
        while replies:
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except asyncio.IncompleteReadError:
                break
            sizes = [int(line.split(b":")[1]) for line in head.split(b"\r\n")
                     if line.lower().startswith(b"content-length")]
            await reader.readexactly(sizes[0] if sizes else 0)
            reply = replies.pop(0)
            if reply is None:
                break
            writer.write(reply)
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, accepted


def url_of(server: asyncio.Server) -> str:
    return f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/v1/x"


def test_bodies_by_length_and_chunked_on_one_kept_connection():
    async def main() -> None:
        server, accepted = await serve([LENGTH, CHUNKED])
        async with server, httpx.AsyncClient(transport=PlainHTTPTransport(4), timeout=5) as client:
            first = await client.post(url_of(server), json={"q": 1})
            second = await client.post(url_of(server), json={"q": 2})
        assert first.status_code == 200 and first.json() == {"a": "b"}
        assert second.json() == {"c": "d"} and second.headers["x-request-id"] == "r2"
        assert len(accepted) == 1  # the connection was kept between the two

    asyncio.run(main())


def test_a_hang_up_is_a_protocol_error_and_the_next_request_connects_again():
    async def main() -> None:
        server, accepted = await serve([None, LENGTH])
        async with server, httpx.AsyncClient(transport=PlainHTTPTransport(4), timeout=5) as client:
            with pytest.raises(httpx.RemoteProtocolError):
                await client.post(url_of(server), json={})
            again = await client.post(url_of(server), json={})
        assert again.json() == {"a": "b"} and len(accepted) == 2

    asyncio.run(main())


def test_timeouts_and_refusals_are_the_errors_the_retry_policy_reads():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed_port = sock.getsockname()[1]

    async def main() -> None:
        async with httpx.AsyncClient(transport=PlainHTTPTransport(2), timeout=0.3) as client:
            with pytest.raises(httpx.ConnectError):
                await client.post(f"http://127.0.0.1:{closed_port}/v1/x", json={})
            with Loopback([Reply(200, {"late": True}, delay_s=1.0)]) as slow, pytest.raises(httpx.ReadTimeout):
                await client.post(slow.url + "/v1/x", json={})

    asyncio.run(main())


def test_the_plain_transport_refuses_tls_rather_than_send_it_in_clear():
    async def main() -> None:
        async with httpx.AsyncClient(transport=PlainHTTPTransport(1)) as client:
            with pytest.raises(httpx.UnsupportedProtocol):
                await client.post("https://127.0.0.1:9/v1/x", json={})

    asyncio.run(main())


def test_sharded_pools_carry_more_calls_than_one_pool_holds():
    async def main(url: str) -> list[int]:
        async with httpx.AsyncClient(transport=ShardedTransport(8, per_shard=2), timeout=5) as client:
            replies = await asyncio.gather(*(client.post(url, json={"n": n}) for n in range(24)))
        return [r.status_code for r in replies]

    with Loopback([Reply(200, {"ok": True}, delay_s=0.05)]) as server:
        assert asyncio.run(main(server.url + "/v1/x")) == [200] * 24
        assert len(server.requests) == 24
