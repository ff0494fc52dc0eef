"""Cost: the rate card, tokens per turn (measured or estimated) and the monthly bill at a volume.

Token conventions: here `input_tokens` is the whole prompt, cached part included, and
`cached_tokens` the part billed at the cache-hit rate; `output_tokens` includes any reasoning
tokens (both vendors bill reasoning as output). The OpenAI wire reports prompts that way; the
Anthropic wire reports `input_tokens` without cache reads, so reads add them back
(`cache_reads_apart()` tells which runs).
A tier with no tokens (offline, floors) has no cost: None, never a price of 0.
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd

from core import config, queries
from core.case import Case, Line, case_set_fingerprint
from core.checklist import Checklist
from core.errors import UsageError
from core.prompt import STRATEGIES, RenderedPrompt, render
from core.store import Store

RATES_FILE = config.RATES_FILE
CHARS_PER_TOKEN = 4  # the usual rule of thumb for English text; every figure built on it says "estimate"
PROMPT_PARTS = ("instructions", "checklist", "conversation", "answer_contract")
ESTIMATED_VALUE_CHARS = 14  # a typical free-text value ("Peter Kim", "$1,200") in an estimated reply

# per-turn tokens for the turn at 1-based position k: (input, output) or (input, output, cached)
PerTurn = Callable[[int], Sequence[float]]


@dataclass(frozen=True)
class Rate:
    """A vendor's published price per million tokens, with the date it was checked and where."""

    vendor: str
    model: str
    input_per_m: float
    output_per_m: float
    cached_input_per_m: float | None
    checked_on: date
    source: str

    @property
    def key(self) -> str:
        return f"{self.vendor}/{self.model}"

    def price(self, input_tokens: float, output_tokens: float, cached_tokens: float = 0.0) -> float:
        """Dollars for these tokens; cached tokens are part of input_tokens, billed at the cache rate."""
        cached = min(cached_tokens or 0.0, input_tokens)
        cache_rate = self.input_per_m if self.cached_input_per_m is None else self.cached_input_per_m
        return ((input_tokens - cached) * self.input_per_m + cached * cache_rate
                + output_tokens * self.output_per_m) / 1_000_000

    def to_json(self) -> dict:
        return {"vendor": self.vendor, "model": self.model, "key": self.key, "input_per_m": self.input_per_m,
                "output_per_m": self.output_per_m, "cached_input_per_m": self.cached_input_per_m,
                "checked_on": self.checked_on.isoformat(), "source": self.source}


def _as_date(value: object, where: str) -> date:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise UsageError(f"{where}: checked_on must be a date (YYYY-MM-DD), got {value!r}")


def _as_optional_price(value: object, name: str, where: str) -> float | None:
    return None if value is None else _as_price(value, name, where)


def _as_price(value: object, name: str, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
        raise UsageError(f"{where}: {name} must be a non-negative number of dollars per million tokens, got {value!r}")
    return float(value)


def validate_rate(rate: Rate) -> Rate:
    """The same rate with clean types, or ValueError naming the first bad field."""
    where = f"rate {rate.vendor}/{rate.model}"
    if not str(rate.vendor).strip() or not str(rate.model).strip():
        raise UsageError("a rate needs a vendor and a model")
    if "/" in rate.vendor:
        raise UsageError(f"{where}: the vendor may not contain '/'")
    return Rate(
        vendor=rate.vendor.strip(), model=rate.model.strip(),
        input_per_m=_as_price(rate.input_per_m, "input_per_m", where),
        output_per_m=_as_price(rate.output_per_m, "output_per_m", where),
        cached_input_per_m=_as_optional_price(rate.cached_input_per_m, "cached_input_per_m", where),
        checked_on=_as_date(rate.checked_on, where), source=str(rate.source or "").strip(),
    )


_FILE_MEMO: dict[tuple[str, int], list[Rate]] = {}  # (path, mtime_ns) -> rates: re-read only when it changes


def load_rates_file(path: str | Path | None = None) -> list[Rate]:
    path = Path(path or RATES_FILE)
    try:
        key = (str(path), path.stat().st_mtime_ns)
        if key in _FILE_MEMO:
            return list(_FILE_MEMO[key])
        body = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"cannot read the rate card {path}: {exc}") from exc
    rates = []
    for entry in body.get("rate", []):
        try:
            rates.append(validate_rate(Rate(
                vendor=entry["vendor"], model=entry["model"], input_per_m=entry["input_per_m"],
                output_per_m=entry["output_per_m"], cached_input_per_m=entry.get("cached_input_per_m"),
                checked_on=entry["checked_on"], source=entry.get("source", ""))))
        except KeyError as exc:
            raise UsageError(f"{path}: a [[rate]] entry lacks {exc.args[0]!r}") from exc
    _FILE_MEMO[key] = list(rates)
    return rates


