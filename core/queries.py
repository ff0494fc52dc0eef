"""Every read and write of the run store outside core/store.py: the SQL lives here and nowhere else.

Analysis (figures, comparison, cost, bands), the review queue, the chat log, the bootstrap and the
replay tier ask these functions; each takes an open connection (`with store.connect() as db`), so a
page's figures cost one connection. Reads never write: a run's figures are saved once, when it
ends (core/store.py `finish_run` calls `run_figures`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING

import duckdb

if TYPE_CHECKING:  # pandas costs ~0.7 s to import: `python -m evals runs` opens the store without it
    import pandas as pd

# --- run figures ----------------------------------------------------------------------------

# A case row that is core.grade's `stopped_wrong`: a stop where gold stops too, with some required fact graded
# `wrong` (`n_wrong` counts exactly the required facts graded `wrong`, core/runner.py graded_row). Apart from
# `stopped_early` (a stop where gold still asks), so the two add up to the stops on a record that is not right.
STOPPED_WRONG = "decision = 'stop' AND gold_decision = 'stop' AND n_wrong > 0"

# One pass over cases and one over calls, both grouped by run, for the runs listed in the parameter.
# A case repeated counts once, by its first repeat (repeat 0), in n and every graded figure; latency
# and tokens are per call, so every repeat is a measurement of them.
FIGURES_SQL = f"""
WITH wanted AS (SELECT unnest(?::VARCHAR[]) AS run_id),
case_figures AS (
    SELECT run_id,
           count(*) FILTER (WHERE repeat = 0) AS n,
           count(*) FILTER (WHERE repeat = 0 AND decision_correct) AS decisions_correct,
           count(*) FILTER (WHERE repeat = 0 AND stopped_early) AS stopped_early,
           count(*) FILTER (WHERE repeat = 0 AND {STOPPED_WRONG}) AS stopped_wrong,
           (sum(n_wrong) FILTER (WHERE repeat = 0))::BIGINT AS wrong,
           (sum(n_missed) FILTER (WHERE repeat = 0))::BIGINT AS missed,
           (sum(n_correct) FILTER (WHERE repeat = 0))::BIGINT AS facts_correct,
           count(*) FILTER (WHERE repeat = 0 AND status IS NOT NULL AND status <> 'ok') AS unparsed,
           count(*) FILTER (WHERE repeat = 0 AND status = 'empty_reply') AS empty_replies,
           quantile_cont(latency_ms, 0.5) AS latency_p50_ms,
           quantile_cont(latency_ms, 0.95) AS latency_p95_ms,
           avg(input_tokens) AS input_tokens_per_turn,
           avg(output_tokens) AS output_tokens_per_turn,
           count(input_tokens) AS turns_with_tokens
    FROM cases SEMI JOIN wanted USING (run_id)
    GROUP BY run_id),
call_figures AS (
    SELECT run_id, sum(cached_tokens)::BIGINT AS cached_tokens, sum(reasoning_tokens)::BIGINT AS reasoning_tokens,
           count(*) AS calls
    FROM calls SEMI JOIN wanted USING (run_id)
    GROUP BY run_id)
SELECT w.run_id, f.* EXCLUDE (run_id), k.* EXCLUDE (run_id)
FROM wanted w
LEFT JOIN case_figures f USING (run_id)
LEFT JOIN call_figures k USING (run_id)
"""
FIGURES = ("n", "decisions_correct", "stopped_early", "stopped_wrong", "wrong", "missed", "facts_correct", "unparsed",
           "empty_replies", "latency_p50_ms", "latency_p95_ms", "input_tokens_per_turn", "output_tokens_per_turn",
           "turns_with_tokens", "cached_tokens", "reasoning_tokens", "calls")
# The version of the figures' definition saved with a run: figures saved under another version are not
# read (core/compare.py `_stored_figures`, `queue_runs` below) but counted again from the run's cases.
# f2: repeats count once per case. f3: adds `stopped_wrong`, so a run saved as f2 (which has none) is
# recounted rather than shown with no stops on a wrong fact.
FIGURES_VERSION = "f3"

def figures_of(db: duckdb.DuckDBPyConnection, run_id: str) -> dict:
    """One run's counted figures as plain JSON values, tagged with FIGURES_VERSION: what a run keeps
    in its summary when it ends."""
    record = run_figures(db, [run_id]).to_dict("records")[0]
    return {name: plain(record.get(name)) for name in FIGURES} | {"version": FIGURES_VERSION}


def plain(value: object) -> object:
    """A value DuckDB handed back as JSON can hold it: NaN/NA as None, numpy numbers as Python ones."""
    import pandas as pd

    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if hasattr(value, "item"):  # numpy scalars
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


RUNS_SQL = """
SELECT run_id, kind, tier, tier_kind, provider, model, service, split, segment, schema_variant, status, status_note,
       n_planned, settings, guards, guard_key, git_rev, git_dirty, app_version, started_at, finished_at, heartbeat_at,
       summary, pid, host
