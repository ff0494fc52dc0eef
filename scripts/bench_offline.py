"""Benchmark: how fast the offline tier extracts one service's cases, in-process.

By default the service is the largest checklist with dialogues on this machine (the intent that requires
the most facts: Flights_1's seven-fact round-trip reservation in SGD), per intent; the target is 2,000
cases per second or more. Prints seconds and cases per second for extraction alone and for the whole turn
(extract -> contract -> decide), over all the service's cases and over the largest intent's cases alone.
Usage: .venv/bin/python scripts/bench_offline.py [--service S] [--segment intent|dialogue] [--repeats N]
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
from core.shard_index import shards_of
from core.turn import take_turn


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--service", help="default: the service whose intent requires the most facts")
    parser.add_argument("--segment", default="intent")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder")
    args = parser.parse_args()
    service = args.service or largest_checklist(args.sgd)
    corpus = build_corpus(service, args.segment, sgd_dir=args.sgd)
    widest = max(corpus.checklist.intents, key=lambda name: len(corpus.checklist.required(name)))
    print(f"{service}: largest intent {widest} requires {len(corpus.checklist.required(widest))} facts")
    extractor = OfflineExtractor()
    for label, cases in ((f"all {service} cases", corpus.cases),
                         (f"{widest} cases", [c for c in corpus.cases if c.intent == widest])):
        print(f"offline tier {VERSION} on {label} ({args.segment} mode): {len(cases):,} cases, "
              f"{args.repeats} repeats; cold = caches emptied before each pass, warm = caches kept")
        bench(corpus, cases, extractor, args.repeats)
    return 0


def largest_checklist(sgd_dir: str | None) -> str:
    """The service with dialogues here whose intent requires the most facts (ties: the most dialogue bytes)."""
    from core.availability import folder_services
    from core.generality import find_folder
    from core.sgd_source import find_service

    root = find_folder(sgd_dir)
    best = (0, 0, "Banks_1")
    for name, split in folder_services(root):
        entry = find_service(root, name, (split,))[1]
        width = max((len(i.get("required_slots") or ()) for i in entry["intents"]), default=0)
        size = sum(p.stat().st_size for p in shards_of(root / split, name))
        best = max(best, (width, size, name))
    return best[2]


def bench(corpus, cases, extractor, repeats: int) -> None:
    def extract_all() -> None:
        for case in cases:
            extractor.extract(ExtractionRequest(corpus.checklist, case.intent, case.lines))

    def turn_all() -> None:
        for case in cases:
            take_turn(corpus.checklist, case.intent, case.lines, extractor)

    for label, job in (("extraction", extract_all), ("whole turn", turn_all)):
        cold, warm = [], []
        for _ in range(repeats):
            clear_cache()
            cold.append(_timed(job))
            warm.append(_timed(job))
        for name, seconds in (("cold", cold), ("warm", warm)):
            median = statistics.median(seconds)
            print(f"  {label:<11} {name}  median {median:.3f} s ({len(cases) / median:,.0f} cases/s)"
                  f"   worst {max(seconds):.3f} s")


def _timed(job) -> float:
    started = time.perf_counter()
    job()
    return time.perf_counter() - started


if __name__ == "__main__":
    raise SystemExit(main())
