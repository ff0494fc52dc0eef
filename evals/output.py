"""How commands print: a human table or, with --json, one JSON object as the last line."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable


def emit(result: object, as_json: bool, human: Callable[[], None]) -> None:
    if as_json:
        print(json.dumps(result, default=str, ensure_ascii=False))
    else:
        human()


def progress_bar(total: int, label: str, enabled: bool = True):
    """A tqdm bar on a terminal (stderr), silent otherwise; returns (callback, close)."""
    from tqdm import tqdm  # only commands that run cases pay its import

    bar = tqdm(total=total, desc=label, unit="case", file=sys.stderr,
               disable=not enabled or not sys.stderr.isatty())

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"
