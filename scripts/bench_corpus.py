"""Benchmark: building one service's cases over a whole split, before and after the shard index.

Prints seconds for: every shard parsed (what a build did before the index); the index built from
nothing plus the build (cold); the build with the index already on disk but no cached cases (warm
index); and the build from the case cache (warm). Caches go to a temp folder, so the project's own
data/cache is left as it is. Usage: .venv/bin/python scripts/bench_corpus.py [--service Banks_1] [--split train]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import config, shard_index
from core.corpus import build_corpus
from core.sgd_source import candidate_dirs, read_json


def every_shard(split_dir: Path, service: str) -> int:
    """The build's reading as it was before the index: every shard parsed, its dialogues filtered."""
    found = 0
    for shard in sorted(split_dir.glob(shard_index.SHARD_GLOB)):
        found += sum(service in d["services"] for d in read_json(shard))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--service", default="Banks_1")
    parser.add_argument("--split", default="train")
    parser.add_argument("--segment", default="intent")
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder")
    args = parser.parse_args()
    root = next((d for d in candidate_dirs(args.sgd) if (d / args.split / "schema.json").exists()), None)
    if root is None:
        print(f"error: no SGD folder with a {args.split} split", file=sys.stderr)
        return 2
    split_dir = root / args.split
    shards = sorted(split_dir.glob(shard_index.SHARD_GLOB))
    size = sum(p.stat().st_size for p in shards) / 2**20
    print(f"{args.service} ({args.segment} mode) over {split_dir}: {len(shards)} shards, {size:,.0f} MiB")

    started = time.perf_counter()
    dialogues = every_shard(split_dir, args.service)
    print(f"  before (every shard parsed)          {time.perf_counter() - started:6.2f} s  ({dialogues:,} dialogues)")

    with tempfile.TemporaryDirectory() as tmp:
        os.environ[config.CACHE_ENV] = tmp  # both caches (case sets, and the index under shards/) start empty
        for label in ("cold (index built, cases built)", "warm index, cases built", "warm (index and cases cached)"):
            if label.startswith("warm index"):
                for built in Path(tmp).glob("*.json"):
                    built.unlink()  # the case sets go, the index (in shards/) stays
            shard_index.clear_memo()  # as a new process: the index is read from disk, not memory
            started = time.perf_counter()
            corpus = build_corpus(args.service, args.segment, sgd_dir=root, download=False, sgd_split=args.split)
            elapsed = time.perf_counter() - started
            read = len(shard_index.shards_of(split_dir, args.service))
            print(f"  {label:<37}{elapsed:6.2f} s  ({corpus.dialogues:,} dialogues, {len(corpus.cases):,} cases,"
                  f" {read} shards read)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
