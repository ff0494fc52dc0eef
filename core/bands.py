"""Comparability and alarm bands: which runs may be differenced, and how far a figure may move.

Runs are differenced only inside a group of identical guards (case set, checklist, prompt,
grader, tier settings). A band comes from evidence (product notes §7): exact where two runs of
a deterministic tier reproduced a figure; one case of the denominator for a rate or count
(or the measured drift of a model tier, when that is larger); wider than the measured
same-input drift for latency and tokens; and "no evidence" where there is none.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from core.compare import _none, run_figures
from core.errors import NotFound, UsageError
from core.guards import GUARD_NAMES, differing, faulted
from core.store import Store

WATCHED = (
    "decision_accuracy", "stopped_early", "stopped_wrong", "wrong", "missed", "unparsed", "latency_p50_ms",
    "latency_p95_ms", "input_tokens_per_turn", "output_tokens_per_turn", "cost_per_turn_usd",
)
RATES = ("decision_accuracy",)
COUNTS = ("stopped_early", "stopped_wrong", "wrong", "missed", "unparsed")
DRIFTING = ("latency_p50_ms", "latency_p95_ms", "input_tokens_per_turn", "output_tokens_per_turn", "cost_per_turn_usd")
DETERMINISTIC_KINDS = ("offline", "floor", "replay", "simulated")  # same input, same output: exactness is testable
DRIFT_MARGIN = 2.0  # a drift band is this many times the widest same-input spread measured
# Latency differences under a millisecond are scheduler noise on a shared machine, not a change to
# the product (offline turns take well under 1 ms): a latency band is never narrower than this.
LATENCY_FLOOR_MS = 1.0
ALWAYS_BANDED = ("decision_accuracy", "stopped_early", "stopped_wrong", "wrong", "missed", "unparsed")
COMPARED_FIELDS = ("git_rev", "git_dirty", "app_version", "provider", "model", "corpus_source", "sgd_split")


@dataclass(frozen=True)
class Band:
    """Where a figure may lie without alarm: [low, high] around the reference run's value."""

    metric: str
    low: float | None
    high: float | None
    basis: str  # "exact" | "one case" | "measured drift" | "no evidence" | "not measured"
    evidence: str | None = None
    reference: float | None = None
    tolerance: float | None = None

    def contains(self, value: float | None) -> bool | None:
        """True inside, False outside, None when the band cannot judge (no evidence, or no figure)."""
        if value is None or self.low is None or self.high is None:
            return None
        slack = 1e-9 * max(1.0, abs(self.high), abs(self.low))  # float noise is not a deviation
        return self.low - slack <= value <= self.high + slack

    def describe(self) -> str:
        if self.low is None or self.high is None:
            return self.basis + (f" [{self.evidence}]" if self.evidence else "")
        span = f"at {_fmt(self.metric, self.low)}" if self.low == self.high else \
            f"{_fmt(self.metric, self.low)}–{_fmt(self.metric, self.high)}"
        return f"{self.basis} {span}" + (f" [{self.evidence}]" if self.evidence else "")

    def to_json(self) -> dict:
        return {"metric": self.metric, "low": self.low, "high": self.high, "basis": self.basis,
                "evidence": self.evidence, "reference": self.reference, "tolerance": self.tolerance}


@dataclass(frozen=True)
class Deviation:
    """A watched figure of run_b outside the band drawn from run_a and the runs before it."""

    metric: str
    run_a: str
    run_b: str
    value_a: float | None
    value_b: float | None
    band: Band
    changed: list[str] = field(default_factory=list)

    @property
    def crossed(self) -> bool:
        return self.band.contains(self.value_b) is False

    def describe(self) -> str:
        what = "; ".join(self.changed) or "nothing recorded differs (same settings, same git revision)"
        return (f"{self.metric}: {_fmt(self.metric, self.value_a)} in {self.run_a} -> "
                f"{_fmt(self.metric, self.value_b)} in {self.run_b}, outside band {self.band.describe()}; "
                f"changed: {what}")

    def to_json(self) -> dict:
        return {"metric": self.metric, "run_a": self.run_a, "run_b": self.run_b, "value_a": self.value_a,
                "value_b": self.value_b, "band": self.band.to_json(), "changed": self.changed,
                "crossed": self.crossed}


