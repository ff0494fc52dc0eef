"""Runs: the history grouped by guards, alarm bands and deviations, charts, and starting a run."""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from core import tiers
from core.bands import COUNTS, RATES, WATCHED, comparable_groups
from core.compare import PER_CASE
from core.corpus import SPLIT_NAMES
from core.guards import differing
from dashboard import jobs, ui

SHOWN_GROUPS = 12  # groups beyond these (the oldest) share one table, so the page stays fast
# The watched figures as a product manager names them, and which way is better.
NAMES = {
    "decision_accuracy": "decisions right", "stopped_early": "stopped early", "stopped_wrong": ui.STOPPED_WRONG,
    "wrong": "wrong facts", "missed": "missed facts", "unparsed": "replies that could not be read",
    "latency_p50_ms": "median latency", "latency_p95_ms": "95th-percentile latency",
    "input_tokens_per_turn": "tokens in per turn", "output_tokens_per_turn": "tokens out per turn",
    "cost_per_turn_usd": "cost per turn",
}
HIGHER_IS_BETTER = {"decision_accuracy"}

ui.init_state({"my_jobs": []})


def figure_text(metric: str, value: object) -> str:
    """A watched figure in the unit its band is drawn in: rates in percent, counts whole, dollars as dollars."""
    if value is None or pd.isna(value):
        return "—"
    if metric in RATES:
        return f"{100 * float(value):.2f}%"
    if metric in COUNTS:
        return f"{float(value):,.0f}"
    if metric == "cost_per_turn_usd":
        return f"${float(value):.6f}"
    return f"{float(value):,.1f}" + (" ms" if metric.startswith("latency") else "")


def direction(metric: str, before: object, after: object) -> str:
    """`better`, `worse` or `changed` (when there is no figure on one side to tell)."""
    if before is None or after is None or pd.isna(before) or pd.isna(after) or before == after:
        return "changed"
    up = float(after) > float(before)
    return "better" if up == (metric in HIGHER_IS_BETTER) else "worse"


def deviation_sentence(d) -> tuple[str, str]:
    """One sentence per crossed band, and its direction."""
    way = direction(d.metric, d.value_a, d.value_b)
    what = "; ".join(d.changed) or "nothing recorded differs between the two runs"
    return (f"**{NAMES.get(d.metric, d.metric).capitalize()}** went from {figure_text(d.metric, d.value_a)} to "
            f"{figure_text(d.metric, d.value_b)} ({way}), outside its band. What changed: {what}."), way


def axis_format(metric: str) -> dict:
    """An axis that reads like the figure: whole numbers for counts, percent for rates."""
    if metric in COUNTS:
        return {"format": "d", "tickMinStep": 1}
    if metric in RATES:
        return {"format": ".0%"}
    if metric == "cost_per_turn_usd":
        return {"format": "$.2~g"}
    return {"format": ",.0f"}


def model_text(model: object, settings: object) -> str:
    """The model as the server named it (else as asked for), and whether the server is on this machine."""
    try:
        spec = json.loads(settings) if isinstance(settings, str) else dict(settings or {})
    except (ValueError, TypeError):
        spec = {}
    name = spec.get("served_model") or (None if model is None or pd.isna(model) else model)
    if not name:
        return "—"
    return f"{name} ({spec['host_kind']})" if spec.get("host_kind") else str(name)


def repeats_text(repeats: object, agreement: object) -> str:
    """A run's repeats and how often they agreed; a single pass is a dash."""
    if pd.isna(repeats) or int(repeats) <= 1:
        return "—"
    agreed = "" if agreement is None or pd.isna(agreement) else f" ({100 * float(agreement):.1f}% agree)"
    return f"{int(repeats)}{agreed}"


