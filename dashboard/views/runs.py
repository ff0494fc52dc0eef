"""Runs: the history grouped by guards, alarm bands and deviations, charts, and starting a run."""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from core import tiers
from core.bands import COUNTS, RATES, WATCHED, comparable_groups
from core.corpus import SPLIT_NAMES
from core.guards import differing
from dashboard import jobs, ui

SHOWN_GROUPS = 12  # groups beyond these (the oldest) share one table, so the page stays fast

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
    return f"{float(value):,.1f}"


def axis_format(metric: str) -> alt.Axis:
    """An axis that reads like the figure: whole numbers for counts, percent for rates."""
    if metric in COUNTS:
        return alt.Axis(format="d", tickMinStep=1)
    if metric in RATES:
        return alt.Axis(format=".0%")
    if metric == "cost_per_turn_usd":
        return alt.Axis(format="$.2~g")
    return alt.Axis(format=",.0f")


def history_view(frame: pd.DataFrame) -> pd.DataFrame:
    """The history as people read it: accuracy with its interval, labels on simulated tiers."""
    accuracy = [
        "—" if pd.isna(acc) else f"{100 * acc:.1f}% [{100 * low:.1f}–{100 * high:.1f}]"
        for acc, low, high in zip(frame["decision_accuracy"], frame["acc_low"], frame["acc_high"], strict=True)
    ]
    return pd.DataFrame({
        "run": frame["run_id"],
        "kind": frame["kind"],
        "tier": [ui.tier_label(t, k) for t, k in zip(frame["tier"], frame["tier_kind"], strict=True)],
        "corpus": frame["service"].fillna("") + " " + frame["segment"].fillna("")
        + frame["schema_variant"].fillna("").map(lambda v: f" {v}" if v else ""),
        "split": frame["split"],
        "n": frame["n"],
        "decisions (95% CI)": accuracy,
        "stopped early": frame["stopped_early"],
        "wrong facts": frame["wrong"],
        "unparsed": frame["unparsed"],
        "latency p50 ms": frame["latency_p50_ms"].round(1),
        "latency p95 ms": frame["latency_p95_ms"].round(1),
        "tokens in/turn": frame["input_tokens_per_turn"].round(0),
        "tokens out/turn": frame["output_tokens_per_turn"].round(0),
        "$ per turn": frame["cost_per_turn_usd"],
        "started": frame["started_at"],
        "status": frame["status"],
    })


def show_history(figures: pd.DataFrame) -> list:
    """Eval and floor runs grouped by guards; red-team and contract runs listed apart (their own pages)."""
    graded = figures[figures["kind"].isin(["eval", "floor"])]
    groups = comparable_groups(ui.store(), kind=None, frame=graded) if not graded.empty else []
    st.caption(f"{len(graded):,} eval and floor runs in {len(groups):,} comparable groups. Runs are differenced "
               "only inside a group: its case set, checklist, prompt, grader and tier settings all match.")
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
            st.dataframe(rows(group), hide_index=True,
                         column_config={"$ per turn": st.column_config.NumberColumn(format="$%.6f")})
    if len(groups) > SHOWN_GROUPS:
        older = groups[SHOWN_GROUPS:]
        with st.expander(f"{len(older)} older groups in one table (runs of different groups are never differenced)"):
            st.dataframe(pd.concat([rows(g).assign(group=n) for n, g in enumerate(older, start=SHOWN_GROUPS + 1)]),
                         hide_index=True)
    others = figures[~figures["kind"].isin(["eval", "floor"])]
    if not others.empty:
        with st.expander(f"Red-team and contract runs ({len(others)}): see their pages"):
            st.dataframe(history_view(others)[["run", "kind", "tier", "n", "started", "status"]], hide_index=True)
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
        st.info(result.reason)
        return
    if result.crossed:
        for deviation in result.crossed:
            st.error(deviation.describe())
    else:
        st.success(f"No watched figure of {run_id} left its band against {result.against['run_id']}.")
    st.dataframe(pd.DataFrame([{
        "metric": d.metric, "run a": d.run_a, "value a": figure_text(d.metric, d.value_a), "run b": d.run_b,
        "value b": figure_text(d.metric, d.value_b),
        "band": d.band.describe(), "basis": d.band.basis, "crossed": d.crossed,
        "what changed": "; ".join(d.changed) or "nothing recorded",
    } for d in [*result.deviations, *result.within]]), hide_index=True)
    st.caption("`python -m evals check [--against RUN_ID]` prints the same and exits non-zero when a band is "
               "crossed.")


def show_charts(groups: list) -> None:
    trend = [g for g in groups if len(g.runs) >= 2]
    if not trend:
        st.caption("A chart needs two runs in one comparable group: run the same tier on the same cases again.")
        return
    labels = {f"Group {groups.index(g) + 1}: {g.runs['tier'].iloc[-1]} · {len(g.runs)} runs": g for g in trend}
    group = labels[st.selectbox("Comparable group", list(labels), key="chart_group")]
    metrics = st.multiselect("Metrics", WATCHED, default=["decision_accuracy", "stopped_early", "wrong",
                                                          "latency_p50_ms"], key="chart_metrics")
    if not metrics:
        return
    long = group.runs.melt(id_vars=["run_id", "started_at"], value_vars=metrics, var_name="metric")
    long = long.dropna(subset=["value"])
    # one small chart per metric, each with an axis in its own unit (a shared facet axis cannot be)
    charts = [alt.Chart(long[long["metric"] == metric]).mark_line(point=True).encode(
        x=alt.X("started_at:T", title="started"), y=alt.Y("value:Q", title=None, axis=axis_format(metric)),
        tooltip=["run_id", "metric", "value"],
    ).properties(height=160, width=260, title=metric) for metric in metrics if (long["metric"] == metric).any()]
    if charts:
        st.altair_chart(alt.vconcat(*[alt.hconcat(*charts[i:i + 3]) for i in range(0, len(charts), 3)]))


def start_form() -> None:
    names = list(tiers.load_tiers())
    with st.form("start_run"):
        cols = st.columns(4)
        labels = {n: tiers.load_tiers()[n].label + (f" — {note}" if (note := ui.tier_note(n)) else "") for n in names}
        tier = cols[0].selectbox("Tier", names, format_func=labels.get, key="start_tier")
        service = cols[1].selectbox("Service", ui.services(), index=ui.services().index(ui.DEFAULT_SERVICE)
                                    if ui.DEFAULT_SERVICE in ui.services() else 0, key="start_service")
        split = cols[2].selectbox("Split", SPLIT_NAMES, key="start_split")
        concurrency = cols[3].number_input("Concurrency", min_value=1, max_value=64, value=1, key="start_concurrency")
        from_run = st.text_input("Replay from run (replay tier only)", "", key="start_from_run")
        if st.form_submit_button("Start run"):
            job = jobs.start(ui.job_registry(), ui.db(), tier, service, split, int(concurrency),
                             from_run=from_run.strip() or None, overrides=ui.tier_overrides(tier))
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
