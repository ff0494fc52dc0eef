"""The review queue: stopped-early cases, read one run at a time.

The queue's cost must not grow with the history: the run list is one aggregate (a count per run),
and a run's cases are read only when that run is opened.
"""

from __future__ import annotations

import pandas as pd

from core.compare import _LATEST_REVIEW
from core.store import VERDICTS, Store

KINDS = ("eval", "redteam")


def queue_runs(store: Store, kinds: tuple[str, ...] = KINDS) -> pd.DataFrame:
    """Runs with stopped-early cases, newest first: how many, and how many of them carry a verdict."""
    marks = ",".join("?" * len(kinds))
    return store.query(
        f"""
        WITH early AS (SELECT run_id, count(DISTINCT case_id) AS stopped_early FROM cases WHERE stopped_early
                       GROUP BY run_id),
             done AS (SELECT v.run_id, count(*) AS reviewed FROM ({_LATEST_REVIEW}) v
                      JOIN (SELECT DISTINCT run_id, case_id FROM cases WHERE stopped_early) c USING (run_id, case_id)
                      GROUP BY v.run_id)
        SELECT r.run_id, r.kind, r.tier, r.tier_kind, r.service, r.split, r.status, r.started_at,
               e.stopped_early, coalesce(d.reviewed, 0) AS reviewed
        FROM runs r JOIN early e USING (run_id) LEFT JOIN done d USING (run_id)
        WHERE r.kind IN ({marks})
        ORDER BY r.started_at DESC
        """, list(kinds))


def run_queue(store: Store, run_id: str) -> pd.DataFrame:
    """One run's stopped-early cases (one row a case), each with its latest verdict and note (None if not
    reviewed yet)."""
    return store.query(
        f"""
        SELECT c.case_id, min(c.intent) AS intent, v.verdict, v.note, v.reviewed_at
        FROM cases c LEFT JOIN ({_LATEST_REVIEW}) v ON v.run_id = c.run_id AND v.case_id = c.case_id
        WHERE c.run_id = ? AND c.stopped_early
        GROUP BY c.case_id, v.verdict, v.note, v.reviewed_at
        ORDER BY c.case_id
        """, [run_id])


def totals(store: Store, kinds: tuple[str, ...] = KINDS) -> dict[str, int]:
    """Reviewed stopped-early cases by verdict, over every run of those kinds."""
    marks = ",".join("?" * len(kinds))
    frame = store.query(
        f"""
        SELECT v.verdict, count(*) AS n FROM ({_LATEST_REVIEW}) v JOIN runs r USING (run_id)
        WHERE r.kind IN ({marks}) GROUP BY v.verdict
        """, list(kinds))
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
