"""Generality: how the free offline tier does on every service of the local SGD folder, from the latest
generality run (`python -m evals report`): group totals and one row per service, each figure beside the
score of always stopping."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from core.generality import GROUP_LABELS, floor_verdict
from dashboard import jobs, ui

MODES = {"gold": "given (the corpus names it)", "predicted": "read from the conversation"}
GROUP_NAMES = {**GROUP_LABELS, "all": "every service"}
SPLIT_NAMES = {"train": "training", "dev": "development", "test": "test"}

ui.init_state({"generality_jobs": []})


def start_button(label: str) -> None:
    if st.button(label, key="generality_start"):
        job = jobs.start_generality(ui.job_registry(), ui.db())
        st.session_state.generality_jobs.append(job.job_id)
        st.rerun()


def share(rate: dict | None) -> str:
    """A rate as a percentage with its 95% interval: `96.2% (95.4–96.9%)`."""
    if not rate or not rate.get("n"):
        return "—"
    return f"{100 * rate['value']:.1f}% ({100 * rate['low']:.1f}–{100 * rate['high']:.1f}%)"


def early(figures: dict) -> str:
    rate = figures["stopped_early_rate"]
    explained = figures.get("stopped_early_gold_errata", 0)
    errata = f"; {explained:,} on reviewed gold errata" if explained else ""
    if not rate["n"]:
        return f"{figures['stopped_early']:,}{errata}"
    return f"{figures['stopped_early']:,} of {rate['n']:,} ({100 * rate['value']:.1f}%{errata})"


def changed(sgd_x: dict | None) -> str:
    if not sgd_x:
        return "no reworded checklist"
    rate = sgd_x.get("changed_rate", sgd_x)
    return f"{rate['hits']:,} of {rate['n']:,} ({100 * rate['value']:.1f}%)" if rate["n"] else "—"


def group_table(groups: dict, mode: str) -> pd.DataFrame:
    rows = [body | {"group": name} for name, body in groups.items()]
    return pd.DataFrame({
        "services": [GROUP_NAMES.get(r["group"], r["group"]) for r in rows],
        "how many": [f"{len(r['services']):,}" for r in rows],
        "cases": [f"{r['cases']:,}" for r in rows],
        "decisions right": [share(r[mode]["decisions"]) for r in rows],
        "always stopping would score": [share(r[mode]["always_stop"]) for r in rows],
        "services not beating that": [f"{len(r[mode]['below_floor']):,}" for r in rows],
        "stopped too early (of cases that should ask)": [early(r[mode]) for r in rows],
        "facts right when stated": [share(r[mode]["precision"]) for r in rows],
        "facts missed": [f"{r[mode]['missed']:,}" for r in rows],
        "decision changed by a reworded checklist": [changed(r.get("sgd_x")) for r in rows],
    })


def service_table(rows: list[dict], mode: str) -> pd.DataFrame:
    return pd.DataFrame({
        "service": [r["service"] for r in rows],
        "dialogues from": [SPLIT_NAMES.get(r["split"], r["split"]) for r in rows],
        "seen in training": ["yes" if r["seen_in_train"] else "no" for r in rows],
        "cases": [f"{r['cases']:,}" for r in rows],
        "decisions right": [share(r[mode]["decisions"]) for r in rows],
        "always stopping would score": [share(r[mode]["always_stop"]) for r in rows],
        "beats always stopping": [floor_verdict(r[mode]) for r in rows],
        "stopped too early": [early(r[mode]) for r in rows],
        "facts right when stated": [share(r[mode]["precision"]) for r in rows],
        "facts missed": [f"{r[mode]['missed']:,}" for r in rows],
        "decision changed by a reworded checklist": [changed(r.get("sgd_x")) for r in rows],
    })


def run_label(run_id: str, started: object, guards: object) -> str:
    """A report as offered for picking: when, which tier version, and whether the agent's questions were hidden."""
    guards = ui.loads(guards) or {}
    hidden = " · agent questions hidden" if guards.get("agent_asks") == "emptied" else ""
    return f"{ui.when(started)} · {ui.text(guards.get('extractor', ''))}{hidden} · {run_id}"


def pick_run(history: pd.DataFrame) -> pd.Series:
    labels = {rid: run_label(rid, at, guards) for rid, at, guards
              in zip(history["run_id"], history["started_at"], history["guards"], strict=True)}
    if len(labels) == 1:
        return history.iloc[0]
    run_id = st.selectbox("Report", list(labels), format_func=labels.get, key="generality_run")
    return history[history["run_id"] == run_id].iloc[0]


st.title("Generality")
st.caption("How the free offline tier does on every service of the local corpus, including services whose "
           "checklist it never saw while it was built. Each figure stands beside what always stopping would score "
           "on the same cases: a tier that does not beat it has learned nothing there.")
history = ui.runs(ui.db(), "generality")
history = history[history["status"] == "finished"] if not history.empty else history
ui.job_panel("generality_jobs")
if history.empty:
    start_button("Measure every service now")
    ui.empty_state("No generality report is recorded yet: press the button above (it takes a few minutes over the "
                   "whole corpus).", ui.command("report"))
    st.stop()

run = pick_run(history)
summary = ui.loads(run["summary"]) or {}
settings = summary.get("settings") or {}
rows, groups = summary.get("rows") or [], summary.get("groups") or {}
if not rows:
    st.info(f"Report {run['run_id']} recorded no service.")
    st.stop()
modes = [m for m in settings.get("intent_modes") or ["gold"] if m in MODES]
asks = "kept" if settings.get("agent_asks", True) else "hidden from the tier"
took = f", took {summary['wall_s'] / 60:,.1f} minutes" if summary.get("wall_s") else ""
version = (ui.loads(run["settings"]) or {}).get("extractor", "?")
st.caption(f"Report {run['run_id']}, started {ui.when(run['started_at'])}{took}. Tier {ui.escape(run['tier'])} "
           f"(version {ui.escape(version)}); the agent's own questions were {asks}; conversations cut at the end "
           "of each task.")
mode = st.radio("Intent", modes, format_func=MODES.get, horizontal=True, key="generality_mode") if len(modes) > 1 \
    else modes[0]

st.header("By group")
ui.table(group_table(groups, mode))
unseen = groups.get("unseen")
if unseen:
    beaten = unseen["rows"] - len(unseen[mode]["below_floor"])  # a row: one service's dialogues of one split
    st.markdown(f"On the **{len(unseen['services']):,} services never seen in training**, "
                f"{share(unseen[mode]['decisions'])} of {unseen['cases']:,} decisions are right, against "
                f"{share(unseen[mode]['always_stop'])} for always stopping; {beaten:,} of "
                f"{unseen['rows']:,} beat it.")
st.caption("Percentages carry their 95% interval. Stopped too early: the tier ended the conversation while a "
           "required fact was still missing. Facts right when stated: of the facts the tier filled in, the share "
           "the corpus agrees with. Reworded checklist: the same conversations under five rewordings of every "
           "fact's name and description; a well-behaved tier decides the same way.")

st.header("By service")
ui.table(service_table(rows, mode))
start_button("Measure again")
with st.expander("Run it from a terminal"):
    st.code(ui.command("report"), language=None)
