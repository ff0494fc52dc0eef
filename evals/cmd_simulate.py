"""`simulate`: serve the simulated provider (both wire formats) on 127.0.0.1 until interrupted."""

from __future__ import annotations

import argparse

from core.errors import UsageError
from core.simulated import DEFAULT_PORT, FAULT_KINDS, FaultPlan, SimulatedProvider
from evals.common import number, port, whole


def register(sub: argparse._SubParsersAction) -> None:
    kinds = "; ".join(f"{k}: {v}" for k, v in FAULT_KINDS.items())
    parser = sub.add_parser("simulate", help="serve the SIMULATED provider on 127.0.0.1 (answers from offline)")
    parser.add_argument("--port", type=port, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    parser.add_argument("--latency-ms", type=number(0, 3_600_000), default=0.0, help="delay before every answer")
    parser.add_argument("--jitter-ms", type=number(0, 3_600_000), default=0.0, help="± uniform jitter on the delay")
    parser.add_argument("--faults", metavar="SPEC", default="",
                        help=f"kind=share pairs, e.g. 429=0.1,500=0.05 (kinds: {kinds})")
    parser.add_argument("--hang-s", type=number(0, 3600), default=30.0, help="how long a 'hang' fault holds a request")
    parser.add_argument("--retry-after-s", type=number(0, 3600), default=1.0, help="Retry-After sent with a 429")
    parser.add_argument("--seed", type=whole(0, 2**63 - 1), help="seed for faults and jitter (repeatable runs)")
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    if args.latency_ms < 0 or args.jitter_ms < 0:
        raise UsageError("--latency-ms and --jitter-ms must not be negative")
    faults = FaultPlan.parse(args.faults, seed=args.seed)
    try:
        provider = SimulatedProvider(args.port, latency_ms=args.latency_ms, jitter_ms=args.jitter_ms, faults=faults,
                                     hang_s=args.hang_s, retry_after_s=args.retry_after_s, seed=args.seed)
    except OSError as exc:
        raise UsageError(f"cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}") from exc
    print(f"SIMULATED provider on {provider.url} — OpenAI wire at {provider.url}/v1/chat/completions, "
          f"Anthropic wire at {provider.url}/v1/messages")
    print(f"  answers from the offline tier; latency {args.latency_ms:g} ± {args.jitter_ms:g} ms; "
          f"faults {args.faults or 'none'}. Ctrl-C stops it.", flush=True)
    try:
        provider.serve_forever()
    except KeyboardInterrupt:
        served = dict(faults.served)
        print(f"stopped; requests served by outcome: {served}")
    return 0
