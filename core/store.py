"""The run store: one DuckDB file holding every run, case, call and review.

DuckDB lets one process hold a file open for writing, so the store never keeps a
connection: each read or write opens, works and closes, retrying while another process
(a CLI run beside the dashboard, say) holds the lock; that exclusive open is also what makes
a budget reservation atomic across processes. Runs write in small batches (core/run_writer.py).
Every value written to every column passes one scrubber (core/secrets.py) on the way in.
Opening a store closes any `running` run whose process is gone or whose heartbeat stopped as
`incomplete`, so every reader agrees; a store on a read-only file or folder opens read-only.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb
from tenacity import retry, retry_if_exception, stop_after_delay, wait_random_exponential

from core import config, queries
from core.errors import NotFound, UsageError
from core.migrations import migrate
from core.secrets import Scrubber

if TYPE_CHECKING:  # pandas costs ~0.7 s to import: imported where a frame is made, so `runs` never pays it
    import pandas as pd

PROJECT_ROOT = config.PROJECT_ROOT
DEFAULT_DB = config.DEFAULT_DB
STALE_AFTER = timedelta(minutes=2)  # a 'running' run with no heartbeat for this long died
HOST = socket.gethostname()
STATUSES = ("finished", "degraded", "partial", "incomplete")  # how a run can end ('running' until then)
APP_VERSION = "0.1.0"
VERDICTS = ("model misread", "grader too strict", "gold wrong", "attack", "other")


_OPEN = threading.local()  # per thread: the connection each file has open right now
_LOCKS: dict[str, threading.RLock] = {}
_LOCKS_GUARD = threading.Lock()


def _file_lock(key: str) -> threading.RLock:
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(key, threading.RLock())


def default_path() -> Path:
    return config.runs_db()


class _BeingCreated(Exception):
    """Another process is writing a brand-new store's header right now: opening again will work."""


def _locked(exc: BaseException) -> bool:
    return isinstance(exc, _BeingCreated) or (isinstance(exc, duckdb.IOException) and "lock" in str(exc).lower())


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