def history_view(frame: pd.DataFrame) -> pd.DataFrame:
    """The history as people read it: accuracy with its interval, labels on simulated tiers."""
    accuracy = [
        "—" if pd.isna(acc) else f"{100 * acc:.1f}% [{100 * low:.1f}–{100 * high:.1f}]"
        for acc, low, high in zip(frame["decision_accuracy"], frame["acc_low"], frame["acc_high"], strict=True)
    ]
    return pd.DataFrame({
        "run": frame["run_id"],
        "kind": frame["kind"].map({"eval": "evaluation", "floor": "floor", "redteam": "red team",
                                   "contract": "contract", "generality": "generality"}).fillna(frame["kind"]),
        "tier": [ui.tier_label(t, k) for t, k in zip(frame["tier"], frame["tier_kind"], strict=True)],
        "model": [model_text(m, s) for m, s in zip(frame.get("model", pd.Series([None] * len(frame))),
                                                     frame.get("settings", pd.Series([None] * len(frame))),
                                                     strict=True)],
        "corpus": frame["service"].fillna("") + " " + frame["segment"].fillna("")
        + frame["schema_variant"].fillna("").map(lambda v: f" {v}" if v else ""),
        "split": frame["split"].fillna(""),
        "cases": frame["n"],
        "repeats (agreement)": [repeats_text(r, a) for r, a in zip(
            frame.get("repeats", pd.Series([1] * len(frame))), frame.get("agreement", pd.Series([None] * len(frame))),
            strict=True)],
        "decisions right (95% CI)": accuracy,
        "stopped early": frame["stopped_early"],
        ui.STOPPED_WRONG: frame["stopped_wrong"],
        "wrong facts": frame["wrong"],
        "unreadable replies": frame["unparsed"],
        "median latency ms": frame["latency_p50_ms"].round(1),
        "95th pct latency ms": frame["latency_p95_ms"].round(1),
        "tokens in per turn": frame["input_tokens_per_turn"].round(0),
        "tokens out per turn": frame["output_tokens_per_turn"].round(0),
        "$ per turn": pd.to_numeric(frame["cost_per_turn_usd"], errors="coerce"),
        "started (UTC)": frame["started_at"].map(ui.when),
        "status": frame["status"],
    })


COLUMNS = {
    "$ per turn": st.column_config.NumberColumn(format="$%.6f"),
    ui.STOPPED_WRONG: st.column_config.NumberColumn(format="localized", help=ui.STOPPED_WRONG_HELP),
    **{name: st.column_config.NumberColumn(format="localized") for name in (
        "cases", "stopped early", "wrong facts", "unreadable replies", "median latency ms", "95th pct latency ms",
        "tokens in per turn", "tokens out per turn")},
}


def show_history(figures: pd.DataFrame) -> list:
    """Eval and floor runs grouped by guards; red-team and contract runs listed apart (their own pages)."""
    graded = figures[figures["kind"].isin(["eval", "floor"])]
    groups = comparable_groups(ui.store(), kind=None, frame=graded) if not graded.empty else []
    st.caption(f"{len(graded):,} eval and floor runs in {len(groups):,} comparable groups. Runs are differenced "
               "only inside a group: its case set, checklist, prompt, grader and tier settings all match. A run "
               f"that repeated its cases counts each case once, by {PER_CASE}, in its cases, decisions and "
               "interval; how often its repeats agreed is shown on its own.")
    newest = groups[0].guards if groups else {}
    view = history_view(graded).set_index("run", drop=False)  # built once, sliced per group

    def rows(group) -> pd.DataFrame:
        return view.loc[list(group.runs["run_id"].iloc[::-1])]

    for number, group in enumerate(groups[:SHOWN_GROUPS], start=1):
        head = group.runs.iloc[-1]
        title = (f"Group {number}: {ui.tier_label(head['tier'], head['tier_kind'])} · {head['kind']} · "
                 f"{ui.text(head['service'])} {ui.text(head['split'])} · {len(group.runs)} run(s)")
        with st.expander(title, expanded=number == 1):
            differ = differing(newest, group.guards)
            if differ:
                st.caption(f"Shown apart from group 1: the guards that differ are {', '.join(differ)}.")
            ui.table(rows(group), hide_index=True, column_config=COLUMNS)
    if len(groups) > SHOWN_GROUPS:
        older = groups[SHOWN_GROUPS:]
        with st.expander(f"{len(older)} older groups in one table (runs of different groups are never differenced)"):
            ui.table(pd.concat([rows(g).assign(group=n) for n, g in enumerate(older, start=SHOWN_GROUPS + 1)]),
                         hide_index=True, column_config=COLUMNS)
    others = figures[~figures["kind"].isin(["eval", "floor"])]
    if not others.empty:
        with st.expander(f"Red-team, contract and generality runs ({len(others)}): see their pages"):
            ui.table(history_view(others)[["run", "kind", "tier", "cases", "started (UTC)", "status"]],
                         hide_index=True)
    return groups


