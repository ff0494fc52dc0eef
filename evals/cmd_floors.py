"""`floors`: always-stop, always-ask and copy-nothing on a case set, recorded."""

from __future__ import annotations

import argparse

from core.errors import UsageError
from core.floors import run_floors
from core.grade import Rate
from evals.common import add_corpus_options, add_output_options, open_corpus, open_store
from evals.output import emit


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("floors", help="score the free floors and record them")
    add_corpus_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    corpus = open_corpus(args)
    cases = corpus.select(args.split, args.limit)
    if not cases:
        raise UsageError(f"no cases in split {args.split!r} of {args.service}")
    results = run_floors(open_store(args), corpus, cases, args.split)
    payload = {"service": args.service, "split": args.split, "segment": args.segment, "n": len(cases),
               "floors": [{"floor": name, **summary} for name, summary in results.items()]}

    def human() -> None:
        print(f"floors on {args.service} {args.split} ({args.segment} mode), n={len(cases)}")
        for name, s in results.items():
            print(f"  {name:<13} {Rate(s['decisions_correct'], s['n'])!s:<40}"
                  f"   stopped early {s['stopped_early']}   run {s['run_id']}")

    emit(payload, args.json, human)
    return 0
