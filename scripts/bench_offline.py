"""Benchmark: how fast the offline tier extracts the 1,340 Banks_1 cases (dialogue mode), in-process.

Prints seconds and cases per second for extraction alone and for the whole turn
(extract -> contract -> decide). Usage: .venv/bin/python scripts/bench_offline.py [--repeats N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.corpus import build_corpus
from core.extraction import ExtractionRequest
from core.extractors.offline import VERSION, OfflineExtractor
from core.extractors.offline.profile import clear_cache
from core.turn import take_turn


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--service", default="Banks_1")
    parser.add_argument("--segment", default="dialogue")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder")
    args = parser.parse_args()
    corpus = build_corpus(args.service, args.segment, sgd_dir=args.sgd)
    cases = corpus.cases
    extractor = OfflineExtractor()

    def extract_all() -> None:
        for case in cases:
            extractor.extract(ExtractionRequest(corpus.checklist, case.intent, case.lines))

    def turn_all() -> None:
        for case in cases:
            take_turn(corpus.checklist, case.intent, case.lines, extractor)

    print(f"offline tier {VERSION} on {args.service} ({args.segment} mode): {len(cases)} cases, "
          f"{args.repeats} repeats; cold = caches emptied before each pass, warm = caches kept")
    for label, job in (("extraction", extract_all), ("whole turn", turn_all)):
        cold, warm = [], []
        for _ in range(args.repeats):
            clear_cache()
            cold.append(_timed(job))
            warm.append(_timed(job))
        for name, seconds in (("cold", cold), ("warm", warm)):
            median = statistics.median(seconds)
            print(f"  {label:<11} {name}  median {median:.3f} s ({len(cases) / median:,.0f} cases/s)"
                  f"   worst {max(seconds):.3f} s")
    return 0


def _timed(job) -> float:
    started = time.perf_counter()
    job()
    return time.perf_counter() - started


if __name__ == "__main__":
    raise SystemExit(main())
