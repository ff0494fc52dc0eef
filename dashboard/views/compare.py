"""Compare: two runs on the same cases, side by side, with a paired test and their disagreements."""

from __future__ import annotations

from urllib.parse import quote

import pandas as pd
import streamlit as st

from core.compare import compare_runs
from dashboard import ui

ROWS = (
    ("decision accuracy", lambda s: ui.rate_text(s["decision_accuracy"])),
    ("stopped early", lambda s: f"{s['stopped_early']} of {s['decision_accuracy']['n']}"),
    ("wrong facts", lambda s: f"{s['wrong']} of {s['stated']} stated"),
    ("missed facts", lambda s: str(s["missed"])),
    ("fact precision", lambda s: ui.pct(s["fact_precision"])),
    ("unparsed replies", lambda s: str(s["unparsed"])),
    ("empty replies", lambda s: str(s["empty_replies"])),
    ("latency p50 / p95 ms", lambda s: f"{ui.number(s['latency_p50_ms'], 1)} / {ui.number(s['latency_p95_ms'], 1)}"),
    ("tokens per turn in / out", lambda s: f"{ui.number(s['input_tokens_per_turn'], 1)} / "
                                           f"{ui.number(s['output_tokens_per_turn'], 1)}"),
    ("cost per turn", lambda s: ui.money(s["cost_per_turn_usd"], 6) + (f" ({s['rate']})" if s["rate"] else "")),
    ("cost per conversation", lambda s: ui.money(s["cost_per_conversation_usd"], 6)),
)


def label(side: dict) -> str:
    return f"{side['run_id']} · {ui.tier_label(side['tier'], side['tier_kind'])}"


st.title("Compare two runs")
figures = ui.run_figures(ui.db())
candidates = figures[figures["kind"].isin(["eval", "redteam", "floor"]) & (figures["n"] > 0)]
if len(candidates) < 2:
    ui.empty_state("Comparing needs two runs over the same cases; fewer are recorded.",
                   "python -m evals run --tier offline --service Banks_1  (then a second tier on the same split)")
    st.stop()

ids = list(candidates["run_id"])
case_set = dict(zip(ids, candidates["guards"].map(lambda g: (ui.loads(g) or {}).get("case_set")), strict=True))
# The default pair is two finished runs: a degraded or incomplete run is compared only when picked, and labelled.
clean = [rid for rid, status in zip(ids, candidates["status"], strict=True) if status == "finished"] or ids
first = clean[0]
second = next((rid for rid in clean[1:] if case_set[rid] == case_set[first]),
              clean[1] if len(clean) > 1 else next(rid for rid in ids if rid != first))
describe = dict(zip(ids, [f"{r} · {ui.tier_label(t, k)} · {s or ''} {sp or ''}"
                          + ("" if st_ == "finished" else f" · {str(st_).upper()}") for r, t, k, s, sp, st_ in zip(
    ids, candidates["tier"], candidates["tier_kind"], candidates["service"], candidates["split"],
    candidates["status"], strict=True)], strict=True))
cols = st.columns(2)
run_a = cols[0].selectbox("Run A", ids, index=ids.index(first), key="cmp_a", format_func=describe.get)
run_b = cols[1].selectbox("Run B", ids, index=ids.index(second), key="cmp_b", format_func=describe.get)
if run_a == run_b:
    st.info("Pick two different runs.")
    st.stop()
try:
    result = compare_runs(ui.store(), run_a, run_b)
except ValueError as exc:
    st.error(str(exc))
    st.stop()

a, b = result["a"], result["b"]
for rid in (run_a, run_b):
    status = candidates.loc[candidates["run_id"] == rid, "status"].iloc[0]
    if status != "finished":
        st.warning(f"Run {rid} is {status}: its figures are not a clean result (picked by hand).")
for side in (a, b):
    if side["label"] in ("simulated", "replay"):
        st.warning(f"Run {side['run_id']} used a **{side['label']}** tier: its figures are not a real model's.")
if result["guards_differ"]:
    st.warning(f"Side by side only: these runs may not be differenced as a trend, their guards differ "
               f"({', '.join(result['guards_differ'])}).")
st.table(pd.DataFrame({"figure": [name for name, _ in ROWS], f"A: {label(a)}": [fn(a) for _, fn in ROWS],
                       f"B: {label(b)}": [fn(b) for _, fn in ROWS]}))
paired = result["paired"]
st.markdown(f"**Paired test on decisions** (exact McNemar, {paired['n']} cases): only A correct "
            f"{paired['only_a_correct']}, only B correct {paired['only_b_correct']}, p = {paired['p_value']:.4g}.")

disagreements = result["disagreements"]
st.subheader(f"Cases where they disagree ({len(disagreements)})")
if disagreements.empty:
    st.caption("The two runs took the same decision on every case.")
else:
    links = disagreements.assign(
        open_a=[f"/cases?run={quote(run_a)}&case={quote(cid)}" for cid in disagreements["case_id"]],
        open_b=[f"/cases?run={quote(run_b)}&case={quote(cid)}" for cid in disagreements["case_id"]])
    st.dataframe(links, hide_index=True, column_config={
        "open_a": st.column_config.LinkColumn("drill-down A", display_text="open in A"),
        "open_b": st.column_config.LinkColumn("drill-down B", display_text="open in B")})
    case_id = st.selectbox("Open a disagreeing case", list(disagreements["case_id"]), key="cmp_case")
    which = st.radio("in run", [run_a, run_b], horizontal=True, key="cmp_side")
    if st.button("Open in Cases", key="cmp_open"):
        st.switch_page("views/cases.py", query_params={"run": which, "case": case_id})
