"""Options shared by commands, and the corpus/store they open."""

from __future__ import annotations

import argparse

from core.corpus import SEGMENTS, SPLIT_NAMES, build_corpus
from core.store import Store
from core.variants import VARIANTS


def add_corpus_options(parser: argparse.ArgumentParser, split: bool = True) -> None:
    parser.add_argument("--service", required=True, help="SGD service name, e.g. Banks_1")
    parser.add_argument("--segment", choices=SEGMENTS, default="dialogue",
                        help="dialogue: end each dialogue at its first filled checklist (default); "
                             "intent: end each intent at its own first fill")
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder (else SGD_DIR, data/sgd, shared/sgd)")
    parser.add_argument("--schema-variant", choices=VARIANTS, help="grade under an SGD-X variant schema")
    if split:
        parser.add_argument("--split", choices=SPLIT_NAMES, default="held-out")
        parser.add_argument("--limit", type=int, help="only the first N cases of the split")


def add_output_options(parser: argparse.ArgumentParser, db: bool = True) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    if db:
        parser.add_argument("--db", metavar="FILE", help="run store (default RUNS_DB or ./runs.duckdb)")


def open_corpus(args: argparse.Namespace):
    return build_corpus(args.service, args.segment, sgd_dir=args.sgd, schema_variant=args.schema_variant,
                        progress=not args.json)


def open_store(args: argparse.Namespace) -> Store:
    return Store(args.db)