def git_dirty() -> bool | None:
    """Whether the checkout has changes git_rev does not name (modified, staged or new files, ignored
    ones aside); None when git cannot say."""
    try:
        out = subprocess.run(["git", "status", "--porcelain"], cwd=PROJECT_ROOT, capture_output=True, text=True,
                             timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    return bool(out.stdout.strip()) if out.returncode == 0 else None


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
JSON_RUN_COLUMNS = ("settings", "guards", "summary")
_KEEP = object()


def decoded(row: dict, columns: Iterable[str], absent: object = _KEEP) -> dict:
    """A stored row with its JSON columns read back; a column that holds no JSON text becomes
    `absent` (by default it is kept as it is)."""
    for col in columns:
        value = row.get(col)
        row[col] = json.loads(value) if isinstance(value, str) else (value if absent is _KEEP else absent)
    return row


def process_alive(pid: int | None) -> bool:
    """Whether a process of this host is running (a zombie, killed and not yet reaped, is not)."""
    if not pid:
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    try:
        with open(f"/proc/{int(pid)}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return True


def dead_running(frame: pd.DataFrame) -> pd.Series:
    """Rows of a runs frame still marked 'running' whose process is gone or whose heartbeat is stale."""
    import pandas as pd

    if frame.empty:
        return pd.Series(dtype=bool)
    hosts = frame["host"] if "host" in frame else [None] * len(frame)
    return pd.Series([is_dead(s, b, p, h) for s, b, p, h in zip(frame["status"], frame["heartbeat_at"], frame["pid"],
                                                                hosts, strict=True)], index=frame.index, dtype=bool)


def is_dead(status: str, heartbeat_at: datetime | None, pid: int | None, host: str | None) -> bool:
    """A run still marked 'running' whose process (on this host) is gone or whose heartbeat is stale."""
    if status != "running":
        return False
    stale = heartbeat_at is not None and heartbeat_at < _now() - STALE_AFTER
    return stale or (host == HOST and not process_alive(pid))


class Store:
    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path else default_path()
        try:
            os.fsencode(self.path).decode("utf-8")
        except UnicodeDecodeError:
            raise UsageError(f"the run store path {os.fsdecode(self.path)!r} is not valid UTF-8: DuckDB cannot "
                             "open it; choose another RUNS_DB or --db") from None
        self.read_only = _read_only(self.path)
        if not self.read_only:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.connect() as db:  # one open of the file for both (each open costs ~40 ms)
                migrate(db)
                self.close_dead_runs()

    def clean(self, value: object, scrubber: Scrubber | None = None) -> object:
        """A value as it may be stored: every string in it scrubbed."""
        return (scrubber or Scrubber.current()).clean(value)

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
        try:
            return duckdb.connect(str(self.path), read_only=self.read_only)
        except duckdb.IOException as exc:
            # Two processes opening one fresh store at once (two dashboards starting): the second
            # may see the first's half-written header. A file seconds old is retried; an old
            # corrupt file is a real error and is raised at once.
            if "not a valid duckdb database" in str(exc).lower() and self._just_created():
                raise _BeingCreated(str(exc)) from exc
            raise

    def _just_created(self) -> bool:
        try:
            stat = self.path.stat()
        except OSError:
            return False
        return stat.st_size < 1 << 20 and time.time() - stat.st_mtime < 10

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
        clean = Scrubber.current().clean
        values = [run_id, kind, tier, tier_kind, provider, model, service, sgd_split, corpus_source, split, segment,
                  schema_variant]
        with self.connect() as db:
            db.execute(
                "INSERT INTO runs (run_id, kind, tier, tier_kind, provider, model, service, sgd_split, corpus_source,"
                " split, segment, schema_variant, settings, guards, guard_key, status, n_planned, started_at,"
                " heartbeat_at, pid, host, git_rev, git_dirty, app_version)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [*(clean(v) for v in values), _json(clean(settings)), _json(clean(guards)), guard_key, "running",
                 n_planned, stamp, stamp, os.getpid(), HOST, git_rev(), git_dirty(), APP_VERSION],
            )
        return run_id

    def write_batch(self, run_id: str, cases: list[Mapping], calls: list[Mapping],
                    replace_calls_of: Iterable[tuple[str, int]] = ()) -> None:
        """Cases and calls in one transaction, and the run's heartbeat. `replace_calls_of` names
        (case_id, repeat) whose provisional call rows (written before the case finished) the
        full rows in `calls` replace."""
        scrubber = Scrubber.current()
        replace = [(scrubber.text(case_id), repeat) for case_id, repeat in replace_calls_of]  # as they were stored
        with self.connect() as db:
            db.execute("BEGIN TRANSACTION")
            try:
                if replace:
                    import pandas as pd

                    db.register("replaced", pd.DataFrame(replace, columns=["case_id", "repeat"]))
                    db.execute("DELETE FROM calls USING replaced WHERE calls.run_id = ? AND calls.case_id = "
                               "replaced.case_id AND calls.repeat = replaced.repeat", [run_id])
                if calls:
                    stamped = [{**row, "called_at": row.get("called_at") or _now()} for row in calls]
                    db.register("call_batch", _frame(stamped, CALL_COLUMNS, scrubber))
                    db.execute(f"INSERT INTO calls ({','.join(CALL_COLUMNS)}) "
                               f"SELECT {','.join(CALL_COLUMNS)} FROM call_batch")
                if cases:
                    db.register("case_batch", _frame(cases, CASE_COLUMNS, scrubber))
                    db.execute(f"INSERT OR REPLACE INTO cases ({','.join(CASE_COLUMNS)}) "
                               f"SELECT {','.join(CASE_COLUMNS)} FROM case_batch")
                db.execute("UPDATE runs SET heartbeat_at = ? WHERE run_id = ?", [_now(), run_id])
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def record_agreement(self, run_id: str, keep_decisions: bool = True) -> None:
        """After a run with repeats: each case row's share of repeats agreeing with the case's
        most common decision (and, for a few repeats, every repeat's decision) in `extra`."""
        decisions = "'decisions', to_json(list(decision ORDER BY repeat))," if keep_decisions else ""
        with self.connect() as db:
            db.execute(f"""
                UPDATE cases SET extra = json_merge_patch(coalesce(cases.extra, '{{}}'), agg.extra)
                FROM (SELECT case_id, json_object({decisions} 'agreement',
                             (SELECT max(c) FROM (SELECT count(*) AS c FROM cases AS x
                                  WHERE x.run_id = ? AND x.case_id = y.case_id GROUP BY decision)) / count(*)
                             ) AS extra
                      FROM cases AS y WHERE run_id = ? GROUP BY case_id) AS agg
                WHERE cases.run_id = ? AND cases.case_id = agg.case_id""", [run_id, run_id, run_id])

    def close_dead_runs(self) -> list[str]:
        """Mark every 'running' run whose process is gone (same host) or whose heartbeat is stale
        `incomplete`, with a note and the figures of the cases it wrote; returns their ids."""
        with self.connect() as db:
            running = db.execute("SELECT run_id, status, heartbeat_at, pid, host FROM runs "
                                 "WHERE status = 'running'").fetchall()
            dead = [dict(zip(("run_id", "status", "heartbeat_at", "pid", "host"), row, strict=True))
                    for row in running if is_dead(*row[1:])]
            for rec in dead:
                gone = rec["host"] == HOST and not process_alive(rec["pid"])
                why = (f"its process {rec['pid']} on {rec['host']} is gone" if gone
                       else f"no heartbeat since {rec['heartbeat_at']:%Y-%m-%d %H:%M:%S} UTC")
                summary = _written_summary(db, rec["run_id"])
                note = (f"closed as incomplete on a later open: {why}; {summary['n']} cases and "
                        f"{summary['calls']} calls were written")
                db.execute("UPDATE runs SET status = 'incomplete', status_note = ?, summary = ?, finished_at = ? "
                           "WHERE run_id = ? AND status = 'running'",
                           [note, _json(summary), _now(), rec["run_id"]])
        return [rec["run_id"] for rec in dead]

    def add_cases(self, rows: list[Mapping]) -> None:
        if rows:
            self.write_batch(rows[0]["run_id"], rows, [])

    def heartbeat(self, run_id: str) -> None:
        """Say a running run is alive (a slow model call can leave minutes between batches)."""
        with self.connect() as db:
            db.execute("UPDATE runs SET heartbeat_at = ? WHERE run_id = ?", [_now(), run_id])

    def add_calls(self, rows: list[Mapping]) -> None:
        if not rows:
            return
        scrubber = Scrubber.current()
        batch = _frame([{**row, "called_at": row.get("called_at") or _now()} for row in rows], CALL_COLUMNS, scrubber)
        with self.connect() as db:
            db.register("call_batch", batch)
            db.execute(f"INSERT INTO calls ({','.join(CALL_COLUMNS)}) SELECT {','.join(CALL_COLUMNS)} FROM call_batch")

    def finish_run(self, run_id: str, status: str, summary: Mapping | None = None, note: str | None = None,
                   figures: Mapping | None = None) -> None:
        """`figures` (named as queries.FIGURES) are counted by the caller for a run that writes no case
        rows (a generality report keeps its cases' figures in its summary); otherwise they are counted here."""
        if status not in STATUSES:
            raise ValueError(f"unknown run status {status!r}")
        scrubber = Scrubber.current()
        with self.connect() as db:
            # the run's figures, counted once now that its cases are final: readers never write them
            counted = (queries.figures_of(db, run_id) if figures is None else
                       {name: figures.get(name) for name in queries.FIGURES} | {"version": queries.FIGURES_VERSION})
            body = {**(summary or {}), "figures": counted}
            db.execute("UPDATE runs SET status = ?, summary = ?, status_note = ?, finished_at = ? WHERE run_id = ?",
                       [status, _json(scrubber.clean(body)), scrubber.text(note), _now(), run_id])

    def runs(self, kind: str | None = None, brief: bool = False) -> pd.DataFrame:
        """Run history, newest first; a 'running' run whose process died reads 'incomplete' (closed
        on open; in a read-only store, or one that died since, read so here). `brief` leaves out the
        JSON columns (summary, guards, settings): a tenth of the time at 2,000 runs, for a run picker."""
        columns = f"* EXCLUDE ({', '.join(JSON_RUN_COLUMNS)})" if brief else "*"
        sql = f"SELECT {columns} FROM runs" + (" WHERE kind = ?" if kind else "") + " ORDER BY started_at DESC"
        frame = self.query(sql, [kind] if kind else [])
        if not frame.empty:
            frame.loc[dead_running(frame), "status"] = "incomplete"
        return frame

    def run_rows(self, kind: str | None = None, limit: int | None = None) -> list[dict]:
        """Run history as plain rows, newest first (JSON columns as their text), with `runs`'s reading
        of a dead 'running' run; no pandas, so a command listing runs starts at once."""
        sql = ("SELECT * FROM runs" + (" WHERE kind = ?" if kind else "") + " ORDER BY started_at DESC"
               + (" LIMIT ?" if limit else ""))
        with self.connect() as db:
            cursor = db.execute(sql, [v for v in (kind, limit) if v])
            names = [d[0] for d in cursor.description]
            rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
        for row in rows:
            if is_dead(row["status"], row["heartbeat_at"], row["pid"], row.get("host")):
                row["status"] = "incomplete"
        return rows

    def kind_of(self, run_id: str) -> str | None:
        """The kind of a run, or None when this store has no such run."""
        with self.connect() as db:
            return queries.kind_of(db, run_id)

    def cases_written(self, run_ids: list[str]) -> dict[str, int]:
        """Case rows per run: the figure of a run that died before writing its summary."""
        if not run_ids:
            return {}
        with self.connect() as db:
            counts = db.execute("SELECT run_id, count(*) AS n FROM cases WHERE run_id IN (SELECT unnest(?)) "
                                "GROUP BY run_id", [run_ids]).fetchall()
        return {rid: 0 for rid in run_ids} | {rid: int(n) for rid, n in counts}

    def run(self, run_id: str) -> dict:
        """One run's row, its JSON columns decoded (the one place a run row is decoded)."""
        frame = self.query("SELECT * FROM runs WHERE run_id = ?", [run_id])
        if frame.empty:
            raise NotFound(f"no run {run_id!r} in {self.path}")
        return decoded(frame.iloc[0].to_dict(), JSON_RUN_COLUMNS, absent=None)

    def cases(self, run_id: str, columns: str = "*") -> pd.DataFrame:
        """A run's case rows; a prompt asked for (by `*` or by name) is read where it is stored once."""
        names = [c.strip() for c in columns.split(",")]
        if names == ["*"]:
            columns = f"* REPLACE ({queries.CASE_PROMPT} AS prompt)"
        elif "prompt" in names:
            columns = ", ".join(f"{queries.CASE_PROMPT} AS prompt" if c == "prompt" else c for c in names)
        return self.query(f"SELECT {columns} FROM cases WHERE run_id = ? ORDER BY case_id, repeat", [run_id])

    def case(self, run_id: str, case_id: str, repeat: int = 0) -> dict | None:
        frame = self.query(f"SELECT * REPLACE ({queries.CASE_PROMPT} AS prompt) FROM cases"
                           " WHERE run_id = ? AND case_id = ? AND repeat = ?", [run_id, case_id, repeat])
        if frame.empty:
            return None
        return decoded(frame.iloc[0].to_dict(), JSON_CASE_COLUMNS)

    def calls(self, run_id: str, case_id: str | None = None) -> pd.DataFrame:
        if case_id is None:
            return self.query("SELECT * FROM calls WHERE run_id = ? ORDER BY called_at", [run_id])
        return self.query("SELECT * FROM calls WHERE run_id = ? AND case_id = ? ORDER BY called_at, attempt",
                          [run_id, case_id])

    # --- the daily budget (core/budget.py) ----------------------------------------------
    def calls_reserved(self, day: date) -> int:
        with self.connect() as db:
            return int(queries.one(db, "SELECT coalesce(sum(calls), 0) FROM budget_reservations WHERE day = ?",
                                   [day])[0])

    def reserve_calls(self, day: date, want: int, limit: int, run_id: str | None = None) -> tuple[int, int]:
        """Reserve up to `want` calls of `day` under `limit`, atomically across processes (one
        transaction while this process alone holds the file); a negative `want` hands calls back.
        Returns (granted, reserved before)."""
        with self.connect() as db:
            db.execute("BEGIN TRANSACTION")
            try:
                used = int(queries.one(db, "SELECT coalesce(sum(calls), 0) FROM budget_reservations WHERE day = ?",
                                       [day])[0])
                granted = want if want < 0 else max(0, min(want, limit - used))
                if granted:
                    db.execute("INSERT INTO budget_reservations VALUES (?,?,?,?,?,?)",
                               [day, run_id, os.getpid(), HOST, granted, _now()])
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return granted, used

    def calls_since(self, since: datetime) -> int:
        with self.connect() as db:
            return int(queries.one(db, "SELECT count(*) FROM calls WHERE called_at >= ?", [since])[0])

    # --- reviews ----------------------------------------------------------------------
    def add_review(self, run_id: str, case_id: str, verdict: str, note: str = "", reviewer: str = "") -> str:
        if verdict not in VERDICTS:
            raise UsageError(f"unknown verdict {verdict!r}; choose one of {', '.join(VERDICTS)}")
        review_id = uuid.uuid4().hex
        clean = Scrubber.current().clean
        with self.connect() as db:
            db.execute("INSERT INTO reviews VALUES (?,?,?,?,?,?,?)",
                       [review_id, run_id, case_id, verdict, clean(note), clean(reviewer), _now()])
        return review_id

    def reviews(self, run_id: str | None = None) -> pd.DataFrame:
        if run_id:
            return self.query("SELECT * FROM reviews WHERE run_id = ? ORDER BY created_at", [run_id])
        return self.query("SELECT * FROM reviews ORDER BY created_at")


def _read_only(path: Path) -> bool:
    """A store we may not write: an existing file without write permission, or one in a folder we
    cannot write (DuckDB keeps a write-ahead log beside the file)."""
    if path.exists():
        return not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK)
    return False


