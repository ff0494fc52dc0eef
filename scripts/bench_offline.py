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
          f"{args.repeats} repeats")
    for label, job in (("extraction", extract_all), ("whole turn", turn_all)):
        seconds = []
        for _ in range(args.repeats):
            started = time.perf_counter()
            job()
            seconds.append(time.perf_counter() - started)
        best, median = min(seconds), statistics.median(seconds)
        print(f"  {label:<11} best {best:.3f} s ({len(cases) / best:,.0f} cases/s)   "
              f"median {median:.3f} s ({len(cases) / median:,.0f} cases/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
