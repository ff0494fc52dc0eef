"""The run store: one DuckDB file holding every run, case, call and review.

DuckDB lets one process hold a file open for writing, so the store never keeps a
connection: each read or write opens, works and closes, retrying while another process
(a CLI run beside the dashboard, say) holds the lock. Runs write in small batches.
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
import uuid
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb
import pandas as pd
from tenacity import retry, retry_if_exception, stop_after_delay, wait_random_exponential

from core.migrations import migrate
from core.secrets import known_secret_values, scrub

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = PROJECT_ROOT / "runs.duckdb"
STALE_AFTER = timedelta(minutes=2)  # a 'running' run with no heartbeat for this long died
APP_VERSION = "0.1.0"
VERDICTS = ("model misread", "grader too strict", "gold wrong", "attack", "other")


_OPEN = threading.local()  # per thread: the connection each file has open right now
_LOCKS: dict[str, threading.RLock] = {}
_LOCKS_GUARD = threading.Lock()


def _file_lock(key: str) -> threading.RLock:
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(key, threading.RLock())


def default_path() -> Path:
    return Path(os.environ.get("RUNS_DB") or DEFAULT_DB)


def _locked(exc: BaseException) -> bool:
    return isinstance(exc, duckdb.IOException) and "lock" in str(exc).lower()


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _json(value: object) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, default=str)


def git_rev() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=PROJECT_ROOT, capture_output=True,
                             text=True, timeout=5)
        return out.stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


CASE_COLUMNS = (
    "run_id", "case_id", "repeat", "dialogue_id", "turn_index", "intent", "gold", "reported", "collected", "missing",
    "decision", "gold_decision", "decision_correct", "stopped_early", "outcomes", "n_correct", "n_wrong", "n_missed",
    "n_open", "status", "codes", "findings", "next_question", "prompt", "raw_reply", "input_tokens", "output_tokens",
    "latency_ms", "timings", "extra",
)
CALL_COLUMNS = (
    "run_id", "case_id", "repeat", "attempt", "provider", "model", "prompt", "raw_reply", "input_tokens",
    "output_tokens", "reasoning_tokens", "cached_tokens", "cache_write_tokens", "latency_ms", "finish_reason",
    "http_status", "error", "request_id", "called_at",
)
JSON_CASE_COLUMNS = {"gold", "reported", "collected", "missing", "outcomes", "codes", "findings", "timings", "extra"}
SCRUBBED = {"prompt", "raw_reply", "error"}


class Store:
    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.connect() as db:
            migrate(db)

    @contextmanager
    def connect(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A connection for one piece of work. Within a process, connections to one file take
        turns (DuckDB refuses to attach a file twice at once); a nested use in the same thread
        gets a cursor on the connection already open."""
        key = str(self.path.resolve())
        with _file_lock(key):
            already = _OPEN.__dict__.setdefault("by_path", {})
            if key in already:
                cursor = already[key].cursor()
                try:
                    yield cursor
                finally:
                    cursor.close()
                return
            db = self._open()
            already[key] = db
            try:
                yield db
            finally:
                del already[key]
                db.close()

    @retry(retry=retry_if_exception(_locked), wait=wait_random_exponential(multiplier=0.02, max=0.5),
           stop=stop_after_delay(30), reraise=True)
    def _open(self) -> duckdb.DuckDBPyConnection:
        return duckdb.connect(str(self.path))

    def query(self, sql: str, params: Iterable | None = None) -> pd.DataFrame:
        with self.connect() as db:
            return db.execute(sql, list(params or [])).df()

    # --- runs -------------------------------------------------------------------------
    def start_run(self, *, kind: str, tier: str, tier_kind: str, guards: Mapping, settings: Mapping,
                  n_planned: int, service: str | None = None, sgd_split: str | None = None,
                  corpus_source: str | None = None, split: str | None = None, segment: str | None = None,
                  schema_variant: str | None = None, provider: str | None = None, model: str | None = None) -> str:
        stamp = _now()
        run_id = f"r{stamp:%Y%m%d-%H%M%S}-{uuid.uuid4().hex[:6]}"
        guard_key = guard_fingerprint(guards)
        with self.connect() as db:
            db.execute(
                "INSERT INTO runs (run_id, kind, tier, tier_kind, provider, model, service, sgd_split, corpus_source,"
                " split, segment, schema_variant, settings, guards, guard_key, status, n_planned, started_at,"
                " heartbeat_at, pid, git_rev, app_version) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [run_id, kind, tier, tier_kind, provider, model, service, sgd_split, corpus_source, split, segment,
                 schema_variant, _json(settings), _json(guards), guard_key, "running", n_planned, stamp, stamp,
                 os.getpid(), git_rev(), APP_VERSION],
            )
        return run_id

    def add_cases(self, rows: list[Mapping]) -> None:
        if not rows:
            return
        batch = _frame(rows, CASE_COLUMNS)
        with self.connect() as db:
            db.register("case_batch", batch)
            db.execute(f"INSERT OR REPLACE INTO cases ({','.join(CASE_COLUMNS)}) "
                       f"SELECT {','.join(CASE_COLUMNS)} FROM case_batch")
            db.execute("UPDATE runs SET heartbeat_at = ? WHERE run_id = ?", [_now(), rows[0]["run_id"]])

    def heartbeat(self, run_id: str) -> None:
        """Say a running run is alive (a slow model call can leave minutes between batches)."""
        with self.connect() as db:
            db.execute("UPDATE runs SET heartbeat_at = ? WHERE run_id = ?", [_now(), run_id])

    def add_calls(self, rows: list[Mapping]) -> None:
        if not rows:
            return
        batch = _frame([{**row, "called_at": row.get("called_at") or _now()} for row in rows], CALL_COLUMNS)
        with self.connect() as db:
            db.register("call_batch", batch)
            db.execute(f"INSERT INTO calls ({','.join(CALL_COLUMNS)}) SELECT {','.join(CALL_COLUMNS)} FROM call_batch")

    def finish_run(self, run_id: str, status: str, summary: Mapping | None = None, note: str | None = None) -> None:
        if status not in ("finished", "partial", "incomplete"):
            raise ValueError(f"unknown run status {status!r}")
        with self.connect() as db:
            db.execute("UPDATE runs SET status = ?, summary = ?, status_note = ?, finished_at = ? WHERE run_id = ?",
                       [status, scrub(_json(summary)), scrub(note), _now(), run_id])

    def runs(self, kind: str | None = None) -> pd.DataFrame:
        """Run history, newest first; a 'running' run whose heartbeat stopped reads 'incomplete'."""
        sql = "SELECT * FROM runs" + (" WHERE kind = ?" if kind else "") + " ORDER BY started_at DESC"
        frame = self.query(sql, [kind] if kind else [])
        if not frame.empty:
            stale = (frame["status"] == "running") & (frame["heartbeat_at"] < _now() - STALE_AFTER)
            frame.loc[stale, "status"] = "incomplete"
        return frame

    def run(self, run_id: str) -> dict:
        frame = self.query("SELECT * FROM runs WHERE run_id = ?", [run_id])
        if frame.empty:
            raise KeyError(f"no run {run_id!r} in {self.path}")
        row = frame.iloc[0].to_dict()
        for col in ("settings", "guards", "summary"):
            row[col] = json.loads(row[col]) if isinstance(row[col], str) else None
        return row

    def cases(self, run_id: str, columns: str = "*") -> pd.DataFrame:
        return self.query(f"SELECT {columns} FROM cases WHERE run_id = ? ORDER BY case_id, repeat", [run_id])

    def case(self, run_id: str, case_id: str, repeat: int = 0) -> dict | None:
        frame = self.query("SELECT * FROM cases WHERE run_id = ? AND case_id = ? AND repeat = ?",
                           [run_id, case_id, repeat])
        if frame.empty:
            return None
        row = frame.iloc[0].to_dict()
        for col in JSON_CASE_COLUMNS:
            row[col] = json.loads(row[col]) if isinstance(row[col], str) else row[col]
        return row

    def calls(self, run_id: str, case_id: str | None = None) -> pd.DataFrame:
        if case_id is None:
            return self.query("SELECT * FROM calls WHERE run_id = ? ORDER BY called_at", [run_id])
        return self.query("SELECT * FROM calls WHERE run_id = ? AND case_id = ? ORDER BY called_at, attempt",
                          [run_id, case_id])

    def calls_since(self, since: datetime) -> int:
        with self.connect() as db:
            return int(db.execute("SELECT count(*) FROM calls WHERE called_at >= ?", [since]).fetchone()[0])

    # --- reviews ----------------------------------------------------------------------
    def add_review(self, run_id: str, case_id: str, verdict: str, note: str = "", reviewer: str = "") -> str:
        if verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {verdict!r}; choose one of {', '.join(VERDICTS)}")
        review_id = uuid.uuid4().hex
        with self.connect() as db:
            db.execute("INSERT INTO reviews VALUES (?,?,?,?,?,?,?)",
                       [review_id, run_id, case_id, verdict, note, reviewer, _now()])
        return review_id

    def reviews(self, run_id: str | None = None) -> pd.DataFrame:
        if run_id:
            return self.query("SELECT * FROM reviews WHERE run_id = ? ORDER BY created_at", [run_id])
        return self.query("SELECT * FROM reviews ORDER BY created_at")


def _prepare(column: str, value: object, secrets: list[str]) -> object:
    if column in JSON_CASE_COLUMNS:
        return _json(value)
    if column in SCRUBBED and isinstance(value, str):
        return scrub(value, secrets)
    return value


def _frame(rows: list[Mapping], columns: tuple[str, ...]) -> pd.DataFrame:
    """A batch as a DataFrame with object columns, so DuckDB casts each value to its column type."""
    secrets = known_secret_values()  # once a batch, not once a value: it reads the environment and a file
    data = {col: pd.Series([_prepare(col, row.get(col), secrets) for row in rows], dtype=object) for col in columns}
    return pd.DataFrame(data)


def guard_fingerprint(guards: Mapping) -> str:
    import hashlib

    return hashlib.sha256(json.dumps(guards, sort_keys=True, default=str).encode()).hexdigest()[:12]