def _written_summary(db: duckdb.DuckDBPyConnection, run_id: str) -> dict:
    """The figures of what a dead run wrote: its cases' counts (each case once, by its first
    repeat, as a finished run counts them) and its calls."""
    row = queries.one(
        db, "SELECT count(*), sum(decision_correct::INT), sum(stopped_early::INT), sum(n_correct), sum(n_wrong),"
        " sum(n_missed), sum(n_open), sum((gold_decision = 'ask')::INT) FROM cases WHERE run_id = ? AND repeat = 0",
        [run_id])
    calls = queries.one(db, "SELECT count(*) FROM calls WHERE run_id = ?", [run_id])[0]
    n, correct, early, ok, wrong, missed, open_, ask = (int(v or 0) for v in row)
    return {"n": n, "decisions_correct": correct, "decision_accuracy": correct / n if n else None,
            "stopped_early": early, "correct": ok, "wrong": wrong, "missed": missed, "open": open_,
            "gold_ask": ask, "gold_stop": n - ask, "calls": int(calls), "written_before_death": True}


def _frame(rows: Sequence[Mapping], columns: tuple[str, ...], scrubber: Scrubber) -> pd.DataFrame:
    """A batch as a DataFrame with object columns, so DuckDB casts each value to its column type.
    Every value passes the scrubber once (JSON columns before they are serialised)."""
    import pandas as pd

    clean = scrubber.clean
    data = {}
    for col in columns:
        values: list[object]
        if col in JSON_CASE_COLUMNS:
            values = [_json(clean(row.get(col))) for row in rows]
        else:
            values = [clean(row.get(col)) for row in rows]
        data[col] = pd.Series(values, dtype=object)
    return pd.DataFrame(data)


def guard_fingerprint(guards: Mapping) -> str:
    import hashlib

    return hashlib.sha256(json.dumps(guards, sort_keys=True, default=str).encode()).hexdigest()[:12]
