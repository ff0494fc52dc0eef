"""Run figures for the history table, two runs side by side, and the stopped-early review queue.

The history is the runs table plus one aggregate query over cases and calls (GROUP BY run_id),
so it costs the same whether the store holds 2 runs or 200; quantiles stay in DuckDB.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from typing import Any

import duckdb
import numpy as np
import pandas as pd

from core import queries
from core.cost import Rate, cache_reads_apart, card_from, run_rate
from core.errors import UsageError
from core.grade import Rate as Proportion
from core.grade import paired_decisions, wilson
from core.guards import differing
from core.queries import FIGURES, FIGURES_VERSION
from core.store import VERDICTS, Store, dead_running

PER_CASE = "the first repeat"  # a repeated case counts once, by this repeat (core/runner.py COUNTED_REPEAT)

LABELS = {"simulated": "simulated", "replay": "replay", "floor": "floor"}

RUN_COLUMNS = (
    "run_id", "kind", "tier", "tier_kind", "service", "split", "segment", "schema_variant", "status", "n",
    "decision_accuracy", "acc_low", "acc_high", "stopped_early", "stopped_wrong", "wrong", "missed", "unparsed",
    "latency_p50_ms", "latency_p95_ms", "input_tokens_per_turn", "output_tokens_per_turn", "cost_per_turn_usd",
    "started_at", "guard_key", "simulated", "label",
)

COUNTS = ("n", "decisions_correct", "stopped_early", "stopped_wrong", "wrong", "missed", "facts_correct", "unparsed",
          "empty_replies", "turns_with_tokens", "calls")
# A run's cases never change once it has ended, so its figures are counted once, when it ends
# (core/store.py finish_run keeps them in its summary under "figures", tagged with FIGURES_VERSION),
# and kept in this process's memo, (store file, run_id, finished_at) -> figures. A run still going,
# or one without saved figures of this version, is counted on each read; a read never writes.
_FINISHED_FIGURES: dict[tuple[str, str, object], dict] = {}
_MEMO_LIMIT = 50_000


def _none(value: Any) -> Any:
    """NaN/NA as None, numpy scalars as Python numbers."""
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, float | np.floating) and math.isnan(value):
        return None
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    return value


def run_figures(store: Store, kind: str | None = None) -> pd.DataFrame:
    """Every run with its figures (all of run_table's columns and more: settings, guards, git_rev, ...)."""
    path = str(store.path.resolve())
    with store.connect() as db:
        runs = queries.runs(db, kind)
        keys = [(path, rid, fin) for rid, fin in zip(runs["run_id"], runs["finished_at"], strict=True)]
        if len(_FINISHED_FIGURES) > _MEMO_LIMIT:
            _FINISHED_FIGURES.clear()
        for key, status, summary in zip(keys, runs["status"], runs["summary"], strict=True):
            if status != "running" and key not in _FINISHED_FIGURES:
                stored = _stored_figures(summary)
                if stored is not None:
                    _FINISHED_FIGURES[key] = stored
        todo = [key[1] for key in keys if key not in _FINISHED_FIGURES]
        computed = {rec["run_id"]: {name: _none(rec.get(name)) for name in FIGURES}
                    for rec in queries.run_figures(db, todo).to_dict("records")}
        card = _card(db)
    if runs.empty:
        return pd.DataFrame(columns=[*RUN_COLUMNS, "settings", "guards", "git_rev", "rate"])
    rows = []
    for key, status in zip(keys, runs["status"], strict=True):
        figures = computed.get(key[1]) or _FINISHED_FIGURES[key]
        if status != "running":
            _FINISHED_FIGURES[key] = figures  # an ended run's cases are final: counted once per process
        rows.append(figures)
    frame = pd.concat([runs.reset_index(drop=True), pd.DataFrame(rows, columns=list(FIGURES))], axis=1)
    return _derive(frame, card)


def _stored_figures(summary: object) -> dict | None:
    """The figures a run saved when it ended, if they are of today's definition."""
    figures = _summary_of(summary).get("figures")
    if not isinstance(figures, dict) or figures.get("version") != FIGURES_VERSION:
        return None
    return {name: figures.get(name) for name in FIGURES}


def _card(db: duckdb.DuckDBPyConnection) -> dict[str, Rate]:
    """The rate card by key; a broken rates file leaves figures unpriced here (the cost page says why)."""
    try:
        return {rate.key: rate for rate in card_from(db)}
    except ValueError:
        return {}


def _prices(rates: list[Rate | None], tokens_in: np.ndarray, tokens_out: np.ndarray, cached: np.ndarray,
            turns: np.ndarray) -> list[float | None]:
    """Dollars per turn that reported usage, vectorised; None where there is no rate or no usage."""
    def column(field: str) -> np.ndarray:
        return np.array([np.nan if r is None else getattr(r, field) for r in rates], dtype=float)

    price_in, price_out = column("input_per_m"), column("output_per_m")
    price_cached = np.where(np.isnan(column("cached_input_per_m")), price_in, column("cached_input_per_m"))
    cached = np.minimum(cached, tokens_in)
    dollars = ((tokens_in - cached) * price_in + cached * price_cached + tokens_out * price_out) / 1_000_000
    known = ~np.isnan(dollars) & (turns > 0)
    return [float(d) if ok else None for d, ok in zip(dollars, known, strict=True)]


def _derive(frame: pd.DataFrame, card: dict[str, Rate]) -> pd.DataFrame:
    """Rates, intervals, prices and labels from the counted figures."""
    frame.loc[dead_running(frame), "status"] = "incomplete"  # the process died: every reader agrees
    for col in COUNTS:
        frame[col] = pd.to_numeric(frame[col]).fillna(0).astype("int64")
    for col in ("latency_p50_ms", "latency_p95_ms", "input_tokens_per_turn", "output_tokens_per_turn",
                "cached_tokens", "reasoning_tokens"):
        frame[col] = pd.to_numeric(frame[col], errors="coerce").astype("float64")
    n = frame["n"].to_numpy()
    hits = frame["decisions_correct"].to_numpy()
    frame["decision_accuracy"] = np.where(n > 0, hits / np.maximum(n, 1), np.nan)
    frame["acc_low"], frame["acc_high"] = wilson(hits, n)
    stated = frame["facts_correct"] + frame["wrong"]
    frame["fact_precision"] = np.where(stated > 0, frame["facts_correct"] / stated.clip(lower=1), np.nan)
    settings = [settings_of(value) for value in frame["settings"]]
    # the Anthropic wire counts cache reads apart from input: add them back so input is the whole prompt
    turns = frame["turns_with_tokens"].to_numpy(dtype=float)
    cached_per_turn = np.nan_to_num(frame["cached_tokens"].to_numpy(dtype=float)) / np.maximum(turns, 1)
    apart = np.array([cache_reads_apart(s) for s in settings], dtype=bool)
    frame["input_tokens_per_turn"] = frame["input_tokens_per_turn"] + np.where(apart, cached_per_turn, 0.0)
    # repeats count once per case (figures above); their agreement is its own figure
    frame["repeats"] = [int(s.get("repeats") or 1) for s in settings]
    frame["agreement"] = [_summary_of(value).get("agreement") for value in frame["summary"]]
    rates = [run_rate(s, card) for s in settings]
    frame["rate"] = [rate.key if rate else None for rate in rates]
    costs = _prices(rates, frame["input_tokens_per_turn"].to_numpy(dtype=float),
                    frame["output_tokens_per_turn"].to_numpy(dtype=float), cached_per_turn, turns)
    frame["cost_per_turn_usd"] = pd.Series(costs, index=frame.index, dtype=object)
    frame["simulated"] = frame["tier_kind"] == "simulated"
    frame["label"] = frame["tier_kind"].map(LABELS).fillna("")
    return frame


def run_table(store: Store, kind: str | None = None) -> pd.DataFrame:
    """One row per run, newest first, with the figures the history shows (see RUN_COLUMNS)."""
    return run_figures(store, kind)[list(RUN_COLUMNS)].reset_index(drop=True)


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


# --- two runs side by side ---------------------------------------------------------------

def _side(db: duckdb.DuckDBPyConnection, run: dict, card: dict[str, Rate]) -> dict:
    record = queries.side_figures(db, run["run_id"])
    row = {k: _none(v) for k, v in record.items()}
    stated = row["facts_correct"] + row["wrong"]
    if cache_reads_apart(run.get("settings")) and row["input_tokens"] is not None:
        row["input_tokens"] += row["cached_tokens"]
        row["input_tokens_per_turn"] += row["cached_tokens"] / max(1, row["turns_with_tokens"])
    rate = run_rate(run.get("settings"), card)
    cost_per_turn = cost_per_conversation = None
    if rate is not None and row["turns_with_tokens"]:
        total = rate.price(row["input_tokens"], row["output_tokens"], row["cached_tokens"])
        cost_per_turn = total / row["turns_with_tokens"]
        cost_per_conversation = total / row["conversations"] if row["conversations"] else None
    return {
        "run_id": run["run_id"], "tier": run["tier"], "tier_kind": run["tier_kind"],
        "label": LABELS.get(run["tier_kind"], ""), "rate": rate.key if rate else None,
        "decision_accuracy": Proportion(row["decisions_correct"], row["n"]).to_json(),
        "stopped_early": row["stopped_early"], "stopped_wrong": row["stopped_wrong"],
        "wrong": row["wrong"], "missed": row["missed"],
        "fact_precision": row["facts_correct"] / stated if stated else None,
        "stated": stated, "unparsed": row["unparsed"], "empty_replies": row["empty_replies"],
        "latency_p50_ms": row["latency_p50_ms"], "latency_p95_ms": row["latency_p95_ms"],
        "input_tokens_per_turn": row["input_tokens_per_turn"], "output_tokens_per_turn": row["output_tokens_per_turn"],
        "cost_per_turn_usd": cost_per_turn, "cost_per_conversation_usd": cost_per_conversation,
        "conversations": row["conversations"],
        "repeats": int((run.get("settings") or {}).get("repeats") or 1),
        "agreement": (run.get("summary") or {}).get("agreement"),  # between repeats, on its own
    }


def compare_runs(store: Store, run_a: str, run_b: str) -> dict:
    """Two runs over the same cases: figures side by side, a paired test, and where they disagree."""
    with store.connect() as db:
        first, second = store.run(run_a), store.run(run_b)  # the connection held here is reused
        pairs = queries.paired_cases(db, run_a, run_b)
        only_a, only_b = int((~pairs["in_b"]).sum()), int((~pairs["in_a"]).sum())
        if pairs.empty or only_a or only_b:
            raise UsageError(f"runs {run_a} and {run_b} do not cover the same case set "
                             f"({only_a} cases only in the first, {only_b} only in the second)")
        card = _card(db)
        side_a, side_b = _side(db, first, card), _side(db, second, card)
    disagree = pairs[pairs["decision_a"] != pairs["decision_b"]]
    return {
        "a": side_a,
        "b": side_b,
        "per_case": PER_CASE,  # which repeat stands for a case in n, the rates and the paired test
        "paired": paired_decisions([bool(x) for x in pairs["correct_a"]], [bool(x) for x in pairs["correct_b"]]),
        "guards_differ": differing(first["guards"] or {}, second["guards"] or {}),
        "disagreements": disagree[["case_id", "intent", "decision_a", "decision_b", "gold_decision", "correct_a",
                                   "correct_b"]].reset_index(drop=True),
    }


# --- review queue ------------------------------------------------------------------------

def stopped_early_queue(store: Store, kinds: tuple[str, ...] = ("eval", "redteam")) -> pd.DataFrame:
    """Stopped-early cases across runs, newest run first, each with its latest verdict (None if unreviewed)."""
    with store.connect() as db:
        return queries.stopped_early_cases(db, kinds)


def verdict_counts(store: Store) -> pd.DataFrame:
    """Per run, how many reviewed cases carry each verdict (a case counts once, by its latest verdict)."""
    with store.connect() as db:
        frame = queries.verdicts_by_run(db)
    if frame.empty:
        return pd.DataFrame(columns=["run_id", *VERDICTS, "total"])
    wide = frame.pivot_table(index="run_id", columns="verdict", values="cases", aggfunc="sum", fill_value=0)
    wide = wide.reindex(columns=list(VERDICTS), fill_value=0).astype("int64")
    wide["total"] = wide.sum(axis=1)
    wide.columns.name = None
    return wide.reset_index()


def _summary_of(value: object) -> dict:
    try:
        body = json.loads(value) if isinstance(value, str) else value
    except json.JSONDecodeError:
        return {}
    return body if isinstance(body, dict) else {}


def settings_of(value: Any) -> dict:
    return json.loads(value) if isinstance(value, str) else dict(value or {})
