"""Compare: two runs on the same cases, side by side, with deltas, a paired test read as a plain verdict,
and both runs' extractions of a case where they disagree."""

from __future__ import annotations

from urllib.parse import quote

import pandas as pd
import streamlit as st

from core.compare import PER_CASE, compare_runs
from dashboard import ui

COMPARABLE = ("eval", "floor")  # red-team and contract runs are read on their own pages
ROWS = (
    ("decisions right", lambda s: ui.rate_text(s["decision_accuracy"]), lambda s: s["decision_accuracy"]["value"],
     "pp"),
    ("stopped early", lambda s: f"{s['stopped_early']:,} of {s['decision_accuracy']['n']:,}",
     lambda s: s["stopped_early"], "count"),
    (ui.STOPPED_WRONG, lambda s: f"{s['stopped_wrong']:,} of {s['decision_accuracy']['n']:,}",
     lambda s: s["stopped_wrong"], "count"),
    ("wrong facts", lambda s: f"{s['wrong']:,} of {s['stated']:,} stated", lambda s: s["wrong"], "count"),
    ("missed facts", lambda s: f"{s['missed']:,}", lambda s: s["missed"], "count"),
    ("facts right of those stated", lambda s: ui.pct(s["fact_precision"]), lambda s: s["fact_precision"], "pp"),
    ("replies that could not be read", lambda s: f"{s['unparsed']:,}", lambda s: s["unparsed"], "count"),
    ("empty replies", lambda s: f"{s['empty_replies']:,}", lambda s: s["empty_replies"], "count"),
    ("latency, median / 95th percentile", lambda s: "—" if s["latency_p50_ms"] is None else
     f"{ui.number(s['latency_p50_ms'], 1)} / {ui.number(s['latency_p95_ms'], 1)} ms", lambda s: s["latency_p50_ms"],
     "ms"),
    ("tokens per turn, in / out", lambda s: f"{ui.number(s['input_tokens_per_turn'], 1)} / "
     f"{ui.number(s['output_tokens_per_turn'], 1)}", lambda s: s["input_tokens_per_turn"], "tokens"),
    ("cost per turn", lambda s: ui.money(s["cost_per_turn_usd"], 6) + (f" ({s['rate']})" if s["rate"] else ""),
     lambda s: s["cost_per_turn_usd"], "usd"),
    ("cost per conversation", lambda s: ui.money(s["cost_per_conversation_usd"], 6),
     lambda s: s["cost_per_conversation_usd"], "usd"),
)


def delta(a: object, b: object, unit: str) -> str:
    """B minus A in the figure's own unit; blank where either side has no figure."""
    if a is None or b is None or pd.isna(a) or pd.isna(b):
        return "—"
    diff = float(b) - float(a)
    if unit == "pp":
        return f"{100 * diff:+.1f} points"
    if unit == "count":
        return f"{diff:+,.0f}"
    if unit == "usd":
        return f"{'+' if diff >= 0 else '-'}${abs(diff):,.6f}"
    return f"{diff:+,.1f}" + (" ms" if unit == "ms" else "")