def rate_card(store: Store, path: str | Path | None = None) -> list[Rate]:
    """The file's rates overlaid by edits saved in the store, sorted by vendor and model."""
    with store.connect() as db:
        return card_from(db, path)


def card_from(db: duckdb.DuckDBPyConnection, path: str | Path | None = None) -> list[Rate]:
    """rate_card() on a connection already open (so a page's figures cost one connection, not two)."""
    card = {rate.key: rate for rate in load_rates_file(path)}
    saved = queries.saved_rates(db)
    for row in saved.to_dict("records"):
        cached = row["cached_input_per_m"]
        rate = Rate(vendor=row["vendor"], model=row["model"], input_per_m=float(row["input_per_m"]),
                    output_per_m=float(row["output_per_m"]),
                    cached_input_per_m=None if cached is None or pd.isna(cached) else float(cached),
                    checked_on=pd.Timestamp(row["checked_on"]).date(), source=row["source"] or "")
        card[rate.key] = rate
    return sorted(card.values(), key=lambda r: (r.vendor, r.model))


def rates_by_key(store: Store) -> dict[str, Rate]:
    return {rate.key: rate for rate in rate_card(store)}


def save_rate(store: Store, rate: Rate) -> None:
    """Validate and save an edited rate; it overrides the file's entry of the same vendor/model."""
    clean = validate_rate(rate)
    with store.connect() as db:
        queries.save_rate(db, clean.vendor, clean.model, clean.input_per_m, clean.output_per_m,
                          clean.cached_input_per_m, clean.checked_on, clean.source,
                          datetime.now(UTC).replace(tzinfo=None))


def cache_reads_apart(settings: Mapping | str | None) -> bool:
    """True when a run's wire reports cache reads apart from input_tokens (Anthropic Messages)."""
    body: Mapping = json.loads(settings) if isinstance(settings, str) else (settings or {})
    return (body.get("wire") or body.get("provider")) == "anthropic"


def reset_rate(store: Store, key: str) -> bool:
    """Drop a saved edit ("vendor/model"), so the file's published rate applies again; False if none was saved."""
    vendor, _, model = key.partition("/")
    with store.connect() as db:
        return queries.delete_rate(db, vendor, model)


def run_rate(settings: Mapping | str | None, card: Mapping[str, Rate]) -> Rate | None:
    """The rate a run's tier settings name (`rate = "vendor/model"`), or None when unnamed or unknown."""
    body: Mapping = json.loads(settings) if isinstance(settings, str) else (settings or {})
    name = body.get("rate")
    return card.get(name) if name else None


# --- tokens per turn ---------------------------------------------------------------------

def turn_position(turn_index: int) -> int:
    """1-based customer turn within the conversation: SGD dialogues alternate customer/agent from 0."""
    return int(turn_index) // 2 + 1


def turn_tokens(store: Store, run_id: str) -> pd.DataFrame:
    """Mean measured tokens by customer turn position (1-based); empty when the run has no tokens."""
    with store.connect() as db:
        return _turn_tokens(db, run_id)


def _turn_tokens(db: duckdb.DuckDBPyConnection, run_id: str) -> pd.DataFrame:
    frame, settings = queries.turn_tokens(db, run_id)
    if not frame.empty and settings and cache_reads_apart(settings):
        frame["input_tokens"] = frame["input_tokens"] + frame["cached_tokens"]
    frame["basis"] = "measured"
    return frame


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def part_tokens(prompt: RenderedPrompt) -> dict[str, int]:
    """Estimated tokens of each part of a rendered prompt."""
    return {part: estimate_tokens(prompt.parts[part]) for part in PROMPT_PARTS}


