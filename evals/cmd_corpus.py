"""`corpus`: build a service's cases and report the counts."""

from __future__ import annotations

import argparse

from evals.common import add_corpus_options, add_output_options, open_corpus
from evals.output import emit


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("corpus", help="build a service's cases and report counts")
    add_corpus_options(parser, split=False)
    add_output_options(parser, db=False)
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    corpus = open_corpus(args)
    stats = corpus.stats() | {"source": corpus.source, "checklist": corpus.checklist.fingerprint()}

    def human() -> None:
        print(f"{stats['service']} ({stats['sgd_split']}, {stats['segment']} mode) from {stats['source']}")
        print(f"  dialogues {stats['dialogues']:,}   cases {stats['cases']:,}   "
              f"stop {stats['stop']:,} / ask {stats['ask']:,}")
        print(f"  held-out {stats['held_out']:,} = {stats['held_out_stop']:,} stop / {stats['held_out_ask']:,} ask"
              f"   sample {stats['sample']:,}")
        print(f"  later customer turns dropped: {stats['dropped_turns']:,}")
        for intent, count in stats["intents"].items():
            print(f"  {intent}: {count:,} cases, requires {', '.join(corpus.checklist.required(intent)) or 'nothing'}")

    emit(stats, args.json, human)
    return 0