FROM runs {where} ORDER BY started_at DESC
"""


def runs(db: duckdb.DuckDBPyConnection, kind: str | None = None) -> pd.DataFrame:
    """Every run (of a kind), newest first, with the columns the history shows."""
    return db.execute(RUNS_SQL.format(where="WHERE kind = ?" if kind else ""), [kind] if kind else []).df()


def run_figures(db: duckdb.DuckDBPyConnection, run_ids: Sequence[str]) -> pd.DataFrame:
    """The counted figures (FIGURES) of each listed run, one row a run."""
    if not run_ids:
        import pandas as pd

        return pd.DataFrame(columns=["run_id", *FIGURES])
    return db.execute(FIGURES_SQL, [list(run_ids)]).df()


def kind_of(db: duckdb.DuckDBPyConnection, run_id: str) -> str | None:
    """The kind of a run, or None when the store has no such run."""
    row = db.execute("SELECT kind FROM runs WHERE run_id = ?", [run_id]).fetchone()
    return row[0] if row else None


# --- two runs side by side ------------------------------------------------------------------

# Paired case by case: each run's first repeat of a case stands for it, so n is the number of cases.
PAIR_SQL = """
SELECT coalesce(a.case_id, b.case_id) AS case_id,
       coalesce(a.intent, b.intent) AS intent, coalesce(a.gold_decision, b.gold_decision) AS gold_decision,
       a.case_id IS NOT NULL AS in_a, b.case_id IS NOT NULL AS in_b,
       a.decision AS decision_a, b.decision AS decision_b,
       a.decision_correct AS correct_a, b.decision_correct AS correct_b
FROM (SELECT * FROM cases WHERE run_id = ? AND repeat = 0) a
FULL OUTER JOIN (SELECT * FROM cases WHERE run_id = ? AND repeat = 0) b USING (case_id)
ORDER BY case_id
"""

SIDE_SQL = f"""
WITH per_case AS (
    SELECT c.*, k.cached_tokens AS call_cached_tokens
    FROM cases c LEFT JOIN (
        SELECT case_id, repeat, sum(cached_tokens)::BIGINT AS cached_tokens FROM calls WHERE run_id = ?
        GROUP BY case_id, repeat) k USING (case_id, repeat)
    WHERE c.run_id = ?)
SELECT count(*) FILTER (WHERE repeat = 0) AS n,
       count(*) FILTER (WHERE repeat = 0 AND decision_correct) AS decisions_correct,
       count(*) FILTER (WHERE repeat = 0 AND stopped_early) AS stopped_early,
       count(*) FILTER (WHERE repeat = 0 AND {STOPPED_WRONG}) AS stopped_wrong,
       coalesce(sum(n_wrong) FILTER (WHERE repeat = 0), 0)::BIGINT AS wrong,
       coalesce(sum(n_missed) FILTER (WHERE repeat = 0), 0)::BIGINT AS missed,
       coalesce(sum(n_correct) FILTER (WHERE repeat = 0), 0)::BIGINT AS facts_correct,
       count(*) FILTER (WHERE repeat = 0 AND status IS NOT NULL AND status <> 'ok') AS unparsed,
       count(*) FILTER (WHERE repeat = 0 AND status = 'empty_reply') AS empty_replies,
       quantile_cont(latency_ms, 0.5) AS latency_p50_ms, quantile_cont(latency_ms, 0.95) AS latency_p95_ms,
       avg(input_tokens) AS input_tokens_per_turn, avg(output_tokens) AS output_tokens_per_turn,
       sum(input_tokens)::BIGINT AS input_tokens, sum(output_tokens)::BIGINT AS output_tokens,
       coalesce(sum(call_cached_tokens), 0)::BIGINT AS cached_tokens, count(input_tokens) AS turns_with_tokens,
       count(DISTINCT (dialogue_id, repeat)) AS conversations
