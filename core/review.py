"""The review queue: stopped-early cases, read one run at a time.

The queue's cost must not grow with the history: the run list is one aggregate (a count per run),
and a run's cases are read only when that run is opened.
"""

from __future__ import annotations

import pandas as pd

from core import queries
from core.store import VERDICTS, Store

KINDS = ("eval", "redteam")


def queue_runs(store: Store, kinds: tuple[str, ...] = KINDS) -> pd.DataFrame:
    """Runs with stopped-early cases, newest first: how many, and how many of them carry a verdict."""
    with store.connect() as db:
        return queries.queue_runs(db, kinds)


def run_queue(store: Store, run_id: str) -> pd.DataFrame:
    """One run's stopped-early cases (one row a case), each with its latest verdict and note (None if not
    reviewed yet)."""
    with store.connect() as db:
        return queries.run_queue(db, run_id)


def totals(store: Store, kinds: tuple[str, ...] = KINDS) -> dict[str, int]:
    """Reviewed stopped-early cases by verdict, over every run of those kinds."""
    with store.connect() as db:
        frame = queries.verdict_totals(db, kinds)
    found = dict(zip(frame["verdict"], frame["n"].astype(int), strict=True))
    return {verdict: found.get(verdict, 0) for verdict in VERDICTS}


def next_unreviewed(queue: pd.DataFrame, after: str | None = None) -> str | None:
    """The first case without a verdict after `after` (wrapping round), or None when all are reviewed."""
    ids = list(queue["case_id"])
    todo = [cid for cid, verdict in zip(ids, queue["verdict"], strict=True) if not isinstance(verdict, str)]
    if not todo:
        return None
    if after in ids:
        later = [cid for cid in todo if ids.index(cid) > ids.index(after)]
        if later:
            return later[0]
    return todo[0]