def show_bands(figures: pd.DataFrame) -> None:
    evals = figures[(figures["kind"] == "eval") & (figures["status"] == "finished")]
    if evals.empty:
        ui.empty_state("No finished eval run yet, so no band can be drawn: start one above.")
        return
    cols = st.columns(2)
    run_id = cols[0].selectbox("Run", list(evals["run_id"]), key="bands_run")
    target = evals[evals["run_id"] == run_id].iloc[0]
    peers = evals[(evals["guard_key"] == target["guard_key"]) & (evals["run_id"] != run_id)]
    against = cols[1].selectbox("Against", ["its last comparable run", *peers["run_id"]], key="bands_against")
    result = ui.check(ui.db(), run_id, None if against.startswith("its last") else against)
    if result.reason:
        # the reason names every setting that differs, as the store records it: the sentence first, the list apart
        head, _, detail = result.reason.partition(" (")
        st.info(ui.sentence(head) + " A band needs an earlier run with the same case set, checklist, prompt, grader "
                "and tier settings: run the same tier on the same split again.")
        if detail:
            with st.expander("What differs from the previous run"):
                st.code(detail.rstrip(")"), language=None, wrap_lines=True)
        return
    colours = {"better": st.success, "worse": st.error, "changed": st.warning}
    if result.crossed:
        for deviation in result.crossed:
            sentence, way = deviation_sentence(deviation)
            colours[way](sentence)
    else:
        st.success(f"No watched figure of {run_id} left its band against {result.against['run_id']}.")
    with st.expander("The bands and their evidence", expanded=False):
        ui.table(pd.DataFrame([{
            "metric": d.metric, "figure": NAMES.get(d.metric, d.metric), "run a": d.run_a,
            "value a": figure_text(d.metric, d.value_a), "run b": d.run_b, "value b": figure_text(d.metric, d.value_b),
            "band": d.band.describe(), "basis": d.band.basis, "crossed": d.crossed,
            "what changed": "; ".join(d.changed) or "nothing recorded",
        } for d in [*result.deviations, *result.within]]), hide_index=True)
    st.caption(f"The same check from a terminal in the project folder (it exits non-zero when a band is crossed, "
               f"for CI): `{ui.command('check', '--run', run_id)}`")


def band_of(group, metric: str) -> tuple[float, float] | None:
    """The band the group's newest run is judged by, for the metric (None when it has no evidence)."""
    newest = group.runs["run_id"].iloc[-1]
    try:
        result = ui.check(ui.db(), newest, None)
    except (KeyError, ValueError):
        return None
    band = next((d.band for d in [*result.deviations, *result.within] if d.metric == metric), None)
    if band is None or band.low is None or band.high is None:
        return None
    return band.low, band.high


