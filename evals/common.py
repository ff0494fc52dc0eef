"""Options shared by commands, and the corpus/store they open."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from core.corpus import SEGMENTS, SPLIT_NAMES
from core.variants import VARIANTS

if TYPE_CHECKING:  # the store pulls in DuckDB: imported when a command opens it, not to parse arguments
    from core.store import Store


# --- argument types: a bad value is one `error: argument --flag: ...` line and exit 2 ------
def whole(low: int, high: int) -> Callable[[str], int]:
    """A whole number from `low` to `high`."""
    def parse(raw: str) -> int:
        try:
            value = int(raw)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{raw!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is outside {low:,}..{high:,}")
        return value
    parse.__name__ = "whole number"
    return parse


def number(low: float, high: float) -> Callable[[str], float]:
    """A finite number from `low` to `high` (NaN and infinities refused)."""
    def parse(raw: str) -> float:
        try:
            value = float(raw)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{raw!r} is not a number") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{raw!r} is not a finite number")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{raw} is outside {low:,g}..{high:,g}")
        return value
    parse.__name__ = "number"
    return parse


def port(raw: str) -> int:
    """A TCP port, 0..65535 (0: any free port)."""
    return whole(0, 65535)(raw)


def url(raw: str) -> str:
    """An http(s) URL with a host."""
    import httpx  # only a command given a URL pays for it

    try:
        parsed = httpx.URL(raw)
        at = parsed.port
    except (httpx.InvalidURL, ValueError, TypeError) as exc:
        raise argparse.ArgumentTypeError(f"{raw!r} is not a URL ({exc})") from None
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise argparse.ArgumentTypeError(f"{raw!r} is not a URL of the form http(s)://host[:port]/path")
    if at is not None and not 0 < at <= 65535:
        raise argparse.ArgumentTypeError(f"{raw!r} has port {at}, outside 1..65535")
    return raw


def add_corpus_options(parser: argparse.ArgumentParser, split: bool = True) -> None:
    parser.add_argument("--service", required=True, help="SGD service name, e.g. Banks_1")
    parser.add_argument("--segment", choices=SEGMENTS, default="dialogue",
                        help="dialogue: end each dialogue at its first filled checklist (default); "
                             "intent: end each intent at its own first fill")
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder (else SGD_DIR, data/sgd, shared/sgd)")
    parser.add_argument("--schema-variant", choices=VARIANTS, help="grade under an SGD-X variant schema")
    if split:
        parser.add_argument("--split", choices=SPLIT_NAMES, default="held-out")
        parser.add_argument("--limit", type=whole(1, 10_000_000), help="only the first N cases of the split")


def add_output_options(parser: argparse.ArgumentParser, db: bool = True) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    if db:
        parser.add_argument("--db", metavar="FILE", help="run store (default RUNS_DB or ./runs.duckdb)")


def open_corpus(args: argparse.Namespace):
    from core.corpus import build_corpus

    return build_corpus(args.service, args.segment, sgd_dir=args.sgd, schema_variant=args.schema_variant,
                        progress=not args.json)


def open_store(args: argparse.Namespace) -> Store:
    from core.store import Store

    return Store(args.db)