def prompt_parts(prompt: RenderedPrompt) -> pd.DataFrame:
    """Each part of a rendered prompt with its characters, estimated tokens and share of the total."""
    tokens = part_tokens(prompt)
    frame = pd.DataFrame([{"part": part, "chars": len(prompt.parts[part]), "tokens": tokens[part]}
                          for part in PROMPT_PARTS])
    total = frame["tokens"].sum()
    frame["share"] = frame["tokens"] / total if total else 0.0
    frame["basis"] = "estimate"
    return frame


def estimated_reply(checklist: Checklist, intent: str) -> str:
    """A contract-shaped reply naming every required fact, as a stand-in for an output we have not seen."""
    collected = {name: "x" * ESTIMATED_VALUE_CHARS for name in checklist.required(intent)}
    return json.dumps({"collected": collected, "notes": ""})


def estimate_turn_tokens(checklist: Checklist, intent: str, lines: tuple[Line, ...], strategy: str = "transcript",
                         carried: Mapping[str, str] | None = None) -> dict:
    """Estimated tokens (chars/4) of one turn's prompt, per part, and of a full reply; labelled estimate."""
    estimate: dict = part_tokens(render(checklist, intent, lines, strategy, carried))
    estimate["total"] = sum(estimate[p] for p in PROMPT_PARTS)
    estimate["output"] = estimate_tokens(estimated_reply(checklist, intent))
    estimate["strategy"] = strategy
    estimate["basis"] = "estimate"
    return estimate