FROM per_case
"""


def paired_cases(db: duckdb.DuckDBPyConnection, run_a: str, run_b: str) -> pd.DataFrame:
    return db.execute(PAIR_SQL, [run_a, run_b]).df()


def side_figures(db: duckdb.DuckDBPyConnection, run_id: str) -> dict:
    """One run's figures for the side-by-side view (token sums and conversations included)."""
    return db.execute(SIDE_SQL, [run_id, run_id]).df().to_dict("records")[0]


# --- reviews --------------------------------------------------------------------------------

LATEST_REVIEW = """
SELECT run_id, case_id, arg_max(verdict, created_at) AS verdict, arg_max(note, created_at) AS note,
       max(created_at) AS reviewed_at, count(*) AS reviews
FROM reviews GROUP BY run_id, case_id
"""


def one(db: duckdb.DuckDBPyConnection, sql: str, params: Sequence[object] = ()) -> tuple:
    """The single row an aggregate query returns (an aggregate always returns one)."""
    row = db.execute(sql, list(params)).fetchone()
    if row is None:
        raise RuntimeError(f"no row from an aggregate query: {sql[:60]}")
    return row


def _marks(values: Sequence[object]) -> str:
    return ",".join("?" * len(values))


def stopped_early_cases(db: duckdb.DuckDBPyConnection, kinds: Sequence[str]) -> pd.DataFrame:
    """Stopped-early cases across runs of these kinds, newest run first, each with its latest verdict."""
    return db.execute(
        f"""
        SELECT c.run_id, c.case_id, c.repeat, c.intent, r.tier, r.tier_kind, r.started_at, v.verdict, v.note,
               v.reviewed_at
        FROM cases c JOIN runs r USING (run_id)
        LEFT JOIN ({LATEST_REVIEW}) v ON v.run_id = c.run_id AND v.case_id = c.case_id
        WHERE c.stopped_early AND r.kind IN ({_marks(kinds)})
        ORDER BY r.started_at DESC, c.case_id, c.repeat
        """, list(kinds)).df()


