"""`bench-concurrency`: the held-out split through a model tier pointed at the simulated provider.

Starts the SIMULATED provider itself at the given latency, runs every held-out case at the
given concurrency, then the first cases one at a time for the serial per-case cost, and
checks that the decisions are identical to the offline tier's. Both runs are recorded,
labelled simulated.

The wall time is judged against the real floor: with C calls in flight and every call taking
the simulated latency, N cases cannot finish in less than ceil(N/C) x latency (24.0 s for 298
cases at C=32 and 2.4 s). The seed's 798.8 s came from a real provider; it is quoted as a
reference only, never divided by a simulated time (the latency is an input here, so such a
"speedup" would be fixed by construction).
"""

from __future__ import annotations

import argparse
import math

from core import tiers
from core.errors import UsageError
from core.extractors.offline import OfflineExtractor
from core.runner import run_eval
from core.simulated import FaultPlan, SimulatedProvider
from core.turn import take_turn
from evals.common import add_corpus_options, add_output_options, number, open_corpus, open_store, whole
from evals.output import emit, progress_bar

SEED_SERIAL_S = 798.8  # the seed's wall clock for 298 serial calls to a real provider (r007): a reference only


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("bench-concurrency",
                            help="time a concurrent run against the SIMULATED provider vs a serial one")
    parser.add_argument("--latency-ms", type=number(0, 600_000), default=2400.0,
                        help="simulated latency per call (default 2400)")
    parser.add_argument("--jitter-ms", type=number(0, 600_000), default=0.0, help="± jitter on the latency")
    parser.add_argument("--concurrency", type=whole(1, 512), default=32, help="cases in flight (default 32)")
    parser.add_argument("--serial-cases", type=whole(1, 100_000), default=30,
                        help="cases timed one at a time (default 30)")
    parser.add_argument("--tier", default="simulated", help="a simulated tier from data/tiers.toml")
    parser.add_argument("--faults", metavar="SPEC", default="", help="faults to mix in (see `simulate --help`)")
    add_corpus_options(parser)
    add_output_options(parser)
    for action in parser._actions:  # the benchmark is defined on Banks_1; --service stays available
        if action.dest == "service":
            action.required, action.default = False, "Banks_1"
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    if args.concurrency < 1 or args.serial_cases < 1:
        raise UsageError("--concurrency and --serial-cases must be at least 1")
    corpus = open_corpus(args)
    cases = corpus.select(args.split, args.limit)
    if not cases:
        raise UsageError(f"no cases in split {args.split!r} of {args.service}")
    if tiers.load_tiers().get(args.tier) is None or tiers.load_tiers()[args.tier].kind != "simulated":
        raise UsageError(f"--tier must be a simulated tier; {args.tier!r} is not one")
    store = open_store(args)
    offline = {c.case_id: take_turn(corpus.checklist, c.intent, c.lines, OfflineExtractor()).decision for c in cases}
    latency_s = args.latency_ms / 1000
    with SimulatedProvider(0, latency_ms=args.latency_ms, jitter_ms=args.jitter_ms,
                           faults=FaultPlan.parse(args.faults)) as provider:
        wire = tiers.load_tiers()[args.tier].settings.get("wire", "openai")
        base_url = provider.url + ("/v1" if wire == "openai" else "")
        timeout = max(10.0, 4 * latency_s)

        def timed(subset, concurrency: int, label: str) -> tuple[str, dict]:
            extractor, settings, prompt_fp = tiers.build(args.tier, base_url=base_url, timeout_s=timeout)
            update, close = progress_bar(len(subset), label, enabled=not args.json)
            try:
                return run_eval(store, corpus, subset, extractor, split=args.split, settings=settings,
                                prompt_fingerprint=prompt_fp, concurrency=concurrency, progress=update)
            finally:
                close()
                extractor.close()

        run_id, summary = timed(cases, args.concurrency, f"concurrency {args.concurrency}")
        serial = cases[: args.serial_cases]
        serial_id, serial_summary = timed(serial, 1, "serial")
    decided = dict(zip(*[store.cases(run_id, "case_id, decision")[c] for c in ("case_id", "decision")], strict=True))
    differing = sorted(cid for cid, d in offline.items() if decided.get(cid) != d)
    concurrent_s = summary["wall_s"]
    serial_per_case_s = serial_summary["wall_s"] / len(serial)
    floor_s = math.ceil(len(cases) / args.concurrency) * latency_s  # waves of C calls, each a full latency
    result = {
        "simulated": True, "run_id": run_id, "serial_run_id": serial_id, "n": len(cases),
        "latency_ms": args.latency_ms, "concurrency": args.concurrency,
        "concurrent_s": round(concurrent_s, 2), "serial_per_case_s": round(serial_per_case_s, 3),
        "serial_cases": len(serial), "floor_s": round(floor_s, 2),
        "over_floor": round(concurrent_s / floor_s, 3) if floor_s else None,
        "speedup_vs_serial": round(serial_per_case_s * len(cases) / concurrent_s, 1) if concurrent_s else None,
        "seed_serial_s_reference": SEED_SERIAL_S,  # a real provider's time, not measured here: no ratio is taken
        "decisions_identical_to_offline": not differing, "decisions_differing": len(differing),
        "failed_extractions": summary["failed_extractions"], "calls": summary["calls"],
    }

    def human() -> None:
        print(f"SIMULATED provider at {args.latency_ms:g} ms, {len(cases)} {args.split} cases of {args.service}")
        print(f"  concurrent_s       {result['concurrent_s']} (concurrency {args.concurrency}; run {run_id})")
        print(f"  floor_s            {result['floor_s']} (= ceil({len(cases)} / {args.concurrency}) × {latency_s:g} s);"
              f" actual/floor {result['over_floor']}")
        print(f"  serial_per_case_s  {result['serial_per_case_s']} (first {len(serial)} cases; run {serial_id})")
        print(f"  speedup_vs_serial  {result['speedup_vs_serial']}x (both simulated, measured here)")
        print(f"  reference only: the seed's serial run took {SEED_SERIAL_S} s against a real provider; "
              "it is not compared with a simulated time")
        print(f"  decisions identical to offline: {'yes' if not differing else 'no'}"
              + (f" ({len(differing)} differ, e.g. {differing[:3]})" if differing else ""))

    emit(result, args.json, human)
    return 0