def show_charts(groups: list) -> None:
    trend = [g for g in groups if len(g.runs) >= 2]
    if not trend:
        st.caption("A chart needs two runs in one comparable group: run the same tier on the same cases again.")
        return
    labels = {f"Group {groups.index(g) + 1}: {g.runs['tier'].iloc[-1]} · {len(g.runs)} runs": g for g in trend}
    group = labels[st.selectbox("Comparable group", list(labels), key="chart_group")]
    metrics = st.multiselect("Metrics", WATCHED, default=["decision_accuracy", "stopped_early", "stopped_wrong",
                                                          "wrong", "latency_p50_ms"], key="chart_metrics",
                             format_func=lambda m: NAMES.get(m, m))
    if not metrics:
        return
    long = group.runs.melt(id_vars=["run_id", "started_at"], value_vars=metrics, var_name="metric")
    long = long.dropna(subset=["value"])
    # Vega-Lite written as plain data: building the same charts through Altair (its import, a deep copy
    # and a schema validation of every layer) took most of a first visit to this page.
    charts = []
    for metric in metrics:  # one small chart per metric, each with an axis in its own unit
        mine = long[long["metric"] == metric]
        if mine.empty:
            continue
        name = NAMES.get(metric, metric)
        points = [{"run_id": rid, "started_at": f"{pd.Timestamp(at).isoformat()}Z", "value": float(value)}
                  for rid, at, value in zip(mine["run_id"], mine["started_at"], mine["value"], strict=True)]
        line = {"data": {"values": points}, "mark": {"type": "line", "point": True}, "encoding": {
            "x": {"field": "started_at", "type": "temporal", "title": "started (UTC)", "scale": {"type": "utc"},
                  "axis": {"format": "%d %b %H:%M"}},
            "y": {"field": "value", "type": "quantitative", "title": None, "axis": axis_format(metric)},
            "tooltip": [{"field": "run_id", "type": "nominal"},
                        {"field": "value", "type": "quantitative", "title": name}]}}
        layers = [line]
        if (band := band_of(group, metric)) is not None:
            strip = {"values": [{"low": band[0], "high": band[1]}]}
            rule = {"type": "rule", "color": "#2e7d32", "strokeDash": [4, 3]}
            layers[:0] = [
                {"data": strip, "mark": {"type": "rect", "opacity": 0.18, "color": "#2e7d32"}, "encoding": {
                    "y": {"field": "low", "type": "quantitative"}, "y2": {"field": "high"},
                    "tooltip": [{"field": "low", "type": "quantitative", "title": "band from"},
                                {"field": "high", "type": "quantitative", "title": "band to"}]}},
                {"data": strip, "mark": rule, "encoding": {"y": {"field": "low", "type": "quantitative"}}},
                {"data": strip, "mark": rule, "encoding": {"y": {"field": "high", "type": "quantitative"}}}]
        charts.append({"layer": layers, "height": 160, "width": 260, "title": name})
    if charts:
        st.vega_lite_chart(spec={"vconcat": [{"hconcat": charts[i:i + 3]} for i in range(0, len(charts), 3)]})
        st.caption("The shaded strip is the band the newest run of the group is judged by; a point outside it is a "
                   "deviation.")


def start_form() -> None:
    names = sorted(tiers.load_tiers(), key=lambda n: (n != "offline", n))
    services = ui.services_with_dialogues()
    if not services:
        st.info("No service has dialogues on this machine, so no run can start: add an SGD folder (SGD_DIR).")
        return
    recorded = list(ui.runs(ui.db(), "eval", brief=True)["run_id"])
    with st.form("start_run"):
        cols = st.columns(4)
        tier = cols[0].selectbox("Tier", names, format_func=ui.tier_option, key="start_tier")
        service = cols[1].selectbox("Service", services, index=ui.default_index(services), key="start_service")
        split = cols[2].selectbox("Split", SPLIT_NAMES, key="start_split")
        concurrency = cols[3].number_input("Concurrency", min_value=1, max_value=64, value=1, key="start_concurrency")
        from_run = st.selectbox("Replay from run (replay tier only)", ["—", *recorded], key="start_from_run")
        if st.form_submit_button("Start run"):
            if note := ui.tier_note(tier):
                st.error(f"The {tier} tier cannot answer here: {note}. Pick another tier.")
                return
            if tiers.load_tiers()[tier].kind == "replay" and from_run == "—":
                st.error("The replay tier re-serves a recorded run: pick the run to replay.")
                return
            job = jobs.start(ui.job_registry(), ui.db(), tier, service, split, int(concurrency),
                             from_run=None if from_run == "—" else from_run, overrides=ui.tier_overrides(tier))
            st.session_state.my_jobs.append(job.job_id)


st.title("Runs")
figures = ui.run_figures(ui.db())
with st.expander("Start a run", expanded=figures.empty):
    start_form()
ui.job_panel("my_jobs")
if figures.empty:
    ui.empty_state("No run is recorded in this store yet: start one above.", ui.fill_runs())
    st.stop()

st.subheader("History")
groups = show_history(figures)
st.subheader("Bands and deviations")
show_bands(figures)
st.subheader("Watched metrics within a comparable group")
show_charts(groups)
