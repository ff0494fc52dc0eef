"""Per-call overhead of the simulated provider on loopback: what every simulated figure carries.

Prints the mean wall time of a call with the provider's latency set to 0, over one keep-alive
client, with TCP_NODELAY (as shipped) and, in the same run for comparison, with Nagle's algorithm
left on (headers and body go out in two writes, so the body waits for a delayed ACK).
Run: `.venv/bin/python scripts/bench_simulated.py`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.simulated import server

CALLS = 100
BODY = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}  # unreadable: the HTTP path alone


def mean_ms(nodelay: bool) -> float:
    server._Handler.disable_nagle_algorithm = nodelay
    provider = server.SimulatedProvider(0).start()
    url = f"{provider.url}/v1/chat/completions"
    try:
        with httpx.Client() as client:
            for _ in range(5):  # warm the connection and the handler
                client.post(url, json=BODY)
            started = time.perf_counter()
            for _ in range(CALLS):
                client.post(url, json=BODY)
            return (time.perf_counter() - started) / CALLS * 1000
    finally:
        provider.stop()
        server._Handler.disable_nagle_algorithm = True


def main() -> None:
    shipped, nagle = mean_ms(True), mean_ms(False)
    print(f"simulated provider, latency 0 ms, {CALLS} calls on one keep-alive connection:")
    print(f"  TCP_NODELAY (shipped): {shipped:.1f} ms per call")
    print(f"  Nagle on:              {nagle:.1f} ms per call ({nagle / shipped:.0f}x)")


if __name__ == "__main__":
    main()