def estimate_by_turn(checklist: Checklist, cases: Iterable[Case], strategy: str) -> pd.DataFrame:
    """Mean estimated tokens by customer turn position over corpus cases, for one prompt strategy.

    For the carried strategy, what earlier turns established is stood in for by the gold facts
    of the previous turn (what a perfect extractor would have carried).
    """
    if strategy not in STRATEGIES:
        raise UsageError(f"unknown prompt strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    cases = list(cases)
    key = (checklist.fingerprint(), case_set_fingerprint(cases), strategy)
    if key not in _ESTIMATE_MEMO:
        _ESTIMATE_MEMO[key] = _estimate_by_turn(checklist, cases, strategy)
    return _ESTIMATE_MEMO[key].copy()


_ESTIMATE_MEMO: dict[tuple[str, str, str], pd.DataFrame] = {}  # the same cases estimate the same: once a process


def _estimate_by_turn(checklist: Checklist, cases: list[Case], strategy: str) -> pd.DataFrame:
    rows = []
    previous_gold: dict[str, dict[str, str]] = {}
    for case in sorted(cases, key=lambda c: (c.dialogue_id, c.turn_index)):
        carried = previous_gold.get(case.dialogue_id, {})
        estimate = estimate_turn_tokens(checklist, case.intent, case.lines, strategy, carried)
        rows.append({"turn": turn_position(case.turn_index), "input_tokens": estimate["total"],
                     "output_tokens": estimate["output"]})
        previous_gold[case.dialogue_id] = {k: v[0] for k, v in case.gold.items() if v}
    frame = pd.DataFrame(rows, columns=["turn", "input_tokens", "output_tokens"])
    if frame.empty:
        return frame.assign(cached_tokens=[], n=[], basis=[])
    grouped = frame.groupby("turn").agg(input_tokens=("input_tokens", "mean"), output_tokens=("output_tokens", "mean"),
                                        n=("input_tokens", "size")).reset_index()
    grouped["cached_tokens"] = 0.0
    grouped["basis"] = "estimate"
    return grouped[["turn", "input_tokens", "output_tokens", "cached_tokens", "n", "basis"]]


def per_turn_from(frame: pd.DataFrame) -> PerTurn:
    """A per-turn token function from a by-turn table (measured or estimated).

    Inside the table's turns it returns the table's means; beyond the last turn it extends the
    straight line fitted through the table (so a transcript prompt keeps growing, a carried one stays flat).
    """
    if frame.empty:
        raise UsageError("no tokens per turn to project from (the run recorded none: use an estimate)")
    table = frame.set_index("turn")
    turns = table.index.to_numpy(dtype=float)
    weights = table["n"].to_numpy(dtype=float) if "n" in table else None

    def line(column: str) -> tuple[float, float]:
        values = table[column].fillna(0).to_numpy(dtype=float)
        if len(turns) < 2:
            return 0.0, float(values[0])
        slope, intercept = np.polyfit(turns, values, 1, w=None if weights is None else np.sqrt(weights))
        return float(slope), float(intercept)

    fits = {col: line(col) for col in ("input_tokens", "output_tokens", "cached_tokens") if col in table}

    def per_turn(k: int) -> tuple[float, float, float]:
        if k in table.index:
            row = table.loc[k]
            return (float(row["input_tokens"]), float(row["output_tokens"]),
                    float(row.get("cached_tokens", 0.0) or 0.0))
        # beyond the table (or a gap inside it) the fitted line stands in
        at = {col: max(0.0, slope * k + intercept) for col, (slope, intercept) in fits.items()}
        return at["input_tokens"], at["output_tokens"], at.get("cached_tokens", 0.0)

    return per_turn


# --- the bill ----------------------------------------------------------------------------

def monthly_bill(rate: Rate, per_turn_tokens: PerTurn, conversations_per_month: float,
                 turns_per_conversation: int) -> dict:
    """The month's bill: each conversation pays every one of its turns at that turn's tokens."""
    if conversations_per_month < 0:
        raise UsageError("conversations per month must not be negative")
    if turns_per_conversation < 1:
        raise UsageError("a conversation has at least one turn")
    tokens_in = tokens_out = tokens_cached = 0.0
    for k in range(1, int(turns_per_conversation) + 1):
        values = tuple(per_turn_tokens(k))
        tokens_in += values[0]
        tokens_out += values[1]
        tokens_cached += values[2] if len(values) > 2 else 0.0
    per_conversation = rate.price(tokens_in, tokens_out, tokens_cached)
    return {
        "rate": rate.key,
        "conversations_per_month": conversations_per_month,
        "turns_per_conversation": int(turns_per_conversation),
        "per_conversation_usd": per_conversation,
        "total_usd": per_conversation * conversations_per_month,
        "input_tokens": tokens_in * conversations_per_month,
        "output_tokens": tokens_out * conversations_per_month,
        "cached_tokens": tokens_cached * conversations_per_month,
    }


def volume_curve(rate: Rate, per_turn_by_strategy: Mapping[str, PerTurn], *, conversations_per_month: float = 10_000,
                 turns_per_conversation: int = 4, vary: str = "turns", points: Sequence[float] | None = None
                 ) -> pd.DataFrame:
    """The bill against volume for each strategy: over turns per conversation (where the transcript
    prompt's quadratic growth shows) or over conversations per month (linear)."""
    if vary not in ("turns", "conversations"):
        raise UsageError("vary must be 'turns' or 'conversations'")
    if points is None:
        points = range(1, 21) if vary == "turns" else [conversations_per_month * f / 10 for f in range(0, 21)]
    rows = []
    for strategy, per_turn in per_turn_by_strategy.items():
        for point in points:
            conversations = point if vary == "conversations" else conversations_per_month
            turns = int(point) if vary == "turns" else turns_per_conversation
            bill = monthly_bill(rate, per_turn, conversations, turns)
            rows.append({"strategy": strategy, "conversations_per_month": conversations,
                         "turns_per_conversation": turns, "total_usd": bill["total_usd"],
                         "per_conversation_usd": bill["per_conversation_usd"]})
    return pd.DataFrame(rows, columns=["strategy", "conversations_per_month", "turns_per_conversation", "total_usd",
                                       "per_conversation_usd"])



# --- bills per tier, per rate and strategy, per measured run --------------------------------

def latest_measured_run(store: Store, tier: str) -> str | None:
    """The newest finished run of a tier that recorded tokens, or None."""
    with store.connect() as db:
        return queries.latest_measured_run(db, tier)


def strategy_estimates(checklist: Checklist, cases: Sequence[Case]) -> dict[str, pd.DataFrame]:
    """Estimated tokens by turn for every prompt strategy over a corpus's cases."""
    return {strategy: estimate_by_turn(checklist, cases, strategy) for strategy in STRATEGIES}


def bills(store: Store, conversations_per_month: float, turns_per_conversation: int, *,
          estimates: Mapping[str, pd.DataFrame] | None = None, run_id: str | None = None,
          tier_specs: Mapping[str, Mapping] | None = None) -> dict:
    """The month's bill three ways: per configured tier (measured when a run of it recorded tokens,
    else estimated for its strategy), per rate x prompt strategy (estimated), and for one measured run
    at every rate. Returns {"tiers", "rates", "run": DataFrame, "unpriced": [dict], "notes": [str]}.

    A model tier that names no rate is listed in `unpriced`, never billed at $0: a server on this
    machine bills no tokens, but that is not a price anyone published."""
    if tier_specs is None:
        from core.tiers import load_tiers

        tier_specs = {name: tier.settings for name, tier in load_tiers().items()}
    card = rates_by_key(store)
    per_strategy = {s: per_turn_from(frame) for s, frame in (estimates or {}).items() if not frame.empty}
    notes: list[str] = []

    def bill(rate: Rate, per_turn: PerTurn, **labels) -> dict:
        return {**labels, **monthly_bill(rate, per_turn, conversations_per_month, turns_per_conversation)}

    by_rate = [bill(rate, per_strategy[s], strategy=s, basis="estimate") for rate in card.values()
               for s in per_strategy]
    by_tier, unpriced = [], []
    for name, spec in tier_specs.items():
        key = spec.get("rate")
        if not key:
            if spec.get("provider") in ("openai", "anthropic"):
                unpriced.append(unpriced_tier(name, spec, latest_measured_run(store, name)))
            continue
        if key not in card:
            notes.append(f"tier {name} names rate {key!r}, which is not on the rate card")
            continue
        strategy = spec.get("strategy", "transcript")
        measured = latest_measured_run(store, name)
        if measured:
            by_tier.append(bill(card[key], per_turn_from(turn_tokens(store, measured)), tier=name,
                                strategy=strategy, basis=f"measured in {measured}", run_id=measured))
        elif strategy in per_strategy:
            by_tier.append(bill(card[key], per_strategy[strategy], tier=name, strategy=strategy, basis="estimate",
                                run_id=None))
        else:
            notes.append(f"tier {name}: no run recorded tokens and no estimate for strategy {strategy!r}")
    by_run = []
    if run_id:
        run = store.run(run_id)
        measured = turn_tokens(store, run_id)
        if measured.empty:
            raise UsageError(f"run {run_id} recorded no tokens ({run['tier_kind']} tier): it has no cost to price")
        per_turn = per_turn_from(measured)
        settings = run["settings"] or {}
        by_run = [bill(rate, per_turn, run_id=run_id, tier=run["tier"], strategy=settings.get("strategy", "—"),
                       basis="measured", own_rate=rate.key == settings.get("rate")) for rate in card.values()]
    if unpriced:
        notes.append(f"unpriced: {', '.join(u['tier'] for u in unpriced)} name no rate on the rate card, so no bill "
                     "is shown for them (not $0): a server on this machine bills no tokens, but its hardware, power "
                     "and time are not priced here; add `rate = \"vendor/model\"` to the tier to price it")
    return {"tiers": pd.DataFrame(by_tier), "rates": pd.DataFrame(by_rate), "run": pd.DataFrame(by_run),
            "unpriced": unpriced, "notes": notes}


def unpriced_tier(name: str, spec: Mapping, measured: str | None) -> dict:
    """A model tier with no rate: its tokens may be measured, but nobody published a price for them."""
    return {"tier": name, "rate": None, "strategy": spec.get("strategy", "transcript"), "total_usd": None,
            "basis": "unpriced", "run_id": measured,
            "note": "no rate named" + (f"; tokens measured in {measured}" if measured else "")}