@dataclass
class Group:
    """Runs whose guards all match, oldest first: the only runs that may be drawn as a trend."""

    guard_key: str
    guards: dict
    runs: pd.DataFrame


class NotComparable(UsageError):
    """Two runs whose guards differ were asked to be differenced."""


def _fmt(metric: str, value: float | None) -> str:
    if value is None:
        return "—"
    if metric in RATES:
        return f"{100 * value:.2f}%"
    if metric == "cost_per_turn_usd":
        return f"${value:.6f}"
    if metric in COUNTS:
        return f"{value:g}"
    return f"{value:.1f}"


def _guards(value: Any) -> dict:
    return json.loads(value) if isinstance(value, str) else dict(value or {})


def comparable_groups(store: Store, kind: str | None = "eval", frame: pd.DataFrame | None = None) -> list[Group]:
    """Runs grouped by identical guards; groups with the newest activity first, runs oldest first."""
    frame = run_figures(store, kind) if frame is None else frame
    groups = []
    for key, runs in frame.groupby("guard_key", sort=False, dropna=False):
        ordered = runs.sort_values("started_at").reset_index(drop=True)
        groups.append(Group(guard_key=str(key), guards=_guards(ordered["guards"].iloc[-1]), runs=ordered))
    groups.sort(key=lambda g: g.runs["started_at"].max(), reverse=True)
    return groups


def incomparable_reason(store: Store, run_a: str, run_b: str) -> list[str]:
    """Names of the guards that differ between two runs (empty: they may be differenced)."""
    return differing(store.run(run_a)["guards"] or {}, store.run(run_b)["guards"] or {})


def _values(group_runs: pd.DataFrame, metric: str) -> list[tuple[str, float]]:
    finished = group_runs[group_runs["status"] == "finished"] if "status" in group_runs else group_runs
    pairs = [(run_id, _none(value)) for run_id, value in zip(finished["run_id"], finished[metric], strict=True)]
    return [(run_id, float(value)) for run_id, value in pairs if value is not None]


def band(metric: str, group_runs: pd.DataFrame, reference_run: str | None = None) -> Band:
    """The band for a metric from the finished runs of one comparable group (oldest first), centred on
    the reference run's value (default: the last run); every run in the group counts as evidence.

    Bounds are inclusive: under a one-case band a change of one case stays inside, two cases cross.
    """
    if metric not in WATCHED:
        raise ValueError(f"unknown watched metric {metric!r}; choose one of {', '.join(WATCHED)}")
    values = _values(group_runs, metric)
    if not values:
        return Band(metric, None, None, "not measured", "no finished run in the group has this figure")
    by_run = dict(values)
    if reference_run is None:
        reference_run = values[-1][0]
    if reference_run not in by_run:
        return Band(metric, None, None, "not measured", f"the reference run {reference_run} has no such figure")
    reference = by_run[reference_run]
    # a simulated provider injecting faults (or one that did not say) answers differently run to run
    settings = group_runs.get("settings", [])
    deterministic = (set(group_runs["tier_kind"]) <= set(DETERMINISTIC_KINDS)
                     and not any(faulted(_guards(s)) for s in settings))
    distinct = {v for _, v in values}
    # exact once another run reproduced the reference figure (older, different figures are history:
    # a change to the code may have moved it since)
    reproduced = [r for r, v in values if v == reference]
    if deterministic and len(reproduced) >= 2:
        runs = ", ".join(reproduced[-3:])
        return Band(metric, reference, reference, "exact",
                    f"{len(reproduced)} runs of a deterministic tier reproduced it: {runs}", reference, 0.0)
    spread = max(distinct) - min(distinct) if len(values) >= 2 else None
    if metric in ALWAYS_BANDED:
        n = _none(group_runs.loc[group_runs["run_id"] == reference_run, "n"].iloc[0]) or 0
        if not n:
            return Band(metric, None, None, "no evidence", "the reference run has no cases", reference)
        one_case = 1.0 / n if metric in RATES else 1.0
        if spread is not None and not deterministic and spread > one_case:
            tolerance = spread
            evidence = f"measured drift across {len(values)} runs of the same inputs, wider than one case of {n}"
            basis = "measured drift"
        else:
            tolerance, basis, evidence = one_case, "one case", f"one case of the denominator n={n}"
        high = min(1.0, reference + tolerance) if metric in RATES else reference + tolerance
        return Band(metric, max(0.0, reference - tolerance), high, basis, evidence, reference, tolerance)
    if spread is None:
        return Band(metric, None, None, "no evidence",
                    f"one run ({reference_run}); a same-input drift needs two", reference)
    tolerance = DRIFT_MARGIN * spread
    evidence = (f"{DRIFT_MARGIN:g}x the widest drift measured across {len(values)} runs of the same inputs "
                f"({_fmt(metric, spread)})")
    if metric.startswith("latency") and tolerance < LATENCY_FLOOR_MS:
        tolerance = LATENCY_FLOOR_MS
        evidence += f", widened to the {LATENCY_FLOOR_MS:g} ms noise floor"
    return Band(metric, max(0.0, reference - tolerance), reference + tolerance, "measured drift", evidence,
                reference, tolerance)