def verdicts_by_run(db: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """(run_id, verdict, cases): a case counts once, by its latest verdict."""
    return db.execute(f"SELECT run_id, verdict, count(*) AS cases FROM ({LATEST_REVIEW}) GROUP BY run_id, verdict"
                      ).df()


def queue_runs(db: duckdb.DuckDBPyConnection, kinds: Sequence[str]) -> pd.DataFrame:
    """Runs with stopped-early cases, newest first: how many, and how many of them carry a verdict.

    Its cost is flat in the history: a finished run saved its stopped-early count with its figures
    (one repeat, this FIGURES_VERSION), so only runs without one (still going, repeated, older) are
    counted from their cases, and verdicts are matched only for runs that have any."""
    return db.execute(
        f"""
        WITH listed AS (
            SELECT run_id, kind, tier, tier_kind, service, split, status, started_at,
                   CASE WHEN json_extract_string(summary, '$.figures.version') = ?
                             AND coalesce(TRY_CAST(json_extract_string(settings, '$.repeats') AS INTEGER), 1) <= 1
                        THEN TRY_CAST(json_extract_string(summary, '$.figures.stopped_early') AS BIGINT) END AS saved
            FROM runs WHERE kind IN ({_marks(kinds)})),
             counted AS (SELECT run_id, count(DISTINCT case_id) AS stopped_early FROM cases
                         WHERE stopped_early AND run_id IN (SELECT run_id FROM listed WHERE saved IS NULL)
                         GROUP BY run_id),
             done AS (SELECT v.run_id, count(*) AS reviewed FROM ({LATEST_REVIEW}) v
                      WHERE EXISTS (SELECT 1 FROM cases c WHERE c.run_id = v.run_id AND c.case_id = v.case_id
                                    AND c.stopped_early)
                      GROUP BY v.run_id)
        SELECT l.run_id, l.kind, l.tier, l.tier_kind, l.service, l.split, l.status, l.started_at,
               coalesce(l.saved, c.stopped_early) AS stopped_early, coalesce(d.reviewed, 0) AS reviewed
        FROM listed l LEFT JOIN counted c USING (run_id) LEFT JOIN done d USING (run_id)
        WHERE coalesce(l.saved, c.stopped_early) > 0
        ORDER BY l.started_at DESC
        """, [FIGURES_VERSION, *kinds]).df()


def run_queue(db: duckdb.DuckDBPyConnection, run_id: str) -> pd.DataFrame:
    """One run's stopped-early cases (one row a case), each with its latest verdict and note."""
    return db.execute(
        f"""
        SELECT c.case_id, min(c.intent) AS intent, v.verdict, v.note, v.reviewed_at
        FROM cases c LEFT JOIN ({LATEST_REVIEW}) v ON v.run_id = c.run_id AND v.case_id = c.case_id
        WHERE c.run_id = ? AND c.stopped_early
        GROUP BY c.case_id, v.verdict, v.note, v.reviewed_at
        ORDER BY c.case_id
        """, [run_id]).df()


def verdict_totals(db: duckdb.DuckDBPyConnection, kinds: Sequence[str]) -> pd.DataFrame:
    """(verdict, n) over every run of these kinds."""
    return db.execute(
        f"""
        SELECT v.verdict, count(*) AS n FROM ({LATEST_REVIEW}) v JOIN runs r USING (run_id)
        WHERE r.kind IN ({_marks(kinds)}) GROUP BY v.verdict
        """, list(kinds)).df()


# --- the rate card and tokens ---------------------------------------------------------------

def saved_rates(db: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    return db.execute("SELECT vendor, model, input_per_m, output_per_m, cached_input_per_m, checked_on, source "
                      "FROM rate_card").df()


def save_rate(db: duckdb.DuckDBPyConnection, vendor: str, model: str, input_per_m: float, output_per_m: float,
              cached_input_per_m: float | None, checked_on: date, source: str, updated_at: datetime) -> None:
    db.execute("INSERT OR REPLACE INTO rate_card (vendor, model, input_per_m, output_per_m, cached_input_per_m,"
               " checked_on, source, updated_at) VALUES (?,?,?,?,?,?,?,?)",
               [vendor, model, input_per_m, output_per_m, cached_input_per_m, checked_on, source, updated_at])


def delete_rate(db: duckdb.DuckDBPyConnection, vendor: str, model: str) -> bool:
    """Drop a saved rate; False when none was saved."""
    found = db.execute("SELECT count(*) FROM rate_card WHERE vendor = ? AND model = ?", [vendor, model]).fetchone()
    db.execute("DELETE FROM rate_card WHERE vendor = ? AND model = ?", [vendor, model])
    return bool(found and found[0])


def turn_tokens(db: duckdb.DuckDBPyConnection, run_id: str) -> tuple[pd.DataFrame, str | None]:
    """Mean measured tokens by customer turn position, and the run's settings (JSON text)."""
    frame = db.execute(
        """
        WITH cached AS (
            SELECT case_id, repeat, sum(cached_tokens) AS cached_tokens FROM calls WHERE run_id = ?
            GROUP BY case_id, repeat)
        SELECT c.turn_index // 2 + 1 AS turn, avg(c.input_tokens) AS input_tokens,
               avg(c.output_tokens) AS output_tokens, avg(coalesce(k.cached_tokens, 0)) AS cached_tokens,
               count(*) AS n
        FROM cases c LEFT JOIN cached k USING (case_id, repeat)
        WHERE c.run_id = ? AND c.input_tokens IS NOT NULL
        GROUP BY turn ORDER BY turn
        """,
        [run_id, run_id],
    ).df()
    settings = db.execute("SELECT settings FROM runs WHERE run_id = ?", [run_id]).fetchone()
    return frame, settings[0] if settings else None


def latest_measured_run(db: duckdb.DuckDBPyConnection, tier: str) -> str | None:
    """The newest finished run of a tier that recorded tokens, or None."""
    row = db.execute(
        "SELECT r.run_id FROM runs r WHERE r.tier = ? AND r.status = 'finished' AND EXISTS "
        "(SELECT 1 FROM cases c WHERE c.run_id = r.run_id AND c.input_tokens IS NOT NULL) "
        "ORDER BY r.started_at DESC LIMIT 1", [tier]).fetchone()
    return str(row[0]) if row else None


# --- the embedded default (core/bootstrap.py) -----------------------------------------------

def run_count(db: duckdb.DuckDBPyConnection) -> int:
    return int(one(db, "SELECT count(*) FROM runs")[0])


def finished_kinds(db: duckdb.DuckDBPyConnection, service: str, split: str) -> set[tuple[str, str]]:
    """(kind, tier) of the finished runs of a service's split on the plain schema."""
    rows = db.execute("SELECT DISTINCT kind, tier FROM runs WHERE status = 'finished' AND service = ? AND split = ?"
                      " AND schema_variant IS NULL", [service, split]).fetchall()
    return {(kind, tier) for kind, tier in rows}


def runs_beyond_default(db: duckdb.DuckDBPyConnection, service: str, split: str, tier: str, review_split: str) -> int:
    """Runs that are not part of the embedded default (the store holds work of its own)."""
    return int(one(
        db, "SELECT count(*) FROM runs WHERE NOT (service IS NOT DISTINCT FROM ? AND schema_variant IS NULL AND"
        " (kind = 'floor' AND split IS NOT DISTINCT FROM ? OR kind = 'eval' AND tier = ? AND split IN (?, ?)))",
        [service, split, tier, split, review_split])[0])


# --- a case's prompt -----------------------------------------------------------------------

# A model case's prompt is stored once, on its calls (migration m012); `cases.prompt` holds it only
# for a case with no call carrying it (a replayed run, a run written before m012). Every reader of
# a case's prompt reads it through this expression, on a query whose table is named `cases`.
CASE_PROMPT = ("coalesce(cases.prompt, (SELECT first(c.prompt ORDER BY c.attempt) FROM calls AS c"
               " WHERE c.run_id = cases.run_id AND c.case_id = cases.case_id"
               " AND coalesce(c.repeat, 0) = cases.repeat AND c.prompt IS NOT NULL))")


# --- the replay tier ------------------------------------------------------------------------

def recorded_replies(db: duckdb.DuckDBPyConnection, run_id: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A run's first-repeat replies (case_id, raw_reply, prompt, status) and each case's last finish reason."""
    cases = db.execute(f"SELECT case_id, raw_reply, {CASE_PROMPT} AS prompt, status FROM cases"
                       " WHERE run_id = ? AND repeat = 0", [run_id]).df()
    finishes = db.execute(
        "SELECT case_id, arg_max(finish_reason, attempt) AS finish_reason FROM calls "
        "WHERE run_id = ? AND coalesce(repeat, 0) = 0 GROUP BY case_id", [run_id]).df()
    return cases, finishes


# --- dashboard conversations (core/chat_log.py) ---------------------------------------------

def save_conversation(db: duckdb.DuckDBPyConnection, conversation_id: str, service: str, tier: str,
                      intent: str | None, ended: bool, turns: object, now: datetime) -> None:
    """Write (or overwrite) a conversation, keeping when it first started (read before the old row goes)."""
    first = db.execute("SELECT min(started_at) FROM conversations WHERE conversation_id = ?",
                       [conversation_id]).fetchone()
    db.execute("DELETE FROM conversations WHERE conversation_id = ?", [conversation_id])
    db.execute("INSERT INTO conversations VALUES (?,?,?,?,?,?,?,?)",
               [conversation_id, service, tier, intent, ended, turns, (first and first[0]) or now, now])


def conversations(db: duckdb.DuckDBPyConnection, limit: int) -> pd.DataFrame:
    return db.execute(
        "SELECT conversation_id, service, tier, intent, ended, json_array_length(turns) AS turns,"
        " json_extract_string(turns, '$[0].customer') AS first_message, updated_at"
        " FROM conversations ORDER BY updated_at DESC LIMIT ?", [limit]).df()


def conversation(db: duckdb.DuckDBPyConnection, conversation_id: str) -> pd.DataFrame:
    return db.execute("SELECT * FROM conversations WHERE conversation_id = ?", [conversation_id]).df()