def p_text(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def verdict(paired: dict) -> str:
    """The paired test as one sentence: which run is right on more cases, and how sure."""
    a, b, p = paired["only_a_correct"], paired["only_b_correct"], paired["p_value"]
    if a == b:
        return (f"A and B are right on the same number of cases ({a:,} each where only one of them is right); "
                f"{p_text(p)}: no difference.")
    better, more = ("B", b - a) if b > a else ("A", a - b)
    sure = "a real difference" if p < 0.05 else "could be chance"
    return f"{better} is right on {more:,} more case{'s' if more != 1 else ''}; {p_text(p)} ({sure})."


def default_pair(candidates: pd.DataFrame) -> tuple[str, str] | None:
    """The newest two finished runs that share a case set (newest first)."""
    finished = candidates[candidates["status"] == "finished"]
    for cs in finished["case_set"]:
        same = finished[finished["case_set"] == cs]
        if len(same) >= 2:
            return same["run_id"].iloc[0], same["run_id"].iloc[1]
    return None


def describe(row: pd.Series) -> str:
    status = "" if row["status"] == "finished" else f" · {str(row['status']).upper()}"
    where = " ".join(p for p in (ui.text(row["service"]), ui.text(row["split"])) if p)
    tier = ui.tier_label(row["tier"], row["tier_kind"])
    return f"{row['run_id']} · {tier} · {where} · {ui.when(row['started_at'])}{status}"


def extractions_side_by_side(run_a: str, run_b: str, case_id: str) -> None:
    a, b = ui.store().case(run_a, case_id), ui.store().case(run_b, case_id)
    if a is None or b is None:
        st.caption("One of the runs did not record this case.")
        return
    st.markdown(f"Decision of A **{a['decision']}** · of B **{b['decision']}** · gold **{a['gold_decision']}**")
    gold = a["gold"] or {}
    facts = sorted(set(gold) | set(a["collected"] or {}) | set(b["collected"] or {}) | set(a["outcomes"] or {}))
    ui.table(pd.DataFrame({
        "fact": [f.replace("_", " ") for f in facts],
        "gold": [" | ".join(gold.get(f, [])) or "—" for f in facts],
        "A collected": [(a["collected"] or {}).get(f, "—") for f in facts],
        "A outcome": [(a["outcomes"] or {}).get(f, "not required") for f in facts],
        "B collected": [(b["collected"] or {}).get(f, "—") for f in facts],
        "B outcome": [(b["outcomes"] or {}).get(f, "not required") for f in facts],
    }), hide_index=True)
    with st.expander("The customer's last line"):
        lines = (a.get("extra") or {}).get("lines") or []
        ui.said(lines[-1][1] if lines else "(not recorded with the case: open it in Cases)")


st.title("Compare two runs")
figures = ui.run_figures(ui.db())
candidates = figures[figures["kind"].isin(COMPARABLE) & (figures["n"] > 0)].copy()
candidates["case_set"] = candidates["guards"].map(lambda g: (ui.loads(g) or {}).get("case_set"))
pair = default_pair(candidates)
if pair is None:
    ui.empty_state("Comparing needs two finished runs over the same cases, and this store has none yet. On the "
                   "Runs page, run a second tier on a split an earlier run covered.", ui.fill_runs())
    st.stop()

labels = {row["run_id"]: describe(row) for _, row in candidates.iterrows()}
ids = list(candidates["run_id"])
if st.session_state.get("cmp_a") not in ids:
    st.session_state["cmp_a"] = pair[0]
cols = st.columns(2)
run_a = cols[0].selectbox("Run A", ids, key="cmp_a", format_func=labels.get)
case_set = candidates.loc[candidates["run_id"] == run_a, "case_set"].iloc[0]
peers = [rid for rid, cs in zip(ids, candidates["case_set"], strict=True) if cs == case_set and rid != run_a]
if not peers:
    st.info(f"No other run covers the cases of {run_a}: pick another run A, or run a second tier on the same "
            "split from the Runs page.")
    st.stop()
if st.session_state.get("cmp_b") not in peers:
    st.session_state["cmp_b"] = pair[1] if pair[1] in peers else peers[0]
run_b = cols[1].selectbox("Run B (only runs over the same cases)", peers, key="cmp_b", format_func=labels.get)
try:
    result = compare_runs(ui.store(), run_a, run_b)
except ValueError as exc:
    st.error(ui.sentence(exc) + " Pick two runs over the same cases.")
    st.stop()

a, b = result["a"], result["b"]
for side in (a, b):
    if side["label"] in ("simulated", "replay"):
        st.warning(f"Run {side['run_id']} used a **{side['label']}** tier: its figures are not a real model's.")
for name, rid in (("A", run_a), ("B", run_b)):
    status = candidates.loc[candidates["run_id"] == rid, "status"].iloc[0]
    if status != "finished":
        st.warning(f"Run {name} ({rid}) is **{status}**: its figures are not a clean result, and cover only what it "
                   "recorded.")
if result["guards_differ"]:
    st.warning(f"Side by side only: these runs may not be differenced as a trend, their guards differ "
               f"({', '.join(result['guards_differ'])}).")
paired = result["paired"]
st.subheader(verdict(paired))
st.caption(f"Paired test on decisions (exact McNemar) over {paired['n']:,} cases: only A right on "
           f"{paired['only_a_correct']:,}, only B right on {paired['only_b_correct']:,}.")
for name, side in (("A", a), ("B", b)):
    if side["repeats"] > 1:
        agreed = ("" if side["agreement"] is None
                  else f"; its repeats agreed on {100 * side['agreement']:.1f}% of decisions")
        st.caption(f"Run {name} repeated each case {side['repeats']} times: every figure and the paired test count "
                   f"each case once, by {PER_CASE}{agreed}.")
ui.table(pd.DataFrame({
    "figure": [name for name, *_ in ROWS],
    f"A: {a['run_id']} · {ui.tier_label(a['tier'], a['tier_kind'])}": [fn(a) for _, fn, *_ in ROWS],
    f"B: {b['run_id']} · {ui.tier_label(b['tier'], b['tier_kind'])}": [fn(b) for _, fn, *_ in ROWS],
    "change, B − A": [delta(value(a), value(b), unit) for _, _, value, unit in ROWS],
}), hide_index=True, height="content")
st.caption(f"**{ui.STOPPED_WRONG.capitalize()}**: {ui.STOPPED_WRONG_HELP}")

disagreements = result["disagreements"]
st.subheader(f"Cases where they disagree ({len(disagreements):,})")
if disagreements.empty:
    st.caption("The two runs took the same decision on every case.")
else:
    yes_no = {True: "yes", False: "no"}
    table = pd.DataFrame({
        "case": disagreements["case_id"], "intent": disagreements["intent"].map(ui.text),
        "A decided": disagreements["decision_a"], "B decided": disagreements["decision_b"],
        "gold": disagreements["gold_decision"], "A right": disagreements["correct_a"].map(yes_no),
        "B right": disagreements["correct_b"].map(yes_no),
        "open in A": [f"/cases?run={quote(run_a)}&case={quote(cid)}" for cid in disagreements["case_id"]],
        "open in B": [f"/cases?run={quote(run_b)}&case={quote(cid)}" for cid in disagreements["case_id"]]})
    picked = ui.table(table, hide_index=True, on_select="rerun", selection_mode="single-row", key="cmp_table",
                          column_config={"open in A": st.column_config.LinkColumn(display_text="open in A"),
                                         "open in B": st.column_config.LinkColumn(display_text="open in B")})
    case_ids = list(disagreements["case_id"])
    if st.session_state.get("cmp_case") not in case_ids:
        st.session_state.pop("cmp_case", None)
    if picked is not None and picked.selection.rows:
        st.session_state["cmp_case"] = case_ids[picked.selection.rows[0]]
    case_id = st.selectbox("A disagreeing case, both extractions side by side", case_ids, key="cmp_case")
    extractions_side_by_side(run_a, run_b, case_id)
    which = st.radio("Open it in Cases, in run", [run_a, run_b], horizontal=True, key="cmp_side")
    if st.button("Open in Cases", key="cmp_open"):
        st.switch_page("views/cases.py", query_params={"run": which, "case": case_id})