def what_changed(run_a: Mapping, run_b: Mapping) -> list[str]:
    """What differs between two runs' recorded settings and provenance (git revision, versions, model)."""
    changes = []
    for name in COMPARED_FIELDS:
        a, b = _none(run_a.get(name)), _none(run_b.get(name))
        if a != b:
            changes.append(f"{name} {a or '—'} -> {b or '—'}")
    if _none(run_b.get("git_dirty")) is True and _none(run_a.get("git_dirty")) is True:
        # both dirty: the revision does not pin the code, so "nothing differs" cannot be said
        changes.append("git_dirty: both runs were recorded with uncommitted changes, so the same revision "
                       "need not be the same code")
    settings_a, settings_b = _guards(run_a.get("settings")), _guards(run_b.get("settings"))
    for key in sorted(set(settings_a) | set(settings_b)):
        if settings_a.get(key) != settings_b.get(key):
            changes.append(f"settings.{key} {_shown(settings_a.get(key))} -> {_shown(settings_b.get(key))}")
    guards_a, guards_b = _guards(run_a.get("guards")), _guards(run_b.get("guards"))
    changes.extend(f"guard {name} {_shown(guards_a.get(name), False)} -> {_shown(guards_b.get(name), False)}"
                   for name in GUARD_NAMES if guards_a.get(name) != guards_b.get(name))
    return changes


def _shown(value: object, quote: bool = True) -> str:
    """A setting as a reader sees it: an absent one is "unset", never Python's None."""
    if value is None:
        return "unset"
    return repr(value) if quote else str(value)


def changed_settings(run_a: Mapping, run_b: Mapping) -> str:
    """What changed between two runs, the served model and the settings first (guards and revision last)."""
    changes = what_changed(dict(run_a), dict(run_b))
    first = [c for c in changes if c.startswith("settings.served_model")]
    rest = [c for c in changes if not c.startswith(("settings.served_model", "guard "))]
    return "; ".join(first + rest) or "nothing recorded beyond the guards"


@dataclass
class Check:
    """The outcome of differencing one run against its last comparable run."""

    run: dict | None
    against: dict | None
    deviations: list[Deviation]
    within: list[Deviation]
    bands: dict[str, Band]
    reason: str | None = None  # why nothing was differenced
    labels: list[str] = field(default_factory=list)  # a run picked by hand that is not a clean result

    @property
    def crossed(self) -> list[Deviation]:
        return [d for d in self.deviations if d.crossed]


def check(store: Store, run_id: str | None = None, against: str | None = None, kind: str = "eval",
          frame: pd.DataFrame | None = None) -> Check:
    """Every watched figure of a run (default: the latest finished `kind` run) against its last
    comparable run (or `against`), with the band each was judged by. `frame` may pass in
    run_figures() already read (all kinds), to save reading it again."""
    if frame is None:
        frame = run_figures(store, None if run_id else kind)
    elif not run_id:
        frame = frame[frame["kind"] == kind]
    finished = frame[frame["status"] == "finished"]
    if against and store.kind_of(against) is None:
        raise NotFound(f"--against: no run {against!r} in {store.path}")
    labels = []
    if run_id:
        if run_id not in set(frame["run_id"]):
            raise NotFound(f"no run {run_id!r} in {store.path}")
        target = frame[frame["run_id"] == run_id].iloc[0]
        if target["status"] == "running":
            raise UsageError(f"run {run_id} is {target['status']}, not finished: its figures are not final")
        if target["status"] != "finished":
            labels.append(_picked(target))
    elif finished.empty:
        return Check(None, None, [], [], {}, reason=f"no finished {kind} run recorded yet")
    else:
        target = finished.iloc[0]
    peers = finished[(finished["guard_key"] == target["guard_key"]) & (finished["run_id"] != target["run_id"])]
    if against:
        if against not in set(frame["run_id"]):
            theirs = store.kind_of(against)
            if theirs is not None:
                raise NotComparable(f"run {against} is of kind {theirs!r}, not {kind!r} like {target['run_id']}: "
                                    "they may not be differenced")
            raise NotFound(f"no run {against!r} in {store.path}")
        base = frame[frame["run_id"] == against].iloc[0]
        differ = differing(_guards(base["guards"]), _guards(target["guards"]))
        if differ:
            raise NotComparable(f"runs {against} and {target['run_id']} may not be differenced: their guards differ "
                                f"({', '.join(differ)}); changed: {changed_settings(base, target)}")
        if base["status"] == "running":
            raise UsageError(f"run {against} is {base['status']}, not finished: it cannot anchor a band")
        if base["status"] != "finished":
            labels.append(_picked(base))
        history = peers[(peers["started_at"] < target["started_at"]) | (peers["run_id"] == against)]
    else:
        history = peers[peers["started_at"] < target["started_at"]]
        if history.empty:
            others = finished[(finished["guard_key"] != target["guard_key"])
                              & (finished["started_at"] < target["started_at"])]
            reason = f"nothing comparable: {target['run_id']} is the first finished run with its guards"
            if not others.empty:
                latest = others.iloc[0]
                differ = differing(_guards(latest["guards"]), _guards(target["guards"]))
                reason += (f" (the previous run {latest['run_id']} differs in {', '.join(differ)}; "
                           f"changed: {changed_settings(latest, target)})")
            return Check(target.to_dict(), None, [], [], {}, reason=reason, labels=labels)
        base = history.sort_values("started_at").iloc[-1]
    history = history.sort_values("started_at")
    changed = what_changed(base.to_dict(), target.to_dict())
    deviations: list[Deviation] = []
    within: list[Deviation] = []
    bands: dict[str, Band] = {}
    for metric in WATCHED:
        limits = band(metric, history, reference_run=base["run_id"])
        bands[metric] = limits
        value_a, value_b = _none(base[metric]), _none(target[metric])
        deviation = Deviation(metric, base["run_id"], target["run_id"], value_a, value_b, limits, changed)
        (deviations if deviation.crossed else within).append(deviation)
    return Check(target.to_dict(), base.to_dict(), deviations, within, bands, labels=labels)


def _picked(run: pd.Series) -> str:
    """The label of a degraded, partial or incomplete run someone asked for by name."""
    note = f": {run['status_note']}" if isinstance(run.get("status_note"), str) and run["status_note"] else ""
    return f"run {run['run_id']} is {str(run['status']).upper()}{note}"


def deviations(store: Store, run_id: str | None = None, against: str | None = None) -> list[Deviation]:
    """Watched figures of the latest (or given) run outside the band of its last comparable run (or the given one)."""
    return check(store, run_id, against).deviations
